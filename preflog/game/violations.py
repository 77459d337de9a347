"""Rule violations as values: a stable code, where, and the facts of the fault, in no language.

A :class:`Violation` names the rule broken (``code``, whose section of the Preferans Code is
:data:`SECTIONS`), where (``span``, ``deal``), and the facts its sentence is made of: which of the
code's sentences (``reason``) and the cards, bids, calls, names and numbers it names (``params``).
Two violations found in different languages are equal. The sentence is made where a person reads
it, in that person's language: :func:`preflog.verdicts.message`.
"""

from __future__ import annotations

import enum
from decimal import Decimal
from fractions import Fraction
from typing import Protocol, TypeAlias

import attrs

from ..model.auction import Call
from ..model.bids import Bid
from ..model.cards import Card
from ..model.span import Span


class Worded(Protocol):
    """A value of another layer that its own presenter words where it is shown: a sheet's entry, which
    :func:`preflog.sheet_words.entry_text` says, by the rule (``section``) that wrote it."""

    @property
    def section(self) -> str: ...


def params(**given: Param) -> Params:
    """``given`` as a value's params: sorted by name, so that equal facts make equal values."""
    return tuple(sorted(given.items()))


@attrs.frozen(slots=True)
class Phrase:
    """Words chosen by a short stable key, ``reason``, with the facts they name: a violation's hint
    (``dealer``: did you mean the expected dealer?), why a deal cannot be scored."""

    reason: str
    params: Params = ()

    @classmethod
    def of(cls, reason: str, **given: Param) -> Phrase:
        return cls(reason, params(**given))


#: What a violation may name: cards, bids, calls, a suit or seat or word of the defence (enums),
#: player names (``str``), numbers, a few of them (a tuple), a phrase chosen by a key.
Param: TypeAlias = (Card | Bid | Call | enum.Enum | str | int | Fraction | Decimal | Phrase | Worded | None
                    | tuple[Card, ...] | tuple[str, ...] | tuple[int, ...])
#: A violation's or phrase's params, by name, in the order of their names.
Params: TypeAlias = tuple[tuple[str, Param], ...]


#: Every violation's code → its source: a section of the Code (``3.9.3``), or a seed of RULES.md
#: (``seed 000 §8``). The rule's name in words is the presenter's (:data:`preflog.verdicts.RULES`).
SECTIONS: dict[str, str] = {
    "R101": "RULES.md",
    "R102": "RULES.md",
    "R103": "RULES.md",
    "R104": "Code 3.7.6.4, seed 001",
    "D101": "1.3.1, 3.2.8",
    "D102": "3.2.2",
    "D103": "3.7.7",
    "D104": "3.2.10",
    "A201": "3.3.2",
    "A202": "3.3.7",
    "A203": "3.3.10",
    "A204": "3.3.9",
    "A205": "3.3.9, 3.6.3",
    "A206": "3.3.8",
    "A207": "3.3.1, 3.3.12",
    "A208": "3.3.1",
    "A209": "3.7.8, 3.3.19 a, seed 004",
    "A211": "3.3.19, seed 004",
    "A212": "seed 004, seed 000 §5",
    "A213": "seed 000 §8, seed 004",
    "A210": "3.3.19",
    "T301": "3.4.1",
    "T302": "3.4.1",
    "T303": "3.4.3",
    "T304": "3.3.9",
    "T305": "3.6.3",
    "T306": "3.4.1",
    "T307": "3.7.1",
    "T308": "seed 000 §8, seed 004",
    "T309": "seed 000 §6.3",
    "W401": "3.8.1",
    "W402": "3.8.7",
    "W403": "3.8.7",
    "W404": "3.8.8, 3.8.8.1, 3.8.8.2",
    "W405": "3.8.4, 3.8.5",
    "W406": "3.6.6",
    "W407": "seed 000 §6.2",
    "W408": "3.8.1, 3.8.7",
    "W409": "3.3.19 b, seed 004",
    "W410": "seed 001, 3.8.7",
    "W411": "seed 004",
    "W412": "seed 000 §6.3",
    "P501": "3.9.2, 3.2.16",
    "P502": "2.1.3, 3.9.3",
    "P503": "3.9.3",
    "P504": "3.9.2",
    "P505": "2.1.1, 3.9.5",
    "P506": "3.9.16",
    "P507": "3.8.1, 3.9.1",
    "C601": "3.9.22",
    "C602": "2.1.2, 3.9.4",
    "C603": "3.8.7, 3.9.22",
    "C604": "3.7.1",
    "C605": "3.8.1, 3.8.7",
    "S701": "4.2.5, 4.2.7",
    "S702": "4.2.14",
    "S703": "4.2.1",
    "S704": "4.2.3, 4.2.15",
    "S705": "seed 000 §8, seed 004",
    "S706": "seed 000 §7.2",
}


@attrs.frozen(slots=True)
class Violation:
    """One broken rule at one place, as facts: ``code`` (e.g. ``P502``), ``span`` and ``deal``, and
    ``params`` (e.g. the player, the card played, the cards that follow suit) with ``reason``, which of
    the code's sentences they fill ("" for the code's first). No words: two violations of the same
    facts are equal in any language, and :func:`preflog.verdicts.message` says one in the reader's.

    A violation that names a slip which the rest of its deal follows from (a wrong dealer, hands in the
    wrong order, a misread card) carries a ``hint`` at the likely correction (a :class:`Phrase`) and,
    in ``follows``, the violations it explains (``preflog.check`` folds them; ``fold=False`` lists them
    all).
    """

    code: str
    span: Span | None = None
    deal: int | None = None
    params: Params = ()
    reason: str = ""
    hint: Phrase | None = None
    follows: tuple[Violation, ...] = attrs.field(default=(), eq=False, repr=False)
    #: what inside ``span`` the violation is about (a card of a hand, talon or discard; the declarer's
    #: name), for a view that holds the text to show it at that token
    token: Card | str | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def section(self) -> str:
        """The rule's source: a section of the Code or a seed (:data:`SECTIONS`)."""
        return SECTIONS[self.code]

    def param(self, name: str) -> Param:
        """The param ``name`` (``KeyError`` if the violation has none of that name)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    @classmethod
    def of(cls, code: str, reason: str, span: Span | None, deal: int | None = None,
           token: Card | str | None = None, /, **given: Param) -> Violation:
        """The violation ``code`` of the sentence ``reason`` with the facts ``given`` (sorted by name; a
        fact may be named as a field, ``deal=`` say: the fields are given by position)."""
        return cls(code, span, deal, params(**given), reason, token=token)


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Param", "Params", "Phrase", "SECTIONS", "Violation", "Worded", "params",
]
