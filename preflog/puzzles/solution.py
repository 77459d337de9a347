"""A puzzle with its answer written in: the solver's main line after the position, and the result.

:func:`solved` keeps everything written up to the position and the written cards the main line keeps
to (their glyphs, comments and variations with them), and writes the rest of best play and the deal's
``result``: each player's tricks at the end of the line.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..game.engine import advance
from ..game.events import CardPlayed
from ..model.cards import Card
from ..model.deal import Discard, PlayerTricks, Result, ResultKind
from ..model.game import Game
from ..model.play import Play, PlayedCard
from ..model.seating import ACTIVE_SEATS
from .proof import Proof
from .question import Puzzle, Question
from .whist_proof import with_word


def asked(game: Game, played: int, then: Sequence[Card] = ()) -> Game:
    """A puzzle's game as asked: its deal's play cut after ``played`` cards (its answer and main line left
    out, so that a drawing of where the play stops names no answer), and ``then`` played on after them;
    no result or claim."""
    deal = game.deals[0]
    kept = list(deal.play.cards[:played]) if deal.play is not None else []
    cards = kept + [PlayedCard(c) for c in then]
    cut = attrs.evolve(deal, play=Play(tuple(cards)) if cards else None, result=None, claim=None)
    return attrs.evolve(game, deals=(cut,))


def solved(proof: Proof) -> Game | None:
    """The puzzle's game with the proof's main line and its result written in; ``None`` where the
    solver did not reach the position (a tag, the deal or the position in the way)."""
    puzzle, state = proof.puzzle, proof.at
    if isinstance(puzzle, Puzzle) and puzzle.question is Question.WHIST:
        return _with_word(proof) if proof.word is not None else None
    if not isinstance(puzzle, Puzzle) or state is None or proof.solution is None:
        return None
    game = puzzle.game
    deal = game.deals[0]
    written = list(deal.play.cards) if deal.play is not None else []
    cards = written[:puzzle.played]
    for at, card in enumerate(proof.line, start=puzzle.played):
        kept = at < len(written) and written[at].card == card and len(cards) == at
        cards.append(written[at] if kept else PlayedCard(card))
    for _event, after, _found in advance(state, [CardPlayed(c) for c in proof.line]):
        state = after
    d = state.deal
    result = deal.result
    if d is not None and d.completed + d.lost >= 10:
        tricks = tuple(PlayerTricks(d.player(seat), d.tricks[seat]) for seat in ACTIVE_SEATS if seat != d.dummy)
        result = Result(ResultKind.TRICKS, tricks, comments=deal.result.comments if deal.result else ())
    play = Play(tuple(cards), deal.play.comments if deal.play is not None else ())
    if puzzle.question is Question.DISCARD and len(proof.answer) == 2:
        laid = deal.discard.cards if deal.discard is not None else None
        if laid is None or set(laid) != set(proof.answer):
            deal = attrs.evolve(deal, discard=Discard(proof.answer))
    return attrs.evolve(game, deals=(attrs.evolve(deal, play=play, result=result, claim=None),))


def _with_word(proof: Proof) -> Game | None:
    """A whist puzzle's game with the word proven written at its place; the play, the claim and the result
    are dropped where the word changes (they followed the word written)."""
    puzzle = proof.puzzle
    assert isinstance(puzzle, Puzzle) and proof.word is not None
    deal = puzzle.game.deals[0]
    defence = deal.defence
    if defence is None or puzzle.played >= len(defence.decisions):
        return None
    said = defence.decisions[puzzle.played]
    if said.kind is proof.word:
        return puzzle.game
    deal = attrs.evolve(deal, defence=with_word(defence, puzzle.played, proof.word), play=None, claim=None,
                        result=None)
    return attrs.evolve(puzzle.game, deals=(deal,))


#: The module's public names (what other layers and the server may import).
__all__ = ["asked", "solved"]
