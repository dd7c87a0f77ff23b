"""Shared test fixtures: where the read-only public datasets are (``../shared/data``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FOOTKG_SHARED", REPO.parent / "shared"))
SHARED_DATA = SHARED / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder laid out like ``../shared/data`` (skip when it is not beside the repo)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared datasets not found at {SHARED_DATA}")
    return SHARED_DATA
