"""Options shared by the ``footkg`` commands, defined once (typer ``Annotated`` types)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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
