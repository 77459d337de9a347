"""preflog: game logs of Preferans — read, write, check, replay and score them.

>>> import preflog
>>> game = preflog.loads(text)          # one game; loads_all / iter_games for several
>>> print(preflog.dumps(game))          # the canonical text
>>> preflog.walk(game, MyVisitor())     # one replay feeding any number of visitors

The layers, from the bottom: ``model`` (the records), ``notation`` (text and JSON), ``game`` (rules,
events, states, the engine), the driver ``walk``, ``scoring``, the checker and replay, ``present``.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it from here)

# The build puts two top-level folders of the checkout inside the package: grammar/ as preflog.grammar
# and cli/ as preflog.cli. Run from a checkout's root, this source tree shadows any installed copy, so
# the package also looks for its subpackages beside itself (an installed copy holds both inside).
_HERE = os.path.dirname(os.path.abspath(__file__))
if not os.path.isdir(os.path.join(_HERE, "grammar")) and os.path.isfile(
        os.path.join(os.path.dirname(_HERE), "grammar", "preflog.lark")):
    __path__.append(os.path.dirname(_HERE))

#: Where each public name lives. ``import preflog`` loads none of them: a name's module is imported the
#: first time the name is used, so that ``preflog --help`` or ``preflog parse`` load only what they need.
_EXPORTS: dict[str, str] = {
    "Checker": "check", "audit": "check", "check": "check", "PRESETS": "game.conventions",
    "AllPassScoring": "game.conventions", "AllPassTalon": "game.conventions", "Liability": "game.conventions",
    "Progression": "game.conventions", "Rules": "game.conventions", "VoidTalonTrick": "game.conventions",
    "WhistSplit": "game.conventions", "rules_of": "game.conventions", "advance": "game.engine",
    "apply": "game.engine", "expected_dealer": "game.engine", "implied": "game.engine",
    "initial_state": "game.engine", "BiddingEnded": "game.events", "CallMade": "game.events",
    "CardPlayed": "game.events", "CheckpointRecorded": "game.events", "Claimed": "game.events",
    "ContractDeclared": "game.events", "DealEnded": "game.events", "DealStarted": "game.events",
    "Dealt": "game.events", "DefenceDecided": "game.events", "Discarded": "game.events", "Event": "game.events",
    "PenaltyRecorded": "game.events", "ResultRecorded": "game.events", "TalonTaken": "game.events",
    "TrickCompleted": "game.events", "WhistModeChosen": "game.events", "events_of": "game.events",
    "counts_as_made": "game.legal", "legal_calls": "game.legal", "legal_cards": "game.legal",
    "legal_contracts": "game.legal", "legal_decisions": "game.legal", "legal_modes": "game.legal",
    "AuctionState": "game.state", "DealState": "game.state", "GameState": "game.state",
    "CATALOGUE": "game.violations", "Violation": "game.violations", "generate": "generate",
    "Comment": "model.annotations", "Glyph": "model.annotations", "Bids": "model.auction", "Call": "model.auction",
    "CallKind": "model.auction", "Contract": "model.auction", "LADDER": "model.bids", "MISERE": "model.bids",
    "Bid": "model.bids", "Strain": "model.bids", "DECK": "model.cards", "Card": "model.cards",
    "Rank": "model.cards", "Suit": "model.cards", "card": "model.cards", "Checkpoint": "model.deal",
    "CheckpointEntry": "model.deal", "CheckpointWhist": "model.deal", "Deal": "model.deal",
    "Discard": "model.deal", "HandEntry": "model.deal", "Hands": "model.deal", "Penalty": "model.deal",
    "PenaltyKind": "model.deal", "PlayerTricks": "model.deal", "Result": "model.deal", "ResultKind": "model.deal",
    "Talon": "model.deal", "Decision": "model.defence", "DecisionKind": "model.defence",
    "Defence": "model.defence", "WhistMode": "model.defence", "Game": "model.game", "Tag": "model.game",
    "Hand": "model.hand", "Claim": "model.play", "ClaimShare": "model.play", "Play": "model.play",
    "PlayedCard": "model.play", "Variation": "model.play", "Seat": "model.seating",
    "bidding_order": "model.seating", "next_dealer": "model.seating", "Span": "model.span", "dump": "notation.api",
    "iter_games": "notation.api", "load": "notation.api", "load_all": "notation.api", "loads": "notation.api",
    "loads_all": "notation.api", "NotationError": "notation.errors", "ReadError": "notation.decode",
    "GameReading": "notation.read", "ParsedGame": "notation.read", "ReadDeal": "notation.read",
    "read_games": "notation.read", "stream_games": "notation.read", "dumps": "notation.write", "Replay": "replay",
    "Step": "replay", "replay": "replay", "Column": "scoring.ledger", "Entry": "scoring.ledger",
    "Outcome": "scoring.outcome", "outcome_of": "scoring.outcome", "ScoreSheet": "scoring.pulka",
    "Scorer": "scoring.scorer", "score": "scoring.scorer", "Settlement": "scoring.settlement", "Payment": "scoring.payments",
    "payments": "scoring.payments", "SKIP": "walk",
    "Visitor": "walk", "Walker": "walk", "walk": "walk",
    "Analyst": "analysis.solve", "Goal": "analysis.solve", "Solution": "analysis.solve",
    "Unsolvable": "analysis.solve", "par": "analysis.solve", "solve": "analysis.solve",
    "CardValue": "analysis.annotate", "DealAnalysis": "analysis.annotate", "analyse": "analysis.annotate",
    "annotate": "analysis.annotate", "strip_analysis": "analysis.annotate",
    "odds": "analysis.odds", "Odds": "analysis.odds", "ContractOdds": "analysis.odds", "BadHand": "analysis.odds",
    "to_json": "notation.jsonio", "from_json": "notation.jsonio",  # cattrs too: only when JSON is used
    "LANGUAGES": "i18n", "current_language": "i18n", "set_language": "i18n", "using_language": "i18n",
}


#: Subpackages that are public names themselves: ``preflog.stats(games)`` calls the module.
_MODULES = frozenset({"stats"})


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return importlib.import_module(f".{name}", __name__)
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'preflog' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS) | _MODULES)


class _Package(types.ModuleType):
    """The package, whose functions ``check``, ``generate``, ``replay`` and ``walk`` share their names
    with modules: importing such a module must not put the module where the function is."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _EXPORTS and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


