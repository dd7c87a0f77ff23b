"""The ``footkg`` command: a thin layer over the library (every command calls public functions).

Exit codes (as pySHACL's; :data:`footkg.errors.EXIT_CODES`): 0 ok; 1 the data does not conform
to the SHACL shapes; 2 bad input, usage or environment (unknown query, team or parameter,
missing data dir or store, unreadable file, no network); 3 internal error (a bug: please
report it).

Start-up: the command modules import only typer, rich and :mod:`footkg.errors`; each command
imports the libraries it needs when it runs, so ``footkg --help`` never loads the store, the
pipeline, networkx or spaCy. Help is plain text (typer without rich markup): one line per
option, paragraphs wrapped to the terminal.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from footkg._version import __version__
from footkg.cli import build as cli_build
from footkg.cli import data as cli_data
from footkg.cli import docs as cli_docs
from footkg.cli import extract as cli_extract
from footkg.cli import graph as cli_graph
from footkg.cli import link as cli_link
from footkg.cli import query as cli_query
from footkg.cli import serve as cli_serve
from footkg.cli.options import err
from footkg.errors import EXIT_CODES, EXIT_INTERNAL, FootkgError, exit_code

app = typer.Typer(
    help="footkg: a football knowledge graph (World Cup and international fixtures) as "
    "validated RDF, queried with SPARQL.\n\n"
    + "Exit codes: " + "; ".join(f"{code} {what}" for code, what in EXIT_CODES.items()) + ".",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"footkg {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print footkg's version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    """footkg: a football knowledge graph as validated RDF, queried with SPARQL."""


# the command groups, in the order `footkg --help` lists them
for group in (cli_build, cli_query, cli_data, cli_serve, cli_graph, cli_docs, cli_link,
              cli_extract):  # fmt: skip
    group.register(app)


def main() -> None:
    """Entry point: footkg errors exit with their code (2 for bad input or environment) and
    message; anything unexpected exits 3 as an internal error."""
    try:
        app()
    except FootkgError as exc:
        err.print("[bold red]error:[/] ", end="")
        err.print(str(exc), markup=False, highlight=False)
        sys.exit(exit_code(exc))
    except Exception as exc:  # an internal error: say so, with the type, and exit 3
        err.print("[bold red]internal error:[/] ", end="")
        err.print(f"{type(exc).__name__}: {exc}", markup=False, highlight=False)
        err.print("please report it with the command you ran")
        sys.exit(EXIT_INTERNAL)
