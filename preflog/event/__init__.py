"""Events: Swiss tournaments of pulkas and duplicate evenings (TOURNAMENTS.md; Code 4.1.3, 4.2.11, note 9).

The layers, from the bottom: ``plan`` (what the director decided and what was drawn, kept in an event
file), ``seating`` (the lot and the Swiss pairing), ``boards`` (hand records) and ``movement``
(who plays which boards where), ``results`` (the event's games read and checked against the plan),
``standings`` and ``duplicate`` (the tables the results give), ``protocol`` (the sheets of 4.2.11) and
``report`` (text, CSV, JSON, HTML).
"""

from __future__ import annotations

from .boards import Board, BoardsError, deal_boards, dump_boards, loads_boards
from .director import draw_next, event_boards, new_event
from .duplicate import duplicate_scores
from .movement import movement
from .plan import SCALES, Kind, Plan, PlanError, Scale, TieBreak, dumps_plan, loads_plan, scale_of
from .results import Results, collect
from .standings import standings

#: The package's public names.
__all__ = [
    "Board", "BoardsError", "Kind", "Plan", "PlanError", "Results", "SCALES", "Scale", "TieBreak", "collect",
    "deal_boards", "draw_next", "dump_boards", "duplicate_scores", "dumps_plan", "event_boards", "loads_boards",
    "loads_plan", "movement", "new_event", "scale_of", "standings",
]
