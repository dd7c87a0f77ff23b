"""The footkg SPARQL endpoint and Linked Data pages: a read-only ASGI app (Starlette, uvicorn).

Routes (``create_app``):

* ``GET|POST /sparql`` (and ``/query``) — `SPARQL 1.1 Protocol
  <https://www.w3.org/TR/sparql11-protocol/>`_ query operation: ``GET ?query=``, ``POST``
  form-encoded (``query=``) or direct (``Content-Type: application/sparql-query``), with
  ``default-graph-uri`` / ``named-graph-uri``. The dataset follows SPARQL 1.1 Query §13: the
  request's graphs if it names any, else the query's ``FROM`` / ``FROM NAMED``, else (footkg's
  default, as ``footkg query``) the union of all named graphs, each also available to ``GRAPH``.
  Relative IRIs resolve against the endpoint's address. SELECT/ASK results as JSON, XML, CSV or
  TSV; CONSTRUCT/DESCRIBE graphs as Turtle, N-Triples, N-Quads, TriG, JSON-LD or RDF/XML, by
  ``Accept`` or a ``format=``/``output=`` parameter (see :mod:`footkg.serve.protocol`); answers
  are streamed. ``GET /sparql`` without a query returns a SPARQL 1.1 Service Description.
* read-only: SPARQL Update (``update=``, ``application/sparql-update``, or update text sent as a
  query) → 403; ``/update`` → 403; Graph Store Protocol writes on ``/store`` → 405. ``GET
  /store?graph=IRI`` (or ``?default``) streams one graph (Graph Store HTTP Protocol).
* ``SERVICE`` (federation) → 403 unless ``ServerConfig.allow_service``, decided from the parsed
  query (:mod:`footkg.query.analysis`); a query nested deeper than
  :data:`footkg.query.analysis.MAX_NESTING` brackets → 400 before pyoxigraph parses it.
* ``GET /`` — the query page (YASGUI, served from the package; the catalogue as examples with
  their parameters as a form). ``GET /resource/<path>`` — Linked Data: the page of ``https://
  w3id.org/footkg/resource/<path>`` as HTML (a match, team or player page, then its statements)
  or its description as Turtle, JSON-LD, N-Triples by content negotiation; 404 when unknown.
* ``GET /.well-known/void`` — a VoID description: the build's metadata graph plus triple counts.
* CORS headers for every origin in ``ServerConfig.cors_origins`` (default ``*``).

Limits (:mod:`footkg.serve.workers`, :mod:`footkg.serve.fastpath`). pyoxigraph cannot interrupt a
query, so every query that is not a catalogue query known to finish runs in a worker process that
is killed past ``timeout`` seconds (503 if nothing was sent yet; a stream cut off otherwise) or
when its client goes away, queued or running. At most ``max_queue`` requests wait for a worker
(more: 503 with ``Retry-After``), a client address has at most ``max_per_client`` worker jobs
queued or running at once (more: 429), a request must send its headers within
``header_timeout`` seconds of its first byte and its body within ``body_timeout`` (408). A
``max_result_bytes`` cap, when set, cuts a stream off past that size (the client sees an
incomplete answer, never a truncated one that looks whole).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import anyio.to_thread
import pyoxigraph as ox
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from footkg import resources, vocab
from footkg.query import analysis
from footkg.query import catalogue as queries
from footkg.serve import entities, memory
from footkg.serve.fastpath import CatalogueForms, FastPath
from footkg.serve.pages import (
    EXAMPLE_TEAMS,
    STATIC_DIR,
    catalogue_examples,
    html_response,
    render_entity,
    render_index,
)
from footkg.serve.protocol import (
    DATASET_TYPES,
    GRAPH_TYPES,
    READ_ONLY,
    Dataset,
    MediaRequest,
    ProtocolError,
    answer_type,
    content_type,
    looks_like_update,
    read_operation,
    requested_media,
    service_description,
)
from footkg.serve.timeouts import guarded_protocol
from footkg.serve.workers import (
    Job,
    PoolBusyError,
    QueryTimeoutError,
    Reply,
    WorkerDiedError,
    WorkerPool,
)
from footkg.store import local as store
from footkg.vocab import DATASET_IRI

log = logging.getLogger("footkg.serve")

# --- configuration ------------------------------------------------------------------------------


def _default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 2))


@dataclass(frozen=True)
class ServerConfig:
    """How the endpoint runs (times in seconds, sizes in bytes).

    ``store_path``: a store folder (``footkg build --store``); ``timeout``: how long a worker
    query may run, streaming included (503 / stream cut off); ``workers``: the most query
    processes (default: the CPU count, 1 to 4), of which ``min_workers`` (default 0) are kept
    ready and the others started when needed (a query waits for one to be ready, not counted
    against its limit) and stopped after a minute idle; ``max_queue``: requests that
    may wait for a worker; ``max_per_client``: worker jobs one client address may have queued
    or running;
    ``header_timeout`` / ``body_timeout``: how long a client may take to send a request's
    headers / body; ``max_result_bytes``: an optional cap on an answer's size (``None``: none);
    ``fast_budget``: the most a catalogue query may have taken at start-up to run on the hot
    path (default: half the time limit; ``0`` turns the hot path off); ``hot_threads``:
    hot-path queries run at once (twice the CPU count); ``allow_service``: let queries use
    ``SERVICE`` (the server then makes outgoing HTTP requests); ``cors_origins``: origins
    allowed by CORS;
    ``describe_limit``: statements pointing at a resource shown per page.
    """

    store_path: Path
    timeout: float = 10.0
    workers: int = field(default_factory=_default_workers)
    min_workers: int = 0
    max_queue: int = 64
    max_per_client: int = 8
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    max_result_bytes: int | None = None
    fast_budget: float | None = None
    hot_threads: int = field(default_factory=lambda: 2 * (os.cpu_count() or 1))
    allow_service: bool = False
    cors_origins: tuple[str, ...] = ("*",)
    describe_limit: int = 100
    max_query_bytes: int = 1024 * 1024


# --- HTTP handlers ------------------------------------------------------------------------------


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return PlainTextResponse(message + "\n", status_code=status, headers=headers)


async def _disconnected(request: Request) -> None:
    """Return once the client has gone (the body must have been read already)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


