"""Classic's first stage, the razboynik (seed 000 §8, seed 004): compulsory games without an auction,
then two laps of all-passes, then the free game. Pure functions of the deal number and the rules.

Each player in turn plays a six, a seven, an eight, a nine, a ten and a misère, each once, in the
order he likes, one per deal: the soloist is the eldest hand (by agreement the second), so that over
six laps of the deal everyone has played his six games. Then two laps of all-passes are played, the
"half-time" (seed 004: a nominal auction where everyone passes). The deal moves on after every deal
of the stage: the dealer stays on an all-pass only in the second half (seed 004).
"""

from __future__ import annotations

import enum

from ..model.bids import Bid
from ..model.defence import DecisionKind
from ..model.seating import Seat
from .conventions import RazboynikSoloist, RazboynikWhist, Rules

#: The compulsory games, each once (seed 000 §8: "6, 7, 8, 9, 10 и мизер"); misère is 0.
COMPULSORY: tuple[int, ...] = (6, 7, 8, 9, 10, 0)
LAPS_OF_GAMES = len(COMPULSORY)
LAPS_OF_ALL_PASSES = 2  # seed 000 §8: "2 круга распасов"


class Stage(enum.Enum):
    """Where a deal stands in a Classic pulka with razboynik."""

    FREE = "free"                # the second stage, or a game without razboynik: the auction as usual
    COMPULSORY = "compulsory"    # a compulsory game, no auction
    HALF_TIME = "half-time"      # the two laps of all-passes that end the razboynik


def last_deal(players: int) -> int:
    """The number of the razboynik's last deal (the last all-pass of the half-time)."""
    return (LAPS_OF_GAMES + LAPS_OF_ALL_PASSES) * players


def answered_by_razboynik(players: int) -> int:
    """The games a player may make in the second stage before they are unresponsible, for what the
    razboynik gave: his own compulsory games and the half-time's all-passes (seed 000 §7.2: "количество
    сыгранных игр должно быть обеспеченно таким же количеством распасов или игр РАЗБОЙНИКА")."""
    return LAPS_OF_GAMES + LAPS_OF_ALL_PASSES * players


def stage_of(number: int, players: int) -> Stage:
    """The stage of deal ``number`` of a game with the razboynik (deals are numbered from the start of
    the pulka); a lap is one deal per player."""
    if number <= LAPS_OF_GAMES * players:
        return Stage.COMPULSORY
    return Stage.HALF_TIME if number <= last_deal(players) else Stage.FREE


def soloist(rules: Rules, dummy: Seat | None) -> Seat:
    """The seat that plays the compulsory game: the eldest hand or, by agreement, the second (seed 004);
    with two players the dummy is passed over to the next seat."""
    seat = Seat.FIRST if rules.razboynik_soloist is RazboynikSoloist.ELDEST else Seat.SECOND
    return seat.next if seat == dummy else seat


def game_key(bid: Bid) -> int:
    """The compulsory game a contract counts as: its level, 0 for misère."""
    return 0 if bid.is_misere else bid.level


def mandated_defence(rules: Rules, bid: Bid) -> tuple[DecisionKind, DecisionKind] | None:
    """What the defenders say on a compulsory game (seed 004): the first whists and the second passes,
    or by agreement both whist; ``None`` on a ten or a misère, which have no requirement."""
    if bid.is_misere or bid.level >= 10:
        return None
    second = DecisionKind.WHIST if rules.razboynik_whist is RazboynikWhist.BOTH else DecisionKind.PASS
    return DecisionKind.WHIST, second
