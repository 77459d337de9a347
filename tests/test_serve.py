"""``preflog serve`` (issue 34): the app itself, called in process (tests/serving.py ``Served``) — the
JSON API, the scorer's token, logins and CSRF, escaping and the CSP, body limits, hostile uploads, the
event stream, two scorers at once — and a real ``preflog serve`` process where one is needed: the
archive's file kept across ``kill -9``, the token printed, the command's own refusals.

The numbers on the sheet are worked out by hand from the Code (RULES.md): in Sochi a seven costs 4 in
the pool and each trick of a whister on it 4 whists (Code 4.2.3.2, 3.8.1.1).
"""

from __future__ import annotations

import html
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from preflog.notation.vocabulary import STATEMENT_ORDER

from .conftest import ROOT, SAMPLES
from .serving import AUTH, TOKEN, Served, Server
from .test_hostile import ITEMS, NUMBERS, QUADRATIC
from .test_record import LATIN_ALLOWED, NAMES, russian_problems

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

NEW = '[Event "Friday"]\n[Players "Anna Boris Vera"]\n[Rules "sochi"]\n[Pool "10"]\n'
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    s = Served(tmp_path_factory.mktemp("club") / "club.sqlite")
    yield s
    s.stop()


@pytest.fixture()
def client(server: Served) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


def new_game(client: httpx.Client, text: str = NEW) -> int:
    r = client.post("/api/games?force=1", content=text, headers={**AUTH, **TEXT})  # the same game many times
    assert r.status_code == 201, r.text
    ident: int = r.json()["ids"][0]
    return ident


def deal(client: httpx.Client, game: int, typed: str, **headers: str) -> httpx.Response:
    return client.post(f"/api/games/{game}/deals", content=typed.encode(), headers={**AUTH, **TEXT, **headers})


# -- the API ---------------------------------------------------------------------------------------

def test_a_deal_recorded_in_the_short_form_is_scored_by_the_code(client: httpx.Client) -> None:
    """Code 4.2.3.2: a seven made writes 4 to the declarer's pool; 3.8.1.1: a lone whister writes 4
    whists for each trick of his side (2 here: 10 − 8) on the declarer."""
    game = new_game(client)
    r = deal(client, game, "Boris 7s wp 8")
    assert r.status_code == 201
    body = r.json()
    assert body["number"] == 1
    assert body["deal"] == "deal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"
    sheet = body["settlement"]["sheet"]
    assert sheet["Boris"]["pool"] == 4
    assert sheet["Vera"]["whists"]["Boris"] == 8  # Vera, on Boris's left, whisted: 2 tricks × 4
    assert sheet["Anna"]["whists"]["Boris"] == 0
    text = client.get(f"/api/games/{game}.pref").text
    assert text == NEW + "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"


def test_the_game_says_who_pays_whom(client: httpx.Client) -> None:
    """Issue 42, point 5: each payment goes from a player who loses to one who wins, on the page and
    in its JSON, in both languages (the amounts themselves: tests/test_payments.py)."""
    game = new_game(client)
    deal(client, game, "Boris 7s wp 8")
    data = client.get(f"/api/games/{game}").json()["settlement"]
    totals = data["settlement"]
    payers = [(p["payer"], p["payee"]) for p in data["payments"]]
    assert round(sum(totals.values()), 2) == 0 and payers
    for p in data["payments"]:
        assert totals[p["payer"]] < 0 < totals[p["payee"]]
    page = client.get(f"/games/{game}").text
    assert "Who pays whom" in page
    for payer, payee in payers:
        assert f"{payer} → {payee}: " in page
    ru = client.get(f"/games/{game}", headers={"Accept-Language": "ru"}).text
    assert "Кто кому платит" in ru and "вист" in ru


def test_the_scorer_s_page_says_only_what_happened_and_answers_help(server: Served) -> None:
    """A link cannot make the page say a deal was recorded (the message is worked out from the game);
    «помощь», which the short form's hints name, is answered with examples; the whole pulka has a
    page of its own that fits the screen."""
    with server.client() as c:
        game = new_game(c)
        login(c)
        assert "deal 9 recorded" not in c.get(f"/games/{game}/record", params={"done": "add", "number": "9"}).text
        assert 'id="done"' not in c.get(f"/games/{game}/record", params={"done": "add", "number": "9"}).text
        deal(c, game, "Boris 7s wp 8")
        said = c.get(f"/games/{game}/record", params={"done": "add", "number": "1"}).text
        assert "deal 1 recorded" in said
        r = deal(c, game, "помощь")
        assert r.status_code == 422 and "Boris 7s wp 8" not in r.json()["errors"][0]["message"]
        assert "`" in r.json()["errors"][0]["message"] and "short form" in r.json()["errors"][0]["message"]
        page = c.get(f"/games/{game}/pulka")
        assert page.status_code == 200 and "<svg" in page.text and 'name="viewport"' in page.text
        assert c.get(f"/games/{game}/pulka.svg").headers["content-type"].startswith("image/svg+xml")


def test_a_deal_in_the_notation_and_the_next_dealer(client: httpx.Client) -> None:
    game = new_game(client)
    assert deal(client, game, "Boris 6s pp").status_code == 201
    r = deal(client, game, "contract Vera: 6d\nwhist pass pass\n")  # deal 2: Boris deals, Vera is the eldest
    assert r.status_code == 201, r.text
    assert r.json()["deal"].startswith("deal 2 dealer Boris\n")
    listed = {g["id"]: g for g in client.get("/api/games").json()}[game]
    assert (listed["players"], listed["rules"], listed["deals"]) == (["Anna", "Boris", "Vera"], "sochi", 2)


def test_a_refused_deal_changes_nothing_and_says_where(client: httpx.Client) -> None:
    game = new_game(client)
    deal(client, game, "Boris 7s wp 8")
    before = client.get(f"/api/games/{game}.pref")
    r = deal(client, game, "Vera 7s wp 11")  # 11 tricks in a deal of 10
    assert r.status_code == 422
    (error,) = r.json()["errors"]
    assert (error["line"], error["column"], error["message"]) == (1, 12, "'11' is not a number of tricks (0 to 10)")
    r = deal(client, game, "contract Vera: 6s\nwhist pass pass\nresult 5\n")  # a result for a game not played
    assert r.status_code == 422
    error = r.json()["errors"][0]
    assert (error["line"], error["column"]) == (4, 1) and "C605" in error["message"]  # line 4 of the deal written
    after = client.get(f"/api/games/{game}.pref")
    assert after.text == before.text and after.headers["etag"] == before.headers["etag"]


