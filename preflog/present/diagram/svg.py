"""A diagram drawn in SVG: self-contained (no style sheet, no font, no link), scalable, read at 320 px
wide (its 320 units are CSS pixels there: the cards in 15 px, the rest in 13) and in print (black on
white, the red suits a red that prints dark), and accessible: it is one image whose title is the
diagram's title and whose description tells every hand and line in words.

The layout is the standard one of a preferans diagram: the hand at the bottom is the declarer's (the
first hand's on an all-pass), the next in the deal's order at the top left, the third at the top right
(clockwise, as the deal and the play go round); the talon, the discard and the cards on the table in
the middle; under them the auction, the contract, each trick played and the tricks taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from ..markup import escape, quoteattr

from ...model.cards import Suit
from ..text_width import text_width
from . import told
from .position import Held, Position

WIDTH = 320
PAD = 8
CARD_FONT = 15        # the cards: 15 CSS px on a 320 px screen
TEXT_FONT = 13        # the words around them: 13 px there, never under 12
LEADING = 1.3         # a line, in fonts
COLUMN = (WIDTH - 3 * PAD) / 2
INK, RED, GREY, PAPER, RULE = "#111", "#c0102a", "#555", "#fff", "#bbb"
FONTS = "DejaVu Sans, Arial, Helvetica, sans-serif"
RED_SUITS = (Suit.DIAMONDS, Suit.HEARTS)


def svg(p: Position, caption: str | None = None) -> str:
    """The diagram of ``p`` as one ``<svg>`` element, with ``caption`` (an author's words) under its title."""
    out: list[str] = []
    y: float = PAD + TEXT_FONT
    for line in _wrapped(told.title(p), WIDTH - 2 * PAD, TEXT_FONT, bold=True):
        out.append(_text(PAD, y, line, TEXT_FONT, bold=True))
        y += TEXT_FONT * LEADING
    if caption:
        for line in _wrapped(caption, WIDTH - 2 * PAD, TEXT_FONT):
            out.append(_text(PAD, y, line, TEXT_FONT, italic=True))
            y += TEXT_FONT * LEADING
    bottom, left, right = _places(p)
    y += 6
    left_out, left_h = _hand(p, left, PAD, y)
    right_out, right_h = _hand(p, right, 2 * PAD + COLUMN, y)
    out += left_out + right_out
    y += max(left_h, right_h) + 4
    middle, middle_h = _middle(p, y)
    out += middle
    y += middle_h + (8 if middle_h else 0)
    x = (WIDTH - COLUMN) / 2
    bottom_out, bottom_h = _hand(p, bottom, x, y, WIDTH - PAD - x)
    out += bottom_out
    y += bottom_h + 6
    for said in told.lines(p):
        for line in _wrapped(said, WIDTH - 2 * PAD, TEXT_FONT):
            out.append(_text(PAD, y + TEXT_FONT, line, TEXT_FONT))
            y += TEXT_FONT * LEADING
    height = round(y + PAD)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}" role="img" font-family={quoteattr(FONTS)} fill="{INK}" '
            f'style="max-width:100%;height:auto">')
    described = "\n".join([*(told.hand_words(p, h) for h in p.hands), *filter(None, [told.talon(p), told.discard(p)]),
                           *told.on_table(p), *told.lines(p)])
    return "".join([head, f"<title>{escape(told.title(p) + ('. ' + caption if caption else ''))}</title>",
                    f"<desc>{escape(described)}</desc>",
                    f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{height - 1}" rx="6" fill="{PAPER}" '
                    f'stroke="{RULE}"/>', *out, "</svg>"])


def _places(p: Position) -> tuple[Held, Held, Held]:
    """The hands at the bottom, top left and top right: the declarer's (else the first hand's) at the
    bottom, then clockwise."""
    players = p.players
    first = players.index(p.declarer) if p.declarer in players else 0
    return p.hands[first], p.hands[(first + 1) % 3], p.hands[(first + 2) % 3]


