"""The checker: a visitor that collects every rule violation, and ``check``/``audit`` over one replay.

>>> preflog.check(game)                   # every broken rule, in the order of the text
>>> sheet, problems = preflog.audit(game) # and the score sheet, from the same replay
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from .diagnose import Rotation, folded, rotation as rotation_after
from .game.conventions import Rules
from .game.state import GameState
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

    def __init__(self, upto: int | None = None, *, fold: bool = True) -> None:
        self.upto, self.fold = upto, fold
        self.found: list[Violation] = []
        #: violations of later deals that follow from a wrong dealer's name reported before them, each
        #: with that report (also in its ``follows`` while the report is still in ``found``)
        self.later: list[tuple[Violation, Violation]] = []
        self._deal: Deal | None = None
        self._start = 0
        self._before: GameState | None = None  # the game before the deal: see end_deal
        self._rotation: Rotation | None = None

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        if self.upto is not None and deal.number > self.upto:
            return SKIP
        if self.fold:
            self._deal, self._start, self._before = deal, len(self.found), state  # a frozen snapshot
        return None

    def begin_game(self, game: Game, rules: Rules) -> None:
        self._rotation = None
        return None

    def end_deal(self, state: GameState) -> None:
        deal, before, start = self._deal, self._before, self._start
        self._deal = None
        if deal is None or before is None:
            return
        rotation = self._rotation
        if rotation is not None and rotation.follow(deal, before, len(self.found) > start):
            self._fold_later(rotation.root, self.found[start:])
            del self.found[start:]
            return
        if len(self.found) == start:
            return
        # the replay of this deal alone starts where the game stood before it, as kept at begin_deal
        self.found[start:], corrected = folded(deal, before, self.found[start:])
        self._rotation = rotation_after(deal, before, self.found[start:], corrected)

    def _fold_later(self, root: Violation, found: list[Violation]) -> None:
        """``found``, of a later deal, follows from ``root``: into its ``follows`` where it is still
        kept here, and into ``later``."""
        self.later += [(root, v) for v in found]
        for index in range(len(self.found) - 1, -1, -1):
            if self.found[index] is root:
                grown = attrs.evolve(root, follows=root.follows + tuple(found))
                self.found[index] = grown
                assert self._rotation is not None
                self._rotation.root = grown
                break

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
