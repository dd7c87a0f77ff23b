"""Start-up of the ``footkg`` command, timed as whole processes (process start to exit).

Runs each command ``--runs`` times after one warm-up and reports the minimum and median wall
time and CPU time (user + system of the child process, from ``os.wait4``) in seconds, against
the targets of issue 20: ``footkg --help`` ≤ 0.3 s, ``footkg query champions`` on the full store
≤ 0.6 s (process start to the last row), ``footkg extract`` on one report ≤ 1 s. The wall
minimum is the figure to compare with a target on a shared machine (load average printed);
the CPU time says how much of it is footkg's own work. A run that exits with another code than
the command's usual one (0; 2 for the refused ``--format``) is not timed: its last stderr line is
printed (and kept in the JSON as ``failures``).

    .venv/bin/python bench/bench_startup.py --store /tmp/store [--runs 10] [--json out.json]

``--store`` is a built store (a full build for the query target). ``extract`` reads
``data/articles/lusail-2022-final.txt`` against that store; its cost is mostly the extractor
(spaCy and the gazetteer, the match-reports issue), so it is reported, not tuned here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FOOTKG = Path(sys.executable).with_name("footkg")
REPO = Path(__file__).resolve().parents[1]

#: (name, arguments, target seconds or None)
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("footkg --help", ["--help"], 0.3),
    ("footkg --version", ["--version"], None),
    ("footkg query --list", ["query", "--list"], None),
    ("footkg query champions", ["query", "champions"], 0.6),
    ("footkg query head-to-head", ["query", "head-to-head", "-p", "team_a=Argentina",
                                   "-p", "team_b=England"], None),
    ("footkg extract (bad --format)", ["extract", "x.txt", "--format", "xml"], None),
    ("footkg extract REPORT", ["extract", str(REPO / "data/articles/lusail-2022-final.txt")], 1.0),
]  # fmt: skip


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds (user + system), exit code and the last stderr line of one
    process (stderr goes to a file, so a failing run can be told apart from a fast one)."""
    with tempfile.TemporaryFile() as stderr:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        stderr.seek(0)
        lines = stderr.read().decode("utf-8", "replace").strip().splitlines()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode, (lines or [""])[-1]


def measure(
    argv: list[str], env: dict[str, str], runs: int, expected: int
) -> dict[str, float | int | list]:
    """Min and median wall and CPU time over the runs (of ``runs``, after one warm-up) that exit
    with ``expected``, and the last stderr line of each run that does not."""
    run_once(argv, env)
    walls, cpus, codes, failures = [], [], set(), []
    for _ in range(runs):
        wall, cpu, code, last = run_once(argv, env)
        codes.add(code)
        if code != expected:  # a failed run is not a start-up time
            failures.append(f"exit {code}: {last}")
            continue
        walls.append(wall)
        cpus.append(cpu)
    if not walls:
        raise SystemExit(f"{' '.join(argv)}: every run failed: {failures[-1]}")
    return {
        "wall_min": min(walls),
        "wall_median": statistics.median(walls),
        "cpu_min": min(cpus),
        "cpu_median": statistics.median(cpus),
        "exit_codes": sorted(codes),
        "failures": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", required=True, help="a built store folder")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    env = {**os.environ, "FOOTKG_STORE": str(Path(args.store).resolve())}
    results = {}
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'command':34} {'wall min':>9} {'median':>8} {'cpu min':>8} {'median':>8}  target")
    for name, argv, target in COMMANDS:
        expected = 2 if "--format" in argv else 0  # a bad --format is refused (usage error)
        figures = measure([str(FOOTKG), *argv], env, args.runs, expected)
        figures["target"] = target
        verdict = "" if target is None else (
            f"≤ {target} s: {'met' if figures['wall_min'] <= target else 'NOT met'}"
        )  # fmt: skip
        print(f"{name:34} {figures['wall_min']:9.3f} {figures['wall_median']:8.3f} "
              f"{figures['cpu_min']:8.3f} {figures['cpu_median']:8.3f}  {verdict} "
              f"(exit {figures['exit_codes']})")  # fmt: skip
        for failure in dict.fromkeys(figures["failures"]):
            print(f"    {failure}")
        results[name] = figures
    load = os.getloadavg()[0]
    print(f"load average after: {load:.2f}")
    if args.json:
        doc = {"runs": args.runs, "load_average_after": load, "commands": results}
        args.json.write_text(json.dumps(doc, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
