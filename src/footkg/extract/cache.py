"""The extractor's start-up, done once per build: the gazetteer and the name patterns stored
beside the store.

Building an :class:`~footkg.extract.extractor.Extractor` from a store reads the graph's
teams, places, editions, every squad, match, goal and birth date (a few dozen SPARQL
queries) and tokenizes some 7,000 name patterns: seconds of CPU before a report is read. The
build does it once and stores the result (a complete
:class:`~footkg.extract.gazetteer.Gazetteer`, which needs no store, and the
:class:`~footkg.extract.pipeline.NameIndex`) with :mod:`pickle` in
``STORE/extract-cache/<build>.pickle``; ``footkg extract`` and ``footkg conflicts`` load it
in milliseconds.

The file is valid only for the store it was built from: its key (:func:`cache_key`) hashes
the current build's folder name, the name, size and modification time of every file of
that folder (a build, or a write such as ``footkg link``, changes them; reading does not),
the curated nickname table and the source of the modules that shape the cache. A cache with
another key is ignored and replaced. Like the store itself, the file is trusted: it is
written only by footkg, in the user's own store folder.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from footkg.extract import gazetteer as gazetteer_module
from footkg.extract import linking, pipeline
from footkg.extract.extractor import Extractor
from footkg.extract.gazetteer import Gazetteer
from footkg.extract.pipeline import NameIndex, build_nlp, name_patterns

#: the folder of a store folder that holds the extractor's cache
CACHE_DIR = "extract-cache"
#: bump when the cache's contents change shape
FORMAT = 1


@dataclass(frozen=True, slots=True)
class Cached:
    """What the cache file holds: its ``key``, the complete gazetteer (no store) and the
    tokenized names."""

    key: str
    gazetteer: Gazetteer
    names: NameIndex


def cache_key(store_path: Path) -> str | None:
    """The key of the current build of store folder ``store_path`` (see the module
    docstring); ``None`` when the folder holds no build."""
    link = store_path / "current"
    if not link.exists():
        return None
    build = link.resolve()
    digest = hashlib.sha256(f"{FORMAT}|{build.name}".encode())
    for entry in sorted(os.scandir(build), key=lambda e: e.name):
        stat = entry.stat()
        digest.update(f"|{entry.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    from footkg.resources import data_dir

    digest.update((data_dir() / "team-nicknames.csv").read_bytes())
    for module in (gazetteer_module, linking, pipeline):
        digest.update(Path(module.__file__ or "").read_bytes())
    return digest.hexdigest()


def cache_path(store_path: Path) -> Path | None:
    """Where the cache of the current build of ``store_path`` lives (``None`` without a
    build)."""
    link = store_path / "current"
    if not link.exists():
        return None
    return store_path / CACHE_DIR / f"{link.resolve().name}.pickle"


def snapshot(gaz: Gazetteer) -> tuple[Gazetteer, NameIndex]:
    """``gaz`` made complete (everything read from its store at once) and detached from its
    store, with the graph's names tokenized: what the cache holds."""
    linking.preload(gaz)
    detached = replace(gaz, store=None)
    return detached, NameIndex.build(build_nlp(), name_patterns(detached))


def build_cache(store_path: Path, state: tuple[Gazetteer, NameIndex] | None = None
                ) -> Cached | None:  # fmt: skip
    """Write the cache of the current build of ``store_path`` (atomically: a temporary file
    renamed) and remove the caches of builds that are gone. ``state`` (:func:`snapshot` of a
    gazetteer read from that store, whose store is closed) saves reading the store again.
    Returns what was cached, or ``None`` when the folder holds no build; a folder that is not
    writable gets no file, the cache is still returned."""
    from footkg.store.local import open_store

    if cache_path(store_path) is None:
        return None
    state = state or snapshot(Gazetteer.from_store(open_store(store_path)))
    key, path = cache_key(store_path), cache_path(store_path)
    if key is None or path is None:
        return None
    cached = Cached(key, *state)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".tmp") as tmp:
            pickle.dump(cached, tmp, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp.name, path)
        for old in path.parent.iterdir():
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
    return cached


def read_cache(store_path: Path) -> Cached | None:
    """The cache of the current build of ``store_path`` when there is one and its key is the
    store's; ``None`` otherwise (no build, no file, a stale or unreadable file)."""
    key, path = cache_key(store_path), cache_path(store_path)
    if key is None or path is None or not path.is_file():
        return None
    try:
        with path.open("rb") as handle:
            cached = pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    return cached if isinstance(cached, Cached) and cached.key == key else None


def load_extractor(store_path: Path) -> Extractor:
    """An extractor for the current build of ``store_path``: from its cache when the cache's
    key is the store's, else built from the store (and the cache written for the next
    call). Raises :class:`footkg.errors.StoreNotBuiltError` when there is no build."""
    from footkg.errors import StoreNotBuiltError

    cached = read_cache(store_path) or build_cache(store_path)
    if cached is None:
        raise StoreNotBuiltError(store_path)
    return Extractor(cached.gazetteer, names=cached.names)
