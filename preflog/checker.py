"""The checker: a visitor that collects every rule violation, a slip's consequences folded into it.
``check`` and ``audit`` (:mod:`preflog.problems`) read a game through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

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
from .verdicts import hint_text, message

if TYPE_CHECKING:  # the diagnosis is imported when a deal has a problem to diagnose (a clean file: never)
    from .diagnose import Rotation


@attrs.frozen(slots=True)
class Checked:
    """What the checker found at one point of a game: its tag block, a deal, or its end."""

    #: the violations found here, in the order found, a slip's consequences folded into the one that names it
    problems: tuple[Violation, ...] = ()
    #: violations found here that follow from a slip reported at an earlier deal, each with that report
    later: tuple[tuple[Violation, Violation], ...] = ()
    #: the deal as its slip's correction reads it (``None``: as written, no slip known), and the report
    #: of that slip: an audit scores the game as meant beside the game as written
    meant: Deal | None = None
    slip: Violation | None = None


#: A point where the checker found nothing.
CLEAN = Checked()


class Checker(Visitor):
    """Every violation of the replay, variations included (checked from where they branch,
    NOTATION.md §3); with ``upto``, only up to that deal. With ``fold``, the violations that follow
    from one slip are folded into the one that names it (:func:`preflog.diagnose.diagnose`).

    After each point of a game (its tag block, a deal, its end) ``checked`` is what was found there.
    With ``keep`` (the default) ``found`` and ``later`` hold the whole replay's, which ``result()``
    gives; without it only the point's (memory flat however long the game: an audit's checker)."""

    def __init__(self, upto: int | None = None, *, fold: bool = True, keep: bool = True) -> None:
        self.upto, self.fold, self.keep = upto, fold, keep
        self.found: list[Violation] = []
        #: violations of later deals that follow from a wrong dealer's name reported before them, each
        #: with that report (``result()`` puts them in its ``follows``)
        self.later: list[tuple[Violation, Violation]] = []
        self._start = self._since = 0  # where the point's own begin in found and in later
        self._deal: Deal | None = None
        self._before: GameState | None = None  # the game before the deal: see end_deal
        self._rotation: Rotation | None = None
        self._meant: Deal | None = None
        self._slip: Violation | None = None

    @property
    def checked(self) -> Checked:
        """What was found at the point of the game replayed last."""
        found, later, start, since = self.found, self.later, self._start, self._since
        if len(found) == start and len(later) == since and self._slip is None:
            return CLEAN
        return Checked(tuple(found[start:]), tuple(later[since:]), self._meant, self._slip)

    def _point(self) -> None:
        """A point of the game begins: nothing found there yet."""
        if not self.keep and (self.found or self.later):
            self.found, self.later = [], []
        self._start, self._since = len(self.found), len(self.later)
        self._meant = self._slip = None

    def begin_game(self, game: Game, rules: Rules) -> None:
        self._point()
        self._rotation = None
        return None

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        self._point()
        if self.upto is not None and deal.number > self.upto:
            return SKIP
        if self.fold:
            self._deal, self._before = deal, state  # a frozen snapshot
        return None

    def end_deal(self, state: GameState) -> None:
        deal, before, start = self._deal, self._before, self._start
        self._deal = None
        if deal is None or before is None or (self._rotation is None and len(self.found) == start):
            return  # not folded, or a clean deal with no slip to follow
        from .diagnose import diagnose

        # the replay of this deal alone starts where the game stood before it, as kept at begin_deal
        diagnosis = diagnose(deal, before, self.found[start:], self._rotation)
        self.found[start:] = diagnosis.problems
        if diagnosis.later:
            slip = diagnosis.slip
            assert slip is not None
            self.later += [(slip, v) for v in diagnosis.later]
        self._rotation, self._meant, self._slip = diagnosis.rotation, diagnosis.meant, diagnosis.slip

    def end_game(self, state: GameState) -> None:
        self._point()

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


def following(n: int) -> str:
    """The note under a violation that ``n`` violations folded into it follow from (its ``follows``)."""
    return count("… and {n} more that follows from it", "… and {n} more that follow from it", n)


def violation_error(v: Violation, path: str, pieces: Sequence[Piece] = (),
                    folded: Callable[[int], str] | None = following) -> NotationError:
    """A violation in the form errors are printed in, in the current language (:mod:`preflog.verdicts`),
    with its line from ``pieces`` of the text read, its hint, and ``folded``'s note on how many
    violations follow from it (``None``: no note, where they are printed too)."""
    said = message(v)
    tip = hint_text(v)
    notes = [hint(tip)] if tip else []
    if v.follows and folded is not None:
        notes.append(folded(len(v.follows)))
    span = v.span
    if span is None:
        return NotationError(said, path=path, notes=notes)
    excerpt = source_line(pieces, span.line)
    column, end_column = span.column, span.end_column
    if v.token is not None and span.line == span.end_line:  # at the card or name it is about
        found = locate(excerpt[column - 1: end_column - 1], v.token)
        if found is not None:
            column, end_column = column + found[0], column + found[1]
    return NotationError(said, path=path, line=span.line, column=column, end_line=span.end_line,
                         end_column=end_column, excerpt=excerpt, notes=notes)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "CLEAN", "Checked", "Checker", "following", "in_text_order", "violation_error", "with_later",
]
