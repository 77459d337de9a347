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
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .serving import AUTH, Served, copied, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.archive import Archive, Drill, NewLesson, Place  # noqa: E402
from preflog.serve.deriver import Deriver  # noqa: E402
from preflog.serve.drills import after, of_the_day  # noqa: E402

HOSTILE = '<script>alert(1)</script>'
SOCHI = (ROOT / "samples" / "sochi-pulka.pref").read_text(encoding="utf-8").replace(
    'Event "Friday club, table 2"', f'Event "{HOSTILE}"')
DAY = date(2026, 12, 1)


def taught_archive(factory: pytest.TempPathFactory, name: str, samples: int, *games: tuple[str, str]) -> Path:
    """An archive holding ``games`` (each a text and its file's name) with their lessons made as the
    deriver makes them (``samples`` layouts a card)."""
    db = factory.mktemp(name) / "club.sqlite"
    archive = Archive(db)
    for text, source in games:
        archive.import_text(text, source)
    deriver = Deriver(archive, samples)
    while deriver.teach_one():
        pass
    archive.close()
    return db


def served(taught: Path, tmp_path: Path, samples: int) -> Iterator[Served]:
    """The app of a copy of a taught archive, its clock at :data:`DAY`."""
    app = Served(copied(taught, tmp_path / "club.sqlite"), lesson_samples=samples)
    app.app.state.club.today = lambda: DAY
    yield app
    app.stop()


