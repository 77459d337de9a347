"""Events on the club server, as a club runs them (issue 45, item 4): the director takes in the event
file, every table's game is opened for its scorer, three tables record at once while the director's page
and a player's watch the standings arrive live in Chromium at a phone's 360x640; the next tour is drawn
from the page; the boards to print are the director's alone; hostile event files get clear answers. The
browser's test has a real ``preflog serve`` of its own (of a copy of the archive the command made); the
others call the app in process (tests/serving.py)."""

from __future__ import annotations

import html
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from preflog.event.boards import deal_boards, dump_boards
from preflog.event.director import new_event
from preflog.event.plan import Kind, TieBreak, dumps_plan

from .conftest import ROOT
from .serving import AUTH, TOKEN, Served, Server, copied, running
from .test_event import NINE, made_7_and_6, remiz, three_sixes

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser, serious  # noqa: E402, F401 - the fixture, and the skip where there is no browser

pytest.importorskip("axe_playwright_python.sync_playwright",
                    reason="axe-playwright-python is not installed (pip install -e '.[test]')")

PHONE = {"width": 360, "height": 640}
LIVE = 10_000  # ms a change may take to reach a watcher on a loaded machine


def deals_of(text: str) -> list[str]:
    """The deals of a pattern (test_event's), each as the scorer types it: its statements, no header."""
    return ["\n".join(part.split("\n")[1:]).strip() for part in text.strip().split("\n\n")]


