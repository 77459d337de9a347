"""preflog: game logs of Preferans — read, write, check, replay and score them.

>>> import preflog
>>> game = preflog.loads(text)          # one game; loads_all / iter_games for several
>>> print(preflog.dumps(game))          # the canonical text
>>> preflog.walk(game, MyVisitor())     # one replay feeding any number of visitors

The layers, from the bottom: ``model`` (the records), ``notation`` (text and JSON), ``game`` (rules,
events, states, the engine), the driver ``walk``, ``scoring``, the checker and replay, ``present``.
"""

from __future__ import annotations

from typing import Any

from .check import Checker, audit, check
from .game.conventions import (
    PRESETS, AllPassScoring, AllPassTalon, Liability, Progression, Rules, VoidTalonTrick, WhistSplit, rules_of,
)
from .game.engine import advance, apply, expected_dealer, implied, initial_state
from .game.events import (
    BiddingEnded, CallMade, CardPlayed, CheckpointRecorded, Claimed, ContractDeclared, DealEnded, DealStarted,
    Dealt, DefenceDecided, Discarded, Event, PenaltyRecorded, ResultRecorded, TalonTaken, TrickCompleted,
    WhistModeChosen, events_of,
)
from .game.legal import (
    counts_as_made, legal_calls, legal_cards, legal_contracts, legal_decisions, legal_modes,
)
from .game.state import AuctionState, DealState, GameState
from .game.violations import CATALOGUE, Violation
from .generate import generate
from .model.annotations import Comment, Glyph
from .model.auction import Bids, Call, CallKind, Contract
from .model.bids import LADDER, MISERE, Bid, Strain
from .model.cards import DECK, Card, Rank, Suit, card
from .model.deal import (
    Checkpoint, CheckpointEntry, CheckpointWhist, Deal, Discard, HandEntry, Hands, Penalty, PenaltyKind,
    PlayerTricks, Result, ResultKind, Talon,
)
from .model.defence import Decision, DecisionKind, Defence, WhistMode
from .model.game import Game, Tag
from .model.hand import Hand
from .model.play import Claim, ClaimShare, Play, PlayedCard, Variation
from .model.seating import Seat, bidding_order, next_dealer
from .model.span import Span
from .notation.api import dump, iter_games, load, load_all, loads, loads_all
from .notation.errors import NotationError
from .notation.decode import ReadError
from .notation.read import GameReading, ParsedGame, ReadDeal, read_games, stream_games
from .notation.write import dumps
from .replay import Replay, Step, replay
from .scoring.ledger import Column, Entry
from .scoring.outcome import Outcome, outcome_of
from .scoring.pulka import ScoreSheet
from .scoring.scorer import Scorer, score
from .scoring.settlement import Settlement
from .walk import SKIP, Visitor, Walker, walk

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it from here)


def __getattr__(name: str) -> Any:
    """JSON support is loaded when first used: cattrs is not needed to read or check a file."""
    if name in ("to_json", "from_json"):
        from .notation import jsonio

        return getattr(jsonio, name)
    raise AttributeError(f"module 'preflog' has no attribute {name!r}")


__all__ = [
    # reading and writing
    "GameReading", "NotationError", "ParsedGame", "ReadDeal", "ReadError", "dump", "dumps", "from_json",
    "iter_games", "load", "load_all", "loads", "loads_all", "read_games", "stream_games", "to_json",
    # the records
    "Bid", "Bids", "Call", "CallKind", "Card", "Checkpoint", "CheckpointEntry", "CheckpointWhist", "Claim",
    "ClaimShare", "Comment", "Contract", "DECK", "Deal", "Decision", "DecisionKind", "Defence", "Discard",
    "Game", "Glyph", "Hand", "HandEntry", "Hands", "LADDER", "MISERE", "Penalty", "PenaltyKind", "Play",
    "PlayedCard", "PlayerTricks", "Rank", "Result", "ResultKind", "Seat", "Span", "Strain", "Suit", "Tag",
    "Talon", "Variation", "WhistMode", "bidding_order", "card", "next_dealer",
    # the rules, events, states and the engine
    "AllPassScoring", "AllPassTalon", "AuctionState", "CATALOGUE", "DealState", "GameState", "Liability",
    "PRESETS", "Progression", "Rules", "Violation", "VoidTalonTrick", "WhistSplit", "advance", "apply",
    "counts_as_made", "expected_dealer", "implied", "initial_state", "legal_calls", "legal_cards",
    "legal_contracts", "legal_decisions", "legal_modes", "rules_of",
    "BiddingEnded", "CallMade", "CardPlayed", "CheckpointRecorded", "Claimed", "ContractDeclared", "DealEnded",
    "DealStarted", "Dealt", "DefenceDecided", "Discarded", "Event", "PenaltyRecorded", "ResultRecorded",
    "TalonTaken", "TrickCompleted", "WhistModeChosen", "events_of",
    # visitors
    "SKIP", "Checker", "Replay", "Scorer", "Step", "Visitor", "Walker", "audit", "check", "replay", "walk",
    # scoring
    "Column", "Entry", "Outcome", "ScoreSheet", "Settlement", "outcome_of", "score",
    # generating
    "generate",
]
