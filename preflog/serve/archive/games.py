"""A game's life in the archive: opened (of tags alone, a pulka about to start), changed through the
recorder (a deal recorded, taken back, corrected, a note), each change a new revision committed with the
game's index and published; the text it had before a change that took something out of it, and the
deal last taken back."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, NamedTuple, TypeVar

import attrs

from ...i18n import _
from ...model.names import name_key
from ...record.recorder import Recorder
from ..games import DERIVATION, Indexed, Tally, indexed_of, take_in
from ..judged import Judgments, path_of
from ...record.judgment import Judgment
from .errors import KeyReused, Repeated, conflict, known, missing
from .storage import Changed, Storage, now

T = TypeVar("T")

#: The longest key a sender may make for a change (a UUID is 36 characters).
MAX_KEY = 128


@attrs.frozen(slots=True)
class Once:
    """A change made once however often it is sent: the ``key`` its sender made for it (a phone's id for
    a deal, kept with the deal), and ``request``, the hash of what was sent with it."""

    key: str
    request: str


class GameText(NamedTuple):
    """A game's notation text, and its revision."""

    text: str
    revision: int


class Made(NamedTuple, Generic[T]):
    """A change kept: the game's new ``revision``, and what the change answered (``done``)."""

    revision: int
    done: T


class Before(NamedTuple):
    """A game's text before a change that took something out of it: the ``revision`` it had, when it
    was changed, and the text."""

    revision: int
    changed: str
    text: str


def insert_game(db: sqlite3.Connection, text: str, indexed: Indexed, when: str) -> int:
    """A new game of ``text`` kept with its index (at revision 1); its id."""
    cursor = db.execute("INSERT INTO games (text, added, changed) VALUES ('', ?, ?)", (when, when))
    assert cursor.lastrowid is not None
    db.execute("INSERT INTO game_texts (game, text) VALUES (?, ?)", (cursor.lastrowid, text))
    write_index(db, cursor.lastrowid, indexed, 1)
    return cursor.lastrowid


def write_index(db: sqlite3.Connection, game: int, indexed: Indexed, revision: int | None = None) -> None:
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


#: The pieces a game's tail holds at most (schema 9): the change after folds them into the game's text,
#: so that a deal recorded writes what it adds, and every MAX_TAIL-th the whole text once.
MAX_TAIL = 32


def whole_text(db: sqlite3.Connection, game: int, head: str, tail: int) -> str:
    """Game ``game``'s text read on ``db``: ``head`` (``game_texts.text``), then its ``tail`` pieces."""
    if not tail:
        return head
    return head + "".join(str(r[0]) for r in db.execute("SELECT text FROM game_tail WHERE game = ? ORDER BY piece",
                                                            (game,)))


def read_text(db: sqlite3.Connection, game: int) -> GameText | None:
    """Game ``game``'s text and revision read on ``db`` in one statement (its text and its tail as of one
    moment, whatever is written meanwhile); None if there is no such game."""
    rows = db.execute("SELECT t.text, g.revision, -1 FROM games g JOIN game_texts t ON t.game = g.id WHERE g.id = ?1 "
                      "UNION ALL SELECT text, 0, piece FROM game_tail WHERE game = ?1 ORDER BY 3", (game,)).fetchall()
    return GameText("".join(str(r[0]) for r in rows), int(rows[0][1])) if rows else None


def write_text(db: sqlite3.Connection, game: int, before: str, after: str, tail: int) -> None:
    """Keep ``after`` as game ``game``'s text, which was ``before`` with ``tail`` pieces of it in its tail:
    what ``after`` adds at the end of ``before`` as a piece of the tail (folded with the others into the
    text when the tail holds :data:`MAX_TAIL`), else the whole text."""
    if after.startswith(before) and tail < MAX_TAIL:
        if len(after) > len(before):
            db.execute("INSERT INTO game_tail (game, piece, text) VALUES (?, ?, ?)", (game, tail, after[len(before):]))
            db.execute("UPDATE games SET tail = ? WHERE id = ?", (tail + 1, game))
        return
    db.execute("UPDATE game_texts SET text = ? WHERE game = ?", (after, game))
    db.execute("UPDATE games SET tail = 0 WHERE id = ?", (game,))
    if tail:
        db.execute("DELETE FROM game_tail WHERE game = ?", (game,))


