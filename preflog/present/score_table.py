"""A score sheet for people (a text table) and for programs (the stable JSON shape of the README)."""

from __future__ import annotations

from typing import Any

from ..i18n import _, ngettext, using_language
from ..game.classic import BOMB_MARKS
from ..game.razboynik import last_deal
from ..scoring.ledger import COLUMN_WORDS, Column, exact_json, number_json, plural_of
from ..scoring.payments import Payment, payments
from ..scoring.settlement import apportion
from ..sheet_words import entry_text, number_text, reason_text, signed, two_places
from ..scoring.pulka import ScoreSheet
from .. import words


def sheet_text(sheet: ScoreSheet, *, title: str | None = None, ledger: bool = False,
               incomplete: str | None = None, width: int = 100, lang: str | None = None) -> str:
    """The pulka as a table: each player's running records, then the settlement and, on request,
    every entry with its deal and rule. ``incomplete`` says why the sheet stops short, if it does.
    Records too long for a table ``width`` characters wide are written a player at a time, each
    record broken after a point to stay within ``width``."""
    with using_language(lang):
        players = sheet.players
        lines = [_heading(sheet, title), ""]
        if incomplete:
            lines[1:1] = [_("incomplete: {reason}").format(reason=incomplete)]
        header = [_("player"), *(_(COLUMN_WORDS[c]) for c in (Column.POOL, Column.MOUNTAIN))] + [_("whists on {q}").format(q=q) for q in players]
        rows = [[p, sheet.record(p, Column.POOL), sheet.record(p, Column.MOUNTAIN)]
                + ["–" if q == p else sheet.record(p, Column.WHISTS, q) for q in players] for p in players]
        table = table_lines(header, rows)
        lines += table if max(map(len, table)) <= width else _blocks(header, rows, width)
        if sheet.held:
            marks = "; ".join(f"{p} {' '.join(BOMB_MARKS[b] for b in sheet.bombs(p))}" for p in players if sheet.bombs(p))
            lines += [_("bombs held, oldest first (^ simple, ^^ double, ^^^ tree; seed 000 §7.1): {marks}").format(
                marks=marks)]
        s = sheet.settlement()
        settled = (_("settlement (Code 4.2.14): average mountain {average}") if sheet.finished_after is not None
                   else _("settlement (Code 4.2.14), as if the game ended here: average mountain {average}"))
        lines += ["", settled.format(average=number_text(s.average))]
        header = [_("player"), _(COLUMN_WORDS[Column.MOUNTAIN])]
        if sheet.pool_target is not None:
            header.append(_("with the pool"))
        header += [_("mountain × 10"), _(COLUMN_WORDS[Column.WHISTS]), _("total")]
        if s.money is not None:
            header.append(_("money"))
        rows = []
        # Every column of the settlement sums to zero, and so do its figures as printed (apportion).
        totals, money = s.shown_totals(), s.shown_money()
        from_mountain = apportion({p: s.from_mountain(p) for p in players})
        whists = apportion({p: s.net_whists(p) for p in players})
        for p in players:
            row = [p, number_text(s.mountains[p])]
            if sheet.pool_target is not None:
                row.append(number_text(s.mountain(p)))
            row += [signed(from_mountain[p]), signed(whists[p]), signed(totals[p])]
            if money is not None:
                row.append(("+" if money[p] > 0 else "") + two_places(money[p]))
            rows.append(row)
        lines += table_lines(header, rows)
        paid = payments(s)
        if paid:
            lines += ["", _("who pays whom") if s.money is None else _("who pays whom, in money")]
            lines += ["  " + payment_text(p) for p in paid]
        if ledger:
            lines += ["", _("ledger")]
            lines += ["  " + entry_text(e) for e in sheet.entries] or [_("  (nothing written)")]
        return "\n".join(lines)


def payment_text(payment: Payment) -> str:
    """``Olga → Misha: 12 whists``, or ``Olga → Misha: 6.00`` in money when a whist has a price (the
    heading says which): the names stand alone."""
    if payment.money is not None:
        return f"{payment.payer} → {payment.payee}: {two_places(payment.money)}"
    return ngettext("{payer} → {payee}: {n} whist", "{payer} → {payee}: {n} whists", plural_of(payment.whists)).format(
        payer=payment.payer, payee=payment.payee, n=number_text(payment.whists))


