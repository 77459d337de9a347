"""Suits, ranks and cards (Code 2.2.2) and all their accepted spellings (NOTATION.md §1)."""

from __future__ import annotations

import enum

import attrs

from ..i18n import _
from .limits import shorten


class Suit(enum.IntEnum):
    """The four suits in ladder order: spades < clubs < diamonds < hearts (Code 2.2.2)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    __hash__ = int.__hash__  # as the int it equals (Enum hashes the name, in Python)

    @property
    def letter(self) -> str:
        """The canonical spelling: ``s c d h``."""
        return SUIT_NAMES[self][0]

    @property
    def symbol(self) -> str:
        """The spelling with a symbol: ``♠ ♣ ♦ ♥``."""
        return SUIT_NAMES[self][1]


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

    __hash__ = int.__hash__

    @property
    def letter(self) -> str:
        """The canonical spelling: ``7 8 9 T J Q K A``."""
        return RANK_NAMES[self][0]


#: The one table of suit spellings (NOTATION.md §1): the canonical letter, the symbol written with
#: ``unicode=True``, then every other spelling the reader accepts (hollow symbols, Cyrillic).
SUIT_NAMES: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("s", "♠", "♤", "п"),
    Suit.CLUBS: ("c", "♣", "♧", "т"),
    Suit.DIAMONDS: ("d", "♦", "♢", "б"),
    Suit.HEARTS: ("h", "♥", "♡", "ч"),
}

#: The one table of rank spellings: the canonical one first. Cyrillic Т is the ace; Latin T the ten.
RANK_NAMES: dict[Rank, tuple[str, ...]] = {
    Rank.SEVEN: ("7",), Rank.EIGHT: ("8",), Rank.NINE: ("9",), Rank.TEN: ("T", "10"),
    Rank.JACK: ("J", "В"), Rank.QUEEN: ("Q", "Д"), Rank.KING: ("K", "К"), Rank.ACE: ("A", "Т"),
}

#: Reading: every spelling of a suit and of a rank, from the tables above.
SUIT_SPELLINGS: dict[str, Suit] = {name: suit for suit, names in SUIT_NAMES.items() for name in names}
RANK_SPELLINGS: dict[str, Rank] = {name: rank for rank, names in RANK_NAMES.items() for name in names}


@attrs.frozen(slots=True, eq=False, init=False)  # one object per card: equality and hash are identity's
class Card:
    """One of the 32 cards. There is one object per card: ``Card(Rank.ACE, Suit.SPADES)`` is the
    ace of spades of :data:`DECK`, and cards compare and hash as fast as any object (the engine's
    sets of cards ask for millions of hashes)."""

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        found = _BY_PAIR.get((rank, suit))
        if found is not None:
            return found
        made = super().__new__(cls)
        object.__setattr__(made, "rank", rank)
        object.__setattr__(made, "suit", suit)
        return made

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))  # a copy or an unpickled card is the one card

    def __str__(self) -> str:
        return write_card(self)

    def unicode(self) -> str:
        """The card with a suit symbol, e.g. ``A♥``."""
        return write_card(self, unicode=True)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order: suits in ladder order, ranks from high to low."""
        return (self.suit, -self.rank)


_BY_PAIR: dict[tuple[Rank, Suit], Card] = {}

#: The 32-card deck in canonical order.
DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in sorted(Rank, reverse=True)
)

_BY_PAIR.update({(c.rank, c.suit): c for c in DECK})


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
    """Reading: the card spelled ``text`` in any accepted spelling; ``ValueError`` if there is none."""
    try:
        return CARD_SPELLINGS[text]
    except KeyError:
        raise ValueError(_("not a card: {text!r}").format(text=shorten(text))) from None


def write_card(c: Card, unicode: bool = False) -> str:
    """Writing: the canonical spelling (``Ah``), or with the suit symbol (``A♥``)."""
    return RANK_NAMES[c.rank][0] + SUIT_NAMES[c.suit][1 if unicode else 0]


def suit_name(suit: Suit) -> str:
    """The suit's name in the current language: spades, пики."""
    from ..i18n import pgettext

    return (pgettext("suit", "spades"), pgettext("suit", "clubs"), pgettext("suit", "diamonds"),
            pgettext("suit", "hearts"))[suit]


def suit_name_after_no(suit: Suit) -> str:
    """The suit's name after "no" (Russian declines it): no spades, нет пик."""
    from ..i18n import pgettext

    return (pgettext("no suit", "spades"), pgettext("no suit", "clubs"), pgettext("no suit", "diamonds"),
            pgettext("no suit", "hearts"))[suit]
