"""A puzzle asked as the player saw it (``[View "table"]``): its answer held against every layout.

The player to move saw his hand, the cards played, the talon where it was shown and the hands on the
table (:func:`preflog.analysis.seen.sight`, the Code's sections there); the cards he could not see may
lie in any of the layouts that agree with all that (the voids shown among it). :func:`table_answers`
solves each of them with every hand seen: a right answer is best in every one (to ``card``: it keeps
the most for its side; to ``catch``: it catches the misère), and a second card that is too, its equals
apart, is a second solution. The layouts are all solved, never sampled: a position that leaves more
than :data:`LAYOUTS` of them is not proven (it is said, with their number).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from ..analysis.seen import NO_VOIDS, Sight, count_layouts, dealt, layouts, sight, with_shown
from ..analysis.solve import Analyst
from ..game.events import CardPlayed
from ..game.state import DealState, GameState
from ..model.cards import Card, Suit
from ..model.play import PlayedCard
from ..model.seating import ACTIVE_SEATS
from ..steps import replay
from .question import Puzzle, Question

#: The most layouts a puzzle of what the player saw is proven over.
LAYOUTS = 20_000


@attrs.frozen
class TableFinding:
    """What the layouts show: the classes of cards right in every layout (``answers``), the class of the
    answer written, how many layouts there are, and, for a written card that fails in one, the first
    such layout (the deal as it may have lain) with the cards that did better there."""

    answers: tuple[tuple[Card, ...], ...]
    answer: tuple[Card, ...]
    layouts: int
    too_many: bool = False
    failing: int = 0
    against: DealState | None = attrs.field(default=None, eq=False, repr=False)
    better: tuple[Card, ...] = ()


def voids_at(puzzle: Puzzle) -> tuple[frozenset[Suit], ...]:
    """The voids each seat has shown by the puzzle's position (:func:`preflog.analysis.seen.with_shown`)."""
    voids = NO_VOIDS
    played = 0
    before: DealState | None = None
    for step in replay(puzzle.game):
        if type(step.event) is CardPlayed and before is not None:
            if played == puzzle.played:
                break
            voids = with_shown(voids, before, step.event.card)
            played += 1
        before = step.state.deal
    return voids


def table_answers(puzzle: Puzzle, state: GameState, analyst: Analyst, after: Sequence[PlayedCard],
                  equals: dict[Card, tuple[Card, ...]]) -> TableFinding:
    """The answers right against every layout the player to move at ``state`` could not tell apart;
    ``equals``: each legal card's class of equal cards."""
    d = state.deal
    assert d is not None
    view: Sight = sight(d, voids_at(puzzle))
    ways = count_layouts(view)
    if ways > LAYOUTS:
        return TableFinding((), (), ways, too_many=True)
    catch = puzzle.question is Question.CATCH
    right: dict[Card, bool] = {}
    card = after[0].card if after else None
    failing = 0
    against: DealState | None = None
    better: tuple[Card, ...] = ()
    for deal in layouts(view, ways, random.Random(0)).deals:
        layout = dealt(d, deal)
        solution = analyst.solve(layout)
        for c, v in solution.values.items():
            good = v >= 1 if catch else c in solution.best
            right[c] = right.get(c, True) and good
        if card is not None and not (solution.values[card] >= 1 if catch else card in solution.best):
            failing += 1
            if against is None:
                against = layout
                better = tuple(c for c, v in solution.values.items() if v >= 1) if catch else solution.best
    classes: list[tuple[Card, ...]] = []
    for c, ok in right.items():
        if ok and not any(c in kept for kept in classes):
            classes.append(tuple(e for e in equals[c] if right.get(e)))
    answer = equals[card] if card is not None else ()
    return TableFinding(tuple(classes), answer, ways, failing=failing, against=against, better=better)


def hidden_hands(view_of: DealState, layout: DealState) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """The hands of ``layout`` the player to move at ``view_of`` holds no card of: the layout told."""
    mover = view_of.to_play
    return tuple((layout.player(seat), tuple(sorted(layout.hands[seat] or (), key=lambda c: (c.suit, -c.rank))))
                 for seat in ACTIVE_SEATS if seat != mover and seat != layout.dummy)


#: The module's public names (what other layers and the server may import).
__all__ = ["LAYOUTS", "TableFinding", "hidden_hands", "table_answers", "voids_at"]
