"""The pinned dataset manifest, downloading the datasets into a cache, and choosing the data dir.

footkg reads four public datasets (see ``data/datasets.json``): the Fjelstul World Cup Database,
martj42's international results, openfootball's World Cup files and datasets/country-codes.
The manifest pins each file to an upstream commit with its public URL, byte size and SHA-256.

* :func:`load_manifest` reads the manifest into :class:`Manifest`;
* :func:`fetch` downloads every file (with :mod:`pooch`, checksums verified) into a data dir laid
  out like a local copy (``<dataset key>/<path>``);
* :func:`verify` checks a local copy against the manifest;
* :func:`resolve_data_dir` decides where a build reads its data: an explicit folder, the cache,
  a fresh download, or, when none of those is possible, the small built-in sample
  (:mod:`footkg.ingest.sources.sample`), saying why.

Environment variables (read only by :func:`default_cache_dir`, :func:`env_data_url` and
:func:`env_data_dir`): ``FOOTKG_CACHE_DIR`` (cache folder), ``FOOTKG_DATA_URL`` (a mirror laid out
like the data dir, replacing the upstream URLs), ``FOOTKG_DATA_DIR`` (a local copy to use).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import platformdirs

from footkg import resources
from footkg.errors import ChecksumError, DataDirError, DownloadError, ManifestError
from footkg.ingest.sources import sample
from footkg.model import DatasetInfo

#: The manifest footkg ships: ``data/datasets.json`` (in the package, or a source checkout).
DEFAULT_MANIFEST = resources.manifest_path()
#: The built-in offline sample: ``<repo>/data/sample``.
SAMPLE_DIR = sample.SAMPLE_DIR
#: Folder of the cache that holds the downloaded datasets.
CACHE_SUBDIR = "datasets"

HOW_TO_GET_DATA = (
    "get the full datasets with `footkg data fetch`, or point `--data-dir` (or FOOTKG_DATA_DIR) "
    "at a local copy"
)


@dataclass(frozen=True, slots=True)
class License:
    """A licence: its name and IRI (e.g. ``https://creativecommons.org/licenses/by-sa/4.0/``)."""

    name: str
    iri: str


@dataclass(frozen=True, slots=True)
class FileEntry:
    """One pinned file: ``path`` relative to the data dir (``intl-results/results.csv``), its
    public ``url`` at the pinned commit, ``size`` in bytes and lower-case hex ``sha256``.
    ``repository``/``commit`` are set when they differ from the dataset's."""

    path: str
    url: str
    size: int
    sha256: str
    repository: str | None = None
    commit: str | None = None


@dataclass(frozen=True, slots=True)
class DatasetEntry:
    """One dataset: key (the top folder of its files), title, upstream repository URL, pinned
    commit, licence, attribution text (required by CC BY-SA; ``None`` for public-domain data)
    and its files."""

    key: str
    title: str
    repository: str
    commit: str
    license: License
    attribution: str | None
    files: tuple[FileEntry, ...]

    def info(self) -> DatasetInfo:
        """Provenance for the metadata graph: repository URL, commit as version, licence IRI."""
        return DatasetInfo(
            key=self.key,
            title=self.title,
            url=self.repository,
            version=self.commit,
            license=self.license.iri,
            attribution=self.attribution,
        )


@dataclass(frozen=True, slots=True)
class Manifest:
    """The pinned datasets, by key, in manifest order."""

    datasets: dict[str, DatasetEntry]

    @property
    def files(self) -> tuple[FileEntry, ...]:
        """Every file of every dataset."""
        return tuple(f for d in self.datasets.values() for f in d.files)

    @property
    def total_size(self) -> int:
        """Bytes to download for all files."""
        return sum(f.size for f in self.files)

    def subset(self, paths: Iterable[str]) -> Manifest:
        """The manifest restricted to the given file paths (datasets left empty are dropped).

        Raises :class:`KeyError` naming a path that is not in the manifest.
        """
        wanted = set(paths)
        unknown = wanted - {f.path for f in self.files}
        if unknown:
            raise KeyError(f"not in the manifest: {', '.join(sorted(unknown))}")
        datasets = {}
        for key, entry in self.datasets.items():
            files = tuple(f for f in entry.files if f.path in wanted)
            if files:
                datasets[key] = _replace_files(entry, files)
        return Manifest(datasets)


def _replace_files(entry: DatasetEntry, files: tuple[FileEntry, ...]) -> DatasetEntry:
    return DatasetEntry(
        entry.key,
        entry.title,
        entry.repository,
        entry.commit,
        entry.license,
        entry.attribution,
        files,
    )


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a local copy: ``kind`` is ``"missing"``, ``"size"`` or
    ``"sha256"``; ``expected``/``actual`` give the byte size or hash."""

    path: str
    kind: Literal["missing", "size", "sha256"]
    expected: str | None = None
    actual: str | None = None

    def __str__(self) -> str:
        if self.kind == "missing":
            return f"{self.path}: missing"
        return f"{self.path}: {self.kind} is {self.actual}, expected {self.expected}"


@dataclass(frozen=True, slots=True)
class DataLocation:
    """Where a build reads its data: ``kind`` ``"local"`` (an explicit folder), ``"cache"``
    (downloaded, complete) or ``"sample"`` (the built-in sample of World Cup finals, read with
    :func:`footkg.ingest.sources.sample.load`); ``reason`` says why, in a sentence for the user."""

    kind: Literal["local", "cache", "sample"]
    path: Path
    reason: str


# --- manifest -------------------------------------------------------------------------------


def load_manifest(path: Path | None = None) -> Manifest:
    """Read the manifest (default :data:`DEFAULT_MANIFEST`, ``data/datasets.json``).

    Raises :class:`ManifestError` if the file is missing, not JSON or lacks a field.
    """
    path = path or DEFAULT_MANIFEST
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return Manifest({key: _dataset(key, d) for key, d in raw["datasets"].items()})
    except OSError as err:
        raise ManifestError(f"cannot read the dataset manifest {path}: {err}") from err
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise ManifestError(f"malformed dataset manifest {path}: {err!r}") from err


def _dataset(key: str, raw: dict) -> DatasetEntry:
    return DatasetEntry(
        key=key,
        title=raw["title"],
        repository=raw["repository"],
        commit=raw["commit"],
        license=License(raw["license"]["name"], raw["license"]["iri"]),
        attribution=raw.get("attribution"),
        files=tuple(_file(f) for f in raw["files"]),
    )


def _file(raw: dict) -> FileEntry:
    path = raw["path"]
    if path.startswith("/") or ".." in path.split("/"):
        raise ValueError(f"unsafe file path {path!r}")
    return FileEntry(
        path=path,
        url=raw["url"],
        size=int(raw["size"]),
        sha256=raw["sha256"].lower(),
        repository=raw.get("repository"),
        commit=raw.get("commit"),
    )


# --- environment ----------------------------------------------------------------------------


def default_cache_dir() -> Path:
    """``FOOTKG_CACHE_DIR`` if set, else the user cache dir of "footkg" (platformdirs, e.g.
    ``~/.cache/footkg`` on Linux). The downloaded datasets go in its ``datasets/`` folder."""
    env = os.environ.get("FOOTKG_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("footkg"))


def env_data_url() -> str | None:
    """The mirror base URL from ``FOOTKG_DATA_URL`` (``None`` if unset or empty)."""
    return os.environ.get("FOOTKG_DATA_URL") or None


def env_data_dir() -> Path | None:
    """The local data dir from ``FOOTKG_DATA_DIR`` (``None`` if unset or empty)."""
    value = os.environ.get("FOOTKG_DATA_DIR")
    return Path(value) if value else None


# --- download and verification --------------------------------------------------------------


def file_url(entry: FileEntry, base_url: str | None) -> str:
    """The URL to download ``entry`` from: ``base_url/<path>`` for a mirror, else its own."""
    if base_url:
        return f"{base_url.rstrip('/')}/{entry.path}"
    return entry.url


#: Called after each file :func:`fetch` downloads: (entry, files done, files to download).
FileCallback = Callable[["FileEntry", int, int], None]


class _TotalBar:
    """The progress-bar object pooch's HTTP downloader drives for one file (``total``,
    ``update``, ``reset``, ``close``), forwarding to one tqdm bar over every file of a fetch.

    pooch counts whole chunks and, at the end, resets the file's bar and adds its real size;
    this keeps the overall bar exact by taking back what the file had added before."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar
        self.total = 0
        self._file_bytes = 0

    def update(self, n: int) -> None:
        self._file_bytes += n
        self.bar.update(n)

    def reset(self) -> None:
        self.bar.update(-self._file_bytes)
        self._file_bytes = 0

    def close(self) -> None:
        self._file_bytes = 0


