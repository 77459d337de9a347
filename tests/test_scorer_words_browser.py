"""The scorer's page says the right word at the right moment (issue 65, item 5), in Debian's Chromium at a
phone's 360x640, in Russian, against a real ``preflog serve``: the deal said back with the names of its
seats as it is typed; the box in the keys' language (7п, вист, пас, мизер, распасы), which the server
reads; without a connection the page moves on to the next deal and numbers the deals waiting, which go
once each, in order, when it is back; a table that has played its tour (and a pulka that is over) says
so instead of showing keys; a correction starts from the deal as recorded; a refusal's sentence is
plain, its rule one tap away; a notice is a status and an error an alert; the logout asks first and is
not in the header."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import ROOT
from .serving import AUTH, TOKEN, Server, running

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser, scorer_phone  # noqa: E402, F401 - the fixture, and the skip where there is no browser

LIVE = 10_000  # ms a change may take on a loaded machine
WAIT = 10_000  # ms for what is on the page already, on a loaded machine
PHONE = {"width": 360, "height": 640}
A, B, C = "Аня", "Лёва", "Оля"  # deal 1: Аня deals, Лёва is the eldest hand, then Оля, then Аня
#: The label of each key the tests tap, by what it stands for in the notation (the keys are tapped by
#: what they show, as a scorer does; what they type is the page's)
LABELS = {"7s": "7♠", "6s": "6♠", "6c": "6♣", "6d": "6♦", "8h": "8♥", "mis": "мизер", "pass": "распасы",
          "w": "вист", "p": "пас", "h": "полвиста", "o": "в светлую", "c": "втёмную"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("words") / "club.sqlite")
    yield s
    s.stop()


def new_game(server: Server, pool: int = 20) -> int:
    text = f'[Event "Пятница"]\n[Players "{A} {B} {C}"]\n[Pool "{pool}"]\n'
    r = httpx.post(server.url + "/api/games", content=text.encode(), headers=AUTH)
    assert r.status_code == 201, r.text
    ident: int = r.json()["ids"][0]
    return ident


def record(server: Server, game: int, *deals: str) -> None:
    for deal in deals:
        r = httpx.post(f"{server.url}/api/games/{game}/deals", content=deal.encode(), headers=AUTH)
        assert r.status_code == 201, r.text


def game_text(server: Server, game: int) -> str:
    return httpx.get(f"{server.url}/api/games/{game}.pref", headers=AUTH).text


def deals(server: Server, game: int) -> int:
    found: int = httpx.get(f"{server.url}/api/games/{game}").json()["settlement"]["deals"]
    return found


def phone(browser: Any, server: Server, path: str) -> tuple[Any, Any]:
    """A phone's context at 360x640 in Russian, logged in as the scorer, on ``path``."""
    context, page = scorer_phone(browser, server.url, path, TOKEN)
    context.set_default_timeout(WAIT)
    return context, page


def tap_in(page: Any, typed: str) -> None:
    """Tap a deal in with the keys alone, each found by what it shows (``7s`` is the key «7♠»)."""
    for word in typed.split():
        page.tap(f".keys .key:text-is('{LABELS.get(word, word)}')")


def test_the_deal_is_said_back_with_the_names_in_the_order_typed(server: Server, browser: Any) -> None:
    """Tricks typed in a wrong order that adds up to 10 are seen before they go: the line under the box
    names each seat with its tricks, the declarer's first, then the defenders from his left."""
    game = new_game(server)
    context, page = phone(browser, server, f"/games/{game}/record")
    try:
        tap_in(page, f"{B} 7s w p 6 3 1")
        said = f"{B}: 7♠ · {C}: вист, {A}: пас · взятки: {B} 6, {C} 3, {A} 1"
        assert page.inner_text("#readback") == said
        page.fill("#deal", f"{B} 7s wp 6 3 1")  # the notation's letters, typed: said the same
        page.dispatch_event("#deal", "input")
        assert page.inner_text("#readback") == said
        page.fill("#deal", "распасы 4 3 3")
        page.dispatch_event("#deal", "input")
        assert page.inner_text("#readback") == f"распасы · взятки: {B} 4, {C} 3, {A} 3"
        page.fill("#deal", f"мизер {C} 0")
        page.dispatch_event("#deal", "input")
        assert page.inner_text("#readback") == f"{C}: мизер · взятки: {C} 0"
        page.fill("#deal", "")
        tap_in(page, f"{B} 7s w w 7 2 1")  # as it is typed, before it is whole
        assert page.inner_text("#readback") == f"{B}: 7♠ · {C}: вист, {A}: вист · взятки: {B} 7, {C} 2, {A} 1"
        page.tap("#send")
        page.wait_for_url("**done=add&number=1**", timeout=LIVE)
        assert f"result {B} 7 {C} 2 {A} 1" in game_text(server, game)
    finally:
        context.close()


