from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# what the verbs keep between runs (preflog.cache) goes to a folder of the test run's, never the user's
os.environ["PREFLOG_CACHE"] = tempfile.mkdtemp(prefix="preflog-test-cache-")

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.pref"))

HEAD = '[Players "Anna Boris Vera"]\n\n'


@pytest.fixture(params=SAMPLES, ids=lambda p: p.name)
def sample(request: pytest.FixtureRequest) -> Path:
    return request.param


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> object:
    """Every test starts in English, whatever the machine's locale, and leaves no language behind
    (``--lang`` run in this process sets the process's language and click's ``LANGUAGE``)."""
    import preflog

    for name in ("PREFLOG_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    preflog.set_language(None)
    yield
    preflog.set_language(None)


@pytest.fixture(autouse=True)
def _no_colour_left_behind() -> object:
    """``--color`` run in this process chooses colour for the process: a test leaves no choice behind
    (a later test's errors, printed in the same worker, would be in colour)."""
    yield
    from preflog.cli import terminal

    terminal.COLOUR_CHOSEN = None
    terminal.COLOUR = False