def test_undo_takes_the_last_deal_back(client: httpx.Client) -> None:
    game = new_game(client)
    deal(client, game, "Boris 7s wp 8")
    deal(client, game, "pass 4 3 3")
    r = client.delete(f"/api/games/{game}/deals/last", headers=AUTH)
    assert r.status_code == 200 and r.json()["number"] == 2
    assert client.get(f"/api/games/{game}").json()["settlement"]["deals"] == 1
    client.delete(f"/api/games/{game}/deals/last", headers=AUTH)
    r = client.delete(f"/api/games/{game}/deals/last", headers=AUTH)
    assert r.status_code == 422
    assert client.get(f"/api/games/{game}.pref").text == NEW + "\n"  # the blank line before the deals stays


def test_an_import_keeps_each_game_as_typed(client: httpx.Client) -> None:
    text = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")
    r = client.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT})
    assert r.status_code == 201
    ids = r.json()["ids"]
    assert len(ids) == 2 and r.json()["violations"] == []
    assert "".join(client.get(f"/api/games/{i}.pref").text for i in ids) == text
    data = client.get(f"/api/games/{ids[0]}").json()
    assert data["game"]["tags"]["Event"] == "Friday club, table 2"
    assert data["settlement"]["sheet"]["Vera"]["whists"]["Boris"] == 8


def test_a_game_imported_again_is_skipped_and_said_unless_forced(tmp_path: Path) -> None:
    """Issue 42, point 4: the same text, or the same players, date and sheet written otherwise (comments,
    the Russian words, the short result), is one game; --force and ?force=1 keep both."""
    server = Served(tmp_path / "club.sqlite")
    try:
        with server.client() as c:
            text = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")
            first = c.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT}).json()["ids"]
            again = c.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT})
            assert again.status_code == 200 and again.json()["ids"] == []
            assert [g["id"] for g in again.json()["skipped"]] == first
            game = ('[Players "Аня Лёва Оля"]\n[Date "2026-11-27"]\n[Pool "10"]\n\n'
                    "deal 1 dealer Аня\ncontract Лёва: 7s\nwhist whist pass\nresult 8\n")
            (one,) = c.post("/api/games", content=game.encode(), headers={**AUTH, **TEXT}).json()["ids"]
            retyped = ('[Players "аня Лева ОЛЯ"]\n[Date "2026-11-27"]\n[Pool "10"]\n{typed again}\n\n'
                       "deal 1 dealer аня\ncontract Лева: 7п\nвист вист пас\nresult Лева 8 ОЛЯ 2 аня 0\n")
            same = c.post("/api/games", content=retyped.encode(), headers={**AUTH, **TEXT}).json()
            assert same["ids"] == [] and same["skipped"][0]["id"] == one
            other_day = game.replace("2026-11-27", "2026-11-28")
            assert len(c.post("/api/games", content=other_day.encode(), headers={**AUTH, **TEXT}).json()["ids"]) == 1
            forced = c.post("/api/games?force=1", content=text.encode(), headers={**AUTH, **TEXT})
            assert forced.status_code == 201 and len(forced.json()["ids"]) == 2
            twice = text + "\n" + text  # the same game twice in one file: kept once
            (kept, skipped) = (c.post("/api/games", content=twice.encode(), headers={**AUTH, **TEXT}).json()[k]
                               for k in ("ids", "skipped"))
            assert kept == [] and len(skipped) == 4
        db = str(tmp_path / "club.sqlite")
        sample = str(ROOT / "samples" / "classic.pref")
        done = preflog_serve("--db", db, "--import", sample, sample, cwd=tmp_path)
        assert done.returncode == 0 and "imported 1 game" in done.stdout
        assert "is already in the archive (id " in done.stdout and "--force keeps both" in done.stdout
        forced_cli = preflog_serve("--db", db, "--import", "--force", sample, cwd=tmp_path)
        assert "imported 1 game" in forced_cli.stdout
    finally:
        server.stop()


def test_players_are_one_whatever_the_case_and_yo_and_aliases_join_them(tmp_path: Path) -> None:
    """Issue 42, point 4: «Миша», «миша», «МИША» are one player in the list's search, on the players'
    page and in the statistics (its --db too); «Михаил» becomes him by an alias."""
    db = tmp_path / "club.sqlite"
    games = [f'[Players "{a} Лёва Оля"]\n[Date "2026-11-2{i}"]\n[Pool "10"]\n\n'
             f"deal 1 dealer {a}\ncontract Лёва: 7s\nwhist whist pass\nresult 8\n"
             for i, a in enumerate(["Миша", "миша", "МИША", "Михаил"])]
    (tmp_path / "g.pref").write_text("\n".join(games), encoding="utf-8")
    assert preflog_serve("--db", str(db), "--import", str(tmp_path / "g.pref"), cwd=tmp_path).returncode == 0
    aliased = preflog_serve("--db", str(db), "--alias", "Михаил=Миша", cwd=tmp_path)
    assert aliased.returncode == 0 and "Михаил = Миша" in aliased.stdout
    bad = preflog_serve("--db", str(db), "--alias", "Миша", cwd=tmp_path)
    assert bad.returncode == 2 and "ALIAS=NAME" in bad.stderr
    server = Served(db)
    try:
        with server.client() as c:
            assert len(c.get("/api/games", params={"player": "мИша"}).json()) == 4
            assert len(c.get("/api/games", params={"player": "Лева"}).json()) == 4  # ё read as е
            page = c.get("/players").text
            assert "Миша" in page and "Михаил = Миша" in page and ">миша<" not in page
            stats = c.get("/api/stats").json()
            names = {p["name"] for p in stats["players"]} if isinstance(stats.get("players"), list) else set(
                stats["players"])
            assert "Миша" in names and not names & {"миша", "МИША", "Михаил"}
    finally:
        server.stop()
    report = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "stats", "--db", str(db),
                             "--format", "json"],
                            capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    data = json.loads(report.stdout)
    names = {p["name"] for p in data["players"]} if isinstance(data.get("players"), list) else set(data["players"])
    assert "Миша" in names and not names & {"миша", "МИША", "Михаил"}


