"""What a build stores for a match report, read back with SPARQL: the session build ingests
``../shared/articles`` and ``../shared/seed`` (``footkg build --articles DIR``), and for each
report the graph says what ``footkg extract --format json`` says; the seed report's assists,
mentions and typed conflicts; ``--format turtle|trig`` is what the build stored."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph as ox
import pytest
from typer.testing import CliRunner

from footkg.extract.io import read_report
from footkg.vocab import article_graph_iri

PREFIXES = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX schema: <http://schema.org/>
"""
FK = "https://w3id.org/footkg/ontology#"
RES = "https://w3id.org/footkg/resource/"
KINDS = {FK + "penalty": "penalty", FK + "ownGoal": "own_goal", FK + "header": "header",
         FK + "freeKick": "free_kick"}  # fmt: skip


def _reports(shared: Path) -> list[Path]:
    return sorted((shared / "articles").glob("*.txt")) + sorted((shared / "seed").glob("*.txt"))


@pytest.fixture(scope="module")
def app():
    from footkg.cli.app import app

    return app


def _extract(app, store: Path, report: Path, fmt: str = "json") -> str:
    result = CliRunner().invoke(app, ["extract", str(report), "--store", str(store),
                                      "--format", fmt])  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.output


def _graph(report: Path) -> ox.NamedNode:
    return ox.NamedNode(article_graph_iri(read_report(report).sha256))


def _statements(store: ox.Store, graph: ox.NamedNode) -> dict[str, dict[str, list]]:
    """subject IRI → property IRI → the report's values (RDF terms), from the graph."""
    rows = store.query(PREFIXES + """SELECT ?g ?s ?p ?o WHERE { GRAPH ?g {
        ?st a fk:ReportStatement ; rdf:subject ?s ; rdf:predicate ?p ; rdf:object ?o } }""",
                       substitutions={ox.Variable("g"): graph})  # fmt: skip
    out: dict[str, dict[str, list]] = {}
    for r in rows:
        out.setdefault(r["s"].value, {}).setdefault(r["p"].value, []).append(r["o"])
    return out


def _one(values: dict[str, list], prop: str):
    found = values.get(FK + prop, [])
    assert len(found) <= 1, (prop, found)
    if not found:
        return None
    term = found[0]
    if isinstance(term, ox.Literal) and term.datatype.value.endswith("#integer"):
        return int(term.value)
    return term.value


def _graph_goals(store: ox.Store, graph: ox.NamedNode, main: str) -> list[tuple]:
    """Each goal the graph says the report tells of its main match: (scorer, minute,
    stoppage, kind, assist), IRIs for people."""
    facts = _statements(store, graph)
    goals = []
    for _subject, values in facts.items():
        if [t.value for t in values.get(FK + "match", [])] != [main]:
            continue
        kinds = [KINDS[p] for p in KINDS if any(t.value == "true" for t in values.get(p, []))]
        assert len(kinds) <= 1
        goals.append((_one(values, "scorer"), _one(values, "minute"),
                      _one(values, "stoppageMinute"), kinds[0] if kinds else "regular",
                      _one(values, "assist")))  # fmt: skip
    return sorted(goals, key=repr)


def _graph_others(store: ox.Store, graph: ox.NamedNode) -> set[tuple]:
    """Each other match the report names: (subject, {(team, goals)}) from schema:mentions and
    the statements of that match's teams and scores."""
    facts = _statements(store, graph)
    mentioned = [r["m"].value for r in store.query(
        PREFIXES + "SELECT ?g ?m WHERE { GRAPH ?g { ?a schema:mentions ?m } }",
        substitutions={ox.Variable("g"): graph})]  # fmt: skip
    out = set()
    for m in mentioned:
        v = facts[m]
        sides = frozenset({(_one(v, "homeTeam"), _one(v, "homeScore")),
                           (_one(v, "awayTeam"), _one(v, "awayScore"))})  # fmt: skip
        out.add((m, sides))
    return out


def test_every_goal_and_other_match_of_every_report_reads_back(full_store_path, full_store, app,
                                                               shared_data):  # fmt: skip
    """For every report of ../shared/articles and the seed: the goals (scorer, minute,
    stoppage, kind, assist) and the other matches (their IRI, teams and scores) that SPARQL
    reads from the report's named graph are exactly those `footkg extract --format json`
    prints."""
    reports = _reports(shared_data.parent)
    assert len(reports) == 9
    told = 0
    for report in reports:
        printed = json.loads(_extract(app, full_store_path, report))
        graph = _graph(report)
        main = printed["match"]["iri"]
        about = [r["m"].value for r in full_store.query(
            PREFIXES + "SELECT ?g ?m WHERE { GRAPH ?g { ?a schema:about ?m } }",
            substitutions={ox.Variable("g"): graph})]  # fmt: skip
        assert about == [main], report.name
        expected = sorted(((g["scorer_iri"], g["minute"], g["stoppage"], g["kind"],
                            g["assist_iri"]) for g in printed["goals"]), key=repr)  # fmt: skip
        assert _graph_goals(full_store, graph, main) == expected, report.name
        others = {(o["iri"], frozenset({(o["home_iri"], o["home_score"]),
                                        (o["away_iri"], o["away_score"])}))
                  for o in printed["other_matches_mentioned"]}  # fmt: skip
        assert _graph_others(full_store, graph) == others, report.name
        told += len(expected)
    assert told == 24 + 3  # the eight examples tell 24 goals (their gold), the seed 3


