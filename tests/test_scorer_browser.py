"""The scorer's page as a club uses it (issue 42, point 7), in Debian's Chromium at a phone's size, in
Russian and in English: a whole evening of 8 deals recorded by tapping while a second phone watches,
deal 3 corrected, an undo asked first and put back, a refused deal with its message where the thumb
is, a deal typed without a connection kept on the phone and sent once when it comes back; no page
scrolls sideways, no number of the pulka under 12px, and axe-core finds nothing serious."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from .serving import AUTH, TOKEN, Server

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser
from .browsing import SIZES, scorer_phone, wait_answered  # noqa: E402

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="axe-playwright-python is not installed (pip install -e '.[test]')")

LIVE = 10_000  # ms a change may take to reach the watcher on a loaded CI machine
PLAYERS = {"ru": ("Аня", "Лёва", "Оля"), "en": ("Anna", "Boris", "Vera")}
#: the evening, as the keys type it: (a) declares in turn, b and c the others
EVENING = ("{b} 7s wp 8", "pass 4 3 3", "{a} 6d ww 6 2 2", "mis {c} 0", "{b} 6h pp", "{c} 8c wp 7", "{a} 6s wp 6",
           "{b} 7d wp 7")
WORDS = {"ru": {"taken": "отменена", "again": "записана снова", "corrected": "исправлена", "keep": "Нет, оставить",
                "yes": "Да, отменить", "put": "Вернуть сдачу", "offline": "Нет связи"},
         "en": {"taken": "taken back", "again": "recorded again", "corrected": "corrected", "keep": "No, keep it",
                "yes": "Yes, take it back", "put": "Put deal", "offline": "No connection"}}


def game_of(server: Server, lang: str) -> int:
    a, b, c = PLAYERS[lang]
    text = f'[Event "{"Пятница" if lang == "ru" else "Friday"}"]\n[Players "{a} {b} {c}"]\n[Pool "20"]\n[WhistPrice "0.5"]\n'
    r = httpx.post(server.url + "/api/games", content=text.encode(), headers=AUTH)
    assert r.status_code == 201
    ident: int = r.json()["ids"][0]
    return ident


def api(server: Server, game: int) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.url}/api/games/{game}").json()
    return data


def tap_in(page: Any, typed: str) -> None:
    """Type a deal with the page's keys alone, given in the notation's short form: a contract, a defender's
    letter, ``mis`` and ``pass`` are the keys that stand for them (data-means: they type the page's own
    language's short form, «7п вист пас» in Russian), names and numbers the keys that type them."""
    for word in typed.split():
        if word in ("wp", "ww", "pp"):
            for letter in word:
                page.tap(f".keys.defence .key[data-means='{letter}']")
        elif page.locator(f".key[data-means='{word}']").count():
            page.tap(f".key[data-means='{word}']")
        else:
            page.tap(f".key[data-word='{word}']")


def watch_for(watcher: Any, server: Server, game: int, selector: str, **state: str) -> None:
    """Wait for ``selector`` on the watcher's page; if it never comes, say what the page, the game and the
    server stood at (a change that never reached a watcher is otherwise a bare timeout)."""
    try:
        watcher.wait_for_selector(selector, timeout=LIVE, **state)
    except Exception as e:
        seen = watcher.evaluate("[document.getElementById('live').dataset.revision, "
                                "document.getElementById('status').textContent]")
        raise AssertionError(f"{selector} {state}: the page at revision {seen[0]} ({seen[1]!r}), the game at "
                             f"{api(server, game)['revision']}; the server said:\n{server.log[-3000:]}") from e


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], page.url


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page."""
    results = axe_sync.Axe().run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(tmp_path_factory.mktemp("evening") / "club.sqlite")
    yield s
    s.stop()


@pytest.mark.parametrize("lang,size", [("ru", (360, 640)), ("en", (412, 915))])
def test_an_evening_recorded_on_one_phone(server: Server, browser: Any, lang: str, size: tuple[int, int]) -> None:
    a, b, c = PLAYERS[lang]
    words = WORDS[lang]
    game = game_of(server, lang)
    viewport = {"width": size[0], "height": size[1]}
    options = {"viewport": viewport, "locale": {"ru": "ru-RU", "en": "en-GB"}[lang], "has_touch": True, "is_mobile": True}
    scorer_context, watcher_context = browser.new_context(**options), browser.new_context(**options)
    problems: list[str] = []
    try:
        scorer, watcher = scorer_context.new_page(), watcher_context.new_page()
        for page in (scorer, watcher):
            page.on("pageerror", lambda e: problems.append(str(e)))
        watcher.goto(f"{server.url}/games/{game}")
        scorer.goto(f"{server.url}/login?next=/games/{game}/record")
        scorer.fill("#token", TOKEN)
        scorer.click("form.stack button[type=submit]")
        scorer.wait_for_url(f"**/games/{game}/record")
        assert b in scorer.inner_text("#example")  # the example speaks of this table's eldest hand

        # the evening: every deal tapped in, said back where the thumb is
        for number, deal in enumerate(EVENING, 1):
            tap_in(scorer, deal.format(a=a, b=b, c=c))
            scorer.tap("#send")
            scorer.wait_for_url(f"**done=add&number={number}**")
            scorer.wait_for_selector("#done")
            # said above the next deal's keys, where the thumb starts the next deal
            assert in_view(scorer, "#done") and in_view(scorer, ".keys.names"), (number, scorer.evaluate("window.scrollY"))
        watch_for(watcher, server, game, "#live #deal-8")
        assert api(server, game)["settlement"]["deals"] == 8
        no_sideways_scroll(scorer)
        no_sideways_scroll(watcher)

        # deal 3 corrected: Anna's six of diamonds took 7, not 6
        scorer.goto(f"{server.url}/games/{game}/record?edit=3")
        scorer.fill("#deal", "")  # it starts from the deal as recorded
        tap_in(scorer, f"{a} 6d ww 7 2 1")
        scorer.tap("#send")
        scorer.wait_for_selector(f"#done:has-text('{words['corrected']}')")
        text = httpx.get(f"{server.url}/api/games/{game}.pref").text
        assert f"result {a} 7 {b} 2 {c} 1" in text or "result 7" in text

        # the undo asks first: «no» keeps it, «yes» takes it back, and it can be put back
        scorer.tap("#undo")
        scorer.wait_for_selector("#confirm")
        assert in_view(scorer, "#confirm")
        scorer.tap(f"#confirm a:text-is('{words['keep']}')")
        scorer.wait_for_url(f"**/games/{game}/record")
        scorer.wait_for_selector("#undo")
        assert api(server, game)["settlement"]["deals"] == 8
        scorer.tap("#undo")
        scorer.wait_for_selector("#confirm")
        scorer.tap(f"#confirm button:text-is('{words['yes']}')")
        scorer.wait_for_selector(f"#done:has-text('{words['taken']}')")
        assert api(server, game)["settlement"]["deals"] == 7
        watch_for(watcher, server, game, "#live #deal-8", state="detached")
        scorer.tap("#redo")
        scorer.wait_for_selector(f"#done:has-text('{words['again']}')")
        assert api(server, game)["settlement"]["deals"] == 8 and scorer.locator("#redo").count() == 0

        # a refused deal: the message by the button, focused, the typed text kept
        scorer.fill("#deal", f"{b} 7s wp 11")
        scorer.tap("#send")
        wait_answered(scorer)
        assert in_view(scorer, "#problems")
        assert scorer.evaluate("document.activeElement.id") == "message"
        assert scorer.input_value("#deal") == f"{b} 7s wp 11"
        assert api(server, game)["settlement"]["deals"] == 8

        # no connection: the deal waits on the phone, is sent when it is back, and only once
        revision = api(server, game)["revision"]
        scorer.fill("#deal", "")
        scorer_context.set_offline(True)
        tap_in(scorer, f"{c} 6s pp")
        scorer.tap("#send")
        scorer.wait_for_selector("#pending:not([hidden])")
        assert words["offline"] in scorer.inner_text("#notice")
        assert api(server, game)["revision"] == revision
        scorer_context.set_offline(False)
        scorer.wait_for_url("**done=add&number=9**", timeout=LIVE)
        assert api(server, game)["revision"] == revision + 1 and api(server, game)["settlement"]["deals"] == 9
        watch_for(watcher, server, game, "#live #deal-9")
        assert scorer.evaluate("window.localStorage.length") == 0

        # the pulka read on the phone: nothing sideways, no number under 12px; axe finds nothing serious
        for page, path in ((watcher, f"/games/{game}"), (scorer, f"/games/{game}/record"), (scorer, "/"),
                           (scorer, "/new")):
            page.goto(server.url + path)
            page.wait_for_load_state("load")
            no_sideways_scroll(page)
            small = [f"{t!r} {px}px" for t, px in page.evaluate(SIZES) if px < 12]
            assert not small, (path, small)
            found = serious(page)
            assert not found, (path, found)
        for path in ("/stats", "/players", "/login", "/join", f"/games/{game}/deals/1", f"/games/{game}/record?edit=2",
                     f"/games/{game}/record?note=2", "/nothing-here"):
            scorer.goto(server.url + path)
            scorer.wait_for_load_state("load")
            no_sideways_scroll(scorer)
            found = serious(scorer)
            assert not found, (path, found)
        assert not problems, problems
    finally:
        scorer_context.close()
        watcher_context.close()


def test_a_game_prints_on_a4(server: Server, browser: Any, tmp_path: Any) -> None:
    """Issue 42, point 6: the game's page on paper (Chromium's print to PDF, A4): the pulka drawn whole,
    the deals in words, the settlement and who pays whom, and none of the screen's buttons."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("no pdftotext: apt-get install poppler-utils (.ci/run does it)")
    game = game_of(server, "ru")
    a, b, c = PLAYERS["ru"]
    for deal in EVENING:
        r = httpx.post(f"{server.url}/api/games/{game}/deals", content=deal.format(a=a, b=b, c=c).encode(), headers=AUTH)
        assert r.status_code == 201, r.text
    context = browser.new_context(locale="ru-RU")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/games/{game}")
        pdf = tmp_path / "pulka.pdf"
        page.pdf(path=str(pdf), format="A4", print_background=False)
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
        assert 1 <= pages <= 3, info
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
        assert "Кто кому платит (в деньгах)" in text and "Сдача 8" in text and "сдаёт" in text
        assert "ремиз" in text or "сыграна" in text
        for control in ("Записывать сдачи", "Выйти", "Вход записывающего", "запись", "исправить"):
            assert control not in text, control
        # the drawing is the whole one: the running record of a pool, not its last total alone
        assert page.locator(".pulka .svg.full").count() == 1
    finally:
        context.close()


