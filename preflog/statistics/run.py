"""The statistics of games, files and units of files: the audit of each game, its facts collected
and what is done with a game that breaks a rule (counted in ``rejected``, its errors reported).

``stats(games)`` takes games already read; :func:`read_stats` reads a file a deal at a time (memory
holds one game's facts, however big the archive), reporting each error as it is found, the way
``preflog check`` prints it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

import attrs

from ..checker import in_text_order, violation_error
from ..game.conventions import PRESETS, rules_of
from ..i18n import _, using_language
from ..model.game import Game
from ..notation.errors import NotationError
from ..notation.read import GameReading, stream_games
from ..notation.split import Piece
from ..jobs import Unit
from .collect import Collector
from ..model.names import canonical, one_name_each
from .facts import UNDATED, DealFacts, GameFacts, date_of, is_date, partners_of
from .rating import check_mode, require
from .tally import Stats, Table

E = TypeVar("E")


@attrs.frozen
class Filters:
    """Which games count: those where all of ``players`` sat, dated from ``since`` to ``until``
    (``YYYY-MM-DD`` or ``YYYY-MM``, both included), played under the convention ``rules``."""

    players: tuple[str, ...] = ()
    since: str | None = None
    until: str | None = None
    rules: str | None = None
    #: other names of players (an alias's key → the name, as the club's archive keeps them): a player is
    #: matched by any of his spellings (:mod:`preflog.model.names`)
    aliases: tuple[tuple[str, str], ...] = ()

    def admits(self, header: Game) -> bool:
        """Whether the game of this tag block counts (its convention is looked up only when asked for)."""
        rules = _rules_name(header) if self.rules is not None else ""
        return self.admits_keys(header.players, rules, *date_of(header))

    def admits_keys(self, players: Iterable[str], rules: str, day: str | None, month: str) -> bool:
        """Whether a game of these players, convention and date counts."""
        if self.players:
            aliases = dict(self.aliases)
            if not {canonical(p, aliases) for p in self.players} <= {canonical(p, aliases) for p in players}:
                return False
        if self.rules is not None and rules != self.rules:
            return False
        if self.since is None and self.until is None:
            return True
        when = day or (month if month != UNDATED else None)
        if when is None:
            return False
        if self.since is not None and when < self.since[:len(when)]:
            return False
        return self.until is None or when[:len(self.until)] <= self.until

    def given(self) -> dict[str, Any]:
        """The filters given, by name (as the JSON report says them)."""
        return {k: v for k, v in attrs.asdict(self).items() if v not in (None, ()) and k != "aliases"}

    def shown(self, stats: Stats) -> Stats:
        """``stats`` as a report shows them: each player once, whatever the spellings of his name (the
        one most used, or the name an alias stands for), and where players are asked for, those alone."""
        aliases = dict(self.aliases)
        names = one_name_each({n: p.games for n, p in stats.total.players.items()}, aliases)
        shown = stats.renamed(names)
        if not self.players:
            return shown
        wanted = {canonical(p, aliases) for p in self.players}
        return shown.only(n for n in shown.total.players if canonical(n, aliases) in wanted)


def check_filters(filters: Filters) -> str | None:
    """What is wrong with the filters (a date that is not one, an unknown convention), or None."""
    for name, value in (("since", filters.since), ("until", filters.until)):
        if value is not None and not is_date(value):
            return _("--{name} {value!r} is not a date: write YYYY-MM-DD or YYYY-MM").format(name=name, value=value)
    if filters.rules is not None and filters.rules not in PRESETS:
        return _("unknown convention {name!r}; known: {presets}").format(name=filters.rules,
                                                                         presets=", ".join(PRESETS))
    return None


def stats(games: Game | Iterable[Game], *, players: Sequence[str] = (), since: str | None = None,
          until: str | None = None, rules: str | None = None, par: bool = False, rating: str | None = None,
          lang: str | None = None) -> Stats:
    """The statistics of ``games`` (a game, or any iterable of games, e.g. ``preflog.iter_games``).

    Only games that break no rule and whose every deal can be scored count; the others are counted in
    ``rejected_games``. With ``par``, each deal played card by card is solved double-dummy and each
    player's tricks lost against par are counted (slow: a solver's work per card). With ``rating``
    (``"pulka"`` or ``"event"``), each game counted is kept for the ratings (``Stats.ratings()``, in the
    order of the games given on a day); it needs ``preflog[rating]``, asked for before any game is read."""
    filters = Filters(tuple(players), since, until, rules)
    problem = check_filters(filters)
    if problem is not None:
        raise ValueError(problem)
    with using_language(lang):
        if rating is not None:
            check_mode(rating)
            require()
        out = Stats(rating=rating)
        for index, game in enumerate([games] if isinstance(games, Game) else games):
            if not filters.admits(game):
                out.skipped_games += 1
                continue
            collector = Collector(par=par)
            for _point in collector.game(game):
                pass
            clean = collector.result()
            if clean is None:
                out.reject(len(game.deals))
            else:
                out.add(*clean, event=game.tag("Event"), order=("", index))
    return filters.shown(out)


def read_stats(source: IO[bytes] | IO[str] | str, path: str, filters: Filters = Filters(), *, par: bool = False,
               rating: str | None = None, unit: Unit | None = None,
               report: Callable[[NotationError, int], None] | None = None, tick: Callable[[], None] | None = None,
               into: Stats | None = None, origin: tuple[str, int] | None = None) -> Stats:
    """The statistics of the games of one file (of ``unit``'s games only, if given), read a deal at a
    time; each error found goes to ``report`` as it is found, with the index of its game in the file
    (the error says file, line and column as ``preflog check`` prints them); ``tick`` is called after
    each deal (a progress bar). The figures are added to ``into`` if given (and returned).

    With ``rating``, each game counted is kept for the ratings, ordered on its day by where it was read:
    ``origin``, the name and the index its first game goes by (default: ``path`` and 0)."""
    out = Stats(rating=rating) if into is None else into
    if rating is not None:
        out.rating = rating
    name, first = (path, 0) if origin is None else origin
    index = 0

    def tell(error: NotationError) -> None:
        if report is not None:
            report(error, index)

    for index, reading in enumerate(stream_games(source, path)):
        if unit is not None and unit.done_after(index):
            break
        if unit is not None and not unit.holds(index):
            continue
        if reading.errors:
            for error in reading.errors:
                tell(error)
            out.reject(reading.skip())
            continue
        if not filters.admits(reading.header):
            out.skipped_games += 1
            reading.skip()
            continue
        clean, deals = _walk_game(reading, path, par, tell, tick)
        if clean is None:
            out.reject(deals)
        else:
            out.add(*clean, event=reading.header.tag("Event"), order=(name, first + index))
    return out


def _walk_game(reading: GameReading, path: str, par: bool, tell: Callable[[NotationError], None],
               tick: Callable[[], None] | None = None) -> tuple[tuple[GameFacts, list[DealFacts]] | None, int]:
    """One game audited a deal at a time: its facts (None if it has a problem, or a deal cannot be read
    or scored, each told as it is found) and its number of deals."""
    collector = Collector(par=par)
    head: tuple[Piece, ...] = (reading.head,) if reading.head is not None else ()
    deals = 0
    for point in collector.reading(reading):
        pieces = head
        if point.read is not None:
            deals += 1
            pieces = (*head, point.read.piece)
            if tick is not None:
                tick()
        for error in point.errors:
            tell(error)
        gap = (point.unscored,) if point.unscored is not None else ()
        for v in in_text_order((*point.problems, *gap)):
            tell(violation_error(v, path, pieces))
    return collector.result(), deals


def merged(units: Sequence[Unit], done: Iterable[tuple[Stats, list[tuple[int, E]]]]) -> tuple[Stats, list[E]]:
    """The statistics of ``units`` (done apart, each with its errors and their games) put together, and
    the errors in the order of the files and their games: what one process finds, in that order."""
    total = Stats()
    found: list[tuple[int, int, int, E]] = []
    files = {path: i for i, path in enumerate(dict.fromkeys(u.path for u in units))}
    for unit, (part, errors) in zip(units, done):
        total = total.merge(part)
        found += [(files[unit.path], game, n, error) for n, (game, error) in enumerate(errors)]
    return total, [error for *_order, error in sorted(found, key=lambda f: f[:3])]


@attrs.frozen
class Summary:
    """One game's statistics with what the filters read of it: what the club server keeps of each game
    (:func:`summarise`), so that a report is a sum of summaries, however it is filtered."""

    players: tuple[str, ...]
    rules: str
    date: str | None
    month: str
    deals: int
    table: Table | None          # the game's figures; None for a game left out for its errors
    unread: bool = False         # its tag block could not be read: left out whatever the filters

    def admitted(self, filters: Filters) -> bool:
        return self.unread or filters.admits_keys(self.players, self.rules, self.date, self.month)

    def dumps(self) -> str:
        """The summary as JSON, read back by :meth:`loads`."""
        return json.dumps(self.to_data(), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Summary | None:
        """The summary :meth:`dumps` wrote; None for anything else (kept by another preflog, or spoilt)."""
        try:
            return cls.of_data(json.loads(text))
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def to_data(self) -> dict[str, Any]:
        """The summary as plain data (JSON), read back by :meth:`of_data`."""
        return {"players": list(self.players), "rules": self.rules, "date": self.date, "month": self.month,
                "deals": self.deals, "table": None if self.table is None else self.table.to_data(),
                "unread": self.unread}

    @classmethod
    def of_data(cls, data: dict[str, Any]) -> Summary:
        """The summary :meth:`to_data` wrote (``ValueError``, ``KeyError`` or ``TypeError`` for anything else)."""
        table = data["table"]
        return cls(tuple(str(p) for p in data["players"]), str(data["rules"]),
                   None if data["date"] is None else str(data["date"]), str(data["month"]), int(data["deals"]),
                   None if table is None else Table.of_data(table), bool(data["unread"]))

    @property
    def played(self) -> bool:
        """Whether a deal of the game is recorded: a game of none (an event's table not yet played) is
        no game played, counted nowhere (neither a pulka nor a game left out)."""
        return self.deals > 0

    def add_to(self, stats: Stats) -> None:
        if not self.played:
            return
        if self.table is None:
            stats.reject(self.deals)
        else:
            stats.add_table(self.table, self.rules, partners_of(self.players), self.month)


def summarise(text: str, path: str = "") -> Summary:
    """The summary of the (first) game of ``text``."""
    for reading in stream_games(text, path):
        if reading.errors:
            day, month = date_of(reading.header)
            return Summary(tuple(reading.header.players), _rules_name(reading.header), day, month, reading.skip(),
                           None, unread=True)
        clean, deals = _walk_game(reading, path, False, lambda error: None)
        return summary_of(reading.header, clean, deals)
    return Summary((), "", None, UNDATED, 0, None)


def summary_of(header: Game, clean: tuple[GameFacts, list[DealFacts]] | None, deals: int) -> Summary:
    """The summary of a game walked elsewhere (the server's index walks it once for all it keeps): its
    facts, None if it broke a rule or a deal could not be scored."""
    day, month = date_of(header)
    table = None
    if clean is not None:
        table = Table()
        table.add(*clean)
    return Summary(tuple(header.players), _rules_name(header), day, month, deals, table)


def _rules_name(header: Game) -> str:
    return rules_of(header)[0].name


def pref_files(paths: Iterable[str]) -> list[str]:
    """The files to read: each file as given, each folder's ``.pref`` files (subfolders too) in order
    of their paths."""
    out: list[str] = []
    for name in paths:
        if name != "-" and os.path.isdir(name):
            out += sorted(str(p) for p in Path(name).rglob("*.pref") if p.is_file())
        else:
            out.append(name)
    return out

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Filters", "Summary", "check_filters", "merged", "pref_files", "read_stats", "stats", "summarise",
    "summary_of",
]