def test_notation_errors_refuse_the_whole_file(client: httpx.Client) -> None:
    before = len(client.get("/api/games").json())
    bad = NEW + "\ndeal 1 dealer Anna\nbids 6s pass pass\n\n" + NEW + "\ndeal 1 dealer Anna\nbids 6z pass\n"
    r = client.post("/api/games", content=bad, headers={**AUTH, **TEXT})
    assert r.status_code == 422
    assert r.json()["errors"][0]["line"] == 15 and r.json()["errors"][0]["column"] == 6
    assert len(client.get("/api/games").json()) == before


def test_violations_do_not_refuse_an_import(client: httpx.Client) -> None:
    """Code 3.8.1: a game nobody whists is not played, so a result written for it is a violation."""
    played = NEW + "\ndeal 1 dealer Anna\nbids 6s pass pass\ncontract 6s\nwhist pass pass\nresult 9\n"
    r = client.post("/api/games", content=played, headers={**AUTH, **TEXT})
    assert r.status_code == 201
    (violation,) = r.json()["violations"]
    assert (violation["line"], violation["column"]) == (10, 1) and "C605" in violation["message"]
    page = client.get(f"/games/{r.json()['ids'][0]}").text
    assert "C605" in page


def test_the_list_is_searched_by_player_date_and_convention(client: httpx.Client) -> None:
    a = new_game(client, '[Date "2025-01-05"]\n[Players "Zoya Yury Xenia"]\n[Rules "leningrad"]\n')
    b = new_game(client, '[Date "2025-02-05"]\n[Players "Zoya Petr Ivan"]\n')
    ids = lambda **q: [g["id"] for g in client.get("/api/games", params=q).json()]  # noqa: E731
    assert ids(player="zoya") == [b, a]
    assert ids(player="Zoya", date="2025-01") == [a]
    assert ids(player="Zoya", rules="leningrad") == [a]
    assert ids(player="Nobody") == []
    assert ids(date="%") == []  # a pattern character is a character


def test_the_whole_archive_is_exported_and_imports_back(client: httpx.Client, tmp_path: Path) -> None:
    assert deal(client, new_game(client), "Boris 7s wp 8").status_code == 201  # the test needs no other's games
    new_game(client)
    answer = client.get("/api/export.pref")
    exported = answer.text
    games = [g for g in client.get("/api/games").json() if g["deals"]]
    left_out = int(answer.headers["x-preflog-left-out"])
    assert left_out >= 1  # the games of tags alone: a file cannot hold one before another game
    assert exported.count("[Players ") == len(games)
    copy = Served(tmp_path / "copy.sqlite")
    try:
        with copy.client() as other:
            r = other.post("/api/games?force=1", content=exported.encode(), headers={**AUTH, **TEXT})
            assert r.status_code == 201 and len(r.json()["ids"]) == len(games)
            assert other.get("/api/export.pref").text == exported
    finally:
        copy.stop()


def test_a_backup_is_a_sqlite_file_of_the_archive(client: httpx.Client, tmp_path: Path) -> None:
    assert client.get("/api/backup").status_code == 401
    r = client.get("/api/backup", headers=AUTH)
    assert r.status_code == 200
    (tmp_path / "b.sqlite").write_bytes(r.content)
    with sqlite3.connect(tmp_path / "b.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == len(client.get("/api/games").json())


# -- access ----------------------------------------------------------------------------------------

def test_writes_need_the_token(client: httpx.Client) -> None:
    game = new_game(client)
    assert client.post("/api/games", content=NEW, headers=TEXT).status_code == 401
    assert client.post("/api/games", content=NEW, headers={"Authorization": "Bearer wrong", **TEXT}).status_code == 401
    assert client.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers=TEXT).status_code == 401
    assert client.delete(f"/api/games/{game}/deals/last").status_code == 401
    assert client.get(f"/api/games/{game}").status_code == 200  # watchers read without logging in
    assert client.get(f"/api/games/{game}.pref").text == NEW


def page_csrf(client: httpx.Client, path: str = "/") -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert found is not None
    return found.group(1)


def login(client: httpx.Client) -> str:
    """Log in through the form; the CSRF token the pages carry then (the login's own, not the one
    before it)."""
    before = page_csrf(client, "/login")
    r = client.post("/login", data={"csrf": before, "token": TOKEN, "next": "/"})
    assert r.status_code == 303 and "preflog_session" in r.headers["set-cookie"]
    assert "HttpOnly" in r.headers["set-cookie"] and "SameSite=strict" in r.headers["set-cookie"]
    after = page_csrf(client)
    assert after != before
    return after


def test_a_login_writes_only_with_its_csrf_token(server: Served) -> None:
    with server.client() as c:
        game = new_game(c)
        before = page_csrf(c, "/login")
        csrf = login(c)
        assert c.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers=TEXT).status_code == 403
        r = c.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers={**TEXT, "X-CSRF-Token": before})
        assert r.status_code == 403  # the token of before the login is not the login's
        r = c.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers={**TEXT, "X-CSRF-Token": "x" + csrf})
        assert r.status_code == 403
        r = c.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers={**TEXT, "X-CSRF-Token": csrf})
        assert r.status_code == 201
        r = c.post(f"/games/{game}/record", data={"deal": "pass 4 3 3", "revision": "", "action": "add"})
        assert r.status_code == 403
        r = c.post(f"/games/{game}/record", data={"deal": "pass 4 3 3", "csrf": csrf, "action": "add"},
                   follow_redirects=True)
        assert r.status_code == 200 and "deal 2 recorded" in r.text
        again = c.get("/login?next=/stats", follow_redirects=False)  # a scorer who opens the login again
        assert again.status_code == 303 and again.headers["location"] == "/stats"
        c.post("/logout", data={"csrf": csrf})
        r = c.post(f"/api/games/{game}/deals", content="Boris 6s pp", headers={**TEXT, "X-CSRF-Token": csrf})
        assert r.status_code == 401


