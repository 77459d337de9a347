"""Find a card or a name inside the text of a statement, so that a violation found on a whole hand,
talon or contract is shown at the token it is about (issue 12: "at the token")."""

from __future__ import annotations

import re

from ..model.cards import CARD_SPELLINGS, SUIT_SPELLINGS, Card, Suit
from ..model.hand import rank_places

_SUIT_SYMBOLS = frozenset("♠♣♦♥♤♧♢♡")
_LADDER = tuple(Suit)
_WORD = re.compile(r"[^\s:{}()|]+")


def locate(text: str, token: Card | str) -> tuple[int, int] | None:
    """Where ``token`` stands in ``text`` (start and end offsets): a card as a word (``Ah``, ``10♥``), in a
    dotted hand (``AKQ.J9.-.T87``) or in a suit group (``♠AKQ``); a name as a whole word. ``None`` if
    it is not there. Comments in braces are skipped."""
    if isinstance(token, str):
        m = re.search(rf"(?<![\w]){re.escape(token)}(?![\w])", _blank_comments(text))
        return (m.start(), m.end()) if m else None
    plain = _blank_comments(text)
    for word in _WORD.finditer(plain):
        found = _in_word(word.group(), token)
        if found is not None:
            return word.start() + found[0], word.start() + found[1]
    return None


def _blank_comments(text: str) -> str:
    """``text`` with each comment in braces replaced by as many spaces (offsets kept)."""
    return re.sub(r"\{[^}]*\}?", lambda m: " " * len(m.group()), text)


def _in_word(word: str, card: Card) -> tuple[int, int] | None:
    if CARD_SPELLINGS.get(word) is card:
        return 0, len(word)
    if word.count(".") == 3:  # a dotted hand: spades.clubs.diamonds.hearts
        start = 0
        for suit, part in zip(_LADDER, word.split(".")):
            if suit is card.suit:
                return _rank_in(part, start, card)
            start += len(part) + 1
        return None
    group: Suit | None = None  # suit groups: ♠AKQ♣J9 (or each group a word of its own)
    for start, end, rank in rank_places(word):
        if rank is None:
            group = SUIT_SPELLINGS.get(word[start:end]) if word[start:end] in _SUIT_SYMBOLS else group
        elif group is card.suit and rank is card.rank:
            return start, end
    return None


def _rank_in(part: str, start: int, card: Card) -> tuple[int, int] | None:
    return next(((start + i, start + j) for i, j, rank in rank_places(part) if rank is card.rank), None)
