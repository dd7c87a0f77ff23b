"""Match reports → RDF facts with evidence (see :mod:`footkg.extract.extractor`).

For the build (:mod:`footkg.ingest.reports`): :func:`ingest` turns report files into quads, one
named graph per report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path

import pyoxigraph as ox

from footkg.extract.claims import ReportStatements, statements
from footkg.extract.conflicts import Conflict, FixtureValues, compare, store_values
from footkg.extract.extractor import Extractor
from footkg.extract.facts import Extraction
from footkg.extract.gazetteer import Gazetteer
from footkg.extract.io import ReportError, read_report
from footkg.extract.linking import fixture_orientation
from footkg.extract.rdf import to_quads


@dataclass
class ArticleIngestReport:
    """What :func:`ingest` did: quads produced, per-report extractions and conflicts, and
    the reports refused (file → reason)."""

    quads: list[ox.Quad] = field(default_factory=list)
    extractions: dict[str, Extraction] = field(default_factory=dict)
    conflicts: dict[str, list[Conflict]] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    graphs: dict[str, list[ox.Quad]] = field(default_factory=dict)


def report_quads(ex: Extraction, gaz: Gazetteer,
                 values: FixtureValues) -> tuple[list[ox.Quad], list[Conflict]]:  # fmt: skip
    """What the build stores for one extraction (its named graph's quads) and its conflicts
    with the fixture data (``values``: :func:`store_values` of the store). ``footkg extract
    --format turtle|trig`` prints these same quads."""
    facts: ReportStatements = statements(ex, partial(fixture_orientation, gaz))
    conflicts = compare(ex, facts, values)
    return to_quads(ex, facts, conflicts), conflicts


def ingest(
    store: ox.Store,
    reports: list[Path],
    published: date | None = None,
    extractor: Extractor | None = None,
) -> ArticleIngestReport:
    """Extract every report in ``reports`` (``.txt`` files) against ``store`` (the fixture
    data, read only; ``extractor`` one already built on it) and return the quads to load:
    one named graph per report, named from a hash of its text (ingesting a report twice gives
    the same quads). A report that cannot be read or states no match is listed in
    ``refused`` with the reason; the others go on."""
    extractor = extractor or Extractor(Gazetteer.from_store(store))
    values = store_values(store)
    out = ArticleIngestReport()
    for path in reports:
        try:
            ex = extractor.extract(read_report(path), published)
        except ReportError as exc:
            out.refused[str(path)] = str(exc)
            continue
        if ex.match is None:
            out.refused[str(path)] = "; ".join(ex.notes) or "no match found"
            continue
        quads, conflicts = report_quads(ex, extractor.gaz, values)
        out.extractions[str(path)] = ex
        out.conflicts[str(path)] = conflicts
        out.graphs[str(path)] = quads
        out.quads.extend(quads)
    return out


__all__ = ["ArticleIngestReport", "Extractor", "Gazetteer", "ingest", "report_quads"]
