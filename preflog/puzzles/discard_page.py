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

from ..model.cards import Card
from ..present.replay_html import PageRecorder
from .discard_proof import DiscardValues, discard_values, in_order, moved_line, pair_text, with_discard
from .proof import Proof, before_discard, best_play, start_of_play
from .question import Puzzle

Pair = tuple[Card, Card]


def with_discard_puzzle(data: dict[str, Any], recorder: PageRecorder, talon: int, *, proof: Proof,
                        asked: dict[str, Any]) -> None:
    """The deal's page data (``data``, recorded by ``recorder``, its declarer taking the talon at step
    ``talon``) posing ``proof``'s discard puzzle (see the module), ``asked`` the question and its words
    (``"pz"``'s ``q``, ``ask``, ``by``, ``src``); left as recorded where the discards cannot be valued."""
    puzzle = proof.puzzle
    assert isinstance(puzzle, Puzzle)
    state = before_discard(puzzle)
    valued = discard_values(puzzle, state, start_of_play) if state is not None else None
    if state is None or state.deal is None or not isinstance(valued, DiscardValues) or talon < 0:
        return  # the proof valued it from the same replay: not reached
    answer = valued.classes[_ordered(proof.answer)]
    best_lines: dict[Pair, tuple[Card, ...]] = {}
    for first, start in valued.starts.items():
        best_lines[first] = proof.line if first == answer and _ordered(proof.answer) == first else best_play(start)
    lines: dict[str, list[dict[str, Any]]] = {}
    for pair, first in valued.classes.items():
        after = valued.starts[first] if pair == first else start_of_play(with_discard(puzzle, pair))
        if after is None:
            return
        lines[pair_text(pair)] = recorder.played_out(after, moved_line(best_lines[first], first, pair))["steps"]
    right = [first for first, v in valued.values.items() if v == valued.best] if not puzzle.one_answer else [answer]
    data["line"] = {"steps": data["line"]["steps"][:talon + 1]}  # the talon taken: no discard, no answer
    seat = recorder.seats.index(valued.declarer)
    data["pz"] = asked | {
        "at": talon, "to": seat, "who": seat, "pairs": {pair_text(p): pair_text(f) for p, f in valued.classes.items()},
        "v": {pair_text(f): v for f, v in valued.values.items()}, "best": valued.best, "value": valued.best,
        "right": [pair_text(f) for f in right], "answer": pair_text(answer), "main": pair_text(answer), "lines": lines,
    }


def _ordered(cards: tuple[Card, ...]) -> Pair:
    a, b = in_order(cards)
    return (a, b)


__all__ = ["with_discard_puzzle"]
