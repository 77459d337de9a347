"""A game as a sequence of steps that can be walked forward and back: ``preflog.replay(game)``.

Each step is one event of the replay with the state after it, the violations it committed and the
glyph and comments written on it. The steps are recorded by a visitor of the one replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

import attrs

from .game.conventions import Rules
from .game.events import Dealt, Event
from .game.state import GameState
from .game.violations import Violation
from .model.annotations import Comment, Glyph
from .model.deal import Deal
from .model.game import Game
from .driver import Visitor, walk


@attrs.frozen(slots=True)
class Step:
    """One event of a game, the state after it, what it broke, and the comments and glyph on it."""

    event: Event
    state: GameState
    violations: tuple[Violation, ...] = ()
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()

    @property
    def deal(self) -> int | None:
        return self.state.deal.number if self.state.deal else None


def notes_of(event: Event) -> tuple[Glyph | None, tuple[Comment, ...]]:
    """The glyph and comments written on what an event comes from: a card, a call, the contract, a
    decision, the deal's header, its hands and talon (for ``Dealt``), the discard, the ``whist``
    statement's last word, a claim, the result, a penalty or a sheet."""
    if type(event) is Dealt:
        deal = event.source
        if not isinstance(deal, Deal):
            return None, ()
        return None, tuple(c for _, comments in dealt_comments(deal) for c in comments)
    source = (getattr(event, "source", None) or getattr(event, "call", None) or getattr(event, "result", None)
              or getattr(event, "penalty", None) or getattr(event, "checkpoint", None))
    if source is None:
        return None, ()
    return getattr(source, "glyph", None), tuple(getattr(source, "comments", ()))


def dealt_comments(deal: Deal) -> list[tuple[str, tuple[Comment, ...]]]:
    """The comments written on the hands (by player) and on the talon (as ``"talon"``), in that order."""
    found = [(e.player, e.comments) for e in (deal.hands.entries if deal.hands else ()) if e.comments]
    if deal.talon is not None and deal.talon.comments:
        found.append(("talon", deal.talon.comments))
    return found


class StepRecorder(Visitor):
    """Records every step of the replay (the main line; variations are not steps)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def visit(self, event: Event, state: GameState) -> None:
        glyph, comments = notes_of(event)
        self.steps.append(Step(event, state, (), glyph, comments))

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        if self.steps and self.steps[-1].state is state:
            last = self.steps[-1]
            self.steps[-1] = attrs.evolve(last, violations=last.violations + (violation,))

    def result(self) -> list[Step]:
        return self.steps


class Replay(Sequence[Step]):
    """Every step of a game, in order, with a cursor for going forward and back.

    >>> replay = preflog.replay(game)
    >>> replay[10].state.deal.hands          # the state after any step
    >>> replay.forward(); replay.back()      # or step with the cursor
    """

    def __init__(self, game: Game, rules: Rules | str | None = None) -> None:
        self.game = game
        (steps,) = walk(game, StepRecorder(), rules=rules)
        self.steps: tuple[Step, ...] = tuple(steps)
        self.position = -1  # before the first step

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        return self.steps[index]

    @property
    def current(self) -> Step | None:
        return self.steps[self.position] if self.position >= 0 else None

    def forward(self) -> Step | None:
        """Go one step forward; ``None`` at the end."""
        if self.position + 1 >= len(self.steps):
            return None
        self.position += 1
        return self.steps[self.position]

    def back(self) -> Step | None:
        """Go one step back; ``None`` before the first step."""
        if self.position < 0:
            return None
        self.position -= 1
        return self.current

    def seek(self, position: int) -> Step | None:
        self.position = max(-1, min(position, len(self.steps) - 1))
        return self.current


def replay(game: Game, rules: Rules | str | None = None) -> Replay:
    """The replay of a game under its own rules (or ``rules``: a preset name or a Rules record)."""
    return Replay(game, rules)
