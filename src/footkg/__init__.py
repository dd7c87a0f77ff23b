"""footkg: a football knowledge graph (World Cup and international fixtures, match reports)
mapped to RDF under the footkg ontology, validated with SHACL and queried with SPARQL.

The library's entry points::

    import footkg
    kg = footkg.open()              # a built store: folder, SPARQL server URL, or the default
    kg.query("champions").to_dataframe()
    report = footkg.build(data_dir="data/")   # what `footkg build` does

Errors are :class:`FootkgError` subclasses, listed in :mod:`footkg.errors`.
"""

from footkg import errors
from footkg._version import __version__
from footkg.api import IRI, KnowledgeGraph, Result, build, build_and_push, open
from footkg.errors import FootkgError

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
