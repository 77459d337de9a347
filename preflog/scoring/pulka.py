"""The score sheet (пулька): pool, mountain and whists per player, kept as running records.

``Pulka`` writes entries as a scorer does, helping the other players once the own pool is full (Code
4.2.3); ``ScoreSheet`` is the frozen result: totals, the running records ("2.6.10") and every entry,
each tied to its deal and rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
import attrs

from ..model.seating import clockwise_from
from ..words import number_text
from .ledger import Amount, Column, Entry, Reason, exact
from . import settlement
from .settlement import Settlement, settle
from ..game.conventions import HelpTie, PoolSplit, Rules

POOL, MOUNTAIN, WHISTS, BOMB = Column.POOL, Column.MOUNTAIN, Column.WHISTS, Column.BOMB
ZERO = 0
#: The sections of entries written as they are given, never turned into help: a penalty, the totals
#: carried over from a paper sheet.
AS_GIVEN = frozenset({"penalty", "Sheet tag"})


class _Totals:
    """What the totals say of each player, as the settlement reads them (``settlement.Totals``): for
    :class:`ScoreSheet` and the :class:`Pulka` that writes one, each holding ``totals`` by (player,
    column, on) and ``first_stage``, the razboynik's pools."""

    __slots__ = ()
    totals: dict[tuple[str, Column, str | None], Amount]
    first_stage: dict[str, Amount]

    def pool_played(self, player: str) -> Amount:
        """The pool that counts toward the target: with Classic's razboynik, what the second stage wrote
        (the Pool tag is the points to play in it, seed 000 §8); else the whole pool."""
        return self.pool(player) - self.first_stage.get(player, ZERO)

    def total(self, player: str, column: Column, on: str | None = None) -> Amount:
        return self.totals.get((player, column, on), ZERO)

    def pool(self, player: str) -> Amount:
        return self.total(player, POOL)

    def mountain(self, player: str) -> Amount:
        return self.total(player, MOUNTAIN)

    def whists(self, player: str, on: str) -> Amount:
        """The whists ``player`` has written on ``on``."""
        return self.total(player, WHISTS, on)


