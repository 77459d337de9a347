"""The auction as written: calls in the ``bids`` statement and the final ``contract``."""

from __future__ import annotations

import enum

import attrs

from .annotations import Comments, Glyph, span_field
from .bids import Bid
from .span import Span


class CallKind(enum.Enum):
    """What a call says: pass, a bid on the ladder, or "here" (Code 3.3.8)."""

    PASS = "pass"
    BID = "bid"
    HERE = "here"


@attrs.frozen(slots=True)
class Call:
    """One call of the auction.

    ``player`` is the ``Player:`` prefix as written (``None`` when the call was not prefixed);
    ``dark`` and ``hand`` are the modifiers of the conventions that have them (Code 3.3.19).
    """

    kind: CallKind
    bid: Bid | None = None
    player: str | None = None
    dark: bool = False
    hand: bool = False
    glyph: Glyph | None = None
    comments: Comments = ()
    span: Span | None = span_field()

    def __str__(self) -> str:
        word = str(self.bid) if self.kind is CallKind.BID else self.kind.value
        return " ".join(["dark"] * self.dark + ["hand"] * self.hand + [word])


@attrs.frozen(slots=True)
class Bids:
    """The ``bids`` statement: the calls in the order they were made."""

    calls: tuple[Call, ...]
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Contract:
    """The ``contract`` statement. ``declarer`` is the prefix as written, if any."""

    bid: Bid
    declarer: str | None = None
    glyph: Glyph | None = None
    comments: Comments = ()
    span: Span | None = span_field()
