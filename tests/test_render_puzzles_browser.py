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


def phone(browser: Any, tmp_path: Path, lang: str, at: str = "", names: list[str] = ETUDES,
          **options: Any) -> tuple[Any, list[str]]:
    """The page of études ``names`` in ``lang`` on a phone, opened at ``at`` (``#3``: the third puzzle)."""
    games = [g for name in names for g in preflog.loads_all((ROOT / "samples" / "puzzles" / name).read_text(encoding="utf-8"))]
    path = tmp_path / f"etudes-{lang}.html"
    path.write_text(page(games, lang=lang, pose=pose, **options), encoding="utf-8")
    tab = browser.new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto(path.as_uri() + at)
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
    assert tab.text_content("#ask") == "Ловится ли мизер и каким ходом?"
    assert tab.text_content("#by") == "Автор: Юг играет мизер, ход Востока. Ловится ли мизер и каким ходом?"
    assert tab.text_content("#turn").startswith("Ход: Восток.") and trick_cards(tab) == []
    fits(tab, "the question")
    assert serious(tab) == []
    tab.tap("#choose button[aria-label='дама пик']")  # wrong: the misère goes free
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
    tab.tap("#choose button[aria-label='десятка бубён']")  # an equal of the king: right
    assert tab.text_content("#verdict").startswith("✓ Верно: мизер ловится, Юг берёт 1 взятку.")
    assert "Равноценные карты — тот же ответ: К♦ Д♦ В♦ 10♦." in tab.text_content("#verdict")
    tab.tap("#nextDeal")
    assert tab.text_content("h1") == "Этюд Ковалькова № 1" and tab.text_content("#turn").startswith("Ход: Юг.")
    tab.tap("#choose button[aria-label='король пик']")
    assert tab.text_content("#verdict") == "✗ Эта карта стоит взятки: Запад берёт 7 вместо 6."
    tab.tap("#again")
    tab.tap("#choose button[aria-label='туз треф']")
    assert tab.text_content("#verdict") == "✓ Верно: при лучшей игре Запад берёт 6 взяток."
    tab.tap("#nextDeal")
    numbers = tab.evaluate("() => [...document.querySelectorAll('#choose button')].map(b => b.textContent)")
    assert numbers == [str(n) for n in range(11)]
    fits(tab, "the numbers")
    tab.tap("#choose button[aria-label='5 взяток']")
    assert tab.text_content("#verdict") == "✗ Нет: при лучшей игре Юг берёт меньше 5 взяток."
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
    assert tab.text_content("#ask") == "Which card does Юг play?"
    assert tab.text_content("#by").startswith("The author: Запад играет 6♠")
    assert tab.text_content("#dd") == "" and tab.evaluate("document.querySelectorAll('#table sup').length") == 0
    tab.tap("#choose button[aria-label='eight of clubs']")
    assert tab.text_content("#verdict") == "✗ Loses a trick: Запад takes 7, not 6."
    tab.keyboard.press("Shift+ArrowRight")
    assert len(trick_cards(tab)) == 3
    tab.tap("#again")
    tab.tap("#choose button[aria-label='ace of clubs']")
    assert tab.text_content("#verdict") == "✓ Right: with best play Запад takes 6 tricks."
    fits(tab, "a right card")
    assert problems == []
    tab.close()


