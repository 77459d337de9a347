"""Entries on the score sheet: who writes how much where, in which deal, and by which rule."""

from __future__ import annotations

import enum
from fractions import Fraction

import attrs

from ..words import cited
from ..i18n import N_, _, decimal, ngettext

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
class Entry:
    """One write on the sheet: ``player`` adds ``amount`` to ``column`` (on ``on``, for whists).

    ``amount`` is exact (:data:`Amount`); ``section`` is the rule that writes it (a section of the
    Code, or the notation for a penalty) and ``reason`` says how the amount is made up, e.g.
    ``2 tricks × 4``.
    """

    deal: int
    player: str
    column: Column
    amount: Amount
    section: str
    reason: str
    on: str | None = None
    #: a write off the own mountain that goes only as far as the mountain does: what it cannot take off
    #: is lost (Classic's all-pass, seed 000 §7.2); the sheet writes what it can
    capped: bool = attrs.field(default=False, kw_only=True)
    #: the points of a game made, which Classic may split between the pool and the mountain (seed 000 §7.2)
    game: bool = attrs.field(default=False, kw_only=True)

    def text(self) -> str:
        """The entry in words: ``deal 7: Vera writes 8 whists on Boris: 2 tricks × 4 (3.8.1.1)``."""
        if self.column is Column.WHISTS:
            said = ngettext("deal {deal}: {player} writes {amount} whist on {on}: {reason} ({where})",
                            "deal {deal}: {player} writes {amount} whists on {on}: {reason} ({where})",
                            plural_of(self.amount))
        elif self.column is Column.BOMB:
            said = (_("deal {deal}: {player} earns a bomb: {reason} ({where})") if self.amount > 0 else
                    _("deal {deal}: {player} uses a bomb: {reason} ({where})"))
        elif self.column is Column.POOL:
            said = (_("deal {deal}: {player} takes {amount} off the pool: {reason} ({where})") if self.amount < 0 else
                    _("deal {deal}: {player} writes {amount} to the pool: {reason} ({where})"))
        else:
            said = (_("deal {deal}: {player} takes {amount} off the mountain: {reason} ({where})") if self.amount < 0
                    else _("deal {deal}: {player} writes {amount} to the mountain: {reason} ({where})"))
        signed = self.column in (Column.WHISTS, Column.BOMB)  # pool and mountain say "takes off" for a minus
        return said.format(deal=self.deal, player=self.player, on=self.on, reason=self.reason,
                           amount=number_text(self.amount if signed else -self.amount if self.amount < 0 else self.amount),
                           where=cited(self.section))


def number_text(value: Amount) -> str:
    """A number as the sheet shows it: whole numbers plainly, others to two decimals (exactly, with
    no detour through a float that a huge amount would overflow)."""
    if value.denominator == 1:
        return str(value.numerator)
    return two_places(value)


def two_places(value: Amount) -> str:
    """``value`` to two decimals, ``-`` before a negative one: exact, half to even like
    ``format(…, ".2f")``."""
    hundredths = round(value * 100)
    whole, cents = divmod(abs(hundredths), 100)
    return decimal(f"{'-' if hundredths < 0 else ''}{whole}.{cents:02d}")


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


def times(count: Amount, price: Amount, scale: int = 1) -> str:
    """``2 tricks × 4`` (and ``× 2`` for a scale): how an entry is made up, in words."""
    text = ngettext("{n} trick", "{n} tricks", plural_of(count)).format(n=number_text(count)) + f" × {number_text(price)}"
    return text + (f" × {scale}" if scale != 1 else "")

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Amount", "COLUMN_WORDS", "Column", "Entry", "exact", "exact_json", "number_json", "number_text", "plural_of",
    "times", "two_places",
]
