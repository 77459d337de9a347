"""``bids``: the auction, call by call: ``pass``, ``here``, a bid, maybe after ``dark``/``hand`` and a
``Player:`` prefix, each maybe followed by a glyph and comments; or ``распасы``, a whole auction of
passes (NOTATION.md §3, "Calls").

Read fast (:func:`read`), by the grammar's rules ``bids`` and ``call`` (:func:`bids`, :func:`call`),
and written (:func:`write`, ``распасы`` for three bare passes in the Russian words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.annotations import Comment, Glyph
from ...model.auction import DARK_WORD, HAND_WORD, Bids, Call, CallKind
from ...model.bids import BID_SPELLINGS, Bid
from ...model.build import builder
from ...model.span import Span
from ..raw import Problem
from ..vocabulary import ALL_PASS, RUSSIAN_WORDS
from . import layout, tokens
from .scan import GLYPHS, NotCanonical, Words, at, comment, end_over, name, new, spellings, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Call: Final = builder(Call)  # built in C (model.build)
_Bids: Final = builder(Bids)
_PASS: Final = CallKind.PASS  # enum members as module constants (an enum class's attribute costs ten times more)
_HERE: Final = CallKind.HERE
_BID: Final = CallKind.BID
_CALLS: Final = spellings({"pass": _PASS, "here": _HERE})
_ALL_PASS: Final = frozenset(ru for ru, word in RUSSIAN_WORDS.items() if word == ALL_PASS)  # a whole auction of passes


def read(words: Words) -> Bids:
    """The calls of ``bids``, each with its span (its prefix and modifiers to its glyph and comments)."""
    w, r, c = words
    calls: list[Call] = []
    # the call just read, while a glyph or comments may follow it: what it says and where it starts
    kind: CallKind | None = None
    bid: Bid | None = None
    said: tuple[str | None, bool, bool] = (None, False, False)  # its player, dark and hand
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()
    start_row = start_column = end_row = end_column = 0  # where it starts and ends
    glyph_may_follow = False
    player: str | None = None  # the next call's prefix and modifiers, and where they start
    dark = hand = False
    opened = 0  # the word that opens the next call, while its prefix or modifiers are read
    count = len(w)
    if count < 2:
        raise NotCanonical
    if w[1] in _ALL_PASS:
        return _all_pass(words)
    for k in range(1, count):
        word = w[k]
        if (new_kind := _CALLS.get(word)) is not None:
            new_bid = None
        elif (new_bid := BID_SPELLINGS.get(word)) is not None:
            new_kind = _BID
        elif word == DARK_WORD and not dark and not hand:
            dark = True
            opened = opened or k
            continue
        elif word == HAND_WORD and not hand:
            hand = True
            opened = opened or k
            continue
        elif word[-1] == ":" and player is None and not dark and not hand:
            player = name(word[:-1])
            opened = k
            continue
        elif kind is not None and not opened:
            if word[0] == "{":
                comments += (comment(words, k),)
            elif glyph_may_follow and word in GLYPHS:
                glyph = GLYPHS[word]
            else:
                raise NotCanonical
            end_row, end_column = end_over(words, k) if "\n" in word else (r[k], c[k] + len(word))
            glyph_may_follow = False
            continue
        else:
            raise NotCanonical
        if kind is not None:
            calls.append(_Call(kind, bid, *said, glyph, comments,
                               new(Span, start_row, start_column, end_row, end_column)))
        kind, bid, said, glyph, comments = new_kind, new_bid, (player, dark, hand), None, ()
        first = opened or k
        start_row, start_column, end_row, end_column = r[first], c[first], r[k], c[k] + len(word)
        glyph_may_follow = True
        player, dark, hand, opened = None, False, False, 0
    if kind is None or opened:
        raise NotCanonical  # a prefix or a modifier without its call
    calls.append(_Call(kind, bid, *said, glyph, comments, new(Span, start_row, start_column, end_row, end_column)))
    return _Bids(tuple(calls), whole(words))


def _all_pass(words: Words) -> Bids:
    """``bids распасы``: the three passes, each where the word is, its comments on the last."""
    count, comments = trailing(words, 2)
    if count != 2:
        raise NotCanonical
    where = at(words, 1)
    passes = (_Call(_PASS, span=where), _Call(_PASS, span=where), _Call(_PASS, comments=comments, span=where))
    return _Bids(passes, whole(words))


def bids(children: list[Any]) -> Any:
    """The grammar's rule ``bids``: its calls, or ``распасы``."""
    problems: list[Problem] = []
    names: list[tuple[str, Span]] = []
    first = children[1]
    if tokens.is_token(first) and RUSSIAN_WORDS.get(first.value) == ALL_PASS:  # распасы: everybody passed
        where = tokens.span(first)
        last = Call(CallKind.PASS, comments=tokens.comments(children), span=where)
        return Bids((Call(CallKind.PASS, span=where), Call(CallKind.PASS, span=where), last), tokens.from_to(children))
    calls = tuple(tokens.unwrap(c, problems, names) for c in children[1:])
    return tokens.flag(Bids(calls, tokens.from_to(children)), problems, tuple(names))


def call(children: list[Any]) -> Any:
    """The grammar's rule ``call``."""
    problems: list[Problem] = []
    player = None
    dark = hand = False
    glyph = None
    kind = CallKind.PASS
    bid: Bid | None = None
    comments: list[Comment] = []
    for tok in children:
        t = tok.type
        if t.startswith("RU_"):
            t = RUSSIAN_WORDS[tok.value].upper()
        if t == "PREFIX":
            player = tok.value[:-1]
        elif t == "DARK" or t == "HAND":
            if (dark if t == "DARK" else hand):
                problems.append((tokens.span(tok), _("{value!r} is written twice").format(value=tok.value)))
            dark, hand = dark or t == "DARK", hand or t == "HAND"
        elif t == "PASS":
            kind = CallKind.PASS
        elif t == "HERE":
            kind = CallKind.HERE
        elif t == "GLYPH":
            glyph = GLYPHS[tok.value]
        elif t == "COMMENT":
            comments.append(tokens.comment(tok))
        else:
            kind, bid = CallKind.BID, BID_SPELLINGS[tok.value]
    return tokens.flag(Call(kind, bid, player, dark, hand, glyph, tuple(comments), tokens.from_to(children)), problems)


def write(spell: Spelling, written: Bids) -> str:
    """``bids`` and each call with its prefix, glyph and comments; the vocabulary's word for a whole
    auction of three bare passes, where it has one (read back as these three passes)."""
    calls = written.calls
    if (spell.all_pass_word is not None and len(calls) == 3 and all(_bare_pass(c) for c in calls)
            and not calls[0].comments and not calls[1].comments):
        return f"bids {spell.all_pass_word}{layout.comments(calls[2].comments)}"
    return " ".join(["bids"] + [write_call(spell, c) for c in calls])


def write_call(spell: Spelling, written: Call) -> str:
    """One call: its prefix, its words, its glyph and comments."""
    words = []
    if written.player is not None:
        words.append(f"{written.player}:")
    words.append(spell.call_word(written))
    return " ".join(words) + layout.glyph(written.glyph) + layout.comments(written.comments)


def _bare_pass(written: Call) -> bool:
    return (written.kind is CallKind.PASS and written.player is None and not written.dark and not written.hand
            and written.glyph is None)
