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

    @property
    def word(self) -> str:
        """The call without its modifiers, as messages name it: ``6s``, ``mis``, ``pass``, ``here``."""
        return str(self.bid) if self.kind is CallKind.BID and self.bid is not None else self.kind.value

    def __str__(self) -> str:
        return write_call(self)


#: The modifiers written before a call (NOTATION.md §3, "Calls"); the other call words are the
#: values of :class:`CallKind` and the spellings of the bids.
DARK_WORD, HAND_WORD = "dark", "hand"
#: The word before a ten that makes it a totus (Classic, seed 000 §6.3): ``contract totus 10nt``.
TOTUS_WORD = "totus"


def write_call(call: Call, unicode: bool = False) -> str:
    """Writing: the modifiers and the word of a call, ``dark 6s``, ``hand 9♥`` (no prefix, glyph or comment)."""
    word = call.bid.unicode() if unicode and call.kind is CallKind.BID and call.bid is not None else call.word
    return " ".join([DARK_WORD] * call.dark + [HAND_WORD] * call.hand + [word])


@attrs.frozen(slots=True)
class Bids:
    """The ``bids`` statement: the calls in the order they were made."""

    calls: tuple[Call, ...]
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Contract:
    """The ``contract`` statement. ``declarer`` is the prefix as written, if any; ``totus`` a Classic
    totus (``contract totus 10nt``, seed 000 §6.3), ``helped`` the partners it closes on a bomb (§7.2)."""

    bid: Bid
    declarer: str | None = None
    glyph: Glyph | None = None
    comments: Comments = ()
    span: Span | None = span_field()
    bid_span: Span | None = span_field()  #: the contract's value (``7h``, ``mis``)
    totus: bool = False
    helped: tuple[str, ...] = ()
