"""The ``footkg extract`` and ``footkg conflicts`` commands (registered by :mod:`footkg.cli.app`).

``extract REPORT.txt [--published YYYY-MM-DD] [--format json|turtle|trig]`` prints what was
extracted (JSON in the gold format of the example articles, or the report's named graph).
``conflicts [REPORT.txt ...]`` lists where reports (default: ``data/articles/*.txt``) and the
fixture data disagree. Exit codes as :mod:`footkg.cli.app`: 0 ok, 2 bad input.
"""

from __future__ import annotations

import json
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

    import pyoxigraph as ox

    from footkg.extract import Extractor, Gazetteer
    from footkg.extract.conflicts import compare
    from footkg.extract.io import ReportError, read_report
    from footkg.extract.rdf import to_quads

    try:
        text = read_report(report)
    except ReportError as exc:
        raise fail(str(exc)) from exc
    gaz = Gazetteer.from_store(_store(store_path))
    ex = Extractor(gaz).extract(text, day)
    if ex.match is None:
        err.print(f"{report}: no match found ({'; '.join(ex.notes)})", markup=False)
    if fmt == "json":
        typer.echo(json.dumps(ex.to_json(), ensure_ascii=False, indent=2))
        return
    graph = ox.Store()
    graph.extend(to_quads(ex, compare(gaz, ex)))
    if fmt == "trig":
        from footkg.store.export import turtle_prefixes

        typer.echo(graph.dump(format=ox.RdfFormat.TRIG, prefixes=turtle_prefixes()).decode())
    else:
        typer.echo(_turtle(graph))


def _turtle(graph: ox.Store) -> str:
    import pyoxigraph as ox

    from footkg.store.export import turtle_prefixes

    quads = [ox.Triple(q.subject, q.predicate, q.object) for q in graph]
    return ox.serialize(quads, format=ox.RdfFormat.TURTLE, prefixes=turtle_prefixes()).decode()


def conflicts_cmd(
    reports: Annotated[
        list[Path] | None,
        typer.Argument(metavar="REPORT.txt...", help="Reports (default: data/articles)."),
    ] = None,
    store_path: LocalStoreOpt = None,
) -> None:
    """List where match reports and the fixture data disagree (score, scorer, minute, venue,
    stage); two ways of writing one minute (92, 90+2, 90) are not a disagreement."""
    from footkg import resources
    from footkg.extract import ingest

    paths = reports or sorted((resources.data_dir() / "articles").glob("*.txt"))
    result = ingest(_store(store_path), paths)
    for path, reason in result.refused.items():
        err.print(f"{path}: skipped: {reason}", markup=False)
    found = 0
    for path, conflicts in result.conflicts.items():
        for c in conflicts:
            found += 1
            typer.echo(f"{Path(path).name}\t{c.field}\t{c.match.rsplit('/', 1)[-1]}\t"
                       f"report: {c.report_value}\tfixture: {c.fixture_value}")  # fmt: skip
    if not found:
        typer.echo("no conflicts")


def register(app: typer.Typer) -> None:
    """Add ``extract`` and ``conflicts`` to ``app`` (once; a second call does nothing)."""
    names = {c.name for c in app.registered_commands}
    if "extract" not in names:
        app.command("extract", cls=Command)(extract_cmd)
    if "conflicts" not in names:
        app.command("conflicts", cls=Command)(conflicts_cmd)
