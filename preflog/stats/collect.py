"""The facts of each game and deal, gathered by a visitor of the one replay that checks and scores it.

``Collector`` rides the same walk as the :class:`~preflog.Checker` and its own
:class:`~preflog.Scorer`: after the scorer writes a deal, the collector reads the deal's outcome and
the change the deal made to the settlement; with ``par``, a :class:`~preflog.replay.StepRecorder`
keeps the deal's steps and the analysis values its cards (:func:`preflog.analysis.annotate.analyse_steps`).
"""

from __future__ import annotations

from ..analysis.annotate import analyse_steps
from ..game.conventions import Rules
from ..game.events import DealEnded
from ..game.state import GameState
from ..model.deal import Deal
from ..model.defence import WhistMode
from ..model.game import Game
from ..replay import StepRecorder
from ..scoring.scorer import Scorer
from ..walk import Visitor
from .facts import DealFacts, GameFacts, date_of, deal_facts


class Collector(Visitor):
    """The facts of a game walked: after it, ``facts`` holds its :class:`GameFacts` and ``deals`` its
    :class:`DealFacts` (a game at a time: the next game starts them anew). Walk it as
    ``walk(game, *collector.visitors)`` (with a checker before it, if wanted)."""


    def __init__(self, *, par: bool = False) -> None:
        self.scorer = Scorer(ledger=False)
        self.recorder = StepRecorder() if par else None
        self.facts: GameFacts | None = None
        self.deals: list[DealFacts] = []

    @property
    def visitors(self) -> tuple[Visitor, ...]:
        """The visitors to walk, in order: the scorer writes each deal before the collector reads it."""
        return (self.scorer, self) if self.recorder is None else (self.scorer, self.recorder, self)

    def begin_game(self, game: Game, rules: Rules) -> None:
        self.header, self.rules = game, rules
        self.facts, self.deals = None, []
        self._count = 0
        self._before = self._opening = self.scorer.pulka.standing()

    def begin_deal(self, deal: Deal, state: GameState) -> None:
        if self.recorder is not None:
            self.recorder.steps.clear()

    def visit_deal_ended(self, event: DealEnded, state: GameState) -> None:
        d = state.deal
        if d is None:
            return
        after = self.scorer.pulka.standing()
        value = {p: after[p] - self._before[p] for p in after}
        self._before = after
        self._count += 1
        outcome = self.scorer.outcome  # the scorer, walked before, has written the deal
        if outcome is None or outcome.missing is not None:
            return  # a deal that cannot be scored: the scorer says so, and the game is left out
        # an all-pass has no par to lose tricks against: its values are each player's worst case
        # against the other two together, not a line of play all three follow
        analysis = None
        open_for = None
        if self.recorder is not None and d.completed == 10 and not d.claimed and not outcome.all_pass:
            (analysis,) = analyse_steps(self.recorder.steps) or (None,)
            if d.mode is WhistMode.OPEN and len(outcome.whisters) == 1 and outcome.passers:
                open_for = {outcome.passers[0]: outcome.whisters[0]}
        self.deals.append(deal_facts(outcome, value, analysis, open_for))

    def end_game(self, state: GameState) -> None:
        sheet = self.scorer.sheets[-1]
        settlement = sheet.settlement()
        date, month = date_of(self.header)
        self.facts = GameFacts(date, month, self.rules.name, sheet.players, self._count, dict(settlement.totals),
                               settlement.money, self._opening)