def test_deals_kept_offline_behind_a_refused_one_are_not_lost(server: Server, browser: Any) -> None:
    """A phone that lost its connection keeps two deals; when it is back the first is refused (11 tricks):
    it comes back to the box with why, the second stays kept, and once the first is mended both are
    recorded in their order (issue 42, point 3: never lost, never sent twice)."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ru-RU", has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/login?next=/games/{game}/record")
        page.fill("#token", TOKEN)
        page.click("form.stack button[type=submit]")
        page.wait_for_url(f"**/games/{game}/record")
        context.set_offline(True)
        for deal in (f"{b} 7s wp 11", "pass 4 3 3"):
            page.fill("#deal", deal)
            page.tap("#send")
            page.wait_for_function("() => document.getElementById('deal').value === ''")  # a function: an expression is eval'd, which the CSP forbids
        assert page.evaluate(f"JSON.parse(localStorage.getItem('preflog-queue-{game}')).length") == 2
        context.set_offline(False)
        page.wait_for_selector("#problems pre:has-text('0 до 10')", timeout=LIVE)
        assert page.input_value("#deal") == f"{b} 7s wp 11"  # back in the box, with why
        # and still kept on the phone until it is mended (issue 63: nothing dropped unproved)
        assert page.evaluate(f"JSON.parse(localStorage.getItem('preflog-queue-{game}')).length") == 2
        assert "распасы" in page.inner_text("#pending")
        assert api(server, game)["settlement"]["deals"] == 0
        page.fill("#deal", f"{b} 7s wp 8")  # mended: it goes first, the one kept after it
        page.tap("#send")
        page.wait_for_url("**done=add&number=2**", timeout=LIVE)
        text = httpx.get(f"{server.url}/api/games/{game}.pref").text
        assert text.index("contract Лёва: 7s") < text.index("deal 2")
        assert api(server, game)["settlement"]["deals"] == 2
        assert page.evaluate("window.localStorage.length") == 0
    finally:
        context.close()


def logged_in(browser: Any, server: Server, game: int, **options: Any) -> tuple[Any, Any]:
    """A phone's context at 360x640, in Russian, logged in on the scorer's page of ``game``."""
    return scorer_phone(browser, server.url, f"/games/{game}/record", TOKEN, **options)


def first_answer_lost(sent: list[str], lose: Callable[[Any], None]) -> Callable[[Any], None]:
    """A route for the deals a page sends: each one's id noted in ``sent``; the first reaches the server
    and is recorded, and its answer is lost on the way back (``lose`` answers the page instead); the
    others pass."""
    def route(found: Any) -> None:
        sent.append(found.request.headers.get("idempotency-key", ""))
        if len(sent) == 1:
            found.fetch()
            lose(found)
        else:
            found.continue_()
    return route


def kept(page: Any, game: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(f"JSON.parse(localStorage.getItem('preflog-queue-{game}') || '[]')")
    return found


def test_a_deal_kept_offline_after_another_phone_s_deal_is_kept_and_asked_about(server: Server, browser: Any) -> None:
    """Issue 63, case 1: scorer A, offline, keeps «Лёва 8♣» as deal 1; scorer B records «Лёва 6♠» as deal 1;
    A's connection comes back. A's deal is neither dropped nor sent blindly: the page shows what the game
    holds and what the phone kept, and sends it after B's only when the scorer says so."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context_a, phone_a = logged_in(browser, server, game)
    context_b, phone_b = logged_in(browser, server, game)
    try:
        context_a.set_offline(True)
        tap_in(phone_a, f"{b} 8c wp 8")
        phone_a.tap("#send")
        phone_a.wait_for_selector("#pending:not([hidden])")
        assert len(kept(phone_a, game)) == 1
        tap_in(phone_b, f"{b} 6s wp 6")
        phone_b.tap("#send")
        phone_b.wait_for_url("**done=add&number=1**", timeout=LIVE)

        context_a.set_offline(False)
        phone_a.evaluate("() => window.dispatchEvent(new Event('online'))")
        phone_a.wait_for_selector("#discard", timeout=LIVE)
        asked = phone_a.inner_text("#message")
        assert "8♣" in asked and "6♠" in asked, asked  # both: the phone's deal, and the game's
        assert "пулька изменилась" in asked
        assert len(kept(phone_a, game)) == 1  # still on the phone
        text = httpx.get(f"{server.url}/api/games/{game}.pref").text
        assert "contract Лёва: 6п" in text and "8т" not in text  # the Russian keys' short form

        # a slip undone safely: «discard» asks first, and «no» keeps the deal
        phone_a.tap("#discard")
        phone_a.wait_for_selector("#discard-yes")
        phone_a.tap("#pending .confirm button:not(.danger)")
        phone_a.wait_for_selector("#discard")
        assert len(kept(phone_a, game)) == 1

        # the scorer's word: after the deal recorded meanwhile
        phone_a.tap("#pending button.primary")
        phone_a.wait_for_url("**done=add&number=2**", timeout=LIVE)
        text = httpx.get(f"{server.url}/api/games/{game}.pref").text
        assert text.index("contract Лёва: 6п") < text.index("contract Лёва: 8т")
        assert api(server, game)["settlement"]["deals"] == 2
        assert kept(phone_a, game) == []
        no_sideways_scroll(phone_a)
    finally:
        context_a.close()
        context_b.close()


