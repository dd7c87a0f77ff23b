"""The ``footkg`` command: a thin layer over the library (every command calls public functions).

Exit codes (as pySHACL's): 0 ok; 1 the data does not conform to the SHACL shapes; 2 bad input
or usage (unknown query, team or parameter, missing data dir, unreadable file); 3 internal error.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from footkg import (
    api,
    cli_docs,
    cli_extract,
    cli_graph,
    cli_link,
    cli_serve,
    datasets,
    export,
    queries,
    remote,
    resources,
    store,
)
from footkg.errors import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_NONCONFORMING, exit_code
from footkg.model import FootkgError

app = typer.Typer(
    help="footkg: a football knowledge graph (World Cup and international fixtures) as "
    "validated RDF, queried with SPARQL.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
data_app = typer.Typer(help="Download and check the public datasets.", no_args_is_help=True)
app.add_typer(data_app, name="data")

# tables stay readable when piped (rich would otherwise assume 80 columns)
console = Console(width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True)

StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="The store folder, or the URL of a SPARQL 1.1 server (build pushes to it, query "
        "runs there) (default: $FOOTKG_STORE, else the per-user data dir, e.g. "
        "~/.local/share/footkg/store).",
        show_default=False,
    ),
]
DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="A local copy of the datasets laid out like the download "
        "(default: $FOOTKG_DATA_DIR, else the download cache, else a download).",
        show_default=False,
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out", help="Folder for the exported files (default: STORE/exports).", show_default=False
    ),
]
FormatsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--format",
        "-f",
        help=f"Export format, repeatable: {', '.join(export.FORMATS)} "
        "(default: turtle, trig, nquads).",
        show_default=False,
    ),
]


def _store_path(value: str | None) -> Path:
    """The local store folder of a ``--store`` value (a URL is refused here)."""
    if value is not None and remote.is_url(value):
        raise _fail(f"--store {value}: this command needs a local store folder, not a URL")
    return Path(value).expanduser() if value is not None else store.default_store_path()


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)


# ---- build ------------------------------------------------------------------------------------


@app.command()
def build(
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
    out: OutOpt = None,
    formats: FormatsOpt = None,
    offline: Annotated[
        bool,
        typer.Option(help="Never download; without local data, build from the built-in sample."),
    ] = False,
    validate: Annotated[bool, typer.Option(help="Run SHACL validation.")] = True,
    export_files: Annotated[
        bool, typer.Option("--export/--no-export", help="Write the exported files.")
    ] = True,
    articles: Annotated[
        list[Path] | None,
        typer.Option(
            "--articles",
            help="A folder of match reports (.txt) to ingest besides "
            "the demo reports in data/articles; repeatable.",
        ),
    ] = None,
    engine: Annotated[
        str,
        typer.Option(
            help="SHACL engine: turbo (fast) or pyshacl (reference, slow on the full graph)."
        ),
    ] = "turbo",
) -> None:
    """Load the datasets, map them to RDF, store, validate and export them (the main job).

    With ``--store URL`` the build goes into a temporary local store whose named graphs are
    then pushed to that SPARQL 1.1 server (Graph Store Protocol)."""
    from footkg.report import print_build_report

    formats_ = tuple(formats) if formats else ("turtle", "trig", "nquads")
    common = {"data_dir": data_dir, "offline": offline, "validate": validate, "engine": engine,
              "formats": formats_}  # fmt: skip
    try:
        with console.status("building…") as status:
            on_step = lambda step: status.update(f"{step}…")  # noqa: E731
            if store_path is not None and remote.is_url(store_path):
                report, pushed = api.build_and_push(
                    store_path, export_dir=out, on_step=on_step,
                    on_built=lambda r: print_build_report(console, r), **common,
                )  # fmt: skip
            else:
                folder = _store_path(store_path)
                export_dir = (out or folder / "exports") if export_files else None
                report = api.build(folder, export_dir=export_dir, on_step=on_step,
                                   articles=tuple(articles or ()), **common)  # fmt: skip
                pushed = None
    except (FootkgError, ValueError) as exc:
        raise _fail(f"{exc} (the previous store, if any, is unchanged)") from exc
    if pushed is None:
        print_build_report(console, report)
    else:
        total = sum(p.triples for p in pushed)
        console.print(f"pushed {len(pushed)} named graphs ({total:,} triples) to {store_path}")
    if report.validation is not None and not report.validation.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


# ---- query ------------------------------------------------------------------------------------


def _parse_params(params: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in params:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise _fail(f"--param takes key=value, got {item!r}")
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


@app.command()
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
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Run a catalogue query (see --list) or an ad hoc .rq file against the store."""
    catalogue = queries.load_catalogue(resources.queries_dir())
    if list_ or name is None:
        _list_catalogue(catalogue)
        return
    if fmt not in ("table", "csv", "tsv", "json"):
        raise _fail(f"unknown --format {fmt!r}: use table, csv, tsv or json")
    limit = (1000 if fmt == "table" else None) if max_rows is None else (max_rows or None)
    try:
        kg = api.open(store_path)
        result = kg.query(name, max_rows=limit, **_parse_params(param or []))
    except (FootkgError, OSError) as exc:
        raise _fail(str(exc)) from exc
    if result.truncated:
        err.print(f"[yellow]showing the first {limit:,} rows; --max-rows 0 shows all[/]")
    if fmt == "table":
        console.print(result.to_table())
    else:
        out = {"csv": result.to_csv, "tsv": result.to_tsv, "json": result.to_json}[fmt]()
        sys.stdout.write(out if isinstance(out, str) else out.decode())


