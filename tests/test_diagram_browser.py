"""Issue 66, item 1: a diagram read on a phone 320 px wide, in Chromium: every card and word at least
12 px, every line inside the drawing and the drawing inside the screen, and one image to a screen
reader, named by its title. The deals: a game with its play, a hand hidden, an all-pass the talon
leads, four players, the gusarik's dummy, in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import preflog

from .browsing import browser  # noqa: F401 - the fixture, and the skip where there is no browser
from .browsing import SIZES
from .test_diagram import ALL_PASS

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _game(name: str, k: int = 0) -> preflog.Game:
    return preflog.load_all(open(SAMPLES / name, encoding="utf-8"))[k]


CASES = {
    "played": lambda: preflog.diagram(_game("annotated.pref"), 1, after_trick=5, caption="Вистующим нужна ещё "
                                      "одна взятка: как её взять?"),
    "hidden": lambda: preflog.diagram(_game("annotated.pref"), 1, before_card="Ah", hide=["Boris", "talon"]),
    "all-pass": lambda: preflog.diagram(preflog.loads(ALL_PASS), 1, before_card="Kh"),
    "four": lambda: preflog.diagram(_game("four-players.pref"), 1),
    "gusarik": lambda: preflog.diagram(_game("gusarik.pref"), 1, after_trick=1),
    "long": lambda: preflog.diagram(preflog.loads(LONG), 1, caption="Восемь треф с тузом и королём: "
                                    "сколько взяток у Александры на распасах?"),
    "partly known": lambda: preflog.diagram(_game("annotated.pref", 1), 14, after_trick=2),
}

#: Long names and a suit of eight cards, the longest line a hand can have.
LONG = """[Players "Александра Константин Вероника"]

deal 1 dealer Вероника
hands Александра: AK.AKQJT987.-.- Константин: QJT9.-.AKQ.AKQ Вероника: 87.-.JT98.JT98
talon 7d 7h
bids pass pass pass
"""

#: Each text of the drawing: its box on the screen.
BOXES = """() => [...document.querySelectorAll('svg text')].map(t => {
  const b = t.getBoundingClientRect(); return [t.textContent, b.left, b.right, b.top, b.bottom]; })"""


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_diagram_reads_at_320_px(browser: Any, case: str, lang: str) -> None:
    with preflog.using_language(lang):
        svg = CASES[case]().svg()
    page = browser.new_page(viewport={"width": 320, "height": 640})
    try:
        page.set_content(f"<!doctype html><html lang={lang}><body style='margin:0'>{svg}</body></html>")
        small = [(text, px) for text, px in page.evaluate(SIZES) if px < 12]
        assert small == []
        frame = page.evaluate("() => { const b = document.querySelector('svg').getBoundingClientRect();"
                              " return [b.left, b.right, b.top, b.bottom]; }")
        assert frame[1] <= 320 and page.evaluate("() => document.documentElement.scrollWidth") <= 320
        outside = [(text, round(right)) for text, left, right, top, bottom in page.evaluate(BOXES)
                   if left < frame[0] or right > frame[1] - 2 or bottom > frame[3]]
        assert outside == []
        name = page.evaluate("() => document.querySelector('svg > title').textContent")
        assert name.startswith(("Сдача", "Deal")) and page.evaluate(
            "() => document.querySelector('svg').getAttribute('role')") == "img"
    finally:
        page.close()
