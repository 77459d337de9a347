"""Issue 63, case 3: a duplicate event's secrets on the club server. The boards are dealt from the seed
alone (``deal_boards(n, seats, seed)``), so whoever learns the seed holds the director's hand record
before the tour is played; and a table that records its hands holds a board's cards. No answer to a
request without the scorer's login or token may give either away before the board's tour is over at
every table: every route the app has (enumerated from it, so that a route added later is scanned too)
is asked as a watcher, in English and in Russian, each answer (its headers, its body, a stream's first
event) searched for the seed and for every board's hands as the hand record, the notation, the JSON,
the replay and the words write them. The same search run on the scorer's answers finds them (so it
can find them). Once a tour is over everywhere its boards are public; the seed, once every board is.
Every answer is the app's, called in process (tests/serving.py).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from preflog.event.boards import Board, deal_boards
from preflog.event.director import new_event
from preflog.event.plan import Kind, Plan, dumps_plan
from preflog.i18n import using_language
from preflog.model.cards import write_card
from preflog import words

from .conftest import ROOT
from .serving import AUTH, TOKEN, Served

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

SEED = "q7-s3cret-lot"
PLAYERS = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")
#: What each kind of path parameter of a route is filled with: the event, and a deal of a game.
EVENT, DEAL = 1, 1


def spellings(board: Board) -> list[str]:
    """Each hand of ``board`` as the hand record and the notation write it (dotted), as words write it
    (English letters and suit symbols, Russian), and the talon as the notation writes it."""
    out = []
    for hand in board.hands.values():
        out.append(hand.dotted())
        for lang in ("en", "ru"):
            with using_language(lang):
                out += [words.hand(hand.cards), words.hand(hand.cards, unicode=True)]
    out.append("talon " + " ".join(write_card(c) for c in board.talon))
    return [re.sub(r"\s+", "", s) for s in out]


def _readings(body: str) -> Iterator[str]:
    """The body as it may spell a secret: as sent, with HTML's and JSON's escapes read, its tags taken
    out; each without white space (a page may break a hand in lines or in elements)."""
    unescaped = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), html.unescape(body))
    for text in (body, unescaped, re.sub(r"<[^>]*>", "", unescaped)):
        yield re.sub(r"\s+", "", text)


def _lists_of_cards(body: str) -> Iterator[frozenset[str]]:
    """Every JSON list of card spellings in the body (the replay's hands), as a set."""
    for found in re.finditer(r'\[(?:\s*"[^"\\]{2,3}"\s*,?)+\]', body):
        try:
            yield frozenset(json.loads(found.group(0)))
        except ValueError:
            continue


def secrets_in(body: str, boards: dict[int, Board], seed: bool = True) -> list[str]:
    """What of the seed (with ``seed``) and of ``boards`` the body gives away."""
    readings = list(_readings(body))
    found = [f"the seed {SEED!r}"] if seed and any(SEED in r for r in readings) else []
    sets = set(_lists_of_cards(body))
    for number, board in boards.items():
        if any(s in r for s in spellings(board) for r in readings):
            found.append(f"board {number}'s cards")
        elif any(frozenset(write_card(c) for c in h.cards) in sets for h in board.hands.values()):
            found.append(f"board {number}'s cards (as a list)")
    return found


def _routes() -> list[tuple[str, set[str], list[str]]]:
    """Every route of the app: its path, methods and parameters (a mount: its files)."""
    from starlette.routing import Mount, Route

    from preflog.serve.app import create_app
    from preflog.serve.archive import Archive

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        archive = Archive(Path(folder) / "routes.sqlite")
        try:
            app = create_app(archive, "0" * 64)
        finally:
            archive.close()
    out = []
    for route in app.routes:
        if isinstance(route, Route):
            out.append((route.path, set(route.methods or ()), sorted(route.param_convertors)))
        elif isinstance(route, Mount):
            static = ROOT / "preflog" / "serve" / "static"
            out += [(f"{route.path}/{f.name}", {"GET"}, []) for f in sorted(static.iterdir()) if f.is_file()]
    return out


def requests_of(games: list[int], reads: bool = False) -> Iterator[tuple[str, str]]:
    """Every request to make of every route (``reads``: its GETs alone): method and path, each game's
    path for each game."""
    for path, methods, params in _routes():
        assert set(params) <= {"game", "event", "deal", "player", "lesson"}, f"{path}: a parameter the scan does not fill"
        for method in sorted(methods - {"HEAD"} if not reads else methods & {"GET"}):
            for game in (games if "game" in params else [0]):
                values = {"game": game, "event": EVENT, "deal": DEAL, "player": PLAYERS[0], "lesson": f"{game}-1-0"}
                yield method, re.sub(r"\{(\w+)(:\w+)?\}", lambda m, v=values: str(v[m.group(1)]), path)


def answer(server: Served, method: str, path: str, headers: dict[str, str]) -> str:
    """The answer's status, headers and body (a stream: up to its first ``change`` event)."""
    with server.client(follow_redirects=False) as client:
        with client.stream(method, path, headers=headers, data={} if method != "GET" else None) as r:
            said = f"{r.status_code} {json.dumps(dict(r.headers), ensure_ascii=False)}\n"
            if r.headers.get("content-type", "").startswith("text/event-stream"):
                lines = []
                for line in r.iter_lines():
                    lines.append(line)
                    if line.startswith("data:") and any(x.startswith("event: change") for x in lines):
                        break
                return said + "\n".join(lines)
            return said + r.read().decode("utf-8", "replace")


def scan(server: Served, games: list[int], boards: dict[int, Board], *, seed: bool = True,
         headers: dict[str, str] | None = None) -> dict[str, list[str]]:
    """Every answer a watcher gets (to a request of any method), or to GETs who sends ``headers`` (the
    scorer: his writes are not tried), in English and Russian: path → what of the secrets it gives away."""
    leaks = {}
    for lang in ("en", "ru"):
        for method, path in requests_of(games, reads=headers is not None):
            said = answer(server, method, path, {"Accept-Language": lang, **(headers or {})})
            found = secrets_in(said, boards, seed)
            if found:
                leaks[f"{method} {path} ({lang})"] = found
    return leaks


def take_in(db: Path, event: Path) -> None:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PREFLOG_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", "--db", str(db),
                           "--event", str(event)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


def record(server: Served, game: int, players: tuple[str, ...], board: Board | None) -> None:
    """The board played at a table: its one deal, with each seat's hand and the talon where ``board`` is
    given (the table recorded its cards), else the contract alone. ``players`` are the table's in seat order."""
    text = f"contract {players[0]}: 6s\nwhist pass pass"
    if board is not None:
        held = " ".join(f"{players[s - 1]}: {h.dotted()}" for s, h in board.hands.items())
        text = f"hands {held}\ntalon {' '.join(write_card(c) for c in board.talon)}\n" + text
    with server.client() as client:
        r = client.post(f"/api/games/{game}/deals", content=text.encode(), headers=AUTH)
    assert r.status_code == 201, r.text


def login(server: Served) -> str:
    """A login of the scorer's: its session."""
    with server.client() as client:
        client.get("/login")
        client.post("/login", data={"token": TOKEN, "next": "/", "csrf": client.cookies["preflog_csrf"]})
        return client.cookies["preflog_session"]


def served(folder: Path, plan: Plan) -> tuple[Served, dict[tuple[int, int, int], int]]:
    """The app (called in process) of an archive in ``folder`` that took in ``plan``'s event file, and the games it opened
    for the tables: (tour, table, board) → game."""
    (folder / "event.json").write_text(dumps_plan(plan))
    db = folder / "club.sqlite"
    take_in(db, folder / "event.json")
    server = Served(db)
    with server.client() as client:
        doc = client.get(f"/api/events/{EVENT}", headers=AUTH).json()
    return server, {(t["tour"], t["table"], g["board"]): g["game"] for t in doc["tables"] for g in t["games"]}


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Plan, dict[tuple[int, int, int], int]]]:
    """Six players at two tables, two tours of two boards each, dealt from :data:`SEED`; the games of the
    tables as the server opened them: (tour, table, board) → game."""
    plan = new_event("Quiet", PLAYERS, tours=2, kind=Kind.DUPLICATE, boards=4, seed=SEED)
    server, games = served(tmp_path_factory.mktemp("secrets"), plan)
    try:
        yield server, plan, games
    finally:
        server.stop()


