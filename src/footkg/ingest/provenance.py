"""The metadata graph: where each named graph came from (PROV-O, DCMI terms, VoID).

Each source graph is a ``prov:Entity`` and ``void:Dataset`` that ``prov:wasDerivedFrom`` the
dataset's address, with its version (the upstream commit), licence (``dcterms:license``),
attribution (``dcterms:rights``) and what footkg changed (``dcterms:description``), and
``prov:generatedAtTime`` the build time. The graph built from the Fjelstul World Cup Database
is CC BY-SA 4.0 and says so, as do the graphs derived from it.
"""

from __future__ import annotations

from datetime import datetime

import pyoxigraph as ox

from footkg import vocab
from footkg.ingest.mapping import QuadSink
from footkg.model import DatasetInfo

METADATA_GRAPH = vocab.METADATA_GRAPH
ONTOLOGY_GRAPH = vocab.ONTOLOGY_GRAPH
DATASET_IRI = vocab.DATASET_IRI

CC_BY_SA = "https://creativecommons.org/licenses/by-sa/4.0/"
APACHE = "https://www.apache.org/licenses/LICENSE-2.0"
CC0 = "http://creativecommons.org/publicdomain/zero/1.0/"

#: The notice every export of the whole graph carries (it contains Fjelstul-derived data), as
#: lines for file headers; :data:`GRAPH_NOTICE` is the same text in one string.
GRAPH_NOTICE_LINES: tuple[str, ...] = (
    "footkg knowledge graph.",
    "Licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/legalcode).",
    "Contains data adapted from the Fjelstul World Cup Database,",
    "(c) 2023 Joshua C. Fjelstul, Ph.D., CC BY-SA 4.0, https://www.github.com/jfjelstul/worldcup",
    "(changes: converted to RDF, team names resolved across eras, winners derived);",
    "from the international results dataset by Mart Jürisoo (CC0);",
    "and from openfootball/worldcup.json (CC0).",
)
GRAPH_NOTICE = " ".join(GRAPH_NOTICE_LINES)

_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
_XSD_DATETIME = ox.NamedNode("http://www.w3.org/2001/XMLSchema#dateTime")
_P = vocab.PROV
_D = vocab.DCTERMS
_V = vocab.VOID


def _describe(sink: QuadSink, graph: str, title: str, license_iri: str, built: ox.Literal) -> None:
    g = METADATA_GRAPH
    sink.add_iri(graph, _RDF_TYPE, str(_P.Entity), g)
    sink.add_iri(graph, _RDF_TYPE, str(_V.Dataset), g)
    sink.add(graph, str(_D.title), title, g)
    sink.add_iri(graph, str(_D.license), license_iri, g)
    sink.add(graph, str(_P.generatedAtTime), built, g)
    sink.add_iri(DATASET_IRI, str(_V.subset), graph, g)


def graph_metadata_quads(graphs: dict[str, str], built_at: datetime) -> QuadSink:
    """Describe more named graphs (``{graph IRI: title}``, e.g. one per match report) in the
    metadata graph, as parts of the footkg dataset (CC BY-SA 4.0 like the whole graph)."""
    sink = QuadSink()
    built = ox.Literal(built_at.isoformat(), datatype=_XSD_DATETIME)
    for graph, title in graphs.items():
        _describe(sink, graph, title, CC_BY_SA, built)
    return sink


def metadata_quads(
    sources: list[DatasetInfo], built_at: datetime, *, extra_graphs: dict[str, str] | None = None
) -> QuadSink:
    """Describe the whole dataset, each source graph, and the graphs footkg computes.

    ``sources``: what each loaded source says of itself; ``built_at``: the build time
    (timezone-aware); ``extra_graphs``: more graph IRIs with a title (article graphs).
    """
    sink = QuadSink()
    g = METADATA_GRAPH
    built = ox.Literal(built_at.isoformat(), datatype=_XSD_DATETIME)
    sink.add_iri(DATASET_IRI, _RDF_TYPE, str(_V.Dataset), g)
    sink.add(DATASET_IRI, str(_D.title), "footkg knowledge graph", g)
    sink.add_iri(DATASET_IRI, str(_D.license), CC_BY_SA, g)
    sink.add(DATASET_IRI, str(_D.rights), GRAPH_NOTICE, g)
    sink.add(DATASET_IRI, str(_P.generatedAtTime), built, g)
    sink.add_iri(DATASET_IRI, str(_V.vocabulary), vocab.FK_NS, g)
    fjelstul_used = any(info.key == "fjelstul-worldcup" or info.key == "sample" for info in sources)
    for info in sources:
        graph = vocab.graph_iri(info.key)
        _describe(sink, graph, info.title, info.license, built)
        sink.add_iri(graph, str(_P.wasDerivedFrom), info.url, g)
        sink.add(graph, str(_D.hasVersion), info.version, g)
        sink.add(graph, str(_D.rights), info.attribution, g)
        sink.add(graph, str(_D.description), info.changes, g)
        sink.add_iri(DATASET_IRI, str(_P.wasDerivedFrom), info.url, g)
    computed_license = CC_BY_SA if fjelstul_used else CC0
    for name, title in (
        ("derived", "Facts footkg derives: winners, champions, runners-up, previous editions"),
        ("resolution", "Teams, names, countries and cities resolved across sources"),
        ("conflicts", "Where the sources disagree, with both values"),
    ):
        graph = vocab.graph_iri(name)
        _describe(sink, graph, title, computed_license, built)
        for info in sources:
            sink.add_iri(graph, str(_P.wasDerivedFrom), vocab.graph_iri(info.key), g)
    _describe(sink, ONTOLOGY_GRAPH, "The footkg ontology", APACHE, built)
    _describe(sink, METADATA_GRAPH, "Provenance of the footkg graphs", CC0, built)
    for graph, title in (extra_graphs or {}).items():
        _describe(sink, graph, title, CC_BY_SA, built)
    return sink
