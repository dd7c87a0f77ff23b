"""``footkg query``: run a catalogue query (``--list`` shows the catalogue) or a ``.rq`` file,
printing a table or the SPARQL 1.1 results formats (CSV, TSV, JSON)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.table import Table

from footkg import api, resources
from footkg.cli.options import DataDirOpt, StoreOpt, console, err, fail
from footkg.errors import FootkgError
from footkg.query import catalogue as queries

_app = typer.Typer()


def register(app: typer.Typer) -> None:
    """Add ``query`` to the main app."""
    app.registered_commands += _app.registered_commands


def _parse_params(params: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in params:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise fail(f"--param takes key=value, got {item!r}")
        out[key.strip()] = value
    return out


def _list_catalogue(catalogue: queries.Catalogue) -> None:
    table = Table(title="footkg query catalogue", show_lines=False)
    table.add_column("name", style="bold")
    table.add_column("title")
    table.add_column("parameters")
    for q in catalogue:
        table.add_row(q.name, q.title, ", ".join(p.name for p in q.params))
    console.print(table)


@_app.command()
def query(
    name: Annotated[
        str | None, typer.Argument(help="A catalogue query name, or a .rq file.")
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option("--param", "-p", help="key=value, repeatable (e.g. team_a=Argentina)."),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option("--format", help="table, csv, tsv or json (SPARQL 1.1 Query Results JSON)."),
    ] = "table",
    list_: Annotated[bool, typer.Option("--list", help="List the catalogue.")] = False,
    max_rows: Annotated[
        int | None,
        typer.Option(
            "--max-rows",
            help="Stop after this many rows (default: 1000 for a table, all for csv, tsv "
            "and json; 0 means all).",
            show_default=False,
        ),
    ] = None,
    allow_service: Annotated[
        bool,
        typer.Option(
            "--allow-service",
            help="Let a .rq file use SERVICE (federation: footkg then calls the server it names).",
        ),
    ] = False,
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Run a catalogue query (see --list) or an ad hoc .rq file against the store."""
    catalogue = queries.load_catalogue(resources.queries_dir())
    if list_ or name is None:
        _list_catalogue(catalogue)
        return
    if fmt not in ("table", "csv", "tsv", "json"):
        raise fail(f"unknown --format {fmt!r}: use table, csv, tsv or json")
    limit = (1000 if fmt == "table" else None) if max_rows is None else (max_rows or None)
    try:
        kg = api.open(store_path)
        result = kg.query(
            name, max_rows=limit, allow_service=allow_service, **_parse_params(param or [])
        )
    except (FootkgError, OSError) as exc:
        raise fail(str(exc)) from exc
    if result.truncated:
        err.print(f"[yellow]showing the first {limit:,} rows; --max-rows 0 shows all[/]")
    if fmt == "table":
        console.print(result.to_table())
    else:
        out = {"csv": result.to_csv, "tsv": result.to_tsv, "json": result.to_json}[fmt]()
        sys.stdout.write(out if isinstance(out, str) else out.decode())
