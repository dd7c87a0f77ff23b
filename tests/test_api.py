"""The Python API (footkg.open, KnowledgeGraph, Result) and the error hierarchy, on real data."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest

import footkg
from footkg import errors
from footkg.api import IRI, KnowledgeGraph, Result

FK = "https://w3id.org/footkg/ontology#"
FKR = "https://w3id.org/footkg/resource/"
XSD = "http://www.w3.org/2001/XMLSchema#"


@pytest.fixture(scope="module")
def kg(full_build) -> KnowledgeGraph:
    return footkg.open(full_build.store_path)


def _small_store(with_error: bool = False) -> ox.Store:
    """A few triples: one team (and, with_error, a match missing its required facts)."""
    store = ox.Store()
    graph = ox.NamedNode("https://w3id.org/footkg/graph/sample")
    team = ox.NamedNode(FKR + "team/brazil")
    quads = [
        ox.Quad(
            team,
            ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
            ox.NamedNode(FK + "NationalTeam"),
            graph,
        ),
        ox.Quad(
            team,
            ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"),
            ox.Literal("Brazil"),
            graph,
        ),
        ox.Quad(team, ox.NamedNode(FK + "gender"), ox.Literal("men"), graph),
    ]
    if with_error:
        match = ox.NamedNode(FKR + "match/broken")
        quads.append(
            ox.Quad(
                match,
                ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
                ox.NamedNode(FK + "Match"),
                graph,
            )
        )
    store.extend(quads)
    return store


# --- the package's entry points -----------------------------------------------------------------


def test_package_exports_a_small_explicit_api():
    assert set(footkg.__all__) == {
        "IRI",
        "FootkgError",
        "KnowledgeGraph",
        "Result",
        "__version__",
        "build",
        "build_and_push",
        "errors",
        "open",
    }
    for name in footkg.__all__:
        assert getattr(footkg, name) is not None
    assert footkg.open is footkg.api.open
    assert (Path(footkg.__file__).parent / "py.typed").is_file()


def test_open_missing_store_raises_store_not_built(tmp_path):
    with pytest.raises(errors.StoreNotBuiltError) as info:
        footkg.open(tmp_path / "nothing-here")
    assert "footkg build" in str(info.value)
    assert errors.exit_code(info.value) == errors.EXIT_BAD_INPUT


def test_open_default_store_follows_footkg_store(full_build, monkeypatch):
    monkeypatch.setenv("FOOTKG_STORE", str(full_build.store_path))
    kg = footkg.open()
    assert kg.location == str(full_build.store_path)
    assert not kg.is_remote
    assert kg.query("champions").column("teamLabel")[0] == "Brazil"


def test_open_url_is_remote_and_local_only_operations_say_so():
    kg = footkg.open("http://127.0.0.1:9/footkg")
    assert kg.is_remote and kg.location == "http://127.0.0.1:9/footkg"
    for call in (kg.validate, lambda: kg.export("x.ttl"), lambda: kg.extract("Brazil 1-0 Chile")):
        with pytest.raises(errors.NotAvailableError, match="remote"):
            call()


# --- queries ------------------------------------------------------------------------------------


def test_head_to_head_argentina_england(kg):
    result = kg.query("head-to-head", team_a="Argentina", team_b="England")
    assert isinstance(result, Result)
    (row,) = list(result)
    assert (row.played, row.wins, row.draws, row.losses) == (16, 4, 6, 6)
    assert (row.goalsFor, row.goalsAgainst) == (20, 23)
    world_cup = kg.query(
        "head-to-head", team_a="Argentina", team_b="England", competition="FIFA World Cup"
    )
    assert world_cup.records()[0]["played"] == 6


def test_parameters_accept_dates_ints_and_none(kg):
    as_text = kg.query("head-to-head", team_a="Argentina", team_b="England", until="1986-12-31")
    as_date = kg.query(
        "head-to-head", team_a="Argentina", team_b="England", until=dt.date(1986, 12, 31)
    )
    assert as_text.rows == as_date.rows
    assert as_date.records()[0]["played"] == 10
    unbound = kg.query("head-to-head", team_a="Argentina", team_b="England", until=None)
    assert unbound.records()[0]["played"] == 16
    top = kg.query("top-scorers", edition=2014)
    assert (top.rows[0][1], top.rows[0][2]) == ("James Rodríguez", 6)


def test_rows_are_typed_by_the_sparql_results_rules(kg):
    (final,) = [r for r in kg.query("finals") if r.year == 1966]
    assert final.date == dt.date(1966, 7, 30) and type(final.year) is int
    assert final.extraTime is True and final.homePenalties is None
    assert (final.homeTeamName, final.awayTeamName, final.homeScore, final.awayScore) == (
        "England",
        "West Germany",
        4,
        2,
    )
    assert isinstance(final.winner, IRI) and final.winner == FKR + "team/england"
    assert not isinstance(final.winnerName, IRI) and final.winnerName == "England"
    assert final._asdict()["stage"] == "final"


def test_team_names_aliases_and_former_names_resolve(kg):
    assert kg.team("West Germany") == kg.team("Germany") == FKR + "team/germany"
    assert kg.team("Holland") == FKR + "team/netherlands"
    matches = kg.query(
        "head-to-head-matches",
        team_a="Holland",
        team_b="West Germany",
        competition="FIFA World Cup",
    )
    assert matches.column("result") == ["L", "D", "L"]
    assert matches.column("date")[0] == dt.date(1974, 7, 7)


def test_to_dataframe_types_columns(kg):
    pd = pytest.importorskip("pandas")
    df = kg.query("finals").to_dataframe()
    assert list(df.columns) == kg.query("finals").variables
    assert str(df["year"].dtype) == "Int64" and str(df["extraTime"].dtype) == "boolean"
    assert pd.api.types.is_datetime64_any_dtype(df["date"])
    row = df[df["year"] == 1966].iloc[0]
    assert row["date"] == pd.Timestamp("1966-07-30") and bool(row["extraTime"]) is True
    assert pd.isna(row["homePenalties"])
    shootouts = df[df["homePenalties"].notna()]
    assert list(shootouts["year"]) == [1994, 2006, 2022]  # the finals settled on penalties


def test_to_dataframe_without_pandas_says_what_to_install(kg, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    result = kg.query("champions")
    with pytest.raises(errors.NotAvailableError) as info:
        result.to_dataframe()
    assert isinstance(info.value, ImportError)
    assert "pip install 'footkg[dataframe]'" in str(info.value)


def test_to_json_and_to_csv_follow_the_sparql_results_formats(kg):
    result = kg.query("champions")
    doc = json.loads(result.to_json())
    assert doc["head"]["vars"] == ["team", "teamLabel", "titles", "years"]
    first = doc["results"]["bindings"][0]
    assert first["team"] == {"type": "uri", "value": FKR + "team/brazil"}
    assert first["titles"] == {"type": "literal", "value": "5", "datatype": XSD + "integer"}
    lines = result.to_csv().split("\r\n")
    assert lines[0] == "team,teamLabel,titles,years"
    assert lines[1] == f'{FKR}team/brazil,Brazil,5,"1958, 1962, 1970, 1994, 2002"'


def test_query_a_rq_file_by_path(kg, tmp_path):
    path = tmp_path / "finals-of.rq"
    path.write_text(
        "# title: Finals of a team\n# param: team (type: team) the team\n"
        "PREFIX fk: <https://w3id.org/footkg/ontology#>\n"
        "SELECT (COUNT(?m) AS ?finals) WHERE { ?m fk:stage fk:Final .\n"
        "  { ?m fk:homeTeam ?team } UNION { ?m fk:awayTeam ?team } }\n",
        encoding="utf-8",
    )
    assert kg.query(path, team="West Germany").column("finals") == [8]
    assert kg.query(str(path), team="Brazil").column("finals") == [6]  # 1950 was a final round
    with pytest.raises(errors.QueryFileError, match="cannot read"):
        kg.query(tmp_path / "missing.rq")


def test_query_sparql_binds_declared_parameters(kg):
    text = (
        "# param: team (type: team)\nPREFIX fk: <https://w3id.org/footkg/ontology#>\n"
        "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
        "SELECT ?label ?code WHERE { ?team rdfs:label ?label ; fk:teamCode ?code }"
    )
    result = kg.query_sparql(text, team="Holland")
    assert set(result.column("label")) == {"Netherlands"}
    assert "team" not in result.variables  # declared parameters are hidden, as in the catalogue
    plain = kg.query_sparql(
        "SELECT (COUNT(*) AS ?n) WHERE { ?m a <https://w3id.org/footkg/ontology#Match> }"
    )
    assert type(plain.rows[0][0]) is int and plain.rows[0][0] > 45_000
    with pytest.raises(errors.ParameterError, match="no parameter 'team'"):
        kg.query_sparql("SELECT ?s WHERE { ?s ?p ?o } LIMIT 1", team="Brazil")
    with pytest.raises(errors.QueryError):
        kg.query_sparql("SELECT WHERE {")
    with pytest.raises(errors.QueryError, match="only SELECT"):
        kg.query_sparql("ASK { ?s ?p ?o }")


def test_user_text_never_changes_the_query(kg):
    hostile = 'FIFA World Cup" ) } UNION { ?x ?y ?z } #'
    # a competition is one the graph knows, so such text is refused before any query runs
    with pytest.raises(errors.UnknownCompetitionError, match="unknown competition"):
        kg.query("champions", competition=hostile)
    text = "# param: name (type: string)\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
    text += "SELECT ?x ?name WHERE { ?x rdfs:label ?name }"
    assert len(kg.query_sparql(text, name=hostile)) == 0  # bound as one literal
    assert len(kg.query_sparql(text, name="Argentina")) >= 1
    with pytest.raises(errors.UnknownTeamError):
        kg.query("head-to-head", team_a='Narnia" } #', team_b="Argentina")
    with pytest.raises(errors.ParameterError, match="not a valid IRI"):
        kg.query("head-to-head", team_a="http://x> } UNION { ?s ?p ?o", team_b="Argentina")


# --- errors -------------------------------------------------------------------------------------


def test_errors_name_the_problem_and_suggest(kg):
    with pytest.raises(errors.UnknownTeamError) as team:
        kg.query("head-to-head", team_a="Argentina", team_b="Englnd")
    assert team.value.suggestions == ["England"]
    with pytest.raises(errors.UnknownQueryError) as query:
        kg.query("champion")
    assert "champions" in query.value.suggestions
    with pytest.raises(errors.ParameterError) as missing:
        kg.query("head-to-head", team_a="Argentina")
    assert missing.value.param == "team_b"
    with pytest.raises(errors.ParameterError, match="valid: competition, until"):
        kg.query("champions", year=2022)
    with pytest.raises(errors.ParameterError, match="not a date"):
        kg.query("champions", until="last year")
    with pytest.raises(errors.ParameterError, match="bool"):
        kg.query("top-scorers", edition=True)


def test_error_hierarchy_keeps_old_import_paths_and_exit_codes():
    from footkg.errors import (
        FootkgError,
        ParameterError,
        SourceFormatError,
        StoreNotBuiltError,
        UnknownQueryError,
        UnknownTeamError,
    )

    assert errors.UnknownTeamError is UnknownTeamError
    assert errors.StoreNotBuiltError is StoreNotBuiltError
    assert errors.UnknownQueryError is UnknownQueryError
    assert errors.ParameterError is ParameterError
    assert errors.SourceFormatError is SourceFormatError
    assert footkg.FootkgError is FootkgError
    for name in errors.__all__:
        obj = getattr(errors, name)
        if isinstance(obj, type):
            assert issubclass(obj, FootkgError), name
    assert errors.exit_code(None) == 0
    assert errors.exit_code(UnknownTeamError("x", [])) == 2
    assert errors.exit_code(SourceFormatError("bad file")) == 2
    assert errors.exit_code(KeyError("bug")) == 3
    assert errors.EXIT_CODES[1] == "the data does not conform to the SHACL shapes"


# --- validate, export, extract ------------------------------------------------------------------


def test_validate_reports_and_can_raise():
    good = KnowledgeGraph(_small_store()).validate()
    assert good.conforms and good.counts()["Violation"] == 0
    kg = KnowledgeGraph(_small_store(with_error=True))
    report = kg.validate()
    assert not report.conforms
    focus = {r.focus_node for r in report.results if r.severity == "Violation"}
    assert FKR + "match/broken" in focus
    assert "does NOT conform" in report.to_text()
    assert len(report.to_graph()) > 0
    with pytest.raises(errors.ValidationFailed) as info:
        kg.validate(raise_on_violation=True)
    assert info.value.report.conforms is False
    assert errors.exit_code(info.value) == errors.EXIT_NONCONFORMING
    with pytest.raises(errors.ParameterError, match="unknown engine"):
        kg.validate(engine="fast")


def test_export_to_a_file_or_a_folder(tmp_path):
    kg = KnowledgeGraph(_small_store())
    (ttl,) = kg.export(tmp_path / "teams.ttl")
    assert ttl == tmp_path / "teams.ttl"
    triples = list(ox.parse(path=str(ttl), format=ox.RdfFormat.TURTLE))
    assert len(triples) == 3
    written = kg.export(tmp_path / "out", formats=["nquads", "jsonld"])
    assert sorted(p.name for p in written) == ["footkg.jsonld", "footkg.nq"]
    quads = list(ox.parse(path=str(tmp_path / "out" / "footkg.nq"), format=ox.RdfFormat.N_QUADS))
    assert {q.graph_name.value for q in quads} == {"https://w3id.org/footkg/graph/sample"}
    with pytest.raises(errors.ParameterError, match="cannot tell the format"):
        kg.export(tmp_path / "teams.xlsx")
    with pytest.raises(errors.ParameterError, match="unknown export format"):
        kg.export(tmp_path / "out2", formats=["rdfxml"])


def test_extract_without_the_extractor_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "footkg.extract", None)
    kg = KnowledgeGraph(_small_store())
    with pytest.raises(errors.NotAvailableError, match="article extractor"):
        kg.extract("Brazil beat Chile 1-0.")
    with pytest.raises(errors.ParameterError, match="published"):
        kg.extract("Brazil beat Chile 1-0.", published="15/07/2026")


def test_extract_links_a_report_to_the_graph(kg):
    pytest.importorskip("footkg.extract")
    facts = kg.extract(
        "Argentina beat England 2-1 in the 1986 World Cup quarter-final on Sunday.",
        published=dt.date(1986, 6, 23),
    )
    assert facts.match is not None
    assert (facts.match.home, facts.match.away) == (FKR + "team/argentina", FKR + "team/england")
    assert (facts.match.home_score, facts.match.away_score) == (2, 1)
    assert facts.match.date == "1986-06-22"


def test_build_refuses_a_url_and_unknown_options(tmp_path):
    with pytest.raises(errors.ParameterError, match="build_and_push"):
        footkg.build("http://localhost:7878")
    with pytest.raises(errors.ParameterError, match="engine"):
        footkg.build(tmp_path / "s", engine="fast")
    with pytest.raises(errors.ParameterError, match="format"):
        footkg.build(tmp_path / "s", formats=("rdfxml",))
    assert not (tmp_path / "s").exists()


def test_build_offline_sample_then_open(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTKG_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("FOOTKG_DATA_DIR", raising=False)
    report = footkg.build(
        tmp_path / "store", offline=True, validate=False, cache_dir=tmp_path / "cache"
    )
    assert report.location.kind == "sample"
    titles = {r.teamLabel: r.titles for r in footkg.open(report.store_path).query("champions")}
    assert titles["Brazil"] == 5 and titles["Italy"] == 4


def test_open_store_takes_a_string_path(sample_store):
    """`store.open_store` takes a str as well as a Path; a folder without a build is refused."""
    from footkg.store.local import open_store

    store = open_store(str(sample_store))
    query = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    ASK { ?t rdfs:label "Brazil" }"""
    assert store.query(query, use_default_graph_as_union=True)
    with pytest.raises(errors.StoreNotBuiltError):
        open_store(str(sample_store / "missing"))
