"""«Задачи» on a phone (issue 67, point 6), in Debian's Chromium at 360x640, in Russian: a player opens
their drills with the drill key the scorer made, taps a wrong card, sees what it costs and the refutation
trick by trick on the diagram, taps «Дальше», and solves one. Every page has no serious axe finding, no
text under 12px and no control under 44x44 px; nothing scrolls sideways."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browsing import SIZES, TARGETS, browser, serious  # noqa: F401 - the fixture
from .serving import AUTH, copied, running
from .test_serve_puzzles import discarded, taught, whisted  # noqa: F401 - the fixtures

pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")


def looked_at(page: Any, name: str) -> None:
    """The page as a phone shows it: no serious axe finding, no small text or control, nothing sideways."""
    assert serious(page) == [], name
    assert [s for s in page.evaluate(SIZES) if s[1] < 12] == [], name
    assert page.evaluate(TARGETS) == [], name
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), name


def test_a_player_drills_on_the_phone(browser: Any, taught: Path, tmp_path: Path) -> None:  # noqa: F811
    db = copied(taught, tmp_path / "club.sqlite")
    with running(db, extra=("--lesson-samples", "10")) as server:
        made = httpx.post(f"{server.url}/puzzles/Vera/key", headers=AUTH, data={"action": "make"})
        link = re.search(r'href="(http://[^"]+/puzzles/Vera\?key=[^"]+)"', made.text)
        assert made.status_code == 200 and link
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ru-RU", has_touch=True,
                                      is_mobile=True)
        page = context.new_page()
        page.goto(link.group(1))
        assert "Ключ тренировки сохранён" in page.inner_text("main")
        assert "Какую карту сыграть?" in page.inner_text("main")
        looked_at(page, "drill")
        with db_lessons(db) as answers:
            pass
        first = re.search(r"/puzzles/Vera/([0-9-]+)", page.get_attribute("form.puzzle-cards", "action") or "")
        assert first
        right = answers[first.group(1)]
        cards = page.locator("form.puzzle-cards button[name=card]")
        values = [cards.nth(i).get_attribute("value") for i in range(cards.count())]
        wrong = next(v for v in values if v != right)
        page.click(f"form.puzzle-cards button[value='{wrong}']")
        page.wait_for_selector("h1.verdict")
        main = page.inner_text("main")
        assert "Неверно" in main and "опровержение" in main and "Запомнено: задача вернётся" in main
        assert page.locator(".steps svg").count() == 1 and "Взятка" in page.inner_text(".step-said")
        looked_at(page, "wrong")
        steps = page.locator(".step-links a")
        assert steps.count() >= 2
        said = page.inner_text(".step-said")
        steps.nth(1).click()
        page.wait_for_load_state()
        assert page.inner_text(".step-said") != said  # the next trick of the refutation, drawn
        page.click("text=Дальше")
        page.wait_for_selector("form.puzzle-cards, .done-today")
        second = page.get_attribute("form.puzzle-cards", "action") or ""
        assert second and first.group(1) not in second  # the miss waits for tomorrow
        page.click(f"form.puzzle-cards button[value='{answers[second.rsplit('/', 1)[1]]}']")
        page.wait_for_selector("h1.verdict")
        assert "Верно" in page.inner_text("h1") and "Лучшая игра" in page.inner_text("main")
        looked_at(page, "right")
        page.goto(f"{server.url}/puzzles")
        assert "Задача дня" in page.inner_text("main")
        looked_at(page, "puzzles")
        context.close()


class db_lessons:  # noqa: N801 - a context manager read like a function
    """The kept lessons' answers by place (the first card of each), read from the archive's file."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def __enter__(self) -> dict[str, str]:
        import json
        import sqlite3

        with sqlite3.connect(self.db) as c:
            return {f"{g}-{d}-{n}": json.loads(data)["answer"][0]
                    for g, d, n, data in c.execute("SELECT game, deal, card, data FROM lessons")}

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_discard_on_the_phone(browser: Any, discarded: Path, tmp_path: Path) -> None:  # noqa: F811
    """Boris's discard at 360x640, in Russian and in English: one card tapped and sent is asked again (the
    card kept checked, the alert by the button), two wrong ones tapped give what they cost and best play
    after them trick by trick; each page looked at (and kept as a screenshot beside the test's files)."""
    db = copied(discarded, tmp_path / "club.sqlite")
    with running(db, extra=("--lesson-samples", "30")) as server:
        for locale, words in (("ru-RU", RU), ("en-GB", EN)):
            context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale, has_touch=True,
                                          is_mobile=True)
            page = context.new_page()
            page.goto(f"{server.url}/puzzles/Boris")
            assert words["asked"] in page.inner_text("main")
            looked_at(page, f"discard asked {locale}")
            page.screenshot(path=str(tmp_path / f"asked-{locale}.png"), full_page=True)
            page.locator("label.card", has=page.locator("input[value=Ts]")).tap()
            page.click("form.puzzle-cards button[type=submit]")
            page.wait_for_selector("[role=alert]")
            assert words["again"] in page.inner_text("[role=alert]")
            assert page.is_checked("input[value=Ts]") and not page.is_checked("input[value=Td]")
            looked_at(page, f"discard again {locale}")
            page.screenshot(path=str(tmp_path / f"again-{locale}.png"), full_page=True)
            page.locator("label.card", has=page.locator("input[value=Td]")).tap()
            page.click("form.puzzle-cards button[type=submit]")
            page.wait_for_selector("h1.verdict")
            main = page.inner_text("main")
            assert words["wrong"] in main and words["cost"] in main
            assert page.locator(".steps svg").count() == 1 and page.locator(".step-links a").count() == 10
            looked_at(page, f"discard wrong {locale}")
            page.screenshot(path=str(tmp_path / f"wrong-{locale}.png"), full_page=True)
            context.close()


