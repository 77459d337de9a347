"""An event on the club server: the games opened for its tables, and what its page shows (each table's
progress, the standings, the problems), worked out once for each state of its games, in a worker thread,
and kept for every reader of that state, in each language asked for."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

import attrs

from ..event.boards import Board
from ..event.director import event_boards, tables_playing
from ..event.duplicate import DuplicateScores, duplicate_scores
from ..event.plan import Kind, Plan, PlanError, Tour, loads_plan
from ..event.report import report_json, signed, tiebreak_name
from ..event.results import Results, collect
from ..event.standings import Standings, place_text, shared_until, standings
from ..i18n import _, count, current_language, decimal, ngettext
from ..model.game import Game, Tag
from ..notation.errors import NotationError
from ..notation.write import dumps
from ..event.titles import place_title
from .archive import Archive, GameRow, NewTable, TableAt, TableGame
from .games import index_of_game
from .templating import ENV

#: Events whose work is kept, in each language (the oldest first out).
KEPT_EVENTS = 16


def table_record(plan: Plan, tour: int, table: tuple[int, tuple[str, ...]], board: Board | None, today: str) -> Game:
    """A table's game, opened with its tags for the scorer: a tour's pulka, or one board (its players
    listed from the board's dealer, clockwise, so that the deal is his)."""
    number, players = table
    if board is not None:
        first = board.dealer - 1
        players = players[first:] + players[:first]
    tags = [Tag("Event", plan.name), Tag("Date", today), Tag("Round", str(tour)), Tag("Table", str(number))]
    if board is not None:
        tags.append(Tag("Board", str(board.number)))
    tags += [Tag("Players", " ".join(players)), Tag("Rules", plan.rules)]
    if plan.pool is not None:
        tags.append(Tag("Pool", str(plan.pool)))
    return Game(tuple(tags))


def games_to_open(plan: Plan, have: set[tuple[int, int, int]],
                  today: str | None = None) -> list[NewTable]:
    """The games of the tables drawn that have none yet (``have``: tour, table, board; 0 in a Swiss
    event), with their text and their index, made from the game itself (its text is not read back)."""
    day = today or date.today().isoformat()
    boards = {b.number: b for b in event_boards(plan)}
    out = []
    for tour in plan.drawn:
        for table in tour.tables:
            for number in tour.boards or (0,):
                if (tour.number, table.number, number) in have:
                    continue
                game = table_record(plan, tour.number, (table.number, table.players), boards.get(number), day)
                out.append(NewTable(tour.number, table.number, number, dumps(game), index_of_game(game)))
    return out


@attrs.frozen(slots=True)
class EventEntry:
    """An event in the games list: its games of the page, each with where it is played («тур 2, стол 1»),
    those with a deal recorded alone (``played``) and how many are not begun (``unplayed``)."""

    event: int
    name: str
    played: tuple[tuple[str, GameRow], ...]
    unplayed: int


def listed(rows: list[GameRow], tables: dict[int, TableAt]) -> list[GameRow | EventEntry]:
    """The games list's entries of a page's ``rows`` (newest first): a game of no event as it is; the
    games of an event (``tables``: where each of an event's is played) gathered into one entry where the
    newest of them stands, its games by tour, board and table."""
    out: list[GameRow | EventEntry] = []
    mine: dict[int, list[GameRow]] = {}
    for row in rows:
        at = tables.get(row.id)
        if at is None:
            out.append(row)
            continue
        if at.event not in mine:
            mine[at.event] = []
            out.append(EventEntry(at.event, at.name, (), 0))
        mine[at.event].append(row)
    entries: list[GameRow | EventEntry] = []
    for entry in out:
        if isinstance(entry, EventEntry):
            games = sorted(mine[entry.event], key=lambda r: (tables[r.id].tour, tables[r.id].board, tables[r.id].table))
            played = tuple((place_title(tables[r.id].tour, tables[r.id].table, tables[r.id].board or None), r)
                           for r in games if r.deals > 0)
            entry = EventEntry(entry.event, entry.name, played, len(games) - len(played))
        entries.append(entry)
    return entries


def deals_allowed(archive: Archive, game: int) -> tuple[int, int] | None:
    """The most deals a table's game of an event may hold (a board's one; a tour's deals), with the
    event's id; ``None`` for a game of no event, or of a tour to the pool alone."""
    found = archive.event_of(game)
    if found is None:
        return None
    event, text, board = found
    if board:
        return 1, event
    try:
        deals = loads_plan(text, kept=True).deals
    except PlanError:  # an event this preflog cannot read: its games are games, with no tour's limit
        return None
    return None if deals is None else (deals, event)


@attrs.frozen(slots=True)
class TableState:
    """A table of a tour as its page shows it: its players, its game(s) (board → game id) and how far
    they are."""

    tour: int
    number: int
    players: tuple[str, ...]
    games: tuple[tuple[int, int], ...]
    done: int
    of: int
    boards: bool

    def progress(self) -> str:
        """How far the table is, in the current language: the boards played, or the deals."""
        if self.boards:
            return ngettext("{n} of {of} board played", "{n} of {of} boards played", self.of).format(n=self.done,
                                                                                                  of=self.of)
        if self.of:
            return ngettext("{n} of {of} deal", "{n} of {of} deals", self.of).format(n=self.done, of=self.of)
        return count("{n} deal", "{n} deals", self.done)


@attrs.define(slots=True)
class EventWork:
    """An event worked out for one state of its games: its plan, results and standings (or duplicate
    scores), its tables, the boards still secret, and the live part of its page and its JSON, each as
    the scorer and as a watcher sees it.

    A duplicate board is **secret** until its tour is over at every table (each table's game of it
    clean and played): till then no watcher sees its cards, nor the seed they are dealt from (that
    one until every board is played, as the tours' seeds are made from it). A board played everywhere
    is public, as in bridge."""

    ident: int
    key: tuple[Any, ...]
    plan: Plan
    results: Results
    standings: Standings | None
    scores: DuplicateScores | None
    tables: list[TableState]
    secret: frozenset[int] = frozenset()
    live: dict[str, str] = attrs.field(factory=dict)
    json: dict[str, dict[str, Any]] = attrs.field(factory=dict)

    @property
    def seed_secret(self) -> bool:
        """Whether the event's seed is kept from watchers: a duplicate event's, while a board is secret."""
        return self.plan.kind is Kind.DUPLICATE and bool(self.secret)

    def secret_games(self) -> dict[int, int]:
        """The games of the boards still secret: game id → board."""
        return {g: b for t in self.tables for b, g in t.games if b in self.secret}

    def tours_shown(self) -> list[Tour]:
        """The tours as the page lists them: the one being played first (the first with a table still
        playing, else the last drawn), then those to come, then those played, the latest first."""
        playing = next((t for t in self.plan.drawn if tables_playing(self.plan, self.results, t.number)), None)
        current = playing or (self.plan.drawn[-1] if self.plan.drawn else None)
        if current is None:
            return []
        later = [t for t in self.plan.drawn if t.number > current.number]
        return [current, *later, *(t for t in reversed(self.plan.drawn) if t.number < current.number)]

    @property
    def complete(self) -> bool:
        """Whether every table of the last tour drawn has a clean game."""
        return bool(self.plan.drawn) and not tables_playing(self.plan, self.results, len(self.plan.drawn))

    def fragment(self, scorer: bool = True) -> str:
        """The live part of the page, in the language the work was done in (rendered once), as the
        scorer sees it or (``scorer`` false) a watcher: each problem of a secret board's game untold."""
        which = "scorer" if scorer or not self.secret else "watcher"
        if which not in self.live:
            self.live[which] = ENV.get_template("event_live.html").render(
                work=self, lines=standing_lines(self), problems=problem_lines(self, scorer), lang=current_language())
        return self.live[which]

    def doc(self, scorer: bool = True) -> dict[str, Any]:
        """The event's JSON as the scorer sees it, or a watcher: without the seed while it is secret."""
        which = "scorer" if scorer or not self.seed_secret else "watcher"
        if which not in self.json:
            doc = report_json(self.plan, self.results, standings=self.standings, scores=self.scores)
            doc["tables"] = [{"tour": t.tour, "table": t.number, "players": list(t.players), "done": t.done,
                              "of": t.of, "games": [{"board": b or None, "game": g, "url": f"/games/{g}"}
                                                    for b, g in t.games]} for t in self.tables]
            doc["tour_over"] = self.complete
            if which == "watcher":
                doc["event"] = dict(doc["event"], seed=None,
                                    drawn=[dict(t, seed=None) for t in doc["event"]["drawn"]])
            self.json[which] = doc
        return self.json[which]


def standing_lines(work: EventWork) -> list[dict[str, Any]]:
    """The standings as the phone shows them: a line a player, place, name, the main figure, the rest."""
    out = []
    if work.standings is not None:
        lines = list(work.standings.lines)
        for line, last in zip(lines, shared_until(lines)):
            scaled = bool(work.plan.scale.bands)
            detail = [_("Tour {n}").format(n=i) + ": " + ("—" if w is None else signed(w))
                      for i, w in enumerate(line.shown_tours, 1)]
            if scaled:
                detail.insert(0, _("Whists") + ": " + signed(line.shown))
            detail += [f"{tiebreak_name(t)}: {v}" for t, v in zip(work.plan.tiebreaks, line.tiebreaks)]
            detail.append(count("{n} deal", "{n} deals", line.deals))
            out.append({"place": place_text(line, last), "player": line.player,
                        "figure": signed(line.points if scaled else line.shown), "detail": " · ".join(detail)})
    elif work.scores is not None:
        lines2 = list(work.scores.lines)
        for dline, last in zip(lines2, shared_until(lines2)):
            percent = dline.percent
            detail = [_("Matchpoints") + f": {float(dline.matchpoints):g}/{dline.top}"
                      + ("" if percent is None else " (" + decimal(f"{float(percent):.1f}") + " %)"),
                      _("Whists") + ": " + signed(dline.whists), count("{n} board", "{n} boards", dline.boards)]
            out.append({"place": place_text(dline, last), "player": dline.player, "figure": signed(dline.over_field),
                        "detail": " · ".join(detail)})
    return out


def problem_lines(work: EventWork, scorer: bool = True) -> list[tuple[str | None, str, str]]:
    """The first problems of the event's games, each with the game's page and where it is played; to a
    watcher (``scorer`` false) a secret board's problem is not said (it may quote the cards)."""
    where = {f"/games/{g}": (_("Tour {tour}, table {table}").format(tour=t.tour, table=t.number)
                             + ("" if not b else " · " + _("board {n}").format(n=b)))
             for t in work.tables for b, g in t.games}
    hidden = set() if scorer else {f"/games/{g}" for g in work.secret_games()}
    untold = _("the board is still being played at other tables: the scorer sees this problem's details")
    return [(p.path, where.get(p.path or "", p.path or ""), untold if p.path in hidden else p.message)
            for p in work.results.problems[:50]]


def _work(archive: Archive, ident: int, text: str, revision: int, rows: list[TableGame]) -> EventWork:
    """The event ``ident`` from its file (``text`` at ``revision``) and its tables' games (``rows``), each
    game as its judgment kept reads it (:attr:`Archive.judgments`: made once a revision, by the change that
    made it or the first who needs it, and shared with its pages; none read again here)."""
    plan = loads_plan(text, kept=True)
    games: list[tuple[str | None, Game]] = []
    for row in rows:
        _at, judged = archive.judged(row.game)
        if judged.parsed.errors:  # as reading it alone would say (a table's game is recorded without any)
            raise NotationError.collect(judged.parsed.errors)
        games.append((f"/games/{row.game}", judged.game))
    boards = {b.number: b for b in event_boards(plan)}
    results = collect(plan, games, boards or None)
    clean = {p.path for p in results.played}
    by_table: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for tour_n, table_n, board_n, game, _rev, deals in rows:
        by_table.setdefault((tour_n, table_n), []).append((board_n, game, deals))
    tables = []
    for tour in plan.drawn:
        for t in tour.tables:
            found = sorted(by_table.get((tour.number, t.number), []))
            if plan.kind is Kind.DUPLICATE:
                done = sum(1 for _b, g, d in found if d >= 1 and f"/games/{g}" in clean)
                of = len(tour.boards)
            else:
                done = max((d for _b, _g, d in found), default=0)
                of = plan.deals or 0
            tables.append(TableState(tour.number, t.number, t.players, tuple((b, g) for b, g, _d in found), done,
                                     of, plan.kind is Kind.DUPLICATE))
    key = (revision, tuple(rows))
    if plan.kind is Kind.SWISS:
        return EventWork(ident, key, plan, results, standings(results), None, tables)
    return EventWork(ident, key, plan, results, None, duplicate_scores(results), tables, secret_boards(plan, results))


def secret_boards(plan: Plan, results: Results) -> frozenset[int]:
    """The boards of a duplicate event whose tour is not over at every table (and any board of no tour
    drawn): their cards are the scorer's alone (:class:`EventWork`)."""
    if plan.kind is not Kind.DUPLICATE:
        return frozenset()
    drawn = {b for t in plan.drawn for b in t.boards}
    playing = {b for t in plan.drawn if tables_playing(plan, results, t.number) for b in t.boards}
    return frozenset(playing | (set(range(1, plan.boards + 1)) - drawn))


class EventsKept:
    """The events worked out, one state and language each (the problems and protocols are said in it),
    shared by every reader; a lock an event and language, so that readers of a state not yet worked out
    wait for one piece of work."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, str], EventWork] = {}
        self._locks: dict[tuple[int, str], threading.Lock] = {}
        self._lock = threading.Lock()

    def work(self, archive: Archive, ident: int) -> EventWork:
        """Event ``ident`` as it stands, in the current language (worked out anew only when a game of it or
        its file changed)."""
        text, revision = archive.event(ident)  # what the work depends on: two short reads
        rows = archive.event_games(ident)
        key, which = (revision, tuple(rows)), (ident, current_language())
        with self._lock:
            lock = self._locks.setdefault(which, threading.Lock())
        with lock:
            kept = self._kept.get(which)
            if kept is not None and kept.key == key:
                return kept
            done = _work(archive, ident, text, revision, rows)
            with self._lock:
                self._kept.pop(which, None)
                self._kept[which] = done
                while len(self._kept) > KEPT_EVENTS:
                    self._kept.pop(next(iter(self._kept)))
            return done


__all__ = ["EventEntry", "EventWork", "EventsKept", "listed", "KEPT_EVENTS", "TableState", "deals_allowed", "games_to_open", "problem_lines",
           "secret_boards", "standing_lines", "table_record"]
