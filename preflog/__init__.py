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
from typing import TYPE_CHECKING, Any

from . import compiled as _compiled

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it from here)

_compiled.run_source_if_asked()  # PREFLOG_PURE_PYTHON=1: the compiled modules run from their source

#: Where each public name lives. ``import preflog`` loads none of them: a name's module is imported the
#: first time the name is used, so that ``preflog --help`` or ``preflog parse`` load only what they need.
_EXPORTS: dict[str, str] = {
    "Checker": "checker", "audit": "problems", "check": "problems", "Audit": "problems", "Audited": "problems", "PRESETS": "game.conventions",
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
    "CATALOGUE": "verdicts", "Phrase": "game.violations", "Violation": "game.violations", "generate": "generator",
    "message": "verdicts", "hint_text": "verdicts", "rule": "verdicts", "params_json": "verdicts",
    "entry_text": "sheet_words",
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
    "loads_all": "notation.api", "NotationError": "notation.errors", "ReadError": "notation.errors",
    "GameReading": "notation.read", "ParsedGame": "notation.read", "ReadDeal": "notation.read",
    "read_games": "notation.read", "stream_games": "notation.read", "dumps": "notation.write", "Replay": "steps",
    "Step": "steps", "replay": "steps", "Column": "scoring.ledger", "Entry": "scoring.ledger",
    "Outcome": "scoring.outcome", "outcome_of": "scoring.outcome", "ScoreSheet": "scoring.pulka",
    "Scorer": "scoring.scorer", "score": "scoring.scorer", "deal_score": "scoring.scorer", "Settlement": "scoring.settlement", "Payment": "scoring.payments",
    "payments": "scoring.payments", "SKIP": "driver",
    "Visitor": "driver", "Walker": "driver", "walk": "driver",
    "Analyst": "analysis.solve", "Goal": "analysis.solve", "Solution": "analysis.solve",
    "Unsolvable": "analysis.solve", "par": "analysis.solve", "solve": "analysis.solve",
    "CardValue": "analysis.annotate", "DealAnalysis": "analysis.annotate", "analyse": "analysis.annotate",
    "annotate": "analysis.annotate", "strip_analysis": "analysis.annotate",
    "odds": "analysis.odds", "Odds": "analysis.odds", "ContractOdds": "analysis.odds", "BadHand": "analysis.odds",
    "to_json": "notation.jsonio", "from_json": "notation.jsonio",  # cattrs too: only when JSON is used
    "stats": "statistics.run", "Stats": "statistics.tally",
    "diagram": "present.diagram", "Diagram": "present.diagram", "Refusal": "present.diagram",
    "deal": "dealing.dealer", "Deals": "dealing.dealer", "DealView": "dealing.view", "HandView": "dealing.view",
    "BadCondition": "dealing.condition",
    "LANGUAGES": "i18n", "current_language": "i18n", "set_language": "i18n", "using_language": "i18n",
}




def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'preflog' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))




