"""The cards as they were played, with glyphs, comments and variations, and claims."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from .annotations import Comments, Glyph, span_field
from .cards import Card
from .span import Span


@attrs.frozen(slots=True)
class Variation:
    """An alternative to the card it follows and to everything after it (NOTATION.md §3)."""

    cards: tuple[PlayedCard, ...]
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class PlayedCard:
    """A card in ``play`` with what was written after it."""

    card: Card
    glyph: Glyph | None = None
    comments: Comments = ()
    variations: tuple[Variation, ...] = ()
    span: Span | None = span_field()


class PlayLine(Sequence[PlayedCard]):
    """The cards of a ``play`` statement, kept compact: the cards themselves, three numbers for the
    span of each (its line and columns: a card is one word) and only the annotated cards as records.
    A sequence of :class:`PlayedCard` made on demand; equal to another line or a tuple with the same
    cards, glyphs, comments and variations (spans apart, as every record)."""

    __slots__ = ("plain", "_places", "_notes")

    plain: tuple[Card, ...]                           #: the cards alone, for the engine
    _places: array[int]                               # line, column, end column per card; line 0: no span
    _notes: dict[int, PlayedCard] | None              # by index, the cards with a glyph, comments or
    #                                                   variations (or an unusual span) as they were given

    def __init__(self, cards: Iterable[PlayedCard] = ()) -> None:
        plain, places, notes = [], array("I"), {}
        for index, pc in enumerate(cards):
            plain.append(pc.card)
            span = pc.span
            if span is not None and 0 < span[0] == span[2] < _LIMIT and 0 <= span[1] < _LIMIT and 0 <= span[3] < _LIMIT:
                places.extend((span[0], span[1], span[3]))
            else:
                places.extend((0, 0, 0))
                if span is not None:
                    notes[index] = pc  # a span no card read from text has: kept as it is
                    continue
            if pc.glyph is not None or pc.comments or pc.variations:
                notes[index] = pc
        self.plain, self._places, self._notes = tuple(plain), places, notes or None

    @classmethod
    def of_cards(cls, plain: tuple[Card, ...], places: array[int],
                 notes: dict[int, PlayedCard] | None = None) -> PlayLine:
        """A line straight from its cards, their places (line, column, end column for each) and the
        annotated cards by index (each with its span): the fast reader's way, with no record made for
        a card without a glyph, comment or variation."""
        line = cls.__new__(cls)
        line.plain, line._places, line._notes = plain, places, notes or None
        return line

    @property
    def has_variations(self) -> bool:
        return self._notes is not None and any(pc.variations for pc in self._notes.values())

    def span_of(self, index: int) -> Span | None:
        """The span of the card at ``index``."""
        places = self._places
        line = places[3 * index]
        if line == 0:
            return None
        return _new_span(Span, (line, places[3 * index + 1], line, places[3 * index + 2]))

    def _made(self, index: int) -> PlayedCard:
        noted = None if self._notes is None else self._notes.get(index)
        return noted if noted is not None else PlayedCard(self.plain[index], None, (), (), self.span_of(index))

    def __len__(self) -> int:
        return len(self.plain)

    @overload
    def __getitem__(self, index: int) -> PlayedCard: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[PlayedCard, ...]: ...

    def __getitem__(self, index: int | slice) -> PlayedCard | tuple[PlayedCard, ...]:
        if isinstance(index, slice):
            return tuple(self._made(i) for i in range(*index.indices(len(self.plain))))
        count = len(self.plain)
        if not -count <= index < count:
            raise IndexError("card index out of range")
        return self._made(index % count)

    def __iter__(self) -> Iterator[PlayedCard]:
        return (self._made(i) for i in range(len(self.plain)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlayLine):
            if not self._notes and not other._notes:
                return self.plain == other.plain
            return self.plain == other.plain and tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return len(other) == len(self.plain) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.plain)  # equal lines have equal cards

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PlayLine, (tuple(self),))


_new_span = tuple.__new__
_LIMIT = 1 << 32  # the places are unsigned 32-bit numbers


def play_line(cards: Iterable[PlayedCard]) -> PlayLine:
    """``cards`` as a :class:`PlayLine` (the converter of ``Play.cards``)."""
    return cards if type(cards) is PlayLine else PlayLine(cards)


@attrs.frozen(slots=True)
class Play:
    """The ``play`` statement. Tricks are the cards taken three at a time."""

    cards: PlayLine = attrs.field(converter=play_line)
    comments: Comments = ()
    span: Span | None = span_field()

    def tricks(self) -> list[tuple[PlayedCard, ...]]:
        """The played cards grouped into tricks of three (the last one may be incomplete)."""
        return [self.cards[i : i + 3] for i in range(0, len(self.cards), 3)]


@attrs.frozen(slots=True)
class ClaimShare:
    """Tricks a player takes of those not played; ``None`` means all of them."""

    player: str
    tricks: int | None = None
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Claim:
    """The ``claim`` statement: play stopped and the remaining tricks go as stated."""

    shares: tuple[ClaimShare, ...]
    comments: Comments = ()
    span: Span | None = span_field()
