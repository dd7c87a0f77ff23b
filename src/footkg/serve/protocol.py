"""The SPARQL 1.1 Protocol's rules for the endpoint: content negotiation (result and graph media
types, ``format=`` / ``output=`` overrides), reading a query operation from a request (GET, form
POST, direct POST; ``default-graph-uri`` / ``named-graph-uri``), the dataset a query reads,
refusing updates, and the SPARQL 1.1 Service Description.

Where the W3C texts leave a choice, footkg answers as Oxigraph's own server does (the tests send
the same requests to ``oxigraph serve-read-only`` and compare status, media type and result);
the differences are footkg extensions, listed in ``docs/endpoint.md``: ``format=``/``output=``
name a result format (as Fuseki's ``output=`` and the Wikidata Query Service's ``format=`` do),
and a request that names no dataset reads the union of the named graphs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pyoxigraph as ox
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import Response

from footkg import vocab
from footkg.query.analysis import QueryFacts

#: SELECT / ASK result media types → pyoxigraph format, in the server's order of preference
#: (Oxigraph's: JSON first; ``text/plain`` is answered with CSV, ``application/json`` with SPARQL
#: JSON).
RESULT_TYPES: dict[str, ox.QueryResultsFormat] = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
    "application/json": ox.QueryResultsFormat.JSON,
    "application/xml": ox.QueryResultsFormat.XML,
    "text/plain": ox.QueryResultsFormat.CSV,
}


#: CONSTRUCT / DESCRIBE / graph media types → pyoxigraph format, in order of preference
#: (Oxigraph's: N-Quads first, the graph as its default graph). N3 is answered with Turtle (a
#: subset of N3), ``text/plain`` with N-Triples, ``application/json`` with JSON-LD.
GRAPH_TYPES: dict[str, ox.RdfFormat] = {
    "application/n-quads": ox.RdfFormat.N_QUADS,
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/ld+json": ox.RdfFormat.JSON_LD,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/trig": ox.RdfFormat.TRIG,
    "application/json": ox.RdfFormat.JSON_LD,
    "application/xml": ox.RdfFormat.RDF_XML,
    "text/n3": ox.RdfFormat.TURTLE,
    "text/rdf+n3": ox.RdfFormat.TURTLE,
    "application/turtle": ox.RdfFormat.TURTLE,
    "application/x-turtle": ox.RdfFormat.TURTLE,
    "text/plain": ox.RdfFormat.N_TRIPLES,
}

#: Media types of a whole dataset (the Graph Store Protocol's ``GET`` without a graph).
DATASET_TYPES: dict[str, ox.RdfFormat] = {
    "application/n-quads": ox.RdfFormat.N_QUADS,
    "application/trig": ox.RdfFormat.TRIG,
}

#: The media type a response names for each type asked for, where the two differ.
ANSWER_AS: dict[str, dict[str, str]] = {
    "results": {"application/json": "application/sparql-results+json",
                "application/xml": "application/sparql-results+xml", "text/plain": "text/csv"},
    "graph": {"text/n3": "text/turtle", "text/rdf+n3": "text/turtle",
              "application/turtle": "text/turtle", "application/x-turtle": "text/turtle",
              "application/json": "application/ld+json", "application/xml": "application/rdf+xml",
              "text/plain": "application/n-triples"},
}  # fmt: skip


def answer_type(media: str, offers: dict[str, object]) -> str:
    """The media type to name in the ``Content-Type`` of an answer chosen as ``media`` from
    ``offers`` (:data:`RESULT_TYPES` or :data:`GRAPH_TYPES`)."""
    kind = "graph" if offers is GRAPH_TYPES else "results"
    return ANSWER_AS[kind].get(media, media)


#: ``format=`` / ``output=`` values → the media types they name, results first then graphs.
FORMAT_ALIASES: dict[str, tuple[str, ...]] = {
    "json": ("application/sparql-results+json", "application/ld+json"),
    "xml": ("application/sparql-results+xml", "application/rdf+xml"),
    "csv": ("text/csv",),
    "tsv": ("text/tab-separated-values",),
    "turtle": ("text/turtle",),
    "ttl": ("text/turtle",),
    "n3": ("text/turtle",),
    "ntriples": ("application/n-triples",),
    "nt": ("application/n-triples",),
    "nquads": ("application/n-quads",),
    "nq": ("application/n-quads",),
    "trig": ("application/trig",),
    "jsonld": ("application/ld+json",),
    "json-ld": ("application/ld+json",),
    "rdfxml": ("application/rdf+xml",),
    "rdf": ("application/rdf+xml",),
    "html": ("text/html",),
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


@dataclass(frozen=True)
class MediaRequest:
    """What a client asked for: the ``Accept`` header and the media types a ``format=`` or
    ``output=`` parameter names (empty when it names none footkg knows)."""

    accept: str | None = None
    override: tuple[str, ...] = ()

    def choose(self, offers: Sequence[str]) -> str | None:
        """The media type to answer in, of ``offers``: the first override that is offered,
        else the negotiated ``Accept`` (``None``: 406)."""
        for media in self.override:
            if media in offers:
                return media
        return negotiate(self.accept, offers)


def requested_media(request: Request) -> MediaRequest:
    """The :class:`MediaRequest` of ``request``. A ``format``/``output`` value is a shorthand
    (``json``, ``csv``, ``turtle``, ``n3``…) or a media type; an unknown one is ignored (as
    Oxigraph ignores them all), so the ``Accept`` header decides."""
    params = request.query_params
    raw = params.get("format") or params.get("output") or ""
    value = raw.strip().lower()
    override = FORMAT_ALIASES.get(value, (value,) if "/" in value else ())
    return MediaRequest(request.headers.get("accept"), override)


def content_type(media: str) -> str:
    """The ``Content-Type`` value for ``media`` (``charset=utf-8`` on textual types)."""
    return f"{media}; charset=utf-8" if media.startswith(_TEXTUAL) else media


_UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD"}


_PROLOGUE_WORDS = {"PREFIX", "BASE"}


def looks_like_update(facts: QueryFacts) -> bool:
    """True when the first keyword after the prologue is a SPARQL 1.1 Update operation."""
    body = [w for w in facts.words if w not in _PROLOGUE_WORDS and not w.endswith(":")]
    first = body[0] if body else ""
    return first in _UPDATE_WORDS or (first == "WITH" and len(body) > 1)


class ProtocolError(Exception):
    """A request that breaks the SPARQL 1.1 Protocol: ``status`` and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