def test_a_deal_discarded_on_the_scorer_s_word_is_gone_and_only_then(server: Server, browser: Any) -> None:
    """The other answer to the question: the kept deal discarded, after a second tap meant for it."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context, phone = logged_in(browser, server, game)
    try:
        context.set_offline(True)
        tap_in(phone, f"{c} 7h wp 7")
        phone.tap("#send")
        phone.wait_for_selector("#pending:not([hidden])")
        r = httpx.post(f"{server.url}/api/games/{game}/deals", content=f"{b} 6d wp 6".encode(), headers=AUTH)
        assert r.status_code == 201
        context.set_offline(False)
        phone.evaluate("() => window.dispatchEvent(new Event('online'))")
        phone.wait_for_selector("#discard", timeout=LIVE)
        phone.tap("#discard")
        phone.wait_for_selector("#discard-yes:not([disabled])")
        assert len(kept(phone, game)) == 1
        phone.tap("#discard-yes")
        phone.wait_for_selector("#notice:has-text('Сдача удалена')")
        assert kept(phone, game) == []
        assert api(server, game)["settlement"]["deals"] == 1
    finally:
        context.close()


def test_a_deal_whose_answer_was_lost_is_sent_again_and_recorded_once(server: Server, browser: Any) -> None:
    """Issue 63, point 1: the deal reaches the server but its answer never reaches the phone (the Wi-Fi
    dropped on the way back). The phone keeps it and sends it again with the same id; the server answers
    with the first answer, and the game holds the deal once."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context, phone = logged_in(browser, server, game)
    sent: list[str] = []

    try:
        phone.route("**/api/games/*/deals", first_answer_lost(sent, lambda route: route.abort("connectionreset")))
        tap_in(phone, f"{a} 6c wp 6")
        phone.tap("#send")
        phone.wait_for_selector("#pending:not([hidden])")
        assert api(server, game)["settlement"]["deals"] == 1  # it did arrive
        phone.wait_for_url("**done=add&number=1**", timeout=LIVE + 10_000)  # sent again within 5 s
        assert len(sent) >= 2 and sent[0] and all(k == sent[0] for k in sent), sent
        assert api(server, game)["settlement"]["deals"] == 1
        assert httpx.get(f"{server.url}/api/games/{game}.pref").text.count("contract Аня: 6т") == 1
        assert kept(phone, game) == []
    finally:
        context.close()


