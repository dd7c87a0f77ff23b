"""footkg: a football knowledge graph (World Cup and international fixtures, match reports)
mapped to RDF under the footkg ontology, validated with SHACL and queried with SPARQL.

The library's entry points::

    import footkg
    kg = footkg.open()              # a built store: folder, SPARQL server URL, or the default
    kg.query("champions").to_dataframe()
    report = footkg.build(data_dir="data/")   # what `footkg build` does

Errors are :class:`FootkgError` subclasses, listed in :mod:`footkg.errors`.

The names from :mod:`footkg.api` are imported on first use (PEP 562 ``__getattr__``), so that
``import footkg.errors`` or the ``footkg`` command's ``--help`` do not load the store, the
catalogue and their libraries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from footkg import errors
from footkg._version import __version__
from footkg.errors import FootkgError

if TYPE_CHECKING:
    from footkg.api import IRI, KnowledgeGraph, Result, build, build_and_push, open

__all__ = [
    "IRI",
    "FootkgError",
    "KnowledgeGraph",
    "Result",
    "__version__",
    "build",
    "build_and_push",
    "errors",
    "open",
]

_FROM_API = frozenset({"IRI", "KnowledgeGraph", "Result", "build", "build_and_push", "open"})


def __getattr__(name: str) -> Any:
    """``footkg.open``, ``footkg.KnowledgeGraph``… from :mod:`footkg.api`, imported when first
    asked for. Raises :class:`AttributeError` for any other name."""
    if name in _FROM_API:
        from footkg import api

        return getattr(api, name)
    raise AttributeError(f"module 'footkg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
