"""``iter_games`` reads one game at a time: memory does not grow with the file."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import preflog
from preflog.notation.read import stream_games
from preflog.problems import Audit

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


# ---- a stream written while it is read (a pipe, a terminal) ------------------------------------

#: A deal with a slip (a bid no higher than the last), then the next deal's first line: all a reader
#: needs to know that the first deal is over.
_FIRST = HEAD + "deal 1 dealer Anna\nbids 6s 6s pass pass\n\ndeal 2 dealer Boris\n"
_REST = "bids pass pass pass\n"
_WAIT = 60  # seconds a writer waits to be heard before it goes on anyway (a reader that waits fails)


def _writer(fd: int, heard: threading.Event, early: list[bool]) -> threading.Thread:
    """A thread writing :data:`_FIRST` to the pipe ``fd``, then, once ``heard`` is set (or after
    :data:`_WAIT`), the rest; ``early`` holds whether it was heard before it wrote the rest."""
    def write() -> None:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(_FIRST)
            out.flush()
            early.append(heard.wait(_WAIT))
            out.write(_REST)
    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_pipe_is_read_live_and_a_file_or_a_text_is_not(tmp_path: Path) -> None:
    path = tmp_path / "game.pref"
    path.write_text(_FIRST + _REST, encoding="utf-8")
    with open(path, "rb") as fp:
        assert [r.live for r in stream_games(fp)] == [False]
    assert [r.live for r in stream_games(_FIRST + _REST)] == [False]
    assert [r.live for r in stream_games(io.BytesIO((_FIRST + _REST).encode()))] == [False]
    read, write = os.pipe()
    with os.fdopen(write, "w", encoding="utf-8") as out:
        out.write(_FIRST + _REST)
    with os.fdopen(read, "rb") as fp:
        assert [r.live for r in stream_games(fp)] == [True]


def test_an_audit_of_a_pipe_hands_on_each_deal_once_the_next_begins() -> None:
    """Reading ahead (``Audit.reading``) waits for nothing on a live stream: the first deal's problems
    come while the writer is still on the second deal."""
    read, write = os.pipe()
    heard, early = threading.Event(), []
    thread = _writer(write, heard, early)
    with os.fdopen(read, "rb") as fp:
        points = []
        for reading in stream_games(fp, "<stdin>"):
            for point in Audit().reading(reading):
                points.append(point)
                if point.read is not None and point.read.deal is not None and point.read.deal.number == 1:
                    assert "A202" in [v.code for v in point.problems]
                    heard.set()
    thread.join()
    assert early == [True]
    assert [p.number for p in points if p.read is not None] == [1, 2]


@pytest.mark.parametrize("options", [[], ["--no-cache"], ["--json"]])
def test_check_of_standard_input_reports_a_deal_once_the_next_begins(options: list[str]) -> None:
    """``preflog check -`` says what is wrong with a deal while the input is still being written
    (a game typed or copied in as it is played), with or without the cache, in either output."""
    process = subprocess.Popen([sys.executable, "-c", "from preflog.cli import main; main()", "check", *options, "-"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    heard, early = threading.Event(), []
    said = process.stdout if "--json" in options else process.stderr
    thread = _writer(os.dup(process.stdin.fileno()), heard, early)
    process.stdin.close()
    first = b""
    while b"A202" not in first:
        line = said.readline()
        if not line:
            break
        first += line
    heard.set()
    thread.join()
    rest = said.read()
    process.wait(timeout=_WAIT)
    assert early == [True]
    assert b"A202" in first and process.returncode == 1, first + rest
