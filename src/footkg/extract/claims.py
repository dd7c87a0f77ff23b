"""What a report states, fact by fact: an :class:`~footkg.extract.facts.Extraction` → the
report's own statements, each with its evidence.

A statement is a triple the report asserts — subject, property, value — kept apart from the
fixture data: the build stores it reified (``rdf:Statement``, see :mod:`footkg.extract.rdf`),
never as a plain triple about the fixture. The subject is the graph's own resource when the
graph has it (the fixture's match, the fixture's goal the report's goal is aligned with, the
fixture's shootout), else one minted for the report (:func:`footkg.vocab.report_match_iri`,
:func:`footkg.vocab.report_goal_iri`). Properties are the ones the fixture data uses
(``fk:homeScore``, ``fk:minute``, ``fk:assist`` …), so the report's value and the fixture's
sit side by side under one property; the team sides follow the fixture's home and away when
the report's match is a fixture.

For every match the report names (the main match, then the others in text order): its two
teams, each score stated, extra time, the shootout and its kicks, stage, edition, date, venue
and city (as written, and linked where the graph knows the place). For every goal of the main
match: its match, team, scorer, minute and stoppage as written (none when not written), kind
(``fk:penalty``, ``fk:ownGoal``, ``fk:header`` or ``fk:freeKick`` true, only where the report
says so) and assist.

Evidence is the sentence the fact came from (character span in the report) and the rule that
read it. A fact read from the result's sentence has that sentence; a venue, city, date,
stage or edition found elsewhere has the first sentence that names it; a stage the report
does not name (the linked fixture's) says so in its rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pyoxigraph as ox

from footkg.extract.facts import Evidence, Extraction, GoalFact, MatchFact
from footkg.extract.pipeline import fold
from footkg.vocab import (
    FK,
    RES_NS,
    STAGES,
    player_iri,
    report_goal_iri,
    report_match_iri,
    shootout_iri,
)

XSD = "http://www.w3.org/2001/XMLSchema#"
#: what a goal's kind is stated with (a regular goal states no kind)
KIND_PROPERTY = {"penalty": FK.penalty, "own_goal": FK.ownGoal, "header": FK.header,
                 "free_kick": FK.freeKick}  # fmt: skip
#: the words that name each stage in a report (for the evidence of a stated stage)
STAGE_WORDS = {
    "group stage": r"\bgroups?\b|\bfirst round\b|\bpool\b|\bgroup stage\b",
    "second group stage": r"\bsecond (?:group stage|round)\b",
    "final round": r"\bfinal round\b|\bfinal pool\b",
    "round of 32": r"\bround of 32\b|\blast 32\b",
    "round of 16": r"\bround of (?:16|sixteen)\b|\blast (?:16|sixteen)\b|\bsecond round\b",
    "quarter-final": r"\bquarter[- ]?finals?\b",
    "semi-final": r"\bsemi[- ]?finals?\b",
    "third-place play-off": r"\bthird[- ]place\b|\bthird place\b|\bfor third\b",
    "final": r"\bfinals?\b",
}
DATE_WORDS = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([A-Z][a-z]+)\b|"
    r"\b([A-Z][a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b"
)
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Statement:
    """One fact a report states: ``subject`` and ``predicate`` IRIs, ``value`` (an IRI or a
    typed literal: integers ``xsd:integer``, flags ``xsd:boolean``, the date ``xsd:date``,
    names ``xsd:string``) and the :class:`Evidence` it was read from."""

    subject: str
    predicate: str
    value: ox.NamedNode | ox.Literal
    evidence: Evidence


@dataclass
class ReportStatements:
    """All a report states: ``about`` (the main match's subject IRI, ``None`` without one),
    ``mentions`` (the other matches' subject IRIs, in text order), ``statements``,
    ``reported`` (IRIs minted for matches and goals the graph lacks → their class,
    ``fk:ReportedMatch`` or ``fk:ReportedGoal``) and ``players`` (IRIs minted for scorers or
    passers no squad of the graph holds → the name as written)."""

    about: str | None = None
    mentions: list[str] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    reported: dict[str, str] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)

    def about_subject(self, subject: str) -> list[Statement]:
        """The statements whose subject is ``subject`` (IRI), in order."""
        return [s for s in self.statements if s.subject == subject]


#: a fixture's (home, away) team IRIs by the fixture's IRI; ``None`` when not a fixture
Orientation = Callable[[str], tuple[str, str] | None]


def is_minted(iri: str) -> bool:
    """True for an IRI minted for one report (a match or goal the graph's fixture data
    lacks), whose facts are only the report's."""
    return iri.startswith(RES_NS + "article/")


def statements(ex: Extraction, orientation: Orientation) -> ReportStatements:
    """Everything ``ex`` states (see the module docstring). ``orientation`` gives a fixture's
    home and away teams, so that a report writing "England 1-2 Argentina" of the fixture
    Argentina v England states ``fk:homeScore 2``. Also sets each fact's ``subject``."""
    out = ReportStatements()
    if ex.match is None:
        return out
    matches = [ex.match, *ex.others]
    for number, m in enumerate(matches):
        m.subject = m.iri or report_match_iri(ex.sha256, number)
        if m.iri is None:
            out.reported[m.subject] = str(FK.ReportedMatch)
        if number == 0:
            out.about = m.subject
        elif m.subject not in out.mentions and m.subject != out.about:
            out.mentions.append(m.subject)
        out.statements += _match_statements(ex, m, orientation(m.iri) if m.iri else None,
                                            main=number == 0)  # fmt: skip
    for number, g in enumerate(ex.goals, 1):
        g.subject = g.iri or report_goal_iri(ex.sha256, number)
        if g.iri is None:
            out.reported[g.subject] = str(FK.ReportedGoal)
        out.statements += _goal_statements(g, ex.match.subject or "", out.players)
    return out


def _int(v: int) -> ox.Literal:
    return ox.Literal(str(v), datatype=ox.NamedNode(XSD + "integer"))


def _bool(v: bool) -> ox.Literal:
    return ox.Literal("true" if v else "false", datatype=ox.NamedNode(XSD + "boolean"))


def _match_statements(ex: Extraction, m: MatchFact, fixture: tuple[str, str] | None,
                      main: bool) -> list[Statement]:  # fmt: skip
    """The facts of one match; the sides follow the fixture's home and away."""
    s = m.subject or ""
    ev = m.evidence
    swap = fixture is not None and fixture == (m.away, m.home)
    home, away = (m.away, m.home) if swap else (m.home, m.away)
    scores = (m.away_score, m.home_score) if swap else (m.home_score, m.away_score)
    out = [Statement(s, str(FK.homeTeam), ox.NamedNode(home), ev),
           Statement(s, str(FK.awayTeam), ox.NamedNode(away), ev)]  # fmt: skip
    if scores[0] is not None and scores[1] is not None:
        out += [Statement(s, str(FK.homeScore), _int(scores[0]), ev),
                Statement(s, str(FK.awayScore), _int(scores[1]), ev)]  # fmt: skip
    if m.after_extra_time is not None:
        out.append(Statement(s, str(FK.extraTime), _bool(m.after_extra_time), ev))
    if m.shootout is not None:
        kicks = m.shootout[::-1] if swap else m.shootout
        so = shootout_iri(s)
        out += [Statement(s, str(FK.penaltyShootout), ox.NamedNode(so), ev),
                Statement(so, str(FK.homePenalties), _int(kicks[0]), ev),
                Statement(so, str(FK.awayPenalties), _int(kicks[1]), ev)]  # fmt: skip
    if m.stage in STAGES:
        out.append(Statement(s, str(FK.stage), ox.NamedNode(str(STAGES[m.stage])),
                             _stage_evidence(ex, m, main)))  # fmt: skip
    if m.edition and m.year in ex.named_years:
        out.append(Statement(s, str(FK.edition), ox.NamedNode(m.edition),
                             _named(ex, re.escape(str(m.year or "")), ev, "edition")))  # fmt: skip
    if m.date:
        day = ox.Literal(m.date, datatype=ox.NamedNode(XSD + "date"))
        out.append(Statement(s, str(FK.date), day, _date_evidence(ex, m.date, ev)))
    for name, iri, named, linked in ((m.venue, m.venue_iri, FK.venueName, FK.venue),
                                     (m.city, m.city_iri, FK.cityName, FK.city)):  # fmt: skip
        if not name:
            continue
        where = _named(ex, re.escape(fold(name).lower()), ev, str(named).rsplit("#")[-1],
                       folded=True)  # fmt: skip
        out.append(Statement(s, str(named), ox.Literal(name), where))
        if iri:
            out.append(Statement(s, str(linked), ox.NamedNode(iri), where))
    return out


def _goal_statements(g: GoalFact, match: str, players: dict[str, str]) -> list[Statement]:
    """The facts of one goal of the main match (``match``: its subject IRI)."""
    s, ev = g.subject or "", g.evidence
    out = [Statement(s, str(FK.match), ox.NamedNode(match), ev)]
    if g.team:
        out.append(Statement(s, str(FK.team), ox.NamedNode(g.team), ev))
    scorer = g.scorer or (player_iri(g.scorer_name) if g.scorer_name else None)
    if scorer:
        if g.scorer is None:
            players[scorer] = g.scorer_name or ""
        out.append(Statement(s, str(FK.scorer), ox.NamedNode(scorer), ev))
    if g.minute is not None:
        out.append(Statement(s, str(FK.minute), _int(g.minute), ev))
    if g.stoppage:
        out.append(Statement(s, str(FK.stoppageMinute), _int(g.stoppage), ev))
    if g.kind in KIND_PROPERTY:
        out.append(Statement(s, str(KIND_PROPERTY[g.kind]), _bool(True), ev))
    assist = g.assist or (player_iri(g.assist_name) if g.assist_name else None)
    if assist:
        if g.assist is None:
            players[assist] = g.assist_name or ""
        out.append(Statement(s, str(FK.assist), ox.NamedNode(assist), ev))
    return out


def _sentence_of(ex: Extraction, pattern: str, folded: bool = False,
                 flags: int = re.I) -> tuple[int, int] | None:  # fmt: skip
    """The span of the first sentence of ``ex`` matching ``pattern`` (in the text folded to
    lower case without accents when ``folded``)."""
    regex = re.compile(pattern, flags)
    for start, end in ex.sentences:
        text = ex.text[start:end]
        if regex.search(fold(text).lower() if folded else text):
            return start, end
    return None


def _named(ex: Extraction, pattern: str, main: Evidence, what: str,
           folded: bool = False) -> Evidence:  # fmt: skip
    """Evidence for a value found by ``pattern``: the main sentence when it names it, else
    the first sentence that does, else the main sentence (rule ``<what>: …``)."""
    text = ex.text[main.start : main.end]
    if pattern and re.search(pattern, fold(text).lower() if folded else text, re.I):
        return Evidence(main.start, main.end, f"{what}: named in the result's sentence")
    span = _sentence_of(ex, pattern, folded) if pattern else None
    if span is not None:
        return Evidence(*span, f"{what}: named in the report")
    return Evidence(main.start, main.end, f"{what}: from the report's context")


def _stage_evidence(ex: Extraction, m: MatchFact, main: bool) -> Evidence:
    """Evidence for a match's stage: the sentence naming it, or (for a main match whose
    report names no stage) the result's sentence with a rule saying it is the fixture's."""
    if main and not m.stage_stated:
        return Evidence(m.evidence.start, m.evidence.end,
                        "stage: the linked fixture's (the report names none)")  # fmt: skip
    return _named(ex, STAGE_WORDS.get(m.stage or "", ""), m.evidence, "stage")


def _date_evidence(ex: Extraction, iso: str, main: Evidence) -> Evidence:
    """Evidence for a match date: the first sentence writing that day of that month
    ("10 June 1934", "June 21"), else the result's sentence."""
    month, day = MONTHS[int(iso[5:7]) - 1], int(iso[8:10])
    for start, end in [(main.start, main.end), *ex.sentences]:
        for hit in DATE_WORDS.finditer(ex.text[start:end]):
            d, name = (hit[1], hit[2]) if hit[1] else (hit[4], hit[3])
            if int(d) == day and name.lower().startswith(month[:3]):
                return Evidence(start, end, "date: named in the report")
    return Evidence(main.start, main.end, "date: from the report's weekday or dateline")
