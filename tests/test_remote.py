"""Remote stores: push a sample build to a real ``oxigraph serve`` on loopback and query it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyoxigraph as ox
import pytest
from servers import HAVE_OXIGRAPH, free_port, oxigraph_serve, recording_http_server
from typer.testing import CliRunner

from footkg import resources, vocab
from footkg.query import analysis
from footkg.query import catalogue as queries
from footkg.store import local as store
from footkg.store import remote

ONTOLOGY = vocab.graph_iri("ontology")
SAMPLE = vocab.graph_iri("sample")
BNODES = "SELECT (COUNT(DISTINCT ?b) AS ?n) WHERE { GRAPH ?g { ?b ?p ?o FILTER isBlank(?b) } }"

pytestmark = pytest.mark.skipif(not HAVE_OXIGRAPH, reason="oxigraph CLI not installed")


@pytest.fixture(scope="module")
def local(sample_store: Path) -> ox.Store:
    return store.open_store(sample_store)


@pytest.fixture(scope="module")
def oxigraph_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``oxigraph serve`` (read-write, persistent folder) on a free loopback port."""
    with oxigraph_serve(tmp_path_factory.mktemp("oxigraph")) as url:
        yield url


@pytest.fixture(scope="module")
def pushed(local: ox.Store, oxigraph_url: str) -> list[remote.GraphPush]:
    return remote.push(local, remote.RemoteStore.from_url(oxigraph_url), chunk_triples=100)


def test_from_url_knows_the_oxigraph_layout():
    base = remote.RemoteStore.from_url("http://h:7878/")
    assert (base.query_url, base.gsp_url) == ("http://h:7878/query", "http://h:7878/store")
    fuseki = remote.RemoteStore.from_url("http://h:3030/ds/sparql", gsp_url="http://h:3030/ds/data")
    assert (fuseki.query_url, fuseki.gsp_url) == (
        "http://h:3030/ds/sparql",
        "http://h:3030/ds/data",
    )
    with pytest.raises(remote.RemoteError):
        remote.RemoteStore.from_url("/var/lib/footkg")


