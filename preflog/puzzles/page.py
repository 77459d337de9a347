"""A puzzle on the replay page (:mod:`preflog.present.replay_html`): its position, its question and every
answer's line, worked out when the page is made, so that the page poses it and checks the reader's answer
with no solver (docs/puzzles.md). :func:`pose` is what the page's data takes to pose puzzles
(``page(games, pose=pose)``; ``preflog render`` passes it).

For the deal of a puzzle the page can pose (:func:`posed`), :func:`with_puzzle` cuts the deal's record
at the step the question is asked at (the answer is not in it) and adds what the page's solve mode needs
(``"pz"``): the question, asked in the page's language, and the author's words (the deal's header
comment), the source, the player to move and the player counted, every
legal card's value and its line (best play after it, the card first; the proof's main line after its
own first card), the cards that answer it, and the declarer's tricks with best play. A discard puzzle
is asked when the declarer has taken the talon, every discard of his twelve cards valued
(:mod:`.discard_page`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from .. import words
from ..i18n import N_, _
from ..model.cards import write_card
from ..model.deal import Deal
from ..model.game import Game
from ..present.replay_html import PageRecorder, Posing
from .discard_page import with_discard_puzzle
from .proof import Fault, Proof, lines, prove
from .question import Puzzle, Question, View, is_puzzle, puzzle_of

#: The question of each kind in the page's words, ``{player}`` the player to move (``card``) or counted
#: (``tricks``); the deal's header comment, the author's words, is shown beneath it as they are.
ASKED = {Question.CARD: N_("Which card does {player} play?"), Question.TRICKS: N_("How many tricks does {player} take?"),
         Question.CATCH: N_("Is the misère caught, and with which card?"),
         Question.DISCARD: N_("Which two cards does {player} discard?")}
#: A question the deal cannot be asked (the page shows the deal as any other).
_UNPOSED = frozenset({Fault.NOT_MISERE, Fault.DECLARER_TO_PLAY, Fault.ALL_PASS})


def pose(game: Game, deal: Deal) -> Posing | None:
    """How the page poses ``game`` (its tags) of the one deal ``deal``: :func:`with_puzzle` with its
    proof, or ``None`` where the game is not a puzzle the page can pose (:func:`posed`)."""
    proof = posed(game, (deal,))
    return None if proof is None else functools.partial(with_puzzle, proof=proof)


def posed(game: Game, deals: Sequence[Deal]) -> Proof | None:
    """The proof of ``game`` (its tags) with ``deals`` when the page can pose it: a puzzle of one deal
    whose position the solver reached (a discard's: every discard valued) and whose question fits the
    deal (an answer written wrong does not matter: the page holds the reader's answer against the
    solver's); else ``None``."""
    if not is_puzzle(game) or len(deals) != 1:
        return None
    puzzle = puzzle_of(attrs.evolve(game, deals=tuple(deals)))
    if not isinstance(puzzle, Puzzle) or puzzle.view is View.TABLE:  # its answer is every layout's, not this one's
        return None
    proof = prove(puzzle)
    if proof.solution is None or proof.at is None or any(f.fault in _UNPOSED for f in proof.flaws):
        return None
    return proof


def with_puzzle(data: dict[str, Any], recorder: PageRecorder, cards: Sequence[int], end: int, talon: int, *,
                proof: Proof) -> None:
    """The deal's page data (``data``, recorded by ``recorder``; ``cards`` the step of each card its
    record plays, ``end`` its last step before the play's end, ``talon`` the step its declarer takes the
    talon at) posing ``proof``'s puzzle (see the module)."""
    puzzle, solution, state = proof.puzzle, proof.solution, proof.at
    assert isinstance(puzzle, Puzzle) and solution is not None and state is not None
    deal = puzzle.game.deals[0]
    asked = " ".join(c.text.strip() for c in deal.comments if not c.line_note and c.text.strip())
    question = puzzle.question
    if question is Question.DISCARD:
        d = state.deal  # at the first lead after the answer's discard: its declarer named
        declarer = d.player(d.declarer) if d is not None and d.declarer is not None else solution.player
        with_discard_puzzle(data, recorder, talon, proof=proof, asked={
            "q": question.value, "ask": _(ASKED[question]).format(player=words.player(declarer)),
            "by": asked, "src": puzzle.game.tag("Source") or ""})
        return
    seats = recorder.seats
    at = cards[puzzle.played] - 1 if puzzle.played < len(cards) else end
    data["line"] = {"steps": data["line"]["steps"][:at + 1]}  # the record up to the question, no answer in it
    right = (solution.best if question is Question.CARD else
             tuple(c for c, v in solution.values.items() if v >= 1) if question is Question.CATCH else ())
    every = lines(proof)
    if proof.line:
        every[proof.line[0]] = proof.line
    asker = solution.to_play if question is Question.CARD else solution.player
    data["pz"] = {
        "q": question.value, "ask": _(ASKED[question]).format(player=words.player(asker)), "by": asked,
        "src": puzzle.game.tag("Source") or "", "at": at,
        "to": seats.index(solution.to_play), "who": seats.index(solution.player),
        "v": {write_card(c): v for c, v in solution.values.items()}, "best": solution.value,
        "right": [write_card(c) for c in right], "answer": [write_card(c) for c in proof.answer],
        "value": proof.value, "main": write_card(proof.line[0]) if proof.line else None,
        "lines": {write_card(c): recorder.played_out(state, line)["steps"] for c, line in every.items()},
    }


__all__ = ["ASKED", "pose", "posed", "with_puzzle"]