def _hand(p: Position, held: Held, x: float, y: float, room: float = COLUMN) -> tuple[list[str], float]:
    """One hand at (``x``, ``y``), its label above its suits, in ``room``; its elements and height."""
    out = []
    height = 0.0
    for line in _wrapped(told.label(p, held), room, TEXT_FONT, bold=True):
        out.append(_text(x, y + height + TEXT_FONT, line, TEXT_FONT, bold=True))
        height += TEXT_FONT * LEADING
    if held.hidden or held.cards is None:
        said = told.hidden(held) if held.hidden else "?"
        out.append(_text(x, y + height + CARD_FONT, said, CARD_FONT, fill=GREY, italic=True))
        return out, height + CARD_FONT * LEADING
    symbol = text_width("♠ ", CARD_FONT)
    for suit in told.SUITS:
        colour = RED if suit in RED_SUITS else INK
        rows = _wrapped(told.ranks(held, suit), room - symbol, CARD_FONT)
        for i, row in enumerate(rows):
            base = y + height + CARD_FONT
            if i == 0:
                out.append(f'<text x="{x:g}" y="{base:g}" font-size="{CARD_FONT}" fill="{colour}">{suit.symbol}</text>')
            out.append(_text(x + symbol, base, row, CARD_FONT))
            height += CARD_FONT * LEADING
    more = told.unknown(held)
    if more:
        for row in _wrapped(more, room, TEXT_FONT):
            out.append(_text(x, y + height + TEXT_FONT, row, TEXT_FONT, fill=GREY, italic=True))
            height += TEXT_FONT * LEADING
    return out, height


def _middle(p: Position, y: float) -> tuple[list[str], float]:
    """The talon, the discard and the cards on the table, in a box in the middle; its height."""
    lines = [line for line in (told.talon(p), told.discard(p)) if line] + told.on_table(p)
    if not lines:
        return [], 0.0
    room = WIDTH - 2 * PAD - 24
    rows = [row for line in lines for row in _wrapped(line, room, TEXT_FONT)]
    widest = max(text_width(row, TEXT_FONT) for row in rows)
    box_w = min(WIDTH - 2 * PAD, widest + 20)
    box_h = len(rows) * TEXT_FONT * LEADING + 10
    x = (WIDTH - box_w) / 2
    out = [f'<rect x="{x:g}" y="{y:g}" width="{box_w:g}" height="{box_h:g}" rx="4" fill="#f4f4f0" stroke="{RULE}"/>']
    for i, row in enumerate(rows):
        out.append(_text(x + 10, y + 5 + TEXT_FONT + i * TEXT_FONT * LEADING, row, TEXT_FONT))
    return out, box_h


def _wrapped(text: str, room: float, font: float, *, bold: bool = False) -> list[str]:
    """``text`` cut at its spaces into lines that fit ``room``, never inside one of :func:`.told.groups`
    (a group longer than a line stands alone)."""
    scale = 1.08 if bold else 1.0
    lines: list[str] = []
    line = ""
    for word in told.groups(text):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, font) * scale > room:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines


def _text(x: float, y: float, text: str, font: float, *, bold: bool = False, italic: bool = False,
          fill: str | None = None) -> str:
    """One line of text, its red suit symbols in red."""
    attributes = f'x="{x:g}" y="{y:g}" font-size="{font}"'
    if bold:
        attributes += ' font-weight="bold"'
    if italic:
        attributes += ' font-style="italic"'
    if fill:
        attributes += f' fill="{fill}"'
    return f"<text {attributes}>{''.join(_coloured(text))}</text>"


def _coloured(text: str) -> Iterator[str]:
    """``text`` escaped, each ♥ and ♦ in a red ``tspan``."""
    for ch in text:
        if ch in "♥♦":
            yield f'<tspan fill="{RED}">{ch}</tspan>'
        else:
            yield escape(ch)


__all__ = ["svg"]
