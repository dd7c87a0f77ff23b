"""Check that footkg's validation gives the same results as validating the whole graph in one
SHACL engine, on the full graph with faults injected (the clean graph has no result at all).

    .venv/bin/python bench/check_shacl.py --store STORE [--nquads OUT/footkg.nq] [--pyshacl]

Copies the store's quads to an N-Quads file, appends faults (scores that disagree with a
shootout, a goal minute of 131, a winner that does not follow from the score, a goal credited
to a third team, a champion other than the final's winner, a shootout kick typed as a goal...)
in a ``graph/faults`` named graph, loads it into a temporary store, then compares, result by
result (severity, focus node, path, value, shape, component, message):

* footkg's ``validate(store, nquads=file)`` (SHACL-SPARQL constraints as store queries, Core
  constraints in pyshacl-turbo over the file);
* pyshacl-turbo over the whole store with every shape and the ontology (the previous engine,
  itself checked against pySHACL by ``tests/test_shapes.py``);
* with ``--pyshacl``: the reference pySHACL over the same graph (slow: minutes to hours).

Prints the counts and exits 1 on any difference. A script, not a test (it needs a full store).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from footkg.resources import ontology_path, shapes_path
from footkg.store.local import open_store
from footkg.validate import ValidationResult, _load, parse_results, validate

FK = "https://w3id.org/footkg/ontology#"
FAULTS = "https://w3id.org/footkg/graph/faults"

#: CONSTRUCT queries (over the union of graphs) that produce the fault triples.
FAULT_QUERIES: tuple[str, ...] = (
    # a shootout after a score that was not level (and a second home score: maxCount)
    f"CONSTRUCT {{ ?m <{FK}homeScore> 9 }} WHERE {{ ?m <{FK}penaltyShootout> ?s }} LIMIT 3",
    # a goal in minute 131
    f"CONSTRUCT {{ ?g <{FK}minute> 131 }} WHERE {{ ?g a <{FK}Goal> }} LIMIT 2",
    # a winner that does not follow from the score (the loser)
    f"CONSTRUCT {{ ?m <{FK}winner> ?l }} WHERE {{ ?m <{FK}loser> ?l }} LIMIT 3",
    # a goal credited to a team that did not play
    f"""CONSTRUCT {{ ?g <{FK}team> ?other }} WHERE {{
        ?g a <{FK}Goal> ; <{FK}match> ?m .
        ?m <{FK}homeTeam> ?h .
        BIND(<https://w3id.org/footkg/resource/team/andorra> AS ?other)
        FILTER(?h != ?other) }} LIMIT 2""",
    # a champion other than the final's winner
    f"""CONSTRUCT {{ ?e <{FK}champion> ?l }} WHERE {{
        ?f <{FK}edition> ?e ; <{FK}stage> <{FK}Final> ; <{FK}loser> ?l }} LIMIT 2""",
    # a shootout kick typed as a goal; a shootout winner that did not play
    f"CONSTRUCT {{ ?k a <{FK}Goal> }} WHERE {{ ?k a <{FK}ShootoutKick> }} LIMIT 2",
    f"""CONSTRUCT {{ ?s <{FK}winner> <https://w3id.org/footkg/resource/team/andorra> }}
        WHERE {{ ?s a <{FK}PenaltyShootout> }} LIMIT 2""",
    # World Cup goals missing: remove nothing, claim a higher score instead
    f"""CONSTRUCT {{ ?m <{FK}awayScore> 7 }} WHERE {{
        ?m <{FK}competition> <https://w3id.org/footkg/resource/competition/fifa-world-cup> }}
        LIMIT 2""",
)


def key(result: ValidationResult) -> tuple[str, ...]:
    """What two engines must agree on for one result."""
    return (result.severity, result.focus_node, result.path or "", result.value or "",
            result.source_shape, result.component, result.message)  # fmt: skip


def faulty_copy(source: ox.Store, work: Path, nquads: Path | None) -> tuple[ox.Store, Path]:
    """A new store (and its N-Quads file) holding ``source``'s quads plus the faults; the
    quads are copied from ``nquads`` (the build's N-Quads export, as footkg wrote them) when
    given, else dumped from the store."""
    path = work / "faulty.nq"
    if nquads is not None:
        shutil.copyfile(nquads, path)
    else:
        source.dump(str(path), format=ox.RdfFormat.N_QUADS)
    graph = ox.NamedNode(FAULTS)
    with path.open("ab") as handle:
        for query in FAULT_QUERIES:
            triples = source.query(query, use_default_graph_as_union=True)
            quads = [ox.Quad(t.subject, t.predicate, t.object, graph) for t in triples]
            ox.serialize(quads, handle, format=ox.RdfFormat.N_QUADS)
    store = ox.Store(str(work / "store"))
    store.bulk_load(path=str(path), format=ox.RdfFormat.N_QUADS)
    return store, path


def whole_graph_turbo(store: ox.Store) -> list[ValidationResult]:
    """pyshacl-turbo with every shape and the ontology over the whole store."""
    import pyshacl_turbo

    shapes = _load(shapes_path())
    _, report, _ = pyshacl_turbo.validate(
        store, shacl_graph=shapes, ont_graph=_load(ontology_path()), inference="none"
    )
    return parse_results(report, shapes)


def main() -> None:
    """Run the comparison; exit 1 on a difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True, help="a built footkg store folder")
    parser.add_argument(
        "--nquads", type=Path, default=None, help="the build's N-Quads export (default: a dump)"
    )
    parser.add_argument("--pyshacl", action="store_true", help="also run the reference pySHACL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="footkg-check-") as tmp:
        store, nquads = faulty_copy(open_store(args.store), Path(tmp), args.nquads)
        runs: dict[str, list[tuple[str, ...]]] = {}
        start = time.perf_counter()
        runs["footkg"] = sorted(map(key, validate(store, nquads=nquads).results))
        print(f"footkg validate: {time.perf_counter() - start:.1f} s", flush=True)
        start = time.perf_counter()
        runs["turbo whole graph"] = sorted(map(key, whole_graph_turbo(store)))
        print(f"pyshacl-turbo, whole graph: {time.perf_counter() - start:.1f} s", flush=True)
        if args.pyshacl:
            start = time.perf_counter()
            runs["pyshacl"] = sorted(map(key, validate(store, engine="pyshacl").results))
            print(f"pySHACL: {time.perf_counter() - start:.1f} s", flush=True)
        del store
    reference = runs["footkg"]
    ok = True
    for name, results in runs.items():
        by_shape: dict[str, int] = {}
        for r in results:
            by_shape[r[4].rsplit("#", 1)[-1]] = by_shape.get(r[4].rsplit("#", 1)[-1], 0) + 1
        same = results == reference
        ok &= same
        print(f"{name}: {len(results)} results {by_shape} — {'same' if same else 'DIFFERENT'}")
        if not same:
            print("  only here:", sorted(set(results) - set(reference))[:5])
            print("  only in footkg:", sorted(set(reference) - set(results))[:5])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
