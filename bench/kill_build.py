"""Kill ``footkg build`` with SIGKILL at random moments and check what the store folder holds.

Issue 22: a build killed while writing, loading or validating left ``STORE/.load-<stamp>.nq``
(104–312 MB) that nothing removed; five kills took a store from 455 MB to 2.7 GB. This script:

1. runs one good build (SHACL and exports included) and records the store's answers (a few
   SPARQL SELECTs with known football answers), its files and its size;
2. starts ``--kills`` builds one after another and kills each (``kill -9``) at a random moment
   between 0.5 s and the good build's duration (a build that finishes first is not counted);
   after each kill it checks that ``current`` still answers exactly as before, lists every
   file a good build would not leave, with its size, and checks that no load file is among
   them and nothing an earlier kill left survived a later build;
3. runs a last good build and checks that the folder then holds only what a good build
   leaves, and how its size compares with the first.

Usage (a full build takes a few minutes; ten kills about as long again)::

    .venv/bin/python bench/kill_build.py --data-dir ../shared/data --store /tmp/kill/store \\
        --kills 10 --json kill-build.json

It exits 1 when any check fails. The store folder is removed first.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

FOOTKG = Path(sys.executable).with_name("footkg")

#: SPARQL SELECTs whose answers must not change while builds are killed (football facts).
CHECKS: dict[str, str] = {
    "2022 final": """PREFIX fk: <https://w3id.org/footkg/ontology#>
        SELECT ?h ?a ?hp ?ap WHERE {
          <https://w3id.org/footkg/resource/match/2022-12-18-argentina-france>
            fk:homeScore ?h ; fk:awayScore ?a ; fk:penaltyShootout [ fk:homePenalties ?hp ;
            fk:awayPenalties ?ap ] }""",
    "world cup champions": """PREFIX fk: <https://w3id.org/footkg/ontology#>
        SELECT ?year ?champion WHERE { ?e a fk:TournamentEdition ; fk:year ?year ;
          fk:champion ?champion ; fk:competition
          <https://w3id.org/footkg/resource/competition/fifa-world-cup> } ORDER BY ?year""",
    "matches": """PREFIX fk: <https://w3id.org/footkg/ontology#>
        SELECT (COUNT(*) AS ?n) WHERE { ?m a fk:Match }""",
}


