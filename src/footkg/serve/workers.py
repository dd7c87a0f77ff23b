"""The endpoint's worker processes: a query that may run away runs in one, so that it can be
stopped by killing its worker (pyoxigraph cannot interrupt a query).

A :class:`WorkerPool` keeps ``size`` processes (``multiprocessing`` spawn), each with the store
open read-only. A worker counts only once it is **ready**: it has imported footkg, opened the
store and said so. A new or replacement worker joins the idle queue then, never before, so its
start-up (one to three seconds on a busy machine) never counts against a query's time limit,
and a killed worker is replaced before anything else is given to that slot.

:meth:`WorkerPool.run` waits for an idle worker (a bounded wait: :class:`PoolBusyError` once
``max_queue`` jobs already wait), sends it a :class:`Job` and returns a :class:`Reply` as soon
as the worker has its answer's status and media type. A streamed reply's body then arrives in
chunks of about :data:`CHUNK_BYTES`, serialised once, in the worker, straight from pyoxigraph's
lazy results into the pipe: memory stays bounded whatever the result's size (the pipe blocks the
worker until the client reads). The time limit covers the whole job, from the moment a ready
worker receives it to its last byte; past it, or when the client goes away, the worker is killed
and replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import pickle
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import anyio.to_thread
import pyoxigraph as ox

from footkg import vocab
from footkg.serve import memory
from footkg.serve.protocol import (
    DATASET_TYPES,
    GRAPH_TYPES,
    RESULT_TYPES,
    Dataset,
    MediaRequest,
    answer_type,
)
from footkg.store import local as store
from footkg.vocab import METADATA_GRAPH

#: Bytes a worker gathers before it sends a piece of a streamed answer.
CHUNK_BYTES = 256 * 1024


@dataclass(frozen=True)
class Job:
    """One piece of store work for a worker: ``kind`` is ``query``, ``graph``, ``call`` or
    ``void``; ``args`` its arguments (see the ``_job_*`` functions)."""

    kind: str
    args: dict[str, Any]


# --- in the worker ------------------------------------------------------------------------------


class _Stream:
    """A binary writer that sends what pyoxigraph serialises to the parent in pieces.

    The head (status, media) goes out with the first piece, so that an error raised before
    ``CHUNK_BYTES`` were written can still become an error status."""

    def __init__(self, conn: Connection, media: str) -> None:
        self.conn = conn
        self.media = media
        self.buffer = bytearray()
        self.started = False

    def write(self, chunk: bytes) -> int:
        self.buffer += chunk
        if len(self.buffer) >= CHUNK_BYTES:
            self._send()
        return len(chunk)

    def flush(self) -> None:
        """Nothing to do: pieces go out when they are full, the rest at :meth:`close`."""

    def _send(self) -> None:
        if not self.started:
            _control(self.conn, ("head", 200, self.media))
            self.started = True
        if self.buffer:
            _data(self.conn, self.buffer)
            self.buffer.clear()

    def close(self) -> None:
        self._send()
        _control(self.conn, ("end",))

    def fail(self, message: str) -> None:
        """An error while serialising: a status if nothing went out yet, else a broken
        stream."""
        if self.started:
            _control(self.conn, ("error", message))
        else:
            _text(self.conn, 500, message)


def _control(conn: Connection, message: tuple[Any, ...]) -> None:
    """Send a control message (``ready``, ``head``, ``end``, ``error``, ``value``)."""
    conn.send_bytes(b"C" + pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))


def _data(conn: Connection, data: bytes | bytearray) -> None:
    """Send a piece of an answer's body."""
    conn.send_bytes(b"D" + data)


def _text(conn: Connection, status: int, message: str) -> None:
    _control(conn, ("head", status, "text/plain"))
    _data(conn, message.encode())
    _control(conn, ("end",))


def _serialise(conn: Connection, media: str, write: Callable[[_Stream], None]) -> None:
    out = _Stream(conn, media)
    try:
        write(out)
    except (OSError, RuntimeError, ValueError, SyntaxError) as exc:
        out.fail(f"query failed: {exc}")
        return
    out.close()