def test_a_wrong_answer_does_not_give_the_answer_away(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """A wrong number says only more or fewer, the numbers stay to be tapped again (the one tried crossed
    out), nothing is played; «Показать решение» then says the number and steps best play. «Не ловится»
    on a misère that is caught says only that it is caught."""
    tab, problems = phone(browser, tmp_path, "ru", "#3")
    assert tab.text_content("#ask") == "Сколько взяток возьмёт Юг?"
    tab.tap("#choose button[aria-label='5 взяток']")
    said = tab.text_content("#verdict")
    assert said == "✗ Нет: при лучшей игре Юг берёт меньше 5 взяток." and "2" not in said
    assert tab.is_visible("#choose") and tab.is_disabled("#choose button[aria-label='5 взяток']")
    assert trick_cards(tab) == [] and tab.is_hidden("#walk")
    tab.tap("#choose button[aria-label='1 взятка']")
    assert tab.text_content("#verdict") == "✗ Нет: при лучшей игре Юг берёт больше 1 взятки."
    assert tab.is_visible("#reveal") and tab.text_content("#reveal") == "Показать решение"
    fits(tab, "a wrong number")
    tab.tap("#reveal")
    assert tab.text_content("#verdict") == "Ответ: при лучшей игре Юг берёт 2 взятки."
    assert tab.is_hidden("#choose") and trick_cards(tab) == ["Т♠"] and tab.is_visible("#lineFwd")
    tab.tap("#again")  # the question again, nothing tried
    assert tab.text_content("#verdict") == "" and tab.is_enabled("#choose button[aria-label='5 взяток']")
    tab.tap("#prevDeal")
    tab.tap("#prevDeal")
    assert tab.text_content("h1") == "Мизер Ковалевской"
    tab.tap("#choose .none")
    said = tab.text_content("#verdict")
    assert said == "✗ Нет: мизер ловится." and "♦" not in said and trick_cards(tab) == []
    assert tab.is_disabled("#choose .none") and tab.is_enabled("#choose button[aria-label='король бубён']")
    tab.tap("#reveal")
    assert tab.text_content("#verdict") == "Ответ: мизер ловится, ходом К♦ Д♦ В♦ 10♦; Юг берёт 1 взятку."
    assert trick_cards(tab) == ["К♦"]
    assert problems == []
    tab.close()


#: The seat marked to move on the table, and «Ход: …» above it.
TURN = """() => [[...document.querySelectorAll('#table .seat.moving .name')].map(n => n.textContent),
  document.getElementById('turn').textContent]"""


def test_the_player_to_move_follows_the_line(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """«Ход: …» names the player to move at each step of the line shown, and his seat is marked on the
    table (not only the declarer's frame); a full trick and the play's end name nobody."""
    tab, problems = phone(browser, tmp_path, "ru")
    assert tab.evaluate(TURN) == [["Восток"], "Ход: Восток. Нажмите на карту, которую надо сыграть."]
    tab.tap("#choose button[aria-label='дама пик']")  # Восток leads the queen: Юг is next
    assert tab.evaluate(TURN) == [["Юг"], "Ход: Юг."]
    assert tab.text_content("#table .seat.moving .turn") == "ходит"
    tab.tap("#lineFwd")  # the first trick taken by Запад's ace: Запад leads
    assert tab.evaluate(TURN) == [["Запад"], "Ход: Запад."]
    tab.keyboard.press("ArrowLeft")  # a card back: Юг's ten, the trick full on the table
    assert tab.evaluate(TURN) == [[], ""] and len(trick_cards(tab)) == 3
    tab.keyboard.press("End")
    assert tab.evaluate(TURN) == [[], ""] and tab.is_hidden("#turn")
    assert problems == []
    tab.close()


#: Each control of the bar at the foot of the screen, as ``[id, left, top, right, bottom, lines of its words]``.
BAR = """() => [...document.querySelectorAll('#bar button')].filter(b => b.offsetParent).map(b => {
  const r = b.getBoundingClientRect();
  const words = document.createRange();
  words.selectNodeContents(b);
  const tops = [...words.getClientRects()].filter(t => t.width).map(t => t.top), size = parseFloat(getComputedStyle(b).fontSize);
  return [b.id, r.left, r.top, r.right, r.bottom, 1 + tops.filter(t => t > Math.min(...tops) + 0.8 * size).length];
})"""


def apart(boxes: list[list[Any]]) -> list[str]:
    """The pairs of controls closer than 8 px to each other."""
    near = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            dx = max(b[1] - a[3], a[1] - b[3], 0)
            dy = max(b[2] - a[4], a[2] - b[4], 0)
            if max(dx, dy) < 8:
                near.append(f"{a[0]} {b[0]}")
    return near


def test_the_thumb_s_bar_and_the_way_between_puzzles(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """The line's steps and the next puzzle in a bar at the foot of the screen, each control 44x44 px at
    least and 8 px from the next, the puzzles' buttons on one line; the next puzzle offered in the
    verdict of a right answer; none before the first puzzle nor after the last (disabled); the puzzle's
    number in the address, opened again by a reload; the tab's title the puzzle's; the source once,
    under the title."""
    tab, problems = phone(browser, tmp_path, "ru")
    assert tab.is_disabled("#prevDeal") and tab.is_enabled("#nextDeal")
    assert tab.evaluate("location.hash") == "#1" and tab.title() == "Мизер Ковалевской"
    assert tab.text_content("#bar #nextDeal") == "следующая ▶" and tab.get_attribute("#nextDeal", "aria-label") == "следующая задача"
    source = tab.text_content("header #source")
    assert source.startswith("Источник: Unisay/preferanser") and source[len("Источник: "):] not in tab.text_content("#tags")
    tab.tap("#choose button[aria-label='король бубён']")
    assert tab.text_content("#verdict").startswith("✓") and tab.is_visible("#onward")
    boxes = tab.evaluate(BAR)
    assert [b[0] for b in boxes] == ["lineBack", "lineFwd", "again", "prevDeal", "nextDeal"]
    assert all(b[2] >= 640 - 130 and b[4] <= 640 for b in boxes), boxes  # at the foot of the screen
    assert all(b[3] - b[1] >= 44 and b[4] - b[2] >= 44 and b[5] == 1 for b in boxes), boxes
    assert apart(boxes) == []
    tab.tap("#lineFwd")
    table = tab.evaluate("document.getElementById('table').getBoundingClientRect().bottom")
    assert table <= tab.evaluate("document.getElementById('bar').getBoundingClientRect().top")  # the table shown above the bar
    fits(tab, "the bar")
    tab.tap("#onward")
    assert tab.text_content("h1") == "Этюд Ковалькова № 1" and tab.evaluate("location.hash") == "#2"
    assert tab.title() == "Этюд Ковалькова № 1" and tab.is_enabled("#prevDeal")
    tab.tap("#nextDeal")
    assert tab.evaluate("location.hash") == "#3" and tab.is_disabled("#nextDeal")
    tab.tap("#choose button[aria-label='2 взятки']")
    assert tab.is_hidden("#onward")  # the last puzzle: nothing after it
    tab.reload()
    assert tab.text_content("h1") == "Мизер Ласкера" and tab.title() == "Мизер Ласкера"
    tab.goto(tab.url.split("#")[0] + "#2")
    assert tab.text_content("h1") == "Этюд Ковалькова № 1"
    assert problems == []
    tab.close()


#: What sticks out of its place on the table: a seat's part past its box, a suit wrapped, a word cut.
SPILLS = """() => [
  ...[...document.querySelectorAll('#table .seat *')].filter(e => {
    const r = e.getBoundingClientRect(), box = e.closest('.seat').getBoundingClientRect();
    return r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
  }).map(e => 'spills: ' + e.textContent),
  ...[...document.querySelectorAll('#table .suit')].filter(e => e.getClientRects().length > 1 ||
    e.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(e).fontSize) * 1.25).map(e => 'wraps: ' + e.textContent),
  ...[...document.querySelectorAll('#table .played .by')].filter(e => e.scrollWidth > e.clientWidth + 0.5 ||
    /\u2026/.test(e.textContent) || getComputedStyle(e).textOverflow === 'ellipsis').map(e => 'cut: ' + e.textContent),
]"""


def test_the_table_keeps_each_thing_in_its_place(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Every étude shipped, in both languages, at each card of the line its first choice shows (the
    solution after a wrong number; a discard's first two cards): nothing of a seat outside its box (the tag «играющий», «ходит»), no
    suit wrapped in the middle of its cards, no name under a card cut off («заход: Восток» whole)."""
    every = sorted(name.name for name in (ROOT / "samples" / "puzzles").glob("*.pref"))
    games = [g for name in every for g in preflog.loads_all((ROOT / "samples" / "puzzles" / name).read_text(encoding="utf-8"))]
    for lang in ("ru", "en"):
        tab, problems = phone(browser, tmp_path, lang, names=every)
        seen = []
        for number in range(len(games)):
            if tab.locator("#choose .confirm").count():  # a discard: the first two of the twelve
                tab.locator("#choose button[data-card]").nth(0).tap()
                tab.locator("#choose button[data-card]").nth(1).tap()
                tab.tap("#choose .confirm")
            else:
                tab.locator("#choose button:not([disabled])").first.tap()
            if tab.locator("#reveal").is_visible():
                tab.tap("#reveal")
            for _card in range(30):
                seen.append([f"{number + 1}: {spill}" for spill in tab.evaluate(SPILLS)])
                tab.keyboard.press("ArrowRight")
            if number + 1 < len(games):
                tab.tap("#nextDeal")
        assert [s for s in seen if s] == [], lang
        assert problems == []
        tab.close()


def test_the_english_page_speaks_one_language(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """In English the question is English, the author's words beside it; the step's words write the
    ten as the table does, 10♠; the status says «tricks» once; a card's name is said in words."""
    tab, problems = phone(browser, tmp_path, "en")
    assert tab.text_content("#ask") == "Is the misère caught, and with which card?"
    assert tab.text_content("#by") == "The author: Юг играет мизер, ход Востока. Ловится ли мизер и каким ходом?"
    assert tab.get_attribute("#choose button >> nth=0", "aria-label") == "queen of spades"
    tab.tap("#choose button[aria-label='queen of spades']")
    tab.tap("#lineFwd")
    assert tab.text_content("#lineStep") == "trick 1: Q♠ 10♠ A♠ → Запад"
    assert tab.text_content("#status").endswith("tricks: Восток 0, Юг 0, Запад 1")
    labels = tab.evaluate("() => [...document.querySelectorAll('#table .card')].map(e => e.getAttribute('aria-label'))")
    assert "ace of spades" in labels
    assert tab.text_content("#prevDeal") == "◀ previous" and tab.text_content("#nextDeal") == "next ▶"
    assert problems == []
    tab.close()


def discard_phone(browser: Any, tmp_path: Path, lang: str, game: preflog.Game) -> tuple[Any, list[str]]:
    """The page of the discard puzzle ``game`` in ``lang`` on a phone."""
    path = tmp_path / f"discard-{lang}.html"
    path.write_text(page([game], lang=lang, pose=pose), encoding="utf-8")
    tab = browser.new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    tab.on("pageerror", lambda e: problems.append(str(e)))
    tab.goto(path.as_uri())
    return tab, problems


#: The declarer's twelve toggles: each card's name and whether it is picked.
PICKED = "() => [...document.querySelectorAll('#choose button[data-card]')].map(b => [b.textContent, b.getAttribute('aria-pressed')])"


def test_a_misere_discard_on_a_phone_in_russian(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """«Лесной 34»: Юг's twelve cards are toggles; a card picked is put back by a second tap and nothing
    is judged until the button; both aces is wrong, said with the tricks it gives and the best discards,
    its refutation played out trick by trick with the discard on the table; try again, and an equal of a
    right discard is right, its equals and the other right discards named."""
    (game, _caught) = preflog.loads_all((ROOT / "samples" / "puzzles" / "lesnoy-34.pref").read_text(encoding="utf-8"))
    tab, problems = discard_phone(browser, tmp_path, "ru", game)
    assert tab.text_content("#ask") == "Юг: какие две карты снести?"
    assert tab.text_content("#turn") == "Нажмите на две карты, которые снесёт Юг, затем на кнопку."
    assert [name for name, _pressed in tab.evaluate(PICKED)] == "Т♠ 9♠ 8♠ 7♠ 10♣ 9♣ 8♣ Т♦ 10♦ 7♦ 8♥ 7♥".split()
    assert tab.is_disabled("#choose .confirm") and tab.text_content("#choose .confirm") == "Выберите ещё 2 карты"
    assert trick_cards(tab) == [] and tab.locator("#table .discard").count() == 0  # no discard shown
    fits(tab, "the twelve")
    assert serious(tab) == []
    tab.tap("#choose button[aria-label='туз пик']")
    tab.tap("#choose button[aria-label='десятка треф']")
    assert tab.is_disabled("#choose button[aria-label='туз бубён']")  # two picked: one is put back first
    assert tab.text_content("#verdict") == "" and tab.text_content("#choose .confirm") == "Снести Т♠ 10♣"
    tab.tap("#choose button[aria-label='десятка треф']")  # the slip undone: nothing judged
    assert [n for n, pressed in tab.evaluate(PICKED) if pressed == "true"] == ["Т♠"] and tab.text_content("#verdict") == ""
    tab.tap("#choose button[aria-label='туз бубён']")
    fits(tab, "two picked")
    tab.tap("#choose .confirm")
    assert tab.text_content("#verdict") == ("✗ Нет: после сноса Т♠ Т♦ Юг берёт 1 взятку. "
                                            "Лучший снос — 10♣ Т♦ или Т♦ 10♦ или Т♦ 8♥: 0 взяток.")
    assert tab.get_attribute("#verdict", "role") == "status" and tab.is_hidden("#choose")
    assert tab.text_content("#table .seat.declarer .discard") == "снос Т♠Т♦"
    assert len(trick_cards(tab)) == 1
    for _trick in range(10):
        tab.tap("#lineFwd")
    assert tab.is_disabled("#lineFwd") and tab.text_content("#table .seat.declarer .won") == "1 взятка"
    fits(tab, "the refutation's end")
    tab.tap("#again")
    assert tab.is_visible("#choose") and [p for _n, p in tab.evaluate(PICKED)] == ["false"] * 12
    tab.tap("#choose button[aria-label='восьмёрка треф']")
    tab.tap("#choose button[aria-label='туз бубён']")
    tab.tap("#choose .confirm")
    assert tab.text_content("#verdict") == ("✓ Верно: после сноса 8♣ Т♦ Юг берёт 0 взяток. Равноценные сносы — тот же "
                                            "ответ: 10♣ Т♦, 9♣ Т♦. Тоже верно: Т♦ 10♦, Т♦ 8♥.")
    assert tab.text_content("#table .seat.declarer .discard") == "снос 8♣Т♦"
    assert serious(tab) == []
    assert problems == []
    tab.close()


def test_a_discard_from_the_keyboard_in_english(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """samples/annotated.pref's deal 1 asked as a discard, in English, from the keyboard: Boris's 10♠ 10♦
    loses a trick to the one answer, J♦ 10♦, whose best play ends with his six tricks."""
    from .test_puzzles import annotated_discard

    tab, problems = discard_phone(browser, tmp_path, "en", annotated_discard())
    assert tab.text_content("#ask") == "Which two cards does Boris discard?"
    tab.focus("#choose button[aria-label='ten of spades']")
    tab.keyboard.press("Enter")
    tab.keyboard.press("Space")  # the same card again: put back
    assert tab.get_attribute("#choose button[aria-label='ten of spades']", "aria-pressed") == "false"
    tab.keyboard.press("Enter")
    tab.focus("#choose button[aria-label='ten of diamonds']")
    tab.keyboard.press("Enter")
    tab.focus("#choose .confirm")
    tab.keyboard.press("Enter")
    assert tab.text_content("#verdict") == ("✗ No: after the discard 10♠ 10♦ Boris takes 5 tricks. "
                                            "The best discard, J♦ 10♦: 6 tricks.")
    tab.tap("#again")
    tab.tap("#choose button[aria-label='jack of diamonds']")
    tab.tap("#choose button[aria-label='ten of diamonds']")
    tab.tap("#choose .confirm")
    assert tab.text_content("#verdict") == "✓ Right: after the discard J♦ 10♦ Boris takes 6 tricks."
    tab.keyboard.press("End")
    assert tab.text_content("#table .seat.declarer .won") == "6 tricks"
    fits(tab, "the answer's line")
    assert problems == []
    tab.close()
