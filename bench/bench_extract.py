# ruff: noqa: E501 - a few long format strings
"""The extractor's start-up, throughput and time per report size.

Usage: python bench/bench_extract.py [REPORT_DIR] [--store PATH] [--rounds N] [--runs N]
       [--sizes 25,100,400,900]

- start-up: ``footkg extract REPORT --store PATH`` and ``footkg conflicts --store PATH`` run as
  a user runs them (a new process each time, the build's extraction cache beside the store);
  the median wall time and the CPU time of ``--runs`` runs, from process start to the answer;
- throughput: reports per second of one extractor (loaded from the cache, not timed) over
  ``--rounds`` rounds of the folder's ``*.txt`` reports;
- sizes (``--sizes``, KB): the CPU time of one extraction of a report that many kilobytes
  long (the folder's reports repeated), as prose and as one line: bounded, since a report is
  read up to :data:`footkg.extract.extractor.MAX_CHARS` characters.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from footkg.extract.cache import load_extractor
from footkg.extract.io import decode_report, read_report
from footkg.store.local import default_store_path

FOOTKG = Path(sys.executable).with_name("footkg")


def _timed_runs(args: list[str], runs: int) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds (user + system, of the child) of ``runs``
    runs of the footkg command ``args``."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([str(FOOTKG), *args], check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    """Print the start-up times, the throughput and (with ``--sizes``) the time per size."""
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path, nargs="?",
                    default=Path(__file__).resolve().parents[2] / "shared/articles")  # fmt: skip
    ap.add_argument("--store", type=Path, default=None,
                    help="a built store (default: footkg's default store)")  # fmt: skip
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5, help="runs of each command for start-up")
    ap.add_argument("--sizes", default="", help="report sizes in KB, comma-separated")
    args = ap.parse_args()
    store = args.store or default_store_path()
    paths = sorted(args.folder.glob("*.txt"))
    load_extractor(store)  # the cache is there (a build writes it) before anything is timed
    for name, command in (
        ("footkg extract", ["extract", str(paths[0]), "--store", str(store)]),
        ("footkg conflicts", ["conflicts", "--store", str(store)]),
    ):
        wall, cpu = _timed_runs(command, args.runs)
        print(f"start-up: {name}: first answer in {wall:.2f} s wall, {cpu:.2f} s CPU (median of {args.runs}; load {os.getloadavg()[0]:.1f})")
    started = time.perf_counter()
    extractor = load_extractor(store)
    setup = time.perf_counter() - started
    reports = [read_report(p) for p in paths]
    extractor.extract(reports[0])  # warm the caches like a long-running build
    started = time.perf_counter()
    for _ in range(args.rounds):
        for report in reports:
            extractor.extract(report)
    elapsed = time.perf_counter() - started
    count = args.rounds * len(reports)
    print(f"throughput: setup {setup:.2f} s (cache); {count} extractions in {elapsed:.2f} s: {count / elapsed:.1f} reports/s")
    text = "\n\n".join(r.text for r in reports)
    for kb in [int(k) for k in args.sizes.split(",") if k]:
        body = (text * (kb * 1024 // len(text) + 1))[: kb * 1024]
        for label, sample in (("prose", body), ("one line", body.replace("\n", " "))):
            report = decode_report(sample.encode(), f"{kb}kb")
            started = time.process_time()
            extractor.extract(report)
            print(f"size: {kb} KB {label}: {time.process_time() - started:.2f} s CPU")


if __name__ == "__main__":
    main()
