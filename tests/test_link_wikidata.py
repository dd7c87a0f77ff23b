"""Wikidata linking against a real ``oxigraph serve`` on loopback, loaded with a small
Wikidata-shaped fixture, behind a real HTTP proxy that can answer 429, 403 or an empty 200."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pyoxigraph as ox
import pytest
from servers import HAVE_OXIGRAPH, oxigraph_serve

from footkg import vocab
from footkg.link import linkset, wikidata
from footkg.link.cache import AnswerCache
from footkg.link.wikidata import ClientSettings, SparqlClient

pytestmark = pytest.mark.skipif(not HAVE_OXIGRAPH, reason="oxigraph CLI not installed")

WD = "http://www.wikidata.org/entity/"
FIXTURE = """\
@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix schema: <http://schema.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .

wd:Q19317 rdfs:label "FIFA World Cup"@en .
wd:Q284163 rdfs:label "2022 FIFA World Cup"@en ; wdt:P3450 wd:Q19317 .

wd:Q79800 rdfs:label "Argentina national football team"@en ; wdt:P31 wd:Q6979593 ;
    wdt:P17 wd:Q414 .
<https://en.wikipedia.org/wiki/Argentina_national_football_team> a schema:Article ;
    schema:about wd:Q79800 ; schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> ;
    schema:name "Argentina national football team"@en .
wd:Q134940 rdfs:label "Mexico national football team"@en ; wdt:P31 wd:Q6979593 ;
    wdt:P17 wd:Q96 .
<https://en.wikipedia.org/wiki/Mexico_national_football_team> a schema:Article ;
    schema:about wd:Q134940 ; schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> ;
    schema:name "Mexico national football team"@en .
# the Spanish sitelink of the Mexico team must not be taken for an English one
<https://es.wikipedia.org/wiki/Lionel_Messi> schema:about wd:Q134940 ;
    schema:isPartOf <https://es.wikipedia.org/> .

wd:Q615 rdfs:label "Lionel Messi"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ; wdt:P54 wd:Q79800 ;
    wdt:P569 "1987-06-24T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<https://en.wikipedia.org/wiki/Lionel_Messi> a schema:Article ; schema:about wd:Q615 ;
    schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> ;
    schema:name "Lionel Messi"@en .
wd:Q200370 rdfs:label "N'Golo Kanté"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 .
<https://en.wikipedia.org/wiki/N%27Golo_Kant%C3%A9> a schema:Article ; schema:about wd:Q200370 ;
    schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> ;
    schema:name "N'Golo Kanté"@en .

# two players called Carlos Gómez, in different teams
wd:Q9000001 rdfs:label "Carlos Gómez"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ;
    wdt:P54 wd:Q79800 ;
    wdt:P569 "1990-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
wd:Q9000002 rdfs:label "Carlos Gómez"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ;
    wdt:P54 wd:Q134940 .
# two players called José Silva, both in the Argentina team: ambiguous
wd:Q9000003 rdfs:label "José Silva"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ; wdt:P54 wd:Q79800 .
wd:Q9000004 skos:altLabel "José Silva"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q937857 ;
    wdt:P54 wd:Q79800 .
# a "Pedro Ruiz" who is not a footballer
wd:Q9000005 rdfs:label "Pedro Ruiz"@en ; wdt:P31 wd:Q5 ; wdt:P106 wd:Q33999 ; wdt:P54 wd:Q79800 .

wd:Q320454 rdfs:label "Estadio Azteca"@en .
<https://en.wikipedia.org/wiki/Estadio_Azteca> a schema:Article ; schema:about wd:Q320454 ;
    schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> .
# BC Place: the QID openfootball gives was merged into another item (a redirect)
wd:Q612227 owl:sameAs wd:Q9000010 .
wd:Q9000010 rdfs:label "BC Place"@en .

# Curaçao men's team (no Wikipedia address in footkg), and the women's team as a decoy
wd:Q1136975 rdfs:label "Curaçao national football team"@en ; wdt:P31 wd:Q6979593 ;
    wdt:P17 wd:Q25279 .
