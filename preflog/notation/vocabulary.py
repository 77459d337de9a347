"""The words of the notation, and what a player id may be (NOTATION.md §2)."""

from __future__ import annotations

import re

from ..model.bids import BID_SPELLINGS
from ..model.cards import CARD_SPELLINGS

#: Every keyword and call word of the notation.
KEYWORDS: frozenset[str] = frozenset(
    "deal dealer hands talon bids discard contract whist play claim result penalty sheet "
    "pass here half open closed dark hand mis misere мизер pool mountain whists".split()
)

#: The statements of a deal in the order they must come (NOTATION.md §3).
STATEMENT_ORDER: tuple[str, ...] = (
    "hands", "talon", "bids", "discard", "contract", "whist", "play", "claim", "result", "penalty", "sheet",
)

_PLAYER_ID = re.compile(r"[A-Za-z\u0400-\u04FF][A-Za-z0-9_\u0400-\u04FF]*")


def is_valid_player_id(name: str) -> bool:
    """A letter then letters, digits or ``_`` (Latin or Cyrillic), not spelled like a card, call or keyword."""
    return (
        _PLAYER_ID.fullmatch(name) is not None
        and name not in KEYWORDS
        and name not in CARD_SPELLINGS
        and name not in BID_SPELLINGS
    )
