"""The club's archive: one SQLite file holding each game as its notation text, the source of truth, and
index tables derived from the text (and rebuilt from it by :meth:`Archive.reindex`).

The storage is kept narrow on purpose (docs/deploy.md): everything the server keeps goes through the
parts of the archive, in plain SQL without an ORM, so that another database could stand behind the
same methods. Each part holds its own: the file, its transactions and the news of each change
(:mod:`.storage`, its schema :mod:`.schema`), a game's life and its write path (:mod:`.games`), the index
and its searches (:mod:`.index`), the games taken in whole (:mod:`.imports`), the events
(:mod:`.events`), the lessons and the players' drills (:mod:`.drills`), the players and their aliases (:mod:`.players`), the logins (:mod:`.sessions`); each
returns named rows. :class:`Archive` joins them: one object with each part's methods.

Every change committed is published, after its commit, to the archive's subscribers
(:meth:`Archive.subscribe`): :class:`Changed` (game, revision) and :class:`Redrawn` (event, revision).
Whoever shows a game or works on it listens there; no writer tells anyone itself.
"""

from __future__ import annotations

import os

import attrs

from .drills import DISCARD, LESSONS_DERIVATION, PLACE_WORDS, WHIST, Drill, Drills, KeptLesson, NewLesson, Place
from .errors import MAX_ID, ArchiveError, Conflict, DiskFull, KeyReused, NotFound, ReadOnly, Repeated
from .events import EventFile, EventRow, Events, NewTable, TableAt, TableGame, TableOf
from .games import MAX_KEY, Before, GameText, Games, Made, Once
from .imports import Imports, Intake, Skipped
from .index import GameRow, GameSource, Index, KeptText, Rated, Summary
from .players import Alias, Players, Regular
from .schema import MIGRATIONS, SCHEMA_VERSION
from .sessions import Sessions
from .storage import Changed, Listener, News, Redrawn, Storage


@attrs.frozen(slots=True)
class Parts:
    """The parts an archive is made of, each holding its own."""

    store: Storage
    sessions: Sessions
    players: Players
    games: Games
    index: Index
    intake: Intake
    events: Events
    drills: Drills


class Archive:
    """The archive in the SQLite file ``path`` (made, or brought to the current schema, when opened):
    its :class:`Parts`, and each part's methods on the archive itself."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        store = Storage(path)
        games, players = Games(store), Players(store)
        parts = self.parts = Parts(store, Sessions(store), players, games, Index(store, games, players),
                                   Intake(store, games), Events(store), Drills(store))
        self.path = store.path
        #: why the archive cannot be written, when it cannot (then it is opened to be read only)
        self.read_only = store.read_only
        self.close, self.backup, self.subscribe = store.close, store.backup, store.subscribe
        self.setting, self.set_setting = store.setting, store.set_setting

        sessions = parts.sessions
        self.add_session, self.has_session = sessions.add_session, sessions.has_session
        self.drop_session, self.drop_sessions = sessions.drop_session, sessions.drop_sessions

        self.aliases, self.alias_list, self.players = players.aliases, players.alias_list, players.players
        self.set_alias, self.drop_alias = players.set_alias, players.drop_alias

        self.new_game, self.change, self.text, self.revision = games.new_game, games.change, games.text, games.revision
        self.taken_back, self.history, self.judged = games.taken_back, games.history, games.judged
        #: each game's judgment, kept by revision (:mod:`~preflog.serve.judged`)
        self.judgments = games.judgments

        index = parts.index
        self.row, self.games, self.listing, self.count = index.row, index.games, index.listing, index.count
        self.all_rules, self.texts, self.ids, self.game_texts = index.all_rules, index.texts, index.ids, index.game_texts
        self.summaries, self.rated, self.stale, self.pending = index.summaries, index.rated, index.stale, index.pending
        self.derive, self.reindex, self.export = index.derive, index.reindex, index.export
        self.unexportable = index.unexportable

        self.import_text, self.add = parts.intake.import_text, parts.intake.add

        events = parts.events
        self.put_event, self.events, self.event = events.put_event, events.events, events.event
        self.event_games, self.event_of, self.on_board = events.event_games, events.event_of, events.on_board
        self.tables_at = events.tables_at

        drills = parts.drills
        self.untaught, self.keep_lessons, self.lesson, self.lesson_places = (
            drills.untaught, drills.keep_lessons, drills.lesson, drills.lesson_places)
        self.pupils, self.drill_lessons, self.drill, self.answered = (
            drills.pupils, drills.drill_lessons, drills.drill, drills.answered)
        self.set_drill_key, self.drop_drill_key, self.drill_key, self.has_drill_key = (
            drills.set_drill_key, drills.drop_drill_key, drills.drill_key, drills.has_drill_key)


__all__ = ["Alias", "Archive", "ArchiveError", "Before", "Changed", "Conflict", "DISCARD", "DiskFull", "Drill", "Drills",
           "EventFile", "EventRow", "KeptLesson", "LESSONS_DERIVATION", "NewLesson", "PLACE_WORDS", "Place", "WHIST",
           "GameRow", "GameSource", "GameText", "Imports", "KeptText", "KeyReused", "Listener", "MAX_ID", "MAX_KEY",
           "MIGRATIONS", "Made", "News", "NewTable", "NotFound", "Once", "Parts", "Rated", "ReadOnly", "Redrawn", "Regular",
           "Repeated", "SCHEMA_VERSION", "Skipped", "Summary", "TableAt", "TableGame", "TableOf"]
