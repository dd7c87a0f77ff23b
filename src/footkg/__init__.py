"""footkg: a football knowledge graph (World Cup and international fixtures, match reports)
mapped to RDF under the footkg ontology, validated with SHACL and queried with SPARQL.

The library's entry points::

    import footkg
    kg = footkg.open()              # a built store: folder, SPARQL server URL, or the default
    kg.query("champions").to_dataframe()
    report = footkg.build(data_dir="data/")   # what `footkg build` does

Errors are :class:`FootkgError` subclasses, listed in :mod:`footkg.errors`.
"""

# first: modules imported below read it (footkg.sources.sample)
__version__ = "0.1.0"

# The pipeline module is imported before the function of the same name is bound below, so that
# `footkg.build` stays the function: a first import of the submodule later would rebind it.
import footkg.build as _build_module  # noqa: F401
from footkg import errors
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
