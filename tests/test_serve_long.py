"""A long game read (issue 44, point 1), against a real ``preflog serve``: worked out once, in a worker
thread, for every reader after; a reader that comes while it is worked out is told so at once and comes
back by itself; the game's page holds its newest 50 deals and pages to the older ones, with the pulka's
totals (the full drawing is a page of its own); each read costs a bounded amount, and the event loop
stays free for the others meanwhile."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from .conftest import ROOT
from .serving import AUTH, Server
from .test_serve import TEXT

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

DEALS = 1500


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, int]]:
    text = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "generate", "--deals",
                           str(DEALS), "--seed", "5"], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}).stdout
    server = Server(tmp_path_factory.mktemp("long") / "club.sqlite")
    r = httpx.post(server.url + "/api/games", content=text.encode(), headers={**AUTH, **TEXT}, timeout=120)
    assert r.status_code == 201
    yield server, r.json()["ids"][0]
    server.stop()


def patiently(url: str) -> httpx.Response:
    """GET ``url`` as a browser would: «a moment» answered at once, then again a second later."""
    for _ in range(120):
        started = time.monotonic()
        r = httpx.get(url, timeout=30)
        assert time.monotonic() - started < 5  # never held long: told to come back instead
        if "http-equiv=\"refresh\"" not in r.text and r.status_code != 503:
            return r
        assert "a moment" in r.text
        time.sleep(1)
    raise AssertionError(f"{url} was never worked out")


def test_a_long_game_is_read_a_page_at_a_time(long_game: tuple[Server, int]) -> None:
    server, game = long_game
    page = patiently(f"{server.url}/games/{game}")
    assert page.status_code == 200
    numbers = [int(n) for n in re.findall(r'<li id="deal-(\d+)"', page.text)]
    assert numbers == list(range(DEALS, DEALS - 50, -1))  # the newest 50, the last first
    pages = -(-DEALS // 50)
    assert f"page 1 of {pages}" in page.text and "?deals=2" in page.text and f"?deals={pages}\">the first deals" in page.text
    assert '<dl class="records">' not in page.text  # every running record of 1,500 deals: the pulka's own page
    assert 'class="svg totals"' in page.text and 'class="svg full"' not in page.text  # the full drawing: its own page
    assert len(page.content) < 400_000
    last = httpx.get(f"{server.url}/games/{game}?deals={pages}", timeout=30)
    numbers = [int(n) for n in re.findall(r'<li id="deal-(\d+)"', last.text)]
    assert numbers == list(range(DEALS - 50 * (pages - 1), 0, -1)) and f"page {pages} of {pages}" in last.text
    assert httpx.get(f"{server.url}/games/{game}?deals=999", timeout=30).text.count('<li id="deal-') == 50
    for path in (f"/games/{game}/deals/{DEALS}", f"/games/{game}/pulka", f"/api/games/{game}"):
        r = httpx.get(server.url + path, timeout=30)
        assert r.status_code == 200, path
    assert r.json()["settlement"]["deals"] == DEALS


def test_readers_of_a_long_game_leave_the_loop_free(long_game: tuple[Server, int]) -> None:
    """Twenty readers of its page at once while a small request is timed: it is never held behind them
    (a replay on the event loop, or once per reader, held every other request for seconds)."""
    import concurrent.futures

    server, game = long_game
    patiently(f"{server.url}/games/{game}")

    def read(_n: int) -> int:
        return httpx.get(f"{server.url}/games/{game}", timeout=60).status_code

    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        readers = [pool.submit(read, n) for n in range(60)]
        slowest = 0.0
        for _ in range(10):
            started = time.monotonic()
            assert httpx.get(server.url + "/healthz", timeout=30).status_code == 200
            slowest = max(slowest, time.monotonic() - started)
        assert all(f.result() == 200 for f in readers)
    assert slowest < 5, slowest  # a bound no loaded machine misses, and a held loop cannot meet
