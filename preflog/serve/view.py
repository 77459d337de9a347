"""A game as the pages show it, worked out from its text by one replay: the tags, the pulka (drawn),
the settlement, each deal's text with what it wrote on the sheet, the violations, and the deal to come."""

from __future__ import annotations

import json
from typing import Any

import attrs

from ..problems import Audit, problems_of
from ..game.violations import Violation
from ..i18n import _
from ..verdicts import hint_text, message
from ..model.game import Game
from ..notation.errors import HINT
from ..notation.jsonio import FORMAT, VERSION, game_json_parts
from ..notation.read import read_games
from ..present.pulka_svg import sheet_svg
from ..present.rules_summary import every_option, summary
from ..present.score_table import payment_text, sheet_json
from ..record.recorder import Recorder, Refused, Turn, deal_parts, typed_text
from ..record.said import DealsSaid, notes
from ..scoring.ledger import COLUMN_WORDS, Column, Entry, number_text
from ..scoring.payments import payments
from ..scoring.pulka import ScoreSheet


@attrs.frozen(slots=True)
class DealView:
    """A deal on the page: its number, its text as written (one tap away), the deal in words, the
    comments written on it, what it wrote on the sheet, its dealer, and how it went («сыграна (+2 в
    пулю)»)."""

    number: int
    text: str
    said: str
    notes: list[str]
    entries: list[str]
    dealer: str = ""
    outcome: str = ""


@attrs.frozen(slots=True)
class GameView:
    """What a game's page shows (in the language it was made in)."""

    game: Game
    title: str
    tags: list[tuple[str, str]]
    players: tuple[str, ...]
    rules: str
    rules_said: str                # «сочинка, как обычно», or what the game's options change
    options: list[tuple[str, str]]  # every option, for the reader who unfolds them
    columns: list[str]
    rows: list[list[str]]          # per player: name, pool, mountain, whists, settlement[, money]
    payments: list[str]            # who pays whom: the fewest payments that settle it
    money: bool                    # whether they are in money (a whist has a price)
    svg: str                       # the pulka drawn as on paper, every running record
    svg_totals: str                # the same with each band's last total, readable at a phone's width
    records: list[tuple[str, str, str, list[tuple[str, str]]]]  # per player: pool, mountain, whists on each
    deals: list[DealView]          # the last first
    violations: list[str]          # each with its deal and its hint, without a place in the text
    finished: bool
    turn: Turn | None              # the deal to come, when the game can be recorded into
    refusal: str | None            # why it cannot be, when it cannot
    sheet: ScoreSheet | None = attrs.field(default=None, kw_only=True)  # the sheet itself, for the JSON

    def json_text(self, ident: int, revision: int) -> str:
        """The game as the API gives it: its records (the notation's JSON) and its sheet's settlement,
        from the same replay as its page, as compact JSON made a deal at a time (a 10,000-deal game's
        data is never held whole)."""
        assert self.sheet is not None
        head = json.dumps({"id": ident, "revision": revision, "format": FORMAT, "version": VERSION},
                          ensure_ascii=False, separators=(",", ":"))
        settlement = json.dumps(sheet_json(self.sheet), ensure_ascii=False, separators=(",", ":"))
        return "".join([head[:-1], ',"game":', *game_json_parts(self.game), ',"settlement":', settlement, "}"])


def game_view(text: str, ident: int) -> GameView:
    """The view of game ``ident`` whose text is ``text``, in the current language: from the recorder's
    one replay of a clean game (which also gives the deal to come), or, for a game the recorder
    refuses, from a replay that finds its violations."""
    path = f"game {ident}"
    turn: Turn | None
    refusal: str | None
    try:
        recorder = Recorder(text, path=path)
    except Refused as e:
        parsed = next(read_games(text, path))
        game = parsed.game
        words = DealsSaid()
        audit = Audit(words)
        found = problems_of(audit.game(game))
        sheet, parts, said, outcomes = audit.scorer.sheets[0], deal_parts(text, parsed), words.said, words.outcomes
        violations = [violation_text(v) for v in found]
        turn = None
        refusal = e.reason if e.reason else _("the pulka breaks the rules (the violations are below): deals cannot "
                                              "be recorded into it")
    else:
        game, sheet, parts, violations = recorder.game, recorder.sheet(), recorder.parts, []
        turn, refusal = (None if recorder.finished else recorder.next()), None
        said = {number: recorder.said(number) for number in recorder.numbers}
        outcomes = {number: recorder.outcome(number) for number in recorder.numbers}
    deals = []
    for deal, (_start, own, end) in zip(game.deals, parts):
        dealer, declarer, how = outcomes.get(deal.number, ("", None, ""))
        entries = list(sheet.ledger(deal.number))
        deals.append(DealView(deal.number, text[own:end].strip("\n"), said.get(deal.number, ""), notes(deal),
                              [e.text() for e in entries], dealer, _outcome(how, declarer, entries)))
    title = game.tag("Event") or " ".join(game.players)
    columns, rows = _settlement(sheet)
    paid = [payment_text(p) for p in payments(sheet.settlement())]
    return GameView(game, title, [(t.name, t.value) for t in game.tags], tuple(game.players), sheet.rules.name,
                    summary(sheet.rules), every_option(sheet.rules), columns, rows, paid, sheet.whist_price is not None,
                    sheet_svg(sheet, title=title), sheet_svg(sheet, title=title, totals=True), _records(sheet), deals[::-1], violations, sheet.finished, turn,
                    refusal, sheet=sheet)


