"""A club's evening from phones alone (issue 65, item 7), in Debian's Chromium at 360x640, in Russian, against
a real ``preflog serve``: another table's evening (Leningrad, a half-whist, a misère, an all-pass, a
whist in the open, a game failed) tapped in deal by deal, whose settlement on the page agrees with
``preflog score`` of the game's export to the kopeck; and a Swiss event of six made on the director's
phone, its two tables recorded from two other phones until each says it has played its tour, the next
tour drawn. Every page the evening passes through is checked as a phone shows it, in both languages:
nothing scrolls sideways, no text under 12px, no control under 44x44 (a link inside a sentence aside),
and axe-core finds nothing serious."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .serving import AUTH, TOKEN, Server

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import SIZES, TARGETS, browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="axe-playwright-python is not installed (pip install -e '.[test]')")

PHONE = {"width": 360, "height": 640}
WAIT = 15_000  # ms for an answer on a loaded machine
#: the keys the tests tap, by what they show («7♠», «вист»); words not here are shown as typed
LABELS = {"6s": "6♠", "7s": "7♠", "8s": "8♠", "6c": "6♣", "7c": "7♣", "6d": "6♦", "7d": "7♦", "6h": "6♥", "7h": "7♥",
          "8nt": "8 БК", "mis": "мизер", "pass": "распасы", "w": "вист", "p": "пас", "h": "полвиста",
          "o": "в светлую", "c": "втёмную"}
#: the other table's evening, {e} the eldest hand of the deal, {s} the second, {t} the third
EVENING = ("{e} 6s w p 6 4 0", "pass 4 3 3", "{e} 7h w w 7 2 1", "mis {e} 0", "{e} 6c p h",
           "{e} 8s w p o 7 3 0", "{e} 6d w w 5 3 2", "pass 2 4 4", "{e} 7c p p")
OTHER = ("Гена", "Зина", "Костя")


def fits(page: Any, where: str) -> None:
    """The page as a phone shows it: nothing sideways, no text under 12px, no control under 44x44 but a
    link inside a sentence, and no serious or critical finding of axe-core."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where}: {width}px wide"
    small = [(text, size) for text, size in page.evaluate(SIZES) if size < 12]
    assert not small, f"{where}: {small}"
    assert not page.evaluate(TARGETS), f"{where}: {page.evaluate(TARGETS)}"
    found = axe_sync.Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"]) for v in found if v.get("impact") in ("serious", "critical")]
    assert not serious, f"{where}: {serious}"


def phone(browser: Any, server: Server, lang: str = "ru") -> tuple[Any, Any]:
    """A phone at 360x640 whose scorer has logged in by tapping: its context and page, on the games list."""
    context = browser.new_context(viewport=PHONE, locale=f"{lang}-{lang.upper()}", has_touch=True, is_mobile=True)
    context.set_default_timeout(WAIT)
    page = context.new_page()
    page.goto(f"{server.url}/login?lang={lang}")
    page.tap("#token")
    page.keyboard.type(TOKEN)
    page.tap("form.stack button[type=submit]")
    page.wait_for_url(f"{server.url}/")
    return context, page


def tap_deal(page: Any, typed: str, number: int) -> None:
    """Tap deal ``number`` in with the keys alone (each found by what it shows), send it, and wait for the
    page that says it is recorded."""
    page.fill("#deal", "")
    for word in typed.split():
        page.tap(f".keys .key:text-is('{LABELS.get(word, word)}')")
    page.tap("#send")
    page.wait_for_url(f"**done=add&number={number}**")
    page.wait_for_selector("#done")


def seats(deal: int, players: tuple[str, ...]) -> dict[str, str]:
    """The eldest, second and third hands of deal ``deal`` (1-based) at three, the first player dealing deal 1."""
    dealer = (deal - 1) % 3
    return {"e": players[(dealer + 1) % 3], "s": players[(dealer + 2) % 3], "t": players[dealer]}


def figures(page: Any) -> dict[str, float]:
    """The settlement as the game's page shows it: each player's last column (money, a whist having a price)."""
    rows = page.locator("section.settlement tbody tr").all()
    out = {}
    for row in rows:
        name = row.locator("th").inner_text().strip()
        cell = row.locator("td").all_inner_texts()[-1]
        out[name] = float(cell.replace("\u2212", "-").replace(",", ".").replace("\u00a0", "").replace(" ", "").lstrip("+"))
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("evening") / "club.sqlite", lang="ru")
    yield s
    s.stop()


