"""Cards as small ints and hands as bitmasks: the engine's working form of the play.

Card ``i`` of :data:`DECK` is bit ``1 << i``; the deck's order puts each suit's eight cards side by side,
so a suit is one byte of the mask. The frozen states keep frozensets of cards (their API); the engine
turns a hand into bits when a play statement starts and back when it ends.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Set as AbstractSet

from ..model.cards import DECK, Card, Suit

#: The bit of each card.
BIT: Final[dict[Card, int]] = {card: 1 << index for index, card in enumerate(DECK)}
#: The bits of each suit's eight cards, by suit (an IntEnum, so a list index).
SUIT_BITS: Final[tuple[int, ...]] = tuple(sum(BIT[c] for c in DECK if c.suit == suit) for suit in Suit)


def bits_of(cards: AbstractSet[Card]) -> int:
    """The mask of a set of ``cards`` (distinct, so that adding their bits, done in C, is their union)."""
    return sum(map(_bit, cards))


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of the mask ``bits``, in the deck's order: :func:`bits_of` read back."""
    return tuple(card for card in DECK if BIT[card] & bits)


_bit: Final = BIT.__getitem__
