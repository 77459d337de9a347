"""The movement of a duplicate event: who sits where in each tour, every table of a tour playing the
tour's boards (each table from its own copy of the boxes, set up from the hand record).

The players are drawn by lot into an order once. In tour *r* (from 0), where the tables do not take
everyone, the byes are the next players of that order, a different few each tour. The others are
cut into seat groups of as many players as there are tables: group *g* sits at seat *g + r* (round the
table) and its *i*-th player at table *i + g·r* (round the tables). So each player takes every seat in
turn, seat groups meet other players each tour, and no board is played twice by one player: a board
belongs to one tour, and a player sits at one table a tour.
"""

from __future__ import annotations

from collections.abc import Sequence

from .plan import Plan, Table, Tour
from .seating import lot


def movement(plan: Plan) -> tuple[Tour, ...]:
    """Every tour of a duplicate ``plan``: its tables, byes and boards."""
    size, tours, per = plan.table_size, plan.tours, plan.boards_per_tour
    order = list(plan.players)
    lot(plan.seed, 0).shuffle(order)
    tables = len(order) // size
    byes = len(order) - tables * size
    out = []
    for r in range(tours):
        start = (r * byes) % len(order) if byes else 0
        turned = order[start:] + order[:start]
        out_now, seated = turned[:byes], turned[byes:]
        seats: list[list[str]] = [[""] * size for _ in range(tables)]
        for g in range(size):
            group = seated[g * tables:(g + 1) * tables]
            for i, player in enumerate(group):
                seats[(i + g * r) % tables][(g + r) % size] = player
        boards = tuple(range(r * per + 1, (r + 1) * per + 1))
        out.append(Tour(r + 1, f"{plan.seed}:{r + 1}", tuple(Table(t + 1, tuple(s)) for t, s in enumerate(seats)),
                        tuple(sorted(out_now)), boards))
    return tuple(out)


def plays(tours: Sequence[Tour]) -> dict[tuple[str, int], list[tuple[int, int]]]:
    """(player, board) → each (tour, table) where the player plays the board: one, in a movement."""
    found: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for tour in tours:
        for table in tour.tables:
            for player in table.players:
                for board in tour.boards:
                    found.setdefault((player, board), []).append((tour.number, table.number))
    return found


#: The module's public names (what other layers and the server may import).
__all__ = [
    "movement", "plays",
]
