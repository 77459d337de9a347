"""A real ``preflog serve`` for the server's tests: started as its own process on a free port of the
loopback, with a known scorer's token, and stopped (or killed) by the test."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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


@contextlib.contextmanager
def running(db: Path, **options: Any) -> Iterator[Server]:
    """A :class:`Server` of ``db`` for the block, stopped after it."""
    server = Server(db, **options)
    try:
        yield server
    finally:
        server.stop()
