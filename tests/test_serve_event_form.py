"""Events from a phone (issue 65, item 4): a director makes a Swiss or duplicate event on the Events page
with the choices ``preflog event new`` offers, and it is the event the command makes of them; a request
without the scorer's login or the form's CSRF token makes none; bad choices are said next to their
fields, what was typed kept. The event's games are titled with tour, table and board, gathered under
their event in the games list; the tables not begun count nowhere in the statistics nor the players';
and a game's figure is the same on the list, its page, the event's table and the JSON (issue 65, item 6:
19,34 on the list where the event's table said 19,33). The app is called in process (tests/serving.py)."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from preflog.event.director import new_event
from preflog.event.plan import Kind, dumps_plan, loads_plan

from .conftest import ROOT
from .serving import AUTH, TOKEN, Served

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

SIX = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")
#: The form of a Swiss event of six (two tables of 3), two tours of 10 deals, with a seed: the choices
#: ``preflog event new --players "…" --tours 2 --deals 10 --seed friday-form --tiebreak remizes`` takes.
FRIDAY = {"name": "Friday form", "kind": "swiss", "players": " ".join(SIX), "table_size": "3", "tours": "2",
          "pool": "", "deals": "10", "boards": "", "rules": "sochi", "scale": "whists", "seed": "friday-form",
          "tiebreaks": "remizes"}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A new club's archive, its app called in process."""
    s = Served(tmp_path_factory.mktemp("form") / "club.sqlite")
    yield s
    s.stop()


def logged_in(server: Served, lang: str = "en") -> tuple[httpx.Client, str]:
    """A director's client logged in with the token (the session's cookie), and the CSRF token its forms carry."""
    c = server.client(headers={"Accept-Language": lang})
    c.get("/login")
    r = c.post("/login", data={"token": TOKEN, "next": "/events", "csrf": c.cookies.get("preflog_csrf") or ""})
    assert r.status_code == 303, r.text[:300]
    page = c.get("/events").text
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert found is not None
    return c, found.group(1)


def take_in(server: Served, plan: Any) -> int:
    """An event taken in as its file (the way there was before the form), its id."""
    with server.client() as c:
        r = c.post("/events", files={"file": ("e.json", dumps_plan(plan).encode())}, headers=AUTH)
        assert r.status_code == 303, r.text[:500]
        return int(r.headers["location"].rsplit("/", 1)[1])


def test_the_form_makes_the_event_the_command_makes_of_the_same_choices(club: Served, tmp_path: Path) -> None:
    c, csrf = logged_in(club)
    with c:
        page = c.get("/events").text
        assert 'action="/events/new' in page and 'name="players"' in page and 'name="seed"' in page
        r = c.post("/events/new", data={**FRIDAY, "csrf": csrf})
        assert r.status_code == 303, r.text[:800]
        ident = int(r.headers["location"].rsplit("/", 1)[1])
        shown = c.get(f"/events/{ident}").text
    made = loads_plan(club.archive.event(ident).plan, kept=True)
    file = tmp_path / "friday.json"
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "--lang", "en", "event", "new",
                           str(file), "--name", FRIDAY["name"], "--players", FRIDAY["players"], "--tours", "2",
                           "--deals", "10", "--seed", "friday-form", "--tiebreak", "remizes"],
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert made == loads_plan(file.read_text())  # the same event, the same draw of its first tour
    assert len(made.drawn) == 1 and len(made.drawn[0].tables) == 2 and made.deals == 10 and made.pool is None
    for t in made.drawn[0].tables:  # its page shows the tables drawn, each with its game to record
        assert html.escape(f"Table {t.number}: {', '.join(t.players)}") in shown
    assert shown.count("/record\">record</a>") == 2


def test_a_duplicate_event_from_the_form_has_its_boards_to_print(club: Served) -> None:
    c, csrf = logged_in(club)
    with c:
        r = c.post("/events/new", data={**FRIDAY, "csrf": csrf, "name": "Duo form", "kind": "duplicate",
                                         "boards": "4", "seed": ""})
        assert r.status_code == 303, r.text[:800]
        ident = int(r.headers["location"].rsplit("/", 1)[1])
        assert "Boards to print" in c.get(f"/events/{ident}").text
        assert c.get(f"/events/{ident}/boards").text.count('class="board"') == 4
    plan = loads_plan(club.archive.event(ident).plan, kept=True)
    assert plan.kind is Kind.DUPLICATE and plan.boards == 4 and len(plan.drawn) == 2 and len(plan.seed) == 32
    assert plan.deals is None and plan.pool is None  # the form shows a duplicate event no pool nor deals


