"""The fast reading's words: a statement as the fast path holds it, and what each statement's
``read`` uses to make records of its words, spans included.

A statement is its words with the line and column of each (:data:`Words`), cut by :mod:`..fast`. A
reading that meets anything it does not take raises :class:`NotCanonical`, and the grammar reads the
piece instead (it stays the one source of messages). Compiled by mypyc with the fast path.
"""

from __future__ import annotations

import re
from sys import intern
from decimal import Decimal
from typing import Any, Final

from ...model.annotations import Comment, Glyph
from ...model.build import builder
from ...model.limits import MAX_DIGITS, MAX_ITEMS, number_too_long
from ...model.span import Span
from ...model.tuples import tuple_maker
from ..vocabulary import RUSSIAN_WORDS, is_valid_player_id

#: A statement's words with the line and column of each.
Words = tuple[list[str], list[int], list[int]]

GLYPHS: Final = {g.value: g for g in Glyph}
#: ``new(Span, line, column, end_line, end_column)``: a tuple record (a Span, a raw record) of its items,
#: without the NamedTuple constructor's keyword handling, in C where it was built (model.tuples)
new: Final = tuple_maker()
MOST_WORDS: Final = MAX_ITEMS // 2  # well inside the grammar's limit on the items of a statement
_AMOUNT: Final = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")  # the grammar's NUMBER: a sheet's or a penalty's

_Comment: Final = builder(Comment)  # built in C (model.build)


def spellings(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` by their word, and by each Russian word the notation reads as one of them."""
    return {**values, **{ru: values[word] for ru, word in RUSSIAN_WORDS.items() if word in values}}


class NotCanonical(Exception):
    """The piece is not in a shape the fast path reads (or holds an error): the grammar reads it."""


def name(word: str) -> str:
    """``word`` as a player's name, one string per name however many deals name the player."""
    found = _NAMES.get(word)
    if found is not None:
        return found
    if not is_valid_player_id(word):  # the grammar reads a keyword, a card or a bid as what it is
        raise NotCanonical
    if len(_NAMES) < _MOST_NAMES:
        _NAMES[word] = intern(word)
    return intern(word)


_NAMES: Final[dict[str, str]] = {}  # the names read so far, each checked once
_MOST_NAMES: Final = 4096  # however many names a hostile file makes up


def number(word: str) -> int:
    """A whole number without a sign (a deal's number, a trick count)."""
    # ``[0-9]+`` (an ASCII digit is all ``isdigit`` takes of ASCII), at most MAX_DIGITS of them: no
    # pattern, nor a call into the interpreter (``number_too_long``), for each number read
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_DIGITS:
        raise NotCanonical
    return int(word)


def amount(word: str) -> Decimal:
    """A penalty's or a sheet's number: signed, whole or with a fraction (the grammar's ``NUMBER``)."""
    if _AMOUNT.fullmatch(word) is None or number_too_long(word):
        raise NotCanonical
    return Decimal(word)


def at(words: Words, k: int) -> Span:
    """The span of word ``k``."""
    row, column = words[1][k], words[2][k]
    return new(Span, row, column, row, column + len(words[0][k]))


def to(first: Span, last: Span) -> Span:
    """``first.to(last)`` without a call into the interpreter (``Span`` is a Python class)."""
    return new(Span, first[0], first[1], last[2], last[3])


def whole(words: Words) -> Span:
    """The span of a statement: its first word to its last."""
    w, r, c = words
    last = w[-1]
    if "\n" in last:
        return new(Span, r[0], c[0], *end_over(words, len(w) - 1))
    return new(Span, r[0], c[0], r[-1], c[-1] + len(last))


def end_over(words: Words, k: int) -> tuple[int, int]:
    """Where word ``k``, a comment over several lines, ends: its last line, and the column after it."""
    word = words[0][k]
    return words[1][k] + word.count("\n"), len(word) - word.rfind("\n")


def comment_span(words: Words, k: int) -> Span:
    """The span of word ``k``, a comment: on its line, or over several."""
    if "\n" in words[0][k]:
        return new(Span, words[1][k], words[2][k], *end_over(words, k))
    return at(words, k)


def comment(words: Words, k: int) -> Comment:
    """Word ``k``, a comment in braces, as a record."""
    return _Comment(words[0][k][1:-1], comment_span(words, k))


def trailing(words: Words, start: int = 1) -> tuple[int, tuple[Comment, ...]]:
    """Where the comments that close a statement begin (its length if none), and those comments."""
    w = words[0]
    end = len(w)
    if w[-1][0] != "{":
        return end, ()
    first = end
    while first > start and w[first - 1][0] == "{":
        first -= 1
    return first, tuple(comment(words, k) for k in range(first, end))


def leading(words: Words, k: int) -> tuple[int, tuple[Comment, ...]]:
    """The comments from word ``k`` on (those that open a play or a variation), and where they end."""
    w = words[0]
    start = k
    while k < len(w) and w[k][0] == "{":
        k += 1
    return k, tuple(comment(words, i) for i in range(start, k))
