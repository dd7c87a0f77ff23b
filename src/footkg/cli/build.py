"""``footkg build``, ``footkg validate`` and ``footkg export``: the main job and its two halves
that can be run again on a built store (SHACL validation, the export files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg import api
from footkg.cli.options import (
    DataDirOpt,
    FormatsOpt,
    OutOpt,
    StoreOpt,
    console,
    fail,
    store_path_of,
)
from footkg.errors import EXIT_NONCONFORMING, FootkgError
from footkg.store import export, remote
from footkg.store import local as store

_app = typer.Typer()


def register(app: typer.Typer) -> None:
    """Add ``build``, ``validate`` and ``export`` to the main app."""
    app.registered_commands += _app.registered_commands


@_app.command()
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
            help="SHACL engine: sparql (the shapes as queries in the store; fastest), turbo "
            "(pyshacl-turbo for Core shapes) or pyshacl (reference, slow on the full graph)."
        ),
    ] = "sparql",
) -> None:
    """Load the datasets, map them to RDF, store, validate and export them (the main job).

    With ``--store URL`` the build goes into a temporary local store whose named graphs are
    then pushed to that SPARQL 1.1 server (Graph Store Protocol)."""
    from footkg.cli.report import print_build_report

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
                folder = store_path_of(store_path)
                export_dir = (out or folder / "exports") if export_files else None
                report = api.build(folder, export_dir=export_dir, on_step=on_step,
                                   articles=tuple(articles or ()), **common)  # fmt: skip
                pushed = None
    except (FootkgError, ValueError) as exc:
        raise fail(f"{exc} (the previous store, if any, is unchanged)") from exc
    if pushed is None:
        print_build_report(console, report)
    else:
        total = sum(p.triples for p in pushed)
        console.print(f"pushed {len(pushed)} named graphs ({total:,} triples) to {store_path}")
    if report.validation is not None and not report.validation.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


@_app.command("validate")
def validate_cmd(
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
    engine: Annotated[str, typer.Option(help="sparql, turbo or pyshacl")] = "sparql",
    limit: Annotated[int, typer.Option(help="Results listed per shape.")] = 10,
) -> None:
    """Validate the store against ontology/shapes.ttl; exit 1 if it has violations."""
    from footkg.validate import validate

    try:
        kg = store.open_store(store_path_of(store_path))
    except FootkgError as exc:
        raise fail(str(exc)) from exc
    report = validate(kg, engine=engine)
    console.print(report.to_text(limit=limit))
    if not report.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


@_app.command("export")
def export_cmd(
    out: Annotated[Path, typer.Option("--out", help="Folder for the exported files.")],
    formats: FormatsOpt = None,
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Export the store as Turtle (merged), TriG and N-Quads (named graphs), or JSON-LD."""
    try:
        kg = store.open_store(store_path_of(store_path))
        files = export.export(kg, out, list(formats) if formats else ["turtle", "trig", "nquads"])
    except (FootkgError, ValueError) as exc:
        raise fail(str(exc)) from exc
    for path in files:
        console.print(f"wrote {path} ({path.stat().st_size:,} bytes)")
