"""The phone app built into a folder for the tests, and served from it: Pyodide from the npm package
.ci/run installs (the tests that need it skip, saying so, where it is not there)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

PYODIDE = ROOT / ".ci" / "webapp" / "node_modules" / "pyodide"
#: A stand-in for the pad's Python, only in the tests' builds: it echoes, and knows no other call.
API = b'''"""A test's stand-in for preflog.webapp.api."""
import json


def call(name, payload):
    if name != "echo":
        raise LookupError(f"no call named {name}")
    from preflog.i18n import current_language
    return json.dumps({"payload": json.loads(payload), "lang": current_language()})
'''


def needs_pyodide() -> None:
    """Skip the test, with the way to fix it, where Pyodide's npm package is missing."""
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.skip(f"no Pyodide at {PYODIDE}: npm ci --prefix .ci/webapp (as .ci/run does)")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on a free port of 127.0.0.1: its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