def test_a_wrong_token_does_not_log_in(server: Served) -> None:
    with server.client() as c:
        csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text)
        assert csrf is not None
        r = c.post("/login", data={"csrf": csrf.group(1), "token": "guess", "next": "/"})
        assert r.status_code == 401 and "preflog_session" not in r.headers.get("set-cookie", "")
        r = c.post("/login", data={"token": TOKEN, "next": "/"})  # no CSRF token: a forged login
        assert r.status_code == 403
        r = c.post("/login", data={"csrf": csrf.group(1), "token": TOKEN, "next": "//evil.example/"})
        assert r.headers["location"] == "/"  # back to this server only


HOSTILE_NAME = "<script>alert('x')</script>"


def test_names_and_comments_are_escaped_everywhere(server: Served, client: httpx.Client) -> None:
    text = (f'[Event "{HOSTILE_NAME}"]\n[Players "Anna Boris Vera"]\n'
            f'{{<img src=x onerror=alert(1)>}}\n\ndeal 1 dealer Anna {{</pre><script>alert(2)</script>}}\n'
            'contract Boris: 7s\nwhist whist pass\nresult 8\n')
    game = new_game(client, text)
    deal(client, game, "Vera 6d pp {<svg onload=alert(3)>}")
    with server.client() as c:
        login(c)
        pages = [c.get(p).text for p in ("/", f"/games/{game}", f"/games/{game}/record", f"/games/{game}/deals/1")]
    for page in pages:
        assert "<script>alert" not in page and "<img src=x" not in page and "<svg onload" not in page
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in pages[1]
    for path in ("/", f"/games/{game}", f"/games/{game}/deals/1"):
        policy = client.get(path).headers["content-security-policy"]
        assert "'unsafe-inline'" not in policy and "default-src 'none'" in policy
        assert re.search(r"script-src ('self'|'sha256-[^']+')(;|$)", policy)
    assert "<script>" not in re.sub(r'<script (src="/static/[a-z]+\.js" defer|type="application/json" id="data")>',
                                    "", "".join(pages[:3]))


def test_request_bodies_are_limited(client: httpx.Client) -> None:
    game = new_game(client)
    r = deal(client, game, "x" * 70_000)
    assert r.status_code == 413
    r = client.post("/api/games", content=b"[" * (17 * 1024 * 1024), headers={**AUTH, **TEXT})
    assert r.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(40):
            yield b"y" * 4096
    r = client.post(f"/api/games/{game}/deals", content=chunks(), headers={**AUTH, **TEXT})
    assert r.status_code == 413
    assert client.post("/api/games", content="{}", headers={**AUTH, "Content-Type": "application/json"}).status_code == 415


HOSTILE = {**{f"number {k}": v for k, v in NUMBERS.items()}, **{f"items {k}": v for k, v in ITEMS.items()},
           **{f"slow {k}": v for k, v in QUADRATIC.items()}}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_upload_is_an_error_or_a_game_never_a_crash(client: httpx.Client, name: str) -> None:
    started = time.monotonic()
    r = client.post("/api/games", content=HOSTILE[name].encode(), headers={**AUTH, **TEXT})
    assert r.status_code in (201, 413, 422), r.text
    assert time.monotonic() - started < 20
    if r.status_code == 422:
        assert all(isinstance(e["line"], int) and e["message"] for e in r.json()["errors"])


@pytest.mark.parametrize("body", [b"\xff\xfe\x00[Players", "[Players \"Аня Боря Вера\"]\n".encode("cp1251"),
                                  b"\x00" * 1000, b"[Players \"A B C\"]\n" + b"x" * 2_000_000, b"", b"\n\n"])
def test_binary_and_empty_uploads_are_refused_with_a_place(client: httpx.Client, body: bytes) -> None:
    r = client.post("/api/games", content=body, headers={**AUTH, **TEXT})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"]
    assert client.get("/").status_code == 200


# -- two scorers, the live stream ------------------------------------------------------------------

