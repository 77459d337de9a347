"""The score sheet as a visitor of the replay, and the checkpoints it is compared with.

``Scorer`` writes each deal when its play is over: its outcome (:mod:`.outcome`), the entries the
rules give it (:mod:`.tariff`), then the penalties, on the pulka (:mod:`.pulka`). ``sheet``
statements and the ``Result`` tag are compared with what it wrote.

>>> sheet = preflog.score(game)             # the sheet after the last deal
>>> sheet = preflog.score(game, upto=5)     # after deal 5
"""

from __future__ import annotations

import copy
from decimal import Decimal

import attrs
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

from ..game.conventions import Rules
from ..game.events import CheckpointRecorded, DealEnded, DealStarted, PenaltyRecorded
from ..game.razboynik import Stage, answered_by_razboynik
from ..game.state import GameState
from ..game.violations import Phrase, Violation
from ..model.deal import Checkpoint, Deal, Result
from ..model.build import builder
from ..model.game import Game, pool_of, whist_price_of
from ..model.span import Span
from ..driver import SKIP, Skip, Visitor, walk
from .ledger import Column, Entry
from .outcome import Outcome, outcome_of
from .pulka import Pulka, ScoreSheet
from .tariff import (
    barred_from_help, bomb_entries, deal_entries, made, needs_closed, opening_entries, penalty_entries,
    unresponsible_entries,
)
from .totus import helped_partners, totus_entries

T = TypeVar("T")


@attrs.frozen(slots=True)
class Scored:
    """What the scorer found at one point of a game: its tag block, a deal, or its end."""

    #: what the deal gives the sheet (``None`` for a deal not written, and outside deals)
    outcome: Outcome | None = None
    #: the differences from the paper found here (S701, S702, S704–S706; S703 for a checkpoint or the
    #: ``Result`` tag that cannot be checked)
    problems: tuple[Violation, ...] = ()
    #: why this deal cannot be scored, if it cannot (S703): a gap in the sheet, not a problem of the record
    unscored: Violation | None = None


_Scored = builder(Scored)  # built in C (model.build): one a deal


