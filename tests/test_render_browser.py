"""The rendered page in a real browser: headless Chromium (Debian's ``chromium``) driven by playwright.
Every sample's page is stepped through with the keyboard, and what it shows (the hands, the trick, the
announcement) is checked against ``preflog.replay``. Skipped, with the reason, where no browser is
installed."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest

import preflog
from preflog.game.events import CardPlayed, TrickCompleted
from preflog.game.state import DealState
from preflog.generator import iter_generate
from preflog.model.cards import Card
from preflog.scoring.ledger import Column
from preflog.model.seating import DUMMY, Seat
from preflog.present.replay_html import page

from .browsing import browser  # noqa: F401 - the fixture
from .browsing import SIZES
from .conftest import ROOT


SAMPLES = sorted((ROOT / "samples").glob("*.pref"))
SUIT = {0: "♠", 1: "♣", 2: "♦", 3: "♥"}


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
        b => [b.querySelector('.who .name').textContent,
              [...b.querySelectorAll('.suit, .note')].map(s => s.textContent).join(' | ')]))""")


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


#: Each rank in words, as the page's announcement and a card's label say it.
RANK_WORDS = dict(zip("789TJQKA", ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")))


def spoken_card(card: Card) -> str:
    """A card as the page labels it: ``ten of hearts``."""
    return f"{RANK_WORDS[card.rank.letter]} of {card.suit.name.lower()}"


def expected_trick(d: DealState, event: object) -> list[list[str]]:
    """The cards on the table, in the order played, each with who played it (the talon leading the
    first two tricks of an all-pass where the rules turn it, Code 3.7.6)."""
    if isinstance(event, TrickCompleted):
        number, cards = event.number, [(None, c) for c in event.cards]
    else:
        number, cards = d.completed + 1, [(d.player(s), c) for s, c in d.trick]
    talon = [["talon", spoken_card(d.talon[number - 1])]] if d.talon_leads and number <= 2 and d.talon else []
    if not cards:
        return []
    return talon + [[who or "", spoken_card(c)] for who, c in cards]


#: What the page shows of a step, read in one call: the deal, each seat's hand, the announcement, the
#: cards on the table (who, card), the count of tricks listed, the declarer's seat.
SHOWN = """() => ({
  deal: document.body.dataset.deal,
  hands: Object.fromEntries([...document.querySelectorAll('#table .seat')].map(b => [b.querySelector('.who .name').textContent,
           [...b.querySelectorAll('.suit, .note')].map(s => s.textContent).join(' | ')])),
  say: document.getElementById('say').textContent,
  trick: [...document.querySelectorAll('#table .mid .played')].map(p => [p.querySelector('.by').textContent.replace(/ led$/, ''),
           p.querySelector('.card').getAttribute('aria-label')]),
  tricks: document.querySelectorAll('#tricks li').length,
  declarer: [...document.querySelectorAll('#table .seat.declarer .name')].map(n => n.textContent),
})"""


#: What the page shows at each of ``n`` steps, → pressed between them (one trip to the browser: the page
#: draws a step as it handles the key; the real key presses are tested by test_the_keys_…).
EVERY_STEP = """(n) => {
  const shown = (%s);
  const out = [];
  for (let i = 0; i < n; i++) {
    if (i) document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
    out.push(shown());
  }
  return out;
}"""


def step_through(tab: Any, games: list[Any], label: str) -> None:
    """Press → through every step of ``games`` and check each against ``preflog.replay``."""
    steps = [s for g in games for s in preflog.replay(g)]
    every = tab.evaluate(EVERY_STEP % SHOWN, len(steps))
    for i, step in enumerate(steps):
        d = step.state.deal
        assert d is not None
        shown = every[i]
        assert shown["deal"] == str(d.number)
        for name, text in shown["hands"].items():
            want = expected_hand(d, name)
            if want is not None and name != DUMMY or (name == DUMMY and want):
                assert text == want, (label, i, name)
        said, trick, want_trick = shown["say"], shown["trick"], expected_trick(d, step.event)
        if isinstance(step.event, TrickCompleted):  # who played which: the step before showed it
            assert [c for _, c in trick] == [c for _, c in want_trick], (label, i)
            assert (f"{step.event.winner} wins trick {step.event.number}" if step.event.winner else "goes to nobody") in said
            assert shown["tricks"] == step.event.number
        else:
            assert trick == want_trick, (label, i)
        if isinstance(step.event, CardPlayed):
            card = step.event.card
            assert f"plays the {card.rank.name.lower()} of {card.suit.name.lower()}" in said, (label, i)
            if len(d.trick) == 3 and i + 1 < len(steps) and isinstance(steps[i + 1].event, TrickCompleted):
                winner = steps[i + 1].event.winner
                assert said.endswith(f"; {winner} wins the trick") if winner else True
        if d.contract is not None and d.declarer is not None:
            assert shown["declarer"] == [d.player(d.declarer)]


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_step_of_every_sample_against_the_replay(browser: Any, sample: Path, tmp_path: Path) -> None:
    with open(sample, encoding="utf-8") as f:
        games = preflog.load_all(f)
    tab, problems = open_page(browser, tmp_path / "page.html", page(games))
    step_through(tab, games, sample.name)
    assert problems == []
    tab.close()


@pytest.mark.parametrize(("rules", "players"), [("sochi", 3), ("leningrad", 4), ("gusarik", 2), ("rostov", 3)])
def test_every_step_of_generated_deals_against_the_replay(browser: Any, tmp_path: Path, rules: str,
                                                         players: int) -> None:
    """Random legal deals (all-passes the talon leads, misères, one and two whisters, open play) that no
    sample has in that mix."""
    games = list(iter_generate(16, 3, players=players, rules=rules, per_game=8, pool=None))
    tab, problems = open_page(browser, tmp_path / "page.html", page(games))
    step_through(tab, games, rules)
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
    # before the cards are dealt, a deal whose hands are recorded says so, not that they are unknown
    assert set(shown_hands(tab).values()) == {"not dealt yet"}
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


OVERLAPS = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map(e => [sel, e.textContent, e.getBoundingClientRect()]);
  const cross = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  for (const seat of document.querySelectorAll('#table .seat')) {  // the parts of a seat's box
    const parts = [...seat.querySelectorAll('.who > *, .suit, .note, .discard')].map(e => [e.className, e.textContent, e.getBoundingClientRect()]);
    parts.forEach((a, i) => parts.slice(i + 1).forEach(b => { if (cross(a[2], b[2])) out.push([a[1], b[1]]); }));
    parts.forEach(a => { const s = seat.getBoundingClientRect();
      if (a[2].right > s.right + 1 || a[2].left < s.left - 1) out.push([a[1], 'outside its seat']); });
  }
  const things = boxes('#table .seat').concat(boxes('#table .played'), boxes('#table .talon'));
  things.forEach((a, i) => things.slice(i + 1).forEach(b => { if (cross(a[2], b[2])) out.push([a[1], b[1]]); }));
  return out;
}"""

PAINTED = """async ([png, boxes]) => {  // in each box, is there a pixel of the colour (within 40 on each channel)?
  const img = new Image(); img.src = 'data:image/png;base64,' + png; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  return boxes.map(([x, y, w, h, rgb]) => {
    const px = g.getImageData(Math.floor(x), Math.floor(y), Math.max(1, Math.floor(w)), Math.max(1, Math.floor(h))).data;
    for (let i = 0; i < px.length; i += 4)
      if (Math.abs(px[i] - rgb[0]) < 40 && Math.abs(px[i + 1] - rgb[1]) < 40 && Math.abs(px[i + 2] - rgb[2]) < 40) return true;
    return false;
  });
}"""

RED_CARD, RED_SUIT, TABLE = (204, 0, 0), (255, 179, 179), (47, 107, 69)  # page.css: .card.r, .red, #table


@pytest.mark.parametrize(("sample", "positions"), [("sochi-pulka.pref", ("bottom", "left", "right")),
                                                   ("four-players.pref", ("bottom", "left", "top", "right"))])
def test_the_layout_of_a_three_and_a_four_player_deal(browser: Any, tmp_path: Path, sample: str,
                                                       positions: tuple[str, ...]) -> None:
    """The seats sit round the table as the pulka's sectors do (the first at the bottom, then clockwise),
    nothing overlapping (the parts of a seat, the seats, the trick's cards), nothing wider than the screen,
    on a desktop and on a phone; and in the screenshot itself the table is green and the red suits are
    painted red, in the hands and on the cards of the trick."""
    with open(ROOT / "samples" / sample, encoding="utf-8") as f:
        game = preflog.load(f)
    checker = browser.new_page()
    for width, height in ((1100, 900), (390, 844)):
        tab, problems = open_page(browser, tmp_path / "page.html", page([game]), width=width, height=height)
        for _ in range(60):  # on to the first step with a red and a black card on the table
            tab.keyboard.press("ArrowRight")
            if tab.evaluate("document.querySelectorAll('#table .played .card.r').length && "
                            "document.querySelectorAll('#table .played .card:not(.r)').length"):
                break
        box = {p: tab.locator(f"#table .seat.{p}").bounding_box() for p in positions}
        mid = tab.locator("#table .mid").bounding_box()
        assert box["bottom"]["y"] >= mid["y"] + mid["height"] - 1
        assert box["left"]["x"] + box["left"]["width"] <= mid["x"] + 1
        assert box["right"]["x"] >= mid["x"] + mid["width"] - 1
        if "top" in box:
            assert box["top"]["y"] + box["top"]["height"] <= mid["y"] + 1
        assert tab.evaluate(OVERLAPS) == []
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        shot = tmp_path / f"{sample}-{width}.png"
        tab.screenshot(path=str(shot), full_page=True)
        red = [[*_xywh(e.bounding_box()), list(RED_CARD)] for e in tab.locator("#table .played .card.r").all()]
        red += [[*_xywh(e.bounding_box()), list(RED_SUIT)] for e in tab.locator("#table .suit.red").all()]
        black = [[*_xywh(e.bounding_box()), list(RED_CARD)] for e in tab.locator("#table .played .card:not(.r)").all()]
        assert red and black
        painted = checker.evaluate(PAINTED, [base64.b64encode(shot.read_bytes()).decode(),
                                             red + black + [[*_xywh(mid), list(TABLE)]]])
        assert painted == [True] * len(red) + [False] * len(black) + [True]  # black cards have no red in them
        assert problems == []
        tab.close()
    checker.close()


EVIL = ["<script>window.hit=1</script>", "<img src=x onerror=window.hit=2>", "</script><script>window.hit=3</script>",
        "<!--", "]]>", "{js}", "{data}", "javascript:window.hit=4", "\u2028\u2029", "<svg onload=window.hit=5>",
        "&lt;b&gt;", "<style>body{display:none}</style>"]


def hostile_game() -> str:
    """samples/annotated.pref with markup in every place a file carries free text: tags, the game's,
    deals', hands', talon's, calls', cards', variations' and results' comments."""
    text = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")
    evil = iter(EVIL * 40)
    text = re.sub(r"\{[^{}]*\}", lambda m: "{" + next(evil).replace("{", "(").replace("}", ")") + "}", text)
    text = re.sub(r'\[(Event|Source|Annotator|Opening) "[^"]*"\]', lambda m: f'[{m.group(1)} "{next(evil)}"]', text)
    return text


def test_a_hostile_file_stays_text_in_the_browser(browser: Any, tmp_path: Path) -> None:
    """No text of a file (tags, comments on deals, hands, calls, cards and in variations) becomes markup
    or runs: every step is visited (variations entered), no script runs, no element is made from the
    file's text, and each comment is shown as written."""
    games = preflog.loads_all(hostile_game())
    tab, problems = open_page(browser, tmp_path / "page.html", page(games))
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    kinds = "[...document.querySelectorAll('*')].map(e => e.tagName).filter((t, i, a) => a.indexOf(t) === i).sort()"
    allowed = set(tab.evaluate(kinds)) | {"LI", "SPAN", "DIV", "B", "BUTTON", "OPTION"}
    seen: set[str] = set()
    shown = "[...document.querySelectorAll('#about, #status, #step, #notes, #auction, #entries, #tricks, #branches, #violations')].map(e => e.textContent).join(' ')"
    where = "document.body.dataset.deal + '/' + document.body.dataset.step"
    for _ in range(300):
        seen.add(tab.evaluate(shown))
        if tab.evaluate("document.querySelectorAll('#branches button').length"):
            tab.keyboard.press("ArrowDown")  # into the first variation, and on through it
            for _ in range(8):
                tab.keyboard.press("ArrowRight")
                seen.add(tab.evaluate(shown))
            while tab.evaluate("document.body.dataset.depth") != "0":
                tab.keyboard.press("ArrowUp")
        before = tab.evaluate(where)
        tab.keyboard.press("ArrowRight")
        if tab.evaluate(where) == before:
            break
    else:
        raise AssertionError("the page never reached its last step")
    assert tab.evaluate("window.hit") is None and dialogs == []
    assert set(tab.evaluate(kinds)) <= allowed
    assert tab.evaluate("document.querySelectorAll('script').length") == 2
    assert tab.evaluate("[...document.querySelectorAll('*')].filter(e => [...e.attributes].some("
                        "a => a.name.startsWith('on'))).length") == 0
    text = "\n".join(seen)
    for evil in EVIL[:3] + ["<svg onload=window.hit=5>", "<style>body(display:none)</style>", "&lt;b&gt;", "]]>"]:
        assert evil in text  # as written, as text
    assert tab.title() == "{js}" and tab.text_content("h1") == "{js}"  # the first game's Event tag
    assert problems == []
    tab.close()


def _xywh(b: dict[str, float] | None) -> list[float]:
    assert b is not None
    return [b["x"], b["y"], b["width"], b["height"]]


def test_the_notebook_frame_runs_the_page(browser: Any, tmp_path: Path) -> None:
    with open(ROOT / "samples" / "sochi-pulka.pref", encoding="utf-8") as f:
        game = preflog.load(f)
    tab, problems = open_page(browser, tmp_path / "frame.html", f"<!DOCTYPE html><html><body>{game._repr_html_()}</body></html>")
    inner = tab.frames[1]
    inner.wait_for_selector("#table .seat")
    assert inner.text_content("#step").startswith("Deal 1")
    assert problems == []


def test_the_analysed_page_shows_each_card_s_value_and_what_the_card_played_cost(browser: Any, tmp_path: Path) -> None:
    """``render --analyse`` on seed 000's misère hole (tests/test_solve.py, worked there by hand): at
    Xenia's lead the 9 and the 8 of spades catch Dima for one trick (underlined: the best), the 10 of
    clubs lets him off (0); she leads the 10 of clubs, which costs her side that trick."""
    from .test_analyse import CAUGHT

    tab, problems = open_page(browser, tmp_path / "page.html", page([preflog.loads(CAUGHT)], analyse=True))
    for _ in range(30):
        if "to play" in tab.text_content("#dd"):
            break
        tab.keyboard.press("ArrowRight")
    assert tab.text_content("#dd") == ("Par: Dima 1. Xenia to play: with best play Dima ends with 1 trick; "
                                       "best 9♠ 8♠.")
    values = tab.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#table .suit .v')].map(
        v => [v.firstChild.textContent + v.parentElement.textContent[0],
              v.querySelector('sup').textContent + (v.classList.contains('best') ? '*' : '')]))""")
    assert (values["9♠"], values["8♠"], values["10♣"]) == ("1*", "1*", "0")
    assert len(values) == 10  # Xenia's ten cards, all legal on the lead; nobody else's hand is valued
    tab.keyboard.press("ArrowRight")
    assert tab.text_content("#step") == "Xenia leads 10♣"  # the ten as the table draws it
    assert tab.text_content("#dd").startswith("Par: Dima 1. This card: Dima 1 → 0, it costs its side 1 trick.")
    assert problems == []


def test_the_page_speaks_russian_in_the_browser(browser: Any, tmp_path: Path) -> None:
    """The Russian page in Chromium: its frame, its script's words (a card's label, the tricks taken
    with Russian plural forms), the announcement of a step, and ``lang="ru"``, with no script error."""
    game = preflog.loads((ROOT / "samples" / "sochi-pulka.pref").read_text(encoding="utf-8"))
    tab, problems = open_page(browser, tmp_path / "ru.html", page([game], lang="ru"))
    assert tab.evaluate("document.documentElement.lang") == "ru"
    assert tab.inner_text("h2 >> nth=0") == "Торговля"
    assert tab.get_attribute("#nextDeal", "title") == "следующая сдача (n)"
    labels = tab.evaluate("() => [...document.querySelectorAll('.who .won')].map(e => e.textContent)")
    assert labels and all(re.fullmatch(r"\d+ (взятка|взятки|взяток)", label) for label in labels), labels
    for _step in range(12):  # into the play of deal 1: a card announced in words, a card labelled in Russian
        tab.keyboard.press("ArrowRight")
    said = tab.inner_text("#say")
    assert re.search(r"[а-яё]", said) and not re.search(r"\b(plays|wins|the|of)\b", said), said
    cards = tab.evaluate("() => [...document.querySelectorAll('.card')].map(e => e.getAttribute('aria-label'))")
    ranks = "семёрка|восьмёрка|девятка|десятка|валет|дама|король|туз"  # a card named as the announcement names it
    assert cards and all(re.fullmatch(rf"({ranks}) (пик|треф|бубён|червей)", c or "") for c in cards), cards
    assert problems == []
    tab.close()




@pytest.mark.parametrize("sample", ["sochi-pulka.pref", "four-players.pref", "gusarik.pref"])
def test_the_russian_page_reads_on_a_phone(browser: Any, tmp_path: Path, sample: str) -> None:
    """At 360x640, one thumb: nothing scrolls sideways and no text is under 12px at any step of the
    first deal or at the end of the last; the pulka, too small to read as drawn, is written out by
    player as it stood after the deal shown (each record as the sheet keeps it)."""
    game = preflog.loads((ROOT / "samples" / sample).read_text(encoding="utf-8"))
    tab, problems = open_page(browser, tmp_path / "phone.html", page([game], lang="ru"), width=360, height=640)
    small: set[str] = set()
    for _step in range(40):
        small |= {f"{text!r} {size}px" for text, size in tab.evaluate(SIZES) if size < 12}
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
        tab.keyboard.press("ArrowRight")
    tab.keyboard.press("n")
    for _deal in range(len(game.deals)):
        tab.keyboard.press("n")
    tab.keyboard.press("End")
    small |= {f"{text!r} {size}px" for text, size in tab.evaluate(SIZES) if size < 12}
    assert not small, sorted(small)
    assert tab.locator("#pulka").is_hidden() and tab.locator("#pulka-text").is_visible()
    sheet = preflog.score(game)
    with preflog.using_language("ru"):
        wanted = [[p, sheet.record(p, Column.POOL), sheet.record(p, Column.MOUNTAIN),
                   *(sheet.record(p, Column.WHISTS, q) for q in sheet.players if q != p)] for p in sheet.players]
    written = tab.evaluate("() => [...document.querySelectorAll('#pulka-text .player')].map(b => "
                           "[b.querySelector('b').textContent, ...[...b.querySelectorAll('dd')].map(d => d.textContent)])")
    assert written == wanted
    assert problems == []
    tab.close()
