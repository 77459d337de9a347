"""Derived data versioned (issue 44, point 2): an archive indexed by an older preflog (another
derivation) is worked out anew in the background when the server starts; meanwhile its old figures are
never served (the list says «being worked out anew», the statistics count the game out and say so),
and afterwards every figure is the present derivation's."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from .serving import served
from .test_serve import NEW

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.archive import Archive  # noqa: E402
from preflog.serve.games import index_of  # noqa: E402

DEAL = "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"


def test_an_upgrade_derives_anew_and_serves_nothing_stale(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    archive = Archive(db)
    texts = [NEW.replace("Friday", f"Friday {n}") + DEAL for n in range(40)]
    archive.add([(t, index_of(t)) for t in texts])
    archive.close()
    with sqlite3.connect(db) as old:  # as an older preflog left it: its own figures, of its derivation
        old.execute("UPDATE game_index SET derivation = 0, settlement = '{\"Anna\": 999}', violations = 7")
        old.execute("UPDATE game_stats SET derivation = 0")
    with served(db) as server, server.client() as client:  # its deriver starts with it
        deadline = time.monotonic() + 60
        while True:
            rows = client.get("/api/games").json()
            assert len(rows) == 40
            for row in rows:
                assert row["pending"] or (row["settlement"] and "999" not in str(row["settlement"])
                                          and row["violations"] == 0), row
                assert row["violations"] != 7
            page = client.get("/").text
            assert "999" not in page
            if not any(r["pending"] for r in rows):
                break
            assert time.monotonic() < deadline, "never derived anew"
            time.sleep(0.2)
        assert rows[0]["settlement"]["Boris"] > 0
        for _ in range(100):
            r = client.get("/api/stats")
            if r.headers["X-Preflog-Pending"] == "0":
                break
            time.sleep(0.2)
        assert r.headers["X-Preflog-Pending"] == "0" and r.json()["games"] == 40
    with sqlite3.connect(db) as kept:
        assert kept.execute("SELECT COUNT(*) FROM game_index WHERE derivation = 0").fetchone()[0] == 0
        assert kept.execute("SELECT COUNT(*) FROM game_stats WHERE derivation = 0").fetchone()[0] == 0


def test_a_game_of_another_derivation_shows_no_figures(tmp_path: Path) -> None:
    """The index of a game of another derivation gives no figures (the list says it is being worked out
    anew), read with no deriver running."""
    import json

    archive = Archive(tmp_path / "club.sqlite")
    archive.add([(NEW + DEAL, index_of(NEW + DEAL))])
    with sqlite3.connect(tmp_path / "club.sqlite") as old:
        old.execute("UPDATE game_index SET derivation = 0, settlement = '{\"Anna\": 999}', violations = 7")
    row = archive.games()[0]
    assert not row.current and row.settlement == {}
    listed = json.loads(archive.listing())[0]
    assert listed["pending"] is True and listed["settlement"] is None and listed["violations"] is None
    assert archive.stale() == [1] and archive.pending() == 1
    assert archive.derive(1) and archive.games()[0].current and archive.stale() == []
    archive.close()
