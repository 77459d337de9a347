"""One audit of a game: replayed once, checked and scored a deal at a time; the one place that says
what a game's problems are. ``check``, ``score``, ``stats``, the club server and the recorder all read
their games through it.

>>> preflog.check(game)                    # the game's problems, in the order of the text
>>> sheet, problems = preflog.audit(game)  # and its score sheet, the gaps in it too
>>> audit = preflog.Audit()                # or a point at a time:
>>> for point in audit.game(game):         # the tag block, each deal, the end
...     print(point.number, point.problems)

**A game's problems** are, each reported once, at the deal (or tag) that has it:

* the rules it breaks (the ``R``, ``D``, ``A``, ``T``, ``W``, ``P`` and ``C`` codes), the consequences of
  one slip (a wrong dealer's name, hands in the wrong order, a misread card) folded into the report
  that names it (:mod:`preflog.diagnose`), those in later deals too (``later``);
* what the game's own sheet says against its deals: a ``sheet`` statement or the ``Result`` tag that
  disagrees (S701, S702), a deal after the pulka ended (S704), the second stage's pool (S705), a totus
  that cannot be scored (S706), a checkpoint that cannot be checked for a deal not scored (S703).
  Once a slip is found, the game is also scored as its correction reads it: what only the game as
  written says against its sheet follows from the slip (``later``), not a problem of its own.

A deal whose record does not say enough to score it (no result, no defence) breaks no rule: it is a
**gap** in the sheet, given apart as ``unscored`` (S703). Those who show a sheet say it (``score``,
the server's index, ``stats``, which leaves such a game out); ``check`` checks what is written, and
does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

import attrs

from .checker import CLEAN, Checked, Checker, in_text_order, with_later
from .game.conventions import Rules
from .game.state import GameState
from .game.violations import Violation
from .i18n import using_language
from .model.build import builder
from .model.deal import Deal
from .model.game import Game
from .notation.errors import NotationError
from .notation.read import GameReading, ReadDeal
from .scoring.ledger import Entry
from .scoring.outcome import Outcome
from .scoring.pulka import ScoreSheet
from .scoring.scorer import Scored, Scorer
from .driver import Visitor, Walker


@attrs.frozen(slots=True)
class Audited:
    """What the audit found at one point of a game: its tag block (``deal`` None, ``ended`` False),
    a deal, or its end (``ended``, after the last deal: the ``Result`` tag)."""

    deal: Deal | None = None
    #: the game as it stands after this point (``None`` where the replay did not reach it)
    state: GameState | None = None
    #: the game's problems found here, in the order of the text (the module's definition)
    problems: tuple[Violation, ...] = ()
    #: why this deal cannot be scored, if it cannot: a gap in the sheet, not a problem of the record
    unscored: Violation | None = None
    #: problems found here that follow from a slip reported at an earlier deal, each with that report
    later: tuple[tuple[Violation, Violation], ...] = ()
    #: what the deal gives the sheet (``None`` for a deal not scored, and outside deals)
    outcome: Outcome | None = None
    #: read from a stream: the deal as read, with its notation errors (``errors`` of the tag block's
    #: at its start); ``replayed`` is False from the first piece that cannot be read (the rules
    #: cannot go past it)
    read: ReadDeal | None = None
    errors: tuple[NotationError, ...] = ()
    replayed: bool = True
    ended: bool = False

    @property
    def number(self) -> int | None:
        """The deal's number (``None`` for the tag block and the end)."""
        return None if self.deal is None else self.deal.number

    @property
    def count(self) -> int:
        """How many problems and notation errors are here (a gap is not one)."""
        return len(self.problems) + len(self.errors)


_Audited = builder(Audited)  # built in C (model.build)


@attrs.frozen(slots=True)
class Standing:
    """Where an audit of a game stands after its first ``deals`` deals, every one of them clean: the game
    then (``state``), its sheet's ``entries`` so far, and a scorer standing there without its ledger
    (never written on: each :meth:`Audit.resume` from it forks it). Enough to go on from there without
    replaying those deals; a few dozen values, however long the game."""

    deals: int
    state: GameState
    scorer: Scorer = attrs.field(eq=False, repr=False)
    entries: int = 0


