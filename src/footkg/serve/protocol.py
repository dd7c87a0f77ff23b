"""The SPARQL 1.1 Protocol's rules for the endpoint: content negotiation (result and graph
media types, ``format=`` aliases), reading a query operation from a request (GET, form POST,
direct POST; ``default-graph-uri`` / ``named-graph-uri``), refusing updates, spotting
``SERVICE``, and the SPARQL 1.1 Service Description."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pyoxigraph as ox
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import Response

from footkg import vocab
from footkg.query import catalogue as queries

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


def content_type(media: str) -> str:
    return f"{media}; charset=utf-8" if media.startswith(_TEXTUAL) else media


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


def requested_media(request: Request) -> str | None:
    override = request.query_params.get("format") or request.query_params.get("output")
    if override:
        return FORMAT_ALIASES.get(override.lower(), override)
    return request.headers.get("accept")


class ProtocolError(Exception):
    """A request that breaks the SPARQL 1.1 Protocol: ``status`` and a message for the client."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


async def read_operation(request: Request) -> tuple[str | None, list[str], list[str]]:
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


def check_graphs(graphs: list[str]) -> None:
    for graph in graphs:
        try:
            ox.NamedNode(graph)
        except ValueError as exc:
            raise ProtocolError(400, f"not a valid graph IRI: {graph!r}") from exc


_SD = "http://www.w3.org/ns/sparql-service-description#"


def service_description(request: Request) -> Response:
    """SPARQL 1.1 Service Description of this endpoint (Turtle, or as negotiated)."""
    media = negotiate(requested_media(request), list(GRAPH_TYPES)) or "text/turtle"
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
    return Response(body, media_type=content_type(media), headers={"Vary": "Accept"})