class Games:
    """The games kept in ``store``, one at a time."""

    def __init__(self, store: Storage, judgments: Judgments | None = None) -> None:
        self.store = store
        #: each game's judgment kept (:mod:`~preflog.serve.judged`): a change is judged from it
        self.judgments = judgments or Judgments()
        self._locks_lock = threading.Lock()
        self._locks: dict[int, list[Any]] = {}

    def new_game(self, text: str, once: Once | None = None) -> int:
        """Keep a new game of tags alone (a pulka about to start); its id. With ``once`` (the id of the form
        that sent it), a game is started once: sent again, :class:`Repeated` with the game's id
        (``answer["id"]``), or :class:`KeyReused` if the id came with another game."""
        games, errors = take_in(text, "<new game>")
        if errors:
            raise errors[0]
        with self.store.transaction() as db:
            if once is not None:
                row = db.execute("SELECT request, game FROM game_keys WHERE key = ?", (once.key,)).fetchone()
                if row is not None and str(row[0]) != once.request:
                    raise KeyReused(_("this form was sent before with another game: nothing was written"))
                if row is not None:
                    raise Repeated(1, {"id": int(row[1])})
            ident = insert_game(db, games[0].text, games[0].indexed, now())
            if once is not None:
                db.execute("INSERT INTO game_keys (key, request, game) VALUES (?, ?, ?)", (once.key, once.request, ident))
        self.keep(ident, 1, games[0].judged, games[0].text, games[0].tally)
        self.store.publish([Changed(ident, 1)])
        return ident

    def text(self, game: int) -> GameText:
        """A game's text and revision; :class:`NotFound` if there is none."""
        found = read_text(self.store.reader, known(game))
        if found is None:
            raise missing(game)
        return found

    def judged(self, game: int, revision: int | None = None) -> tuple[int, Judgment]:
        """Game ``game``'s revision now (``revision``, if read before) and its judgment: the one kept for it
        (a revision is one text: every change of a text makes a new one), else its text read and judged
        (at the revision the text has then); :class:`NotFound` if there is no such game."""
        if revision is None:
            revision = self.revision(game)
        found = self.judgments.get(game, revision)
        if found is not None:
            return revision, found
        text, now = self.text(game)
        return now, self.judgments.of(game, text, now)

    def revision(self, game: int) -> int:
        row = self.store.reader.execute("SELECT revision FROM games WHERE id = ?", (known(game),)).fetchone()
        if row is None:
            raise missing(game)
        return int(row[0])

    def change(self, game: int, edit: Callable[[Recorder], T], *, expect: int | None = None,
               once: Once | None = None) -> Made[T]:
        """Change a game through a recorder (which checks the change with the engine first): ``edit``
        is called with the game's recorder, and what it leaves is kept with its new index, in one
        transaction, then published (:class:`~preflog.serve.archive.storage.Changed`); the game's new
        revision and what ``edit`` returned. :class:`Conflict` if the game's revision is not ``expect``;
        whatever ``edit`` raises (:class:`~preflog.record.recorder.Refused`) leaves the game as it was.

        With ``once``, the change is kept with its key and what ``edit`` returned (JSON): sent again under
        that key, it is not made again but :class:`Repeated` with the first answer, whatever the game's
        revision now (the key is looked at before ``expect``); :class:`KeyReused` if the key came with
        another change.

        The change is judged once (:meth:`~preflog.record.judgment.Judgment.then`), from the judgment kept
        of the revision it changes: the index and the statistics kept with it are read off that judgment,
        which is kept for the new revision (every page, language and watcher reads it). The replay runs
        under the game's own lock, outside any transaction: a write to one game never waits for another
        game's work, only for the short transaction that keeps it (where the revision is checked again,
        for another process's write). The news is published under the game's lock too: a game's
        subscribers hear its revisions in order."""
        with self._game_lock(game):
            if once is not None:
                self._made_once(game, once)
            revision, judged = self.judged(game)
            if expect is not None and expect != revision:
                raise conflict(revision, expect)
            text = judged.text
            recorder = Recorder.of(judged)
            done = edit(recorder)  # the statistics counted anew from the first deal the change judged anew
            index, tally = indexed_of(recorder.judgment, self.judgments.tally(game, revision), recorder.unchanged)
            when = now()
            with self.store.transaction() as db:
                row = db.execute("SELECT revision, tail FROM games WHERE id = ?", (game,)).fetchone()
                if row is None:
                    raise missing(game)
                if int(row[0]) != revision:
                    raise conflict(int(row[0]), revision)
                if not recorder.text.startswith(text):  # something taken out or changed: the text before is kept
                    db.execute("INSERT OR REPLACE INTO game_history (game, revision, text, changed) "
                               "VALUES (?, ?, ?, ?)", (game, revision, text, when))
                write_text(db, game, text, recorder.text, int(row[1]))
                db.execute("UPDATE games SET revision = ?, changed = ? WHERE id = ?", (revision + 1, when, game))
                if recorder.taken_back is None:
                    db.execute("DELETE FROM taken_back WHERE game = ?", (game,))
                else:
                    db.execute("INSERT OR REPLACE INTO taken_back (game, revision, text) VALUES (?, ?, ?)",
                               (game, revision + 1, recorder.taken_back))
                write_index(db, game, index, revision + 1)
                if once is not None:  # the key of the same transaction: kept exactly when the deal is
                    db.execute("INSERT INTO deal_keys (game, key, request, revision, answer, added) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (game, once.key, once.request, revision + 1,
                                                             json.dumps(done, ensure_ascii=False), when))
            self.judgments.put(game, revision + 1, recorder.judgment, tally)
            self.store.publish([Changed(game, revision + 1)])
        return Made(revision + 1, done)

    def keep(self, game: int, revision: int, judged: Judgment | None, text: str, tally: Tally | None = None) -> None:
        """Keep ``judged``, the judgment of game ``game``'s ``text`` at ``revision`` made before it had an id
        (an import's, a new game's), with the ``tally`` of its statistics, under the game's name (when
        there is one, and it is of ``text``: a change takes the text of a revision from its judgment)."""
        if judged is not None and judged.sheet is not None and judged.text == text:
            self.judgments.put(game, revision, attrs.evolve(judged, path=path_of(game)), tally)

    def _made_once(self, game: int, once: Once) -> None:
        """:class:`Repeated` if the change keyed ``once`` was made, :class:`KeyReused` if its key was
        sent with another change; nothing if it is new."""
        row = self.store.reader.execute("SELECT request, revision, answer FROM deal_keys WHERE game = ? AND key = ?",
                                        (known(game), once.key)).fetchone()
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

    def taken_back(self, game: int) -> str | None:
        """The deal last taken back from ``game``, while nothing has changed since (the next change
        forgets it; its text stays in the game's history)."""
        row = self.store.reader.execute("SELECT t.text FROM taken_back t JOIN games g ON g.id = t.game "
                                        "WHERE t.game = ? AND t.revision = g.revision", (known(game),)).fetchone()
        return None if row is None else str(row[0])

    def history(self, game: int) -> list[Before]:
        """The texts ``game`` had before each change that took something out of it, the oldest first."""
        return [Before(int(r[0]), str(r[1]), str(r[2])) for r in self.store.reader.execute(
            "SELECT revision, changed, text FROM game_history WHERE game = ? ORDER BY revision", (known(game),))]


__all__ = ["Before", "GameText", "Games", "MAX_KEY", "MAX_TAIL", "Made", "Once", "insert_game", "read_text", "whole_text",
           "write_index", "write_text"]
