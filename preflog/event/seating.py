"""Who sits where: the lot of the first tour (Code note 9: the referees draw the seating) and the Swiss
pairing of the tours after it. Pure functions of the players, the standings and a seed.

Tables are of the event's size; where the players do not divide, some tables take the other size
(3 and 4 sit together: 10 players at tables of 3 are 3, 3 and 4). Only 5 players cannot be seated
so: one of them then has a bye, scoring 0 whists for the tour (the field's average, whists adding up
to zero at every table). At a table of four the dealer sits out each deal (Code 3.2.10), so nobody sits
out a whole tour there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence, Set
from itertools import combinations

#: Nodes the Swiss search may visit before it settles for the fewest repeated meetings found so far.
SEARCH_BUDGET = 20_000


def table_sizes(players: int, size: int) -> tuple[list[int], int]:
    """The sizes of the tables for ``players`` at tables of ``size`` (3 or 4), and how many sit out."""
    other = 7 - size
    for byes in range(players + 1):  # as few byes, then as few tables of the other size, as can be
        seated = players - byes
        for extra in range(seated // other + 1):
            rest = seated - extra * other
            if rest % size == 0:
                return [size] * (rest // size) + [other] * extra, byes
    return [], players


def lot(seed: str, tour: int) -> random.Random:
    """The lot of a tour: the same seed and tour give the same draw on every machine."""
    return random.Random(f"preflog-event:{seed}:{tour}")


def first_tour(players: Sequence[str], size: int, seed: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """The tables of the first tour, drawn by lot, and the byes."""
    order = list(players)
    draw = lot(seed, 1)
    draw.shuffle(order)
    sizes, byes = table_sizes(len(order), size)
    return _cut(order[byes:], sizes, draw), order[:byes]


def swiss(standing: Sequence[str], met: set[frozenset[str]], size: int, seed: str, tour: int,
          had_bye: Set[str] = frozenset()) -> tuple[list[tuple[str, ...]], list[str]]:
    """The tables of a later tour: ``standing`` best first; players of like standing sit together and,
    where it can be avoided, no two who have met (``met``: the pairs) meet again. A bye goes to the
    lowest-standing player who has not had one. The order at each table is drawn by lot."""
    draw = lot(seed, tour)
    sizes, bye_count = table_sizes(len(standing), size)
    lowest = [p for p in reversed(standing) if p not in had_bye] + [p for p in reversed(standing) if p in had_bye]
    byes = lowest[:bye_count]  # who has had none first; when all have, the lowest again
    tables = _pair([p for p in standing if p not in byes], sizes, met)
    return [_shuffled(t, draw) for t in tables], byes


def _cut(order: list[str], sizes: list[int], draw: random.Random) -> list[tuple[str, ...]]:
    return [_shuffled(t, draw) for t in _chunks(order, sizes)]


def _chunks(order: list[str], sizes: list[int]) -> list[tuple[str, ...]]:
    """``order`` cut into tables of ``sizes``, in order."""
    out, start = [], 0
    for n in sizes:
        out.append(tuple(order[start:start + n]))
        start += n
    return out


def _shuffled(table: Sequence[str], draw: random.Random) -> tuple[str, ...]:
    seats = list(table)
    draw.shuffle(seats)
    return tuple(seats)


def _repeats(table: Sequence[str], met: set[frozenset[str]]) -> int:
    return sum(frozenset((a, b)) in met for i, a in enumerate(table) for b in table[i + 1:])


def _pair(order: list[str], sizes: list[int], met: set[frozenset[str]]) -> list[tuple[str, ...]]:
    """Tables in standing order: each takes the best player left and the next best who have not met
    him or each other; a bounded search over the choices finds the seating with the fewest repeated
    meetings, and among those the first in standing order."""
    best: list[list[tuple[str, ...]]] = []
    best_cost = [len(order) ** 2 + 1]
    budget = [SEARCH_BUDGET]

    def search(left: list[str], at: int, built: list[tuple[str, ...]], cost: int) -> None:
        if cost >= best_cost[0] or budget[0] <= 0:
            return
        if at == len(sizes):
            best[:] = [list(built)]
            best_cost[0] = cost
            return
        head, rest = left[0], left[1:]
        for others in _choices(rest, sizes[at] - 1):
            budget[0] -= 1
            if budget[0] <= 0:
                return
            table = (head, *others)
            remaining = [p for p in rest if p not in others]
            search(remaining, at + 1, built + [table], cost + _repeats(table, met))
            if best_cost[0] == 0:
                return

    search(order, 0, [], 0)
    return best[0] if best else _chunks(order, sizes)  # nothing within the budget: in standing order


def _choices(pool: list[str], k: int) -> Iterator[tuple[str, ...]]:
    """The ways to take ``k`` of ``pool``, made as asked: the nearest in standing first."""
    return combinations(pool, k)


#: The module's public names (what other layers and the server may import).
__all__ = [
    "SEARCH_BUDGET", "first_tour", "lot", "swiss", "table_sizes",
]
