"""When two spellings name one player: the club's archive and its statistics take «Миша», «миша» and
«МИША» for one player, and «Лёва» for «Лева» (ё is often written е); aliases a scorer sets («Миша» =
«Михаил») are the archive's own (:mod:`preflog.serve.archive`)."""

from __future__ import annotations

from collections.abc import Mapping


def name_key(name: str) -> str:
    """What two spellings of one player's name have in common: the name in one case, ё read as е."""
    return name.strip().casefold().replace("ё", "е")


def canonical(name: str, aliases: Mapping[str, str]) -> str:
    """The key of the player ``name`` stands for: its own, or where it is an alias (``aliases``: an
    alias's key → the name), its name's."""
    key = name_key(name)
    target = aliases.get(key)
    return name_key(target) if target else key


def one_name_each(names: Mapping[str, int], aliases: Mapping[str, str] = {}) -> dict[str, str]:
    """Each spelling of ``names`` (with how often it is used) → the one name it stands for: an alias's
    name, else the spelling used most, the first in sorted order on a tie."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(canonical(name, aliases), []).append(name)
    out: dict[str, str] = {}
    for key, spellings in groups.items():
        chosen = next((n for n in aliases.values() if name_key(n) == key), None)
        chosen = chosen or min(spellings, key=lambda s: (-names[s], s))
        out.update((s, chosen) for s in spellings)
    return out


__all__ = ["canonical", "name_key", "one_name_each"]
