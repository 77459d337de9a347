"""The server judges a change once and every reader reads that judgment (issue 64, point 4): a deal
posted is replayed alone and the index and statistics kept with it are read off its judgment; the
pages, their JSON and the live part of every language read the one judgment of a revision; an imported
game's first view reads the judgment its import made, and after a start the deriver judges the newest
games before anyone asks. The app is called in process; replays are counted through a spy on
:meth:`preflog.problems.Audit.deal` (no timing)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from starlette.testclient import TestClient  # noqa: E402

from preflog.generator import generate  # noqa: E402
from preflog.notation.write import dumps  # noqa: E402
from preflog.record.recorder import Recorder  # noqa: E402
from preflog.record.short import examples  # noqa: E402
from preflog.serve.access import digest  # noqa: E402
from preflog.serve.app import create_app  # noqa: E402
from preflog.serve.archive import Archive  # noqa: E402
from preflog.serve.games import index_of  # noqa: E402

from .test_record_judgment import replays  # noqa: E402

TOKEN = "judgment-token-0123456789abcdef0123"
WRITE = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain; charset=utf-8"}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Archive]]:
    archive = Archive(tmp_path / "club.sqlite")
    with TestClient(create_app(archive, digest(TOKEN))) as client:
        yield client, archive
    archive.close()


def imported(client: TestClient, deals: int, seed: int = 5) -> int:
    answer = client.post("/api/games", content=dumps(generate(deals, seed)[:1]).encode(), headers=WRITE)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["ids"][0])


def test_a_deal_posted_is_judged_alone_and_its_index_read_off_the_judgment(
        served: tuple[TestClient, Archive]) -> None:
    """Each deal posted replays itself and the deal before it, however long the game; the statistics
    are kept with the revision it made (nothing is left for the deriver to read again)."""
    client, archive = served
    ident = int(client.post("/api/games", content=Recorder.header(["Anna", "Boris", "Vera"]).encode(),
                            headers=WRITE).json()["ids"][0])
    counts = []
    for n in range(40):
        typed = examples(Recorder(archive.text(ident)[0]).table())[("game", "all_pass", "two")[n % 3]]
        with replays() as counted:
            answer = client.post(f"/api/games/{ident}/deals", content=typed.encode(), headers=WRITE)
        assert answer.status_code == 201, answer.text
        counts.append(counted[0])
    assert max(counts) <= 2, counts
    assert archive.stale() == []
    assert archive.row(ident).deals == 40
    with sqlite3.connect(archive.path) as db:  # what was counted a deal at a time: what the whole text gives
        (kept,) = db.execute("SELECT summary FROM game_stats WHERE game = ?", (ident,)).fetchone()
    assert kept == index_of(archive.text(ident)[0]).stats


def test_every_language_reads_one_judgment(served: tuple[TestClient, Archive]) -> None:
    """A game read in English and in Russian, its page, its JSON and its pulka: not replayed once more
    after its import, whatever the language; each deal said in the reader's language."""
    client, archive = served
    ident = imported(client, 120)
    with replays() as counted:
        pages = {lang: client.get(f"/games/{ident}?lang={lang}") for lang in ("en", "ru")}
        client.get(f"/api/games/{ident}")
        client.get(f"/games/{ident}/pulka?lang=ru")
    assert counted[0] == 0
    assert all(p.status_code == 200 for p in pages.values())
    assert "tricks:" in pages["en"].text and "взятки:" in pages["ru"].text
    assert archive.judgments.made == 0  # the import's judgment, kept


def test_the_first_view_of_a_long_imported_game_reads_its_judgment(served: tuple[TestClient, Archive]) -> None:
    """A long game just imported: its page is the full page at once (no «a moment»), with no replay."""
    client, _archive = served
    ident = imported(client, 1200, seed=11)
    with replays() as counted:
        page = client.get(f"/games/{ident}?lang=ru")
    assert counted[0] == 0
    assert page.status_code == 200 and "Минутку" not in page.text and 'http-equiv="refresh"' not in page.text
    assert "deal 1200 dealer" in page.text  # the newest deal, as written, one tap away


def test_after_a_start_the_deriver_judges_the_newest_games(tmp_path: Path) -> None:
    """An archive opened by a new server: its games are judged in the background, and a first view then
    reads the judgment."""
    archive = Archive(tmp_path / "club.sqlite")
    with TestClient(create_app(archive, digest(TOKEN))) as client:
        ident = imported(client, 300, seed=2)
    archive.close()
    archive = Archive(tmp_path / "club.sqlite")
    with TestClient(create_app(archive, digest(TOKEN))) as client:
        deadline = time.monotonic() + 120
        while archive.judgments.get(ident, archive.revision(ident)) is None:
            assert time.monotonic() < deadline, "never judged"
            time.sleep(0.05)
        with replays() as counted:
            assert client.get(f"/games/{ident}").status_code == 200
        assert counted[0] == 0
    archive.close()


