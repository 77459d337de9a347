"""The club server's statistics (``/stats``, ``/api/stats``, ``/api/stats.csv``): the report of
``preflog stats --db`` for the archive it serves, kept per game and made again for a game that changes
(the app called in process, tests/serving.py); the page in a real browser at a phone's width, within the
server's Content-Security-Policy (a real ``preflog serve`` of a copy of the archive)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest

from .serving import AUTH, Served, copied, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser

HERE = Path(__file__).parent / "stats"
GAMES = [HERE / "hand-a.pref", HERE / "hand-b.pref", HERE / "broken-c.pref"]
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preflog.cli", *args], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The archive the command made of :data:`GAMES`, as no server has changed it yet."""
    db = tmp_path_factory.mktemp("stats") / "club.sqlite"
    assert cli("serve", "--db", str(db), "--import", *map(str, GAMES)).returncode == 0
    return db


@pytest.fixture(scope="module")
def server(imported: Path) -> Iterator[Served]:
    s = Served(imported)
    yield s
    s.stop()


@pytest.fixture()
def client(server: Served) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


def test_imported_games_bring_their_statistics(server: Served) -> None:
    """The import's one replay of each game also makes its statistics: none is made again when asked for."""
    import sqlite3

    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        kept = db.execute("SELECT game, revision FROM game_stats ORDER BY game").fetchall()
    assert kept == [(1, 1), (2, 1), (3, 1)]


def test_the_server_reports_what_the_command_reports(server: Served, client: httpx.Client) -> None:
    for query, args in (("", ()), ("?player=Gleb", ("--player", "Gleb")), ("?since=2026-12", ("--since", "2026-12")),
                        ("?rules=sochi&until=2026-11", ("--rules", "sochi", "--until", "2026-11"))):
        served = client.get("/api/stats" + query).json()
        done = cli("stats", "--db", str(server.db), "--format", "json", *args)
        assert served == json.loads(done.stdout), query
    whole = client.get("/api/stats").json()
    assert (whole["games"], whole["rejected"]) == (2, {"games": 1, "deals": 2})
    assert whole["players"]["Vera"]["settlement"] == -62  # worked by hand in tests/test_stats.py


def test_csv_and_bad_filters(client: httpx.Client) -> None:
    r = client.get("/api/stats.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.text.startswith("\ufeffsplit,period,player,")
    bad = client.get("/api/stats?since=yesterday")
    assert bad.status_code == 400 and "is not a date" in bad.json()["errors"][0]["message"]
    assert client.get("/stats?since=yesterday").status_code == 400


def test_a_recorded_deal_changes_the_report(client: httpx.Client) -> None:
    """Code 4.2.1: Gleb's six made writes 2 to his pool; the figures are made again for that game only."""
    before = client.get("/api/stats").json()["players"]["Gleb"]
    assert client.post("/api/games/2/deals", content=b"Anna 6h pp", headers={**AUTH, **TEXT}).status_code == 201
    after = client.get("/api/stats").json()
    assert after["deals"] == 6 and after["players"]["Anna"]["made"]["6"] == 1
    assert before["deals"] == 2 and after["players"]["Gleb"]["deals"] == 3
    assert sum(Fraction(str(p["settlement"])) for p in after["players"].values()) == 0


def test_the_page_in_both_languages(client: httpx.Client) -> None:
    en = client.get("/stats", headers={"Accept-Language": "en"})
    ru = client.get("/stats", headers={"Accept-Language": "ru"})
    assert en.status_code == ru.status_code == 200
    assert "<svg" in en.text and "Settlement" in en.text and "Расчёт" in ru.text and "Распасы" in ru.text
    assert 'href="/stats"' in client.get("/").text


def test_the_page_on_a_phone_keeps_its_policy(imported: Path, browser: Any, tmp_path: Path) -> None:
    with running(copied(imported, tmp_path / "club.sqlite")) as server:  # a browser needs a real server
        context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
        page.goto(server.url + "/stats")
        assert page.locator("svg").count() >= 2 and page.locator("table").count() >= 5
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.evaluate("getComputedStyle(document.querySelector('td')).paddingLeft") != "0px"  # its style applied
        page.select_option("select[name=rules]", "sochi")
        page.fill("input[name=player]", "Vera")
        page.click("button[type=submit]")
        page.wait_for_url("**/stats?*player=Vera*")
        assert page.locator("table").first.locator("tbody tr").count() == 1
        assert problems == []
        context.close()
