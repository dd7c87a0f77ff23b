"""The ``footkg link`` commands: ``owl:sameAs`` links to DBpedia and Wikidata.

``register(app)`` adds the ``link`` sub-app to the main ``footkg`` app (idempotent). Both
commands write their linksets into the current build of the store folder (one update per
command: the old linkset graphs are replaced in the same transaction) and, when the store has an
``exports/`` folder (the build's default), write those graphs alone beside the build's files
(``exports/links-dbpedia.ttl``…; the build's own files are not rewritten, and a new build
removes the link files, whose links it no longer holds). Exit codes as in
:mod:`footkg.cli.app`: 0 ok, 2 bad input or environment (no store, bad option, the endpoint
unreachable or refusing: 403, retries used up, malformed answers; answers received before are
cached).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from footkg.cli.options import Command, LocalStoreOpt, QuietOpt, Steps, console, note
from footkg.cli.options import fail as _fail

if TYPE_CHECKING:
    import pyoxigraph as ox

EXPORT_FORMATS = ["turtle", "trig", "nquads"]
#: The default Wikidata SPARQL endpoint (as :data:`footkg.link.wikidata.DEFAULT_ENDPOINT`).
WIKIDATA_ENDPOINT = "https://query.wikidata.org/sparql"

link_app = typer.Typer(
    help="Link teams, players, stadiums and editions to DBpedia and Wikidata (owl:sameAs).",
    no_args_is_help=True,
)

ExportOpt = Annotated[
    bool,
    typer.Option(
        "--export/--no-export",
        help="Write the linkset graphs to STORE/exports/links-*.ttl, .trig, .nq (if the "
        "folder exists).",
    ),
]


def register(app: typer.Typer) -> None:
    """Add the ``link`` sub-app to ``app`` (a second call does nothing)."""
    if "link" not in {group.name for group in app.registered_groups}:
        app.add_typer(link_app, name="link")


def _open(store_path: Path | None) -> tuple[Path, ox.Store]:
    from footkg.errors import FootkgError
    from footkg.store import local as store

    folder = store_path.expanduser() if store_path else store.default_store_path()
    try:
        return folder, store.open_store(folder, read_only=False)
    except (FootkgError, OSError) as exc:
        raise _fail(str(exc)) from exc


def _write(
    folder: Path,
    kg: ox.Store,
    quads: list[ox.Quad],
    graphs: list[str],
    again: bool,
    *,
    target: str,
    steps: Steps,
) -> None:
    """Replace the linkset ``graphs`` in the store by ``quads``; write them (only them) to
    ``exports/links-<target>.*`` when ``again`` and the folder exists."""
    from footkg.link import linkset
    from footkg.store import export

    steps.step(f"writing {len(quads):,} quads to the store")
    written = linkset.replace_links(kg, quads, graphs)
    kg.flush()
    console.print(f"wrote {written} quads to {len(graphs)} linkset graph(s) in {folder}")
    exports = folder / "exports"
    if again and exports.is_dir():
        steps.step(f"exporting the linkset to {exports}")
        files = export.export(kg, exports, EXPORT_FORMATS, stem=f"links-{target}", graphs=graphs)
        console.print("exported " + ", ".join(str(f) for f in files))


@link_app.command("dbpedia", cls=Command)
def link_dbpedia(
    store_path: LocalStoreOpt = None, export_files: ExportOpt = True, quiet: QuietOpt = False
) -> None:
    """DBpedia links from the English Wikipedia addresses in the graph (no network)."""
    from footkg.link import dbpedia, linkset

    folder, kg = _open(store_path)
    problems: list[tuple[dbpedia.LinkableEntity, str]] = []
    steps = Steps(quiet=quiet)
    with steps.running("deriving DBpedia IRIs from the Wikipedia addresses"):
        links = dbpedia.dbpedia_links(kg, on_error=problems)
        spec = linkset.LinksetSpec(
            graph=linkset.DBPEDIA_GRAPH,
            target="dbpedia",
            method="wikipedia-title",
            description="DBpedia resource IRI derived from the English Wikipedia address "
            "(fk:wikipediaPage): title percent-decoded, normalised and re-encoded; no network.",
        )
        quads = linkset.linkset_quads(spec, sorted(links.items()))
        note(f"{len(links):,} DBpedia links; {len(problems)} addresses not usable", quiet=quiet)
        for entity, reason in problems[:10]:
            note(f"  {entity.iri}: {reason}", quiet=quiet)
        _write(folder, kg, quads, [linkset.DBPEDIA_GRAPH], export_files, target="dbpedia",
               steps=steps)  # fmt: skip


def _data_dir(value: Path | None) -> Path | None:
    from footkg.ingest import datasets

    candidates = [value, datasets.env_data_dir(), datasets.default_cache_dir() / "datasets"]
    return next((p for p in candidates if p is not None and p.is_dir()), None)


@link_app.command("wikidata", cls=Command)
def link_wikidata(
    store_path: LocalStoreOpt = None,
    endpoint: Annotated[
        str, typer.Option(metavar="URL", help="SPARQL endpoint of Wikidata (or a mirror).")
    ] = WIKIDATA_ENDPOINT,
    offline: Annotated[
        bool,
        typer.Option(
            "--offline", help="Never query: use cached answers and QIDs the sources state."
        ),
    ] = False,
    cache_path: Annotated[
        Path | None,
        typer.Option(
            "--cache",
            metavar="FILE",
            help="Answer cache file (default: STORE/wikidata-cache.sqlite).",
        ),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            metavar="DIR",
            help="Datasets folder (openfootball stadium QIDs, country QIDs) "
            "(default: $FOOTKG_DATA_DIR, else the download cache).",
            show_default=False,
        ),
    ] = None,
    rate: Annotated[
        float, typer.Option(metavar="N", help="Requests per second at most (0: no limit).")
    ] = 1.0,
    batch_size: Annotated[int, typer.Option(metavar="N", help="Values per VALUES block.")] = 200,
    timeout: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds per request.")] = 60.0,
    retries: Annotated[
        int, typer.Option(metavar="N", help="Retries on 429/5xx/connection errors.")
    ] = 5,
    user_agent: Annotated[
        str | None,
        typer.Option(
            metavar="TEXT",
            help="User-Agent (add your contact: the public service asks for one).",
        ),
    ] = None,
    reconcile: Annotated[
        bool,
        typer.Option(
            "--reconcile/--no-reconcile", help="Reconcile entities without a Wikipedia address."
        ),
    ] = True,
    export_files: ExportOpt = True,
    quiet: QuietOpt = False,
) -> None:
    """Wikidata links: sitelinks, stated QIDs (redirects followed), then reconciliation."""
    from rich.table import Table

    from footkg.link import linkset, wikidata
    from footkg.link.cache import AnswerCache

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
    steps = Steps(quiet=quiet)
    with AnswerCache(cache_path or folder / "wikidata-cache.sqlite") as cache:
        try:
            with steps.running():
                result = wikidata.link_store(
                    kg,
                    client,
                    cache,
                    data_dir=_data_dir(data_dir),
                    reconcile=reconcile,
                    endpoint=endpoint,
                    on_step=lambda s: (
                        steps.step(f"looking up {s}"),
                        steps.info(f"cache: {cache.hits:,} hits, {cache.misses:,} misses so far"),
                    ),
                )
        except wikidata.WikidataError as exc:
            raise _fail(f"{exc} (answers received so far are cached)") from exc
        hits, misses = cache.hits, cache.misses
    table = Table(title=f"Wikidata links ({result.seconds:.1f} s)")
    table.add_column("outcome")
    table.add_column("count", justify="right")
    for key, value in result.counts().items():
        table.add_row(key, str(value))
    if result.stats:
        table.add_row("HTTP requests", str(result.stats.requests))
        table.add_row("retries", str(result.stats.retries))
    table.add_row("cache hits", str(hits))
    table.add_row("cache misses", str(misses))
    console.print(table)
    report = folder / "wikidata-ambiguous.csv"
    with report.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["resource", "candidates"])
        for iri, qids in sorted(result.ambiguous.items()):
            writer.writerow([iri, " ".join(qids)])
    console.print(f"ambiguous candidates listed in {report}")
    quads = wikidata.link_quads(result)
    with steps.running():
        _write(folder, kg, quads, list(linkset.WIKIDATA_GRAPHS.values()), export_files,
               target="wikidata", steps=steps)  # fmt: skip