def test_another_table_s_evening_agrees_with_preflog_score(server: Server, browser: Any) -> None:
    text = f'[Event "Четверг у Гены"]\n[Players "{" ".join(OTHER)}"]\n[Rules "leningrad"]\n[Pool "10"]\n[WhistPrice "0.3"]\n'
    r = httpx.post(server.url + "/api/games", content=text.encode(), headers=AUTH)
    assert r.status_code == 201, r.text
    game: int = r.json()["ids"][0]
    context, page = phone(browser, server)
    try:
        page.goto(f"{server.url}/games/{game}/record")
        fits(page, "record")
        for number, deal in enumerate(EVENING, 1):
            tap_deal(page, deal.format(**seats(number, OTHER)), number)
            assert f"сдача {number} записана" in page.inner_text("#done"), (number, page.inner_text("main")[:400])
        fits(page, "record after the evening")
        exported = httpx.get(f"{server.url}/api/games/{game}.pref", headers=AUTH).text
        assert exported.count("\ndeal ") + exported.startswith("deal ") == len(EVENING), exported
        scored = subprocess.run([sys.executable, "-m", "preflog.cli", "score", "--format", "json", "-"], input=exported,
                                capture_output=True, text=True, encoding="utf-8", check=True)
        money = json.loads(scored.stdout)["money"]
        page.goto(f"{server.url}/games/{game}")
        assert figures(page) == pytest.approx(money, abs=0.001), (figures(page), money)
        fits(page, "game")
        for path in (f"/games/{game}/pulka", f"/games/{game}/deals/4", f"/games/{game}/deals/5", "/", "/stats"):
            page.goto(server.url + path)
            fits(page, path)
    finally:
        context.close()


def test_a_swiss_event_of_six_run_from_phones(server: Server, browser: Any) -> None:
    director, page = phone(browser, server)
    tables: list[Any] = []
    try:
        page.tap("p.actions >> text=Турниры")
        page.wait_for_selector("#ev-name")
        fits(page, "events")
        for field, typed in (("#ev-name", "Швейцарка в субботу"), ("#ev-players", "Аня Лёва Оля\nБоря Вера Гоша")):
            page.tap(field)
            page.keyboard.type(typed)
        for field, typed in (("#ev-tours", "2"), ("#ev-deals", "3")):
            page.tap(field)
            page.keyboard.press("Control+A")
            page.keyboard.type(typed)
        page.tap("button:has-text('Создать турнир')")
        page.wait_for_selector("text=Стол 2:")
        fits(page, "event")
        event_url = page.url
        records = page.locator("ul.tables a:text-is('записать')").evaluate_all("links => links.map(a => a.href)")
        assert len(records) == 2, records
        for record in records:  # two scorers, each at a table with a phone of their own
            context, table = phone(browser, server)
            tables.append(context)
            table.goto(record)
            game = int(record.rsplit("/", 2)[-2])
            players = tuple(httpx.get(f"{server.url}/api/games/{game}", headers=AUTH).json()["game"]["tags"]["Players"].split())
            fits(table, f"table {game}")
            for number, deal in enumerate(("{e} 6s p p", "pass 4 3 3", "{e} 7s w p 7 2 1"), 1):
                tap_deal(table, deal.format(**seats(number, players)), number)
            table.wait_for_selector("#finished")
            assert "Стол доиграл тур" in table.inner_text("#finished")
            assert table.locator(".keys").count() == 0
            fits(table, f"table {game} finished")
        page.goto(event_url)
        assert page.inner_text("ul.tables").count("сдач: 3 из 3") == 2, page.inner_text("ul.tables")
        page.tap("#draw button")
        page.wait_for_selector("section.tour >> nth=1")
        assert page.locator("section.tour").count() == 2
        fits(page, "event, tour 2 drawn")
        standings = page.inner_text("ol.standings")
        assert all(name in standings for name in ("Аня", "Лёва", "Оля", "Боря", "Вера", "Гоша")), standings
        page.goto(f"{server.url}/")
        assert page.locator("li.event-entry .title", has_text="Швейцарка в субботу").count() == 1
        fits(page, "games list")
        for path in (event_url.removeprefix(server.url) + "?lang=en", "/?lang=en", "/stats?lang=en", "/events?lang=en"):
            page.goto(server.url + path)
            fits(page, path)
    finally:
        for context in tables:
            context.close()
        director.close()
