"""The defenders' decisions after the contract (Code 3.8): whist, pass, half-whist."""

from __future__ import annotations

import enum

import attrs

from ..i18n import N_
from .annotations import Comments, Glyph, span_field
from .span import Span


class DecisionKind(enum.Enum):
    WHIST = "whist"
    PASS = "pass"
    HALF = "half"


class WhistMode(enum.Enum):
    """How a single whister chose to play (Code 3.8.5)."""

    OPEN = "open"
    CLOSED = "closed"


@attrs.frozen(slots=True)
class Decision:
    """One defender's word, in order from the declarer's left."""

    kind: DecisionKind
    glyph: Glyph | None = None
    comments: Comments = ()
    span: Span | None = span_field()


@attrs.frozen(slots=True)
class Defence:
    """The ``whist`` statement: the decisions and, for a single whister, open or closed play."""

    decisions: tuple[Decision, ...]
    mode: WhistMode | None = None
    comments: Comments = ()
    span: Span | None = span_field()
    mode_span: Span | None = span_field()  #: the word ``open`` or ``closed``


#: The words of the defence as a person reads them (translated where they are said).
DECISION_WORDS = {DecisionKind.WHIST: N_("whist"), DecisionKind.PASS: N_("pass"), DecisionKind.HALF: N_("half-whist")}
MODE_WORDS = {WhistMode.OPEN: N_("open"), WhistMode.CLOSED: N_("closed")}

#: The module's public names (what other layers and the server may import).
__all__ = [
    "DECISION_WORDS", "Decision", "DecisionKind", "Defence", "MODE_WORDS", "WhistMode",
]
