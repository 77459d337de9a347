"""What one replayed game and each of its deals give the statistics: :class:`GameFacts`, :class:`DealFacts`.

The facts are read off the replay (the outcome the scorer reads, the settlement the sheet gives before
and after the deal, the double-dummy values of the cards played) and nothing else: the statistics
add them up (:mod:`.tally`) without a rule of their own.
"""

from __future__ import annotations

import enum
import re
from fractions import Fraction

import attrs

from ..analysis.annotate import DealAnalysis
from ..model.bids import Bid
from ..model.build import builder
from ..model.game import Game
from ..scoring.outcome import Outcome
from ..scoring.tariff import made, whisters_short

#: A Date tag read for its day: ``2026-11-20`` (``.`` or ``/`` also part it; ``??`` for what is not known).
_DATE = re.compile(r"\s*(\d{4})[-./](\d{2}|\?\?)[-./](\d{2}|\?\?)\s*")
#: The month of a game whose Date tag gives none.
UNDATED = "undated"


class Role(enum.Enum):
    """What a player did in a deal (the deal's settlement is split by it)."""

    DECLARER = "declarer"  # played the game or the misère
    WHIST = "whist"        # whisted it (Code 3.8)
    HALF = "half"          # his half-whist stood (3.8.7)
    PASS = "pass"          # passed on a game
    DEFENCE = "defence"    # played against a misère or a totus, which nobody whists
    ALL_PASS = "all-pass"  # played the all-pass (3.7)
    OUT = "out"            # not in the play: the dealer of four, the dummy of two

    __hash__ = object.__hash__  # one object a member: identity's (Enum hashes the name, in Python, 10 a deal)


class Remiz(enum.Enum):
    """A remiz as the Code's footnote 3 counts it: «недобор взятки, подсад на игре или висте,
    невыполнение обязательства взять то или иное количество взяток на игре (или обязательства не брать
    взяток – на мизере)»."""

    GAME = "game"      # a game set: the declarer short of his contract (4.2.1), a totus of its ten
    MISERE = "misere"  # a misère caught: the declarer took a trick (3.6)
    WHIST = "whist"    # a whister's remiz, «ремиз вистующего» (3.8.1.3): short of the obligation he answers for

    __hash__ = object.__hash__  # as Role's


@attrs.frozen(slots=True)
class GameFacts:
    """One game: when, under which convention, who sat, and how it settled (Code 4.2.14)."""

    date: str | None                 # YYYY-MM-DD, or None when the Date tag gives no day
    month: str                       # YYYY-MM, or UNDATED
    rules: str                       # the convention's name (the preset the Rules tag names)
    players: tuple[str, ...]
    deals: int
    settlement: dict[str, Fraction]  # whists won (+) and lost (−), summing to zero
    money: dict[str, Fraction] | None  # the same in money, with a WhistPrice tag
    opening: dict[str, Fraction]     # what a Sheet tag carried over before the first deal

    @property
    def partners(self) -> str:
        return partners_of(self.players)


@attrs.frozen(slots=True)
class DealFacts:
    """One deal: the contract and its fate, each player's role, the whists the deal won or lost each
    player (the change in the settlement it made), the remizes it gave, and where the play is recorded
    card by card, the double-dummy par and the tricks each player's cards gave away against it."""

    number: int
    contract: Bid | None             # None for an all-pass
    declarer: str | None
    declarer_tricks: int | None      # None for a game nobody whisted, not played
    made: bool
    short: int                       # a game: the tricks it was set by; a misère: the tricks taken
    roles: dict[str, Role]
    tricks: dict[str, int] | None    # an all-pass's tricks, each player's
    value: dict[str, Fraction]       # the change in each player's settlement, in whists
    par: int | dict[str, int] | None = None  # declarer's tricks (all-pass: each player's) with best play
    loss: dict[str, int] | None = None       # tricks each player's cards gave away against it
    #: each player set in the deal (footnote 3), how, and by how many tricks (a misère: the tricks taken)
    remizes: tuple[tuple[str, Remiz, int], ...] = ()

    def remiz(self, player: str) -> tuple[Remiz, int] | None:
        """How ``player`` was set in the deal and by how many tricks, or None: he was not (one remiz a
        deal at most: the declarer's game or misère, or a whister's shortfall)."""
        for who, kind, tricks in self.remizes:
            if who == player:
                return kind, tricks
        return None

    @property
    def all_pass(self) -> bool:
        return self.contract is None


