"""A puzzle in the notation: a game of one deal whose tags ask a question (docs/puzzles.md).

``[Puzzle "card"]`` asks which card the player to move plays, ``"tricks"`` how many tricks the
declarer takes with best play, ``"catch"`` whether the misère is caught and with which card, ``"discard"`` which two cards the declarer
lays away (the deal's ``discard`` is the answer), ``"whist"`` whether a defender whists or passes (the
next word of the ``whist`` line is the answer; ``Played`` counts the words before it).
``[Played "N"]`` says how many cards of the ``play`` line were played before the question (0, the
start of play, when the tag is absent); the cards after them are the answer and its main line, and
the deal's ``result`` the answer to a question of tricks or of a misère that cannot be caught.
``[View "table"]`` asks the question of the player to move as he sat at the table: the answer must hold
against every layout of the cards he could not see; without it (``"open"``) every hand is seen.
``[Answers "all"]`` accepts every best answer (the one written must be among them); without it
(``"one"``) the answer must be the only one.
"""

from __future__ import annotations

import enum
import re
from typing import TypeVar

import attrs

from ..model.game import Game, Tag
from ..model.span import Span

#: The tags that make a game a puzzle, in the order the canonical writer puts them.
TAGS = ("Puzzle", "Played", "View", "Answers")


class Question(enum.Enum):
    """What a puzzle asks."""

    CARD = "card"      # which card the player to move plays
    TRICKS = "tricks"  # how many tricks the declarer takes with best play
    CATCH = "catch"    # whether the misère is caught, and with which card
    DISCARD = "discard"  # which two cards the declarer discards
    WHIST = "whist"    # whether the defender to speak whists or passes


class View(enum.Enum):
    """What the player to move sees."""

    OPEN = "open"      # every hand (double dummy)
    TABLE = "table"    # what he saw at the table: his hand, the cards played, the hands put down


class Answers(enum.Enum):
    """Which answers a puzzle accepts."""

    ONE = "one"        # the answer must be the only one
    ALL = "all"        # every best answer is right; the one written must be among them


class Slip(enum.Enum):
    """What is wrong with a puzzle's tags."""

    QUESTION = "question"  # the Puzzle tag asks nothing known (params: value)
    PLAYED = "played"      # the Played tag is not a number (params: value)
    VIEW = "view"          # the View tag is neither open nor table (params: value)
    ANSWERS = "answers"    # the Answers tag is neither one nor all (params: value)
    DEALS = "deals"        # the game holds no deal or more than one (params: deals)


@attrs.frozen
class TagSlip:
    """A puzzle's tag that cannot be read: what (``slip``), its facts and where."""

    slip: Slip
    params: tuple[tuple[str, object], ...]
    span: Span | None


@attrs.frozen
class Puzzle:
    """A game read as a puzzle: the question, the cards played before it, what the mover sees, which
    answers it accepts."""

    game: Game
    question: Question
    played: int = 0
    view: View = View.OPEN
    span: Span | None = None   #: the Puzzle tag's
    accepts: Answers = Answers.ONE

    @property
    def one_answer(self) -> bool:
        """Whether a second answer as good is a flaw."""
        return self.accepts is Answers.ONE

    @property
    def title(self) -> str:
        """The puzzle's name: its ``Event`` tag, else nothing."""
        return self.game.tag("Event") or ""


def _tag(game: Game, name: str) -> Tag | None:
    return next((t for t in game.tags if t.name == name), None)


E = TypeVar("E", View, Answers)


def _chosen(game: Game, name: str, kind: type[E], default: E, slip: Slip) -> E | TagSlip:
    """The value of tag ``name`` among ``kind``'s (``default`` when the tag is absent), or its slip."""
    tag = _tag(game, name)
    if tag is None:
        return default
    try:
        return kind(tag.value.strip().lower())
    except ValueError:
        return TagSlip(slip, (("value", tag.value),), tag.span)


def is_puzzle(game: Game) -> bool:
    """Whether ``game`` asks a question (has a ``Puzzle`` tag)."""
    return _tag(game, "Puzzle") is not None


def puzzle_of(game: Game) -> Puzzle | TagSlip:
    """``game`` read as a puzzle, or the first of its tags that cannot be read (``game`` must have a
    ``Puzzle`` tag: :func:`is_puzzle`)."""
    asked = _tag(game, "Puzzle")
    assert asked is not None
    try:
        question = Question(asked.value.strip().lower())
    except ValueError:
        return TagSlip(Slip.QUESTION, (("value", asked.value),), asked.span)
    played = 0
    tag = _tag(game, "Played")
    if tag is not None:
        if not re.fullmatch(r"[0-9]{1,2}", tag.value.strip()):
            return TagSlip(Slip.PLAYED, (("value", tag.value),), tag.span)
        played = int(tag.value)
    view = _chosen(game, "View", View, View.OPEN, Slip.VIEW)
    if isinstance(view, TagSlip):
        return view
    accepts = _chosen(game, "Answers", Answers, Answers.ONE, Slip.ANSWERS)
    if isinstance(accepts, TagSlip):
        return accepts
    if len(game.deals) != 1:
        return TagSlip(Slip.DEALS, (("deals", len(game.deals)),), asked.span)
    return Puzzle(game, question, played, view, asked.span, accepts)


#: The module's public names (what other layers and the server may import).
__all__ = ["Answers", "Puzzle", "Question", "Slip", "TAGS", "TagSlip", "View", "is_puzzle", "puzzle_of"]
