"""One replay, many visitors: the driver that feeds the event stream of games to every visitor in one pass.

A visitor is a fold over the replay. The driver turns each deal into events, applies them with the
engine (``apply``, with the events it implies) and calls, for every visitor that wants them::

    begin_game(game, rules)              -> SKIP to skip the game
      visit_violation(v, state)          the game's rules tags that could not be applied (R101–R103)
      begin_deal(deal, state)            -> SKIP to skip the deal; ``state`` is before the deal
        visit_<event>(event, state)      one method per kind of event, ``state`` after it; each falls
                                         back to visit(event, state)
        visit_violation(v, state)        after the event that committed it
        begin_variation(v, state)        -> SKIP (the default) to skip it; ``state`` is before the
          ... the variation's events      card the variation replaces
        end_variation(state)
        end_deal(state)
    end_game(state)
    result()                             once, after the last game

The driver knows the protocol and nothing of any particular visitor.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .game.conventions import Rules
from .game.engine import initial_state, snapshot, working
from .game.events import (
    BiddingEnded, CallMade, CardPlayed, CheckpointRecorded, Claimed, ContractDeclared, DealEnded, DealStarted,
    Dealt, DefenceDecided, Discarded, Event, PenaltyRecorded, ResultRecorded, TalonTaken, TrickCompleted,
    WhistModeChosen, events_of, variation_events,
)
from .game.feed import Listeners, walk_events
from .game.state import GameState, WorkingGame
from .game.violations import Violation
from .model.deal import Deal
from .model.game import Game
from .model.play import Variation


class Skip(enum.Enum):
    SKIP = "skip"


#: Returned by ``begin_game``, ``begin_deal`` or ``begin_variation`` to skip what it begins.
SKIP = Skip.SKIP


class Visitor:
    """The base of every visitor: each method does nothing; override what you need.

    >>> class Misere(preflog.Visitor):
    ...     def visit_contract_declared(self, event, state): ...

    A visitor is handed frozen states (:class:`~preflog.GameState`) it may keep: the driver steps its
    own working state in place and freezes a copy for the visitors of an event, one copy however many
    of them want it, and none for an event no visitor wants.
    """

    def begin_game(self, game: Game, rules: Rules) -> Skip | None:
        return None

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        return None

    def visit(self, event: Event, state: GameState) -> None:
        """Every event without a method of its own: ``state`` is the state after it."""

    def visit_deal_started(self, event: DealStarted, state: GameState) -> None:
        self.visit(event, state)

    def visit_dealt(self, event: Dealt, state: GameState) -> None:
        self.visit(event, state)

    def visit_call_made(self, event: CallMade, state: GameState) -> None:
        self.visit(event, state)

    def visit_bidding_ended(self, event: BiddingEnded, state: GameState) -> None:
        self.visit(event, state)

    def visit_talon_taken(self, event: TalonTaken, state: GameState) -> None:
        self.visit(event, state)

    def visit_discarded(self, event: Discarded, state: GameState) -> None:
        self.visit(event, state)

    def visit_contract_declared(self, event: ContractDeclared, state: GameState) -> None:
        self.visit(event, state)

    def visit_defence_decided(self, event: DefenceDecided, state: GameState) -> None:
        self.visit(event, state)

    def visit_whist_mode_chosen(self, event: WhistModeChosen, state: GameState) -> None:
        self.visit(event, state)

    def visit_card_played(self, event: CardPlayed, state: GameState) -> None:
        self.visit(event, state)

    def visit_trick_completed(self, event: TrickCompleted, state: GameState) -> None:
        self.visit(event, state)

    def visit_claimed(self, event: Claimed, state: GameState) -> None:
        self.visit(event, state)

    def visit_result_recorded(self, event: ResultRecorded, state: GameState) -> None:
        self.visit(event, state)

    def visit_penalty_recorded(self, event: PenaltyRecorded, state: GameState) -> None:
        self.visit(event, state)

    def visit_checkpoint_recorded(self, event: CheckpointRecorded, state: GameState) -> None:
        self.visit(event, state)

    def visit_deal_ended(self, event: DealEnded, state: GameState) -> None:
        self.visit(event, state)

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        """A rule broken by the event just visited (or by the game's rules tags, before the deals)."""

    def begin_variation(self, variation: Variation, state: GameState) -> Skip | None:
        return SKIP

    def end_variation(self, state: GameState) -> None:
        pass

    def end_deal(self, state: GameState) -> None:
        pass

    def end_game(self, state: GameState) -> None:
        pass

    def result(self) -> Any:
        return None


#: The visitor method of each kind of event.
METHODS: dict[type, str] = {
    DealStarted: "visit_deal_started", Dealt: "visit_dealt", CallMade: "visit_call_made",
    BiddingEnded: "visit_bidding_ended", TalonTaken: "visit_talon_taken", Discarded: "visit_discarded",
    ContractDeclared: "visit_contract_declared", DefenceDecided: "visit_defence_decided", WhistModeChosen: "visit_whist_mode_chosen",
    CardPlayed: "visit_card_played", TrickCompleted: "visit_trick_completed", Claimed: "visit_claimed",
    ResultRecorded: "visit_result_recorded", PenaltyRecorded: "visit_penalty_recorded", CheckpointRecorded: "visit_checkpoint_recorded",
    DealEnded: "visit_deal_ended",
}

#: The names these methods had before they were named after their events (issue 43): a visitor that
#: still overrides one would silently hear nothing, so the driver says what it is called now.
RENAMED = {
    "visit_call": "visit_call_made", "visit_discard": "visit_discarded", "visit_contract": "visit_contract_declared",
    "visit_decision": "visit_defence_decided", "visit_whist_mode": "visit_whist_mode_chosen",
    "visit_card": "visit_card_played", "visit_trick": "visit_trick_completed", "visit_claim": "visit_claimed",
    "visit_result": "visit_result_recorded", "visit_penalty": "visit_penalty_recorded",
    "visit_checkpoint": "visit_checkpoint_recorded",
}

Handler = Callable[[Any, GameState], None]
Table = dict[type, list[Handler]]


def _overrides(visitor: Visitor, name: str) -> bool:
    return getattr(type(visitor), name) is not getattr(Visitor, name)


def _table(visitors: Sequence[Visitor]) -> Table:
    """Each kind of event and the visitor methods that want it (methods left as the base's are not called)."""
    table: Table = {kind: [] for kind in METHODS}
    for visitor in visitors:
        old = next((name for name in RENAMED if hasattr(type(visitor), name)), None)
        if old is not None:
            raise TypeError(f"{type(visitor).__name__}.{old}: the method is now {RENAMED[old]} (named after its event)")
        catch_all = _overrides(visitor, "visit")
        for kind, name in METHODS.items():
            if catch_all or _overrides(visitor, name):
                table[kind].append(getattr(visitor, name))
    return table


def _pass(visitors: list[Visitor]) -> Listeners:
    """The visitors listening to one deal, with what each wants (the compiled loop's :class:`Listeners`:
    methods left as the base's are not called)."""
    return Listeners(visitors, _table(visitors), [v.visit_violation for v in visitors if _overrides(v, "visit_violation")],
                     [v for v in visitors if _overrides(v, "begin_variation")], _walk_variation)


def walk(games: Game | Iterable[Game], *visitors: Visitor, rules: Rules | str | None = None) -> tuple[Any, ...]:
    """Replay ``games`` once and feed every visitor in the same pass; their ``result()``\\ s in order.

    ``rules`` replaces each game's own convention: a preset name (its ``Rule.*`` tags still apply) or
    a :class:`~preflog.Rules`.
    """
    walker = Walker(*visitors, rules=rules)
    for game in (games,) if isinstance(games, Game) else games:
        walker.begin_game(game)
        for deal in game.deals:
            walker.deal(deal)
        walker.end_game()
    return walker.results()


class Walker:
    """:func:`walk` a step at a time, for a reader that hands over one deal at a time (a stream):
    ``begin_game(header)`` (a Game whose deals are not needed), ``deal(deal)`` for each deal,
    ``end_game()``, and ``results()`` after the last game."""

    def __init__(self, *visitors: Visitor, rules: Rules | str | None = None) -> None:
        self.visitors = visitors
        self.rules = rules
        self._everyone = _pass(list(visitors))
        self._playing: list[Visitor] = []
        self._pass = self._everyone
        self._state: WorkingGame | None = None
        self._shown: GameState | None = None  # the state as last handed out, while it stands

    @property
    def state(self) -> GameState | None:
        """The game as it stands after the last deal walked (``None`` outside a game)."""
        if self._shown is None and self._state is not None:
            self._shown = snapshot(self._state)
        return self._shown

    def begin_game(self, game: Game) -> None:
        start, problems = initial_state(game, self.rules)
        self._state = state = working(start)
        self._shown = start
        self._playing = playing = [v for v in self._everyone.visitors if v.begin_game(game, state.rules) is not SKIP]
        self._pass = self._everyone if len(playing) == len(self._everyone.visitors) else _pass(playing)
        if playing and problems:
            shown = start
            for problem in problems:
                for visit in self._pass.violations:
                    visit(problem, shown)

    def resume(self, state: GameState) -> None:
        """Go on with a game from ``state``, where an earlier walk of its first deals left it, without
        walking them again: the visitors are not told of the game's start (each stands where that walk
        left it, or as its owner set it up), and every one of them listens from the next deal on."""
        self._state = working(state)
        self._shown = state
        self._playing = list(self._everyone.visitors)
        self._pass = self._everyone

    def deal(self, deal: Deal) -> None:
        state, playing = self._state, self._playing
        if state is None or not playing:
            return
        shown = self.state
        assert shown is not None
        listening = [v for v in playing if v.begin_deal(deal, shown) is not SKIP]
        deal_pass = self._pass if len(listening) == len(playing) else _pass(listening)
        deal_pass.last = None
        self._state = state = walk_events(state, events_of(deal, grouped=True), deal_pass)
        self._shown = shown = deal_pass.last or snapshot(state)  # after the deal's end, nothing has moved
        for v in listening:
            v.end_deal(shown)

    def end_game(self) -> None:
        shown = self.state
        if shown is not None:
            for v in self._playing:
                v.end_game(shown)
        self._state, self._shown, self._playing = None, None, []

    def results(self) -> tuple[Any, ...]:
        return tuple(v.result() for v in self.visitors)


def _walk_variation(before: GameState, variation: Variation, candidates: list[Visitor]) -> None:
    """A variation replaces the card it follows: its events are replayed from the state before that card."""
    entering = [v for v in candidates if v.begin_variation(variation, before) is not SKIP]
    if not entering:
        return
    after = walk_events(working(before), variation_events(variation.cards), _pass(entering))
    shown = snapshot(after)
    for v in entering:
        v.end_variation(shown)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "METHODS", "SKIP", "Skip", "Visitor", "Walker", "walk",
]
