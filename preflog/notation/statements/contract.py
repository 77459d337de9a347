"""``contract``: the declarer's final contract, maybe after the declarer's ``Player:`` prefix; in
Classic a totus, ``totus`` before the bid and the partners it helps after it (NOTATION.md §3,
docs/notation.md).

Read fast (:func:`read`), by the grammar's rule ``contract`` (:func:`contract`), and written
(:func:`write`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...model.auction import TOTUS_WORD, Contract
from ...model.bids import BID_SPELLINGS, Bid
from ...model.build import builder
from ...model.span import Span
from ..raw import Flagged
from ..vocabulary import RUSSIAN_WORDS
from . import layout, tokens
from .scan import GLYPHS, NotCanonical, Words, at, name, new, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Contract: Final = builder(Contract)  # built in C (model.build)
_TOTUS: Final = frozenset({TOTUS_WORD, *(ru for ru, word in RUSSIAN_WORDS.items() if word == TOTUS_WORD)})


def read(words: Words) -> Flagged:
    """``contract [NAME:] BID [GLYPH]``, or a totus: ``contract [NAME:] totus BID [GLYPH] PARTNER…``
    (Classic, the partners it helps on a bomb); then its comments. The names it gives: the declarer's,
    then the partners'."""
    w = words[0]
    count, comments = trailing(words)
    names: list[tuple[str, Span]] = []
    k = 1
    if count > 2 and w[1][-1:] == ":":
        names.append((name(w[1][:-1]), at(words, 1)))
        k = 2
    declarer = names[0][0] if names else None
    totus = k < count and w[k] in _TOTUS
    if totus:
        k += 1
    bid = BID_SPELLINGS.get(w[k]) if k < count else None
    if bid is None:
        raise NotCanonical
    bid_at = k
    glyph = GLYPHS.get(w[k + 1]) if k + 1 < count else None
    k += 1 if glyph is None else 2
    while totus and k < count:
        names.append((name(w[k]), at(words, k)))
        k += 1
    if k != count:
        raise NotCanonical
    helped = tuple(player for player, _ in names[declarer is not None:])
    record = _Contract(bid, declarer, glyph, comments, whole(words), at(words, bid_at), totus, helped)
    return new(Flagged, record, (), tuple(names))


def contract(children: list[Any]) -> Any:
    """The grammar's rule ``contract``."""
    glyph = None
    bid: Bid | None = None
    bid_span: Span | None = None
    totus = False
    names: list[tuple[str, Span]] = []  # the declarer, then the partners a totus helps
    for tok in children[1:]:
        if tok.type == "PREFIX":
            names.append((tok.value[:-1], tokens.span(tok)))
        elif tok.type == "GLYPH":
            glyph = GLYPHS[tok.value]
        elif tok.type in ("TOTUS", "RU_TOTUS"):
            totus = True
        elif tok.type == "NAME":
            names.append((tok.value, tokens.span(tok)))
        elif tok.type != "COMMENT":
            bid, bid_span = BID_SPELLINGS[tok.value], tokens.span(tok)
    assert bid is not None
    declarer = names[0][0] if names and children[1].type == "PREFIX" else None
    helped = tuple(player for player, _ in names[declarer is not None:])
    record = Contract(bid, declarer, glyph, tokens.comments(children), tokens.from_to(children), bid_span, totus,
                      helped)
    return tokens.flag(record, [], tuple(names))


def write(spell: Spelling, written: Contract) -> str:
    """``contract [NAME:] [totus] BID[GLYPH] [PARTNER…]`` and its comments."""
    prefix = f"{written.declarer}: " if written.declarer is not None else ""
    totus = f"{spell.totus_word} " if written.totus else ""
    helped = "".join(f" {player}" for player in written.helped)
    return (f"contract {prefix}{totus}{spell.bid(written.bid)}{layout.glyph(written.glyph)}{helped}"
            f"{layout.comments(written.comments)}")