#: The deals of a game an audit keeps, to score the game as a slip's correction reads it from the slip on.
KEPT_DEALS = 2000
#: How many deals :meth:`Audit.reading` reads before it replays them (memory: that many deals).
AHEAD = 32


class Audit:
    """Check and score games in one replay, a deal at a time; ``visitors`` ride the same replay,
    after the audit's own checker and scorer (a visitor may read ``scorer`` as each deal is written).

    ``rules`` replaces each game's convention (a preset's name or :class:`~preflog.Rules`); ``upto``
    stops the sheet and the checking after that deal; ``ledger`` keeps every entry of the sheet
    (memory grows with the game); ``fold=False`` lists the consequences of a slip as problems of their
    own. Step by step: ``begin(game)``, ``deal(deal)`` for each deal, ``end()``; or ``game(game)`` and
    ``reading(reading)`` (a game streamed a deal at a time), which iterate those steps.

    Each point is made of what the checker and the scorer give for it (:class:`~preflog.checker.Checked`,
    :class:`~preflog.scoring.scorer.Scored`, values) and, once a slip is found, what the game as meant
    gives (:func:`_sheet_follows`); nothing here changes what they hold.
    """

    def __init__(self, *visitors: Visitor, rules: Rules | str | None = None, upto: int | None = None,
                 ledger: bool = True, fold: bool = True) -> None:
        self.checker = Checker(upto, fold=fold, keep=False)
        self.scorer = Scorer(upto, ledger=ledger, keep=False)
        self.visitors = visitors
        self.rules, self.upto = rules, upto
        self._walker = Walker(self.checker, self.scorer, *visitors, rules=rules)
        self._game: Game | None = None
        self._deals: list[Deal] | None = []  # the game's deals so far, up to KEPT_DEALS
        self._meant: _Meant | None = None   # the game as meant, scored beside it, once a slip is found
        self._slip: Violation | None = None  # the report of the slip it was last corrected for
        self._from: Standing | None = None  # where the game was resumed from (its deals before not kept)
        self._clean = True  # no problem found in the game so far

    @property
    def sheet(self) -> ScoreSheet:
        """The sheet of the game audited last, as it stands (after ``end()``: the whole game's)."""
        return self.scorer.pulka.sheet()

    # ---- step by step --------------------------------------------------------------------------

    def begin(self, game: Game) -> Audited:
        """Start ``game`` (its deals are not read here): the problems of its rules tags (R101–R103)."""
        self._walker.begin_game(game)
        self._game, self._deals, self._meant, self._slip, self._from = game, [], None, None, None
        point = _found(None, self._walker.state, self.checker.checked, self.scorer.scored)
        self._clean = not (point.problems or point.later)
        return point

    def standing(self, deals: int) -> Standing | None:
        """Where this audit stands after the game's first ``deals`` deals, just audited, for
        :meth:`resume`; None once a problem is found (a slip followed would need the deals before)."""
        state = self._walker.state
        if state is None or not self._clean:
            return None
        return Standing(deals, state, self.scorer.fork(ledger=False), len(self.scorer.pulka.entries))

    def resume(self, game: Game, standing: Standing, entries: Iterable[Entry] = ()) -> None:
        """Go on auditing ``game`` after its first ``standing.deals`` deals, from where an audit of them
        stood (:meth:`standing`), without replaying them: ``entries`` are its sheet's entries so far
        (those ``standing.entries`` counts). Then ``deal`` for each deal after them, and ``end``, give
        the points a whole audit of the game gives there. The visitors given are not told of the
        game's start: they ride the deals after it."""
        self.scorer = standing.scorer.fork(entries, ledger=self.scorer.ledger)
        self._walker = Walker(self.checker, self.scorer, *self.visitors, rules=self.rules)
        self._walker.resume(standing.state)
        self.checker.begin_game(game, standing.state.rules)
        self._game, self._deals, self._meant, self._slip, self._from = game, [], None, None, standing
        self._clean = True

    def deal(self, deal: Deal, read: ReadDeal | None = None) -> Audited:
        """Replay, check and score ``deal``, the next of the game begun (``read``: as a stream read it)."""
        self._walker.deal(deal)
        checked, scored = self.checker.checked, self.scorer.scored
        if self._deals is not None:
            self._deals.append(deal)
            so_far = len(self._deals) + (0 if self._from is None else self._from.deals)
            if so_far > KEPT_DEALS:  # memory stays flat however long a game: the game as meant
                self._deals = None              # is scored only from a slip in its first deals
        follows: tuple[tuple[Violation, Violation], ...] = ()
        if checked.slip is not None or self._meant is not None:
            scored, follows = self._as_meant(deal, checked, scored)
        point = _found(deal, self._walker.state, checked, scored, follows, read=read)
        self._clean = self._clean and not (point.problems or point.later)
        return point

    def end(self) -> Audited:
        """End the game: what only its end says (the ``Result`` tag)."""
        state = self._walker.state
        self._walker.end_game()
        scored, meant = self.scorer.scored, self._meant
        follows: tuple[tuple[Violation, Violation], ...] = ()
        if meant is not None and self._slip is not None:
            scored, follows = _sheet_follows(scored, meant.end(), self._slip)
        self._meant = self._slip = None
        return _found(None, state, self.checker.checked, scored, follows, ended=True)

    def results(self) -> tuple[object, ...]:
        """The results of the visitors given, after the last game (as :func:`~preflog.walk` gives them)."""
        return self._walker.results()[2:]

    # ---- a game at a time ----------------------------------------------------------------------

    def game(self, game: Game) -> Iterator[Audited]:
        """The tag block, each deal and the end of ``game``."""
        yield self.begin(game)
        for deal in game.deals:
            yield self.deal(deal)
        yield self.end()

    def reading(self, reading: GameReading, ahead: int | None = None) -> Iterator[Audited]:
        """A game read a deal at a time (:func:`~preflog.stream_games`): its tag block, each deal read
        (``read``, with its notation errors in ``errors``) and, when every piece could be read, the
        end. The replay stops at the first tag block or deal that cannot be read: the deals after it
        come with ``replayed`` False and no problems of the rules.

        Up to ``ahead`` deals are read before the first of them is replayed: the reader's code and the
        engine's then take turns a few dozen deals at a time, not at every deal, which the processor's
        caches repay (a tenth of ``check``). By default :data:`AHEAD` deals of a file or a text, and
        one of a stream written while it is read (``reading.live``: a pipe, a terminal), so that each
        deal is heard of as soon as it is written."""
        if ahead is None:
            ahead = 1 if reading.live else AHEAD
        walking = not reading.errors
        yield self.begin(reading.header) if walking else Audited(errors=reading.errors, replayed=False)
        for read in _read_ahead(reading.deals(), ahead):
            walking = walking and not read.errors and read.deal is not None
            if walking:
                assert read.deal is not None
                yield self.deal(read.deal, read)
            else:
                yield Audited(read.deal, read=read, errors=read.errors, replayed=False)
        if walking:
            yield self.end()

    # ---- the game as meant ---------------------------------------------------------------------

    def _as_meant(self, deal: Deal, checked: Checked,
                  scored: Scored) -> tuple[Scored, tuple[tuple[Violation, Violation], ...]]:
        """Once a slip is found (a wrong dealer's name, a misread card …), the game is also scored as
        its correction reads it: what the sheet of the game as written says at ``deal`` (``scored``)
        only there follows from the slip (:func:`_sheet_follows`)."""
        meant = self._meant
        if meant is None:
            if checked.meant is None or checked.slip is None or self._game is None or self._deals is None:
                return scored, ()
            self._meant = meant = _Meant(self._game, self._deals[:-1], self.rules, self.upto, self._from)
        if checked.slip is not None:
            self._slip = checked.slip
        assert self._slip is not None
        return _sheet_follows(scored, meant.deal(checked.meant or deal), self._slip)


