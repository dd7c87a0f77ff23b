"""Remote SPARQL 1.1 stores: load graphs with the Graph Store HTTP Protocol, query with SPARQL.

Any SPARQL 1.1 server works (Oxigraph server, Apache Jena Fuseki, Virtuoso, GraphDB, QLever);
:class:`RemoteStore` holds its two addresses:

* the query endpoint (`SPARQL 1.1 Protocol <https://www.w3.org/TR/sparql11-protocol/>`_),
  used through SPARQLWrapper;
* the graph store endpoint (`SPARQL 1.1 Graph Store HTTP Protocol
  <https://www.w3.org/TR/sparql11-http-rdf-update/>`_), used with httpx: :func:`push` sends one
  named graph at a time as N-Triples, ``PUT ?graph=IRI`` for the first piece (replacing the
  graph) then ``POST`` (appending) for the next ones, ``chunk_triples`` triples per request, each
  with a ``Content-Length`` (Virtuoso 7 answers 201 to a chunked body and stores nothing). Into
  Oxigraph's server the pieces go through its bulk loader (``POST /store?graph=IRI&
  no_transaction`` after a ``DELETE``). A graph with blank nodes goes in one request, since each
  request is its own document and a blank node split across two would become two nodes. A push
  is not atomic: a failure part way leaves that graph partly loaded (push it again).

footkg keeps every fact in a named graph and its catalogue reads the union of them. On a remote
store :func:`query` asks for that union with the protocol's ``default-graph-uri`` parameters
(the store's named graphs, listed once by :func:`named_graphs`), so no server setting is needed.
Parameters are bound with :func:`footkg.query.catalogue.with_values_block` (serialised terms,
never text pasted into the query).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import httpx
import pyoxigraph as ox
from SPARQLWrapper import JSON, POST, URLENCODED, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

from footkg.errors import RemoteError
from footkg.query import analysis
from footkg.query.catalogue import CatalogueQuery, QueryResult, Term, row_limit, with_values_block
from footkg.store import is_url

__all__ = [
    "GraphPush",
    "RemoteError",
    "RemoteStore",
    "count_triples",
    "is_url",
    "named_graphs",
    "push",
    "query",
    "team_rows",
]

N_TRIPLES = "application/n-triples"


@dataclass(frozen=True)
class RemoteStore:
    """A remote SPARQL 1.1 store: ``query_url`` (SPARQL Protocol) and ``gsp_url`` (Graph Store
    HTTP Protocol); ``timeout`` in seconds per request."""

    query_url: str
    gsp_url: str
    timeout: float = 120.0

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        query_url: str | None = None,
        gsp_url: str | None = None,
        timeout: float = 120.0,
    ) -> RemoteStore:
        """The endpoints of the server at ``url``.

        ``url`` is the server's (or dataset's) base address: the query endpoint defaults to
        ``<url>/query`` and the graph store to ``<url>/store`` (Oxigraph server; for Fuseki pass
        ``http://host:3030/ds`` and ``gsp_url=http://host:3030/ds/data``). A ``url`` ending in
        ``/query`` or ``/sparql`` is taken as the query endpoint itself. Raises
        :class:`RemoteError` if ``url`` is not http(s).
        """
        if not is_url(url):
            raise RemoteError(f"not an http(s) address: {url!r}")
        base = url.rstrip("/")
        if base.rsplit("/", 1)[-1] in ("query", "sparql"):
            query_url, base = query_url or base, base.rsplit("/", 1)[0]
        return cls(query_url or f"{base}/query", gsp_url or f"{base}/store", timeout)


# --- querying -----------------------------------------------------------------------------------


def _sparql(
    remote: RemoteStore,
    text: str,
    default_graphs: Sequence[str] = (),
    named_graphs: Sequence[str] = (),
) -> bytes:
    """POST ``text`` (form-encoded) with a dataset (``default-graph-uri`` and
    ``named-graph-uri`` parameters) and return the raw SPARQL JSON results."""
    client = SPARQLWrapper(remote.query_url)
    client.setQuery(text)
    client.setMethod(POST)
    client.setRequestMethod(URLENCODED)
    client.setReturnFormat(JSON)
    client.setTimeout(max(1, round(remote.timeout)))
    for graph in default_graphs:
        client.addDefaultGraph(graph)
    for graph in named_graphs:
        client.addNamedGraph(graph)
    try:
        return client.query().response.read()
    except SPARQLWrapperException as exc:
        raise RemoteError(f"{remote.query_url} refused the query: {exc}") from exc
    except OSError as exc:  # URLError and timeouts are OSErrors
        raise RemoteError(f"cannot reach {remote.query_url}: {exc}") from exc


def _solutions(raw: bytes, where: str) -> ox.QuerySolutions:
    try:
        parsed = ox.parse_query_results(raw, format=ox.QueryResultsFormat.JSON)
    except SyntaxError as exc:
        raise RemoteError(f"{where} sent results that are not SPARQL JSON: {exc}") from exc
    if not isinstance(parsed, ox.QuerySolutions):
        raise RemoteError("only SELECT queries are supported here")
    return parsed


def named_graphs(remote: RemoteStore) -> list[str]:
    """The IRIs of the remote store's named graphs, sorted. Raises :class:`RemoteError`."""
    raw = _sparql(remote, "SELECT DISTINCT ?g WHERE { GRAPH ?g { } }")
    graphs = [s["g"] for s in _solutions(raw, remote.query_url)]
    return sorted(g.value for g in graphs if isinstance(g, ox.NamedNode))


def query(
    remote: RemoteStore,
    q: CatalogueQuery | str,
    bindings: Mapping[str, Term] | None = None,
    *,
    show_params: bool = False,
    default_graphs: Sequence[str] | Literal["union"] | None = "union",
) -> QueryResult:
    """Run a SELECT query on ``remote``, like :func:`footkg.query.catalogue.run` on a local store.

    ``bindings`` (from :func:`footkg.query.catalogue.bind_params`) go in a ``VALUES`` block;
    declared parameter columns are dropped unless ``show_params``. ``default_graphs``: ``"union"``
    (the default) queries the union of the remote named graphs, with each of them still available to
    ``GRAPH`` (the local store's dataset); a list, the merge of those graphs; ``None``, the server's
    own default graph; a query with ``FROM`` / ``FROM NAMED`` reads the dataset it names. A
    ``limit`` parameter keeps that many rows, as locally.
    Raises :class:`RemoteError` (server error, unreachable, not a SELECT) and
    :class:`footkg.query.catalogue.QueryError` (bad binding).
    """
    text = q if isinstance(q, str) else q.text
    params = set() if isinstance(q, str) else {p.name for p in q.params}
    limit = row_limit(q, bindings)
    text = with_values_block(text, bindings or {})
    union = default_graphs == "union"
    if union and analysis.analyse(text).has_dataset:
        union, default_graphs = False, None  # the query names its own dataset (FROM, FROM NAMED)
    graphs = named_graphs(remote) if union else list(default_graphs or ())
    # a default-graph-uri without named-graph-uri leaves no named graph to GRAPH on the server
    raw = _sparql(remote, text, graphs, graphs if union else ())
    solutions = _solutions(raw, remote.query_url)
    names = [v.value for v in solutions.variables]
    keep = [i for i, n in enumerate(names) if show_params or n not in params]
    terms = [tuple(_canonical(solution[i]) for i in keep) for solution in solutions][:limit]
    return QueryResult([names[i] for i in keep], terms)


_BOOLEAN = ox.NamedNode("http://www.w3.org/2001/XMLSchema#boolean")
_BOOLEANS = {
    "1": ox.Literal("true", datatype=_BOOLEAN),
    "0": ox.Literal("false", datatype=_BOOLEAN),
}


def _canonical(term: Term | None) -> Term | None:
    """A boolean in its canonical form: Virtuoso writes ``"1"^^xsd:boolean`` for true, a valid
    but non-canonical lexical form of the same value (XML Schema 1.1 §3.3.2)."""
    if isinstance(term, ox.Literal) and term.datatype == _BOOLEAN:
        return _BOOLEANS.get(term.value, term)
    return term


_TEAMS = """PREFIX fk: <https://w3id.org/footkg/ontology#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?t ?name ?g WHERE { VALUES ?class { fk:NationalTeam fk:Club } ?t a ?class ; fk:gender ?g .
  { ?t rdfs:label ?name } UNION { ?t skos:altLabel ?name } }"""


def team_rows(remote: RemoteStore) -> list[tuple[str, str, str]]:
    """``(team IRI, name or alias, gender)`` rows of the remote graph, for
    :class:`footkg.ingest.resolve.TeamIndex` (team parameters by name). Raises
    :class:`RemoteError`."""
    result = query(remote, _TEAMS)
    return [(str(t), str(n), str(g)) for t, n, g in result.rows]


_COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


def count_triples(remote: RemoteStore, graph: str) -> int:
    """The number of triples in named graph ``graph`` of the remote store."""
    text = with_values_block(_COUNT, {"g": ox.NamedNode(graph)})
    rows = list(_solutions(_sparql(remote, text), remote.query_url))
    return int(rows[0]["n"].value) if rows else 0


# --- pushing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GraphPush:
    """What :func:`push` sent for one named graph: ``triples``, HTTP ``requests``, ``seconds``,
    and ``remote_triples`` counted on the remote store afterwards (``None`` without verify)."""

    graph: str
    triples: int
    requests: int
    seconds: float
    remote_triples: int | None = None


_HAS_BLANK = "ASK { GRAPH ?g { ?s ?p ?o FILTER(isBlank(?s) || isBlank(?o)) } }"


def _has_blank_nodes(store: ox.Store, graph: ox.NamedNode) -> bool:
    result = store.query(_HAS_BLANK, substitutions={ox.Variable("g"): graph})
    return bool(result)


class _Bodies:
    """A binary writer that cuts N-Triples, as pyoxigraph dumps them, into request bodies of
    ``size`` lines (at line ends; ``size=None``: one body), handed to ``put`` as they fill."""

    def __init__(self, size: int | None, put: Callable[[bytes, int], None]) -> None:
        self.size = size
        self.put = put
        self.buffer = bytearray()
        self.lines = 0

    def write(self, data: bytes) -> int:
        self.buffer += data
        self.lines += data.count(b"\n")
        while self.size is not None and self.lines >= self.size:
            cut = -1
            for _ in range(self.size):
                cut = self.buffer.index(b"\n", cut + 1)
            self.put(bytes(self.buffer[: cut + 1]), self.size)
            del self.buffer[: cut + 1]
            self.lines -= self.size
        return len(data)

    def flush(self) -> None:
        """Pieces are handed over when full, the rest at :meth:`close`."""

    def close(self) -> None:
        if self.buffer:
            self.put(bytes(self.buffer), self.lines)
            self.buffer.clear()


_END = object()


def _bodies(store: ox.Store, graph: ox.NamedNode, size: int | None) -> Iterator[tuple[bytes, int]]:
    """``(N-Triples body, triples)`` pieces of ``graph``, dumped by pyoxigraph in a thread while
    the caller sends the previous piece (at most two pieces wait: memory stays bounded)."""
    pieces: queue.Queue[Any] = queue.Queue(maxsize=2)
    failure: list[BaseException] = []

    def dump() -> None:
        try:
            out = _Bodies(size, lambda body, n: pieces.put((body, n)))
            store.dump(out, format=ox.RdfFormat.N_TRIPLES, from_graph=graph)
            out.close()
        except BaseException as exc:  # handed to the caller below
            failure.append(exc)
        finally:
            pieces.put(_END)

    thread = threading.Thread(target=dump, name="footkg-push-dump", daemon=True)
    thread.start()
    try:
        while (piece := pieces.get()) is not _END:
            yield piece
    finally:
        while thread.is_alive():  # the caller stopped early: let the dump finish
            with contextlib.suppress(queue.Empty):
                pieces.get(timeout=0.1)
        thread.join()
    if failure:
        raise failure[0]


def server_kind(remote: RemoteStore) -> str:
    """``"oxigraph"`` when the query endpoint's ``Server`` header names Oxigraph (its graph
    store takes a bulk load: ``POST /store?no_transaction``), ``"virtuoso"`` for Virtuoso, else
    ``"generic"``. Raises :class:`RemoteError` when the server cannot be reached."""
    try:
        response = httpx.get(remote.query_url, params={"query": "ASK {}"}, timeout=remote.timeout)
    except httpx.HTTPError as exc:
        raise RemoteError(f"cannot reach {remote.query_url}: {exc}") from exc
    server = response.headers.get("server", "").lower()
    if server.startswith("oxigraph"):
        return "oxigraph"
    return "virtuoso" if "virtuoso" in server else "generic"


def _send(
    client: httpx.Client,
    method: str,
    remote: RemoteStore,
    params: dict[str, str],
    body: bytes | None,
    ok: tuple[int, ...] = (),
) -> None:
    graph = params.get("graph", "")
    try:
        response = client.request(
            method,
            remote.gsp_url,
            params=params,
            content=body,
            headers={"Content-Type": N_TRIPLES} if body is not None else {},
        )
    except httpx.HTTPError as exc:
        raise RemoteError(f"cannot {method} graph <{graph}> to {remote.gsp_url}: {exc}") from exc
    if response.status_code >= 300 and response.status_code not in ok:
        raise RemoteError(
            f"{remote.gsp_url} answered {response.status_code} to {method} of graph <{graph}>: "
            f"{response.text[:500]}"
        )


def _push_graph(
    client: httpx.Client,
    store: ox.Store,
    remote: RemoteStore,
    graph: str,
    chunk: int,
    bulk: bool,
) -> tuple[int, int]:
    """Send one graph; ``(triples, requests)``. Each body is bytes (``Content-Length``): a
    chunked body is stored as nothing by Virtuoso 7. A graph with blank nodes goes in one body
    (one document), so that no blank node is split in two."""
    node = ox.NamedNode(graph)
    size = None if _has_blank_nodes(store, node) else chunk
    sent = requests = 0
    if bulk:  # Oxigraph: empty the graph, then bulk-load each piece into it
        _send(client, "DELETE", remote, {"graph": graph}, None, ok=(404,))
        requests += 1
    for body, triples in _bodies(store, node, size):
        if bulk:
            _send(client, "POST", remote, {"graph": graph, "no_transaction": ""}, body)
        else:
            _send(client, "POST" if sent else "PUT", remote, {"graph": graph}, body)
        sent, requests = sent + triples, requests + 1
    if sent == 0 and not bulk:
        _send(client, "PUT", remote, {"graph": graph}, b"")
        requests += 1
    return sent, requests


def push(
    store: ox.Store,
    remote: RemoteStore,
    *,
    graphs: Sequence[str] | None = None,
    chunk_triples: int = 100_000,
    verify: bool = True,
    bulk: bool | None = None,
    on_graph: Callable[[GraphPush], None] | None = None,
) -> list[GraphPush]:
    """Copy named graphs of ``store`` to ``remote``, replacing graphs of the same name there.

    ``graphs``: the graph IRIs to push (default: every named graph of ``store``);
    ``chunk_triples``: triples per request (≥ 1; a graph with blank nodes goes whole);
    ``verify``: count each graph on the remote afterwards and raise if it differs; ``bulk``:
    use Oxigraph's bulk load (``DELETE`` the graph, then ``POST ?no_transaction`` pieces; about
    4x faster than its transactional load) — ``None`` decides by the server's ``Server`` header
    (:func:`server_kind`); otherwise the Graph Store Protocol as written (``PUT`` the first piece,
    ``POST`` the rest). Every body is N-Triples sent with a ``Content-Length``. Blank nodes stay
    blank nodes: each document keeps its labels, so a graph with any goes in one request and a
    push replaces it with an isomorphic copy. ``on_graph`` is called after each graph. Returns
    one :class:`GraphPush` per graph. Raises :class:`RemoteError` (refused, unreachable, count
    mismatch) and ``ValueError`` for ``chunk_triples`` < 1 or a graph ``store`` lacks.
    """
    if chunk_triples < 1:
        raise ValueError("chunk_triples must be at least 1")
    present = sorted(g.value for g in store.named_graphs() if isinstance(g, ox.NamedNode))
    chosen = list(graphs) if graphs is not None else present
    missing = [g for g in chosen if g not in present]
    if missing:
        raise ValueError(f"not in the local store: {', '.join(missing)}")
    if bulk is None:
        bulk = server_kind(remote) == "oxigraph"
    report = []
    with httpx.Client(timeout=remote.timeout) as client:
        for graph in chosen:
            start = time.perf_counter()
            sent, requests = _push_graph(client, store, remote, graph, chunk_triples, bulk)
            counted = count_triples(remote, graph) if verify else None
            if counted is not None and counted != sent:
                raise RemoteError(f"graph <{graph}>: sent {sent} triples, remote has {counted}")
            item = GraphPush(graph, sent, requests, time.perf_counter() - start, counted)
            report.append(item)
            if on_graph:
                on_graph(item)
    return report
