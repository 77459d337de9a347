"""Nothing doubled, nothing dropped unproved (issue 63, point 1): every deal a page sends carries an id it
made (``Idempotency-Key``), kept with the deal in the archive; the server records an id once and answers
its repeat with the first answer, whatever the game's revision now, across a ``kill -9``; the scorer's
form carries an id of its own, so that a double tap records once. Against the real server."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import httpx
import pytest

from .serving import AUTH, Served, running
from .test_serve import TEXT, client, deal, login, new_game, server  # noqa: F401 - the fixtures, this module's own

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")


def deals_of(client: httpx.Client, game: int) -> int:
    found: int = client.get(f"/api/games/{game}").json()["settlement"]["deals"]
    return found


def test_a_deal_sent_twice_under_its_id_is_recorded_once_and_answered_as_the_first_time(client: httpx.Client) -> None:
    game = new_game(client)
    first = deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "phone-1-deal-1", "If-Match": '"1"'})
    assert first.status_code == 201 and "idempotent-replayed" not in first.headers
    # the answer was lost on the way: the phone sends the same deal again, with the revision it saw then
    again = deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "phone-1-deal-1", "If-Match": '"1"'})
    assert again.status_code == 201, again.text  # not 409: the id is looked at before the revision
    assert again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json() and again.headers["etag"] == first.headers["etag"] == '"2"'
    assert deals_of(client, game) == 1
    assert client.get(f"/api/games/{game}.pref").text.count("contract Boris: 6s") == 1


def test_an_id_is_remembered_after_its_deal_is_taken_back(client: httpx.Client) -> None:
    """A deal taken back on purpose does not come back when a late repeat of it arrives."""
    game = new_game(client)
    assert deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "late-1"}).status_code == 201
    assert client.delete(f"/api/games/{game}/deals/last", headers=AUTH).status_code == 200
    late = deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "late-1"})
    assert late.status_code == 201 and late.headers["idempotent-replayed"] == "true"
    assert "deal 1" not in client.get(f"/api/games/{game}.pref").text


def test_an_id_sent_with_another_deal_writes_nothing(client: httpx.Client) -> None:
    game = new_game(client)
    assert deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "same-id"}).status_code == 201
    other = deal(client, game, "Vera 7h wp 7", **{"Idempotency-Key": "same-id"})
    assert other.status_code == 422
    assert "another deal" in other.json()["errors"][0]["message"]
    assert deals_of(client, game) == 1
    # the same id in another game is that game's own
    second = new_game(client)
    assert deal(client, second, "Vera 7h wp 7", **{"Idempotency-Key": "same-id"}).status_code == 201


@pytest.mark.parametrize("key", ["", "a b", "x" * 129, "ключ", "<script>", '"'])
def test_an_id_that_cannot_be_one_is_refused_before_anything_is_read(client: httpx.Client, key: str) -> None:
    game = new_game(client)
    r = client.post(f"/api/games/{game}/deals", content=b"Boris 6s wp 6",
                    headers=[*AUTH.items(), *TEXT.items(), ("Idempotency-Key", key.encode("utf-8"))])
    assert r.status_code == 400, r.text
    assert "deal 1" not in client.get(f"/api/games/{game}.pref").text


def test_a_deal_after_another_phone_s_is_refused_saying_what_the_game_holds(client: httpx.Client) -> None:
    """The case of issue 63: phone A keeps a deal as deal 1 while phone B records its own deal 1."""
    game = new_game(client)
    assert deal(client, game, "Boris 6s wp 6", **{"Idempotency-Key": "phone-b", "If-Match": '"1"'}).status_code == 201
    kept = deal(client, game, "Boris 8c wp 8", **{"Idempotency-Key": "phone-a", "If-Match": '"1"'})
    assert kept.status_code == 409
    answer = kept.json()
    assert answer["revision"] == 2
    assert answer["game"]["revision"] == 2 and answer["game"]["next"] == 2
    assert [d["number"] for d in answer["game"]["last"]] == [1]
    assert "contract Boris: 6s" in answer["game"]["last"][0]["text"]
    assert "8c" not in client.get(f"/api/games/{game}.pref").text
    # the scorer says it follows: sent after it, with the same id (never recorded, so never kept)
    after = deal(client, game, "Boris 8c wp 8", **{"Idempotency-Key": "phone-a", "If-Match": '"2"'})
    assert after.status_code == 201 and after.json()["number"] == 2
    assert deals_of(client, game) == 2


def test_the_scorer_s_form_sent_twice_records_once(client: httpx.Client) -> None:
    """A double tap, or the browser sending the form again: the form's id is the page's."""
    csrf = login(client)
    game = new_game(client)
    page = client.get(f"/games/{game}/record").text
    key = re.search(r'name="key" value="([^"]+)"', page)
    revision = re.search(r'name="revision" value="([^"]+)"', page)
    assert key is not None and revision is not None
    form = {"csrf": csrf, "deal": "Boris 6s wp 6", "revision": revision.group(1), "key": key.group(1),
            "action": "add"}
    first = client.post(f"/games/{game}/record", data=form)
    second = client.post(f"/games/{game}/record", data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert "done=add" in second.headers["location"] and "number=1" in second.headers["location"]
    assert deals_of(client, game) == 1
    # each page its own id: the next deal is recorded
    page = client.get(f"/games/{game}/record").text
    key2 = re.search(r'name="key" value="([^"]+)"', page)
    assert key2 is not None and key2.group(1) != key.group(1)


def test_the_ids_survive_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    with running(db) as server, httpx.Client(base_url=server.url, timeout=30) as c:
        game = new_game(c)
        assert deal(c, game, "Boris 6s wp 6", **{"Idempotency-Key": "before-the-crash"}).status_code == 201
        server.kill()
    with running(db) as server, httpx.Client(base_url=server.url, timeout=30) as c:
        again = deal(c, game, "Boris 6s wp 6", **{"Idempotency-Key": "before-the-crash"})
        assert again.status_code == 201 and again.headers["idempotent-replayed"] == "true"
        assert deals_of(c, game) == 1
    with sqlite3.connect(db) as kept:
        assert kept.execute("SELECT COUNT(*) FROM deal_keys WHERE key = 'before-the-crash'").fetchone()[0] == 1


def test_a_deal_without_an_id_is_recorded_as_before(client: httpx.Client) -> None:
    """curl and the scripts of before send no id: each deal they send is a new one."""
    game = new_game(client)
    assert deal(client, game, "Boris 6s wp 6").status_code == 201
    assert deal(client, game, "Vera 6h wp 6", **TEXT).status_code == 201
    assert deals_of(client, game) == 2


def test_the_new_game_s_form_sent_twice_starts_one_game(client: httpx.Client) -> None:
    """A double tap on «Start the game»: one game, and both answers lead to it."""
    csrf = login(client)
    page = client.get("/new").text
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key is not None
    before = len(client.get("/api/games").json())
    form = {"csrf": csrf, "key": key.group(1), "player1": "Anna", "player2": "Boris", "player3": "Vera",
            "rules": "sochi", "pool": "10", "event": "Twice tapped"}
    first = client.post("/new", data=form)
    second = client.post("/new", data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert len(client.get("/api/games").json()) == before + 1
    # the same form's id with other players writes nothing
    other = client.post("/new", data={**form, "player3": "Gleb"})
    assert other.status_code == 422 and len(client.get("/api/games").json()) == before + 1
    # a new page, a new id: a second game with the same players is a game of its own
    fresh = re.search(r'name="key" value="([^"]+)"', client.get("/new").text)
    assert fresh is not None and fresh.group(1) != key.group(1)
    assert client.post("/new", data={**form, "key": fresh.group(1)}).status_code == 303
    assert len(client.get("/api/games").json()) == before + 2


def test_the_same_file_imported_twice_at_once_is_kept_once(server: Served, client: httpx.Client) -> None:
    """An attacker's finding (issue 63): a game already kept was looked for before the transaction that keeps
    the new ones, so the same file posted by three clients at once (or the import form tapped twice) kept
    its games two or three times. Looked for again inside that transaction, each is kept once. Each sender
    a client of its own, from a thread of its own, into the app's one loop (the imports run in its worker
    threads, as a real server's do)."""
    import threading

    import preflog
    from preflog.generator import generate

    before = len(client.get("/api/games").json())
    texts = [preflog.dumps(g) for g in generate(12, seed=631, per_game=3)]
    answers: list[int] = []

    def send(text: str) -> None:
        with server.client() as mine:
            answers.append(mine.post("/api/games", content=text.encode(), headers={**AUTH, **TEXT}).status_code)

    for text in texts:
        threads = [threading.Thread(target=send, args=(text,)) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(set(answers)) == [200, 201]
    assert len(client.get("/api/games").json()) == before + len(texts)
