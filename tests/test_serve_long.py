"""A long game read (issue 44, point 1), against the app called in process: worked out once, in a worker
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
from .serving import AUTH, Served
from .test_serve import TEXT

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

DEALS = 1500


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, int]]:
    text = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "generate", "--deals",
                           str(DEALS), "--seed", "5"], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}).stdout
    server = Served(tmp_path_factory.mktemp("long") / "club.sqlite")
    with server.client() as client:
        r = client.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT})
    assert r.status_code == 201
    yield server, r.json()["ids"][0]
    server.stop()


def patiently(server: Served, path: str) -> httpx.Response:
    """GET ``path`` as a browser would: «a moment» answered at once, then again a second later."""
    for _ in range(120):
        started = time.monotonic()
        with server.client() as client:
            r = client.get(path)
        assert time.monotonic() - started < 5  # never held long: told to come back instead
        if "http-equiv=\"refresh\"" not in r.text and r.status_code != 503:
            return r
        assert "a moment" in r.text
        time.sleep(1)
    raise AssertionError(f"{path} was never worked out")


def test_a_long_game_is_read_a_page_at_a_time(long_game: tuple[Served, int]) -> None:
    server, game = long_game
    client = server.client()
    page = patiently(server, f"/games/{game}")
    assert page.status_code == 200
    numbers = [int(n) for n in re.findall(r'<li id="deal-(\d+)"', page.text)]
    assert numbers == list(range(DEALS, DEALS - 50, -1))  # the newest 50, the last first
    pages = -(-DEALS // 50)
    assert f"page 1 of {pages}" in page.text and "?deals=2" in page.text and f"?deals={pages}\">the first deals" in page.text
    assert '<dl class="records">' not in page.text  # every running record of 1,500 deals: the pulka's own page
    assert 'class="svg totals"' in page.text and 'class="svg full"' not in page.text  # the full drawing: its own page
    assert len(page.content) < 400_000
    last = client.get(f"/games/{game}?deals={pages}")
    numbers = [int(n) for n in re.findall(r'<li id="deal-(\d+)"', last.text)]
    assert numbers == list(range(DEALS - 50 * (pages - 1), 0, -1)) and f"page {pages} of {pages}" in last.text
    assert client.get(f"/games/{game}?deals=999").text.count('<li id="deal-') == 50
    for path in (f"/games/{game}/deals/{DEALS}", f"/games/{game}/pulka", f"/api/games/{game}"):
        r = client.get(path)
        assert r.status_code == 200, path
    assert r.json()["settlement"]["deals"] == DEALS


def test_readers_of_a_long_game_leave_the_loop_free(long_game: tuple[Served, int]) -> None:
    """Twenty readers of its page at once while a small request is timed: it is never held behind them
    (a replay on the event loop, or once per reader, held every other request for seconds)."""
    import concurrent.futures

    server, game = long_game
    patiently(server, f"/games/{game}")

    def read(_n: int) -> int:
        with server.client() as reader:
            return reader.get(f"/games/{game}").status_code

    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        readers = [pool.submit(read, n) for n in range(60)]
        slowest = 0.0
        for _ in range(10):
            started = time.monotonic()
            with server.client() as asker:
                assert asker.get("/healthz").status_code == 200
            slowest = max(slowest, time.monotonic() - started)
        assert all(f.result() == 200 for f in readers)
    assert slowest < 5, slowest  # a bound no loaded machine misses, and a held loop cannot meet
