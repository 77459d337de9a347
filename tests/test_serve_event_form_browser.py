"""Events from a phone, in Chromium at 360x640 (issue 65, item 4): the director logs in, reaches the
Events page from the games list, makes a Swiss event of six players at two tables by tapping and typing
with one thumb (every field 44px tall or more, nothing scrolling sideways, no text under 12px), and sees
its tables; a slip (a tour count that is no number) is said under its field with nothing typed lost. A
real ``preflog serve`` of its own archive; screenshots in /tmp/preflog-event-shots (PREFLOG_SHOTS to keep them elsewhere)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .serving import TOKEN, Server, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import SIZES, browser, serious  # noqa: E402, F401 - the fixture, and the skip where there is no browser

pytest.importorskip("axe_playwright_python.sync_playwright",
                    reason="axe-playwright-python is not installed (pip install -e '.[test]')")

PHONE = {"width": 360, "height": 640}
SHOTS = Path(os.environ.get("PREFLOG_SHOTS", "/tmp/preflog-event-shots"))
#: Every control of the form a thumb taps (a radio's or a checkbox's whole label), with its height.
HEIGHTS = """() => [...document.querySelectorAll('.event-form input:not([type=hidden]):not([type=radio]):not([type=checkbox]), '
  + '.event-form select, .event-form textarea, .event-form button, .event-form label.choice, .event-form summary')]
  .filter(el => el.getBoundingClientRect().height > 0)
  .map(el => [el.name || el.textContent.trim().slice(0, 30), el.getBoundingClientRect().height])"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("phone") / "club.sqlite", lang="ru") as s:
        yield s


def fits(page: Any) -> None:
    """Nothing scrolls sideways, no text under 12px, every control of the form 44px tall or more."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = [(text, size) for text, size in page.evaluate(SIZES) if size < 12]
    assert not small, small
    low = [(name, h) for name, h in page.evaluate(HEIGHTS) if h < 44]
    assert not low, low


def test_a_director_makes_a_swiss_event_from_his_phone(server: Server, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{server.url}/login")
        page.tap("#token")
        page.keyboard.type(TOKEN)
        page.tap("form.stack button[type=submit]")
        page.wait_for_url(f"{server.url}/")
        page.tap("p.actions >> text=Турниры")  # the games list links the Events page
        page.wait_for_selector("h2:has-text('Новый турнир')")
        fits(page)
        page.tap("#ev-name")
        page.keyboard.type("Швейцарка в пятницу")
        page.tap("#ev-players")
        page.keyboard.type("Anna Boris Vera\nGleb Dasha Egor")
        page.tap("#ev-tours")
        page.keyboard.press("Control+A")
        page.keyboard.type("два")  # a slip: said under its field, nothing typed lost
        page.tap("button:has-text('Создать турнир')")
        page.wait_for_selector("#tours-error")
        page.wait_for_load_state("load")
        assert "целое число от 1 до 40" in page.inner_text("#tours-error")
        assert page.input_value("#ev-name") == "Швейцарка в пятницу"
        assert page.input_value("#ev-players") == "Anna Boris Vera\nGleb Dasha Egor"
        box = page.locator("#tours-error").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]  # where the eye is
        fits(page)
        page.screenshot(path=str(SHOTS / "event-form-slip-ru.png"))
        assert not serious(page)
        page.tap("#ev-tours")
        page.keyboard.press("Control+A")
        page.keyboard.type("2")
        page.tap("button:has-text('Создать турнир')")
        page.wait_for_selector("text=Стол 2:")
        tables = page.locator("ul.tables li .title").all_inner_texts()
        assert len(tables) == 2 and sorted(p for t in tables for p in t.split(": ")[1].split(", ")) == sorted(
            ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"])
        assert page.is_visible("button:has-text('Рассадить тур 2')") is False  # tour 1 not played yet
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(SHOTS / "event-made-ru.png"), full_page=True)
        # the games list gathers the two tables' games under the event
        page.goto(f"{server.url}/")
        assert page.locator("li.event-entry .title", has_text="Швейцарка в пятницу").count() == 1
        assert "2 стола ещё не начали игру" in page.inner_text("li.event-entry")
        page.screenshot(path=str(SHOTS / "games-list-ru.png"), full_page=True)
        page.goto(f"{server.url}/events?lang=en")
        page.tap("#kind-duplicate")  # the boards' field shown for a duplicate event, the pool's and deals' not
        page.tap("summary:has-text('Scale, tie-breaks, seed')")
        assert page.is_visible("#ev-boards") and not page.is_visible("#ev-pool")
        fits(page)
        page.screenshot(path=str(SHOTS / "event-form-en.png"), full_page=True)
        assert not problems, problems
    finally:
        context.close()
