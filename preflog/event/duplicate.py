"""The travellers and scores of a duplicate event: each board compared across the tables that played it.

A seat is scored against the others who held the same cards (the same seat of the same board):
- **over the field**: the whists the seat won on the board (the deal scored alone, Code 4.2.14) less
  the average of every table's whists at that seat; a player's score is the sum over his boards, and
  ranks the players (4.1.3: the whists decide);
- **matchpoints**, as bridge scores duplicate: 2 for each other table's result at that seat beaten, 1
  for each tied; the player's percentage is his matchpoints out of the most he could have had. It
  comes second, then the event's tie-breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..model.bids import Bid
from ..scoring.outcome import Outcome
from .plan import Plan
from .results import Played, Results
from .standings import placed, tiebreak_values


@attrs.frozen(slots=True)
class Row:
    """One table's result on a board: who sat at each seat, the deal's outcome, and per seat the whists
    won, the difference from the field's average and the matchpoints; ``par`` the double-dummy tricks
    of the contract played (declarer's), where the cards and the contract are known."""

    tour: int
    table: int
    players: tuple[str, ...]
    outcome: Outcome = attrs.field(eq=False, repr=False)
    whists: tuple[Fraction, ...]
    over_field: tuple[Fraction, ...]
    matchpoints: tuple[Fraction, ...]
    par: int | None = None

    @property
    def declarer(self) -> str | None:
        return self.outcome.declarer

    @property
    def contract(self) -> Bid | None:
        """The contract (``None``: an all-pass)."""
        return self.outcome.contract

    @property
    def tricks(self) -> int | None:
        """The declarer's tricks, where known."""
        return self.outcome.declarer_tricks

    @property
    def all_pass_tricks(self) -> tuple[int | None, ...] | None:
        """An all-pass's tricks, seat by seat (``None`` for a game)."""
        if not self.outcome.all_pass:
            return None
        return tuple((self.outcome.tricks or {}).get(p) for p in self.players)


@attrs.frozen(slots=True)
class Traveller:
    """A board's results at every table that played it, with each seat's average."""

    board: int
    rows: tuple[Row, ...]
    averages: tuple[Fraction, ...]


@attrs.frozen(slots=True)
class DuplicateLine:
    """One player's line: whists over the field, matchpoints and their top, the boards played."""

    player: str
    place: int
    shared: bool
    over_field: Fraction
    whists: Fraction
    matchpoints: Fraction
    top: int
    boards: int
    tiebreaks: tuple[int, ...]

    @property
    def percent(self) -> Fraction | None:
        return None if not self.top else self.matchpoints * 100 / self.top


@attrs.frozen(slots=True)
class DuplicateScores:
    plan: Plan
    travellers: tuple[Traveller, ...]
    lines: tuple[DuplicateLine, ...]


def matchpoints(scores: Sequence[Fraction]) -> list[Fraction]:
    """Each result's matchpoints against the others: 2 for each beaten, 1 for each tied."""
    return [Fraction(sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i))
            for i, s in enumerate(scores)]


def traveller(board: int, played: Sequence[Played]) -> Traveller:
    """The traveller of ``board`` from the tables that played it (in tour and table order)."""
    games = sorted((g for g in played if g.board == board), key=lambda g: (g.tour, g.table))
    seats = max((len(g.players) for g in games), default=3)
    by_seat = [[g.whists.get(g.players[s], Fraction(0)) for g in games] for s in range(seats)]
    averages = tuple(sum(col, Fraction(0)) / len(col) if col else Fraction(0) for col in by_seat)
    points = [matchpoints(col) for col in by_seat]
    rows = tuple(Row(g.tour, g.table, g.players, g.outcomes[0], tuple(by_seat[s][i] for s in range(seats)),
                     tuple(by_seat[s][i] - averages[s] for s in range(seats)), tuple(points[s][i] for s in range(seats)),
                     g.par) for i, g in enumerate(games))
    return Traveller(board, rows, averages)


def duplicate_scores(results: Results) -> DuplicateScores:
    """The travellers of every board played and the players' scores (see the module's text)."""
    plan = results.plan
    boards = sorted({g.board for g in results.played if g.board is not None})
    travellers = tuple(traveller(b, results.played) for b in boards)
    over = dict.fromkeys(plan.players, Fraction(0))
    whists = dict.fromkeys(plan.players, Fraction(0))
    mps = dict.fromkeys(plan.players, Fraction(0))
    tops = dict.fromkeys(plan.players, 0)
    played = dict.fromkeys(plan.players, 0)
    for t in travellers:
        for row in t.rows:
            for s, p in enumerate(row.players):
                over[p] += row.over_field[s]
                whists[p] += row.whists[s]
                mps[p] += row.matchpoints[s]
                tops[p] += 2 * (len(t.rows) - 1)
                played[p] += 1
    counts = {p: tiebreak_values([d for g in results.played if p in g.players for d in g.deals], p)
              for p in plan.players}

    def key(p: str) -> tuple[object, ...]:
        percent = mps[p] / tops[p] if tops[p] else Fraction(0)
        return (-over[p], -percent, *(t.ranked(counts[p][t]) for t in plan.tiebreaks))

    lines = tuple(DuplicateLine(p, place, shared, over[p], whists[p], mps[p], tops[p], played[p],
                                tuple(counts[p][t] for t in plan.tiebreaks))
                  for p, place, shared in placed(sorted(plan.players), key))
    return DuplicateScores(plan, travellers, lines)


#: The module's public names (what other layers and the server may import).
__all__ = [
    "DuplicateLine", "DuplicateScores", "Row", "Traveller", "duplicate_scores", "matchpoints",
    "traveller",
]
