"""A report's statements → RDF quads in the report's own named graph, with evidence.

The report is a ``schema:NewsArticle`` (``dcterms:identifier`` ``sha256:<hex>``,
``schema:headline``, ``schema:datePublished``), ``schema:about`` its main match and
``schema:mentions`` each other match it names: the fixture's IRI when the graph has the
match, else an IRI minted for the report (typed ``fk:ReportedMatch``).

Each fact (:mod:`footkg.extract.claims`) is a reified statement, never a triple about the
fixture::

    <…/article/<id>/statement/<hash>> a fk:ReportStatement , rdf:Statement ;
        rdf:subject <…/match/2026-07-15-england-argentina/goal/2> ;
        rdf:predicate fk:assist ; rdf:object <…/player/lionel-messi> ;
        fk:statedIn <…/article/<id>> .

Its evidence is a W3C Web Annotation shared by the statements read from one sentence by one
rule: ``oa:hasBody`` each statement, ``oa:hasTarget`` a ``oa:SpecificResource`` whose
``oa:hasSource`` is the article and whose selectors are an ``oa:TextPositionSelector``
(``oa:start``/``oa:end``, character offsets in the report's text) and an
``oa:TextQuoteSelector`` (``oa:exact``, the sentence), the rule in ``dcterms:description``.
Scorers and passers no squad of the graph holds are minted (``fk:Player`` with the name as
written). Where a statement disagrees with the fixture data, an ``fk:SourceConflict`` keeps
both typed values (:mod:`footkg.extract.conflicts`).

Every IRI, annotations included, comes from :mod:`footkg.vocab`: the same report gives the
same quads on every run, and ``footkg extract --format trig`` prints what the build stores.
"""

from __future__ import annotations

import hashlib

import pyoxigraph as ox

from footkg.extract.claims import ReportStatements
from footkg.extract.conflicts import Conflict
from footkg.extract.facts import Evidence, Extraction
from footkg.vocab import (
    DCTERMS,
    FK,
    SCHEMA,
    article_graph_iri,
    article_iri,
    conflict_iri,
    evidence_iri,
    report_statement_iri,
)

OA = "http://www.w3.org/ns/oa#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDF_TYPE = ox.NamedNode(RDF + "type")
RDFS_LABEL = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
RDFS_COMMENT = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#comment")
XSD = "http://www.w3.org/2001/XMLSchema#"


def _n(iri: object) -> ox.NamedNode:
    return iri if isinstance(iri, ox.NamedNode) else ox.NamedNode(str(iri))


def _int(v: int) -> ox.Literal:
    return ox.Literal(str(v), datatype=ox.NamedNode(XSD + "integer"))


def to_quads(ex: Extraction, facts: ReportStatements,
             conflicts: list[Conflict] = ()) -> list[ox.Quad]:  # fmt: skip
    """The quads of one report, all in its named graph (see the module docstring), without
    duplicates, in a stable order."""
    g = _n(article_graph_iri(ex.sha256))
    art = _n(article_iri(ex.sha256))
    quads: dict[ox.Quad, None] = {}

    def add(s: object, p: object, o: ox.NamedNode | ox.Literal) -> None:
        quads[ox.Quad(_n(s), _n(p), o, g)] = None

    add(art, RDF_TYPE, _n(SCHEMA.NewsArticle))
    add(art, DCTERMS.identifier, ox.Literal("sha256:" + ex.sha256))
    add(art, SCHEMA.headline, ox.Literal(ex.title))
    if ex.published:
        add(art, SCHEMA.datePublished, ox.Literal(ex.published, datatype=_n(XSD + "date")))
    if facts.about:
        add(art, SCHEMA.about, _n(facts.about))
    for other in facts.mentions:
        add(art, SCHEMA.mentions, _n(other))
    for iri, cls in facts.reported.items():
        add(iri, RDF_TYPE, _n(cls))
    for iri, name in facts.players.items():
        add(iri, RDF_TYPE, _n(FK.Player))
        add(iri, RDFS_LABEL, ox.Literal(name))
    statement_of: dict[tuple[str, str, str], str] = {}
    for st in facts.statements:
        iri = report_statement_iri(ex.sha256, st.subject, st.predicate, str(st.value))
        statement_of[(st.subject, st.predicate, str(st.value))] = iri
        add(iri, RDF_TYPE, _n(FK.ReportStatement))
        add(iri, RDF_TYPE, _n(RDF + "Statement"))
        add(iri, RDF + "subject", _n(st.subject))
        add(iri, RDF + "predicate", _n(st.predicate))
        add(iri, RDF + "object", st.value)
        add(iri, FK.statedIn, art)
        _evidence(add, ex, art, iri, st.evidence)
    for c in conflicts:
        ci = conflict_iri(c.subject, c.property, str(g.value), str(c.report_value))
        add(ci, RDF_TYPE, _n(FK.SourceConflict))
        add(ci, FK.conflictSubject, _n(c.subject))
        add(ci, FK.conflictProperty, _n(c.property))
        add(ci, FK.keptValue, c.fixture_value)
        if c.fixture_graph:
            add(ci, FK.keptSource, _n(c.fixture_graph))
        add(ci, FK.otherValue, c.report_value)
        add(ci, FK.otherSource, g)
        stated = statement_of.get((c.subject, c.property, str(c.report_value)))
        if stated:
            add(ci, FK.reportStatement, _n(stated))
        add(ci, RDFS_COMMENT, ox.Literal(f"report {ex.report_id}: {c.note}"))
    return list(quads)


def _evidence(add, ex: Extraction, art: ox.NamedNode, statement: str, ev: Evidence) -> None:
    """The annotation of the sentence ``ev`` names (one per sentence and rule), with
    ``statement`` among its bodies."""
    ann = evidence_iri(ex.sha256, ev.start, ev.end, ev.rule)
    target, position, quote = ann + "#target", ann + "#position", ann + "#quote"
    add(ann, RDF_TYPE, _n(OA + "Annotation"))
    add(ann, OA + "hasBody", _n(statement))
    add(ann, OA + "motivatedBy", _n(OA + "describing"))
    add(ann, DCTERMS.description, ox.Literal(ev.rule))
    add(ann, OA + "hasTarget", _n(target))
    add(target, RDF_TYPE, _n(OA + "SpecificResource"))
    add(target, OA + "hasSource", art)
    add(target, OA + "hasSelector", _n(position))
    add(target, OA + "hasSelector", _n(quote))
    add(position, RDF_TYPE, _n(OA + "TextPositionSelector"))
    add(position, OA + "start", _int(ev.start))
    add(position, OA + "end", _int(ev.end))
    add(quote, RDF_TYPE, _n(OA + "TextQuoteSelector"))
    add(quote, OA + "exact", ox.Literal(ex.text[ev.start : ev.end] if ex.text else ""))


def digest(text: str) -> str:
    """SHA-256 (hex) of ``text`` encoded as UTF-8: the identity of a report."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
