"""The rendered page in a real browser: headless Chromium (Debian's ``chromium``) driven by playwright.
Every sample's page is stepped through with the keyboard, and what it shows (the hands, the trick, the
announcement) is checked against ``preflog.replay``. Skipped, with the reason, where no browser is
installed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import preflog
from preflog.game.events import CardPlayed, TrickCompleted
from preflog.game.state import DealState
from preflog.model.seating import DUMMY, Seat
from preflog.present.replay_html import page

from .conftest import ROOT

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no browser: {CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True)

SAMPLES = sorted((ROOT / "samples").glob("*.pref"))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
SUIT = {0: "♠", 1: "♣", 2: "♦", 3: "♥"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def open_page(browser: Any, path: Path, html: str, **viewport: int) -> tuple[Any, list[str]]:
    path.write_text(html, encoding="utf-8")
    tab = browser.new_page(viewport=viewport or {"width": 1100, "height": 900})
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto(path.as_uri())
    return tab, problems


def shown_hands(tab: Any) -> dict[str, str]:
    """Each seat's box as text: its name, then its suits."""
    return tab.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#table .seat')].map(
        b => [b.querySelector('.who').firstChild.textContent.replace(' (deals)', ''),
              [...b.querySelectorAll('.suit')].map(s => s.textContent).join(' | ')]))""")


def expected_hand(d: DealState, name: str) -> str | None:
    seat = d.seat(name)
    if seat is None or seat is Seat.SITTING_OUT:
        return ""
    hand = d.hands[seat]
    if hand is None:
        return None
    rows = []
    for suit in range(4):
        ranks = [c.rank for c in sorted(hand, key=lambda c: -c.rank) if c.suit == suit]
        rows.append(SUIT[suit] + " " + (" ".join("10" if r.letter == "T" else r.letter for r in ranks) or "—"))
    return " | ".join(rows) if hand else ""


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_step_of_every_sample_against_the_replay(browser: Any, sample: Path, tmp_path: Path) -> None:
    with open(sample, encoding="utf-8") as f:
        games = preflog.load_all(f)
    tab, problems = open_page(browser, tmp_path / "page.html", page(games))
    steps = [s for g in games for s in preflog.replay(g)]
    for i, step in enumerate(steps):
        if i:
            tab.keyboard.press("ArrowRight")
        d = step.state.deal
        assert d is not None
        assert tab.evaluate("document.body.dataset.deal") == str(d.number)
        hands = shown_hands(tab)
        for name, text in hands.items():
            want = expected_hand(d, name)
            if want is not None and name != DUMMY or (name == DUMMY and want):
                assert text == want, (sample.name, i, name)
        said = tab.text_content("#say")
        if isinstance(step.event, CardPlayed):
            card = step.event.card
            assert f"plays the {card.rank.name.lower()} of {card.suit.name.lower()}" in said, (sample.name, i)
            trick = tab.evaluate("[...document.querySelectorAll('#table .mid .card')].map(c => c.getAttribute('aria-label'))")
            assert len([c for c in trick if c]) >= len(d.trick)
        elif isinstance(step.event, TrickCompleted):
            assert (f"{step.event.winner} wins trick {step.event.number}" if step.event.winner else "goes to nobody") in said
    assert problems == []
    tab.close()


def test_the_keys_a_trick_a_deal_and_a_variation(browser: Any, tmp_path: Path) -> None:
    with open(ROOT / "samples" / "annotated.pref", encoding="utf-8") as f:
        games = preflog.load_all(f)
    tab, problems = open_page(browser, tmp_path / "page.html", page(games))
    tab.keyboard.press("Shift+ArrowRight")
    assert "wins trick 1" in tab.text_content("#say")
    tab.keyboard.press("End")
    assert tab.text_content("#step").startswith("end of deal 1")
    tab.keyboard.press("Home")
    assert tab.evaluate("document.body.dataset.step") == "0"
    for _ in range(19):
        tab.keyboard.press("ArrowRight")
    assert "variation" in tab.text_content("#say")  # deal 1's step 19 is a branch
    main = tab.text_content("#step")
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate("document.body.dataset.depth") == "1" and tab.text_content("#step") != main
    tab.keyboard.press("ArrowUp")
    assert tab.evaluate("document.body.dataset.depth") == "0" and tab.text_content("#step") == main
    tab.keyboard.press("n")  # the next deal is the second game's first
    assert tab.evaluate("document.body.dataset.deal") == str(games[1].deals[0].number)
    tab.keyboard.press("b")
    assert tab.evaluate("document.body.dataset.deal") == "1"
    assert problems == []


def test_one_seat_s_view_and_the_pulka_after_the_deal(browser: Any, tmp_path: Path) -> None:
    with open(ROOT / "samples" / "four-players.pref", encoding="utf-8") as f:
        game = preflog.load(f)
    tab, problems = open_page(browser, tmp_path / "page.html", page([game], seat="Vera"))
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    hands = shown_hands(tab)
    assert hands["Boris"] == "10 cards" and hands["Vera"].startswith("♠")
    tab.click("#allHands")
    assert shown_hands(tab)["Boris"].startswith("♠")
    tab.keyboard.press("End")  # the end of deal 1: its numbers on the sheet, none of later deals
    visible = tab.evaluate("[...document.querySelectorAll('#pulka tspan[data-deal]')].filter("
                           "t => getComputedStyle(t).display !== 'none').map(t => t.getAttribute('data-deal'))")
    assert visible and set(visible) == {"1"}
    assert tab.evaluate("document.querySelectorAll('#entries li').length") > 0
    assert problems == []


@pytest.mark.parametrize(("sample", "positions"), [("sochi-pulka.pref", ("bottom", "left", "right")),
                                                   ("four-players.pref", ("bottom", "left", "top", "right"))])
def test_the_layout_of_a_three_and_a_four_player_deal(browser: Any, tmp_path: Path, sample: str,
                                                       positions: tuple[str, ...]) -> None:
    """The seats sit round the table as the pulka's sectors do (the first at the bottom, then clockwise),
    none overlapping the trick in the middle, on a desktop and on a phone; a screenshot of each is kept."""
    with open(ROOT / "samples" / sample, encoding="utf-8") as f:
        game = preflog.load(f)
    for width, height in ((1100, 900), (390, 844)):
        tab, problems = open_page(browser, tmp_path / "page.html", page([game]), width=width, height=height)
        for _ in range(12):
            tab.keyboard.press("ArrowRight")
        box = {p: tab.locator(f"#table .seat.{p}").bounding_box() for p in positions}
        mid = tab.locator("#table .mid").bounding_box()
        assert box["bottom"]["y"] >= mid["y"] + mid["height"] - 1
        assert box["left"]["x"] + box["left"]["width"] <= mid["x"] + 1
        assert box["right"]["x"] >= mid["x"] + mid["width"] - 1
        if "top" in box:
            assert box["top"]["y"] + box["top"]["height"] <= mid["y"] + 1
        shot = tmp_path / f"{sample}-{width}.png"
        tab.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        assert problems == []
        tab.close()


def test_the_notebook_frame_runs_the_page(browser: Any, tmp_path: Path) -> None:
    with open(ROOT / "samples" / "sochi-pulka.pref", encoding="utf-8") as f:
        game = preflog.load(f)
    tab, problems = open_page(browser, tmp_path / "frame.html", f"<!DOCTYPE html><html><body>{game._repr_html_()}</body></html>")
    inner = tab.frames[1]
    inner.wait_for_selector("#table .seat")
    assert inner.text_content("#step").startswith("Deal 1")
    assert problems == []