def test_two_scorers_at_once_get_a_defined_order_or_a_conflict(client: httpx.Client, server: Served) -> None:
    game = new_game(client)
    revision = client.get(f"/api/games/{game}").json()["revision"]
    answers: list[int] = []

    def send(typed: str) -> None:
        with server.client() as c:
            answers.append(deal(c, game, typed, **{"If-Match": f'"{revision}"'}).status_code)

    threads = [threading.Thread(target=send, args=(t,)) for t in ("Boris 6s pp", "Boris 6s pp", "Boris 6c pp")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [201, 409, 409]
    # without If-Match each deal is taken in turn: eight at once make deals 2 to 9, none lost or doubled
    threads = [threading.Thread(target=send_plain, args=(server, game)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    text = client.get(f"/api/games/{game}.pref").text
    assert [int(n) for n in re.findall(r"^deal (\d+)", text, re.M)] == list(range(1, 10))


def send_plain(server: Served, game: int) -> None:
    with server.client() as c:
        assert deal(c, game, "pass 4 3 3").status_code == 201


def read_events(response: httpx.Response) -> Iterator[dict[str, object]]:
    name, data = "", []
    for line in response.iter_lines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and data:
            yield {"event": name, **json.loads("\n".join(data))}
            name, data = "", []


def test_watchers_see_a_deal_within_a_second(client: httpx.Client, server: Served) -> None:
    game = new_game(client)
    with server.client() as watcher, \
            watcher.stream("GET", f"/api/games/{game}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        events = read_events(stream)
        first = next(events)
        assert first["event"] == "change" and first["deals"] == 0
        sent = time.monotonic()
        deal(client, game, "Boris 7s wp 8")
        second = next(events)
        assert time.monotonic() - sent < 1
        assert second["deals"] == 1 and second["revision"] == first["revision"] + 1  # type: ignore[operator]
        assert "Boris" in str(second["html"]) and "deal 1" in str(second["html"])


def test_the_stream_sends_one_event_for_each_change(client: httpx.Client, server: Served) -> None:
    game = new_game(client)
    with server.client() as watcher, \
            watcher.stream("GET", f"/api/games/{game}/events") as stream:
        events = read_events(stream)
        first = next(events)
        for typed in ("pass 4 3 3", "Boris 6s pp", "pass 4 3 3", "Vera 6d pp"):
            assert deal(client, game, typed).status_code == 201
        assert client.delete(f"/api/games/{game}/deals/last", headers=AUTH).status_code == 200
        after = [next(events) for _ in range(5)]
        assert all(e["event"] == "change" for e in after)
        assert after[-1]["deals"] == 3 and after[-1]["revision"] == first["revision"] + 5  # type: ignore[operator]


def test_a_body_sent_as_curl_sends_it_is_text(client: httpx.Client) -> None:
    """``curl --data-binary @file`` says application/x-www-form-urlencoded unless told otherwise."""
    r = client.post("/api/games", content=NEW, headers={**AUTH, "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 201
    assert client.get(f"/api/games/{r.json()['ids'][0]}.pref").text == NEW


def test_the_join_page_shows_the_address_as_a_qr_code(client: httpx.Client, server: Served) -> None:
    page = client.get("/join", headers={"Accept-Language": "ru"}).text
    assert f'<a href="{server.url}/">{server.url}/</a>' in page
    assert '<svg width="' in page and "<title>адрес этого сервера</title>" in page
    assert "<script" not in page.split("<main>")[1]


HUGE_ID = "9" * 25  # past SQLite's 64-bit ids
ODD = [("GET", f"/?page={HUGE_ID}", None), ("GET", "/?page=-5", None), ("GET", "/?player=%00&date=%25%5F", None),
       ("GET", f"/games/{HUGE_ID}", None), ("GET", f"/api/games/{HUGE_ID}", None),
       ("GET", f"/api/games/{HUGE_ID}.pref", None), ("GET", f"/games/1/deals/{HUGE_ID}", None),
       ("POST", f"/api/games/{HUGE_ID}/deals", b"pass 4 3 3"), ("DELETE", f"/api/games/{HUGE_ID}/deals/last", None),
       ("GET", f"/api/games/{HUGE_ID}/events", None), ("POST", "/api/games/1/deals", bytes(range(256))),
       ("POST", "/api/games/1/deals", b"{" * 1000), ("POST", "/api/games/1/deals", "\u202e Boris 7s".encode()),
       ("GET", "/login?next=%0d%0aSet-Cookie:x=1", None), ("GET", "/?lang=zz", None), ("PUT", "/api/games", b"x")]


@pytest.mark.parametrize(("method", "path", "body"), ODD, ids=[f"{m} {p[:40]}" for m, p, _ in ODD])
def test_odd_requests_are_answered_never_with_a_server_error(client: httpx.Client, method: str, path: str,
                                                              body: bytes | None) -> None:
    new_game(client)
    headers = {**AUTH, "If-Match": f'"{HUGE_ID}"', "Accept-Language": "ru;q=abc, *;q=1, zz"}
    if path.endswith("/events"):
        with client.stream(method, path, headers=headers) as r:
            assert r.status_code == 404
        return
    r = client.request(method, path, headers=headers, content=body)
    assert r.status_code < 500 and "set-cookie: x" not in str(r.headers).lower()


def test_unknown_games_are_404(client: httpx.Client) -> None:
    assert client.get("/api/games/999999").status_code == 404
    assert client.get("/api/games/999999.pref").status_code == 404
    assert client.get("/games/999999").status_code == 404
    assert deal(client, 999999, "Boris 6s pp").status_code == 404
    assert client.get("/api/games/999999/events").status_code == 404


def test_pages_speak_russian_by_accept_language_and_the_switch(client: httpx.Client, server: Served) -> None:
    game = new_game(client)
    deal(client, game, "Boris 7s wp 8")
    ru = client.get(f"/games/{game}", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}).text
    assert '<html lang="ru">' in ru and "Сдачи" in ru and "сдача 1" in ru
    assert "Boris пишет 4 в пулю" in ru
    en = client.get(f"/games/{game}", headers={"Accept-Language": "de, en;q=0.5"}).text
    assert '<html lang="en">' in en and "Deals" in en
    r = client.get("/?lang=ru")
    assert "preflog_lang=ru" in r.headers["set-cookie"]
    with server.client(cookies={"preflog_lang": "ru"}) as russian:
        assert '<html lang="ru">' in russian.get("/").text
    message = client.post("/api/games", content=NEW, headers={**TEXT, "Accept-Language": "ru"}).json()
    assert "пароль записывающего" in message["errors"][0]["message"] and "жетон" not in message["errors"][0]["message"]


#: A Leningrad pulka of four (Аня deals first and sits out), names of both genders, typed at the table in
#: the Russian short form: a game with a whist and a pass, a half-whist, an all-pass, a misère, two
#: whisters, no-trumps nobody whists, a lone whister playing closed.
RUSSIAN = (f'[Event "Пятница"]\n[Date "2026-11-20"]\n[Players "{" ".join(NAMES)}"]\n[Rules "leningrad"]\n'
           '[Pool "20"]\n[WhistPrice "0.5"]\n')
RUSSIAN_DEALS = ("Лёва 7п вп 8", "Оля 6б пас полвиста", "распасы 4 3 3", "мизер Аня 1", "Миша 8ч вв 6 2 2",
                 "Аня 6бк пп", "Лёва 6т вист пас закрыто 5")
#: A Sochi game of three with its hands and play (the replay shows cards), and a result written for a
#: six nobody whisted: a violation (Code 3.8.1), which the page shows.
PLAYED = ('[Event "Суббота"]\n[Players "Оля Миша Аня"]\n[Rules "sochi"]\n[Pool "10"]\n\n'
          "deal 1 dealer Оля\nhands Миша: QJT.J.AJT.KQJ Аня: K9.AKQ9.Q97.T Оля: 87.T87.K8.A87\ntalon As 9h\n"
          "bids 6s 6c pass 6d 6h 7s pass\ndiscard Ts Td\ncontract 7h\nwhist whist whist\n"
          "play Qs Ks 7s | 9s 8s Js | Jc Kc 7c | 9d 8d Jd | Qh Th Ah | Kd Ad Qd | Jh 9c 7h | Kh Ac 8h | As 7d 8c | "
          "9h Qc Tc\nresult Миша 7 Аня 2 Оля 1\n\ndeal 2\nbids pass 6d pass\ncontract 6d\nwhist pass pass\nresult 9\n")


def shown(page: str) -> str:
    """What a person reads of a page: its text (the drawn pulka's tooltips too) and the attributes read
    aloud or shown by its script; not its scripts, its styles, or the words the keys type."""
    page = re.sub(r"(?s)<script\b.*?</script>|<style\b.*?</style>", " ", page)
    page = re.sub(r'(?s)<details class="notation">.*?</details>', " ", page)  # the notation, one tap away
    said = re.findall(r'\s(?:title|aria-label|placeholder|alt|data-(?!word|letter|game|revision|key|means|defence)[\w-]+)="([^"]*)"',
                      page)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page) + "\n" + "\n".join(said))


def test_every_page_speaks_russian_as_a_club_player(tmp_path: Path) -> None:
    """Every page in Russian over a pulka of Аня, Лёва, Оля and Миша: contracts, calls and cards in the
    players' words (7♠, 6 БК, мизер, пас, полвиста, втёмную), conventions by name (ленинградка), no
    English and no notation, no name in a case or with a word agreeing with it, every count in its form;
    the refusals of the scorer's form too."""
    ru = {"Accept-Language": "ru-RU,ru;q=0.9"}
    server = Served(tmp_path / "club.sqlite")  # its own archive: its list shows these games only
    try:
        pages = _russian_pages(server, ru)
    finally:
        server.stop()
    # the statements of the notation name a file's lines (a violation says «result 9 …»)
    allowed = LATIN_ALLOWED | set(STATEMENT_ORDER) - {"whist"}
    problems = {path: russian_problems(shown(r.text), allowed) for path, r in pages.items() if path != "import refused"}
    # a file's syntax errors quote what it holds and what the notation expects there, and show its line
    refused = re.sub(r"'[^']*'|\n    .*", "", shown(pages["import refused"].text))
    problems["import refused"] = russian_problems(refused, allowed)
    assert all(r.status_code < 500 for r in pages.values())
    assert not {p: found for p, found in problems.items() if found}, problems
    page = shown(pages["game"].text)
    for said in ("Лёва: 7♠ · Оля: вист, Миша: пас · взятки: Лёва 8", "Оля: 6♦ · Миша: пас, Аня: полвиста",
                 "распасы · взятки: Миша 4, Аня 3, Лёва 3", "Аня: мизер · взятки: Аня 1", "Аня: 6 БК · Оля: пас, Миша: пас",
                 "Лёва: 6♣ · Миша: вист втёмную, Аня: пас · взятки: Лёва 5", "ленинградка",
                 "сдача 8: сдаёт Миша (на прикупе), первая рука — Аня"):
        assert said in page, said
    keys = shown(pages["record"].text)
    for key in ("6 БК", "10♥", "мизер", "вист", "пас", "полвиста", "в светлую", "втёмную", "распасы"):
        assert f"\n{key}\n" in keys, key
    assert "сдача 2: " in shown(pages["played"].text)  # the violation by its deal, not by a line of the text
    assert "сочинка" in shown(pages["/new"].text) and "гусарик" in shown(pages["/"].text)
    assert "Пароль записывающего" in shown(pages["/login"].text)
    assert "ошибка: 'Вася' — не игрок" in shown(pages["record Вася 7п вп 8"].text)


def _russian_pages(server: Served, ru: dict[str, str]) -> dict[str, httpx.Response]:
    """Every page of a server holding the Russian games, asked for in Russian, and the refusals of the
    scorer's forms."""
    with server.client(headers=ru) as c:
        game = new_game(c, RUSSIAN)
        for typed in RUSSIAN_DEALS:
            r = deal(c, game, typed)
            assert r.status_code == 201, r.text
        r = c.post("/api/games", content=PLAYED.encode(), headers={**AUTH, **TEXT})
        assert r.status_code == 201 and len(r.json()["violations"]) == 1
        played = r.json()["ids"][0]
        with server.client(headers=ru) as anonymous:  # a scorer is sent on from it
            login_page = anonymous.get("/login")
        csrf = login(c)
        pages = {path: c.get(path) for path in ("/", "/?rules=leningrad", "/new", "/join", "/stats",
                                                "/nothing-here")}
        pages["/login"] = login_page
        pages.update(game=c.get(f"/games/{game}"), record=c.get(f"/games/{game}/record"),
                     played=c.get(f"/games/{played}"), stats=c.get("/stats?rules=sochi"))
        revision = re.search(r'name="revision" value="(\d+)"', pages["record"].text)
        assert revision is not None
        for typed in ("Вася 7п вп 8", "Аня 7п вп", "распасы 5 3 3", "Миша 6п"):  # refused: nothing is written
            pages[f"record {typed}"] = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "add",
                                                                             "deal": typed, "revision": revision.group(1)})
            assert pages[f"record {typed}"].status_code == 422
        pages["new game refused"] = c.post("/new", data={"csrf": csrf, "player1": "Аня", "player2": "Аня"})
        bad = {"file": ("плохой.pref", (RUSSIAN + "deal 1\nbids 6z\n").encode(), "text/plain")}
        pages["import refused"] = c.post("/import", data={"csrf": csrf}, files=bad)
    return pages


# -- the archive's file ----------------------------------------------------------------------------

def test_nothing_acknowledged_is_lost_to_kill_9(tmp_path: Path) -> None:
    """Deals are sent one after another while the server is killed with SIGKILL at moments spread over
    the writes; after each restart every deal it answered 201 is there, in order, and the game checks
    clean."""
    db = tmp_path / "kill.sqlite"
    acknowledged: list[int] = []
    game = None
    for round_ in range(6):
        s = Server(db)
        try:
            with httpx.Client(base_url=s.url, timeout=10) as c:
                if game is None:
                    game = new_game(c)
                text = c.get(f"/api/games/{game}.pref").text
                numbers = [int(n) for n in re.findall(r"^deal (\d+)", text, re.M)]
                assert numbers[:len(acknowledged)] == acknowledged  # nothing acknowledged is lost
                assert numbers == list(range(1, len(numbers) + 1))  # nothing doubled
                acknowledged = numbers
                killer = threading.Timer(0.15 + 0.1 * round_, s.kill)
                killer.start()
                try:
                    while True:
                        r = deal(c, game, "pass 4 3 3")
                        if r.status_code == 201:
                            acknowledged.append(r.json()["number"])
                except httpx.HTTPError:
                    pass
                killer.join()
        finally:
            s.stop()
    assert len(acknowledged) > 6
    check = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "check", "-"],
                           input=Server_text(db, game), capture_output=True, text=True, cwd=ROOT)
    assert check.returncode == 0, check.stdout + check.stderr


