"""A kept discard lesson as its pages show it, in the current language: the deal drawn before the
discard, the question, the declarer's twelve cards to choose two of, what a discard gives against the
best, the right discards, and best play after a discard drawn trick by trick. Read off what the deriver
kept (:mod:`.discard_drills`): no solver runs here, only one deal's replay for each drawing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .. import Card, Discard, words
from ..i18n import ngettext, pgettext
from ..model.game import Game
from ..present.diagram import diagram
from ..puzzles.discard_proof import moved_line, pair_text
from ..puzzles.lessons_page import before_discard, discard_question_text
from ..puzzles.solution import asked
from ..puzzles.told import cards, line
from .archive import DISCARD, KeptLesson
from .discard_drills import cards_of
from .drill_view import Step, buttons, cost_text, price, puzzle_game, steps_of, svg


def is_discard(kept: KeptLesson) -> bool:
    return kept.place.card == DISCARD


def question(kept: KeptLesson) -> str:
    return discard_question_text(str(kept.data["chooser"]), puzzle_game(kept))


def drawn(kept: KeptLesson) -> str:
    """The deal as the declarer saw it when he discarded: the talon shown, no discard, no whists."""
    game = before_discard(puzzle_game(kept))
    return svg(diagram(game, game.deals[0].number, caption=question(kept)))


def twelve(kept: KeptLesson) -> list[tuple[str, str, bool]]:
    """The declarer's twelve cards as buttons."""
    return buttons(kept.data["twelve"])


def chosen(kept: KeptLesson, sent: Sequence[str]) -> list[str] | None:
    """The cards of the twelve ``sent`` names, in the deck's order, each once; None if it names another."""
    known = list(kept.data["twelve"])
    if any(text not in known for text in sent):
        return None
    return [text for text in known if text in sent]


def problem(picked: int) -> str:
    """Why a discard of ``picked`` cards is not taken: a discard is two."""
    return ngettext("Choose two cards to discard: {n} card is chosen",
                    "Choose two cards to discard: {n} cards are chosen", picked).format(n=picked)


def pair_of(kept: KeptLesson, sent: Sequence[str]) -> str | None:
    """The discard ``sent`` makes (its kept notation), if it names exactly two of the twelve cards."""
    picked = chosen(kept, sent)
    return pair_text(cards_of(picked)) if picked is not None and len(picked) == 2 else None


def is_right(kept: KeptLesson, pair: str) -> bool:
    return pair in kept.data["right"]


def pair_words(pair: str) -> str:
    return cards(cards_of(pair.split()))


def answer_words(kept: KeptLesson) -> str:
    """The right discards, one of each class, the proof's answer first."""
    return "; ".join(pair_words(p) for p in kept.data["answers"])


def verdict(kept: KeptLesson, pair: str) -> str:
    """What ``pair`` gives: a right discard the tricks it leaves the declarer, a wrong one what it costs
    against the best."""
    value = int(kept.data["values"][pair])
    player = words.player(str(kept.data["counted"]))
    if is_right(kept, pair):
        return ngettext("The discard {cards} is best: {player} ends with {n} trick",
                        "The discard {cards} is best: {player} ends with {n} tricks", value).format(
            cards=pair_words(pair), player=player, n=value)
    return cost_text(pgettext("subject", "The discard {cards}").format(cards=pair_words(pair)), value, kept)


def others(kept: KeptLesson, pair: str) -> str:
    """The other right discards than ``pair``'s class, in words (empty if none)."""
    mine = kept.data["classes"][pair]
    rest = [p for p in kept.data["answers"] if kept.data["classes"][p] != mine]
    if not rest:
        return ""
    return ngettext("One other discard does as well: {others}.", "{n} other discards do as well: {others}.",
                    len(rest)).format(n=len(rest), others="; ".join(pair_words(p) for p in rest))


def _line(kept: KeptLesson, pair: str) -> tuple[Card, ...]:
    first = str(kept.data["classes"][pair])
    return moved_line(cards_of(kept.data["lines"][first]), cards_of(first.split()), cards_of(pair.split()))


def line_words(kept: KeptLesson, pair: str) -> str:
    """Best play after the discard ``pair``, from the first lead, its tricks apart."""
    return line(_line(kept, pair))


def discarded(kept: KeptLesson, pair: str, moves: Sequence[Card]) -> Game:
    """The lesson's deal with ``pair`` discarded and ``moves`` played after it."""
    game = puzzle_game(kept)
    deal = attrs.evolve(game.deals[0], discard=Discard(cards_of(pair.split())), play=None, claim=None,
                        result=None)
    return asked(attrs.evolve(game, deals=(deal,)), 0, moves)


def shown(kept: KeptLesson) -> dict[str, Any]:
    """What the question shows: the drawing, the question, the twelve cards and the price."""
    return {"svg": drawn(kept), "question": question(kept), "legal": twelve(kept), "price": price(kept)}


answer_of = pair_of


def told(kept: KeptLesson, pair: str) -> dict[str, Any]:
    """What the answer page says of the discard ``pair``: the right discards, what it gives, the other
    right ones, best play after it, it in words."""
    return {"answer": answer_words(kept), "cost": verdict(kept, pair), "others": others(kept, pair),
            "line": line_words(kept, pair), "played_words": pair_words(pair)}


def steps(kept: KeptLesson, pair: str) -> list[Step]:
    """Best play after the discard ``pair``, trick by trick, drawn after each trick."""
    moves = _line(kept, pair)
    return steps_of(discarded(kept, pair, moves), moves, 0)


__all__ = ["answer_of", "answer_words", "chosen", "discarded", "drawn", "is_discard", "is_right", "line_words",
           "others", "pair_of", "pair_words", "problem", "question", "shown", "steps", "told", "twelve", "verdict"]