def _sheet_follows(scored: Scored, meant: Scored,
                   slip: Violation) -> tuple[Scored, tuple[tuple[Violation, Violation], ...]]:
    """What the sheet of the game as written says at a point (``scored``) split by what the sheet of
    the game as meant says there (``meant``): ``scored`` with the problems both have, and those only
    the game as written has (a checkpoint, the Result tag, the second stage's pool, the pulka's end),
    each with ``slip``, the report of the slip they follow from."""
    twins = {(v.code, v.span) for v in meant.problems}
    follows = tuple((slip, v) for v in scored.problems if (v.code, v.span) not in twins)
    if not follows:
        return scored, ()
    kept = tuple(v for v in scored.problems if (v.code, v.span) in twins)
    return attrs.evolve(scored, problems=kept), follows


def _found(deal: Deal | None, state: GameState | None, checked: Checked, scored: Scored,
           follows: tuple[tuple[Violation, Violation], ...] = (), *, read: ReadDeal | None = None,
           ended: bool = False) -> Audited:
    """A point of the audit, made of what the checker and the scorer found there (``follows``: the
    sheet's problems that follow from a slip, with its report)."""
    if checked is CLEAN and not scored.problems and scored.unscored is None and not follows:  # a clean deal
        return _Audited(deal, state, (), None, (), scored.outcome, read, ended=ended)
    problems = in_text_order(checked.problems + scored.problems)
    return _Audited(deal, state, tuple(problems), scored.unscored, checked.later + follows,
                    scored.outcome, read, ended=ended)


