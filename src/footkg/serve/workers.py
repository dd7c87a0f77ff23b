"""The endpoint's worker processes: every store access runs in one, so that a query past its
time limit can be stopped by killing its worker (pyoxigraph cannot interrupt a query).

A :class:`WorkerPool` keeps ``size`` processes (``multiprocessing`` spawn), each with the store
open read-only; :meth:`WorkerPool.run` sends a :class:`Job` and waits for its :class:`Answer`
(status, media type, serialised body, capped at ``max_result_bytes``), killing and replacing the
worker when the time limit passes (:class:`QueryTimeoutError`)."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import anyio.to_thread
import pyoxigraph as ox

from footkg import vocab
from footkg.serve.protocol import GRAPH_TYPES, RESULT_TYPES, looks_like_update, negotiate
from footkg.store import local as store
from footkg.vocab import METADATA_GRAPH


@dataclass(frozen=True)
class Job:
    """One piece of store work for a worker: ``kind`` is ``query``, ``describe``, ``graph`` or
    ``void``; ``args`` its arguments (see the ``_job_*`` functions)."""

    kind: str
    args: dict[str, Any]


@dataclass(frozen=True)
class Answer:
    """A worker's reply: HTTP ``status``, ``media`` type and ``body`` bytes (or text), plus any
    structured ``extra`` data."""

    status: int
    media: str
    body: bytes
    extra: Any = None


class ResultTooLargeError(Exception):
    """A serialised answer went past the byte limit."""


class _BoundedBuffer:
    """A binary writer that raises :class:`ResultTooLargeError` past ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data = bytearray()

    def write(self, chunk: bytes) -> int:
        if len(self.data) + len(chunk) > self.limit:
            raise ResultTooLargeError(self.limit)
        self.data += chunk
        return len(chunk)

    def flush(self) -> None:
        """Nothing to flush (in memory)."""


def _text(status: int, message: str) -> Answer:
    return Answer(status, "text/plain", message.encode())


def _too_large(limit: int) -> Answer:
    return _text(
        400,
        f"result too large: more than {limit:,} bytes (the server's result limit); "
        "add a LIMIT or select fewer variables",
    )


def _dataset_options(args: dict[str, Any]) -> dict[str, Any]:
    default = [ox.NamedNode(g) for g in args.get("default_graphs", ())]
    named = [ox.NamedNode(g) for g in args.get("named_graphs", ())]
    if not default and not named:
        return {"use_default_graph_as_union": True}
    options: dict[str, Any] = {"default_graph": default or ox.DefaultGraph()}
    if named:
        options["named_graphs"] = named
    return options


def _serialise(data: Any, fmt: ox.RdfFormat | ox.QueryResultsFormat, limit: int) -> bytes:
    buffer = _BoundedBuffer(limit)
    if isinstance(data, ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples):
        data.serialize(buffer, format=fmt)
    else:
        prefixes = vocab.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
        ox.serialize(data, buffer, format=fmt, prefixes=prefixes)
    return bytes(buffer.data)


