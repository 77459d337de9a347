"""The event's tables for people and programs: the draw, the standings, the protocols, the travellers
and the hand records, as text, CSV, JSON and a page to show or print (A4, a board a sheet)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from .. import words
from ..i18n import _, count, current_language, decimal
from ..present.score_table import table_lines
from ..sheet_words import number_text, signed
from ..scoring.ledger import number_json
from ..statistics.page import STYLE
from .boards import Board
from .duplicate import DuplicateScores, Traveller
from ..model.cards import Suit
from .plan import Kind, Plan, TieBreak, Tour, to_json
from .protocol import game_text, protocol_header, protocol_json, protocol_rows, result_text
from .results import Results
from .standings import Standings, place_text, shared_until

#: One table of a report: its heading, its header and its rows.
Section = tuple[str, list[str], list[list[str]]]


def tiebreak_name(t: TieBreak) -> str:
    return {TieBreak.REMIZES: _("remizes"), TieBreak.ALL_PASS_WON: _("all-passes won"),
            TieBreak.ALL_PASS_TRICKS: _("all-pass tricks"), TieBreak.MISERE_TRICKS: _("misère tricks")}[t]


def _heading(name: str) -> str:
    """A name as a column's heading: its first letter a capital."""
    return name[:1].upper() + name[1:]


def tour_name(number: int) -> str:
    return _("Tour {n}").format(n=number)


def draw_sections(plan: Plan, tours: Iterable[Tour] | None = None) -> list[Section]:
    """The seating of each tour (the movement, in duplicate, with each tour's boards)."""
    out: list[Section] = []
    for tour in plan.drawn if tours is None else tours:
        seats = max(len(t.players) for t in tour.tables)
        header = [_("Table"), *(_("Seat {n}").format(n=s) for s in range(1, seats + 1))]
        rows = [[str(t.number), *(words.player(p) for p in t.players), *([""] * (seats - len(t.players)))]
                for t in tour.tables]
        title = tour_name(tour.number)
        if tour.boards:
            title += " · " + _("boards {first}–{last}").format(first=tour.boards[0], last=tour.boards[-1])
        if tour.byes:
            title += " · " + _("bye: {players}").format(players=", ".join(map(words.player, tour.byes)))
        title += " · " + _("lot {seed}").format(seed=tour.seed)
        out.append((title, header, rows))
    return out


def standings_section(table: Standings) -> Section:
    """The standings: place, player, points (where a scale turns whists into points), whists, each
    tour's, the tie-breaks, the deals played."""
    plan = table.plan
    scaled = bool(plan.scale.bands)
    header = [_("Place"), _("Player")] + ([_("Points")] if scaled else []) + [_("Whists")]
    header += [tour_name(t.number) for t in plan.drawn[:len(table.lines[0].tours) if table.lines else 0]]
    header += [_heading(tiebreak_name(t)) for t in plan.tiebreaks] + [_("Deals")]
    rows = []
    for line, last in zip(table.lines, shared_until(table.lines)):
        row = [place_text(line, last), words.player(line.player)]
        row += ([signed(line.points)] if scaled else []) + [signed(line.shown)]
        row += ["—" if w is None else signed(w) for w in line.shown_tours]
        row += [str(v) for v in line.tiebreaks] + [str(line.deals)]
        rows.append(row)
    title = _("Standings after tour {n}").format(n=table.complete) if table.complete else _("Standings")
    return title, header, rows


def duplicate_section(scores: DuplicateScores) -> Section:
    header = [_("Place"), _("Player"), _("Over the field"), _("Matchpoints"), "%", _("Whists"), _("Boards")]
    header += [_heading(tiebreak_name(t)) for t in scores.plan.tiebreaks]
    rows = []
    lines = list(scores.lines)
    for line, last in zip(lines, shared_until(lines)):
        percent = line.percent
        rows.append([place_text(line, last), words.player(line.player), signed(line.over_field),
                     f"{number_text(line.matchpoints)}/{line.top}", "—" if percent is None else decimal(f"{float(percent):.1f}"),
                     signed(line.whists), str(line.boards), *(str(v) for v in line.tiebreaks)])
    return _("Standings over the field"), header, rows


