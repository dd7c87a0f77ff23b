"""The ``footkg`` command: a thin layer over the library (every command calls public functions).

Exit codes (as pySHACL's): 0 ok; 1 the data does not conform to the SHACL shapes; 2 bad input
or usage (unknown query, team or parameter, missing data dir, unreadable file); 3 internal error.
"""

from __future__ import annotations

import sys

import typer

from footkg.cli import build as cli_build
from footkg.cli import data as cli_data
from footkg.cli import docs as cli_docs
from footkg.cli import extract as cli_extract
from footkg.cli import graph as cli_graph
from footkg.cli import link as cli_link
from footkg.cli import query as cli_query
from footkg.cli import serve as cli_serve
from footkg.cli.options import err
from footkg.errors import EXIT_INTERNAL, FootkgError, exit_code

app = typer.Typer(
    help="footkg: a football knowledge graph (World Cup and international fixtures) as "
    "validated RDF, queried with SPARQL.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# the command groups, in the order `footkg --help` lists them
for group in (cli_build, cli_query, cli_data, cli_serve, cli_graph, cli_docs, cli_link,
              cli_extract):  # fmt: skip
    group.register(app)


def main() -> None:
    """Entry point: footkg errors exit 2 with their message; anything unexpected exits 3."""
    try:
        app()
    except FootkgError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(exit_code(exc))
    except Exception as exc:  # an internal error: say so, with the type, and exit 3
        err.print(f"[bold red]internal error:[/] {type(exc).__name__}: {exc}")
        err.print("please report it with the command you ran")
        sys.exit(EXIT_INTERNAL)
