"""The ``footkg link`` commands: ``owl:sameAs`` links to DBpedia and Wikidata.

``register(app)`` adds the ``link`` sub-app to the main ``footkg`` app (idempotent). Both
commands write their linksets into the current build of the store folder (one update per
command: the old linkset graphs are replaced in the same transaction) and, when the store has an
``exports/`` folder (the build's default), export the store again so the files carry the links.
Exit codes as in :mod:`footkg.cli.app`: 0 ok, 2 bad input (no store, bad option), 3 the endpoint
failed (403, retries used up, malformed answers; answers received before are cached).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Annotated

import pyoxigraph as ox
import typer
from rich.console import Console
from rich.table import Table

from footkg.cli.options import LocalStoreOpt
from footkg.errors import FootkgError
from footkg.ingest import datasets
from footkg.link import dbpedia, linkset, wikidata
from footkg.link.cache import AnswerCache
from footkg.store import export
from footkg.store import local as store

EXIT_BAD_INPUT, EXIT_INTERNAL = 2, 3
EXPORT_FORMATS = ["turtle", "trig", "nquads"]

link_app = typer.Typer(
    help="Link teams, players, stadiums and editions to DBpedia and Wikidata (owl:sameAs).",
    no_args_is_help=True,
)
console = Console()
err = Console(stderr=True)

ExportOpt = Annotated[
    bool,
    typer.Option(
        "--export/--no-export", help="Re-export STORE/exports (if it exists) with the links."
    ),
]


def register(app: typer.Typer) -> None:
    """Add the ``link`` sub-app to ``app`` (a second call does nothing)."""
    if "link" not in {group.name for group in app.registered_groups}:
        app.add_typer(link_app, name="link")


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)


def _open(store_path: Path | None) -> tuple[Path, ox.Store]:
    folder = store_path.expanduser() if store_path else store.default_store_path()
    try:
        return folder, store.open_store(folder, read_only=False)
    except (FootkgError, OSError) as exc:
        raise _fail(str(exc)) from exc


def _write(
    folder: Path, kg: ox.Store, quads: list[ox.Quad], graphs: list[str], again: bool
) -> None:
    written = linkset.replace_links(kg, quads, graphs)
    kg.flush()
    console.print(f"wrote {written} quads to {len(graphs)} linkset graph(s) in {folder}")
    exports = folder / "exports"
    if again and exports.is_dir():
        files = export.export(kg, exports, EXPORT_FORMATS)
        console.print("exported " + ", ".join(str(f) for f in files))


@link_app.command("dbpedia")
def link_dbpedia(store_path: LocalStoreOpt = None, export_files: ExportOpt = True) -> None:
    """DBpedia links from the English Wikipedia addresses in the graph (no network)."""
    folder, kg = _open(store_path)
    problems: list[tuple[dbpedia.LinkableEntity, str]] = []
    links = dbpedia.dbpedia_links(kg, on_error=problems)
    spec = linkset.LinksetSpec(
        graph=linkset.DBPEDIA_GRAPH,
        target="dbpedia",
        method="wikipedia-title",
        description="DBpedia resource IRI derived from the English Wikipedia address "
        "(fk:wikipediaPage): title percent-decoded, normalised and re-encoded; no network.",
    )
    quads = linkset.linkset_quads(spec, sorted(links.items()))
    console.print(f"{len(links)} DBpedia links; {len(problems)} addresses not usable")
    for entity, reason in problems[:10]:
        console.print(f"  {entity.iri}: {reason}")
    _write(folder, kg, quads, [linkset.DBPEDIA_GRAPH], export_files)


def _data_dir(value: Path | None) -> Path | None:
    candidates = [value, datasets.env_data_dir(), datasets.default_cache_dir() / "datasets"]
    return next((p for p in candidates if p is not None and p.is_dir()), None)


@link_app.command("wikidata")
def link_wikidata(
    store_path: LocalStoreOpt = None,
    endpoint: Annotated[
        str, typer.Option(help="SPARQL endpoint of Wikidata (or a mirror).")
    ] = wikidata.DEFAULT_ENDPOINT,
    offline: Annotated[
        bool, typer.Option(help="Never query: use cached answers and QIDs the sources state.")
    ] = False,
    cache_path: Annotated[
        Path | None,
        typer.Option("--cache", help="Answer cache file (default: STORE/wikidata-cache.sqlite)."),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Datasets folder (openfootball stadium QIDs, country QIDs) "
            "(default: $FOOTKG_DATA_DIR, else the download cache).",
            show_default=False,
        ),
    ] = None,
    rate: Annotated[float, typer.Option(help="Requests per second at most (0: no limit).")] = 1.0,
    batch_size: Annotated[int, typer.Option(help="Values per VALUES block.")] = 200,
    timeout: Annotated[float, typer.Option(help="Seconds per request.")] = 60.0,
    retries: Annotated[int, typer.Option(help="Retries on 429/5xx/connection errors.")] = 5,
    user_agent: Annotated[
        str | None,
        typer.Option(help="User-Agent (add your contact: the public service asks for one)."),
    ] = None,
    reconcile: Annotated[
        bool, typer.Option(help="Reconcile entities without a Wikipedia address.")
    ] = True,
    export_files: ExportOpt = True,
) -> None:
    """Wikidata links: sitelinks, stated QIDs (redirects followed), then reconciliation."""
    if rate < 0 or batch_size < 1 or timeout <= 0 or retries < 0:
        raise _fail("--rate ≥ 0, --batch-size ≥ 1, --timeout > 0 and --retries ≥ 0")
    folder, kg = _open(store_path)
    settings = wikidata.ClientSettings(
        endpoint=endpoint,
        user_agent=user_agent or os.environ.get("FOOTKG_USER_AGENT") or wikidata.DEFAULT_USER_AGENT,
        timeout=timeout,
        retries=retries,
        rate=rate,
        batch_size=batch_size,
    )
    client = None if offline else wikidata.SparqlClient(settings)
    with AnswerCache(cache_path or folder / "wikidata-cache.sqlite") as cache:
        try:
            with console.status("linking…") as status:
                result = wikidata.link_store(
                    kg,
                    client,
                    cache,
                    data_dir=_data_dir(data_dir),
                    reconcile=reconcile,
                    endpoint=endpoint,
                    on_step=lambda s: status.update(f"{s}…"),
                )
        except wikidata.WikidataError as exc:
            raise _fail(f"{exc} (answers received so far are cached)", EXIT_INTERNAL) from exc
    table = Table(title=f"Wikidata links ({result.seconds:.1f} s)")
    table.add_column("outcome")
    table.add_column("count", justify="right")
    for key, value in result.counts().items():
        table.add_row(key, str(value))
    if result.stats:
        table.add_row("HTTP requests", str(result.stats.requests))
        table.add_row("retries", str(result.stats.retries))
    console.print(table)
    report = folder / "wikidata-ambiguous.csv"
    with report.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["resource", "candidates"])
        for iri, qids in sorted(result.ambiguous.items()):
            writer.writerow([iri, " ".join(qids)])
    console.print(f"ambiguous candidates listed in {report}")
    quads = wikidata.link_quads(result)
    _write(folder, kg, quads, list(linkset.WIKIDATA_GRAPHS.values()), export_files)
