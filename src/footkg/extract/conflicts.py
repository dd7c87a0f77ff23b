"""Where a report and the fixture data disagree, as typed values.

Each statement of a report (:mod:`footkg.extract.claims`) whose subject is the graph's own
match, goal or shootout is compared with the values the graph's fixture data gives that
subject under the same property (every named graph but the reports'): the scores, the
shootout's kicks, stage, date, edition, venue and city of a match; the team, scorer, minute,
kind (penalty, own goal) and assist of a goal. A :class:`Conflict` holds the property, the
report's value and the fixture's as RDF terms (``xsd:integer``, ``xsd:boolean``, ``xsd:date``,
IRIs) and the fixture's named graph.

Not disagreements: a minute written two ways (``92`` as written, ``90+2``, and ``90`` with the
stoppage folded in, as the international results dataset does, all say the same:
:func:`~footkg.extract.linking.same_minute`); a kind or an extra time the report does not state
(a goal told without "penalty" is not a claim that it was none); a value the fixture data
does not have (an assist where the data lists none, a header); a stage the report does not
name (the extractor takes the fixture's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyoxigraph as ox

from footkg.extract.claims import ReportStatements, Statement, is_minted
from footkg.extract.facts import Extraction, GoalFact
from footkg.extract.linking import same_minute
from footkg.extract.pipeline import fold
from footkg.vocab import FK, GRAPH_NS

Term = ox.NamedNode | ox.Literal
#: the values the fixture data gives a subject: property IRI → [(value, named graph IRI)]
FixtureValues = Callable[[str], dict[str, list[tuple[Term, str]]]]
#: properties whose values are places: two IRIs with one label are one place (sources mint
#: "Moscow" with and without its country)
PLACES = {str(FK.venue), str(FK.city)}

#: properties compared value for value
COMPARED = {
    str(FK.homeScore): "home score", str(FK.awayScore): "away score",
    str(FK.homePenalties): "home shootout kicks", str(FK.awayPenalties): "away shootout kicks",
    str(FK.stage): "stage", str(FK.date): "date", str(FK.edition): "edition",
    str(FK.venue): "venue", str(FK.city): "city", str(FK.team): "team credited",
    str(FK.scorer): "scorer", str(FK.assist): "assist",
}  # fmt: skip
#: flags compared only when the report states them true (a kind, extra time)
FLAGS = {str(FK.penalty): "penalty", str(FK.ownGoal): "own goal", str(FK.extraTime): "extra time"}
ARTICLE_GRAPHS = GRAPH_NS + "article-"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


@dataclass(frozen=True, slots=True)
class Conflict:
    """One disagreement: ``subject`` (the fixture's match, goal or shootout IRI), ``match``
    (the match it belongs to), ``property`` (IRI), the report's value and the fixture's as RDF
    terms, the fixture value's named graph, and a one-line explanation."""

    subject: str
    match: str
    property: str
    report_value: Term
    fixture_value: Term
    fixture_graph: str | None
    note: str

    @property
    def field(self) -> str:
        """The property's local name (``minute``, ``homeScore``, ``penalty`` …)."""
        return self.property.rsplit("#", 1)[-1]


def store_values(store: ox.Store) -> FixtureValues:
    """The fixture values of a subject read from ``store`` (every named graph but the
    reports'; the subject is bound as a value, not pasted into the query), cached per
    subject."""
    cache: dict[str, dict[str, list[tuple[Term, str]]]] = {}

    def values(subject: str) -> dict[str, list[tuple[Term, str]]]:
        if subject not in cache:
            found: dict[str, list[tuple[Term, str]]] = {}
            for q in store.quads_for_pattern(ox.NamedNode(subject), None, None, None):
                graph = q.graph_name
                if isinstance(graph, ox.NamedNode) and not graph.value.startswith(
                    ARTICLE_GRAPHS
                ):
                    found.setdefault(q.predicate.value, []).append((q.object, graph.value))  # type: ignore[arg-type]
            cache[subject] = found
        return cache[subject]

    return values


def compare(ex: Extraction, facts: ReportStatements, values: FixtureValues) -> list[Conflict]:
    """The disagreements between the statements ``facts`` of report ``ex`` and the fixture
    data (``values``, e.g. :func:`store_values`). A venue or city is the same place when its
    IRI or its ``rdfs:label`` is the same. Returns ``[]`` when none of the report's matches
    is in the graph."""
    goals = {g.subject: g for g in ex.goals if g.subject}
    match_of = {g.subject: ex.match.subject for g in ex.goals} if ex.match else {}
    unstated_stage = ex.match is not None and not ex.match.stage_stated
    out: list[Conflict] = []
    for st in facts.statements:
        if is_minted(st.subject):
            continue
        match = match_of.get(st.subject) or st.subject.removesuffix("/shootout")
        if st.predicate == str(FK.stage) and unstated_stage and st.subject == facts.about:
            continue
        known = values(st.subject).get(st.predicate, [])
        if st.predicate == str(FK.minute) and st.subject in goals:
            out += _minute(st, goals[st.subject], match, values(st.subject))
        elif st.predicate in COMPARED and known and all(
            not _same(st.predicate, v, st.value, values) for v, _ in known
        ):
            out.append(_conflict(st, match, known[0], COMPARED[st.predicate], goals))
        elif (st.predicate in FLAGS and st.value.value == "true" and known
              and all(v.value == "false" for v, _ in known)):  # fmt: skip
            out.append(_conflict(st, match, known[0], FLAGS[st.predicate], goals))
    return out


def _same(prop: str, fixture: Term, report: Term, values: FixtureValues) -> bool:
    """True when two values of ``prop`` are one: the same term, or for a place two IRIs
    with the same label (folded: case and accents ignored)."""
    if fixture == report:
        return True
    if prop not in PLACES or not isinstance(fixture, ox.NamedNode):
        return False

    def label(term: Term) -> str:
        found = values(term.value).get(RDFS_LABEL, [])
        return fold(found[0][0].value).lower() if found else term.value

    return label(fixture) == label(report)


def _conflict(st: Statement, match: str, fixture: tuple[Term, str], what: str,
              goals: dict[str, GoalFact]) -> Conflict:  # fmt: skip
    g = goals.get(st.subject)
    whose = f"{g.scorer_name or 'unnamed scorer'}'s goal" if g else match.rsplit("/", 1)[-1]
    note = (f"{whose}: {what} {_show(st.value)} in the report, {_show(fixture[0])} in the "
            "fixture data")  # fmt: skip
    return Conflict(st.subject, match, st.predicate, st.value, fixture[0], fixture[1], note)


def _minute(st: Statement, g: GoalFact, match: str,
            known: dict[str, list[tuple[Term, str]]]) -> list[Conflict]:  # fmt: skip
    """A goal's minute against the fixture's, counting stoppage time in (see the module
    docstring)."""
    minutes = known.get(str(FK.minute), [])
    if g.minute is None or not minutes:
        return []
    stoppage = known.get(str(FK.stoppageMinute), [])
    fs = int(stoppage[0][0].value) if stoppage else None
    if any(same_minute((g.minute, g.stoppage, g.minute_vague), (int(v.value), fs))
           for v, _ in minutes):  # fmt: skip
        return []
    fixture = minutes[0]
    written = f"{fixture[0].value}+{fs}" if fs else fixture[0].value
    mine = f"{g.minute}+{g.stoppage}" if g.stoppage else str(g.minute)
    note = (f"{g.scorer_name or 'unnamed scorer'}'s goal: minute {mine} in the report, "
            f"{written} in the fixture data")  # fmt: skip
    return [Conflict(st.subject, match, st.predicate, st.value, fixture[0], fixture[1], note)]


def _show(term: Term) -> str:
    """A value as a person reads it: a literal's text, an IRI's last path segment or
    fragment."""
    if isinstance(term, ox.Literal):
        return term.value
    return term.value.rsplit("#", 1)[-1].rsplit("/", 1)[-1]
