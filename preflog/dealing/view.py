"""The deal as a condition sees it: the hands in bidding order, the talon, and the solver's answers.

A hand is a :class:`HandView`: its suits (``spades``, ``clubs``, ``diamonds``, ``hearts``: the cards of
one suit, high to low, with ``len``, ``in`` and iteration), its ``shape`` (the four suits' lengths in
ladder order, ♠ ♣ ♦ ♥) and its ``pattern`` (the same lengths, longest first). A card is asked about as
a :class:`~preflog.Card` or in any spelling the notation reads (``"As"``, ``"A♠"``, ``"10♠"``, ``"Тп"``).

:class:`DealView` holds the hands and asks the solver of :mod:`preflog.analysis.odds`, unchanged, for
``tricks(hand, strain)`` (the most tricks ``hand`` takes declaring ``strain`` with the talon, his best
discard and best play on all sides; the first hand leads) and ``misere(hand)`` (the fewest he takes on
a misère with his best discard against the best catching defence); each answer is worked out once a
deal, whatever the number of times it is asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..analysis.odds import MISERE, Goal, Layout, goal_tricks
from ..game.bits import BIT, SUIT_BITS, cards_of
from ..i18n import _
from ..model.cards import CARD_SPELLINGS, SUIT_SPELLINGS, Card, Suit, card

#: The spellings of no-trump a strain may take (besides each suit's, :data:`SUIT_SPELLINGS`).
NO_TRUMP_SPELLINGS: Final = ("nt", "бк")
#: The bit of each card by every spelling of it.
_BIT_OF_TEXT: Final[dict[str, int]] = {text: BIT[c] for text, c in CARD_SPELLINGS.items()}


def card_bit(item: Card | str) -> int:
    """The bit of a card given as a :class:`Card` or spelled (``"As"``, ``"A♠"``, ``"Тп"``);
    ``ValueError`` for a text that is no card."""
    if isinstance(item, Card):
        return BIT[item]
    bit = _BIT_OF_TEXT.get(item)
    if bit is None:
        return BIT[card(item)]  # raises the reader's own message
    return bit


def strain_of(text: str) -> Suit | None:
    """The trump a strain names: ``s c d h`` (``♠ ♣ ♦ ♥``, ``п т б ч``) a suit, ``nt`` (``БК``) none, in either case;
    ``ValueError`` for anything else."""
    word = text.lower()
    if word in NO_TRUMP_SPELLINGS:
        return None
    suit = SUIT_SPELLINGS.get(word)
    if suit is None:
        raise ValueError(_("not a strain: {text!r}").format(text=text[:10]))
    return suit


class SuitCards:
    """The cards a hand holds in one suit, high to low: ``len``, ``in`` (a card or its spelling) and
    iteration."""

    __slots__ = ("bits",)

    def __init__(self, bits: int) -> None:
        self.bits = bits

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, item: object) -> bool:
        return isinstance(item, (Card, str)) and _has(self.bits, item)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.bits))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SuitCards) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return f"SuitCards({' '.join(map(str, self))})"


def _has(bits: int, item: Card | str) -> bool:
    return bool(bits & card_bit(item))


class HandView:
    """A hand (or the talon) as a condition sees it; ``seat`` is its place in bidding order (0 for the
    first hand), ``None`` for the talon and for the dealer at four, who holds no cards."""

    __slots__ = ("bits", "seat")

    def __init__(self, bits: int, seat: int | None) -> None:
        self.bits = bits
        self.seat = seat

    @property
    def spades(self) -> SuitCards:
        """The spades, high to low."""
        return SuitCards(self.bits & SUIT_BITS[Suit.SPADES])

    @property
    def clubs(self) -> SuitCards:
        """The clubs, high to low."""
        return SuitCards(self.bits & SUIT_BITS[Suit.CLUBS])

    @property
    def diamonds(self) -> SuitCards:
        """The diamonds, high to low."""
        return SuitCards(self.bits & SUIT_BITS[Suit.DIAMONDS])

    @property
    def hearts(self) -> SuitCards:
        """The hearts, high to low."""
        return SuitCards(self.bits & SUIT_BITS[Suit.HEARTS])

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """The suits' lengths in ladder order: spades, clubs, diamonds, hearts."""
        b = self.bits
        return ((b & 0xFF).bit_count(), (b >> 8 & 0xFF).bit_count(), (b >> 16 & 0xFF).bit_count(),
                (b >> 24 & 0xFF).bit_count())

    @property
    def pattern(self) -> tuple[int, ...]:
        """The suits' lengths, longest first (``(4, 3, 2, 1)``, whichever suit is which)."""
        return tuple(sorted(self.shape, reverse=True))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in the notation's order (suits in ladder order, high to low)."""
        return cards_of(self.bits)

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, item: object) -> bool:
        return isinstance(item, (Card, str)) and _has(self.bits, item)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.bits))

    def __repr__(self) -> str:
        return f"HandView({' '.join(map(str, self))})"


#: The names of a hand's attributes a condition may read.
HAND_ATTRIBUTES: Final = ("spades", "clubs", "diamonds", "hearts", "shape", "pattern")


class DealView:
    """One deal: ``first``, ``second``, ``third`` (the hands in bidding order; ``first`` leads), ``talon``,
    ``dealer`` (the third hand at three; at four the fourth seat, who holds no cards, Code 3.2.10, as does
    ``fourth``), and the solver's :meth:`tricks` and :meth:`misere`, each answer worked out once."""

    __slots__ = ("first", "second", "third", "fourth", "dealer", "talon", "players", "_solved")

    def __init__(self, hands: tuple[int, int, int], talon: int, players: int = 3) -> None:
        self.first, self.second, self.third = (HandView(bits, seat) for seat, bits in enumerate(hands))
        self.talon = HandView(talon, None)
        self.players = players
        self.fourth: HandView | None = HandView(0, None) if players == 4 else None
        self.dealer = self.fourth if self.fourth is not None else self.third
        self._solved: dict[tuple[int, Goal], int] = {}

    @property
    def hands(self) -> tuple[HandView, HandView, HandView]:
        """The three hands in bidding order."""
        return self.first, self.second, self.third

    def tricks(self, hand: HandView, strain: str | Suit | None) -> int:
        """The most tricks ``hand`` (one of the three) takes declaring ``strain`` (``"s"`` … ``"h"``,
        ``"nt"``, or a :class:`Suit`, ``None`` for no-trump) with the talon, his best discard and best
        play on all sides; the first hand leads."""
        return self._solve(hand, strain_of(strain) if isinstance(strain, str) else strain)

    def misere(self, hand: HandView) -> int:
        """The fewest tricks ``hand`` (one of the three) takes on a misère with the talon and his best
        discard, against the best catching defence; the first hand leads."""
        return self._solve(hand, MISERE)

    def _solve(self, hand: HandView, goal: Goal) -> int:
        seat = self._seat(hand)
        key = (seat, goal)
        found = self._solved.get(key)
        if found is None:
            hands = (self.first.bits, self.second.bits, self.third.bits)
            layout = Layout(hands[(seat + 1) % 3], hands[(seat + 2) % 3], self.talon.bits)
            found = self._solved[key] = goal_tricks(hands[seat], seat, [goal], layout)[0]
        return found

    def _seat(self, hand: HandView) -> int:
        if hand.seat is None or hand is not self.hands[hand.seat]:
            raise ValueError(_("the solver asks about one of the hands dealt: first, second or third"))
        return hand.seat


__all__ = ["DealView", "HAND_ATTRIBUTES", "HandView", "NO_TRUMP_SPELLINGS", "SuitCards", "card_bit", "strain_of"]
