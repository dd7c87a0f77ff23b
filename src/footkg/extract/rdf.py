"""Extracted facts → RDF quads in the report's own named graph, with evidence.

The report becomes a ``schema:NewsArticle`` (``dcterms:identifier`` = ``sha256:<hex>``,
``schema:headline``, ``schema:datePublished``, ``schema:about`` the main match,
``schema:mentions`` the other matches found in the graph). A main match the fixture data
lacks is minted (``fk:Match`` with teams, scores, stage, edition, goals; unknown players are
typed and labelled). For a fixture the graph has, the report's disagreeing values are kept as
``fk:SourceConflict`` records (kept value: fixture data; other value: the report) so both stay.
Every fact has an evidence annotation (W3C Web Annotation: ``oa:TextPositionSelector`` with
``oa:start``/``oa:end`` character offsets of its sentence, the rule in ``dcterms:description``).

IRIs come from :mod:`footkg.vocab` (:func:`~footkg.vocab.article_iri`,
:func:`~footkg.vocab.article_graph_iri`).
"""

from __future__ import annotations

import hashlib

import pyoxigraph as ox

from footkg.extract.conflicts import Conflict
from footkg.extract.facts import Evidence, Extraction
from footkg.vocab import (
    DCTERMS,
    FK,
    SCHEMA,
    STAGES,
    article_graph_iri,
    article_iri,
    conflict_iri,
    goal_iri,
)
from footkg.vocab import match_iri as mint_match
from footkg.vocab import player_iri as mint_player

OA = "http://www.w3.org/ns/oa#"
RDF_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
RDFS_LABEL = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
XSD = "http://www.w3.org/2001/XMLSchema#"


def _n(iri: object) -> ox.NamedNode:
    if isinstance(iri, ox.NamedNode):
        return iri
    return ox.NamedNode(str(iri))


def _int(v: int) -> ox.Literal:
    return ox.Literal(str(v), datatype=ox.NamedNode(XSD + "integer"))


def _bool(v: bool) -> ox.Literal:
    return ox.Literal("true" if v else "false", datatype=ox.NamedNode(XSD + "boolean"))


def to_quads(ex: Extraction, conflicts: list[Conflict] = ()) -> list[ox.Quad]:
    """The quads of one extraction, all in the report's named graph (see module docstring)."""
    g = _n(article_graph_iri(ex.sha256))
    art = _n(article_iri(ex.sha256))
    quads: list[ox.Quad] = []

    def add(s: ox.NamedNode | ox.BlankNode, p: str | ox.NamedNode, o: object) -> None:
        quads.append(ox.Quad(s, _n(p), o, g))  # type: ignore[arg-type]

    def evidence(fact: ox.NamedNode, ev: Evidence) -> None:
        ann, sel = ox.BlankNode(), ox.BlankNode()
        add(ann, RDF_TYPE, _n(OA + "Annotation"))
        add(ann, OA + "hasBody", fact)
        add(ann, OA + "hasTarget", art)
        add(ann, OA + "hasSelector", sel)
        add(sel, RDF_TYPE, _n(OA + "TextPositionSelector"))
        add(sel, OA + "start", _int(ev.start))
        add(sel, OA + "end", _int(ev.end))
        add(ann, DCTERMS.description, ox.Literal(ev.rule))

    add(art, RDF_TYPE, _n(SCHEMA.NewsArticle))
    add(art, DCTERMS.identifier, ox.Literal("sha256:" + ex.sha256))
    add(art, SCHEMA.headline, ox.Literal(ex.title))
    if ex.published:
        add(art, SCHEMA.datePublished, ox.Literal(ex.published, datatype=_n(XSD + "date")))
    m = ex.match
    if m is None:
        return quads
    if m.iri is None and m.date:
        m.iri = mint_match(m.date, m.home.rsplit("/", 1)[-1], m.away.rsplit("/", 1)[-1])
    if m.iri is None:
        return quads
    match = _n(m.iri)
    add(art, SCHEMA.about, match)
    evidence(match, m.evidence)
    minted = (
        not any(c for c in conflicts if c.match == m.iri)
        and m.date
        and m.iri.endswith(f"{m.home.rsplit('/', 1)[-1]}-{m.away.rsplit('/', 1)[-1]}")
        and m.edition is None
    )
    if minted:
        add(match, RDF_TYPE, _n(FK.Match))
        add(match, FK.homeTeam, _n(m.home))
        add(match, FK.awayTeam, _n(m.away))
        add(match, FK.homeTeamName, ox.Literal(m.home_name))
        add(match, FK.awayTeamName, ox.Literal(m.away_name))
        if m.home_score is not None and m.away_score is not None:
            add(match, FK.homeScore, _int(m.home_score))
            add(match, FK.awayScore, _int(m.away_score))
        if m.stage in STAGES:
            add(match, FK.stage, _n(STAGES[m.stage]))
        for i, goal in enumerate(ex.goals, 1):
            gi = _n(goal_iri(m.iri, i))
            add(gi, RDF_TYPE, _n(FK.Goal))
            add(gi, FK.match, match)
            if goal.team:
                add(gi, FK.team, _n(goal.team))
            scorer = goal.scorer or (mint_player(goal.scorer_name) if goal.scorer_name else None)
            if scorer:
                add(gi, FK.scorer, _n(scorer))
                if goal.scorer is None:
                    add(_n(scorer), RDF_TYPE, _n(FK.Player))
                    add(_n(scorer), RDFS_LABEL, ox.Literal(goal.scorer_name or ""))
            if goal.minute is not None:
                add(gi, FK.minute, _int(goal.minute))
            if goal.stoppage:
                add(gi, FK.stoppageMinute, _int(goal.stoppage))
            add(gi, FK.ownGoal, _bool(goal.kind == "own_goal"))
            add(gi, FK.penalty, _bool(goal.kind == "penalty"))
            if goal.assist:
                add(gi, FK.assist, _n(goal.assist))
            evidence(gi, goal.evidence)
    for other in ex.others:
        if other.iri:
            add(art, SCHEMA.mentions, _n(other.iri))
    for c in conflicts:
        ci = _n(conflict_iri(c.match, c.field, str(g.value) + c.report_value))
        add(ci, RDF_TYPE, _n(FK.SourceConflict))
        add(ci, FK.conflictSubject, _n(c.match))
        add(ci, FK.conflictProperty, _n(FIELD_PROPERTY.get(c.field, FK.minute)))
        add(ci, FK.keptValue, ox.Literal(c.fixture_value))
        add(ci, FK.otherValue, ox.Literal(c.report_value))
        add(ci, FK.otherSource, g)
        add(ci, RDFS_LABEL_COMMENT, ox.Literal(f"report {ex.report_id}: {c.note}"))
    return quads


FIELD_PROPERTY = {"score": FK.homeScore, "minute": FK.minute, "scorer": FK.scorer,
                  "venue": FK.venue, "stage": FK.stage}  # fmt: skip
RDFS_LABEL_COMMENT = ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#comment")


def digest(text: str) -> str:
    """SHA-256 (hex) of ``text`` encoded as UTF-8: the identity of a report."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
