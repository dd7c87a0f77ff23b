"""``footkg query``: run a catalogue query (``--list`` shows the catalogue) or a ``.rq`` file,
printing a table or the SPARQL 1.1 results formats (CSV, TSV, JSON)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from footkg.cli.options import QuietOpt, StoreOpt, console, err, fail, note

_app = typer.Typer()

FORMATS = ("table", "csv", "tsv", "json")


def register(app: typer.Typer) -> None:
    """Add ``query`` to the main app."""
    app.registered_commands += _app.registered_commands


def parse_params(params: list[str]) -> dict[str, str]:
    """``["team_a=Argentina", …]`` → ``{"team_a": "Argentina"}``.

    Raises :class:`typer.Exit` (exit 2, after an ``error:`` line) for an item without ``=``,
    an empty name, or a parameter given twice (which value was meant cannot be known).
    """
    out: dict[str, str] = {}
    for item in params:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise fail(f"--param takes key=value, got {item!r}")
        if key in out:
            raise fail(
                f"parameter {key!r} given twice ({key}={out[key]!r} and {key}={value!r}): "
                "give it once"
            )
        out[key] = value
    return out


def _list_catalogue(catalogue) -> None:
    from rich.table import Table

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
        str | None,
        typer.Argument(metavar="NAME|FILE.rq", help="A catalogue query name, or a .rq file."),
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            "-p",
            metavar="KEY=VALUE",
            help="A parameter, repeatable (e.g. -p team_a=Argentina).",
        ),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help="table, csv, tsv or json (SPARQL 1.1 Query Results JSON).",
        ),
    ] = "table",
    list_: Annotated[bool, typer.Option("--list", help="List the catalogue.")] = False,
    max_rows: Annotated[
        int | None,
        typer.Option(
            "--max-rows",
            metavar="N",
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
    quiet: QuietOpt = False,
) -> None:
    """Run a catalogue query (see --list) or an ad hoc .rq file against the store.

    Notes go to stderr: an empty answer says so, and an answer from a store built from the
    built-in sample only (the World Cup finals) says that too.
    """
    from footkg import api, resources
    from footkg.errors import FootkgError
    from footkg.query import catalogue as queries

    if list_ or name is None:
        _list_catalogue(queries.load_catalogue(resources.queries_dir()))
        return
    if fmt not in FORMATS:
        raise fail(f"unknown --format {fmt!r}: use table, csv, tsv or json")
    limit = (1000 if fmt == "table" else None) if max_rows is None else (max_rows or None)
    params = parse_params(param or [])
    try:
        kg = api.open(store_path)
        result = kg.query(name, max_rows=limit, allow_service=allow_service, **params)
    except (FootkgError, OSError) as exc:
        raise fail(str(exc)) from exc
    if result.truncated:
        note(f"showing the first {limit:,} rows; --max-rows 0 shows all", quiet=quiet)
    if fmt == "table":
        if result.terms:
            console.print(result.to_table())
        else:
            console.print("  ".join(result.variables), markup=False, highlight=False)
    else:
        out = {"csv": result.to_csv, "tsv": result.to_tsv, "json": result.to_json}[fmt]()
        sys.stdout.write(out if isinstance(out, str) else out.decode())
    if not result.terms:
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        note(f"no rows{f' for {shown}' if shown else ''}", quiet=quiet)
    if kg.sample_only:
        note(
            "note: this store was built from the built-in sample only (every men's World Cup "
            "final, 1930–2026); `footkg data fetch` then `footkg build` gives the full graph",
            quiet=quiet,
        )
    err.file.flush()