def test_a_page_that_is_not_the_server_s_answer_proves_nothing(server: Server, browser: Any) -> None:
    """An attacker's finding (issue 63): a Wi-Fi's login page answering in the server's place (200, HTML)
    was taken as the proof that the deal arrived, and the deal vanished. Only the server's own answer, with
    the deal's number and the game's revision, proves it: the deal stays on the phone until then, and is
    recorded once when the real server answers."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context, phone = logged_in(browser, server, game)
    portal = {"on": True}

    def wifi_login_page(route: Any) -> None:
        if portal["on"]:
            route.fulfill(status=200, content_type="text/html", body="<html><body>Войдите в Wi-Fi</body></html>")
        else:
            route.continue_()

    try:
        phone.route("**/api/games/*/deals", wifi_login_page)
        tap_in(phone, f"{b} 7d wp 7")
        phone.tap("#send")
        phone.wait_for_selector("#pending:not([hidden])")
        assert len(kept(phone, game)) == 1 and api(server, game)["settlement"]["deals"] == 0
        phone.evaluate("() => window.dispatchEvent(new Event('online'))")  # sent again through the portal
        phone.wait_for_timeout(500)
        assert len(kept(phone, game)) == 1
        portal["on"] = False
        phone.wait_for_url("**done=add&number=1**", timeout=LIVE + 10_000)
        assert api(server, game)["settlement"]["deals"] == 1 and kept(phone, game) == []
    finally:
        context.close()


def test_a_deal_sent_after_another_phone_s_same_deal_is_asked_about_not_recorded_twice(server: Server,
                                                                                       browser: Any) -> None:
    """An attacker's finding (issue 63): two phones online, both type deal 1; the second's was answered 409,
    the page reloaded with the deal in the box and no word, and one more tap recorded it twice. Now the
    second phone shows what the game holds and keeps its deal until the scorer says: here, discard."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context_a, phone_a = logged_in(browser, server, game)
    context_b, phone_b = logged_in(browser, server, game)
    try:
        tap_in(phone_b, f"{b} 7s wp 8")  # typed on both phones before either is sent
        tap_in(phone_a, f"{b} 7s wp 8")
        phone_a.tap("#send")
        phone_a.wait_for_url("**done=add&number=1**", timeout=LIVE)
        phone_b.tap("#send")
        phone_b.wait_for_selector("#discard", timeout=LIVE)
        asked = phone_b.inner_text("#message")
        assert asked.count("7♠") >= 2 and "пулька изменилась" in asked, asked  # the game's deal, and the phone's
        assert len(kept(phone_b, game)) == 1
        phone_b.tap("#discard")
        phone_b.wait_for_selector("#discard-yes:not([disabled])")
        phone_b.tap("#discard-yes")
        phone_b.wait_for_selector("#notice:has-text('Сдача удалена')")
        assert api(server, game)["settlement"]["deals"] == 1 and kept(phone_b, game) == []
    finally:
        context_a.close()
        context_b.close()


