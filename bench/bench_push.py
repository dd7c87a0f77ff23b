"""``footkg push`` into a loopback Oxigraph server (and Virtuoso 7 when installed), timed, in
triples per second, beside the same server's own bulk load of the same triples as one N-Quads
file (``POST /store?no_transaction``) in the same run (issue 21 item 5).

Usage::

    .venv/bin/python bench/bench_push.py --store /tmp/fk/store [--virtuoso] [--json push.json]

Every server is started on loopback in a new temporary folder and stopped at the end; the
load average is recorded before and after each step.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from servers import HAVE_VIRTUOSO, oxigraph_serve, virtuoso_serve

from footkg.store import local as store
from footkg.store import remote


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _footkg_push(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "footkg"), "push", *args], check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return time.perf_counter() - start


def main() -> None:
    """Run the pushes and the reference load; print and write the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--virtuoso", action="store_true", help="also push into Virtuoso 7")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    local = store.open_store(args.store)
    triples = sum(store.triples_per_graph(local).values())
    result: dict[str, object] = {"triples": triples}
    with tempfile.TemporaryDirectory(dir="/tmp") as scratch:
        dump = Path(scratch) / "all.nq"
        with dump.open("wb") as handle:
            local.dump(handle, format=__import__("pyoxigraph").RdfFormat.N_QUADS)
        before = _load()
        with oxigraph_serve(Path(scratch) / "reference") as url:
            start = time.perf_counter()
            with dump.open("rb") as body:
                response = httpx.post(f"{url}/store", params={"no_transaction": ""},
                                      content=body.read(), timeout=3600,
                                      headers={"Content-Type": "application/n-quads"})  # fmt: skip
            response.raise_for_status()
            took = time.perf_counter() - start
        result["oxigraph_bulk_nquads"] = {"seconds": round(took, 1),
                                          "triples_per_s": round(triples / took),
                                          "load": [before, _load()]}  # fmt: skip
        before = _load()
        with oxigraph_serve(Path(scratch) / "push") as url:
            took = _footkg_push(["--store", url, "--from", str(args.store)])
        result["footkg_push_oxigraph"] = {"seconds": round(took, 1),
                                          "triples_per_s": round(triples / took),
                                          "load": [before, _load()]}  # fmt: skip
        if args.virtuoso and HAVE_VIRTUOSO:
            folder = Path(scratch) / "virtuoso"
            folder.mkdir()
            before = _load()
            with virtuoso_serve(folder) as url:
                crud = f"{url}/sparql-graph-crud"
                took = _footkg_push(["--store", f"{url}/sparql", "--gsp-url", crud,
                                     "--from", str(args.store)])  # fmt: skip
                target = remote.RemoteStore.from_url(f"{url}/sparql")
                ours = store.triples_per_graph(local)  # Virtuoso has graphs of its own too
                counted = {g: remote.count_triples(target, g) for g in ours}
            result["footkg_push_virtuoso"] = {
                "seconds": round(took, 1), "triples_per_s": round(triples / took),
                "every_graph_verified": counted == ours,
                "load": [before, _load()]}  # fmt: skip
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
