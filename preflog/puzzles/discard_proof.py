"""A puzzle of the discard (``[Puzzle "discard"]``): which two cards the declarer lays away, proven.

The declarer holds his ten cards and the talon; each discard of two of the twelve is valued with every
hand seen: the deal is replayed with it, under the contract written, and solved from the first lead
(:meth:`~preflog.analysis.solve.Analyst.par`: a game's most tricks, a misère's fewest). Discards that
take as many cards from each run of the declarer's leave the same hands and are one answer
(:func:`preflog.analysis.race.classes`); the discard written must be best, and no other answer as good.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

from ..analysis.race import classes
from ..analysis.solve import Analyst, Unsolvable
from ..game.bits import BIT, bits_of, cards_of
from ..game.state import GameState
from ..model.cards import Card
from ..model.deal import Deal, Discard
from .question import Puzzle, Question


@attrs.frozen
class DiscardValues:
    """Each discard's value (by one discard of its class, the deck's first), whose tricks, whether he
    wants them many (a game) or few (a misère), and the state at the first lead after each."""

    values: dict[tuple[Card, Card], int]
    classes: dict[tuple[Card, Card], tuple[Card, Card]]
    declarer: str
    wants_more: bool
    starts: dict[tuple[Card, Card], GameState] = attrs.field(eq=False, repr=False)

    @property
    def best(self) -> int:
        return max(self.values.values()) if self.wants_more else min(self.values.values())

    def answers(self) -> tuple[tuple[Card, Card], ...]:
        """The best discards, one of each class."""
        return tuple(pair for pair, v in self.values.items() if v == self.best)

    def value(self, pair: tuple[Card, Card]) -> int:
        return self.values[self.classes[pair]]


def with_discard(puzzle: Puzzle, pair: tuple[Card, Card]) -> Puzzle:
    deal: Deal = puzzle.game.deals[0]
    tried = attrs.evolve(deal, discard=Discard(pair), play=None, claim=None, result=None)
    return attrs.evolve(puzzle, game=attrs.evolve(puzzle.game, deals=(tried,)), question=Question.DISCARD, played=0)


def discard_values(puzzle: Puzzle, state: GameState,
                   start_of_play: Callable[[Puzzle], GameState | None]) -> DiscardValues | str:
    """Every discard of the declarer at ``state`` (the talon taken, the discard not yet made) valued, or
    why it cannot be: the hands, the talon or the declarer not known; ``start_of_play``: a puzzle's state
    at its first lead (the proof's)."""
    d = state.deal
    if d is not None and d.declarer is None:  # named by the contract, written after the discard
        later = start_of_play(puzzle)
        d = later.deal if later is not None else None
    if d is None or d.declarer is None:
        return "declarer"
    hand, talon = d.hands[d.declarer], d.talon
    if hand is None or not talon or len(talon) != 2:
        return "talon"
    twelve = bits_of(frozenset(hand) | frozenset(talon) | frozenset(d.discard or ()))
    if twelve.bit_count() != 12 or any(h is None for h in d.hands[:3]):
        return "hands"
    others = 0
    for seat, held in enumerate(d.hands[:3]):
        if seat != int(d.declarer) and held is not None:
            others |= bits_of(frozenset(held))
    found = classes(twelve, others)
    values: dict[tuple[Card, Card], int] = {}
    starts: dict[tuple[Card, Card], GameState] = {}
    wants_more = True
    declarer = d.player(d.declarer)
    for first in sorted(set(found.values()), key=lambda bits: [i for i in range(32) if bits >> i & 1]):
        pair = _pair(first)
        start = start_of_play(with_discard(puzzle, pair))
        if start is None or start.deal is None:
            return "play"
        try:
            analyst = Analyst(start.deal, start.rules)
            par = analyst.par(start.deal)
        except Unsolvable:
            return "play"
        assert isinstance(par, int)
        contract = start.deal.game_contract
        wants_more = contract is None or not contract.is_misere
        values[pair], starts[pair] = par, start
    return DiscardValues(values, {_pair(p): _pair(f) for p, f in found.items()}, declarer, wants_more, starts)


def _pair(bits: int) -> tuple[Card, Card]:
    a, b = cards_of(bits)
    return (a, b)


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in the deck's order (the order a discard is named in)."""
    return tuple(sorted(cards, key=lambda c: BIT[c]))


def pair_text(cards: Iterable[Card]) -> str:
    """A discard as data names it: its cards' notation in the deck's order, ``"Ts Td"``."""
    return " ".join(str(c) for c in in_order(cards))


def moved_line(line: Sequence[Card], first: Sequence[Card], pair: Sequence[Card]) -> tuple[Card, ...]:
    """``line``, best play after the discard ``first``, played after ``pair``, an equal discard of its class:
    the cards ``pair`` lays away and ``first`` keeps are of the same runs, as many from each, so each card
    of ``line`` that ``pair`` laid away is played as its like that ``first`` laid away (the two matched in
    the deck's order, which keeps a run's cards together)."""
    laid, kept = in_order(set(pair) - set(first)), in_order(set(first) - set(pair))
    swap = dict(zip(laid, kept, strict=True))
    return tuple(swap.get(c, c) for c in line)


def written_pair(deal: Deal) -> tuple[Card, Card] | None:
    """The discard the deal writes, in the deck's order, or None."""
    cards = deal.discard.cards if deal.discard is not None else None
    if not cards or len(cards) != 2:
        return None
    a, b = in_order(cards)
    return (a, b)


__all__ = ["DiscardValues", "discard_values", "in_order", "moved_line", "pair_text", "with_discard", "written_pair"]
