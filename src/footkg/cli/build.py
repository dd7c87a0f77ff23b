"""``footkg build``, ``footkg validate`` and ``footkg export``: the main job and its two halves
that can be run again on a built store (SHACL validation, the export files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg.cli.options import (
    DataDirOpt,
    FormatsOpt,
    OutOpt,
    QuietOpt,
    Steps,
    StoreOpt,
    console,
    fail,
    store_path_of,
)
from footkg.errors import EXIT_BAD_INPUT, EXIT_NONCONFORMING, FootkgError

_app = typer.Typer()

EngineOpt = Annotated[
    str,
    typer.Option(
        metavar="ENGINE",
        help="SHACL engine: sparql (the shapes as queries in the store; fastest), turbo "
        "(pyshacl-turbo for Core shapes) or pyshacl (the reference, slow on the full graph).",
    ),
]


def register(app: typer.Typer) -> None:
    """Add ``build``, ``validate`` and ``export`` to the main app."""
    app.registered_commands += _app.registered_commands


def _engine(value: str) -> str:
    if value not in ("sparql", "turbo", "pyshacl"):
        raise fail(f"unknown --engine {value!r}: use sparql, turbo or pyshacl")
    return value


@_app.command()
def build(
    store_path: StoreOpt = None,
    data_dir: DataDirOpt = None,
    out: OutOpt = None,
    formats: FormatsOpt = None,
    offline: Annotated[
        bool,
        typer.Option(
            "--offline",
            help="Never download; without local data, build from the built-in sample.",
        ),
    ] = False,
    validate: Annotated[
        bool, typer.Option("--validate/--no-validate", help="Run SHACL validation.")
    ] = True,
    export_files: Annotated[
        bool, typer.Option("--export/--no-export", help="Write the exported files.")
    ] = True,
    articles: Annotated[
        list[Path] | None,
        typer.Option(
            "--articles",
            metavar="DIR",
            help="A folder of match reports (.txt) to ingest besides "
            "the demo reports in data/articles; repeatable.",
        ),
    ] = None,
    engine: EngineOpt = "sparql",
    quiet: QuietOpt = False,
) -> None:
    """Load the datasets, map them to RDF, store, validate and export them (the main job).

    With --store URL the build goes into a temporary local store whose named graphs are then
    pushed to that SPARQL 1.1 server (Graph Store Protocol).
    """
    from footkg import api
    from footkg.cli.report import print_build_report
    from footkg.store import is_url

    formats_ = tuple(formats) if formats else ("turtle", "trig", "nquads")
    common = {"data_dir": data_dir, "offline": offline, "validate": validate,
              "engine": _engine(engine), "formats": formats_}  # fmt: skip
    steps = Steps(quiet=quiet)
    try:
        with steps.running():
            if store_path is not None and is_url(store_path):
                report, pushed = api.build_and_push(
                    store_path, export_dir=out, on_step=steps.step,
                    on_built=lambda r: print_build_report(console, r), **common,
                )  # fmt: skip
            else:
                folder = store_path_of(store_path)
                export_dir = (out or folder / "exports") if export_files else None
                report = api.build(folder, export_dir=export_dir, on_step=steps.step,
                                   on_note=steps.info, articles=tuple(articles or ()),
                                   **common)  # fmt: skip
                pushed = None
    except (FootkgError, ValueError) as exc:
        raise fail(f"{exc} (the previous store, if any, is unchanged)") from exc
    if pushed is None:
        print_build_report(console, report)
    else:
        total = sum(p.triples for p in pushed)
        console.print(f"pushed {len(pushed)} named graphs ({total:,} triples) to {store_path}")
    if report.failed:
        failed = ", ".join(report.failed)
        console.print(f"[red]build incomplete:[/] {failed} could not be read; the store holds "
                      "the other sources")  # fmt: skip
        raise typer.Exit(EXIT_BAD_INPUT)
    if report.validation is not None and not report.validation.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


SH = "http://www.w3.org/ns/shacl#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def validation_scope(kg) -> tuple[int, int]:
    """``(shapes, focus nodes)`` a validation of store ``kg`` covers: the node shapes of
    ``ontology/shapes.ttl`` and the distinct instances (over every graph) of the classes they
    target (``sh:targetClass``), for the progress line of ``footkg validate``."""
    import pyoxigraph as ox

    from footkg import resources

    shapes: set[str] = set()
    targets: set[str] = set()
    for triple in ox.parse(path=resources.shapes_path(), format=ox.RdfFormat.TURTLE):
        if triple.predicate.value == RDF_TYPE and triple.object.value == SH + "NodeShape":
            shapes.add(triple.subject.value)
        elif triple.predicate.value == SH + "targetClass":
            targets.add(triple.object.value)
    values = " ".join(f"<{iri}>" for iri in sorted(targets))
    rows = kg.query(
        f"SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE {{ VALUES ?c {{ {values} }} ?s a ?c }}",
        use_default_graph_as_union=True,
    )
    return len(shapes), int(next(iter(rows))["n"].value)


@_app.command("validate")
def validate_cmd(
    store_path: StoreOpt = None,
    engine: EngineOpt = "sparql",
    limit: Annotated[int, typer.Option(metavar="N", help="Results listed per shape.")] = 10,
    quiet: QuietOpt = False,
) -> None:
    """Validate the store against the SHACL shapes (ontology/shapes.ttl); exit 1 if it has
    violations."""
    from footkg.store import local as store
    from footkg.validate import validate

    try:
        kg = store.open_store(store_path_of(store_path))
    except FootkgError as exc:
        raise fail(str(exc)) from exc
    steps = Steps(quiet=quiet)
    with steps.running(f"validating {len(kg):,} quads against the SHACL shapes") as progress:
        shapes, focus = validation_scope(kg)
        progress.info(f"{shapes} node shapes over {focus:,} focus nodes ({engine})")
        report = validate(kg, engine=_engine(engine))
    console.print(report.to_text(limit=limit), markup=False, highlight=False)
    if not report.conforms:
        raise typer.Exit(EXIT_NONCONFORMING)


@_app.command("export")
def export_cmd(
    out: Annotated[
        Path, typer.Option("--out", metavar="DIR", help="Folder for the exported files.")
    ],
    formats: FormatsOpt = None,
    store_path: StoreOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Export the store as Turtle (merged), TriG and N-Quads (named graphs), or JSON-LD."""
    from footkg.store import export
    from footkg.store import local as store

    chosen = list(formats) if formats else ["turtle", "trig", "nquads"]
    try:
        kg = store.open_store(store_path_of(store_path))
        files = []
        steps = Steps(quiet=quiet)
        with steps.running():
            for name in chosen:
                steps.step(f"writing {name} ({len(kg):,} quads)")
                files += export.export(kg, out, [name])
    except (FootkgError, ValueError) as exc:
        raise fail(str(exc)) from exc
    for path in files:
        console.print(f"wrote {path} ({path.stat().st_size:,} bytes)")
