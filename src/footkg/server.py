"""The footkg SPARQL endpoint and Linked Data pages: a read-only ASGI app (Starlette, uvicorn).

Routes (``create_app``):

* ``GET|POST /sparql`` — `SPARQL 1.1 Protocol <https://www.w3.org/TR/sparql11-protocol/>`_ query
  operation: ``GET ?query=``, ``POST`` form-encoded (``query=``) or direct
  (``Content-Type: application/sparql-query``), with ``default-graph-uri`` / ``named-graph-uri``
  (none given: the default graph is the union of all named graphs, as in ``footkg query``).
  SELECT/ASK results as JSON, XML, CSV or TSV and CONSTRUCT/DESCRIBE graphs as Turtle,
  N-Triples, JSON-LD or RDF/XML by ``Accept`` (or a ``format=`` parameter: ``json``, ``xml``,
  ``csv``, ``tsv``, ``turtle``, ``ntriples``, ``jsonld``, ``rdfxml`` or a media type); pyoxigraph
  serialises. ``GET /sparql`` without a query returns a SPARQL 1.1 Service Description.
* read-only: SPARQL Update (``update=`` or ``application/sparql-update``, or update text sent as
  a query) → 403; ``/update`` → 403; Graph Store Protocol writes on ``/store`` → 405. ``GET
  /store?graph=IRI`` (or ``?default``) reads one graph (Graph Store HTTP Protocol).
* ``SERVICE`` (federation) → 403 unless ``ServerConfig.allow_service``: pyoxigraph would
  otherwise fetch any address the query names.
* ``GET /`` — an HTML query page with the catalogue's queries as examples (inline script and
  style, no external assets; Content-Security-Policy with a per-response nonce).
* ``GET /resource/<path>`` — Linked Data: the description of ``https://w3id.org/footkg/resource/
  <path>`` (its statements, up to ``describe_limit`` statements pointing at it, labels of its
  neighbours) as HTML, Turtle, JSON-LD or N-Triples by content negotiation; 404 when unknown.
* ``GET /.well-known/void`` — a VoID description: the build's metadata graph plus triple counts
  and the endpoint's addresses.
* CORS headers for every origin in ``ServerConfig.cors_origins`` (default ``*``).

Limits. pyoxigraph releases the GIL while it evaluates but cannot interrupt a query: a thread
that is abandoned keeps a core busy until the query ends (measured: a cross product over the
full graph kept running after its request had timed out). Every store access therefore runs in a
pool of worker processes (``multiprocessing`` spawn, each opening the store read-only); a query
past ``timeout`` seconds gets 503 and its worker is killed and replaced. Results are serialised
in the worker into a buffer capped at ``max_result_bytes``; a larger result gets 400
("result too large: add a LIMIT"). Workers reopen the store when ``footkg build`` swaps in a new
build.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import multiprocessing as mp
import os
import re
import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio.to_thread
import pyoxigraph as ox
import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import QueryParams
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from footkg import queries, resources, store, vocab
from footkg.provenance import DATASET_IRI, METADATA_GRAPH

# --- configuration ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServerConfig:
    """How the endpoint runs.

    ``store_path``: a store folder (``footkg build --store``); ``timeout``: seconds a query may
    run before it is stopped (503); ``max_result_bytes``: the largest serialised answer (bytes;
    larger → 400); ``workers``: query processes (queries beyond that wait in line);
    ``allow_service``: let queries use ``SERVICE`` (the server then makes outgoing HTTP
    requests); ``cors_origins``: origins allowed by CORS; ``describe_limit``: the most incoming
    statements on a resource page.
    """

    store_path: Path
    timeout: float = 10.0
    max_result_bytes: int = 32 * 1024 * 1024
    workers: int = field(default_factory=lambda: max(2, min(4, os.cpu_count() or 2)))
    allow_service: bool = False
    cors_origins: tuple[str, ...] = ("*",)
    describe_limit: int = 500


# --- content negotiation ------------------------------------------------------------------------

#: SELECT / ASK result media types → pyoxigraph format, in the server's order of preference.
RESULT_TYPES: dict[str, ox.QueryResultsFormat] = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
    "application/json": ox.QueryResultsFormat.JSON,
    "application/xml": ox.QueryResultsFormat.XML,
}
#: CONSTRUCT / DESCRIBE / graph media types → pyoxigraph format, in order of preference.
GRAPH_TYPES: dict[str, ox.RdfFormat] = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/ld+json": ox.RdfFormat.JSON_LD,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/json": ox.RdfFormat.JSON_LD,
}
#: ``format=`` shorthands → the Accept value they stand for.
FORMAT_ALIASES: dict[str, str] = {
    "json": "application/sparql-results+json, application/ld+json;q=0.9",
    "xml": "application/sparql-results+xml, application/rdf+xml;q=0.9",
    "csv": "text/csv",
    "tsv": "text/tab-separated-values",
    "turtle": "text/turtle",
    "ttl": "text/turtle",
    "ntriples": "application/n-triples",
    "nt": "application/n-triples",
    "jsonld": "application/ld+json",
    "rdfxml": "application/rdf+xml",
    "html": "text/html",
}
_TEXTUAL = ("text/", "application/sparql-results+json", "application/json", "application/ld+json")


def _parse_accept(accept: str) -> list[tuple[str, float]]:
    ranges: list[tuple[str, float]] = []
    for part in accept.split(","):
        fields = [f.strip() for f in part.split(";")]
        media = fields[0].lower()
        if media.count("/") != 1:
            continue
        q = 1.0
        for item in fields[1:]:
            key, _, value = item.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    q = 0.0
        ranges.append((media, q))
    return ranges


def _quality(offer: str, ranges: list[tuple[str, float]]) -> float:
    kind = offer.split("/", 1)[0]
    specificity, quality = -1, 0.0
    for media, q in ranges:
        if media == offer:
            level = 2
        elif media == f"{kind}/*":
            level = 1
        elif media == "*/*":
            level = 0
        else:
            continue
        if level > specificity:
            specificity, quality = level, q
    return quality


def negotiate(accept: str | None, offers: Sequence[str]) -> str | None:
    """The offered media type the ``Accept`` header value prefers (RFC 9110 §12.5.1).

    The most specific matching range gives an offer its quality; ties go to the earlier offer.
    No or an empty ``Accept`` means the first offer; ``None`` when nothing is acceptable.
    """
    if not accept or not accept.strip():
        return offers[0] if offers else None
    ranges = _parse_accept(accept)
    best, best_q = None, 0.0
    for offer in offers:
        q = _quality(offer, ranges)
        if q > best_q:
            best, best_q = offer, q
    return best


def _content_type(media: str) -> str:
    return f"{media}; charset=utf-8" if media.startswith(_TEXTUAL) else media


# --- query text checks --------------------------------------------------------------------------

_CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD"}
_PROLOGUE_WORDS = {"PREFIX", "BASE"}


def _unescape_codepoints(text: str) -> str:
    """Apply SPARQL's ``\\u``/``\\U`` codepoint escapes, as the parser does before parsing."""

    def char(match: re.Match[str]) -> str:
        code = int(match[1] or match[2], 16)
        return chr(code) if code <= 0x10FFFF else match[0]

    return _CODEPOINT.sub(char, text)