READ_ONLY = "this endpoint is read-only: SPARQL Update is not accepted"


@dataclass(frozen=True)
class Operation:
    """A query operation read from a request: ``query`` text (``None``: none given) and the
    protocol's dataset, ``default_graphs`` and ``named_graphs`` (graph IRIs)."""

    query: str | None
    default_graphs: tuple[str, ...] = ()
    named_graphs: tuple[str, ...] = ()

    @property
    def names_dataset(self) -> bool:
        """True when the request itself names a dataset (``default-graph-uri`` or
        ``named-graph-uri``)."""
        return bool(self.default_graphs or self.named_graphs)


def _one(params: QueryParams, name: str, where: str) -> str | None:
    values = params.getlist(name)
    if len(values) > 1:
        raise ProtocolError(400, f"the {where} parameter {name!r} must be given at most once")
    return values[0] if values else None


def _graphs(values: Sequence[str]) -> tuple[str, ...]:
    for graph in values:
        try:
            ox.NamedNode(graph)
        except ValueError as exc:
            raise ProtocolError(400, f"not a valid graph IRI: {graph!r}") from exc
    return tuple(values)


async def read_operation(request: Request, body: bytes | None) -> Operation:
    """The :class:`Operation` of a protocol request (``body``: the request body, already read).

    Raises :class:`ProtocolError`: an update (403), a bad content type (415), a query given
    twice or in both the URL and the body (400), a graph that is not an IRI (400).
    """
    url = request.query_params
    if "update" in url:
        raise ProtocolError(403, READ_ONLY)
    default = list(url.getlist("default-graph-uri"))
    named = list(url.getlist("named-graph-uri"))
    query = _one(url, "query", "URL")
    if request.method == "POST":
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media == "application/x-www-form-urlencoded":
            form = QueryParams((body or b"").decode("utf-8", errors="replace"))
            if "update" in form:
                raise ProtocolError(403, READ_ONLY)
            in_body = _one(form, "query", "form")
            if query is not None and in_body is not None:
                raise ProtocolError(400, "give the query in the URL or in the body, not both")
            query = query if in_body is None else in_body
            default += form.getlist("default-graph-uri")
            named += form.getlist("named-graph-uri")
        elif media == "application/sparql-query":
            if query is not None:
                raise ProtocolError(400, "give the query in the URL or in the body, not both")
            query = (body or b"").decode("utf-8", errors="replace")
        elif media == "application/sparql-update":
            raise ProtocolError(403, READ_ONLY)
        else:
            raise ProtocolError(
                415,
                "POST a query as application/x-www-form-urlencoded (query=…) "
                "or as application/sparql-query",
            )
    return Operation(query, _graphs(default), _graphs(named))


