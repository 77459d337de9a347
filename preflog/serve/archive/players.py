"""The club's players as the archive knows them: each spelling of a name read as one (any case, ё as
е: :func:`~preflog.model.names.name_key`), and the aliases a scorer set (Миша = Михаил)."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ...i18n import _
from ...model.names import canonical, name_key, one_name_each
from .errors import ArchiveError
from .storage import Storage


class Alias(NamedTuple):
    """An alias as the scorer set it: ``alias`` stands for the player ``name``."""

    alias: str
    name: str


class Regular(NamedTuple):
    """A player of the kept games, under the name shown, and how many games they played."""

    name: str
    games: int


def keys_of(player: str, aliases: dict[str, str]) -> set[str]:
    """The keys of every spelling that names ``player``: its own, its name's if it is an alias, and
    every alias of that name."""
    key = canonical(player, aliases)
    return {key} | {alias for alias, name in aliases.items() if name_key(name) == key}


class Players:
    """The players and aliases kept in ``store``."""

    def __init__(self, store: Storage) -> None:
        self.store = store

    def aliases(self) -> dict[str, str]:
        """The aliases a scorer set: the alias's key (:func:`~preflog.model.names.name_key`) → the name."""
        return {str(k): str(n) for k, n in self.store.reader.execute("SELECT key, name FROM player_aliases")}

    def alias_list(self) -> list[Alias]:
        """The aliases as set, by alias."""
        return [Alias(str(a), str(n)) for a, n in
                self.store.reader.execute("SELECT alias, name FROM player_aliases ORDER BY key")]

    def set_alias(self, alias: str, name: str) -> None:
        """Take ``alias`` for the player ``name`` everywhere (the list's search, the statistics); a name
        that is itself an alias stands for what it names. :class:`ArchiveError` if it would name itself."""
        target = self.aliases().get(name_key(name), name.strip())
        if name_key(alias) == name_key(target) or not alias.strip() or not target:
            raise ArchiveError(_("an alias names another player: {alias} = {name}").format(alias=alias, name=name))
        with self.store.transaction() as db:
            db.execute("INSERT OR REPLACE INTO player_aliases (key, alias, name) VALUES (?, ?, ?)",
                       (name_key(alias), alias.strip(), target))
            db.execute("UPDATE player_aliases SET name = ? WHERE key IN (SELECT key FROM player_aliases WHERE name = ?)",
                       (target, alias.strip()))  # one step: what named the alias now names its player

    def drop_alias(self, alias: str) -> bool:
        """Forget ``alias``; whether there was one."""
        with self.store.transaction() as db:
            return db.execute("DELETE FROM player_aliases WHERE key = ?", (name_key(alias),)).rowcount > 0

    def players(self) -> list[Regular]:
        """Each player of the kept games (their spellings and aliases taken as one, under the name
        :func:`~preflog.model.names.one_name_each` gives) with their games played (a deal recorded: an
        event's table not yet played is none), the most games first."""
        rows = [(int(game), str(name)) for game, name in self.store.reader.execute(
            "SELECT p.game, p.name FROM game_players p JOIN game_index i ON i.game = p.game WHERE i.deals > 0")]
        shown = one_name_each(Counter(name for _game, name in rows), self.aliases())
        games: dict[str, set[int]] = {}
        for game, name in rows:
            games.setdefault(shown[name], set()).add(game)
        return sorted((Regular(name, len(g)) for name, g in games.items()), key=lambda p: (-p.games, p.name))


__all__ = ["Alias", "Players", "Regular", "keys_of"]