def _job_query(kg: ox.Store, conn: Connection, args: dict[str, Any]) -> None:
    """Run ``args["text"]`` on ``args["dataset"]`` (a :class:`Dataset`) with ``base_iri``;
    answer in the media type ``args["media"]`` (a :class:`MediaRequest`) chooses."""
    dataset: Dataset = args["dataset"]
    try:
        result = kg.query(args["text"], base_iri=args.get("base_iri"), **dataset.options())
    except SyntaxError as exc:
        return _text(conn, 400, f"SPARQL syntax error: {exc}")
    except (OSError, RuntimeError, ValueError) as exc:
        return _text(conn, 500, f"query failed: {exc}")
    offers: dict[str, Any] = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else RESULT_TYPES
    request: MediaRequest = args["media"]
    media = request.choose(list(offers))
    if media is None:
        shown = ", ".join(dict.fromkeys(offers))
        return _text(conn, 406, f"cannot answer in {request.accept!r}; offered: {shown}")
    fmt = offers[media]
    _serialise(conn, answer_type(media, offers), lambda out: result.serialize(out, format=fmt))
    return None


def _graph_triples(kg: ox.Store, graph: ox.NamedNode | ox.DefaultGraph):
    for quad in kg.quads_for_pattern(None, None, None, graph):
        yield ox.Triple(quad.subject, quad.predicate, quad.object)


def _job_graph(kg: ox.Store, conn: Connection, args: dict[str, Any]) -> None:
    """One graph of the store (Graph Store HTTP Protocol GET): ``args["graph"]`` (an IRI, or
    ``None`` for the default graph) in ``args["media"]``, streamed; with ``args["dataset"]``,
    every quad of the store (N-Quads or TriG)."""
    if args.get("dataset"):
        fmt = DATASET_TYPES[args["media"]]
        prefixes = vocab.PREFIXES if fmt == ox.RdfFormat.TRIG else None
        quads = kg.quads_for_pattern(None, None, None, None)
        _serialise(conn, args["media"],
                   lambda out: ox.serialize(quads, out, format=fmt, prefixes=prefixes))  # fmt: skip
        return None
    graph = ox.NamedNode(args["graph"]) if args.get("graph") else ox.DefaultGraph()
    if isinstance(graph, ox.NamedNode) and not kg.contains_named_graph(graph):
        return _text(conn, 404, f"no graph <{graph.value}> in this store")
    fmt = GRAPH_TYPES[args["media"]]
    prefixes = vocab.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
    _serialise(
        conn,
        answer_type(args["media"], GRAPH_TYPES),
        lambda out: ox.serialize(_graph_triples(kg, graph), out, format=fmt, prefixes=prefixes),
    )
    return None


def _job_void(kg: ox.Store, conn: Connection, args: dict[str, Any]) -> None:
    """The metadata graph's triples and the triple count of each named graph."""
    meta = ox.NamedNode(METADATA_GRAPH)
    triples = list(_graph_triples(kg, meta))
    _control(conn, ("value", (triples, store.triples_per_graph(kg))))


def _job_call(kg: ox.Store, conn: Connection, args: dict[str, Any]) -> None:
    """Call ``args["function"]`` (a module-level function, pickled by name) with the store and
    ``args["kwargs"]``; its return value (picklable) is the answer."""
    _control(conn, ("value", args["function"](kg, **args.get("kwargs", {}))))


_JOBS: dict[str, Callable[[ox.Store, Connection, dict[str, Any]], None]] = {
    "query": _job_query,
    "graph": _job_graph,
    "void": _job_void,
    "call": _job_call,
}


def _worker_main(store_path: str, conn: Connection, nice: int = 0) -> None:
    """A worker process: lower its priority by ``nice``, open the store, say ``ready``, then
    answer jobs from ``conn`` until it closes; reopen the store when the current build
    changes."""
    memory.limit_arenas()
    if nice:
        os.nice(nice)
    path = Path(store_path)
    folder = store.current_build(path)
    kg = ox.Store.read_only(str(folder))
    _control(conn, ("ready",))
    while True:
        try:
            job: Job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            now = store.current_build(path)
            if now != folder:
                kg, folder = ox.Store.read_only(str(now)), now
            _JOBS[job.kind](kg, conn, job.args)
        except (BrokenPipeError, EOFError):
            return
        except Exception as exc:  # a worker must answer, whatever went wrong
            with contextlib.suppress(OSError):
                _text(conn, 500, f"internal error: {type(exc).__name__}: {exc}")
        memory.trim()  # the answer is sent: give the query's memory back before the next


# --- in the server ------------------------------------------------------------------------------


class QueryTimeoutError(Exception):
    """A job ran past the time limit; its worker was killed."""


class WorkerDiedError(Exception):
    """A worker process ended without answering."""


class PoolBusyError(Exception):
    """Too many jobs already wait for a worker (the queue is full)."""


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Connection