def test_push_sends_every_graph_in_chunks(pushed, local):
    """Into Oxigraph: a DELETE, then the graph's pieces through its bulk loader."""
    counts = store.triples_per_graph(local)
    assert {p.graph: p.triples for p in pushed} == counts
    assert all(p.remote_triples == p.triples for p in pushed)
    by_graph = {p.graph: p for p in pushed}
    assert by_graph[SAMPLE].requests == 1 + -(-counts[SAMPLE] // 100)
    assert by_graph[ONTOLOGY].requests == 1 + 1  # blank nodes: one document


def test_every_body_has_a_content_length_never_chunks(local):
    """Virtuoso 7 stores nothing from a chunked PUT: every body is sent whole, with its
    Content-Length, the graph with blank nodes too (issue 21 item 4)."""
    with recording_http_server() as (url, calls):
        target = remote.RemoteStore.from_url(url)
        remote.push(local, target, graphs=[SAMPLE, ONTOLOGY], chunk_triples=100, verify=False,
                    bulk=False)  # fmt: skip
    writes = [c for c in calls if c.startswith(("PUT", "POST"))]
    assert len(writes) == -(-store.triples_per_graph(local)[SAMPLE] // 100) + 1
    assert all("chunked=False" in c and "length=None" not in c for c in writes)
    assert sum(c.startswith("PUT") for c in writes) == 2  # one PUT per graph replaces it


def test_the_graph_store_protocol_path_gives_the_same_graphs(local, tmp_path_factory):
    """Without the bulk loader (any SPARQL 1.1 server): PUT then POST, same triples."""
    with oxigraph_serve(tmp_path_factory.mktemp("oxigraph-gsp")) as url:
        target = remote.RemoteStore.from_url(url)
        report = remote.push(local, target, chunk_triples=500, bulk=False)
        assert {p.graph: p.remote_triples for p in report} == store.triples_per_graph(local)
        again = remote.push(local, target, graphs=[ONTOLOGY], bulk=False)
        graph = {"g": ox.NamedNode(ONTOLOGY)}
        here = queries.run(local, BNODES, graph).rows
        assert remote.query(target, BNODES, graph, default_graphs=None).rows == here
        assert again[0].remote_triples == store.triples_per_graph(local)[ONTOLOGY]


def test_blank_nodes_survive_the_push(pushed, local, oxigraph_url):
    target = remote.RemoteStore.from_url(oxigraph_url)
    graph = {"g": ox.NamedNode(ONTOLOGY)}
    here = queries.run(local, BNODES, graph).rows
    there = remote.query(target, BNODES, graph, default_graphs=None).rows
    assert here == there
    assert here[0][0] > 0


def test_catalogue_answers_are_the_same_as_on_the_embedded_store(pushed, local, oxigraph_url):
    target = remote.RemoteStore.from_url(oxigraph_url)
    catalogue = queries.load_catalogue(resources.queries_dir())
    for q in catalogue:
        if analysis.analyse(q.text).uses_service:
            continue  # a federated query needs the public Wikidata endpoint
        teams = iter([vocab.team_iri("Argentina"), vocab.team_iri("France")])
        raw = {p.name: next(teams) for p in q.params if p.type == "team"}
        # a required parameter of another type takes the query's own example value
        raw |= {p.name: (q.example or {})[p.name] for p in q.params
                if p.required and p.type != "team" and p.name in (q.example or {})}  # fmt: skip
        bindings = queries.bind_params(q, raw)
        here = queries.run(local, q, bindings)
        there = remote.query(target, q, bindings)
        assert there.variables == here.variables, q.name
        assert sorted(map(str, there.terms)) == sorted(map(str, here.terms)), q.name
    champions = remote.query(
        target, catalogue.get("champions"), queries.bind_params(catalogue.get("champions"), {})
    )
    assert champions.records()[0] == {
        "team": vocab.team_iri("Brazil"),
        "teamLabel": "Brazil",
        "titles": 5,
        "years": "1958, 1962, 1970, 1994, 2002",
    }


def test_pushing_again_replaces_the_graphs(pushed, local, oxigraph_url):
    target = remote.RemoteStore.from_url(oxigraph_url)
    again = remote.push(local, target, graphs=[SAMPLE], chunk_triples=500)
    assert again[0].remote_triples == store.triples_per_graph(local)[SAMPLE]
    assert remote.named_graphs(target) == sorted(store.triples_per_graph(local))


def test_team_rows_feed_the_team_index(pushed, oxigraph_url):
    from footkg.ingest.resolve import TeamIndex

    index = TeamIndex(remote.team_rows(remote.RemoteStore.from_url(oxigraph_url)))
    assert index.lookup("Argentina") == vocab.team_iri("Argentina")


def test_unreachable_store_raises_remote_error(local):
    target = remote.RemoteStore.from_url(f"http://127.0.0.1:{free_port()}", timeout=5)
    with pytest.raises(remote.RemoteError, match="cannot"):
        remote.push(local, target, graphs=[SAMPLE])
    with pytest.raises(remote.RemoteError, match="cannot reach"):
        remote.query(target, "SELECT * WHERE { ?s ?p ?o } LIMIT 1", default_graphs=None)


def test_server_errors_are_reported(local, oxigraph_url):
    target = remote.RemoteStore.from_url(oxigraph_url)
    with pytest.raises(remote.RemoteError, match="refused the query"):
        remote.query(target, "SELECT * WHERE { ?s ?p }", default_graphs=None)
    bad = remote.RemoteStore.from_url(oxigraph_url, gsp_url=oxigraph_url + "/nowhere")
    with pytest.raises(remote.RemoteError, match="answered 4"):
        remote.push(local, bad, graphs=[SAMPLE], verify=False)


def test_cli_push(sample_store, oxigraph_url):
    from footkg.cli.app import app
    from footkg.cli.serve import register

    register(app)
    result = CliRunner().invoke(
        app, ["push", "--store", oxigraph_url, "--from", str(sample_store), "--chunk", "1000"]
    )
    assert result.exit_code == 0, result.output
    per_graph = store.triples_per_graph(store.open_store(sample_store))
    total = sum(per_graph.values())
    # the sample build's graphs: sample, resolution, derived, metadata, ontology, and one per
    # demo match report in data/articles
    assert len(per_graph) >= 5
    expected = f"pushed {len(per_graph)} graph(s), {total:,} triples"
    assert expected in " ".join(result.output.split())


def test_cli_build_and_query_against_a_remote_store(oxigraph_url, tmp_path, monkeypatch):
    """`footkg build --store URL` builds (offline: the sample) and pushes; `footkg query
    --store URL` then answers there, with team names resolved from the remote graph."""
    from footkg.cli.app import app

    monkeypatch.delenv("FOOTKG_DATA_DIR", raising=False)
    monkeypatch.setenv("FOOTKG_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    built = runner.invoke(app, ["build", "--store", oxigraph_url, "--offline", "--no-validate"])
    assert built.exit_code == 0, built.output
    assert "pushed" in built.output
    result = runner.invoke(app, ["query", "finals", "--store", oxigraph_url, "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 1 + 23  # the sample-only note is on stderr
    h2h = runner.invoke(app, ["query", "head-to-head-matches", "--store", oxigraph_url,
                              "-p", "team_a=West Germany", "-p", "team_b=Holland",
                              "--format", "csv"])  # fmt: skip
    assert h2h.exit_code == 0, h2h.output
    assert "1974-07-07" in h2h.output  # the 1974 final, Netherlands 1-2 West Germany
