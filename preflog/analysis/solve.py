"""Double-dummy values of a deal's play: ``preflog.solve(state)`` and ``preflog.par(state)``.

Every hand is seen. For a game the value counts the declarer's tricks with best play on all sides;
for a misère, the tricks the declarer is made to take; for an all-pass, a player's tricks when he
plays to take as few as he can and the other two play to give him as many as they can (Code 3.7).
Values count the whole deal: the tricks already taken and those to come.
"""

from __future__ import annotations

import enum

import attrs

from ..i18n import _, ngettext
from ..game.bits import BIT, bits_of
from ..game.conventions import Rules, VoidTalonTrick
from ..game.legal import legal_cards
from ..game.state import DealState, GameState
from ..model.cards import DECK, Card
from ..model.seating import ACTIVE_SEATS
from .search import Position, Search


class Goal(enum.Enum):
    """What the play is about, for the seat whose tricks are counted."""

    GAME = "game"          # the declarer takes as many tricks as he can (Code 3.9)
    MISERE = "misère"      # the declarer takes none if he can (3.6.6)
    ALL_PASS = "all-pass"  # each player takes as few as he can (3.7)


class Unsolvable(ValueError):
    """The state cannot be solved: a hand or the talon not known, or no card to play."""


@attrs.frozen
class Solution:
    """The values of the cards the player to move may play.

    ``player`` is the one whose tricks the values count (the declarer, or in an all-pass the player to
    move); ``values`` gives, for each legal card, the tricks he ends the deal with after it and best
    play on all sides; ``value`` is the position's value, the best card's; ``best`` the cards that
    keep it."""

    goal: Goal
    to_play: str
    player: str
    values: dict[Card, int]

    @property
    def value(self) -> int:
        return max(self.values.values()) if self.maximises else min(self.values.values())

    @property
    def maximises(self) -> bool:
        """The player to move wants ``player``'s tricks high: the declarer of a game and the misère's
        catchers do; the defenders of a game, the misère's declarer and an all-pass's player do not."""
        return (self.to_play == self.player) == (self.goal is Goal.GAME)

    @property
    def best(self) -> tuple[Card, ...]:
        return tuple(c for c, v in self.values.items() if v == self.value)


def goal_of(d: DealState) -> Goal:
    if d.is_all_pass:
        return Goal.ALL_PASS
    contract = d.game_contract
    if contract is None:
        raise Unsolvable(_("the contract is not known"))
    return Goal.MISERE if contract.is_misere else Goal.GAME


def _deal_of(state: GameState | DealState) -> tuple[DealState, Rules | None]:
    if isinstance(state, GameState):
        if state.deal is None:
            raise Unsolvable(_("no deal is being played"))
        return state.deal, state.rules
    return state, None


def position_of(d: DealState, rules: Rules | None = None) -> Position:
    """The search's view of the deal's play at ``d``; :class:`Unsolvable` if it cannot be had."""
    if d.claimed or d.over or d.completed >= 10:
        raise Unsolvable(_("the play is over"))
    if not legal_cards(d):
        raise Unsolvable(_("no card is to be played here"))
    hands = []
    for seat in ACTIVE_SEATS:
        hand = d.hands[seat]
        if hand is None:
            raise Unsolvable(_("{player}'s hand is not known").format(player=d.player(seat)))
        hands.append(bits_of(hand))
    if d.leader is None:
        raise Unsolvable(_("who leads the trick is not known"))
    talon: tuple[int, ...] = ()
    if d.on_talon_trick:
        if not d.talon:
            raise Unsolvable(_("the talon, which leads this trick, is not known"))
        talon = tuple(BIT[c] for c in d.talon[d.completed:2])
    left = 10 - d.completed
    if d.declarer is not None and d.discard is None and len(d.hands[d.declarer] or ()) == left + 2 - any(
            s == d.declarer for s, _ in d.trick):
        raise Unsolvable(_("{player}'s discard is not known").format(player=d.player(d.declarer)))
    for seat in ACTIVE_SEATS:
        played = any(s == seat for s, _ in d.trick)
        if len(d.hands[seat] or ()) != left - played:
            raise Unsolvable(ngettext("{player} holds {n} card where {value} are left to play",
                                       "{player} holds {n} cards where {value} are left to play",
                                       len(d.hands[seat] or ())).format(
                player=d.player(seat), n=len(d.hands[seat] or ()), value=left - played))
    void_eldest = rules is not None and rules.all_pass_void_talon_trick is VoidTalonTrick.ELDEST
    return Position((hands[0], hands[1], hands[2]), int(d.leader), tuple(BIT[c] for _, c in d.trick),
                    talon, d.four, void_eldest)


class Analyst:
    """Solves positions of one deal, keeping what it learnt (a transposition table per counted seat)
    from one position to the next: the way to value every card of a deal. ``search``: the search's
    class, the installed one unless another is given (the benchmark's run from the source)."""

    def __init__(self, d: DealState, rules: Rules | None = None, search: type[Search] = Search) -> None:
        self._search = search
        self.goal = goal_of(d)
        contract = d.game_contract
        #: the tricks the deal is likely to give the counted player: a game's declarer his contract
        self.likely: int | None = contract.level if self.goal is Goal.GAME and contract is not None else None
        self.rules = rules
        self.trump = None if d.trump_suit is None else int(d.trump_suit)
        self._searches: dict[int, Search] = {}

    def search(self, target: int) -> Search:
        found = self._searches.get(target)
        if found is None:
            found = self._searches[target] = self._search(target, self.goal is Goal.GAME, self.trump)
        return found

    def target(self, d: DealState) -> int:
        """The seat whose tricks are counted at ``d``: the declarer, or the player to move."""
        if self.goal is Goal.ALL_PASS:
            return int(d.to_play)  # type: ignore[arg-type]
        return int(d.declarer)  # type: ignore[arg-type]

    def solve(self, d: DealState, guess: int | None = None) -> Solution:
        """The value of each card the player to move may play at ``d``; ``guess``: the likely value."""
        position = position_of(d, self.rules)
        target = self.target(d)
        search = self.search(target)
        taken = d.tricks[target]
        guess = self.likely if guess is None else guess
        bits = search.card_values(position, None if guess is None else guess - taken)
        values = {card: taken + bits[BIT[card]] for card in DECK if BIT[card] in bits}  # deck order
        return Solution(self.goal, d.player(d.to_play), d.player(ACTIVE_SEATS[target]), values)

    def par(self, d: DealState) -> int | dict[str, int]:
        """The value of the position: the declarer's tricks, or in an all-pass each player's."""
        position = position_of(d, self.rules)
        if self.goal is not Goal.ALL_PASS:
            target = int(d.declarer)  # type: ignore[arg-type]
            taken = d.tricks[target]
            guess = None if self.likely is None else self.likely - taken
            return taken + self.search(target).value(position, guess)
        return {d.player(seat): d.tricks[seat] + self.search(int(seat)).value(position)
                for seat in ACTIVE_SEATS if seat != d.dummy}


def solve(state: GameState | DealState) -> Solution:
    """The double-dummy value of every card the player to move may play (all hands known)."""
    d, rules = _deal_of(state)
    return Analyst(d, rules).solve(d)


def par(state: GameState | DealState) -> int | dict[str, int]:
    """The value of the deal from ``state`` with best play: for a game or a misère the declarer's
    tricks, for an all-pass each player's fewest; from the start of play, the deal's par."""
    d, rules = _deal_of(state)
    return Analyst(d, rules).par(d)