def traveller_section(t: Traveller) -> Section:
    """A board's traveller: a row a seat of each table, the game on the table's first row."""
    header = [_("Table"), _("Seat"), _("Player"), _("Contract"), _("Result"), _("Par"), _("Whists"), _("Over the field"),
              _("Matchpoints")]
    rows = []
    for row in t.rows:
        o_game, result = game_text(row.outcome), result_text(row.outcome)
        par = "—" if row.par is None else count("{n} trick", "{n} tricks", row.par)
        for s, player in enumerate(row.players):
            first = s == 0
            rows.append([str(row.table) if first else "", str(s + 1), words.player(player),
                         o_game if first else "", result if first else "", par if first else "",
                         signed(row.whists[s]), signed(row.over_field[s]), number_text(row.matchpoints[s])])
    averages = "; ".join(_("seat {n}").format(n=s + 1) + " " + signed(a) for s, a in enumerate(t.averages))
    return _("Board {n} · the field's average: {averages}").format(n=t.board, averages=averages), header, rows


def protocol_sections(results: Results) -> list[Section]:
    out: list[Section] = []
    for game in sorted(results.played, key=lambda g: (g.tour, g.table, g.board or 0)):
        title = _("Tour {tour}, table {table}").format(tour=game.tour, table=game.table)
        if game.board is not None:
            title += " · " + _("board {n}").format(n=game.board)
        out.append((title + ": " + ", ".join(map(words.player, game.players)), protocol_header(game),
                    protocol_rows(game)))
    return out


def report_sections(plan: Plan, results: Results, *, standings: Standings | None = None,
                    scores: DuplicateScores | None = None, protocols: bool = False) -> list[Section]:
    """The report: the standings (Swiss) or the standings over the field and every traveller
    (duplicate), then with ``protocols`` every table's protocol."""
    out: list[Section] = []
    if standings is not None:
        out.append(standings_section(standings))
    if scores is not None:
        out.append(duplicate_section(scores))
        out += [traveller_section(t) for t in scores.travellers]
    if protocols:
        out += protocol_sections(results)
    return out


def text_of(title: str, sections: Sequence[Section], notes: Sequence[str] = ()) -> str:
    lines = [title, "=" * len(title), *notes, ""]
    for name, header, rows in sections:
        lines += [name, "-" * len(name)]
        lines += table_lines(header, rows) if rows else [_("nothing recorded yet")]
        lines.append("")
    return "\n".join(lines)


def csv_of(sections: Sequence[Section]) -> str:
    """Every table one after another, each after a row with its heading, a blank row between."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, (name, header, rows) in enumerate(sections):
        if i:
            writer.writerow([])
        writer.writerow([name])
        writer.writerow(header)
        writer.writerows(rows)
    return out.getvalue()


PRINT = """
section.board{break-after:page;page-break-after:always}section.board:last-child{break-after:auto}
@media print{body{max-width:none;font-size:11pt}.wide{overflow:visible}h2{break-after:avoid}
 section{break-inside:avoid}}
