"""The endpoint under abuse (issue 22 item 6, issue 20 part 4): runaway queries stopped, workers
replaced and ready before they count, queued jobs cancelled when their client goes away, a
bounded queue, a per-client limit, partial requests timed out.

One server with one worker, a 3 s time limit and small limits, on the sample build. No test
depends on timing: each waits for a state (a worker replaced, a connection closed) with a bound
far above what it needs (600 s: beside two CPU hogs a replacement worker took over a minute to
start).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from servers import footkg_server

from footkg.serve import app as server

TIMEOUT = 3.0
CROSS_PRODUCT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
#: An ad hoc query (not a catalogue text: it runs in a worker) with a known answer.
CHAMPIONS = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?label (COUNT(?ed) AS ?titles) WHERE { ?ed fk:champion ?t . ?t rdfs:label ?label }
GROUP BY ?label ORDER BY DESC(?titles) ?label LIMIT 1"""


@pytest.fixture(scope="module")
def running(sample_store: Path) -> Iterator[tuple[str, object]]:
    config = server.ServerConfig(
        store_path=sample_store,
        timeout=TIMEOUT,
        workers=1,
        min_workers=1,
        max_queue=2,
        max_per_client=3,
        header_timeout=2.0,
        body_timeout=2.0,
    )
    with footkg_server(config) as (url, app):
        yield url, app


@pytest.fixture(scope="module")
def http(running) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=running[0], timeout=120) as client:
        yield client


def _wait_for(condition, what: str, bound: float = 600.0) -> None:
    deadline = time.monotonic() + bound
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not after {bound:g} s"
        time.sleep(0.05)


def _champion(http: httpx.Client) -> str:
    response = http.get("/sparql", params={"query": CHAMPIONS, "format": "csv"})
    assert response.status_code == 200, response.text
    return response.text.splitlines()[1]


def test_a_runaway_query_is_stopped_and_its_worker_replaced_before_the_next_query(http, running):
    """The only worker is killed at the limit; the next query waits for its replacement to be
    ready, so the replacement's start-up never counts against that query (issue 20 part 4)."""
    pool = running[1].state.pool
    replaced = pool.replaced
    response = http.post("/sparql", data={"query": CROSS_PRODUCT})
    assert response.status_code == 503
    assert "time limit of 3 s" in response.text
    assert pool.replaced == replaced + 1
    assert _champion(http) == "Brazil,5"


def _abandon(url: str, text: str) -> None:
    """Send a query and go away after 0.3 s without reading the answer."""
    with contextlib.suppress(httpx.TimeoutException):
        httpx.post(f"{url}/sparql", data={"query": text}, timeout=0.3)


def test_an_abandoned_query_is_cancelled_and_its_worker_freed(http, running):
    url, app = running
    pool = app.state.pool
    replaced = pool.replaced
    _abandon(url, CROSS_PRODUCT)
    _wait_for(lambda: pool.replaced == replaced + 1, "the abandoned query's worker killed")
    assert _champion(http) == "Brazil,5"


def test_queued_queries_are_dropped_when_their_clients_go(http, running):
    """Eight clients give up on queued runaways; none of them runs once its client is gone."""
    url, app = running
    pool = app.state.pool
    replaced = pool.replaced
    threads = [threading.Thread(target=_abandon, args=(url, CROSS_PRODUCT)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # every handler has seen its client go (on a loaded machine some start only now)
    _wait_for(lambda: not app.state.clients, "every abandoned request's handler finished")
    _wait_for(lambda: pool.waiting == 0, "the queue emptied")
    # at most the one running when its client left was killed; the others never started
    _wait_for(lambda: pool.ready == 1, "a worker ready")
    assert pool.replaced - replaced <= 1
    assert _champion(http) == "Brazil,5"


def test_the_queue_is_bounded_and_one_client_is_limited(http, running):
    url, app = running
    statuses: list[int] = []

    def runaway() -> None:
        statuses.append(httpx.post(f"{url}/sparql", data={"query": CROSS_PRODUCT},
                                   timeout=60).status_code)  # fmt: skip

    first = [threading.Thread(target=runaway) for _ in range(3)]
    for t in first:
        t.start()
    # one running, two waiting: the queue (2) is full, and this client has 3 queries already
    _wait_for(lambda: app.state.clients.get("127.0.0.1", 0) >= 3, "three queries in")
    extra = http.post("/sparql", data={"query": CHAMPIONS})
    assert extra.status_code == 429
    assert extra.headers["retry-after"] == "1"
    for t in first:
        t.join()
    assert sorted(statuses) == [503, 503, 503]
    assert _champion(http) == "Brazil,5"


def test_a_full_queue_answers_busy(running, sample_store):
    url, app = running
    pool = app.state.pool
    config = app.state.config
    app.state.config = server.ServerConfig(**{**config.__dict__, "max_per_client": 10})
    statuses: list[int] = []

    def runaway() -> None:
        statuses.append(httpx.post(f"{url}/sparql", data={"query": CROSS_PRODUCT},
                                   timeout=60).status_code)  # fmt: skip

    try:
        first = [threading.Thread(target=runaway) for _ in range(3)]
        for t in first:
            t.start()
        _wait_for(lambda: pool.waiting >= 2, "two queries waiting")
        busy = httpx.post(f"{url}/sparql", data={"query": CHAMPIONS}, timeout=60)
        assert busy.status_code == 503
        assert "busy" in busy.text and busy.headers["retry-after"] == "2"
        for t in first:
            t.join()
    finally:
        app.state.config = config


def test_headers_sent_a_byte_at_a_time_are_cut_off(running):
    """A slowloris client: the connection is closed once its headers are 2 s late."""
    host, port = running[0].removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\n")
        closed = False
        for _ in range(600):
            try:
                sock.sendall(b"X")
                data = sock.recv(1024) if _readable(sock) else b"-"
            except OSError:
                closed = True
                break
            if data == b"":
                closed = True
                break
            time.sleep(0.05)
        assert closed


def _readable(sock: socket.socket) -> bool:
    import select

    return bool(select.select([sock], [], [], 0)[0])


def test_a_body_that_never_arrives_is_a_408(running):
    host, port = running[0].removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(
            b"POST /sparql HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
            b"query=ASK"
        )
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408")
