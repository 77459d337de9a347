"""«Задачи» as the archive keeps them: each finished game's lessons (its avoidable mistakes as proven
puzzles, :mod:`preflog.puzzles.lessons`) for the revision and the derivation they were made from, each
player's drills (a Leitner box and the day each lesson is due again) and the digest of each player's
drill key. A lesson is known by its place: its game, deal and card (the card's index in the deal's
play, or :data:`DISCARD` for the declarer's discard and :data:`WHIST` for a defender's whist or pass, both before
any card); a player by the key of their name (:func:`~preflog.model.names.name_key`, aliases read in).

Lessons of another revision than their game's are never read: a game changed is taught anew by the
deriver, and its lessons replaced in one transaction."""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .storage import Storage, now

#: The version of the lessons' derivation: lessons of another are made anew (samples and seed included).
#: 2: the declarer's discards too (each at the place :data:`DISCARD`); 3: the defenders' whists and passes
#: (each at the place :data:`WHIST`).
LESSONS_DERIVATION = 3
#: The card index of a deal's discard lesson: no card of the play has it, and it sorts before them all.
DISCARD = -1
#: The card index of a deal's whist lesson (a defender's whist or pass): neither a card's nor the discard's.
WHIST = -2
#: The addresses of the places that are no card: ``12-3-discard``, ``12-3-whist``.
PLACE_WORDS = {DISCARD: "discard", WHIST: "whist"}


class Place(NamedTuple):
    """Where a lesson's mistake was made: game, deal, the card's index in the deal's play (:data:`DISCARD`:
    the discard, :data:`WHIST`: a defender's word); its address writes ``12-3-17`` (``12-3-discard``,
    ``12-3-whist``)."""

    game: int
    deal: int
    card: int

    def __str__(self) -> str:
        return f"{self.game}-{self.deal}-{PLACE_WORDS.get(self.card, self.card)}"


class NewLesson(NamedTuple):
    """A lesson to keep: its place's deal and card, its player (as the game names them) and their key, its
    theme, its puzzle's text and what its pages show (JSON)."""

    deal: int
    card: int
    player: str
    key: str
    theme: str
    puzzle: str
    data: dict[str, Any]


class KeptLesson(NamedTuple):
    """A lesson as kept for its game's present revision."""

    place: Place
    player: str
    theme: str
    puzzle: str
    data: dict[str, Any]


class Drill(NamedTuple):
    """A player's drill of a lesson: its Leitner box and the day it is due (ISO date)."""

    box: int
    due: str


#: The columns a kept lesson is read from, its game's present revision joined.
_LESSON = ("SELECT l.game, l.deal, l.card, l.player, l.theme, l.puzzle, l.data FROM lessons l "
           "JOIN games g ON g.id = l.game AND g.revision = l.revision ")


def _kept(row: Sequence[Any]) -> KeptLesson:
    return KeptLesson(Place(int(row[0]), int(row[1]), int(row[2])), str(row[3]), str(row[4]), str(row[5]),
                      json.loads(row[6]))


def _in(keys: Iterable[str]) -> tuple[str, list[str]]:
    chosen = sorted(set(keys))
    return "(" + ", ".join("?" * len(chosen)) + ")", chosen


