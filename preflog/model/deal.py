"""One deal as written: its header and its statements, each optional (NOTATION.md §3)."""

from __future__ import annotations

import enum
from decimal import Decimal

import attrs

from .annotations import Comments, span_field
from .auction import Bids, Contract
from .cards import Card
from .defence import Defence
from .hand import Hand
from .play import Claim, Play
from .span import Span


@attrs.frozen(slots=True)
class HandEntry:
    """One active player's hand; ``hand`` is ``None`` when it is not known (``?``)."""

    player: str
    hand: Hand | None
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Hands:
    """The ``hands`` statement, entries in bidding order (eldest hand first)."""

    entries: tuple[HandEntry, ...]
    span: Span | None = span_field()

    def of(self, player: str) -> Hand | None:
        """The hand of ``player`` (``None`` if unknown); ``KeyError`` if the player holds none."""
        for entry in self.entries:
            if entry.player == player:
                return entry.hand
        raise KeyError(player)


@attrs.frozen(slots=True)
class Talon:
    """The two talon (widow) cards; ``cards`` is ``None`` when they are not known (``?``)."""

    cards: tuple[Card, ...] | None
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Discard:
    """The declarer's two discarded cards; ``cards`` is ``None`` when they are not known (``?``)."""

    cards: tuple[Card, ...] | None
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class PlayerTricks:
    """Tricks one player took."""

    player: str
    tricks: int
    span: Span | None = span_field()
    tricks_span: Span | None = span_field()  #: the number


class ResultKind(enum.Enum):
    """The three ways to write a result: every player's tricks, the declarer's, or relative."""

    TRICKS = "tricks"
    DECLARER = "declarer"
    RELATIVE = "relative"


@attrs.frozen(slots=True)
class Result:
    """The ``result`` statement.

    ``TRICKS``: ``tricks`` per player; ``DECLARER``: ``count`` tricks for the declarer;
    ``RELATIVE``: ``count`` over (+) or under (−) the contract, 0 for ``=``.
    """

    kind: ResultKind
    tricks: tuple[PlayerTricks, ...] = ()
    count: int | None = None
    comments: Comments = ()
    span: Span | None = span_field()
    count_span: Span | None = span_field()  #: the number or ``=`` of a short result


def write_result(result: Result) -> str:
    """Writing: a result after its keyword, ``Anna 6 Boris 2 Vera 2``, ``7``, ``=``, ``-1``."""
    if result.kind is ResultKind.TRICKS:
        return " ".join(f"{t.player} {t.tricks}" for t in result.tricks)
    if result.kind is ResultKind.DECLARER:
        return str(result.count)
    count = result.count or 0
    return "=" if count == 0 else f"{count:+d}"


def write_penalty(penalty: Penalty) -> str:
    """Writing: a penalty after its keyword, ``Boris mountain 1``, ``Anna whists Boris 10``."""
    target = f" {penalty.target}" if penalty.kind is PenaltyKind.WHISTS else ""
    return f"{penalty.player} {penalty.kind.value}{target} {penalty.amount}"


def write_checkpoint(sheet: Checkpoint) -> str:
    """Writing: a ``sheet`` after its keyword, ``Anna pool 12 mountain 4 whists Boris 36; Boris …``."""
    entries = []
    for e in sheet.entries:
        words = [e.player]
        if e.pool is not None:
            words += ["pool", str(e.pool)]
        if e.mountain is not None:
            words += ["mountain", str(e.mountain)]
        if e.whists is not None:
            words.append("whists")
            for w in e.whists:
                words += [w.player, str(w.amount)]
        entries.append(" ".join(words))
    return "; ".join(entries)


class PenaltyKind(enum.Enum):
    POOL = "pool"
    MOUNTAIN = "mountain"
    WHISTS = "whists"


@attrs.frozen(slots=True)
class Penalty:
    """A manual entry on the score sheet; with ``WHISTS``, ``player`` writes on ``target``."""

    player: str
    kind: PenaltyKind
    amount: Decimal
    target: str | None = None
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class CheckpointWhist:
    """Whists one player has written on ``player``."""

    player: str
    amount: Decimal
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class CheckpointEntry:
    """One player's line of a ``sheet`` checkpoint; fields not written are ``None``."""

    player: str
    pool: Decimal | None = None
    mountain: Decimal | None = None
    whists: tuple[CheckpointWhist, ...] | None = None
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Checkpoint:
    """The ``sheet`` statement: the score sheet as written on paper after this deal."""

    entries: tuple[CheckpointEntry, ...]
    comments: Comments = ()
    span: Span | None = span_field()

    def named(self) -> list[CheckpointEntry | CheckpointWhist]:
        """Each line and each whists pair, in order: the records that open on a player's name."""
        out: list[CheckpointEntry | CheckpointWhist] = []
        for line in self.entries:
            out.append(line)
            out.extend(line.whists or ())
        return out


@attrs.frozen(slots=True)
class Deal:
    """A deal: its number and dealer (as written, or as the notation implies) and its statements;
    ``preface`` the comments written on lines of their own between the deal before and this one."""

    number: int
    dealer: str
    comments: Comments = ()
    hands: Hands | None = None
    talon: Talon | None = None
    bids: Bids | None = None
    discard: Discard | None = None
    contract: Contract | None = None
    defence: Defence | None = None
    play: Play | None = None
    claim: Claim | None = None
    result: Result | None = None
    penalties: tuple[Penalty, ...] = ()
    checkpoint: Checkpoint | None = None       # the `sheet` statement
    span: Span | None = span_field()
    dealer_span: Span | None = span_field()    #: the dealer's name, when the header names one
    preface: Comments = ()
