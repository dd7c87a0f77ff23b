"""The fast paths give the same graph as the slow ones: exports serialised from the build's
N-Quads file equal exports dumped from the store, and the split SHACL engine (SPARQL-based
constraints as store queries) gives pySHACL's results on a store (``tests/test_shapes.py``
covers rdflib graphs)."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Graph
from rdflib.namespace import SH

from footkg.ingest.pipeline import BuildOptions, build
from footkg.resources import shapes_path
from footkg.store.export import export
from footkg.store.local import open_store
from footkg.validate import split_shapes, validate


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory: pytest.TempPathFactory, monkeypatch_module) -> ox.Store:
    tmp = tmp_path_factory.mktemp("perf-sample")
    options = BuildOptions(
        store_path=tmp / "store", data_dir=None, cache_dir=tmp / "cache", allow_download=False
    )
    monkeypatch_module.delenv("FOOTKG_DATA_DIR", raising=False)
    build(options)
    return open_store(tmp / "store")


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def _quads(path: Path, fmt: ox.RdfFormat) -> set[str]:
    """The quads of a file as N-Quads strings (blank nodes renamed to one label)."""
    out = set()
    for quad in ox.parse(path=path, format=fmt):
        parts = [
            "_:b" if isinstance(t, ox.BlankNode) else str(t)
            for t in (quad.subject, quad.predicate, quad.object)
        ]
        out.add(" ".join([*parts, str(quad.graph_name)]))
    return out


@pytest.mark.parametrize("name", ["nquads", "trig", "turtle", "ntriples", "jsonld"])
def test_exports_from_the_load_file_equal_exports_from_the_store(
    sample_store: ox.Store, tmp_path: Path, name: str
) -> None:
    source = tmp_path / "load.nq"
    sample_store.dump(str(source), format=ox.RdfFormat.N_QUADS)
    (slow,) = export(sample_store, tmp_path / "slow", [name])
    (fast,) = export(sample_store, tmp_path / "fast", [name], source=source)
    fmt = ox.RdfFormat.from_extension(slow.suffix.lstrip("."))
    assert fmt is not None
    assert _quads(fast, fmt) == _quads(slow, fmt)
    assert fast.read_bytes().startswith(slow.read_bytes()[:40])  # same licence header


def test_split_engine_equals_pyshacl_on_a_broken_store(sample_store: ox.Store) -> None:
    broken = ox.Store()
    broken.bulk_extend(sample_store)
    fk = "https://w3id.org/footkg/ontology#"
    broken.update(
        f"""INSERT {{ GRAPH <urn:faults> {{ ?m <{fk}homeScore> 9 . ?m <{fk}winner> ?l . }} }}
        WHERE {{ GRAPH ?g {{ ?m <{fk}loser> ?l }} GRAPH ?h {{ ?m <{fk}penaltyShootout> ?s }} }}"""
    )
    fast = validate(broken, engine="turbo")
    reference = validate(broken, engine="pyshacl")
    assert fast.results and not fast.conforms
    assert {r.component for r in fast.results} >= {"SPARQLConstraintComponent"}
    assert sorted(fast.results, key=repr) == sorted(reference.results, key=repr)


def test_split_shapes_takes_out_every_sparql_constraint() -> None:
    shapes = Graph().parse(shapes_path())
    rest, constraints = split_shapes(shapes)
    assert len(constraints) == len(list(shapes.subject_objects(SH.sparql))) > 0
    assert not list(rest.subject_objects(SH.sparql))
    assert all("$this" not in c.select for c in constraints)
