"""The archive's file: its connections (one writer, a reader per thread, one of its own for each long
read), its transactions, on the disk when they return, and the news of each change committed, published
to whoever subscribed (the live streams, the deriver).

Writes are serialised by one lock and committed with ``synchronous=FULL`` in WAL mode: a write
acknowledged has reached the disk, and a process killed at any moment leaves the file as it was before
the write or after it."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple
from urllib.parse import quote

from ...i18n import _
from ..logbook import FAULTS
from .errors import ArchiveError, ReadOnly, fault
from .schema import migrate


class Changed(NamedTuple):
    """News: game ``game`` is now at ``revision`` (1: it was just opened)."""

    game: int
    revision: int


class Redrawn(NamedTuple):
    """News: event ``event``'s file is now at ``revision`` (kept, or a tour drawn)."""

    event: int
    revision: int


News = Changed | Redrawn
Listener = Callable[[News], None]


def now(offset: float = 0) -> str:
    """The time (``offset`` seconds from now) as the archive writes it: UTC, sortable as text."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + offset))


def private(path: str) -> None:
    """Make the file ``path``, if there is none, readable by its owner only (SQLite gives its WAL the
    same mode): the archive holds the token's and the logins' digests."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:  # there is one, or there cannot be: connecting says why
        pass


def unwritable(path: str) -> str | None:
    """Why the archive at ``path`` cannot be written (its file, or its folder where the file is to be
    made, or where SQLite keeps its log beside it), or None."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return _("the file cannot be written")
    if os.path.isdir(folder) and not os.access(folder, os.W_OK):
        return _("its folder cannot be written")
    return None


class Storage:
    """The SQLite file ``path`` (made, or brought to the current schema, when opened)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self._write = threading.Lock()
        self._local = threading.local()
        self._listeners: tuple[Listener, ...] = ()
        self._listeners_lock = threading.Lock()
        #: why the archive cannot be written, when it cannot (then it is opened to be read only)
        self.read_only: str | None = unwritable(self.path)
        if self.read_only is None:
            private(self.path)
        self._writer = self._connect()
        try:
            with self._write:
                migrate(self._writer, self.path, self.read_only)
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

    def close(self) -> None:
        """Close the file (the readers of other threads close when their threads end)."""
        self._writer.close()

    @property
    def reader(self) -> sqlite3.Connection:
        """This thread's connection for short reads."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    def rows(self, sql: str, args: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
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
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own for a long read, every statement on it seeing the archive as it was
        at the first one (one read transaction, ended when the block is left)."""
        db = self._connect()
        try:
            db.execute("BEGIN")
            yield db
        finally:
            db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
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
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as e:
                found = fault(e)
                if found is None:
                    raise
                found.detail = f"{self.path}: {e}"
                raise found from None

    # -- the news of what was written -----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` the news of every change committed from now on (in the writer's thread, in
        the order of the changes of each game: it must return at once); what stops it."""
        with self._listeners_lock:
            self._listeners = (*self._listeners, listener)

        def unsubscribe() -> None:
            with self._listeners_lock:
                self._listeners = tuple(other for other in self._listeners if other is not listener)
        return unsubscribe

    def publish(self, news: Iterable[News]) -> None:
        """Tell every listener ``news``, committed: a listener that fails is logged, the others told, and
        the change stays made."""
        listeners = self._listeners
        for item in news:
            for listener in listeners:
                try:
                    listener(item)
                except Exception as e:  # noqa: BLE001 - a watcher's fault never undoes a write
                    FAULTS.said("news", f"{type(e).__name__}: {e}")

    # -- settings, copies -----------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        row = self.reader.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       (key, value))

    def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the archive in the file ``target``, taken while it serves."""
        private(os.fspath(target))
        out = sqlite3.connect(os.fspath(target))
        try:
            self.reader.backup(out)
        finally:
            out.close()


__all__ = ["Changed", "Listener", "News", "Redrawn", "Storage", "now", "private", "unwritable"]
