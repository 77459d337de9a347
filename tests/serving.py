"""The server for its tests, with a known scorer's token: the app itself, called in this process
(:class:`Served`, what most tests use), or a real ``preflog serve`` started as its own process on a free
port of the loopback and stopped (or killed) by the test (:class:`Server`, for what needs one: ``kill
-9``, the command's own words, the connection guard, a browser)."""

from __future__ import annotations

import contextlib
import functools
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from .conftest import ROOT

TOKEN = "test-token-0123456789abcdef0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def _open_files(limit: int) -> None:
    """The server's open-file limit (a small one, as some machines have)."""
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


class Server:
    """``preflog serve --db DB --port 0`` running; ``url`` where it listens."""

    def __init__(self, db: Path, *, token: str | None = TOKEN, lang: str = "en", extra: tuple[str, ...] = (),
                 logs: Path | None = None, files: int | None = None) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
        env["PYTHONPATH"] = str(ROOT)
        env["PREFLOG_LANG"] = lang
        if token is not None:
            env["PREFLOG_TOKEN"] = token
        self.db = db
        # what the server prints goes to files, never to a pipe nobody drains (a full pipe would stop it)
        folder = logs or db.parent  # beside the archive, unless its disk is the test's (full, read-only)
        self.out_path, self.err_path = folder / (db.name + ".out"), folder / (db.name + ".err")
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen([sys.executable, "-c", "from preflog.cli import main; main()", "serve",
                                             "--db", str(db), "--port", "0", *extra], cwd=str(db.parent), env=env,
                                            stdout=out, stderr=err, text=True,
                                            preexec_fn=None if files is None else lambda: _open_files(files))
        self.url = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not self.url:
            found = re.search(r"(http://[0-9.]+:[0-9]+)/", self.said)
            if found:
                self.url = found.group(1)
            elif self.process.poll() is not None:
                raise RuntimeError("the server ended: " + self.log)
            else:
                time.sleep(0.02)
        for _ in range(100):
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)

    @property
    def said(self) -> str:
        """What the server printed on its standard output so far."""
        return self.out_path.read_text(errors="replace")

    @property
    def log(self) -> str:
        """What the server wrote on its standard error so far (warnings, tracebacks)."""
        return self.err_path.read_text(errors="replace")

    def kill(self) -> None:
        """``kill -9``: no cleanup of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@functools.cache
def _test_client() -> Any:
    """Starlette's test client (which would have httpx2; httpx serves it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient


@functools.cache
def _client() -> Any:
    """A test client that is a client alone: entered, it runs no lifespan of its own (the app's ran once,
    in its loop, which the client's ``portal`` names)."""

    class Client(_test_client()):  # type: ignore[misc]
        def __enter__(self) -> Client:
            return self

        def __exit__(self, *exc: object) -> None:
            self.close()
    return Client


#: Where the app called in process is (Starlette's test client's host: no socket is opened).
IN_PROCESS = "http://testserver"


class Served:
    """The app ``create_app`` makes of the archive ``db``, called in this process: one event loop (an
    anyio portal's thread) runs its lifespan (the deriver, the archive's news heard by the streams) and
    every request, as uvicorn's does; each :meth:`client` sends its requests into that loop through
    Starlette's test transport (bodies, streams and the app's middleware as over a socket). ``url``,
    ``db`` and :meth:`stop` as a :class:`Server`'s; its lessons made over ``lesson_samples`` layouts a card
    (0, as the tests of other parts want: none made, no solver's work beside them)."""

    def __init__(self, db: Path, *, token: str = TOKEN, lesson_samples: int = 0) -> None:
        from preflog.serve.access import scorer_token
        from preflog.serve.app import create_app
        from preflog.serve.archive import Archive

        self.db, self.url = db, IN_PROCESS
        self.archive = Archive(db)
        digest = scorer_token(self.archive, environ={"PREFLOG_TOKEN": token}).digest
        self.app = create_app(self.archive, digest, lesson_samples=lesson_samples)
        self._stack = ExitStack()
        self._stack.callback(self.archive.close)
        self._loop = self._stack.enter_context(_test_client()(self.app, base_url=self.url))  # runs the lifespan

    def client(self, *, headers: dict[str, str] | None = None, cookies: dict[str, str] | None = None,
               follow_redirects: bool = False, timeout: float | None = None,
               raise_server_exceptions: bool = False) -> httpx.Client:
        """A client of the app, as ``httpx.Client(base_url=url)`` is of a server: its own cookies, no
        redirect followed unless asked (``timeout``: taken, as httpx's, and not needed). With
        ``raise_server_exceptions``, a fault of the app's own (which uvicorn would log with its traceback)
        is raised in the test after its 500 is sent, not answered as a 500 alone."""
        client = _client()(self.app, base_url=self.url, raise_server_exceptions=raise_server_exceptions,
                           headers=headers, cookies=cookies, follow_redirects=follow_redirects)
        client.portal = self._loop.portal  # the app's one loop, where its lifespan ran
        return client

    def stop(self) -> None:
        """The lifespan ended (the deriver stopped, the streams told), the archive closed."""
        self._stack.close()


@contextlib.contextmanager
def served(db: Path, **options: Any) -> Iterator[Served]:
    """A :class:`Served` app of ``db`` for the block, stopped after it."""
    app = Served(db, **options)
    try:
        yield app
    finally:
        app.stop()


def copied(db: Path, to: Path) -> Path:
    """A copy of the archive ``db`` at ``to`` (SQLite's backup: whole, whatever its journal holds), for
    a real server of its own beside an app called in process: two servers never share one file."""
    with contextlib.closing(sqlite3.connect(db)) as source, contextlib.closing(sqlite3.connect(to)) as copy:
        source.backup(copy)
    to.chmod(db.stat().st_mode & 0o777)
    return to


@contextlib.contextmanager
def running(db: Path, **options: Any) -> Iterator[Server]:
    """A :class:`Server` of ``db`` for the block, stopped after it."""
    server = Server(db, **options)
    try:
        yield server
    finally:
        server.stop()
