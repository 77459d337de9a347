"""The page of a deal recorded from the scorer's keypad (issue 65, item 2) in Debian's Chromium at a
phone's 360x640, in Russian and in English, from a real ``preflog serve``: the site's header with the way
back to the game (a link of at least 44x44 px that leads there), step buttons of at least 44x44 px each
saying what it does, the deal told as recorded at every step, no count of tricks nobody recorded, no
text under 12 px and nothing scrolling sideways at any step."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .serving import AUTH, Server

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser
from .browsing import SIZES  # noqa: E402

TEXT = {"Content-Type": "text/plain; charset=utf-8"}
#: A Leningrad pulka and a gusarik (a whist, an all-pass), their deals as the keypad types them; deal 7 of the
#: first: Лёва took 6 on 7♠.
GAMES = {"len": ('[Event "Пятница"]\n[Players "Аня Лёва Оля Миша"]\n[Rules "leningrad"]\n[Pool "20"]\n',
                 ("Лёва 7s wp 8", "Оля 6d ph", "pass 4 3 3", "mis Аня 1", "Миша 8h ww 6 2 2", "Аня 6nt pp",
                  "Лёва 7s wp 6")),
         "gus": ('[Event "Поезд"]\n[Players "Аня Боря"]\n[Rules "gusarik"]\n[Pool "10"]\n', ("Боря 7h w 8", "pass 4 3 3"))}
#: The step buttons and the word each shows, by language.
BUTTONS = {"ru": {"back": "назад", "fwd": "вперёд", "home": "начало", "prevTrick": "взятка", "nextTrick": "взятка",
                  "end": "конец", "allHands": "все руки"},
           "en": {"back": "back", "fwd": "forward", "home": "start", "prevTrick": "trick", "nextTrick": "trick",
                  "end": "end", "allHands": "all hands"}}
WORDS = {"ru": {"back": "к игре", "told": "Лёва: 7♠ · Миша: вист, Аня: пас · взятки: Лёва 6", "taken": "6 взяток",
                "zero": "0 взяток", "dummy": "болван"},
         "en": {"back": "back to the game", "told": "Лёва: 7s · Миша: whist, Аня: pass · tricks: Лёва 6",
                "taken": "6 tricks", "zero": "0 tricks", "dummy": "Dummy"}}

#: The buttons of a deal played card by card, which a deal recorded without its cards does not show
CARDS_ONLY = ("prevTrick", "nextTrick", "allHands")
#: Each visible control: its id or text, its width and height, and its visible text.
CONTROLS = """() => [...document.querySelectorAll('header a, header button, header select')].filter(
  e => e.getBoundingClientRect().width).map(e => [e.id ? '#' + e.id : e.className ? '.' + e.className : e.textContent.trim(),
  e.getBoundingClientRect().width, e.getBoundingClientRect().height, e.innerText.trim()])"""


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, int]]]:
    server = Server(tmp_path_factory.mktemp("keypad") / "club.sqlite")
    games = {}
    try:
        for key, (tags, deals) in GAMES.items():
            r = httpx.post(server.url + "/api/games", content=tags.encode(), headers={**AUTH, **TEXT})
            assert r.status_code == 201, r.text
            games[key] = r.json()["ids"][0]
            for typed in deals:
                r = httpx.post(f"{server.url}/api/games/{games[key]}/deals", content=typed.encode(),
                               headers={**AUTH, **TEXT})
                assert r.status_code == 201, (typed, r.text)
        yield server, games
    finally:
        server.stop()


def _readable(tab: Any) -> None:
    """Nothing scrolls sideways, no text is under 12 px."""
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    small = [f"{text!r} {size}px" for text, size in tab.evaluate(SIZES) if size < 12]
    assert not small, small


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_keypad_deal_s_page_on_a_phone(club: tuple[Server, dict[str, int]], browser: Any, lang: str) -> None:
    server, games = club
    words, game = WORDS[lang], games["len"]
    tab = browser.new_page(viewport={"width": 360, "height": 640})
    problems: list[str] = []
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto(f"{server.url}/games/{game}/deals/7?lang={lang}")
    controls = {name: (width, height, text) for name, width, height, text in tab.evaluate(CONTROLS)}
    small = {name: size for name, *size in tab.evaluate(CONTROLS) if size[0] < 44 or size[1] < 44}
    assert not small, small
    for button, word in BUTTONS[lang].items():
        if button in CARDS_ONLY:  # no cards recorded: no tricks to step through, no hands to show
            assert tab.locator('#' + button).is_hidden() and '#' + button not in controls, button
            continue
        assert word in controls['#' + button][2], (button, controls['#' + button])  # its word shown, not a bare arrow
    assert controls[".back"][2].endswith(words["back"])
    assert tab.get_attribute("header a.back", "href") == f"/games/{game}"
    steps = int(tab.evaluate("document.getElementById('data') && JSON.parse(document.getElementById('data')"
                             ".textContent).games[0].deals[0].line.steps.length"))
    for step in range(steps):  # the deal told, and no count of tricks nobody recorded, at every step
        assert tab.inner_text("#recorded").count(words["told"]) == 1, step
        assert words["zero"] not in tab.inner_text("main"), step
        _readable(tab)
        tab.click("#fwd")
    assert tab.evaluate("document.body.dataset.step") == str(steps - 1)
    assert words["taken"] in tab.inner_text("#table .seat.declarer")
    for part in ("#auction", "#tricks", "#entries"):  # no heading over nothing
        assert tab.inner_text(part).strip(), part
    assert tab.locator("#prevDeal").is_hidden() and tab.locator("#nextDeal").is_hidden()  # one deal on the page
    tab.click("header a.back")
    tab.wait_for_url(f"{server.url}/games/{game}")
    assert "Пятница" in tab.inner_text("h1")
    assert problems == []
    tab.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_gusarik_deal_names_the_dummy_in_the_page_s_words(club: tuple[Server, dict[str, int]], browser: Any,
                                                            lang: str) -> None:
    server, games = club
    tab = browser.new_page(viewport={"width": 360, "height": 640})
    tab.goto(f"{server.url}/games/{games['gus']}/deals/2?lang={lang}")  # an all-pass: the dummy's tricks
    tab.keyboard.press("End")
    dummy = f"{WORDS[lang]['dummy']} 4"  # the dummy's tricks, in the step's words and the deal told
    assert dummy in tab.inner_text("#step")
    assert dummy in tab.evaluate("(document.getElementById('recorded') || {}).innerText || ''")
    names = tab.evaluate("[...document.querySelectorAll('#table .seat .name')].map(n => n.textContent)")
    assert names == ["Аня", "Боря", WORDS[lang]["dummy"]]
    assert lang == "en" or "Dummy" not in tab.inner_text("body")
    _readable(tab)
    tab.close()
