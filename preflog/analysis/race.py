"""The race of a declarer's discards: his tricks with the best of them, each solved only as far as it
must be (:func:`race`), after :class:`Positions`' start of play; which discards are alike
(:func:`classes`), the order they are raced in (:func:`by_cost`, :class:`Hints`) and the misère's
discard chosen before the play (:func:`misere_choice`). Compiled by mypyc with the search
(:mod:`preflog.compiled`): ``preflog odds`` and ``analyse --decisions`` ask it some two hundred
questions a layout, most of them settled in a few hundred tricks' starts, and its own work a layout
would otherwise cost more than a tenth of theirs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import final

from .search import Position, Search, bit_of

try:  # mypyc's native 64-bit integers, plain ints where mypy_extensions is not installed
    from mypy_extensions import i64
except ImportError:
    i64 = int  # type: ignore[misc]

#: A discard's bounds in :func:`race`: the fewest and the most tricks it can give (the same when solved).
Bounds = tuple[int, int]
#: A card's bit to its rank: the ace 7, the seven 0.
RANK_OF: list[int] = [7 - (i % 8) for i in range(32)]
#: How much each card (by its bit) is worth keeping on a misère: the lower, the more.
MISERE_KEEP: list[int] = [-rank for rank in RANK_OF]


def pairs(twelve: int) -> list[int]:
    """Every discard of two cards of ``twelve``, in the deck's order."""
    bits = [1 << i for i in range(32) if twelve >> i & 1]
    return [a | b for i, a in enumerate(bits) for b in bits[i + 1:]]


def runs(twelve: int, others: int) -> dict[int, int]:
    """Each card of ``twelve`` (by its bit) to its run: the declarer's cards of a suit with none of
    ``others`` between them, numbered in the deck's order (a card in neither is out of play)."""
    out: dict[int, int] = {}
    run = -1
    mine = False  # the card before, in play, is the declarer's
    for i in range(32):
        bit = 1 << i
        if i % 8 == 0:
            mine = False
        if twelve & bit:
            if not mine:
                run += 1
            out[bit] = run
            mine = True
        elif others & bit:
            mine = False
    return out


def classes(twelve: int, others: int) -> dict[int, int]:
    """Each discard of :func:`pairs` to the first one that leaves the same ranks in the same hands, the
    others holding ``others``: of equivalent discards only the first need be solved. Two discards leave
    the same when they take as many cards from each run of the declarer's (:func:`runs`): a run's cards
    are alike, and what is left of each run keeps its place among the others' cards."""
    run = runs(twelve, others)
    first: dict[int, int] = {}  # by the two runs, as one number
    out: dict[int, int] = {}
    for pair in pairs(twelve):
        low = pair & -pair
        key = run[low] << 5 | run[pair ^ low]
        if key not in first:
            first[key] = pair
        out[pair] = first[key]
    return out


def cost(pair: i64, keep: list[int]) -> i64:
    """What the two cards of ``pair`` are worth keeping, by ``keep`` (a card's worth by its bit)."""
    low = pair & -pair
    return keep[bit_of(low)] + keep[bit_of(pair ^ low)]


def by_cost(same: dict[int, int], keep: list[int]) -> list[int]:
    """The first discards of ``same`` (:func:`classes`), those whose cards are worth least keeping by
    ``keep`` (:func:`cost`) first, in the deck's order among equals."""
    firsts = list(dict.fromkeys(same.values()))
    # each discard's cost and place as one number (66 places at most), sorted as numbers
    costed: list[i64] = []
    n: i64 = 0
    for pair in firsts:
        costed.append((cost(pair, keep) + 1024) << 7 | n)
        n += 1
    costed.sort()
    return [firsts[c & 127] for c in costed]


