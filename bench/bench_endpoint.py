"""The endpoint against Oxigraph's own server, in the same run, on the same store and query mix:
queries per second, p50 / p99 latency, errors and memory at 1, 8 and 32 clients (issue 25 part
4, issue 22 item 6).

Usage::

    .venv/bin/python bench/bench_endpoint.py --store /tmp/fk/store --duration 15 --json out.json

It starts ``footkg serve`` (a subprocess, as a user would) and ``oxigraph serve-read-only
--union-default-graph`` on the store's current build, both on loopback. The mix is the
catalogue's examples as the query page shows them (defaults bound, Argentina v France for team
parameters), each POSTed form-encoded asking for SPARQL JSON; a query that takes Oxigraph more
than ``--max-single-ms`` alone is left out (and listed). The load comes from ``wrk`` (Debian)
with a Lua script that sends the mix in turn, or from a Python client when wrk is missing. Each
level runs on one server then the other, ``--rounds`` times, alternating; memory is the peak
resident and proportional set size (RSS, PSS: shared pages split between the processes sharing
them) of each server's whole process tree, sampled every 0.2 s. The load average is recorded
before and after each level. Every process it starts is stopped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx

from footkg import resources
from footkg.query import catalogue as queries
from footkg.serve.pages import catalogue_examples
from footkg.store import local as store

OXIGRAPH = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
WRK = shutil.which("wrk")
JSON_RESULTS = "application/sparql-results+json"

LUA = """
bodies = {BODIES}
counter = 0
function init(args) counter = tonumber(args[1] or "0") end
request = function()
  counter = counter + 1
  local body = bodies[(counter % #bodies) + 1]
  return wrk.format("POST", "{PATH}", {["Content-Type"] = "application/x-www-form-urlencoded",
                    ["Accept"] = "{ACCEPT}"}, body)
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %d %.3f %.3f %d %d\\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.duration, summary.errors.status))
end
"""


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait(url: str, process: subprocess.Popen, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited ({process.args})")
        try:
            if httpx.post(url, data={"query": "ASK {}"}, timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {seconds:g} s")


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants."""
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        todo.extend(int(c) for c in children)
    return out


def _memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in bytes of ``pid``'s process tree, from /proc/PID/smaps_rollup."""
    rss = pss = 0
    for p in _tree(pid):
        try:
            text = Path(f"/proc/{p}/smaps_rollup").read_text()
        except OSError:
            continue
        rss += int(re.search(r"^Rss:\s+(\d+)", text, re.M)[1]) * 1024
        pss += int(re.search(r"^Pss:\s+(\d+)", text, re.M)[1]) * 1024
    return rss, pss