def answers(store: Path) -> dict[str, list[list[str]]]:
    """The rows of :data:`CHECKS` on the current build of ``store``, read in a new process
    (as a user's query would, while nothing else holds the store open)."""
    code = (
        "import json, sys\n"
        "from footkg.store.local import open_store\n"
        "st = open_store(sys.argv[1])\n"
        "checks = json.loads(sys.argv[2])\n"
        "out = {k: [[str(t.value) if t is not None else '' for t in row]\n"
        "            for row in st.query(q, use_default_graph_as_union=True)]\n"
        "       for k, q in checks.items()}\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(store), json.dumps(CHECKS)],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(done.stdout)


def size_of(path: Path) -> int:
    """Bytes of the files under ``path`` (symbolic links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def unexpected(store: Path, export_names: set[str]) -> list[tuple[str, int]]:
    """What the store folder holds that a good build does not leave: ``(path, bytes)``.

    A good build leaves ``current`` and ``previous`` (links), the build folders they point
    to under ``builds/``, ``skipped-rows.csv``, ``.build.lock`` and the export files."""
    kept_builds = {(store / link).resolve().name for link in ("current", "previous")
                   if (store / link).exists()}  # fmt: skip
    allowed_top = {"current", "previous", "builds", "skipped-rows.csv", ".build.lock", "exports"}
    out: list[tuple[str, int]] = []
    for entry in store.iterdir():
        if entry.name not in allowed_top:
            size = size_of(entry) if entry.is_dir() else entry.lstat().st_size
            out.append((entry.name, size))
    for folder in (store / "builds").iterdir():
        if folder.name not in kept_builds:
            out.append((f"builds/{folder.name}", size_of(folder)))
    exports = store / "exports"
    for entry in exports.iterdir() if exports.is_dir() else ():
        if entry.name not in export_names:
            size = size_of(entry) if entry.is_dir() else entry.lstat().st_size
            out.append((f"exports/{entry.name}", size))
    return out


def build_command(store: Path, data_dir: Path) -> list[str]:
    """``footkg build`` into ``store`` from ``data_dir`` (SHACL and exports on, the defaults)."""
    return [str(FOOTKG), "build", "--store", str(store), "--data-dir", str(data_dir)]


def good_build(store: Path, data_dir: Path) -> float:
    """Run a build to its end; return its duration in seconds. Raises when it fails."""
    start = time.perf_counter()
    subprocess.run(build_command(store, data_dir), check=True, capture_output=True)
    return time.perf_counter() - start


def killed_build(store: Path, data_dir: Path, after: float) -> bool:
    """Start a build and SIGKILL it ``after`` seconds later; False if it finished first."""
    proc = subprocess.Popen(build_command(store, data_dir), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        proc.wait(timeout=after)
        return False
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--store", type=Path, default=Path("/tmp/footkg-kill/store"))
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    shutil.rmtree(args.store, ignore_errors=True)

    duration = good_build(args.store, args.data_dir)
    expected = answers(args.store)
    exports = {p.name for p in (args.store / "exports").iterdir()}
    first_size = size_of(args.store)
    print(f"good build: {duration:.0f} s, {first_size / 1e6:.0f} MB, exports {sorted(exports)}")
    kills: list[dict[str, object]] = []
    failures: list[str] = []
    before: set[str] = set()  # what the previous kill left
    while len(kills) < args.kills:
        after = rng.uniform(0.5, duration)
        if not killed_build(args.store, args.data_dir, after):
            print(f"  build finished before {after:.1f} s: not a kill, drawing again")
            continue
        junk = unexpected(args.store, exports)
        correct = answers(args.store) == expected
        loads = [name for name, _ in junk if name.startswith(".load-")]
        kills.append({"after_s": round(after, 1), "fraction": round(after / duration, 2),
                      "answers_correct": correct, "left": junk,
                      "left_mb": round(sum(s for _, s in junk) / 1e6, 1),
                      "store_mb": round(size_of(args.store) / 1e6, 1)})  # fmt: skip
        print(f"kill {len(kills)} at {after:.1f} s ({after / duration:.0%}): answers "
              f"{'correct' if correct else 'WRONG'}, left {kills[-1]['left_mb']} MB {junk}")
        if not correct:
            failures.append(f"kill {len(kills)}: wrong answers")
        if loads:
            failures.append(f"kill {len(kills)}: load file(s) left {loads}")
        left_now = {name for name, _ in junk}
        started = [n for n in left_now - before if n.startswith("builds/")]
        stale = sorted(left_now & before) if started else []  # a later build ran, not swept
        if stale or len([n for n in left_now if n.startswith("builds/")]) > 1:
            failures.append(f"kill {len(kills)}: leftovers accumulate: {junk}")
        before = left_now
    final = good_build(args.store, args.data_dir)
    left = unexpected(args.store, exports)
    last_size = size_of(args.store)
    correct = answers(args.store) == expected
    print(f"after the last good build ({final:.0f} s): {last_size / 1e6:.0f} MB "
          f"(first {first_size / 1e6:.0f} MB), unexpected files {left}, answers "
          f"{'correct' if correct else 'WRONG'}")  # fmt: skip
    if left:
        failures.append(f"after the last good build: {left}")
    if not correct:
        failures.append("after the last good build: wrong answers")
    if last_size > 2.2 * first_size:  # current + previous are kept: at most two builds
        failures.append(f"store grew from {first_size} to {last_size} bytes")
    summary = {
        "good_build_s": round(duration, 1), "kills": kills,
        "first_store_mb": round(first_size / 1e6, 1), "last_store_mb": round(last_size / 1e6, 1),
        "unexpected_after_last_build": left, "failures": failures,
    }  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print("OK" if not failures else "FAILED:\n  " + "\n  ".join(failures))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
