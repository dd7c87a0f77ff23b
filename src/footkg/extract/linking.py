"""Linking: the fixture match a report is about, found among the graph's matches (read once
per gazetteer, :func:`load_fixtures`) by its two teams and, where known, the tournament year,
or by how much of a fixture the report names (:func:`fixture_evidence`: its scorers, stadium,
city, day and score); a fixture's goals are looked up with its IRI bound as a value."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import pyoxigraph as ox

from footkg.extract.gazetteer import PREFIXES, Gazetteer
from footkg.extract.pipeline import fold
from footkg.vocab import STAGES

STAGE_KEYS = {str(iri): key for key, iri in STAGES.items()}


@dataclass(frozen=True, slots=True)
class Fixture:
    """A match of the graph: IRI, date (ISO), home/away team IRIs and scores, stage key,
    year of its edition, venue IRI and label, whether it went to extra time."""

    iri: str
    date: str
    home: str
    away: str
    home_score: int | None
    away_score: int | None
    stage: str | None
    year: int | None
    venue: str | None
    venue_label: str | None
    extra_time: bool = False

    @property
    def goals_by_team(self) -> dict[str, int | None]:
        """Each team's goals (team IRI → goals, ``None`` when the graph has no score)."""
        return {self.home: self.home_score, self.away: self.away_score}


