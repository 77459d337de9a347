"""The facts of each game and deal, read off the one audit that checks and scores it.

``Collector`` audits games (:class:`preflog.problems.Audit`) and reads each point as it comes: after
a deal is scored, the deal's outcome and the change it made to the settlement; with ``par``, a
:class:`~preflog.steps.StepRecorder` rides the same replay and the analysis values the deal's cards
(:func:`preflog.analysis.annotate.analyse_steps`).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..analysis.annotate import analyse_steps
from ..model.defence import WhistMode
from ..model.game import Game
from ..notation.read import GameReading
from ..problems import Audit, Audited
from ..scoring.settlement import standing_over
from ..steps import StepRecorder
from .facts import DealFacts, GameFacts, date_of, deal_facts


class Collector:
    """The facts of the games it audits: iterate ``game(game)`` or ``reading(reading)`` (the points of
    the audit, each read as it passes); after a game, ``facts`` holds its :class:`GameFacts` and
    ``deals`` its :class:`DealFacts` (a game at a time: the next game starts them anew), and
    ``problems`` counts its problems and the deals that cannot be scored (such a game is left out)."""

    def __init__(self, *, par: bool = False, rules: str | None = None) -> None:
        self.recorder = StepRecorder() if par else None
        self.audit = Audit(*(() if self.recorder is None else (self.recorder,)), rules=rules, ledger=False)
        self.facts: GameFacts | None = None
        self.deals: list[DealFacts] = []
        self.problems = 0

    def game(self, game: Game) -> Iterator[Audited]:
        """Audit ``game``, collecting its facts: each point of the audit."""
        self._header = game
        return map(self._take, self.audit.game(game))

    def reading(self, reading: GameReading) -> Iterator[Audited]:
        """Audit a game read a deal at a time, collecting its facts: each point of the audit."""
        self._header = reading.header
        return map(self._take, self.audit.reading(reading))

    def result(self) -> tuple[GameFacts, list[DealFacts]] | None:
        """The facts of the game collected, or ``None`` when it is left out (a problem, a deal that
        cannot be scored or read)."""
        if self.problems or self.facts is None:
            return None
        return self.facts, self.deals

    def _take(self, point: Audited) -> Audited:
        self.problems += point.count + (point.unscored is not None)
        if point.deal is None and not point.ended:  # the tag block: a new game
            self.facts, self.deals, self._count = None, [], 0
            self.problems = point.count
            self._opening = self.audit.scorer.pulka.standing() if point.replayed else {}
            self._before = standing_over(self.audit.scorer.pulka)[0] if point.replayed else {}
        elif point.ended:
            self._end(point)
        elif point.replayed:
            self._deal(point)
        if self.recorder is not None:
            self.recorder.steps.clear()
        return point

    def _deal(self, point: Audited) -> None:
        after, denominator = standing_over(self.audit.scorer.pulka)
        value: dict[str, Fraction] = {p: Fraction(after[p] - self._before[p], denominator) for p in after}
        self._before = after
        self._count += 1
        outcome, state = point.outcome, point.state
        if outcome is None or outcome.missing is not None or state is None or state.deal is None:
            return  # a deal that cannot be scored: the audit says so, and the game is left out
        d = state.deal
        # an all-pass has no par to lose tricks against: its values are each player's worst case
        # against the other two together, not a line of play all three follow
        analysis = None
        open_for = None
        if self.recorder is not None and d.completed == 10 and not d.claimed and not outcome.all_pass:
            (analysis,) = analyse_steps(self.recorder.steps) or (None,)
            if d.mode is WhistMode.OPEN and len(outcome.whisters) == 1 and outcome.passers:
                open_for = {outcome.passers[0]: outcome.whisters[0]}
        self.deals.append(deal_facts(outcome, value, analysis, open_for))

    def _end(self, point: Audited) -> None:
        sheet = self.audit.scorer.sheets[-1]
        settlement = sheet.settlement()
        date, month = date_of(self._header)
        assert point.state is not None
        self.facts = GameFacts(date, month, point.state.rules.name, sheet.players, self._count,
                               dict(settlement.totals), settlement.money, self._opening)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Collector",
]
