"""The SPARQL endpoint and Linked Data pages, served by uvicorn on loopback from a sample build.

Clients are real: SPARQLWrapper, httpx (as curl would), and headless Chromium when installed.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pyoxigraph as ox
import pytest
import uvicorn
from servers import free_port
from SPARQLWrapper import JSON, SPARQLWrapper
from typer.testing import CliRunner

from footkg import resources, vocab
from footkg.query import catalogue as queries
from footkg.serve import app as server
from footkg.serve import protocol
from footkg.store import local as store
from footkg.store import remote

FK = vocab.FK_NS
SAMPLE_GRAPH = vocab.graph_iri("sample")
ARGENTINA = vocab.team_iri("Argentina")
TIMEOUT = 2.0
MAX_BYTES = 300_000  # above the derived graph of the sample build (225 kB of N-Triples)
CROSS_PRODUCT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
CHAMPIONS = f"""PREFIX fk: <{FK}>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?label (COUNT(?ed) AS ?titles) WHERE {{ ?ed fk:champion ?t . ?t rdfs:label ?label }}
GROUP BY ?label ORDER BY DESC(?titles) ?label"""


@pytest.fixture(scope="module")
def app_config(sample_store: Path) -> server.ServerConfig:
    return server.ServerConfig(
        store_path=sample_store, timeout=TIMEOUT, max_result_bytes=MAX_BYTES, workers=2
    )


@pytest.fixture(scope="module")
def endpoint(app_config: server.ServerConfig) -> Iterator[str]:
    """The base URL of a running server (uvicorn in a thread, stopped after the module)."""
    app = server.create_app(app_config)
    port = free_port()
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="module")
def http(endpoint: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=endpoint, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def local(sample_store: Path) -> ox.Store:
    return store.open_store(sample_store)


# --- pure functions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        (None, "application/sparql-results+json"),
        ("text/csv", "text/csv"),
        ("text/*;q=0.5, application/sparql-results+xml", "application/sparql-results+xml"),
        ("text/*, text/csv;q=0", "text/tab-separated-values"),
        ("*/*;q=0.1, text/tab-separated-values", "text/tab-separated-values"),
        ("image/png", None),
    ],
)
def test_negotiate_follows_quality_and_specificity(accept, expected):
    assert protocol.negotiate(accept, list(protocol.RESULT_TYPES)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }", True),
        ("select * where { service silent <http://x/> { ?s ?p ?o } }", True),
        ("SELECT * WHERE { \\u0053ERVICE <http://x/> { ?s ?p ?o } }", True),
        ('SELECT * WHERE { ?s ?p "SERVICE" } # SERVICE', False),
        ("PREFIX service: <http://x/> SELECT * WHERE { ?s service:p ?service }", False),
        ("SELECT * WHERE { ?s <http://x/SERVICE> ?o }", False),
    ],
)
def test_uses_service_reads_keywords_only(text, expected):
    assert protocol.uses_service(text) is expected


def test_looks_like_update_skips_the_prologue():
    assert protocol.looks_like_update("PREFIX a: <http://a/> # c\n INSERT DATA { a:x a:y a:z }")
    assert protocol.looks_like_update("WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }")
    assert not protocol.looks_like_update("PREFIX insert: <http://a/> SELECT * { ?s ?p ?o }")


# --- SPARQL 1.1 Protocol ------------------------------------------------------------------------


def test_sparqlwrapper_gets_the_champions(endpoint, local):
    client = SPARQLWrapper(f"{endpoint}/sparql")
    client.setQuery(CHAMPIONS)
    client.setReturnFormat(JSON)
    rows = client.query().convert()["results"]["bindings"]
    got = [(r["label"]["value"], int(r["titles"]["value"])) for r in rows]
    assert got[:3] == [("Brazil", 5), ("Germany", 4), ("Italy", 4)]
    expected = queries.run(local, CHAMPIONS).rows
    assert got == [tuple(r) for r in expected]


def test_catalogue_answers_match_the_embedded_store(endpoint, local):
    """Every catalogue query over HTTP (via footkg.store.remote) equals queries.run on the store."""
    target = remote.RemoteStore.from_url(f"{endpoint}/sparql")
    catalogue = queries.load_catalogue(resources.queries_dir())
    for q in catalogue:
        if protocol.uses_service(q.text):
            continue  # federated (SERVICE) queries are refused by default, and need the web
        teams = iter([ARGENTINA, vocab.team_iri("France")])
        raw = {p.name: next(teams) for p in q.params if p.type == "team"}
        bindings = queries.bind_params(q, raw)
        here = queries.run(local, q, bindings)
        there = remote.query(target, q, bindings)
        assert there.variables == here.variables, q.name
        assert sorted(map(str, there.terms)) == sorted(map(str, here.terms)), q.name


def _triples(body: bytes, fmt: ox.RdfFormat) -> set[ox.Triple]:
    return {ox.Triple(q.subject, q.predicate, q.object) for q in ox.parse(body, format=fmt)}


def _solutions(body: bytes, fmt: ox.QueryResultsFormat) -> list[tuple[str, ...]]:
    parsed = ox.parse_query_results(body, format=fmt)
    return sorted(tuple(str(s[v]) for v in parsed.variables) for s in parsed)


@pytest.mark.parametrize("media", ["application/sparql-results+xml", "text/tab-separated-values"])
def test_select_formats_hold_the_same_solutions(http, media):
    as_json = http.get("/sparql", params={"query": CHAMPIONS})
    other = http.get("/sparql", params={"query": CHAMPIONS}, headers={"Accept": media})
    assert as_json.headers["content-type"].startswith("application/sparql-results+json")
    assert other.status_code == 200
    assert other.headers["content-type"].startswith(media)
    fmt = protocol.RESULT_TYPES[media]
    json_fmt = ox.QueryResultsFormat.JSON
    assert _solutions(other.content, fmt) == _solutions(as_json.content, json_fmt)


def test_csv_results_and_format_parameter(http):
    response = http.get("/sparql", params={"query": CHAMPIONS, "format": "csv"})
    assert response.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0] == ["label", "titles"]
    assert rows[1] == ["Brazil", "5"]


def test_post_form_and_direct_give_the_same_answer(http):
    form = http.post("/sparql", data={"query": CHAMPIONS})
    direct = http.post(
        "/sparql", content=CHAMPIONS.encode(), headers={"Content-Type": "application/sparql-query"}
    )
    assert form.status_code == direct.status_code == 200
    assert json.loads(form.content) == json.loads(direct.content)


def test_ask_answers_true_and_false(http):
    yes = f"ASK {{ <{ARGENTINA}> a <{FK}NationalTeam> }}"
    no = f"ASK {{ <{ARGENTINA}> a <{FK}Player> }}"
    assert http.get("/sparql", params={"query": yes}).json()["boolean"] is True
    assert http.get("/sparql", params={"query": no}).json()["boolean"] is False


@pytest.mark.parametrize(
    ("media", "fmt"),
    [
        ("text/turtle", ox.RdfFormat.TURTLE),
        ("application/n-triples", ox.RdfFormat.N_TRIPLES),
        ("application/ld+json", ox.RdfFormat.JSON_LD),
    ],
)
def test_construct_by_content_negotiation(http, local, media, fmt):
    text = f"CONSTRUCT {{ ?m <{FK}winner> ?w }} WHERE {{ ?m a <{FK}Match> ; <{FK}winner> ?w }}"
    response = http.post("/sparql", data={"query": text}, headers={"Accept": media})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(media)
    got = _triples(response.content, fmt)
    expected = set(local.query(text, use_default_graph_as_union=True))
    assert got == expected
    assert len(got) > 20


def test_default_graph_uri_selects_the_graphs(http, local):
    text = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    one = http.get("/sparql", params={"query": text, "default-graph-uri": SAMPLE_GRAPH})
    everything = http.get("/sparql", params={"query": text})
    counts = store.triples_per_graph(local)
    count = lambda r: int(r.json()["results"]["bindings"][0]["n"]["value"])  # noqa: E731
    assert count(one) == counts[SAMPLE_GRAPH]
    assert count(everything) == len(
        set(
            local.query(
                "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", use_default_graph_as_union=True
            )
        )
    )


def test_service_description_without_a_query(http, endpoint):
    response = http.get("/sparql", headers={"Accept": "text/turtle"})
    triples = list(ox.parse(response.content, format=ox.RdfFormat.TURTLE))
    sd = "http://www.w3.org/ns/sparql-service-description#"
    endpoints = [t.object.value for t in triples if t.predicate.value == sd + "endpoint"]
    assert endpoints == [f"{endpoint}/sparql"]


# --- refusals -----------------------------------------------------------------------------------

INSERT = "INSERT DATA { <http://example.org/a> <http://example.org/b> <http://example.org/c> }"


@pytest.mark.parametrize(
    "request_args",
    [
        {"method": "POST", "url": "/sparql", "data": {"update": INSERT}},
        {"method": "POST", "url": "/sparql", "data": {"query": INSERT}},
        {
            "method": "POST",
            "url": "/sparql",
            "content": INSERT.encode(),
            "headers": {"Content-Type": "application/sparql-update"},
        },
        {"method": "POST", "url": "/update", "data": {"update": INSERT}},
    ],
)
def test_updates_are_refused(http, local, request_args):
    before = len(local)
    response = http.request(**request_args)
    assert response.status_code == 403
    assert "read-only" in response.text
    ask = "ASK { GRAPH ?g { <http://example.org/a> ?p ?o } }"
    assert http.get("/sparql", params={"query": ask}).json()["boolean"] is False
    assert len(local) == before


@pytest.mark.parametrize("method", ["PUT", "POST", "DELETE"])
def test_graph_store_writes_are_refused(http, method):
    response = http.request(
        method,
        "/store",
        params={"graph": SAMPLE_GRAPH},
        content=b"",
        headers={"Content-Type": "application/n-triples"},
    )
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD"


def test_graph_store_get_returns_one_graph(http, local):
    response = http.get(
        "/store",
        params={"graph": vocab.graph_iri("derived")},
        headers={"Accept": "application/n-triples"},
    )
    triples = list(ox.parse(response.content, format=ox.RdfFormat.N_TRIPLES))
    assert len(triples) == store.triples_per_graph(local)[vocab.graph_iri("derived")]


@pytest.mark.parametrize(
    "text",
    [
        "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
        "SELECT * WHERE { \\u0053ERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    ],
)
def test_service_is_refused_by_default(http, text):
    response = http.post("/sparql", data={"query": text})
    assert response.status_code == 403
    assert "SERVICE" in response.text


def test_query_over_the_time_limit_is_stopped(http):
    response = http.post("/sparql", data={"query": CROSS_PRODUCT})
    assert response.status_code == 503
    assert "time limit of 2 s" in response.text
    again = http.get("/sparql", params={"query": CHAMPIONS, "format": "csv"})
    assert again.status_code == 200
    assert again.text.splitlines()[1] == "Brazil,5"


def test_result_size_limit(http):
    everything = "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"
    response = http.post("/sparql", data={"query": everything})
    assert response.status_code == 400
    assert f"more than {MAX_BYTES:,} bytes" in response.text
    limited = http.post("/sparql", data={"query": everything + " LIMIT 5"})
    assert len(limited.json()["results"]["bindings"]) == 5


@pytest.mark.parametrize(
    ("request_args", "status"),
    [
        ({"method": "GET", "url": "/sparql", "params": {"query": "SELEC * {}"}}, 400),
        (
            {
                "method": "GET",
                "url": "/sparql",
                "params": {"query": CHAMPIONS},
                "headers": {"Accept": "image/png"},
            },
            406,
        ),
        (
            {
                "method": "POST",
                "url": "/sparql",
                "content": b"query",
                "headers": {"Content-Type": "text/plain"},
            },
            415,
        ),
        ({"method": "POST", "url": "/sparql?query=ASK%7B%7D", "data": {"query": "ASK {}"}}, 400),
        (
            {
                "method": "GET",
                "url": "/sparql",
                "params": {"query": "ASK {}", "default-graph-uri": "not an iri"},
            },
            400,
        ),
    ],
)
def test_protocol_errors_are_clear(http, request_args, status):
    response = http.request(**request_args)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/plain")
    assert response.text.strip()


def test_cors_lets_another_origin_query(http):
    preflight = http.options(
        "/sparql",
        headers={
            "Origin": "http://editor.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "*"
    simple = http.get(
        "/sparql", params={"query": "ASK {}"}, headers={"Origin": "http://editor.example"}
    )
    assert simple.headers["access-control-allow-origin"] == "*"


# --- pages --------------------------------------------------------------------------------------


def test_query_page_lists_the_catalogue_without_external_assets(http):
    response = http.get("/", headers={"Accept": "text/html"})
    assert response.status_code == 200
    assert "nonce-" in response.headers["content-security-policy"]
    page = response.text
    for q in queries.load_catalogue(resources.queries_dir()):
        assert json.dumps(q.title)[1:-1].replace("<", "\\u003c") in page
    assert "<script src" not in page and "<link" not in page and "@import" not in page


def test_resource_page_html(http):
    response = http.get("/resource/team/argentina", headers={"Accept": "text/html"})
    assert response.status_code == 200
    assert "<h1>Argentina</h1>" in response.text
    assert 'href="/resource/country/argentina"' in response.text


@pytest.mark.parametrize(
    ("media", "fmt"),
    [("text/turtle", ox.RdfFormat.TURTLE), ("application/ld+json", ox.RdfFormat.JSON_LD)],
)
def test_resource_description_by_content_negotiation(http, local, media, fmt):
    response = http.get("/resource/team/argentina", headers={"Accept": media})
    assert response.status_code == 200
    assert response.headers["link"] == f'<{ARGENTINA}>; rel="canonical"'
    triples = _triples(response.content, fmt)
    team = ox.NamedNode(ARGENTINA)
    label = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
    assert ox.Triple(team, label, ox.Literal("Argentina")) in triples
    outgoing = {
        ox.Triple(q.subject, q.predicate, q.object)
        for q in local.quads_for_pattern(team, None, None, None)
    }
    assert outgoing <= triples


def test_unknown_resource_is_404(http):
    assert http.get("/resource/team/atlantis").status_code == 404


def test_void_description(http, local, endpoint):
    response = http.get("/.well-known/void", headers={"Accept": "text/turtle"})
    graph = list(ox.parse(response.content, format=ox.RdfFormat.TURTLE))
    void = vocab.PREFIXES["void"]
    by = lambda p: {t.subject.value: t.object.value for t in graph if t.predicate.value == p}  # noqa: E731
    assert by(void + "sparqlEndpoint") == {vocab.BASE + "dataset": f"{endpoint}/sparql"}
    counts = {g: int(n) for g, n in by(void + "triples").items() if g.startswith(vocab.GRAPH_NS)}
    assert counts == store.triples_per_graph(local)


# --- CLI ----------------------------------------------------------------------------------------


def test_cli_registers_once_and_checks_the_store(tmp_path):
    from footkg.cli.app import app
    from footkg.cli.serve import register

    register(app)
    register(app)
    names = [c.name for c in app.registered_commands]
    assert names.count("serve") == 1 and names.count("push") == 1
    result = CliRunner().invoke(app, ["serve", "--store", str(tmp_path / "none")])
    assert result.exit_code == 2
    assert "no footkg store" in " ".join(result.output.split())


# --- browser (optional) -------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed")
def test_headless_chromium_runs_the_example_query(endpoint, tmp_path):
    """Chromium loads the query page, which runs its first example when asked (#run)."""
    result = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=8000",
            "--dump-dom",
            f"{endpoint}/#run",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "rows (" in result.stdout
    assert "Brazil" in result.stdout
