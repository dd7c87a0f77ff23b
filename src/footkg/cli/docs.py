"""The ``footkg docs`` command (registered by :mod:`footkg.cli.app` with :func:`register`).

``footkg docs --out DIR [--store PATH|URL] [--no-examples] [--rows N]`` writes the reference
pages of :mod:`footkg.docs` (ontology, query catalogue with example results, Python API) as
self-contained HTML. Exit codes as :mod:`footkg.cli.app`: 0 ok, 2 bad input (e.g. ``--out`` not
writable).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg.cli.options import Command, console, err, fail


def docs_cmd(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder for the HTML pages.")],
    store_path: Annotated[
        str | None,
        typer.Option(
            "--store",
            metavar="PATH|URL",
            help="The store (folder or SPARQL server URL) the example results come from "
            "(default: $FOOTKG_STORE, else the per-user store). Without a built store the "
            "pages are written without example results.",
            show_default=False,
        ),
    ] = None,
    examples: Annotated[
        bool, typer.Option("--examples/--no-examples", help="Run each query for an example.")
    ] = True,
    rows: Annotated[
        int, typer.Option(metavar="N", help="Rows shown per example result (at least 1).", min=1)
    ] = 8,
) -> None:
    """Write the reference documentation (ontology, query catalogue, Python API) as HTML."""
    from footkg import api
    from footkg.docs import write_docs
    from footkg.errors import FootkgError, StoreNotBuiltError

    kg = None
    if examples:
        try:
            kg = api.open(store_path)
        except StoreNotBuiltError as exc:
            err.print(f"[yellow]note:[/] {exc}; writing the pages without example results")
        except FootkgError as exc:
            raise fail(str(exc)) from exc
    try:
        with console.status("writing the documentation…"):
            paths = write_docs(out, kg=kg, rows=rows)
    except OSError as exc:
        raise fail(f"cannot write to {out}: {exc.strerror or exc}") from exc
    for path in paths:
        console.print(f"wrote {path} ({path.stat().st_size:,} bytes)")


def register(app: typer.Typer) -> None:
    """Add the ``docs`` command to the ``footkg`` Typer app."""
    app.command("docs", cls=Command)(docs_cmd)
