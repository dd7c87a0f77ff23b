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
from typing import Annotated

import pyoxigraph as ox
import typer
from rich.console import Console

from footkg import resources
from footkg.errors import FootkgError
from footkg.store import local as store

EXIT_BAD_INPUT = 2
err = Console(stderr=True)


def _published(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        err.print(f"--published must be YYYY-MM-DD, not {text!r}")
        raise typer.Exit(EXIT_BAD_INPUT) from exc


def _store(path: Path | None) -> ox.Store:
    try:
        return store.open_store(path or store.default_store_path())
    except FootkgError as exc:
        err.print(str(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from exc


def extract_cmd(
    report: Annotated[Path, typer.Argument(help="A plain-text match report.")],
    published: Annotated[str | None, typer.Option(help="Publication date, YYYY-MM-DD.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="json, turtle or trig.")] = "json",
    store_path: Annotated[Path | None, typer.Option("--store", help="The store folder.")] = None,
) -> None:
    """Extract the match, goals and other matches of a report and print them."""
    from footkg.extract import Extractor, Gazetteer
    from footkg.extract.conflicts import compare
    from footkg.extract.io import ReportError, read_report
    from footkg.extract.rdf import to_quads

    if fmt not in ("json", "turtle", "trig"):
        err.print(f"--format must be json, turtle or trig, not {fmt!r}")
        raise typer.Exit(EXIT_BAD_INPUT)
    day = _published(published)
    try:
        text = read_report(report)
    except ReportError as exc:
        err.print(str(exc))
        raise typer.Exit(EXIT_BAD_INPUT) from exc
    gaz = Gazetteer.from_store(_store(store_path))
    ex = Extractor(gaz).extract(text, day)
    if ex.match is None:
        err.print(f"{report}: no match found ({'; '.join(ex.notes)})")
    if fmt == "json":
        typer.echo(json.dumps(ex.to_json(), ensure_ascii=False, indent=2))
        return
    graph = ox.Store()
    graph.extend(to_quads(ex, compare(gaz, ex)))
    if fmt == "trig":
        typer.echo(graph.dump(format=ox.RdfFormat.TRIG).decode())
    else:
        typer.echo(_turtle(graph))


def _turtle(graph: ox.Store) -> str:
    quads = [ox.Triple(q.subject, q.predicate, q.object) for q in graph]
    return ox.serialize(quads, format=ox.RdfFormat.TURTLE).decode()


def conflicts_cmd(
    reports: Annotated[
        list[Path] | None, typer.Argument(help="Reports (default: data/articles).")
    ] = None,
    store_path: Annotated[Path | None, typer.Option("--store", help="The store folder.")] = None,
) -> None:
    """List where match reports and the fixture data disagree (score, scorer, minute, venue,
    stage); two ways of writing one minute (92, 90+2, 90) are not a disagreement."""
    from footkg.extract import ingest

    paths = reports or sorted((resources.data_dir() / "articles").glob("*.txt"))
    result = ingest(_store(store_path), paths)
    for path, reason in result.refused.items():
        err.print(f"{path}: skipped: {reason}")
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
        app.command("extract")(extract_cmd)
    if "conflicts" not in names:
        app.command("conflicts")(conflicts_cmd)
