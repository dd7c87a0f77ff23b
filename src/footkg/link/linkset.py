"""``owl:sameAs`` links as VoID linksets: one named graph per target and linking method.

Each linkset graph holds its links (``<footkg resource> owl:sameAs <target IRI>``) and, about
the graph IRI itself (the linkset), its description::

    <…/graph/links-wikidata-sitelink> a void:Linkset ;
        void:linkPredicate owl:sameAs ;
        void:triples 10385 ;                       # links in the set
        dcterms:identifier "sitelink" ;            # the method key
        dcterms:description "…how the links were found…" ;
        dcterms:source <https://query.wikidata.org/sparql> ;   # the endpoint asked, if any
        dcterms:created "2026-…"^^xsd:dateTime ; prov:generatedAtTime "…"^^xsd:dateTime .

A link's method is the graph it sits in. :func:`replace_links` swaps linkset graphs into a
writable store in one SPARQL Update (one transaction); exports pick the graphs up with the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import pyoxigraph as ox

from footkg.query.catalogue import sparql_term
from footkg.vocab import DCTERMS, GRAPH_NS, PROV, VOID, graph_iri

__all__ = [
    "DBPEDIA_GRAPH",
    "LINKS_GRAPH_PREFIX",
    "OWL_SAME_AS",
    "WIKIDATA_GRAPHS",
    "LinksetSpec",
    "link_graphs",
    "linkset_nquads",
    "linkset_quads",
    "replace_links",
]

OWL_SAME_AS = "http://www.w3.org/2002/07/owl#sameAs"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
XSD = "http://www.w3.org/2001/XMLSchema#"

#: Every linkset graph IRI starts with this.
LINKS_GRAPH_PREFIX = GRAPH_NS + "links-"
DBPEDIA_GRAPH = graph_iri("links-dbpedia")
#: Wikidata linksets by method: sitelink look-up, QIDs stated by a source (openfootball
#: stadiums), reconciliation by label + type + context.
WIKIDATA_GRAPHS: dict[str, str] = {
    "sitelink": graph_iri("links-wikidata-sitelink"),
    "source-qid": graph_iri("links-wikidata-source-qid"),
    "reconciled": graph_iri("links-wikidata-reconciled"),
}


@dataclass(frozen=True)
class LinksetSpec:
    """What a linkset graph says about itself: ``graph`` IRI, ``target`` (``"dbpedia"`` or
    ``"wikidata"``), ``method`` key, human ``description`` of the method, and the SPARQL
    ``endpoint`` asked (``None`` when no network was used)."""

    graph: str
    target: str
    method: str
    description: str
    endpoint: str | None = None


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def linkset_quads(
    spec: LinksetSpec, links: Iterable[tuple[str, str]], *, created: str | None = None
) -> list[ox.Quad]:
    """The quads of one linkset: ``(footkg IRI, target IRI)`` pairs as ``owl:sameAs`` plus the
    description (see the module docstring). ``created``: ``xsd:dateTime`` lexical form (default
    now, UTC). Raises ``ValueError`` for an IRI pyoxigraph rejects."""
    g = ox.NamedNode(spec.graph)
    same_as = ox.NamedNode(OWL_SAME_AS)
    quads = [ox.Quad(ox.NamedNode(s), same_as, ox.NamedNode(o), g) for s, o in links]
    stamp = ox.Literal(created or _now(), datatype=ox.NamedNode(XSD + "dateTime"))
    meta = [
        (RDF_TYPE, ox.NamedNode(str(VOID.Linkset))),
        (str(VOID.linkPredicate), same_as),
        (str(VOID.triples), ox.Literal(str(len(quads)), datatype=ox.NamedNode(XSD + "integer"))),
        (str(DCTERMS.identifier), ox.Literal(spec.method)),
        (str(DCTERMS.description), ox.Literal(spec.description)),
        (str(DCTERMS.created), stamp),
        (str(PROV.generatedAtTime), stamp),
    ]
    if spec.endpoint:
        meta.append((str(DCTERMS.source), ox.NamedNode(spec.endpoint)))
    quads += [ox.Quad(g, ox.NamedNode(p), o, g) for p, o in meta]
    return quads


def linkset_nquads(
    spec: LinksetSpec, links: Iterable[tuple[str, str]], *, created: str | None = None
) -> bytes:
    """:func:`linkset_quads` serialised as N-Quads (UTF-8)."""
    return ox.serialize(linkset_quads(spec, links, created=created), format=ox.RdfFormat.N_QUADS)


def link_graphs(store: ox.Store) -> list[str]:
    """The linkset graph IRIs present in ``store`` (those starting with
    :data:`LINKS_GRAPH_PREFIX`), sorted."""
    return sorted(
        g.value
        for g in store.named_graphs()
        if isinstance(g, ox.NamedNode) and g.value.startswith(LINKS_GRAPH_PREFIX)
    )


def replace_links(store: ox.Store, quads: Sequence[ox.Quad], graphs: Iterable[str]) -> int:
    """Replace named graphs ``graphs`` of the writable ``store`` by ``quads`` in one SPARQL
    Update, i.e. one transaction: a reader sees the old links or the new ones, never a mix.

    Every quad must be in one of ``graphs`` (``ValueError`` otherwise). Terms are serialised
    by :func:`footkg.query.catalogue.sparql_term`. Returns the number of quads written. Raises
    ``OSError`` if the store cannot be written (e.g. opened read-only).
    """
    graphs = sorted(set(graphs))
    allowed = set(graphs)
    parts = [f"DROP SILENT GRAPH {sparql_term(ox.NamedNode(g))}" for g in graphs]
    body: list[str] = []
    for q in quads:
        if not isinstance(q.graph_name, ox.NamedNode) or q.graph_name.value not in allowed:
            raise ValueError(f"quad outside the replaced graphs: {q}")
        terms = (q.subject, q.predicate, q.object, q.graph_name)
        s, p, o, g = (sparql_term(t) for t in terms)  # type: ignore[arg-type]
        body.append(f"GRAPH {g} {{ {s} {p} {o} }}")
    if body:
        parts.append("INSERT DATA {\n" + "\n".join(body) + "\n}")
    if parts:
        store.update(" ;\n".join(parts))
    return len(body)
