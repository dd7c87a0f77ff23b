"""Partial requests timed out: a client that opens a connection and sends a request's headers a
byte at a time (slowloris) holds a connection open for as long as it likes in uvicorn, whose only
timer is the keep-alive one between requests.

:func:`guarded_protocol` returns uvicorn's HTTP protocol class (httptools when installed, else
h11) with one more timer: from a connection's first byte, and from each new request's first
byte, the request's headers must be complete within ``header_timeout`` seconds, or the
connection is closed. (The body has its own limit, in the app: ``ServerConfig.body_timeout``.)
"""

from __future__ import annotations

import asyncio
from typing import Any


def _base_protocol() -> type[asyncio.Protocol]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    except ImportError:  # httptools is optional
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol


def guarded_protocol(header_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol with a ``header_timeout`` (seconds) on incomplete headers."""
    base: Any = _base_protocol()

    class HeaderTimeoutProtocol(base):  # type: ignore[misc, valid-type]
        """uvicorn's protocol, closing connections whose headers do not arrive in time."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._header_timer: asyncio.TimerHandle | None = None
            self._armed_for: object = None
            super().connection_made(transport)
            self._arm()

        def _between_requests(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _arm(self) -> None:
            if self._header_timer is None:
                self._armed_for = self.cycle
                self._header_timer = self.loop.call_later(header_timeout, self._expire)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _expire(self) -> None:
            self._header_timer = None
            if self.cycle is self._armed_for and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._between_requests():
                self._arm()
            super().data_received(data)
            if self.cycle is not self._armed_for:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeoutProtocol
