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
    process = subprocess.Popen(
        [OXIGRAPH, "serve", "--location", str(location), "--bind", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.kill()
        process.wait(timeout=30)
