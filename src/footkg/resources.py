"""Locate footkg's own data files: the ontology, the SHACL shapes, the SPARQL catalogue, data.

They live at the top of the repository (``ontology/``, ``queries/``, ``data/``) and the build
configuration (``pyproject.toml``, hatchling's ``force-include``) puts them inside the package
of a wheel, as ``footkg/ontology``, ``footkg/queries`` and ``footkg/data``. So there are two
places, looked at in this order:

1. the installed package, found with :func:`importlib.resources.files` (a wheel, ``pip
   install footkg``, ``pipx``);
2. the repository root two levels above this module (``<repo>/src/footkg/resources.py`` →
   ``<repo>``): a source checkout installed with ``pip install -e``, where the files are read
   where they are edited.

footkg is installed as files (wheels are unpacked), so a resource is a real
:class:`~pathlib.Path` that pyoxigraph and rdflib can open.
"""

from __future__ import annotations

from importlib import resources as _importlib_resources
from pathlib import Path

__all__ = [
    "data_dir",
    "manifest_path",
    "ontology_path",
    "package_root",
    "queries_dir",
    "repo_root",
    "resource_root",
    "sample_dir",
    "shapes_path",
]

#: The folders every footkg installation holds, in the package or the repository root.
RESOURCE_FOLDERS = ("ontology", "queries", "data")


def package_root() -> Path:
    """The installed ``footkg`` package folder (``…/site-packages/footkg``, or
    ``<repo>/src/footkg`` in a source checkout)."""
    return Path(str(_importlib_resources.files("footkg")))


def repo_root() -> Path:
    """The repository root of a source checkout: the folder holding ``pyproject.toml``,
    ``ontology/``, ``queries/`` and ``data/`` (it may not exist in a wheel install)."""
    return Path(__file__).resolve().parents[2]


def resource_root() -> Path:
    """The folder that holds ``ontology/``, ``queries/`` and ``data/``: the package folder of a
    wheel install, else the repository root (see the module docstring).

    Raises:
        FileNotFoundError: naming both places, when neither holds ``ontology/`` (a broken
            install: reinstall footkg).
    """
    for root in (package_root(), repo_root()):
        if (root / "ontology").is_dir():
            return root
    raise FileNotFoundError(
        f"footkg's data files (ontology/, queries/, data/) are neither in the package "
        f"({package_root()}) nor in a source checkout ({repo_root()}): reinstall footkg"
    )


def _existing(relative: str) -> Path:
    """``resource_root() / relative`` if it exists, else :class:`FileNotFoundError` naming it."""
    path = resource_root() / relative
    if not path.exists():
        raise FileNotFoundError(f"footkg resource not found: {path}")
    return path


def ontology_path() -> Path:
    """The OWL ontology in Turtle, ``ontology/footkg.ttl``.

    Raises:
        FileNotFoundError: when the file is missing (a broken install).
    """
    return _existing("ontology/footkg.ttl")


def shapes_path() -> Path:
    """The SHACL shapes graph in Turtle, ``ontology/shapes.ttl``.

    Raises:
        FileNotFoundError: when the file is missing.
    """
    return _existing("ontology/shapes.ttl")


def queries_dir() -> Path:
    """The folder of the SPARQL catalogue (``*.rq``), ``queries/``.

    Raises:
        FileNotFoundError: when the folder is missing.
    """
    return _existing("queries")


def data_dir() -> Path:
    """The folder of small data footkg itself wrote (manifest, name tables, the sample, demo
    reports), ``data/``.

    Raises:
        FileNotFoundError: when the folder is missing.
    """
    return _existing("data")


def manifest_path() -> Path:
    """The pinned dataset manifest (URLs, sizes, sha256), ``data/datasets.json``.

    Raises:
        FileNotFoundError: when the file is missing.
    """
    return _existing("data/datasets.json")


def sample_dir() -> Path:
    """The built-in offline sample (every men's World Cup final), ``data/sample/``.

    Raises:
        FileNotFoundError: when the folder is missing.
    """
    return _existing("data/sample")