def _poll_receive(conn: Connection, timeout: float) -> tuple[str, Any]:
    """The next message from a worker within ``timeout`` seconds: ``(kind, control tuple)``,
    ``("data", bytes)``, or ``("timeout", None)`` if nothing came."""
    if timeout <= 0 or not conn.poll(timeout):
        return ("timeout", None)
    message = conn.recv_bytes()
    if message[:1] == b"C":
        control = pickle.loads(message[1:])
        return (control[0], control)
    return ("data", message[1:])


@dataclass(eq=False)
class Reply:
    """A worker's answer: HTTP ``status`` and ``media`` type, then either ``value`` (a Python
    value, for ``call`` and ``void`` jobs) or a body read with :meth:`chunks` (or
    :meth:`read`). Call :meth:`aclose` when done (``chunks`` does when it ends)."""

    status: int
    media: str
    value: Any = None
    _pool: WorkerPool | None = None
    _worker: _Worker | None = None
    _deadline: float = 0.0
    _first: bytes | None = None
    _done: bool = False
    _timeout: float = 0.0
    _healthy: bool = field(default=False)

    async def chunks(self) -> AsyncIterator[bytes]:
        """The body in pieces. Raises :class:`QueryTimeoutError` past the time limit and
        :class:`WorkerDiedError` when the worker breaks off (a streamed error); either way the
        worker is killed and replaced."""
        try:
            if self._first:
                yield self._first
            while not self._done:
                assert self._worker is not None
                kind, data = await anyio.to_thread.run_sync(
                    _poll_receive,
                    self._worker.conn,
                    self._deadline - time.monotonic(),
                    abandon_on_cancel=True,
                )
                if kind == "data":
                    yield data
                elif kind == "end":
                    self._done = self._healthy = True
                elif kind == "timeout":
                    raise QueryTimeoutError(self._timeout)
                else:
                    raise WorkerDiedError(str(data[1]) if kind == "error" else kind)
        except (EOFError, OSError) as exc:
            raise WorkerDiedError(str(exc)) from exc
        finally:
            await self.aclose()

    async def read(self) -> bytes:
        """The whole body (for small answers: error messages, pages)."""
        return b"".join([chunk async for chunk in self.chunks()])

    async def aclose(self) -> None:
        """Give the worker back (the answer was read to its end) or kill and replace it."""
        pool, worker = self._pool, self._worker
        self._pool = self._worker = None
        if pool is not None and worker is not None:
            await pool.release(worker, healthy=self._healthy)


