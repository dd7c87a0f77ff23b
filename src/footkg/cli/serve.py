"""The ``footkg serve`` and ``footkg push`` commands, added to the main app by :func:`register`.

``serve`` runs the read-only SPARQL endpoint (:mod:`footkg.serve.app`); ``push`` copies the local
store's named graphs to a remote SPARQL 1.1 store (:mod:`footkg.store.remote`). Exit codes follow
:mod:`footkg.cli.app`: 2 for bad input (no store, bad URL, a remote that refuses).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg.cli.options import Command, LocalStoreOpt, QuietOpt, Steps, console
from footkg.cli.options import fail as _fail


def serve_cmd(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help="Address to listen on.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(metavar="PORT", help="TCP port.")] = 7878,
    store_path: LocalStoreOpt = None,
    timeout: Annotated[
        float,
        typer.Option(
            metavar="SECONDS", help="Seconds a query may run before it is stopped (HTTP 503)."
        ),
    ] = 10.0,
    max_result_mb: Annotated[
        float | None,
        typer.Option(
            metavar="MIB",
            help="Cut off an answer past this many MiB (default: no cap; answers are streamed).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(metavar="N", help="Query worker processes (default: CPUs, 1 to 4)."),
    ] = None,
    min_workers: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Workers kept ready when idle (default 0: started on the first query "
            "that needs one; memory: about 80 MB each)."
        ),
    ] = 0,
    max_queue: Annotated[
        int,
        typer.Option(metavar="N", help="Queries that may wait for a worker (more: HTTP 503)."),
    ] = 64,
    max_per_client: Annotated[
        int,
        typer.Option(
            metavar="N", help="Worker queries one client address may have at once (more: 429)."
        ),
    ] = 8,
    allow_service: Annotated[
        bool,
        typer.Option(
            "--allow-service",
            help="Allow SERVICE (federated queries make the server call other hosts).",
        ),
    ] = False,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--cors-origin",
            metavar="URL",
            help="Origin allowed by CORS, repeatable (default: *).",
        ),
    ] = None,
) -> None:
    """Serve the store read-only: SPARQL 1.1 Protocol at /sparql, a query page at /,
    Linked Data pages at /resource/…, VoID at /.well-known/void."""
    from footkg.errors import FootkgError
    from footkg.serve import app as server
    from footkg.store import local as store

    path = store_path if store_path is not None else store.default_store_path()
    try:
        store.current_build(path)
    except FootkgError as exc:
        raise _fail(str(exc)) from exc
    numbers = [timeout, max_queue, max_per_client, workers or 1, max_result_mb or 1]
    if min(numbers) <= 0 or min_workers < 0:
        raise _fail(
            "--timeout, --max-result-mb, --workers, --max-queue and --max-per-client "
            "must be positive"
        )
    options = {"workers": workers} if workers is not None else {}
    config = server.ServerConfig(
        store_path=path,
        timeout=timeout,
        max_result_bytes=int(max_result_mb * 1024 * 1024) if max_result_mb else None,
        max_queue=max_queue,
        min_workers=min_workers,
        max_per_client=max_per_client,
        allow_service=allow_service,
        cors_origins=tuple(cors_origin or ("*",)),
        **options,
    )
    console.print(f"footkg endpoint: http://{host}:{port}/sparql (query page at /)")
    server.serve(config, host=host, port=port)


def push_cmd(
    url: Annotated[
        str,
        typer.Option(
            "--store",
            metavar="URL",
            help="The remote store's base URL (Oxigraph server: http://host:7878; its "
            "query endpoint is <URL>/query and its graph store <URL>/store).",
        ),
    ],
    from_path: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="PATH",
            help="The local store folder (default: $FOOTKG_STORE, else the per-user store).",
        ),
    ] = None,
    graph: Annotated[
        list[str] | None,
        typer.Option(
            "--graph", metavar="IRI", help="A named graph IRI to push, repeatable (default: all)."
        ),
    ] = None,
    chunk: Annotated[int, typer.Option(metavar="N", help="Triples per HTTP request.")] = 50_000,
    query_url: Annotated[
        str | None,
        typer.Option(metavar="URL", help="SPARQL query endpoint (default: <URL>/query)."),
    ] = None,
    gsp_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Graph Store Protocol endpoint (default: <URL>/store; Fuseki: /data).",
        ),
    ] = None,
    verify: Annotated[
        bool,
        typer.Option("--verify/--no-verify", help="Count each graph on the remote afterwards."),
    ] = True,
    quiet: QuietOpt = False,
) -> None:
    """Load the local store's named graphs into a remote SPARQL 1.1 store (Graph Store HTTP
    Protocol, one graph at a time, replacing graphs of the same name)."""
    from footkg.errors import FootkgError
    from footkg.store import local as store
    from footkg.store import remote

    path = from_path if from_path is not None else store.default_store_path()
    steps = Steps(quiet=quiet)
    try:
        target = remote.RemoteStore.from_url(url, query_url=query_url, gsp_url=gsp_url)
        kg = store.open_store(path)
        with steps.running(f"pushing {len(kg):,} quads to {target.gsp_url}"):
            report = remote.push(
                kg,
                target,
                graphs=graph,
                chunk_triples=chunk,
                verify=verify,
                on_graph=lambda g: steps.info(
                    f"{g.graph}: {g.triples:,} triples in {g.requests} request(s), "
                    f"{g.seconds:.1f} s"
                ),
            )
    except (FootkgError, ValueError) as exc:
        raise _fail(str(exc)) from exc
    total = sum(g.triples for g in report)
    console.print(f"pushed {len(report)} graph(s), {total:,} triples to {target.gsp_url}")


def register(app: typer.Typer) -> None:
    """Add ``serve`` and ``push`` to ``app`` (a second call does nothing)."""
    names = {c.name for c in app.registered_commands}
    if "serve" not in names:
        app.command("serve", cls=Command)(serve_cmd)
    if "push" not in names:
        app.command("push", cls=Command)(push_cmd)
