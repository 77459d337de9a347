"""The pulka drawn as on paper (SVG): a square sheet cut into one sector per player by lines from the
centre, each sector in three bands from the edge inwards, whists on each opponent, the pool, the
mountain, every band a running record ("6.8.10") whose numbers carry their deal and rule as a tooltip;
the pool target in the circle at the centre. Each player reads his own sector: the sheet lies on the
table with the first player at the bottom and the others clockwise, as the deal goes. A record runs on
over the lines its band holds, never squeezed; one longer than its band keeps its latest numbers after
«…» (the whole record is the tooltip of the «…»).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
from .markup import escape, quoteattr

from ..i18n import _, using_language
from ..game.classic import BOMB_MARKS
from ..model.seating import clockwise_from
from ..scoring.ledger import COLUMN_WORDS, Amount, Column, Entry
from ..sheet_words import entry_text, number_text
from ..scoring.pulka import ScoreSheet
from .. import words
from .text_width import ELLIPSIS, text_width as _width

SIZE = 560                      # the sheet, a square
MARGIN = 30                     # around it, for the names
BANDS = (0, 64, 128)            # the insets where whists, pool and mountain begin
CENTRE_RADIUS = 44
FONT = 14
_CHAR = 0.6 * FONT              # the width of a character, near enough for a sans-serif digit
_ANGLES = {3: (0, 90, 270), 4: (0, 90, 180, 270)}  # bottom, left, (top,) right: clockwise from the first
#: The drawing's one style sheet (a web page's content security policy names its hash).
STYLE = (".rule{fill:none;stroke:#333;stroke-width:1.5}.band{fill:none;stroke:#333;stroke-width:1}"
         ".name{font-weight:bold}.pool{fill:#155724}.mountain{fill:#8b1a1a}.whists{fill:#1a3c8b}"
         "tspan:hover{text-decoration:underline}")


#: The font of the drawing of totals: 24 of its 620 units are 12.4 CSS px when it fills a 320px screen.
TOTALS_FONT = 24
#: The font of the whole drawing read on a phone held upright: 12.4 CSS px at 320px wide, as the totals'.
PHONE_FONT = 24
LINE = 1.15                     # a line of a record, in fonts


def sheet_svg(sheet: ScoreSheet, *, title: str | None = None, numbered: bool = False,
              lang: str | None = None, totals: bool = False, font: float = FONT) -> str:
    """The sheet as an SVG document (a string), for 3 or 4 players (two play on a three-sector sheet
    with the dummy's sector left empty). ``numbered`` marks each number with its deal (``data-deal``),
    so that a page can show the sheet as it stood after any deal by hiding the later ones. ``totals``
    draws each band's last total alone, in a type that stays 12px and more on a phone's width (the
    running records are then the page's to show beside it). ``font``: the type of the records, in the
    sheet's units (620 across): :data:`PHONE_FONT` for a drawing a phone shows at its width."""
    font = TOTALS_FONT if totals else font
    with using_language(lang):
        players = sheet.players
        count = 4 if len(players) == 4 else 3
        full = SIZE + 2 * MARGIN
        c = full / 2
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full}" width="{full}" height="{full}" '
               f'role="img" aria-label={quoteattr(_label(sheet, title))} font-family="sans-serif" font-size="{font}">',
               f"<title>{escape(_label(sheet, title))}</title>",
               f"<style>{STYLE}</style>",
               f'<rect class="rule" x="{MARGIN}" y="{MARGIN}" width="{SIZE}" height="{SIZE}" fill="#fffdf5"/>']
        for inset in BANDS[1:]:
            side = SIZE - 2 * inset
            out.append(f'<rect class="band" x="{MARGIN + inset}" y="{MARGIN + inset}" width="{side}" height="{side}"/>')
        for x, y in _corners(count):
            out.append(f'<line class="rule" x1="{c}" y1="{c}" x2="{x}" y2="{y}"/>')
        out.append(f'<circle class="rule" cx="{c}" cy="{c}" r="{CENTRE_RADIUS}" fill="#fff"/>')
        target = "–" if sheet.pool_target is None else str(sheet.pool_target)
        said = _("the pool each plays to (the Pool tag)")
        out.append(f'<text x="{c}" y="{c + font / 3}" text-anchor="middle" font-size="{font + 4}">'
                   f"<title>{escape(said)}</title>{escape(target)}</text>")
        seats = list(players) + [None] * (count - len(players))
        for player, angle in zip(seats, _ANGLES[count]):
            if player is not None:
                out.append(f'<g transform="rotate({angle} {c} {c})">')
                out.extend(_sector(sheet, player, c, numbered, font, totals))
                out.append("</g>")
        out.append("</svg>")
        return "\n".join(out)