wd:Q9000020 rdfs:label "Curaçao women's national football team"@en ; wdt:P31 wd:Q6979593 ;
    wdt:P17 wd:Q25279 .
"""

COUNTRY_CODES = """\
FIFA,ISO3166-1-Alpha-3,official_name_en,wikidata_id
ARG,ARG,Argentina,https://www.wikidata.org/wiki/Q414
MEX,MEX,Mexico,https://www.wikidata.org/wiki/Q96
CUW,CUW,Curaçao,https://www.wikidata.org/wiki/Q25279
1,GBR,United Kingdom,https://www.wikidata.org/wiki/Q145
"""

STADIUMS_2026 = """\
# comment
city,        timezone, cc, name,  capacity,   wikipedia, wikidata,     coords
Vancouver,   UTC-7, ca,  BC Place,     54000,   BC_Place,    Q612227,  49°16'36"N 123°6'43"W
Mexico City, UTC-6, mx,  Estadio Azteca, 83000, Estadio_Azteca,  Q320454,   19°18'11"N 99°09'02"W
"""


@pytest.fixture(scope="module")
def wikidata_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``oxigraph serve`` on loopback with the Wikidata-shaped fixture in its default graph;
    yields its base URL."""
    with oxigraph_serve(tmp_path_factory.mktemp("wdqs")) as base:
        response = httpx.post(
            f"{base}/store?default",
            content=FIXTURE.encode(),
            headers={"Content-Type": "text/turtle"},
        )
        assert response.status_code in (200, 201, 204), response.text
        yield base


class Proxy(ThreadingHTTPServer):
    """A loopback HTTP proxy in front of the SPARQL endpoint: each request takes the next
    scripted answer (``"429"``, ``"503"``, ``"403"``, ``"empty"``), else forwards."""

    daemon_threads = True

    def __init__(self, upstream: str) -> None:
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.upstream = upstream
        self.script: list[str] = []
        self.seen: list[tuple[str, str, int]] = []  # (method, user agent, body bytes)
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/query"


class _ProxyHandler(BaseHTTPRequestHandler):
    server: Proxy

    def log_message(self, *args: object) -> None:
        pass

    def _answer(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with self.server.lock:
            self.server.seen.append((method, self.headers.get("User-Agent", ""), len(body)))
            action = self.server.script.pop(0) if self.server.script else "forward"
        if action in ("429", "503", "403"):
            self.send_response(int(action))
            if action != "403":
                self.send_header("Retry-After", "1")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if action == "empty":
            self.send_response(200)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        headers = {k: v for k, v in self.headers.items() if k.lower() in ("accept", "content-type")}
        upstream = httpx.request(
            method,
            self.server.upstream + self.path.replace("/query", "/query", 1),
            content=body or None,
            headers=headers,
        )
        self.send_response(upstream.status_code)
        self.send_header("Content-Type", upstream.headers.get("content-type", "text/plain"))
        self.send_header("Content-Length", str(len(upstream.content)))
        self.end_headers()
        self.wfile.write(upstream.content)

    def do_GET(self) -> None:
        self._answer("GET")

    def do_POST(self) -> None:
        self._answer("POST")


@pytest.fixture
def proxy(wikidata_url: str) -> Iterator[Proxy]:
    server = Proxy(wikidata_url)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "country-codes").mkdir()
    (tmp_path / "country-codes" / "country-codes.csv").write_text(COUNTRY_CODES, "utf-8")
    stadiums = tmp_path / "openfootball-worldcup" / "stadiums-csv" / "2026--usa"
    stadiums.mkdir(parents=True)
    (stadiums / "cup_stadiums.csv").write_text(STADIUMS_2026, "utf-8")
    return tmp_path


