"""The ``footkg extract`` and ``footkg conflicts`` commands (registered by :mod:`footkg.cli.app`).

``extract REPORT.txt [--published YYYY-MM-DD] [--format json|turtle|trig]`` prints what was
extracted (JSON in the gold format of the example articles, or the report's named graph as
ingestion would store it). ``conflicts [REPORT.txt ...]`` lists where reports (default: those
the store holds) and the fixture data disagree, as typed values. Exit codes as
:mod:`footkg.cli.app`: 0 ok, 2 bad input.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from footkg.cli.options import Command, LocalStoreOpt, err, fail

if TYPE_CHECKING:
    import pyoxigraph as ox

FORMATS = ("json", "turtle", "trig")


def _published(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise fail(f"--published must be YYYY-MM-DD, not {text!r}") from exc


def _store(path: Path | None) -> ox.Store:
    from footkg.errors import FootkgError
    from footkg.store import local as store

    try:
        return store.open_store(path or store.default_store_path())
    except FootkgError as exc:
        raise fail(str(exc)) from exc


def _extractor(path: Path | None):
    """The extractor of the store at ``path`` (default store), from the cache the build
    wrote beside it (:mod:`footkg.extract.cache`)."""
    from footkg.errors import FootkgError
    from footkg.extract.cache import load_extractor
    from footkg.store import local as store

    try:
        return load_extractor(path or store.default_store_path())
    except FootkgError as exc:
        raise fail(str(exc)) from exc


def extract_cmd(
    report: Annotated[
        Path, typer.Argument(metavar="REPORT.txt", help="A plain-text match report.")
    ],
    published: Annotated[
        str | None, typer.Option(metavar="DATE", help="Publication date, YYYY-MM-DD.")
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="json, turtle or trig.")
    ] = "json",
    store_path: LocalStoreOpt = None,
) -> None:
    """Extract the match, goals and other matches of a report and print them."""
    if fmt not in FORMATS:  # before the extractor is imported: a typo is refused at once
        raise fail(f"--format must be json, turtle or trig, not {fmt!r}")
    day = _published(published)

    from footkg.extract import report_quads, store_values
    from footkg.extract.io import ReportError, read_report

    try:
        text = read_report(report)
    except ReportError as exc:
        raise fail(str(exc)) from exc
    if text.replaced:
        err.print(f"{report}: {len(text.replaced)} invalid UTF-8 byte(s) replaced by U+FFFD, "
                  f"first at byte offset {text.replaced[0]}", markup=False)  # fmt: skip
    kg = _store(store_path)
    extractor = _extractor(store_path)
    ex = extractor.extract(text, day)
    if ex.match is None:
        err.print(f"{report}: no match found ({'; '.join(ex.notes)})", markup=False)
    quads, _conflicts = report_quads(ex, extractor.gaz, store_values(kg))
    if fmt == "json":
        typer.echo(json.dumps(ex.to_json(), ensure_ascii=False, indent=2))
        return
    typer.echo(_serialize(quads, fmt))


def _serialize(quads: list[ox.Quad], fmt: str) -> str:
    """The report's quads as TriG (its named graph) or Turtle (the graph's triples), with
    footkg's prefixes for vocabularies (resource IRIs stay whole: their paths hold slashes)."""
    import pyoxigraph as ox

    from footkg.vocab import PREFIXES

    prefixes = {k: v for k, v in PREFIXES.items() if k not in ("fkr", "fkg")}
    if fmt == "trig":
        return ox.serialize(quads, format=ox.RdfFormat.TRIG, prefixes=prefixes).decode()
    triples = [ox.Triple(q.subject, q.predicate, q.object) for q in quads]
    return ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=prefixes).decode()


def conflicts_cmd(
    reports: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="REPORT.txt...",
            help="Reports to extract and compare (default: the reports in the store).",
        ),
    ] = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """List where match reports and the fixture data disagree, as typed RDF values: scores,
    shootout kicks, stage, date, venue, city, a goal's team, scorer, minute, kind (penalty,
    own goal) and assist. Without REPORT files, the reports the store holds (read from the
    graph, nothing extracted); two ways of writing one minute (92, 90+2, 90) are not a
    disagreement."""
    kg = _store(store_path)
    rows = _extracted_conflicts(kg, reports, store_path) if reports else _stored_conflicts(kg)
    for row in rows:
        typer.echo("\t".join(row))
    if not rows:
        typer.echo("no conflicts")


def _stored_conflicts(kg: ox.Store) -> list[list[str]]:
    """The conflicts of the reports in the store (catalogue query ``report-conflicts``)."""
    from footkg import resources
    from footkg.query.catalogue import load_catalogue, run

    result = run(kg, load_catalogue(resources.queries_dir()).get("report-conflicts"))
    rows = [dict(zip(result.variables, terms, strict=True)) for terms in result.terms]
    return [[_short(r["headline"]), _local(r["property"]), _path(r["subject"]),
             "report: " + _sparql(r["reportValue"]), "fixture: " + _sparql(r["fixtureValue"]),
             re.sub(r"^report [^:]*: ", "", r["note"].value) if r["note"] is not None else ""]
            for r in rows]  # fmt: skip


def _extracted_conflicts(kg: ox.Store, reports: list[Path],
                         store_path: Path | None) -> list[list[str]]:  # fmt: skip
    """The conflicts of ``reports``, extracted now against the store."""
    from footkg.extract import ingest

    result = ingest(kg, reports, extractor=_extractor(store_path))
    for path, reason in result.refused.items():
        err.print(f"{path}: skipped: {reason}", markup=False)
    return [[Path(path).name, c.field, _path(c.subject), "report: " + _sparql(c.report_value),
             "fixture: " + _sparql(c.fixture_value), c.note]
            for path, conflicts in result.conflicts.items() for c in conflicts]  # fmt: skip


def _sparql(term: object) -> str:
    """A term as SPARQL writes it, typed, with ``xsd:`` for XML Schema datatypes
    (``"85"^^xsd:integer``, ``<IRI>``)."""
    from footkg.query.results import sparql_term

    text = sparql_term(term)  # type: ignore[arg-type]
    typed = re.fullmatch(r'(".*")\^\^<http://www\.w3\.org/2001/XMLSchema#(\w+)>', text, re.S)
    return f"{typed[1]}^^xsd:{typed[2]}" if typed else text


def _short(term: object) -> str:
    text = getattr(term, "value", "") or ""
    return text if len(text) <= 40 else text[:39] + "…"


def _local(term: object) -> str:
    return str(getattr(term, "value", term)).rsplit("#", 1)[-1]


def _path(term: object) -> str:
    """A resource IRI without ``…/resource/``: ``match/2026-07-15-england-argentina/goal/2``."""
    from footkg.vocab import RES_NS

    return str(getattr(term, "value", term)).removeprefix(RES_NS)


def register(app: typer.Typer) -> None:
    """Add ``extract`` and ``conflicts`` to ``app`` (once; a second call does nothing)."""
    names = {c.name for c in app.registered_commands}
    if "extract" not in names:
        app.command("extract", cls=Command)(extract_cmd)
    if "conflicts" not in names:
        app.command("conflicts", cls=Command)(conflicts_cmd)
