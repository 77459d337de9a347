"""``penalty``: a manual entry on the score sheet, ``penalty NAME pool N``, ``penalty NAME mountain N``
or ``penalty NAME whists NAME N``; it may repeat (NOTATION.md §3).

Read fast (:func:`read`), by the grammar's rule ``penalty`` (:func:`penalty`), and written
(:func:`write`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.build import builder
from ...model.deal import Penalty, PenaltyKind, write_penalty
from ..raw import Flagged, Problem
from . import layout, tokens
from .scan import NotCanonical, Words, amount, at, name, new, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Penalty: Final = builder(Penalty)  # built in C (model.build)
_PENALTY_KINDS: Final = {k.value: k for k in PenaltyKind}
_WHISTS: Final = PenaltyKind.WHISTS


def read(words: Words) -> Flagged:
    """``penalty NAME pool N | mountain N | whists NAME N``, then its comments; the names it gives."""
    w = words[0]
    count, comments = trailing(words)
    kind = _PENALTY_KINDS.get(w[2]) if count > 2 else None
    target: str | None = None
    if count == 4 and kind is not None and kind is not _WHISTS:
        value = amount(w[3])
    elif count == 5 and kind is _WHISTS:
        target, value = name(w[3]), amount(w[4])
    else:
        raise NotCanonical
    player = name(w[1])
    names = ((player, at(words, 1)),) if target is None else ((player, at(words, 1)), (target, at(words, 3)))
    return new(Flagged, _Penalty(player, kind, value, target, comments, whole(words)), (), names)


def penalty(children: list[Any]) -> Any:
    """The grammar's rule ``penalty``."""
    problems: list[Problem] = []
    kind = PenaltyKind(children[2].value)
    names = [(children[1].value, tokens.span(children[1]))]
    if kind is PenaltyKind.WHISTS:
        names.append((children[3].value, tokens.span(children[3])))
    amount_tok = children[4] if kind is PenaltyKind.WHISTS else children[3]
    value = tokens.number(amount_tok, _("a penalty"), problems, signed=True, whole=False)
    record = Penalty(children[1].value, kind, value, names[1][0] if len(names) > 1 else None,
                     tokens.comments(children), tokens.from_to(children))
    return tokens.flag(record, problems, tuple(names))


def write(spell: Spelling, written: Penalty) -> str:
    """``penalty`` and the entry (:func:`~preflog.model.deal.write_penalty`), then its comments."""
    return f"penalty {write_penalty(written)}{layout.comments(written.comments)}"