def test_an_import_killed_midway_is_all_or_nothing(tmp_path: Path) -> None:
    """A file of 30 games is imported in one transaction: killed while it is taken in, the archive holds
    all of them or none."""
    import preflog
    from preflog.generator import generate

    text = preflog.dumps(generate(1500, seed=3, per_game=50))
    db = tmp_path / "import.sqlite"
    for delay in (0.2, 0.6, 1.0):
        s = Server(db)
        try:
            with httpx.Client(base_url=s.url, timeout=30) as c:
                before = len(c.get("/api/games").json())
                killer = threading.Timer(delay, s.kill)
                killer.start()
                try:
                    answered = c.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT}).status_code
                except httpx.HTTPError:
                    answered = None
                killer.join()
        finally:
            s.stop()
        with sqlite3.connect(db) as archive:
            after = archive.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            indexed = archive.execute("SELECT COUNT(*) FROM game_index").fetchone()[0]
        assert after in (before, before + 30) and indexed == after
        if answered == 201:
            assert after == before + 30


def Server_text(db: Path, game: int | None) -> str:  # noqa: N802 - reads the file the way the server keeps it
    from preflog.serve.archive import Archive
    archive = Archive(db)
    try:
        assert game is not None
        return archive.text(game).text
    finally:
        archive.close()