class Scorer(Visitor):
    """The score sheet of each game, written as the replay goes (a visitor: ``preflog.walk``).

    ``problems`` collects the differences from the paper (``sheet``, ``Result``: S701, S702), deals
    past the end of the pulka (S704), and checkpoints that cannot be checked (S703); ``unscored`` the
    deals whose record does not say enough to score them (S703). ``upto`` stops each sheet after that
    deal (the ``Result`` tag is then not compared). ``result()`` is the list of sheets, one per game.
    Without ``ledger`` the sheets keep totals but not every entry (memory flat however long the game).

    After each point of a game (its tag block, a deal, its end) ``scored`` is what was found there.
    With ``keep`` (the default) ``problems`` and ``unscored`` hold the whole replay's; without it only
    the point's (an audit's scorer).
    """

    def __init__(self, upto: int | None = None, *, ledger: bool = True, keep: bool = True) -> None:
        self.upto, self.ledger, self.keep = upto, ledger, keep
        self.sheets: list[ScoreSheet] = []
        self.problems: list[Violation] = []
        self.unscored: list[Violation] = []
        self._problems_from = self._gaps_from = 0  # where the point's own begin in problems and in unscored
        #: the deal's outcome, once it is written (for a visitor that reads it)
        self.outcome: Outcome | None = None

    @property
    def scored(self) -> Scored:
        """What was found at the point of the game replayed last."""
        problems, unscored = self.problems, self.unscored
        start, gaps = self._problems_from, self._gaps_from
        if len(problems) == start and len(unscored) == gaps:
            return _Scored(self.outcome)
        return _Scored(self.outcome, tuple(problems[start:]), unscored[-1] if len(unscored) > gaps else None)

    def _point(self) -> None:
        """A point of the game begins: nothing found there yet."""
        if not self.keep and (self.problems or self.unscored):
            self.problems, self.unscored = [], []
        self._problems_from, self._gaps_from = len(self.problems), len(self.unscored)
        self.outcome = None

    def begin_game(self, game: Game, rules: Rules) -> None:
        self._point()
        self.game = game
        self._start(game.players, rules, _tag_number(game.tag("Pool"), pool_of),
                    _tag_number(game.tag("WhistPrice"), whist_price_of))
        if game.opening is not None:
            self.pulka.write(opening_entries(game.opening))

    def _start(self, players: tuple[str, ...], rules: Rules, pool: int | None, price: Fraction | None) -> None:
        """A blank sheet for ``players`` under ``rules``, played to ``pool`` (``None``: no pool)."""
        self.rules = rules
        # with the razboynik the Pool tag is the second stage's: no pool closes before it (seed 000 §8)
        self._pool_later = pool if rules.razboynik else None
        self._razboynik_played = False
        self.pulka = Pulka(players, rules, None if rules.razboynik else pool, price, ledger=self.ledger)
        self._gap: Violation | None = None  # this game's first unscored deal
        self._result: Result | None = None
        self._written = True
        self._head: Span | None = None
        self._in_a_row = 1
        self._past_end = False  # a deal after the end is reported once
        # Classic's responsibility (seed 000 §7.2): the games each has made against the all-passes and
        # razboynik games that answer for them, counted from the second stage where there is one
        self._answered: int | None = None if rules.razboynik else 0
        self._made: dict[str, int] = {}

    def fork(self, entries: Iterable[Entry] | None = None, *, ledger: bool | None = None) -> Scorer:
        """A scorer that goes on with the game from where this one stands between two deals, without
        changing it: the same sheet so far (:meth:`Pulka.fork`, its ``entries`` and ``ledger``), nothing
        found yet, no sheet of a game ended. Costs the sheet's totals, not a replay."""
        twin = copy.copy(self)  # the game's fields of _start, each a value or replaced below
        twin.ledger = self.ledger if ledger is None else ledger
        twin.pulka = self.pulka.fork(entries, ledger=twin.ledger)
        twin._made = dict(self._made)
        twin.sheets, twin.problems, twin.unscored = [], [], []
        twin._point()
        return twin

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        self._point()
        return SKIP if self.upto is not None and deal.number > self.upto else None

    def visit_deal_started(self, event: DealStarted, state: GameState) -> None:
        pulka = self.pulka
        if pulka.finished_after is not None and not self._past_end:
            self._past_end = True
            self.problems.append(Violation.of("S704", "help" if self.rules.help else "together", event.span,
                                              event.number, end=pulka.finished_after, target=pulka.target,
                                              number=event.number))
        # the result and the contract as the deal writes them: read off its record, not off their events,
        # which would each cost a state handed over (the deal is written only after both)
        deal = event.source if isinstance(event.source, Deal) else None
        self._result = None if deal is None else deal.result
        self._written = False
        self._head = event.span
        self._contract: Span | None = None if deal is None or deal.contract is None else deal.contract.span
        if self._pool_later is not None and state.deal is not None:
            if state.deal.stage is not Stage.FREE:
                self._razboynik_played = True
            else:
                self._second_stage(self._pool_later, event)
        # where the dealer stays on all-passes, the progression counts his (seed 004: "doubled or
        # quadrupled in second or third all-pass of a staying dealer"); a new dealer starts it again
        streak = state.stays if self.rules.dealer_stays_on_all_pass > 1 else state.all_pass_streak
        self._in_a_row = streak + 1

    def _second_stage(self, pool: int, event: DealStarted) -> None:
        """The razboynik is over: the pool of the Pool tag is played for from now on. It may not be larger
        than the smallest mountain at the end of the first stage (seed 000 §8, seed 004; S705)."""
        self._pool_later = None
        self.pulka.begin_second_stage(pool)
        self._answered = answered_by_razboynik(len(self.pulka.players))
        if not self._razboynik_played:
            return  # the file begins in the second stage: the first one's mountains are not known
        smallest = min(self.pulka.mountain(p) for p in self.pulka.players)
        if pool > smallest:
            self.problems.append(Violation.of("S705", "", event.span, event.number, pool=pool,
                                              smallest=Fraction(smallest)))

    def visit_penalty_recorded(self, event: PenaltyRecorded, state: GameState) -> None:
        self._write_deal(state)
        self.pulka.write(penalty_entries(_number(state), event.penalty))

    def visit_checkpoint_recorded(self, event: CheckpointRecorded, state: GameState) -> None:
        self._write_deal(state)
        self._compare(event.checkpoint, _number(state))

    def visit_deal_ended(self, event: DealEnded, state: GameState) -> None:
        self._write_deal(state)
        self.pulka.end_deal(_number(state))

    def end_game(self, state: GameState) -> None:
        self._point()
        if self.upto is None:
            self._finish()
        self.sheets.append(self.pulka.sheet())

    def result(self) -> list[ScoreSheet]:
        return self.sheets

    def _write_deal(self, state: GameState) -> None:
        if self._written or state.deal is None:
            return
        self._written = True
        d = state.deal
        outcome = self.outcome = outcome_of(d, self._result, self.rules)
        if outcome.missing is not None:
            gap = Violation.of("S703", "missing", self._head, d.number, number=d.number, missing=outcome.missing)
            self._gap = self._gap or gap
            self.unscored.append(gap)
            return
        self._write(outcome)

    def _write(self, outcome: Outcome) -> None:
        """The entries of a deal that can be scored, on the sheet."""
        closed = self.pulka.closed() if needs_closed(self.rules) else ()
        rules, pulka = self.rules, self.pulka
        bomb = pulka.oldest_bomb(outcome.declarer) if rules.bombs and outcome.declarer is not None else 0
        if outcome.totus and not self._write_totus(outcome, bomb):
            return
        written = deal_entries(outcome, rules, in_a_row=self._in_a_row, closed=closed, bomb=bomb)
        pulka.write(written, barred_from_help(outcome, written) if rules.help_barred else frozenset())
        if rules.unresponsible and self._answered is not None:
            if outcome.all_pass:
                self._answered += 1
            elif made(outcome) and outcome.declarer is not None:
                count = self._made[outcome.declarer] = self._made.get(outcome.declarer, 0) + 1
                pulka.write(unresponsible_entries(outcome, rules, count, self._answered, written))
        pulka.write(bomb_entries(outcome, rules, bomb))

    def _write_totus(self, outcome: Outcome, bomb: int) -> bool:
        """A totus, written from the sheet so far (seed 000 §7.2); False if it cannot be (S706, S703)."""
        pulka = self.pulka
        players = pulka.players  # the dummy of two has no sheet, and nothing to be helped in
        helped = helped_partners(outcome, bomb, players)
        if isinstance(helped, Phrase) or pulka.target is None:
            if isinstance(helped, Phrase):
                problem = Violation.of("S706", "", self._contract or self._head, outcome.number, helped=helped)
                self.problems.append(problem)
            else:
                problem = Violation.of("S703", "totus", self._head, outcome.number, number=outcome.number)
                self.unscored.append(problem)
            self._gap = self._gap or problem
            return False
        played = {p: pulka.pool_played(p) for p in players}
        mountain = {p: pulka.mountain(p) for p in players}
        pulka.write(totus_entries(outcome, self.rules.scale, pulka.target, helped, played, mountain))
        return True

    def _compare(self, checkpoint: Checkpoint, number: int) -> None:
        """The first difference between a ``sheet`` statement and the sheet written so far (S701)."""
        gap = self._gap
        if gap is not None:
            self.problems.append(Violation.of("S703", "sheet", checkpoint.span, number, deal=gap.deal))
            return
        pulka = self.pulka
        for entry in checkpoint.entries:
            p = entry.player
            checks: list[tuple[Decimal, Column, str | None]] = []
            if entry.pool is not None:
                checks.append((entry.pool, Column.POOL, None))
            if entry.mountain is not None:
                checks.append((entry.mountain, Column.MOUNTAIN, None))
            for w in entry.whists or ():
                checks.append((w.amount, Column.WHISTS, w.player))
            for written, column, on in checks:
                actual = pulka.total(p, column, on)
                if Fraction(written) != actual:
                    # the last entry written there (None: nothing is), which the message quotes
                    self.problems.append(Violation.of(
                        "S701", "", entry.span or checkpoint.span, number, number=number, p=p, column=column, on=on,
                        decimal=written, actual=Fraction(actual), last=pulka.last.get((p, column, on))))
                    return

    def _finish(self) -> None:
        """The end of the game: compare the ``Result`` tag with the settlement (S702)."""
        tag = next((t for t in self.game.tags if t.name == "Result"), None)
        written = self.game.result
        if tag is None or written is None:
            return
        if isinstance(written, str):
            self.problems.append(Violation.of("S702", "unread", tag.span, tag=tag.value, players=self.game.players))
            return
        gap = self._gap
        if gap is not None:
            self.problems.append(Violation.of("S703", "result", tag.span, deal=gap.deal))
            return
        totals = self.pulka.sheet().settlement().totals
        for player, value in written.items():
            exact = totals[player]
            places = max(0, -value.as_tuple().exponent)  # type: ignore[operator]
            if abs(Fraction(value) - exact) > Fraction(1, 2 * 10 ** places):
                self.problems.append(Violation.of("S702", "", tag.span, player=player, value=value,
                                                  exact=Fraction(exact)))
                return


