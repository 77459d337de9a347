"""The archive's schema, one step per version, and the opening that brings a file made by an older
preflog up to date (or refuses a file it cannot: another program's, a newer preflog's)."""

from __future__ import annotations

import sqlite3

from ...i18n import _
from ...model.names import name_key
from .errors import ArchiveError

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
    # 9: a deal recorded costs what it adds, not its whole game again. A game's text leaves its row
    # (games.text stays, empty: every column after it was read through the text's overflow pages, its
    # revision too) for game_texts; what a change adds at the end of it is kept as a piece of its tail
    # (game_tail, games.tail pieces of it), folded into game_texts.text every games.MAX_TAIL pieces. A
    # game's text is its game_texts.text, then its tail's pieces in order.
    """
    CREATE TABLE game_texts (
        game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        text TEXT NOT NULL
    );
    INSERT INTO game_texts (game, text) SELECT id, text FROM games;
    UPDATE games SET text = '';
    ALTER TABLE games ADD COLUMN tail INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE game_tail (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        piece INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game, piece)
    );
    -- a preflog of schema 8 still serving the file (the schema brought up to date under it by a newer
    -- one) writes games.text: what it writes is the game's text, moved where this schema keeps it (it
    -- reads the empty games.text, so it records nothing into a game kept before: nothing is lost)
    CREATE TRIGGER game_text_written AFTER INSERT ON games WHEN NEW.text != '' BEGIN
        INSERT OR REPLACE INTO game_texts (game, text) VALUES (NEW.id, NEW.text);
        UPDATE games SET text = '' WHERE id = NEW.id;
    END;
    CREATE TRIGGER game_text_rewritten AFTER UPDATE OF text ON games WHEN NEW.text != '' BEGIN
        INSERT OR REPLACE INTO game_texts (game, text) VALUES (NEW.id, NEW.text);
        DELETE FROM game_tail WHERE game = NEW.id;
        UPDATE games SET text = '', tail = 0 WHERE id = NEW.id;
    END;
    """,
    # 10: «Задачи»: each finished game's lessons (preflog.puzzles.lessons), kept for the revision and the
    # derivation they were made from (lesson_games says a game's were made, none or some); each player's
    # drills (a Leitner box and the day a lesson is due again, by the player's key and the lesson's place:
    # its game, deal and card), and the digest of each player's drill key
    """
    CREATE TABLE lesson_games (
        game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        derivation INTEGER NOT NULL
    );
    CREATE TABLE lessons (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        card INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        player TEXT NOT NULL,
        key TEXT NOT NULL,
        theme TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game, deal, card)
    );
    CREATE INDEX lessons_key ON lessons(key);
    CREATE TABLE drills (
        player TEXT NOT NULL,
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        card INTEGER NOT NULL,
        box INTEGER NOT NULL,
        due TEXT NOT NULL,
        PRIMARY KEY (player, game, deal, card)
    );
    CREATE TABLE drill_keys (player TEXT PRIMARY KEY, digest TEXT NOT NULL, made TEXT NOT NULL);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def statements(script: str) -> list[str]:
    """The statements of ``script`` one by one (a trigger's body, with its own semicolons, one statement):
    ``executescript`` would commit the transaction the migration runs in."""
    out, pending = [], ""
    for part in script.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                out.append(pending)
            pending = ""
    return out


def migrate(db: sqlite3.Connection, path: str, read_only: str | None) -> None:
    """Bring the archive ``path`` open on ``db`` to :data:`SCHEMA_VERSION`, in one transaction (a file
    that cannot be written, ``read_only`` saying why, must be of that version already);
    :class:`ArchiveError` if it cannot be."""
    if read_only is not None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise ArchiveError(_("{path} cannot be written ({reason}), and it is of schema {version}, not "
                                 "{known}: it cannot be brought up to date").format(
                path=path, reason=read_only, version=version, known=SCHEMA_VERSION))
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ArchiveError(_("{path} was written by a newer preflog (schema {version}; this one knows "
                                 "{known}): upgrade preflog").format(path=path, version=version,
                                                                     known=SCHEMA_VERSION))
        if version == 0 and db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
            raise ArchiveError(_("{path} is another program's database, not a preflog archive: give "
                                 "preflog a file of its own").format(path=path))
        for step in range(version, SCHEMA_VERSION):
            for statement in statements(MIGRATIONS[step]):
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


__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate", "statements"]