def test_no_watcher_learns_a_board_before_its_tour_is_over_everywhere(evening: Any) -> None:
    server, plan, games = evening
    with server.client() as client:  # a watcher's, and the scorer's with his token
        boards = {b.number: b for b in deal_boards(4, 3, SEED)}  # what the seed alone gives: the attacker's
        ids = sorted(games.values())
        seats = {(t.number, x.number): x.players for t in plan.drawn for x in t.tables}
        # nothing played yet: neither the seed nor any board in any answer
        assert scan(server, ids, boards) == {}
        # table 1 records boards 1 and 2 with their cards; table 2 plays board 1 (its contract alone): board 1
        # is played at every table, but its tour is not over at table 2: still secret. Table 2 records board
        # 2 with board 1's cards, a problem the event's page lists: to a watcher without its words
        record(server, games[(1, 1, 1)], seats[(1, 1)], boards[1])
        record(server, games[(1, 1, 2)], seats[(1, 1)], boards[2])
        record(server, games[(1, 2, 1)], seats[(1, 2)], None)
        record(server, games[(1, 2, 2)], seats[(1, 2)], boards[1])
        assert scan(server, ids, boards) == {}
        said = "hand is not the one board 2 gives seat"
        assert said in client.get(f"/events/{EVENT}", headers=AUTH).text
        watched = client.get(f"/events/{EVENT}").text
        assert said not in watched and "the scorer sees this problem" in watched
        # the same search finds them in what the director reads, logged in: his answers are as they were
        mine = scan(server, ids, boards, headers={"Cookie": f"preflog_session={login(server)}"})
        assert client.get(f"/api/events/{EVENT}", headers=AUTH).json()["event"]["seed"] == SEED
        assert "the seed 'q7-s3cret-lot'" in mine[f"GET /api/events/{EVENT} (en)"]
        assert "the seed 'q7-s3cret-lot'" in mine[f"GET /events/{EVENT} (ru)"]
        assert set(mine[f"GET /events/{EVENT}/boards (en)"]) >= {"board 1's cards", "board 4's cards"}
        first = games[(1, 1, 1)]
        for path in (f"/api/games/{first}.pref", f"/api/games/{first}", f"/games/{first}/deals/1"):
            assert any(x.startswith("board 1's cards") for x in mine[f"GET {path} (en)"]), path
        # a board's game is the scorer's until then: the watcher is told why, in his language
        r = client.get(f"/games/{first}", headers={"Accept-Language": "ru"})
        assert r.status_code == 403 and "тур 1" in r.text
        # table 2 plays board 2 again, rightly: tour 1 is over everywhere, its boards are public; tour 2's and
        # the seed are not
        assert client.delete(f"/api/games/{games[(1, 2, 2)]}/deals/last", headers=AUTH).status_code == 200
        record(server, games[(1, 2, 2)], seats[(1, 2)], None)
        assert scan(server, ids, {3: boards[3], 4: boards[4]}) == {}
        opened = answer(server, "GET", f"/api/games/{first}.pref", {})
        assert opened.startswith("200") and secrets_in(opened, {1: boards[1]}, seed=False) == ["board 1's cards"]
        export = client.get("/api/export.pref")
        assert boards[1].hands[1].dotted() in export.text and export.headers["x-preflog-withheld"] == "0"
        # every board played: the seed is public too (anyone may check the deal)
        for (tour, table, _board), game in games.items():
            if tour == 2:
                record(server, game, seats[(2, table)], None)
        doc = client.get(f"/api/events/{EVENT}").json()
        assert doc["event"]["seed"] == SEED and doc["event"]["drawn"][1]["seed"] == f"{SEED}:2"
        assert f"lot {SEED}" in client.get(f"/events/{EVENT}").text