class Drills:
    """The lessons, drills and drill keys kept in ``store``."""

    def __init__(self, store: Storage) -> None:
        self.store = store

    # -- the lessons, derived -------------------------------------------------------------------------

    def untaught(self, limit: int = 16) -> list[tuple[int, int]]:
        """Games whose lessons are to be made (finished, and none kept for their revision and this
        derivation) or dropped (not finished, lessons kept of another revision): (game, revision), oldest
        first."""
        return [(int(g), int(r)) for g, r in self.store.reader.execute(
            "SELECT g.id, g.revision FROM games g JOIN game_index i ON i.game = g.id "
            "LEFT JOIN lesson_games d ON d.game = g.id "
            "WHERE (i.finished AND (d.revision IS NOT g.revision OR d.derivation IS NOT ?)) "
            "OR (NOT i.finished AND d.game IS NOT NULL AND d.revision IS NOT g.revision) ORDER BY g.id LIMIT ?",
            (LESSONS_DERIVATION, limit))]

    def keep_lessons(self, game: int, revision: int, lessons: Sequence[NewLesson]) -> bool:
        """Keep ``lessons`` as game ``game``'s at ``revision`` in place of any it had, unless the game
        changed meanwhile; whether they were kept."""
        with self.store.transaction() as db:
            row = db.execute("SELECT revision FROM games WHERE id = ?", (game,)).fetchone()
            if row is None or int(row[0]) != revision:
                return False
            db.execute("DELETE FROM lessons WHERE game = ?", (game,))
            db.executemany("INSERT INTO lessons (game, deal, card, revision, player, key, theme, puzzle, data) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(game, x.deal, x.card, revision, x.player, x.key, x.theme, x.puzzle,
                             json.dumps(x.data, ensure_ascii=False)) for x in lessons])
            db.execute("INSERT OR REPLACE INTO lesson_games (game, revision, derivation) VALUES (?, ?, ?)",
                       (game, revision, LESSONS_DERIVATION))
        return True

    def lesson(self, place: Place) -> KeptLesson | None:
        """The lesson at ``place``, if its game's present revision has it."""
        row = self.store.reader.execute(_LESSON + "WHERE l.game = ? AND l.deal = ? AND l.card = ?",
                                        tuple(place)).fetchone()
        return None if row is None else _kept(row)

    def lesson_places(self) -> list[Place]:
        """Every kept lesson's place, in order."""
        return [Place(int(g), int(d), int(c)) for g, d, c in self.store.reader.execute(
            "SELECT l.game, l.deal, l.card FROM lessons l JOIN games g ON g.id = l.game AND g.revision = l.revision "
            "ORDER BY l.game, l.deal, l.card")]

    def pupils(self) -> list[tuple[str, int]]:
        """The players who have lessons: each name as the games write it (the most used spelling of a
        key) with the key's lessons, by name."""
        rows = self.store.reader.execute(
            "SELECT l.key, l.player, COUNT(*) FROM lessons l JOIN games g ON g.id = l.game AND g.revision = l.revision "
            "GROUP BY l.key, l.player")
        names: dict[str, tuple[int, str]] = {}
        counts: dict[str, int] = {}
        for key, player, n in rows:
            counts[str(key)] = counts.get(str(key), 0) + int(n)
            if str(key) not in names or (int(n), str(player)) > names[str(key)]:
                names[str(key)] = (int(n), str(player))
        return sorted(((names[k][1], counts[k]) for k in counts), key=lambda p: p[0].casefold())

    # -- a player's drills ----------------------------------------------------------------------------

    def drill_lessons(self, keys: Iterable[str]) -> list[tuple[KeptLesson, Drill | None]]:
        """The lessons of the players of ``keys`` with the drill of the first key (None: never tried)."""
        clause, args = _in(keys)
        drilled = args[0] if args else ""
        rows = self.store.reader.execute(
            "SELECT l.game, l.deal, l.card, l.player, l.theme, l.puzzle, l.data, d.box, d.due FROM lessons l "
            "JOIN games g ON g.id = l.game AND g.revision = l.revision LEFT JOIN drills d ON d.player = ? "
            "AND d.game = l.game AND d.deal = l.deal AND d.card = l.card "
            f"WHERE l.key IN {clause} ORDER BY l.game, l.deal, l.card", [drilled, *args])
        return [(_kept(r), None if r[7] is None else Drill(int(r[7]), str(r[8]))) for r in rows]

    def drill(self, player: str, place: Place) -> Drill | None:
        row = self.store.reader.execute("SELECT box, due FROM drills WHERE player = ? AND game = ? AND deal = ? "
                                        "AND card = ?", (player, *place)).fetchone()
        return None if row is None else Drill(int(row[0]), str(row[1]))

    def answered(self, player: str, place: Place, today: str, drill: Drill) -> bool:
        """Keep ``drill`` as ``player``'s of the lesson at ``place``, answered ``today``, if it was due (never
        tried, or due by today) and the lesson is kept; whether it was kept (an answer sent twice is kept
        once)."""
        with self.store.transaction() as db:
            kept = db.execute("SELECT 1 FROM lessons l JOIN games g ON g.id = l.game AND g.revision = l.revision "
                              "WHERE l.game = ? AND l.deal = ? AND l.card = ?", tuple(place)).fetchone()
            if kept is None:
                return False
            row = db.execute("SELECT due FROM drills WHERE player = ? AND game = ? AND deal = ? AND card = ?",
                             (player, *place)).fetchone()
            if row is not None and str(row[0]) > today:
                return False
            db.execute("INSERT OR REPLACE INTO drills (player, game, deal, card, box, due) VALUES (?, ?, ?, ?, ?, ?)",
                       (player, *place, drill.box, drill.due))
        return True

    # -- the players' drill keys ----------------------------------------------------------------------

    def set_drill_key(self, player: str, digest: str) -> None:
        """Keep ``digest`` as the digest of ``player``'s drill key (one a player: the one before is revoked)."""
        with self.store.transaction() as db:
            db.execute("INSERT OR REPLACE INTO drill_keys (player, digest, made) VALUES (?, ?, ?)",
                       (player, digest, now()))

    def drop_drill_key(self, player: str) -> bool:
        """Revoke ``player``'s drill key; whether there was one."""
        with self.store.transaction() as db:
            return db.execute("DELETE FROM drill_keys WHERE player = ?", (player,)).rowcount > 0

    def drill_key(self, player: str) -> str | None:
        """When ``player``'s drill key was made, if there is one."""
        row = self.store.reader.execute("SELECT made FROM drill_keys WHERE player = ?", (player,)).fetchone()
        return None if row is None else str(row[0])

    def has_drill_key(self, player: str, digest: str) -> bool:
        row = self.store.reader.execute("SELECT digest FROM drill_keys WHERE player = ?", (player,)).fetchone()
        return row is not None and hmac.compare_digest(str(row[0]), digest)


__all__ = ["DISCARD", "Drill", "Drills", "KeptLesson", "LESSONS_DERIVATION", "NewLesson", "PLACE_WORDS", "Place",
           "WHIST"]
