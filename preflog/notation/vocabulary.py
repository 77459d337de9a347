"""The words of the notation, and what a player id may be (NOTATION.md §2, §3).

The keywords are gathered from the tables of the values they spell (call kinds, defence words, modes,
penalty columns, misère); the grammar's terminals must agree with them, which a test checks.
"""

from __future__ import annotations

import re

from ..model.auction import DARK_WORD, HAND_WORD, TOTUS_WORD, CallKind
from ..model.bids import BID_SPELLINGS, MISERE_NAMES
from ..model.cards import CARD_SPELLINGS
from ..model.deal import PenaltyKind
from ..model.defence import DecisionKind, WhistMode

ALL_PASS = "pass pass pass"  #: what ``распасы`` stands for in ``bids``

#: The statements of a deal in the order they must come (NOTATION.md §3).
STATEMENT_ORDER: tuple[str, ...] = (
    "hands", "talon", "bids", "discard", "contract", "whist", "play", "claim", "result", "penalty", "sheet",
)

#: The words said at the table in Russian that the notation reads as its own (an extension, see
#: docs/notation.md): each Russian word and the notation's word it stands for. ``распасы`` is a whole
#: auction, ``bids распасы``: every player passed.
RUSSIAN_WORDS: dict[str, str] = {
    "пас": CallKind.PASS.value, "пасс": CallKind.PASS.value, "вист": DecisionKind.WHIST.value,
    "пол": DecisionKind.HALF.value, "полвиста": DecisionKind.HALF.value, "здесь": CallKind.HERE.value,
    "открыто": WhistMode.OPEN.value, "открытая": WhistMode.OPEN.value,
    "закрыто": WhistMode.CLOSED.value, "закрытая": WhistMode.CLOSED.value,
    "распасы": ALL_PASS, "распас": ALL_PASS, "тотус": TOTUS_WORD,
}

#: Every keyword and call word of the notation.
KEYWORDS: frozenset[str] = frozenset(
    {"deal", "dealer", *STATEMENT_ORDER, DARK_WORD, HAND_WORD, TOTUS_WORD, *MISERE_NAMES, *RUSSIAN_WORDS}
    | {k.value for k in CallKind if k is not CallKind.BID}
    | {k.value for k in DecisionKind} | {m.value for m in WhistMode} | {k.value for k in PenaltyKind}
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

#: The module's public names (what other layers and the server may import).
__all__ = [
    "ALL_PASS", "KEYWORDS", "RUSSIAN_WORDS", "STATEMENT_ORDER", "is_valid_player_id",
]