def preflog_serve(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", *args],
                          capture_output=True, text=True, cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          timeout=120)


def test_the_command_imports_exports_and_reindexes(tmp_path: Path) -> None:
    db = str(tmp_path / "c.sqlite")
    done = preflog_serve("--db", db, "--import", *map(str, SAMPLES), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "annotated.pref: imported 2 games, 2 deals (ids 1–2)" in done.stdout
    assert "classic.pref: imported 1 game, 6 deals (id 4)" in done.stdout
    out = preflog_serve("--db", db, "--export", "-", cwd=tmp_path)
    for sample in SAMPLES:
        assert sample.read_text(encoding="utf-8") in out.stdout
    assert out.stdout.count("[Players ") == len(SAMPLES) + 1
    assert preflog_serve("--db", db, "--reindex", cwd=tmp_path).stdout.startswith(f"{len(SAMPLES) + 1} games")
    bad = tmp_path / "bad.pref"
    bad.write_text(NEW + "deal 1\nbids 6z\n", encoding="utf-8")
    failed = preflog_serve("--db", db, "--import", str(bad), cwd=tmp_path)
    assert failed.returncode == 1 and "bad.pref:6:6: error:" in failed.stderr
    assert "Traceback" not in failed.stderr


WITHOUT_THE_EXTRA = ("import sys; sys.modules.update(dict.fromkeys(['starlette', 'uvicorn', 'jinja2', 'segno', "
                     "'multipart'])); from preflog.cli import main; main()")


def test_without_the_extra_the_archive_verbs_work_and_serving_says_what_to_install(tmp_path: Path) -> None:
    """``pip install preflog`` without ``[serve]``: the import, export and backup need nothing more;
    serving says which extra to install, with exit 2 and no traceback."""
    db = str(tmp_path / "bare.sqlite")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", WITHOUT_THE_EXTRA, "serve", "--db", db, "--import", str(SAMPLES[0])],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 0 and "imported 2 games" in done.stdout, done.stderr
    served = subprocess.run([sys.executable, "-c", WITHOUT_THE_EXTRA, "serve", "--db", db, "--port", "0"],
                            capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert served.returncode == 2 and "pip install 'preflog[serve]'" in served.stderr
    assert "Traceback" not in served.stderr


def test_a_file_that_is_not_an_archive_or_a_busy_port_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "x.sqlite").write_bytes(b"this is not a database" * 100)
    done = preflog_serve("--db", str(tmp_path / "x.sqlite"), cwd=tmp_path)
    assert done.returncode == 2 and "is not a preflog archive" in done.stderr and "Traceback" not in done.stderr
    with socket.socket() as busy:  # a port another program listens on
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = str(busy.getsockname()[1])
        done = preflog_serve("--db", str(tmp_path / "y.sqlite"), "--port", port, cwd=tmp_path)
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr


def test_another_programs_database_or_an_unwritable_folder_is_refused(tmp_path: Path) -> None:
    from preflog.serve.archive import Archive, ArchiveError

    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(ArchiveError, match="another program's database"):
        Archive(other)
    with sqlite3.connect(other) as db:  # left as it was
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["accounts"]
    with pytest.raises(ArchiveError, match="cannot open"):
        Archive(tmp_path / "no-such-folder" / "club.sqlite")


def test_an_export_left_midway_leaves_no_stale_reads(tmp_path: Path) -> None:
    """A long read left unfinished (a client that drops an export) keeps its own view of the file: the
    thread's later reads still see every change (a live watcher shown an old revision otherwise)."""
    from preflog.serve.archive import Archive
    from preflog.serve.games import index_of

    archive = Archive(tmp_path / "club.sqlite")
    deal = "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"
    archive.add([(NEW + deal, index_of(NEW + deal))] * 300)  # more than one batch of the long read
    pieces = archive.export()
    assert next(pieces).startswith("[Event")
    texts = archive.game_texts()
    assert next(texts)[0] == 1
    archive.change(1, lambda recorder: recorder.add("Vera 6h pp"), expect=1)
    assert archive.text(1)[1] == archive.revision(1) == 2
    archive.close()


def test_the_pages_import_and_undo_without_script(server: Served) -> None:
    with server.client() as c:
        assert c.get("/games/1/record").headers.get("location", "").startswith("/login?next=")
        assert "Record deals" not in c.get("/games/1").text  # a watcher sees no scorer's buttons
        csrf = login(c)
        files = {"file": ("club.pref", (NEW + "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\n"
                                        "result 8\n").encode(), "text/plain")}
        assert c.post("/import", files=files).status_code == 403  # no CSRF token
        r = c.post("/import", data={"csrf": csrf, "force": "1"}, files=files)
        assert r.status_code == 303
        game = int(r.headers["location"].rsplit("/", 1)[1])
        again = c.post("/import", data={"csrf": csrf}, files=files)  # the same file again: skipped, and said
        assert again.status_code == 200 and "already in the archive" in again.text
        assert re.search(r'<li><a href="/games/\d+"><span class="title">Friday</span>', again.text)  # the first kept
        page = c.get(f"/games/{game}/record").text
        assert "Record the deal" in page and "Take back the last deal" in page
        revision = re.search(r'name="revision" value="(\d+)"', page)
        assert revision is not None
        # issue 42: the undo asks first, and changes nothing until it is answered
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "undo", "revision": revision.group(1)})
        assert r.status_code == 200 and "Take back deal 1?" in r.text and "Yes, take it back" in r.text
        assert c.get(f"/api/games/{game}").json()["settlement"]["deals"] == 1
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "undo-confirmed",
                                                  "revision": revision.group(1)}, follow_redirects=True)
        assert r.status_code == 200 and "deal 1 taken back" in r.text and "Put deal 1 back" in r.text
        assert c.get(f"/api/games/{game}").json()["settlement"]["deals"] == 0
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "add", "deal": "Boris 6s pp",
                                                  "revision": revision.group(1)})  # the revision seen before
        assert r.status_code == 409 and "Boris 6s pp" in r.text  # refused, what was typed kept
        # put back as it was, while nothing else has changed; then the button is gone
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "redo"}, follow_redirects=True)
        assert r.status_code == 200 and "deal 1 recorded again" in r.text and "Put deal" not in r.text
        assert c.get(f"/api/games/{game}.pref").text.endswith("contract Boris: 7s\nwhist whist pass\nresult 8\n")
        # a correction of deal 1 and a note on it, each a new revision, the text before kept in the history
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "edit", "number": "1", "deal": "Boris 7s wp 9"},
                   follow_redirects=True)
        assert r.status_code == 200 and "deal 1 corrected" in r.text
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "note", "number": "1", "deal": "a <b> slip"},
                   follow_redirects=True)
        assert r.status_code == 200 and "the note is written on deal 1" in r.text and "<b>" not in r.text
        text = c.get(f"/api/games/{game}.pref").text
        assert "result 9 {a <b> slip}" in text
        r = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "edit", "number": "1", "deal": "Boris 7s wp 11"})
        assert r.status_code == 422 and "Correcting deal 1" in r.text and "Boris 7s wp 11" in r.text
        assert c.get(f"/api/games/{game}.pref").text == text  # refused: nothing changed
        kept = server.archive.history(game)  # nothing lost: the text before the undo, the correction, the note
        assert ["result 8\n" in t for _revision, _when, t in kept] == [True, True, False]
        bad = {"file": ("bad.pref", (NEW + "deal 1\nbids 6z\n").encode(), "text/plain")}
        r = c.post("/import", data={"csrf": csrf}, files=bad)
        assert r.status_code == 422 and "bad.pref:6:6: error:" in r.text


