"""footkg against the engine's limit and the naive pipeline: build, validation, queries, memory.

    .venv/bin/python bench/bench_compare.py --data-dir ../shared/data --json bench-compare.json \
        [--runs 10] [--naive-timeout 30] [--shacl-timeout 600]
    .venv/bin/python bench/bench_compare.py --subset --json /tmp/bench.json   # seconds, for CI

One run, one process tree; each phase runs in a fresh child process so its peak RSS is its own
(sampled from ``/proc/self/status`` every 20 ms, per step):

1. ``footkg``: :func:`footkg.ingest.pipeline.build` (load, resolve, map, store, derive), its SHACL
   validation and its exports (Turtle, TriG, N-Quads), then every catalogue query (a warm-up,
   then ``--runs`` timed runs: median and p95);
2. ``limit``: a raw pyoxigraph bulk load, into a new on-disk store, of the N-Quads footkg
   exported (the very triples footkg produced);
3. ``naive``: the same N-Quads into an in-memory rdflib ``Dataset`` (union default graph), the
   same catalogue queries through rdflib's SPARQL engine, then pySHACL over the whole graph.
   A query that exceeds ``--naive-timeout`` seconds (the load and pySHACL: ``--shacl-timeout``)
   is stopped and reported as a lower bound.

It prints the tables and writes them as JSON, with the ratios footkg/limit and naive/footkg
computed pair by pair. ``--subset`` uses the built-in sample (World Cup finals, a few thousand
triples) instead of the full datasets. A script, not a timed test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: Parameters for the catalogue queries that need some (real questions, real answers).
EXAMPLE_PARAMS: dict[str, dict[str, str]] = {
    "head-to-head": {"team_a": "Argentina", "team_b": "England"},
    "head-to-head-matches": {"team_a": "Argentina", "team_b": "England"},
    "shootouts": {"team": "Netherlands"},
}


class RssSampler:
    """Peak resident set size (MB) per named step of this process, sampled in a thread."""

    def __init__(self, interval: float = 0.02) -> None:
        self.interval = interval
        self.peaks: dict[str, float] = {}
        self.step = "start"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            time.sleep(self.interval)

    def sample(self) -> None:
        """Record the current RSS under the current step."""
        rss = current_rss_mb()
        if rss > self.peaks.get(self.step, 0.0):
            self.peaks[self.step] = rss

    def set_step(self, step: str) -> None:
        """Start attributing samples to ``step``."""
        self.sample()
        self.step = step
        self.sample()

    def stop(self) -> dict[str, float]:
        """Stop sampling; returns ``{step: peak MB}``."""
        self.sample()
        self._stop.set()
        self._thread.join()
        return self.peaks


def current_rss_mb() -> float:
    """This process's resident set size in MB (Linux ``/proc``; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def summarise(times_ms: list[float]) -> dict[str, float]:
    """Median and p95 (nearest rank) of a list of durations in ms."""
    ordered = sorted(times_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": statistics.median(ordered), "p95_ms": p95, "runs": len(ordered)}


class Timeout(Exception):
    """A naive phase exceeded its time bound."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise :class:`Timeout` in the main thread after ``seconds`` (pure-Python code stops)."""

    def _alarm(signum: int, frame: Any) -> None:
        raise Timeout

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- phases (each runs in its own child process) -----------------------------------------------


def phase_footkg(work: Path, data_dir: Path | None, runs: int) -> dict[str, Any]:
    """footkg's build, validation, exports and catalogue queries."""
    from footkg.ingest.pipeline import BuildOptions, build

    sampler = RssSampler()
    options = BuildOptions(
        store_path=work / "store",
        data_dir=data_dir,
        cache_dir=work / "cache",
        allow_download=False,
        out_dir=work / "out",
        formats=("turtle", "trig", "nquads"),
    )
    start = time.perf_counter()
    report = build(options, on_step=sampler.set_step)
    wall = time.perf_counter() - start
    sampler.set_step("queries")
    query_rows = footkg_queries(work / "store", runs)
    peaks = sampler.stop()
    steps = dict(report.timings)
    build_steps = ("load sources", "resolve entities", "map to RDF", "load store")
    validation = report.validation
    return {
        "data": report.location.kind,
        "triples": report.total_triples,
        "wall_s": wall,
        "steps_s": steps,
        "build_s": sum(steps.get(s, 0.0) for s in build_steps),
        "peak_rss_mb": peaks,
        "validation": {
            "conforms": validation.conforms if validation else None,
            "counts": validation.counts() if validation else None,
        },
        "queries": query_rows,
    }


def _catalogue_bindings(resolve_team: Callable[[str], Any] | None) -> list[tuple[Any, dict]]:
    """Every catalogue query with its example parameters bound (a required team parameter
    without an example gets ``Argentina``); a query whose parameters cannot be bound on this
    data (a team the subset lacks) is left out, and so is a federated one (``SERVICE``: it
    measures the network, not the store)."""
    from footkg import resources
    from footkg.query import catalogue as queries

    out = []
    for q in queries.load_catalogue(resources.queries_dir()):
        if re.search(r"\bSERVICE\b", queries._strip_comments(q.text), re.IGNORECASE):
            continue
        params = dict(EXAMPLE_PARAMS.get(q.name, {}))
        for p in q.params:
            if p.required and p.name not in params and p.type == "team":
                params[p.name] = "Argentina"
        try:
            out.append((q, queries.bind_params(q, params, resolve_team=resolve_team)))
        except queries.QueryError:
            continue
    return out


def footkg_queries(store_path: Path, runs: int) -> dict[str, dict[str, Any]]:
    """Each catalogue query on the built store: a warm-up, then ``runs`` timed runs."""
    from footkg.ingest.resolve import TeamIndex
    from footkg.query import catalogue as queries
    from footkg.store.local import open_store

    store = open_store(store_path)
    index = TeamIndex.from_store(store)
    out = {}
    for q, bindings in _catalogue_bindings(index.lookup):
        rows = len(queries.run(store, q, bindings))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            queries.run(store, q, bindings)
            times.append((time.perf_counter() - start) * 1000)
        out[q.name] = {"rows": rows, **summarise(times)}
    return out


def phase_limit(nquads: Path, work: Path) -> dict[str, Any]:
    """A raw pyoxigraph bulk load of ``nquads`` into a new on-disk store."""
    import pyoxigraph as ox

    sampler = RssSampler()
    sampler.set_step("bulk load")
    start = time.perf_counter()
    store = ox.Store(str(work / f"limit-store-{time.time_ns()}"))
    store.bulk_load(path=str(nquads), format=ox.RdfFormat.N_QUADS)
    store.flush()
    seconds = time.perf_counter() - start
    return {"bulk_load_s": seconds, "quads": len(store), "peak_rss_mb": sampler.stop()}


def phase_naive(nquads: Path, runs: int, timeout: float, shacl_timeout: float) -> dict[str, Any]:
    """rdflib load (bounded by ``shacl_timeout`` seconds), each rdflib SPARQL catalogue query
    (``timeout``), then pySHACL (``shacl_timeout``); a stopped step is reported as a lower
    bound."""
    import pyshacl
    from rdflib import Dataset, Graph

    from footkg.query import catalogue as queries
    from footkg.resources import ontology_path, shapes_path

    sampler = RssSampler()
    sampler.set_step("load")
    out: dict[str, Any] = {"timeout_s": timeout, "shacl_timeout_s": shacl_timeout}
    start = time.perf_counter()
    dataset = Dataset(default_union=True)
    try:
        with time_bound(shacl_timeout):
            dataset.parse(nquads, format="nquads")
        out["load_s"] = time.perf_counter() - start
    except Timeout:
        out["load_s"] = None
        out["load_lower_bound_s"] = shacl_timeout
        out["peak_rss_mb"] = sampler.stop()
        return out
    sampler.set_step("queries")
    out["queries"] = {}
    for q, bindings in _catalogue_bindings(_naive_team_resolver(dataset)):
        text = queries.with_values_block(q.text, bindings)
        out["queries"][q.name] = _naive_query(dataset, text, runs, timeout)
    sampler.set_step("validate (pySHACL)")
    union = Graph()
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        union.add((s, p, o))
    del dataset
    start = time.perf_counter()
    try:
        with time_bound(shacl_timeout):
            conforms, _, _ = pyshacl.validate(
                union,
                shacl_graph=Graph().parse(shapes_path()),
                ont_graph=Graph().parse(ontology_path()),
                inference="none",
            )
        out["validate_s"] = time.perf_counter() - start
        out["validate_conforms"] = bool(conforms)
    except Timeout:
        out["validate_s"] = None
        out["validate_lower_bound_s"] = shacl_timeout
    out["peak_rss_mb"] = sampler.stop()
    return out


def _naive_team_resolver(dataset: Any) -> Callable[[str], Any]:
    """Team name → IRI by ``rdfs:label`` in rdflib (what a user would write)."""

    labels = {}
    query = (
        "SELECT ?t ?l WHERE { ?t a <https://w3id.org/footkg/ontology#NationalTeam> ; "
        "<http://www.w3.org/2000/01/rdf-schema#label> ?l }"
    )
    for row in dataset.query(query):
        labels[str(row.l).casefold()] = str(row.t)
    return lambda name: labels.get(name.casefold())


def _naive_query(dataset: Any, text: str, runs: int, timeout: float) -> dict[str, Any]:
    """Warm-up then up to ``runs`` runs in rdflib, all within ``timeout`` seconds."""
    start = time.perf_counter()
    try:
        with time_bound(timeout):
            rows = len(list(dataset.query(text)))
            warm = time.perf_counter() - start
            times = []
            # a slow query gets fewer runs: at most a third of the bound for the timed runs
            n = runs if warm * runs < timeout / 3 else max(1, int(timeout / 3 / max(warm, 1e-9)))
            for _ in range(n):
                t0 = time.perf_counter()
                list(dataset.query(text))
                times.append((time.perf_counter() - t0) * 1000)
    except Timeout:
        if "times" in locals() and times:
            return {"rows": rows, **summarise(times)}
        return {"rows": None, "median_ms": None, "lower_bound_ms": timeout * 1000}
    return {"rows": rows, **summarise(times)}


# --- orchestration -----------------------------------------------------------------------------


def run_child(phase: str, args: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Run one phase in a fresh interpreter; returns its JSON answer."""
    command = [sys.executable, str(Path(__file__).resolve()), "--phase", phase, *args]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"phase {phase} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def merge_runs(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One footkg result from repeated runs: the median of each step's seconds, of the build
    and wall times and of each query's median, the highest p95 and peak RSS; every run's step
    times are kept under ``runs_steps_s``."""
    out = dict(runs[-1])
    med = statistics.median
    out["steps_s"] = {k: med(r["steps_s"][k] for r in runs) for k in runs[-1]["steps_s"]}
    out["build_s"] = med(r["build_s"] for r in runs)
    out["wall_s"] = med(r["wall_s"] for r in runs)
    out["peak_rss_mb"] = {
        k: max(r["peak_rss_mb"].get(k, 0.0) for r in runs) for k in runs[-1]["peak_rss_mb"]
    }
    out["queries"] = {
        name: {**row, "median_ms": med(r["queries"][name]["median_ms"] for r in runs),
               "p95_ms": max(r["queries"][name]["p95_ms"] for r in runs)}
        for name, row in runs[-1]["queries"].items()
    }  # fmt: skip
    out["runs_steps_s"] = [r["steps_s"] for r in runs]
    return out


def merge_limit(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One limit result from repeated runs: the median bulk-load time, every run kept."""
    out = dict(runs[-1])
    out["bulk_load_s"] = statistics.median(r["bulk_load_s"] for r in runs)
    out["runs_bulk_load_s"] = [r["bulk_load_s"] for r in runs]
    return out


def ratio(a: float | None, b: float | None) -> float | None:
    """``a / b``, or None when either is missing or ``b`` is 0."""
    return a / b if a is not None and b else None


def compare(footkg: dict, limit: dict, naive: dict) -> dict[str, Any]:
    """The pairwise ratios: footkg/limit for loading and building, naive/footkg otherwise."""
    steps = footkg["steps_s"]
    out: dict[str, Any] = {
        "load_store_vs_limit": ratio(steps.get("load store"), limit["bulk_load_s"]),
        "build_vs_limit": ratio(footkg["build_s"], limit["bulk_load_s"]),
        "naive_load_vs_footkg_load_store": ratio(naive.get("load_s"), steps.get("load store")),
        "naive_validate_vs_footkg": ratio(
            naive.get("validate_s") or naive.get("validate_lower_bound_s"),
            steps.get("validate (SHACL)"),
        ),
        "naive_validate_is_lower_bound": naive.get("validate_s") is None,
        "queries": {},
    }
    for name, row in footkg["queries"].items():
        other = naive.get("queries", {}).get(name, {})
        slow = other.get("median_ms") or other.get("lower_bound_ms")
        out["queries"][name] = {
            "naive_vs_footkg": ratio(slow, row["median_ms"]),
            "lower_bound": other.get("median_ms") is None,
            "same_rows": other.get("rows") == row["rows"] if other.get("rows") else None,
        }
    return out


def print_tables(result: dict[str, Any]) -> None:
    """Render the result as rich tables."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    fk, lim, nv, cmp = result["footkg"], result["limit"], result["naive"], result["compare"]
    phases = Table(title=f"phases ({fk['data']} data, {fk['triples']:,} triples) — seconds")
    for column in ("phase", "footkg", "limit", "naive", "ratio", "footkg peak MB"):
        phases.add_column(column, justify="left" if column == "phase" else "right")
    fmt = _fmt
    rss = fk["peak_rss_mb"]
    for step, seconds in fk["steps_s"].items():
        phases.add_row(step, fmt(seconds), "", "", "", fmt(rss.get(step), 0))
    phases.add_row("build (sources → store)", fmt(fk["build_s"]), fmt(lim["bulk_load_s"]), "",
                   f"{fmt(cmp['build_vs_limit'])}× limit", "")  # fmt: skip
    phases.add_row("load the N-Quads", fmt(fk["steps_s"].get("load store")),
                   fmt(lim["bulk_load_s"]), _bound(nv, "load_s", "load_lower_bound_s"),
                   f"{fmt(cmp['naive_load_vs_footkg_load_store'])}× naive", "")  # fmt: skip
    phases.add_row("SHACL", fmt(fk["steps_s"].get("validate (SHACL)")), "",
                   _bound(nv, "validate_s", "validate_lower_bound_s"),
                   f"{fmt(cmp['naive_validate_vs_footkg'])}× naive", "")  # fmt: skip
    console.print(phases)
    console.print(f"peak RSS MB — limit: {lim['peak_rss_mb']}; naive: {nv.get('peak_rss_mb')}")
    table = Table(title="catalogue queries — median / p95 ms (naive: rdflib)")
    for column in ("query", "rows", "footkg med", "footkg p95", "naive med", "naive/footkg"):
        table.add_column(column, justify="left" if column == "query" else "right")
    for name, row in fk["queries"].items():
        other = nv.get("queries", {}).get(name, {})
        naive_ms = (fmt(other.get("median_ms"), 1) if other.get("median_ms") is not None
                    else f"> {fmt(other.get('lower_bound_ms'), 0)}")  # fmt: skip
        ratio_text = fmt(cmp["queries"][name]["naive_vs_footkg"], 0)
        if cmp["queries"][name]["lower_bound"]:
            ratio_text = f"> {ratio_text}"
        table.add_row(name, str(row["rows"]), fmt(row["median_ms"], 1), fmt(row["p95_ms"], 1),
                      naive_ms, ratio_text)  # fmt: skip
    console.print(table)


def _fmt(value: float | None, digits: int = 1) -> str:
    return "" if value is None else f"{value:,.{digits}f}"


def _bound(row: dict, key: str, bound_key: str) -> str:
    if row.get(key) is not None:
        return _fmt(row[key])
    return f"> {_fmt(row.get(bound_key), 0)}" if row.get(bound_key) else ""


def main() -> None:
    """Parse arguments; run the three phases (or one, with ``--phase``) and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None, help="local datasets folder")
    parser.add_argument("--subset", action="store_true", help="the built-in sample (CI)")
    parser.add_argument("--runs", type=int, default=10, help="timed runs per query")
    parser.add_argument("--repeat", type=int, default=1,
                        help="footkg and limit phases repeated: medians reported")  # fmt: skip
    parser.add_argument("--naive-timeout", type=float, default=60.0,
                        help="seconds before a naive query is stopped (a lower bound)")  # fmt: skip
    parser.add_argument("--shacl-timeout", type=float, default=600.0,
                        help="seconds before the naive load or pySHACL is stopped")  # fmt: skip
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON")
    parser.add_argument("--phase", choices=("footkg", "limit", "naive"), help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        print(json.dumps(_run_phase(args)))
        return
    if not args.subset and args.data_dir is None:
        parser.error("give --data-dir (the full datasets) or --subset")
    env = dict(os.environ)
    if args.subset:
        env.pop("FOOTKG_DATA_DIR", None)
    with tempfile.TemporaryDirectory(prefix="footkg-bench-") as tmp:
        work = Path(tmp)
        common = ["--work", str(work), "--runs", str(args.runs)]
        data = [] if args.subset else ["--data-dir", str(args.data_dir.resolve())]
        footkg = merge_runs(
            [run_child("footkg", [*common, *data], env) for _ in range(args.repeat)]
        )
        limit = merge_limit([run_child("limit", common, env) for _ in range(args.repeat)])
        bounds = ["--naive-timeout", str(args.naive_timeout), "--shacl-timeout",
                  str(args.shacl_timeout)]  # fmt: skip
        naive = run_child("naive", [*common, *bounds], env)
    result = {
        "machine": {"cpus": os.cpu_count(), "loadavg": os.getloadavg()},
        "footkg": footkg,
        "limit": limit,
        "naive": naive,
        "compare": compare(footkg, limit, naive),
    }
    print_tables(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


def _run_phase(args: argparse.Namespace) -> dict[str, Any]:
    nquads = args.work / "out" / "footkg.nq"
    if args.phase == "footkg":
        return phase_footkg(args.work, args.data_dir, args.runs)
    if args.phase == "limit":
        return phase_limit(nquads, args.work)
    return phase_naive(nquads, args.runs, args.naive_timeout, args.shacl_timeout)


if __name__ == "__main__":
    main()
