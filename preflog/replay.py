"""Replay and check a game: folds over the one stream of events of ``preflog.events``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from .model.annotations import Comment, Glyph
from .game.engine import GameState, apply, implied
from .game.events import CardPlayed, Event, events_of, variation_events
from .model.game import Game
from .game.conventions import Rules, RulesProblem, rules_of
from .scoring.scorer import Scorer
from .game.violations import Violation


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


def _annotations(event: Event) -> tuple[Glyph | None, tuple[Comment, ...]]:
    source = getattr(event, "source", None)
    if source is None:
        call = getattr(event, "call", None)
        source = call
    if source is None:
        return None, ()
    return getattr(source, "glyph", None), tuple(getattr(source, "comments", ()))


def advance(state: GameState, events: Iterable[Event]) -> Iterator[tuple[Event, GameState, list[Violation]]]:
    """Apply ``events`` from ``state`` with every event the rules imply: (event, state after, violations)."""
    for event in events:
        state, found = apply(state, event)
        yield event, state, found
        derived = implied(state)
        while derived is not None:
            state, found = apply(state, derived)
            yield derived, state, found
            derived = implied(state)


def run(state: GameState, events: Iterable[Event]) -> Iterator[Step]:
    """The steps of ``events`` from ``state``: each event, the state after it, its violations and notes."""
    for event, after, found in advance(state, events):
        glyph, comments = _annotations(event)
        yield Step(event, after, tuple(found), glyph, comments)


def start(game: Game, rules: Rules | str | None = None) -> tuple[GameState, list[Violation]]:
    """The state before the first deal, and the problems of the game's rules tags."""
    problems: list[RulesProblem]
    if isinstance(rules, Rules):
        chosen, problems = rules, []
    else:
        chosen, problems = rules_of(game, rules)
    found = [Violation(p.code, p.message, p.span) for p in problems]
    return GameState(game.players, chosen), found


class Replay(Sequence[Step]):
    """Every step of a game, in order, with a cursor for going forward and back.

    >>> replay = preflog.replay(game)
    >>> replay[10].state.deal.hands          # the state after any step
    >>> replay.forward(); replay.back()      # or step with the cursor
    """

    def __init__(self, game: Game, rules: Rules | str | None = None) -> None:
        self.game = game
        state, self.rules_problems = start(game, rules)
        self.initial = state
        steps: list[Step] = []
        for deal in game.deals:
            steps.extend(run(state, events_of(deal)))
            state = steps[-1].state
        self.steps: tuple[Step, ...] = tuple(steps)
        self.position = -1  # before the first step

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
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


def check(game: Game, rules: Rules | str | None = None) -> list[Violation]:
    """Every rule violation in a game, variations included, in the order they occur, and every
    difference between its ``sheet`` checkpoints or ``Result`` tag and the score sheet."""
    return check_and_score(game, rules)[1]


def check_and_score(game: Game, rules: Rules | str | None = None,
                    upto: int | None = None) -> tuple[Scorer, list[Violation]]:
    """One replay that checks and scores: the scorer after deal ``upto`` (default: the last) and the
    violations found up to there, the scorer's checkpoint problems among them."""
    state, found = start(game, rules)
    scorer = Scorer(game, state.rules, found)  # the scorer's problems join the violations in order
    for deal in game.deals:
        before = state
        for event, after, violations in advance(state, events_of(deal)):
            if violations:
                found.extend(violations)
            if type(event) is CardPlayed and event.source is not None and event.source.variations:
                found.extend(_variations(before, event))
            scorer.step(event, after)
            before = after
        state = before
        if upto is not None and deal.number >= upto:
            break
    else:
        scorer.finish()
    return scorer, found


def _variations(before: GameState, event: CardPlayed) -> list[Violation]:
    """Check each variation of a card from the position where it branches (NOTATION.md §3)."""
    found: list[Violation] = []
    assert event.source is not None
    for variation in event.source.variations:
        state = before
        for step_event, after, violations in advance(state, variation_events(variation.cards)):
            found.extend(violations)
            if (type(step_event) is CardPlayed and step_event.source is not None
                    and step_event.source.variations):
                found.extend(_variations(state, step_event))
            state = after
    return found