def test_a_deals_replay_is_made_once_for_its_readers_of_a_revision(
        served: tuple[TestClient, Archive], monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay of one deal (a page that replays the game up to it and holds its pulka) is made once
    for a revision and a language and read by every reader after; another language, another deal or a
    new revision makes its own."""
    import preflog.serve.derived as derived  # noqa: PLC0415 - the module whose work is counted

    client, archive = served
    ident = imported(client, 12)
    made: list[int | None] = []
    real = derived.page

    def counted(games: object, **options: object) -> str:
        made.append(options.get("deal"))  # type: ignore[arg-type]
        return real(games, **options)  # type: ignore[arg-type]
    monkeypatch.setattr(derived, "page", counted)
    bodies = {client.get(f"/games/{ident}/deals/6").text for _ in range(3)}
    assert made == [6] and len(bodies) == 1 and "<html" in bodies.pop()
    client.get(f"/games/{ident}/deals/6?lang=ru")
    client.get(f"/games/{ident}/deals/7?lang=en")
    client.get(f"/games/{ident}/deals/7")
    assert made == [6, 6, 7]
    typed = examples(Recorder(archive.text(ident)[0]).table())["all_pass"]
    assert client.post(f"/api/games/{ident}/deals", content=typed.encode(), headers=WRITE).status_code == 201
    client.get(f"/games/{ident}/deals/7")
    assert made == [6, 6, 7, 7]


def test_the_games_json_is_made_once_for_readers_who_ask_at_once(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty readers asking at once for a game's JSON share one making of it (each made its own: a
    long game's JSON cost 20 times 238 ms, and /healthz waited behind it)."""
    import asyncio  # noqa: PLC0415

    import httpx  # noqa: PLC0415

    from preflog.serve.view import GameView  # noqa: PLC0415 - the work counted

    made: list[int] = []
    real = GameView.json_text

    def counted(self: GameView, ident: int, revision: int) -> str:
        made.append(revision)
        time.sleep(0.05)  # long enough for every reader to ask meanwhile
        return real(self, ident, revision)
    monkeypatch.setattr(GameView, "json_text", counted)
    archive = Archive(tmp_path / "club.sqlite")

    async def readers() -> tuple[list[httpx.Response], httpx.Response]:
        transport = httpx.ASGITransport(app=create_app(archive, digest(TOKEN)))
        async with httpx.AsyncClient(transport=transport, base_url="http://club") as c:
            answer = await c.post("/api/games", content=dumps(generate(30, 5)[:1]).encode(), headers=WRITE)
            ident = answer.json()["ids"][0]
            together = await asyncio.gather(*(c.get(f"/api/games/{ident}") for _ in range(20)))
            return list(together), await c.get(f"/api/games/{ident}")
    answers, later = asyncio.run(readers())
    archive.close()
    assert {a.status_code for a in answers} == {200} and len({a.content for a in answers}) == 1
    assert later.content == answers[0].content and later.json()["revision"] == 1
    assert made == [1]


def test_the_pulka_page_is_rendered_once_a_revision_and_a_replay_keeps_its_policy(
        served: tuple[TestClient, Archive], monkeypatch: pytest.MonkeyPatch) -> None:
    import preflog.serve.pages as pages  # noqa: PLC0415 - the module whose work is counted

    client, archive = served
    ident = imported(client, 12)
    rendered: list[str] = []
    real = pages.render

    def counted(request: object, name: str, *args: object, **context: object) -> object:
        rendered.append(name)
        return real(request, name, *args, **context)  # type: ignore[arg-type]
    monkeypatch.setattr(pages, "render", counted)
    bodies = {client.get(f"/games/{ident}/pulka").content for _ in range(3)}
    assert rendered == ["pulka.html"] and len(bodies) == 1 and b"<svg" in bodies.pop()
    assert "set-cookie" not in client.get(f"/games/{ident}/pulka").headers  # the same for every reader
    assert "set-cookie" in client.get(f"/games/{ident}/pulka?lang=ru").headers  # a language chosen: not kept
    assert rendered == ["pulka.html", "pulka.html"]
    typed = examples(Recorder(archive.text(ident)[0]).table())["all_pass"]
    assert client.post(f"/api/games/{ident}/deals", content=typed.encode(), headers=WRITE).status_code == 201
    client.get(f"/games/{ident}/pulka")
    assert rendered == ["pulka.html"] * 3  # a new revision, a new page
    replay = client.get(f"/games/{ident}/deals/3")
    policy = replay.headers["content-security-policy"]
    assert "script-src 'sha256-" in policy and client.get(f"/games/{ident}/deals/3").headers[
        "content-security-policy"] == policy
    assert client.get(f"/games/{ident}/deals/99").status_code == 404
    for digits in (19, 26, 4301, 5000):  # no such game: never a 500 (Python reads no int of over 4,300 digits)
        huge = "9" * digits
        for path in (f"/games/{huge}", f"/api/games/{huge}", f"/games/{huge}/pulka", f"/games/{ident}/deals/{huge}"):
            assert client.get(path).status_code == 404, (digits, path)


def test_the_first_deal_after_an_import_counts_the_statistics_on_from_the_imports(
        served: tuple[TestClient, Archive], monkeypatch: pytest.MonkeyPatch) -> None:
    """An import keeps the tally of the game's statistics with its judgment: the deal recorded after it
    counts its own figures and the last few deals', not the game's 300 (and what it keeps is what the
    whole text gives)."""
    from preflog.statistics.tally import PlayerStats  # noqa: PLC0415 - the work counted

    client, archive = served
    ident = imported(client, 300)
    counted: list[int] = []
    real = PlayerStats.add_deal

    def add_deal(self: PlayerStats, deal: object, player: str) -> None:
        counted.append(1)
        real(self, deal, player)  # type: ignore[arg-type]
    monkeypatch.setattr(PlayerStats, "add_deal", add_deal)
    typed = examples(Recorder(archive.text(ident)[0]).table())["all_pass"]
    assert client.post(f"/api/games/{ident}/deals", content=typed.encode(), headers=WRITE).status_code == 201
    assert 0 < len(counted) <= 3 * 5, len(counted)  # three players, a few deals
    monkeypatch.setattr(PlayerStats, "add_deal", real)
    with sqlite3.connect(archive.path) as db:
        (kept,) = db.execute("SELECT summary FROM game_stats WHERE game = ?", (ident,)).fetchone()
    assert kept == index_of(archive.text(ident)[0]).stats