def test_no_event_is_made_without_the_scorer_s_login_or_the_form_s_token(club: Served) -> None:
    before = len(club.archive.events())
    with club.client() as watcher:
        assert 'action="/events/new' not in watcher.get("/events").text  # no form for a watcher
        r = watcher.post("/events/new", data={**FRIDAY, "name": "Intruder"})
        assert r.status_code in (401, 403)
    c, _csrf = logged_in(club)
    with c:
        for token in ("", "forged-0123456789"):  # logged in, but the form's token missing or not his
            r = c.post("/events/new", data={**FRIDAY, "name": "Forged", "csrf": token})
            assert r.status_code == 403, r.status_code
    assert len(club.archive.events()) == before


@pytest.mark.parametrize("lang,change,field,said", [
    ("en", {"tours": "two"}, "tours", "a whole number from 1 to 40"),
    ("en", {"players": "Anna Boris"}, "players", "an event needs at least 3 players, not 2"),
    ("en", {"players": "Anna Boris 7x"}, "players", "'7x' cannot be a player's id"),
    ("en", {"name": ""}, "name", "an event needs a name"),
    ("en", {"deals": "", "pool": ""}, "pool", "a tour is a pulka played until its pool closes"),
    ("en", {"kind": "duplicate", "boards": "5"}, "boards", "--boards 5 is not a multiple of --tours 2"),
    ("ru", {"tours": "0"}, "tours", "целое число от 1 до 40"),
    ("ru", {"name": "Friday form"}, "name", "турнир «Friday form» уже есть"),
])
def test_bad_choices_are_said_next_to_their_field_and_nothing_typed_is_lost(
        club: Served, lang: str, change: dict[str, str], field: str, said: str) -> None:
    if "Friday form" in change.values() and not any(e.name == "Friday form" for e in club.archive.events()):
        pytest.skip("the event of that name is made by the first test")
    c, csrf = logged_in(club, lang)
    typed = {**FRIDAY, "name": "Typed and kept", "players": "Anna Boris Vera Gleb Ёжик", **change}
    with c:
        r = c.post("/events/new", data={**typed, "csrf": csrf})
    assert r.status_code == 422 and "Traceback" not in r.text
    found = re.search(rf'<span class="field-error" id="{field}-error">([^<]*)</span>', r.text)
    assert found is not None and said in html.unescape(found.group(1)), r.text[-3000:]
    assert f'aria-describedby="{field}-error"' in r.text
    for name in ("name", "tours", "seed", "deals"):  # the fields as typed, each in its place
        assert f'name="{name}" value="{html.escape(typed[name], quote=True)}"' in r.text
    assert f">{html.escape(typed['players'])}</textarea>" in r.text


