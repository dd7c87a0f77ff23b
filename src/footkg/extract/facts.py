"""Facts extracted from one match report, each with its evidence.

Every fact carries an :class:`Evidence`: the character span ``[start, end)`` of the sentence in
the report text it came from and the name of the rule that produced it. Minutes are match
minutes: ``minute`` is the regulation (or extra-time, 91–120) minute and ``stoppage`` the added
minutes (``90+3`` → ``90``, ``3``); ``minute_vague`` marks "stoppage time" without a number.
:meth:`Extraction.to_json` gives the gold format of ``../shared/articles/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from footkg.vocab import MENS_WORLD_CUP, WOMENS_WORLD_CUP


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where a fact came from: sentence character span in the report and the rule's name."""

    start: int
    end: int
    rule: str


@dataclass
class MatchFact:
    """A match the report states or announces. Teams are IRIs (``home``/``away``) with the
    names to print (``home_name``/``away_name``); scores ``None`` when not stated; ``stage`` a
    key of :data:`footkg.vocab.STAGES`; ``date`` ISO; ``venue``/``city`` as written, with
    ``venue_iri``/``city_iri`` where linked; ``edition`` the tournament edition IRI."""

    home: str
    away: str
    home_name: str
    away_name: str
    home_score: int | None
    away_score: int | None
    evidence: Evidence
    after_extra_time: bool | None = None
    shootout: tuple[int, int] | None = None
    stage: str | None = None
    stage_stated: bool = False
    year: int | None = None
    edition: str | None = None
    date: str | None = None
    venue: str | None = None
    venue_iri: str | None = None
    city: str | None = None
    city_iri: str | None = None
    future: bool = False
    iri: str | None = None
    #: the named graph's IRI for this match in the report (the fixture's, or one minted for
    #: a match known only from the report); set by :func:`footkg.extract.claims.statements`
    subject: str | None = None

    def teams(self) -> frozenset[str]:
        """The unordered pair of team IRIs."""
        return frozenset((self.home, self.away))

    def score_of(self, team: str) -> int | None:
        """The goals of ``team`` (IRI) in this match, ``None`` when not stated."""
        return self.home_score if team == self.home else self.away_score

    def to_json(self, tournament_label: str | None) -> dict:
        """The match in the gold JSON shape."""
        shootout = None
        if self.shootout is not None:
            shootout = {"home": self.shootout[0], "away": self.shootout[1]}
        return {
            "home": self.home_name,
            "away": self.away_name,
            "home_score": self.home_score,
            "away_score": self.away_score,
            "after_extra_time": self.after_extra_time,
            "shootout": shootout,
            "stage": self.stage,
            "tournament": tournament_label,
            "date": self.date,
            "venue": self.venue,
            "city": self.city,
            "iri": self.subject or self.iri,
            "home_iri": self.home,
            "away_iri": self.away,
        }


@dataclass
class GoalFact:
    """A goal of the main match: scorer (IRI and name), team credited (IRI and name), minute
    (``None`` if unknown), stoppage minutes, kind (``regular``, ``penalty``, ``own_goal``,
    ``header``, ``free_kick``) and assist (IRI and name). ``iri`` is the fixture data's goal
    it is aligned with (``None`` when none is: see :func:`footkg.extract.linking.align_goals`),
    ``subject`` the IRI the report's statements about it use."""

    scorer: str | None
    scorer_name: str | None
    team: str | None
    team_name: str | None
    minute: int | None
    evidence: Evidence
    stoppage: int | None = None
    minute_vague: bool = False
    kind: str = "regular"
    assist: str | None = None
    assist_name: str | None = None
    iri: str | None = None
    subject: str | None = None

    def to_json(self) -> dict:
        """The goal in the gold JSON shape, with the IRIs of the goal, scorer, team and
        assist (keys the scorer ignores)."""
        return {
            "scorer": self.scorer_name,
            "team": self.team_name,
            "minute": self.minute,
            "stoppage": self.stoppage,
            "kind": self.kind,
            "assist": self.assist_name,
            "iri": self.subject or self.iri,
            "scorer_iri": self.scorer,
            "team_iri": self.team,
            "assist_iri": self.assist,
        }


@dataclass
class Extraction:
    """Everything extracted from one report: the main match (``None`` when the report states
    no match), its goals, the other matches mentioned, notes on what was skipped, and whether
    it is about a women's match (``women``: teams and editions are the women's)."""

    report_id: str
    sha256: str
    title: str
    published: str | None
    match: MatchFact | None = None
    goals: list[GoalFact] = field(default_factory=list)
    others: list[MatchFact] = field(default_factory=list)
    tournament_label: str | None = None
    notes: list[str] = field(default_factory=list)
    women: bool = False
    #: the report's text and its sentences' character spans ``(start, end)``, for evidence
    text: str = ""
    sentences: list[tuple[int, int]] = field(default_factory=list)
    #: the years the report names (or its publication date gives): a tournament is printed
    #: only for those
    named_years: set[int] = field(default_factory=set)

    def to_json(self) -> dict:
        """The extraction in the gold format of ``../shared/articles/README.md``."""
        return {
            "id": self.report_id,
            "match": self.match.to_json(self.tournament_label) if self.match else None,
            "goals": [g.to_json() for g in self.goals],
            "other_matches_mentioned": [
                m.to_json(tournament_label(m.year, self.women)
                          if m.year in self.named_years else None)
                for m in self.others
            ],
            "substitutions": [],
            "records": [],
            "notes": "; ".join(self.notes),
        }


def tournament_label(year: int | None, women: bool = False) -> str | None:
    """``"FIFA World Cup 2014"`` or ``"FIFA Women's World Cup 2011"``; ``None`` without a
    year."""
    if year is None:
        return None
    return f"{WOMENS_WORLD_CUP if women else MENS_WORLD_CUP} {year}"