def test_a_proxy_s_error_after_the_deal_arrived_keeps_it_and_it_is_recorded_once(server: Server,
                                                                                browser: Any) -> None:
    """An attacker's finding (issue 63): a proxy answered 502 after the deal had reached the server; the page
    said nothing, threw the deal's id away, and the deal typed again was recorded twice. Now the deal stays
    on the phone with its id, and sent again is answered as it was the first time."""
    a, b, c = PLAYERS["ru"]
    game = game_of(server, "ru")
    context, phone = logged_in(browser, server, game)
    sent: list[str] = []
    gateway = lambda route: route.fulfill(status=502, content_type="text/html", body="<html>502 Bad Gateway</html>")

    try:
        phone.route("**/api/games/*/deals", first_answer_lost(sent, gateway))
        tap_in(phone, f"{c} 6h wp 6")
        phone.tap("#send")
        phone.wait_for_selector("#pending:not([hidden])")
        assert "Сдача остаётся на телефоне" in phone.inner_text("#notice")
        phone.wait_for_url("**done=add&number=1**", timeout=LIVE + 10_000)
        assert len(sent) >= 2 and all(k == sent[0] for k in sent), sent
        assert api(server, game)["settlement"]["deals"] == 1
        assert httpx.get(f"{server.url}/api/games/{game}.pref").text.count("contract Оля: 6ч") == 1
    finally:
        context.close()
