"""A puzzle of the defence (``[Puzzle "whist"]``): whether a defender whists or passes, proven.

The question is asked before word ``Played`` of the deal's ``whist`` line (0: the first defender's
first word); the word written there is the answer. With every hand seen the declarer's tricks with best
play are one number (the deal solved from the first lead, the discard as written); each of the
defender's two words is scored with it as the scorer writes the deal under the table's convention
(:func:`preflog.analysis.odds.sheet_score`: his balance in whists, his partner's word as written, the
defenders sharing their tricks, the way ``analyse --decisions`` scores a whist), and the answer must
score the most. A half-whist and a deal of four at the table are not asked.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs

from ..analysis.odds import sheet_score
from ..analysis.solve import Analyst, Unsolvable
from ..game.state import GameState
from ..model.defence import Decision, Defence, DecisionKind, WhistMode
from ..steps import replay
from .question import Puzzle

#: The words a defender is asked to choose between.
WORDS = (DecisionKind.WHIST, DecisionKind.PASS)


@attrs.frozen
class WordValues:
    """The defender to speak (his name and whether he speaks first), the declarer (his name) and his tricks
    with best play, and the score of each of the defender's words in whists."""

    player: str
    first: bool
    declarer: str
    tricks: int
    scores: dict[DecisionKind, Fraction]

    @property
    def best(self) -> Fraction:
        return max(self.scores.values())

    def answers(self) -> tuple[DecisionKind, ...]:
        return tuple(w for w in WORDS if self.scores[w] == self.best)


def with_word(defence: Defence, index: int, word: DecisionKind) -> Defence:
    """``defence`` with ``word`` said at ``index``; a single whister then says how he plays (closed unless
    written), and two whisters or none do not."""
    decisions = list(defence.decisions)
    decisions[index] = Decision(word)
    single = sum(d.kind is DecisionKind.WHIST for d in decisions) == 1
    return attrs.evolve(defence, decisions=tuple(decisions), mode=(defence.mode or WhistMode.CLOSED) if single else None)


def word_values(puzzle: Puzzle, start_of_play: Callable[[Puzzle], GameState | None]) -> WordValues | str:
    """The defender's two words valued at the puzzle's position, or why they cannot be (a word in
    :func:`why_not`'s keys)."""
    deal = puzzle.game.deals[0]
    words = deal.defence.decisions if deal.defence is not None else ()
    steps = replay(attrs.evolve(puzzle.game, deals=(attrs.evolve(deal, play=None, claim=None, result=None),)))
    last = steps[-1].state.deal if steps else None
    if last is None or last.declarer is None or last.contract is None:
        return "contract"
    if last.contract.is_misere or last.unwhisted:
        return "game"
    if last.four or last.dummy is not None:
        return "four"
    said = list(last.decisions)
    if len(said) != len(words) or puzzle.played >= len(said):
        return "words"
    seat, kind = said[puzzle.played]
    if kind not in WORDS:
        return "half"
    first_seat, second_seat = last.defenders  # type: ignore[misc]
    partner = second_seat if seat == first_seat else first_seat
    partner_words = [k for s, k in said if s == partner]
    if not partner_words or partner_words[-1] not in WORDS:
        return "partner"
    both = attrs.evolve(deal, defence=Defence((Decision(DecisionKind.WHIST), Decision(DecisionKind.WHIST))),
                        play=None, claim=None, result=None)
    start = start_of_play(attrs.evolve(puzzle, game=attrs.evolve(puzzle.game, deals=(both,)), played=0))
    if start is None or start.deal is None:
        return "play"
    try:
        tricks = Analyst(start.deal, start.rules).par(start.deal)
    except Unsolvable:
        return "play"
    assert isinstance(tricks, int)
    first = seat == first_seat
    scores: dict[DecisionKind, Fraction] = {}
    for word in WORDS:
        pair = (word, partner_words[-1]) if first else (partner_words[-1], word)
        scores[word] = sheet_score(start.rules, str(last.contract), tricks, pair)[1 if first else 2]
    return WordValues(last.player(seat), first, last.player(last.declarer), tricks, scores)


__all__ = ["WORDS", "WordValues", "with_word", "word_values"]
