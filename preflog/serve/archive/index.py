"""The archive's index of its games, derived from their texts: the list and its searches (by player,
date, convention), the games read whole (the export, the statistics, the ratings), and what is
derived anew when it is stale (of another derivation, or of an older revision)."""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Iterator
from typing import Any, NamedTuple

import attrs

from ..games import DERIVATION, Indexed, index_of, indexed_of
from .errors import known, missing
from .games import Games, whole_text, write_index
from .players import Players, keys_of
from .storage import Storage


@attrs.frozen(slots=True)
class GameRow(Indexed):
    """A game as the list shows it: its index, its id and its revision; ``current`` False while its
    index is of another derivation (its figures are then being worked out anew, and not shown)."""

    id: int
    revision: int
    current: bool = True


class KeptText(NamedTuple):
    """A game's id, its text, and how many deals it has."""

    game: int
    text: str
    deals: int


class GameSource(NamedTuple):
    """A game's id and its text."""

    game: int
    text: str


class Summary(NamedTuple):
    """A game's statistics as kept for its ``revision`` (JSON), or, when they are of another revision or
    derivation, its ``text`` to make them from (then ``summary`` is None)."""

    game: int
    revision: int
    summary: str | None
    text: str | None


class Rated(NamedTuple):
    """What the ratings read of a clean game: its Event and Date tags, convention, players and
    settlement as shown."""

    game: int
    title: str
    date: str
    rules: str
    players: list[str]
    settlement: dict[str, Any]