def _read_ahead(deals: Iterator[ReadDeal], ahead: int) -> Iterator[ReadDeal]:
    """``deals``, read ``ahead`` at a time before the first of them is handed on. When reading fails
    (the input becomes unreadable), the deals read before the failure are handed on first."""
    size = max(1, ahead)
    while True:
        batch: list[ReadDeal] = []
        try:
            batch.extend(islice(deals, size))
        except Exception:
            yield from batch  # extend() keeps what it took before the failure
            raise
        yield from batch
        if len(batch) < size:
            return


class _Meant:
    """A game scored as its slips' corrections read it: its deals so far replayed, then each one as
    meant; what its sheet says at each (a :class:`~preflog.scoring.scorer.Scored`)."""

    def __init__(self, game: Game, deals: list[Deal], rules: Rules | str | None, upto: int | None,
                 standing: Standing | None = None) -> None:
        """``deals`` the game's deals so far (those after ``standing``, where the game was resumed from)."""
        self.scorer = Scorer(upto, ledger=False, keep=False) if standing is None else standing.scorer.fork()
        self._walker = Walker(self.scorer, rules=rules)
        if standing is None:
            self._walker.begin_game(game)
        else:
            self._walker.resume(standing.state)
        for deal in deals:
            self._walker.deal(deal)

    def deal(self, deal: Deal) -> Scored:
        self._walker.deal(deal)
        return self.scorer.scored

    def end(self) -> Scored:
        self._walker.end_game()
        return self.scorer.scored


def problems_of(points: Iterable[Audited], *, gaps: bool = False) -> list[Violation]:
    """The problems of the points of a game's audit, in the order of the text, each slip's later
    consequences in its ``follows``; with ``gaps``, the deals that cannot be scored too."""
    found: list[Violation] = []
    later: list[tuple[Violation, Violation]] = []
    for point in points:
        found += point.problems
        if gaps and point.unscored is not None:
            found.append(point.unscored)
        later += point.later
    return in_text_order(with_later(found, later))


def check(game: Game, rules: Rules | str | None = None, *, fold: bool = True,
          lang: str | None = None) -> list[Violation]:
    """Every rule violation in a game, variations included, and every difference between its ``sheet``
    checkpoints or ``Result`` tag and the score sheet: the game's problems (see the module), in the
    order of the text. The violations that follow from one slip are in the ``follows`` of the one that
    names it, unless ``fold`` is False."""
    with using_language(lang):
        return problems_of(Audit(rules=rules, fold=fold, ledger=False).game(game))


def audit(game: Game, rules: Rules | str | None = None, upto: int | None = None, *,
          lang: str | None = None) -> tuple[ScoreSheet, list[Violation]]:
    """Replay, check and score a game in one pass: the sheet after deal ``upto`` (default: the last)
    and, in the order of the text, the game's problems and the deals that cannot be scored."""
    with using_language(lang):
        runner = Audit(rules=rules, upto=upto)
        found = problems_of(runner.game(game), gaps=True)
        return runner.sheet, found


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Audit", "Audited", "KEPT_DEALS", "Standing", "audit", "check", "problems_of",
]