def test_the_box_speaks_the_language_of_the_keys(server: Server, browser: Any) -> None:
    """The Russian keys write the Russian short form (7п, вист, пас, полвиста, открыто, мизер, распасы),
    and the server reads what they write; the notation typed by hand is still read."""
    game = new_game(server)
    context, page = phone(browser, server, f"/games/{game}/record")
    try:
        tap_in(page, f"{B} 7s w p 8")
        assert page.input_value("#deal").split() == [B, "7п", "вист", "пас", "8"]
        for _erased in range(3):
            page.tap(".key:text-is('⌫')")
        tap_in(page, "p h")
        assert page.input_value("#deal").split() == [B, "7п", "пас", "полвиста"]
        page.fill("#deal", "")
        tap_in(page, f"mis {C} 0")
        assert page.input_value("#deal").split() == ["мизер", C, "0"]
        page.fill("#deal", "")
        tap_in(page, "pass 4 3 3")
        assert page.input_value("#deal").split() == ["распасы", "4", "3", "3"]
        page.tap("#send")
        page.wait_for_url("**done=add&number=1**", timeout=LIVE)
        tap_in(page, f"{C} 8h w p o 8")  # deal 2: Оля is the eldest hand
        assert page.input_value("#deal").split() == [C, "8ч", "вист", "пас", "открыто", "8"]
        assert page.inner_text("#readback") == f"{C}: 8♥ · {A}: вист в светлую, {B}: пас · взятки: {C} 8"
        page.tap("#send")
        page.wait_for_url("**done=add&number=2**", timeout=LIVE)
        page.fill("#deal", f"{A} 6d pp")  # the notation, typed: read as before
        page.tap("#send")
        page.wait_for_url("**done=add&number=3**", timeout=LIVE)
        text = game_text(server, game)
        assert "bids pass pass pass" in text and f"contract {C}: 8ч" in text and "whist whist pass open" in text
        assert f"contract {A}: 6d" in text and deals(server, game) == 3
    finally:
        context.close()


def test_offline_the_page_moves_on_and_numbers_the_deals_waiting(server: Server, browser: Any) -> None:
    """Without a connection a deal kept on the phone moves the page to the next deal (its number, its
    dealer, its seats' keys from the eldest hand); the deals waiting are listed by number, and when the
    connection is back they go in order, each once (their ids kept)."""
    game = new_game(server)
    record(server, game, f"{B} 6s pp")
    context, page = phone(browser, server, f"/games/{game}/record")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.headers.get("idempotency-key", "")) if r.method == "POST" else None)
    try:
        assert page.inner_text("#turn").startswith("сдача 2")
        context.set_offline(True)
        tap_in(page, f"{C} 6c p p")  # deal 2: Лёва deals, Оля is the eldest hand
        page.tap("#send")
        page.wait_for_selector("#turn:has-text('сдача 3')")
        assert "сдаёт Оля" in page.inner_text("#turn")
        names = page.eval_on_selector_all(".keys.names .key:not([data-means])", "ks => ks.map(k => k.textContent)")
        assert names == [A, B, C], names  # deal 3's eldest hand first
        assert "сдача 2 — ждёт связи" in page.inner_text("#pending")
        tap_in(page, f"{A} 7s w p 7 2 1")  # deal 3, said with deal 3's seats
        assert page.inner_text("#readback") == f"{A}: 7♠ · {B}: вист, {C}: пас · взятки: {A} 7, {B} 2, {C} 1"
        page.tap("#send")
        page.wait_for_selector("#turn:has-text('сдача 4')")
        waiting = page.inner_text("#pending")
        assert "сдача 2 — ждёт связи" in waiting and "сдача 3 — ждёт связи" in waiting, waiting
        assert deals(server, game) == 1
        context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        page.wait_for_url("**done=add&number=3**", timeout=LIVE)
        text = game_text(server, game)
        assert deals(server, game) == 3
        assert text.count(f"contract {C}: 6т") == 1 and text.count(f"contract {A}: 7п") == 1
        assert text.index(f"contract {C}: 6т") < text.index(f"contract {A}: 7п")
        assert len({k for k in sent if k}) == 2, sent  # each deal under its own id, tried again under the same
        assert page.evaluate("window.localStorage.length") == 0
        assert page.inner_text("#turn").startswith("сдача 4")
    finally:
        context.close()