def test_an_archive_from_a_newer_preflog_is_refused_and_an_older_one_migrated(tmp_path: Path) -> None:
    from preflog.serve.archive import SCHEMA_VERSION, Archive, ArchiveError

    newer = tmp_path / "newer.sqlite"
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(ArchiveError, match="newer preflog"):
        Archive(newer)
    older = tmp_path / "older.sqlite"
    sqlite3.connect(older).close()  # schema 0: an empty file
    archive = Archive(older)
    assert archive.count() == 0
    archive.close()
    with sqlite3.connect(older) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_archive_of_schema_1_is_brought_up_to_date_with_its_games(tmp_path: Path) -> None:
    from preflog.serve.archive import MIGRATIONS, SCHEMA_VERSION, Archive

    old = tmp_path / "v1.sqlite"
    with sqlite3.connect(old) as db:
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO games (text, added, changed) VALUES (?, '2025-01-01', '2025-01-01')", (NEW,))
        db.execute("PRAGMA user_version=1")
    archive = Archive(old)
    assert archive.text(1) == (NEW, 1)
    assert archive.reindex() == 1 and archive.row(1).players == ("Anna", "Boris", "Vera")
    archive.close()
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 10
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"events", "event_games"} <= tables  # schema 7: the events
        assert "deal_keys" in tables  # schema 8: the ids the pages made for their deals
        assert "game_tail" in tables  # schema 9: what a change adds, kept as a piece of its game
        indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "game_index_rules" in indexes
        assert db.execute("SELECT COUNT(*) FROM game_stats").fetchone()[0] == 1  # made by the reindex's replay


def test_the_token_is_printed_once_and_kept_hashed(tmp_path: Path) -> None:
    s = Server(tmp_path / "t.sqlite", token=None)
    try:
        token = re.search(r"the scorer's token: (\S+)", s.said)
        assert token is not None
        with httpx.Client(base_url=s.url) as c:
            r = c.post("/api/games", content=NEW, headers={"Authorization": f"Bearer {token.group(1)}", **TEXT})
            assert r.status_code == 201
    finally:
        s.stop()
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        kept = db.execute("SELECT value FROM meta WHERE key = 'token_sha256'").fetchone()[0]
    assert token.group(1) not in kept and len(kept) == 64


def test_every_id_of_the_scorer_s_page_and_the_game_s_is_one_element_s(server: Served) -> None:
    """The scorer's page holds the game's live part, whose turn was also ``id="turn"`` (issue 65, point 5):
    a page's ids are each one element's, in every mode of the scorer's page."""
    import re  # noqa: PLC0415

    with server.client() as c:
        game = new_game(c)
        login(c)
        deal(c, game, "Boris 7s wp 8")
        for path in (f"/games/{game}/record", f"/games/{game}/record?edit=1", f"/games/{game}/record?note=1",
                     f"/games/{game}"):
            ids = re.findall(r'\sid="([^"]+)"', c.get(path).text)
            assert ids and len(ids) == len(set(ids)), (path, sorted(i for i in ids if ids.count(i) > 1))


def test_a_note_is_typed_with_no_deal_keys(server: Served) -> None:
    """The note's page is a line of one's own words: no keys of players, contracts or tricks, whose taps
    would write «пас» into the note (a new player's stumble), and its own buttons to write it or cancel."""
    with server.client() as c:
        game = new_game(c)
        login(c)
        deal(c, game, "Boris 7s wp 8")
        page = c.get(f"/games/{game}/record?note=1").text
        assert 'class="keys' not in page and 'value="note"' in page
        assert 'class="keys' in c.get(f"/games/{game}/record").text
