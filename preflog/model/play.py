"""The cards as they were played, with glyphs, comments and variations, and claims."""

from __future__ import annotations

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


@attrs.frozen(slots=True)
class Play:
    """The ``play`` statement. Tricks are the cards taken three at a time."""

    cards: tuple[PlayedCard, ...]
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
