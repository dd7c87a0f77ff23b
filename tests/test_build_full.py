"""The full build from ``../shared/data``: real answers from the built graph.

The oracle is World Cup history (FIFA's records) and the datasets' own documented counts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from footkg import resources
from footkg.ingest.resolve import TeamIndex
from footkg.query import catalogue as queries
from footkg.vocab import RES_NS, graph_iri

TEAM = RES_NS + "team/"


@pytest.fixture(scope="module")
def catalogue() -> queries.Catalogue:
    return queries.load_catalogue(resources.queries_dir())


@pytest.fixture(scope="module")
def team_index(full_store) -> TeamIndex:
    return TeamIndex.from_store(full_store)


def ask(full_store, catalogue, team_index, name: str, **params: str) -> queries.QueryResult:
    q = catalogue.get(name)
    bindings = queries.bind_params(q, params, resolve_team=team_index.lookup)
    return queries.run(full_store, q, bindings)


def test_every_source_loaded_and_skips_are_explained(full_build) -> None:
    by_key = {s.key: s for s in full_build.sources}
    assert by_key["fjelstul-worldcup"].counts["matches"] == 964 + 284
    assert by_key["intl-results"].counts["matches"] == 49_520
    assert by_key["openfootball-worldcup"].counts["matches"] == 1_069
    assert by_key["intl-results"].skipped_by_reason == Counter(
        {"shootout-not-level": 37, "no-match": 1}
    )
    assert by_key["fjelstul-worldcup"].skipped == []


def test_world_cup_matches_are_merged_across_sources(full_build) -> None:
    """964 men's World Cup matches 1930-2022 are in all three datasets: one IRI each."""
    from footkg.store.local import open_store

    store = open_store(full_build.store_path)
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT (COUNT(DISTINCT ?m) AS ?n) WHERE {
      ?m fk:competition <https://w3id.org/footkg/resource/competition/fifa-world-cup> ;
         fk:date ?d .
      FILTER(?d < "2023-01-01"^^<http://www.w3.org/2001/XMLSchema#date>)
      FILTER NOT EXISTS { ?m fk:walkover true } }"""
    (row,) = store.query(query, use_default_graph_as_union=True)
    assert int(row["n"].value) == 964


def test_named_graphs_and_licence(full_build, full_store) -> None:
    for name in (
        "fjelstul-worldcup",
        "intl-results",
        "openfootball-worldcup",
        "derived",
        "resolution",
        "metadata",
        "ontology",
    ):
        assert full_build.triples[graph_iri(name)] > 0, name
    query = f"""PREFIX dcterms: <http://purl.org/dc/terms/>
    PREFIX prov: <http://www.w3.org/ns/prov#>
    SELECT ?license ?rights ?source WHERE {{ GRAPH <{graph_iri("metadata")}> {{
      <{graph_iri("fjelstul-worldcup")}> dcterms:license ?license ; dcterms:rights ?rights ;
        prov:wasDerivedFrom ?source }} }}"""
    (row,) = full_store.query(query)
    assert row["license"].value == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert "Joshua C. Fjelstul" in row["rights"].value
    assert "jfjelstul/worldcup" in row["source"].value


def test_full_graph_conforms_to_the_shapes(full_validation) -> None:
    report = full_validation
    assert report.conforms, report.to_text(limit=5)
    assert report.counts().get("Violation", 0) == 0


def test_only_italy_and_brazil_retained_the_title_up_to_2022(full_store, catalogue, team_index):
    result = ask(full_store, catalogue, team_index, "repeat-champions")
    rows = {(r["teamLabel"], r["editions"]) for r in result.records()}
    assert rows == {("Italy", "1934, 1938"), ("Brazil", "1958, 1962")}


def test_titles_up_to_2022_and_with_2026(full_store, catalogue, team_index) -> None:
    until_2022 = ask(full_store, catalogue, team_index, "champions", until="2022-12-31")
    titles = {r["teamLabel"]: r["titles"] for r in until_2022.records()}
    assert titles == {
        "Brazil": 5,
        "Germany": 4,
        "Italy": 4,
        "Argentina": 3,
        "France": 2,
        "Uruguay": 2,
        "England": 1,
        "Spain": 1,
    }
    with_2026 = ask(full_store, catalogue, team_index, "champions")
    assert {r["teamLabel"]: r["titles"] for r in with_2026.records()}["Spain"] == 2


def test_argentina_england_world_cup_head_to_head_up_to_2022(full_store, catalogue, team_index):
    """1962 1-3, 1966 0-1, 1986 2-1, 1998 2-2 (Argentina won 4-3 on penalties), 2002 0-1."""
    result = ask(
        full_store,
        catalogue,
        team_index,
        "head-to-head",
        team_a="Argentina",
        team_b="England",
        competition="FIFA World Cup",
        until="2022-12-31",
    )
    (row,) = result.records()
    assert (row["played"], row["wins"], row["draws"], row["losses"]) == (5, 1, 1, 3)
    assert (row["goalsFor"], row["goalsAgainst"]) == (5, 8)
    assert (row["shootoutWins"], row["shootoutLosses"]) == (1, 0)


def test_klose_is_the_top_world_cup_scorer_up_to_2022(full_store, catalogue, team_index):
    result = ask(full_store, catalogue, team_index, "top-scorers", until="2022-12-31")
    top = result.records()[:3]
    assert [(r["playerLabel"], r["goals"]) for r in top] == [
        ("Miroslav Klose", 16),
        ("Ronaldo", 15),
        ("Gerd Müller", 14),
    ]


def test_1966_final(full_store, catalogue, team_index) -> None:
    result = ask(full_store, catalogue, team_index, "finals")
    (final,) = [r for r in result.records() if r["year"] == 1966]
    assert (final["homeTeamName"], final["awayTeamName"]) == ("England", "West Germany")
    assert (final["homeScore"], final["awayScore"], final["extraTime"]) == (4, 2, True)
    assert final["winnerName"] == "England"


def test_2022_final_shootout_is_not_goals(full_store) -> None:
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT ?h ?a ?hp ?ap ?w (COUNT(?g) AS ?goals) WHERE {
      <https://w3id.org/footkg/resource/match/2022-12-18-argentina-france> fk:homeScore ?h ;
         fk:awayScore ?a ; fk:winner ?w ;
         fk:penaltyShootout [ fk:homePenalties ?hp ; fk:awayPenalties ?ap ] .
      ?g fk:match <https://w3id.org/footkg/resource/match/2022-12-18-argentina-france> }
    GROUP BY ?h ?a ?hp ?ap ?w"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    values = [int(row[v].value) for v in ("h", "a", "hp", "ap", "goals")]
    assert values == [3, 3, 4, 2, 6]
    assert row["w"].value == TEAM + "argentina"


def test_oldest_international_is_scotland_england_1872(full_store) -> None:
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT ?home ?away ?hs ?as ?d WHERE { ?m fk:date ?d ; fk:homeTeamName ?home ;
      fk:awayTeamName ?away ; fk:homeScore ?hs ; fk:awayScore ?as } ORDER BY ?d LIMIT 1"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    got = [row[v].value for v in ("d", "home", "away", "hs", "as")]
    assert got == ["1872-11-30", "Scotland", "England", "0", "0"]


def test_team_keeps_one_iri_with_the_name_used_at_the_time(full_store) -> None:
    """The 1974 final: West Germany on the match, Germany's IRI for the team."""
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    PREFIX fkr: <https://w3id.org/footkg/resource/>
    SELECT ?t ?n WHERE { ?m fk:edition fkr:tournament\\/fifa-world-cup-1974 ;
      fk:stage fk:Final ; fk:awayTeam ?t ; fk:awayTeamName ?n }"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    assert (row["t"].value, row["n"].value) == (TEAM + "germany", "West Germany")


def test_1950_champion_from_the_final_round(full_store) -> None:
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT ?c ?r WHERE { <https://w3id.org/footkg/resource/tournament/fifa-world-cup-1950>
      fk:champion ?c ; fk:runnerUp ?r }"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    assert (row["c"].value, row["r"].value) == (TEAM + "uruguay", TEAM + "brazil")


def test_source_disagreements_are_kept_not_overwritten(full_build, full_store) -> None:
    """The 2026 semi-final: openfootball has Argentina's goals at 86 and 90+2, martj42 at 85
    and 90 (stoppage folded). 90+2 vs 90 is the same minute; 86 vs 85 is a real conflict."""
    semi = RES_NS + "match/2026-07-15-england-argentina"
    conflicts = [c for c in full_build.conflicts if c.subject == semi]
    assert len(conflicts) == 1
    assert "86" in str(conflicts[0].kept_value) and "85" in str(conflicts[0].other_value)
    query = f"""PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT (COUNT(*) AS ?n) WHERE {{ ?c a fk:SourceConflict ; fk:conflictSubject <{semi}> }}"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    assert int(row["n"].value) == 1


def test_stoppage_time_goal(full_store) -> None:
    """Argentina 3-2 Egypt, 2026 round of 16: Enzo Fernández at 90+2."""
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    SELECT ?name ?min ?st WHERE { ?g fk:match ?m ; fk:minute ?min ; fk:stoppageMinute ?st ;
      fk:scorer/rdfs:label ?name .
      ?m fk:date "2026-07-07"^^<http://www.w3.org/2001/XMLSchema#date> ;
      fk:homeTeam <https://w3id.org/footkg/resource/team/argentina> }"""
    rows = [
        (r["name"].value, int(r["min"].value), int(r["st"].value))
        for r in full_store.query(query, use_default_graph_as_union=True)
    ]
    assert rows == [("Enzo Fernández", 90, 2)]


def test_scorers_in_friendlies_resolve_to_world_cup_players(full_store) -> None:
    """martj42's scorer names are matched to Fjelstul's players by team and name: every goal
    credited to "Lionel Messi" in any source (martj42 lists 71: 13 at World Cups to 2022, 8 in
    2026, 50 elsewhere) has the one player IRI, whichever source states the goal."""
    query = """PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT ?p ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?goal fk:scorerName "Lionel Messi" }
      OPTIONAL { ?goal fk:scorer ?p } } GROUP BY ?p ?g"""
    rows = {
        (r["g"].value, r["p"].value): int(r["n"].value)
        for r in full_store.query(query, use_default_graph_as_union=True)
    }
    messi = RES_NS + "player/lionel-messi"
    assert rows == {
        (graph_iri("fjelstul-worldcup"), messi): 13,
        (graph_iri("openfootball-worldcup"), messi): 8,
        (graph_iri("intl-results"), messi): 50,
    }


def test_every_conflict_is_one_row_of_the_conflicts_query(full_build, full_store, catalogue,
                                                          team_index) -> None:  # fmt: skip
    result = ask(full_store, catalogue, team_index, "source-conflicts")
    # the session build ingests match reports too: their conflicts with the fixture data are
    # SourceConflicts whose other source is the report's graph (see `report-conflicts`)
    reports = [r for r in result.records() if "/graph/article-" in r["otherSource"]]
    assert len(result) - len(reports) == len(full_build.conflicts) > 0
    argentina = ask(full_store, catalogue, team_index, "source-conflicts", team="Argentina")
    assert 0 < len(argentina) < len(result)
    assert all("Argentina" in r["match"] for r in argentina.records())


def test_source_placeholders_never_reach_the_graph(full_store) -> None:
    """Fjelstul writes "not applicable" for the given name of one-name players (Pelé) and
    "not available" for unknown values; martj42 writes "NA"; none may become a literal."""
    query = """SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o
      FILTER(isLiteral(?o) && STR(?o) IN ("not applicable", "not available", "NA", "")) }"""
    (row,) = full_store.query(query, use_default_graph_as_union=True)
    assert int(row["n"].value) == 0
    pele = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    PREFIX schema: <http://schema.org/>
    SELECT ?given ?family WHERE { ?p rdfs:label "Pelé" ; schema:familyName ?family
      OPTIONAL { ?p schema:givenName ?given } }"""
    rows = [
        (r["given"], r["family"].value)
        for r in full_store.query(pele, use_default_graph_as_union=True)
    ]
    assert rows == [(None, "Pelé")]


def test_demo_match_reports_are_merged_one_graph_each(full_build, full_store) -> None:
    """`footkg build` ingests data/articles (and the session build's --articles folders, the
    eight example reports and the seed report): each report its own named graph, described
    in the metadata graph, its facts checked by the shapes (the full graph conforms above)."""
    assert full_build.articles is not None
    assert len(full_build.articles.merged) == 3 + 8 + 1 and full_build.articles.refused == {}
    for graph in full_build.articles.merged.values():
        assert full_build.triples[graph] > 0
        query = f"""PREFIX dcterms: <http://purl.org/dc/terms/>
        ASK {{ GRAPH <{graph_iri("metadata")}> {{ <{graph}> dcterms:license ?l }} }}"""
        assert full_store.query(query)


def test_the_seed_report_and_its_conflicts(full_build, tmp_path, shared_data) -> None:
    """The seed report (Argentina 2-1 England, 2026 semi-final) merged into a copy of the full
    store: the equaliser's minute (report 85, fixture data 86), the round-of-16 score (report
    2-0, fixture data 3-2) and the third-place play-off's city (report Miami, openfootball
    Miami Gardens) are conflicts, as typed values; 92 vs 90+2 is the same minute, not a
    conflict."""
    import shutil

    import pyoxigraph as ox

    from footkg.ingest.reports import ingest_articles
    from footkg.store.local import current_build

    copy = tmp_path / "db"
    shutil.copytree(current_build(full_build.store_path), copy)
    store = ox.Store(str(copy))
    seed = sorted((shared_data.parent / "seed").glob("*.txt"))
    summary = ingest_articles(store, seed)
    assert len(summary.merged) == 1 and summary.refused == {}
    (graph,) = summary.merged.values()
    query = f"""PREFIX fk: <https://w3id.org/footkg/ontology#>
    SELECT ?p ?k ?o ?ks WHERE {{ ?c a fk:SourceConflict ; fk:conflictProperty ?p ;
      fk:keptValue ?k ; fk:otherValue ?o ; fk:keptSource ?ks ; fk:otherSource <{graph}> }}"""
    rows = {
        (r["p"].value.rsplit("#")[-1], r["k"], r["o"])
        for r in store.query(query, use_default_graph_as_union=True)
    }
    integer = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")
    assert {(p, k.value, o.value) for p, k, o in rows} == {
        ("minute", "86", "85"), ("homeScore", "3", "2"), ("awayScore", "2", "0"),
        ("city", "https://w3id.org/footkg/resource/city/miami-gardens-united-states",
         "https://w3id.org/footkg/resource/city/miami-united-states")}  # fmt: skip
    assert all(k.datatype == o.datatype == integer for p, k, o in rows if p != "city")