def _words(text: str) -> list[str]:
    """The bare keywords and names of a query (not in strings, IRIs or comments), upper case."""
    return [
        t.group().upper()
        for t in queries.SPARQL_TOKEN.finditer(_unescape_codepoints(text))
        if t.lastgroup == "word"
    ]


def uses_service(text: str) -> bool:
    """True when the query text has a ``SERVICE`` keyword (federation), after codepoint escapes.

    Strings, IRIs, comments and prefixed names (``ex:service``) do not count.
    """
    return "SERVICE" in _words(text)


def looks_like_update(text: str) -> bool:
    """True when the first keyword after the prologue is a SPARQL 1.1 Update operation."""
    words = _words(text)
    body = [w for w in words if w not in _PROLOGUE_WORDS and not w.endswith(":")]
    first = body[0] if body else ""
    return first in _UPDATE_WORDS or (first == "WITH" and len(body) > 1)


# --- worker processes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One piece of store work for a worker: ``kind`` is ``query``, ``describe``, ``graph`` or
    ``void``; ``args`` its arguments (see the ``_job_*`` functions)."""

    kind: str
    args: dict[str, Any]


@dataclass(frozen=True)
class Answer:
    """A worker's reply: HTTP ``status``, ``media`` type and ``body`` bytes (or text), plus any
    structured ``extra`` data."""

    status: int
    media: str
    body: bytes
    extra: Any = None


class ResultTooLargeError(Exception):
    """A serialised answer went past the byte limit."""


class _BoundedBuffer:
    """A binary writer that raises :class:`ResultTooLargeError` past ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data = bytearray()

    def write(self, chunk: bytes) -> int:
        if len(self.data) + len(chunk) > self.limit:
            raise ResultTooLargeError(self.limit)
        self.data += chunk
        return len(chunk)

    def flush(self) -> None:
        """Nothing to flush (in memory)."""


def _text(status: int, message: str) -> Answer:
    return Answer(status, "text/plain", message.encode())


def _too_large(limit: int) -> Answer:
    return _text(
        400,
        f"result too large: more than {limit:,} bytes (the server's result limit); "
        "add a LIMIT or select fewer variables",
    )


def _dataset_options(args: dict[str, Any]) -> dict[str, Any]:
    default = [ox.NamedNode(g) for g in args.get("default_graphs", ())]
    named = [ox.NamedNode(g) for g in args.get("named_graphs", ())]
    if not default and not named:
        return {"use_default_graph_as_union": True}
    options: dict[str, Any] = {"default_graph": default or ox.DefaultGraph()}
    if named:
        options["named_graphs"] = named
    return options