RU = {"asked": "Boris будет играть 7♥. Какие две карты снести?", "again": "отмечена 1 карта", "wrong": "Неверно",
      "cost": "Снос 10♠ 10♦ стоит 1 взятку: Boris берёт 5 вместо 6"}
EN = {"asked": "Boris plays 7♥: which two cards to discard?", "again": "1 card is chosen", "wrong": "Wrong",
      "cost": "The discard T♠ T♦ costs a trick: Boris ends with 5 instead of 6"}


def test_a_whist_on_the_phone(browser: Any, whisted: Path, tmp_path: Path) -> None:  # noqa: F811
    """Dima's whist of Lena's 6♦ at 360x640, in Russian and in English: the deal before his word and two big
    buttons; «Вист» tapped gives what each word scores for him, the right word and the declarer's tricks;
    «Пас» tapped, right. Each page looked at (and kept as a screenshot beside the test's files)."""
    db = copied(whisted, tmp_path / "club.sqlite")
    with running(db, extra=("--lesson-samples", "10")) as server:
        for locale, words in (("ru-RU", WHIST_RU), ("en-GB", WHIST_EN)):
            context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale, has_touch=True,
                                          is_mobile=True)
            page = context.new_page()
            page.goto(f"{server.url}/puzzles/Dima")
            assert words["asked"] in page.inner_text("main")
            buttons = page.locator("form.puzzle-cards button.word")
            assert [buttons.nth(i).inner_text() for i in range(buttons.count())] == words["buttons"]
            for i in range(2):
                box = buttons.nth(i).bounding_box()
                assert box and box["width"] >= 44 and box["height"] >= 44
            looked_at(page, f"whist asked {locale}")
            page.screenshot(path=str(tmp_path / f"whist-asked-{locale}.png"), full_page=True)
            buttons.nth(0).tap()
            page.wait_for_selector("h1.verdict")
            main = page.inner_text("main")
            assert words["wrong"] in main and words["scores"] in main and words["tricks"] in main
            looked_at(page, f"whist wrong {locale}")
            page.screenshot(path=str(tmp_path / f"whist-wrong-{locale}.png"), full_page=True)
            page.go_back()
            page.locator("form.puzzle-cards button.word").nth(1).tap()
            page.wait_for_selector("h1.verdict")
            assert words["right"] in page.inner_text("h1")
            looked_at(page, f"whist right {locale}")
            page.screenshot(path=str(tmp_path / f"whist-right-{locale}.png"), full_page=True)
            context.close()


WHIST_RU = {"asked": "Lena играет 6♦. Dima: вист или пас?", "buttons": ["Вист", "Пас"], "wrong": "Неверно",
            "scores": "Dima: за вист +25,33, за пас +27,33", "tricks": "При лучшей игре Lena берёт 5 взяток.",
            "right": "Верно"}
WHIST_EN = {"asked": "Lena plays 6♦; Dima to speak: whist or pass?", "buttons": ["Whist", "Pass"], "wrong": "Wrong",
            "scores": "Dima: with a whist +25.33, with a pass +27.33", "tricks": "With best play Lena takes 5 tricks.",
            "right": "Right"}
