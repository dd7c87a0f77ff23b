"""Benchmark: link a batch of N entities (default 10 000) by sitelink against a real
``oxigraph serve`` on loopback loaded with a Wikidata-shaped fixture of N items.

    .venv/bin/python bench/bench_link.py [--entities 10000] [--batch-size 200] [--json FILE]

Prints the time of the cold run (every batch asked, answers cached), of the warm rerun (all from
the cache) and the requests sent. No rate limit (loopback); the public service needs one.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from footkg.link import wikidata
from footkg.link.cache import AnswerCache
from footkg.link.dbpedia import wikipedia_article_iri

OXIGRAPH = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")


def _fixture(n: int) -> tuple[bytes, list[str]]:
    lines, pages = [], []
    for i in range(n):
        page = f"https://en.wikipedia.org/wiki/Player_Ñ{i}_(footballer)"
        article = wikipedia_article_iri(page)
        item = f"<http://www.wikidata.org/entity/Q{10_000_000 + i}>"
        lines += [
            f"<{article}> <http://schema.org/about> {item} .",
            f"<{article}> <http://schema.org/isPartOf> <https://en.wikipedia.org/> .",
            f'{item} <http://www.w3.org/2000/01/rdf-schema#label> "Player Ñ{i}"@en .',
        ]
        pages.append(page)
    return ("\n".join(lines) + "\n").encode(), pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entities", type=int, default=10_000)
    parser.add_argument("--batch-size", type=int, default=200)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    body, pages = _fixture(args.entities)
    with tempfile.TemporaryDirectory() as tmp:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = subprocess.Popen(
            [OXIGRAPH, "serve", "--location", f"{tmp}/db", "--bind", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(100):
                try:
                    httpx.get(base + "/", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            httpx.post(
                base + "/store?default",
                content=body,
                headers={"Content-Type": "application/n-triples"},
                timeout=120,
            ).raise_for_status()
            settings = wikidata.ClientSettings(
                endpoint=base + "/query", rate=0, batch_size=args.batch_size
            )
            with AnswerCache(Path(tmp) / "cache.sqlite") as cache:
                client = wikidata.SparqlClient(settings)
                start = time.perf_counter()
                hits = wikidata.lookup_sitelinks(client, cache, pages)
                cold = time.perf_counter() - start
                warm_client = wikidata.SparqlClient(settings)
                start = time.perf_counter()
                again = wikidata.lookup_sitelinks(warm_client, cache, pages)
                warm = time.perf_counter() - start
        finally:
            server.kill()
            server.wait()
    linked = sum(1 for v in hits.values() if len(v) == 1)
    assert again == hits and linked == args.entities, (linked, args.entities)
    report = {
        "entities": args.entities,
        "batch_size": args.batch_size,
        "linked": linked,
        "cold_seconds": round(cold, 3),
        "cold_entities_per_second": round(args.entities / cold),
        "requests": client.stats.requests,
        "posts": client.stats.posts,
        "warm_seconds": round(warm, 3),
        "warm_requests": warm_client.stats.requests,
    }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
