"""``footkg data fetch`` and ``footkg data verify``: download the pinned datasets (sha256
checked) and check a local copy against the manifest."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg.cli.options import DataDirOpt, console, err, fail
from footkg.errors import FootkgError
from footkg.ingest import datasets

_data = typer.Typer(help="Download and check the public datasets.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``data`` command group to the main app."""
    app.add_typer(_data, name="data")


@_data.command("fetch")
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
        raise fail(str(exc)) from exc
    console.print(f"datasets ready in {path}")


@_data.command("verify")
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
        raise fail(f"{len(problems)} problem(s) in {folder}")
    console.print(f"{folder}: every file matches the manifest")
