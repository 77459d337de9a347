"""Who sits where: seats in bidding order, the eldest hand, and the deal passing clockwise.

The one home of bidding order and dealer rotation (Code 3.2.2, 3.2.10, 3.3.2): the reader uses it to
give unprefixed hands their owners and deals without ``dealer`` their dealer, the engine to check
both, the generator to deal.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class Seat(enum.IntEnum):
    """A place in the bidding order of one deal (Code 3.3.2).

    ``FIRST`` is the eldest hand, left of the dealer; with three players ``THIRD`` is the dealer;
    with four the dealer gets no cards and sits out (Code 3.2.10).
    """

    FIRST = 0
    SECOND = 1
    THIRD = 2
    SITTING_OUT = 3

    __hash__ = int.__hash__  # as the int it equals (Enum hashes the name, in Python, on a hot path)

    @property
    def next(self) -> Seat:
        """The active seat on the left (clockwise), the eldest hand after the third."""
        return _NEXT[self]


#: The three seats that hold cards, in bidding order.
ACTIVE_SEATS: tuple[Seat, Seat, Seat] = (Seat.FIRST, Seat.SECOND, Seat.THIRD)
_NEXT = {Seat.FIRST: Seat.SECOND, Seat.SECOND: Seat.THIRD, Seat.THIRD: Seat.FIRST, Seat.SITTING_OUT: Seat.FIRST}


def clockwise_from(players: Sequence[str], player: str) -> tuple[str, ...]:
    """The other players clockwise from ``player``'s left, then ``player`` last."""
    key = (tuple(players), player)
    found = _CLOCKWISE.get(key)
    if found is None:
        p = players.index(player)
        found = tuple(players[(p + k) % len(players)] for k in range(1, len(players) + 1))
        if len(_CLOCKWISE) >= _MOST_REMEMBERED:
            _CLOCKWISE.clear()
        _CLOCKWISE[key] = found
    return found


#: The orders asked for so far: a game asks for the same three or four for every deal. Kept small (a
#: file of many games with other names only starts it again).
_CLOCKWISE: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
_MOST_REMEMBERED = 1024


#: The third hand of a two-player game (gusarik, Code 3.7.6.4; seed 001): dealt, never seen in the
#: auction, always passing; it sits on the left of the second player listed (docs/notation.md).
DUMMY = "Dummy"


def seats_of(players: Sequence[str]) -> tuple[str, ...]:
    """Who holds cards round the table: the players, and with two of them the dummy after them."""
    return (*players, DUMMY) if len(players) == 2 else tuple(players)


def bidding_order(players: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The active players from the eldest hand (left of the dealer) clockwise; with four players the
    dealer sits out (Code 3.2.10, 3.3.2); with two the dummy is one of the three. A dealer who is not a
    player gives the first three."""
    seats = seats_of(players)
    if dealer not in players:
        return tuple(seats[:3])
    order = clockwise_from(seats, dealer)
    return order[:3] if len(players) == 4 else order


def next_dealer(players: Sequence[str], dealer: str | None) -> str:
    """The deal passes clockwise (Code 3.2.2), from player to player (the dummy of two never deals);
    the first deal goes to the first player listed (NOTATION.md §3), and so does a deal after one
    whose dealer is not a player."""
    if dealer is None or dealer not in players:
        return players[0]
    return clockwise_from(players, dealer)[0]
