"""The statistics as one self-contained web page: the report's tables and three charts drawn as inline
SVG (the settlement over the months per player, contracts by level, tricks lost against par), and with
ratings asked for, each player's rating match by match. No script, nothing fetched: it opens from a
file or a mail, and reads on a phone."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

from ..i18n import N_, _, current_language, decimal
from .facts import UNDATED
from .rating import Rating
from .tally import LEVELS, Stats
from .text import RATING_NOTE, level_word, rating_table, sections, splits, summary

#: The charts' titles.
MONEY, CONTRACTS, PAR = N_("Settlement over the months"), N_("Contracts by level"), N_("Tricks lost against par, per deal")
#: The ratings chart's titles, by how games are matched.
RATINGS = {"pulka": N_("Rating after each game"), "event": N_("Rating after each event")}
#: Colours of the players' lines (told apart in print and by the colour-blind, Okabe and Ito).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")

STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:.8rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.6rem}h3{font-size:1rem;margin:.8rem 0 .3rem}
.wide{overflow-x:auto}table{border-collapse:collapse;margin:.3rem 0}
td,th{padding:.2rem .5rem;text-align:right;white-space:nowrap}td:first-child,th:first-child{text-align:left}
tr:nth-child(even) td{background:#f3f3f3}th{border-bottom:1px solid #999}
svg{max-width:100%;height:auto}svg text{font:12px system-ui,sans-serif}
.legend span{display:inline-block;margin-right:1rem}.legend .swatch{vertical-align:middle;margin-right:.3rem}
"""


def stats_page(stats: Stats, *, title: str | None = None, filters: dict[str, Any] | None = None,
               standalone: bool = True) -> str:
    """The page (``standalone``: a whole document; else the part the server puts in its own page)."""
    heading = title or _("Statistics")
    body = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(summary(stats, page=True))}</p>"]
    if filters:
        body.append("<p>" + escape(", ".join(f"--{k} {' '.join(v) if isinstance(v, tuple) else v}"
                                             for k, v in filters.items())) + "</p>")
    if stats.total.players:
        body += _charts(stats)
        for i, (name, header, rows) in enumerate(sections(stats, par_hint=standalone)):  # the server solves no deal
            body.append(f"<h2>{escape(name)}</h2>")
            body.append(_table(header, rows) if rows else f"<p>{escape(header[0])}</p>")
            if i == 0:  # the ratings after the settlement
                body += rating_part(stats)
        for name, tables in splits(stats):
            body.append(f"<h2>{escape(name)}</h2>")
            for key, header, rows in tables:
                body += [f"<h3>{escape(key)}</h3>", _table(header, rows)]
    else:
        body.append("<p>" + escape(_("No game to count.")) + "</p>")
    inner = "\n".join(body)
    if not standalone:
        return inner
    return (f'<!DOCTYPE html>\n<html lang="{current_language()}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(heading)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{inner}\n</body>\n</html>\n")


def rating_part(stats: Stats) -> list[str]:
    """The ratings' heading, chart, table and what they are; nothing unless ratings were asked for."""
    if stats.rating is None:
        return []
    ratings = stats.ratings()
    rated = rating_table(stats, ratings)
    if rated is None:
        return []
    name, header, rows = rated
    if not rows:
        return [f"<h2>{escape(name)}</h2>", f"<p>{escape(header[0])}</p>"]
    return [f"<h2>{escape(name)}</h2>", rating_chart(ratings, stats.rating), _table(header, rows),
            f"<p>{escape(_(RATING_NOTE))}</p>"]


def _table(header: list[str], rows: Iterable[list[str]]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _charts(stats: Stats) -> list[str]:
    out = []
    months = [m for m in sorted(stats.by_month) if m != UNDATED]
    if months:
        out += ["<h2>" + escape(_(MONEY)) + "</h2>", money_chart(stats, months)]
    out += ["<h2>" + escape(_(CONTRACTS)) + "</h2>", contracts_chart(stats)]
    if stats.total.par_deals:
        out += ["<h2>" + escape(_(PAR)) + "</h2>", par_chart(stats)]
    return out


def money_chart(stats: Stats, months: list[str]) -> str:
    """Each player's settlement in whists added up month by month: a line a player."""
    players = [n for n, _p in stats.total.ranked()]
    running: dict[str, list[Fraction]] = {p: [] for p in players}
    for month in months:
        table = stats.by_month[month]
        for p in players:
            last = running[p][-1] if running[p] else Fraction(0)
            got = table.players.get(p)
            running[p].append(last + (got.settlement if got is not None else 0))
    every = max(1, len(months) // 8)
    labels = [(float(i), month, "start" if i == 0 and len(months) > 1 else "end" if i == len(months) - 1 and i
               else "middle") for i, month in enumerate(months) if i % every == 0 or i == len(months) - 1]
    lines = {p: [(float(i), float(v), None) for i, v in enumerate(running[p])] for p in players}
    return _line_chart(_(MONEY), lines, (0.0, float(len(months) - 1)), labels, lambda v: f"{v:+.0f}")


def rating_chart(ratings: Mapping[str, Rating], mode: str = "pulka") -> str:
    """Each player's rating (μ − 3σ) after each of his matches (games or events, as ``mode`` matched them):
    a line a player over the matches rated, in the order of ``ratings`` (:meth:`Stats.ratings`: the
    highest first); a point's title says its value, day and event."""
    title = _(RATINGS[mode])
    players = list(ratings)
    days: dict[int, str | None] = {p.match: p.date for r in ratings.values() for p in r.history}
    first, last = min(days), max(days)
    labels = [(float(match), days[match] or f"#{match}", anchor)
              for match, anchor in ((first, "start" if last > first else "middle"), (last, "end"))
              if not (match == last and last == first)]
    lines = {name: [(float(p.match), p.ordinal, f"{name}: " + ", ".join(
        w for w in (decimal(f"{p.ordinal:.2f}"), p.date, p.event) if w)) for p in ratings[name].history]
             for name in players}
    return _line_chart(title, lines, (float(first), float(last)), labels, lambda v: decimal(f"{v:+.1f}"))


def _line_chart(title: str, lines: Mapping[str, Sequence[tuple[float, float, str | None]]],
                positions: tuple[float, float], labels: Sequence[tuple[float, str, str]],
                written: Callable[[float], str]) -> str:
    """A line a player over ``positions`` (the first and the last), each point (position, value, what its
    title says, if anything); the value axis marked at its top and bottom as ``written`` writes them,
    zero drawn, and ``labels`` (position, text, anchor) under the positions."""
    first, last = positions
    values = [v for points in lines.values() for _x, v, _t in points] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    width, height, left, top, bottom = 420, 240, 44, 12, 36
    step = (width - left - 16) / max(last - first, 1)

    def x(at: float) -> float:
        return left + ((at - first) * step if last > first else (width - left - 16) / 2)

    def y(v: float) -> float:
        return top + (high - v) / span * (height - top - bottom)

    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
             f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 8}" y2="{y(0):.1f}" stroke="#999"/>',
             f'<text x="{left - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{written(high)}</text>',
             f'<text x="{left - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{written(low)}</text>']
    parts += [f'<text x="{x(at):.1f}" y="{height - bottom + 18}" text-anchor="{anchor}">{escape(text)}</text>'
              for at, text, anchor in labels]
    for k, (name, points) in enumerate(lines.items()):
        colour, dashes = _pen(k)
        line = " ".join(f"{x(at):.1f},{y(v):.1f}" for at, v, _t in points)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dashes} points="{line}">'
                     f"<title>{escape(name)}</title></polyline>")
        parts += [f'<circle cx="{x(at):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' if said is None else
                  f'<circle cx="{x(at):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"><title>{escape(said)}</title></circle>'
                  for at, v, said in points]
    parts.append("</svg>")
    legend = "".join(f"<span>{_swatch(*_pen(k))}{escape(p)}</span>" for k, p in enumerate(lines))
    return "".join(parts) + f'<div class="legend">{legend}</div>'


