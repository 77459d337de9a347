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

The declarer's discard is valued as ``analyse --decisions`` values it
(:func:`preflog.analysis.decisions.discard_decision`: his twelve cards known, the other hands dealt
many times, every discard solved in each). A discard that gave away more than
:data:`~preflog.analysis.decisions.MARGIN` whists on average becomes a ``discard`` puzzle
(:class:`DiscardLesson`), kept when the best discard as he saw it is also best with every hand seen
and the discard made is not; the puzzle accepts each discard as good (``Answers "all"``) where there
are several. A defender's whist or pass is valued the same way
(:func:`~preflog.analysis.decisions.defence_decisions`) and becomes a ``whist`` puzzle before his word
(:class:`WordLesson`), kept when the better word as he saw it also scores more with every hand seen.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence

import attrs

from ..analysis.annotate import deals_of
from ..analysis.decisions import Choice, defence_decisions, discard_decision
from ..analysis.single_dummy import SeenCard, seen_values
from ..game.state import DealState
from ..i18n import _
from ..model.cards import Card, card
from ..model.deal import Deal, Discard
from ..model.defence import DecisionKind
from ..model.game import Game, Tag, tag_rank
from ..steps import Step, replay
from .proof import Proof, prove
from .question import Answers, Puzzle, Question, puzzle_of
from .solution import asked, solved
from .whist_proof import with_word


class Theme(enum.Enum):
    """What a lesson drills, by who played the card and when."""

    MISERE_LEAD = "misère-lead"  # the first lead against a misère
    CATCHING = "catching"        # a catcher's card after it
    WHIST = "whist"              # a defender's word: whist or pass
    DEFENCE = "defence"          # a defender's card against a game (a whister's or a passer's)
    DISCARD = "discard"          # the declarer's discard of the talon
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


@attrs.frozen
class DecisionLesson:
    """A decision before the play that gave away whists as its maker saw it, as a proven puzzle: where it
    came from (``source``, the game's place in it, the deal), the decision valued (``choice``: the one
    made and the best, their whists on average over the layouts), the puzzle game (the right answer
    written in) and its proof; ``refuted``: the proof of the decision made."""

    source: str
    game: int
    deal: int
    choice: Choice
    puzzle: Game
    proof: Proof
    refuted: Proof

    @property
    def player(self) -> str:
        return self.choice.player


@attrs.frozen
class DiscardLesson(DecisionLesson):
    """The declarer's discard as a ``discard`` puzzle: the best discard, the main line and the result
    written in; ``refuted`` holds best play after the discard made."""

    theme = Theme.DISCARD

    @property
    def made(self) -> tuple[Card, ...]:
        """The discard made."""
        return tuple(card(c) for c in self.choice.chosen.split())

    @property
    def tricks_lost(self) -> float:
        """The declarer's tricks on average given away by the discard made (on a misère: taken more)."""
        best, chosen = self.choice.best_tricks or 0.0, self.choice.chosen_tricks or 0.0
        at = self.proof.at.deal if self.proof.at is not None else None
        misere = at is not None and at.game_contract is not None and at.game_contract.is_misere
        return chosen - best if misere else best - chosen

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "game": self.game, "deal": self.deal, "theme": self.theme.value,
                "player": self.player, "played": self.choice.chosen.split(),
                "answer": [str(c) for c in self.proof.answer], "tricks_lost": round(self.tricks_lost, 6),
                "whists_lost": round(self.choice.loss, 6), "main_line": [str(c) for c in self.proof.line]}


@attrs.frozen
class WordLesson(DecisionLesson):
    """A defender's whist or pass as a ``whist`` puzzle: the right word written at its place, the play
    left out."""

    theme = Theme.WHIST

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "game": self.game, "deal": self.deal, "theme": self.theme.value,
                "player": self.player, "played": self.choice.chosen, "answer": [w.value for w in self.proof.words],
                "tricks_lost": None, "whists_lost": round(self.choice.loss, 6), "main_line": [], "tricks": self.proof.value,
                "scores": {w.value: float(v) for w, v in self.proof.scores}}


#: A lesson of any kind: a card, a discard or a defender's word.
AnyLesson = Lesson | DiscardLesson | WordLesson


#: The tags a lesson's puzzle keeps of its game: who played, under which rules.
_KEPT = ("Event", "Date", "Site", "Players", "Rules", "Pool", "WhistPrice")


