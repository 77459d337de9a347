"""The notation's statements, each read and written in one place: its module holds its fast reading
(``read``: its words, cut by :mod:`..fast`, → its record), its Lark callbacks (the grammar's rules it
reads → its record, with the problems found at this level) and its writing (``write``: a spelling and
its record → its text), side by side (sgfmill's ``interpret_X``/``serialise_X`` table).

:data:`CODECS` is the table the three drivers dispatch through: :mod:`..fast` reads each statement
with the ``read`` its keyword opens, :mod:`..transform` makes each ``rules`` entry a callback of the
parser, :mod:`..write` writes a deal's statements with each ``write`` in this order. A test holds
every entry to all three, and each statement to reading the same both ways and writing back to itself.

A statement's ``write`` spells its values in the vocabulary it is given (:mod:`.spelling`, which the
fast path does not import) and lays out its comments and glyphs with :mod:`.layout`. The modules are
compiled with the fast path (``preflog/compiled.py``) but :mod:`.spelling`, whose Russian spelling is a
subclass, and this table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..vocabulary import STATEMENT_ORDER
from . import bids, claim, contract, deal, hands, penalty, play, result, sheet, tags, talon, whist


class Codec(NamedTuple):
    """One statement's three codecs."""

    #: its keyword (``tags``: the tag block; ``deal``: the deal's head, its number, dealer and comments)
    name: str
    #: the words that open it on the fast path (``whist`` also ``вист``)
    keywords: frozenset[str]
    #: the fast reading: its words (the tag block: its piece) → its record (``NotCanonical``: the grammar reads it)
    read: Callable[..., Any]
    #: the grammar's rules it reads, each with its callback: its children → its record
    rules: Mapping[str, Callable[[list[Any]], Any]]
    #: the writing: a spelling and its record → its text
    write: Callable[..., Any]
    #: the field of :class:`~preflog.model.deal.Deal` it fills (None: the tag block and the head)
    field: str | None = None
    #: whether a deal may have it more than once (a list in its field)
    repeats: bool = False


def _words(*keywords: str) -> frozenset[str]:
    return frozenset(keywords)


#: Every statement, in the order the notation writes them (the tag block and the deal's head first).
CODECS: tuple[Codec, ...] = (
    Codec("tags", _words("tags"), tags.read, {"tags": tags.tags}, tags.write),
    Codec("deal", _words("deal"), deal.read, {"deal": deal.deal}, deal.write),
    Codec("hands", _words("hands"), hands.read, {"hands": hands.hands}, hands.write, "hands"),
    Codec("talon", _words("talon"), talon.read_talon, {"talon": talon.talon}, talon.write_talon, "talon"),
    Codec("bids", _words("bids"), bids.read, {"bids": bids.bids, "call": bids.call}, bids.write, "bids"),
    Codec("discard", _words("discard"), talon.read_discard, {"discard": talon.discard}, talon.write_discard, "discard"),
    Codec("contract", _words("contract"), contract.read, {"contract": contract.contract}, contract.write, "contract"),
    Codec("whist", whist.KEYWORDS, whist.read, {"defence": whist.defence, "decision": whist.decision}, whist.write,
          "defence"),
    Codec("play", _words("play"), play.read, {"play": play.play, "variation": play.variation}, play.write, "play"),
    Codec("claim", _words("claim"), claim.read, {"claim": claim.claim}, claim.write, "claim"),
    Codec("result", _words("result"), result.read, {"result": result.result}, result.write, "result"),
    Codec("penalty", _words("penalty"), penalty.read, {"penalty": penalty.penalty}, penalty.write, "penalties",
          repeats=True),
    Codec("sheet", _words("sheet"), sheet.read, {"sheet": sheet.sheet, "sheet_entry": sheet.sheet_entry}, sheet.write,
          "checkpoint"),
)
#: The statements of a deal after its head, in their order (NOTATION.md §3).
STATEMENTS: tuple[Codec, ...] = CODECS[2:]

assert tuple(c.name for c in STATEMENTS) == STATEMENT_ORDER

__all__ = ["CODECS", "STATEMENTS", "Codec"]