.hand{font-size:1.4rem;margin:.6rem 0}.hand b{display:block;font-size:1rem}.suit{display:block}.red{color:#c00}
@page{size:A4;margin:15mm}
"""


def page_of(title: str, sections: Sequence[Section], notes: Sequence[str] = ()) -> str:
    """A whole page: the tables, readable on a phone and printable."""
    body = [f"<h1>{escape(title)}</h1>", *(f"<p>{escape(n)}</p>" for n in notes)]
    for name, header, rows in sections:
        body.append(f"<section><h2>{escape(name)}</h2>{_table(header, rows)}</section>")
    return _document(title, "\n".join(body))


def boards_page(title: str, boards: Sequence[Board], tours: Sequence[Tour] = ()) -> str:
    """The hand records to set up the boxes: a sheet a board, each seat's ten cards a suit a line (red
    suits red), the talon and the dealer, in words; with the ``tours`` drawn, the tour it is played in
    and how many boxes it takes (one a table)."""
    parts = []
    talon, sits_out = _("Talon"), _("sits out (deals)")
    played = {n: t for t in tours for n in t.boards}
    for b in boards:
        board_name, dealer = _("Board {n}").format(n=b.number), _("Dealer: seat {n}").format(n=b.dealer)
        lines = [f'<section class="board"><h1>{escape(title)}</h1>', f"<h2>{escape(board_name)}</h2>"]
        tour = played.get(b.number)
        if tour is not None:
            boxes = count("{n} box, one a table", "{n} boxes, one a table", len(tour.tables))
            lines.append(f"<p>{escape(tour_name(tour.number))} · {escape(boxes)}</p>")
        lines.append(f"<p>{escape(dealer)}</p>")
        for seat in range(1, b.seats + 1):
            hand = b.hands.get(seat)
            seat_name = _("Seat {n}").format(n=seat)
            if hand is None:
                lines.append(f'<p class="hand"><b>{escape(seat_name)}</b> {escape(sits_out)}</p>')
                continue
            suits = "".join(f'<span class="suit{" red" if s in (Suit.DIAMONDS, Suit.HEARTS) else ""}">'
                            f'{escape(words.hand([c for c in hand.cards if c.suit is s], unicode=True, voids=False) or s.symbol + " —")}'
                            "</span>" for s in Suit)
            lines.append(f'<div class="hand"><b>{escape(seat_name)}</b>{suits}</div>')
        lines.append(f'<p class="hand"><b>{escape(talon)}</b> {escape(words.cards(b.talon, unicode=True))}</p>')
        parts.append("\n".join(lines) + "</section>")
    return _document(title, "\n".join(parts))


def _table(header: list[str], rows: Iterable[list[str]]) -> str:
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _document(title: str, inner: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{current_language()}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{STYLE}{PRINT}</style>\n</head>\n<body>\n{inner}\n</body>\n</html>\n")


def report_json(plan: Plan, results: Results, *, standings: Standings | None = None,
                scores: DuplicateScores | None = None) -> dict[str, Any]:
    """The report for programs: the event, its draw, the standings or duplicate scores, the games."""
    doc: dict[str, Any] = {"event": {k: v for k, v in to_json(plan).items() if k != "hand_record"},
                           "problems": len(results.problems), "other_games": results.other}
    if standings is not None:
        doc["standings"] = [{"player": x.player, "place": x.place, "shared": x.shared,
                             "points": number_json(x.points), "whists": number_json(x.shown),
                             "tours": [None if w is None else number_json(w) for w in x.shown_tours],
                             "tiebreaks": dict(zip((t.value for t in plan.tiebreaks), x.tiebreaks)),
                             "deals": x.deals, "byes": x.byes} for x in standings.lines]
        doc["complete_tours"] = standings.complete
    if scores is not None:
        doc["standings"] = [{"player": x.player, "place": x.place, "shared": x.shared,
                             "over_field": number_json(x.over_field), "whists": number_json(x.whists),
                             "matchpoints": number_json(x.matchpoints), "top": x.top,
                             "percent": None if x.percent is None else round(float(x.percent), 2),
                             "boards": x.boards,
                             "tiebreaks": dict(zip((t.value for t in plan.tiebreaks), x.tiebreaks))}
                            for x in scores.lines]
        doc["travellers"] = [{"board": t.board, "averages": [number_json(a) for a in t.averages],
                              "rows": [{"tour": r.tour, "table": r.table, "players": list(r.players),
                                        "declarer": r.declarer,
                                        "contract": None if r.contract is None else str(r.contract),
                                        "tricks": r.tricks, "par": r.par,
                                        "all_pass_tricks": None if r.all_pass_tricks is None else list(r.all_pass_tricks),
                                        "whists": [number_json(w) for w in r.whists],
                                        "over_field": [number_json(w) for w in r.over_field],
                                        "matchpoints": [number_json(w) for w in r.matchpoints]} for r in t.rows]}
                             for t in scores.travellers]
    doc["games"] = [{"tour": g.tour, "table": g.table, "board": g.board, "players": list(g.players),
                     "path": g.path, "whists": {p: number_json(w) for p, w in g.shown.items()},
                     "protocol": protocol_json(g)}
                    for g in sorted(results.played, key=lambda g: (g.tour, g.table, g.board or 0))]
    return doc


def kind_name(plan: Plan) -> str:
    return _("Swiss") if plan.kind is Kind.SWISS else _("duplicate")


#: The module's public names (what other layers and the server may import).
__all__ = [
    "PRINT", "Section", "boards_page", "csv_of", "draw_sections", "duplicate_section", "kind_name", "page_of",
    "protocol_sections", "report_json", "report_sections", "signed", "standings_section", "text_of",
    "tiebreak_name", "tour_name", "traveller_section",
]
