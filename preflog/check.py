"""The checker: a visitor that collects every rule violation, and ``check``/``audit`` over one replay.

>>> preflog.check(game)                   # every broken rule, in the order of the text
>>> sheet, problems = preflog.audit(game) # and the score sheet, from the same replay
"""

from __future__ import annotations

from collections.abc import Iterable

from .game.conventions import Rules
from .game.state import GameState
from .game.violations import Violation
from .model.deal import Deal
from .model.game import Game
from .model.play import Variation
from .scoring.pulka import ScoreSheet
from .scoring.scorer import Scorer
from .walk import SKIP, Skip, Visitor, walk


class Checker(Visitor):
    """Every violation of the replay, variations included (checked from where they branch,
    NOTATION.md §3); with ``upto``, only up to that deal."""

    keeps_states = False  # reads each state only while it is called

    def __init__(self, upto: int | None = None) -> None:
        self.upto = upto
        self.found: list[Violation] = []

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        return SKIP if self.upto is not None and deal.number > self.upto else None

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        self.found.append(violation)

    def begin_variation(self, variation: Variation, state: GameState) -> None:
        return None  # enter every variation

    def result(self) -> list[Violation]:
        return self.found


def in_text_order(violations: Iterable[Violation]) -> list[Violation]:
    """Violations sorted by where they stand in the text (those without a place first), stably."""
    return sorted(violations, key=lambda v: (v.span.line, v.span.column) if v.span else (0, 0))


def check(game: Game, rules: Rules | str | None = None) -> list[Violation]:
    """Every rule violation in a game, variations included, and every difference between its ``sheet``
    checkpoints or ``Result`` tag and the score sheet, in the order of the text."""
    checker, scorer = Checker(), Scorer(ledger=False)
    walk(game, checker, scorer, rules=rules)
    return in_text_order(checker.found + scorer.problems)


def audit(game: Game, rules: Rules | str | None = None,
          upto: int | None = None) -> tuple[ScoreSheet, list[Violation]]:
    """Replay, check and score a game in one pass: the sheet after deal ``upto`` (default: the last)
    and every problem found on the way, rule violations, scoring problems and unscored deals alike."""
    checker, scorer = Checker(upto), Scorer(upto)
    walk(game, checker, scorer, rules=rules)
    return scorer.sheets[0], in_text_order(checker.found + scorer.problems + scorer.unscored)
