"""A kept discard lesson as its pages show it, in the current language: the deal drawn before the
discard, the question, the declarer's twelve cards to choose two of, what a discard gives against the
best, the right discards, and best play after a discard drawn trick by trick. Read off what the deriver
kept (:mod:`.discard_drills`): no solver runs here, only one deal's replay for each drawing."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .. import Card, Discard, Suit, card, words
from ..i18n import _, ngettext, pgettext
from ..model.game import Game
from ..present.diagram import diagram
from ..puzzles.discard_proof import moved_line, pair_text
from ..puzzles.lessons_page import before_discard
from ..puzzles.solution import asked
from ..puzzles.told import cards, line
from .archive import KeptLesson
from .discard_drills import cards_of
from .drill_view import Step, puzzle_game, svg


def is_discard(kept: KeptLesson) -> bool:
    return kept.data.get("kind") == "discard"


def question(kept: KeptLesson) -> str:
    contract = puzzle_game(kept).deals[0].contract
    return _("{player} plays {contract}: which two cards to discard?").format(
        player=words.player(str(kept.data["chooser"])),
        contract=words.contract(contract.bid, unicode=True) if contract else "?")


def drawn(kept: KeptLesson) -> str:
    """The deal as the declarer saw it when he discarded: the talon shown, no discard, no whists."""
    game = before_discard(puzzle_game(kept))
    return svg(diagram(game, game.deals[0].number, caption=question(kept)))


def twelve(kept: KeptLesson) -> list[tuple[str, str, bool]]:
    """The declarer's twelve cards: each card's notation, its words, and whether it is red."""
    out = []
    for text in kept.data["twelve"]:
        c = card(text)
        out.append((text, words.card(c, unicode=True), c.suit in (Suit.DIAMONDS, Suit.HEARTS)))
    return out


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
    value, best = int(kept.data["values"][pair]), int(kept.data["best"])
    player = words.player(str(kept.data["counted"]))
    if is_right(kept, pair):
        return ngettext("The discard {cards} is best: {player} ends with {n} trick",
                        "The discard {cards} is best: {player} ends with {n} tricks", value).format(
            cards=pair_words(pair), player=player, n=value)
    lost = abs(best - value)
    said = ngettext("{card} costs a trick: {counted} ends with {value} instead of {best_value}",
                    "{card} costs {n} tricks: {counted} ends with {value} instead of {best_value}", lost)
    return said.format(card=pgettext("subject", "The discard {cards}").format(cards=pair_words(pair)), n=lost,
                       counted=player,
                       value=value, best_value=best)


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


def discarded(kept: KeptLesson, pair: str) -> Game:
    """The lesson's deal with ``pair`` discarded and best play after it."""
    game = puzzle_game(kept)
    deal = attrs.evolve(game.deals[0], discard=Discard(cards_of(pair.split())), play=None, claim=None,
                        result=None)
    return asked(attrs.evolve(game, deals=(deal,)), 0, _line(kept, pair))


def steps(kept: KeptLesson, pair: str) -> list[Step]:
    """Best play after the discard ``pair``, trick by trick, drawn after each trick."""
    moves = _line(kept, pair)
    whole = discarded(kept, pair)
    number = whole.deals[0].number
    out = []
    for trick in range(1, len(moves) // 3 + 1):
        said = _("Trick {n}: {cards}").format(n=trick, cards=cards(moves[(trick - 1) * 3:trick * 3]))
        out.append(Step(trick, said, svg(diagram(whole, number, after_trick=trick))))
    return out


__all__ = ["answer_words", "chosen", "discarded", "drawn", "is_discard", "is_right", "line_words", "others",
           "pair_of", "pair_words", "problem", "question", "steps", "twelve", "verdict"]