def test_the_export_leaves_out_the_secret_boards_for_a_watcher(tmp_path: Path) -> None:
    """``/api/export.pref``: a watcher's copy holds no game of a board still secret and says how many it
    left out; the scorer's holds them all."""
    plan = new_event("Export", PLAYERS, tours=1, kind=Kind.DUPLICATE, boards=2, seed=SEED)
    server, games = served(tmp_path, plan)
    try:
        with server.client() as client:
            board = deal_boards(2, 3, SEED)[0]
            record(server, games[(1, 1, 1)], plan.drawn[0].tables[0].players, board)
            watcher = client.get("/api/export.pref")
            assert watcher.status_code == 200 and watcher.headers["x-preflog-withheld"] == "1"
            assert board.hands[1].dotted() not in watcher.text and "[Board" not in watcher.text
            scorer = client.get("/api/export.pref", headers=AUTH)
            assert board.hands[1].dotted() in scorer.text and scorer.headers["cache-control"] == "no-store"
            wrong = client.get("/api/export.pref", headers={"Authorization": "Bearer not-the-token-at-all"})
            assert board.hands[1].dotted() not in wrong.text
    finally:
        server.stop()


def test_a_board_s_result_is_not_listed_before_every_table_has_played_it(tmp_path: Path) -> None:
    """The games list and the API's listing give a watcher no figure of a board still played at another
    table (table 1's result on board 1 tells table 2 its cards); the scorer sees them as before, and so
    does everyone once the board's tour is over everywhere."""
    plan = new_event("Quiet", PLAYERS, tours=2, kind=Kind.DUPLICATE, boards=4, seed=SEED)
    server, games = served(tmp_path, plan)
    seats = {(t.number, x.number): x.players for t in plan.drawn for x in t.tables}
    hidden = "results shown once every table has played this board"
    try:
        first = games[(1, 1, 1)]
        record(server, first, seats[(1, 1)], None)
        with server.client() as client:
            row = next(g for g in client.get("/api/games").json() if g["id"] == first)
            assert row["settlement"] is None and row["violations"] is None and row["secret"] is True, row
            mine = next(g for g in client.get("/api/games", headers=AUTH).json() if g["id"] == first)
            assert mine["settlement"] and "secret" not in mine, mine
            assert hidden in client.get("/?lang=en").text
            assert hidden not in client.get("/?lang=en", headers={"Cookie": f"preflog_session={login(server)}"}).text
        for (tour, table, _board), game in games.items():  # tour 1 played everywhere: its boards are public
            if tour == 1 and game != first:
                record(server, game, seats[(1, table)], None)
        with server.client() as client:
            row = next(g for g in client.get("/api/games").json() if g["id"] == first)
            assert row["settlement"] and "secret" not in row, row
            assert hidden not in client.get("/?lang=en").text
    finally:
        server.stop()
