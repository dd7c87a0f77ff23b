"""The ``footkg`` command: a thin layer over the library (every command calls public functions).

Exit codes (as pySHACL's): 0 ok; 1 the data does not conform to the SHACL shapes; 2 bad input
or usage (unknown query, team or parameter, missing data dir, unreadable file); 3 internal error.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer
from rich.console import Console

from footkg.errors import EXIT_INTERNAL, FootkgError, exit_code

#: the command groups (modules of :mod:`footkg.cli`), in the order `footkg --help` lists them
GROUPS = ("build", "query", "data", "serve", "graph", "docs", "link", "extract")
#: commands that start with their own group only (each group imports its stage's libraries:
#: `footkg extract` need not import networkx, rdflib's SHACL or the server)
FAST_COMMANDS = {"extract": "extract", "conflicts": "extract"}
err = Console(stderr=True)


def make_app(groups: tuple[str, ...] = GROUPS) -> typer.Typer:
    """The ``footkg`` Typer app with the commands of ``groups`` (names of :data:`GROUPS`)."""
    made = typer.Typer(
        help="footkg: a football knowledge graph (World Cup and international fixtures) as "
        "validated RDF, queried with SPARQL.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    for group in groups:
        importlib.import_module(f"footkg.cli.{group}").register(made)
    return made


def __getattr__(name: str) -> Any:
    """``footkg.cli.app.app``: the app with every command, made on first use."""
    if name == "app":
        made = globals()["app"] = make_app()
        return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _app_for(argv: list[str]) -> typer.Typer:
    """The app for a command line: the one group of a fast command (:data:`FAST_COMMANDS`),
    else every command."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command in FAST_COMMANDS:
        return make_app((FAST_COMMANDS[command],))
    return __getattr__("app")


def main() -> None:
    """Entry point: footkg errors exit 2 with their message; anything unexpected exits 3."""
    try:
        _app_for(sys.argv[1:])()
    except FootkgError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(exit_code(exc))
    except Exception as exc:  # an internal error: say so, with the type, and exit 3
        err.print(f"[bold red]internal error:[/] {type(exc).__name__}: {exc}")
        err.print("please report it with the command you ran")
        sys.exit(EXIT_INTERNAL)
