"""The standings of a Swiss event: each player's whists per tour, through the event's scale, summed
(Code 4.1.3: the most whists wins), then the organisers' tie-breaks in their order.

Whists are exact fractions (the settlement divides the mountains exactly, 4.2.12); the standings
rank on the exact values and show each game's as every page shows that game's, to two decimals by the
largest remainder (:attr:`~.results.Played.shown`), a tour's and the event's the sum of those shown. Players equal on
every criterion share their place (printed ``2–3``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol

import attrs

from ..statistics.facts import DealFacts, Role
from .plan import Plan, TieBreak
from .results import Played, Results
from .seating import lot


@attrs.frozen(slots=True)
class Line:
    """One player's line: ``place`` (from 1; ``shared`` when others have it too), the event's points
    (the scale applied to each tour's whists), the whists themselves, per tour (``None``: not played
    yet; a bye is 0), the tie-break values in the event's order, and the deals played; ``shown`` and
    ``shown_tours``: the whists as shown, each game's as its pages show them (:attr:`Played.shown`), summed."""

    player: str
    place: int
    shared: bool
    points: Fraction
    whists: Fraction
    tours: tuple[Fraction | None, ...]
    tiebreaks: tuple[int, ...]
    deals: int
    byes: int = 0
    shown: Fraction = Fraction(0)
    shown_tours: tuple[Fraction | None, ...] = ()


@attrs.frozen(slots=True)
class Standings:
    """The lines, best first, after ``tours`` tours (those with every table recorded)."""

    plan: Plan
    lines: tuple[Line, ...]
    complete: int

    def order(self) -> list[str]:
        """The players best first, equals in the order of the next tour's lot (for the Swiss pairing)."""
        return [line.player for line in self.lines]


def tiebreak_values(deals: Sequence[DealFacts], player: str) -> dict[TieBreak, int]:
    """Each tie-break's count for ``player`` over ``deals`` (Code 4.1.3). His remizes are the Code's
    (footnote 3): each game he declared and was set in, each misère of his caught, each game he whisted
    and fell short of the obligation he answered for (:attr:`DealFacts.remizes`, as the statistics count them)."""
    remizes = all_pass_won = all_pass_tricks = misere_tricks = 0
    for d in deals:
        role = d.roles.get(player)
        remizes += d.remiz(player) is not None
        if d.all_pass and role is Role.ALL_PASS:
            all_pass_won += d.value.get(player, Fraction(0)) > 0
            all_pass_tricks += (d.tricks or {}).get(player, 0)
        elif role is Role.DECLARER and d.contract is not None and d.contract.is_misere:
            misere_tricks += d.short
    return {TieBreak.REMIZES: remizes, TieBreak.ALL_PASS_WON: all_pass_won,
            TieBreak.ALL_PASS_TRICKS: all_pass_tricks, TieBreak.MISERE_TRICKS: misere_tricks}


def standings(results: Results, upto: int | None = None) -> Standings:
    """The standings after tour ``upto`` (default: every tour drawn), from ``results``."""
    plan = results.plan
    last = len(plan.drawn) if upto is None else min(upto, len(plan.drawn))
    per_tour: dict[str, list[Fraction | None]] = {p: [None] * last for p in plan.players}
    shown: dict[str, list[Fraction | None]] = {p: [None] * last for p in plan.players}
    raw: dict[str, Fraction] = dict.fromkeys(plan.players, Fraction(0))
    counts: dict[str, dict[TieBreak, int]] = {p: dict.fromkeys(TieBreak, 0) for p in plan.players}
    deals = dict.fromkeys(plan.players, 0)
    byes = dict.fromkeys(plan.players, 0)
    complete = 0
    for tour in plan.drawn[:last]:
        games = [g for g in results.played if g.tour == tour.number]
        if {g.table for g in games if g.finished} == {t.number for t in tour.tables}:
            complete += 1  # every table's pulka over
        for player in tour.byes:
            per_tour[player][tour.number - 1] = shown[player][tour.number - 1] = Fraction(0)
            byes[player] += 1
        for game in games:
            _add(game, tour.number, per_tour, raw, counts, deals)
            for player, figure in game.shown.items():
                before = shown[player][tour.number - 1]
                shown[player][tour.number - 1] = figure if before is None else before + figure
    points = {p: sum((plan.scale.points(w) for w in per_tour[p] if w is not None), Fraction(0))
              for p in plan.players}
    draw = lot(plan.seed, last + 1)
    order = list(plan.players)
    draw.shuffle(order)  # equals stand in the lot's order (for the pairing; their place is shared)

    lines = [Line(p, place, shared, points[p], raw[p], tuple(per_tour[p]), tuple(counts[p][t] for t in plan.tiebreaks),
                  deals[p], byes[p], sum((w for w in shown[p] if w is not None), Fraction(0)), tuple(shown[p]))
             for p, place, shared in placed(order, lambda p: (-points[p], *(t.ranked(counts[p][t])
                                                                            for t in plan.tiebreaks)))]
    return Standings(plan, tuple(lines), complete)


def placed(order: Sequence[str], key: Callable[[str], tuple[object, ...]]) -> list[tuple[str, int, bool]]:
    """The players of ``order`` sorted by ``key`` (stable: equals keep their order), each with his place
    (from 1) and whether another has the same key (a shared place)."""
    ranked = sorted(order, key=key)
    keys = [key(p) for p in ranked]
    out = []
    place = 0
    for i, p in enumerate(ranked):
        if i == 0 or keys[i] != keys[i - 1]:
            place = i + 1
        shared = (i > 0 and keys[i] == keys[i - 1]) or (i + 1 < len(ranked) and keys[i] == keys[i + 1])
        out.append((p, place, shared))
    return out


def _add(game: Played, tour: int, per_tour: dict[str, list[Fraction | None]], raw: dict[str, Fraction],
         counts: dict[str, dict[TieBreak, int]], deals: dict[str, int]) -> None:
    for player in game.players:
        won = game.whists.get(player, Fraction(0))
        before = per_tour[player][tour - 1]
        per_tour[player][tour - 1] = won if before is None else before + won
        raw[player] += won
        for t, v in tiebreak_values(game.deals, player).items():
            counts[player][t] += v
        deals[player] += sum(1 for d in game.deals if d.roles.get(player) is not Role.OUT)


class Placed(Protocol):
    @property
    def place(self) -> int: ...

    @property
    def shared(self) -> bool: ...


def place_text(line: Placed, last: int) -> str:
    """A place as printed: ``3``, or ``2–3`` when shared (``last``: the last place of the equals)."""
    return f"{line.place}–{last}" if line.shared and last > line.place else str(line.place)


def shared_until(lines: Sequence[Placed]) -> list[int]:
    """For each line, the last place of those it shares its place with (itself when alone)."""
    out = []
    for i, line in enumerate(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1].place == line.place:
            j += 1
        out.append(j + 1)
    return out


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Line", "Standings", "place_text", "placed", "shared_until", "standings", "tiebreak_values",
]
