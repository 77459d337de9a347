"""Suits, ranks and cards (Code 2.2.2) and all their accepted spellings (NOTATION.md §1)."""

from __future__ import annotations

import enum

import attrs


class Suit(enum.IntEnum):
    """The four suits in ladder order: spades < clubs < diamonds < hearts (Code 2.2.2)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "scdh"[self]

    @property
    def symbol(self) -> str:
        return "♠♣♦♥"[self]


class Rank(enum.IntEnum):
    """Card ranks from the seven to the ace."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "789TJQKA"[self - 7]


#: Every accepted spelling of a suit: ASCII, Unicode (filled and hollow), Cyrillic.
SUIT_SPELLINGS: dict[str, Suit] = {
    "s": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS,
    "♠": Suit.SPADES, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS,
    "♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS,
    "п": Suit.SPADES, "т": Suit.CLUBS, "б": Suit.DIAMONDS, "ч": Suit.HEARTS,
}

#: Every accepted spelling of a rank. Cyrillic Т is the ace; Latin T is the ten.
RANK_SPELLINGS: dict[str, Rank] = {
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "10": Rank.TEN,
    "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    "В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE,
}


@attrs.frozen(slots=True, order=False, cache_hash=True)  # cards fill the engine's sets: hash once
class Card:
    """One of the 32 cards. Use :func:`card` or :data:`DECK`; there is one object per card."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def unicode(self) -> str:
        """The card with a suit symbol, e.g. ``A♥``."""
        return self.rank.letter + self.suit.symbol

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order: suits in ladder order, ranks from high to low."""
        return (self.suit, -self.rank)


#: The 32-card deck in canonical order.
DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in sorted(Rank, reverse=True)
)

_BY_PAIR: dict[tuple[Rank, Suit], Card] = {(c.rank, c.suit): c for c in DECK}


def card_of(rank: Rank, suit: Suit) -> Card:
    """The one card object of ``rank`` and ``suit``."""
    return _BY_PAIR[rank, suit]

#: Every spelling of every card, e.g. ``"Тп"``, ``"10♠"``, ``"Ts"``.
CARD_SPELLINGS: dict[str, Card] = {
    r + s: _BY_PAIR[rank, suit]
    for r, rank in RANK_SPELLINGS.items()
    for s, suit in SUIT_SPELLINGS.items()
}


def card(text: str) -> Card:
    """The card spelled ``text`` in any accepted spelling; ``ValueError`` if there is none."""
    try:
        return CARD_SPELLINGS[text]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None
