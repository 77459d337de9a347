"""The score sheet as a fold over the replay's events, and the checkpoints it is compared with.

``Scorer`` takes the steps of the one event stream (``preflog.replay.advance``) and writes each deal
when its play is over: the outcome (``preflog.outcome``), the rules (``preflog.scoring``), then the
penalties. ``sheet`` statements and the ``Result`` tag are compared with what it wrote.

>>> sheet = preflog.score(game)             # the sheet after the last deal
>>> sheet = preflog.score(game, upto=5)     # after deal 5
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..model.deal import Result, Sheet
from ..game.engine import GameState
from ..game.events import (
    DealEnded,
    DealStarted,
    Event,
    PenaltyRecorded,
    ResultRecorded,
    SheetRecorded,
)
from ..model.game import Game
from .ledger import Column, Entry, number_text
from .outcome import outcome_of
from ..game.conventions import Rules
from .tariff import deal_entries, penalty_entries
from .settlement import signed
from .pulka import Pulka, ScoreSheet
from ..model.span import Span
from ..game.violations import Violation


class Scorer:
    """The score sheet of one game, built step by step from the replay.

    ``problems`` collects the differences from the paper (``sheet``, ``Result``: S701, S702), deals
    past the end of the pulka (S704), and checkpoints that cannot be checked (S703); ``unscored`` the
    deals whose record does not say enough to score them (S703).
    """

    def __init__(self, game: Game, rules: Rules, problems: list[Violation] | None = None) -> None:
        self.game = game
        self.rules = rules
        target = game.tag("Pool")
        price = game.tag("WhistPrice")
        self.pulka = Pulka(game.players, rules, _whole(target), _fraction(price))
        self.problems: list[Violation] = [] if problems is None else problems  # may be shared with a checker
        self.unscored: list[Violation] = []
        self._result: Result | None = None
        self._written = True
        self._head: Span | None = None
        self._in_a_row = 1
        self._past_end = False  # a deal after the end is reported once

    def step(self, event: Event, state: GameState) -> None:
        """Take one step of the replay: ``event`` and the state after it."""
        kind = type(event)
        if kind is DealStarted:
            self._deal_started(event, state)  # type: ignore[arg-type]
        elif kind is ResultRecorded:
            self._result = event.result  # type: ignore[union-attr]
        elif kind is PenaltyRecorded:
            self._write_deal(state)
            self.pulka.write(penalty_entries(state.deal.number, event.penalty))  # type: ignore[union-attr]
        elif kind is SheetRecorded:
            self._write_deal(state)
            self._compare(event.sheet, state.deal.number)  # type: ignore[union-attr]
        elif kind is DealEnded:
            self._write_deal(state)
            self.pulka.end_deal(state.deal.number)  # type: ignore[union-attr]

    def _deal_started(self, event: DealStarted, state: GameState) -> None:
        pulka = self.pulka
        if pulka.finished_after is not None and not self._past_end:
            self._past_end = True
            self.problems.append(Violation.of(
                "S704", f"the pulka ended with deal {pulka.finished_after}, when "
                + ("every pool reached" if self.rules.help else "the pools together reached")
                + f" {pulka.target}{'' if self.rules.help else ' each'}; deal {event.number} comes after it",
                event.span, event.number))
        self._result = None
        self._written = False
        self._head = event.span
        self._in_a_row = state.all_pass_streak + 1

    def _write_deal(self, state: GameState) -> None:
        if self._written or state.deal is None:
            return
        self._written = True
        d = state.deal
        outcome = outcome_of(d, self._result, self.rules)
        if outcome.missing is not None:
            self.unscored.append(Violation.of("S703", f"deal {d.number} cannot be scored: {outcome.missing}",
                                              self._head, d.number))
            return
        self.pulka.write(deal_entries(outcome, self.rules, in_a_row=self._in_a_row, closed=self.pulka.closed()))

    def _compare(self, sheet: Sheet, number: int) -> None:
        """The first difference between a ``sheet`` statement and the sheet written so far (S701)."""
        if self.unscored:
            gap = self.unscored[0]
            self.problems.append(Violation.of("S703", f"this sheet cannot be checked: deal {gap.deal} is not "
                                              "scored", sheet.span, number))
            return
        pulka = self.pulka
        for entry in sheet.entries:
            p = entry.player
            checks: list[tuple[str, Decimal, Column, str | None]] = []
            if entry.pool is not None:
                checks.append(("pool", entry.pool, Column.POOL, None))
            if entry.mountain is not None:
                checks.append(("mountain", entry.mountain, Column.MOUNTAIN, None))
            for w in entry.whists or ():
                checks.append((f"whists on {w.player}", w.amount, Column.WHISTS, w.player))
            for what, written, column, on in checks:
                actual = pulka.total(p, column, on)
                if Fraction(written) != actual:
                    why = _explain(pulka.entries, p, column, on)
                    self.problems.append(Violation.of(
                        "S701", f"the sheet after deal {number} gives {p} {what} {_decimal(written)}; the deals "
                        f"so far give {number_text(actual)}{why}", entry.span or sheet.span, number))
                    return

    def finish(self) -> None:
        """The end of the game: compare the ``Result`` tag with the settlement (S702)."""
        tag = next((t for t in self.game.tags if t.name == "Result"), None)
        if tag is None:
            return
        written = parse_result_tag(tag.value, self.game.players)
        if isinstance(written, str):
            self.problems.append(Violation.of("S702", f"the Result tag cannot be read: {written}", tag.span))
            return
        if self.unscored:
            gap = self.unscored[0]
            self.problems.append(Violation.of("S703", f"the Result tag cannot be checked: deal {gap.deal} is not "
                                              "scored", tag.span))
            return
        totals = self.sheet().settlement().totals
        for player, value in written.items():
            exact = totals[player]
            places = max(0, -value.as_tuple().exponent)  # type: ignore[operator]
            if abs(Fraction(value) - exact) > Fraction(1, 2 * 10 ** places):
                self.problems.append(Violation.of(
                    "S702", f"the Result tag gives {player} {_decimal(value, sign=True)} whists; the settlement "
                    f"gives {signed(exact)}", tag.span))
                return

    def sheet(self) -> ScoreSheet:
        return self.pulka.sheet()


def _explain(entries: list[Entry], player: str, column: Column, on: str | None) -> str:
    mine = [e for e in entries if e.player == player and e.column is column and e.on == on]
    if not mine:
        return " (nothing is written there)"
    last = mine[-1]
    return f" (last written: {last.text()})"


def parse_result_tag(value: str, players: tuple[str, ...]) -> dict[str, Decimal] | str:
    """``"Anna +120 Boris -40 Vera -80"`` → {"Anna": 120, …}, or what is wrong with it."""
    words = value.split()
    if not words or len(words) % 2:
        return f"{value!r} is not pairs of a player and a number (e.g. \"Anna +120 Boris -40 Vera -80\")"
    out: dict[str, Decimal] = {}
    for name, number in zip(words[::2], words[1::2]):
        if name not in players:
            return f"{name!r} is not one of the players ({' '.join(players)})"
        if not re.fullmatch(r"[+\-−]?[0-9]+(\.[0-9]+)?", number):
            return f"{number!r} is not a number of whists"
        try:
            out[name] = Decimal(number.replace("−", "-"))
        except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
            return f"{number!r} is not a number of whists"
    return out


def _decimal(value: Decimal, sign: bool = False) -> str:
    text = format(value.normalize(), "f") if value == value.to_integral_value() else format(value, "f")
    return ("+" + text) if sign and value > 0 else text


def _whole(value: str | None) -> int | None:
    return int(value) if value is not None and value.strip().isdigit() and int(value) > 0 else None


def _fraction(value: str | None) -> Fraction | None:
    if value is None:
        return None
    try:
        return Fraction(Decimal(value.strip()))
    except (InvalidOperation, ValueError):
        return None


def audit(game: Game, rules: Rules | str | None = None, upto: int | None = None) -> tuple[ScoreSheet, list[Violation]]:
    """Replay, check and score a game in one pass: the sheet after deal ``upto`` (default: the last)
    and every problem found on the way, rule violations and scoring problems alike, in order."""
    from ..replay import check_and_score

    scorer, found = check_and_score(game, rules, upto)
    found.extend(scorer.unscored)
    found.sort(key=lambda v: (v.span.line, v.span.column) if v.span else (0, 0))
    return scorer.sheet(), found


def score(game: Game, upto: int | None = None, rules: Rules | str | None = None) -> ScoreSheet:
    """The score sheet of ``game`` after deal ``upto`` (default: after the last deal)."""
    return audit(game, rules, upto)[0]