def _number(state: GameState) -> int:
    assert state.deal is not None
    return state.deal.number


def _tag_number(value: str | None, read: Callable[[str], T]) -> T | None:
    """A tag's number (the reader has checked it; a game built in code may hold anything: None then)."""
    if value is None:
        return None
    try:
        return read(value)
    except ValueError:
        return None


#: The pool of a one-deal sheet that scores a deal by itself (the odds of a contract, a duplicate board):
#: one no deal closes, so that each point of pool counts as the point of mountain it saves (Code 4.2.3: an
#: open pool's shortfall goes to the mountain at settlement).
OPEN_POOL = 100


def deal_score(outcome: Outcome, rules: Rules, *, pool: int | None = None) -> dict[str, Fraction]:
    """Each player's balance in whists from the deal ``outcome`` alone: the settlement (Code 4.2.14)
    of a sheet that holds only that deal, written as the scorer writes it under ``rules``, played to
    ``pool`` (``None``: no pool). The first deal of a game: nothing closed, no bomb, no all-pass
    before it, the razboynik (Classic) behind it."""
    if outcome.missing is not None:
        raise ValueError(outcome.missing)
    scorer = Scorer(ledger=False)
    players = outcome.active + ((outcome.dealer,) if outcome.four else ())
    scorer._start(players, attrs.evolve(rules, razboynik=False), pool, None)
    scorer._write(outcome)
    scorer.pulka.end_deal(outcome.number)
    return scorer.pulka.standing()


def score(game: Game, upto: int | None = None, rules: Rules | str | None = None) -> ScoreSheet:
    """The score sheet of ``game`` after deal ``upto`` (default: after the last deal): values in no
    language, said by :mod:`preflog.sheet_words` where they are read."""
    (sheets,) = walk(game, Scorer(upto), rules=rules)
    return sheets[0]  # type: ignore[no-any-return]

#: The module's public names (what other layers and the server may import).
__all__ = [
    "OPEN_POOL", "Scored", "Scorer", "deal_score", "score",
]