FK = vocab.FK_NS
MESSI = vocab.player_iri("Lionel Messi")
KANTE = vocab.player_iri("N'Golo Kanté")
GOMEZ_ARG = vocab.player_iri("Carlos Gómez", "argentina")
GOMEZ_MEX = vocab.player_iri("Carlos Gómez", "mexico")
SILVA = vocab.player_iri("José Silva")
RUIZ = vocab.player_iri("Pedro Ruiz")
LONER = vocab.player_iri("Juan Nadie")
ARGENTINA = vocab.team_iri("Argentina")
MEXICO = vocab.team_iri("Mexico")
CURACAO = vocab.team_iri("Curaçao")
AZTECA = vocab.stadium_iri("Estadio Azteca", "Mexico City")
BC_PLACE = vocab.stadium_iri("BC Place", "Vancouver")
WC2022 = vocab.edition_iri(vocab.MENS_WORLD_CUP, 2022)
WC_SERIES = vocab.competition_iri(vocab.MENS_WORLD_CUP)


def _footkg_store() -> ox.Store:
    """A small footkg-shaped store: pages spelt as the sources spell them."""
    store = ox.Store()
    g = ox.NamedNode(vocab.graph_iri("test"))
    label = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
    rdf_type = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")

    def add(s: str, p: str, o: ox.NamedNode | ox.Literal) -> None:
        store.add(ox.Quad(ox.NamedNode(s), ox.NamedNode(p) if p != "a" else rdf_type, o, g))

    def entity(iri: str, cls: str, name: str, page: str | None = None) -> None:
        add(iri, "a", ox.NamedNode(FK + cls))
        store.add(ox.Quad(ox.NamedNode(iri), label, ox.Literal(name), g))
        if page:
            add(iri, FK + "wikipediaPage", ox.NamedNode(page))

    entity(
        ARGENTINA,
        "NationalTeam",
        "Argentina",
        "https://en.wikipedia.org/wiki/Argentina_national_football_team",
    )
    entity(
        MEXICO,
        "NationalTeam",
        "Mexico",
        "https://en.wikipedia.org/wiki/Mexico_national_football_team",
    )
    entity(CURACAO, "NationalTeam", "Curaçao")
    add(CURACAO, FK + "teamCode", ox.Literal("CUW"))
    add(CURACAO, FK + "gender", ox.Literal("men"))
    entity(MESSI, "Player", "Lionel Messi", "https://en.wikipedia.org/wiki/Lionel_Messi")
    entity(KANTE, "Player", "N'Golo Kanté", "https://en.wikipedia.org/wiki/N%27Golo_Kant%C3%A9")
    entity(GOMEZ_ARG, "Player", "Carlos Gómez")
    entity(GOMEZ_MEX, "Player", "Carlos Gómez")
    entity(SILVA, "Player", "José Silva")
    entity(RUIZ, "Player", "Pedro Ruiz")
    entity(LONER, "Player", "Juan Nadie")
    entity(AZTECA, "Stadium", "Estadio Azteca", "https://en.wikipedia.org/wiki/Estadio_Azteca")
    entity(BC_PLACE, "Stadium", "BC Place", "https://en.wikipedia.org/wiki/BC_Place")
    entity(WC2022, "TournamentEdition", "2022 FIFA World Cup")
    add(WC2022, FK + "competition", ox.NamedNode(WC_SERIES))
    store.add(ox.Quad(ox.NamedNode(WC_SERIES), label, ox.Literal("FIFA World Cup"), g))
    edition = vocab.edition_iri(vocab.MENS_WORLD_CUP, 2022)
    for player, team in [
        (GOMEZ_ARG, ARGENTINA),
        (GOMEZ_MEX, MEXICO),
        (SILVA, ARGENTINA),
        (RUIZ, ARGENTINA),
    ]:
        squad = vocab.squad_iri(edition, team, player)
        add(squad, FK + "player", ox.NamedNode(player))
        add(squad, FK + "team", ox.NamedNode(team))
    return store


def _client(proxy: Proxy, **kw: object) -> SparqlClient:
    settings = ClientSettings(endpoint=proxy.url, rate=0, backoff=0.05, **kw)  # type: ignore[arg-type]
    return SparqlClient(settings)