def fixtures_between(gaz: Gazetteer, a: str, b: str) -> list[Fixture]:
    """All World Cup matches in the graph between teams ``a`` and ``b`` (IRIs), by date
    (Fjelstul ``matches.csv`` through the graph; see :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return list(gaz._fixtures.get(frozenset((a, b)), []))


def team_fixtures(gaz: Gazetteer, team: str, year: int) -> list[Fixture]:
    """The World Cup matches of ``team`` (IRI) in the edition of ``year``, by date (see
    :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return [f for f in gaz._team_fixtures.get(year, []) if team in (f.home, f.away)]


def fixtures_of_year(gaz: Gazetteer, year: int) -> list[Fixture]:
    """The World Cup matches of the editions of ``year`` (men's and women's), by date (see
    :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return list(gaz._team_fixtures.get(year, []))


def load_fixtures(gaz: Gazetteer) -> None:
    """Read every World Cup match of the graph once (one SPARQL SELECT, about 1,350 matches,
    0.2 s) into the gazetteer's indexes by team pair and by year, and each match's scorers
    (one more SELECT, 0.15 s); the graph does not change while the gazetteer is in use. Does
    nothing when they are loaded or there is no store."""
    if gaz.store is None or gaz._fixtures_loaded:
        return
    gaz._fixtures_loaded = True
    for f in _fixtures_of(gaz._q(_ALL_FIXTURES_QUERY)):
        gaz._fixtures.setdefault(frozenset((f.home, f.away)), []).append(f)
        if f.year is not None:
            gaz._team_fixtures.setdefault(f.year, []).append(f)
    scorers: dict[str, set[str]] = {}
    for r in gaz._q(_ALL_SCORERS_QUERY):
        scorers.setdefault(r["m"].value, set()).add(fold((r["f"] or r["l"]).value).lower())
    gaz._scorers = {m: frozenset(names) for m, names in scorers.items()}


#: every match with its edition's year, date, teams, score, stage, venue and extra time
_ALL_FIXTURES_QUERY = (
    "SELECT ?h ?w ?m ?d ?hs ?as ?s ?y ?v ?vl ?x WHERE { ?e fk:year ?y . ?m fk:edition ?e ; "
    "fk:homeTeam ?h ; fk:awayTeam ?w ; fk:date ?d . "
    "OPTIONAL { ?m fk:extraTime ?x } "
    "OPTIONAL { ?m fk:homeScore ?hs } OPTIONAL { ?m fk:awayScore ?as } "
    "OPTIONAL { ?m fk:stage ?s } OPTIONAL { ?m fk:venue ?v . ?v rdfs:label ?vl } }"
)


#: every World Cup goal's match and scorer's label and family name
_ALL_SCORERS_QUERY = (
    "SELECT ?m ?l ?f WHERE { ?m fk:edition ?e . ?g fk:match ?m ; fk:scorer ?p . "
    "?p rdfs:label ?l OPTIONAL { ?p schema:familyName ?f } }"
)


def _fixtures_of(rows: list) -> list[Fixture]:
    """:class:`Fixture` values of SPARQL rows, one per match, by date."""
    rows.sort(key=lambda r: r["d"].value)
    out: dict[str, Fixture] = {}
    for r in rows:
        out.setdefault(
            r["m"].value,
            Fixture(
                iri=r["m"].value,
                date=r["d"].value,
                home=r["h"].value,
                away=r["w"].value,
                home_score=int(r["hs"].value) if r["hs"] is not None else None,
                away_score=int(r["as"].value) if r["as"] is not None else None,
                stage=STAGE_KEYS.get(r["s"].value if r["s"] is not None else ""),
                year=int(r["y"].value),
                venue=r["v"].value if r["v"] is not None else None,
                venue_label=r["vl"].value if r["vl"] is not None else None,
                extra_time=r["x"] is not None and r["x"].value == "true",
            ),
        )
    return list(out.values())


def best_fixture(
    candidates: list[Fixture],
    years: list[int],
    scores: dict[str, int | None],
    stage: str | None,
    days: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
    venues: set[str] | frozenset[str] = frozenset(),
    aet: bool | None = None,
    squad_year: int | None = None,
) -> Fixture | None:
    """The fixture a report's main match most likely is: points for a year the report names
    (first named counts most), the same score per team, the same stage, a (month, day) of
    ``days`` the report names ("Thursday 13 June", no year), its stadium among ``venues``
    (stadium IRIs the result's sentence names), extra time when the result says ``aet``, the
    edition whose squads hold the players the report names (``squad_year``).
    ``None`` if no candidate agrees on at least the year, the score or the day."""
    best, best_points = None, 0
    for f in candidates:
        points = 0
        if days and (int(f.date[5:7]), int(f.date[8:10])) in days:
            points += 3
        if f.year in years:
            points += 4 + (2 if years and f.year == years[0] else 0)
        if scores and all(v is not None for v in scores.values()):
            got = f.goals_by_team
            if all(got.get(t) == v for t, v in scores.items()):
                points += 3
        if stage and f.stage == stage:
            points += 2
        if f.venue is not None and f.venue in venues:
            points += 3
        if aet and f.extra_time:
            points += 2
        if squad_year is not None and f.year == squad_year:
            points += 5  # the report names that edition's players
        if points > best_points:
            best, best_points = f, points
    return best if best_points >= 3 else None


def fixture_scorers(gaz: Gazetteer, match: str) -> frozenset[str]:
    """The family names (folded to lower case without accents; the full name for one-name
    players) of the players who scored in ``match`` (IRI, a World Cup match), own goals
    included (Fjelstul ``goals.csv`` through the graph; read by :func:`load_fixtures`)."""
    load_fixtures(gaz)
    return gaz._scorers.get(match, frozenset()) if gaz._scorers else frozenset()


@dataclass(frozen=True, slots=True)
class Clues:
    """What a report names that a fixture can agree with: its text folded to lower case
    without accents (for players' and cities' names), the stadiums it names (IRIs), the
    (month, day) pairs and the scores it writes ("2-2", "3–1") as (first, second) pairs."""

    folded: str
    stadiums: frozenset[str]
    days: frozenset[tuple[int, int]]
    scores: frozenset[tuple[int, int]]


def fixture_evidence(gaz: Gazetteer, f: Fixture, clues: Clues) -> int:
    """Points for how much of ``f`` a report names: one per scorer of the fixture whose
    family name the report writes, two for its stadium, two for its stadium's city, two for
    its day and month, one for its score written either way round."""
    points = sum(1 for name in fixture_scorers(gaz, f.iri)
                 if re.search(rf"\b{re.escape(name)}\b", clues.folded))  # fmt: skip
    city = gaz.stadiums.get(f.venue, ("", None))[1] if f.venue else None
    points += 2 if f.venue in clues.stadiums else 0
    points += 2 if city and fold(city).lower() in clues.folded else 0
    points += 2 if (int(f.date[5:7]), int(f.date[8:10])) in clues.days else 0
    score = (f.home_score, f.away_score)
    return points + (1 if score in clues.scores or score[::-1] in clues.scores else 0)


def better_fixture(current: Fixture | None, candidates: list[Fixture],
                   evidence: Callable[[Fixture], int]) -> Fixture | None:  # fmt: skip
    """The candidate the report names far more of than ``current`` (the fixture its stated
    result linked to): at least three points more and at least twice as many (see
    :func:`fixture_evidence`). A fan's diary that opens with the group's earlier games, or a
    report that states an old meeting's score first, still names the scorers, stadium and
    day of the match it is about. ``None`` when no candidate stands out so."""
    have = evidence(current) if current is not None else 0
    scored = [(evidence(f), f) for f in candidates if current is None or f.iri != current.iri]
    best = max(scored, key=lambda pair: pair[0], default=None)
    if best is None or best[0] < have + 3 or best[0] < 2 * have:
        return None
    return best[1]


def fixture_goals(gaz: Gazetteer, match: str) -> list[dict]:
    """The goals the graph holds for ``match`` (IRI): scorer IRI and name, team IRI, minute,
    stoppage, own goal, penalty."""
    if gaz.store is None:
        return []
    rows = gaz._q(
        "SELECT ?m ?g ?p ?n ?t ?min ?st ?og ?pen WHERE { ?g fk:match ?m ; fk:team ?t . "
        "OPTIONAL { ?g fk:scorer ?p } OPTIONAL { ?g fk:scorerName ?n } "
        "OPTIONAL { ?g fk:minute ?min } OPTIONAL { ?g fk:stoppageMinute ?st } "
        "OPTIONAL { ?g fk:ownGoal ?og } OPTIONAL { ?g fk:penalty ?pen } }",
        m=ox.NamedNode(match),
    )
    return [
        {
            "goal": r["g"].value,
            "scorer": r["p"].value if r["p"] is not None else None,
            "name": r["n"].value if r["n"] is not None else None,
            "team": r["t"].value,
            "minute": int(r["min"].value) if r["min"] is not None else None,
            "stoppage": int(r["st"].value) if r["st"] is not None else None,
            "own_goal": r["og"] is not None and r["og"].value == "true",
            "penalty": r["pen"] is not None and r["pen"].value == "true",
        }
        for r in rows
    ]


def player_age(gaz: Gazetteer, player: str, match: str) -> int | None:
    """The age of ``player`` (IRI) on the day of ``match`` (IRI), in whole years, from the
    players' birth dates (Fjelstul ``players.csv``); ``None`` when the graph lacks either."""
    if gaz.store is None:
        return None
    rows = gaz._q("SELECT ?p ?m ?b ?d WHERE { ?p fk:birthDate ?b . ?m fk:date ?d }",
                  p=ox.NamedNode(player), m=ox.NamedNode(match))  # fmt: skip
    return _age(rows[0]["b"], rows[0]["d"]) if rows else None


def _age(birth: ox.Literal | None, day: ox.Literal | None) -> int | None:
    """Whole years from an ISO birth date to an ISO match date (``None`` if either is
    missing or not a full date)."""
    if birth is None or day is None:
        return None
    try:
        b, d = date.fromisoformat(birth.value[:10]), date.fromisoformat(day.value[:10])
    except ValueError:
        return None
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


_ = PREFIXES