def _heading(sheet: ScoreSheet, title: str | None) -> str:
    parts = [title] if title else []
    parts.append(words.rules(sheet.rules.name))
    if sheet.pool_target is not None:
        parts.append(_("pool {target}").format(target=sheet.pool_target))
    elif sheet.rules.razboynik and sheet.deals and sheet.deals <= last_deal(len(sheet.players)):
        parts.append(_("in the razboynik: no pool is played for yet, the pools are left out of the settlement"))
    else:
        parts.append(_("no Pool tag: the pools are left out of the settlement"))
    parts.append(_("after deal {deals}").format(deals=sheet.deals) if sheet.deals else _("no deals"))
    if sheet.finished_after is not None:
        parts.append(_("the pulka ended with deal {finished_after}").format(finished_after=sheet.finished_after))
    elif sheet.pool_target is not None:
        parts.append(_("the pulka is not finished"))
    return " · ".join(parts)


def table_lines(header: list[str], rows: list[list[str]]) -> list[str]:
    """A table as lines of text: the first column to the left, the others to the right."""
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    return [line(header)] + [line(r) for r in rows]


def _blocks(header: list[str], rows: list[list[str]], width: int) -> list[str]:
    """The records a player at a time: a line per column, a long record continued under itself."""
    names = header[1:]
    indent = 2 + max(map(len, names)) + 2
    out: list[str] = []
    for row in rows:
        if out:
            out.append("")
        out.append(row[0])
        for name, record in zip(names, row[1:]):
            if record == "–":
                continue
            first, *rest = _broken(record, max(width - indent, 20))
            out.append(f"  {name}".ljust(indent) + first)
            out += [" " * indent + piece for piece in rest]
    return out


def _broken(record: str, width: int) -> list[str]:
    """A running record ("2.4.6") in pieces of at most ``width`` characters, each broken after a point."""
    pieces: list[str] = []
    while len(record) > width:
        cut = record.rfind(".", 0, width) + 1
        if cut <= 0:
            cut = width
        pieces.append(record[:cut])
        record = record[cut:]
    return pieces + [record]


def sheet_json(sheet: ScoreSheet, *, ledger: bool = False, incomplete: str | None = None) -> dict[str, Any]:
    """The sheet in the JSON shape documented in the README (kept stable); ``incomplete`` (null when
    the sheet is whole) says why it stops short."""
    players = sheet.players
    s = sheet.settlement()
    money = s.shown_money()
    out: dict[str, Any] = {
        "players": list(players),
        "rules": sheet.rules.name,
        "pool_target": sheet.pool_target,
        "deals": sheet.deals,
        "finished": sheet.finished,
        "sheet": {p: {"pool": number_json(sheet.pool(p)), "mountain": number_json(sheet.mountain(p)),
                      "whists": {q: number_json(sheet.whists(p, q)) for q in players if q != p}}
                  for p in players},
        "settlement": {p: number_json(v) for p, v in s.shown_totals().items()},
        "money": None if money is None else {p: number_json(v) for p, v in money.items()},
        "settlement_exact": {p: exact_json(s.totals[p]) for p in players},
        "money_exact": None if s.money is None else {p: exact_json(s.money[p]) for p in players},
        "payments": [{"payer": p.payer, "payee": p.payee, "whists": number_json(p.whists),
                      "money": None if p.money is None else number_json(p.money)} for p in payments(s)],
        "incomplete": incomplete,
    }
    if sheet.rules.bombs:
        out["bombs"] = {p: list(sheet.bombs(p)) for p in players}
    if ledger:
        out["ledger"] = [{"deal": e.deal, "player": e.player, "column": e.column.value, "on": e.on,
                          "amount": number_json(e.amount), "rule": e.section,
                          "reason": reason_text(e.reason)}
                         for e in sheet.entries]
    return out

#: The module's public names (what other layers and the server may import).
__all__ = [
    "payment_text", "sheet_json", "sheet_text", "table_lines",
]