if TYPE_CHECKING:  # the names as the type checker sees them (each re-exported: `name as name`), made from
    # _EXPORTS; at run time each is imported when first used
    from .analysis.annotate import (
        CardValue as CardValue, DealAnalysis as DealAnalysis, analyse as analyse, annotate as annotate, strip_analysis
        as strip_analysis
    )
    from .analysis.odds import BadHand as BadHand, ContractOdds as ContractOdds, Odds as Odds, odds as odds
    from .analysis.solve import (
        Analyst as Analyst, Goal as Goal, Solution as Solution, Unsolvable as Unsolvable, par as par, solve as solve
    )
    from .checker import Checker as Checker
    from .present.diagram import Diagram as Diagram, Refusal as Refusal, diagram as diagram
    from .dealing.condition import BadCondition as BadCondition
    from .dealing.dealer import Deals as Deals, deal as deal
    from .dealing.view import DealView as DealView, HandView as HandView
    from .problems import Audit as Audit, Audited as Audited, audit as audit, check as check
    from .game.conventions import (
        AllPassScoring as AllPassScoring, AllPassTalon as AllPassTalon, Liability as Liability, PRESETS as PRESETS,
        Progression as Progression, Rules as Rules, VoidTalonTrick as VoidTalonTrick, WhistSplit as WhistSplit, rules_of
        as rules_of
    )
    from .game.engine import (
        advance as advance, apply as apply, expected_dealer as expected_dealer, implied as implied, initial_state as
        initial_state
    )
    from .game.events import (
        BiddingEnded as BiddingEnded, CallMade as CallMade, CardPlayed as CardPlayed, CheckpointRecorded as
        CheckpointRecorded, Claimed as Claimed, ContractDeclared as ContractDeclared, DealEnded as DealEnded,
        DealStarted as DealStarted, Dealt as Dealt, DefenceDecided as DefenceDecided, Discarded as Discarded, Event as
        Event, PenaltyRecorded as PenaltyRecorded, ResultRecorded as ResultRecorded, TalonTaken as TalonTaken,
        TrickCompleted as TrickCompleted, WhistModeChosen as WhistModeChosen, events_of as events_of
    )
    from .game.legal import (
        counts_as_made as counts_as_made, legal_calls as legal_calls, legal_cards as legal_cards, legal_contracts as
        legal_contracts, legal_decisions as legal_decisions, legal_modes as legal_modes
    )
    from .game.state import AuctionState as AuctionState, DealState as DealState, GameState as GameState
    from .game.violations import Phrase as Phrase, Violation as Violation
    from .verdicts import (
        CATALOGUE as CATALOGUE, hint_text as hint_text, message as message, params_json as params_json, rule as rule
    )
    from .generator import generate as generate
    from .sheet_words import entry_text as entry_text
    from .i18n import (
        LANGUAGES as LANGUAGES, current_language as current_language, set_language as set_language, using_language as
        using_language
    )
    from .model.annotations import Comment as Comment, Glyph as Glyph
    from .model.auction import Bids as Bids, Call as Call, CallKind as CallKind, Contract as Contract
    from .model.bids import Bid as Bid, LADDER as LADDER, MISERE as MISERE, Strain as Strain
    from .model.cards import Card as Card, DECK as DECK, Rank as Rank, Suit as Suit, card as card
    from .model.deal import (
        Checkpoint as Checkpoint, CheckpointEntry as CheckpointEntry, CheckpointWhist as CheckpointWhist, Deal as Deal,
        Discard as Discard, HandEntry as HandEntry, Hands as Hands, Penalty as Penalty, PenaltyKind as PenaltyKind,
        PlayerTricks as PlayerTricks, Result as Result, ResultKind as ResultKind, Talon as Talon
    )
    from .model.defence import (
        Decision as Decision, DecisionKind as DecisionKind, Defence as Defence, WhistMode as WhistMode
    )
    from .model.game import Game as Game, Tag as Tag
    from .model.hand import Hand as Hand
    from .model.play import (
        Claim as Claim, ClaimShare as ClaimShare, Play as Play, PlayedCard as PlayedCard, Variation as Variation
    )
    from .model.seating import Seat as Seat, bidding_order as bidding_order, next_dealer as next_dealer
    from .model.span import Span as Span
    from .notation.api import (
        dump as dump, iter_games as iter_games, load as load, load_all as load_all, loads as loads, loads_all as
        loads_all
    )
    from .notation.errors import ReadError as ReadError
    from .notation.errors import NotationError as NotationError
    from .notation.jsonio import from_json as from_json, to_json as to_json
    from .notation.read import (
        GameReading as GameReading, ParsedGame as ParsedGame, ReadDeal as ReadDeal, read_games as read_games,
        stream_games as stream_games
    )
    from .notation.write import dumps as dumps
    from .statistics.run import stats as stats
    from .statistics.tally import Stats as Stats
    from .steps import Replay as Replay, Step as Step, replay as replay
    from .scoring.ledger import Column as Column, Entry as Entry
    from .scoring.outcome import Outcome as Outcome, outcome_of as outcome_of
    from .scoring.payments import Payment as Payment, payments as payments
    from .scoring.pulka import ScoreSheet as ScoreSheet
    from .scoring.scorer import Scorer as Scorer, deal_score as deal_score, score as score
    from .scoring.settlement import Settlement as Settlement
    from .driver import SKIP as SKIP, Visitor as Visitor, Walker as Walker, walk as walk

#: Every public name, from the one table above (the type checker's imports are checked against it).
__all__ = sorted(_EXPORTS)
