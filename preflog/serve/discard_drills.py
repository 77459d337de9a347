"""«Задачи» of the discard: a :class:`~preflog.puzzles.lessons.DiscardLesson` made for the archive (the
deriver's work: every discard of the declarer's twelve cards valued, the right ones, and best play after
each class of discards, so that a page only reads), and the pure rules its pages follow: a discard as
its notation writes it (:func:`pair_text`), and a class's line of play moved onto an equal discard of it
(:func:`moved_line`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..analysis.solve import Analyst
from ..game.bits import BIT
from ..game.events import Discarded
from ..game.state import GameState
from ..model.cards import Card, card
from ..puzzles.discard_proof import discard_values
from ..puzzles.lessons import DiscardLesson
from ..puzzles.proof import main_line, start_of_play
from ..puzzles.question import Puzzle, puzzle_of
from ..steps import replay


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in the deck's order (the order a discard's notation is kept in)."""
    return tuple(sorted(cards, key=lambda c: BIT[c]))


def pair_text(cards: Iterable[Card]) -> str:
    """A discard as the kept lesson names it: its cards' notation in the deck's order, ``"Ts Td"``."""
    return " ".join(str(c) for c in in_order(cards))


def _before_discard(puzzle: Puzzle) -> GameState | None:
    """The puzzle's state when the declarer has taken the talon and not yet discarded."""
    state: GameState | None = None
    for step in replay(puzzle.game):
        if type(step.event) is Discarded:
            break
        if step.state.deal is not None:
            state = step.state
    return state


def discard_data(lesson: DiscardLesson, game: int) -> dict[str, Any] | None:
    """What the pages of the discard ``lesson`` (of game ``game``) show, as JSON: the declarer's twelve
    cards, every discard's value (each pair to its class's tricks for the declarer), each pair's class
    (its first discard), the right pairs (every pair of a best class where the puzzle accepts every best
    discard, the answer's class otherwise), the right classes, best play after each class's discard,
    the discard made and the price; None where the discards cannot be valued (a proven lesson's can)."""
    puzzle = puzzle_of(lesson.puzzle)
    state = _before_discard(puzzle) if isinstance(puzzle, Puzzle) else None
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
        assert start.deal is not None
        lines[pair_text(first)] = [str(c) for c in main_line(start, Analyst(start.deal, start.rules))]
    return {"kind": "discard", "game": game, "deal": lesson.deal,
            "twelve": [str(c) for c in twelve],
            "values": {pair_text(p): valued.value(p) for p in valued.classes},
            "classes": {pair_text(p): pair_text(f) for p, f in valued.classes.items()},
            "right": [pair_text(p) for p in valued.classes if valued.classes[p] in right_classes],
            "answers": [pair_text(p) for p in right_classes], "lines": lines,
            "best": valued.best, "counted": valued.declarer, "wants_more": valued.wants_more,
            "answer": [str(c) for c in answer], "made": pair_text(lesson.made), "chooser": lesson.player,
            "loss": round(lesson.tricks_lost, 6), "whist_loss": round(lesson.choice.loss, 6)}


def moved_line(line: Sequence[Card], first: Sequence[Card], pair: Sequence[Card]) -> tuple[Card, ...]:
    """Best play after the class's first discard ``first`` moved onto ``pair``, an equal discard of its
    class: the cards ``pair`` lays away and ``first`` keeps are of the same runs, taken as many from each,
    so each card of ``line`` that ``pair`` laid away is played as its like that ``first`` laid away (the
    two matched in the deck's order)."""
    laid, kept = in_order(set(pair) - set(first)), in_order(set(first) - set(pair))
    swap = dict(zip(laid, kept, strict=True))
    return tuple(swap.get(c, c) for c in line)


def cards_of(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(card(t) for t in texts)


__all__ = ["cards_of", "discard_data", "in_order", "moved_line", "pair_text"]
