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

import contextlib
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from footkg import resources, vocab
from footkg.query import catalogue as queries
from footkg.serve.pages import (
    EXAMPLE_TEAMS,
    catalogue_examples,
    html_response,
    render_index,
    render_resource,
)
from footkg.serve.protocol import (
    GRAPH_TYPES,
    ProtocolError,
    check_graphs,
    content_type,
    negotiate,
    read_operation,
    requested_media,
    service_description,
    uses_service,
)
from footkg.serve.workers import Answer, Job, QueryTimeoutError, WorkerDiedError, WorkerPool
from footkg.store import local as store
from footkg.vocab import DATASET_IRI

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


# --- HTTP handlers ------------------------------------------------------------------------------


def _error(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(message + "\n", status_code=status)


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
        answer.body, answer.status, media_type=content_type(answer.media), headers=headers
    )


async def sparql_endpoint(request: Request) -> Response:
    """SPARQL 1.1 Protocol query operation (GET and POST); see the module docstring."""
    config: ServerConfig = request.app.state.config
    try:
        text, default, named = await read_operation(request)
        check_graphs(default + named)
    except ProtocolError as exc:
        return _error(exc.status, str(exc))
    if text is None:
        if negotiate(request.headers.get("accept"), ["text/turtle", "text/html"]) == "text/html":
            return RedirectResponse(request.url_for("index"), status_code=303)
        return service_description(request)
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
            "accept": requested_media(request),
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
    media = negotiate(requested_media(request), list(GRAPH_TYPES))
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
    media = negotiate(requested_media(request), ["text/html", *GRAPH_TYPES])
    if media is None:
        return _error(406, f"offered: text/html, {', '.join(GRAPH_TYPES)}")
    job = Job("describe", {"iri": iri, "media": media, "incoming_limit": config.describe_limit})
    answer = await _run(request, job)
    if isinstance(answer, Response):
        return answer
    if answer.status == 200 and media == "text/html":
        quads = list(ox.parse(answer.body, format=ox.RdfFormat.N_QUADS))
        return html_response(render_resource(iri, quads, config.describe_limit))
    response = _answer_response(answer)
    response.headers["Link"] = f'<{iri}>; rel="canonical"'
    return response


async def void_description(request: Request) -> Response:
    """A VoID description of the dataset (Turtle, N-Triples, JSON-LD or RDF/XML by conneg)."""
    media = negotiate(requested_media(request), list(GRAPH_TYPES))
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
    return Response(body, media_type=content_type(media), headers={"Vary": "Accept"})


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


async def index_page(request: Request) -> Response:
    """The HTML query page (catalogue examples, results table); no external assets."""
    return html_response(request.app.state.index_html)


"""Teams bound to the catalogue's required ``team`` parameters on the query page, in order."""


# --- the application ----------------------------------------------------------------------------


def create_app(config: ServerConfig, catalogue: queries.Catalogue | None = None) -> Starlette:
    """The ASGI application for ``config`` (workers start with the app's lifespan).

    ``catalogue`` defaults to the shipped ``queries/`` folder. Raises
    :class:`footkg.store.local.StoreNotBuiltError` at startup when the store folder has no build.
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
