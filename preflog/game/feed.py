"""The driver's loop over a deal's events, compiled: each event (and those the rules imply after it)
stepped on the working state and fed to the handlers that want it, with one frozen snapshot for all
of them; a group of calls, words or cards that nobody wants as events stepped without making them.

:mod:`preflog.driver` knows the visitors and their protocol; this module knows only the handlers it
is given (:class:`Listeners`, which the driver fills), so that it compiles with the engine (mypyc)
and knows no visitor. A variation is handed back to the driver (``Listeners.variation``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from ..model.play import PlayLine, Variation
from .engine import complete_trick, decide, implied, make_call, play_card, play_clean, snapshot, step
from .events import (
    CallMade, CallsMade, CardPlayed, DefenceDecided, DefenceWords, Event, Grouped, PlayedCards, TrickCompleted,
    call_events, decision_events, variation_events,
)
from .state import GameState, WorkingGame
from .violations import Violation

Handler = Callable[[Any, GameState], None]
#: A violation's handler: the visitor's ``visit_violation``.
Told = Callable[[Violation, GameState], None]
#: Walks a variation for the visitors that want variations (the driver's): the state before the card
#: it replaces, the variation, and those visitors.
VariationWalker = Callable[[GameState, Variation, list[Any]], None]

#: The kinds of grouped items, as constants (a class of a Python module, read once).
_CALLS: Final = CallsMade
_WORDS: Final = DefenceWords
_CARDS: Final = PlayedCards
_CALL_MADE: Final = CallMade
_DEFENCE_DECIDED: Final = DefenceDecided
_CARD_PLAYED: Final = CardPlayed
_TRICK_COMPLETED: Final = TrickCompleted


class Listeners:
    """The visitors listening to one deal, with what each wants: ``table`` the handlers of each kind of
    event (empty for a kind nobody wants), ``violations`` the violations' handlers, ``variations`` the
    visitors that enter variations (walked by ``variation``). ``last`` is the snapshot handed out last,
    while no step has changed the working state since (else None)."""

    def __init__(self, visitors: list[Any], table: dict[type, list[Handler]], violations: list[Told],
                 variations: list[Any], variation: VariationWalker) -> None:
        self.visitors = visitors
        self.table = table
        self.violations = violations
        self.variations = variations
        self.variation = variation
        self.last: GameState | None = None


def walk_events(state: WorkingGame, events: Iterable[Event | Grouped], p: Listeners) -> WorkingGame:
    """Apply ``events`` (and the implied ones) to the working ``state``, in place, feeding ``p``; the
    state after them. The visitors of an event are given one snapshot after it. A group of
    calls, words or cards that no visitor wants as events is stepped without making them."""
    table, variations = p.table, p.variations
    for item in events:
        events_now: Iterable[Event]
        kind = type(item)
        if kind is _CALLS:
            calls: Any = item
            if not table[_CALL_MADE]:
                _step_each(state, calls.calls, make_call, p)
                continue
            events_now = call_events(calls.calls)
        elif kind is _WORDS:
            words: Any = item
            if not table[_DEFENCE_DECIDED]:
                _step_each(state, words.decisions, decide, p)
                continue
            events_now = decision_events(words.decisions)
        elif kind is _CARDS:
            cards: Any = item
            if not (table[_CARD_PLAYED] or table[_TRICK_COMPLETED]) and not (
                    variations and cards.cards.has_variations):
                _play_through(state, cards.cards, p)
                continue
            events_now = variation_events(cards.cards)
        else:
            one: Any = item
            events_now = (one,)
        for event in events_now:
            if variations and type(event) is _CARD_PLAYED:
                played: Any = event
                source = played.source
                if source is not None and source.variations:
                    before = snapshot(state)  # a variation replaces this card: it starts from the state before it
                    p.last = None
                    state, found = step(state, event)
                    _visit(event, state, found, p)
                    for variation in source.variations:
                        p.variation(before, variation, variations)
                    state = _apply_implied(state, p)
                    continue
            state = _apply(state, event, p)
    return state


def _apply(state: WorkingGame, event: Event, p: Listeners) -> WorkingGame:
    """Step ``event`` and the events the rules imply after it, feeding the visitors."""
    p.last = None
    state, found = step(state, event)
    _visit(event, state, found, p)
    return _apply_implied(state, p)


def _apply_implied(state: WorkingGame, p: Listeners) -> WorkingGame:
    """Step each event the rules imply in ``state`` (the talon taken, a trick completed), feeding the
    visitors."""
    derived = implied(state)
    while derived is not None:
        p.last = None
        state, found = step(state, derived)
        _visit(derived, state, found, p)
        derived = implied(state)
    return state


def _step_each(state: WorkingGame, items: Sequence[Any], step_one: Callable[[WorkingGame, Any], list[Violation]],
               p: Listeners) -> None:
    """The calls or the defence's words of a statement when no visitor wants their events: each
    stepped in place (none implies an event), its violations fed to those who want them."""
    p.last = None
    for item in items:
        found = step_one(state, item)
        if found:
            _violated(found, state, p)


def _violated(found: list[Violation], state: WorkingGame, p: Listeners) -> None:
    """Feed violations committed without an event to the visitors that want them."""
    if p.violations:
        _tell(found, snapshot(state), p)


def _visit(event: Event, state: WorkingGame, found: list[Violation], p: Listeners) -> None:
    """Feed one event and the violations it committed to the visitors that want them."""
    handlers = p.table[type(event)]
    if handlers or (found and p.violations):
        shown = snapshot(state)
        p.last = shown
        for handle in handlers:
            handle(event, shown)
        _tell(found, shown, p)


def _tell(found: list[Violation], shown: GameState, p: Listeners) -> None:
    for violation in found:
        for visit in p.violations:
            visit(violation, shown)


def _play_through(state: WorkingGame, cards: PlayLine, p: Listeners) -> None:
    """The cards of a play statement when no visitor wants cards or tricks, only violations: the same
    steps as their events, without making the events; runs of clean cards in one loop (``play_clean``)."""
    p.last = None
    plain = cards.plain
    index, count = play_clean(state, plain), len(plain)
    while index < count:
        found = play_card(state, cards[index])
        if found:
            _violated(found, state, p)
        complete_trick(state)  # commits no violation
        index = play_clean(state, plain, index + 1)