def take_in_event(db: Path, folder: Path) -> None:
    """A Swiss event of one tour of 3 deals at each of 3 tables, taken in as ``serve --event`` does."""
    from preflog.event.director import new_event
    from preflog.event.plan import dumps_plan

    nine = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ivan", "Kira")
    (folder / "friday.json").write_text(dumps_plan(new_event("Friday", nine, tours=1, pool=10, deals=3, seed="club")))
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PREFLOG_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", "--db", str(db),
                           "--event", str(folder / "friday.json")], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


def test_a_finished_table_says_it_is_finished(tmp_path: Path, browser: Any) -> None:
    """A Swiss table whose game has its tour's 3 deals shows that the table has played, and the way to
    the event and to the game; no keys for a deal 4. A pulka that is over says so the same way."""
    db = tmp_path / "club.sqlite"
    take_in_event(db, tmp_path)
    with running(db) as server:
        tables = httpx.get(f"{server.url}/api/events/1").json()["tables"]
        game = tables[0]["games"][0]["game"]
        first = httpx.get(f"{server.url}/api/games/{game}", headers=AUTH).json()["game"]["tags"]["Players"].split()
        a, b, c = first
        # deal 1 dealt by a: b is the eldest hand; each makes a six unwhisted
        record(server, game, f"{b} 6s pp", f"{c} 6s pp", f"{a} 6s pp")
        context, page = phone(browser, server, f"/games/{game}/record")
        try:
            page.wait_for_selector("#finished")
            said = page.inner_text("#finished")
            assert "Стол доиграл тур" in said and "3" in said, said
            assert page.locator("#finished a[href='/events/1']").count() == 1
            assert page.locator(f"#finished a[href='/games/{game}']").count() == 1
            assert page.locator(".keys").count() == 0 and page.locator("#send").count() == 0
            assert "сдача 4" not in page.inner_text("main")
            for link in page.locator("#finished a").all():
                box = link.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, box
            page.screenshot(path="/tmp/scorer-finished.png")
            page.goto(f"{server.url}/games/{game}")  # the watchers' page says it too, and no deal to come
            assert "Стол доиграл тур" in page.inner_text("#live") and "сдача 4" not in page.inner_text("main")

            over = new_game(server, pool=2)  # a pulka to 2: three sixes close it
            record(server, over, f"{B} 6s pp", f"{C} 6s pp", f"{A} 6s pp")
            page.goto(f"{server.url}/games/{over}/record")
            page.wait_for_selector("#finished")
            assert "Пулька закрыта" in page.inner_text("#finished")
            assert page.locator(f"#finished a[href='/games/{over}']").count() == 1
            assert page.locator(".keys").count() == 0
        finally:
            context.close()


def test_a_correction_starts_from_the_deal_as_recorded(server: Server, browser: Any) -> None:
    """«исправить» on a deal fills the box with that deal in the short form of the keys, said back with
    its own seats; sent with one number changed, the deal is corrected."""
    game = new_game(server)
    record(server, game, f"{B} 7s ww 7 2 1", "pass 4 3 3", f"mis {A} 0")
    context, page = phone(browser, server, f"/games/{game}/record?edit=1")
    try:
        assert page.input_value("#deal") == f"{B} 7п вист вист 7 2 1"
        assert page.inner_text("#readback") == f"{B}: 7♠ · {C}: вист, {A}: вист · взятки: {B} 7, {C} 2, {A} 1"
        page.goto(f"{server.url}/games/{game}/record?edit=2")
        assert page.input_value("#deal") == "распасы 4 3 3"
        page.goto(f"{server.url}/games/{game}/record?edit=3")
        assert page.input_value("#deal") == f"мизер {A} 0"
        page.goto(f"{server.url}/games/{game}/record?edit=1")
        page.fill("#deal", page.input_value("#deal").replace("7 2 1", "6 3 1"))
        page.tap("#send")
        page.wait_for_selector("#done:has-text('исправлена')", timeout=LIVE)
        assert f"result {B} 6 {C} 3 {A} 1" in game_text(server, game) and deals(server, game) == 3
    finally:
        context.close()


