"""The records of a piece as written, before the game gives them their context (players, numbers,
dealers): what the grammar's callbacks (:mod:`.transform`) and the fast path (:mod:`.fast`) both build
and :mod:`.validate` completes. Free of Lark, so that reading canonical text never loads it."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, NamedTuple

from ..model.annotations import Comment
from ..model.auction import Bids, Contract
from ..model.deal import Checkpoint, Discard, Penalty, Result, Talon
from ..model.defence import Defence
from ..model.game import Tag
from ..model.hand import Hand
from ..model.play import Claim, Play
from ..model.span import Span

Problem = tuple[Span, str]
_UNESCAPE = re.compile(r'\\([\\"])')

#: A tag as the grammar's TAG terminal reads it: its name and its value as written (escapes kept).
TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_.]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')


#: The field of :class:`~preflog.model.deal.Deal` each kind of statement record fills.
FIELD_OF: dict[type, str] = {
    Talon: "talon", Bids: "bids", Discard: "discard", Contract: "contract", Defence: "defence",
    Play: "play", Claim: "claim", Result: "result", Checkpoint: "checkpoint",
}


def unescape_tag(value: str) -> str:
    r"""A tag value as meant: only ``\\`` and ``\"`` are escapes (``C:\games`` keeps its backslash)."""
    return _UNESCAPE.sub(r"\1", value)


class Flagged(NamedTuple):
    """A record with the problems found in it and the player names it holds whose place its own span
    does not give (a contract's declarer, a penalty's players), for the validation pass."""

    record: Any
    problems: tuple[Problem, ...] = ()
    names: tuple[tuple[str, Span], ...] = ()


class RawTags(NamedTuple):
    """The tag block as written: every tag in order (a tag given twice too), its comments and span."""

    tags: tuple[Tag, ...]
    comments: tuple[Comment, ...]
    span: Span


class RawHand(NamedTuple):
    """One entry of ``hands`` as written: its prefix (name and span, if any), the hand (``None`` for
    ``?``; ``missing`` when a prefix has no hand after it), comments and span."""

    prefix: tuple[str, Span] | None
    hand: Hand | None
    comments: tuple[Comment, ...]
    span: Span
    missing: bool = False


class RawHands(NamedTuple):
    entries: tuple[RawHand, ...]
    span: Span


class RawDeal(NamedTuple):
    """A deal as written, before the game's context gives it its number, dealer and hand owners."""

    head: Span
    number: tuple[Decimal, str, Span] | None  # the value, as written, where (its form checked here)
    dealer: tuple[str, Span] | None
    comments: tuple[Comment, ...]
    hands: RawHands | None
    statements: dict[str, Any]
    penalties: tuple[Penalty, ...]
    span: Span
    problems: tuple[Problem, ...]
    names: tuple[tuple[str, Span], ...]
