"""The final account of a pulka in whists and money (Code 4.2.14, variant 2: the average mountain)."""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

import attrs

from ..game.conventions import Rules
from .ledger import Amount


class Totals(Protocol):
    """What the settlement reads of a score sheet (:class:`~preflog.ScoreSheet` is one)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def pool_target(self) -> int | None: ...

    @property
    def whist_price(self) -> Fraction | None: ...

    def pool(self, player: str) -> Amount: ...

    def pool_played(self, player: str) -> Amount: ...

    def mountain(self, player: str) -> Amount: ...

    def whists(self, player: str, on: str) -> Amount: ...


@attrs.frozen(slots=True)
class Settlement:
    """Who wins and loses how many whists, and why.

    ``pool_moves`` is what the pools add to each mountain at the settlement: the shortfall of an open
    pool (Code 4.2.3), and in Leningrad the points over the target taken off, both times the scale
    (4.2.3.3). Each player then gets (average mountain − own mountain) × 10 plus the net of the
    whists against each other player. Exact fractions; the totals add up to zero. An indivisible
    mountain (4.1.1 c) is not shared with its owner: each point costs him 10 whists, paid to the others,
    so the difference from the average counts n/(n − 1) times (twice with two players).
    """

    players: tuple[str, ...]
    mountains: dict[str, Amount]
    pool_moves: dict[str, Amount]
    average: Fraction
    whists: dict[str, dict[str, Amount]]
    totals: dict[str, Fraction]
    money: dict[str, Fraction] | None = None
    share: Fraction = Fraction(1)        # n/(n − 1) for an indivisible mountain (4.1.1 c), else 1

    def mountain(self, player: str) -> Amount:
        """The mountain the settlement counts: as written, plus the pool's move."""
        return self.mountains[player] + self.pool_moves[player]

    def from_mountain(self, player: str) -> Fraction:
        """(average − own mountain) × 10 (× n/(n − 1) for an indivisible mountain)."""
        return (self.average - self.mountain(player)) * 10 * self.share

    def net_whists(self, player: str) -> Fraction:
        return Fraction(sum(self.whists[player].values(), Fraction(0)))

    def shown_totals(self) -> dict[str, Fraction]:
        """The totals to two decimals, still summing to zero (:func:`apportion`)."""
        return apportion(self.totals)

    def shown_money(self) -> dict[str, Fraction] | None:
        """The money to two decimals (cents), still summing to zero."""
        return None if self.money is None else apportion(self.money)


def settle(sheet: Totals) -> Settlement:
    """Settle the sheet as if the game ended after its last deal (Code 4.2.14): the totals of
    :func:`standing`, with what they are made of."""
    players = sheet.players
    mountains = {p: sheet.mountain(p) for p in players}
    moves = _moves(sheet)
    whole = sum(mountains[p] + moves[p] for p in players)  # n × the average mountain
    whists = {p: {q: sheet.whists(p, q) - sheet.whists(q, p) for q in players if q != p} for p in players}
    over, under = _share(sheet)
    totals = standing(sheet)
    money = None if sheet.whist_price is None else {p: totals[p] * sheet.whist_price for p in players}
    return Settlement(players, mountains, moves, Fraction(whole, len(players)), whists, totals, money,
                      Fraction(over, under))


def standing(sheet: Totals) -> dict[str, Fraction]:
    """Each player's total in whists as if the game ended after the sheet's last deal, alone."""
    numerators, denominator = standing_over(sheet)
    return {p: Fraction(numerators[p], denominator) for p in sheet.players}


def standing_over(sheet: Totals) -> tuple[dict[str, Amount], int]:
    """:func:`standing` as numerators over one denominator, n × (n − 1) for an indivisible mountain, else
    n, the same for every deal of a game: for a reader that asks after every deal what it changed (the
    statistics), one division a player. Each total is (average − own mountain, the pool's move in it)
    × 10 × the share, plus the net of the whists against each other player: with whole amounts, as they
    nearly always are, whole numerators and no sum of fractions."""
    players = sheet.players
    n = len(players)
    moves = _moves(sheet)
    over, under = _share(sheet)
    mountains = {p: sheet.mountain(p) + moves[p] for p in players}
    whole = sum(mountains.values())  # n × the average mountain
    net: dict[str, Amount] = dict.fromkeys(players, 0)
    for p in players:
        for q in players:
            if q != p:
                whists = sheet.whists(p, q)
                net[p] += whists
                net[q] -= whists
    return {p: (whole - n * mountains[p]) * 10 * over + n * under * net[p] for p in players}, n * under


def _moves(sheet: Totals) -> dict[str, Amount]:
    """What each pool adds to its player's mountain: the shortfall from the target (Code 4.2.3), times
    the scale."""
    target, scale = sheet.pool_target, sheet.rules.scale
    return {p: 0 if target is None else (target - sheet.pool_played(p)) * scale for p in sheet.players}


def _share(sheet: Totals) -> tuple[int, int]:
    """How many times the difference from the average mountain counts, as a fraction: n/(n − 1) for an
    indivisible mountain (4.1.1 c), else 1/1."""
    n = len(sheet.players)
    return (n, n - 1) if sheet.rules.indivisible_mountain else (1, 1)


def apportion(values: dict[str, Fraction], places: int = 2) -> dict[str, Fraction]:
    """``values`` rounded to ``places`` decimals so that the rounded ones have the same sum, to that
    precision, as the exact ones (the largest remainder method): each is rounded down, and the units
    still missing go to the largest remainders, the first player first on a tie."""
    unit = Fraction(1, 10 ** places)
    floors = {p: (v / unit).__floor__() for p, v in values.items()}
    target = round(sum(values.values(), Fraction(0)) / unit)
    missing = target - sum(floors.values())
    by_remainder = sorted(values, key=lambda p: -(values[p] / unit - floors[p]))
    for p in by_remainder[:max(0, missing)]:
        floors[p] += 1
    return {p: floors[p] * unit for p in values}

