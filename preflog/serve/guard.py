"""The server's connections, bounded (what uvicorn does not bound itself): a connection that has not
sent a whole request head within :data:`HEAD_SECONDS` of opening, or of its last answer, is closed (a
slow-headers attack held 300 of them open for a minute); at most :func:`connection_limit` connections
are open at once, below the open-file limit, and one more is answered ``503`` at once and closed; the
event loop's and uvicorn's complaints (a refused ``accept``, a bad request) are one log line a minute
of each kind, not a traceback per event. Bodies are the app's to bound (``app.Limits``); a reverse
proxy in front adds its own timeouts (docs/deploy.md)."""

from __future__ import annotations

import asyncio
import logging
import resource
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from ..i18n import LANGUAGES, _, using_language
from .logbook import FAULTS

HEAD_SECONDS = 5.0
#: the open files the server keeps for itself besides its connections: the archive, its readers, its log
SPARE_FILES = 160

def busy_answer() -> bytes:
    """The answer to a connection over the limit, in every language the server speaks (its request,
    and so its language, is not read)."""
    said = []
    for lang in LANGUAGES:
        with using_language(lang):
            said.append(_("too many connections at once: try again in a few seconds"))
    body = ("\n".join(said) + "\n").encode()
    head = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n" % len(body))
    return head + body


def connection_limit() -> int:
    """As many connections as the open-file limit leaves room for (raised to its hard limit first)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, min(soft - SPARE_FILES, 4096))


class Guarded(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request's head and a limit on connections."""

    limit = 1024

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limit:
            FAULTS.said("connections", _("too many connections at once (over {n}): refused with 503").format(
                n=self.limit))
            transport.write(busy_answer())
            transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # a new request begins: its head has its seconds too
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle and self._deadline is not None:  # its head came whole
            self._deadline.cancel()
            self._deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(HEAD_SECONDS, self._late)

    def _late(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            FAULTS.said("slow", _("a request's head not sent whole within {n} s: its connection closed").format(
                n=f"{HEAD_SECONDS:g}"))
            self.transport.close()


class OncePerMinute(logging.Filter):
    """uvicorn's and the event loop's complaints through the logbook: each kind once a minute."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        said = record.getMessage()
        FAULTS.said(str(record.msg)[:60], said.splitlines()[0] if said else str(record.msg))
        return False


def quiet_loop(loop: asyncio.AbstractEventLoop) -> None:
    """The loop's own complaints (``socket.accept() out of system resource``, with a traceback each
    second while the files last) as logbook lines."""
    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message, error = str(context.get("message", "")), context.get("exception")
        FAULTS.said("loop: " + message[:60], message + (f" ({error})" if error else ""))
    loop.set_exception_handler(handler)


__all__ = ["Guarded", "HEAD_SECONDS", "OncePerMinute", "connection_limit", "quiet_loop"]