async def _body(request: Request) -> bytes:
    config: ServerConfig = request.app.state.config
    length = request.headers.get("content-length")
    if length and length.isdigit() and int(length) > config.max_query_bytes:
        raise ProtocolError(413, f"request body over {config.max_query_bytes:,} bytes")
    try:
        return await asyncio.wait_for(request.body(), config.body_timeout)
    except TimeoutError:
        raise ProtocolError(
            408, f"the request body did not arrive within {config.body_timeout:g} s"
        ) from None


async def _dispatch(request: Request, job: Job) -> Reply | Response:
    """Run ``job`` in a worker, within the queue and per-client limits, cancelling it if the
    client goes away; a :class:`Reply`, or an error :class:`Response` (499 when the client went
    away)."""
    config: ServerConfig = request.app.state.config
    pool: WorkerPool = request.app.state.pool
    clients: dict[str, int] = request.app.state.clients
    client = request.client.host if request.client else "?"
    if clients.get(client, 0) >= config.max_per_client:
        return _error(
            429,
            f"too many queries from {client} at once (at most {config.max_per_client})",
            {"Retry-After": "1"},
        )
    clients[client] = clients.get(client, 0) + 1
    work = asyncio.ensure_future(pool.run(job, config.timeout))
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({work, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not work.done():
            work.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await work
            return _error(499, "client closed the connection")  # nobody reads it; logs do
        return work.result()
    except PoolBusyError:
        return _error(
            503, f"the server is busy ({config.max_queue} queries waiting)", {"Retry-After": "2"}
        )
    except QueryTimeoutError:
        return _error(503, f"query stopped: it ran past the time limit of {config.timeout:g} s")
    except WorkerDiedError as exc:
        return _error(500, f"the query worker stopped unexpectedly ({exc})")
    finally:
        gone.cancel()
        clients[client] -= 1
        if clients[client] <= 0:
            del clients[client]


async def _stream(reply: Reply, limit: int | None) -> AsyncIterator[bytes]:
    sent = 0
    try:
        async for chunk in reply.chunks():
            sent += len(chunk)
            if limit is not None and sent > limit:
                raise ResultCapError(limit)
            yield chunk
    finally:
        await reply.aclose()


class ResultCapError(Exception):
    """An answer went past the server's ``max_result_bytes``; its stream is cut off."""


def _reply_response(reply: Reply, config: ServerConfig, headers: dict[str, str]) -> Response:
    return StreamingResponse(
        _stream(reply, config.max_result_bytes),
        status_code=reply.status,
        media_type=content_type(reply.media),
        headers=headers,
    )


async def _hot(
    request: Request, fast: FastPath, name: str, text: str, media: MediaRequest
) -> tuple[int, str, bytes]:
    """Run a catalogue query on the hot path: at most ``hot_threads`` at once (more would not
    finish sooner on this many cores, and each holds its own working memory); freed memory goes
    back to the system when the last one running ends (``malloc_trim`` locks the allocator: run
    while queries are, it slowed them, measured)."""
    state = request.app.state
    async with state.hot_limiter:
        state.hot_running += 1
        try:
            return await anyio.to_thread.run_sync(fast.run, name, text, media)
        finally:
            state.hot_running -= 1
            if state.hot_running == 0:
                await anyio.to_thread.run_sync(memory.trim)


def endpoint_url(request: Request) -> str:
    """The address of the endpoint ``request`` reached, without its query string (the base IRI
    of its query's relative IRIs)."""
    return str(request.url.replace(query="", fragment=""))


async def sparql_endpoint(request: Request) -> Response:
    """SPARQL 1.1 Protocol query operation (GET and POST); see the module docstring."""
    config: ServerConfig = request.app.state.config
    try:
        body = await _body(request) if request.method == "POST" else b""
        operation = await read_operation(request, body)
    except ProtocolError as exc:
        return _error(exc.status, str(exc))
    media = requested_media(request)
    if operation.query is None:
        if media.choose(["text/turtle", "text/html"]) == "text/html" and not media.override:
            return RedirectResponse(request.url_for("index"), status_code=303)
        return service_description(request, endpoint_url(request))
    text = operation.query
    try:
        facts = analysis.analyse(text)
    except analysis.QueryTooDeepError as exc:
        return _error(400, f"SPARQL query refused: {exc}")
    if looks_like_update(facts):
        return _error(403, READ_ONLY)
    if facts.uses_service and not config.allow_service:
        return _error(
            403,
            "SERVICE (federated query) is disabled on this endpoint "
            "(start the server with --allow-service to enable it)",
        )
    headers = {"Vary": "Accept"}
    fast: FastPath | None = request.app.state.fast
    name = fast.admits(text) if fast and not operation.names_dataset else None
    if name is not None:
        status, chosen, answer = await _hot(request, fast, name, text, media)
        return Response(answer, status, media_type=content_type(chosen), headers=headers)
    job = Job(
        "query",
        {
            "text": text,
            "base_iri": endpoint_url(request),
            "dataset": Dataset.of(operation, facts),
            "media": media,
        },
    )
    reply = await _dispatch(request, job)
    if isinstance(reply, Response):
        return reply
    return _reply_response(reply, config, headers)


async def update_endpoint(request: Request) -> Response:
    """Every SPARQL Update request is refused (403): the endpoint is read-only."""
    return _error(403, READ_ONLY)


async def graph_store(request: Request) -> Response:
    """Graph Store HTTP Protocol: ``GET ?graph=IRI`` or ``?default`` streams a graph, ``GET``
    alone the whole dataset (N-Quads or TriG, as Oxigraph's server); writes (PUT, POST, DELETE,
    PATCH) are refused with 403, as Oxigraph's read-only server does."""
    config: ServerConfig = request.app.state.config
    if request.method not in ("GET", "HEAD"):
        return _error(403, "this store is read-only: Graph Store Protocol writes are not accepted")
    graph = request.query_params.get("graph")
    whole = graph is None and "default" not in request.query_params
    if graph is not None:
        try:
            ox.NamedNode(graph)
        except ValueError:
            return _error(400, f"not a valid graph IRI: {graph!r}")
    offers = list(DATASET_TYPES) if whole else list(GRAPH_TYPES)
    media = requested_media(request).choose(offers)
    if media is None:
        return _error(406, f"offered: {', '.join(offers)}")
    job = Job("graph", {"graph": graph, "media": media, "dataset": whole})
    reply = await _dispatch(request, job)
    if isinstance(reply, Response):
        return reply
    return _reply_response(reply, config, {"Vary": "Accept"})


def resource_iri(path: str) -> str:
    """The footkg resource IRI a ``/resource/<path>`` request names (no new IRI is minted:
    the path is read back into the ``vocab.RES_NS`` namespace)."""
    return vocab.RES_NS + path


async def _call(request: Request, function, **kwargs) -> object | Response:
    """Run ``function(store, **kwargs)`` in a worker; its value, or an error response."""
    reply = await _dispatch(request, Job("call", {"function": function, "kwargs": kwargs}))
    if isinstance(reply, Response):
        return reply
    if reply.value is None and reply.status != 200:
        return _error(reply.status, (await reply.read()).decode())
    return reply.value


async def resource_page(request: Request) -> Response:
    """Linked Data: a resource's page (HTML) or description (Turtle, JSON-LD, N-Triples)."""
    config: ServerConfig = request.app.state.config
    path = request.path_params["path"]
    iri = resource_iri(path)
    canonical = resource_iri(quote(path, safe="/-._~!$&'()*+,;=:@%"))
    try:
        ox.NamedNode(iri)
    except ValueError:
        return _error(404, f"not a footkg resource: {canonical}")
    media = requested_media(request).choose(["text/html", *GRAPH_TYPES])
    if media is None:
        return _error(406, f"offered: text/html, {', '.join(GRAPH_TYPES)}")
    headers = {"Link": f'<{canonical}>; rel="canonical"', "Vary": "Accept"}
    if media == "text/html":
        page = request.query_params.get("page", "1")
        number = int(page) if page.isdigit() and int(page) > 0 else 1
        data = await _call(
            request, entities.page_data, iri=iri, page=number, per_page=config.describe_limit
        )
        if isinstance(data, Response):
            return data
        if not data["statements"] and not data["incoming_total"]:
            return _error(404, f"nothing is known about <{canonical}>", headers)
        response = html_response(render_entity(data))
        response.headers.update(headers)
        return response
    quads = await _call(request, entities.describe, iri=iri, incoming_limit=config.describe_limit)
    if isinstance(quads, Response):
        return quads
    if not quads:
        return _error(404, f"nothing is known about <{canonical}>", headers)
    triples = list(dict.fromkeys(ox.Triple(q.subject, q.predicate, q.object) for q in quads))
    fmt = GRAPH_TYPES[media]
    prefixes = vocab.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
    body = ox.serialize(triples, format=fmt, prefixes=prefixes)
    return Response(body, media_type=content_type(answer_type(media, GRAPH_TYPES)), headers=headers)


async def void_description(request: Request) -> Response:
    """A VoID description of the dataset (Turtle, N-Triples, JSON-LD or RDF/XML by conneg)."""
    media = requested_media(request).choose(list(GRAPH_TYPES))
    if media is None:
        return _error(406, f"offered: {', '.join(GRAPH_TYPES)}")
    reply = await _dispatch(request, Job("void", {}))
    if isinstance(reply, Response):
        return reply
    triples, counts = reply.value
    triples += _void_statistics(str(request.url_for("sparql")), counts)
    triples.sort(key=lambda t: (str(t.subject), str(t.predicate)))
    fmt = GRAPH_TYPES[media]
    prefixes = vocab.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
    body = ox.serialize(triples, format=fmt, prefixes=prefixes)
    answer = content_type(answer_type(media, GRAPH_TYPES))
    return Response(body, media_type=answer, headers={"Vary": "Accept"})


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


async def catalogue_query(request: Request) -> Response:
    """``GET /catalogue/<name>?param=value…``: the catalogue query's text with those values
    bound as RDF terms (team names resolved as ``footkg query`` does), for the query page."""
    raw = {k: v for k, v in request.query_params.items() if v}
    answer = await _call(request, entities.bound_query, name=request.path_params["name"], raw=raw)
    if isinstance(answer, Response):
        return answer
    status, text = answer
    return PlainTextResponse(text, status_code=status, media_type="application/sparql-query")


async def index_page(request: Request) -> Response:
    """The HTML query page (YASGUI from the package, the catalogue as examples)."""
    return html_response(request.app.state.index_html, page="query")


# --- the application ----------------------------------------------------------------------------


async def _calibrate(app: Starlette, catalogue: queries.Catalogue) -> None:
    """Measure each catalogue example in a worker and let those within budget take the hot
    path (see :mod:`footkg.serve.fastpath`)."""
    config: ServerConfig = app.state.config
    fast: FastPath = app.state.fast
    pool: WorkerPool = app.state.pool
    loop = asyncio.get_running_loop()
    for example in catalogue_examples(catalogue):
        facts = analysis.analyse(example["text"])
        if facts.uses_service:
            continue
        job = Job(
            "query",
            {
                "text": example["text"],
                "base_iri": None,
                "dataset": Dataset("union"),
                "media": MediaRequest("application/sparql-results+json"),
            },
        )
        start = loop.time()
        try:
            reply = await pool.run(job, config.timeout)
            await reply.read()
        except (QueryTimeoutError, WorkerDiedError, PoolBusyError):
            continue
        took = loop.time() - start
        if reply.status == 200 and took <= fast.budget:
            fast.allowed.add(example["name"])
        log.info("hot path: %s took %.3f s at start-up", example["name"], took)


def create_app(config: ServerConfig, catalogue: queries.Catalogue | None = None) -> Starlette:
    """The ASGI application for ``config`` (workers start with the app's lifespan, and the app
    accepts requests only once they are ready).

    ``catalogue`` defaults to the shipped ``queries/`` folder. Raises
    :class:`footkg.store.local.StoreNotBuiltError` at startup when the store folder has no build.
    """
    catalogue = catalogue or queries.load_catalogue(resources.queries_dir())
    index_html = render_index(catalogue_examples(catalogue), catalogue)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool = WorkerPool(config.store_path, config.workers, max_queue=config.max_queue,
                          keep=config.min_workers)  # fmt: skip
        await pool.start()
        app.state.pool = pool
        app.state.clients = {}
        app.state.hot_limiter = anyio.CapacityLimiter(config.hot_threads)
        app.state.hot_running = 0
        app.state.fast = None
        calibration = None
        budget = config.timeout / 2 if config.fast_budget is None else config.fast_budget
        if budget > 0:
            app.state.fast = FastPath(config.store_path, CatalogueForms(catalogue), budget,
                                      config.timeout)  # fmt: skip
            calibration = asyncio.ensure_future(_calibrate(app, catalogue))
            app.state.calibration = calibration
        try:
            yield
        finally:
            if calibration is not None:
                calibration.cancel()
            await pool.close()

    routes = [
        Route("/", index_page, methods=["GET"], name="index"),
        Route("/sparql", sparql_endpoint, methods=["GET", "POST"], name="sparql"),
        Route("/query", sparql_endpoint, methods=["GET", "POST"], name="query"),
        Route("/update", update_endpoint, methods=["GET", "POST"], name="update"),
        Route("/store", graph_store, methods=["GET", "PUT", "POST", "DELETE", "PATCH"]),
        Route("/resource/{path:path}", resource_page, methods=["GET"], name="resource"),
        Route("/.well-known/void", void_description, methods=["GET"], name="void"),
        Route("/catalogue/{name}", catalogue_query, methods=["GET"], name="catalogue"),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
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


def uvicorn_config(
    config: ServerConfig, host: str = "127.0.0.1", port: int = 7878, log_level: str = "info"
) -> uvicorn.Config:
    """The uvicorn configuration that serves ``config``'s app, with the partial-request guard
    (:func:`footkg.serve.timeouts.guarded_protocol`)."""
    return uvicorn.Config(
        create_app(config),
        host=host,
        port=port,
        log_level=log_level,
        proxy_headers=False,
        http=guarded_protocol(config.header_timeout),
        timeout_keep_alive=5,
    )


def serve(
    config: ServerConfig, host: str = "127.0.0.1", port: int = 7878, log_level: str = "info"
) -> None:
    """Serve ``config``'s store over HTTP with uvicorn until interrupted (blocks)."""
    memory.limit_arenas()
    store.current_build(config.store_path)
    uvicorn.Server(uvicorn_config(config, host, port, log_level)).run()
