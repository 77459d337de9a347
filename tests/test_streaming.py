"""``iter_games`` reads one game at a time: memory does not grow with the file."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

import preflog

from .conftest import HEAD

GAME = HEAD + "deal\nresult 5\n\n"


class CountingFile:
    """A text file that counts the lines it has handed out."""

    def __init__(self, text: str) -> None:
        self.lines = io.StringIO(text).readlines()
        self.read = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            self.read += 1
            yield line


def test_iter_games_does_not_read_ahead_of_the_game_it_yields() -> None:
    fp = CountingFile(GAME * 1000)
    games = preflog.iter_games(fp)  # type: ignore[arg-type]
    next(games)
    assert fp.read == GAME.count("\n") + 1  # the game, and the first line of the next one
    next(games)
    assert fp.read == 2 * GAME.count("\n") + 1
    assert sum(1 for _ in games) == 998


def test_iter_games_binary_file() -> None:
    games = list(preflog.iter_games(io.BytesIO((GAME * 3).encode())))
    assert [len(g.deals) for g in games] == [1, 1, 1]


def test_iter_games_raises_at_the_first_bad_game_with_all_its_errors() -> None:
    text = GAME + HEAD + "deal\ntalon 7s\ndeal\nplay Kx\n" + GAME
    games = preflog.iter_games(io.StringIO(text))
    assert len(next(games).deals) == 1
    with pytest.raises(preflog.NotationError) as info:
        next(games)
    assert [e.line for e in info.value.errors] == [9, 11]


def test_load_and_dump_like_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.pref"
    game = preflog.loads(GAME)
    with open(path, "w", encoding="utf-8") as fp:
        preflog.dump(game, fp)
    with open(path, encoding="utf-8") as fp:
        assert preflog.load(fp) == game
    with open(path, "rb") as fp:
        assert preflog.load_all(fp) == [game]


def test_load_of_a_path_says_to_open_it_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """As json.load, load takes an open file; a path is a likely slip and gets a hint, not a bare
    'not iterable'."""
    path = tmp_path / "g.pref"
    path.write_text(GAME, encoding="utf-8")
    with pytest.raises(TypeError, match=r"is a path, not an open file: open it first"):
        preflog.load(path)
    with pytest.raises(TypeError, match=r"is a path"):
        list(preflog.iter_games(path))
