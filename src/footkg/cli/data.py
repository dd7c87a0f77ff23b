"""``footkg data fetch`` and ``footkg data verify``: download the pinned datasets (sha256
checked) and check a local copy against the manifest."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from footkg.cli.options import Command, DataDirOpt, QuietOpt, console, err, fail, note

_data = typer.Typer(help="Download and check the public datasets.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``data`` command group to the main app."""
    app.add_typer(_data, name="data")


@_data.command("fetch", cls=Command)
def data_fetch(
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Download cache (default: $FOOTKG_CACHE_DIR or the user cache dir).",
            show_default=False,
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="A mirror laid out like the data dir "
            "(default: $FOOTKG_DATA_URL or the pinned "
            "upstream addresses).",
            show_default=False,
        ),
    ] = None,
    quiet: QuietOpt = False,
) -> None:
    """Download the pinned datasets into the cache and verify their sha256 checksums.

    A progress bar (bytes and files) shows on a terminal; piped, one line per file.
    """
    from footkg.errors import FootkgError
    from footkg.ingest import datasets

    manifest = datasets.load_manifest()
    piped = not err.is_terminal

    def one_file(entry: datasets.FileEntry, done: int, total: int) -> None:
        if piped:
            note(f"{done}/{total} {entry.path} ({entry.size:,} bytes)", quiet=quiet)

    try:
        path = datasets.fetch(
            cache_dir or datasets.default_cache_dir(),
            manifest=manifest,
            base_url=base_url,
            progress=not quiet,
            on_file=one_file,
        )
    except FootkgError as exc:
        raise fail(str(exc)) from exc
    console.print(
        f"datasets ready in {path} ({len(manifest.files)} files, {manifest.total_size:,} bytes, "
        "sha256 checked)",
        highlight=False,
    )


@_data.command("verify", cls=Command)
def data_verify(data_dir: DataDirOpt = None) -> None:
    """Check a local copy (or the cache) against the manifest: missing files, sizes, sha256."""
    from footkg.ingest import datasets

    folder = (
        data_dir
        or datasets.env_data_dir()
        or (datasets.default_cache_dir() / datasets.CACHE_SUBDIR)
    )
    manifest = datasets.load_manifest()
    problems = datasets.verify(folder, manifest)
    for problem in problems:
        err.print(str(problem), markup=False, highlight=False)
    if problems:
        raise fail(f"{len(problems)} of {len(manifest.files)} files have a problem in {folder}")
    console.print(f"{folder}: every file matches the manifest ({len(manifest.files)} files)")