def _job_query(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """Run ``args["text"]``; negotiate against ``args["accept"]``."""
    try:
        result = kg.query(args["text"], **_dataset_options(args))
    except SyntaxError as exc:
        if looks_like_update(args["text"]):
            return _text(403, "this endpoint is read-only: SPARQL Update is not accepted")
        return _text(400, f"SPARQL syntax error: {exc}")
    except (OSError, RuntimeError, ValueError) as exc:
        return _text(500, f"query failed: {exc}")
    offers: dict[str, Any] = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else RESULT_TYPES
    media = negotiate(args.get("accept"), list(offers))
    if media is None:
        return _text(406, f"cannot answer in {args.get('accept')!r}; offered: {', '.join(offers)}")
    try:
        body = _serialise(result, offers[media], limit)
    except ResultTooLargeError:
        return _too_large(limit)
    except (OSError, RuntimeError, ValueError) as exc:
        return _text(500, f"query failed: {exc}")
    return Answer(200, media, body)


_RDFS_LABEL = ox.NamedNode(vocab.PREFIXES["rdfs"] + "label")


def _describe_quads(kg: ox.Store, iri: ox.NamedNode, incoming_limit: int) -> list[ox.Quad]:
    """The statements about ``iri``, up to ``incoming_limit`` pointing at it, and the labels of
    the IRIs on the other end (each in its named graph)."""
    out = list(kg.quads_for_pattern(iri, None, None, None))
    incoming = []
    for quad in kg.quads_for_pattern(None, None, iri, None):
        if len(incoming) >= incoming_limit:
            break
        incoming.append(quad)
    neighbours = {q.object for q in out if isinstance(q.object, ox.NamedNode)}
    neighbours |= {q.subject for q in incoming if isinstance(q.subject, ox.NamedNode)}
    neighbours.discard(iri)
    labels = []
    for node in sorted(neighbours, key=lambda n: n.value):
        labels.extend(list(kg.quads_for_pattern(node, _RDFS_LABEL, None, None))[:1])
    return out + incoming + labels


def _job_describe(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """Describe ``args["iri"]``: N-Quads for an HTML page, else the negotiated graph format."""
    iri = ox.NamedNode(args["iri"])
    quads = _describe_quads(kg, iri, args["incoming_limit"])
    if not quads:
        return _text(404, f"nothing is known about <{iri.value}>")
    try:
        if args["media"] == "text/html":
            return Answer(
                200, "application/n-quads", _serialise(quads, ox.RdfFormat.N_QUADS, limit)
            )
        triples = list(dict.fromkeys(ox.Triple(q.subject, q.predicate, q.object) for q in quads))
        return Answer(200, args["media"], _serialise(triples, GRAPH_TYPES[args["media"]], limit))
    except ResultTooLargeError:
        return _too_large(limit)


def _job_graph(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """One graph of the store (Graph Store HTTP Protocol GET): ``args["graph"]`` or default."""
    graph = ox.NamedNode(args["graph"]) if args.get("graph") else ox.DefaultGraph()
    if isinstance(graph, ox.NamedNode) and not kg.contains_named_graph(graph):
        return _text(404, f"no graph <{graph.value}> in this store")
    triples = (
        ox.Triple(q.subject, q.predicate, q.object)
        for q in kg.quads_for_pattern(None, None, None, graph)
    )
    try:
        return Answer(200, args["media"], _serialise(triples, GRAPH_TYPES[args["media"]], limit))
    except ResultTooLargeError:
        return _too_large(limit)


def _job_void(kg: ox.Store, args: dict[str, Any], limit: int) -> Answer:
    """The metadata graph as N-Triples, with triple counts per named graph in ``extra``."""
    meta = ox.NamedNode(METADATA_GRAPH)
    triples = [
        ox.Triple(q.subject, q.predicate, q.object)
        for q in kg.quads_for_pattern(None, None, None, meta)
    ]
    counts = store.triples_per_graph(kg)
    return Answer(
        200,
        "application/n-triples",
        _serialise(triples, ox.RdfFormat.N_TRIPLES, limit),
        extra=counts,
    )


_JOBS: dict[str, Callable[[ox.Store, dict[str, Any], int], Answer]] = {
    "query": _job_query,
    "describe": _job_describe,
    "graph": _job_graph,
    "void": _job_void,
}


def _worker_main(store_path: str, conn: Connection, limit: int) -> None:
    """A worker process: answer jobs from ``conn`` until it closes; reopen the store when the
    current build changes."""
    path, folder, kg = Path(store_path), None, None
    while True:
        try:
            job: Job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            now = store.current_build(path)
            if now != folder:
                kg, folder = ox.Store.read_only(str(now)), now
            answer = _JOBS[job.kind](kg, job.args, limit)
        except Exception as exc:  # a worker must answer, whatever went wrong
            answer = _text(500, f"internal error: {type(exc).__name__}: {exc}")
        conn.send(answer)


class QueryTimeoutError(Exception):
    """A job ran past the time limit; its worker was killed."""


class WorkerDiedError(Exception):
    """A worker process ended without answering."""


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Connection


class WorkerPool:
    """``size`` worker processes that run :class:`Job` s with a time limit (see module doc).

    Use ``await start()``, ``await run(job, timeout)``, ``await close()``.
    """

    def __init__(self, store_path: Path, size: int, max_result_bytes: int) -> None:
        self.store_path = store_path
        self.size = size
        self.max_result_bytes = max_result_bytes
        self._context = mp.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self.replaced = 0

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main,
            args=(str(self.store_path), child, self.max_result_bytes),
            daemon=True,
            name="footkg-query-worker",
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._all.add(worker)
        return worker

    async def start(self) -> None:
        """Start the workers; raises :class:`footkg.errors.StoreNotBuiltError` without a
        store."""
        store.current_build(self.store_path)
        for _ in range(self.size):
            self._idle.put_nowait(self._spawn())

    def _discard(self, worker: _Worker) -> None:
        self._all.discard(worker)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        worker.conn.close()

    async def _replace(self, worker: _Worker) -> None:
        await anyio.to_thread.run_sync(self._discard, worker)
        self.replaced += 1
        self._idle.put_nowait(self._spawn())

    async def run(self, job: Job, timeout: float) -> Answer:
        """Run ``job`` on an idle worker (waiting for one) and return its :class:`Answer`.

        Raises :class:`QueryTimeoutError` after ``timeout`` seconds of work (the worker is
        killed and replaced) and :class:`WorkerDiedError` if the worker crashed.
        """
        worker = await self._idle.get()
        healthy = False
        try:
            worker.conn.send(job)
            answer = await anyio.to_thread.run_sync(_receive, worker.conn, timeout)
            if answer is None:
                raise QueryTimeoutError(timeout)
            healthy = True
            return answer
        except (EOFError, OSError, BrokenPipeError) as exc:
            raise WorkerDiedError(str(exc)) from exc
        finally:
            if healthy:
                self._idle.put_nowait(worker)
            else:
                await self._replace(worker)

    async def close(self) -> None:
        """Stop every worker."""
        for worker in list(self._all):
            await anyio.to_thread.run_sync(self._discard, worker)


def _receive(conn: Connection, timeout: float) -> Answer | None:
    """Wait up to ``timeout`` seconds for an answer on ``conn``; ``None`` if none came."""
    if not conn.poll(timeout):
        return None
    return conn.recv()
