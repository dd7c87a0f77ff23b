"""The pinned manifest, downloads from a real HTTP server on loopback, verification, and the
choice of data dir (with the fallback to the built-in sample)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.server
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from footkg.errors import ChecksumError, DataDirError, DownloadError, FootkgError, ManifestError
from footkg.ingest import datasets
from footkg.ingest.datasets import Manifest, fetch, load_manifest, resolve_data_dir, verify

# A few small files from every dataset and both openfootball repositories.
SMALL = (
    "fjelstul-worldcup/data-csv/tournaments.csv",
    "fjelstul-worldcup/data-csv/awards.csv",
    "intl-results/former_names.csv",
    "openfootball-worldcup/1930/worldcup.json",
    "openfootball-worldcup/stadiums-csv/2026--usa/cup_stadiums.csv",
)


@pytest.fixture(scope="module")
def manifest() -> Manifest:
    return load_manifest()


@pytest.fixture
def small(manifest: Manifest) -> Manifest:
    return manifest.subset(SMALL)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def _serve(root: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FOOTKG_DATA_DIR", "FOOTKG_DATA_URL", "FOOTKG_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def shared_server(shared_data: Path) -> Iterator[str]:
    with _serve(shared_data) as url:
        yield url


@pytest.fixture
def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def _copy(shared_data: Path, manifest: Manifest, dest: Path) -> Path:
    for entry in manifest.files:
        target = dest / entry.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shared_data / entry.path, target)
    return dest


# --- the manifest -----------------------------------------------------------------------------


def test_manifest_lists_the_pinned_datasets(manifest: Manifest) -> None:
    assert list(manifest.datasets) == [
        "fjelstul-worldcup",
        "intl-results",
        "openfootball-worldcup",
        "engsoccerdata-england",
        "openfootball-football",
        "openfootball-euro",
        "country-codes",
    ]
    fjelstul = manifest.datasets["fjelstul-worldcup"]
    assert fjelstul.commit == "35a8667f518b07469182ae16d35574dd0e7a00fb"
    assert fjelstul.license.iri == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert "© 2023 Joshua C. Fjelstul, Ph.D." in fjelstul.attribution
    assert "https://creativecommons.org/licenses/by-sa/4.0/legalcode" in fjelstul.attribution
    assert "https://www.github.com/jfjelstul/worldcup" in fjelstul.attribution
    assert len(fjelstul.files) == 27
    assert len(manifest.datasets["intl-results"].files) == 4
    # 22 editions 1930-2022 + the side files of 2014, 2018, 2022 and 2026 + 4 stadium CSVs
    assert len(manifest.datasets["openfootball-worldcup"].files) == 42
    assert len(manifest.files) == 766  # 74 national-team files, 692 of the club datasets
    assert manifest.datasets["intl-results"].info().license == (
        "https://creativecommons.org/publicdomain/zero/1.0/"
    )


def test_manifest_urls_are_pinned_to_the_upstream_commits(manifest: Manifest) -> None:
    by_path = {f.path: f for f in manifest.files}
    raw = "https://raw.githubusercontent.com/"
    assert by_path["fjelstul-worldcup/data-csv/goals.csv"].url == (
        raw + "jfjelstul/worldcup/35a8667f518b07469182ae16d35574dd0e7a00fb/data-csv/goals.csv"
    )
    assert by_path["openfootball-worldcup/2026/worldcup.json"].url == (
        raw + "openfootball/worldcup.json/aa2ac44b1d63444e96c2f6b559d012b4815f2a48/"
        "2026/worldcup.json"
    )
    stadiums = by_path["openfootball-worldcup/stadiums-csv/2022--qatar/cup_stadiums.csv"]
    assert stadiums.url == (
        raw + "openfootball/worldcup/bd46a148289f9930da66c140d4d7d2325e95d387/"
        "2022--qatar/cup_stadiums.csv"
    )
    assert stadiums.commit == "bd46a148289f9930da66c140d4d7d2325e95d387"
    assert by_path["country-codes/country-codes.csv"].url == (
        raw + "datasets/country-codes/caa72d1e0e5af8876c170bb36a9e4d64a01bba88/"
        "data/country-codes.csv"
    )
    assert by_path["country-codes/country-codes.csv"].size == 134_003
    assert by_path["intl-results/results.csv"].size == 3_727_835
    assert not any("clubworldcup" in path for path in by_path)


def test_manifest_checksums_match_the_shared_copy(manifest: Manifest, shared_data: Path) -> None:
    entry = next(f for f in manifest.files if f.path == "intl-results/shootouts.csv")
    data = (shared_data / entry.path).read_bytes()
    assert entry.sha256 == hashlib.sha256(data).hexdigest()
    assert entry.size == len(data) == 29_050


def test_malformed_manifest_is_a_named_error(tmp_path: Path) -> None:
    bad = tmp_path / "datasets.json"
    bad.write_text('{"datasets": {"x": {"title": "X"}}}', encoding="utf-8")
    with pytest.raises(ManifestError, match=r"datasets\.json"):
        load_manifest(bad)
    with pytest.raises(ManifestError, match="cannot read"):
        load_manifest(tmp_path / "absent.json")


def test_subset_rejects_unknown_paths(manifest: Manifest) -> None:
    with pytest.raises(KeyError, match=r"nope\.csv"):
        manifest.subset(["nope.csv"])


# --- verify -----------------------------------------------------------------------------------


def test_verify_finds_no_problem_in_the_shared_copy(manifest: Manifest, shared_data: Path) -> None:
    assert verify(shared_data, manifest) == []


def test_verify_reports_truncated_corrupt_and_missing_files(
    small: Manifest, shared_data: Path, tmp_path: Path
) -> None:
    copy = _copy(shared_data, small, tmp_path / "data")
    truncated = copy / "intl-results/former_names.csv"
    truncated.write_bytes(truncated.read_bytes()[:100])
    flipped = copy / "fjelstul-worldcup/data-csv/awards.csv"
    data = bytearray(flipped.read_bytes())
    data[10] ^= 0x01
    flipped.write_bytes(bytes(data))
    (copy / "openfootball-worldcup/1930/worldcup.json").unlink()

    problems = verify(copy, small)
    assert [(p.path, p.kind) for p in problems] == [
        ("fjelstul-worldcup/data-csv/awards.csv", "sha256"),
        ("intl-results/former_names.csv", "size"),
        ("openfootball-worldcup/1930/worldcup.json", "missing"),
    ]
    assert problems[1].expected == "1691"
    assert problems[1].actual == "100"
    assert "expected 1691" in str(problems[1])


# --- fetch ------------------------------------------------------------------------------------


def test_fetch_from_a_loopback_mirror(small: Manifest, shared_server: str, tmp_path: Path) -> None:
    data_dir = fetch(tmp_path / "cache", manifest=small, base_url=shared_server, progress=False)
    assert data_dir == tmp_path / "cache" / "datasets"
    assert verify(data_dir, small) == []
    assert (data_dir / "intl-results/former_names.csv").stat().st_size == 1691
    # a second fetch finds everything in place; a deleted file comes back
    (data_dir / "intl-results/former_names.csv").unlink()
    fetch(tmp_path / "cache", manifest=small, base_url=shared_server, progress=False)
    assert verify(data_dir, small) == []


def test_fetch_uses_the_mirror_from_the_environment(
    small: Manifest, shared_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOOTKG_DATA_URL", shared_server + "/")
    data_dir = fetch(tmp_path, manifest=small, progress=False)
    assert verify(data_dir, small) == []


def test_corrupt_mirror_file_raises_checksum_error(
    small: Manifest, shared_data: Path, tmp_path: Path
) -> None:
    mirror = _copy(shared_data, small, tmp_path / "mirror")
    corrupt = mirror / "fjelstul-worldcup/data-csv/tournaments.csv"
    corrupt.write_bytes(corrupt.read_bytes().replace(b"Uruguay", b"Paraguay", 1))
    actual = hashlib.sha256(corrupt.read_bytes()).hexdigest()
    expected = next(f.sha256 for f in small.files if f.path.endswith("tournaments.csv"))

    with _serve(mirror) as base_url, pytest.raises(ChecksumError) as caught:
        fetch(tmp_path / "cache", manifest=small, base_url=base_url, progress=False)
    err = caught.value
    assert err.path == "fjelstul-worldcup/data-csv/tournaments.csv"
    assert err.expected == expected
    assert err.actual == actual
    assert "fjelstul-worldcup/data-csv/tournaments.csv" in str(err)
    assert expected in str(err)
    assert actual in str(err)
    assert isinstance(err, FootkgError)
    assert not (tmp_path / "cache/datasets/fjelstul-worldcup/data-csv/tournaments.csv").exists()


def test_unreachable_server_raises_download_error(
    small: Manifest, closed_port_url: str, tmp_path: Path
) -> None:
    with pytest.raises(DownloadError) as caught:
        fetch(tmp_path, manifest=small, base_url=closed_port_url, progress=False)
    err = caught.value
    first = small.files[0].path  # files are fetched in manifest order
    assert err.path == first == "fjelstul-worldcup/data-csv/awards.csv"
    assert err.url == f"{closed_port_url}/{first}"
    assert err.url in str(err)
    assert "ConnectionError" in str(err)
    assert isinstance(err, FootkgError)


def test_missing_file_on_the_mirror_raises_download_error(
    small: Manifest, shared_data: Path, tmp_path: Path
) -> None:
    mirror = _copy(shared_data, small, tmp_path / "mirror")
    (mirror / "intl-results/former_names.csv").unlink()
    with (
        _serve(mirror) as base_url,
        pytest.raises(DownloadError, match=r"intl-results/former_names\.csv.*404"),
    ):
        fetch(tmp_path / "cache", manifest=small, base_url=base_url, progress=False)


# --- resolve_data_dir -------------------------------------------------------------------------


def test_explicit_data_dir_wins(shared_data: Path, tmp_path: Path) -> None:
    location = resolve_data_dir(shared_data, cache_dir=tmp_path, allow_download=True)
    assert location.kind == "local"
    assert location.path == shared_data
    with pytest.raises(DataDirError, match="absent"):
        resolve_data_dir(tmp_path / "absent", cache_dir=tmp_path, allow_download=True)


def test_data_dir_from_the_environment(
    shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOOTKG_DATA_DIR", str(shared_data))
    location = resolve_data_dir(None, cache_dir=tmp_path, allow_download=False)
    assert (location.kind, location.path) == ("local", shared_data)


def test_download_then_cache(small: Manifest, shared_server: str, tmp_path: Path) -> None:
    first = resolve_data_dir(
        None, cache_dir=tmp_path, allow_download=True, manifest=small, base_url=shared_server
    )
    assert first.kind == "cache"
    assert first.reason.startswith("downloaded")
    second = resolve_data_dir(None, cache_dir=tmp_path, allow_download=False, manifest=small)
    assert (second.kind, second.path) == ("cache", tmp_path / "datasets")
    assert second.reason.startswith("using the downloaded datasets")


def test_falls_back_to_the_sample_when_the_download_fails(
    small: Manifest, closed_port_url: str, tmp_path: Path
) -> None:
    location = resolve_data_dir(
        None, cache_dir=tmp_path, allow_download=True, manifest=small, base_url=closed_port_url
    )
    assert location.kind == "sample"
    assert location.path == datasets.SAMPLE_DIR
    assert (location.path / "world-cup-finals.csv").is_file()
    assert "could not be downloaded" in location.reason
    assert "footkg data fetch" in location.reason
    assert "--data-dir" in location.reason


def test_falls_back_to_the_sample_when_downloads_are_off(small: Manifest, tmp_path: Path) -> None:
    location = resolve_data_dir(None, cache_dir=tmp_path, allow_download=False, manifest=small)
    assert location.kind == "sample"
    assert "downloads are off" in location.reason


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FOOTKG_CACHE_DIR", str(tmp_path))
    assert datasets.default_cache_dir() == tmp_path
    monkeypatch.delenv("FOOTKG_CACHE_DIR")
    assert datasets.default_cache_dir().name == "footkg"
