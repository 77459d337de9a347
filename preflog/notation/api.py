"""Load and dump games like :mod:`json`: ``loads``/``load``, ``dumps``/``dump``, ``iter_games``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from ..i18n import _
from .errors import NotationError
from ..model.game import Game
from .read import read_games
from .words import Words
from .write import dumps


def iter_games(fp: IO[str] | IO[bytes] | str, path: str | None = None) -> Iterator[Game]:
    """The games of a file one at a time, memory not growing with the file.

    Raises :class:`NotationError` (holding all of that game's errors) at the first game with errors.
    """
    for parsed in read_games(fp, path or getattr(fp, "name", None)):
        if parsed.errors:
            raise NotationError.collect(parsed.errors)
        yield parsed.game


def _all(source: str | IO[str] | IO[bytes], path: str | None) -> list[Game]:
    games: list[Game] = []
    errors: list[NotationError] = []
    for parsed in read_games(source, path):
        games.append(parsed.game)
        errors.extend(parsed.errors)
    if errors:
        raise NotationError.collect(errors)
    return games


def loads_all(text: str, path: str | None = None) -> list[Game]:
    """All games of ``text``; :class:`NotationError` with every error of the text if there are any."""
    return _all(text, path)


def load_all(fp: IO[str] | IO[bytes], path: str | None = None) -> list[Game]:
    """All games of a file (see :func:`loads_all`)."""
    return _all(fp, path or getattr(fp, "name", None))


def _one(games: list[Game], path: str | None) -> Game:
    if len(games) != 1:
        raise NotationError(_("expected one game, found {games}; use loads_all or iter_games for several").format(
            games=len(games)),
                            path=path)
    return games[0]


def loads(text: str, path: str | None = None) -> Game:
    """The one game of ``text``; :class:`NotationError` if it has errors or not exactly one game."""
    return _one(loads_all(text, path), path)


def load(fp: IO[str] | IO[bytes], path: str | None = None) -> Game:
    """The one game of a file (see :func:`loads`)."""
    path = path or getattr(fp, "name", None)
    return _one(load_all(fp, path), path)


def dump(games: Game | Iterable[Game], fp: IO[str], *, unicode: bool = False, words: Words = "en") -> None:
    """Write the canonical text of a game or games to ``fp`` (``words``: as for :func:`dumps`)."""
    fp.write(dumps(games, unicode=unicode, words=words))

#: The module's public names (what other layers and the server may import).
__all__ = [
    "dump", "iter_games", "load", "load_all", "loads", "loads_all",
]
