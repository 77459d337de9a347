"""The grammar's tokens: what each statement's Lark callback uses to make records of its children.

A callback is a pure function of its children: the tokens of its rule (Lark's ``Token``, a ``str``
that knows its type and place) and the records of the rules inside it. Tokens carry their place in
the file (the reader starts the lexer's line counter where the piece starts), so spans need no
offset. A problem found at this level travels up with the record it was found in, as
:class:`~..raw.Flagged`. Lark is not imported here: a token is told from a record by being a string.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeGuard

from ...i18n import _, ngettext
from ...model.annotations import Comment
from ...model.limits import MAX_DIGITS, number_too_long, shorten
from ...model.span import Span, make_span
from ..raw import Flagged, Problem

if TYPE_CHECKING:
    from lark import Token


def is_token(item: Any) -> TypeGuard[Token]:
    """Whether a child is a token (Lark's ``Token`` is a ``str``), not the record of a rule."""
    return isinstance(item, str)


def span(tok: Token) -> Span:
    """The place of a token in the file."""
    return make_span(tok.line, tok.column, tok.end_line, tok.end_column)  # type: ignore[arg-type]


def unwrap(item: Any, problems: list[Problem], names: list[tuple[str, Span]]) -> Any:
    """The record of a rule inside this one, its problems and names added to this one's."""
    if type(item) is Flagged:
        problems.extend(item.problems)
        names.extend(item.names)
        return item.record
    return item


def flag(record: Any, problems: list[Problem], names: tuple[tuple[str, Span], ...] = ()) -> Any:
    """``record``, flagged with its problems and names if it has any."""
    return Flagged(record, tuple(problems), names) if problems or names else record


def comment(tok: Token) -> Comment:
    """A ``COMMENT`` token as a record."""
    return Comment(tok.value[1:-1], span(tok))


def comments(children: list[Any]) -> tuple[Comment, ...]:
    """The comments among ``children``."""
    return tuple(comment(c) for c in children if is_token(c) and c.type == "COMMENT")


def last_span(children: list[Any]) -> Span | None:
    """The span of the last child, a token or a record."""
    last = children[-1]
    if is_token(last):
        return span(last)
    if type(last) is Flagged:
        last = last.record
    found: Span | None = getattr(last, "span", None)
    return found


def from_to(children: list[Any]) -> Span:
    """The span of a rule: its first token to its last child."""
    return span(children[0]).to(last_span(children))


def number(tok: Token, what: str, problems: list[Problem], *, signed: bool = False, whole: bool = True) -> Decimal:
    """The value of a NUMBER token, with a problem if it has a sign or a fraction it may not have."""
    text = tok.value
    if number_too_long(text):
        problems.append((span(tok), ngettext("{what} has more than {n} digit: {text!r}", "{what} has more than {n} digits: {text!r}",
                                               MAX_DIGITS).format(what=what, n=MAX_DIGITS, text=shorten(text, 20))))
        return Decimal(0)
    if (whole and "." in text) or (not signed and text[0] in "+-"):
        kind = _("a whole number") if whole else _("a number")
        said = (_("{what} must be {kind}, not {text!r}") if signed else
                _("{what} must be {kind} without a sign, not {text!r}"))
        problems.append((span(tok), said.format(what=what, kind=kind, text=text)))
    return Decimal(text)
