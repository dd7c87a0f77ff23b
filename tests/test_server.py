"""The SPARQL endpoint and Linked Data pages, served by uvicorn on loopback from a sample build.

Clients are real: SPARQLWrapper, httpx (as curl would), and headless Chromium when installed.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pyoxigraph as ox
import pytest
from servers import footkg_server, recording_http_server
from SPARQLWrapper import JSON, SPARQLWrapper
from typer.testing import CliRunner

from footkg import resources, vocab
from footkg.query import analysis
from footkg.query import catalogue as queries
from footkg.serve import app as server
from footkg.serve import protocol
from footkg.store import local as store
from footkg.store import remote

FK = vocab.FK_NS
SAMPLE_GRAPH = vocab.graph_iri("sample")
ARGENTINA = vocab.team_iri("Argentina")
TIMEOUT = 60.0  # the runaway cases are in test_server_abuse.py, with a short limit
CROSS_PRODUCT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
CHAMPIONS = f"""PREFIX fk: <{FK}>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?label (COUNT(?ed) AS ?titles) WHERE {{ ?ed fk:champion ?t . ?t rdfs:label ?label }}
GROUP BY ?label ORDER BY DESC(?titles) ?label"""


@pytest.fixture(scope="module")
def app_config(sample_store: Path) -> server.ServerConfig:
    return server.ServerConfig(store_path=sample_store, timeout=TIMEOUT, workers=2)


@pytest.fixture(scope="module")
def running(app_config: server.ServerConfig) -> Iterator[tuple[str, object]]:
    """A running server (uvicorn in a thread, as ``footkg serve``), stopped after the module."""
    with footkg_server(app_config) as (url, app):
        yield url, app


@pytest.fixture(scope="module")
def endpoint(running) -> str:
    return running[0]


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


def test_looks_like_update_skips_the_prologue():
    def update(text: str) -> bool:
        return protocol.looks_like_update(analysis.analyse(text))

    assert update("PREFIX a: <http://a/> # c\n INSERT DATA { a:x a:y a:z }")
    assert update("PREFIX a: <http://a/> # c\r INSERT DATA { a:x a:y a:z }")
    assert update("WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }")
    assert not update("PREFIX insert: <http://a/> SELECT * { ?s ?p ?o }")


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
        if analysis.analyse(q.text).uses_service:
            continue  # federated (SERVICE) queries are refused by default, and need the web
        teams = iter([ARGENTINA, vocab.team_iri("France")])
        raw = {p.name: next(teams) for p in q.params if p.type == "team"}
        # a required parameter of another type takes the query's own example value
        raw |= {p.name: (q.example or {})[p.name] for p in q.params
                if p.required and p.type != "team" and p.name in (q.example or {})}  # fmt: skip
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
    assert response.status_code == 403  # as Oxigraph's read-only server answers
    assert "read-only" in response.text


def test_graph_store_get_returns_one_graph(http, local):
    response = http.get(
        "/store",
        params={"graph": vocab.graph_iri("derived")},
        headers={"Accept": "application/n-triples"},
    )
    triples = list(ox.parse(response.content, format=ox.RdfFormat.N_TRIPLES))
    assert len(triples) == store.triples_per_graph(local)[vocab.graph_iri("derived")]


def test_service_is_refused_in_every_spelling_and_nothing_is_called(http):
    """Most spellings make Oxigraph itself call the address (checked first, on an empty store:
    pyoxigraph 0.5.13 parses ``\\u0053ERVICE`` as a syntax error and runs ``SERVICE ?e``
    without the VALUES bindings, so those two cannot call it); the endpoint refuses every one
    and the address hears nothing (issue 22 item 1)."""
    from test_query_analysis import SERVICE_SPELLINGS

    not_run_by_oxigraph = {"codepoint escape", "long codepoint escape", "variable endpoint",
                           "SILENT variable"}  # fmt: skip
    with recording_http_server() as (url, calls):
        for name, text in SERVICE_SPELLINGS.items():
            text = text.replace("http://127.0.0.1:18999/x", url)
            if name not in not_run_by_oxigraph:
                calls.clear()
                list(ox.Store().query(text))
                assert calls, f"{name}: Oxigraph did not call the address, the case proves nothing"
            calls.clear()
            response = http.post("/sparql", data={"query": text})
            assert response.status_code == 403, name
            assert "SERVICE" in response.text, name
            assert calls == [], name


def test_a_large_result_is_streamed_whole(http, local):
    """300,000+ rows (every triple of the sample, times 100) arrive, none refused or lost."""
    values = " ".join(str(i) for i in range(100))
    text = f"SELECT ?s ?p ?o ?i WHERE {{ ?s ?p ?o VALUES ?i {{ {values} }} }}"
    expected = 100 * len(set(local.query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }",
                                         use_default_graph_as_union=True)))  # fmt: skip
    assert expected > 300_000
    with http.stream("POST", "/sparql", data={"query": text},
                     headers={"Accept": "text/tab-separated-values"}) as response:  # fmt: skip
        assert response.status_code == 200
        assert response.headers.get("transfer-encoding") == "chunked"
        lines = sum(chunk.count(b"\n") for chunk in response.iter_bytes())
    assert lines == 1 + expected


def test_graph_store_get_streams_the_largest_graph(http, local):
    counts = store.triples_per_graph(local)
    largest = max(counts, key=counts.get)
    response = http.get("/store", params={"graph": largest},
                        headers={"Accept": "application/n-triples"})  # fmt: skip
    assert response.status_code == 200
    assert len(list(ox.parse(response.content, format=ox.RdfFormat.N_TRIPLES))) == counts[largest]


def test_ten_thousand_deep_nesting_is_refused_and_the_server_lives_on(http):
    deep = "SELECT * WHERE " + "{" * 10_000 + " ?s ?p ?o " + "}" * 10_000
    response = http.post("/sparql", data={"query": deep})
    assert response.status_code == 400
    assert "at most 128" in response.text
    assert http.get("/sparql", params={"query": "ASK {}"}).json()["boolean"] is True


def test_non_latin1_resource_path_is_a_404(http):
    response = http.get("/resource/team/%F0%9F%98%80")
    assert response.status_code == 404
    assert "team/%F0%9F%98%80" in response.headers["link"]


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


def test_query_page_lists_the_catalogue_with_assets_from_the_package_only(http):
    import re

    response = http.get("/", headers={"Accept": "text/html"})
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "nonce-" in csp and "connect-src 'self'" in csp and "default-src 'none'" in csp
    page = response.text
    for q in queries.load_catalogue(resources.queries_dir()):
        assert json.dumps(q.title)[1:-1].replace("<", "\\u003c") in page
    assets = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', page)
    assert sorted(assets) == ["static/yasgui/yasgui.min.css", "static/yasgui/yasgui.min.js"]
    for asset in assets:
        served = http.get("/" + asset)
        assert served.status_code == 200
        assert len(served.content) > 10_000
    data = json.loads(page.split('id="data">', 1)[1].split("</script>", 1)[0])
    for example in data["examples"]:
        assert "# param:" not in example["text"] and "# title:" not in example["text"]
        assert "`" not in example["description"]  # the catalogue's Markdown code marks
        assert all("`" not in p["description"] for p in example["params"])


def test_catalogue_form_binds_parameters_on_the_server(http, local):
    """The query page's form: names are resolved and bound as RDF terms in a VALUES block;
    the text runs, and gives what footkg query gives."""
    response = http.get(
        "/catalogue/head-to-head-matches", params={"team_a": "Holland", "team_b": "West Germany"}
    )
    assert response.status_code == 200
    text = response.text
    assert not text.lstrip().startswith("#")
    assert f"<{vocab.team_iri('Netherlands')}>" in text and "Holland" not in text
    rows = http.post("/sparql", data={"query": text}).json()["results"]["bindings"]
    dates = {r["date"]["value"] for r in rows}
    assert "1974-07-07" in dates  # the 1974 final, Netherlands 1-2 West Germany
    unknown = http.get("/catalogue/head-to-head", params={"team_a": "Atlantis", "team_b": "Peru"})
    assert unknown.status_code == 400 and "Atlantis" in unknown.text
    assert http.get("/catalogue/no-such-query").status_code == 404


def test_catalogue_texts_take_the_hot_path_and_others_do_not(running):
    from footkg.serve.pages import catalogue_examples

    app = running[1]
    fast = app.state.fast
    _wait = time.monotonic() + 120
    while not app.state.calibration.done():
        assert time.monotonic() < _wait
        time.sleep(0.1)
    assert fast.allowed, "no catalogue query was measured fast enough on the sample"
    examples = {e["name"]: e["text"] for e in catalogue_examples(
        queries.load_catalogue(resources.queries_dir()))}  # fmt: skip
    name = sorted(fast.allowed)[0]
    assert fast.admits(examples[name]) == name
    assert fast.admits(examples[name] + "\n# a comment") is None
    assert fast.admits(examples[name].replace("VALUES", "VALUES ?x { 1 } VALUES", 1)) is None


def test_match_page_reads_like_a_match_report(http):
    response = http.get("/resource/match/2022-12-18-argentina-france",
                        headers={"Accept": "text/html"})  # fmt: skip
    assert response.status_code == 200
    page = response.text
    label = "Argentina 3–3 France (a.e.t., 4–2 pens), 2022 FIFA World Cup final"
    assert f"<h1>{label}</h1>" in page
    assert f"<title>{label}</title>" in page
    assert "Lusail" in page  # the venue
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))
    goals = text.split("Goals", 1)[1].split("Penalty shoot-out", 1)[0]
    # the six goals of the final, in minute order, each with its scorer (football history)
    history = ["23′ Lionel Messi (pen.) Argentina", "36′ Ángel Di María Argentina",
               "80′ Kylian Mbappé (pen.) France", "81′ Kylian Mbappé France",
               "108′ Lionel Messi Argentina", "118′ Kylian Mbappé (pen.) France"]  # fmt: skip
    at = [goals.find(goal) for goal in history]
    assert -1 not in at and at == sorted(at), goals


def test_player_page_lists_his_goals_with_their_matches(http):
    response = http.get("/resource/player/lionel-messi", headers={"Accept": "text/html"})
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))
    assert "<h1>Lionel Messi</h1>" in response.text
    final = "Argentina 3–3 France (a.e.t., 4–2 pens), 2022 FIFA World Cup final"
    goals = text.split("Goals", 1)[1]
    # his two goals in the 2022 final (the 23rd-minute penalty and the 108th minute)
    assert f"2022-12-18 23′ (pen.) {final}" in goals, goals[:600]
    assert f"2022-12-18 108′ {final}" in goals, goals[:600]


def test_team_page_shows_record_titles_and_grouped_backlinks(http):
    response = http.get("/resource/team/argentina", headers={"Accept": "text/html"})
    assert response.status_code == 200
    page = response.text
    assert "<h1>Argentina</h1>" in page
    assert "2022 FIFA World Cup" in page and "1978 FIFA World Cup" in page  # titles
    assert "<h2>Referenced by</h2>" in page
    assert 'href="/resource/country/argentina"' in page


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
def test_headless_chromium_runs_a_catalogue_example_in_yasgui(endpoint, tmp_path):
    """Chromium loads the query page (YASGUI from the package), binds the champions example
    through the form and runs it (#example=champions&run): the result table holds Brazil."""
    result = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={tmp_path}",
            "--virtual-time-budget=20000",
            "--dump-dom",
            f"{endpoint}/#example=champions&run",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    dom = result.stdout
    assert "yasqe" in dom and "CodeMirror" in dom  # the editor is up
    assert "Brazil" in dom.split('id="yasgui"', 1)[1]  # and the table under it has the answer
