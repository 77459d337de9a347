"""«Задачи»: a finished game's lessons made for the archive (:func:`teach`, the deriver's work: each
lesson's puzzle and what its pages show, every legal card's value and line worked out in advance so
that a page only reads), the Leitner rule of a player's drills (:func:`after`, :func:`next_drill`) and
the club's puzzle of the day (:func:`of_the_day`). Pure functions of what they are given."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from itertools import chain
from typing import Any

from ..i18n import LANGUAGES, using_language
from ..model.names import name_key
from ..notation.read import read_games
from ..notation.write import dumps
from .. import replay
from ..puzzles.lessons import AnyLesson, DiscardLesson, Lesson, discard_lessons_of, lessons_of, word_lessons_of
from ..puzzles.proof import lines
from .archive import DISCARD, PLACE_WORDS, WHIST, Drill, KeptLesson, NewLesson, Place
from .discard_drills import discard_data
from .whist_drills import word_data

#: The days a lesson solved waits in each Leitner box before it comes back (box 1: the next day; a lesson
#: missed goes back to box 0 and comes back the next day too).
INTERVALS = (1, 3, 7, 21)
#: The layouts each card is valued over, and their seed (preflog lessons's default samples).
SAMPLES = 50
SEED = 1


def lesson_data(lesson: Lesson, game: int) -> dict[str, Any]:
    """What the pages of ``lesson`` (of game ``game``) show, as JSON: the answer's cards, each legal card's
    value and best play after it (the card first), the position's value, whose tricks the values count,
    who is to play and who chooses the card (an open whist's whister), the cards of the trick in play already down, the cards played before the question,
    and the mistake's price."""
    proof, m = lesson.proof, lesson.mistake
    solution = proof.solution
    assert solution is not None and proof.at is not None and proof.at.deal is not None
    return {"game": game, "deal": m.deal, "index": m.index, "played": str(m.card),
            "answer": [str(c) for c in proof.answer], "line": [str(c) for c in proof.line],
            "values": {str(c): v for c, v in solution.values.items()},
            "lines": {str(c): [str(x) for x in cs] for c, cs in lines(proof).items()},
            "best": solution.value, "counted": solution.player, "to_play": solution.to_play,
            "chooser": m.player,
            "table": len(proof.at.deal.trick), "loss": round(m.loss, 6),
            "whist_loss": None if m.whist_loss is None else round(m.whist_loss, 6)}


def teach(text: str, game: int, samples: int = SAMPLES, seed: int = SEED, *,
          stop: Callable[[], bool] = lambda: False) -> list[NewLesson]:
    """The lessons of game ``game`` whose text is ``text`` (none if it cannot be read whole), as the
    archive keeps them: its cards', its discards' (each at the place :data:`~.archive.DISCARD`) and its
    defenders' whists and passes (at :data:`~.archive.WHIST`), all valued over the same samples and seed;
    seconds of the solver's work (left unfinished, a lesson at a time, once ``stop`` says so)."""
    parsed = list(read_games(text, f"game {game}"))
    if len(parsed) != 1 or parsed[0].errors:
        return []
    out: list[NewLesson] = []
    found = parsed[0].game, f"/games/{game}"
    steps = replay(parsed[0].game)  # once for the cards, the discards and the words
    with using_language(LANGUAGES[0]):  # the puzzle's Source tag the same whoever asked first
        for lesson in chain[AnyLesson](lessons_of(*found, samples=samples, seed=seed, steps=steps),
                                       discard_lessons_of(*found, samples=samples, seed=seed, steps=steps),
                                       word_lessons_of(*found, samples=samples, seed=seed, steps=steps)):
            if stop():
                break
            kept = _kept(lesson, game)
            if kept is not None:
                out.append(kept)
    return out


def _kept(lesson: AnyLesson, game: int) -> NewLesson | None:
    """``lesson`` of game ``game`` as the archive keeps it, at its place (a card's index in the play, or
    :data:`~.archive.DISCARD`, :data:`~.archive.WHIST`); None where its pages cannot be made."""
    if isinstance(lesson, Lesson):
        m = lesson.mistake
        return NewLesson(m.deal, m.index, m.player, name_key(m.player), lesson.theme.value, dumps([lesson.puzzle]),
                         lesson_data(lesson, game))
    index, data = (DISCARD, discard_data(lesson, game)) if isinstance(lesson, DiscardLesson) else \
        (WHIST, word_data(lesson, game))
    if data is None:
        return None
    return NewLesson(lesson.deal, index, lesson.player, name_key(lesson.player), lesson.theme.value,
                     dumps([lesson.puzzle]), data)


def after(drill: Drill | None, right: bool, today: date) -> Drill:
    """A drill answered ``today``: a miss back to box 0, due the next day; a lesson solved a box up (to the
    last at most), due after that box's days."""
    if not right:
        return Drill(0, (today + timedelta(days=1)).isoformat())
    box = min((drill.box if drill is not None else 0) + 1, len(INTERVALS))
    return Drill(box, (today + timedelta(days=INTERVALS[box - 1])).isoformat())


def next_drill(found: Sequence[tuple[KeptLesson, Drill | None]], today: date) -> KeptLesson | None:
    """The lesson to drill now: the most overdue of those due by ``today``, then the first never tried
    (a lesson never tried is due); None when none is due (all done for today)."""
    due = [(d.due, k.place) for k, d in found if d is not None and d.due <= today.isoformat()]
    if due:
        place = min(due)[1]
        return next(k for k, _d in found if k.place == place)
    return next((k for k, d in found if d is None), None)


def of_the_day(places: Sequence[Place], day: date) -> Place | None:
    """The puzzle of ``day`` among ``places`` (sorted), chosen by the date alone: the same all day."""
    if not places:
        return None
    pick = int.from_bytes(hashlib.sha256(day.isoformat().encode()).digest()[:8], "big")
    return places[pick % len(places)]


def parse_place(text: str) -> Place | None:
    """A lesson's place as its address writes it (``12-3-17``, a discard's ``12-3-discard``, a whist's
    ``12-3-whist``), or None."""
    parts = text.split("-")
    named = {word: index for index, word in PLACE_WORDS.items()}
    if len(parts) != 3 or not all(_number(p) for p in parts[:2]) or not (_number(parts[2]) or parts[2] in named):
        return None
    return Place(int(parts[0]), int(parts[1]), named[parts[2]] if parts[2] in named else int(parts[2]))


def _number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 12


__all__ = ["INTERVALS", "SAMPLES", "SEED", "after", "lesson_data", "next_drill", "of_the_day", "parse_place", "teach"]
