"""«Задачи» of a defender's whist or pass: a :class:`~preflog.puzzles.lessons.WordLesson` made for the
archive (the deriver's work, so that a page only reads): the deal as it stood when he spoke, who spoke
against whose contract, each word's score for him with every hand seen, the right word(s), the
declarer's tricks with best play, the word said and the price; and the answers a page takes
(:data:`WORDS`)."""

from __future__ import annotations

from typing import Any

from ..model.defence import DecisionKind
from ..notation.write import dumps
from ..puzzles.lessons import WordLesson
from ..puzzles.lessons_page import before_word

#: The two words a whist lesson asks for, in the order its buttons show them.
WORDS = (DecisionKind.WHIST.value, DecisionKind.PASS.value)


def word_data(lesson: WordLesson, game: int) -> dict[str, Any] | None:
    """What the pages of the whist ``lesson`` (of game ``game``) show, as JSON: the deal before the word
    (its notation), the speaker and the declarer, each word's score for the speaker (exact, as the
    fraction's text), the right words (``answer``: the proven one first), the declarer's tricks with best play after the right word, the
    word said and the price in whists; None where the proof names no word, or a word the page does not
    ask (a proven lesson names whist or pass)."""
    proof = lesson.proof
    scores = {kind.value: str(value) for kind, value in proof.scores}
    right = [w.value for w in proof.words]
    if proof.word is None or proof.value is None or set(scores) != set(WORDS) or not set(right) <= set(WORDS) \
            or lesson.choice.chosen not in WORDS:
        return None
    return {"kind": "whist", "game": game, "deal": lesson.deal, "before": dumps([before_word(lesson)]),
            "chooser": proof.speaker or lesson.player, "declarer": proof.declarer, "scores": scores,
            "right": right, "answer": [proof.word.value], "tricks": proof.value, "said": lesson.choice.chosen,
            "whist_loss": round(lesson.choice.loss, 6)}


__all__ = ["WORDS", "word_data"]
