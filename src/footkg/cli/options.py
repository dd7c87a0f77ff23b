"""What the ``footkg`` commands share, defined once: options (typer ``Annotated`` types), the
consoles (tables on stdout, messages on stderr) and the way a command fails."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from footkg.errors import EXIT_BAD_INPUT
from footkg.store import export, remote
from footkg.store import local as store

# tables stay readable when piped (rich would otherwise assume 80 columns)
console = Console(width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True)

#: ``--store PATH``: a local store folder (commands that need the files of a local store).
LocalStoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store",
        help="The store folder (default: $FOOTKG_STORE, else the per-user data dir, e.g. "
        "~/.local/share/footkg/store).",
        show_default=False,
    ),
]
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


def store_path_of(value: str | None) -> Path:
    """The local store folder of a ``--store`` value (a URL is refused here)."""
    if value is not None and remote.is_url(value):
        raise fail(f"--store {value}: this command needs a local store folder, not a URL")
    return Path(value).expanduser() if value is not None else store.default_store_path()


def fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    """Print ``error: message`` on stderr; return the :class:`typer.Exit` to raise (``code``)."""
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)
