"""Puzzles: deals of the notation that ask a question, proven with the solver (docs/puzzles.md).

>>> for game in preflog.read_games(text):
...     proof = preflog.puzzles.prove(preflog.puzzles.puzzle_of(game.game))
...     print(proof.proven, proof.answer, proof.flaws)

:mod:`.question` reads a puzzle's tags, :mod:`.proof` proves it, :mod:`.solution` writes its answer
in, :mod:`.told` says it in words.
"""

from __future__ import annotations

from .proof import Fault, Flaw, Proof, lines, main_line, prove
from .question import TAGS, Puzzle, Question, Slip, TagSlip, View, is_puzzle, puzzle_of
from .solution import solved

__all__ = [
    "Fault", "Flaw", "Proof", "Puzzle", "Question", "Slip", "TAGS", "TagSlip", "View", "is_puzzle", "lines", "main_line",
    "prove", "puzzle_of", "solved",
]
