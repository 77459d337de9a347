"""A game as the pages show it, worked out from its text by one replay: the tags, the pulka (drawn),
the settlement, each deal's text with what it wrote on the sheet, the violations, and the deal to come."""

from __future__ import annotations

from typing import Any

import attrs

from ..check import Checker, in_text_order, violation_error
from ..i18n import _
from ..model.game import Game
from ..notation.read import read_games
from ..present.pulka_svg import sheet_svg
from ..record.recorder import Recorder, Refused, Turn, deal_parts
from ..scoring.ledger import COLUMN_WORDS, Column, number_text
from ..scoring.pulka import ScoreSheet
from ..scoring.scorer import Scorer
from ..walk import walk


@attrs.frozen(slots=True)
class DealView:
    number: int
    text: str
    entries: list[str]


@attrs.frozen(slots=True)
class GameView:
    """What a game's page shows (in the language it was made in)."""

    game: Game
    title: str
    tags: list[tuple[str, str]]
    players: tuple[str, ...]
    rules: str
    columns: list[str]
    rows: list[list[str]]          # per player: name, pool, mountain, whists, settlement[, money]
    svg: str
    deals: list[DealView]          # the last first
    violations: list[str]
    finished: bool
    turn: Turn | None              # the deal to come, when the game can be recorded into
    refusal: str | None            # why it cannot be, when it cannot


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
        checker, scorer = Checker(), Scorer(ledger=True)
        walk(game, checker, scorer)
        sheet, parts = scorer.sheets[0], deal_parts(text, parsed)
        found = in_text_order(checker.found + scorer.problems)
        violations = [violation_error(v, path, parsed.pieces).format() for v in found]
        turn, refusal = None, str(e)
    else:
        game, sheet, parts, violations = recorder.game, recorder.sheet(), recorder.parts, []
        turn, refusal = (None if recorder.finished else recorder.next()), None
    deals = [DealView(deal.number, text[own:end].strip("\n"), [e.text() for e in sheet.ledger(deal.number)])
             for deal, (_start, own, end) in zip(game.deals, parts)]
    title = game.tag("Event") or " ".join(game.players)
    columns, rows = _settlement(sheet)
    return GameView(game, title, [(t.name, t.value) for t in game.tags], tuple(game.players), sheet.rules.name,
                    columns, rows, sheet_svg(sheet, title=title), deals[::-1], violations, sheet.finished,
                    turn, refusal)


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


def turn_words(turn: Turn) -> dict[str, Any]:
    """The deal to come, for the scorer's buttons: its number, the dealer, the seats from the eldest."""
    return {"number": turn.number, "dealer": turn.dealer, "order": list(turn.order), "said": str(turn)}


__all__ = ["DealView", "GameView", "game_view", "turn_words"]
