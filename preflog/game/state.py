"""The states of the replay: a deal after some of its events, and the game between deals.

Each comes in two kinds with the same fields (declared once, in ``DealFacts`` and ``GameFacts``):

* :class:`GameState` and :class:`DealState` are frozen values: any step can be kept, compared and
  revisited; they are what visitors and the public ``apply`` hand out;
* :class:`WorkingGame` and :class:`WorkingDeal` are the engine's working state, which the driver steps
  in place (a copy per event would cost more than the step) with plain attribute stores;
  :func:`frozen_game` freezes one (``engine.snapshot``), :func:`working_game` thaws one.

All four have slots: a misspelt field is an ``AttributeError``, not a new attribute.

They hold what happened; what it means (who speaks next, what is legal) is asked of
:mod:`preflog.game.legal`, which reads either kind.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from ..model.auction import Call
from ..model.bids import Bid
from ..model.cards import Card, Suit
from ..model.build import builder, copier
from ..model.deal import Result
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import ACTIVE_SEATS, Seat
from ..model.span import Span
from .conventions import Rules
from .razboynik import Stage


class AuctionState(enum.Enum):
    """Where the auction stands (Code 3.3)."""

    OPEN = "open"            # calls are still to come
    ALL_PASS = "all-pass"    # everyone passed (3.7)
    WON = "won"              # one player is left with the highest bid
    UNKNOWN = "unknown"      # not recorded, or stopped before its end


_ALL_PASS = AuctionState.ALL_PASS  # members as module constants: cheaper on the hot path (Python 3.11)
_SITTING_OUT = Seat.SITTING_OUT


@attrs.define
class DealFacts:
    """Everything known about a deal after some of its events. Seats are in bidding order. The fields
    and their meaning, shared by the frozen :class:`DealState` and the engine's :class:`WorkingDeal`;
    never made itself."""

    number: int
    dealer: str
    active: tuple[str, ...]                       # bidding order, the eldest hand first
    four: bool = False                            # four players: the dealer sits out
    dummy: Seat | None = None                     # two players: the dummy's seat (it always passes)
    stage: Stage = Stage.FREE                     # Classic's razboynik: a compulsory game, the half-time
    compulsory_left: frozenset[int] = frozenset()  # the soloist's compulsory games still to play (0: misère)
    hands: tuple[frozenset[Card] | None, ...] = (None, None, None)  # per seat; None when unknown
    known: tuple[frozenset[Card] | None, ...] = (None, None, None)  # per seat, of a hand not wholly
    #                                             known: the cards it is known to hold (the declarer's
    #                                             own ten after a talon nobody wrote down)
    talon: tuple[Card, ...] | None = None
    # the auction
    calls: tuple[tuple[Seat, Call], ...] = ()
    passed: frozenset[Seat] = frozenset()
    spoke: frozenset[Seat] = frozenset()          # seats that made a call other than pass
    high: Bid | None = None
    high_seat: Seat | None = None
    hand_bid: bool = False                        # the high bid is a hand bid (without the talon)
    high_dark: bool = False                       # the high bid was made dark (Code 3.3.19 b)
    seeing_bid: bool = False                      # a bid was made seeing: no dark bid after it (seed 004)
    dark_passes: frozenset[Seat] = frozenset()    # seats that passed dark (3.3.19 a)
    dark_before: int = 0                          # dark all-passes this dealer dealt just before (seed 004)
    auction: AuctionState = AuctionState.OPEN
    bidding_over: bool = False                    # the bids statement (or its absence) is behind us
    talon_leads: bool = False                     # an all-pass whose first two tricks the talon leads
    min_level: int = 6
    # talon, discard, contract
    declarer: Seat | None = None
    contract: Bid | None = None
    trump_suit: Suit | None = None                # kept when the contract is declared (hot in play)
    talon_taken: bool = False
    totus: bool = False                           # the contract is a totus (Classic, seed 000 §6.3)
    helped: tuple[str, ...] = ()                  # the partners the totus closes on a bomb (seed 000 §7.2)
    discard: tuple[Card, ...] | None = None
    discard_span: Span | None = None
    # the defence
    decisions: tuple[tuple[Seat, DecisionKind], ...] = ()  # Seat.SITTING_OUT for the dealer of four
    mode: WhistMode | None = None
    # the play
    trick: tuple[tuple[Seat, Card], ...] = ()
    completed: int = 0
    tricks: tuple[int, int, int, int] = (0, 0, 0, 0)       # per seat, the sitting-out dealer last
    lost: int = 0                                 # tricks that went to nobody or to an unknown player
    leader: Seat | None = Seat.FIRST
    played: frozenset[Card] = frozenset()
    voids: tuple[frozenset[Suit], ...] = (frozenset(), frozenset(), frozenset())
    claimed: bool = False
    result: Result | None = None                  # the result as written, if the deal records one
    over: bool = False

    # ---- derived facts -------------------------------------------------------------------------

    @property
    def is_all_pass(self) -> bool:
        return self.auction is _ALL_PASS

    @property
    def trump(self) -> Suit | None:
        return self.trump_suit

    @property
    def on_talon_trick(self) -> bool:
        """The trick in play is one the talon leads (all-pass, first two tricks, Code 3.7.6)."""
        return self.talon_leads and self.completed < 2

    @property
    def talon_card(self) -> Card | None:
        """The talon's card that leads the trick in play, when the talon leads it and is known (3.7.6)."""
        if not self.on_talon_trick or not self.talon:
            return None
        return self.talon[self.completed]

    @property
    def trump_known(self) -> bool:
        return self.is_all_pass or self.contract is not None

    @property
    def game_contract(self) -> Bid | None:
        """The game being played: the contract declared or, when the record has no ``contract``
        statement, the bid that won the auction (Code 3.4.3)."""
        if self.contract is not None:
            return self.contract
        return self.high if self.high is not None and self.high_seat == self.declarer else None

    @property
    def unwhisted(self) -> bool:
        """The game is not whisted: the partners play it, a misère (Code 3.6.6) or a totus (seed 000 §6.3)."""
        contract = self.contract
        return contract is not None and (contract.is_misere or self.totus)

    @property
    def defenders(self) -> tuple[Seat, Seat] | None:
        """The declarer's opponents in the order they speak: from the declarer's left (Code 3.8.1)."""
        if self.declarer is None:
            return None
        first = self.declarer.next
        return first, first.next

    @property
    def whisters(self) -> tuple[Seat, ...]:
        """Seats (the sitting-out dealer too) whose whist stands, in the order they said it (3.8.8.2)."""
        half = self.half_whister
        return tuple(s for s, k in self.decisions if k is DecisionKind.WHIST and s != half)

    @property
    def last_speaker(self) -> Seat | None:
        """Who said the last word of the defence (not the dummy, whose pass goes without saying)."""
        for seat, _ in reversed(self.decisions):
            if seat != self.dummy:
                return seat
        return None

    @property
    def half_whister(self) -> Seat | None:
        for seat, kind in self.decisions:
            if kind is DecisionKind.HALF:
                return seat
        return None

    @property
    def to_play(self) -> Seat | None:
        """The seat whose card comes next, or ``None`` if not known."""
        if self.leader is None:
            return None
        return ACTIVE_SEATS[(self.leader + len(self.trick)) % 3]

    def player(self, seat: Seat | None) -> str:
        if seat is None:
            return "?"
        return self.dealer if seat is _SITTING_OUT else self.active[seat]

    def seat(self, player: str) -> Seat | None:
        if player in self.active:
            return ACTIVE_SEATS[self.active.index(player)]
        return _SITTING_OUT if self.four and player == self.dealer else None

    def taken(self, player: str) -> int:
        seat = self.seat(player)
        return 0 if seat is None else self.tricks[seat]


