"""«Задачи» of the discard: a :class:`~preflog.puzzles.lessons.DiscardLesson` made for the archive (the
deriver's work: every discard of the declarer's twelve cards valued, the right ones, and best play after
each class of discards, so that a page only reads), and the cards of a kept discard read back (:func:`cards_of`); a discard's name and a class's line moved
onto an equal discard are :mod:`preflog.puzzles.discard_proof`'s (``pair_text``, ``moved_line``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import Card, card
from ..puzzles.discard_proof import discard_values, in_order, pair_text
from ..puzzles.lessons import DiscardLesson
from ..puzzles.proof import before_discard, best_play, start_of_play
from ..puzzles.question import Puzzle, puzzle_of


def discard_data(lesson: DiscardLesson, game: int) -> dict[str, Any] | None:
    """What the pages of the discard ``lesson`` (of game ``game``) show, as JSON: the declarer's twelve
    cards, every discard's value (each pair to its class's tricks for the declarer), each pair's class
    (its first discard), the right pairs (every pair of a best class where the puzzle accepts every best
    discard, the answer's class otherwise), the right classes, best play after each class's discard,
    the discard made and the price; None where the discards cannot be valued (a proven lesson's can)."""
    puzzle = puzzle_of(lesson.puzzle)
    state = before_discard(puzzle) if isinstance(puzzle, Puzzle) else None
    if not isinstance(puzzle, Puzzle) or state is None:
        return None
    valued = discard_values(puzzle, state, start_of_play)
    if isinstance(valued, str):
        return None
    answer = in_order(lesson.proof.answer)
    answer_class = valued.classes[(answer[0], answer[1])]
    right_classes = list(valued.answers()) if not puzzle.one_answer else [answer_class]
    right_classes.sort(key=lambda pair: pair != answer_class)  # the proof's answer first
    twelve = in_order({c for pair in valued.classes for c in pair})
    lines: dict[str, list[str]] = {}
    for first, start in valued.starts.items():
        lines[pair_text(first)] = [str(c) for c in best_play(start)]
    return {"kind": "discard", "game": game, "deal": lesson.deal,
            "twelve": [str(c) for c in twelve],
            "values": {pair_text(p): valued.value(p) for p in valued.classes},
            "classes": {pair_text(p): pair_text(f) for p, f in valued.classes.items()},
            "right": [pair_text(p) for p in valued.classes if valued.classes[p] in right_classes],
            "answers": [pair_text(p) for p in right_classes], "lines": lines,
            "best": valued.best, "counted": valued.declarer, "wants_more": valued.wants_more,
            "answer": [str(c) for c in answer], "made": pair_text(lesson.made), "chooser": lesson.player,
            "loss": round(lesson.tricks_lost, 6), "whist_loss": round(lesson.choice.loss, 6)}


def cards_of(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(card(t) for t in texts)


__all__ = ["cards_of", "discard_data"]
