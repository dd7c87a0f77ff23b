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


@pytest.fixture(scope="session")
def full_build(shared_data: Path, tmp_path_factory: pytest.TempPathFactory):
    """One full build from ``../shared/data`` for the whole test session, validated as
    ``footkg build`` validates (its SHACL report is :func:`full_validation`), with the match
    reports of ``../shared/articles`` and ``../shared/seed`` besides the demo reports, as
    ``footkg build --articles DIR`` ingests them. Returns the :class:`BuildReport`."""
    from footkg.ingest.pipeline import BuildOptions, build

    folder = tmp_path_factory.mktemp("full")
    options = BuildOptions(
        store_path=folder / "store",
        data_dir=shared_data,
        cache_dir=folder / "cache",
        out_dir=None,
        validate=True,
        articles=tuple(SHARED / name for name in ("articles", "seed") if (SHARED / name).is_dir()),
    )
    return build(options)


@pytest.fixture(scope="session")
def full_store(request: pytest.FixtureRequest):
    """The read-only pyoxigraph store of :func:`full_build`, or, with ``$FOOTKG_FULL_STORE``,
    a store already built from ``../shared/data`` (``footkg build --data-dir ../shared/data
    --store DIR``): tests that read only the graph then skip the build of minutes."""
    from footkg.store.local import open_store

    prebuilt = os.environ.get("FOOTKG_FULL_STORE")
    if prebuilt:
        return open_store(Path(prebuilt))
    return open_store(request.getfixturevalue("full_build").store_path)


@pytest.fixture(scope="session")
def gaz(full_store):
    """The extractor's gazetteer (:class:`footkg.extract.Gazetteer`) read from the full store
    (teams, clubs, players, stadiums, competitions), once per test session."""
    from footkg.extract import Gazetteer

    return Gazetteer.from_store(full_store)


@pytest.fixture(scope="session")
def extractor(gaz):
    """An :class:`footkg.extract.Extractor` over :func:`gaz`."""
    from footkg.extract import Extractor

    return Extractor(gaz)


@pytest.fixture(scope="session")
def full_store_path(request: pytest.FixtureRequest) -> Path:
    """The folder of the full store (``footkg ... --store DIR``): :func:`full_build`'s, or
    ``$FOOTKG_FULL_STORE`` when set (as for :func:`full_store`)."""
    prebuilt = os.environ.get("FOOTKG_FULL_STORE")
    if prebuilt:
        return Path(prebuilt)
    return request.getfixturevalue("full_build").store_path


@pytest.fixture(scope="session")
def full_validation(request: pytest.FixtureRequest):
    """The SHACL report (:class:`footkg.validate.ValidationReport`, default engine) of the full
    graph: the one :func:`full_build` made, or, with ``$FOOTKG_FULL_STORE``, one made here.
    The full graph is validated once per test session (minutes)."""
    from footkg.validate import validate

    if os.environ.get("FOOTKG_FULL_STORE"):
        return validate(request.getfixturevalue("full_store"))
    report = request.getfixturevalue("full_build").validation
    assert report is not None, "the full build was not validated"
    return report


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store folder built offline from the built-in sample of World Cup finals (seconds)."""
    from footkg.ingest.pipeline import BuildOptions, build

    folder = tmp_path_factory.mktemp("sample-store")
    options = BuildOptions(
        store_path=folder / "store",
        data_dir=None,
        cache_dir=folder / "cache",
        allow_download=False,
        validate=False,
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("FOOTKG_DATA_DIR", raising=False)
        build(options)
    return folder / "store"
