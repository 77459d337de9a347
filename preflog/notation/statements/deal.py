"""The deal's head: ``deal [N] [dealer NAME]`` and its comments (NOTATION.md §3).

Read fast from the head's words (:func:`read`); by the grammar's rule ``deal`` (:func:`deal`, which
gathers the records of the statements after the head into the raw deal, as :mod:`..fast` does); and
written (:func:`write`), with the number and the dealer always given.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...model.annotations import Comment
from ...model.deal import Deal, Penalty
from ...model.span import Span
from ..raw import FIELD_OF, Problem, RawDeal, RawHands
from . import layout, tokens
from .scan import NotCanonical, Words, at, name, number, trailing

if TYPE_CHECKING:
    from .spelling import Spelling

#: A head as read: the deal's number (its value, as written, where), its dealer (and where), its comments.
Head = tuple[tuple[Decimal, str, Span] | None, tuple[str, Span] | None, tuple[Comment, ...]]


def read(words: Words) -> Head:
    """``deal [N] [dealer NAME]``, then its comments."""
    w = words[0]
    if w[0] != "deal":
        raise NotCanonical
    count, comments = trailing(words)
    found_number = dealer = None
    i = 1
    if i < count and w[i] != "dealer":
        number(w[i])
        found_number = (Decimal(w[i]), w[i], at(words, i))
        i += 1
    if i < count:
        if w[i] != "dealer" or i + 2 != count:
            raise NotCanonical
        dealer = (name(w[i + 1]), at(words, i + 1))
    return found_number, dealer, comments


def deal(children: list[Any]) -> RawDeal:
    """The grammar's rule ``deal``: the head's tokens, then the record of each statement."""
    i = 1
    number_tok = dealer_tok = None
    if i < len(children) and tokens.is_token(children[i]) and children[i].type == "NUMBER":
        number_tok = children[i]
        i += 1
    if i < len(children) and tokens.is_token(children[i]) and children[i].type == "DEALER":
        dealer_tok = children[i + 1]
        i += 2
    comments: list[Comment] = []
    while i < len(children) and tokens.is_token(children[i]):
        comments.append(tokens.comment(children[i]))
        i += 1
    problems: list[Problem] = []
    names: list[tuple[str, Span]] = []
    statements: dict[str, Any] = {}
    hands: RawHands | None = None
    penalties: list[Penalty] = []
    for item in children[i:]:
        record = tokens.unwrap(item, problems, names)
        if type(record) is RawHands:
            hands = record
        elif type(record) is Penalty:
            penalties.append(record)
        else:
            statements[FIELD_OF[type(record)]] = record
    head = tokens.span(children[0])
    return RawDeal(
        head,
        None if number_tok is None else (tokens.number(number_tok, _("a deal number"), problems), number_tok.value,
                                         tokens.span(number_tok)),
        None if dealer_tok is None else (dealer_tok.value, tokens.span(dealer_tok)),
        tuple(comments), hands, statements, tuple(penalties), head.to(tokens.last_span(children)),
        tuple(problems), tuple(names))


def write(spell: Spelling, written: Deal) -> str:
    """The head's line: ``deal N dealer NAME`` and its comments."""
    return f"deal {written.number} dealer {written.dealer}{layout.comments(written.comments)}"
