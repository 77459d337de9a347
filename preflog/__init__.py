"""preflog: game logs of Preferans — read, write, check, replay and score them.

>>> import preflog
>>> game = preflog.loads(text)          # one game; loads_all / iter_games for several
>>> print(preflog.dumps(game))          # the canonical text
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .annotations import Comment, Glyph
from .api import dump, iter_games, load, load_all, loads, loads_all
from .auction import Bids, Call, CallKind, Contract
from .calls import LADDER, MISERE, Bid, Strain
from .cards import DECK, Card, Rank, Suit, card
from .deal import (
    Deal, Discard, HandEntry, Hands, Penalty, PenaltyKind, PlayerTricks, Result, ResultKind, Sheet,
    SheetEntry, Talon, WhistEntry,
)
from .defence import Decision, DecisionKind, Defence, WhistMode
from .errors import NotationError
from .game import Game, Tag
from .hand import Hand
from .jsonio import from_json, to_json
from .play import Claim, ClaimShare, Play, PlayedCard, Variation
from .engine import DealState, GameState, apply, implied
from .reader import ParsedGame, read_games
from .replay import Replay, Step, check, replay
from .rules import PRESETS, Rules, rules_of
from .violations import CATALOGUE, Violation
from .span import Span
from .writer import dumps

try:
    __version__ = version("preflog")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "CATALOGUE", "DealState", "GameState", "PRESETS", "Replay", "Rules", "Step", "Violation", "apply", "check",
    "implied", "replay", "rules_of",
    "Bid", "Bids", "Call", "CallKind", "Card", "Claim", "ClaimShare", "Comment", "Contract", "DECK", "Deal",
    "Decision", "DecisionKind", "Defence", "Discard", "Game", "Glyph", "Hand", "HandEntry", "Hands", "LADDER",
    "MISERE", "NotationError", "ParsedGame", "Penalty", "PenaltyKind", "Play", "PlayedCard", "PlayerTricks",
    "Rank", "Result", "ResultKind", "Sheet", "SheetEntry", "Span", "Strain", "Suit", "Tag", "Talon",
    "Variation", "WhistEntry", "WhistMode", "card", "dump", "dumps", "from_json", "iter_games", "load",
    "load_all", "loads", "loads_all", "read_games", "to_json",
]