class MemoryPeak:
    """Samples a process tree's memory every 0.2 s in a thread; ``peak`` (RSS, PSS) bytes."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = _memory(pid)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            rss, pss = _memory(self.pid)
            self.peak = (max(self.peak[0], rss), max(self.peak[1], pss))

    def __enter__(self) -> MemoryPeak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _wrk(url: str, path: str, bodies: list[str], clients: int, seconds: float) -> dict:
    lua = LUA.replace("{BODIES}", "{" + ",".join(json.dumps(b) for b in bodies) + "}")
    lua = lua.replace("{PATH}", path).replace("{ACCEPT}", JSON_RESULTS)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(lua)
    try:
        threads = min(2, clients)
        out = subprocess.run(
            [WRK, "-t", str(threads), "-c", str(clients), "-d", f"{seconds:g}s", "--timeout", "30s",
             "-s", handle.name, url],
            capture_output=True, text=True, timeout=seconds + 120, check=True,
        ).stdout  # fmt: skip
    finally:
        os.unlink(handle.name)
    requests, errors, p50, p99, micros, status = map(float, out.split("RESULT")[1].split())
    return {
        "requests": int(requests),
        "errors": int(errors),
        "non_2xx": int(status),
        "qps": requests / (micros / 1e6),
        "p50_ms": p50,
        "p99_ms": p99,
    }


def _python_load(url: str, bodies: list[str], clients: int, seconds: float) -> dict:
    import asyncio

    latencies: list[float] = []
    errors = [0]

    async def client(offset: int, until: float) -> None:
        async with httpx.AsyncClient(timeout=60) as http:
            i = offset
            while time.perf_counter() < until:
                start = time.perf_counter()
                try:
                    r = await http.post(url, content=bodies[i % len(bodies)], headers={
                        "Content-Type": "application/x-www-form-urlencoded",
                        "Accept": JSON_RESULTS})  # fmt: skip
                    ok = r.status_code == 200
                except httpx.HTTPError:
                    ok = False
                i += 1
                if ok:
                    latencies.append(time.perf_counter() - start)
                else:
                    errors[0] += 1

    async def run() -> float:
        start = time.perf_counter()
        await asyncio.gather(*(client(c, start + seconds) for c in range(clients)))
        return time.perf_counter() - start

    took = asyncio.run(run())
    ordered = sorted(latencies) or [float("nan")]
    return {
        "requests": len(latencies) + errors[0],
        "errors": errors[0],
        "non_2xx": errors[0],
        "qps": len(latencies) / took,
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000,
    }


def _mix(oxigraph_url: str, max_single_ms: float) -> tuple[list[tuple[str, str]], list[dict]]:
    examples = catalogue_examples(queries.load_catalogue(resources.queries_dir()))
    chosen, report = [], []
    with httpx.Client(timeout=120) as client:
        for ex in examples:
            if "SERVICE" in ex["text"]:
                report.append({"query": ex["name"], "ms": None, "in_mix": False,
                               "why": "SERVICE (needs the web)"})  # fmt: skip
                continue
            times = []
            for _ in range(3):
                start = time.perf_counter()
                response = client.post(oxigraph_url, data={"query": ex["text"]},
                                       headers={"Accept": JSON_RESULTS})  # fmt: skip
                times.append((time.perf_counter() - start) * 1000)
            ms = statistics.median(times)
            keep = response.status_code == 200 and ms <= max_single_ms
            report.append({"query": ex["name"], "ms": round(ms, 1), "in_mix": keep})
            if keep:
                chosen.append((ex["name"], ex["text"]))
    return chosen, report


def _load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def main() -> None:
    """Parse the arguments, run every level on both servers, print and write the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, required=True, help="a footkg store folder")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per level")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None, help="footkg serve --workers")
    parser.add_argument("--max-single-ms", type=float, default=1000.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    build = store.current_build(args.store)
    fk_port, ox_port = free_port(), free_port()
    footkg_cmd = [str(Path(sys.executable).parent / "footkg"), "serve", "--store", str(args.store),
                  "--port", str(fk_port)]  # fmt: skip
    if args.workers:
        footkg_cmd += ["--workers", str(args.workers)]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    footkg = subprocess.Popen(footkg_cmd, **quiet)
    oxigraph = subprocess.Popen(
        [OXIGRAPH, "serve-read-only", "--location", str(build), "--bind",
         f"127.0.0.1:{ox_port}", "--union-default-graph"], **quiet)  # fmt: skip
    urls = {
        "footkg": f"http://127.0.0.1:{fk_port}/sparql",
        "oxigraph": f"http://127.0.0.1:{ox_port}/query",
    }
    pids = {"footkg": footkg.pid, "oxigraph": oxigraph.pid}
    try:
        _wait(urls["footkg"], footkg)
        _wait(urls["oxigraph"], oxigraph)
        mix, alone = _mix(urls["oxigraph"], args.max_single_ms)
        bodies = [urlencode({"query": text}) for _, text in mix]
        # let footkg measure its hot path first (it runs each catalogue query once at start-up)
        time.sleep(5)
        for url in urls.values():  # warm both: every query of the mix once
            for body in bodies:
                httpx.post(url, content=body, timeout=120, headers={
                    "Content-Type": "application/x-www-form-urlencoded"})  # fmt: skip
        idle = {name: _memory(pid) for name, pid in pids.items()}
        print(f"mix: {', '.join(n for n, _ in mix)}")
        print(f"left out: {[r['query'] for r in alone if not r['in_mix']]}")
        print(f"idle memory (RSS, PSS MB): "
              f"{ {k: (v[0] >> 20, v[1] >> 20) for k, v in idle.items()} }")  # fmt: skip
        levels = []
        for clients in args.clients:
            for round_ in range(args.rounds):
                order = list(urls) if round_ % 2 == 0 else list(reversed(urls))
                for server in order:
                    before = _load_average()
                    with MemoryPeak(pids[server]) as memory:
                        url = urls[server]
                        path = "/" + url.split("/", 3)[3]
                        load = _wrk if WRK else _python_load
                        figures = (load(url, path, bodies, clients, args.duration) if WRK
                                   else load(url, bodies, clients, args.duration))  # fmt: skip
                    row = {"server": server, "clients": clients, "round": round_, **figures,
                           "rss_mb": round(memory.peak[0] / 2**20, 1),
                           "pss_mb": round(memory.peak[1] / 2**20, 1),
                           "load_before": before, "load_after": _load_average()}  # fmt: skip
                    levels.append(row)
                    print(f"{server:9} c={clients:<3} r={round_} qps={row['qps']:8.1f} "
                          f"p50={row['p50_ms']:7.1f} ms p99={row['p99_ms']:8.1f} ms "
                          f"errors={row['errors']} rss={row['rss_mb']} MB pss={row['pss_mb']} MB "
                          f"load={before}->{row['load_after']}", flush=True)  # fmt: skip
        summary = {}
        for clients in args.clients:
            def median(server: str, key: str, c: int = clients) -> float:
                return statistics.median(
                    r[key] for r in levels if r["server"] == server and r["clients"] == c)

            summary[str(clients)] = {
                "qps_ratio": round(median("footkg", "qps") / median("oxigraph", "qps"), 3),
                "rss_ratio": round(median("footkg", "rss_mb") / median("oxigraph", "rss_mb"), 2),
                "pss_ratio": round(median("footkg", "pss_mb") / median("oxigraph", "pss_mb"), 2),
                "footkg_qps": round(median("footkg", "qps"), 1),
                "oxigraph_qps": round(median("oxigraph", "qps"), 1),
            }
            print(f"{clients:>3} clients: footkg/oxigraph qps {summary[str(clients)]['qps_ratio']}"
                  f", RSS {summary[str(clients)]['rss_ratio']}x, PSS "
                  f"{summary[str(clients)]['pss_ratio']}x")  # fmt: skip
        result = {
            "store": str(args.store),
            "cpus": os.cpu_count(),
            "load_generator": "wrk" if WRK else "python",
            "duration_s": args.duration,
            "mix": [n for n, _ in mix],
            "alone_on_oxigraph": alone,
            "idle_memory_mb": {k: [v[0] >> 20, v[1] >> 20] for k, v in idle.items()},
            "levels": levels,
            "summary": summary,
        }
        if args.json:
            args.json.write_text(json.dumps(result, indent=2))
    finally:
        for process in (footkg, oxigraph):
            process.terminate()
        for process in (footkg, oxigraph):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
