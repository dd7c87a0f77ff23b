"""Real servers on loopback for the tests: a free port, and ``oxigraph serve`` (from the PyPI
package ``oxigraph``) started in a folder and stopped afterwards. No mocks."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

OXIGRAPH = shutil.which("oxigraph") or str(Path(sys.executable).parent / "oxigraph")
HAVE_OXIGRAPH = Path(OXIGRAPH).exists()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, seconds: float = 30) -> None:
    """Wait until ``process`` accepts connections on ``port``; raise if it exits or times out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server process exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} after {seconds} s")


@contextmanager
def oxigraph_serve(location: Path) -> Iterator[str]:
    """Run ``oxigraph serve`` (read-write, persistent in ``location``) on a free loopback port;
    yields its base URL and kills it on exit."""
    port = free_port()
    args = [OXIGRAPH, "serve", "--location", str(location), "--bind", f"127.0.0.1:{port}"]
    with _running(args, port) as url:
        yield url


@contextmanager
def _running(args: list[str], port: int) -> Iterator[str]:
    """Run ``args`` (a server that listens on ``port``); yield its URL once it listens, kill it
    on exit."""
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait(timeout=30)


@contextmanager
def recording_http_server() -> Iterator[tuple[str, list[str]]]:
    """A loopback HTTP server that answers every request with an empty SPARQL JSON result and
    records ``"METHOD path length=… chunked=…"`` of each; yields ``(base URL, records)``.
    Stands in for a host a SERVICE clause would call, or a store footkg pushes to."""
    import http.server
    import threading

    records: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _answer(self) -> None:
            length = self.headers.get("Content-Length")
            chunked = "chunked" in self.headers.get("Transfer-Encoding", "")
            records.append(f"{self.command} {self.path} length={length} chunked={chunked}")
            if length:
                self.rfile.read(int(length))
            body = b'{"head":{"vars":["s","p","o"]},"results":{"bindings":[]}}'
            self.send_response(200)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_DELETE = _answer

        def log_message(self, *args: object) -> None:
            """Quiet."""

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", records
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def oxigraph_read_only(location: Path, *, union: bool) -> Iterator[str]:
    """Run ``oxigraph serve-read-only`` on store folder ``location`` (``--union-default-graph``
    when ``union``) on a free loopback port; yields its base URL and kills it on exit."""
    port = free_port()
    args = [OXIGRAPH, "serve-read-only", "--location", str(location), "--bind",
            f"127.0.0.1:{port}"]  # fmt: skip
    if union:
        args.append("--union-default-graph")
    with _running(args, port) as url:
        yield url


@contextmanager
def footkg_server(config) -> Iterator[tuple[str, object]]:
    """Serve a :class:`footkg.serve.app.ServerConfig` with uvicorn in a thread on a free
    loopback port (as ``footkg serve`` does: the partial-request guard included); yields
    ``(base URL, the Starlette app)`` once the workers are ready, and stops it on exit."""
    import threading

    import uvicorn

    from footkg.serve import app as server

    port = free_port()
    uv_config = server.uvicorn_config(config, port=port, log_level="warning")
    uv = uvicorn.Server(uv_config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 600  # a bound, not a timing: a loaded machine is slow
    while not uv.started:
        assert thread.is_alive(), "the server thread stopped"
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", uv_config.app
    finally:
        uv.should_exit = True
        thread.join(timeout=60)


VIRTUOSO = shutil.which("virtuoso-t") or "/usr/bin/virtuoso-t"
ISQL = shutil.which("isql-vt") or "/usr/bin/isql-vt"
HAVE_VIRTUOSO = Path(VIRTUOSO).exists() and Path(ISQL).exists()
WHY_NO_VIRTUOSO = (
    "Virtuoso 7 is not installed (Debian package virtuoso-opensource; .ci/run installs it "
    "with apt-get where apt is available)"
)

_VIRTUOSO_INI = """[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql}
DisableUnixSocket = 1
NumberOfBuffers = 100000
MaxDirtyBuffers = 75000
DirsAllowed = ., {dir}
[HTTPServer]
ServerPort = 127.0.0.1:{http}
ServerRoot = {dir}
ServerThreads = 10
[SPARQL]
ResultSetMaxRows = 1000000
MaxQueryExecutionTime = 300
"""


@contextmanager
def virtuoso_serve(location: Path) -> Iterator[str]:
    """Run Virtuoso 7 (``virtuoso-t`` from Debian) with a new database in ``location`` on free
    loopback ports, its SPARQL user allowed to write through the Graph Store Protocol
    (``/sparql-graph-crud``); yields the HTTP base URL and kills it on exit."""
    sql, http = free_port(), free_port()
    ini = location / "virtuoso.ini"
    ini.write_text(_VIRTUOSO_INI.format(dir=location, sql=sql, http=http), encoding="utf-8")
    process = subprocess.Popen(
        [VIRTUOSO, "-f", "-c", str(ini)],
        cwd=location,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(http, process, seconds=180)
        wait_for(sql, process, seconds=180)
        subprocess.run(
            [ISQL, str(sql), "dba", "dba", 'exec=GRANT SPARQL_UPDATE TO "SPARQL";'],
            check=True,
            capture_output=True,
            timeout=120,
        )
        yield f"http://127.0.0.1:{http}"
    finally:
        process.kill()
        process.wait(timeout=60)