def test_a_refusal_is_a_plain_sentence_with_its_rule_one_tap_away(server: Server, browser: Any) -> None:
    """The engine's refusal says what is wrong in a sentence with no rule code in it; «почему?» opens the
    rule and the Code's section. Sent by the page (its script) and by the form alone (no script)."""
    game = new_game(server)
    for script in (True, False):
        context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True, is_mobile=True,
                                      java_script_enabled=script)
        context.set_default_timeout(WAIT)
        try:
            page = context.new_page()
            page.goto(f"{server.url}/login?next=/games/{game}/record")
            page.fill("#token", TOKEN)
            page.click("form.stack button[type=submit]")
            page.wait_for_url(f"**/games/{game}/record")
            page.fill("#deal", f"{B} 7п вв 6 3 3")
            page.click("#send")
            page.wait_for_selector("#problems pre.errors:has-text('12')", timeout=LIVE)
            sentence = page.inner_text("#problems pre.errors")
            assert "взяток в сумме 12" in sentence and "C603" not in sentence and "Кодекс" not in sentence, sentence
            why = page.locator("#problems details.why")
            assert not why.locator("li").first.is_visible()
            summary = why.locator("summary")
            box = summary.bounding_box()
            assert summary.inner_text() == "почему?" and box["height"] >= 44 and box["width"] >= 44, box
            summary.click()
            assert "C603" in why.inner_text() and "Кодекс 3.8.7" in why.inner_text()
            assert deals(server, game) == 0
            page.screenshot(path=f"/tmp/scorer-refusal-{'js' if script else 'form'}.png")
        finally:
            context.close()


def test_a_notice_is_a_status_and_an_error_an_alert_by_the_box(server: Server, browser: Any) -> None:
    """«kept, no connection» is a calm notice (role=status) just under the box, not in the error's
    place; a refusal is an alert, in the same place under the box."""
    game = new_game(server)
    context, page = phone(browser, server, f"/games/{game}/record")
    try:
        context.set_offline(True)
        tap_in(page, f"{B} 6s p p")
        page.tap("#send")
        page.wait_for_selector("#notice:not([hidden])")
        notice = page.locator("#notice")
        assert notice.get_attribute("role") == "status" and "Нет связи" in notice.inner_text()
        assert page.locator("#problems").is_hidden()
        colour = page.eval_on_selector("#notice", "n => getComputedStyle(n).color")
        assert colour != page.eval_on_selector("#problems", "n => getComputedStyle(n).color")
        below = page.evaluate("() => document.getElementById('notice').getBoundingClientRect().top"
                              " - document.getElementById('deal').getBoundingClientRect().bottom")
        above_keys = page.evaluate("() => document.getElementById('notice').compareDocumentPosition("
                                   "document.querySelector('.keys.names')) & Node.DOCUMENT_POSITION_FOLLOWING")
        assert 0 <= below < 200 and above_keys, below
        context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        page.wait_for_url("**done=add&number=1**", timeout=LIVE)
        page.fill("#deal", f"{C} 6s pp 5")
        page.tap("#send")
        page.wait_for_selector("#problems:not([hidden])", timeout=LIVE)
        assert page.locator("#problems").get_attribute("role") == "alert"
        assert page.locator("#notice").is_hidden()
        page.screenshot(path="/tmp/scorer-alert.png")
    finally:
        context.close()


def test_the_logout_asks_first_and_is_not_in_the_header(server: Server, browser: Any) -> None:
    """No logout in the scorer's header: it is on the games list, and asks first (a page of its own, no
    script needed); «no» keeps the login, «yes» ends it and says the way back in."""
    game = new_game(server)
    context, page = phone(browser, server, f"/games/{game}/record")
    try:
        assert page.locator("header form[action='/logout'], header button, header a[href^='/logout']").count() == 0
        page.goto(f"{server.url}/")
        page.tap("a#logout")
        page.wait_for_url("**/logout")
        assert "Выйти?" in page.inner_text("h1")
        for control in page.locator("main .button, main button").all():
            box = control.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, box
        page.screenshot(path="/tmp/scorer-logout.png")
        page.tap("text=Нет, остаться")
        page.wait_for_url(f"{server.url}/")
        page.goto(f"{server.url}/games/{game}/record")
        assert page.locator("#deal").count() == 1  # still logged in
        page.goto(f"{server.url}/logout")
        page.tap("#logout-yes")
        page.wait_for_url("**/logout?ended=1")
        said = page.inner_text("main")
        assert "Вы вышли" in said and "пароль записывающего" in said and "Вход записывающего" in said, said
        page.goto(f"{server.url}/games/{game}/record")
        page.wait_for_url("**/login?**")
    finally:
        context.close()
