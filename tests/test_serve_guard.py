"""Connections bounded (issue 44, point 3), against a real ``preflog serve`` on 127.0.0.1: request
heads left unfinished are closed after a few seconds while others are served; past the connections the
open-file limit leaves room for, a connection is answered 503 at once, in both languages; each kind of
refusal is one line in the log, never a traceback per connection."""

from __future__ import annotations

import contextlib
import socket
import time
from pathlib import Path

import httpx
import pytest

from .serving import Server, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.guard import HEAD_SECONDS, SPARE_FILES  # noqa: E402


def opened(server: Server, n: int, closing: contextlib.ExitStack, head: bytes = b"") -> list[socket.socket]:
    """``n`` connections to the server (sending ``head``), closed when ``closing`` ends."""
    host, port = server.url.removeprefix("http://").split(":")
    out = []
    for _ in range(n):
        s = closing.enter_context(socket.create_connection((host, int(port)), timeout=10))
        if head:
            s.sendall(head)
        out.append(s)
    return out


def closed_by_server(s: socket.socket, deadline: float) -> bool:
    """Whether the server closed ``s`` before ``deadline`` (a monotonic time; what it sent first, if
    anything, read away): a loaded machine's timer may fire late, not never."""
    try:
        while True:
            s.settimeout(max(0.05, deadline - time.monotonic()))
            if not s.recv(65536):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_unfinished_heads_are_closed_while_others_are_served(tmp_path: Path) -> None:
    with running(tmp_path / "club.sqlite") as server, contextlib.ExitStack() as closing:
        slow = opened(server, 60, closing, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
        assert httpx.get(server.url + "/healthz", timeout=5).status_code == 200  # served meanwhile
        time.sleep(HEAD_SECONDS)
        deadline = time.monotonic() + 15
        assert all(closed_by_server(s, deadline) for s in slow)
        assert httpx.get(server.url + "/healthz", timeout=5).status_code == 200
        idle = opened(server, 5, closing)  # opened and silent: the same
        time.sleep(HEAD_SECONDS)
        deadline = time.monotonic() + 15
        assert all(closed_by_server(s, deadline) for s in idle)
        log = server.log
        assert "Traceback" not in log and log.count("not sent whole") == 1, log


def test_past_the_open_file_limit_a_connection_is_told_to_come_back(tmp_path: Path) -> None:
    files = 256  # a machine's small limit: room for 96 connections
    with running(tmp_path / "club.sqlite", files=files) as server:
        with contextlib.ExitStack() as closing:
            held = opened(server, files - SPARE_FILES + 40, closing)
            time.sleep(0.5)
            refused = 0
            deadline = time.monotonic() + 20
            for s in held[-40:]:
                s.settimeout(max(0.05, deadline - time.monotonic()))
                try:
                    answer = s.recv(4096)
                except TimeoutError:
                    continue
                if answer.startswith(b"HTTP/1.1 503"):
                    refused += 1
                    assert "try again in a few seconds" in answer.decode() and "попробуйте через" in answer.decode()
            assert refused >= 35
        time.sleep(0.5)  # all of them closed
        assert httpx.get(server.url + "/healthz", timeout=5).status_code == 200  # room again
        log = server.log
        assert "Traceback" not in log and log.count("too many connections") == 1, log


def test_the_connections_served_send_without_waiting_for_an_ack() -> None:
    """Nagle's algorithm is off on every connection the server accepts: an answer goes out in two writes
    (its head, its body), and on a listening socket of protocol 0 (asyncio turns Nagle off for TCP sockets
    only) the body waited up to 40 ms for the asker's delayed ACK: /healthz took 43 ms, not 1."""
    import asyncio  # noqa: PLC0415

    from preflog.cli.serve import listening  # noqa: PLC0415

    async def accepted() -> int:
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Seen(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        sock = listening("127.0.0.1", 0)
        server = await asyncio.get_running_loop().create_server(Seen, sock=sock)
        try:
            _reader, writer = await asyncio.open_connection("127.0.0.1", sock.getsockname()[1])
            writer.close()
            return await asyncio.wait_for(found, 10)
        finally:
            server.close()
    assert asyncio.run(accepted()) != 0
