"""The live part of a game's page, worked out once for every watcher of a revision: a watcher that
leaves while it is at work (a scorer's page moving on to its next deal) must not stop it for the others,
nor leave a stopped piece of work for the next watchers to get (the evening's watcher, stuck on «connection
lost» in CI, was this)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

from preflog.i18n import using_language  # noqa: E402
from preflog.serve.archive import Archive  # noqa: E402
from preflog.serve.context import Club  # noqa: E402
from preflog.serve.games import index_of  # noqa: E402
from preflog.serve.rendering import live_fragment  # noqa: E402

GAME = '[Players "Anna Boris Vera"]\n[Pool "10"]\n\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n'


def test_a_watcher_that_leaves_stops_nothing_for_the_others(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "club.sqlite")
    archive.add([(GAME, index_of(GAME))])
    club = Club(archive, "digest")

    async def evening() -> tuple[dict[str, Any], dict[str, Any]]:
        with using_language("ru"):
            leaving = asyncio.ensure_future(live_fragment(club, 1, 1))
            staying = asyncio.ensure_future(live_fragment(club, 1, 1))
            await asyncio.sleep(0)  # both wait for the same piece of work
            leaving.cancel()
            seen = await staying
            later = await live_fragment(club, 1, 1)  # a watcher that comes after
            return seen, later

    try:
        seen, later = asyncio.run(evening())
    finally:
        archive.close()
    assert seen["revision"] == later["revision"] == 1
    assert seen["deals"] == 1 and 'id="deal-1"' in later["html"]
