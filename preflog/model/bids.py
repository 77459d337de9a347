"""Bids on the ladder (Code 2.2.2), with misère between 8NT and 9♠ (Code 3.6.4)."""

from __future__ import annotations

import enum
import functools

import attrs

from .cards import SUIT_SPELLINGS, Suit


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
        return ("s", "c", "d", "h", "nt")[self]

    @property
    def symbol(self) -> str:
        return ("♠", "♣", "♦", "♥", "nt")[self]


@functools.total_ordering
@attrs.frozen(slots=True, order=False)
class Bid:
    """A step of the bidding ladder: a level 6–10 and a strain, or misère (``level`` 0).

    Bids compare by their place on the ladder: ``Bid.parse("8nt") < MISERE < Bid.parse("9s")``.
    """

    level: int
    strain: Strain | None

    @property
    def is_misere(self) -> bool:
        return self.strain is None

    @property
    def ladder_index(self) -> int:
        """0 for 6♠ … 14 for 8NT, 15 for misère, 16 for 9♠ … 25 for 10NT."""
        if self.strain is None:
            return 15
        index = (self.level - 6) * 5 + self.strain
        return index + 1 if self.level >= 9 else index

    @property
    def price(self) -> int:
        """The price of the game (Code 2.2.2): 6→2, 7→4, 8→6, 9→8, 10→10, misère→10."""
        return 10 if self.strain is None else (self.level - 5) * 2

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.ladder_index < other.ladder_index

    def __str__(self) -> str:
        return "mis" if self.strain is None else f"{self.level}{self.strain.letter}"

    def unicode(self) -> str:
        """The bid with a suit symbol, e.g. ``7♥``."""
        return "mis" if self.strain is None else f"{self.level}{self.strain.symbol}"

    @staticmethod
    def parse(text: str) -> Bid:
        """The bid spelled ``text`` (``6s``, ``7♥``, ``8нт``…); ``ValueError`` if there is none."""
        try:
            return BID_SPELLINGS[text]
        except KeyError:
            raise ValueError(f"not a bid: {text!r}") from None


MISERE = Bid(0, None)

#: The ladder from 6♠ to 10NT with misère in its slot (Code 2.2.2, 3.6.4).
LADDER: tuple[Bid, ...] = tuple(
    sorted([Bid(level, strain) for level in range(6, 11) for strain in Strain] + [MISERE])
)

_STRAIN_SPELLINGS: dict[str, Strain] = {k: Strain(v) for k, v in SUIT_SPELLINGS.items()} | {
    "nt": Strain.NO_TRUMP, "NT": Strain.NO_TRUMP, "бк": Strain.NO_TRUMP, "БК": Strain.NO_TRUMP,
}

_BY_PAIR = {(b.level, b.strain): b for b in LADDER}

#: Every spelling of every bid, misère included.
BID_SPELLINGS: dict[str, Bid] = {
    f"{level}{spelling}": _BY_PAIR[level, strain]
    for level in range(6, 11)
    for spelling, strain in _STRAIN_SPELLINGS.items()
} | {"mis": MISERE, "misere": MISERE, "мизер": MISERE}
