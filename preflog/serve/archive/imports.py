"""Games taken into the archive whole (a file imported, games added by a tool), each kept once: a game
the archive already has (the same text, or the same players, date and sheet: its fingerprint) is
skipped and named with the id it has."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from ...notation.errors import NotationError
from ..games import Imported, Indexed, Tally, index_of, take_in
from ...record.judgment import Judgment
from .games import Games, insert_game, read_text
from .storage import Changed, Storage, now


class Skipped(NamedTuple):
    """A game of a file not kept, as the archive has it already: the game, and the id it has."""

    game: Imported
    id: int


class Added(NamedTuple):
    """A game kept: its id, and whether it is new (False: a game of its fingerprint was kept already)."""

    id: int
    fresh: bool


@attrs.frozen(slots=True)
class Imports:
    """What an import did: the ids of the games kept, the games, the file's notation errors (then
    nothing is kept), and the games skipped as already kept, each with the id it has."""

    ids: list[int]
    games: list[Imported]
    errors: list[NotationError]
    skipped: list[Skipped] = attrs.field(factory=list)


class Intake:
    """The games taken into ``store`` whole."""

    def __init__(self, store: Storage, games: Games | None = None) -> None:
        self.store = store
        self._games = games  # where the judgment of each game taken in is kept (made by take_in)

    def import_text(self, text: str, path: str, *, force: bool = False) -> Imports:
        """Keep the games of a file (:func:`~preflog.serve.games.take_in`), all in one transaction: their
        ids and the games taken in; or, when the file has notation errors, nothing kept and the errors.
        A game already kept is skipped and named with the id it has, unless ``force`` (a game without
        deals never is)."""
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
        added = self._add([(games[p].text, games[p].indexed, not force) for p in kept],
                          [(games[p].judged, games[p].tally) for p in kept]) if kept else []
        new = {p: a.id for p, a in zip(kept, added)}
        late = [Skipped(games[p], a.id) for p, a in zip(kept, added) if not a.fresh]
        fresh = [p for p, a in zip(kept, added) if a.fresh]
        skipped = [Skipped(games[p], same if same is not None else new[twin or 0]) for p, same, twin in earlier]
        return Imports([new[p] for p in fresh], [games[p] for p in fresh], [], skipped + late)

    def _kept(self, indexed: Indexed) -> int | None:
        """The id of a game kept with ``indexed``'s fingerprint (one kept before fingerprints were is given
        its own when it might be the same: same date and deals)."""
        row = self.store.reader.execute("SELECT game FROM game_index WHERE fingerprint = ? ORDER BY game LIMIT 1",
                                        (indexed.fingerprint,)).fetchone()
        if row is not None:
            return int(row[0])
        older = self.store.reader.execute("SELECT game FROM game_index WHERE fingerprint = '' AND date = ? AND deals = ?",
                                          (indexed.date, indexed.deals)).fetchall()
        for (game,) in older:
            kept = read_text(self.store.reader, int(game))
            if kept is None:
                continue
            found = index_of(kept.text).fingerprint
            with self.store.transaction() as db:
                db.execute("UPDATE game_index SET fingerprint = ? WHERE game = ?", (found, game))
            if found == indexed.fingerprint:
                return int(game)
        return None

    def add(self, texts: Sequence[tuple[str, Indexed]]) -> list[int]:
        """Keep each game text with its index, in one transaction; their ids."""
        return [a.id for a in self._add([(text, indexed, False) for text, indexed in texts])]

    def _add(self, texts: Sequence[tuple[str, Indexed, bool]],
             judged: Sequence[tuple[Judgment | None, Tally | None]] = ()) -> list[Added]:
        """Keep each game text with its index, in one transaction, then its judgment (``judged``, made
        when it was taken in: the first view of a long game reads it), then publish the new ones. One
        marked (its third item) and with deals is not kept where a game of its fingerprint is (then its id)."""
        out: list[Added] = []
        when = now()
        with self.store.transaction() as db:
            for text, indexed, unless_kept in texts:
                if unless_kept and indexed.deals:
                    row = db.execute("SELECT game FROM game_index WHERE fingerprint = ? ORDER BY game LIMIT 1",
                                     (indexed.fingerprint,)).fetchone()
                    if row is not None:
                        out.append(Added(int(row[0]), False))
                        continue
                out.append(Added(insert_game(db, text, indexed, when), True))
        if self._games is not None:
            for added, (text, _indexed, _unless), (judgment, tally) in zip(out, texts, judged):
                if added.fresh:
                    self._games.keep(added.id, 1, judgment, text, tally)
        self.store.publish([Changed(a.id, 1) for a in out if a.fresh])
        return out


__all__ = ["Added", "Imports", "Intake", "Skipped"]
