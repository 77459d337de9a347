"""The club's events (``preflog event``) in the archive: each event's file as its director made it,
and the game of each table (and board) of each tour drawn, opened for its scorer."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...i18n import _
from ..games import Indexed
from .errors import MAX_ID, NotFound, known
from .games import insert_game
from .storage import Changed, News, Redrawn, Storage, now


class EventRow(NamedTuple):
    """An event kept: its id, its name and its file's revision."""

    id: int
    name: str
    revision: int


class EventFile(NamedTuple):
    """An event's file (the plan, JSON) and its revision."""

    plan: str
    revision: int


class TableGame(NamedTuple):
    """The game of a table of a tour (and of a board, 0 in a Swiss event), its revision and its deals."""

    tour: int
    table: int
    board: int
    game: int
    revision: int
    deals: int


class TableOf(NamedTuple):
    """The event a game is a table's game of: its id, its file, and the game's board (0 in a Swiss event)."""

    event: int
    plan: str
    board: int


class TableAt(NamedTuple):
    """Where a game is played in an event: the event's id and name, the tour, table and board (0 in a
    Swiss event)."""

    event: int
    name: str
    tour: int
    table: int
    board: int


class NewTable(NamedTuple):
    """A game to open for a table (tour, table, board): its text and its index."""

    tour: int
    table: int
    board: int
    text: str
    indexed: Indexed


class Events:
    """The events kept in ``store``."""

    def __init__(self, store: Storage) -> None:
        self.store = store

    def put_event(self, name: str, plan: str, games: Callable[[set[tuple[int, int, int]]], list[NewTable]]) -> int:
        """Keep an event's file under its ``name`` (a new event, or the same one drawn further), and the
        games ``games`` makes for the tables that have none yet (given those that have: (tour, table,
        board), board 0 in a Swiss event), all in one transaction, then published (the games opened,
        then the event's file); the event's id."""
        when = now()
        news: list[News] = []
        with self.store.transaction() as db:
            row = db.execute("SELECT id FROM events WHERE name = ?", (name,)).fetchone()
            if row is None:
                cursor = db.execute("INSERT INTO events (name, plan, changed) VALUES (?, ?, ?)", (name, plan, when))
                assert cursor.lastrowid is not None
                event = cursor.lastrowid
            else:
                event = int(row[0])
                db.execute("UPDATE events SET plan = ?, revision = revision + 1, changed = ? WHERE id = ?",
                           (plan, when, event))
            have = {(int(t), int(x), int(b)) for t, x, b in
                    db.execute("SELECT tour, tab, board FROM event_games WHERE event = ?", (event,))}
            for tour, table, board, text, indexed in games(have):
                game = insert_game(db, text, indexed, when)
                db.execute("INSERT INTO event_games (event, tour, tab, board, game) VALUES (?, ?, ?, ?, ?)",
                           (event, tour, table, board, game))
                news.append(Changed(game, 1))
            revision = int(db.execute("SELECT revision FROM events WHERE id = ?", (event,)).fetchone()[0])
        self.store.publish([*news, Redrawn(event, revision)])
        return event

    def events(self) -> list[EventRow]:
        """Every event kept, the newest first."""
        return [EventRow(int(i), str(n), int(r)) for i, n, r in
                self.store.reader.execute("SELECT id, name, revision FROM events ORDER BY id DESC")]

    def event(self, event: int) -> EventFile:
        """An event's file and revision; :class:`NotFound` if there is none."""
        row = self.store.reader.execute("SELECT plan, revision FROM events WHERE id = ?",
                                        (event if 0 < event <= MAX_ID else 0,)).fetchone()
        if row is None:
            raise NotFound(_("there is no event {n}").format(n=event))
        return EventFile(str(row[0]), int(row[1]))

    def event_games(self, event: int) -> list[TableGame]:
        """The games of an event's tables, by tour, table and board."""
        return [TableGame(int(t), int(x), int(b), int(g), int(r), int(d or 0))
                for t, x, b, g, r, d in self.store.reader.execute(
                    "SELECT e.tour, e.tab, e.board, e.game, g.revision, i.deals FROM event_games e "
                    "JOIN games g ON g.id = e.game LEFT JOIN game_index i ON i.game = e.game "
                    "WHERE e.event = ? ORDER BY e.tour, e.tab, e.board", (event if 0 < event <= MAX_ID else 0,))]

    def on_board(self, game: int) -> bool:
        """Whether ``game`` is the game of a board of a duplicate event (a point read of an index; no
        such game is none)."""
        if not 0 < game <= MAX_ID:
            return False
        row = self.store.reader.execute("SELECT board FROM event_games WHERE game = ?", (game,)).fetchone()
        return row is not None and bool(row[0])

    def tables_at(self, games: list[int]) -> dict[int, TableAt]:
        """Where each of ``games`` (a page of the list's: at most a few hundred) is played, for those that
        are a table's game of an event."""
        known_ids = [g for g in games if 0 < g <= MAX_ID][:1000]
        if not known_ids:
            return {}
        marks = ",".join("?" * len(known_ids))
        return {int(g): TableAt(int(e), str(n), int(t), int(x), int(b)) for g, e, n, t, x, b in self.store.reader.execute(
            "SELECT e.game, e.event, v.name, e.tour, e.tab, e.board FROM event_games e JOIN events v ON v.id = e.event "
            f"WHERE e.game IN ({marks})", known_ids)}

    def event_of(self, game: int) -> TableOf | None:
        """The event a game is a table's game of, if it is one."""
        row = self.store.reader.execute("SELECT e.event, v.plan, e.board FROM event_games e "
                                        "JOIN events v ON v.id = e.event WHERE e.game = ?", (known(game),)).fetchone()
        return None if row is None else TableOf(int(row[0]), str(row[1]), int(row[2]))


__all__ = ["EventFile", "EventRow", "Events", "NewTable", "TableAt", "TableGame", "TableOf"]
