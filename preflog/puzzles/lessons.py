"""Lessons from a club's games: the avoidable mistakes of an archive turned into proven puzzles.

:func:`lessons` values every played card of the games as its player saw it
(:func:`preflog.analysis.single_dummy.seen_values`: the layouts he could not tell apart, each solved)
and keeps the mistakes a player could have avoided. Each becomes a ``card`` puzzle at the position
before it (the deal as it was, its play cut there, ``Played`` counting the cards before): the
question "which card?" whose answer is the card the player should have played. A lesson is kept only
when that puzzle is **proven** (:func:`.proof.prove`): with every hand seen the right card is the one
answer, and it is also the best as the player saw it; a mistake whose best card was a guess is not a
lesson. Each lesson carries its price (tricks and whists on average against the best card, as the
player saw it), its theme and where it came from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

import attrs

from ..analysis.single_dummy import SeenCard, seen_values
from ..game.state import DealState
from ..i18n import _
from ..model.game import Game, Tag, tag_rank
from ..steps import replay
from .proof import Proof, prove
from .question import Puzzle, Question
from .solution import asked, solved


class Theme(enum.Enum):
    """What a lesson drills, by who played the card and when."""

    MISERE_LEAD = "misère-lead"  # the first lead against a misère
    CATCHING = "catching"        # a catcher's card after it
    DEFENCE = "defence"          # a defender's card against a game (a whister's or a passer's)
    DECLARER = "declarer"        # the declarer's card, on a game or a misère
    ALL_PASS = "all-pass"        # a card of an all-pass


def theme_of(d: DealState) -> Theme:
    """The theme of the card the player to move at ``d`` plays."""
    if d.is_all_pass:
        return Theme.ALL_PASS
    if d.to_play == d.declarer:
        return Theme.DECLARER
    contract = d.game_contract
    if contract is not None and contract.is_misere:
        return Theme.MISERE_LEAD if d.completed == 0 and not d.trick else Theme.CATCHING
    return Theme.DEFENCE


@attrs.frozen
class Lesson:
    """One avoidable mistake as a proven puzzle: where it came from (``source``, the game's place in it,
    the deal), the mistake valued as its player saw it, the puzzle game (its answer and main line written
    in) and its proof."""

    source: str
    theme: Theme
    mistake: SeenCard
    puzzle: Game
    proof: Proof

    @property
    def player(self) -> str:
        return self.mistake.player

    def to_json(self) -> dict[str, object]:
        m = self.mistake
        return {"source": self.source, "game": m.game, "deal": m.deal, "index": m.index, "theme": self.theme.value,
                "player": m.player, "played": str(m.card), "answer": [str(c) for c in self.proof.answer],
                "tricks_lost": round(m.loss, 6),
                "whists_lost": None if m.whist_loss is None else round(m.whist_loss, 6),
                "layouts": m.layouts, "main_line": [str(c) for c in self.proof.line]}


#: The tags a lesson's puzzle keeps of its game: who played, under which rules.
_KEPT = ("Event", "Date", "Site", "Players", "Rules", "Pool", "WhistPrice")


def puzzle_of_mistake(game: Game, mistake: SeenCard, source: str) -> Game:
    """The ``card`` puzzle at the position before ``mistake``: the deal as written, its play cut before
    the card, the question's tags, and where it came from (``Source``: the file, the game, the deal); the
    deal keeps its number (a game may begin at any deal)."""
    deal = next(d for d in game.deals if d.number == mistake.deal)
    (cut,) = asked(attrs.evolve(game, deals=(deal,)), mistake.index).deals
    cut = attrs.evolve(cut, penalties=(), checkpoint=None, preface=())
    tags = [t for t in game.tags if t.name in _KEPT or t.name.startswith("Rule.")]
    origin = _("{source}, game {game}, deal {deal}, card {card}").format(
        source=source, game=mistake.game, deal=mistake.deal, card=mistake.index + 1)
    tags += [Tag("Source", origin),
             Tag("Puzzle", Question.CARD.value), Tag("Played", str(mistake.index)),
             Tag("Theme", theme_of(mistake.position).value)]
    tags.sort(key=lambda t: tag_rank(t.name))
    return Game(tuple(tags), (cut,))


def lessons_of(game: Game, source: str, *, number: int = 1, samples: int = 100, seed: int = 1,
               player: str | None = None) -> Iterator[Lesson]:
    """The lessons of ``game`` (the ``number``-th of ``source``): its avoidable mistakes, of ``player``'s
    only if one is named, each that makes a proven puzzle."""
    for mistake in seen_values(replay(game), samples, seed, game=number):
        if player is not None and mistake.player != player:
            continue
        lesson = lesson_of(game, mistake, source)
        if lesson is not None:
            yield lesson


def lesson_of(game: Game, mistake: SeenCard, source: str) -> Lesson | None:
    """``mistake`` as a lesson, or ``None`` where its puzzle is not proven: the right card with every
    hand seen is not one answer, or not among the best as the player saw it, or is the card played."""
    asked = puzzle_of_mistake(game, mistake, source)
    first = prove(Puzzle(asked, Question.CARD, mistake.index))
    if len(first.answers) != 1 or not set(first.answers[0]) & set(mistake.best) or mistake.card in first.answers[0]:
        return None
    written = solved(first)
    if written is None:
        return None
    proof = prove(Puzzle(written, Question.CARD, mistake.index))
    if not proof.proven:
        return None
    return Lesson(source, theme_of(mistake.position), mistake, written, proof)


def lessons(games: Iterable[tuple[str, int, Game]], *, samples: int = 100, seed: int = 1,
            player: str | None = None) -> list[Lesson]:
    """The lessons of ``games`` (each with its source and its number there), by theme, the dearest first."""
    found = [lesson for source, number, game in games
             for lesson in lessons_of(game, source, number=number, samples=samples, seed=seed, player=player)]
    order = list(Theme)
    return sorted(found, key=lambda x: (order.index(x.theme), -(x.mistake.whist_loss or x.mistake.loss)))


#: The module's public names (what other layers and the server may import).
__all__ = ["Lesson", "Theme", "lesson_of", "lessons", "lessons_of", "puzzle_of_mistake", "theme_of"]