def _serialise(data: Any, fmt: ox.RdfFormat | ox.QueryResultsFormat, limit: int) -> bytes:
    buffer = _BoundedBuffer(limit)
    if isinstance(data, ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples):
        data.serialize(buffer, format=fmt)
    else:
        prefixes = vocab.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
        ox.serialize(data, buffer, format=fmt, prefixes=prefixes)
    return bytes(buffer.data)


def _job_query(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """Run ``args["text"]``; negotiate against ``args["accept"]``."""
    try:
        result = kg.query(args["text"], **_dataset_options(args))
    except SyntaxError as exc:
        if looks_like_update(args["text"]):
            return _text(403, "this endpoint is read-only: SPARQL Update is not accepted")
        return _text(400, f"SPARQL syntax error: {exc}")
    except (OSError, RuntimeError, ValueError) as exc:
        return _text(500, f"query failed: {exc}")
    offers: dict[str, Any] = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else RESULT_TYPES
    media = negotiate(args.get("accept"), list(offers))
    if media is None:
        return _text(406, f"cannot answer in {args.get('accept')!r}; offered: {', '.join(offers)}")
    try:
        body = _serialise(result, offers[media], limit)
    except ResultTooLargeError:
        return _too_large(limit)
    except (OSError, RuntimeError, ValueError) as exc:
        return _text(500, f"query failed: {exc}")
    return Answer(200, media, body)


_RDFS_LABEL = ox.NamedNode(vocab.PREFIXES["rdfs"] + "label")


def _describe_quads(kg: ox.Store, iri: ox.NamedNode, incoming_limit: int) -> list[ox.Quad]:
    """The statements about ``iri``, up to ``incoming_limit`` pointing at it, and the labels of
    the IRIs on the other end (each in its named graph)."""
    out = list(kg.quads_for_pattern(iri, None, None, None))
    incoming = []
    for quad in kg.quads_for_pattern(None, None, iri, None):
        if len(incoming) >= incoming_limit:
            break
        incoming.append(quad)
    neighbours = {q.object for q in out if isinstance(q.object, ox.NamedNode)}
    neighbours |= {q.subject for q in incoming if isinstance(q.subject, ox.NamedNode)}
    neighbours.discard(iri)
    labels = []
    for node in sorted(neighbours, key=lambda n: n.value):
        labels.extend(list(kg.quads_for_pattern(node, _RDFS_LABEL, None, None))[:1])
    return out + incoming + labels


def _job_describe(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """Describe ``args["iri"]``: N-Quads for an HTML page, else the negotiated graph format."""
    iri = ox.NamedNode(args["iri"])
    quads = _describe_quads(kg, iri, args["incoming_limit"])
    if not quads:
        return _text(404, f"nothing is known about <{iri.value}>")
    try:
        if args["media"] == "text/html":
            return Answer(
                200, "application/n-quads", _serialise(quads, ox.RdfFormat.N_QUADS, limit)
            )
        triples = list(dict.fromkeys(ox.Triple(q.subject, q.predicate, q.object) for q in quads))
        return Answer(200, args["media"], _serialise(triples, GRAPH_TYPES[args["media"]], limit))
    except ResultTooLargeError:
        return _too_large(limit)


def _job_graph(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """One graph of the store (Graph Store HTTP Protocol GET): ``args["graph"]`` or default."""
    graph = ox.NamedNode(args["graph"]) if args.get("graph") else ox.DefaultGraph()
    if isinstance(graph, ox.NamedNode) and not kg.contains_named_graph(graph):
        return _text(404, f"no graph <{graph.value}> in this store")
    triples = (
        ox.Triple(q.subject, q.predicate, q.object)
        for q in kg.quads_for_pattern(None, None, None, graph)
    )
    try:
        return Answer(200, args["media"], _serialise(triples, GRAPH_TYPES[args["media"]], limit))
    except ResultTooLargeError:
        return _too_large(limit)


def _job_void(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """The metadata graph as N-Triples, with triple counts per named graph in ``extra``."""
    meta = ox.NamedNode(METADATA_GRAPH)
    triples = [
        ox.Triple(q.subject, q.predicate, q.object)
        for q in kg.quads_for_pattern(None, None, None, meta)
    ]
    counts = store.triples_per_graph(kg)
    return Answer(
        200,
        "application/n-triples",
        _serialise(triples, ox.RdfFormat.N_TRIPLES, limit),
        extra=counts,
    )


_JOBS: dict[str, Callable[[ox.Store, dict[str, Any], int], Answer]] = {
    "query": _job_query,
    "describe": _job_describe,
    "graph": _job_graph,
    "void": _job_void,
}


def _worker_main(store_path: str, conn: Connection, limit: int) -> None:
    """A worker process: answer jobs from ``conn`` until it closes; reopen the store when the
    current build changes."""
    path, folder, kg = Path(store_path), None, None
    while True:
        try:
            job: Job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            now = store.current_build(path)
            if now != folder:
                kg, folder = ox.Store.read_only(str(now)), now
            answer = _JOBS[job.kind](kg, job.args, limit)
        except Exception as exc:  # a worker must answer, whatever went wrong
            answer = _text(500, f"internal error: {type(exc).__name__}: {exc}")
        conn.send(answer)


class QueryTimeoutError(Exception):
    """A job ran past the time limit; its worker was killed."""


class WorkerDiedError(Exception):
    """A worker process ended without answering."""


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Connection


class WorkerPool:
    """``size`` worker processes that run :class:`Job` s with a time limit (see module doc).

    Use ``await start()``, ``await run(job, timeout)``, ``await close()``.
    """

    def __init__(self, store_path: Path, size: int, max_result_bytes: int) -> None:
        self.store_path = store_path
        self.size = size
        self.max_result_bytes = max_result_bytes
        self._context = mp.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self.replaced = 0

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main,
            args=(str(self.store_path), child, self.max_result_bytes),
            daemon=True,
            name="footkg-query-worker",
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._all.add(worker)
        return worker

    async def start(self) -> None:
        """Start the workers (raises :class:`footkg.store.StoreNotBuiltError` without a store)."""
        store.current_build(self.store_path)
        for _ in range(self.size):
            self._idle.put_nowait(self._spawn())

    def _discard(self, worker: _Worker) -> None:
        self._all.discard(worker)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        worker.conn.close()

    async def _replace(self, worker: _Worker) -> None:
        await anyio.to_thread.run_sync(self._discard, worker)
        self.replaced += 1
        self._idle.put_nowait(self._spawn())

    async def run(self, job: Job, timeout: float) -> Answer:
        """Run ``job`` on an idle worker (waiting for one) and return its :class:`Answer`.

        Raises :class:`QueryTimeoutError` after ``timeout`` seconds of work (the worker is
        killed and replaced) and :class:`WorkerDiedError` if the worker crashed.
        """
        worker = await self._idle.get()
        healthy = False
        try:
            worker.conn.send(job)
            answer = await anyio.to_thread.run_sync(_receive, worker.conn, timeout)
            if answer is None:
                raise QueryTimeoutError(timeout)
            healthy = True
            return answer
        except (EOFError, OSError, BrokenPipeError) as exc:
            raise WorkerDiedError(str(exc)) from exc
        finally:
            if healthy:
                self._idle.put_nowait(worker)
            else:
                await self._replace(worker)

    async def close(self) -> None:
        """Stop every worker."""
        for worker in list(self._all):
            await anyio.to_thread.run_sync(self._discard, worker)


def _receive(conn: Connection, timeout: float) -> Answer | None:
    """Wait up to ``timeout`` seconds for an answer on ``conn``; ``None`` if none came."""
    if not conn.poll(timeout):
        return None
    return conn.recv()


# --- HTTP handlers ------------------------------------------------------------------------------


def _error(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(message + "\n", status_code=status)


def _accept(request: Request) -> str | None:
    override = request.query_params.get("format") or request.query_params.get("output")
    if override:
        return FORMAT_ALIASES.get(override.lower(), override)
    return request.headers.get("accept")


async def _run(request: Request, job: Job) -> Answer | Response:
    config: ServerConfig = request.app.state.config
    pool: WorkerPool = request.app.state.pool
    try:
        return await pool.run(job, config.timeout)
    except QueryTimeoutError:
        return _error(503, f"query stopped: it ran past the time limit of {config.timeout:g} s")
    except WorkerDiedError as exc:
        return _error(500, f"the query worker stopped unexpectedly ({exc})")


def _answer_response(answer: Answer) -> Response:
    headers = {"Vary": "Accept"}
    if answer.status >= 400:
        return PlainTextResponse(answer.body.decode() + "\n", answer.status)
    return Response(
        answer.body, answer.status, media_type=_content_type(answer.media), headers=headers
    )


class ProtocolError(Exception):
    """A request that breaks the SPARQL 1.1 Protocol: ``status`` and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


async def _read_operation(request: Request) -> tuple[str | None, list[str], list[str]]:
    """``(query, default graphs, named graphs)`` of a protocol request; raises
    :class:`ProtocolError` for updates (403), a bad content type (415) or two queries (400)."""
    url = request.query_params
    default, named = url.getlist("default-graph-uri"), url.getlist("named-graph-uri")
    if "update" in url:
        raise ProtocolError(403, "this endpoint is read-only: SPARQL Update is not accepted")
    if request.method != "POST":
        return url.get("query"), default, named
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media == "application/x-www-form-urlencoded":
        form = QueryParams((await request.body()).decode("utf-8", errors="replace"))
        if "update" in form:
            raise ProtocolError(403, "this endpoint is read-only: SPARQL Update is not accepted")
        if "query" in url:
            raise ProtocolError(400, "give the query in the URL or in the body, not both")
        default += [str(v) for v in form.getlist("default-graph-uri")]
        named += [str(v) for v in form.getlist("named-graph-uri")]
        query = form.get("query")
        return (str(query) if query is not None else None), default, named
    if media == "application/sparql-query":
        return (await request.body()).decode("utf-8", errors="replace"), default, named
    if media == "application/sparql-update":
        raise ProtocolError(403, "this endpoint is read-only: SPARQL Update is not accepted")
    raise ProtocolError(
        415,
        "POST a query as application/x-www-form-urlencoded (query=…) "
        "or as application/sparql-query",
    )


def _check_graphs(graphs: list[str]) -> None:
    for graph in graphs:
        try:
            ox.NamedNode(graph)
        except ValueError as exc:
            raise ProtocolError(400, f"not a valid graph IRI: {graph!r}") from exc


async def sparql_endpoint(request: Request) -> Response:
    """SPARQL 1.1 Protocol query operation (GET and POST); see the module docstring."""
    config: ServerConfig = request.app.state.config
    try:
        text, default, named = await _read_operation(request)
        _check_graphs(default + named)
    except ProtocolError as exc:
        return _error(exc.status, str(exc))
    if text is None:
        if negotiate(request.headers.get("accept"), ["text/turtle", "text/html"]) == "text/html":
            return RedirectResponse(request.url_for("index"), status_code=303)
        return _service_description(request)
    if not config.allow_service and uses_service(text):
        return _error(
            403,
            "SERVICE (federated query) is disabled on this endpoint "
            "(start the server with --allow-service to enable it)",
        )
    job = Job(
        "query",
        {
            "text": text,
            "accept": _accept(request),
            "default_graphs": default,
            "named_graphs": named,
        },
    )
    answer = await _run(request, job)
    return answer if isinstance(answer, Response) else _answer_response(answer)


async def update_endpoint(request: Request) -> Response:
    """Every SPARQL Update request is refused (403): the endpoint is read-only."""
    return _error(403, "this endpoint is read-only: SPARQL Update is not accepted")


async def graph_store(request: Request) -> Response:
    """Graph Store HTTP Protocol: ``GET ?graph=IRI`` or ``?default`` reads a graph; writes
    (PUT, POST, DELETE, PATCH) are refused with 405."""
    if request.method not in ("GET", "HEAD"):
        return PlainTextResponse(
            "this store is read-only: Graph Store Protocol writes are not accepted\n",
            status_code=405,
            headers={"Allow": "GET, HEAD"},
        )
    graph = request.query_params.get("graph")
    if graph is None and "default" not in request.query_params:
        return _error(400, "name a graph: ?graph=IRI or ?default")
    if graph is not None:
        try:
            ox.NamedNode(graph)
        except ValueError:
            return _error(400, f"not a valid graph IRI: {graph!r}")
    media = negotiate(_accept(request), list(GRAPH_TYPES))
    if media is None:
        return _error(406, f"offered: {', '.join(GRAPH_TYPES)}")
    answer = await _run(request, Job("graph", {"graph": graph, "media": media}))
    return answer if isinstance(answer, Response) else _answer_response(answer)


def resource_iri(path: str) -> str:
    """The footkg resource IRI a ``/resource/<path>`` request names (no new IRI is minted:
    the path is read back into the ``vocab.RES_NS`` namespace)."""
    return vocab.RES_NS + path


async def resource_page(request: Request) -> Response:
    """Linked Data: describe a resource as HTML, Turtle, JSON-LD or N-Triples (conneg)."""
    config: ServerConfig = request.app.state.config
    iri = resource_iri(request.path_params["path"])
    try:
        ox.NamedNode(iri)
    except ValueError:
        return _error(404, f"not a footkg resource path: {request.url.path}")
    media = negotiate(_accept(request), ["text/html", *GRAPH_TYPES])
    if media is None:
        return _error(406, f"offered: text/html, {', '.join(GRAPH_TYPES)}")
    job = Job("describe", {"iri": iri, "media": media, "incoming_limit": config.describe_limit})
    answer = await _run(request, job)
    if isinstance(answer, Response):
        return answer
    if answer.status == 200 and media == "text/html":
        quads = list(ox.parse(answer.body, format=ox.RdfFormat.N_QUADS))
        return _html(_render_resource(iri, quads, config.describe_limit))
    response = _answer_response(answer)
    response.headers["Link"] = f'<{iri}>; rel="canonical"'
    return response


async def void_description(request: Request) -> Response:
    """A VoID description of the dataset (Turtle, N-Triples, JSON-LD or RDF/XML by conneg)."""
    media = negotiate(_accept(request), list(GRAPH_TYPES))
    if media is None:
        return _error(406, f"offered: {', '.join(GRAPH_TYPES)}")
    answer = await _run(request, Job("void", {}))
    if isinstance(answer, Response):
        return answer
    if answer.status != 200:
        return _answer_response(answer)
    triples = list(ox.parse(answer.body, format=ox.RdfFormat.N_TRIPLES))
    triples += _void_statistics(str(request.url_for("sparql")), answer.extra)
    triples.sort(key=lambda t: (str(t.subject), str(t.predicate)))
    body = ox.serialize(
        triples,
        format=GRAPH_TYPES[media],
        prefixes=vocab.PREFIXES if media == "text/turtle" else None,
    )
    return Response(body, media_type=_content_type(media), headers={"Vary": "Accept"})


def _void_statistics(endpoint: str, counts: dict[str, int]) -> list[ox.Triple]:
    void = vocab.PREFIXES["void"]
    dataset = ox.NamedNode(DATASET_IRI)
    integer = ox.NamedNode(vocab.PREFIXES["xsd"] + "integer")

    def count(n: int) -> ox.Literal:
        return ox.Literal(str(n), datatype=integer)

    out = [
        ox.Triple(dataset, ox.NamedNode(void + "sparqlEndpoint"), ox.NamedNode(endpoint)),
        ox.Triple(dataset, ox.NamedNode(void + "uriSpace"), ox.Literal(vocab.RES_NS)),
        ox.Triple(dataset, ox.NamedNode(void + "triples"), count(sum(counts.values()))),
        ox.Triple(
            dataset,
            ox.NamedNode(void + "exampleResource"),
            ox.NamedNode(vocab.team_iri(EXAMPLE_TEAMS[0])),
        ),
    ]
    for graph, n in counts.items():
        out.append(ox.Triple(ox.NamedNode(graph), ox.NamedNode(void + "triples"), count(n)))
    return out


_SD = "http://www.w3.org/ns/sparql-service-description#"


def _service_description(request: Request) -> Response:
    """SPARQL 1.1 Service Description of this endpoint (Turtle, or as negotiated)."""
    media = negotiate(_accept(request), list(GRAPH_TYPES)) or "text/turtle"
    service = ox.BlankNode("service")
    rdf_type = ox.NamedNode(vocab.PREFIXES["rdf"] + "type")
    triples = [
        ox.Triple(service, rdf_type, ox.NamedNode(_SD + "Service")),
        ox.Triple(
            service, ox.NamedNode(_SD + "endpoint"), ox.NamedNode(str(request.url_for("sparql")))
        ),
        ox.Triple(
            service, ox.NamedNode(_SD + "supportedLanguage"), ox.NamedNode(_SD + "SPARQL11Query")
        ),
        ox.Triple(service, ox.NamedNode(_SD + "feature"), ox.NamedNode(_SD + "UnionDefaultGraph")),
    ]
    for fmt in {*RESULT_TYPES.values(), *GRAPH_TYPES.values()}:
        triples.append(
            ox.Triple(service, ox.NamedNode(_SD + "resultFormat"), ox.NamedNode(fmt.iri))
        )
    body = ox.serialize(triples, format=GRAPH_TYPES[media])
    return Response(body, media_type=_content_type(media), headers={"Vary": "Accept"})


async def index_page(request: Request) -> Response:
    """The HTML query page (catalogue examples, results table); no external assets."""
    return _html(request.app.state.index_html)


# --- HTML ---------------------------------------------------------------------------------------

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;
color:#1b1f24}
h1{font-size:1.5rem;margin:.2rem 0}a{color:#0b5cad}code,textarea,pre{font:13px/1.4 ui-monospace,
monospace}textarea{width:100%;height:22rem;box-sizing:border-box}table{border-collapse:collapse;
margin:.6rem 0;width:100%}th,td{border:1px solid #ccd;padding:.2rem .45rem;text-align:left;
vertical-align:top}th{background:#eef1f6}.muted{color:#5b6470}.error{color:#a00;
white-space:pre-wrap}.dt{color:#5b6470;font-size:.8em}select,button{font-size:1rem}
"""


def _html(body: str) -> HTMLResponse:
    nonce = secrets.token_urlsafe(16)
    csp = (
        f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
        "connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'"
    )
    return HTMLResponse(
        body.replace("{nonce}", nonce),
        headers={"Content-Security-Policy": csp, "Vary": "Accept"},
    )


def _page(title: str, body: str, script: str = "") -> str:
    tail = f'<script nonce="{{nonce}}">{script}</script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><style nonce="{{nonce}}">{_STYLE}</style></head>'
        f"<body>{body}{tail}</body></html>"
    )


EXAMPLE_TEAMS: tuple[str, ...] = ("Argentina", "France")
"""Teams bound to the catalogue's required ``team`` parameters on the query page, in order."""


def catalogue_examples(catalogue: queries.Catalogue) -> list[dict[str, str]]:
    """The catalogue as runnable examples: ``[{name, title, description, text}]``, each text with
    its defaults and :data:`EXAMPLE_TEAMS` bound in a ``VALUES`` block."""
    examples = []
    for q in catalogue:
        teams = iter(EXAMPLE_TEAMS)
        raw = {
            p.name: vocab.team_iri(next(teams, EXAMPLE_TEAMS[0]))
            for p in q.params
            if p.type == "team" and p.required
        }
        text = queries.with_values_block(q.text, queries.bind_params(q, raw))
        examples.append(
            {"name": q.name, "title": q.title, "description": q.description, "text": text}
        )
    return examples


def render_index(examples: list[dict[str, str]]) -> str:
    """The query page's HTML (with a ``{nonce}`` placeholder for :func:`_html`)."""
    data = json.dumps({"examples": examples, "resourceNs": vocab.RES_NS}).replace("<", "\\u003c")
    first = html.escape(examples[0]["text"]) if examples else "SELECT * WHERE { ?s ?p ?o } LIMIT 10"
    body = f"""<h1>footkg SPARQL endpoint</h1>
<p class="muted">A football knowledge graph. Endpoint: <code>sparql</code> (SPARQL 1.1 Protocol,
GET or POST; JSON, XML, CSV, TSV, Turtle, N-Triples, JSON-LD). Dataset description:
<a href=".well-known/void">VoID</a>. The default graph is the union of the named graphs.</p>
<form id="form"><p><label>Example: <select id="example"></select></label>
<span id="description" class="muted"></span></p>
<textarea id="query" name="query" spellcheck="false">{first}</textarea>
<p><button type="submit">Run query</button> <span id="status" class="muted"></span></p></form>
<div id="out"></div>
<script type="application/json" id="data">{data}</script>"""
    return _page("footkg SPARQL endpoint", body, _INDEX_SCRIPT)


_INDEX_SCRIPT = r"""
const data = JSON.parse(document.getElementById('data').textContent);
const sel = document.getElementById('example'), ta = document.getElementById('query');
const out = document.getElementById('out'), status = document.getElementById('status');
const desc = document.getElementById('description');
data.examples.forEach((e, i) => {
  const o = document.createElement('option'); o.value = i; o.textContent = e.title;
  sel.appendChild(o);
});
function choose() { const e = data.examples[sel.value]; if (e) { ta.value = e.text;
  desc.textContent = e.description; } }
sel.addEventListener('change', choose); if (data.examples.length) choose();
function cell(term) {
  const td = document.createElement('td'); if (!term) return td;
  if (term.type === 'uri') {
    const a = document.createElement('a'); a.textContent = term.value;
    a.href = term.value.startsWith(data.resourceNs)
      ? 'resource/' + term.value.slice(data.resourceNs.length) : term.value;
    td.appendChild(a);
  } else {
    td.textContent = term.value;
    if (term.datatype) { const s = document.createElement('span'); s.className = 'dt';
      s.textContent = ' ' + term.datatype.replace(/^.*[#\/]/, ''); td.appendChild(s); }
  }
  return td;
}
function table(res) {
  const t = document.createElement('table'), head = t.insertRow();
  res.head.vars.forEach(v => { const th = document.createElement('th');
    th.textContent = v; head.appendChild(th); });
  res.results.bindings.forEach(b => { const r = t.insertRow();
    res.head.vars.forEach(v => r.appendChild(cell(b[v]))); });
  return t;
}
document.getElementById('form').addEventListener('submit', async ev => {
  ev.preventDefault(); out.textContent = ''; status.textContent = 'running…';
  const t0 = performance.now();
  try {
    const body = new URLSearchParams({query: ta.value});
    const resp = await fetch('sparql', {method: 'POST', body,
      headers: {'Accept': 'application/sparql-results+json, text/turtle;q=0.9'}});
    const ms = Math.round(performance.now() - t0), type = resp.headers.get('Content-Type') || '';
    if (!resp.ok) { status.textContent = `error ${resp.status} (${ms} ms)`;
      const p = document.createElement('pre'); p.className = 'error';
      p.textContent = await resp.text(); out.appendChild(p); return; }
    if (type.startsWith('application/sparql-results+json')) {
      const res = await resp.json();
      if ('boolean' in res) { status.textContent = `${res.boolean} (${ms} ms)`; return; }
      status.textContent = `${res.results.bindings.length} rows (${ms} ms)`;
      out.appendChild(table(res));
    } else {
      status.textContent = `${type} (${ms} ms)`;
      const p = document.createElement('pre'); p.textContent = await resp.text();
      out.appendChild(p);
    }
  } catch (e) { status.textContent = 'error: ' + e; }
});
if (location.hash === '#run') document.getElementById('form').requestSubmit();
"""


def _compact(iri: str) -> str:
    for prefix, namespace in vocab.PREFIXES.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return f"{prefix}:{iri[len(namespace) :]}"
    return iri


def _link(node: ox.NamedNode | ox.BlankNode, labels: dict[str, str]) -> str:
    if isinstance(node, ox.BlankNode):
        return f"_:{html.escape(node.value)}"
    iri = node.value
    href = iri
    if iri.startswith(vocab.RES_NS):
        href = "/resource/" + quote(iri[len(vocab.RES_NS) :], safe="/-._~")
    text = html.escape(_compact(iri))
    label = labels.get(iri)
    extra = f' <span class="muted">{html.escape(label)}</span>' if label else ""
    return f'<a href="{html.escape(href)}">{text}</a>{extra}'


def _term_html(term: Any, labels: dict[str, str]) -> str:
    if isinstance(term, ox.Literal):
        datatype = term.datatype.value
        tag = f"@{term.language}" if term.language else _compact(datatype)
        shown = (
            "" if datatype.endswith("#string") else f' <span class="dt">{html.escape(tag)}</span>'
        )
        return html.escape(term.value) + shown
    return _link(term, labels)


def _render_resource(iri: str, quads: list[ox.Quad], incoming_limit: int) -> str:
    """The HTML page of a resource from its description quads (see :func:`_describe_quads`)."""
    node = ox.NamedNode(iri)
    labels = {
        q.subject.value: q.object.value
        for q in quads
        if q.predicate == _RDFS_LABEL and isinstance(q.subject, ox.NamedNode)
    }
    title = labels.get(iri, _compact(iri))
    rows_out = [q for q in quads if q.subject == node]
    rows_in = [q for q in quads if q.object == node and q.subject != node]

    def graph(q: ox.Quad) -> str:
        g = q.graph_name
        return "" if isinstance(g, ox.DefaultGraph) else html.escape(_compact(g.value))

    out = "".join(
        f"<tr><td>{_link(q.predicate, {})}</td><td>{_term_html(q.object, labels)}</td>"
        f'<td class="muted">{graph(q)}</td></tr>'
        for q in rows_out
    )
    inc = "".join(
        f"<tr><td>{_link(q.subject, labels)}</td><td>{_link(q.predicate, {})}</td>"
        f'<td class="muted">{graph(q)}</td></tr>'
        for q in rows_in
    )
    more = (
        (
            f'<p class="muted">Showing the first {incoming_limit} statements that point here; '
            "query the endpoint for all.</p>"
        )
        if len(rows_in) >= incoming_limit
        else ""
    )
    body = f"""<p><a href="/">footkg</a> · resource</p><h1>{html.escape(title)}</h1>
<p><code>{html.escape(iri)}</code> · as <a href="?format=turtle">Turtle</a>,
<a href="?format=jsonld">JSON-LD</a>, <a href="?format=ntriples">N-Triples</a></p>
<h2>Statements</h2><table><tr><th>property</th><th>value</th><th>graph</th></tr>{out}</table>
<h2>Referenced by</h2><table><tr><th>subject</th><th>property</th><th>graph</th></tr>{inc}</table>
{more}"""
    return _page(title, body)


# --- the application ----------------------------------------------------------------------------


def create_app(config: ServerConfig, catalogue: queries.Catalogue | None = None) -> Starlette:
    """The ASGI application for ``config`` (workers start with the app's lifespan).

    ``catalogue`` defaults to the shipped ``queries/`` folder. Raises
    :class:`footkg.store.StoreNotBuiltError` at startup when the store folder has no build.
    """
    catalogue = catalogue or queries.load_catalogue(resources.queries_dir())
    index_html = render_index(catalogue_examples(catalogue))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool = WorkerPool(config.store_path, config.workers, config.max_result_bytes)
        await pool.start()
        app.state.pool = pool
        try:
            yield
        finally:
            await pool.close()

    routes = [
        Route("/", index_page, methods=["GET"], name="index"),
        Route("/sparql", sparql_endpoint, methods=["GET", "POST"], name="sparql"),
        Route("/query", sparql_endpoint, methods=["GET", "POST"], name="query"),
        Route("/update", update_endpoint, methods=["GET", "POST"], name="update"),
        Route("/store", graph_store, methods=["GET", "PUT", "POST", "DELETE", "PATCH"]),
        Route("/resource/{path:path}", resource_page, methods=["GET"], name="resource"),
        Route("/.well-known/void", void_description, methods=["GET"], name="void"),
    ]
    middleware = [
        Middleware(
            CORSMiddleware,
            allow_origins=list(config.cors_origins),
            allow_methods=["GET", "POST", "OPTIONS"],
            allow_headers=["Accept", "Content-Type"],
            expose_headers=["Content-Type", "Link"],
            max_age=3600,
        )
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.config = config
    app.state.index_html = index_html
    return app


def serve(
    config: ServerConfig, host: str = "127.0.0.1", port: int = 7878, log_level: str = "info"
) -> None:
    """Serve ``config``'s store over HTTP with uvicorn until interrupted (blocks)."""
    store.current_build(config.store_path)
    uvicorn.run(create_app(config), host=host, port=port, log_level=log_level, proxy_headers=False)
