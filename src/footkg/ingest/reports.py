"""Match reports in the build: extract, check against the shapes, merge, one graph per report.

:func:`ingest_articles` runs the extractor (:mod:`footkg.extract`) over report files against a
store that already holds the fixture data, validates each report's facts with the SHACL shapes
(in the context of the resources they point at), and loads the reports that conform into the
store, each in its own named graph (IRI from a hash of the text, so ingesting a report twice
changes nothing). A report that cannot be read, states no match, or whose facts violate the
shapes is not merged; the summary says why, and the rest of the build goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

from footkg.validate import validate

#: Report files footkg reads from a folder.
REPORT_SUFFIX = ".txt"


@dataclass(slots=True)
class ArticlesSummary:
    """What :func:`ingest_articles` did: ``merged`` maps each merged report file to its named
    graph IRI; ``refused`` maps each other report file to the reason; ``conflicts`` counts the
    disagreements with the fixture data per merged report; ``headlines`` maps each merged
    report's graph to its headline; ``quads`` are the merged reports' quads."""

    merged: dict[str, str] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    conflicts: dict[str, int] = field(default_factory=dict)
    headlines: dict[str, str] = field(default_factory=dict)
    quads: list[ox.Quad] = field(default_factory=list)
    #: the extractor's gazetteer (complete, detached from the store) and names, for the
    #: extraction cache the build writes beside the store (:mod:`footkg.extract.cache`)
    extractor_state: tuple | None = None


def report_files(folders: Iterable[Path]) -> list[Path]:
    """The ``.txt`` report files in ``folders`` (sorted per folder; missing folders are an
    error: ``FileNotFoundError`` naming the folder)."""
    files: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            raise FileNotFoundError(f"articles folder {folder} does not exist")
        files.extend(sorted(p for p in folder.iterdir() if p.suffix == REPORT_SUFFIX))
    return files


def _context(store: ox.Store, quads: list[ox.Quad]) -> list[ox.Triple]:
    """The store's triples about the resources a report's quads point at (its match, teams,
    players), so that the shapes see what the report's facts rely on."""
    own = {q.subject for q in quads}
    targets = {q.object for q in quads if isinstance(q.object, ox.NamedNode)} - own
    triples: list[ox.Triple] = []
    for node in targets:
        triples.extend(
            ox.Triple(q.subject, q.predicate, q.object)
            for q in store.quads_for_pattern(node, None, None, None)
        )
    return triples


def _violations(store: ox.Store, quads: list[ox.Quad]) -> list[str]:
    """SHACL violations whose focus node is a resource the report itself describes."""
    check = ox.Store()
    check.extend(quads)
    check.extend(ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph())
                 for t in _context(store, quads))  # fmt: skip
    report = validate(check)
    own = {q.subject.value for q in quads if isinstance(q.subject, ox.NamedNode)}
    return [
        f"{r.focus_node}: {r.message}"
        for r in report.results
        if r.severity == "Violation" and r.focus_node in own
    ]


def ingest_articles(store: ox.Store, files: list[Path], *, load: bool = True) -> ArticlesSummary:
    """Extract, check and merge the reports in ``files`` into ``store`` (which must hold the
    fixture data; with ``load=False`` the caller loads ``summary.quads`` itself). Returns what
    was merged and what was refused, with reasons."""
    from footkg import extract  # spaCy is imported only when there are reports
    from footkg.extract.cache import snapshot

    summary = ArticlesSummary()
    if not files:
        return summary
    gaz, names = snapshot(extract.Gazetteer.from_store(store))
    summary.extractor_state = (gaz, names)
    result = extract.ingest(store, files, extractor=extract.Extractor(gaz, names=names))
    summary.refused.update(result.refused)
    for path, extraction in result.extractions.items():
        graph = _graph_of(extraction)
        quads = result.graphs[path]
        problems = _violations(store, quads)
        if problems:
            summary.refused[path] = "facts violate the shapes: " + "; ".join(problems[:3])
            continue
        if load:
            store.extend(quads)
        summary.quads.extend(quads)
        summary.merged[path] = graph
        summary.headlines[graph] = extraction.title or Path(path).name
        summary.conflicts[path] = len(result.conflicts.get(path, []))
    return summary


def _graph_of(extraction: object) -> str:
    from footkg.vocab import article_graph_iri

    return article_graph_iri(extraction.sha256)  # type: ignore[attr-defined]
