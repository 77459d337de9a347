"""The checker: a visitor that collects every rule violation, a slip's consequences folded into it.
``check`` and ``audit`` (:mod:`preflog.problems`) read a game through it.
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
from .i18n import count
from .notation.errors import NotationError, hint
from .notation.locate import locate
from .notation.read import source_line
from .notation.split import Piece
from .driver import SKIP, Skip, Visitor


class Checker(Visitor):
    """Every violation of the replay, variations included (checked from where they branch,
    NOTATION.md §3); with ``upto``, only up to that deal. With ``fold``, the violations that follow
    from one slip are folded into the one that names it (:mod:`preflog.diagnose`)."""

    def __init__(self, upto: int | None = None, *, fold: bool = True) -> None:
        self.upto, self.fold = upto, fold
        self.found: list[Violation] = []
        #: violations of later deals that follow from a wrong dealer's name reported before them, each
        #: with that report (``result()`` puts them in its ``follows``)
        self.later: list[tuple[Violation, Violation]] = []
        self._deal: Deal | None = None
        self._start = 0
        self._before: GameState | None = None  # the game before the deal: see end_deal
        self._rotation: Rotation | None = None
        #: after each deal: the deal as its slip's correction reads it (None: as written, no slip known),
        #: and the report of that slip; an audit scores the game as meant beside the game as written
        self.meant: Deal | None = None
        self.slip: Violation | None = None

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        if self.upto is not None and deal.number > self.upto:
            return SKIP
        if self.fold:
            self._deal, self._start, self._before = deal, len(self.found), state  # a frozen snapshot
        self.meant = self.slip = None
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
        if rotation is not None:
            follows = rotation.follow(deal, before, len(self.found) > start)
            if rotation.state is not None or follows:
                self.meant, self.slip = rotation.meant, rotation.root
            if follows:
                self.later += [(rotation.root, v) for v in self.found[start:]]
                del self.found[start:]
                return
        if len(self.found) == start:
            return
        # the replay of this deal alone starts where the game stood before it, as kept at begin_deal
        self.found[start:], corrected = folded(deal, before, self.found[start:])
        self._rotation = rotation = rotation_after(deal, before, self.found[start:], corrected)
        if rotation is not None:
            self.meant, self.slip = rotation.corrected, rotation.root
        elif corrected is not None:
            self.meant, self.slip = corrected, self.found[start]

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        self.found.append(violation)

    def begin_variation(self, variation: Variation, state: GameState) -> None:
        return None  # enter every variation

    def result(self) -> list[Violation]:
        return with_later(self.found, self.later)


def with_later(problems: Sequence[Violation], later: Iterable[tuple[Violation, Violation]]) -> list[Violation]:
    """``problems`` with the problems of later deals that follow from them added to their ``follows``."""
    grown: dict[int, list[Violation]] = {}
    for root, follows in later:
        grown.setdefault(id(root), []).append(follows)
    if not grown:
        return list(problems)
    return [attrs.evolve(v, follows=v.follows + tuple(grown[id(v)])) if id(v) in grown else v for v in problems]


def in_text_order(violations: Iterable[Violation]) -> list[Violation]:
    """Violations sorted by where they stand in the text (those without a place first), stably."""
    return sorted(violations, key=lambda v: (v.span.line, v.span.column) if v.span else (0, 0))


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

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Checker", "in_text_order", "violation_error", "with_later",
]