def test_an_event_s_games_are_titled_and_gathered_under_it_and_unplayed_ones_count_nowhere(club: Served) -> None:
    with club.client() as c:
        stats = c.get("/api/stats").json()
        players = c.get("/players").text
    swiss = take_in(club, new_event("Friday Swiss", SIX, tours=2, pool=10, seed="titles"))
    duo = take_in(club, new_event("Duo", SIX, tours=2, kind=Kind.DUPLICATE, boards=4, seed="titles"))
    with club.client() as c:
        # nothing is played yet: the statistics and the players' page are what they were
        assert c.get("/api/stats").json() == stats
        assert c.get("/players").text.count("Dasha") == players.count("Dasha")
        for lang, swiss_title, duo_title in (("en", "Friday Swiss — tour 1, table 2", "Duo — board 3, table 2"),
                                             ("ru", "Friday Swiss — тур 1, стол 2", "Duo — раздача 3, стол 2")):
            tables = {(t["table"], g["board"]): g["game"] for t in c.get(f"/api/events/{duo}").json()["tables"]
                      for g in t["games"]}
            swiss_game = c.get(f"/api/events/{swiss}").json()["tables"][1]["games"][0]["game"]
            headers = {"Accept-Language": lang, **AUTH}  # a board's game is the scorer's until it is played
            assert f"<h1>{swiss_title}</h1>" in c.get(f"/games/{swiss_game}", headers=headers).text
            assert f"<h1>{duo_title}</h1>" in c.get(f"/games/{tables[(2, 3)]}", headers=headers).text
            listing = c.get("/", headers=headers).text
            # one entry an event, linked to its page; none of its eight unplayed games listed one by one
            assert listing.count('<span class="title">Duo</span>') == 1 and f'href="/events/{duo}"' in listing
            assert listing.count('<span class="title">Friday Swiss</span>') == 1
            assert not any(f'href="/games/{g}"' in listing for g in tables.values())
            assert ("8 tables not begun" if lang == "en" else "8 столов ещё не начали игру") in listing
            assert 'href="/events"' in listing
        # a board played: its game is listed under its event, titled by its board and table
        game = tables[(1, 1)]
        seats = c.get(f"/api/games/{game}", headers=AUTH).json()["game"]["tags"]["Players"].split()
        r = c.post(f"/api/games/{game}/deals", headers=AUTH, content=f"contract {seats[0]}: 6s\nwhist pass pass".encode())
        assert r.status_code == 201, r.text
        listing = c.get("/").text
        entry = listing[listing.index('<span class="title">Duo</span>'):]
        entry = entry[:entry.index("</ul>")]
        assert f'href="/games/{game}"' in entry and "board 1, table 1" in entry and "7 tables not begun" in entry
        after = c.get("/api/stats").json()
        assert after["games"] == stats["games"] + 1 and after["deals"] == stats["deals"] + 1


def test_a_game_shows_one_figure_on_the_list_its_page_the_event_s_table_and_the_json(club: Served) -> None:
    """Anna (first seat) makes 6♠ twice with Boris whisting alone (4 tricks, then 3: one short, 2 in his
    mountain), Vera passing; pool 10 closed by the shortfalls (Code 4.2.12): pools 4, 0, 0; mountains
    6, 10 + 2 = 12, 10, their average 28/3; Boris's whists on Anna 4×2 + 3×2 = 14. Settlement (4.2.14):
    Anna (28/3 − 6)×10 − 14 = 58/3, Boris (28/3 − 12)×10 + 14 = −38/3, Vera (28/3 − 10)×10 = −20/3.
    In hundredths 1933⅓, −1266⅔, −666⅔: floors 1933, −1267, −667 sum to −1, the unit missing goes to the
    largest remainder, ⅓ each, the first seat first: 19,34, −12,67, −6,67, summing to 0 as the list
    shows them. The event's table rounded each alone to 19,33 (the sum −0,01)."""
    ident = take_in(club, new_event("Rounding", ("Anna", "Boris", "Vera"), tours=1, pool=10, deals=2, seed="r"))
    with club.client() as c:
        game = c.get(f"/api/events/{ident}").json()["tables"][0]["games"][0]["game"]
        a, b, v = c.get(f"/api/games/{game}", headers=AUTH).json()["game"]["tags"]["Players"].split()
        for deal in (f"contract {a}: 6s\nwhist whist pass\nresult {a} 6 {b} 4",
                     f"contract {a}: 6s\nwhist whist pass\nresult {a} 7 {b} 3"):
            r = c.post(f"/api/games/{game}/deals", headers=AUTH, content=deal.encode())
            assert r.status_code == 201, r.text
        ru = {"Accept-Language": "ru"}
        listing = c.get("/", headers=ru).text
        entry = listing[listing.index(f'href="/games/{game}"'):]
        assert f"{a} 19,34, {b} -12,67, {v} -6,67" in entry[:entry.index("</a>")]
        assert ">19,34<" in c.get(f"/games/{game}", headers=ru).text
        event = c.get(f"/events/{ident}", headers=ru).text
        assert '<span class="figure">+19,34</span>' in event and "Тур 1: +19,34" in event
        doc = c.get(f"/api/events/{ident}").json()
        assert {x["player"]: x["whists"] for x in doc["standings"]} == {a: 19.34, b: -12.67, v: -6.67}
        assert doc["games"][0]["whists"] == {a: 19.34, b: -12.67, v: -6.67}
        assert c.get(f"/api/games/{game}").json()["settlement"]["settlement"][a] == 19.34
