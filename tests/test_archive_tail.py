"""A deal recorded writes what it adds, not its whole game again (issue 64, point 8: a deal costs at deal
1,000 what it costs at deal 10): a game's text is kept apart from its row (schema 9), and what a change
adds at the end of it is a piece of its tail, folded into the text every MAX_TAIL pieces; every reader of
the archive reads the game whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from preflog.generator import generate
from preflog.notation.write import iter_dumps

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

from preflog.record.recorder import Recorder  # noqa: E402
from preflog.serve.archive import MIGRATIONS, Archive  # noqa: E402
from preflog.serve.archive.games import MAX_TAIL  # noqa: E402

DEALS = MAX_TAIL + 8


def game_text() -> tuple[str, list[str]]:
    """A generated game: its tags, and each of its deals as the notation writes it."""
    text = "".join(iter_dumps(generate(DEALS, 17)))
    head, *deals = text.strip().split("\n\ndeal ")
    return head + "\n", [f"deal {d}\n" for d in deals]


def stored(path: Path, game: int) -> tuple[str, int, list[str]]:
    """What the file holds of ``game``: ``game_texts.text``, ``games.tail``, and the tail's pieces in order
    (and ``games.text`` is empty: the columns after it are read without going through the text)."""
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT text FROM games WHERE id = ?", (game,)).fetchone() == ("",)
        text, tail = db.execute("SELECT t.text, g.tail FROM games g JOIN game_texts t ON t.game = g.id "
                                "WHERE g.id = ?", (game,)).fetchone()
        pieces = [r[0] for r in db.execute("SELECT text FROM game_tail WHERE game = ? ORDER BY piece", (game,))]
    return str(text), int(tail), pieces


def add(archive: Archive, game: int, deal: str) -> None:
    def edit(recorder: Recorder) -> None:
        recorder.add(deal)
    archive.change(game, edit)


def test_a_deal_recorded_is_written_as_itself_and_folded_into_the_text_every_max_tail(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    archive = Archive(path)
    tags, deals = game_text()
    game = archive.new_game(tags)
    texts = [archive.text(game).text]
    for n, deal in enumerate(deals, 1):
        add(archive, game, deal)
        whole, revision = archive.text(game)
        assert revision == n + 1
        assert whole.startswith(texts[-1]) and len(whole) > len(texts[-1])
        texts.append(whole)
        head, tail, pieces = stored(path, game)
        assert head + "".join(pieces) == whole and tail == len(pieces)
        if n <= MAX_TAIL:  # the text as it was started stays; each deal is a piece of its own
            assert head == texts[0] and tail == n and pieces[-1] == whole[len(texts[-2]):]
        elif n == MAX_TAIL + 1:  # the tail full: folded into the text with the deal after it
            assert head == whole and tail == 0
        else:
            assert head == texts[MAX_TAIL + 1] and tail == n - MAX_TAIL - 1
    # every reader of the archive reads each game whole
    assert [t.text for t in archive.game_texts()] == [whole]
    assert [t.text for t in archive.texts()] == [whole]
    assert "".join(archive.export()) == whole
    archive.close()


def recorded(path: Path, deals: list[str], tags: str) -> tuple[Archive, int]:
    """An archive at ``path`` with one game of ``tags``, its ``deals`` recorded one by one; the game's id."""
    archive = Archive(path)
    game = archive.new_game(tags)
    for deal in deals:
        add(archive, game, deal)
    return archive, game


def test_a_change_inside_the_text_writes_it_whole_and_keeps_the_text_before(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    tags, deals = game_text()
    archive, game = recorded(path, deals[:5], tags)
    before = archive.text(game)
    assert stored(path, game)[1] == 5

    def undo(recorder: Recorder) -> None:
        recorder.undo()
    archive.change(game, undo)
    after = archive.text(game)
    assert before.text.startswith(after.text) and after.text != before.text
    assert stored(path, game) == (after.text, 0, [])  # the whole text written, the tail emptied
    assert archive.history(game)[-1].text == before.text  # nothing lost: the text before is kept
    add(archive, game, deals[4])  # recorded again: a piece once more
    assert stored(path, game)[1:] == (1, [archive.text(game).text[len(after.text):]])
    assert archive.text(game).text == before.text
    archive.close()


def test_the_statistics_are_made_from_the_whole_text(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    tags, deals = game_text()
    archive, game = recorded(path, deals[:3], tags)
    with sqlite3.connect(path) as db:  # the statistics as of another revision: made anew, from the text
        db.execute("UPDATE game_stats SET revision = 0")
    (summary,) = archive.summaries()
    assert summary.summary is None and summary.text == archive.text(game).text
    archive.close()


def test_an_archive_of_schema_8_reads_its_games_as_before(tmp_path: Path) -> None:
    path = tmp_path / "v8.sqlite"
    tags, deals = game_text()
    text = tags + "\n" + "\n".join(deals[:3])
    with sqlite3.connect(path) as db:
        for step in MIGRATIONS[:8]:
            db.executescript(step)
        db.execute("INSERT INTO games (text, added, changed) VALUES (?, '2026-01-01', '2026-01-01')", (text,))
        db.execute("PRAGMA user_version=8")
    archive = Archive(path)
    assert archive.text(1) == (text, 1)
    add(archive, 1, deals[3])
    whole = archive.text(1).text
    assert whole.startswith(text) and deals[3].strip() in whole
    assert stored(path, 1) == (text, 1, [whole[len(text):]])
    archive.close()


def test_what_an_older_preflog_still_serving_the_file_writes_is_kept_where_this_one_reads(tmp_path: Path) -> None:
    """A preflog of schema 8 left serving the file while a newer one brought it to schema 9 (an upgrade
    whose nightly backup opened it) writes games.text: a game it adds, or a text it writes whole, is
    moved to game_texts, where this schema reads it (and the empty games.text it reads makes it record
    nothing into a game kept before)."""
    path = tmp_path / "club.sqlite"
    tags, deals = game_text()
    archive, game = recorded(path, deals[:3], tags)
    text = tags + "\n" + "\n".join(deals[:2])
    with sqlite3.connect(path) as old:  # as schema 8's code writes
        old.execute("PRAGMA foreign_keys=ON")
        added = old.execute("INSERT INTO games (text, added, changed) VALUES (?, '2026-01-01', '2026-01-01')",
                            (text,)).lastrowid
        old.execute("UPDATE games SET text = ?, revision = revision + 1 WHERE id = ?", (text, game))
    assert added is not None
    assert archive.text(added) == (text, 1) and stored(path, added) == (text, 0, [])
    assert archive.text(game) == (text, 5) and stored(path, game) == (text, 0, [])  # written whole: its tail gone
    assert [t.text for t in archive.game_texts()] == [text, text]
    archive.close()
