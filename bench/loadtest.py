"""Load test of ``footkg serve`` on loopback: 1, 8 and 32 concurrent clients running catalogue
queries; prints queries per second, p50 and p99 latency and errors for each level.

Usage::

    .venv/bin/python bench/loadtest.py --store /tmp/fkstore [--clients 1 8 32] [--duration 15]
    .venv/bin/python bench/loadtest.py --url http://127.0.0.1:7878   # an already running server

Without ``--url`` it starts the server (``footkg.serve.app.serve``) in a subprocess on a free port
and stops it at the end. The queries are the catalogue's examples as the query page shows them
(defaults bound, Argentina v France for team parameters), each POSTed form-encoded asking for
SPARQL JSON. Queries slower than ``--max-single-ms`` when run alone first are left out of the mix
(and listed), so that the figures describe interactive queries; ``--max-single-ms 0`` keeps all.
A non-200 answer or a transport error counts as an error. Each client sends its next query as
soon as the last one is answered (closed loop).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from footkg import resources
from footkg.query import catalogue as queries
from footkg.serve import app as server

SERVER_CODE = """
import sys
from pathlib import Path
from footkg.serve.app import ServerConfig, serve
store, port = Path(sys.argv[1]), int(sys.argv[2])
config = ServerConfig(store_path=store, timeout=float(sys.argv[3]), workers=int(sys.argv[4]))
serve(config, port=port, log_level="warning")
"""


@dataclass
class Level:
    """The outcome of one concurrency level."""

    clients: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)

    def row(self) -> str:
        n = len(self.latencies)
        qps = n / self.seconds if self.seconds else 0.0
        p50 = statistics.median(self.latencies) * 1000 if n else float("nan")
        p99 = _percentile(self.latencies, 0.99) * 1000 if n else float("nan")
        return (
            f"{self.clients:>7} {n + self.errors:>9} {qps:>8.1f} {p50:>9.1f} {p99:>9.1f} "
            f"{self.errors:>7}"
        )


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start_server(store: Path, timeout: float, workers: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    args = [sys.executable, "-c", SERVER_CODE, str(store), str(port), str(timeout), str(workers)]
    process = subprocess.Popen(args)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited; see its messages above")
        try:
            if httpx.get(f"{url}/sparql", params={"query": "ASK {}"}).status_code == 200:
                return process, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start in 60 s")


async def _one(client: httpx.AsyncClient, text: str) -> tuple[float, str | None]:
    start = time.perf_counter()
    try:
        response = await client.post(
            "/sparql", data={"query": text}, headers={"Accept": "application/sparql-results+json"}
        )
        error = None if response.status_code == 200 else f"HTTP {response.status_code}"
    except httpx.HTTPError as exc:
        error = type(exc).__name__
    return time.perf_counter() - start, error


async def _client(url: str, texts: list[str], offset: int, until: float, level: Level) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        i = offset
        while time.perf_counter() < until:
            latency, error = await _one(client, texts[i % len(texts)])
            i += 1
            if error:
                level.errors += 1
                level.error_kinds[error] = level.error_kinds.get(error, 0) + 1
            else:
                level.latencies.append(latency)


async def _level(url: str, texts: list[str], clients: int, duration: float) -> Level:
    level = Level(clients, 0.0)
    start = time.perf_counter()
    until = start + duration
    await asyncio.gather(*(_client(url, texts, c, until, level) for c in range(clients)))
    level.seconds = time.perf_counter() - start
    return level


def _select_queries(url: str, max_single_ms: float) -> list[tuple[str, str]]:
    examples = server.catalogue_examples(queries.load_catalogue(resources.queries_dir()))
    chosen = []
    print(f"{'query':<24} {'alone ms':>9}  status")
    with httpx.Client(base_url=url, timeout=120) as client:
        for ex in examples:
            start = time.perf_counter()
            response = client.post("/sparql", data={"query": ex["text"]})
            ms = (time.perf_counter() - start) * 1000
            keep = response.status_code == 200 and (max_single_ms <= 0 or ms <= max_single_ms)
            note = "in the mix" if keep else f"left out (HTTP {response.status_code})"
            print(f"{ex['name']:<24} {ms:>9.1f}  {note}")
            if keep:
                chosen.append((ex["name"], ex["text"]))
    return chosen


def main() -> None:
    """Parse the arguments, run every level and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, help="store folder (server started here)")
    parser.add_argument("--url", help="an already running footkg server")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per level")
    parser.add_argument("--timeout", type=float, default=10.0, help="server query time limit")
    parser.add_argument("--workers", type=int, default=max(2, min(4, os.cpu_count() or 2)))
    parser.add_argument("--max-single-ms", type=float, default=1000.0)
    args = parser.parse_args()
    if not args.url and not args.store:
        parser.error("give --store or --url")
    process = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        process, url = _start_server(args.store, args.timeout, args.workers)
    try:
        mix = _select_queries(url, args.max_single_ms)
        texts = [text for _, text in mix]
        print(
            f"\nmix: {', '.join(name for name, _ in mix)}; {args.duration:g} s per level, "
            f"{os.cpu_count()} CPUs, server workers: {args.workers if process else '?'}\n"
        )
        print(
            f"{'clients':>7} {'requests':>9} {'qps':>8} {'p50 ms':>9} {'p99 ms':>9} {'errors':>7}"
        )
        for clients in args.clients:
            level = asyncio.run(_level(url, texts, clients, args.duration))
            print(level.row() + (f"  {level.error_kinds}" if level.errors else ""), flush=True)
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
