"""Locate footkg's own data files: the ontology, the SHACL shapes, the SPARQL catalogue, data.

The package is installed editable from a src layout, so these folders sit at the repository root,
two levels above this module (``<repo>/src/footkg/resources.py`` → ``<repo>``).
"""

from __future__ import annotations

from pathlib import Path


def repo_root() -> Path:
    """The repository root: the folder holding ``ontology/``, ``queries/`` and ``data/``."""
    return Path(__file__).resolve().parents[2]


def _existing(path: Path) -> Path:
    """Return ``path`` if it exists, else raise :class:`FileNotFoundError` naming it."""
    if not path.exists():
        raise FileNotFoundError(f"footkg resource not found: {path}")
    return path


def ontology_path() -> Path:
    """The OWL ontology in Turtle, ``<repo>/ontology/footkg.ttl``.

    Raises:
        FileNotFoundError: when the file is missing (e.g. a non-editable install).
    """
    return _existing(repo_root() / "ontology" / "footkg.ttl")


def shapes_path() -> Path:
    """The SHACL shapes graph in Turtle, ``<repo>/ontology/shapes.ttl``.

    Raises:
        FileNotFoundError: when the file is missing.
    """
    return _existing(repo_root() / "ontology" / "shapes.ttl")


def queries_dir() -> Path:
    """The folder of the SPARQL catalogue (``*.rq``), ``<repo>/queries``.

    Raises:
        FileNotFoundError: when the folder is missing.
    """
    return _existing(repo_root() / "queries")


def data_dir() -> Path:
    """The folder of small data footkg itself wrote (manifests, demo reports), ``<repo>/data``.

    Raises:
        FileNotFoundError: when the folder is missing.
    """
    return _existing(repo_root() / "data")