def where(player: str | None, date: str | None, rules: str | None,
          ids: Iterable[int] | None, aliases: dict[str, str] | None = None) -> tuple[str, list[Any]]:
    """The ``WHERE`` clause of a search of the index, and its arguments."""
    clauses: list[str] = []
    args: list[Any] = []
    if player:
        keys = sorted(keys_of(player, aliases or {}))
        clauses.append(f"i.game IN (SELECT game FROM game_players WHERE key IN ({', '.join('?' * len(keys))}))")
        args.extend(keys)
    if date:
        clauses.append("i.date LIKE ? ESCAPE '\\'")
        args.append(date.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    if rules:
        clauses.append("i.rules = ?")
        args.append(rules)
    if ids is not None:
        chosen = list(ids)
        clauses.append(f"i.game IN ({', '.join('?' * len(chosen))})")
        args.extend(chosen)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


class Index:
    """The index of the games kept in ``store`` (the ``players``' aliases read into its searches)."""

    def __init__(self, store: Storage, games: Games, players: Players) -> None:
        self.store, self._games, self._players = store, games, players

    def row(self, game: int) -> GameRow:
        rows = self.games(ids=[known(game)])
        if not rows:
            raise missing(game)
        return rows[0]

    def games(self, *, player: str | None = None, date: str | None = None, rules: str | None = None,
              ids: Iterable[int] | None = None, limit: int | None = None, offset: int = 0) -> list[GameRow]:
        """The games, newest first, of ``player`` (any case), on ``date`` (or its start: ``2026-11``)
        and played under ``rules``."""
        clause, args = where(player, date, rules, ids, self._players.aliases() if player else None)
        sql = ("SELECT i.game, i.title, i.date, i.rules, i.players, i.deals, i.finished, i.violations, i.settlement, "
               "g.revision, i.derivation = ? FROM game_index i JOIN games g ON g.id = i.game" + clause
               + " ORDER BY i.game DESC")
        args = [DERIVATION, *args]
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [limit, offset]
        return [GameRow(title=r[1], date=r[2], rules=r[3], players=tuple(json.loads(r[4])), deals=r[5],
                        finished=bool(r[6]), violations=r[7], settlement=json.loads(r[8]) if r[10] else {}, id=r[0],
                        revision=r[9], current=bool(r[10]))
                for r in self.store.reader.execute(sql, args)]

    def listing(self, *, player: str | None = None, date: str | None = None, rules: str | None = None) -> str:
        """The games of :meth:`games` as the API lists them: a JSON array, made by SQLite itself."""
        clause, args = where(player, date, rules, None, self._players.aliases() if player else None)
        # a game of another derivation is being derived anew: its figures are not given meanwhile
        sql = ("SELECT json_object('id', i.game, 'players', json(i.players), 'date', i.date, 'rules', i.rules, "
               "'deals', i.deals, 'title', i.title, 'finished', json(CASE WHEN i.finished THEN 'true' ELSE 'false' END), "
               "'violations', CASE WHEN i.derivation = ?1 THEN i.violations END, "
               "'settlement', CASE WHEN i.derivation = ?1 THEN json(i.settlement) END, 'revision', g.revision, "
               "'pending', json(CASE WHEN i.derivation = ?1 THEN 'false' ELSE 'true' END)) "
               "FROM game_index i JOIN games g ON g.id = i.game" + clause + " ORDER BY i.game DESC")
        return "[" + ",".join(row[0] for row in self.store.reader.execute(sql, [DERIVATION, *args])) + "]"

    def count(self) -> int:
        return int(self.store.reader.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def all_rules(self) -> list[str]:
        return [r[0] for r in self.store.reader.execute("SELECT DISTINCT rules FROM game_index ORDER BY rules")]

    def texts(self) -> Iterator[KeptText]:
        """Every game's id, text and number of deals, oldest first."""
        with self.store.snapshot() as db:
            for i, t, tail, d in db.execute("SELECT g.id, t.text, g.tail, COALESCE(i.deals, 0) FROM games g "
                                            "JOIN game_texts t ON t.game = g.id LEFT JOIN game_index i ON i.game = g.id "
                                            "ORDER BY g.id"):
                yield KeptText(int(i), whole_text(db, int(i), str(t), int(tail)), int(d))

    def ids(self) -> list[int]:
        """Every game's id, oldest first."""
        return [int(r[0]) for r in self.store.reader.execute("SELECT id FROM games ORDER BY id")]

    def game_texts(self, first: int = 0, stop: int | None = None) -> Iterator[GameSource]:
        """The id and text of each game from id ``first`` up to ``stop`` (not included; None: the last)."""
        with self.store.snapshot() as db:
            for i, t, tail in db.execute("SELECT g.id, t.text, g.tail FROM games g JOIN game_texts t ON t.game = g.id "
                                         "WHERE g.id >= ? AND (? IS NULL OR g.id < ?) ORDER BY g.id", (first, stop, stop)):
                yield GameSource(int(i), whole_text(db, int(i), str(t), int(tail)))

    def summaries(self) -> Iterator[Summary]:
        """Each game's statistics when they are of its revision, else its text to make them from, oldest
        first."""
        with self.store.snapshot() as db:
            for i, r, s, t, tail in db.execute(
                    "SELECT g.id, g.revision, CASE WHEN s.revision = g.revision AND s.derivation = ? "
                    "THEN s.summary END, CASE WHEN s.revision = g.revision AND s.derivation = ? "
                    "THEN NULL ELSE t.text END, g.tail FROM games g JOIN game_texts t ON t.game = g.id "
                    "LEFT JOIN game_stats s ON s.game = g.id "
                    "ORDER BY g.id", (DERIVATION, DERIVATION)):
                yield Summary(int(i), int(r), s, None if t is None else whole_text(db, int(i), str(t), int(tail)))

    def rated(self) -> Iterator[Rated]:
        """What the ratings read of each clean game with deals, indexed by this derivation (a long read,
        a batch at a time)."""
        for ident, title, day, rules, players, settlement in self.store.rows(
                "SELECT game, title, date, rules, players, settlement FROM game_index "
                "WHERE deals > 0 AND violations = 0 AND derivation = ? ORDER BY game", (DERIVATION,)):
            yield Rated(int(ident), str(title), str(day), str(rules), json.loads(players), json.loads(settlement))

    def stale(self, limit: int = 64) -> list[int]:
        """Games whose derived data (index, statistics) is of another derivation or revision, oldest first."""
        return [int(r[0]) for r in self.store.reader.execute(
            "SELECT g.id FROM games g LEFT JOIN game_index i ON i.game = g.id LEFT JOIN game_stats s ON s.game = g.id "
            "WHERE i.derivation IS NOT ? OR s.derivation IS NOT ? OR s.revision IS NOT g.revision ORDER BY g.id LIMIT ?",
            (DERIVATION, DERIVATION, limit))]

    def pending(self) -> int:
        """How many games have an index of another derivation (figures not shown until derived anew)."""
        return int(self.store.reader.execute("SELECT COUNT(*) FROM game_index WHERE derivation IS NOT ?",
                                             (DERIVATION,)).fetchone()[0])

    def derive(self, game: int) -> bool:
        """Derive game ``game``'s index and statistics anew from its judgment (kept, or made and kept:
        :mod:`~preflog.serve.judged`) and keep them, unless the game changed meanwhile; whether they were kept."""
        revision, judged = self._games.judged(game)
        judgments = self._games.judgments
        if judged.sheet is None:
            index = index_of(judged.text)
        else:
            index, tally = indexed_of(judged)
            judgments.put(game, revision, judged, tally)
        with self.store.transaction() as db:
            row = db.execute("SELECT revision FROM games WHERE id = ?", (game,)).fetchone()
            if row is None or int(row[0]) != revision:
                return False
            write_index(db, game, index, revision)
        return True

    def reindex(self) -> int:
        """Derive every game's index anew from its text (:meth:`derive`, a game at a time); how many games."""
        return sum(self.derive(game) for game in self.ids())

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
        return int(self.store.reader.execute("SELECT COUNT(*) FROM games g LEFT JOIN game_index i ON i.game = g.id "
                                             "WHERE COALESCE(i.deals, 0) = 0").fetchone()[0])


__all__ = ["GameRow", "GameSource", "Index", "KeptText", "Rated", "Summary", "where"]
