"""What the ``footkg`` commands share, defined once: options (typer ``Annotated`` types), the
consoles (results on stdout, progress and messages on stderr), progress for long steps and the
way a command fails.

Nothing here imports more than typer and rich: every command module imports this one, and
``footkg --help`` must start in a fraction of a second. The libraries a command needs (the
store, the catalogue, the pipeline) are imported inside the command.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from typer.core import TyperCommand

from footkg.errors import EXIT_BAD_INPUT

#: Results (tables, CSV, JSON). Piped, a table is as wide as its rows need (no wrapped cells):
#: rich would otherwise assume 80 columns and break team names over two lines.
console = Console(soft_wrap=not sys.stdout.isatty(), width=None if sys.stdout.isatty() else 10_000)
#: Progress, notes, summaries and errors.
err = Console(stderr=True, soft_wrap=not sys.stderr.isatty())

#: The export formats' names (:data:`footkg.store.export.FORMATS`; a test keeps them equal).
EXPORT_FORMAT_NAMES = ("turtle", "trig", "nquads", "ntriples", "jsonld")

#: ``--store PATH``: a local store folder (commands that need the files of a local store).
LocalStoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store",
        metavar="PATH",
        help="The store folder (default: $FOOTKG_STORE, else the per-user data dir, e.g. "
        "~/.local/share/footkg/store).",
        show_default=False,
    ),
]
#: ``--store PATH|URL``: a local store folder or a SPARQL 1.1 server.
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        metavar="PATH|URL",
        help="The store folder, or the URL of a SPARQL 1.1 server (build pushes to it, query "
        "runs there) (default: $FOOTKG_STORE, else the per-user data dir, e.g. "
        "~/.local/share/footkg/store).",
        show_default=False,
    ),
]
#: ``--data-dir DIR``: a local copy of the public datasets.
DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        metavar="DIR",
        help="A local copy of the datasets laid out like the download "
        "(default: $FOOTKG_DATA_DIR, else the download cache, else a download).",
        show_default=False,
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        metavar="DIR",
        help="Folder for the exported files (default: STORE/exports).",
        show_default=False,
    ),
]
FormatsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--format",
        "-f",
        metavar="FORMAT",
        help=f"Export format, repeatable: {', '.join(EXPORT_FORMAT_NAMES)} "
        "(default: turtle, trig, nquads).",
        show_default=False,
    ),
]
#: ``--quiet``: results and errors only (for scripts).
QuietOpt = Annotated[
    bool,
    typer.Option(
        "--quiet", "-q", help="No progress or summary on stderr: only results and errors."
    ),
]


class Command(TyperCommand):
    """A ``footkg`` command whose help lists an argument by its name alone (``NAME|FILE.rq  A
    catalogue query…``), without typer's ``<str>`` type tag; options keep typer's records
    (their metavars are set above). Give it as ``cls=Command`` when registering a command."""

    def format_options(self, ctx, formatter) -> None:
        """Write the Arguments and Options sections of ``--help``."""
        arguments, options = [], []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                if not getattr(param, "hidden", False):
                    name = param.metavar or param.name.upper()
                    arguments.append((name, getattr(param, "help", None) or ""))
            elif (record := param.get_help_record(ctx)) is not None:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def store_path_of(value: str | None) -> Path:
    """The local store folder of a ``--store`` value (a URL is refused here)."""
    from footkg.store import is_url
    from footkg.store import local as store

    if value is not None and is_url(value):
        raise fail(f"--store {value}: this command needs a local store folder, not a URL")
    return Path(value).expanduser() if value is not None else store.default_store_path()


def fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    """Print ``error: message`` on stderr; return the :class:`typer.Exit` to raise (``code``)."""
    err.print("[bold red]error:[/] ", end="")
    err.print(message, markup=False, highlight=False)
    return typer.Exit(code)


def note(message: str, *, quiet: bool = False) -> None:
    """Print ``message`` on stderr (a note, a summary line), unless ``quiet``."""
    if not quiet:
        err.print(message, markup=False, highlight=False)


class Steps:
    """Progress of a command made of named steps, on stderr.

    On a terminal each running step shows as a rich spinner with its name; piped (a log, CI),
    every step prints one line when it starts and one with its time when it ends, so a long
    step is never silent. ``quiet`` prints nothing. Use :meth:`step` as the ``on_step``
    callback of :func:`footkg.build`, :func:`footkg.store.remote.push` and the link commands.
    """

    def __init__(self, *, quiet: bool = False) -> None:
        self.quiet = quiet
        self.live = err.is_terminal and not quiet
        self._status = None
        self._current: str | None = None
        self._started = 0.0

    def step(self, name: str) -> None:
        """Start step ``name`` (ending the previous one)."""
        self._end()
        self._current, self._started = name, time.perf_counter()
        if self.quiet:
            return
        if self._status is not None:
            self._status.update(f"{name}…")
        else:
            err.print(f"{name}…", markup=False, highlight=False)

    def info(self, message: str) -> None:
        """A line of progress within the current step (counts so far)."""
        if not self.quiet:
            err.print(f"  {message}", markup=False, highlight=False)

    def _end(self) -> None:
        if self._current is not None and not self.quiet and self._status is None:
            seconds = time.perf_counter() - self._started
            err.print(f"  {self._current}: done in {seconds:.1f} s", markup=False,
                      highlight=False)  # fmt: skip
        self._current = None

    @contextmanager
    def running(self, first: str | None = None) -> Iterator[Steps]:
        """Show the steps while the block runs (a spinner on a terminal); ``first`` starts one."""
        if self.live:
            with err.status(f"{first or 'working'}…") as status:
                self._status = status
                try:
                    if first:
                        self.step(first)
                    yield self
                finally:
                    self._status = None
                    self._current = None
            return
        if first:
            self.step(first)
        try:
            yield self
        finally:
            self._end()
