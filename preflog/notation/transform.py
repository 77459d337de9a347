"""Syntax → records: the callbacks of the LALR parser (a Lark Transformer, no tree), stateless.

Every callback is a pure function of its children, written in the module of its statement beside
the statement's fast reading and its writing (:mod:`.statements`); :class:`Transform` takes them
from the table of codecs, each under the name of the grammar's rule it reads. A problem found at
this level (two cards in a talon of three, a glyph after a bar…) travels up with the record it was
found in, as :class:`~.raw.Flagged`; what needs the game — its players, the deal numbers, who deals —
is checked afterwards by :mod:`.validate`.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from .statements import CODECS


class Transform(Transformer[Token, Any]):
    """The grammar's rules as pure functions of their children: each statement's callbacks, from
    :data:`~.statements.CODECS`."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)


for _codec in CODECS:
    for _rule, _callback in _codec.rules.items():
        setattr(Transform, _rule, staticmethod(_callback))