def _label(sheet: ScoreSheet, title: str | None) -> str:
    head = f"{title} · " if title else ""
    pool = _("no pool target") if sheet.pool_target is None else _("pool {target}").format(target=sheet.pool_target)
    return _("{head}the pulka of {players} ({name}, {pool}) after deal {deals}").format(
        head=head, players=", ".join(sheet.players), name=words.rules(sheet.rules.name), pool=pool, deals=sheet.deals)


def _corners(count: int) -> list[tuple[float, float]]:
    """Where the lines from the centre end: the corners with four; with three, the bottom corners and
    the middle of the top edge."""
    low, high = MARGIN, MARGIN + SIZE
    if count == 4:
        return [(low, low), (high, low), (low, high), (high, high)]
    return [(low, high), (high, high), ((low + high) / 2, low)]


def _sector(sheet: ScoreSheet, player: str, c: float, numbered: bool, font: float, totals: bool) -> Iterator[str]:
    """One player's sector, drawn as the bottom one (the caller turns it into place), its records in
    ``font``; ``totals``: each band's last total alone."""
    bottom = MARGIN + SIZE
    marks = " ".join(BOMB_MARKS[b] for b in sheet.bombs(player))
    name = _clipped(player + (f" {marks}" if marks else ""), SIZE - font, font * 1.1)
    yield f'<text class="name" x="{c}" y="{bottom + MARGIN * 0.7}" text-anchor="middle">{escape(name)}</text>'
    opponents = clockwise_from(sheet.players, player)[:-1]  # from the player's left
    inner = SIZE / 2 - CENTRE_RADIUS
    # each band's middle line spans the sector's width at its depth (the lines to the corners are diagonals)
    whists, pool, mountain = ((a + b) / 2 for a, b in zip(BANDS, BANDS[1:] + (inner,)))
    left, right = c - SIZE / 2, c + SIZE / 2
    if numbered:
        yield _numbered(sheet, player, Column.POOL, None, c, bottom - pool, SIZE - 2 * pool)
        yield _numbered(sheet, player, Column.MOUNTAIN, None, c, bottom - mountain, SIZE - 2 * mountain)
    else:
        yield _record(sheet, player, Column.POOL, None, _Zone(left, right, BANDS[1], BANDS[2], c), font,
                      totals=totals)
        yield _record(sheet, player, Column.MOUNTAIN, None, _Zone(left, right, BANDS[2], inner, c), font,
                      totals=totals)
    span = SIZE - 2 * whists
    part = span / len(opponents)
    start = c - span / 2
    for i, on in enumerate(opponents):
        if i:
            x = start + i * part
            yield f'<line class="band" x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom - BANDS[1]}"/>'
        middle = start + (i + 0.5) * part
        if numbered:
            yield _numbered(sheet, player, Column.WHISTS, on, middle, bottom - whists, part, prefix=f"{on}: ")
        else:
            zone = _Zone(start + i * part, start + (i + 1) * part, BANDS[0], BANDS[1], c)
            yield _record(sheet, player, Column.WHISTS, on, zone, font, prefix=f"{on}: ", totals=totals)