@pytest.fixture(scope="module")
def taught(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive holding the sample pulka (its Event hostile) with its lessons made (10 layouts a card)."""
    return taught_archive(tmp_path_factory, "taught", 10, (SOCHI, "sochi-pulka.pref"))


@pytest.fixture
def club(taught: Path, tmp_path: Path) -> Iterator[Served]:
    """The app of a copy of the taught archive, its clock at :data:`DAY` (lessons of 10 layouts)."""
    yield from served(taught, tmp_path, 10)


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
    shown = {shown_place(c.get("/puzzles").text) for _ in range(3)}
    assert len(shown) == 1
    places = [Place(1, d, n) for d in range(1, 4) for n in range(5)]
    days = {of_the_day(places, DAY + timedelta(days=i)) for i in range(30)}
    assert len(days) > 3 and of_the_day(places, DAY) == of_the_day(list(places), DAY)
    assert of_the_day([], DAY) is None


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


# -- the discard -------------------------------------------------------------------------------------------

def _finished(text: str) -> str:
    """``text`` as a finished pulka: a pool of 1 (the discard lesson's deal or the one after closes it)."""
    return text.replace('[Rules "sochi"]', '[Rules "sochi"]\n[Pool "1"]')


_ANNOTATED = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")
#: samples/annotated.pref's first game (Boris discards 10♠ 10♦ for 7♥; best В♦ 10♦, one answer), its Event hostile.
BORIS = _finished(_ANNOTATED[:_ANNOTATED.index("[Event", _ANNOTATED.index("[Event") + 1)]).replace(
    "\nsheet ", "\n% sheet ").replace('Event "Friday club, table 2"', f'Event "{HOSTILE}"')
#: samples/puzzles/de-gaulle.pref as a game (the misère discard with several right answers), a deal after it.
GAULLE = _finished((ROOT / "samples" / "puzzles" / "de-gaulle.pref").read_text(encoding="utf-8")).replace(
    '[Puzzle "tricks"]\n', "") + "\ndeal 2 dealer Запад\nbids 7s pass pass\ncontract 7s\nwhist pass pass\n"


@pytest.fixture(scope="module")
def discarded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive of the two games with a discard lesson, their lessons made as the deriver makes them (30
    layouts a card and a discard)."""
    return taught_archive(tmp_path_factory, "discarded", 30, (BORIS, "annotated.pref"), (GAULLE, "de-gaulle.pref"))


@pytest.fixture
def discards(discarded: Path, tmp_path: Path) -> Iterator[Served]:
    yield from served(discarded, tmp_path, 30)


def main_of(html: str) -> str:
    """A page's main, its drawings left out."""
    found = re.search(r"<main.*</main>", html, re.S)
    assert found, html
    return re.sub(r"<svg.*?</svg>", "", found.group(0), flags=re.S)


def test_a_discard_lesson_is_kept_at_its_own_place(discards: Served) -> None:
    kept = lessons_in(discards.db)
    assert (1, 1, -1, 1, "Boris") in kept and (2, 1, -1, 1, "Восток") in kept
    assert {r[:3] for r in kept if r[0] == 1 and r[2] >= 0}  # the card lessons of the same deal beside it
    boris = discards.archive.lesson(Place(1, 1, -1))
    assert boris is not None and str(boris.place) == "1-1-discard" and boris.theme == "discard"
    data = boris.data
    assert len(data["twelve"]) == 12 and len(data["values"]) == 66 and set(data["classes"]) == set(data["values"])
    assert data["right"] == ["Jd Td"] and data["made"] == "Ts Td"
    assert (data["values"]["Ts Td"], data["values"]["Jd Td"], data["best"]) == (5, 6, 6)
    assert all(len(line) == 30 for line in data["lines"].values())
    gaulle = discards.archive.lesson(Place(2, 1, -1))
    assert gaulle is not None and not gaulle.data["wants_more"] and gaulle.data["best"] == 0
    right = gaulle.data["right"]
    assert "Ts Jd" in right and "Ts Ah" not in right and len(gaulle.data["answers"]) > 1
    assert all(gaulle.data["values"][p] == 0 for p in right)
    assert len(right) == sum(v == 0 for v in gaulle.data["values"].values())  # every best discard accepted


def test_a_discard_is_asked_with_twelve_checkboxes_and_one_button(discards: Served) -> None:
    c = discards.client()
    page = c.get("/puzzles/Boris")
    assert page.status_code == 200
    main = main_of(page.text)
    assert 'action="/puzzles/Boris/1-1-discard"' in main and 'method="get"' in main
    assert "Boris plays 7♥: which two cards to discard?" in main and "tricks lost on average: 0.9" in main
    boxes = re.findall(r'<label class="card[^"]*"><input type="checkbox" name="card" value="([^"]+)">', main)
    assert len(boxes) == 12 and {"Ts", "Td", "As", "9h"} <= set(boxes)
    assert main.count("<button") == 1 and ">Discard them</button>" in main
    svg = re.search(r"<figure class=\"puzzle-figure\">(.*?)</figure>", page.text, re.S)
    assert svg and "Boris plays 7♥: which two cards to discard?" in svg.group(1)


def test_a_discard_of_other_than_two_cards_is_asked_again(discards: Served) -> None:
    c = discards.client()
    for sent, n in ((["Ts"], 1), (["Ts", "Td", "As"], 3), ([], 0), (["Ts", "Ts"], 1)):
        again = c.get("/puzzles/Boris/1-1-discard", params=[("card", x) for x in sent])
        assert again.status_code == 400, sent
        main = main_of(again.text)
        alert = re.search(r'<p class="problem" role="alert" id="discard-problem">([^<]+)</p>', main)
        assert alert and f"{n} card" in alert.group(1) and "Choose two cards" in alert.group(1)
        assert main.index("Discard them</button>") < main.index('role="alert"')  # beside the button
        assert sorted(re.findall(r'value="([^"]+)" checked', main)) == sorted(set(sent))
    assert c.get("/puzzles/Boris/1-1-discard?card=Ts&card=Zz").status_code == 404
    assert c.get("/puzzles/Boris/1-1-discard?card=Ts&card=7c").status_code == 404  # not one of his twelve
    assert c.get("/puzzles/Vera/1-1-discard?card=Ts&card=Td").status_code == 404   # not Vera's lesson


def test_a_discard_answered_right_and_wrong(discards: Served) -> None:
    c = discards.client()
    wrong = c.get("/puzzles/Boris/1-1-discard?card=Td&card=Ts")
    assert wrong.status_code == 200
    main = main_of(wrong.text)
    assert "Wrong" in main and "The discard T♠ T♦ costs a trick: Boris ends with 5 instead of 6" in main
    assert "Right: J♦ T♦." in main
    tricks = re.findall(r'href="\?card=Ts&amp;card=Td&amp;trick=([0-9])#steps"', main)
    assert len(tricks) == 10 and "Trick 1: " in main
    later = main_of(c.get("/puzzles/Boris/1-1-discard?card=Ts&card=Td&trick=3").text)
    assert "Trick 4: " in later
    line = re.search(r"refuted by: ([^<]+)</p>", main)
    assert line and "T♠" not in line.group(1) and "T♦" not in line.group(1)  # the cards laid away never played
    right = main_of(c.get("/puzzles/Boris/1-1-discard?card=Jd&card=Td").text)
    assert "Right" in right and "The discard J♦ T♦ is best: Boris ends with 6 tricks" in right
    assert "Best play: " in right and "other discard" not in right


def test_every_best_discard_of_a_misere_is_right(discards: Served) -> None:
    c = discards.client()
    kept = discards.archive.lesson(Place(2, 1, -1))
    assert kept is not None
    made = main_of(c.get("/puzzles/Восток/2-1-discard?card=Ts&card=Ah").text)
    assert "Wrong" in made and "costs a trick: Восток ends with 1 instead of 0" in made
    for pair in kept.data["answers"][:3]:
        shown = main_of(c.get("/puzzles/Восток/2-1-discard", params=[("card", x) for x in pair.split()]).text)
        assert "Right" in shown and "ends with 0 tricks" in shown and "other discards do as well" in shown


def test_a_discard_answer_is_kept_like_a_cards(discards: Served) -> None:
    phone = key_phone(discards, "Boris")
    page = phone.get("/puzzles/Boris")
    assert shown_discard(page.text) == "1-1-discard" and 'method="post"' in page.text
    token = csrf_of(page.text)
    assert phone.post("/puzzles/Boris/1-1-discard", data={"card": ["Ts", "Td"]}).status_code == 403  # no token
    watcher = discards.client()
    assert watcher.post("/puzzles/Boris/1-1-discard", data={"card": ["Ts", "Td"], "csrf": "x"}).status_code == 403
    one = phone.post("/puzzles/Boris/1-1-discard", data={"card": ["Ts"], "csrf": token})
    assert one.status_code == 400 and 'value="Ts" checked' in one.text and 'method="post"' in one.text
    assert drills_in(discards.db) == []
    missed = phone.post("/puzzles/Boris/1-1-discard", data={"card": ["Td", "Ts"], "csrf": token})
    assert missed.status_code == 303 and missed.headers["location"] == "/puzzles/Boris/1-1-discard?card=Ts&card=Td"
    assert drills_in(discards.db) == [("boris", 1, 1, -1, 0, "2026-12-02")]
    assert "comes back on 2026-12-02" in phone.get(missed.headers["location"]).text
    assert "All done for today" in phone.get("/puzzles/Boris").text  # his one lesson: the miss waits
    discards.app.state.club.today = lambda: DAY + timedelta(days=1)
    assert shown_discard(phone.get("/puzzles/Boris").text) == "1-1-discard"  # due again, the most overdue
    hit = phone.post("/puzzles/Boris/1-1-discard", data={"card": ["Jd", "Td"], "csrf": token})
    assert hit.status_code == 303 and drills_in(discards.db)[0][4:] == (1, "2026-12-03")


def shown_discard(html: str) -> str | None:
    found = re.search(r'action="/puzzles/[^/"]+/([0-9]+-[0-9]+-(?:[0-9]+|discard))"', html)
    return found.group(1) if found else None


def test_the_puzzle_of_the_day_may_be_a_discard(discards: Served) -> None:
    places = discards.archive.lesson_places()
    day = next(DAY + timedelta(days=i) for i in range(400)
               if (p := of_the_day(places, DAY + timedelta(days=i))) is not None and p.card == -1)
    discards.app.state.club.today = lambda: day
    c = discards.client()
    page = main_of(c.get("/puzzles").text)
    place = shown_discard(page)
    assert place is not None and place.endswith("-discard") and '<input type="hidden" name="day" value="1">' in page
    player = "Boris" if place.startswith("1-") else "Восток"
    again = c.get(f"/puzzles/{player}/{place}?card=9h&day=1")
    assert again.status_code == 400 and 'name="day" value="1"' in again.text and 'method="get"' in again.text
    kept = discards.archive.lesson(Place(int(place[0]), 1, -1))
    assert kept is not None
    pair = kept.data["right"][0].split()
    shown = c.get(f"/puzzles/{player}/{place}", params=[("card", pair[0]), ("card", pair[1]), ("day", "1")])
    assert shown.status_code == 200 and 'href="/puzzles"' in shown.text and "Right" in shown.text


def test_discard_pages_escape_the_event_and_speak_russian(discards: Served) -> None:
    c = discards.client()
    for path in ("/puzzles/Boris", "/puzzles/Boris/1-1-discard?card=Ts", "/puzzles/Boris/1-1-discard?card=Ts&card=Td"):
        page = c.get(path)
        assert "<script>alert" not in page.text and "&lt;script&gt;alert" in page.text, path
    ru = discards.client(headers={"Accept-Language": "ru"})
    asked = main_of(ru.get("/puzzles/Boris").text)
    assert "Boris будет играть 7♥. Какие две карты снести?" in asked and ">Снести</button>" in asked
    assert "Ваш снос: две карты" in asked
    again = main_of(ru.get("/puzzles/Boris/1-1-discard?card=Ts").text)
    assert "Отметьте две карты для сноса: отмечена 1 карта" in again
    wrong = main_of(ru.get("/puzzles/Boris/1-1-discard?card=Ts&card=Td").text)
    assert "Снос 10♠ 10♦ стоит 1 взятку: Boris берёт 5 вместо 6" in wrong and "Верно: В♦ 10♦." in wrong
    right = main_of(ru.get("/puzzles/Boris/1-1-discard?card=Jd&card=Td").text)
    assert "Снос В♦ 10♦ лучший: Boris берёт 6 взяток" in right


def test_an_archive_taught_before_discards_keeps_its_drills(discarded: Path, tmp_path: Path) -> None:
    """An archive of the first derivation (card lessons only) is taught again, its drills kept by place."""
    db = copied(discarded, tmp_path / "old.sqlite")
    with sqlite3.connect(db) as c:
        c.execute("DELETE FROM lessons WHERE card = -1")
        c.execute("UPDATE lesson_games SET derivation = 1")
        c.execute("INSERT INTO drills (player, game, deal, card, box, due) VALUES ('vera', 1, 1, 3, 2, '2026-12-05')")
    archive = Archive(db)
    try:
        assert [g for g, _r in archive.untaught()] == [1, 2]
        again = [NewLesson(k.place.deal, k.place.card, k.player, k.player.casefold(), k.theme, k.puzzle, k.data)
                 for k in (archive.lesson(p) for p in archive.lesson_places() if p.game == 1) if k is not None]
        assert archive.keep_lessons(1, 1, again) and [g for g, _r in archive.untaught()] == [2]
        assert archive.drill("vera", Place(1, 1, 3)) == Drill(2, "2026-12-05")
    finally:
        archive.close()


# -- whist or pass -----------------------------------------------------------------------------------------

_LENINGRAD = (ROOT / "samples" / "leningrad.pref").read_text(encoding="utf-8")
#: samples/leningrad.pref's first four deals as a finished pulka (a pool of 1, closed by deal 4), deal 2 kept
#: without its hands (fewer lessons to make), its Event hostile: in deal 1 Dima whists Lena's 6♦, the
#: right word being pass.
LENINGRAD = (_LENINGRAD[:_LENINGRAD.index("deal 2 ")]
             + "deal 2 dealer Lena\ncontract Oleg: 7h\nwhist whist pass closed\nresult Oleg 6 Dima 1 Lena 3\n\n"
             + _LENINGRAD[_LENINGRAD.index("deal 3 "):_LENINGRAD.index("deal 5 ")]).replace(
    '[Pool "20"]', '[Pool "1"]').replace('Event "Leningrad evening"', f'Event "{HOSTILE}"')


@pytest.fixture(scope="module")
def whisted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive of the Leningrad pulka with its lessons made as the deriver makes them (10 layouts)."""
    return taught_archive(tmp_path_factory, "whisted", 10, (LENINGRAD, "leningrad.pref"))


@pytest.fixture
def words(whisted: Path, tmp_path: Path) -> Iterator[Served]:
    yield from served(whisted, tmp_path, 10)


def shown_word(html: str) -> str | None:
    found = re.search(r'action="/puzzles/[^/"]+/([0-9]+-[0-9]+-whist)"', html)
    return found.group(1) if found else None


def test_a_whist_lesson_is_kept_at_its_own_place(words: Served) -> None:
    kept = lessons_in(words.db)
    assert (1, 1, -2, 1, "Dima") in kept and any(r[2] >= 0 for r in kept)  # a card lesson of the deal beside it
    dima = words.archive.lesson(Place(1, 1, -2))
    assert dima is not None and str(dima.place) == "1-1-whist" and dima.theme == "whist"
    data = dima.data
    assert (data["chooser"], data["declarer"], data["said"], data["right"], data["tricks"]) == (
        "Dima", "Lena", "whist", ["pass"], 5)
    assert data["answer"] == ["pass"] and data["scores"] == {"whist": "76/3", "pass": "82/3"} and data["whist_loss"] > 0
    assert "whist whist\n" in data["before"] and "play " not in data["before"]  # Oleg's word, not Dima's
    assert words.client().get("/puzzles/Dima/1-1--2?card=pass").status_code == 404  # only its address names it


def test_a_whist_is_asked_with_two_big_buttons(words: Served) -> None:
    c = words.client()
    page = c.get("/puzzles/Dima")
    assert page.status_code == 200
    main = main_of(page.text)
    assert shown_word(main) == "1-1-whist" and 'method="get"' in main and "<script" not in main
    assert "Lena plays 6♦; Dima to speak: whist or pass?" in main and "whists lost on average: 10.6" in main
    assert re.findall(r'<button type="submit" name="card" value="([a-z]+)" class="big word">([^<]+)</button>',
                      main) == [("whist", "Whist"), ("pass", "Pass")]
    assert main.count("<button") == 2 and "checkbox" not in main
    svg = re.search(r"<figure class=\"puzzle-figure\">(.*?)</figure>", page.text, re.S)
    assert svg and "Lena plays 6♦; Dima to speak: whist or pass?" in svg.group(1)
    for bad in ("half", "", "Kc", "whist&card=pass"):
        assert c.get(f"/puzzles/Dima/1-1-whist?card={bad}").status_code == 404, bad
    assert c.get("/puzzles/Dima/1-1-whist").status_code == 404
    assert c.get("/puzzles/Lena/1-1-whist?card=pass").status_code == 404  # not Lena's lesson


def test_a_whist_answered_right_and_wrong(words: Served) -> None:
    c = words.client()
    wrong = c.get("/puzzles/Dima/1-1-whist?card=whist")
    assert wrong.status_code == 200
    main = main_of(wrong.text)
    assert '<h1 class="verdict wrong">Wrong</h1>' in main and "Dima: with a whist +25.33, with a pass +27.33" in main
    assert "Right: pass." in main and "With best play Lena takes 5 tricks." in main
    assert "Trick by trick" not in main and "refuted by" not in main
    right = main_of(c.get("/puzzles/Dima/1-1-whist?card=pass").text)
    assert '<h1 class="verdict right">Right</h1>' in right and "Dima: with a whist +25.33, with a pass +27.33" in right
    assert "Right: pass." not in right and "With best play Lena takes 5 tricks." in right
    assert 'href="/puzzles/Dima?after=1-1-whist"' in right  # the next lesson after this one


def test_a_whist_answer_is_kept_like_a_cards(words: Served) -> None:
    phone = key_phone(words, "Dima")
    page = phone.get("/puzzles/Dima")
    assert shown_word(page.text) == "1-1-whist" and 'method="post"' in page.text
    token = csrf_of(page.text)
    assert phone.post("/puzzles/Dima/1-1-whist", data={"card": "whist"}).status_code == 403  # no token
    watcher = words.client()
    assert watcher.post("/puzzles/Dima/1-1-whist", data={"card": "whist", "csrf": "x"}).status_code == 403
    assert phone.post("/puzzles/Lena/1-1-whist", data={"card": "whist", "csrf": token}).status_code == 403
    assert phone.post("/puzzles/Dima/1-1-whist", data={"card": "half", "csrf": token}).status_code == 404
    assert drills_in(words.db) == []
    missed = phone.post("/puzzles/Dima/1-1-whist", data={"card": "whist", "csrf": token})
    assert missed.status_code == 303 and missed.headers["location"] == "/puzzles/Dima/1-1-whist?card=whist"
    assert drills_in(words.db) == [("dima", 1, 1, -2, 0, "2026-12-02")]
    assert "comes back on 2026-12-02" in phone.get(missed.headers["location"]).text
    assert "All done for today" in phone.get("/puzzles/Dima").text  # his one lesson: the miss waits
    words.app.state.club.today = lambda: DAY + timedelta(days=1)
    assert shown_word(phone.get("/puzzles/Dima").text) == "1-1-whist"  # due again
    hit = phone.post("/puzzles/Dima/1-1-whist", data={"card": "pass", "csrf": token})
    assert hit.status_code == 303 and drills_in(words.db)[0][4:] == (1, "2026-12-03")


def test_the_puzzle_of_the_day_may_be_a_whist(words: Served) -> None:
    places = words.archive.lesson_places()
    day = next(DAY + timedelta(days=i) for i in range(400)
               if (p := of_the_day(places, DAY + timedelta(days=i))) is not None and p.card == -2)
    words.app.state.club.today = lambda: day
    c = words.client()
    page = main_of(c.get("/puzzles").text)
    assert shown_word(page) == "1-1-whist" and '<input type="hidden" name="day" value="1">' in page
    assert 'class="big word">Pass</button>' in page
    shown = c.get("/puzzles/Dima/1-1-whist?card=pass&day=1")
    assert shown.status_code == 200 and "Right" in shown.text and 'class="button big" href="/puzzles"' in shown.text


def test_whist_pages_escape_the_event_and_speak_russian(words: Served) -> None:
    c = words.client()
    for path in ("/puzzles/Dima", "/puzzles/Dima/1-1-whist?card=whist"):
        page = c.get(path)
        assert "<script>alert" not in page.text and "&lt;script&gt;alert" in page.text, path
    ru = words.client(headers={"Accept-Language": "ru"})
    asked = main_of(ru.get("/puzzles/Dima").text)
    assert "Lena играет 6♦. Dima: вист или пас?" in asked and "потеряно вистов в среднем: 10,6" in asked
    assert ">Вист</button>" in asked and ">Пас</button>" in asked and "Ваше слово" in asked
    wrong = main_of(ru.get("/puzzles/Dima/1-1-whist?card=whist").text)
    assert "Неверно" in wrong and "Dima: за вист +25,33, за пас +27,33" in wrong and "Верно: пас." in wrong
    assert "При лучшей игре Lena берёт 5 взяток." in wrong


def test_an_archive_taught_before_whists_keeps_its_drills(whisted: Path, tmp_path: Path) -> None:
    """An archive of the second derivation (cards and discards) is taught again, its drills kept by place."""
    db = copied(whisted, tmp_path / "old.sqlite")
    with sqlite3.connect(db) as c:
        c.execute("DELETE FROM lessons WHERE card = -2")
        c.execute("UPDATE lesson_games SET derivation = 2")
        c.execute("INSERT INTO drills (player, game, deal, card, box, due) VALUES ('oleg', 1, 1, 14, 2, '2026-12-05')")
    archive = Archive(db)
    try:
        assert [g for g, _r in archive.untaught()] == [1]
        Deriver(archive, 10).teach_one()
        assert archive.untaught() == [] and archive.lesson(Place(1, 1, -2)) is not None
        assert archive.drill("oleg", Place(1, 1, 14)) == Drill(2, "2026-12-05")
    finally:
        archive.close()