if TYPE_CHECKING:  # the names as the type checker sees them; at run time each is imported when first used
    from .analysis.annotate import CardValue, DealAnalysis, analyse, annotate, strip_analysis
    from .analysis.solve import Analyst, Goal, Solution, Unsolvable, par, solve
    from .analysis.odds import BadHand, ContractOdds, Odds, odds
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
    from .i18n import LANGUAGES, current_language, set_language, using_language
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
    from .notation.jsonio import from_json, to_json
    from .notation.decode import ReadError
    from .notation.read import GameReading, ParsedGame, ReadDeal, read_games, stream_games
    from .notation.write import dumps
    from .replay import Replay, Step, replay
    from .scoring.ledger import Column, Entry
    from .scoring.outcome import Outcome, outcome_of
    from .scoring.payments import Payment, payments
    from .scoring.pulka import ScoreSheet
    from .scoring.scorer import Scorer, score
    from .scoring.settlement import Settlement
    from . import stats as stats
    from .walk import SKIP, Visitor, Walker, walk

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
    "Column", "Entry", "Outcome", "Payment", "ScoreSheet", "Settlement", "outcome_of", "payments", "score",
    # double-dummy analysis
    "Analyst", "CardValue", "DealAnalysis", "Goal", "Solution", "Unsolvable", "analyse", "annotate", "par",
    "solve", "strip_analysis",
    # the odds of a hand's contracts before the play
    "BadHand", "ContractOdds", "Odds", "odds",
    # statistics of an archive (a callable module: preflog.stats(games))
    "stats",
    # generating
    "generate",
    # the language spoken
    "LANGUAGES", "current_language", "set_language", "using_language",
]