def _outcome(how: str, declarer: str | None, entries: list[Entry]) -> str:
    """How a deal went, with what it wrote in the declarer's pool or mountain: «сыграна (+2 в пулю)»."""
    if not how or declarer is None:
        return how
    pool = sum((e.amount for e in entries if e.player == declarer and e.column is Column.POOL), start=0)
    mountain = sum((e.amount for e in entries if e.player == declarer and e.column is Column.MOUNTAIN), start=0)
    written = [_("+{amount} to the pool").format(amount=number_text(pool))] if pool > 0 else []
    written += [_("+{amount} to the mountain").format(amount=number_text(mountain))] if mountain > 0 else []
    return f"{how} ({', '.join(written)})" if written else how


def _records(sheet: ScoreSheet) -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    """The pulka written out, for a screen too narrow for its drawing: each player's running records of
    the pool and the mountain (``2.6.10``) and of the whists on each other player."""
    return [(p, sheet.record(p, Column.POOL), sheet.record(p, Column.MOUNTAIN),
             [(q, sheet.record(p, Column.WHISTS, q)) for q in sheet.players if q != p]) for p in sheet.players]


def _settlement(sheet: ScoreSheet) -> tuple[list[str], list[list[str]]]:
    s = sheet.settlement()
    totals, money = s.shown_totals(), s.shown_money()
    columns = [_("player"), _(COLUMN_WORDS[Column.POOL]), _(COLUMN_WORDS[Column.MOUNTAIN]),
               _(COLUMN_WORDS[Column.WHISTS]), _("settlement")] + ([_("money")] if money is not None else [])
    rows = []
    for p in sheet.players:
        whists = sum((sheet.whists(p, q) for q in sheet.players if q != p), start=0)
        row = [p, number_text(sheet.pool(p)), number_text(sheet.mountain(p)), number_text(whists),
               number_text(totals[p])]
        if money is not None:
            row.append(number_text(money[p]))
        rows.append(row)
    return columns, rows


def violation_text(v: Violation) -> str:
    """A rule broken, as the page shows it: its deal, the message and the hint (the page shows no line
    of the text to place it at)."""
    text, tip = message(v), hint_text(v)
    said = _("deal {number}: {message}").format(number=v.deal, message=text) if v.deal else text
    return said + ("\n" + _("hint:") + " " + tip if tip else "")


def refusal_lines(e: Refused, typed: str = "") -> list[str]:
    """Why the recorder refused a deal, as the scorer's page shows it: the reason; or each error with
    its line in the deal typed (when it has more than one), the line and a caret under the word of the
    short form, and the hints."""
    if e.reason:
        return [e.reason]
    several = "\n" in typed.strip()
    out = []
    for err in e.errors:
        if e.typed:
            out.append(typed_text(err))
            continue
        line = err.line - e.deal_line + 1 if e.deal_line is not None and err.line >= e.deal_line else err.line
        head = _("line {line}: {message}").format(line=line, message=err.message) if several else err.message
        out.append("\n".join([head, *(_("hint:") + n[len(HINT) - 1:] if n.startswith(HINT) else n
                                      for n in err.notes)]))
    return out


def turn_words(turn: Turn) -> dict[str, Any]:
    """The deal to come, for the scorer's buttons: its number, the dealer, the seats from the eldest."""
    return {"number": turn.number, "dealer": turn.dealer, "order": list(turn.order), "said": str(turn)}


__all__ = ["DealView", "GameView", "game_view", "refusal_lines", "turn_words", "violation_text"]