def _puzzle_game(game: Game, deal: Deal, origin: str, question: Question, theme: Theme, *more: Tag,
                 last: tuple[Tag, ...] = ()) -> Game:
    """A lesson's puzzle: ``deal`` bare of what the scorer wrote after it (penalties, a sheet, the notes
    before it), the tags ``game`` keeps (who played, under which rules), where it came from (``Source``),
    the question, ``more`` tags, its theme and ``last``, in the canonical order."""
    kept = [t for t in game.tags if t.name in _KEPT or t.name.startswith("Rule.")]
    tags = [*kept, Tag("Source", origin), Tag("Puzzle", question.value), *more, Tag("Theme", theme.value), *last]
    tags.sort(key=lambda t: tag_rank(t.name))
    return Game(tuple(tags), (attrs.evolve(deal, penalties=(), checkpoint=None, preface=()),))


def _deal(game: Game, number: int) -> Deal:
    return next(d for d in game.deals if d.number == number)


def puzzle_of_mistake(game: Game, mistake: SeenCard, source: str) -> Game:
    """The ``card`` puzzle at the position before ``mistake``: the deal as written, its play cut before
    the card, the question's tags, and where it came from (``Source``: the file, the game, the deal); the
    deal keeps its number (a game may begin at any deal)."""
    (cut,) = asked(attrs.evolve(game, deals=(_deal(game, mistake.deal),)), mistake.index).deals
    origin = _("{source}, game {game}, deal {deal}, card {card}").format(
        source=source, game=mistake.game, deal=mistake.deal, card=mistake.index + 1)
    return _puzzle_game(game, cut, origin, Question.CARD, theme_of(mistake.position), Tag("Played", str(mistake.index)))


def lessons_of(game: Game, source: str, *, number: int = 1, samples: int = 100, seed: int = 1,
               player: str | None = None, steps: Sequence[Step] | None = None) -> Iterator[Lesson]:
    """The lessons of ``game`` (the ``number``-th of ``source``; ``steps`` its replay, if made already):
    its avoidable mistakes, of ``player``'s only if one is named, each that makes a proven puzzle."""
    for mistake in seen_values(replay(game) if steps is None else steps, samples, seed, game=number):
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


def puzzle_of_discard(game: Game, deal_number: int, discard: tuple[str, ...], source: str, number: int = 1, *,
                      every_best: bool = False) -> Game:
    """The ``discard`` puzzle of deal ``deal_number`` of ``game``: the deal as written up to its
    contract and whists, ``discard`` (cards in the notation) written as its discard, no play; its
    tags, where it came from (``Source``) and, with ``every_best``, ``Answers "all"``."""
    laid = Discard(tuple(card(c) for c in discard))
    cut = attrs.evolve(_deal(game, deal_number), discard=laid, play=None, claim=None, result=None)
    origin = _("{source}, game {game}, deal {deal}, the discard").format(source=source, game=number,
                                                                         deal=deal_number)
    last = (Tag("Answers", Answers.ALL.value),) if every_best else ()
    return _puzzle_game(game, cut, origin, Question.DISCARD, Theme.DISCARD, last=last)


def discard_lessons_of(game: Game, source: str, *, number: int = 1, samples: int = 100, seed: int = 1,
                       player: str | None = None, steps: Sequence[Step] | None = None) -> Iterator[DiscardLesson]:
    """The discard lessons of ``game`` (the ``number``-th of ``source``): each deal's discard valued
    over ``samples`` layouts (seeded by ``seed`` and the deal's number: with seed 1, the layouts of
    ``analyse --decisions``), its declarer's only if ``player`` is named, each mistake that makes a
    proven puzzle (``steps``: the game's replay, if made already)."""
    for part in deals_of(replay(game) if steps is None else steps):
        dealt = part[0].state.deal
        assert dealt is not None  # deals_of's steps begin with a deal
        choice = discard_decision(part, samples, seed - 1 + dealt.number)
        if choice is None or not choice.mistake or (player is not None and choice.player != player):
            continue
        lesson = discard_lesson(game, dealt.number, choice, source, number)
        if lesson is not None:
            yield lesson


def _proof(game: Game) -> Proof:
    puzzle = puzzle_of(game)
    assert isinstance(puzzle, Puzzle)  # the tags are written here
    return prove(puzzle)


def discard_lesson(game: Game, deal_number: int, choice: Choice, source: str, number: int = 1) -> DiscardLesson | None:
    """The discard ``choice`` of deal ``deal_number`` as a lesson, or ``None`` where its puzzle is not
    proven: the best discard as the declarer saw it is not also among the best with every hand seen,
    or the discard made is. With every hand seen, other discards often do as well as the best (the
    cards laid away never take a trick): the puzzle then accepts each of them (``Answers "all"``)."""
    def asked(discard: str, every_best: bool = True) -> Game:
        return puzzle_of_discard(game, deal_number, tuple(discard.split()), source, number, every_best=every_best)

    best = _proof(asked(choice.best))
    if not best.proven:
        return None
    if len(best.answers) == 1:
        best = _proof(asked(choice.best, every_best=False))
    written = solved(best)
    if written is None:
        return None
    proof = _proof(written)
    made = _proof(asked(choice.chosen))
    if not proof.proven or made.proven:
        return None
    return DiscardLesson(source, number, deal_number, choice, written, proof, made)