def fetch(
    cache_dir: Path,
    *,
    manifest: Manifest,
    base_url: str | None = None,
    progress: bool = True,
    on_file: FileCallback | None = None,
) -> Path:
    """Download every file of ``manifest`` into ``cache_dir/datasets`` and return that folder.

    Files already present with the right size and SHA-256 are not downloaded again.
    ``base_url`` (or ``FOOTKG_DATA_URL``) replaces each file's URL by ``base_url/<path>`` (a
    mirror or a test server). ``progress`` shows one tqdm bar on stderr (bytes of all the files
    still to download, and files done), on a terminal only; ``on_file`` is called after each
    file (entry, files done, files to download), for a line per file in a log.

    Raises :class:`DownloadError` (names the file, URL and cause; a server that cannot be
    reached says so in one line) when a download fails, and :class:`ChecksumError` (names the
    file and both hashes) when a file's SHA-256 is wrong; the bad download is deleted, so the
    cache never holds it as if valid.
    """
    import pooch  # imported here: pooch and requests are slow to import
    from tqdm import tqdm

    data_dir = cache_dir / CACHE_SUBDIR
    base_url = base_url if base_url is not None else env_data_url()
    missing = {p.path for p in verify(data_dir, manifest)}
    todo = [entry for entry in manifest.files if entry.path in missing]
    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel("WARNING")  # pooch says "Downloading data from …" once per file
    bar = tqdm(
        total=sum(e.size for e in todo),
        unit="B",
        unit_scale=True,
        desc=f"0/{len(todo)} files",
        disable=None if progress else True,  # None: on a terminal only
        leave=True,
    )
    try:
        for done, entry in enumerate(todo, 1):
            _download(pooch, entry, file_url(entry, base_url), data_dir, _TotalBar(bar))
            bar.set_description(f"{done}/{len(todo)} files")
            if on_file is not None:
                on_file(entry, done, len(todo))
    finally:
        bar.close()
        logger.setLevel(level)
    return data_dir