def test_the_seed_reports_assists_and_mentions(full_store, shared_data):
    """The seed report's graph (2026 semi-final, Argentina 2-1 England): Messi's assists to
    Enzo Fernández (85th minute) and Lautaro Martínez (92nd, in stoppage time: the fixture's
    90+2), Morgan Rogers's to Anthony Gordon (55th), on the fixture's goals; its mentions of
    the final v Spain at MetLife Stadium and the third-place play-off v France in Miami, the
    2026 fixtures of openfootball."""
    (seed,) = sorted((shared_data.parent / "seed").glob("*.txt"))
    facts = _statements(full_store, _graph(seed))
    semi = RES + "match/2026-07-15-england-argentina"
    assists = {(_one(v, "scorer"), _one(v, "minute"), _one(v, "assist"), s)
               for s, v in facts.items() if _one(v, "assist")}  # fmt: skip
    assert assists == {
        (RES + "player/enzo-fernandez", 85, RES + "player/lionel-messi", semi + "/goal/2"),
        (RES + "player/lautaro-martinez", 92, RES + "player/lionel-messi", semi + "/goal/3"),
        (RES + "player/anthony-gordon", 55, RES + "player/morgan-rogers", semi + "/goal/1"),
    }
    final = facts[RES + "match/2026-07-19-spain-argentina"]
    assert _one(final, "venueName") == "MetLife Stadium"
    assert _one(final, "stage") == FK + "Final"
    third = facts[RES + "match/2026-07-18-france-england"]
    assert _one(third, "cityName") == "Miami"
    assert _one(third, "stage") == FK + "ThirdPlacePlayOff"
    rows = full_store.query(
        PREFIXES + "SELECT ?g ?m WHERE { GRAPH ?g { ?a schema:mentions ?m } }",
        substitutions={ox.Variable("g"): _graph(seed)},
    )
    mentioned = {r["m"].value.removeprefix(RES) for r in rows}
    assert {"match/2026-07-19-spain-argentina", "match/2026-07-18-france-england"} <= mentioned
    # and the fixture's goals are not changed by the report: the graph still says 86 and 90+2
    fixture = full_store.query(
        PREFIXES + "SELECT ?goal ?min WHERE { GRAPH ?g { ?goal fk:minute ?min } }",
        substitutions={ox.Variable("goal"): ox.NamedNode(semi + "/goal/2")},
    )
    assert [r["min"].value for r in fixture] == ["86"]


def test_extract_turtle_and_trig_print_what_the_build_stored(full_store_path, full_store, app,
                                                             shared_data):  # fmt: skip
    """`footkg extract --format trig` prints the report's named graph exactly as the build
    stored it (same IRIs, no blank nodes), `--format turtle` its triples."""
    (seed,) = sorted((shared_data.parent / "seed").glob("*.txt"))
    graph = _graph(seed)
    stored = set(full_store.quads_for_pattern(None, None, None, graph))
    printed = set(ox.parse(_extract(app, full_store_path, seed, "trig").encode(),
                           format=ox.RdfFormat.TRIG))  # fmt: skip
    assert printed == stored and len(stored) > 200
    triples = {ox.Triple(q.subject, q.predicate, q.object) for q in ox.parse(
        _extract(app, full_store_path, seed, "turtle").encode(), format=ox.RdfFormat.TURTLE)}
    assert triples == {ox.Triple(q.subject, q.predicate, q.object) for q in stored}
    assert not any(isinstance(t, ox.BlankNode) for q in stored for t in (q.subject, q.object))


def test_footkg_conflicts_lists_the_stored_disagreements_as_typed_values(full_store_path, app):
    """Without report files, `footkg conflicts` reads the conflicts of the reports the store
    holds (here the demo reports, the examples and the seed), nothing extracted: the seed's
    equaliser at 85 against the fixture's 86, both xsd:integer."""
    result = CliRunner().invoke(app, ["conflicts", "--store", str(full_store_path)])
    assert result.exit_code == 0, result.output
    lines = [line.split("\t") for line in result.output.splitlines()]
    assert ["minute", "match/2026-07-15-england-argentina/goal/2", 'report: "85"^^xsd:integer',
            'fixture: "86"^^xsd:integer'] in [line[1:5] for line in lines]  # fmt: skip
    assert ["homeScore", "match/2026-07-07-argentina-egypt", 'report: "2"^^xsd:integer',
            'fixture: "3"^^xsd:integer'] in [line[1:5] for line in lines]  # fmt: skip


WRONG_PENALTY = """Argentina beat France on penalties in the 2022 World Cup final

LUSAIL, December 18 — Argentina drew 3-3 with France after extra time in the 2022 World Cup
final at Lusail Stadium and won the shootout 4-2.

Kylian Mbappé scored from the penalty spot in the 81st minute to make it 2-2.
"""


def test_a_goal_called_a_penalty_that_was_not_is_a_kind_conflict(full_store_path, app, tmp_path):
    """A report that calls Mbappé's 81st-minute goal of the 2022 final a penalty (Fjelstul:
    a volley, not a penalty; his penalties came at 80 and 118): `footkg conflicts REPORT`
    lists the kind, true in the report, false in the fixture data."""
    report = tmp_path / "wrong-penalty.txt"
    report.write_text(WRONG_PENALTY, encoding="utf-8")
    result = CliRunner().invoke(app, ["conflicts", str(report), "--store",
                                      str(full_store_path)])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = [line.split("\t")[1:5] for line in result.output.splitlines()]
    assert rows == [["penalty", "match/2022-12-18-argentina-france/goal/4",
                     'report: "true"^^xsd:boolean', 'fixture: "false"^^xsd:boolean']]
