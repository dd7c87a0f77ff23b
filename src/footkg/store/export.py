"""Export the store as Turtle (all graphs merged), TriG and N-Quads (named graphs kept).

pyoxigraph serialises them, streaming, from the store or, faster, from an N-Quads file holding
exactly the store's quads (the build's load file: no string lookups in the store). Each Turtle,
TriG, N-Quads and N-Triples file opens with a comment carrying the licence notice (CC BY-SA 4.0
with the Fjelstul attribution); JSON-LD has no comments, and the notice is in every export's
metadata graph (``dcterms:rights``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import BinaryIO

import pyoxigraph as ox

from footkg.ingest.provenance import GRAPH_NOTICE_LINES
from footkg.vocab import PREFIXES, RES_NS

#: Export format name → (pyoxigraph format, file extension).
FORMATS: dict[str, tuple[ox.RdfFormat, str]] = {
    "turtle": (ox.RdfFormat.TURTLE, "ttl"),
    "trig": (ox.RdfFormat.TRIG, "trig"),
    "nquads": (ox.RdfFormat.N_QUADS, "nq"),
    "ntriples": (ox.RdfFormat.N_TRIPLES, "nt"),
    "jsonld": (ox.RdfFormat.JSON_LD, "jsonld"),
}


def _header() -> bytes:
    return b"".join(f"# {line}\n".encode() for line in GRAPH_NOTICE_LINES)


def export(
    store: ox.Store,
    out_dir: Path,
    formats: list[str],
    stem: str = "footkg",
    *,
    source: Path | None = None,
    graphs: list[str] | None = None,
) -> list[Path]:
    """Write the store to ``out_dir/<stem>.<ext>`` in each of ``formats`` (keys of
    :data:`FORMATS`); Turtle and N-Triples merge the named graphs into one graph.

    ``source``, when given, is an N-Quads file holding exactly the quads of ``store`` (the
    build's load file): the N-Quads export is a copy of it and the other formats are
    serialised from it, which is several times faster than reading the store back.
    ``graphs``, when given, limits the export to those named graphs (IRIs; a linkset of
    ``footkg link``), read from the store.

    Raises ``ValueError`` for an unknown format name. Returns the files written.
    """
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown export format(s) {unknown}; choose from {sorted(FORMATS)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in formats:
        fmt, ext = FORMATS[name]
        path = out_dir / f"{stem}.{ext}"
        tmp = path.with_suffix(path.suffix + ".part")
        with tmp.open("wb") as handle:
            if fmt is not ox.RdfFormat.JSON_LD:  # JSON has no comments; the licence is
                handle.write(_header())  # also stated in the metadata graph
            if graphs is not None:
                _write_graphs(store, graphs, handle, fmt)
            elif source is not None:
                _write_from_file(source, handle, fmt)
            else:
                _write_from_store(store, handle, fmt)
        tmp.replace(path)
        written.append(path)
    return written


def _write_from_store(store: ox.Store, handle: BinaryIO, fmt: ox.RdfFormat) -> None:
    """Serialise ``store`` in ``fmt`` (graphs merged for a triples-only format)."""
    if fmt.supports_datasets:
        store.dump(handle, format=fmt, prefixes=_prefixes(fmt))
    else:
        triples = (ox.Triple(q.subject, q.predicate, q.object) for q in store)
        ox.serialize(triples, handle, format=fmt, prefixes=_prefixes(fmt))


def _write_graphs(store: ox.Store, graphs: list[str], handle: BinaryIO, fmt: ox.RdfFormat) -> None:
    """Serialise the named graphs ``graphs`` of ``store`` in ``fmt``."""
    quads = (
        q
        for g in graphs
        for q in store.quads_for_pattern(None, None, None, ox.NamedNode(g))
    )
    items = quads if fmt.supports_datasets else (q.triple for q in quads)
    ox.serialize(items, handle, format=fmt, prefixes=_prefixes(fmt))


#: The files ``footkg link`` writes beside the build's exports: ``links-<target>.<ext>``.
LINK_EXPORT_GLOB = "links-*.*"


def remove_link_exports(out_dir: Path) -> list[Path]:
    """Remove the linkset exports of ``footkg link`` from ``out_dir`` (a new build holds no
    links until ``footkg link`` runs again, so the old files would be stale); return them."""
    removed = sorted(out_dir.glob(LINK_EXPORT_GLOB)) if out_dir.is_dir() else []
    for path in removed:
        path.unlink()
    return removed


def _write_from_file(source: Path, handle: BinaryIO, fmt: ox.RdfFormat) -> None:
    """Serialise the N-Quads file ``source`` in ``fmt``; N-Quads itself is copied as is."""
    if fmt is ox.RdfFormat.N_QUADS:
        with source.open("rb") as original:
            shutil.copyfileobj(original, handle, 1 << 20)
        return
    quads = ox.parse(path=source, format=ox.RdfFormat.N_QUADS)
    items = quads if fmt.supports_datasets else (q.triple for q in quads)
    ox.serialize(items, handle, format=fmt, prefixes=_prefixes(fmt))


#: The kinds of resource footkg mints (the first path segment after ``…/resource/``, see
#: :mod:`footkg.vocab`); each gets a Turtle prefix of its own (a test checks that every kind in
#: a built store has one).
RESOURCE_KINDS = (
    "article", "city", "club", "competition", "conflict", "country", "goal-tally",
    "group-standing", "head-to-head", "manager", "manager-appointment", "match", "player",
    "season", "squad", "stadium", "standing", "team", "tier", "tournament",
)  # fmt: skip


def turtle_prefixes() -> dict[str, str]:
    """The prefixes of Turtle and TriG exports: :data:`footkg.vocab.PREFIXES` and one per kind
    of resource (``team: <…/resource/team/>``), so that a team reads ``team:uruguay`` rather
    than ``fkr:team\\/uruguay`` (a ``/`` in a prefixed name must be escaped in Turtle; a
    resource nested under another, such as a match's goal, keeps that escape)."""
    kinds = {kind: f"{RES_NS}{kind}/" for kind in RESOURCE_KINDS}
    return {**PREFIXES, **kinds}


def _prefixes(fmt: ox.RdfFormat) -> dict[str, str] | None:
    return turtle_prefixes() if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