def take_in(db: Path, *files: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PREFLOG_LANG": "en"}
    return subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", "--db", str(db),
                           *[a for f in files for a in ("--event", str(f))]], capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def club_files(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The archive ``serve --event`` made of two events' files (no server has changed it yet), the Swiss
    event's plan, and the folder of the director's files."""
    folder = tmp_path_factory.mktemp("events")
    swiss = new_event("Friday", NINE, tours=2, pool=10, deals=3, seed="club", tiebreaks=[TieBreak.REMIZES])
    duo = new_event("Duo", NINE[:6], tours=2, kind=Kind.DUPLICATE, boards=4, seed="duo")
    (folder / "friday.json").write_text(dumps_plan(swiss))
    (folder / "duo.json").write_text(dumps_plan(duo))
    db = folder / "club.sqlite"
    done = take_in(db, folder / "friday.json", folder / "duo.json")
    assert done.returncode == 0, done.stderr
    assert "event 1, /events/1; 3 games of its tables" in done.stdout
    assert "event 2, /events/2; 8 games of its tables" in done.stdout
    return db, swiss, folder


@pytest.fixture(scope="module")
def club(club_files: Any) -> Iterator[Any]:
    """The app of the archive with the two events, called in process."""
    db, swiss, folder = club_files
    s = Served(db)
    yield s, swiss, folder
    s.stop()


@pytest.fixture(scope="module")
def live_club(club_files: Any) -> Iterator[Any]:
    """A real ``preflog serve``, for the browser, of a copy of the archive with the two events."""
    db, swiss, folder = club_files
    with running(copied(db, folder / "live.sqlite")) as s:
        yield s, swiss, folder


def tables_of(server: Server | Served, event: int) -> dict[tuple[int, int, int | None], tuple[int, list[str]]]:
    """(tour, table, board) → the game's id and its players as the server opened it (read as the scorer: a
    board's game is his alone until the board is played at every table)."""
    out = {}
    with server.client() if isinstance(server, Served) else httpx.Client(base_url=server.url, timeout=30) as c:
        doc = c.get(f"/api/events/{event}").json()
        for t in doc["tables"]:
            for g in t["games"]:
                players = c.get(f"/api/games/{g['game']}", headers=AUTH).json()["game"]["tags"]["Players"].split()
                out[(t["tour"], t["table"], g["board"])] = (g["game"], players)
    return out


def test_three_tables_record_at_once_while_the_director_and_a_player_watch(live_club: Any, browser: Any) -> None:
    server, plan, _folder = live_club
    tables = {t.number: t.players for t in plan.drawn[0].tables}  # _folder: where the director's files are
    games = tables_of(server, 1)
    assert sorted(k[:2] for k in games) == [(1, 1), (1, 2), (1, 3)]
    for (_tour, number, board), (_game, players) in games.items():
        assert tuple(players) == tables[number] and board is None
    director = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True)
    player = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    problems: list[str] = []
    try:
        watch = player.new_page()
        watch.on("pageerror", lambda e: problems.append(str(e)))
        watch.goto(f"{server.url}/events/1")
        page = director.new_page()
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{server.url}/login")
        page.fill("#token", TOKEN)
        page.click("form.stack button[type=submit]")
        page.goto(f"{server.url}/events/1")
        page.wait_for_selector("#status:has-text('на связи')", timeout=LIVE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the three tables play their three deals at once, each from its own thread (its own phone)
        patterns = {1: made_7_and_6, 2: three_sixes, 3: remiz}
        failures: list[str] = []

        def table(number: int) -> None:
            a, b, c = tables[number]
            game = games[(1, number, None)][0]
            text = patterns[number](a, b, c) if number != 3 else remiz(a, b, c, tables[number])
            for deal in deals_of(text):
                r = httpx.post(f"{server.url}/api/games/{game}/deals", content=deal.encode(), headers=AUTH)
                if r.status_code != 201:
                    failures.append(f"table {number}: {r.status_code} {r.text}")

        threads = [threading.Thread(target=table, args=(n,)) for n in (1, 2, 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not failures, failures
        # nothing lost: every table has its three deals, and the standings are the hand-worked ones
        for n in (1, 2, 3):
            assert len(httpx.get(f"{server.url}/api/games/{games[(1, n, None)][0]}").json()["game"]["deals"]) == 3
        doc = httpx.get(f"{server.url}/api/events/1").json()
        whists = {line["player"]: line["whists"] for line in doc["standings"]}
        a, b, c = tables[1]
        x, y, z = tables[3]
        assert (whists[a], whists[b], whists[c]) == (20, 0, -20)          # made_7_and_6
        assert all(whists[p] == 0 for p in tables[2])                     # three_sixes
        assert (whists[x], whists[y], whists[z]) == (-54, 12, 42)         # remiz: x fails, y whists, z passes
        # both watchers see the last figures arrive by themselves, in their languages
        best = max(whists, key=lambda p: whists[p])
        page.wait_for_selector(f"ol.standings li:first-child:has-text('{best}'):has-text('+42')", timeout=LIVE)
        watch.wait_for_selector("ol.standings li:first-child:has-text('+42')", timeout=LIVE)
        assert "сдач: 3 из 3" in page.inner_text("#event-live")
        assert "3 of 3 deals" in watch.inner_text("#event-live")
        # the director draws tour 2 from the page: Swiss, nobody meeting again
        page.click("text=Рассадить тур 2")
        page.wait_for_selector("h2:has-text('Тур 2')", timeout=LIVE)
        watch.wait_for_selector("h2:has-text('Tour 2')", timeout=LIVE)
        doc = httpx.get(f"{server.url}/api/events/1").json()
        second = [set(t["players"]) for t in doc["event"]["drawn"][1]["tables"]]
        first = [set(t) for t in tables.values()]
        assert all(len(s & f) <= 1 for s in second for f in first)
        assert len(tables_of(server, 1)) == 6
        # a table whose tour is over takes no deal more (it would leave the standings as drawn from)
        more = httpx.post(f"{server.url}/api/games/{games[(1, 1, None)][0]}/deals",
                          content=b"bids pass pass pass\nresult 4 3 3", headers=AUTH)
        assert more.status_code == 422 and "tour is over" in more.text
        # the event file taken in again, as it was before the draw, is refused: it would undo tour 2
        stale = dumps_plan(plan).encode()
        again = httpx.post(f"{server.url}/events", files={"file": ("friday.json", stale)}, headers=AUTH)
        assert again.status_code == 422 and "kept already, with 2 tours drawn" in again.text
        assert len(httpx.get(f"{server.url}/api/events/1").json()["event"]["drawn"]) == 2
        # the director's file knows tour 1 only; with the server's archive the standings know the draw since
        done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "--lang", "en", "event",
                               "standings", str(_folder / "friday.json"), "--db", str(server.db), "--format", "json"],
                              capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        assert len(json.loads(done.stdout)["event"]["drawn"]) == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        sizes = page.evaluate("""() => [...document.querySelectorAll('#event-live *')].filter(
            el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(el => parseFloat(getComputedStyle(el).fontSize))""")
        assert min(sizes) >= 12
        assert not serious(page)
        assert not problems, problems
    finally:
        director.close()
        player.close()


def test_a_duplicate_event_s_boards_and_boxes(club: Any) -> None:
    server, _plan, _folder = club
    games = tables_of(server, 2)
    assert len(games) == 8  # 2 tables × 2 boards a tour, 2 tours
    with server.client() as c:
        for (tour, _table, board), (game, _players) in games.items():
            text = c.get(f"/api/games/{game}.pref", headers=AUTH).text
            assert f'[Board "{board}"]' in text and f'[Round "{tour}"]' in text
            assert c.get(f"/api/games/{game}.pref").status_code == 403  # a watcher: not yet
        # the boards to print are the director's: a player is sent to log in, the scorer gets an A4 sheet a board
        r = c.get("/events/2/boards")
        assert r.status_code == 303 and r.headers["location"].startswith("/login")
    with server.client() as director:
        login = director.get("/login")
        csrf = login.cookies.get("preflog_csrf") or director.cookies.get("preflog_csrf")
        form = director.post("/login", data={"token": TOKEN, "next": "/events/2/boards", "csrf": csrf})
        assert form.status_code in (200, 303)
        page = director.get("/events/2/boards")
        assert page.status_code == 200 and page.text.count('class="board"') == 4
        assert "style-src 'sha256-" in page.headers["content-security-policy"]
    # a board played at one table: the traveller waits for the other
    (game, players) = games[(1, 1, 1)]
    with server.client() as c:
        r = c.post(f"/api/games/{game}/deals", headers=AUTH,
                   content=f"contract {players[0]}: 6s\nwhist pass pass".encode())
        assert r.status_code == 201, r.text
        doc = c.get("/api/events/2").json()
    assert [t["board"] for t in doc["travellers"]] == [1] and len(doc["travellers"][0]["rows"]) == 1
    assert doc["problems"] == 0


def _changed(name: str, change: Any) -> bytes:
    """A duplicate event's file named ``name``, changed by ``change`` (its JSON data)."""
    doc = json.loads(dumps_plan(new_event(name, NINE[:6], tours=2, kind=Kind.DUPLICATE, boards=4, seed="h")))
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode()


@pytest.mark.parametrize("lang,text,said", [
    ("en", b"not json", "not an event file: it is not JSON"),
    ("ru", b'{"format": "preflog-event", "version": 9}', "версия файла турнира 9"),
    ("en", b"\xff\xfe", "not UTF-8"),
    # issue 63, case 7: the file read as data, each error file: field: message
    ("en", _changed("Hostile 1", lambda d: d.update(version=True)), "e.json: event file version true is not known"),
    ("en", _changed("Hostile 2", lambda d: d["drawn"][1]["tables"][0].update(players="Anna")),
     "e.json: drawn[1].tables[0].players: must be a list of text"),
    ("ru", _changed("Hostile 3", lambda d: d.update(json.loads(json.dumps(d).replace('"Anna"', '"Лёва"').replace('"Egor"', '"лева"')))), "e.json: players: «Лёва» и «лева» — один игрок"),
    # two tables numbered 1 had opened two games for one place: the intake failed inside the archive
    ("en", _changed("Hostile 4", lambda d: d["drawn"][0]["tables"][1].update(table=1)), "e.json: drawn[0].tables: tour 1"),
    # a hand record short of the event's boards had opened games of no board
    ("en", _changed("Hostile 5", lambda d: d.update(hand_record=dump_boards(deal_boards(2, 3, "h")))),
     "e.json: hand_record: the hand record deals boards for tables of 3, 2 in all; the event plays 4 at tables of 3"),
])
def test_a_hostile_event_file_is_refused_and_said(club: Any, lang: str, text: bytes, said: str) -> None:
    server, _plan, _folder = club
    with server.client(headers={"Accept-Language": lang}) as c:
        anonymous = c.post("/events", files={"file": ("e.json", text)})
        assert anonymous.status_code in (401, 403)
        r = c.post("/events", files={"file": ("e.json", text)}, headers=AUTH)
        assert r.status_code == 422 and html.escape(said, quote=False) in r.text
    with server.client() as c:
        assert c.get("/events/999").status_code == 404
        assert c.get("/api/events/999").status_code == 404
        assert c.post("/events/1/draw").status_code in (401, 403)


def test_an_event_file_with_a_byte_order_mark_is_taken_as_the_command_line_takes_it(club: Any) -> None:
    """An attacker's finding (issue 63): ``event show`` read such a file, the upload refused it as no JSON."""
    server, _plan, _folder = club
    text = "\ufeff".encode() + dumps_plan(new_event("Marked", NINE[:6], tours=1, pool=10)).encode()
    with server.client() as c:
        r = c.post("/events", files={"file": ("marked.json", text)}, headers=AUTH)
        assert r.status_code == 303, r.text[:500]
        assert "Marked" in c.get("/events").text


def test_the_event_page_is_json_too(club: Any) -> None:
    server, plan, _folder = club
    with server.client() as c:
        doc = c.get("/api/events/1").json()
    assert doc["event"]["name"] == "Friday" and json.dumps(doc)
    assert set(doc["event"]["players"]) == set(plan.players)


def test_the_ratings_on_the_server(club: Any) -> None:
    """Issue 45, item 5: the club's ratings on the statistics page and in its JSON, per game or per event."""
    server, _plan, _folder = club
    text = '[Event "Rated"]\n[Date "2026-11-27"]\n[Players "Olga Pavel Roman"]\n[Pool "10"]\n\n' + made_7_and_6(
        "Olga", "Pavel", "Roman")
    with server.client() as c:
        r = c.post("/api/games?force=1", content=text.encode(), headers=AUTH)
        assert r.status_code == 201, r.text
        for mode in ("pulka", "event"):
            doc = c.get("/api/stats", params={"rating": mode}).json()
            rated = doc["rating"]["players"]
            assert rated["Olga"]["rating"] > rated["Pavel"]["rating"] > rated["Roman"]["rating"]  # +20, 0, −20
            assert rated["Olga"]["games"] >= 1 and rated["Olga"]["sigma"] < 25 / 3
        page = c.get("/stats", params={"rating": "event"}, headers={"Accept-Language": "ru"})
        assert page.status_code == 200 and "Рейтинг" in page.text and "<svg" in page.text
        bad = c.get("/api/stats", params={"rating": "elo"})
        assert bad.status_code == 400 and "elo" in bad.text
