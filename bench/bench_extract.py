# ruff: noqa: E501 - a few SPARQL strings and fmt-skipped calls are long
"""Reports per second of the extractor on a folder of reports (default: the example set).

Usage: python bench/bench_extract.py [REPORT_DIR] [--store PATH] [--rounds N]
The gazetteer and pipeline are built once (not timed); each round extracts every report.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from footkg.extract import Extractor, Gazetteer
from footkg.extract.io import read_report
from footkg.store.local import default_store_path, open_store


def main() -> None:
    """Print reports/s over ``--rounds`` rounds of the folder's ``*.txt`` reports."""
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path, nargs="?",
                    default=Path(__file__).resolve().parents[2] / "shared/articles")  # fmt: skip
    ap.add_argument("--store", type=Path, default=None,
                    help="a built store (default: footkg's default store)")  # fmt: skip
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    started = time.perf_counter()
    extractor = Extractor(Gazetteer.from_store(open_store(args.store or default_store_path())))
    setup = time.perf_counter() - started
    reports = [read_report(p) for p in sorted(args.folder.glob("*.txt"))]
    extractor.extract(reports[0])  # warm the squad cache like a long-running build
    started = time.perf_counter()
    for _ in range(args.rounds):
        for report in reports:
            extractor.extract(report)
    elapsed = time.perf_counter() - started
    count = args.rounds * len(reports)
    print(
        f"setup {setup:.2f} s; {count} extractions in {elapsed:.2f} s: {count / elapsed:.1f} reports/s"
    )


if __name__ == "__main__":
    main()
