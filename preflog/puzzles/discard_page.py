"""A discard puzzle (``[Puzzle "discard"]``) on the replay page (:mod:`.page`): asked when the declarer
has taken the talon, every discard of his twelve cards valued, and best play after each, worked out when
the page is made, so that the page poses it with no solver.

The deal's record stops at the talon taken (no discard, no whists, no play). Its ``"pz"`` holds every
pair of the twelve (``pairs``: its two cards in the deck's order, ``"Tc Ad"``, to its class, the first
pair of the discards that leave the same hands, :func:`preflog.analysis.race.classes`), each class's
value (``v``: the declarer's tricks with best play after it) and the best (``best``), the classes
accepted (``right``: with ``[Answers "all"]`` every best class, else the answer's own) and the
answer's (``answer``), and best play after each pair from the first lead as the page's steps (``lines``,
by pair: a class's line with the pair's equal cards in place of its first pair's).
"""

from __future__ import annotations

from typing import Any

from ..analysis.race import runs
from ..analysis.solve import Analyst
from ..game.bits import BIT, bits_of
from ..game.events import TalonTaken
from ..game.state import GameState
from ..model.cards import Card, write_card
from ..present.replay_html import PageRecorder
from ..steps import replay
from .discard_proof import DiscardValues, discard_values, with_discard
from .proof import Proof, main_line, start_of_play
from .question import Puzzle

Pair = tuple[Card, Card]


def talon_taken(puzzle: Puzzle) -> GameState | None:
    """The game's state when the declarer has taken the talon (the discard not yet made), or ``None``
    where the replay breaks a rule or nobody takes it."""
    steps = replay(puzzle.game)
    found = None
    for s in steps:
        if s.violations:
            return None
        if type(s.event) is TalonTaken:
            found = s.state
    return found if found is not None and found.deal is not None else None


def key(pair: Pair) -> str:
    """A pair as the page's data names it: its cards in the deck's order, a space between."""
    a, b = sorted(pair, key=lambda c: BIT[c])
    return f"{write_card(a)} {write_card(b)}"


def swapped(line: tuple[Card, ...], first: Pair, pair: Pair, run: dict[int, int]) -> tuple[Card, ...]:
    """``line``, best play after the discard ``first``, played after ``pair`` of its class: each card
    ``first`` keeps and ``pair`` lays away is played as the card of its run that ``pair`` keeps instead
    (``run``: each of the twelve's bits to its run; a run's cards win and lose the same tricks)."""
    gone = [c for c in pair if c not in first]
    kept = [c for c in first if c not in pair]
    instead: dict[Card, Card] = {}
    for card in gone:
        other = next(c for c in kept if run[BIT[c]] == run[BIT[card]] and c not in instead.values())
        instead[card] = other
    return tuple(instead.get(c, c) for c in line)


def with_discard_puzzle(data: dict[str, Any], recorder: PageRecorder, talon: int, *, proof: Proof,
                        asked: dict[str, Any]) -> None:
    """The deal's page data (``data``, recorded by ``recorder``, its declarer taking the talon at step
    ``talon``) posing ``proof``'s discard puzzle (see the module), ``asked`` the question and its words
    (``"pz"``'s ``q``, ``ask``, ``by``, ``src``); left as recorded where the discards cannot be valued."""
    puzzle = proof.puzzle
    assert isinstance(puzzle, Puzzle)
    state = talon_taken(puzzle)
    valued = discard_values(puzzle, state, start_of_play) if state is not None else None
    if state is None or state.deal is None or not isinstance(valued, DiscardValues) or talon < 0:
        return  # the proof valued it from the same replay: not reached
    d = state.deal
    assert d.declarer is not None and d.talon is not None
    twelve = bits_of(frozenset(d.hands[d.declarer] or ()) | frozenset(d.talon))
    others = 0
    for seat, held in enumerate(d.hands[:3]):
        if seat != int(d.declarer) and held is not None:
            others |= bits_of(frozenset(held))
    run = runs(twelve, others)
    answer = valued.classes[_ordered(proof.answer)]
    best_lines: dict[Pair, tuple[Card, ...]] = {}
    for first, start in valued.starts.items():
        assert start.deal is not None
        best_lines[first] = (proof.line if first == answer and _ordered(proof.answer) == first else
                             main_line(start, Analyst(start.deal, start.rules)))
    lines: dict[str, list[dict[str, Any]]] = {}
    for pair, first in valued.classes.items():
        after = valued.starts[first] if pair == first else start_of_play(with_discard(puzzle, pair))
        if after is None:
            return
        lines[key(pair)] = recorder.played_out(after, swapped(best_lines[first], first, pair, run))["steps"]
    right = [first for first, v in valued.values.items() if v == valued.best] if not puzzle.one_answer else [answer]
    data["line"] = {"steps": data["line"]["steps"][:talon + 1]}  # the talon taken: no discard, no answer
    seat = recorder.seats.index(valued.declarer)
    data["pz"] = asked | {
        "at": talon, "to": seat, "who": seat, "pairs": {key(p): key(f) for p, f in valued.classes.items()},
        "v": {key(f): v for f, v in valued.values.items()}, "best": valued.best, "value": valued.best,
        "right": [key(f) for f in right], "answer": key(answer), "main": key(answer), "lines": lines,
    }


def _ordered(cards: tuple[Card, ...]) -> Pair:
    a, b = sorted(cards, key=lambda c: BIT[c])
    return (a, b)


__all__ = ["key", "swapped", "talon_taken", "with_discard_puzzle"]
