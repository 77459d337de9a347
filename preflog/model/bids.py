"""Bids on the ladder (Code 2.2.2), with misère between 8NT and 9♠ (Code 3.6.4)."""

from __future__ import annotations

import enum

import attrs

from ..i18n import _
from .cards import SUIT_NAMES, Suit
from .limits import shorten


class Strain(enum.IntEnum):
    """The trump of a contract: a suit in ladder order, then no-trump."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4

    @property
    def suit(self) -> Suit | None:
        return None if self is Strain.NO_TRUMP else Suit(self)

    @property
    def letter(self) -> str:
        """The canonical spelling: ``s c d h nt``."""
        return STRAIN_NAMES[self][0]

    @property
    def symbol(self) -> str:
        """The spelling written with ``unicode=True``: ``♠ ♣ ♦ ♥ nt``."""
        return STRAIN_NAMES[self][1]


def _ladder_index(level: int, strain: Strain | None) -> int:
    if strain is None:
        return 15
    index = (level - 6) * 5 + strain
    return index + 1 if level >= 9 else index


@attrs.frozen(slots=True, order=False)
class Bid:
    """A step of the bidding ladder: a level 6–10 and a strain, or misère (``level`` 0).

    Bids compare by their place on the ladder: ``Bid.parse("8nt") < MISERE < Bid.parse("9s")``.
    """

    level: int
    strain: Strain | None
    # the place on the ladder, worked out once: every call of an auction is compared with the high bid
    _index: int = attrs.field(init=False, eq=False, repr=False)
    #: misère: the bid without a strain. A field set once, not a property: the auction's checks and
    #: the scorer ask it of every call (a property is a call into the interpreter from compiled code)
    is_misere: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", _ladder_index(self.level, self.strain))
        object.__setattr__(self, "is_misere", self.strain is None)

    @property
    def ladder_index(self) -> int:
        """0 for 6♠ … 14 for 8NT, 15 for misère, 16 for 9♠ … 25 for 10NT."""
        return self._index

    @property
    def price(self) -> int:
        """The price of the game (Code 2.2.2): 6→2, 7→4, 8→6, 9→8, 10→10, misère→10."""
        return 10 if self.strain is None else (self.level - 5) * 2

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self._index < other._index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self._index <= other._index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self._index > other._index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self._index >= other._index

    def __str__(self) -> str:
        return write_bid(self)

    def unicode(self) -> str:
        """The bid with a suit symbol, e.g. ``7♥``."""
        return write_bid(self, unicode=True)

    @staticmethod
    def parse(text: str) -> Bid:
        """Reading: the bid spelled ``text`` (``6s``, ``7♥``, ``8бк``…); ``ValueError`` if there is none."""
        try:
            return BID_SPELLINGS[text]
        except KeyError:
            raise ValueError(_("not a bid: {text!r}").format(text=shorten(text))) from None


MISERE = Bid(0, None)

#: The ladder from 6♠ to 10NT with misère in its slot (Code 2.2.2, 3.6.4).
LADDER: tuple[Bid, ...] = tuple(
    sorted([Bid(level, strain) for level in range(6, 11) for strain in Strain] + [MISERE])
)

_BY_PAIR = {(b.level, b.strain): b for b in LADDER}

#: The one table of strain spellings (NOTATION.md §3, "Calls"): the canonical one, the one written
#: with ``unicode=True``, then the others the reader accepts. A suit's are the suit's own.
STRAIN_NAMES: dict[Strain, tuple[str, ...]] = {
    **{Strain(suit): names for suit, names in SUIT_NAMES.items()},
    Strain.NO_TRUMP: ("nt", "nt", "NT", "бк", "БК"),
}

#: The spellings of misère, the canonical one first.
MISERE_NAMES: tuple[str, ...] = ("mis", "misere", "мизер")

#: Reading: every spelling of every bid, misère included, from the tables above.
BID_SPELLINGS: dict[str, Bid] = {
    f"{level}{spelling}": _BY_PAIR[level, strain]
    for level in range(6, 11)
    for strain, names in STRAIN_NAMES.items() for spelling in names
} | {name: MISERE for name in MISERE_NAMES}


def write_bid(bid: Bid, unicode: bool = False) -> str:
    """Writing: ``7h`` (``7♥`` with ``unicode``), ``8nt``, ``mis``."""
    if bid.strain is None:
        return MISERE_NAMES[0]
    return f"{bid.level}{STRAIN_NAMES[bid.strain][1 if unicode else 0]}"

#: The module's public names (what other layers and the server may import).
__all__ = [
    "BID_SPELLINGS", "Bid", "LADDER", "MISERE", "MISERE_NAMES", "STRAIN_NAMES", "Strain", "write_bid",
]
