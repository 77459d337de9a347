"""The laws of the game as pure functions, each with its section of the Preferans Code."""

from __future__ import annotations

from typing import Final

import enum
from collections.abc import Iterable, Sequence

from ..model.bids import Bid
from ..model.cards import Card, Suit
from ..model.deal import Result
from ..model.seating import Seat
from .bits import SUIT_BITS, bits_of
from .members import RESULT_DECLARER, RESULT_RELATIVE, SEAT_SITTING_OUT


def obligation(bid: Bid) -> int:
    """Tricks the defenders must take: 6→4, 7→2, 8/9/10→1, misère none (Code 3.8.2)."""
    if bid.is_misere:
        return 0
    return {6: 4, 7: 2}.get(bid.level, 1)


def trump_of(bid: Bid | None) -> Suit | None:
    """The trump suit of a contract; none on no-trump and misère (Code 3.6.7) or all-pass (3.7.5)."""
    return None if bid is None or bid.strain is None else bid.strain.suit


class Duty(enum.Enum):
    """What Code 3.9.3 asks of a player who holds the suit led, or only trumps."""

    FOLLOW = "follow"
    TRUMP = "trump"


def must_play(hand: Iterable[Card], led: Suit | None, trump: Suit | None) -> tuple[Duty, Suit] | None:
    """What the rule of Code 3.9.3 demands of a hand: follow ``led``, else trump, else nothing.

    Returns (Duty.FOLLOW, suit) or (Duty.TRUMP, suit), or ``None`` when any card may be played.
    """
    return must_play_mask(bits_of(frozenset(hand)), led, trump)


def must_play_mask(hand: int, led: Suit | None, trump: Suit | None) -> tuple[Duty, Suit] | None:
    """:func:`must_play` for a hand as a bitmask (:mod:`preflog.game.bits`)."""
    if led is None:
        return None
    if hand & SUIT_BITS[led]:
        return _FOLLOW[led]
    if trump is not None and hand & SUIT_BITS[trump]:
        return _TRUMP[trump]
    return None


_FOLLOW: Final = {suit: (Duty.FOLLOW, suit) for suit in Suit}
_TRUMP: Final = {suit: (Duty.TRUMP, suit) for suit in Suit}


def trick_winner(cards: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """The seat that takes a trick: the highest trump, else the highest card of the suit led (3.9.4)."""
    best_seat, best = cards[0]
    for seat, card in cards[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif trump is not None and card.suit == trump:
            best_seat, best = seat, card
        # a card of another suit, not a trump, never wins
    return best_seat


def talon_trick_winner(cards: Sequence[tuple[Seat, Card]], talon_card: Card, four_players: bool) -> Seat | None:
    """The winner of an all-pass trick led from the talon (Code 3.7.6.1, 3.7.6.3).

    With three players the highest card of the talon card's suit takes it (the talon card's rank does
    not count); with four, the talon card takes part and, unbeaten, gives the trick to the dealer
    (``Seat.SITTING_OUT``). ``None`` when no player followed (three players).
    """
    suit = talon_card.suit
    followers = [(seat, card) for seat, card in cards if card.suit == suit]
    if four_players:
        best = max(followers, key=lambda sc: sc[1].rank, default=None)
        return best[0] if best is not None and best[1].rank > talon_card.rank else SEAT_SITTING_OUT
    if not followers:
        return None
    return max(followers, key=lambda sc: sc[1].rank)[0]


def declarer_count(result: Result, contract: Bid | None) -> int | None:
    """The declarer's tricks a short ``result`` says (NOTATION.md §3): ``result 7`` counts them,
    ``result -1``/``=``/``+1`` counts from the contract. ``None`` for a result listing every player's
    tricks or a relative one without a contract. The count may be impossible: see ``declarer_tricks``."""
    if result.kind is RESULT_DECLARER:
        return result.count
    if result.kind is RESULT_RELATIVE and contract is not None:
        return (0 if contract.is_misere else contract.level) + (result.count or 0)
    return None


def declarer_tricks(result: Result, contract: Bid | None) -> int | None:
    """:func:`declarer_count` when it is a possible number of tricks, 0 to 10."""
    count = declarer_count(result, contract)
    return count if count is not None and 0 <= count <= 10 else None