_DealFacts = builder(DealFacts)  # built in C (model.build)


def partners_of(players: tuple[str, ...]) -> str:
    """The set of players at a table, in one order whoever dealt first: ``Anna, Boris, Vera``."""
    return ", ".join(sorted(players))


def is_date(value: str) -> bool:
    """Whether ``value`` is a day or a month as the filters take them: ``2026-11-20`` or ``2026-11``."""
    return bool(_DATE.fullmatch(value) or _DATE.fullmatch(value + "-01"))


def date_of(game: Game) -> tuple[str | None, str]:
    """The day and the month of a game from its Date tag: (``2026-11-20``, ``2026-11``); None and
    :data:`UNDATED` for what the tag does not give."""
    return day_and_month(game.tag("Date"))


def day_and_month(tag: str | None) -> tuple[str | None, str]:
    """The day and the month a Date tag's value gives (see :func:`date_of`)."""
    found = _DATE.fullmatch(tag) if tag else None
    if found is None:
        return None, UNDATED
    year, month, day = found.groups()
    if month == "??":
        return None, UNDATED
    return (None if day == "??" else f"{year}-{month}-{day}"), f"{year}-{month}"


def deal_facts(outcome: Outcome, value: dict[str, Fraction], analysis: DealAnalysis | None = None,
               open_for: dict[str, str] | None = None) -> DealFacts:
    """A deal's facts from its outcome (:func:`~preflog.outcome_of`), the settlement's change, and the
    double-dummy values of a play recorded to its last card (None when there are none). ``open_for``
    names who played a hand for its owner: the whister who plays open plays the passer's cards too
    (Code 3.8.5), and the tricks those cards lose are his."""
    players = tuple(value)
    par, loss = _par(analysis, open_for or {})
    if outcome.all_pass:
        roles = {p: Role.ALL_PASS if p in outcome.active else Role.OUT for p in players}
        return _DealFacts(outcome.number, None, None, None, False, 0, roles, outcome.tricks, value, par, loss, ())
    contract, declarer, tricks = outcome.contract, outcome.declarer, outcome.declarer_tricks
    assert contract is not None and declarer is not None
    done = made(outcome)
    if contract.is_misere:
        short = tricks or 0
    elif done or tricks is None:
        short = 0
    else:
        short = (10 if outcome.totus else contract.level) - tricks
    roles = {}
    for p in players:
        if p == declarer:
            roles[p] = Role.DECLARER
        elif p not in outcome.active:
            roles[p] = Role.OUT
        elif contract.is_misere or outcome.totus:
            roles[p] = Role.DEFENCE
        elif p in outcome.whisters:
            roles[p] = Role.WHIST
        elif p == outcome.half:
            roles[p] = Role.HALF
        else:
            roles[p] = Role.PASS
    return _DealFacts(outcome.number, contract, declarer, tricks, done, short, roles, None, value, par, loss,
                      remizes_of(outcome, done, short))


def remizes_of(outcome: Outcome, done: bool, short: int) -> tuple[tuple[str, Remiz, int], ...]:
    """The remizes of a game's deal (footnote 3), ``done`` and ``short`` as :func:`deal_facts` reads
    them: the declarer's game set or misère caught, and each whister short of the obligation, as the
    scorer writes him to the mountain for it (:func:`~preflog.scoring.tariff.whisters_short`)."""
    whisters = tuple((w, Remiz.WHIST, n) for w, n in whisters_short(outcome))
    if done or outcome.declarer is None or outcome.contract is None:
        return whisters
    return ((outcome.declarer, Remiz.MISERE if outcome.contract.is_misere else Remiz.GAME, short), *whisters)


def _par(analysis: DealAnalysis | None,
         open_for: dict[str, str]) -> tuple[int | dict[str, int] | None, dict[str, int] | None]:
    """The par and each player's tricks lost, from a deal whose every card is valued."""
    if analysis is None or analysis.skipped is not None or analysis.stopped is not None or not analysis.cards:
        return None, None
    loss: dict[str, int] = {}
    for card in analysis.cards:
        player = open_for.get(card.player, card.player)
        loss[player] = loss.get(player, 0) + card.cost
    return analysis.par, loss

#: The module's public names (what other layers and the server may import).
__all__ = [
    "DealFacts", "GameFacts", "Remiz", "Role", "UNDATED", "date_of", "day_and_month", "deal_facts", "is_date",
    "partners_of", "remizes_of",
]
