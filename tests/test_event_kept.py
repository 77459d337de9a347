"""An event kept by an earlier preflog is read as it was taken in (issue 63, case 7): the archive's name rule
for players («Лёва» and «лева» one player) refuses such a file at the intake, never an event the archive
holds already; and an event this preflog cannot read at all is said, never a traceback, its boards staying
the scorer's and the rest of the archive served as before. Against the app called in process (tests/serving.py):
a fault of its own would be raised in the test, a traceback logged would be in the test's log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from preflog.event.director import new_event
from preflog.event.plan import Kind, PlanError, dumps_plan, loads_plan

from .serving import AUTH, served

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

CLASHING = ("Лёва", "лева", "Оля", "Миша", "Аня", "Боря")


def clashing_plan() -> str:
    """A duplicate event whose players clash under the archive's name rule, as an earlier preflog took it."""
    plan = new_event("Старое", ("A1", "B1", "C1", "D1", "E1", "F1"), kind=Kind.DUPLICATE, boards=2, tours=1,
                     seed="7")
    text = dumps_plan(plan)
    for old, new in zip(("A1", "B1", "C1", "D1", "E1", "F1"), CLASHING):
        text = text.replace(f'"{old}"', f'"{new}"')
    return text


def test_a_new_file_must_name_each_player_once_a_kept_one_is_read_as_it_was_taken() -> None:
    text = clashing_plan()
    with pytest.raises(PlanError, match="Лёва"):
        loads_plan(text)
    assert loads_plan(text, kept=True).players == CLASHING


def _keep(db: Path, name: str, text: str) -> None:
    """The event put in the archive's file as an earlier preflog would have (no intake)."""
    with sqlite3.connect(db) as kept:
        kept.execute("INSERT INTO events (name, plan, changed) VALUES (?, ?, '2026-01-01T00:00:00Z')", (name, text))


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")  # the deriver's thread
def test_kept_events_this_preflog_reads_otherwise_are_served_without_a_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "club.sqlite"
    game = '[Players "Anna Boris Vera"]\n[Pool "10"]\n\ndeal 1 dealer Anna\ncontract Boris: 6s\nwhist whist pass\nresult 6\n'
    with served(db) as server, server.client() as c:
        for text in (game, game.replace("Boris: 6s", "Boris: 7h").replace("result 6", "result 7")):
            assert c.post("/api/games?force=1", content=text.encode(), headers=AUTH).status_code == 201
    _keep(db, "Старое", clashing_plan())
    _keep(db, "Испорченное", '{"format": "preflog-event", "version": 1, "name": 7}')
    with sqlite3.connect(db) as kept:  # game 2 a board's game of the event that cannot be read
        kept.execute("INSERT INTO event_games (event, tour, tab, board, game) VALUES (2, 1, 1, 1, 2)")
    with served(db) as server, server.client(raise_server_exceptions=True) as c:
        for ident, expected in ((1, 200), (2, 500)):
            page = c.get(f"/events/{ident}")
            assert page.status_code == expected, page.text[:500]
            doc = c.get(f"/api/events/{ident}")
            assert doc.status_code == expected and "application/json" in doc.headers["content-type"]
        assert "Лёва" in c.get("/events/1").text and "лева" in c.get("/events/1").text
        assert "name" in c.get("/api/events/2").json()["errors"][0]["message"]
        assert c.get("/events").status_code == 200
        # the board's game of the event that cannot be read stays the scorer's; the rest is served
        assert c.get("/games/2").status_code == 403 and c.get("/api/games/2.pref").status_code == 403
        assert c.get("/api/games/2.pref", headers=AUTH).status_code == 200
        assert c.get("/games/1").status_code == 200
        export = c.get("/api/export.pref")
        assert export.status_code == 200 and export.headers["x-preflog-withheld"] == "1"
        assert "contract Boris: 6s" in export.text and "7h" not in export.text
        assert c.get("/").status_code == 200 and c.get("/stats").status_code == 200
    assert not [r for r in caplog.records if r.exc_info] and "Traceback" not in caplog.text, caplog.text[-3000:]
