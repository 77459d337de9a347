"""A page of puzzles in a real browser (Debian's ``chromium`` driven by playwright) at 360x640, one
thumb: a wrong card's refutation is played out trick by trick and undone, a right card is said right, a
question of tricks is answered with a number; nothing scrolls sideways, every control is at least
44x44 px, no text under 12 px, and axe-core finds nothing serious. Skipped, with the reason, where no
browser is installed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import preflog
from preflog.present.replay_html import page
from preflog.puzzles.page import pose

from .browsing import SIZES, TARGETS, browser, serious  # noqa: F401 - the fixture
from .conftest import ROOT

ETUDES = ["kovalevskaya.pref", "kovalkov-1.pref", "lasker.pref"]


def phone(browser: Any, tmp_path: Path, lang: str, **options: Any) -> tuple[Any, list[str]]:
    games = [g for name in ETUDES for g in preflog.loads_all((ROOT / "samples" / "puzzles" / name).read_text(encoding="utf-8"))]
    path = tmp_path / f"etudes-{lang}.html"
    path.write_text(page(games, lang=lang, pose=pose, **options), encoding="utf-8")
    tab = browser.new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto(path.as_uri())
    return tab, problems


def fits(tab: Any, where: str) -> None:
    """Nothing sideways, every control a thumb's size, no text under 12 px."""
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360, where
    assert not tab.evaluate(TARGETS), f"{where}: {tab.evaluate(TARGETS)}"
    small = [f"{text!r} {size}px" for text, size in tab.evaluate(SIZES) if size < 12]
    assert not small, f"{where}: {small}"


def trick_cards(tab: Any) -> list[str]:
    return tab.evaluate("() => [...document.querySelectorAll('#table .played .card')].map(e => e.textContent)")


def test_solving_on_a_phone_in_russian(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    tab, problems = phone(browser, tmp_path, "ru")
    assert tab.text_content("#ask") == "Юг играет мизер, ход Востока. Ловится ли мизер и каким ходом?"
    assert tab.text_content("#turn").startswith("Ход: Восток.") and trick_cards(tab) == []
    fits(tab, "the question")
    assert serious(tab) == []
    tab.tap("#choose button[aria-label='Д пик']")  # wrong: the misère goes free
    assert tab.text_content("#verdict") == "✗ Не ловит мизер: Юг не берёт ни одной взятки."
    assert trick_cards(tab) == ["Д♠"] and tab.is_hidden("#choose")
    tab.tap("#lineFwd")  # the refutation, a trick at a time
    assert trick_cards(tab) == ["Д♠", "10♠", "Т♠"] and tab.text_content("#lineStep").startswith("взятка 1")
    for _trick in range(9):
        tab.tap("#lineFwd")
    assert tab.is_disabled("#lineFwd") and tab.evaluate("document.querySelectorAll('#tricks li').length") == 10
    assert tab.text_content("#table .seat.declarer .won") == "0 взяток"
    fits(tab, "the refutation's end")
    assert serious(tab) == []
    tab.tap("#lineBack")
    assert tab.evaluate("document.querySelectorAll('#tricks li').length") == 9
    tab.tap("#again")  # the slip undone: the question again, nothing played
    assert tab.is_visible("#choose") and tab.text_content("#verdict") == "" and trick_cards(tab) == []
    tab.tap("#choose button[aria-label='10 бубён']")  # an equal of the king: right
    assert tab.text_content("#verdict").startswith("✓ Верно: мизер ловится, Юг берёт 1 взятку.")
    assert "Равные карты — один ответ: К♦ Д♦ В♦ 10♦." in tab.text_content("#verdict")
    tab.tap("#nextDeal")
    assert tab.text_content("h1") == "Этюд Ковалькова № 1" and tab.text_content("#turn").startswith("Ход: Юг.")
    tab.tap("#choose button[aria-label='К пик']")
    assert tab.text_content("#verdict") == "✗ Теряет взятку: Запад берёт 7, а не 6."
    tab.tap("#again")
    tab.tap("#choose button[aria-label='Т треф']")
    assert tab.text_content("#verdict") == "✓ Верно: при лучшей игре Запад берёт 6 взяток."
    tab.tap("#nextDeal")
    numbers = tab.evaluate("() => [...document.querySelectorAll('#choose button')].map(b => b.textContent)")
    assert numbers == [str(n) for n in range(11)]
    fits(tab, "the numbers")
    tab.tap("#choose button[aria-label='5 взяток']")
    assert tab.text_content("#verdict") == "✗ Нет: при лучшей игре Юг берёт 2 взятки, а не 5."
    assert trick_cards(tab) == ["Т♠"]  # best play from its first card
    tab.tap("#again")
    tab.tap("#choose button[aria-label='2 взятки']")
    assert tab.text_content("#verdict") == "✓ Верно: при лучшей игре Юг берёт 2 взятки."
    assert serious(tab) == []
    assert problems == []
    tab.close()


def test_solving_in_english(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """In English, from the keyboard too; an analysed page (``render --analyse``) does not give the
    answer away: no par, no card's value at the question."""
    tab, problems = phone(browser, tmp_path, "en", analyse=True)
    tab.keyboard.press("n")
    assert tab.text_content("#turn") == "To play: Юг. Tap the card to play."
    assert tab.text_content("#dd") == "" and tab.evaluate("document.querySelectorAll('#table sup').length") == 0
    tab.tap("#choose button[aria-label='8 of clubs']")
    assert tab.text_content("#verdict") == "✗ Loses a trick: Запад takes 7, not 6."
    tab.keyboard.press("Shift+ArrowRight")
    assert len(trick_cards(tab)) == 3
    tab.tap("#again")
    tab.tap("#choose button[aria-label='A of clubs']")
    assert tab.text_content("#verdict") == "✓ Right: with best play Запад takes 6 tricks."
    fits(tab, "a right card")
    assert problems == []
    tab.close()