class WorkerPool:
    """Up to ``size`` worker processes that run :class:`Job` s with a time limit (see module
    doc). ``keep`` of them (0 or more) are started with the pool and kept ready; more are
    started when every ready one is busy (a job waits for one to be ready, not counted against
    its limit), and a worker beyond ``keep`` that stayed idle ``idle_seconds`` is stopped
    (memory: each holds Python, pyoxigraph and its own view of the store, about 60-80 MB).

    ``startup_timeout``: seconds a new worker may take to become ready; ``max_queue``: jobs that
    may wait for a worker at once; ``nice``: how much lower the workers' CPU priority is than
    the server's (``os.nice``), so that a runaway query slows the catalogue's hot path and the
    pages as little as possible. Use ``await start()``, ``await run(job, timeout)``,
    ``await close()``; ``ready`` counts the idle workers, ``replaced`` the workers killed and
    replaced, ``waiting`` the jobs in line.
    """

    def __init__(
        self,
        store_path: Path,
        size: int,
        *,
        startup_timeout: float = 120.0,
        max_queue: int = 64,
        nice: int = 3,
        keep: int = 1,
        idle_seconds: float = 60.0,
    ) -> None:
        self.store_path = store_path
        self.size = size
        self.keep = max(0, min(keep, size))
        self.idle_seconds = idle_seconds
        self._idle_since: dict[int, float] = {}
        self._starting_count = 0
        self._reaper: asyncio.Task[None] | None = None
        self.startup_timeout = startup_timeout
        self.max_queue = max_queue
        self.nice = nice
        self._context = mp.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self.replaced = 0
        self.waiting = 0
        self._closed = False

    @property
    def ready(self) -> int:
        """Workers ready and idle now."""
        return self._idle.qsize()

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_worker_main,
            args=(str(self.store_path), child, self.nice),
            daemon=True,
            name="footkg-query-worker",
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._all.add(worker)
        return worker

    async def _start_one(self, tries: int | None = None) -> None:
        """Start a worker and put it in the idle queue once it says it is ready (a worker that
        does not is killed and started again, up to ``tries`` times: then RuntimeError)."""
        self._starting_count += 1
        try:
            await self._start_until_ready(tries)
        finally:
            self._starting_count -= 1

    def _put_idle(self, worker: _Worker) -> None:
        self._idle_since[id(worker)] = time.monotonic()
        self._idle.put_nowait(worker)

    async def _start_until_ready(self, tries: int | None) -> None:
        attempt = 0
        while not self._closed:
            attempt += 1
            worker = self._spawn()
            try:
                kind, _ = await anyio.to_thread.run_sync(
                    _poll_receive, worker.conn, self.startup_timeout, abandon_on_cancel=True
                )
            except (EOFError, OSError):
                kind = "died"
            if kind == "ready" and not self._closed:
                self._put_idle(worker)
                return
            await anyio.to_thread.run_sync(self._discard, worker)
            if self._closed:
                return
            if tries is not None and attempt >= tries:
                raise RuntimeError(f"a query worker did not start ({kind}) in {attempt} tries")
            await asyncio.sleep(min(30.0, 2.0**attempt))

    def _start_in_background(self) -> None:
        task = asyncio.ensure_future(self._start_one())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def start(self) -> None:
        """Start the kept workers (at least one: it shows a worker can start here) and wait
        until every one is ready; raises :class:`footkg.errors.StoreNotBuiltError` without a
        store and RuntimeError when no worker starts."""
        store.current_build(self.store_path)
        await asyncio.gather(*(self._start_one(tries=3) for _ in range(max(1, self.keep))))
        self._reaper = asyncio.ensure_future(self._reap())

    async def _reap(self) -> None:
        """Stop workers beyond ``keep`` that stayed idle ``idle_seconds``."""
        while not self._closed:
            await asyncio.sleep(min(10.0, self.idle_seconds))
            now = time.monotonic()
            kept: list[_Worker] = []
            while not self._idle.empty():
                kept.append(self._idle.get_nowait())
            for worker in kept:
                idle = now - self._idle_since.get(id(worker), now)
                if len(self._all) > self.keep and idle >= self.idle_seconds:
                    await anyio.to_thread.run_sync(self._discard, worker)
                else:
                    self._idle.put_nowait(worker)

    def _discard(self, worker: _Worker) -> None:
        self._all.discard(worker)
        self._idle_since.pop(id(worker), None)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=10)
        worker.conn.close()

    async def release(self, worker: _Worker, *, healthy: bool) -> None:
        """Back to the idle queue after a complete answer; otherwise killed, and a replacement
        started (it joins the queue when ready)."""
        if healthy and worker.process.is_alive() and not self._closed:
            self._put_idle(worker)
            return
        await anyio.to_thread.run_sync(self._discard, worker)
        if not self._closed:
            self.replaced += 1
            if len(self._all) + self._starting_count < self.keep or self.waiting:
                self._start_in_background()

    async def _acquire(self) -> _Worker:
        if self.waiting >= self.max_queue and self._idle.empty():
            raise PoolBusyError(self.max_queue)
        if self._idle.empty() and len(self._all) + self._starting_count < self.size:
            self._start_in_background()  # every worker is busy: one more (up to size)
        self.waiting += 1
        try:
            return await self._idle.get()
        finally:
            self.waiting -= 1

    async def run(self, job: Job, timeout: float) -> Reply:
        """Run ``job`` on the next ready worker and return its :class:`Reply` once its status is
        known (the body may still be streaming).

        Raises :class:`PoolBusyError` when the queue is full, :class:`QueryTimeoutError` after
        ``timeout`` seconds of work and :class:`WorkerDiedError` if the worker crashed (both
        kill and replace the worker). Cancelling the call (the client went away) kills the
        worker if it had started.
        """
        worker = await self._acquire()
        deadline = time.monotonic() + timeout
        reply: Reply | None = None
        try:
            worker.conn.send(job)
            kind, data = await anyio.to_thread.run_sync(
                _poll_receive, worker.conn, timeout, abandon_on_cancel=True
            )
            if kind == "timeout":
                raise QueryTimeoutError(timeout)
            if kind == "value":
                reply = Reply(200, "application/x-python", value=data[1])
                await self.release(worker, healthy=True)
                return reply
            if kind != "head":
                raise WorkerDiedError(f"unexpected message {kind!r}")
            _, status, media = data
            reply = Reply(status, media, None, self, worker, deadline, _timeout=timeout)
            return reply
        except (EOFError, OSError) as exc:
            raise WorkerDiedError(str(exc) or type(exc).__name__) from exc
        finally:
            if reply is None:
                await asyncio.shield(self.release(worker, healthy=False))

    async def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        if self._reaper is not None:
            self._reaper.cancel()
        for task in list(self._starting):
            task.cancel()
        for worker in list(self._all):
            await anyio.to_thread.run_sync(self._discard, worker)
