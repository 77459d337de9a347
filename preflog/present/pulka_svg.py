"""The pulka drawn as on paper (SVG): a square sheet cut into one sector per player by lines from the
centre, each sector in three bands from the edge inwards, whists on each opponent, the pool, the
mountain, every band a running record ("6.8.10") whose numbers carry their deal and rule as a tooltip;
the pool target in the circle at the centre. Each player reads his own sector: the sheet lies on the
table with the first player at the bottom and the others clockwise, as the deal goes.
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.sax.saxutils import escape, quoteattr

from ..i18n import _, using_language
from ..game.classic import BOMB_MARKS
from ..model.seating import clockwise_from
from ..scoring.ledger import COLUMN_WORDS, Amount, Column, Entry
from ..sheet_words import entry_text, number_text
from ..scoring.pulka import ScoreSheet
from .. import words

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


def sheet_svg(sheet: ScoreSheet, *, title: str | None = None, numbered: bool = False,
              lang: str | None = None, totals: bool = False) -> str:
    """The sheet as an SVG document (a string), for 3 or 4 players (two play on a three-sector sheet
    with the dummy's sector left empty). ``numbered`` marks each number with its deal (``data-deal``),
    so that a page can show the sheet as it stood after any deal by hiding the later ones. ``totals``
    draws each band's last total alone, in a type that stays 12px and more on a phone's width (the
    running records are then the page's to show beside it)."""
    font = TOTALS_FONT if totals else FONT
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
                out.extend(_sector(sheet, player, c, numbered, font if totals else None))
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


def _sector(sheet: ScoreSheet, player: str, c: float, numbered: bool, totals: float | None = None) -> Iterator[str]:
    """One player's sector, drawn as the bottom one (the caller turns it into place); ``totals``: the
    font of a drawing of each band's last total alone."""
    bottom = MARGIN + SIZE
    marks = " ".join(BOMB_MARKS[b] for b in sheet.bombs(player))
    name = player + (f" {marks}" if marks else "")
    yield f'<text class="name" x="{c}" y="{bottom + MARGIN * 0.7}" text-anchor="middle">{escape(name)}</text>'
    opponents = clockwise_from(sheet.players, player)[:-1]  # from the player's left
    # each band's middle line spans the sector's width at its depth (the lines to the corners are diagonals)
    whists, pool, mountain = ((a + b) / 2 for a, b in zip(BANDS, BANDS[1:] + (SIZE / 2 - CENTRE_RADIUS,)))
    yield from _record(sheet, player, Column.POOL, None, c, bottom - pool, SIZE - 2 * pool, numbered, totals=totals)
    yield from _record(sheet, player, Column.MOUNTAIN, None, c, bottom - mountain, SIZE - 2 * mountain, numbered,
                       totals=totals)
    span = SIZE - 2 * whists
    part = span / len(opponents)
    left = c - span / 2
    for i, on in enumerate(opponents):
        if i:
            x = left + i * part
            yield f'<line class="band" x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom - BANDS[1]}"/>'
        yield from _record(sheet, player, Column.WHISTS, on, left + (i + 0.5) * part, bottom - whists, part,
                           numbered, prefix=f"{on}: ", totals=totals)


def _record(sheet: ScoreSheet, player: str, column: Column, on: str | None, x: float, y: float, width: float,
            numbered: bool, prefix: str = "", totals: float | None = None) -> Iterator[str]:
    """A running record as a line of text, each number a tspan with its deal and rule as a tooltip (and,
    ``numbered``, its deal as ``data-deal``: the text is then fitted by its font size, not stretched,
    so that it reads the same with the later numbers hidden). ``totals``: its last total alone, in
    that font, the name before a whist's total on the next line up where both do not fit."""
    steps = sheet.steps(player, column, on)
    if totals is not None:
        yield _total(player, column, on, x, y, width, steps[-1] if steps else None, prefix, totals)
        return
    text = prefix + ".".join(number_text(total) for total, _ in steps)
    room = width - 10
    fit = ""
    if len(text) * _CHAR > room:
        fit = (f' font-size="{max(6.0, FONT * room / (len(text) * _CHAR)):.1f}"' if numbered else
               f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"')
    what = _(COLUMN_WORDS[column]) if on is None else _("whists on {on}").format(on=on)
    parts = [f'<text class="{column.value}" x="{x}" y="{y + FONT / 3}" text-anchor="middle"{fit}>',
             f"<title>{escape(f'{player}: {what}')}</title>"]
    if prefix:
        parts.append(f'<tspan fill="#555">{escape(prefix)}</tspan>')
    for i, (total, entries) in enumerate(steps):
        tip = "\n".join(entry_text(e) for e in entries)
        deal = f' data-deal="{entries[0].deal}"' if numbered else ""
        parts.append(f"<tspan{deal}><title>{escape(tip)}</title>{'.' if i else ''}{escape(number_text(total))}</tspan>")
    parts.append("</text>")
    yield "".join(parts)


def _total(player: str, column: Column, on: str | None, x: float, y: float, width: float,
           last: tuple[Amount, list[Entry]] | None, prefix: str, font: float) -> str:
    """A band's last total, in ``font``: the whists' owner above it where the two do not fit a line."""
    value = "0" if last is None else number_text(last[0])
    what = _(COLUMN_WORDS[column]) if on is None else _("whists on {on}").format(on=on)
    title = f"<title>{escape(f'{player}: {what}')}</title>"
    char = 0.6 * font
    if len(prefix + value) * char <= width - 10:
        label = (f'<tspan fill="#555">{escape(prefix)}</tspan>' if prefix else "") + escape(value)
        return f'<text class="{column.value}" x="{x}" y="{y + font / 3}" text-anchor="middle">{title}{label}</text>'
    room = width - 10
    fit = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(value) * char > room else ""
    name = prefix.rstrip(": ")
    shrink = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(name) * char > room else ""
    return (f'<text class="{column.value}" x="{x}" y="{y - font * 0.35}" text-anchor="middle" fill="#555"{shrink}>'
            f"{title}{escape(name)}</text>"
            f'<text class="{column.value}" x="{x}" y="{y + font * 0.85}" text-anchor="middle"{fit}>{title}{escape(value)}</text>')


def stack(drawings: list[str]) -> str:
    """Several sheets as one SVG document, one under another."""
    full = SIZE + 2 * MARGIN
    body = "\n".join(d.replace("<svg ", f'<svg x="0" y="{i * full}" ', 1) for i, d in enumerate(drawings))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full * len(drawings)}" width="{full}" '
            f'height="{full * len(drawings)}">\n{body}\n</svg>')

#: The module's public names (what other layers and the server may import).
__all__ = [
    "BANDS", "CENTRE_RADIUS", "FONT", "MARGIN", "SIZE", "STYLE", "TOTALS_FONT", "sheet_svg", "stack",
]
