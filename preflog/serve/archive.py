"""The club's archive: one SQLite file holding each game as its notation text, the source of truth, and
index tables derived from the text (and rebuilt from it by :meth:`Archive.reindex`).

The storage is kept narrow on purpose (docs/deploy.md): everything the server keeps goes through the
methods of :class:`Archive`, in plain SQL without an ORM, so that another database could stand behind
the same methods. Writes are serialised by one lock and committed with ``synchronous=FULL`` in WAL
mode: a write acknowledged has reached the disk, and a process killed at any moment leaves the file as
it was before the write or after it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from contextlib import contextmanager
from urllib.parse import quote
from typing import Any, TypeVar

import attrs

from ..i18n import _
from ..model.names import canonical, name_key, one_name_each
from ..notation.errors import NotationError
from ..record.recorder import Recorder
from .games import DERIVATION, Imported, Indexed, index_of, indexed, take_in

T = TypeVar("T")

#: The schema, one step per version: a file made by an older preflog is brought up to date when opened.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        text TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 1,
        added TEXT NOT NULL,
        changed TEXT NOT NULL
    );
    CREATE TABLE game_index (
        game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        date TEXT NOT NULL,
        rules TEXT NOT NULL,
        players TEXT NOT NULL,
        deals INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        violations INTEGER NOT NULL,
        settlement TEXT NOT NULL
    );
    CREATE INDEX game_index_date ON game_index(date);
    CREATE TABLE game_players (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX game_players_name ON game_players(name COLLATE NOCASE);
    CREATE TABLE sessions (digest TEXT PRIMARY KEY, created TEXT NOT NULL);
    """,
    # 2: the search by convention and the list of conventions read an index, not every game
    """
    CREATE INDEX game_index_rules ON game_index(rules);
    """,
    # 3: each game's statistics, kept for the revision they were made from (the stats page sums them)
    """
    CREATE TABLE game_stats (
        game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        summary TEXT NOT NULL
    );
    """,
    # 4: nothing lost: a game's text before each change that takes something out of it (an undo, an
    # edit), and the deal last taken back, which the scorer's page offers to record again; the archive a
    # club keeps clean: a game imported again is found by its fingerprint (games.fingerprint), players by
    # their name in one case with ё read as е (model.names), and the aliases a scorer sets
    """
    CREATE TABLE game_history (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        text TEXT NOT NULL,
        changed TEXT NOT NULL,
        PRIMARY KEY (game, revision)
    );
    CREATE TABLE taken_back (
        game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        text TEXT NOT NULL
    );
    ALTER TABLE game_index ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
    CREATE INDEX game_index_fingerprint ON game_index(fingerprint);
    ALTER TABLE game_players ADD COLUMN key TEXT NOT NULL DEFAULT '';
    CREATE INDEX game_players_key ON game_players(key);
    CREATE TABLE player_aliases (key TEXT PRIMARY KEY, alias TEXT NOT NULL, name TEXT NOT NULL);
    """,
    # 5: a login belongs to the token it was opened with (a new token ends it); the logins of before, of
    # no token, end
    """
    DELETE FROM sessions;
    ALTER TABLE sessions ADD COLUMN token TEXT NOT NULL DEFAULT '';
    """,
    # 6: what is derived from a game's text carries the version of the derivation that made it
    # (games.DERIVATION): of another version, it is derived anew, never served
    """
    ALTER TABLE game_index ADD COLUMN derivation INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE game_stats ADD COLUMN derivation INTEGER NOT NULL DEFAULT 0;
    """,
    # 7: events (preflog event): the event file as the director made it, and the game of each table (and
    # board) of each tour drawn, opened for its scorer
    """
    CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 1,
        changed TEXT NOT NULL
    );
    CREATE TABLE event_games (
        event INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        tour INTEGER NOT NULL,
        tab INTEGER NOT NULL,
        board INTEGER NOT NULL DEFAULT 0,
        game INTEGER NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
        PRIMARY KEY (event, tour, tab, board)
    );
    """,
    # 8: nothing doubled: the id a page made for each deal it sent (its idempotency key), kept with the
    # hash of what was sent, the revision the deal made and the first answer, so that the same deal sent
    # again (a retry after a dropped connection) is answered, not recorded twice; and the id of each new
    # game's form, so that a double tap starts one game
    """
    CREATE TABLE deal_keys (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        request TEXT NOT NULL,
        revision INTEGER NOT NULL,
        answer TEXT NOT NULL,
        added TEXT NOT NULL,
        PRIMARY KEY (game, key)
    );
    CREATE TABLE game_keys (
        key TEXT PRIMARY KEY,
        request TEXT NOT NULL,
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class ArchiveError(Exception):
    """The archive file cannot be used: ``message`` says why (``detail``: what SQLite said, for the log)."""

    detail: str = ""


class DiskFull(ArchiveError):
    """The disk is full: the write was refused whole, nothing changed."""


class ReadOnly(ArchiveError):
    """The archive cannot be written (a read-only file or disk): it is read, never written."""


class NotFound(ArchiveError):
    """No game has that id."""


class Conflict(ArchiveError):
    """The game changed since the revision the writer saw (``revision``: the game's now)."""

    revision: int = 0


class Repeated(ArchiveError):
    """The change was made already, sent under the same key (:class:`Once`): ``revision``, the game's
    revision it made, and ``answer``, what was answered then."""

    def __init__(self, revision: int, answer: dict[str, Any]) -> None:
        super().__init__(revision)
        self.revision, self.answer = revision, answer


class KeyReused(ArchiveError):
    """The key was sent before with another change: nothing is written."""


#: The longest key a sender may make for a change (a UUID is 36 characters).
MAX_KEY = 128


@attrs.frozen(slots=True)
class Once:
    """A change made once however often it is sent: the ``key`` its sender made for it (a phone's id for
    a deal, kept with the deal), and ``request``, the hash of what was sent with it."""

    key: str
    request: str


@attrs.frozen(slots=True)
class GameRow(Indexed):
    """A game as the list shows it: its index, its id and its revision; ``current`` False while its
    index is of another derivation (its figures are then being worked out anew, and not shown)."""

    id: int
    revision: int
    current: bool = True


#: The largest id SQLite keeps (a signed 64-bit integer): a larger one names no game.
MAX_ID = 2 ** 63 - 1


def _missing(game: int) -> NotFound:
    return NotFound(_("there is no game {game}").format(game=game))


def _known(game: int) -> int:
    """``game`` as an id the file could hold; :class:`NotFound` if it could not."""
    if not 0 < game <= MAX_ID:
        raise _missing(game)
    return game


def _private(path: str) -> None:
    """Make the file ``path``, if there is none, readable by its owner only (SQLite gives its WAL the
    same mode): the archive holds the token's and the logins' digests."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:  # there is one, or there cannot be: connecting says why
        pass


def _unwritable(path: str) -> str | None:
    """Why the archive at ``path`` cannot be written (its file, or its folder where the file is to be
    made, or where SQLite keeps its log beside it), or None."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return _("the file cannot be written")
    if os.path.isdir(folder) and not os.access(folder, os.W_OK):
        return _("its folder cannot be written")
    return None


def _fault(error: sqlite3.OperationalError) -> ArchiveError | None:
    """The fault a write met, as the archive says it (None: not one of the disk's)."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return DiskFull(_("the server's disk is full: nothing was written; tell whoever keeps the server"))
    if code == sqlite3.SQLITE_READONLY:
        return ReadOnly(_("the file cannot be written"))
    if code == sqlite3.SQLITE_IOERR:
        return DiskFull(_("the server's disk failed to write: nothing was written; tell whoever keeps the server"))
    return None


def _conflict(revision: int, expect: int) -> Conflict:
    found = Conflict(_("the game changed meanwhile (revision {revision}, not {expect}): look at it again before "
                       "you write").format(revision=revision, expect=expect))
    found.revision = revision
    return found


def _now(offset: float = 0) -> str:
    """The time (``offset`` seconds from now) as the archive writes it: UTC, sortable as text."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + offset))


class Archive:
    """The archive in the SQLite file ``path`` (made, or brought to the current schema, when opened)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self._write = threading.Lock()
        self._locks_lock = threading.Lock()
        self._locks: dict[int, list[Any]] = {}
        self._local = threading.local()
        #: called after each write (the server's :class:`~preflog.serve.deriver.Deriver` looks again)
        self.written: Callable[[], None] | None = None
        #: why the archive cannot be written, when it cannot (then it is opened to be read only)
        self.read_only: str | None = _unwritable(self.path)
        if self.read_only is None:
            _private(self.path)
        self._writer = self._connect()
        try:
            self._migrate()
        except sqlite3.DatabaseError as e:
            self._writer.close()
            raise ArchiveError(_("{path} is not a preflog archive (SQLite says: {reason})").format(
                path=self.path, reason=e)) from None
        except ArchiveError:
            self._writer.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        try:
            if self.read_only is None:
                db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
                db.execute("PRAGMA journal_mode=WAL")
            else:  # the log of writes not yet in the file is read where there is one; else the file alone
                immutable = "" if os.path.exists(self.path + "-wal") else "&immutable=1"
                db = sqlite3.connect(f"file:{quote(os.path.abspath(self.path))}?mode=ro{immutable}", uri=True,
                                     timeout=30, isolation_level=None, check_same_thread=False)
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as e:  # a folder that cannot be written, a file that cannot be read
            raise ArchiveError(_("cannot open {path}: {reason}").format(path=self.path, reason=e)) from None
        except sqlite3.DatabaseError as e:
            raise ArchiveError(_("{path} is not a preflog archive (SQLite says: {reason})").format(
                path=self.path, reason=e)) from None
        if self.read_only is None:
            db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _migrate(self) -> None:
        db = self._writer
        if self.read_only is not None:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION:
                raise ArchiveError(_("{path} cannot be written ({reason}), and it is of schema {version}, not "
                                     "{known}: it cannot be brought up to date").format(
                    path=self.path, reason=self.read_only, version=version, known=SCHEMA_VERSION))
            return
        with self._write:
            db.execute("BEGIN IMMEDIATE")
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise ArchiveError(_("{path} was written by a newer preflog (schema {version}; this one knows "
                                         "{known}): upgrade preflog").format(path=self.path, version=version,
                                                                             known=SCHEMA_VERSION))
                if version == 0 and db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                    raise ArchiveError(_("{path} is another program's database, not a preflog archive: give "
                                         "preflog a file of its own").format(path=self.path))
                for step in range(version, SCHEMA_VERSION):
                    for statement in MIGRATIONS[step].split(";"):
                        if statement.strip():
                            db.execute(statement)
                if version < 4:  # the players' keys of the games kept before: worked out here, not by SQL's lower()
                    db.executemany("UPDATE game_players SET key = ? WHERE game = ? AND seat = ?",
                                   [(name_key(str(name)), game, seat) for game, seat, name in
                                    db.execute("SELECT game, seat, name FROM game_players").fetchall()])
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        """Close the file (the readers of other threads close when their threads end)."""
        self._writer.close()

    @property
    def _reader(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        """The rows of a long read, a batch at a time, on a connection of its own: a read left unfinished
        (an export a client leaves midway) holds a view of the file as it was, and on the thread's own
        connection every later read of that thread would see the archive as it was too."""
        db = self._connect()
        try:
            cursor = db.execute(sql, args)
            while batch := cursor.fetchmany(256):
                yield from batch
        finally:
            db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing, on the disk when it returns; :class:`ReadOnly` for an archive that
        cannot be written, :class:`DiskFull` when the disk is (nothing is then changed)."""
        with self._write:
            if self.read_only is not None:
                raise ReadOnly(self.read_only)
            db = self._writer
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    db.execute("COMMIT")
                    if self.written is not None:
                        self.written()
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as e:
                fault = _fault(e)
                if fault is None:
                    raise
                fault.detail = f"{self.path}: {e}"
                raise fault from None

    # -- settings ----------------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self._reader.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       (key, value))

    def add_session(self, digest: str, token: str, max_age: int) -> None:
        """Keep the login whose session's digest is ``digest``, opened with the token of digest ``token``;
        the logins older than ``max_age`` seconds are forgotten."""
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE created < ?", (_now(-max_age),))
            db.execute("INSERT OR REPLACE INTO sessions (digest, created, token) VALUES (?, ?, ?)",
                       (digest, _now(), token))

    def has_session(self, digest: str, token: str, max_age: int) -> bool:
        """Whether ``digest`` is a login opened with the token of digest ``token`` at most ``max_age``
        seconds ago."""
        return self._reader.execute("SELECT 1 FROM sessions WHERE digest = ? AND token = ? AND created >= ?",
                                    (digest, token, _now(-max_age))).fetchone() is not None

    def drop_session(self, digest: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE digest = ?", (digest,))

    def drop_sessions(self) -> int:
        """End every login; how many there were."""
        with self._transaction() as db:
            return int(db.execute("DELETE FROM sessions").rowcount)

    # -- games -------------------------------------------------------------------------------------

    def new_game(self, text: str, once: Once | None = None) -> int:
        """Keep a new game of tags alone (a pulka about to start); its id. With ``once`` (the id of the form
        that sent it), a game is started once: sent again, :class:`Repeated` with the game's id
        (``answer["id"]``), or :class:`KeyReused` if the id came with another game."""
        games, errors = take_in(text, "<new game>")
        if errors:
            raise errors[0]
        now = _now()
        with self._transaction() as db:
            if once is not None:
                row = db.execute("SELECT request, game FROM game_keys WHERE key = ?", (once.key,)).fetchone()
                if row is not None and str(row[0]) != once.request:
                    raise KeyReused(_("this form was sent before with another game: nothing was written"))
                if row is not None:
                    raise Repeated(1, {"id": int(row[1])})
            ident = _insert_game(db, games[0].text, games[0].indexed, now)
            if once is not None:
                db.execute("INSERT INTO game_keys (key, request, game) VALUES (?, ?, ?)", (once.key, once.request, ident))
        return ident

    def import_text(self, text: str, path: str, *, force: bool = False) -> Imports:
        """Keep the games of a file (:func:`~preflog.serve.games.take_in`), all in one transaction: their
        ids and the games taken in; or, when the file has notation errors, nothing kept and the errors.
        A game already kept (the same text, or the same players, date and sheet: its fingerprint) is
        skipped and named with the id it has, unless ``force`` (a game without deals never is)."""
        games, errors = take_in(text, path)
        if errors:
            return Imports([], [], errors)
        kept: list[int] = []                           # the file's games to keep, by their place in it
        earlier: list[tuple[int, int | None, int | None]] = []  # skipped: place, id kept, or place of its twin
        seen: dict[str, int] = {}
        for place, g in enumerate(games):
            alone = force or not g.indexed.deals  # a game of tags alone is a pulka about to start: never a double
            twin = None if alone else seen.get(g.indexed.fingerprint)
            same = None if alone or twin is not None else self._kept(g.indexed)
            if twin is not None or same is not None:
                earlier.append((place, same, twin))
            else:
                kept.append(place)
                seen.setdefault(g.indexed.fingerprint, place)
        # looked for again in the transaction that keeps them: the same file sent twice at once is kept once
        added = self._add([(games[p].text, games[p].indexed, not force) for p in kept]) if kept else []
        new = {p: ident for p, (ident, _fresh) in zip(kept, added)}
        late = [(p, ident) for p, (ident, fresh) in zip(kept, added) if not fresh]
        fresh = [p for p, (_ident, was_new) in zip(kept, added) if was_new]
        skipped = [(games[p], same if same is not None else new[twin or 0]) for p, same, twin in earlier]
        skipped += [(games[p], ident) for p, ident in late]
        return Imports([new[p] for p in fresh], [games[p] for p in fresh], [], skipped)

    # -- events -----------------------------------------------------------------------------------------

    def put_event(self, name: str, plan: str, games: Callable[[set[tuple[int, int, int]]],
                                                               list[tuple[int, int, int, str, Indexed]]]) -> int:
        """Keep an event's file under its ``name`` (a new event, or the same one drawn further), and the
        games ``games`` makes for the tables that have none yet (given those that have: (tour, table,
        board), board 0 in a Swiss event), all in one transaction; the event's id."""
        now = _now()
        with self._transaction() as db:
            row = db.execute("SELECT id FROM events WHERE name = ?", (name,)).fetchone()
            if row is None:
                cursor = db.execute("INSERT INTO events (name, plan, changed) VALUES (?, ?, ?)", (name, plan, now))
                assert cursor.lastrowid is not None
                event = cursor.lastrowid
            else:
                event = int(row[0])
                db.execute("UPDATE events SET plan = ?, revision = revision + 1, changed = ? WHERE id = ?",
                           (plan, now, event))
            have = {(int(t), int(x), int(b)) for t, x, b in
                    db.execute("SELECT tour, tab, board FROM event_games WHERE event = ?", (event,))}
            for tour, table, board, text, indexed in games(have):
                db.execute("INSERT INTO event_games (event, tour, tab, board, game) VALUES (?, ?, ?, ?, ?)",
                           (event, tour, table, board, _insert_game(db, text, indexed, now)))
        return event

    def events(self) -> list[tuple[int, str, int]]:
        """Every event kept: id, name, revision; the newest first."""
        return [(int(i), str(n), int(r)) for i, n, r in
                self._reader.execute("SELECT id, name, revision FROM events ORDER BY id DESC")]

    def event(self, event: int) -> tuple[str, int]:
        """An event's file and revision; :class:`NotFound` if there is none."""
        row = self._reader.execute("SELECT plan, revision FROM events WHERE id = ?",
                                   (event if 0 < event <= MAX_ID else 0,)).fetchone()
        if row is None:
            raise NotFound(_("there is no event {n}").format(n=event))
        return str(row[0]), int(row[1])

    def event_games(self, event: int) -> list[tuple[int, int, int, int, int, int]]:
        """The games of an event's tables: tour, table, board (0 in a Swiss event), game, its revision and
        its deals."""
        return [(int(t), int(x), int(b), int(g), int(r), int(d or 0)) for t, x, b, g, r, d in self._reader.execute(
            "SELECT e.tour, e.tab, e.board, e.game, g.revision, i.deals FROM event_games e "
            "JOIN games g ON g.id = e.game LEFT JOIN game_index i ON i.game = e.game "
            "WHERE e.event = ? ORDER BY e.tour, e.tab, e.board", (event if 0 < event <= MAX_ID else 0,))]

    def event_of(self, game: int) -> tuple[int, str, int] | None:
        """The event a game is a table's game of, if it is one: its id, its file, and the game's board
        (0 in a Swiss event)."""
        row = self._reader.execute("SELECT e.event, v.plan, e.board FROM event_games e JOIN events v ON v.id = e.event "
                                   "WHERE e.game = ?", (_known(game),)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]), int(row[2]))

    def _kept(self, indexed: Indexed) -> int | None:
        """The id of a game kept with ``indexed``'s fingerprint (one kept before fingerprints were is given
        its own when it might be the same: same date and deals)."""
        row = self._reader.execute("SELECT game FROM game_index WHERE fingerprint = ? ORDER BY game LIMIT 1",
                                   (indexed.fingerprint,)).fetchone()
        if row is not None:
            return int(row[0])
        older = self._reader.execute("SELECT i.game, g.text FROM game_index i JOIN games g ON g.id = i.game "
                                     "WHERE i.fingerprint = '' AND i.date = ? AND i.deals = ?",
                                     (indexed.date, indexed.deals)).fetchall()
        for game, text in older:
            found = index_of(str(text)).fingerprint
            with self._transaction() as db:
                db.execute("UPDATE game_index SET fingerprint = ? WHERE game = ?", (found, game))
            if found == indexed.fingerprint:
                return int(game)
        return None

    def add(self, texts: Sequence[tuple[str, Indexed]]) -> list[int]:
        """Keep each game text with its index, in one transaction; their ids."""
        return [ident for ident, _fresh in self._add([(text, indexed, False) for text, indexed in texts])]

    def _add(self, texts: Sequence[tuple[str, Indexed, bool]]) -> list[tuple[int, bool]]:
        """Keep each game text with its index, in one transaction: each one's id and whether it is new. One
        marked (its third item) and with deals is not kept where a game of its fingerprint is (then its id)."""
        out: list[tuple[int, bool]] = []
        now = _now()
        with self._transaction() as db:
            for text, indexed, unless_kept in texts:
                if unless_kept and indexed.deals:
                    row = db.execute("SELECT game FROM game_index WHERE fingerprint = ? ORDER BY game LIMIT 1",
                                     (indexed.fingerprint,)).fetchone()
                    if row is not None:
                        out.append((int(row[0]), False))
                        continue
                out.append((_insert_game(db, text, indexed, now), True))
        return out

    def text(self, game: int) -> tuple[str, int]:
        """A game's text and revision; :class:`NotFound` if there is none."""
        row = self._reader.execute("SELECT text, revision FROM games WHERE id = ?", (_known(game),)).fetchone()
        if row is None:
            raise _missing(game)
        return str(row[0]), int(row[1])

    def revision(self, game: int) -> int:
        row = self._reader.execute("SELECT revision FROM games WHERE id = ?", (_known(game),)).fetchone()
        if row is None:
            raise _missing(game)
        return int(row[0])

    def row(self, game: int) -> GameRow:
        rows = self.games(ids=[_known(game)])
        if not rows:
            raise _missing(game)
        return rows[0]

    def games(self, *, player: str | None = None, date: str | None = None, rules: str | None = None,
              ids: Iterable[int] | None = None, limit: int | None = None, offset: int = 0) -> list[GameRow]:
        """The games, newest first, of ``player`` (any case), on ``date`` (or its start: ``2026-11``)
        and played under ``rules``."""
        where, args = self._where(player, date, rules, ids, self.aliases() if player else None)
        sql = ("SELECT i.game, i.title, i.date, i.rules, i.players, i.deals, i.finished, i.violations, i.settlement, "
               "g.revision, i.derivation = ? FROM game_index i JOIN games g ON g.id = i.game" + where
               + " ORDER BY i.game DESC")
        args = [DERIVATION, *args]
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [limit, offset]
        return [GameRow(title=r[1], date=r[2], rules=r[3], players=tuple(json.loads(r[4])), deals=r[5],
                        finished=bool(r[6]), violations=r[7], settlement=json.loads(r[8]) if r[10] else {}, id=r[0],
                        revision=r[9], current=bool(r[10]))
                for r in self._reader.execute(sql, args)]

    @staticmethod
    def _where(player: str | None, date: str | None, rules: str | None,
               ids: Iterable[int] | None, aliases: dict[str, str] | None = None) -> tuple[str, list[Any]]:
        """The ``WHERE`` clause of a search of the index, and its arguments."""
        where: list[str] = []
        args: list[Any] = []
        if player:
            keys = sorted(_keys_of(player, aliases or {}))
            where.append(f"i.game IN (SELECT game FROM game_players WHERE key IN ({', '.join('?' * len(keys))}))")
            args.extend(keys)
        if date:
            where.append("i.date LIKE ? ESCAPE '\\'")
            args.append(date.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        if rules:
            where.append("i.rules = ?")
            args.append(rules)
        if ids is not None:
            chosen = list(ids)
            where.append(f"i.game IN ({', '.join('?' * len(chosen))})")
            args.extend(chosen)
        return (" WHERE " + " AND ".join(where) if where else ""), args

    def listing(self, *, player: str | None = None, date: str | None = None, rules: str | None = None) -> str:
        """The games of :meth:`games` as the API lists them: a JSON array, made by SQLite itself."""
        where, args = self._where(player, date, rules, None, self.aliases() if player else None)
        # a game of another derivation is being derived anew: its figures are not given meanwhile
        sql = ("SELECT json_object('id', i.game, 'players', json(i.players), 'date', i.date, 'rules', i.rules, "
               "'deals', i.deals, 'title', i.title, 'finished', json(CASE WHEN i.finished THEN 'true' ELSE 'false' END), "
               "'violations', CASE WHEN i.derivation = ?1 THEN i.violations END, "
               "'settlement', CASE WHEN i.derivation = ?1 THEN json(i.settlement) END, 'revision', g.revision, "
               "'pending', json(CASE WHEN i.derivation = ?1 THEN 'false' ELSE 'true' END)) "
               "FROM game_index i JOIN games g ON g.id = i.game" + where + " ORDER BY i.game DESC")
        return "[" + ",".join(row[0] for row in self._reader.execute(sql, [DERIVATION, *args])) + "]"

    def count(self) -> int:
        return int(self._reader.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def all_rules(self) -> list[str]:
        return [r[0] for r in self._reader.execute("SELECT DISTINCT rules FROM game_index ORDER BY rules")]

    def texts(self) -> Iterator[tuple[int, str, int]]:
        """Every game's id, text and number of deals, oldest first."""
        for i, t, d in self._rows("SELECT g.id, g.text, COALESCE(i.deals, 0) FROM games g "
                                  "LEFT JOIN game_index i ON i.game = g.id ORDER BY g.id"):
            yield int(i), str(t), int(d)

    def ids(self) -> list[int]:
        """Every game's id, oldest first."""
        return [int(r[0]) for r in self._reader.execute("SELECT id FROM games ORDER BY id")]

    def game_texts(self, first: int = 0, stop: int | None = None) -> Iterator[tuple[int, str]]:
        """The id and text of each game from id ``first`` up to ``stop`` (not included; None: the last)."""
        for i, t in self._rows("SELECT id, text FROM games WHERE id >= ? AND (? IS NULL OR id < ?) ORDER BY id",
                               (first, stop, stop)):
            yield int(i), str(t)

    def summaries(self) -> Iterator[tuple[int, int, str | None, str | None]]:
        """Each game's id and revision, with its kept statistics (JSON) when they are of that revision,
        else its text to make them from, oldest first."""
        for i, r, s, t in self._rows("SELECT g.id, g.revision, CASE WHEN s.revision = g.revision AND s.derivation = ? "
                                     "THEN s.summary END, CASE WHEN s.revision = g.revision AND s.derivation = ? "
                                     "THEN NULL ELSE g.text END FROM games g LEFT JOIN game_stats s ON s.game = g.id "
                                     "ORDER BY g.id", (DERIVATION, DERIVATION)):
            yield int(i), int(r), s, t

    def rated(self) -> Iterator[tuple[int, str, str, str, list[str], dict[str, Any]]]:
        """What the ratings read of each clean game with deals, indexed by this derivation: its id, Event
        tag, Date tag, convention, players and settlement as shown (a long read, a batch at a time)."""
        for ident, title, day, rules, players, settlement in self._rows(
                "SELECT game, title, date, rules, players, settlement FROM game_index "
                "WHERE deals > 0 AND violations = 0 AND derivation = ? ORDER BY game", (DERIVATION,)):
            yield int(ident), str(title), str(day), str(rules), json.loads(players), json.loads(settlement)

    def stale(self, limit: int = 64) -> list[int]:
        """Games whose derived data (index, statistics) is of another derivation or revision, oldest first."""
        return [int(r[0]) for r in self._reader.execute(
            "SELECT g.id FROM games g LEFT JOIN game_index i ON i.game = g.id LEFT JOIN game_stats s ON s.game = g.id "
            "WHERE i.derivation IS NOT ? OR s.derivation IS NOT ? OR s.revision IS NOT g.revision ORDER BY g.id LIMIT ?",
            (DERIVATION, DERIVATION, limit))]

    def pending(self) -> int:
        """How many games have an index of another derivation (figures not shown until derived anew)."""
        return int(self._reader.execute("SELECT COUNT(*) FROM game_index WHERE derivation IS NOT ?",
                                        (DERIVATION,)).fetchone()[0])

    def derive(self, game: int) -> bool:
        """Derive game ``game``'s index and statistics anew from its text and keep them, unless the game
        changed meanwhile; whether they were kept."""
        text, revision = self.text(game)
        index = index_of(text)
        with self._transaction() as db:
            row = db.execute("SELECT revision FROM games WHERE id = ?", (game,)).fetchone()
            if row is None or int(row[0]) != revision:
                return False
            _write_index(db, game, index, revision)
        return True

    def export(self, leave_out: Container[int] = ()) -> Iterator[str]:
        """The archive as one file of games, in pieces: each game with a deal, oldest first, a blank
        line between two, but those of ``leave_out``. A game of tags alone is left out (a tag block after a
        tag block is read as the same game's, NOTATION.md): :meth:`unexportable` counts them."""
        previous = ""
        for ident, text, deals in self.texts():
            if not deals or ident in leave_out:
                continue
            if previous and not previous.endswith("\n\n"):
                yield "\n" if previous.endswith("\n") else "\n\n"
            yield text
            previous = text

    def unexportable(self) -> int:
        """How many games have no deal yet (and are left out of :meth:`export`)."""
        return int(self._reader.execute("SELECT COUNT(*) FROM games g LEFT JOIN game_index i ON i.game = g.id "
                                        "WHERE COALESCE(i.deals, 0) = 0").fetchone()[0])

    def change(self, game: int, edit: Callable[[Recorder], T], *, expect: int | None = None,
               once: Once | None = None) -> tuple[int, T]:
        """Change a game through a recorder (which checks the change with the engine first): ``edit``
        is called with the game's recorder, and what it leaves is kept with its new index, in one
        transaction; the game's new revision and what ``edit`` returned. :class:`Conflict` if the game's
        revision is not ``expect``; whatever ``edit`` raises (:class:`~preflog.record.recorder.Refused`)
        leaves the game as it was.

        With ``once``, the change is kept with its key and what ``edit`` returned (JSON): sent again under
        that key, it is not made again but :class:`Repeated` with the first answer, whatever the game's
        revision now (the key is looked at before ``expect``); :class:`KeyReused` if the key came with
        another change.

        The replays (the recorder's, the index's) run under the game's own lock, outside any
        transaction: a write to one game never waits for another game's work, only for the short
        transaction that keeps it (where the revision is checked again, for another process's write)."""
        with self._game_lock(game):
            if once is not None:
                self._made_once(game, once)
            text, revision = self.text(game)
            if expect is not None and expect != revision:
                raise _conflict(revision, expect)
            recorder = Recorder(text, path=f"game {game}")
            done = edit(recorder)
            index = indexed(recorder.game, recorder.sheet(), 0)  # a recorder keeps clean games only
            now = _now()
            with self._transaction() as db:
                row = db.execute("SELECT revision FROM games WHERE id = ?", (game,)).fetchone()
                if row is None:
                    raise _missing(game)
                if int(row[0]) != revision:
                    raise _conflict(int(row[0]), revision)
                if not recorder.text.startswith(text):  # something taken out or changed: the text before is kept
                    db.execute("INSERT OR REPLACE INTO game_history (game, revision, text, changed) "
                               "VALUES (?, ?, ?, ?)", (game, revision, text, now))
                db.execute("UPDATE games SET text = ?, revision = ?, changed = ? WHERE id = ?",
                           (recorder.text, revision + 1, now, game))
                if recorder.taken_back is None:
                    db.execute("DELETE FROM taken_back WHERE game = ?", (game,))
                else:
                    db.execute("INSERT OR REPLACE INTO taken_back (game, revision, text) VALUES (?, ?, ?)",
                               (game, revision + 1, recorder.taken_back))
                _write_index(db, game, index)
                if once is not None:  # the key of the same transaction: kept exactly when the deal is
                    db.execute("INSERT INTO deal_keys (game, key, request, revision, answer, added) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (game, once.key, once.request, revision + 1,
                                                             json.dumps(done, ensure_ascii=False), now))
        return revision + 1, done

    def _made_once(self, game: int, once: Once) -> None:
        """:class:`Repeated` if the change keyed ``once`` was made, :class:`KeyReused` if its key was
        sent with another change; nothing if it is new."""
        row = self._reader.execute("SELECT request, revision, answer FROM deal_keys WHERE game = ? AND key = ?",
                                   (_known(game), once.key)).fetchone()
        if row is None:
            return
        if str(row[0]) != once.request:
            raise KeyReused(_("this deal's id was sent before with another deal: nothing was written"))
        raise Repeated(int(row[1]), json.loads(str(row[2])))

    @contextmanager
    def _game_lock(self, game: int) -> Iterator[None]:
        """Game ``game``'s own lock, made while someone holds or waits for it, forgotten after."""
        with self._locks_lock:
            held = self._locks.setdefault(game, [threading.Lock(), 0])
            held[1] += 1
        try:
            with held[0]:
                yield
        finally:
            with self._locks_lock:
                held[1] -= 1
                if not held[1]:
                    del self._locks[game]

    # -- players ------------------------------------------------------------------------------------

    def aliases(self) -> dict[str, str]:
        """The aliases a scorer set: the alias's key (:func:`~preflog.model.names.name_key`) → the name."""
        return {str(k): str(n) for k, n in self._reader.execute("SELECT key, name FROM player_aliases")}

    def alias_list(self) -> list[tuple[str, str]]:
        """The aliases as set: (alias, name), by alias."""
        return [(str(a), str(n)) for a, n in self._reader.execute("SELECT alias, name FROM player_aliases ORDER BY key")]

    def set_alias(self, alias: str, name: str) -> None:
        """Take ``alias`` for the player ``name`` everywhere (the list's search, the statistics); a name
        that is itself an alias stands for what it names. :class:`ArchiveError` if it would name itself."""
        target = self.aliases().get(name_key(name), name.strip())
        if name_key(alias) == name_key(target) or not alias.strip() or not target:
            raise ArchiveError(_("an alias names another player: {alias} = {name}").format(alias=alias, name=name))
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO player_aliases (key, alias, name) VALUES (?, ?, ?)",
                       (name_key(alias), alias.strip(), target))
            db.execute("UPDATE player_aliases SET name = ? WHERE key IN (SELECT key FROM player_aliases WHERE name = ?)",
                       (target, alias.strip()))  # one step: what named the alias now names its player

    def drop_alias(self, alias: str) -> bool:
        """Forget ``alias``; whether there was one."""
        with self._transaction() as db:
            return db.execute("DELETE FROM player_aliases WHERE key = ?", (name_key(alias),)).rowcount > 0

    def players(self) -> list[tuple[str, int]]:
        """Each player of the kept games (their spellings and aliases taken as one, under the name
        :func:`~preflog.model.names.one_name_each` gives) with their games, the most games first."""
        rows = [(int(game), str(name)) for game, name in self._reader.execute("SELECT game, name FROM game_players")]
        shown = one_name_each(Counter(name for _game, name in rows), self.aliases())
        games: dict[str, set[int]] = {}
        for game, name in rows:
            games.setdefault(shown[name], set()).add(game)
        return sorted(((name, len(g)) for name, g in games.items()), key=lambda p: (-p[1], p[0]))

    def taken_back(self, game: int) -> str | None:
        """The deal last taken back from ``game``, while nothing has changed since (the next change
        forgets it; its text stays in the game's history)."""
        row = self._reader.execute("SELECT t.text FROM taken_back t JOIN games g ON g.id = t.game "
                                   "WHERE t.game = ? AND t.revision = g.revision", (_known(game),)).fetchone()
        return None if row is None else str(row[0])

    def history(self, game: int) -> list[tuple[int, str, str]]:
        """The texts ``game`` had before each change that took something out of it: (revision, when
        changed, text), the oldest first."""
        return [(int(r[0]), str(r[1]), str(r[2])) for r in self._reader.execute(
            "SELECT revision, changed, text FROM game_history WHERE game = ? ORDER BY revision", (_known(game),))]

    def reindex(self) -> int:
        """Derive every game's index anew from its text (:meth:`derive`, a game at a time); how many games."""
        return sum(self.derive(game) for game in self.ids())

    def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the archive in the file ``target``, taken while it serves."""
        _private(os.fspath(target))
        out = sqlite3.connect(os.fspath(target))
        try:
            self._reader.backup(out)
        finally:
            out.close()


def _insert_game(db: sqlite3.Connection, text: str, indexed: Indexed, now: str) -> int:
    """A new game of ``text`` kept with its index (at revision 1); its id."""
    cursor = db.execute("INSERT INTO games (text, added, changed) VALUES (?, ?, ?)", (text, now, now))
    assert cursor.lastrowid is not None
    _write_index(db, cursor.lastrowid, indexed, 1)
    return cursor.lastrowid


def _write_index(db: sqlite3.Connection, game: int, indexed: Indexed, revision: int | None = None) -> None:
    """The game's index, and its statistics (for ``revision``) where they were made with it."""
    db.execute("INSERT OR REPLACE INTO game_index (game, title, date, rules, players, deals, finished, violations, "
               "settlement, fingerprint, derivation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (game, indexed.title, indexed.date, indexed.rules, json.dumps(list(indexed.players), ensure_ascii=False),
                indexed.deals, int(indexed.finished), indexed.violations,
                json.dumps(indexed.settlement, ensure_ascii=False), indexed.fingerprint, DERIVATION))
    db.execute("DELETE FROM game_players WHERE game = ?", (game,))
    db.executemany("INSERT INTO game_players (game, seat, name, key) VALUES (?, ?, ?, ?)",
                   [(game, seat, name, name_key(name)) for seat, name in enumerate(indexed.players)])
    if indexed.stats is not None and revision is not None:
        db.execute("INSERT OR REPLACE INTO game_stats (game, revision, summary, derivation) VALUES (?, ?, ?, ?)",
                   (game, revision, indexed.stats, DERIVATION))


def _keys_of(player: str, aliases: dict[str, str]) -> set[str]:
    """The keys of every spelling that names ``player``: its own, its name's if it is an alias, and
    every alias of that name."""
    key = canonical(player, aliases)
    return {key} | {alias for alias, name in aliases.items() if name_key(name) == key}


@attrs.frozen(slots=True)
class Imports:
    """What an import did: the ids of the games kept, the games, the file's notation errors (then
    nothing is kept), and the games skipped as already kept, each with the id it has."""

    ids: list[int]
    games: list[Imported]
    errors: list[NotationError]
    skipped: list[tuple[Imported, int]] = attrs.field(factory=list)


__all__ = ["Archive", "ArchiveError", "Conflict", "GameRow", "KeyReused", "MAX_KEY", "MIGRATIONS", "NotFound", "Once",
           "Repeated", "SCHEMA_VERSION"]
