"""``result``: the tricks taken, ``result Anna 7 Boris 2 Vera 1``; or the declarer's short forms,
``result 7``, ``result =``, ``result -1``, ``result +1`` (NOTATION.md §3).

Read fast (:func:`read`), by the grammar's rule ``result`` (:func:`result`), and written (:func:`write`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from ...i18n import _, ngettext
from ...model.build import builder
from ...model.deal import PlayerTricks, Result, ResultKind, write_result
from ...model.limits import number_too_long
from ..raw import Problem
from . import layout, tokens
from .scan import NotCanonical, Words, at, name, number, to, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling
    from lark import Token

_Result: Final = builder(Result)  # built in C (model.build)
_PlayerTricks: Final = builder(PlayerTricks)
_SIGNED: Final = re.compile(r"[+-]?[0-9]+")
# enum members as module constants: an enum class's attribute goes through its metaclass's __getattr__
# hook (Python 3.11), about ten times the cost of a constant's
_RESULT_DECLARER: Final = ResultKind.DECLARER
_RESULT_RELATIVE: Final = ResultKind.RELATIVE
_RESULT_TRICKS: Final = ResultKind.TRICKS


def read(words: Words) -> Result:
    """One short form, or names and trick counts in pairs (each player once); then comments."""
    w = words[0]
    count, comments = trailing(words)
    where = whole(words)
    if count == 2:
        word = w[1]
        first = at(words, 1)
        if word == "=":
            return _Result(_RESULT_RELATIVE, count=0, comments=comments, span=where, count_span=first)
        if _SIGNED.fullmatch(word) is None or number_too_long(word):
            raise NotCanonical
        if word[0] in "+-":
            return _Result(_RESULT_RELATIVE, count=int(word), comments=comments, span=where, count_span=first)
        tricks = int(word)
        if tricks > 10:
            raise NotCanonical
        return _Result(_RESULT_DECLARER, count=tricks, comments=comments, span=where, count_span=first)
    if count < 3 or count % 2 == 0:
        raise NotCanonical
    pairs = []
    seen = set()
    for k in range(1, count, 2):
        player, written = w[k], w[k + 1]
        tricks = number(written)
        if tricks > 10 or player in seen:
            raise NotCanonical
        seen.add(player)
        place = at(words, k + 1)
        pairs.append(_PlayerTricks(name(player), tricks, to(at(words, k), place), place))
    return _Result(_RESULT_TRICKS, tuple(pairs), comments=comments, span=where)


def _tricks(tok: Token, problems: list[Problem]) -> int:
    n = int(tokens.number(tok, _("a trick count"), problems))
    if n > 10:
        problems.append((tokens.span(tok), ngettext("{n} trick: a deal has 10", "{n} tricks: a deal has 10", n).format(n=n)))
    return n


def result(children: list[Any]) -> Any:
    """The grammar's rule ``result``."""
    problems: list[Problem] = []
    toks = [t for t in children[1:] if t.type != "COMMENT"]
    comments = tokens.comments(children)
    where = tokens.from_to(children)
    first = tokens.span(toks[0])
    if toks[0].type == "EQUALS":
        return Result(ResultKind.RELATIVE, count=0, comments=comments, span=where, count_span=first)
    if toks[0].type == "NUMBER":
        if toks[0].value[0] in "+-":
            n = int(tokens.number(toks[0], _("a relative result"), problems, signed=True))
            return tokens.flag(Result(ResultKind.RELATIVE, count=n, comments=comments, span=where, count_span=first),
                               problems)
        n = _tricks(toks[0], problems)
        return tokens.flag(Result(ResultKind.DECLARER, count=n, comments=comments, span=where, count_span=first),
                           problems)
    pairs = tuple(PlayerTricks(n.value, _tricks(c, problems), tokens.span(n).to(tokens.span(c)), tokens.span(c))
                  for n, c in zip(toks[::2], toks[1::2]))
    seen: set[str] = set()
    for p in pairs:
        if p.player in seen:
            problems.append((where, _("result gives {player} tricks twice").format(player=p.player)))
        seen.add(p.player)
    return tokens.flag(Result(ResultKind.TRICKS, pairs, comments=comments, span=where), problems)


def write(spell: Spelling, written: Result) -> str:
    """``result`` and the tricks as the record has them (:func:`~preflog.model.deal.write_result`), then its comments."""
    return f"result {write_result(written)}{layout.comments(written.comments)}"