def _download(pooch: Any, entry: FileEntry, url: str, data_dir: Path, bar: _TotalBar) -> None:
    """One file into ``data_dir/<entry.path>`` with pooch, its SHA-256 checked."""
    try:
        pooch.retrieve(
            url,
            known_hash=f"sha256:{entry.sha256}",
            fname=entry.path,
            path=data_dir,
            downloader=pooch.HTTPDownloader(progressbar=bar),
        )
    except ValueError as err:
        if "hash" not in str(err):
            raise DownloadError(entry.path, url, err) from err
        actual = sha256_in_message(str(err), exclude=entry.sha256)
        raise ChecksumError(entry.path, url, entry.sha256, actual) from err
    except Exception as err:  # requests' errors, OSError: one named error for the caller
        raise DownloadError(entry.path, url, _describe(err, url)) from err


def sha256_in_message(message: str, *, exclude: str) -> str | None:
    """The first 64-hex-digit hash in ``message`` other than ``exclude`` (pooch names the hash
    of the rejected download only in its error message)."""
    for match in re.finditer(r"\b[0-9a-f]{64}\b", message):
        if match.group(0) != exclude:
            return match.group(0)
    return None


def _describe(err: BaseException, url: str) -> str:
    """A download error in one line: a server that cannot be reached is named (urllib3's
    nested message is left out), an HTTP error gives its status."""
    import requests

    host = urlsplit(url).netloc or url
    if isinstance(err, requests.ConnectionError | requests.Timeout):
        return f"{type(err).__name__}: cannot reach {host} (no network, or the server is down)"
    if isinstance(err, requests.HTTPError) and err.response is not None:
        return f"HTTP {err.response.status_code} {err.response.reason} from {host}"
    return f"{type(err).__name__}: {err}"


