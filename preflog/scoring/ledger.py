"""Entries on the score sheet: who writes how much where, in which deal, and by which rule.

An entry says how its amount is made up as a :class:`Reason`, a value of facts in no language: two
sheets written in different languages are equal. Its words are made where a person reads them, in
that person's language: :mod:`preflog.sheet_words`.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TypeAlias

import attrs

from ..i18n import N_
from ..model.bids import Bid
from ..model.build import builder

#: An exact amount on the sheet: an ``int`` when whole (nearly always), else a ``Fraction``. Both have
#: ``numerator`` and ``denominator`` and compare, hash and add as the same number.
Amount = int | Fraction


def exact(value: Fraction) -> Amount:
    """``value`` as an :data:`Amount`: an int when it is whole."""
    return value.numerator if value.denominator == 1 else value


class Column(enum.Enum):
    """The three parts of a player's place on the pulka (Code 4.2.1)."""

    POOL = "pool"          # пуля: games made
    MOUNTAIN = "mountain"  # гора: games and whists failed
    WHISTS = "whists"      # висты: written on another player
    BOMB = "bomb"          # бомбы (Classic): a bomb earned (its degree, 1–3) or used (minus it)

    __hash__ = object.__hash__  # one object a member: identity's (Enum hashes the name, in Python, 25 a deal)


#: The columns as a person reads them (translated where they are shown).
COLUMN_WORDS = {Column.POOL: N_("pool"), Column.MOUNTAIN: N_("mountain"), Column.WHISTS: N_("whists"),
                Column.BOMB: N_("bombs")}


@attrs.frozen(slots=True)
class Reason:
    """How an entry's amount is made up, as facts: ``key`` names the rule's way of making it (``made``:
    a contract made; ``help-from``: a full pool's points that help another's), ``params`` the facts its
    words name (the contract, the tricks, the price, a player, the reason helped), by name in the order
    of their names. No words: :func:`preflog.sheet_words.reason_text` says one."""

    key: str
    params: tuple[tuple[str, ReasonParam], ...] = ()

    @classmethod
    def of(cls, key: str, **given: ReasonParam) -> Reason:
        """The reason ``key`` with the facts ``given`` (sorted by name: equal facts, equal reasons), the
        one object of that reason made before, where it is known (:data:`_KNOWN`)."""
        params = tuple(sorted(given.items()))
        known = _KNOWN.get((key, params))  # by its fields: a tuple hashes and compares in C, a Reason in Python
        if known is not None:
            return known
        made: Reason = _Reason(key, params)
        if len(_KNOWN) < KNOWN_REASONS:
            _KNOWN[key, params] = made
        return made

    def get(self, name: str) -> ReasonParam:
        """The fact named ``name`` (``None`` when the reason has none of that name)."""
        for have, value in self.params:
            if have == name:
                return value
        return None


_Reason = builder(Reason)  # one or two an entry, built in C (model.build)
#: The reasons kept once each, at most: a long game's ledger holds few different ones (a made six of
#: spades, the same whists), each then one object, not one an entry (the ledger of a 10,000-deal game:
#: 8 MB of reasons); the bound keeps an archive of many players' names from growing it without end.
KNOWN_REASONS = 4096
_KNOWN: dict[tuple[str, tuple[tuple[str, ReasonParam], ...]], Reason] = {}  # by its key and params
#: What a reason may name: a contract, players' names, counts and amounts, whether something holds,
#: and the reason an entry made from another one goes back to (help, half to the pool).
ReasonParam: TypeAlias = Bid | str | int | Fraction | bool | Reason | None


@attrs.frozen(slots=True)
class Entry:
    """One write on the sheet: ``player`` adds ``amount`` to ``column`` (on ``on``, for whists).

    ``amount`` is exact (:data:`Amount`); ``section`` is the rule that writes it (a section of the
    Code, or the notation for a penalty) and ``reason`` how the amount is made up (a :class:`Reason`,
    in words ``2 tricks × 4``); :func:`preflog.sheet_words.entry_text` says the entry.
    """

    deal: int
    player: str
    column: Column
    amount: Amount
    section: str
    reason: Reason
    on: str | None = None
    #: a write off the own mountain that goes only as far as the mountain does: what it cannot take off
    #: is lost (Classic's all-pass, seed 000 §7.2); the sheet writes what it can
    capped: bool = attrs.field(default=False, kw_only=True)
    #: the points of a game made, which Classic may split between the pool and the mountain (seed 000 §7.2)
    game: bool = attrs.field(default=False, kw_only=True)

def number_json(value: Amount) -> int | float:
    """A number for JSON: an integer when whole, otherwise rounded to two decimals."""
    if value.denominator == 1:
        return value.numerator
    return float(Fraction(round(value * 100), 100))


def exact_json(value: Amount) -> int | str:
    """A number for JSON without loss: an integer, or a fraction as text (``"100/3"``)."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def plural_of(value: Amount) -> int:
    """The number that picks the plural form for ``value``: itself when whole, else 2 (a fraction reads
    as a few in Russian: 1.5 взятки, 2.5 виста)."""
    return abs(value.numerator) if value.denominator == 1 else 2


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Amount", "COLUMN_WORDS", "Column", "Entry", "Reason", "ReasonParam", "exact", "exact_json", "number_json",
    "plural_of",
]
