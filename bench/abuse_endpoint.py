"""The endpoint under abuse, on loopback (issue 22 item 6): while 32 clients run the catalogue mix,
4 clients keep a runaway query (a cross product) running and 50 requests for runaways are sent
and abandoned after a second. Prints and writes the cheap queries' p50 / p99 latency and errors,
what the abusive requests got (status counts), the server's peak memory and the load average.
It stops by itself after ``--duration`` seconds; every request goes to 127.0.0.1.

Usage::

    .venv/bin/python bench/abuse_endpoint.py --store /tmp/fk/store --duration 30 --json abuse.json

The targets: cheap queries p99 ≤ 1 s and no error on them, memory bounded (the peak is
reported next to the idle figure).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
from bench_endpoint import JSON_RESULTS, MemoryPeak, _memory, _wait, free_port

from footkg import resources
from footkg.query import catalogue as queries
from footkg.serve.pages import catalogue_examples

RUNAWAY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"


async def _cheap(url: str, texts: list[str], offset: int, until: float, out: dict) -> None:
    async with httpx.AsyncClient(timeout=60) as client:
        i = offset
        while time.perf_counter() < until:
            start = time.perf_counter()
            try:
                response = await client.post(url, data={"query": texts[i % len(texts)]},
                                             headers={"Accept": JSON_RESULTS})  # fmt: skip
                ok = response.status_code == 200
                status = str(response.status_code)
            except httpx.HTTPError as exc:
                ok, status = False, type(exc).__name__
            i += 1
            if ok:
                out["latencies"].append(time.perf_counter() - start)
            else:
                out["errors"][status] += 1


async def _runaway(url: str, until: float, out: collections.Counter) -> None:
    async with httpx.AsyncClient(timeout=120) as client:
        while time.perf_counter() < until:
            try:
                response = await client.post(url, data={"query": RUNAWAY})
                out[str(response.status_code)] += 1
                if response.status_code == 429:
                    await asyncio.sleep(float(response.headers.get("retry-after", "1")))
            except httpx.HTTPError as exc:
                out[type(exc).__name__] += 1


async def _abandon(url: str, count: int, out: collections.Counter) -> None:
    async def one() -> None:
        try:
            async with httpx.AsyncClient(timeout=1.0) as client:
                response = await client.post(url, data={"query": RUNAWAY})
                out[str(response.status_code)] += 1
        except httpx.TimeoutException:
            out["abandoned after 1 s"] += 1

    for start in range(0, count, 10):  # ten at a time, a second apart
        await asyncio.gather(*(one() for _ in range(min(10, count - start))))


async def _run(url: str, texts: list[str], clients: int, duration: float) -> dict:
    cheap = {"latencies": [], "errors": collections.Counter()}
    runaways: collections.Counter = collections.Counter()
    abandoned: collections.Counter = collections.Counter()
    start = time.perf_counter()
    until = start + duration
    await asyncio.gather(
        *(_cheap(url, texts, c, until, cheap) for c in range(clients)),
        *(_runaway(url, until, runaways) for _ in range(4)),
        _abandon(url, 50, abandoned),
    )
    took = time.perf_counter() - start
    ordered = sorted(cheap["latencies"]) or [float("nan")]
    return {
        "cheap_requests": len(cheap["latencies"]) + sum(cheap["errors"].values()),
        "cheap_qps": round(len(cheap["latencies"]) / took, 1),
        "cheap_p50_ms": round(statistics.median(ordered) * 1000, 1),
        "cheap_p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 1),
        "cheap_errors": dict(cheap["errors"]),
        "runaway_statuses": dict(runaways),
        "abandoned_statuses": dict(abandoned),
        "seconds": round(took, 1),
    }


def main() -> None:
    """Start the server, run the abuse, print and write the figures, stop the server."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "footkg"), "serve", "--store", str(args.store),
         "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{port}/sparql"
    try:
        _wait(url, server)
        time.sleep(5)  # the hot path's start-up measurement
        examples = catalogue_examples(queries.load_catalogue(resources.queries_dir()))
        texts = []
        for ex in examples:
            if "SERVICE" in ex["text"]:
                continue
            start = time.perf_counter()
            try:
                response = httpx.post(url, data={"query": ex["text"]}, timeout=120)
            except httpx.HTTPError:  # cut off at the time limit: not a cheap query
                continue
            if response.status_code == 200 and time.perf_counter() - start < 1.0:
                texts.append(ex["text"])
        idle = _memory(server.pid)
        load_before = os.getloadavg()
        with MemoryPeak(server.pid) as memory:
            result = asyncio.run(_run(url, texts, args.clients, args.duration))
        result.update(
            {
                "queries_in_mix": len(texts),
                "idle_rss_mb": idle[0] >> 20,
                "idle_pss_mb": idle[1] >> 20,
                "peak_rss_mb": memory.peak[0] >> 20,
                "peak_pss_mb": memory.peak[1] >> 20,
                "load_before": [round(x, 2) for x in load_before],
                "load_after": [round(x, 2) for x in os.getloadavg()],
            }
        )
        print(json.dumps(result, indent=2))
        if args.json:
            args.json.write_text(json.dumps(result, indent=2))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
