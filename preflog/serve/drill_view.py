"""A kept lesson as its pages show it, in the current language: the position drawn before the answer (its
title not naming the card), the question, the price, each legal card, and a card's line of best play
drawn trick by trick. Read off what the deriver kept (:mod:`.drills`): no solver runs here, only one
deal's replay for each drawing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..i18n import _, ngettext
from .. import Card, Suit, card
from ..model.game import Game
from ..notation.read import read_games
from ..present.diagram import Diagram, diagram
from ..puzzles.lessons import Theme
from ..puzzles.lessons_page import price_text, question_text, theme_title
from ..puzzles.solution import asked
from ..puzzles.told import cards, line
from .. import words
from .archive import KeptLesson

#: The drawing's own style attribute, left to the page's style sheet (the pages allow no inline style).
_INLINE = ' style="max-width:100%;height:auto"'


def svg(d: Diagram) -> str:
    """A drawing as the page embeds it (its own style left to the style sheet)."""
    return d.svg().replace(_INLINE, "", 1)


def puzzle_game(kept: KeptLesson) -> Game:
    (parsed,) = list(read_games(kept.puzzle, "lesson"))
    return parsed.game


def question(kept: KeptLesson) -> str:
    mover = str(kept.data["to_play"])
    return question_text(mover, str(kept.data.get("chooser", mover)))


def price(kept: KeptLesson) -> str:
    """What the card played cost at the table, on average over what its player could not see."""
    whists = kept.data["whist_loss"]
    return price_text(float(kept.data["loss"]), None if whists is None else float(whists), Theme(kept.theme))


def theme(kept: KeptLesson) -> str:
    return theme_title(Theme(kept.theme))


def drawn(kept: KeptLesson) -> str:
    """The position of the question, drawn: every hand, the trick in play; the title says no card."""
    game = asked(puzzle_game(kept), int(kept.data["index"]))
    return svg(diagram(game, game.deals[0].number, as_played=True, caption=question(kept)))


def buttons(texts: Iterable[str]) -> list[tuple[str, str, bool]]:
    """Cards as a page's buttons: each card's notation, its words, and whether it is red."""
    out = []
    for text in texts:
        c = card(text)
        out.append((text, words.card(c, unicode=True), c.suit in (Suit.DIAMONDS, Suit.HEARTS)))
    return out


def legal(kept: KeptLesson) -> list[tuple[str, str, bool]]:
    """The mover's legal cards as buttons."""
    return buttons(kept.data["values"])


def is_right(kept: KeptLesson, played: str) -> bool:
    return played in kept.data["answer"]


def answer_words(kept: KeptLesson) -> str:
    return cards(card(c) for c in kept.data["answer"])


def cost(kept: KeptLesson, played: str) -> str:
    """What ``played`` costs against the best card, with best play after each."""
    return cost_text(words.card(card(played), unicode=True), int(kept.data["values"][played]), kept)


def cost_text(subject: str, value: int, kept: KeptLesson) -> str:
    """What ``subject`` (a card or a discard, in words), ending with ``value`` tricks, costs against the
    lesson's best."""
    best = int(kept.data["best"])
    lost = abs(best - value)
    said = ngettext("{card} costs a trick: {counted} ends with {value} instead of {best_value}",
                    "{card} costs {n} tricks: {counted} ends with {value} instead of {best_value}", lost)
    return said.format(card=subject, n=lost, counted=words.player(str(kept.data["counted"])), value=value,
                       best_value=best)


def line_words(kept: KeptLesson, played: str) -> str:
    """Best play after ``played``, the card first, its tricks apart."""
    return line([card(c) for c in kept.data["lines"][played]], int(kept.data["table"]))


@attrs.frozen
class Step:
    """One trick of a line: its number in the deal, its cards in words, and (``svg``) the position after it
    drawn, when asked for: a page draws the one trick it shows."""

    trick: int
    said: str
    whole: Game = attrs.field(repr=False)  #: the deal played on along the line

    @property
    def svg(self) -> str:
        return svg(diagram(self.whole, self.whole.deals[0].number, after_trick=self.trick))


def steps(kept: KeptLesson, played: str) -> list[Step]:
    """Best play after ``played``, trick by trick: the deal played on from the question along the line, and
    drawn after each trick it ends."""
    before = int(kept.data["index"])
    moves = [card(c) for c in kept.data["lines"][played]]
    return steps_of(asked(puzzle_game(kept), before, moves), moves, before)


def steps_of(whole: Game, moves: Sequence[Card], before: int) -> list[Step]:
    """``moves`` played after the first ``before`` cards of ``whole``'s deal (which plays them), trick by
    trick, the deal drawn after each trick they end."""
    out = []
    first, last = before // 3 + 1, (before + len(moves)) // 3
    for trick in range(first, last + 1):
        start, stop = max((trick - 1) * 3 - before, 0), trick * 3 - before
        said = _("Trick {n}: {cards}").format(n=trick, cards=cards(moves[start:stop]))
        out.append(Step(trick, said, whole))
    return out


def shown(kept: KeptLesson) -> dict[str, Any]:
    """What the question shows: the drawing, the question, the buttons and the price."""
    return {"svg": drawn(kept), "question": question(kept), "legal": legal(kept), "price": price(kept)}


def answer_of(kept: KeptLesson, sent: Sequence[str]) -> str | None:
    """The card ``sent`` (the form's ``card`` values) plays, if it names one legal card."""
    return sent[0] if len(sent) == 1 and legal_card(kept, sent[0]) is not None else None


def told(kept: KeptLesson, played: str) -> dict[str, Any]:
    """What the answer page says of ``played``: the right card, its cost, best play after it, it in words."""
    return {"answer": answer_words(kept), "cost": cost(kept, played), "line": line_words(kept, played),
            "played_words": next(w for c, w, _red in legal(kept) if c == played)}


def legal_card(kept: KeptLesson, text: str) -> Card | None:
    """``text`` as one of the mover's legal cards, or None."""
    return card(text) if text in kept.data["values"] else None


__all__ = ["Step", "answer_of", "answer_words", "buttons", "cost", "cost_text", "drawn", "is_right", "legal",
           "legal_card", "line_words", "price", "puzzle_game", "question", "shown", "steps", "steps_of", "svg",
           "theme", "told"]
