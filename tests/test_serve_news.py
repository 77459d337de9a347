"""The write path publishes (issue 64, point 5): each change committed to the archive is published,
after its commit, to the archive's subscribers — a game at its new revision, an event's file kept or
drawn further — whoever made it: the API, a scorer's form, an event's upload, or the archive called
directly. The live streams and the deriver are subscribers; the front doors (``api.py``, ``pages.py``,
``event_pages.py``) tell nobody themselves."""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .serving import AUTH, served
from .test_serve import NEW, TEXT, login

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.event.director import new_event  # noqa: E402
from preflog.event.plan import dumps_plan  # noqa: E402
from preflog.serve.archive import Archive, Changed, Conflict, Redrawn  # noqa: E402
from preflog.serve.event_pages import keep_event  # noqa: E402
from preflog.serve.live import Broadcaster  # noqa: E402

from .test_event import NINE  # noqa: E402

DEAL = "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"
FRONT_DOORS = ("api.py", "pages.py", "event_pages.py")


def test_each_change_committed_is_published_with_its_revision(tmp_path: Path) -> None:
    """A game opened is news at revision 1, each deal recorded or taken back at the next; a change
    refused (a conflict, a deal the engine refuses) is not; an import's new games and an event's tables
    are news, and so is the event's file; after unsubscribing nothing is heard."""
    archive = Archive(tmp_path / "club.sqlite")
    heard: list[object] = []
    stop = archive.subscribe(heard.append)
    game = archive.new_game(NEW)
    assert archive.change(game, lambda recorder: recorder.add("Boris 7s wp 8")).revision == 2
    assert archive.change(game, lambda recorder: recorder.undo(), expect=2).revision == 3
    with pytest.raises(Conflict):
        archive.change(game, lambda recorder: recorder.add("pass 4 3 3"), expect=2)
    with pytest.raises(Exception, match="tricks"):  # 11 tricks in a deal of 10: the recorder refuses it
        archive.change(game, lambda recorder: recorder.add("Vera 7s wp 11"))
    (imported,) = archive.import_text(NEW.replace("Friday", "Saturday") + DEAL, "saturday.pref").ids
    event = keep_event(archive, dumps_plan(new_event("Evening", NINE[:6], tours=1, pool=10)))
    tables = [row.game for row in archive.event_games(event)]
    assert len(tables) == 2
    stop()
    archive.change(game, lambda recorder: recorder.add("pass 4 3 3"))  # heard by nobody
    archive.close()
    assert heard == [Changed(game, 1), Changed(game, 2), Changed(game, 3), Changed(imported, 1),
                     *[Changed(t, 1) for t in tables], Redrawn(event, 1)]


def news(stream: httpx.Response) -> Iterator[dict[str, Any] | None]:
    """What a game's stream says: each ``change`` event's data, and None for each keep-alive (sent after
    15 seconds of nothing new)."""
    data: list[str] = []
    for line in stream.iter_lines():
        if line.startswith(": still here"):
            yield None
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and data:
            yield json.loads("\n".join(data))
            data = []


def test_a_change_made_through_the_archive_reaches_the_watchers(tmp_path: Path) -> None:
    """The archive called directly (no front door involved) is heard by a watcher's stream of the app,
    with the revision it made, before any keep-alive."""
    with served(tmp_path / "club.sqlite") as server, server.client() as watcher:
        game = server.archive.new_game(NEW)
        with watcher.stream("GET", f"/api/games/{game}/events") as stream:
            said = news(stream)
            first = next(said)
            assert first is not None and (first["revision"], first["deals"]) == (1, 0)
            made = server.archive.change(game, lambda recorder: recorder.add("Boris 7s wp 8"))
            second = next(said)
            assert second is not None, "the stream heard nothing of the change"
            assert (second["revision"], second["deals"]) == (made.revision, 1) == (2, 1)


def test_the_front_doors_tell_nobody_themselves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal through the API, one through the scorer's form, an event uploaded: each reaches the live
    streams' broadcaster, and never from a front door's code (only from the archive's news)."""
    told: list[tuple[tuple[Any, ...], list[str]]] = []
    tell = Broadcaster.tell

    def spy(self: Broadcaster, *args: Any) -> None:
        told.append((args, [Path(frame.filename).name for frame in traceback.extract_stack()]))
        tell(self, *args)
    monkeypatch.setattr(Broadcaster, "tell", spy)
    with served(tmp_path / "club.sqlite") as server, server.client() as c:
        game = server.archive.new_game(NEW)
        assert c.post(f"/api/games/{game}/deals", content=b"Boris 7s wp 8", headers={**AUTH, **TEXT}).status_code == 201
        csrf = login(c)
        form = c.post(f"/games/{game}/record", data={"csrf": csrf, "action": "add", "deal": "pass 4 3 3"})
        assert form.status_code == 303, form.text
        plan = dumps_plan(new_event("Evening", NINE[:6], tours=1, pool=10))
        upload = c.post("/events", files={"file": ("evening.json", plan.encode())}, headers=AUTH)
        assert upload.status_code == 303, upload.text
        event = int(re.sub(r"\D", "", upload.headers["location"]))
        assert c.get("/healthz").status_code == 200  # a turn of the loop: every news handed to it is told
    doors = [(args, [f for f in stack if f in FRONT_DOORS]) for args, stack in told]
    assert not [found for found in doors if found[1]], doors
    heard = [args[0] for args, _stack in told]
    assert Changed(game, 2) in heard and Changed(game, 3) in heard and Redrawn(event, 1) in heard