def sha256_of(path: Path) -> str:
    """Lower-case hex SHA-256 of a file's bytes (read in 1 MiB blocks)."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def verify(data_dir: Path, manifest: Manifest, *, check_hashes: bool = True) -> list[Problem]:
    """Check a local copy against the manifest: every file present, of the pinned byte size and
    (with ``check_hashes``) SHA-256. Returns the problems, in manifest order (empty: all good).
    Extra files are ignored."""
    problems: list[Problem] = []
    for entry in manifest.files:
        path = data_dir / entry.path
        if not path.is_file():
            problems.append(Problem(entry.path, "missing"))
            continue
        size = path.stat().st_size
        if size != entry.size:
            problems.append(Problem(entry.path, "size", str(entry.size), str(size)))
            continue
        if check_hashes:
            actual = sha256_of(path)
            if actual != entry.sha256:
                problems.append(Problem(entry.path, "sha256", entry.sha256, actual))
    return problems


# --- choosing the data dir ------------------------------------------------------------------


def resolve_data_dir(
    data_dir: Path | None,
    *,
    cache_dir: Path,
    allow_download: bool,
    manifest: Manifest | None = None,
    base_url: str | None = None,
    progress: bool = False,
) -> DataLocation:
    """Decide where to read the datasets from, in this order:

    1. ``data_dir`` (``--data-dir``) or else ``FOOTKG_DATA_DIR``: kind ``"local"``; raises
       :class:`DataDirError` if it is not an existing folder (no silent fallback);
    2. ``cache_dir/datasets`` if it holds every manifest file intact: kind ``"cache"``;
    3. a download into the cache (if ``allow_download``; ``base_url`` as for :func:`fetch`):
       kind ``"cache"``;
    4. otherwise (download not allowed, or failed: no network, bad mirror) kind ``"sample"``,
       the built-in sample of World Cup finals, with the reason and how to get the full data.
    """
    explicit = data_dir if data_dir is not None else env_data_dir()
    if explicit is not None:
        if not explicit.is_dir():
            raise DataDirError(f"data dir {explicit} does not exist or is not a folder")
        return DataLocation("local", explicit, f"using the datasets in {explicit}")

    manifest = manifest or load_manifest()
    cached = cache_dir / CACHE_SUBDIR
    problems = verify(cached, manifest)
    if not problems:
        return DataLocation("cache", cached, f"using the downloaded datasets in {cached}")
    if not allow_download:
        return _sample(f"the dataset cache {cached} is incomplete and downloads are off")
    try:
        fetched = fetch(cache_dir, manifest=manifest, base_url=base_url, progress=progress)
    except (DownloadError, ChecksumError) as err:
        return _sample(f"the datasets could not be downloaded ({err})")
    return DataLocation("cache", fetched, f"downloaded the datasets into {fetched}")


def _sample(why: str) -> DataLocation:
    return DataLocation(
        "sample",
        SAMPLE_DIR,
        f"{why}; building from the small built-in sample of World Cup finals only. "
        f"To build the full graph, {HOW_TO_GET_DATA}.",
    )
