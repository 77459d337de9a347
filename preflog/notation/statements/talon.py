"""``talon`` and ``discard``: two different cards, or ``?``, then comments (NOTATION.md §3). The two
statements are written alike, so they share their codec, each with its own record.

Read fast (:func:`read_talon`, :func:`read_discard`), by the grammar's rules ``talon`` and ``discard``
(:func:`talon`, :func:`discard`), and written (:func:`write_talon`, :func:`write_discard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.build import builder
from ...model.cards import CARD_SPELLINGS, Card
from ...model.deal import Discard, Talon
from ..raw import Problem
from . import layout, tokens
from .scan import NotCanonical, Words, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Talon: Final = builder(Talon)  # built in C (model.build)
_Discard: Final = builder(Discard)


def _two_cards(kind: Callable[..., Talon | Discard], words: Words) -> Any:
    """A talon or a discard: two different cards, or ``?``; then its comments."""
    w = words[0]
    count, comments = trailing(words)
    if count == 2 and w[1] == "?":
        return kind(None, comments, whole(words))
    if count != 3:
        raise NotCanonical
    first, second = CARD_SPELLINGS.get(w[1]), CARD_SPELLINGS.get(w[2])
    if first is None or second is None or first is second:
        raise NotCanonical
    return kind((first, second), comments, whole(words))


def read_talon(words: Words) -> Talon:
    """``talon CARD CARD`` or ``talon ?``, then comments."""
    found: Talon = _two_cards(_Talon, words)
    return found


def read_discard(words: Words) -> Discard:
    """``discard CARD CARD`` or ``discard ?``, then comments."""
    found: Discard = _two_cards(_Discard, words)
    return found


def talon(children: list[Any]) -> Any:
    """The grammar's rule ``talon``."""
    problems: list[Problem] = []
    cards = _cards_of(children, "talon", problems)
    return tokens.flag(Talon(cards, tokens.comments(children), tokens.from_to(children)), problems)


def discard(children: list[Any]) -> Any:
    """The grammar's rule ``discard``."""
    problems: list[Problem] = []
    cards = _cards_of(children, "discard", problems)
    return tokens.flag(Discard(cards, tokens.comments(children), tokens.from_to(children)), problems)


def _cards_of(children: list[Any], what: str, problems: list[Problem]) -> tuple[Card, ...] | None:
    if children[1].type == "UNKNOWN":
        return None
    toks = [t for t in children if t.type == "CARD"]
    cards = tuple(CARD_SPELLINGS[t.value] for t in toks)
    where = tokens.span(toks[0]).to(tokens.span(toks[-1]))
    if len(cards) != 2:
        said = (_("a talon has exactly 2 cards, not {n}: {cards}") if what == "talon" else
                _("a discard has exactly 2 cards, not {n}: {cards}"))
        problems.append((where, said.format(n=len(cards), cards=" ".join(t.value for t in toks))))
    elif cards[0] == cards[1]:
        said = _("the talon holds {card} twice") if what == "talon" else _("the discard holds {card} twice")
        problems.append((where, said.format(card=cards[0])))
    return cards


def _write(keyword: str, spell: Spelling, statement: Talon | Discard) -> str:
    cards = "?" if statement.cards is None else " ".join(spell.card(c) for c in statement.cards)
    return f"{keyword} {cards}{layout.comments(statement.comments)}"


def write_talon(spell: Spelling, written: Talon) -> str:
    """``talon CARD CARD`` (or ``?``) and its comments."""
    return _write("talon", spell, written)


def write_discard(spell: Spelling, written: Discard) -> str:
    """``discard CARD CARD`` (or ``?``) and its comments."""
    return _write("discard", spell, written)