def puzzle_of_word(game: Game, deal_number: int, index: int, word: DecisionKind, source: str,
                   number: int = 1) -> Game:
    """The ``whist`` puzzle of deal ``deal_number`` of ``game`` asked before word ``index`` of its
    ``whist`` line, ``word`` written there (the words after it as written; a single whister's play
    closed unless written), no play; its tags and where it came from (``Source``)."""
    deal = _deal(game, deal_number)
    assert deal.defence is not None
    cut = attrs.evolve(deal, defence=with_word(deal.defence, index, word), play=None, claim=None, result=None)
    origin = _("{source}, game {game}, deal {deal}, whist or pass").format(source=source, game=number, deal=deal_number)
    return _puzzle_game(game, cut, origin, Question.WHIST, Theme.WHIST, Tag("Played", str(index)))


def word_lessons_of(game: Game, source: str, *, number: int = 1, samples: int = 100, seed: int = 1,
                    player: str | None = None, steps: Sequence[Step] | None = None) -> Iterator[WordLesson]:
    """The whist lessons of ``game`` (the ``number``-th of ``source``; ``steps`` its replay, if made
    already): each defender's whist or pass valued as ``analyse --decisions`` values it (seeded as
    :func:`discard_lessons_of`), his only if ``player`` is named, each mistake that makes a proven puzzle."""
    for part in deals_of(replay(game) if steps is None else steps):
        dealt = part[0].state.deal
        last = part[-1].state.deal
        assert dealt is not None and last is not None  # deals_of's steps begin with a deal
        for choice in defence_decisions(part, samples, seed - 1 + dealt.number):
            if not choice.mistake or (player is not None and choice.player != player):
                continue
            said = [i for i, (seat, _kind) in enumerate(last.decisions) if last.player(seat) == choice.player]
            if said:
                lesson = word_lesson(game, dealt.number, said[-1], choice, source, number)
                if lesson is not None:
                    yield lesson


def word_lesson(game: Game, deal_number: int, index: int, choice: Choice, source: str,
                number: int = 1) -> WordLesson | None:
    """The word ``choice`` (said at ``index`` of the deal's ``whist`` line) as a lesson, or ``None`` where
    its puzzle is not proven: the best word as the defender saw it does not also score the most with
    every hand seen, or the word said does as well."""
    best = _proof(puzzle_of_word(game, deal_number, index, DecisionKind(choice.best), source, number))
    made = _proof(puzzle_of_word(game, deal_number, index, DecisionKind(choice.chosen), source, number))
    if not best.proven or made.proven:
        return None
    return WordLesson(source, number, deal_number, choice, best.puzzle.game, best, made)  # type: ignore[union-attr]


def _price(lesson: AnyLesson) -> float:
    if isinstance(lesson, DecisionLesson):
        return lesson.choice.loss
    return lesson.mistake.whist_loss or lesson.mistake.loss


def lessons(games: Iterable[tuple[str, int, Game]], *, samples: int = 100, seed: int = 1,
            player: str | None = None, decisions: bool = True) -> list[AnyLesson]:
    """The lessons of ``games`` (each with its source and its number there): the cards and, unless
    ``decisions`` is false, the discards and the defenders' words; by theme, the dearest first."""
    found: list[AnyLesson] = []
    for source, number, game in games:
        steps = replay(game)  # once for the cards, the discards and the words
        found.extend(lessons_of(game, source, number=number, samples=samples, seed=seed, player=player, steps=steps))
        if decisions:
            found.extend(discard_lessons_of(game, source, number=number, samples=samples, seed=seed, player=player,
                                            steps=steps))
            found.extend(word_lessons_of(game, source, number=number, samples=samples, seed=seed, player=player,
                                         steps=steps))
    order = list(Theme)
    return sorted(found, key=lambda x: (order.index(x.theme), -_price(x)))


#: The module's public names (what other layers and the server may import).
__all__ = ["AnyLesson", "DecisionLesson", "DiscardLesson", "Lesson", "Theme", "WordLesson", "discard_lesson", "discard_lessons_of",
           "lesson_of", "lessons", "lessons_of", "puzzle_of_discard", "puzzle_of_mistake", "puzzle_of_word", "theme_of",
           "word_lesson", "word_lessons_of"]
