"""The checker: a visitor that collects every rule violation, and ``check``/``audit`` over one replay.

>>> preflog.check(game)                   # every broken rule, in the order of the text
>>> sheet, problems = preflog.audit(game) # and the score sheet, from the same replay
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .diagnose import CASCADE, fold as fold_slips
from .game.conventions import Rules
from .game.state import GameState, evolve_game
from .game.violations import Violation
from .model.deal import Deal
from .model.game import Game
from .model.play import Variation
from .i18n import count, using_language
from .notation.errors import NotationError, hint
from .notation.locate import locate
from .notation.read import source_line
from .notation.split import Piece
from .scoring.pulka import ScoreSheet
from .scoring.scorer import Scorer
from .walk import SKIP, Skip, Visitor, walk


class Checker(Visitor):
    """Every violation of the replay, variations included (checked from where they branch,
    NOTATION.md §3); with ``upto``, only up to that deal. With ``fold``, the violations that follow
    from one slip are folded into the one that names it (:mod:`preflog.diagnose`)."""

    keeps_states = False  # reads each state only while it is called

    def __init__(self, upto: int | None = None, *, fold: bool = True) -> None:
        self.upto, self.fold = upto, fold
        self.found: list[Violation] = []
        self._deal: Deal | None = None
        self._start = 0
        self._before: GameState | None = None  # the game before the deal: see end_deal

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        if self.upto is not None and deal.number > self.upto:
            return SKIP
        if self.fold:
            self._deal, self._start = deal, len(self.found)
            self._before = evolve_game(state, deal=None)  # every field: the working state moves on in place
        return None

    def end_deal(self, state: GameState) -> None:
        if self.fold and self._deal is not None and self._before is not None \
                and len(self.found) - self._start >= CASCADE:
            # the replay of this deal alone starts where the game stood before it, as kept at begin_deal
            self.found[self._start:] = fold_slips(self._deal, self._before, self.found[self._start:])
        self._deal = None

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        self.found.append(violation)

    def begin_variation(self, variation: Variation, state: GameState) -> None:
        return None  # enter every variation

    def result(self) -> list[Violation]:
        return self.found


def in_text_order(violations: Iterable[Violation]) -> list[Violation]:
    """Violations sorted by where they stand in the text (those without a place first), stably."""
    return sorted(violations, key=lambda v: (v.span.line, v.span.column) if v.span else (0, 0))


def check(game: Game, rules: Rules | str | None = None, *, fold: bool = True,
          lang: str | None = None) -> list[Violation]:
    """Every rule violation in a game, variations included, and every difference between its ``sheet``
    checkpoints or ``Result`` tag and the score sheet, in the order of the text. The violations that
    follow from one slip are in the ``follows`` of the one that names it, unless ``fold`` is False."""
    with using_language(lang):
        checker, scorer = Checker(fold=fold), Scorer(ledger=False)
        walk(game, checker, scorer, rules=rules)
        return in_text_order(checker.found + scorer.problems)


def audit(game: Game, rules: Rules | str | None = None, upto: int | None = None, *,
          lang: str | None = None) -> tuple[ScoreSheet, list[Violation]]:
    """Replay, check and score a game in one pass: the sheet after deal ``upto`` (default: the last)
    and every problem found on the way, rule violations, scoring problems and unscored deals alike."""
    with using_language(lang):
        checker, scorer = Checker(upto), Scorer(upto)
        walk(game, checker, scorer, rules=rules)
        return scorer.sheets[0], in_text_order(checker.found + scorer.problems + scorer.unscored)


def violation_error(v: Violation, path: str, pieces: Sequence[Piece] = (), every: bool = False) -> NotationError:
    """A violation in the form errors are printed in, with its line from ``pieces`` of the text read,
    its hint, and how many violations follow from it (when they are not all printed: ``every``)."""
    notes = [hint(v.hint)] if v.hint else []
    if v.follows and not every:
        notes.append(count("… and {n} more that follows from it (--all shows them)",
                           "… and {n} more that follow from it (--all shows them)", len(v.follows)))
    span = v.span
    if span is None:
        return NotationError(v.message, path=path, notes=notes)
    excerpt = source_line(pieces, span.line)
    column, end_column = span.column, span.end_column
    if v.token is not None and span.line == span.end_line:  # at the card or name it is about
        found = locate(excerpt[column - 1: end_column - 1], v.token)
        if found is not None:
            column, end_column = column + found[0], column + found[1]
    return NotationError(v.message, path=path, line=span.line, column=column, end_line=span.end_line,
                         end_column=end_column, excerpt=excerpt, notes=notes)
