"""«Задачи» on the club server (issue 67, point 6): each finished game's lessons derived in the background
and kept per revision (a game changed: its old lessons never served, the new ones made), across
``kill -9``; a player's drills with their Leitner schedule (a miss back the next day, a hit a box up)
under an injected clock; answers kept only with the scorer's login or the player's drill key, and the
form's CSRF token (403 and nothing written otherwise); the puzzle of the day the same all day; every
name and Event escaped. The lessons are made with 10 layouts a card, once for the module."""

from __future__ import annotations

import re
import sqlite3
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .serving import AUTH, Served, copied, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.archive import Archive, Place  # noqa: E402
from preflog.serve.deriver import Deriver  # noqa: E402
from preflog.serve.drills import after, of_the_day  # noqa: E402

HOSTILE = '<script>alert(1)</script>'
SOCHI = (ROOT / "samples" / "sochi-pulka.pref").read_text(encoding="utf-8").replace(
    'Event "Friday club, table 2"', f'Event "{HOSTILE}"')
DAY = date(2026, 12, 1)


@pytest.fixture(scope="module")
def taught(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive holding the sample pulka (its Event hostile) with its lessons made, as the deriver makes
    them (10 layouts a card)."""
    db = tmp_path_factory.mktemp("taught") / "club.sqlite"
    archive = Archive(db)
    archive.import_text(SOCHI, "sochi-pulka.pref")
    deriver = Deriver(archive, 10)
    while deriver.teach_one():
        pass
    archive.close()
    return db


@pytest.fixture
def club(taught: Path, tmp_path: Path) -> Served:
    """The app of a copy of the taught archive, its clock at :data:`DAY` (lessons of 10 layouts)."""
    app = Served(copied(taught, tmp_path / "club.sqlite"), lesson_samples=10)
    app.app.state.club.today = lambda: DAY
    yield app
    app.stop()


def lessons_in(db: Path) -> list[tuple[int, int, int, int, str]]:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT game, deal, card, revision, player FROM lessons ORDER BY game, deal, card").fetchall()


def drills_in(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT player, game, deal, card, box, due FROM drills ORDER BY game, deal, card").fetchall()


def shown_place(html: str) -> str:
    """The lesson a drill page asks (its form's action)."""
    found = re.search(r'action="/puzzles/[^/"]+/([0-9]+-[0-9]+-[0-9]+)"', html)
    assert found, html
    return found.group(1)


def csrf_of(html: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)">', html)
    assert found
    return found.group(1)


def key_phone(app: Served, player: str) -> Any:
    """A phone holding ``player``'s drill key, which the scorer made (with the token): the client."""
    made = app.client(headers=AUTH).post(f"/puzzles/{player}/key", data={"action": "make"})
    assert made.status_code == 200 and made.headers["cache-control"] == "no-store"
    link = re.search(r'href="(http://testserver/puzzles/[^"?]+\?key=[^"]+)"', made.text)
    assert link
    phone = app.client()
    first = phone.get(link.group(1).replace("http://testserver", ""))
    assert first.status_code == 200 and "preflog_drill" in first.headers["set-cookie"]
    assert "httponly" in first.headers["set-cookie"].lower() and "samesite=strict" in first.headers["set-cookie"].lower()
    return phone


def answer(phone: Any, player: str, place: str, card: str) -> Any:
    page = phone.get(f"/puzzles/{player}")
    return phone.post(f"/puzzles/{player}/{place}", data={"csrf": csrf_of(page.text), "card": card})


def test_lessons_are_kept_per_revision_and_made_anew_in_the_background(club: Served) -> None:
    kept = lessons_in(club.db)
    assert len(kept) >= 5 and {r[3] for r in kept} == {1} and {"Vera", "Boris", "Anna"} <= {r[4] for r in kept}
    c = club.client()
    listed = c.get("/puzzles")
    assert listed.status_code == 200 and 'href="/puzzles/Vera"' in listed.text
    g, d, n = kept[0][:3]
    old = c.get(f"/puzzles/{kept[0][4]}")
    assert old.status_code == 200
    # the game changes (a note on its first deal): its lessons of before are never served again
    note = club.client(headers=AUTH).post(f"/api/games/{g}/deals/1/note", content="a note",
                                          headers={"Content-Type": "text/plain"})
    assert note.status_code == 200
    assert c.get(f"/puzzles/{kept[0][4]}/{g}-{d}-{n}?card=Ah").status_code == 404
    assert "/puzzles/Vera" not in c.get("/puzzles").text or lessons_in(club.db)[0][3] == 2
    deadline = time.monotonic() + 120
    while not lessons_in(club.db) or lessons_in(club.db)[0][3] != 2:  # the deriver makes them anew
        assert time.monotonic() < deadline, "the lessons were never made anew"
        time.sleep(0.2)
    again = lessons_in(club.db)
    assert {r[3] for r in again} == {2} and [r[:3] for r in again] == [r[:3] for r in kept]
    assert c.get(f"/puzzles/{kept[0][4]}").status_code == 200


def test_lessons_survive_kill_9(taught: Path, tmp_path: Path) -> None:
    """Killed while it makes a game's lessons, the server leaves none half kept; started again, it makes them."""
    db = tmp_path / "kill.sqlite"
    archive = Archive(db)
    archive.import_text(SOCHI, "sochi-pulka.pref")
    archive.close()
    with running(db, extra=("--lesson-samples", "10")) as s:
        time.sleep(2)
        s.kill()
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        made = c.execute("SELECT COUNT(*) FROM lesson_games").fetchone()[0]
        assert c.execute("SELECT COUNT(*) FROM lessons").fetchone()[0] == (len(lessons_in(taught)) if made else 0)
    with running(db, extra=("--lesson-samples", "10")) as s:
        deadline = time.monotonic() + 120
        while not lessons_in(db):
            assert time.monotonic() < deadline, "no lessons after the restart"
            time.sleep(0.3)
        s.kill()
    assert [r[:3] for r in lessons_in(db)] == [r[:3] for r in lessons_in(taught)]


def test_an_answer_is_kept_only_with_the_scorers_login_or_the_drill_key(club: Served) -> None:
    watcher = club.client()
    page = watcher.get("/puzzles/Vera")
    assert page.status_code == 200 and "nothing is kept on this phone" in page.text
    assert 'method="get"' in page.text and 'method="post" action="/puzzles/Vera/' not in page.text
    place = shown_place(page.text)
    tried = watcher.get(f"/puzzles/Vera/{place}?card=Ah")
    assert tried.status_code in (200, 404)
    # a POST without a key or a login: refused, nothing written
    for data in ({"card": "Ah"}, {"card": "Ah", "csrf": watcher.cookies.get("preflog_csrf") or "x"}):
        refused = watcher.post(f"/puzzles/Vera/{place}", data=data)
        assert refused.status_code == 403 and "nothing was kept" in refused.text
    # the scorer's key made by a watcher: refused
    assert watcher.post("/puzzles/Vera/key", data={"action": "make"}).status_code == 401
    assert drills_in(club.db) == []
    phone = key_phone(club, "Vera")
    # the key, but not the form's CSRF token: refused
    assert phone.post(f"/puzzles/Vera/{place}", data={"card": "Ah"}).status_code == 403
    # another player's drills with Vera's key: refused
    assert phone.post(f"/puzzles/Boris/{place}", data={"card": "Ah", "csrf": phone.cookies.get("preflog_csrf")}
                      ).status_code == 403
    assert drills_in(club.db) == []
    shown = phone.get("/puzzles/Vera")
    assert 'method="post"' in shown.text and "nothing is kept" not in shown.text
    legal = re.findall(r'name="card" value="([^"]+)"', shown.text)
    kept = answer(phone, "Vera", shown_place(shown.text), legal[0])
    assert kept.status_code == 303 and len(drills_in(club.db)) == 1
    # revoked: the phone's key no longer keeps anything
    assert club.client(headers=AUTH).post("/puzzles/Vera/key", data={"action": "drop"}).status_code == 303
    later = phone.get("/puzzles/Vera")
    assert "nothing is kept on this phone" in later.text
    assert phone.post(f"/puzzles/Vera/{place}", data={"card": legal[0], "csrf": csrf_of(later.text)}
                      ).status_code == 403
    # the scorer's login keeps answers
    assert club.client(headers=AUTH).post(f"/puzzles/Boris/{shown_place(watcher.get('/puzzles/Boris').text)}",
                                          data={"card": "7c"}).status_code in (303, 404)


def test_the_schedule_a_miss_tomorrow_a_hit_a_box_up(club: Served) -> None:
    clock = club.app.state.club
    phone = key_phone(club, "Anna")
    first = phone.get("/puzzles/Anna")
    place = shown_place(first.text)
    legal = re.findall(r'name="card" value="([^"]+)"', first.text)
    row = next(r for r in lessons_in(club.db) if r[4] == "Anna")
    right = club.archive.lesson(Place(*row[:3])).data["answer"][0]  # type: ignore[union-attr]
    wrong = next(c for c in legal if c not in club.archive.lesson(Place(*row[:3])).data["answer"])  # type: ignore[union-attr]
    missed = answer(phone, "Anna", place, wrong)
    assert missed.status_code == 303
    shown = phone.get(missed.headers["location"])
    assert "Wrong" in shown.text and "comes back on 2026-12-02" in shown.text
    assert drills_in(club.db)[0][4:] == (0, "2026-12-02")
    # answered twice the same day: kept once
    assert answer(phone, "Anna", place, right).status_code == 303 and drills_in(club.db)[0][4:] == (0, "2026-12-02")
    count = sum(r[4] == "Anna" for r in lessons_in(club.db))
    if count == 1:
        assert "All done for today" in phone.get("/puzzles/Anna").text
    clock.today = lambda: DAY + timedelta(days=1)  # the next day: the miss is due, the most overdue first
    assert shown_place(phone.get("/puzzles/Anna").text) == place
    hit = answer(phone, "Anna", place, right)
    assert "Right" in phone.get(hit.headers["location"]).text
    assert drills_in(club.db)[0][4:] == (1, "2026-12-03")
    clock.today = lambda: DAY + timedelta(days=2)
    answer(phone, "Anna", place, right)
    assert drills_in(club.db)[0][4:] == (2, "2026-12-06")
    clock.today = lambda: DAY + timedelta(days=4)
    if count == 1:
        page = phone.get("/puzzles/Anna").text
        assert "All done for today" in page and "2026-12-06" in page


def test_leitner_boxes() -> None:
    assert after(None, False, DAY).due == "2026-12-02"
    drill = after(None, True, DAY)
    assert drill.box == 1 and drill.due == "2026-12-02"
    boxes = [drill]
    for _ in range(4):
        boxes.append(after(boxes[-1], True, DAY))
    assert [(b.box, b.due) for b in boxes] == [(1, "2026-12-02"), (2, "2026-12-04"), (3, "2026-12-08"),
                                                (4, "2026-12-22"), (4, "2026-12-22")]
    assert after(boxes[-1], False, DAY).box == 0


def test_the_puzzle_of_the_day_is_the_same_all_day(club: Served) -> None:
    c = club.client()
    shown = {shown_day(c.get("/puzzles").text) for _ in range(3)}
    assert len(shown) == 1
    places = [Place(1, d, n) for d in range(1, 4) for n in range(5)]
    days = {of_the_day(places, DAY + timedelta(days=i)) for i in range(30)}
    assert len(days) > 3 and of_the_day(places, DAY) == of_the_day(list(places), DAY)
    assert of_the_day([], DAY) is None


def shown_day(html: str) -> str:
    found = re.search(r'action="/puzzles/[^/"]+/([0-9]+-[0-9]+-[0-9]+)"', html)
    assert found, html
    return found.group(1)


def test_names_and_events_are_escaped(club: Served) -> None:
    c = club.client()
    pages = [c.get("/puzzles"), c.get("/puzzles/Vera")]
    place = shown_place(pages[1].text)
    legal = re.findall(r'name="card" value="([^"]+)"', pages[1].text)
    pages.append(c.get(f"/puzzles/Vera/{place}?card={legal[0]}"))
    for page in pages:
        assert page.status_code == 200
        assert "<script>alert" not in page.text and "&lt;script&gt;alert" in page.text
    hostile = c.get("/puzzles/%3Cb%3Eboss%3C%2Fb%3E")
    assert hostile.status_code == 404 and "<b>boss" not in hostile.text and "&lt;b&gt;boss" in hostile.text


def test_russian_words(club: Served) -> None:
    c = club.client(headers={"Accept-Language": "ru"})
    page = c.get("/puzzles/Vera").text
    assert "Задачи" in page and "Ход: Vera. Какую карту сыграть?" in page
    assert "Задачи" in c.get("/puzzles").text and 'href="/puzzles"' in c.get("/").text
