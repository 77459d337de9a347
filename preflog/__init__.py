"""preflog: game logs of Preferans — read, write, check, replay and score them.

>>> import preflog
>>> game = preflog.loads(text)          # one game; loads_all / iter_games for several
>>> print(preflog.dumps(game))          # the canonical text
"""

from __future__ import annotations

from typing import Any

from .model.annotations import Comment, Glyph
from .notation.api import dump, iter_games, load, load_all, loads, loads_all
from .model.auction import Bids, Call, CallKind, Contract
from .model.bids import LADDER, MISERE, Bid, Strain
from .model.cards import DECK, Card, Rank, Suit, card
from .model.deal import (
    Deal, Discard, HandEntry, Hands, Penalty, PenaltyKind, PlayerTricks, Result, ResultKind, Sheet,
    SheetEntry, Talon, WhistEntry,
)
from .model.defence import Decision, DecisionKind, Defence, WhistMode
from .notation.errors import NotationError
from .model.game import Game, Tag
from .model.hand import Hand
from .model.play import Claim, ClaimShare, Play, PlayedCard, Variation
from .game.engine import DealState, GameState, apply, implied
from .notation.read import ParsedGame, read_games
from .replay import Replay, Step, check, replay
from .game.conventions import PRESETS, Rules, rules_of
from .scoring.ledger import Column, Entry
from .scoring.outcome import Outcome, outcome_of
from .scoring.scorer import Scorer, audit, score
from .scoring.settlement import Settlement
from .scoring.pulka import ScoreSheet
from .game.violations import CATALOGUE, Violation
from .model.span import Span
from .notation.write import dumps

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it from here)


def __getattr__(name: str) -> Any:
    """JSON support is loaded when first used: cattrs is not needed to read or check a file."""
    if name in ("to_json", "from_json"):
        from .notation import jsonio

        return getattr(jsonio, name)
    raise AttributeError(f"module 'preflog' has no attribute {name!r}")

__all__ = [
    "Column", "Entry", "Outcome", "ScoreSheet", "Scorer", "Settlement", "audit", "outcome_of", "score",
    "CATALOGUE", "DealState", "GameState", "PRESETS", "Replay", "Rules", "Step", "Violation", "apply", "check",
    "implied", "replay", "rules_of",
    "Bid", "Bids", "Call", "CallKind", "Card", "Claim", "ClaimShare", "Comment", "Contract", "DECK", "Deal",
    "Decision", "DecisionKind", "Defence", "Discard", "Game", "Glyph", "Hand", "HandEntry", "Hands", "LADDER",
    "MISERE", "NotationError", "ParsedGame", "Penalty", "PenaltyKind", "Play", "PlayedCard", "PlayerTricks",
    "Rank", "Result", "ResultKind", "Sheet", "SheetEntry", "Span", "Strain", "Suit", "Tag", "Talon",
    "Variation", "WhistEntry", "WhistMode", "card", "dump", "dumps", "from_json", "iter_games", "load",
    "load_all", "loads", "loads_all", "read_games", "to_json",
]
