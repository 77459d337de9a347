"""A player's hand: a set of cards, written dotted (``AKQ.J9.-.T87``) or grouped by suit symbols."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from ..i18n import _
from .cards import RANK_SPELLINGS, SUIT_SPELLINGS, Card, Rank, Suit, card_of
from .limits import shorten


def _canonical(card: Card) -> tuple[int, int]:
    return (card.suit, -card.rank)


def parse_ranks(text: str) -> list[Rank] | None:
    """The ranks spelled in ``text`` (``"AK10"``, ``"ТКД"``), or ``None`` if a character is not a rank."""
    ranks: list[Rank] = []
    for _start, _end, rank in rank_places(text):
        if rank is None:
            return None
        ranks.append(rank)
    return ranks


def rank_places(text: str) -> Iterator[tuple[int, int, Rank | None]]:
    """Each rank spelled in ``text`` with where it stands (start, end), ``None`` for a character
    that is no rank; ``10`` is one rank of two characters."""
    i, n = 0, len(text)
    while i < n:
        size = 2 if text[i] in _LONG_STARTS and text[i:i + 2] in RANK_SPELLINGS else 1
        yield i, i + size, RANK_SPELLINGS.get(text[i:i + size])
        i += size


_LONG_STARTS = frozenset(s[0] for s in RANK_SPELLINGS if len(s) > 1)
_SUITS = tuple(Suit)  # iterating the enum itself costs a generator step per member


@attrs.frozen(slots=True)
class Hand:
    """A set of cards, kept in canonical order (ladder order of suits, high to low ranks).

    ``cards`` may hold a card twice only if a hand was built that way by hand; the reader
    reports such hands instead of building them.
    """

    cards: tuple[Card, ...] = attrs.field(converter=lambda cs: tuple(sorted(cs, key=_canonical)))  # type: ignore[var-annotated]

    @classmethod
    def from_dotted(cls, text: str) -> Hand:
        """Read ``spades.clubs.diamonds.hearts`` with ``-`` or nothing for a void."""
        parts = text.split(".")
        if len(parts) != 4:
            raise ValueError(_("a dotted hand has four suits: {text!r}").format(text=shorten(text)))
        cards: tuple[Card, ...] = ()
        ordered = True  # every suit written canonically: the cards are in canonical order already
        for suit, part in zip(_SUITS, parts):
            known = CANONICAL_PARTS[suit].get(part)
            if known is None:
                ranks = parse_ranks(part)
                if ranks is None:
                    raise ValueError(_("not a hand: {text!r}").format(text=shorten(text)))
                known = tuple(card_of(r, suit) for r in ranks)
                if "".join(r.letter for r in ranks) == part and all(a > b for a, b in zip(ranks, ranks[1:])):
                    CANONICAL_PARTS[suit][part] = known
                else:
                    ordered = False
            cards += known
        return cls.canonical(cards) if ordered else cls(cards)

    @classmethod
    def from_groups(cls, groups: Iterable[str]) -> Hand:
        """Read suit groups such as ``♠AKQ`` ``♥T87`` (any order)."""
        cards: list[Card] = []
        for group in groups:
            suit = SUIT_SPELLINGS.get(group[:1])
            rest = group[1:]
            ranks = [] if rest == "-" else parse_ranks(rest)
            if suit is None or ranks is None:
                raise ValueError(_("not a suit group: {group!r}").format(group=shorten(group)))
            cards.extend(card_of(r, suit) for r in ranks)
        return cls(tuple(cards))

    @classmethod
    def canonical(cls, cards: tuple[Card, ...]) -> Hand:
        """The hand of ``cards`` already in canonical order (the reader's hot path: no sorting)."""
        hand = object.__new__(cls)
        object.__setattr__(hand, "cards", cards)
        return hand

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, high to low."""
        return tuple(c for c in self.cards if c.suit == suit)

    def duplicates(self) -> tuple[Card, ...]:
        """Cards that stand in the hand more than once."""
        if len(frozenset(self.cards)) == len(self.cards):
            return ()
        seen: set[Card] = set()
        return tuple(c for c in self.cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]

    def dotted(self) -> str:
        """The canonical dotted form, ``-`` for a void."""
        return ".".join(
            "".join(c.rank.letter for c in self.suit(s)) or "-" for s in Suit
        )

    def grouped(self) -> str:
        """Suit groups with symbols, voids left out: ``♠AKQ ♣J9 ♥T87``."""
        groups = [
            s.symbol + "".join(c.rank.letter for c in self.suit(s)) for s in Suit if self.suit(s)
        ]
        return " ".join(groups) if groups else "-.-.-.-"

    def __str__(self) -> str:
        return self.dotted()


#: Per suit, the canonical spellings of its part of a dotted hand met so far (ranks high to low, ``-``
#: or nothing for a void) and their cards: filled as hands are read, 257 entries at most per suit.
CANONICAL_PARTS: tuple[dict[str, tuple[Card, ...]], ...] = tuple({"-": (), "": ()} for _ in Suit)