@attrs.frozen
class DealState(DealFacts):
    """A deal as it stood after some of its events: a frozen value, kept as long as wanted."""


@attrs.define
class WorkingDeal(DealFacts):
    """The deal the engine is stepping, changed in place (:func:`frozen_deal` freezes it)."""


@attrs.define
class GameFacts:
    """The game between deals: dealer rotation, all-passes in a row (and, in each kind, the deal in
    progress). The fields shared by :class:`GameState` and :class:`WorkingGame`; never made itself."""

    players: tuple[str, ...]
    rules: Rules
    previous_dealer: str | None = None
    all_pass_streak: int = 0
    stays: int = 0
    dark_streak: int = 0                          # dark all-passes in a row by the previous dealer
    compulsory: frozenset[tuple[str, int]] = frozenset()  # razboynik: (player, game) played (0: misère)


@attrs.frozen
class GameState(GameFacts):
    """The game as it stood after an event: a frozen value, with its deal's :class:`DealState`."""

    deal: DealState | None = None


@attrs.define
class WorkingGame(GameFacts):
    """The game the engine is stepping, changed in place, with its :class:`WorkingDeal`."""

    deal: WorkingDeal | None = None


#: Copies from one kind to the other (``model.build``): the kinds share their base's slots, so where
#: the build made the constructors in C a copy fills the new instance's slots from the other's; a
#: game's copy is given its deal (the last field), itself a copy.
_frozen_deal: Final = copier(DealState)
_working_deal: Final = copier(WorkingDeal)
_frozen_game: Final = copier(GameState)
_working_game: Final = copier(WorkingGame)
_WorkingDeal: Final = builder(WorkingDeal)


def new_deal(number: int, dealer: str, active: tuple[str, ...], four: bool, min_level: int,
             dark_before: int) -> WorkingDeal:
    """A working deal before its first event: every other field its default."""
    return _WorkingDeal(number, dealer, active, four=four, min_level=min_level, dark_before=dark_before)


def frozen_deal(d: DealFacts) -> DealState:
    """A frozen copy of the deal ``d``, which later steps on ``d`` leave as it is (its fields are
    immutable values, shared)."""
    return _frozen_deal(d)


def frozen_game(g: WorkingGame) -> GameState:
    """A frozen copy of the game ``g`` and of its deal (:func:`frozen_deal`)."""
    d = g.deal
    return _frozen_game(g, None if d is None else _frozen_deal(d))


def working_game(g: GameState) -> WorkingGame:
    """A working copy of the frozen game ``g`` and of its deal, to step in place (``g`` stays as it is)."""
    d = g.deal
    return _working_game(g, None if d is None else _working_deal(d))
