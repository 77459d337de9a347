"""Who may write, as a club's server meets it (issue 44, point 4), against the app called in process
and, where the command or the socket is what is tested, a real ``preflog serve``: a new token ends every
login, a login ends on the server after its days, wrong tokens are held to one budget however many guess
at once, a short token is refused, the CSRF token is the login's own, the token is judged before a body
is read, and the archive is its owner's alone."""

from __future__ import annotations

import concurrent.futures
import os
import socket
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .conftest import ROOT
from .serving import TOKEN, Server, running, served
from .test_serve import NEW, TEXT, login, page_csrf

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

OTHER = "another-token-of-the-club-0123456789"


def a_login(db: Path) -> tuple[str, dict[str, str]]:
    """A login made on a server of ``db`` (stopped after): its CSRF token and its cookies."""
    with served(db) as server, server.client() as c:
        csrf = login(c)
        assert writes(c, csrf) == 201
        return csrf, dict(c.cookies)


def writes(client: httpx.Client, csrf: str) -> int:
    """The status of a game made through a login (201 when it may write)."""
    return client.post("/api/games", content=NEW, headers={**TEXT, "X-CSRF-Token": csrf}).status_code


def test_a_new_token_ends_every_login(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    csrf, cookies = a_login(db)
    with running(db, token=OTHER) as server:  # PREFLOG_TOKEN changed, as docs/deploy.md has it
        assert "every login has ended" in server.said
        with httpx.Client(base_url=server.url, cookies=cookies) as c:
            assert writes(c, csrf) == 401
            assert c.get("/games/1/record").status_code == 303  # to the login
    with running(db) as server, httpx.Client(base_url=server.url, cookies=cookies) as c:
        assert writes(c, csrf) == 401  # and back: the logins of the old token stay ended


def test_new_token_with_the_token_in_the_environment_says_what_it_does(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    csrf, cookies = a_login(db)
    with running(db, extra=("--new-token",)) as server:
        assert "--new-token makes no token while PREFLOG_TOKEN is set" in server.said
        with httpx.Client(base_url=server.url, cookies=cookies) as c:
            assert writes(c, csrf) == 401
        assert httpx.post(server.url + "/api/games", content=NEW,
                          headers={**TEXT, "Authorization": f"Bearer {TOKEN}"}).status_code == 201


def test_a_login_ends_on_the_server_after_its_days(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    with served(db) as server, server.client() as c:
        csrf = login(c)
        assert writes(c, csrf) == 201
        with sqlite3.connect(db) as kept:  # a login of the year 2000, kept by a browser since
            kept.execute("UPDATE sessions SET created = '2000-01-01T00:00:00Z'")
        assert writes(c, csrf) == 401


def test_a_short_token_is_refused_with_how_to_make_one(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
    env.update(PYTHONPATH=str(ROOT), PREFLOG_TOKEN="q", PREFLOG_LANG="en")
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", "--db",
                           str(tmp_path / "club.sqlite"), "--port", "0"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "PREFLOG_TOKEN is too short (1 character, at least 16)" in done.stderr
    assert "secrets.token_urlsafe(32)" in done.stderr


def test_wrong_tokens_are_one_budget_however_many_guess(tmp_path: Path) -> None:
    """30 guesses at once: the first ten are judged (401), the rest are not tried (429, with when to
    come back), and while none is left the right token waits too; the login form keeps the same budget."""
    with served(tmp_path / "club.sqlite") as server:
        def guess(n: int) -> httpx.Response:
            with server.client() as c:
                return c.post("/api/games", content=NEW,
                              headers={**TEXT, "Authorization": f"Bearer guess-{n:04d}-0123456789abcdef"})

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(guess, range(30)))
        statuses = sorted(r.status_code for r in answers)
        assert statuses.count(401) == 10 and statuses.count(429) == 20, statuses
        late = [r for r in answers if r.status_code == 429][0]
        assert 1 <= int(late.headers["Retry-After"]) <= 6 and "too many wrong tokens" in late.text
        with server.client() as c:
            right = c.post("/api/games", content=NEW, headers={**TEXT, "Authorization": f"Bearer {TOKEN}"})
            assert right.status_code == 429
            csrf = page_csrf(c, "/login")
            r = c.post("/login", data={"csrf": csrf, "token": TOKEN, "next": "/"})
            assert r.status_code == 429 and "preflog_session" not in r.headers.get("set-cookie", "")


def test_the_token_is_judged_before_the_body_is_read(tmp_path: Path) -> None:
    """A 16 MiB upload announced without a token, its body never sent: refused at once, not waited for."""
    server = Server(tmp_path / "club.sqlite")
    try:
        host, port = server.url.removeprefix("http://").split(":")
        for path, kind, size in (("/api/games", "text/plain", 16 * 1024 * 1024),
                                 ("/import", "multipart/form-data; boundary=x", 16 * 1024 * 1024),
                                 ("/api/games/1/deals", "text/plain", 60_000)):  # a form's limit is 64 KiB
            with socket.create_connection((host, int(port)), timeout=10) as s:
                s.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {kind}\r\n"
                          f"Content-Length: {size}\r\n\r\n".encode())
                head = s.recv(4096).decode("latin-1")  # a timeout here: the server waits for the body
            assert head.startswith(("HTTP/1.1 401", "HTTP/1.1 403")), (path, head[:200])
    finally:
        server.stop()


def test_log_out_on_every_phone(tmp_path: Path) -> None:
    with served(tmp_path / "club.sqlite") as server, server.client() as phone, server.client() as lost:
        csrf, other = login(phone), login(lost)
        assert writes(lost, other) == 201
        assert "Log out on every phone" in phone.get("/").text
        r = phone.post("/logout", data={"csrf": csrf, "everywhere": "1"})
        assert r.status_code == 303
        assert "Logged out on every phone" in phone.get(r.headers["location"]).text  # said where the eye is
        assert writes(lost, other) == 401 and writes(phone, csrf) == 401


def test_the_archive_is_its_owners_alone(tmp_path: Path) -> None:
    with served(tmp_path / "club.sqlite") as server, server.client() as c:
        assert c.post("/api/games", content=NEW, headers={**TEXT, "Authorization": f"Bearer {TOKEN}"}).status_code == 201
        for name in ("club.sqlite", "club.sqlite-wal", "club.sqlite-shm"):
            assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name


def test_a_write_to_one_game_never_waits_for_anothers(tmp_path: Path) -> None:
    """Point 5: while a write to game 1 is still at work (its edit held open), a write to game 2 is done;
    a second write to game 1 waits for the first, and a write that saw an older revision is refused."""
    import threading

    from preflog.serve.archive import Archive, Conflict
    from preflog.serve.games import index_of

    archive = Archive(tmp_path / "club.sqlite")
    archive.add([(NEW, index_of(NEW)), (NEW, index_of(NEW))])
    inside, release = threading.Event(), threading.Event()

    def slow(recorder: object) -> str:
        inside.set()
        assert release.wait(30)
        return recorder.add("Boris 6s pp")  # type: ignore[attr-defined, no-any-return]

    first = threading.Thread(target=archive.change, args=(1, slow))
    first.start()
    assert inside.wait(30)
    other: list[int] = []
    meanwhile = threading.Thread(target=lambda: other.append(archive.change(2, lambda r: r.add("Boris 6s pp"))[0]))
    meanwhile.start()
    meanwhile.join(20)
    if meanwhile.is_alive():  # waiting for game 1's edit: let it go, and fail
        release.set()
    assert other == [2]
    again: list[int] = []
    second = threading.Thread(target=lambda: again.append(archive.change(1, lambda r: r.add("Vera 6h pp"))[0]))
    second.start()
    second.join(0.5)
    assert second.is_alive() and archive.revision(1) == 1  # game 1's second write waits for its first
    release.set()
    first.join(30)
    second.join(30)
    assert again == [3] and archive.revision(1) == 3
    with pytest.raises(Conflict):
        archive.change(1, lambda r: r.add("Anna 6c pp"), expect=2)
    archive.close()
