"""An event's view works from the values it has (issue 64, «a deal judged four times»): the tables'
games are opened from the games made for them, their index made from those records, not from their text
written and read back; and the event's page is worked out from each game's judgment the archive keeps
(by game and revision, made once by the change that made the revision), never by reading a game's text
again. Every text preflog reads goes through the reader's one gate, ``preflog.notation.read.split``
(whole games, and a changed game's end read on): the tests count what passes it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import preflog.notation.read as reader
from preflog.event.director import event_boards, new_event
from preflog.event.plan import Kind, dumps_plan, loads_plan
from preflog.event.results import collect
from preflog.notation.api import loads

from .test_event import NINE

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.archive import Archive  # noqa: E402
from preflog.serve.event_pages import keep_event  # noqa: E402
from preflog.serve.event_view import EventsKept, games_to_open  # noqa: E402
from preflog.serve.games import index_of  # noqa: E402


@contextmanager
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The texts read in the block (one a call of the reader's gate)."""
    found: list[int] = []
    split = reader.split  # type: ignore[attr-defined]  # read.py's own import: the name its readers call

    def counted(lines: Iterable[str]) -> Any:
        found.append(1)
        return split(lines)
    with monkeypatch.context() as patch:
        patch.setattr(reader, "split", counted)
        yield found


def test_the_gate_counts_what_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The spy sees a text read (else the tests below could not fail)."""
    with reads(monkeypatch) as found:
        loads('[Players "Anna Boris Vera"]\n')
    assert found


@pytest.mark.parametrize("plan", [new_event("Evening", NINE[:6], tours=2, pool=10),
                                  new_event("Boards", NINE[:6], kind=Kind.DUPLICATE, boards=4, tours=2, seed="7")],
                         ids=["swiss", "duplicate"])
def test_the_tables_games_are_indexed_from_the_games_made_not_their_text_read_back(
        plan: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    event_boards(plan)  # a duplicate's boards are its file's hand record, read once and kept: input, not made here
    with reads(monkeypatch) as found:
        opened = games_to_open(plan, set(), today="2026-05-01")
    assert not found, f"{len(found)} texts read to open {len(opened)} tables' games"
    assert len(opened) == sum(len(t.tables) * (len(t.boards) or 1) for t in plan.drawn) > 1
    for _tour, _table, _board, text, indexed in opened:  # the same index as the text written gives, read
        again = index_of(text)
        assert (indexed, indexed.stats, indexed.fingerprint) == (again, again.stats, again.fingerprint)


def test_the_event_view_reads_no_game_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal recorded at a table is judged once, by the change; the event's page worked out anew after
    it reads no game's text (its games' judgments are kept), and says what reading every game says."""
    archive = Archive(tmp_path / "club.sqlite")
    try:
        plan_text = dumps_plan(new_event("Evening", NINE[:6], tours=1, pool=10))
        event = keep_event(archive, plan_text)
        first, second = (row[3] for row in archive.event_games(event))
        archive.change(first, lambda recorder: recorder.add("pass 4 3 3"))
        kept = EventsKept()
        kept.work(archive, event)
        archive.change(second, lambda recorder: recorder.add("pass 3 4 3"))
        with reads(monkeypatch) as found:
            work = kept.work(archive, event)
        assert not found, f"the event's view read {len(found)} texts of its games"
        plan = loads_plan(plan_text, kept=True)
        games = [(f"/games/{g}", loads(archive.text(g)[0])) for g in (first, second)]
        assert work.results == collect(plan, games, {b.number: b for b in event_boards(plan)} or None)
        assert [t.done for t in work.tables] == [1, 1]
    finally:
        archive.close()
