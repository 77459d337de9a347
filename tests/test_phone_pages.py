"""Every page of the server on a club player's phone (issue 65, points 3 and 7): in Debian's Chromium at
360x640, in Russian and in English, as a watcher and as the logged-in scorer, of a real game (deals
recorded through the API, one noted, one corrected) and a real event: nothing scrolls sideways, no text
under 12px, every control one thumb can hit (44x44 CSS px at least, a link inside a sentence apart), and
axe-core finds nothing serious or critical. Each page is opened once a language and a login; each check
is its own test, named by the page, the language and who looks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from preflog.event.director import new_event
from preflog.event.plan import Kind, dumps_plan

from .serving import AUTH, TOKEN, Server

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser
from .browsing import SIZES, TARGETS  # noqa: E402

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="axe-playwright-python is not installed (pip install -e '.[test]')")

PHONE = {"width": 360, "height": 640}
LOCALES = {"ru": "ru-RU", "en": "en-GB"}
PLAYERS = ("Аня", "Лёва", "Оля")
#: the deals, in the short form the scorer types: Лёва's 7♠ whisted, an all-pass, Аня's 6♦, a misère...
DEALS = ("Лёва 7s wp 8", "pass 4 3 3", "Аня 6d ww 6 2 2", "mis Оля 0", "Лёва 6h pp")
SIX = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")

#: the page an import answers with (the list's form sent with a game new and one the archive has)
IMPORTED = "POST /import"
#: Every GET page of pages.py's and event_pages.py's routes (an SVG and the API's JSON are no pages), with
#: the scorer's own ones and modes; ``{game}`` and ``{event}`` stand for the ids the fixture made.
PAGES = ("/", "/games/{game}", "/games/{game}?deals=2", "/games/{game}/pulka", "/games/{game}/deals/1",
         "/games/{game}/deals/3", "/games/{game}/record", "/games/{game}/record?edit=3",
         "/games/{game}/record?note=2", "/new", "/join", "/players", "/login", "/logout", "/stats", "/events",
         "/events/{event}", "/events/{event}/boards", "/nothing-here", IMPORTED)
#: what a watcher is sent to the login for: measured as the scorer alone
SCORER_ONLY = {"/logout", "/games/{game}/record", "/games/{game}/record?edit=3", "/games/{game}/record?note=2", "/new",
               "/events/{event}/boards", IMPORTED}
CHECKS = ("sideways", "text", "targets", "axe")


def _owed(owner: str, what: str) -> pytest.MarkDecorator:
    """A check a page fails until its owner's change lands: strict, so it turns red when it passes."""
    return pytest.mark.xfail(strict=True, reason=f"owed by {owner}: {what}")


#: (check, page) → why it still fails: none now (the replay, the whole pulka and the events pages were
#: redone by the other changes of issue 65); a page owed a fix goes here, strict, so it turns red when fixed
OWED: dict[tuple[str, str], pytest.MarkDecorator] = {}


def _cases() -> Iterator[Any]:
    for check in CHECKS:
        for path in PAGES:
            for lang in LOCALES:
                for who in ("watcher", "scorer"):
                    if who == "watcher" and path in SCORER_ONLY:
                        continue
                    mark = OWED.get((check, path))
                    yield pytest.param(check, path, lang, who, id=f"{check}-{path}-{lang}-{who}",
                                       marks=[mark] if mark else [])


def stock(server: Server) -> dict[str, int]:
    """A game of real deals (one noted, one corrected, enough for two pages of deals) and a duplicate event
    (boards, tables, standings) recorded through the server's API: their ids."""
    with httpx.Client(base_url=server.url, headers=AUTH, timeout=60) as c:
        a, b, c3 = PLAYERS
        text = f'[Event "Пятница"]\n[Players "{a} {b} {c3}"]\n[Pool "500"]\n[WhistPrice "0.5"]\n'
        r = c.post("/api/games", content=text.encode())
        assert r.status_code == 201, r.text
        game: int = r.json()["ids"][0]
        for typed in DEALS * 11:  # 55 deals: the game's deals in two pages
            r = c.post(f"/api/games/{game}/deals", content=typed.encode())
            assert r.status_code == 201, (typed, r.text)
        assert c.post(f"/api/games/{game}/deals/2/note", content="Оля забыла про прикуп".encode()).status_code == 200
        r = c.put(f"/api/games/{game}/deals/3", content="Аня 6d ww 7 2 1".encode())
        assert r.status_code == 200, r.text
        plan = new_event("Дубль", SIX, tours=2, kind=Kind.DUPLICATE, boards=4, seed="phone")
        r = c.post("/events", files={"file": ("duo.json", dumps_plan(plan).encode())})
        assert r.status_code in (200, 303), r.text
        assert c.get("/api/events/1").json()["event"]["name"] == "Дубль"
        r = c.post("/players", data={"alias": "Анечка", "name": "Аня", "action": "set"})  # a ✕ to forget it
        assert r.status_code == 200, r.text
    return {"game": game, "event": 1}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, int]]]:
    """A real ``preflog serve`` of :func:`stock`'s game and event: the server and the ids."""
    server = Server(tmp_path_factory.mktemp("phone") / "club.sqlite")
    try:
        yield server, stock(server)
    finally:
        server.stop()