def test_links_every_method(proxy: Proxy, data_dir: Path, tmp_path: Path) -> None:
    with AnswerCache(tmp_path / "cache.sqlite") as cache:
        client = _client(proxy)
        result = wikidata.link_store(_footkg_store(), client, cache, data_dir=data_dir)
    links = result.links
    # clean sitelink hits, whatever the spelling of the address
    assert links[MESSI] == ("Q615", "sitelink")
    assert links[KANTE] == ("Q200370", "sitelink")
    assert links[ARGENTINA] == ("Q79800", "sitelink")
    assert links[AZTECA] == ("Q320454", "sitelink")
    # the QID openfootball gives for BC Place was merged: the link goes to the target
    assert result.redirects["Q612227"] == "Q9000010"
    assert links[BC_PLACE] == ("Q9000010", "source-qid")
    # same name, different teams: each gets its own item
    assert links[GOMEZ_ARG] == ("Q9000001", "reconciled")
    assert links[GOMEZ_MEX] == ("Q9000002", "reconciled")
    # two candidates in the same team: recorded, not guessed
    assert result.ambiguous[SILVA] == ["Q9000003", "Q9000004"]
    assert SILVA not in links
    # not a footballer; no team to give context
    assert RUIZ in result.unmatched and RUIZ not in links
    assert result.unmatched[LONER] == "no linked team to reconcile against"
    # a team without Wikipedia address: label + type + country, the women's team not taken
    assert links[CURACAO] == ("Q1136975", "reconciled")
    assert links[WC2022] == ("Q284163", "reconciled")
    # the client told the endpoint who it is
    assert {ua for _, ua, _ in proxy.seen} == {wikidata.DEFAULT_USER_AGENT}
    assert "footkg/" in wikidata.DEFAULT_USER_AGENT