def game_keep(twelve: int, trump: int) -> list[int]:
    """How much each card (by its bit) is worth keeping in a game in ``trump`` (-1: no-trump): trumps
    most, then high cards, and a card of a long suit more than one of a short suit (whose discard makes
    a void)."""
    lengths = [(twelve >> (8 * suit) & 0xFF).bit_count() for suit in range(4)]
    return [(100 if i // 8 == trump else 0) + 10 * RANK_OF[i] + lengths[i // 8] for i in range(32)]


def misere_choice(options: list[int], caught: list[int]) -> int:
    """Of the discards ``options``, caught on a misère in ``caught`` layouts each, the one chosen: the
    one caught least often, of equals the one that throws the highest cards (its index)."""
    best = 0
    for i in range(1, len(options)):
        if (caught[i], cost(options[i], MISERE_KEEP)) < (caught[best], cost(options[best], MISERE_KEEP)):
            best = i
    return best


@final
class Hints:
    """What solving layouts of one hand leaves for the next: for each goal (a trump, no-trump or the
    misère), the discard found best in the last layout and its tricks (solved first and its tricks
    guessed first), and how often each discard was found best (raced in that order after it). The
    answers are the same without; they come sooner, a hand's best discards changing little between
    layouts."""

    def __init__(self) -> None:
        self.last: dict[object, tuple[int, int]] = {}
        self.found: dict[object, dict[int, int]] = {}
        self.caught: dict[int, int] = {}  # with the talon known: after each discard, the misères caught

    def first(self, same: dict[int, int], order: list[int], goal: object, guess: int) -> int:
        """``order`` (of :func:`classes`' first discards, by what they keep) put in the order to race
        them: the discards found best more often first (a discard of ``same`` counting as often as the
        most found one equivalent to it), and the last one found before all; the tricks to guess first:
        the last ones found, or ``guess``."""
        found = self.found.get(goal)
        if found:
            often: dict[int, int] = {}
            for pair, times in found.items():
                if pair in same and times > often.get(same[pair], 0):
                    often[same[pair]] = times
            # stable: by what they keep among equals, those never found after them
            ahead = sorted([(-times, order.index(pair), pair) for pair, times in often.items()])
            order[:] = [pair for _times, _n, pair in ahead] + [pair for pair in order if pair not in often]
        last = self.last.get(goal)
        if last is None:
            return guess
        if last[0] in same:
            order.remove(same[last[0]])
            order.insert(0, same[last[0]])
        return last[1]

    def misere_discard(self, twelve: int) -> int:
        """With the talon known: the discard of ``twelve`` that the layouts so far would choose for a
        misère (:func:`misere_choice`)."""
        options = pairs(twelve)
        return options[misere_choice(options, [self.caught.get(pair, 0) for pair in options])]

    def learn(self, goal: object, found: int, tricks: int) -> None:
        """``found``, giving ``tricks``, was the best discard for ``goal`` in a layout."""
        self.last[goal] = (found, tricks)
        times = self.found.setdefault(goal, {})
        times[found] = times.get(found, 0) + 1

    def caught_after(self, twelve: int, caught: tuple[bool, ...]) -> None:
        """With the talon known: whether a layout's misère is caught after each discard of
        ``pairs(twelve)``."""
        for pair, is_caught in zip(pairs(twelve), caught):
            if is_caught:
                self.caught[pair] = self.caught.get(pair, 0) + 1


@final
class Positions:
    """The start of play after each discard from ``twelve``, the seats after the declarer's holding
    ``next_`` and ``after``; the first hand leads."""

    def __init__(self, twelve: int, next_: int, after: int, declarer: int) -> None:
        self.twelve = twelve
        self.declarer = declarer
        self.seats = [0, 0, 0]
        self.seats[(declarer + 1) % 3], self.seats[(declarer + 2) % 3] = next_, after

    def at(self, discard: int) -> Position:
        """The start of play after ``discard``."""
        seats = self.seats
        seats[self.declarer] = self.twelve ^ discard
        return Position((seats[0], seats[1], seats[2]), 0)

    def __call__(self, discard: int) -> Position:
        return self.at(discard)

    def at_least(self, search: Search, discard: int, k: int) -> bool:
        """``search``'s :meth:`~.search.Search.at_least` from the start of play after ``discard``."""
        seats = self.seats
        seats[self.declarer] = self.twelve ^ discard
        return search.at_least_from(seats[0], seats[1], seats[2], k)


def race(order: Sequence[int], position: Positions, search: Search, guess: int,
         full: Collection[int] = (), bounds: dict[int, Bounds] | None = None) -> tuple[int, int]:
    """The target's tricks with the best of the discards in ``order`` (the most if his side wants them,
    else the fewest) and the first discard that gives them. The first discard (``guess``: its likely
    tricks) and those of ``full`` are solved in full; every other only as far as to show it does no
    better than the best before it, or else in full. ``bounds``, when given, is given each discard's
    :data:`Bounds` (each then asked even once the best can be bettered no more: at most as many as all
    ten, at least one); without it, the race stops there."""
    more = search.wants_more
    best, found = search.value(position.at(order[0]), guess), order[0]
    if bounds is not None:
        bounds[order[0]] = (best, best)
    for discard in order[1:]:
        if discard in full:
            value = search.value(position.at(discard), best)
        elif bounds is None and best == (10 if more else 0):
            break
        else:
            k = min(best + 1, 10) if more else max(best, 1)
            if position.at_least(search, discard, k) != more:  # no better: fewer than k for a game, k or more
                if bounds is not None:                          # for a misère
                    bounds[discard] = (0, k - 1) if more else (k, 10)
                continue
            value = search.value(position.at(discard), k if more else k - 1, (k, 10) if more else (0, k - 1))
        if bounds is not None:
            bounds[discard] = (value, value)
        if value > best if more else value < best:
            best, found = value, discard
    return best, found