@pytest.fixture(scope="module")
def contexts(club: tuple[Server, dict[str, int]], browser: Any) -> Iterator[dict[tuple[str, str], Any]]:
    """A phone a language and a login: (lang, who) → its page."""
    server, _ids = club
    made, pages = [], {}
    try:
        for lang, locale in LOCALES.items():
            for who in ("watcher", "scorer"):
                context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
                made.append(context)
                page = context.new_page()
                if who == "scorer":
                    page.goto(f"{server.url}/login")
                    page.fill("#token", TOKEN)
                    page.click("form.stack button[type=submit]")
                    page.wait_for_url(f"{server.url}/")
                pages[(lang, who)] = page
        yield pages
    finally:
        for context in made:
            context.close()


@pytest.fixture(scope="module")
def measured(club: tuple[Server, dict[str, int]], contexts: dict[tuple[str, str], Any]) -> Any:
    """The four checks' findings on a page, each page opened and measured once: (path, lang, who) →
    {check: [what is wrong]}."""
    server, ids = club
    seen: dict[tuple[str, str, str], dict[str, list[str]]] = {}

    def measure(path: str, lang: str, who: str) -> dict[str, list[str]]:
        if (path, lang, who) not in seen:
            page = contexts[(lang, who)]
            if path == IMPORTED:
                kept = httpx.get(f"{server.url}/api/games/{ids['game']}.pref", headers=AUTH).text
                new = f'[Players "Аня Лёва Оля"]\n[Date "2026-11-{27 if lang == "ru" else 28}"]\n[Pool "10"]\n\ndeal 1 dealer Аня\ncontract Лёва: 6s\n'
                page.goto(server.url + "/")
                page.set_input_files("input[type=file][name=file]", files=[
                    {"name": "club.pref", "mimeType": "text/plain", "buffer": f"{kept}\n{new}".encode()}])
                page.click("form[action='/import'] button[type=submit]")
                page.wait_for_url("**/import")
                assert page.locator("p.ok a").count() == 1 and page.locator(".problem li a").count() == 1, page.content()
            else:
                page.goto(server.url + path.format(**ids))
            page.wait_for_load_state("load")
            wide = page.evaluate("document.documentElement.scrollWidth")
            axe = axe_sync.Axe().run(page).response["violations"]
            seen[(path, lang, who)] = {
                "url": [page.url],
                "sideways": [f"the page is {wide}px wide"] if wide > PHONE["width"] else [],
                "text": [f"{t!r} {px}px" for t, px in page.evaluate(SIZES) if px < 12],
                "targets": [f"{what} {w}x{h}" for what, w, h in page.evaluate(TARGETS)],
                "axe": [f"{v['id']}: {v['help']} — " + json.dumps([n["target"] for n in v["nodes"]][:5], ensure_ascii=False)
                        for v in axe if v.get("impact") in ("serious", "critical")],
            }
        return seen[(path, lang, who)]
    return measure


@pytest.mark.parametrize("check,path,lang,who", list(_cases()))
def test_the_page_fits_a_phone(measured: Any, check: str, path: str, lang: str, who: str) -> None:
    found = measured(path, lang, who)
    assert not found[check], f"{found['url'][0]} ({lang}, {who}), {check}:\n" + "\n".join(found[check])


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_deal_is_a_row_the_thumb_taps(club: tuple[Server, dict[str, int]], contexts: dict[tuple[str, str], Any],
                                        lang: str) -> None:
    """Each deal of the game's list opens its replay from a row as wide as its card and 44px high (it was
    the words «Deal 3» alone, 70x18, beside «Anna deals»)."""
    server, ids = club
    page = contexts[(lang, "watcher")]
    page.goto(f"{server.url}/games/{ids['game']}")
    rows = page.evaluate("""() => [...document.querySelectorAll('ol.deals > li')].map(li => {
        const a = li.querySelector('a.replay').getBoundingClientRect(), card = li.getBoundingClientRect();
        return [li.id, Math.round(a.width), Math.round(a.height), Math.round(card.width)]; })""")
    assert len(rows) == 50
    narrow = [row for row in rows if row[1] < row[3] - 2 or row[2] < 44]
    assert not narrow, narrow
