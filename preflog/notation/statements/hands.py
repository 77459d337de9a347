"""``hands``: the three active hands, each dotted or suit-grouped or ``?``, each maybe after its
``Player:`` prefix and before its comments (NOTATION.md §1, §3).

Read fast (:func:`read`), by the grammar's rule ``hands`` (:func:`hands`), and written (:func:`write`):
every hand after its owner's prefix, dotted (suit groups with suit symbols).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.annotations import Comment
from ...model.cards import Card
from ...model.deal import Hands
from ...model.hand import CANONICAL_PARTS, Hand
from ...model.span import Span
from ..raw import Problem, RawHand, RawHands
from . import layout, tokens
from .scan import NotCanonical, Words, at, comment, name, new, to, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_DOTTED: Final = re.compile(r"(?:-|(?:10|[789TJQKAВДКТ])*)(?:\.(?:-|(?:10|[789TJQKAВДКТ])*)){3}")
_SUITS: Final = re.compile(r"[♠♣♦♥♤♧♢♡](?:-|(?:10|[789TJQKAВДКТ])+)")  # a suit group of a hand


class _Entry:
    """A hand entry being read: its prefix, the kind of its hand (``DOTTED``, ``UNKNOWN``, ``groups``;
    ``None`` before it), the hand's words, its comments and its span (the prefix to the hand)."""

    __slots__ = ("prefix", "kind", "values", "comments", "span", "cards")

    def __init__(self, prefix: tuple[str, Span] | None, kind: str | None, values: list[str], span: Span,
                 cards: tuple[Card, ...] | None = None) -> None:
        self.prefix, self.kind, self.values, self.span = prefix, kind, values, span
        self.comments: tuple[Comment, ...] = ()
        self.cards = cards  # a dotted hand's, when each suit is spelled canonically

    def continues(self) -> bool:
        """An unprefixed suit-grouped hand ends when it has 10 cards or a suit comes again."""
        if self.prefix is not None:
            return True
        suits = [group[0] for group in self.values]
        return len(set(suits)) == len(suits) and len(Hand.from_groups(self.values)) < 10

    def entry(self) -> RawHand:
        if self.kind is None:
            raise NotCanonical  # a prefix without a hand
        value = self.values[0]
        hand = (_canonical_hand(self.cards) if self.cards is not None else Hand.from_dotted(value) if self.kind == "DOTTED" else
                None if self.kind == "UNKNOWN" else Hand.from_groups(self.values))
        return new(RawHand, self.prefix, hand, self.comments, self.span, False)


_new_object: Final = object.__new__
_set_field: Final = object.__setattr__


def _canonical_hand(cards: tuple[Card, ...]) -> Hand:
    """:meth:`Hand.canonical` (the hand of ``cards``, already in canonical order) made here, in compiled
    code, without a call of the classmethod in the interpreter: three hands a deal."""
    hand: Hand = _new_object(Hand)
    _set_field(hand, "cards", cards)
    return hand


def _canonical(text: str) -> tuple[Card, ...] | None:
    """The cards of a dotted hand whose every suit is spelled canonically, looked up in the table of
    those spellings; ``None`` for any other word."""
    parts = text.split(".")
    if len(parts) == 4:
        a, b = CANONICAL_PARTS[0].get(parts[0]), CANONICAL_PARTS[1].get(parts[1])
        c, d = CANONICAL_PARTS[2].get(parts[2]), CANONICAL_PARTS[3].get(parts[3])
        if a is not None and b is not None and c is not None and d is not None:
            return a + b + c + d
    return None


def read(words: Words) -> RawHands:
    """The entries as the grammar's callback assembles them from its flat items (a prefix opens an
    entry; a dotted hand, ``?`` or a run of suit groups is its hand; comments follow it)."""
    w = words[0]
    entries: list[_Entry] = []
    for k in range(1, len(w)):
        word = w[k]
        current = entries[-1] if entries else None
        if word[0] == "{":
            if current is None:
                raise NotCanonical  # a comment must follow a hand
            current.comments += (comment(words, k),)
            continue
        where = at(words, k)
        if word[-1] == ":":
            entries.append(_Entry((name(word[:-1]), where), None, [], where))
            continue
        cards = None
        if word == "?":
            kind = "UNKNOWN"
        elif (cards := _canonical(word)) is not None or _DOTTED.fullmatch(word) is not None:
            kind = "DOTTED"
        elif _SUITS.fullmatch(word) is not None:
            kind = "groups"
        else:
            raise NotCanonical
        if current is not None and not current.comments and (
                current.kind is None or (kind == current.kind == "groups" and current.continues())):
            current.kind, current.cards = kind, cards
            current.values.append(word)
            current.span = to(current.span, where)
        else:
            entries.append(_Entry(None, kind, [word], where, cards))
    if not entries:
        raise NotCanonical
    return new(RawHands, tuple([e.entry() for e in entries]), whole(words))


def hands(children: list[Any]) -> Any:
    """The grammar's rule ``hands``: entries from the flat items: a prefix starts an entry; a dotted
    hand, ``?`` or a run of suit groups (until ten cards or a suit comes again) is its hand; comments
    follow it."""
    problems: list[Problem] = []
    # entries: [prefix token or None, kind ('DOTTED', 'groups', 'UNKNOWN', None), values, comments, span]
    entries: list[list[Any]] = []
    for tok in children[1:]:
        kind = tok.type
        cur = entries[-1] if entries else None
        if kind == "PREFIX":
            entries.append([tok, None, [], [], tokens.span(tok)])
        elif kind == "COMMENT":
            if cur is None:
                problems.append((tokens.span(tok), _("a comment in hands must follow a hand")))
            else:
                cur[3].append(tokens.comment(tok))
        elif kind == "SUITS" and cur is not None and not cur[3] and (
            cur[1] is None or (cur[1] == "groups" and _group_continues(cur))
        ):
            cur[1] = "groups"
            cur[2].append(tok)
            cur[4] = cur[4].to(tokens.span(tok))
        elif cur is not None and cur[1] is None and not cur[3]:
            cur[1] = "groups" if kind == "SUITS" else kind
            cur[2].append(tok)
            cur[4] = cur[4].to(tokens.span(tok))
        else:
            entries.append([None, "groups" if kind == "SUITS" else kind, [tok], [], tokens.span(tok)])
    raw = []
    for prefix, kind, values, comments, where in entries:
        hand = None
        if kind == "DOTTED":
            hand = Hand.from_dotted(values[0].value)
        elif kind == "groups":
            hand = Hand.from_groups(t.value for t in values)
        raw.append(RawHand(None if prefix is None else (prefix.value[:-1], tokens.span(prefix)), hand,
                           tuple(comments), where, missing=kind is None))
    return tokens.flag(RawHands(tuple(raw), tokens.from_to(children)), problems)


def _group_continues(entry: list[Any]) -> bool:
    """An unprefixed suit-grouped hand ends when it has 10 cards or a suit comes again."""
    if entry[0] is not None:
        return True
    suits = [t.value[0] for t in entry[2]]
    return len(set(suits)) == len(suits) and len(Hand.from_groups(t.value for t in entry[2])) < 10


def write(spell: Spelling, written: Hands) -> str:
    """``hands Player: HAND {comments} …``, in bidding order."""
    parts = ["hands"]
    for e in written.entries:
        text = "?" if e.hand is None else spell.hand(e.hand)
        parts.append(f"{e.player}: {text}{layout.comments(e.comments)}")
    return " ".join(parts)
