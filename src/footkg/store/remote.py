"""Remote SPARQL 1.1 stores: load graphs with the Graph Store HTTP Protocol, query with SPARQL.

Any SPARQL 1.1 server works (Oxigraph server, Apache Jena Fuseki, Virtuoso, GraphDB, QLever);
:class:`RemoteStore` holds its two addresses:

* the query endpoint (`SPARQL 1.1 Protocol <https://www.w3.org/TR/sparql11-protocol/>`_),
  used through SPARQLWrapper;
* the graph store endpoint (`SPARQL 1.1 Graph Store HTTP Protocol
  <https://www.w3.org/TR/sparql11-http-rdf-update/>`_), used with httpx: :func:`push` sends one
  named graph at a time as N-Triples, ``PUT ?graph=IRI`` for the first chunk (replacing the graph)
  then ``POST`` (appending) for the next ones, ``chunk_triples`` triples per request. A graph with
  blank nodes goes in one streamed request, since each request is its own document and a blank
  node split across two would become two nodes. A push is not atomic: a failure part way leaves
  that graph partly loaded (push it again).

footkg keeps every fact in a named graph and its catalogue reads the union of them. On a remote
store :func:`query` asks for that union with the protocol's ``default-graph-uri`` parameters
(the store's named graphs, listed once by :func:`named_graphs`), so no server setting is needed.
Parameters are bound with :func:`footkg.query.catalogue.with_values_block` (serialised terms,
never text pasted into the query).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Literal

import httpx
import pyoxigraph as ox
from SPARQLWrapper import JSON, POST, URLENCODED, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

from footkg.errors import RemoteError
from footkg.query.catalogue import CatalogueQuery, QueryResult, Term, with_values_block

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


def is_url(value: str) -> bool:
    """True when a ``--store`` value is an ``http(s)://`` address rather than a folder."""
    return value.startswith(("http://", "https://"))


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
    own default graph. Raises :class:`RemoteError` (server error, unreachable, not a SELECT) and
    :class:`footkg.query.catalogue.QueryError` (bad binding).
    """
    text = q if isinstance(q, str) else q.text
    params = set() if isinstance(q, str) else {p.name for p in q.params}
    text = with_values_block(text, bindings or {})
    union = default_graphs == "union"
    graphs = named_graphs(remote) if union else list(default_graphs or ())
    # a default-graph-uri without named-graph-uri leaves no named graph to GRAPH on the server
    raw = _sparql(remote, text, graphs, graphs if union else ())
    solutions = _solutions(raw, remote.query_url)
    names = [v.value for v in solutions.variables]
    keep = [i for i, n in enumerate(names) if show_params or n not in params]
    terms = [tuple(solution[i] for i in keep) for solution in solutions]
    return QueryResult([names[i] for i in keep], terms)


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


def _has_blank_nodes(store: ox.Store, graph: ox.NamedNode) -> bool:
    return any(
        isinstance(q.subject, ox.BlankNode) or isinstance(q.object, ox.BlankNode)
        for q in store.quads_for_pattern(None, None, None, graph)
    )


def _triples(store: ox.Store, graph: ox.NamedNode) -> Iterator[ox.Triple]:
    for quad in store.quads_for_pattern(None, None, None, graph):
        yield ox.Triple(quad.subject, quad.predicate, quad.object)


def _batches(triples: Iterable[ox.Triple], size: int) -> Iterator[list[ox.Triple]]:
    iterator = iter(triples)
    while batch := list(islice(iterator, size)):
        yield batch


def _stream(triples: Iterable[ox.Triple], counter: list[int]) -> Iterator[bytes]:
    """N-Triples of ``triples`` in pieces (one document: blank node labels stay consistent)."""
    for batch in _batches(triples, 10_000):
        counter[0] += len(batch)
        yield ox.serialize(batch, format=ox.RdfFormat.N_TRIPLES)


def _send(client: httpx.Client, method: str, remote: RemoteStore, graph: str, body) -> None:
    try:
        response = client.request(
            method,
            remote.gsp_url,
            params={"graph": graph},
            content=body,
            headers={"Content-Type": N_TRIPLES},
        )
    except httpx.HTTPError as exc:
        raise RemoteError(f"cannot {method} graph <{graph}> to {remote.gsp_url}: {exc}") from exc
    if response.status_code >= 300:
        raise RemoteError(
            f"{remote.gsp_url} answered {response.status_code} to {method} of graph <{graph}>: "
            f"{response.text[:500]}"
        )


def _push_graph(
    client: httpx.Client, store: ox.Store, remote: RemoteStore, graph: str, chunk: int
) -> tuple[int, int]:
    node = ox.NamedNode(graph)
    if _has_blank_nodes(store, node):
        counter = [0]
        _send(client, "PUT", remote, graph, _stream(_triples(store, node), counter))
        return counter[0], 1
    sent, requests = 0, 0
    for batch in _batches(_triples(store, node), chunk):
        method = "PUT" if requests == 0 else "POST"
        _send(client, method, remote, graph, ox.serialize(batch, format=ox.RdfFormat.N_TRIPLES))
        sent, requests = sent + len(batch), requests + 1
    if requests == 0:
        _send(client, "PUT", remote, graph, b"")
        requests = 1
    return sent, requests


def push(
    store: ox.Store,
    remote: RemoteStore,
    *,
    graphs: Sequence[str] | None = None,
    chunk_triples: int = 50_000,
    verify: bool = True,
    on_graph: Callable[[GraphPush], None] | None = None,
) -> list[GraphPush]:
    """Copy named graphs of ``store`` to ``remote``, replacing graphs of the same name there.

    ``graphs``: the graph IRIs to push (default: every named graph of ``store``);
    ``chunk_triples``: triples per request (≥ 1); ``verify``: count each graph on the remote
    afterwards and raise if it differs; ``on_graph`` is called after each graph. Returns one
    :class:`GraphPush` per graph. Raises :class:`RemoteError` (refused, unreachable, count
    mismatch) and ``ValueError`` for ``chunk_triples`` < 1 or a graph ``store`` lacks.
    """
    if chunk_triples < 1:
        raise ValueError("chunk_triples must be at least 1")
    present = sorted(g.value for g in store.named_graphs() if isinstance(g, ox.NamedNode))
    chosen = list(graphs) if graphs is not None else present
    missing = [g for g in chosen if g not in present]
    if missing:
        raise ValueError(f"not in the local store: {', '.join(missing)}")
    report = []
    with httpx.Client(timeout=remote.timeout) as client:
        for graph in chosen:
            start = time.perf_counter()
            sent, requests = _push_graph(client, store, remote, graph, chunk_triples)
            counted = count_triples(remote, graph) if verify else None
            if counted is not None and counted != sent:
                raise RemoteError(f"graph <{graph}>: sent {sent} triples, remote has {counted}")
            item = GraphPush(graph, sent, requests, time.perf_counter() - start, counted)
            report.append(item)
            if on_graph:
                on_graph(item)
    return report