@dataclass(frozen=True)
class Dataset:
    """The RDF dataset a query reads (SPARQL 1.1 Query §13, Protocol §2.1.4).

    ``mode``: ``"union"`` (the request and the query name none: the default graph is the union
    of every named graph, all named graphs available — footkg's default), ``"query"`` (the query's
    own ``FROM`` / ``FROM NAMED``), ``"protocol"`` (the request's ``default-graph-uri`` /
    ``named-graph-uri``, which override the query's: exactly those graphs, an empty default graph
    when only named graphs are given, no named graph when only default ones are).
    """

    mode: str
    default_graphs: tuple[str, ...] = ()
    named_graphs: tuple[str, ...] = ()

    @classmethod
    def of(cls, operation: Operation, facts: QueryFacts) -> Dataset:
        """The dataset of ``operation`` whose query has ``facts``."""
        if operation.names_dataset:
            return cls("protocol", operation.default_graphs, operation.named_graphs)
        return cls("query" if facts.has_dataset else "union")

    def options(self) -> dict[str, object]:
        """Keyword arguments for :meth:`pyoxigraph.Store.query`."""
        if self.mode == "union":
            return {"use_default_graph_as_union": True}
        if self.mode == "query":
            return {}
        return {
            "default_graph": [ox.NamedNode(g) for g in self.default_graphs],
            "named_graphs": [ox.NamedNode(g) for g in self.named_graphs],
        }


_SD = "http://www.w3.org/ns/sparql-service-description#"


def service_description(request: Request, endpoint: str) -> Response:
    """SPARQL 1.1 Service Description of the endpoint at ``endpoint`` (Turtle, or as
    negotiated)."""
    media = requested_media(request).choose(list(GRAPH_TYPES)) or "text/turtle"
    service = ox.BlankNode("service")
    rdf_type = ox.NamedNode(vocab.PREFIXES["rdf"] + "type")
    triples = [
        ox.Triple(service, rdf_type, ox.NamedNode(_SD + "Service")),
        ox.Triple(service, ox.NamedNode(_SD + "endpoint"), ox.NamedNode(endpoint)),
        ox.Triple(
            service, ox.NamedNode(_SD + "supportedLanguage"), ox.NamedNode(_SD + "SPARQL11Query")
        ),
        ox.Triple(service, ox.NamedNode(_SD + "feature"), ox.NamedNode(_SD + "UnionDefaultGraph")),
    ]
    for fmt in sorted({*RESULT_TYPES.values(), *GRAPH_TYPES.values()}, key=lambda f: f.iri):
        triples.append(
            ox.Triple(service, ox.NamedNode(_SD + "resultFormat"), ox.NamedNode(fmt.iri))
        )
    body = ox.serialize(triples, format=GRAPH_TYPES[media])
    answer = content_type(answer_type(media, GRAPH_TYPES))
    return Response(body, media_type=answer, headers={"Vary": "Accept"})
