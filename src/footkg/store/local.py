"""The knowledge graph store: an embedded, persistent pyoxigraph store with atomic rebuilds.

Layout of a store folder (``--store PATH``)::

    PATH/builds/<UTC timestamp>/   one complete pyoxigraph store per successful build
    PATH/current -> builds/<…>     symbolic link to the store queries read

A build writes a new folder and, only when it has finished, swaps ``current`` with an atomic
``rename`` of a new link over the old one: a build that fails or is killed part way leaves the
previous store as it was. The build before the current one is kept; older ones are removed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pyoxigraph as ox

from footkg.errors import StoreNotBuiltError

CURRENT = "current"
BUILDS = "builds"


def default_store_path() -> Path:
    """The per-user store folder: ``$FOOTKG_STORE`` or the platform's user data dir
    (``~/.local/share/footkg/store`` on Linux)."""
    env = os.environ.get("FOOTKG_STORE")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("footkg")) / "store"


def current_build(path: Path) -> Path:
    """The folder of the current build in store folder ``path``.

    Raises :class:`StoreNotBuiltError` when there is none.
    """
    link = path / CURRENT
    if not link.exists():
        raise StoreNotBuiltError(path)
    return link.resolve()


def open_store(path: Path | str, *, read_only: bool = True) -> ox.Store:
    """Open the current build of store folder ``path`` (a path or a string; read-only by
    default, so several readers and a running build can coexist). Raises
    :class:`StoreNotBuiltError` when the folder holds no build."""
    folder = current_build(Path(path))
    return ox.Store.read_only(str(folder)) if read_only else ox.Store(str(folder))


class StoreBuild:
    """A new build of a store folder; use as a context manager.

    ``with StoreBuild(path) as build: build.store.bulk_extend(quads)`` — on normal exit
    :meth:`commit` makes it current; on an exception the half-built folder is removed and the
    previous build stays current.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        self.folder = path / BUILDS / stamp
        self.folder.mkdir(parents=True, exist_ok=False)
        self.store = ox.Store(str(self.folder))
        self.committed = False

    def load_quads(self, quads: Iterable[ox.Quad]) -> None:
        """Bulk-insert quads (no transaction log: fast, and the build is discarded on error)."""
        self.store.bulk_extend(quads)

    def load_nquads(self, chunks: Iterable[bytes]) -> None:
        """Bulk-load an N-Quads document given as byte chunks. It is written to a file beside
        the build first: pyoxigraph loads from a path faster than from memory (measured 11 s
        against 20 s for the full 1.3 M quads)."""
        path = self.path / f".load-{self.folder.name}.nq"
        try:
            with path.open("wb") as handle:
                for chunk in chunks:
                    handle.write(chunk)
            self.store.bulk_load(path=str(path), format=ox.RdfFormat.N_QUADS)
        finally:
            path.unlink(missing_ok=True)

    @property
    def load_path(self) -> Path:
        """Where the build's N-Quads load file goes: beside the build folder, never inside a
        store folder; :meth:`abort` and :meth:`commit` do not remove it (the caller does)."""
        return self.path / f".load-{self.folder.name}.nq"

    def load_nquads_file(self, path: Path) -> None:
        """Bulk-load the N-Quads file at ``path`` (kept: it can serve validation and exports)."""
        self.store.bulk_load(path=str(path), format=ox.RdfFormat.N_QUADS)

    def load_file(self, path: Path, graph: str, fmt: ox.RdfFormat) -> None:
        """Bulk-load an RDF file into named graph ``graph``."""
        with path.open("rb") as handle:
            self.store.bulk_load(handle, format=fmt, to_graph=ox.NamedNode(graph))

    def commit(self) -> None:
        """Flush, make this build current (atomic link swap) and prune old builds."""
        self.store.flush()
        self.store.optimize()
        del self.store
        link = self.path / CURRENT
        tmp = self.path / f".{CURRENT}.{os.getpid()}"
        if tmp.is_symlink() or tmp.exists():
            tmp.unlink()
        tmp.symlink_to(Path(BUILDS) / self.folder.name)
        previous = link.resolve() if link.exists() else None
        os.replace(tmp, link)
        self.committed = True
        _prune(self.path, keep={self.folder.name, previous.name if previous else ""})

    def abort(self) -> None:
        """Discard this build's folder."""
        if hasattr(self, "store"):
            del self.store
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> StoreBuild:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None or not self.committed:
            if exc_type is None:
                self.commit()
            else:
                self.abort()


def _prune(path: Path, keep: set[str]) -> None:
    for folder in (path / BUILDS).iterdir():
        if folder.name not in keep:
            shutil.rmtree(folder, ignore_errors=True)


def triples_per_graph(store: ox.Store) -> dict[str, int]:
    """Count the triples in each named graph (IRI → count), largest first."""
    query = (
        "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY DESC(?n)"
    )
    return {row["g"].value: int(row["n"].value) for row in store.query(query)}