def test_rerun_uses_the_cache(proxy: Proxy, data_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    with AnswerCache(path) as cache:
        first = wikidata.link_store(_footkg_store(), _client(proxy), cache, data_dir=data_dir)
    sent = len(proxy.seen)
    assert sent >= 4
    with AnswerCache(path) as cache:
        client = _client(proxy)
        second = wikidata.link_store(_footkg_store(), client, cache, data_dir=data_dir)
        offline = wikidata.link_store(
            _footkg_store(), None, cache, data_dir=data_dir, endpoint=proxy.url
        )
    assert client.stats.requests == 0 and len(proxy.seen) == sent
    assert second.links == first.links and second.ambiguous == first.ambiguous
    assert offline.links == first.links


def test_429_then_success_honours_retry_after(proxy: Proxy, tmp_path: Path) -> None:
    proxy.script = ["429", "503"]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        time.sleep(seconds)

    client = SparqlClient(ClientSettings(endpoint=proxy.url, rate=0, backoff=0.01), sleep=sleep)
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        started = time.monotonic()
        hits = wikidata.lookup_sitelinks(
            client, cache, ["https://en.wikipedia.org/wiki/Lionel_Messi"]
        )
        elapsed = time.monotonic() - started
        assert cache.count(proxy.url, "sitelink") == 1
    assert hits == {"https://en.wikipedia.org/wiki/Lionel_Messi": ["Q615"]}
    assert waits == [1.0, 1.0]  # Retry-After: 1, not the 0.01 s back-off
    assert elapsed >= 2.0
    assert client.stats.retries == 2 and client.stats.requests == 3


def test_retries_run_out(proxy: Proxy, tmp_path: Path) -> None:
    proxy.script = ["429"] * 3
    client = SparqlClient(
        ClientSettings(endpoint=proxy.url, rate=0, retries=2, max_retry_after=0.01)
    )
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        with pytest.raises(wikidata.RateLimitedError):
            wikidata.lookup_sitelinks(client, cache, ["https://en.wikipedia.org/wiki/Lionel_Messi"])
        assert cache.count() == 0


def test_403_is_not_retried_nor_cached(proxy: Proxy, tmp_path: Path) -> None:
    proxy.script = ["403", "403"]
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        client = _client(proxy)
        with pytest.raises(wikidata.ForbiddenError):
            wikidata.lookup_sitelinks(client, cache, ["https://en.wikipedia.org/wiki/Lionel_Messi"])
        assert client.stats.requests == 1 and client.stats.retries == 0
        assert cache.count() == 0
        # the next run asks again (a 403 was not stored as "no match") and finds the item
        proxy.script = []
        hits = wikidata.lookup_sitelinks(
            _client(proxy), cache, ["https://en.wikipedia.org/wiki/Lionel_Messi"]
        )
        assert hits == {"https://en.wikipedia.org/wiki/Lionel_Messi": ["Q615"]}


def test_empty_200_is_not_a_no_match(proxy: Proxy, tmp_path: Path) -> None:
    proxy.script = ["empty"]
    page = "https://en.wikipedia.org/wiki/Estadio_Azteca"
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        with pytest.raises(wikidata.EmptyResponseError):
            wikidata.lookup_sitelinks(_client(proxy), cache, [page])
        assert cache.count() == 0
        assert wikidata.lookup_sitelinks(_client(proxy), cache, [page]) == {page: ["Q320454"]}
        # a well-formed answer without the page is a real "no match", and is cached
        missing = "https://en.wikipedia.org/wiki/No_such_page"
        assert wikidata.lookup_sitelinks(_client(proxy), cache, [missing]) == {missing: []}
        assert cache.get_many(proxy.url, "sitelink", [missing]) == {missing: []}


def test_long_queries_are_posted(proxy: Proxy) -> None:
    pages = [f"https://en.wikipedia.org/wiki/Player_{i}" for i in range(60)]
    client = SparqlClient(ClientSettings(endpoint=proxy.url, rate=0, post_over=2000))
    hits = wikidata.lookup_sitelinks(
        client, None, [*pages, "https://en.wikipedia.org/wiki/Lionel_Messi"]
    )
    assert hits["https://en.wikipedia.org/wiki/Lionel_Messi"] == ["Q615"]
    assert [m for m, _, _ in proxy.seen] == ["POST"]
    short = SparqlClient(ClientSettings(endpoint=proxy.url, rate=0))
    wikidata.lookup_sitelinks(short, None, ["https://en.wikipedia.org/wiki/Lionel_Messi"])
    assert proxy.seen[-1][0] == "GET"


def test_batches_are_bounded(proxy: Proxy) -> None:
    pages = [f"https://en.wikipedia.org/wiki/Player_{i}" for i in range(25)]
    client = SparqlClient(ClientSettings(endpoint=proxy.url, rate=0, batch_size=10))
    wikidata.lookup_sitelinks(client, None, pages)
    assert client.stats.requests == 3


def test_rate_limit_spaces_requests() -> None:
    clock = [0.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds

    client = SparqlClient(ClientSettings(rate=2.0), sleep=sleep, clock=lambda: clock[0])
    for _ in range(3):
        client._pace()
    assert slept == [0.5, 0.5]


def test_retry_after_http_date() -> None:
    assert (
        wikidata.retry_after_seconds("Wed, 21 Oct 2015 07:28:10 GMT", now=lambda: 1445412480.0)
        == 10.0
    )
    assert wikidata.retry_after_seconds("7") == 7.0
    assert wikidata.retry_after_seconds("soon") is None


def test_linkset_graphs_replace_in_one_transaction(proxy: Proxy, data_dir: Path) -> None:
    result = wikidata.link_store(_footkg_store(), _client(proxy), None, data_dir=data_dir)
    quads = wikidata.link_quads(result, created="2026-01-02T03:04:05Z")
    store = _footkg_store()
    stale = ox.Quad(
        ox.NamedNode(MESSI), ox.NamedNode(linkset.OWL_SAME_AS), ox.NamedNode(WD + "Q1"),
        ox.NamedNode(linkset.WIKIDATA_GRAPHS["sitelink"]),
    )  # fmt: skip
    store.add(stale)
    written = linkset.replace_links(store, quads, linkset.WIKIDATA_GRAPHS.values())
    assert written == len(quads)
    assert stale not in store
    assert linkset.link_graphs(store) == sorted(linkset.WIKIDATA_GRAPHS.values())
    rows = store.query(
        """PREFIX void: <http://rdfs.org/ns/void#> PREFIX dcterms: <http://purl.org/dc/terms/>
        SELECT ?g ?n ?method ?src ?date WHERE { GRAPH ?g { ?g a void:Linkset ; void:triples ?n ;
          dcterms:identifier ?method ; dcterms:source ?src ; dcterms:created ?date } }"""
    )
    described = {
        r["method"].value: (int(r["n"].value), r["src"].value, r["date"].value) for r in rows
    }
    assert described["sitelink"] == (5, proxy.url, "2026-01-02T03:04:05Z")
    assert described["source-qid"][0] == 1
    assert described["reconciled"][0] == 4
    same = ox.NamedNode(linkset.OWL_SAME_AS)
    (gomez,) = store.quads_for_pattern(ox.NamedNode(GOMEZ_MEX), same, None)
    assert gomez.object == ox.NamedNode(WD + "Q9000002")


def test_source_tables() -> None:
    assert wikidata.qid("https://www.wikidata.org/wiki/Q183") == "Q183"
    assert wikidata.qid("http://www.wikidata.org/entity/Q615") == "Q615"
    with pytest.raises(ValueError):
        wikidata.qid("P54")


def test_shared_source_tables(shared_data: Path) -> None:
    stadiums = wikidata.openfootball_stadium_qids(shared_data)
    assert stadiums["https://en.wikipedia.org/wiki/Estadio_Azteca"] == "Q320454"
    assert stadiums["https://en.wikipedia.org/wiki/Levi%27s_Stadium"] == "Q7419343"
    assert stadiums["https://en.wikipedia.org/wiki/AT%26T_Stadium"] == "Q838284"
    assert len(stadiums) == 16
    countries = wikidata.country_qids(shared_data)
    assert countries["DEU"] == countries["GER"] == "Q183"
    assert "1" not in countries


def test_enrich_query_through_service(proxy: Proxy, data_dir: Path) -> None:
    """The catalogue query joins linked players with birth dates from the (loopback) service."""
    from footkg import resources
    from footkg.query import catalogue as queries

    result = wikidata.link_store(_footkg_store(), _client(proxy), None, data_dir=data_dir)
    store = _footkg_store()
    linkset.replace_links(store, wikidata.link_quads(result), linkset.WIKIDATA_GRAPHS.values())
    edition = vocab.edition_iri(vocab.MENS_WORLD_CUP, 2022)
    squad = vocab.squad_iri(edition, ARGENTINA, MESSI)
    g = ox.NamedNode(vocab.graph_iri("test"))
    for p, o in [("player", MESSI), ("team", ARGENTINA), ("edition", edition)]:
        store.add(ox.Quad(ox.NamedNode(squad), ox.NamedNode(FK + p), ox.NamedNode(o), g))
    store.add(
        ox.Quad(
            ox.NamedNode(edition),
            ox.NamedNode(FK + "year"),
            ox.Literal("2022", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")),
            g,
        )
    )
    for p, o in [("edition", edition)]:
        for player in (GOMEZ_ARG, SILVA):
            s = vocab.squad_iri(edition, ARGENTINA, player)
            store.add(ox.Quad(ox.NamedNode(s), ox.NamedNode(FK + p), ox.NamedNode(o), g))
    catalogue = queries.load_catalogue(resources.queries_dir())
    q = catalogue.get("wikidata-enrich")
    assert "SERVICE <https://query.wikidata.org/sparql>" in q.text
    local = queries.parse_query_text(
        q.text.replace("https://query.wikidata.org/sparql", proxy.url), q.name
    )
    bindings = queries.bind_params(
        local, {"team": ARGENTINA, "edition": "2022"}, resolve_team=lambda s: s
    )
    # SERVICE is refused unless allowed; here it calls the loopback proxy
    rows = queries.run(store, local, bindings, allow_service=True).records()
    got = {(r["playerLabel"], r["item"], str(r["wikidataBirthDate"])) for r in rows}
    assert got == {
        ("Lionel Messi", WD + "Q615", "1987-06-24 00:00:00+00:00"),
        ("Carlos Gómez", WD + "Q9000001", "1990-01-01 00:00:00+00:00"),
    }