# ---- validate / export ------------------------------------------------------------------------


@app.command("validate")
def validate_cmd(
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
    engine: Annotated[str, typer.Option(help="turbo or pyshacl")] = "turbo",
    limit: Annotated[int, typer.Option(help="Results listed per shape.")] = 10,
) -> None:
    """Validate the store against ontology/shapes.ttl; exit 1 if it has violations."""
    from footkg.validate import validate

    try:
        kg = store.open_store(_store_path(store_path))
    except FootkgError as exc:
        raise _fail(str(exc)) from exc
    report = validate(kg, engine=engine)
    console.print(report.to_text(limit=limit))
    if not report.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


@app.command("export")
def export_cmd(
    out: Annotated[Path, typer.Option("--out", help="Folder for the exported files.")],
    formats: FormatsOpt = None,
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Export the store as Turtle (merged), TriG and N-Quads (named graphs), or JSON-LD."""
    try:
        kg = store.open_store(_store_path(store_path))
        files = export.export(kg, out, list(formats) if formats else ["turtle", "trig", "nquads"])
    except (FootkgError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    for path in files:
        console.print(f"wrote {path} ({path.stat().st_size:,} bytes)")


# ---- data -------------------------------------------------------------------------------------


@data_app.command("fetch")
def data_fetch(
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            help="Download cache (default: $FOOTKG_CACHE_DIR or the user cache dir).",
            show_default=False,
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            help="A mirror laid out like the data dir "
            "(default: $FOOTKG_DATA_URL or the pinned "
            "upstream addresses).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Download the pinned datasets into the cache and verify their sha256 checksums."""
    try:
        path = datasets.fetch(
            cache_dir or datasets.default_cache_dir(),
            manifest=datasets.load_manifest(),
            base_url=base_url,
            progress=True,
        )
    except FootkgError as exc:
        raise _fail(str(exc)) from exc
    console.print(f"datasets ready in {path}")


@data_app.command("verify")
def data_verify(data_dir: DataDirOpt = None) -> None:
    """Check a local copy (or the cache) against the manifest: missing files, sizes, sha256."""
    folder = (
        data_dir
        or datasets.env_data_dir()
        or (datasets.default_cache_dir() / datasets.CACHE_SUBDIR)
    )
    problems = datasets.verify(folder, datasets.load_manifest())
    for problem in problems:
        err.print(str(problem))
    if problems:
        raise _fail(f"{len(problems)} problem(s) in {folder}")
    console.print(f"{folder}: every file matches the manifest")


cli_serve.register(app)
cli_graph.register(app)
cli_docs.register(app)
cli_link.register(app)
cli_extract.register(app)


def main() -> None:
    """Entry point: footkg errors exit 2 with their message; anything unexpected exits 3."""
    try:
        app()
    except FootkgError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(exit_code(exc))
    except Exception as exc:  # an internal error: say so, with the type, and exit 3
        err.print(f"[bold red]internal error:[/] {type(exc).__name__}: {exc}")
        err.print("please report it with the command you ran")
        sys.exit(EXIT_INTERNAL)