@attrs.frozen
class _Zone:
    """Where a record is written in the bottom sector: between ``left`` and ``right``, ``near`` to ``far``
    in from the sheet's edge, inside the lines from the centre (``c``) to the bottom corners."""

    left: float
    right: float
    near: float
    far: float
    c: float

    def lines(self, count: int, font: float) -> list[tuple[float, float, float]]:
        """``count`` lines centred in the zone, the first innermost (read first by the sector's player):
        each one's baseline and the left and right ends of its room."""
        bottom = MARGIN + SIZE
        height = LINE * font
        top = bottom - (self.near + self.far) / 2 - count * height / 2  # the innermost line's top
        out = []
        for j in range(count):
            baseline = top + j * height + 0.9 * font
            depth = bottom - (baseline - 0.8 * font)  # the deepest the line's letters go
            half = SIZE / 2 - depth
            pad = font / 3
            out.append((baseline, max(self.left, self.c - half) + pad, min(self.right, self.c + half) - pad))
        return out

    def room(self, font: float) -> int:
        """How many lines of ``font`` the zone holds (one at least)."""
        return max(1, int((self.far - self.near - font / 3) // (LINE * font)))


def _clipped(text: str, room: float, font: float) -> str:
    """``text``, or as much of it as fits ``room`` with «…» after."""
    if _width(text, font) <= room:
        return text
    while text and _width(text + ELLIPSIS, font) > room:
        text = text[:-1]
    return text + ELLIPSIS


def _flowed(tokens: list[str], lines: list[tuple[float, float, float]], font: float) -> list[list[int]] | None:
    """The tokens (by index) on each line, filled in order, or None when they overflow the lines."""
    out: list[list[int]] = [[] for _ in lines]
    line, used = 0, 0.0
    for i, token in enumerate(tokens):
        w = _width(token, font)
        while used + w > lines[line][2] - lines[line][1] and (out[line] or w > lines[line][2] - lines[line][1]):
            line, used = line + 1, 0.0
            if line == len(lines):
                return None
        out[line].append(i)
        used += w
    return out


#: How a record is laid in its zone: its tokens (the whists' owner first, then the numbers, the first
#: kept one after «…»), the lines, the tokens' indices on each line, and how many numbers «…» stands for.
_Laid = tuple[list[str], list[tuple[float, float, float]], list[list[int]], int]


def _laid(name: str, numbers: list[str], zone: _Zone, font: float) -> _Laid:
    """A record laid in its zone: whole on the fewest lines, the whists' owner's name shortened as
    needed; else its latest numbers after «…» on every line the zone holds; else (one number wider than
    the zone, a sum no game reaches) the last one squeezed into the widest line."""
    whole = zone.lines(zone.room(font), font)
    widest = max(x1 - x0 for _, x0, x1 in whole)
    names = []
    if name:  # the name, or as much of it as leaves room, down to its first letter
        longest = _clipped(name, widest - _width(": ", font), font)
        stem = longest.rstrip(ELLIPSIS)
        names = [longest] + [stem[:k] + ELLIPSIS for k in range(len(stem) - 1, 0, -1)]
    heads = [[n + ": "] for n in names] or [[]]
    for head in heads:
        for count in range(1, len(whole) + 1):
            lines = zone.lines(count, font)
            placed = _flowed(head + numbers, lines, font)
            if placed is not None:
                return head + numbers, lines, placed, 0
    # too long for the zone: the latest numbers, as many as the lines hold, after «…»
    most = int(sum(x1 - x0 for _, x0, x1 in whole) // _width(".0", font)) + 1
    first = max(1, len(numbers) - most)

    def kept(cut: int, head: list[str]) -> list[str]:
        return head + [ELLIPSIS + numbers[cut].lstrip(".")] + numbers[cut + 1:]

    for head in heads:
        if len(numbers) < 2 or _flowed(kept(len(numbers) - 1, head), whole, font) is None:
            continue
        low, high = first, len(numbers) - 1  # the earliest cut whose rest fits (a later one always does)
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if _flowed(kept(middle, head), whole, font) is not None else (middle + 1, high)
        tokens = kept(low, head)
        placed = _flowed(tokens, whole, font)
        assert placed is not None
        return tokens, whole, placed, low
    head = heads[-1]
    tokens = head + ([ELLIPSIS + numbers[-1].lstrip(".")] if len(numbers) > 1 else numbers[-1:])
    line = max(whole, key=lambda at: at[2] - at[1])
    return tokens, [line], [list(range(len(tokens)))], max(0, len(numbers) - 1)


def _record(sheet: ScoreSheet, player: str, column: Column, on: str | None, zone: _Zone, font: float,
            prefix: str = "", totals: bool = False) -> str:
    """A running record as lines of text in its zone, each number a tspan with its deal and rule as a
    tooltip; the fewest lines it takes, or, too long for the zone, its latest numbers after «…».
    ``totals``: its last total alone (0 for an empty column)."""
    steps = sheet.steps(player, column, on)
    if totals:
        steps = steps[-1:] or [(0, [])]
    what = _(COLUMN_WORDS[column]) if on is None else _("whists on {on}").format(on=on)
    numbers = [("." if i else "") + number_text(total) for i, (total, _) in enumerate(steps)]
    laid = _laid(prefix.rstrip(": "), numbers, zone, font)
    tokens, lines, placed, cut = laid
    prefix = tokens[0] if prefix else ""
    head = [prefix] if prefix else []
    parts = [f'<text class="{column.value}" text-anchor="middle">', f"<title>{escape(f'{player}: {what}')}</title>"]
    for (baseline, x0, x1), on_line in zip(lines, placed):
        if not on_line:
            continue
        text = "".join(tokens[i] for i in on_line)
        squeeze = (f' textLength="{x1 - x0:.0f}" lengthAdjust="spacingAndGlyphs"'
                   if _width(text, font) > x1 - x0 else "")
        parts.append(f'<tspan x="{(x0 + x1) / 2:.1f}" y="{baseline:.1f}"{squeeze}>')
        for i in on_line:
            parts.append(_number(tokens[i], i - len(head), cut, steps, sheet, player, column, on, prefix))
        parts.append("</tspan>")
    parts.append("</text>")
    return "".join(parts)


def _number(token: str, index: int, cut: int, steps: list[tuple[Amount, list[Entry]]], sheet: ScoreSheet,
            player: str, column: Column, on: str | None, prefix: str) -> str:
    """One token of a record: the prefix (whose whists), or a number with its deal and rule as a tooltip,
    a number after «…» with the whole record's tooltip on the «…»."""
    if index < 0:
        return f'<tspan fill="#555">{escape(prefix)}</tspan>'
    step = index + cut
    if not steps[step][1]:  # a total of nothing written
        return escape(token)
    tip = escape("\n".join(entry_text(e) for e in steps[step][1]))
    if cut and index == 0:
        said = escape(sheet.record(player, column, on))
        return (f"<tspan><title>{said}</title>{ELLIPSIS}</tspan>"
                f"<tspan><title>{tip}</title>{escape(token[len(ELLIPSIS):])}</tspan>")
    return f"<tspan><title>{tip}</title>{escape(token)}</tspan>"


def _numbered(sheet: ScoreSheet, player: str, column: Column, on: str | None, x: float, y: float, width: float,
              prefix: str = "") -> str:
    """A running record as a line of text, each number a tspan with its deal (``data-deal``) and rule as
    a tooltip: the text fitted by its font size, not stretched, so that it reads the same with the later
    numbers hidden."""
    steps = sheet.steps(player, column, on)
    text = prefix + ".".join(number_text(total) for total, _ in steps)
    room = width - 10
    fit = ""
    if len(text) * _CHAR > room:
        fit = f' font-size="{max(6.0, FONT * room / (len(text) * _CHAR)):.1f}"'
    what = _(COLUMN_WORDS[column]) if on is None else _("whists on {on}").format(on=on)
    parts = [f'<text class="{column.value}" x="{x}" y="{y + FONT / 3}" text-anchor="middle"{fit}>',
             f"<title>{escape(f'{player}: {what}')}</title>"]
    if prefix:
        parts.append(f'<tspan fill="#555">{escape(prefix)}</tspan>')
    for i, (total, entries) in enumerate(steps):
        tip = "\n".join(entry_text(e) for e in entries)
        parts.append(f'<tspan data-deal="{entries[0].deal}"><title>{escape(tip)}</title>'
                     f"{'.' if i else ''}{escape(number_text(total))}</tspan>")
    parts.append("</text>")
    return "".join(parts)


def stack(drawings: list[str]) -> str:
    """Several sheets as one SVG document, one under another."""
    full = SIZE + 2 * MARGIN
    body = "\n".join(d.replace("<svg ", f'<svg x="0" y="{i * full}" ', 1) for i, d in enumerate(drawings))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full * len(drawings)}" width="{full}" '
            f'height="{full * len(drawings)}">\n{body}\n</svg>')

#: The module's public names (what other layers and the server may import).
__all__ = [
    "BANDS", "CENTRE_RADIUS", "FONT", "MARGIN", "PHONE_FONT", "SIZE", "STYLE", "TOTALS_FONT", "sheet_svg",
    "stack",
]
