"""The enum members the compiled rules read (``engine``, ``legal``, ``laws``), as module constants.

In compiled code an enum class's attribute (``Stage.COMPULSORY``) goes through its metaclass's
``__getattr__`` hook (Python 3.11), about ten times the cost of a constant; a ``Final`` of a compiled
module is a C static wherever the group reads it. The reader (``notation.fast``), a layer below the
rules, keeps its own few.
"""

from __future__ import annotations

from typing import Final

from ..model.auction import CallKind
from ..model.deal import ResultKind
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import Seat
from .conventions import AllPassTalon, VoidTalonTrick
from .razboynik import Stage
from .state import AuctionState

AUCTION_ALL_PASS: Final = AuctionState.ALL_PASS
AUCTION_OPEN: Final = AuctionState.OPEN
AUCTION_UNKNOWN: Final = AuctionState.UNKNOWN
AUCTION_WON: Final = AuctionState.WON
CALL_BID: Final = CallKind.BID
CALL_HERE: Final = CallKind.HERE
CALL_PASS: Final = CallKind.PASS
DECISION_PASS: Final = DecisionKind.PASS
MODE_CLOSED: Final = WhistMode.CLOSED
MODE_OPEN: Final = WhistMode.OPEN
RESULT_DECLARER: Final = ResultKind.DECLARER
RESULT_RELATIVE: Final = ResultKind.RELATIVE
RESULT_TRICKS: Final = ResultKind.TRICKS
SEAT_FIRST: Final = Seat.FIRST
SEAT_SITTING_OUT: Final = Seat.SITTING_OUT
STAGE_COMPULSORY: Final = Stage.COMPULSORY
STAGE_FREE: Final = Stage.FREE
STAGE_HALF_TIME: Final = Stage.HALF_TIME
TALON_LEAD: Final = AllPassTalon.LEAD
VOID_TRICK_ELDEST: Final = VoidTalonTrick.ELDEST
