"""SERVICE, FROM and nesting decided from the query before pyoxigraph runs it
(``footkg.query.analysis``), and ``footkg query FILE.rq`` applying it (issue 22 items 1 and 8,
issue 21 item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from footkg.query import analysis

REMOTE = "http://127.0.0.1:18999/x"
SPO = "{ ?s ?p ?o }"

#: Every spelling of a SERVICE clause that Oxigraph would run (issue 22 item 1).
SERVICE_SPELLINGS = {
    "plain": f"SELECT * WHERE {{ SERVICE <{REMOTE}> {{ ?s ?p ?o }} }}",
    "lower case, SILENT": f"select * where {{ service silent <{REMOTE}> {{ ?s ?p ?o }} }}",
    "comment ended by CR": f"SELECT * {{#\rSERVICE <{REMOTE}> {{?s ?p ?o}}\n}}",
    "comment ended by CRLF": f"SELECT * {{# x\r\nSERVICE <{REMOTE}> {{?s ?p ?o}} }}",
    "comment ended by LF": f"SELECT * {{# x\nSERVICE <{REMOTE}> {{?s ?p ?o}} }}",
    "codepoint escape": f"SELECT * WHERE {{ \\u0053ERVICE <{REMOTE}> {{ ?s ?p ?o }} }}",
    "long codepoint escape": f"SELECT * WHERE {{ \\U00000053ERVICE <{REMOTE}> {{ ?s ?p ?o }} }}",
    "prefixed endpoint": f"PREFIX r: <{REMOTE}/> SELECT * WHERE {{ SERVICE r:sparql {SPO} }}",
    "variable endpoint": f"SELECT * WHERE {{ VALUES ?e {{ <{REMOTE}> }} SERVICE ?e {SPO} }}",
    "SILENT variable": "SELECT * WHERE { SERVICE SILENT ?e { ?s ?p ?o } }",
    "inside OPTIONAL": f"SELECT * WHERE {{ ?a ?b ?c OPTIONAL {{ SERVICE <{REMOTE}> {SPO} }} }}",
    "in a subquery": f"SELECT * WHERE {{ {{ SELECT * WHERE {{ SERVICE <{REMOTE}> {SPO} }} }} }}",
}


@pytest.mark.parametrize("text", SERVICE_SPELLINGS.values(), ids=SERVICE_SPELLINGS.keys())
def test_every_spelling_of_service_is_found(text):
    assert analysis.analyse(text).uses_service


@pytest.mark.parametrize(
    "text",
    [
        'SELECT * WHERE { ?s ?p "SERVICE" } # SERVICE <http://x/>',
        "PREFIX service: <http://x/> SELECT * WHERE { ?s service:p ?service }",
        "SELECT * WHERE { ?s <http://x/SERVICE> ?o }",
        'SELECT * WHERE { ?s ?p """a\rSERVICE <http://x/> { }""" }',
    ],
)
def test_service_in_strings_iris_and_names_is_not_federation(text):
    assert not analysis.analyse(text).uses_service


def test_a_text_that_mentions_service_and_cannot_be_parsed_counts_as_federation():
    assert analysis.analyse(
        "SELECT * WHERE { ?s ?p ?o . # service\n <<( ?a ?b ?c )>> }"
    ).uses_service


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SELECT * FROM <http://g> WHERE { ?s ?p ?o }", True),
        ("SELECT * FROM NAMED <http://g> WHERE { GRAPH ?g { ?s ?p ?o } }", True),
        ("SELECT * #\rFROM <http://g>\nWHERE { ?s ?p ?o }", True),
        ("SELECT ?from WHERE { ?s <http://x/from> ?from } # FROM <http://g>", False),
    ],
)
def test_a_dataset_clause_is_found(text, expected):
    assert analysis.analyse(text).has_dataset is expected


def _nested(depth: int) -> str:
    return "SELECT * WHERE " + "{" * depth + " ?s ?p ?o " + "}" * depth


def test_deep_nesting_is_refused_before_parsing():
    assert analysis.analyse(_nested(20)).depth == 20
    with pytest.raises(analysis.QueryTooDeepError, match="10000 levels"):
        analysis.analyse(_nested(10_000))
    with pytest.raises(analysis.QueryTooDeepError):
        analysis.analyse("SELECT * WHERE { FILTER(" + "(" * 10_000 + "1" + ")" * 10_000 + ") }")
    escaped = "SELECT * WHERE " + "\\u007B" * 10_000 + " ?s ?p ?o " + "}" * 10_000
    with pytest.raises(analysis.QueryTooDeepError):
        analysis.analyse(escaped)


# --- footkg query FILE.rq ---------------------------------------------------------------------


def _query_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "q.rq"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _cli(*args: str):
    from footkg.cli.app import app

    return CliRunner().invoke(app, list(args))


def test_cli_refuses_service_in_a_query_file(sample_store, tmp_path):
    for name, text in SERVICE_SPELLINGS.items():
        result = _cli("query", _query_file(tmp_path, text), "--store", str(sample_store))
        assert result.exit_code == 2, name
        assert "SERVICE" in result.output, name


def test_cli_refuses_10000_deep_nesting_without_crashing(sample_store, tmp_path):
    result = _cli("query", _query_file(tmp_path, _nested(10_000)), "--store", str(sample_store))
    assert result.exit_code == 2
    assert "at most 128" in " ".join(result.output.split())


def test_cli_query_reads_exactly_the_graphs_from_names(sample_store, tmp_path):
    """FROM <sample> counts the sample graph's own triples; without FROM, the union of all."""
    from footkg.store import local as store
    from footkg.vocab import graph_iri

    counts = store.triples_per_graph(store.open_store(sample_store))
    sample = graph_iri("sample")
    text = f"SELECT (COUNT(*) AS ?n) FROM <{sample}> WHERE {{ ?s ?p ?o }}"
    result = _cli("query", _query_file(tmp_path, text), "--store", str(sample_store), "--format",
                  "csv")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["n", str(counts[sample])]  # the sample note is on stderr
    text = f"SELECT (COUNT(DISTINCT ?g) AS ?n) FROM <{sample}> WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}"
    result = _cli("query", _query_file(tmp_path, text), "--store", str(sample_store), "--format",
                  "csv")  # fmt: skip
    assert result.stdout.split() == ["n", "0"]  # FROM alone names no named graph