@attrs.frozen(slots=True)
class ScoreSheet(_Totals):
    """The pulka after some deals: ``preflog.score(game)``.

    >>> sheet.pool("Anna"), sheet.mountain("Anna"), sheet.whists("Anna", "Boris")
    >>> sheet.running("Anna", Column.POOL)      # (2, 6, 10): the paper's "2.6.10"
    >>> sheet.settlement().totals               # whists won (+) and lost (−), Code 4.2.14
    """

    players: tuple[str, ...]
    rules: Rules
    pool_target: int | None
    entries: tuple[Entry, ...]
    deals: int = 0                        # the number of the last deal scored (0: none)
    finished_after: int | None = None     # the deal that ended the pulka, if it ended
    whist_price: Fraction | None = None   # money per whist (the WhistPrice tag)
    totals: dict[tuple[str, Column, str | None], Amount] = attrs.field(factory=dict, eq=False, repr=False)
    held: dict[str, tuple[int, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    first_stage: dict[str, Amount] = attrs.field(factory=dict, eq=False, repr=False)  # razboynik pools

    def bombs(self, player: str) -> tuple[int, ...]:
        """The bombs ``player`` holds, oldest first, by degree: 1 simple, 2 double, 3 tree (Classic)."""
        return self.held.get(player, ())

    @property
    def finished(self) -> bool:
        """Every pool reached the target (Leningrad: the pools together reached the targets together)."""
        return self.finished_after is not None

    def running(self, player: str, column: Column, on: str | None = None) -> tuple[Amount, ...]:
        """The running record of a column as written on paper: the total after each deal that wrote
        in it (Code 4.2.5), e.g. ``(2, 6, 10)`` for "2.6.10"."""
        return tuple(total for total, _ in self.steps(player, column, on))

    def steps(self, player: str, column: Column, on: str | None = None) -> list[tuple[Amount, list[Entry]]]:
        """The running record with its making: each total and the entries of the deal that wrote it."""
        out: list[tuple[Amount, list[Entry]]] = []
        total: Amount = ZERO
        last = None
        for e in self.entries:
            if e.player == player and e.column is column and e.on == on:
                total += e.amount
                if e.deal == last:
                    out[-1] = (total, out[-1][1] + [e])
                else:
                    out.append((total, [e]))
                last = e.deal
        return out

    def record(self, player: str, column: Column, on: str | None = None) -> str:
        """The running record as text: ``2.6.10`` (``0`` for an empty column)."""
        return ".".join(number_text(v) for v in self.running(player, column, on)) or "0"

    def ledger(self, deal: int | None = None) -> Iterator[Entry]:
        """The entries, all of them or one deal's, in the order they were written."""
        return (e for e in self.entries if deal is None or e.deal == deal)

    def settlement(self) -> Settlement:
        """The final account as if the game ended here (Code 4.2.14)."""
        return settle(self)

    def _repr_svg_(self) -> str:
        """The sheet drawn as on paper, for notebooks (``preflog score --format svg``)."""
        from ..present.pulka_svg import sheet_svg

        return sheet_svg(self)


class Pulka(_Totals):
    """Writes entries on a sheet as the players do, with help from full pools (Code 4.2.3, 4.1.1).
    Without ``ledger`` it keeps the totals and the last entry of each record, not every entry, so
    that its memory does not grow with the game (for checking)."""

    def __init__(self, players: tuple[str, ...], rules: Rules, pool_target: int | None,
                 whist_price: Fraction | None = None, *, ledger: bool = True) -> None:
        self.players = players
        self.rules = rules
        self.target = pool_target
        self.whist_price = whist_price
        self.ledger = ledger
        self.entries: list[Entry] = []
        self.last: dict[tuple[str, Column, str | None], Entry] = {}
        self.totals: dict[tuple[str, Column, str | None], Amount] = {}
        self.deals = 0
        self.finished_after: int | None = None
        self.bombs: dict[str, list[int]] = {}
        self.first_stage: dict[str, Amount] = {}  # the pools of the razboynik, which the target does not count

    def fork(self, entries: Iterable[Entry] | None = None, *, ledger: bool | None = None) -> Pulka:
        """A copy that writes on without changing this one: with ``ledger`` (this one's by default)
        its entries are ``entries`` if given (this sheet's so far, for a copy of a pulka kept without
        them), else a copy of this one's. Costs the totals (a few dozen) and the entries copied."""
        twin = Pulka(self.players, self.rules, self.target, self.whist_price,
                     ledger=self.ledger if ledger is None else ledger)
        if twin.ledger:
            twin.entries = list(self.entries if entries is None else entries)
        twin.last, twin.totals = dict(self.last), dict(self.totals)
        twin.deals, twin.finished_after = self.deals, self.finished_after
        twin.bombs = {p: list(held) for p, held in self.bombs.items()}
        twin.first_stage = dict(self.first_stage)
        return twin

    def begin_second_stage(self, target: int) -> None:
        """The razboynik is over: from now on each player plays ``target`` more points into his pool."""
        self.target = target
        self.first_stage = {p: self.pool(p) for p in self.players}

    def oldest_bomb(self, player: str) -> int:
        """The degree of the bomb ``player`` plays his next game on: the oldest he holds (footnote 30);
        0 for none."""
        held = self.bombs.get(player)
        return held[0] if held else 0

    def closed(self) -> frozenset[str]:
        """The players whose pool has reached the target."""
        target = self.target
        if target is None:
            return frozenset()
        return frozenset(p for p in self.players if self.pool_played(p) >= target)

    def write(self, entries: Iterable[Entry], barred: frozenset[str] = frozenset()) -> None:
        """Write ``entries``; a full pool helps nobody in ``barred`` (``HelpBarred``)."""
        for entry in entries:
            if entry.game and self.rules.pool_split is PoolSplit.HALF and (
                    self.target is None or self.pool_played(entry.player) < self.target):
                self._write_split(entry, barred)
            elif entry.column is POOL and self.rules.help and self.target is not None and entry.section not in AS_GIVEN:
                self._write_pool(entry, self.target, barred)
            elif entry.capped:
                self._write_capped(entry)
            else:
                self._add(entry)

    def _add(self, entry: Entry) -> None:
        if self.ledger:
            self.entries.append(entry)
        if entry.column is BOMB:
            held = self.bombs.setdefault(entry.player, [])
            if entry.amount > 0:
                held.append(int(entry.amount))
            elif held:
                held.pop(0)
        key = (entry.player, entry.column, entry.on)
        self.last[key] = entry
        self.totals[key] = self.totals.get(key, ZERO) + entry.amount

    def _room(self, player: str) -> Amount:
        """What can come off ``player``'s mountain: all of it, nothing below zero."""
        return max(ZERO, self.mountain(player))

    def _write_split(self, entry: Entry, barred: frozenset[str]) -> None:
        """A game's points while the pool is open: half to the pool, half off the own mountain as far as it
        goes, the rest of that half to the pool too (seed 000 §7.2 example 1: a six, "1 очко в пулю и
        вычитает с горы 1 очко"; seed 004). A pool it fills passes the rest on as any pool does."""
        scale = self.rules.scale
        half = Fraction(entry.amount, 2)
        off = min(half * scale, Fraction(self._room(entry.player)))
        pool = entry.amount - off / scale
        half_to_pool = Reason.of("half-to-pool", reason=entry.reason) if off == half * scale else \
            Reason.of("half-to-pool-empty", reason=entry.reason) if not off else \
            Reason.of("half-to-pool-only", reason=entry.reason, had=exact(off))
        self.write([attrs.evolve(entry, amount=exact(pool), game=False, reason=half_to_pool)], barred)
        if off:
            self._add(Entry(entry.deal, entry.player, MOUNTAIN, exact(-off), "seed 000 §7.2",
                            Reason.of("half-off-mountain", reason=entry.reason)))

    def _write_capped(self, entry: Entry) -> None:
        """A write off the own mountain as far as it goes; the rest is lost (seed 000 §7.2)."""
        off = min(-entry.amount, self._room(entry.player))
        if off:
            lost = -entry.amount - off
            self._add(attrs.evolve(entry, amount=-off, capped=False, reason=Reason.of(
                "mountain-empty", reason=entry.reason, lost=lost) if lost else entry.reason))

    def _write_pool(self, entry: Entry, target: int, barred: frozenset[str] = frozenset()) -> None:
        """Pool points up to the target; the rest helps the player with the largest open pool (ties:
        the one on the left), 10 whists per point, and with nobody left to help comes off the own
        mountain, which may go below zero (Code 4.2.3, 4.1.1)."""
        player, n = entry.player, entry.deal
        own = min(entry.amount, max(ZERO, target - self.pool_played(player)))
        rest = entry.amount - own
        if not rest:
            self._add(entry)
            return
        if own:
            self._add(attrs.evolve(entry, amount=own, reason=Reason.of("closes-pool", reason=entry.reason, own=own,
                                                                       amount=entry.amount)))
        scale = self.rules.scale
        while rest:
            helped = self._to_help(player, target, barred)
            if helped is None and self.rules.mountains_off:
                self._mountains_off(entry, rest, barred)
                return
            if helped is None:
                if self.rules.indivisible_mountain:  # a point off it is worth twice as much (4.1.1 c)
                    self._add(Entry(n, player, MOUNTAIN, exact(Fraction(-rest * scale, 2)), "4.1.1 c",
                                    Reason.of("nobody-to-help-indivisible", reason=entry.reason, rest=rest)))
                    return
                self._add(Entry(n, player, MOUNTAIN, -rest * scale, "4.1.1",
                                Reason.of("nobody-to-help", reason=entry.reason, rest=rest)))
                return
            give = min(rest, target - self.pool_played(helped))
            self._add(Entry(n, helped, POOL, give, "4.2.3", Reason.of("help-from", player=player, reason=entry.reason)))
            self._add(Entry(n, player, WHISTS, give * 10 * scale, "4.2.3",
                            Reason.of("helps", helped=helped, give=give, scale=scale),
                            helped))
            rest -= give

    def _mountains_off(self, entry: Entry, rest: Amount, barred: frozenset[str]) -> None:
        """Points nobody's pool can take: off the own mountain, then the others' (from the left), 10
        whists a point on each helped, as far as the mountains go; the rest is lost (seed 000 §7.2:
        "целиком списывают гору (сначала свою, потом партнеров)"; seed 004)."""
        player, n, scale = entry.player, entry.deal, self.rules.scale
        out: list[Entry] = []
        for other in (player,) + tuple(p for p in clockwise_from(self.players, player)[:-1] if p not in barred):
            off = min(Fraction(rest), Fraction(self._room(other), scale))
            if not off:
                continue
            out.append(Entry(n, other, MOUNTAIN, exact(-off * scale), "seed 000 §7.2",
                             Reason.of("over-full-pools", reason=entry.reason, off=exact(off),
                                       whose=None if other == player else other)))
            if other != player:
                out.append(Entry(n, player, WHISTS, exact(off * 10 * scale), "seed 000 §7.2",
                                 Reason.of("writes-off-mountain", other=other, off=exact(off), scale=scale), other))
            rest -= exact(off)
            if not rest:
                break
        if rest and out:  # the mountains are empty: what is left is lost, as the last entry says
            out[-1] = attrs.evolve(out[-1], reason=Reason.of("mountains-empty", reason=out[-1].reason, rest=rest))
        for e in out:
            self._add(e)

    def _to_help(self, player: str, target: int, barred: frozenset[str] = frozenset()) -> str | None:
        """The open pool to help: the largest, and of equal ones the nearest on the left (4.2.3) or, by
        ``HelpTie``, the one with the smaller mountain first (seed 000 §7.2); not the sitting-out dealer,
        nor a whister short of his obligation in this deal (``HelpBarred``)."""
        order = clockwise_from(self.players, player)[:-1]
        open_ = [p for p in order if self.pool_played(p) < target and p not in barred]
        if not open_:
            return None
        if self.rules.help_tie is HelpTie.MOUNTAIN:
            return max(open_, key=lambda p: (self.pool_played(p), -self.mountain(p), -order.index(p)))
        return max(open_, key=lambda p: (self.pool_played(p), -order.index(p)))

    def end_deal(self, number: int) -> None:
        """A deal is written: note whether the pulka is over (Code 4.2.3; Leningrad 4.2.3.3)."""
        self.deals = number
        target = self.target
        if target is None or self.finished_after is not None:
            return
        pools = [self.pool_played(p) for p in self.players]
        if self.rules.help:
            done = all(pool >= target for pool in pools) and not (
                self.rules.mountains_off and any(self.mountain(p) > 0 for p in self.players))
        else:
            done = sum(pools) >= target * len(self.players)
        if done:
            self.finished_after = number

    def standing(self) -> dict[str, Fraction]:
        """The settlement's totals in whists as if the game ended here (Code 4.2.14), without the money
        and without a copy of the sheet: for a reader that asks after every deal (the statistics)."""
        return settlement.standing(self)

    @property
    def pool_target(self) -> int | None:
        """The target, as the settlement reads it (``settlement.Totals``)."""
        return self.target

    def sheet(self) -> ScoreSheet:
        return ScoreSheet(self.players, self.rules, self.target, tuple(self.entries), self.deals,
                          self.finished_after, self.whist_price, dict(self.totals),
                          {p: tuple(b) for p, b in self.bombs.items() if b}, dict(self.first_stage))

#: The module's public names (what other layers and the server may import).
__all__ = [
    "AS_GIVEN", "Pulka", "ScoreSheet", "ZERO",
]