def _pen(k: int) -> tuple[str, str]:
    """The colour of the ``k``-th player's line, and its dashes once the colours have all been used."""
    return PALETTE[k % len(PALETTE)], "" if k < len(PALETTE) else ' stroke-dasharray="5 3"'


def _swatch(colour: str, dashes: str = "", width: int = 3) -> str:
    """A legend's sample of a line or a bar, drawn (the page has no style attribute: a server's policy
    may forbid them)."""
    return (f'<svg class="swatch" width="20" height="10" aria-hidden="true"><line x1="0" y1="5" x2="20" y2="5" '
            f'stroke="{colour}" stroke-width="{width}"{dashes}/></svg>')


def contracts_chart(stats: Stats) -> str:
    """The contracts declared and made at each level, over every player: two bars a level."""
    declared = dict.fromkeys(LEVELS, 0)
    made = dict.fromkeys(LEVELS, 0)
    for p in stats.total.players.values():
        for k, n in p.declared_by_level().items():
            declared[k] += n
        for k, n in p.made_by_level().items():
            made[k] += n
    top = max(declared.values()) or 1
    width, height, bottom = 420, 200, 32
    band = (width - 20) / len(LEVELS)
    bar = band * 0.35
    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{escape(_(CONTRACTS))}">']
    for i, level in enumerate(LEVELS):
        x0 = 10 + i * band + band * 0.12
        for j, (value, colour) in enumerate(((declared[level], "#999"), (made[level], "#0072b2"))):
            h = value / top * (height - bottom - 20)
            x = x0 + j * bar
            parts.append(f'<rect x="{x:.1f}" y="{height - bottom - h:.1f}" width="{bar - 2:.1f}" height="{h:.1f}" '
                         f'fill="{colour}"/>')
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{height - bottom - h - 4:.1f}" '
                         f'text-anchor="middle">{value}</text>')
        parts.append(f'<text x="{x0 + bar:.1f}" y="{height - 12}" text-anchor="middle">{escape(level_word(level))}</text>')
    parts.append("</svg>")
    declared_word, made_word = escape(_("declared")), escape(_("made"))
    legend = (f'<span>{_swatch("#999", width=8)}{declared_word}</span>'
              f'<span>{_swatch("#0072b2", width=8)}{made_word}</span>')
    return "".join(parts) + f'<div class="legend">{legend}</div>'


def par_chart(stats: Stats) -> str:
    """Each player's tricks lost against par per deal: a bar a player, the fewest first."""
    rows = sorted(((p.average_loss, n) for n, p in stats.total.players.items() if p.average_loss is not None))
    top = max(v for v, _n in rows) or 1.0
    width, line = 420, 24
    height = line * len(rows) + 8
    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(_(PAR))}">']
    for i, (value, name) in enumerate(rows):
        y = 4 + i * line
        w = value / top * (width - 180)
        parts.append(f'<text x="120" y="{y + 15}" text-anchor="end">{escape(name)}</text>')
        parts.append(f'<rect x="128" y="{y + 3}" width="{w:.1f}" height="{line - 8}" fill="#d55e00"/>')
        parts.append(f'<text x="{134 + w:.1f}" y="{y + 15}">{value:.2f}</text>')
    parts.append("</svg>")
    return "".join(parts)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "PALETTE", "RATINGS", "STYLE", "contracts_chart", "money_chart", "par_chart", "rating_chart", "rating_part",
    "stats_page",
]
