"""Benchmark of the main job: build wall time per step, peak memory, triples per second, and
the median / p95 latency of every catalogue query on the built store.

    .venv/bin/python bench/bench_build.py --data-dir ../shared/data [--json bench-build.json]
    .venv/bin/python bench/bench_build.py --queries-only --store STORE   # time a built store

Each query runs with :data:`EXAMPLE_PARAMS`, else with its header's ``# example:`` values (the
question it was written for), else with its defaults.

A script, not a test: figures depend on the machine. Peak memory is the process's maximum
resident set size (``getrusage``), so run it in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from footkg import resources
from footkg.ingest.pipeline import BuildOptions, build
from footkg.ingest.resolve import TeamIndex
from footkg.query import catalogue as queries
from footkg.store.local import open_store

#: Parameters for the catalogue queries that need some (real questions, real answers).
EXAMPLE_PARAMS: dict[str, dict[str, str]] = {
    "head-to-head": {"team_a": "Argentina", "team_b": "England"},
    "head-to-head-matches": {"team_a": "Argentina", "team_b": "England"},
    "shootouts": {"team": "Netherlands"},
    "league-table": {"competition": "English top division", "season": "1978-79"},
}

#: Club questions timed besides (a query may appear in both: one row each).
CLUB_PARAMS: list[tuple[str, dict[str, str]]] = [
    ("head-to-head", {"team_a": "Liverpool", "team_b": "Everton",
                      "competition": "English top division"}),
    ("head-to-head-matches", {"team_a": "Chelsea", "team_b": "Bayern Munich", "stage": "final"}),
    ("repeat-champions", {"competition": "English top division"}),
    ("champions", {"competition": "UEFA Champions League"}),
    ("rivalries", {"competition": "Premier League"}),
    ("rivalries", {"city": "Liverpool"}),
    ("league-table", {"competition": "Eredivisie", "season": "2019-20"}),
]  # fmt: skip


def bench_queries(store_path: Path, runs: int) -> list[dict]:
    """Warm up once, then time ``runs`` runs of each catalogue query (milliseconds)."""
    store = open_store(store_path)
    index = TeamIndex.from_store(store)
    out = []
    catalogue = queries.load_catalogue(resources.queries_dir())
    runs_of = [(q, EXAMPLE_PARAMS.get(q.name) or q.example or {}) for q in catalogue]
    runs_of += [(catalogue.get(name), params) for name, params in CLUB_PARAMS]
    for q, params in runs_of:
        if "SERVICE" in q.text:  # federated (Wikidata): measures the network, not the store
            continue
        try:
            bindings = queries.bind_params(q, params, resolve_team=index.lookup)
        except queries.QueryError:  # a required parameter without an example
            continue
        rows = len(queries.run(store, q, bindings))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            queries.run(store, q, bindings)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        out.append({"query": q.name, "params": params, "rows": rows,
                    "median_ms": statistics.median(times), "p95_ms": p95})  # fmt: skip
    return out


def main() -> None:
    """Parse arguments, run the build and the query timings, print and save the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None, help="local datasets folder")
    parser.add_argument("--store", type=Path, default=None, help="store folder (default: temp)")
    parser.add_argument("--runs", type=int, default=10, help="timed runs per query")
    parser.add_argument("--no-validate", action="store_true", help="skip SHACL validation")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON")
    parser.add_argument("--queries-only", action="store_true",
                        help="no build: time the catalogue on the --store")  # fmt: skip
    args = parser.parse_args()
    if args.queries_only:
        if args.store is None:
            parser.error("--queries-only needs --store")
        _print_queries(Console(), bench_queries(args.store, args.runs), args.runs)
        return

    console = Console()
    with tempfile.TemporaryDirectory() as tmp:
        store_path = args.store or Path(tmp) / "store"
        options = BuildOptions(
            store_path=store_path,
            data_dir=args.data_dir,
            validate=not args.no_validate,
            out_dir=Path(tmp) / "out",
        )
        start = time.perf_counter()
        report = build(options)
        wall = time.perf_counter() - start
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        query_rows = bench_queries(store_path, args.runs)

    build_table = Table(title=f"footkg build ({report.location.kind} data)")
    build_table.add_column("step")
    build_table.add_column("seconds", justify="right")
    for step, seconds in report.timings.items():
        build_table.add_row(step, f"{seconds:.1f}")
    console.print(build_table)
    triples = report.total_triples
    console.print(f"wall {wall:.1f} s; {triples:,} triples; {triples / wall:,.0f} triples/s "
                  f"overall; peak RSS {peak_mb:,.0f} MB")  # fmt: skip
    _print_queries(console, query_rows, args.runs)
    if args.json:
        args.json.write_text(json.dumps({
            "build": {"wall_s": wall, "steps_s": report.timings, "triples": triples,
                      "triples_per_s": triples / wall, "peak_rss_mb": peak_mb,
                      "data": report.location.kind},
            "queries": query_rows}, indent=2))  # fmt: skip


def _print_queries(console: Console, query_rows: list[dict], runs: int) -> None:
    """The query timings as a table: query, parameters, rows, median and p95 (ms)."""
    q_table = Table(title=f"catalogue queries (median and p95 of {runs} runs)")
    for column in ("query", "params", "rows", "median ms", "p95 ms"):
        q_table.add_column(column, justify="left" if column in ("query", "params") else "right")
    for row in query_rows:
        params = ", ".join(f"{k}={v}" for k, v in row["params"].items())
        q_table.add_row(row["query"], params, str(row["rows"]), f"{row['median_ms']:.1f}",
                        f"{row['p95_ms']:.1f}")  # fmt: skip
    console.print(q_table)


if __name__ == "__main__":
    main()
