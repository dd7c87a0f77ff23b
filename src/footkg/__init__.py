"""footkg: a football knowledge graph (World Cup and international fixtures, match reports)
mapped to RDF under the footkg ontology, validated with SHACL and queried with SPARQL.

The library's entry points::

    import footkg
    kg = footkg.open()              # a built store: folder, SPARQL server URL, or the default
    kg.query("champions").to_dataframe()
    report = footkg.build(data_dir="data/")   # what `footkg build` does

Errors are :class:`FootkgError` subclasses, listed in :mod:`footkg.errors`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from footkg import errors
from footkg._version import __version__
from footkg.errors import FootkgError

if TYPE_CHECKING:
    from footkg.api import IRI, KnowledgeGraph, Result, build, build_and_push, open

_API = {"IRI", "KnowledgeGraph", "Result", "build", "build_and_push", "open"}


def __getattr__(name: str) -> Any:
    """The API's names (``footkg.open`` …), imported from :mod:`footkg.api` on first use: a
    process that needs one stage only (an endpoint worker, ``footkg --help``) does not load
    rdflib and the rest (PEP 562)."""
    if name in _API:
        from footkg import api

        return getattr(api, name)
    raise AttributeError(f"module 'footkg' has no attribute {name!r}")

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
