"""A kept whist lesson as its pages show it, in the current language: the deal drawn as it stood when the
defender spoke, the question, the price, the two words to answer with, what each word scores for him
and the declarer's tricks with best play. Read off what the deriver kept (:mod:`.whist_drills`): no
solver runs here, only one deal's replay for the drawing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import words
from ..i18n import _, ngettext
from ..model.defence import DecisionKind
from ..model.game import Game
from ..notation.read import read_games
from ..present.diagram import diagram
from ..puzzles.told import score_text
from ..puzzles.lessons_page import word_price_text, word_question_text
from .archive import WHIST, KeptLesson
from .drill_view import Step, svg
from .whist_drills import WORDS


def is_whist(kept: KeptLesson) -> bool:
    return kept.place.card == WHIST


def before(kept: KeptLesson) -> Game:
    """The deal as it stood when the defender spoke: the words before his, no play."""
    (parsed,) = list(read_games(str(kept.data["before"]), "lesson"))
    return parsed.game


def question(kept: KeptLesson) -> str:
    return word_question_text(str(kept.data["declarer"]), str(kept.data["chooser"]), before(kept))


def drawn(kept: KeptLesson) -> str:
    """The deal as the defender saw it when he spoke, drawn with the question as its title."""
    game = before(kept)
    return svg(diagram(game, game.deals[0].number, caption=question(kept)))


def price(kept: KeptLesson) -> str:
    """What the word said cost at the table, in whists on average over what its player could not see."""
    return word_price_text(float(kept.data["whist_loss"]))


def word_words(word: str) -> str:
    """A word as the page says it: «вист», «пас»."""
    return words.decision(DecisionKind(word))


def asked(kept: KeptLesson) -> list[tuple[str, str]]:
    """The two answers as buttons: each word's value and its label («Вист», «Пас»)."""
    return [(w, word_words(w).capitalize()) for w in WORDS]


def word_of(sent: Sequence[str]) -> str | None:
    """The word ``sent`` answers with, if it is one word the page asks for."""
    return sent[0] if len(sent) == 1 and sent[0] in WORDS else None


def is_right(kept: KeptLesson, word: str) -> bool:
    return word in kept.data["right"]


def answer_words(kept: KeptLesson) -> str:
    return ", ".join(word_words(w) for w in kept.data["right"])


def scores(kept: KeptLesson) -> str:
    """What each word scores for the defender with every hand seen: «Dima: за вист +25,33, за пас +27,33»."""
    scored = kept.data["scores"]
    return _("{player}: with a whist {whist}, with a pass {pass_}").format(
        player=words.player(str(kept.data["chooser"])), whist=score_text(scored[DecisionKind.WHIST.value]),
        pass_=score_text(scored[DecisionKind.PASS.value]))


def shown(kept: KeptLesson) -> dict[str, Any]:
    """What the question shows: the drawing, the question, the two words and the price."""
    return {"svg": drawn(kept), "question": question(kept), "legal": asked(kept), "price": price(kept)}


def answer_of(kept: KeptLesson, sent: Sequence[str]) -> str | None:
    return word_of(sent)


def steps(kept: KeptLesson, word: str) -> list[Step]:
    """A word is not played out: no tricks to draw."""
    return []


def told(kept: KeptLesson, word: str) -> dict[str, Any]:
    """What the answer page says of ``word``: the right word, what each scores, the declarer's tricks."""
    return {"answer": answer_words(kept), "scores": scores(kept), "tricks": tricks(kept),
            "played_words": word_words(word)}


def tricks(kept: KeptLesson) -> str:
    """The declarer's tricks with best play after the right word."""
    n = int(kept.data["tricks"])
    return ngettext("With best play {declarer} takes {n} trick.", "With best play {declarer} takes {n} tricks.",
                    n).format(declarer=words.player(str(kept.data["declarer"])), n=n)


__all__ = ["answer_of", "answer_words", "asked", "before", "drawn", "is_right", "is_whist", "price", "question",
           "scores", "shown", "steps", "told", "tricks", "word_of", "word_words"]
