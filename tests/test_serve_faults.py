"""Faults said plainly (issue 44, point 6), against a real ``preflog serve`` on a disk of its own: a full
disk refuses the write with 507 in the asker's language and changes nothing, while every read goes on;
a read-only archive is served for reading (writes 503 with the reason) and exports; each kind of fault
leaves one line in the log, not a traceback. The disks are small tmpfs mounts, so these tests run as
root and are skipped, with the reason, elsewhere."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .conftest import ROOT
from .serving import AUTH, Server
from .test_serve import NEW, TEXT, login

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

DEAL = "\ndeal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB disk of its own (tmpfs), unmounted after."""
    if os.geteuid() != 0:
        pytest.skip("a disk of its own is a tmpfs mount, which needs root")
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Fill the disk to its last byte; the file that does."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 1):
            try:
                while os.write(fd, b"\0" * size):
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_refuses_the_write_and_every_read_goes_on(disk: Path) -> None:
    server = Server(disk / "club.sqlite", logs=disk.parent)
    try:
        r = httpx.post(server.url + "/api/games", content=(NEW + DEAL).encode(), headers={**AUTH, **TEXT})
        assert r.status_code == 201
        game = r.json()["ids"][0]
        before = httpx.get(f"{server.url}/api/games/{game}.pref").text
        phone_client = httpx.Client(base_url=server.url, headers={"Accept-Language": "ru"})
        csrf = login(phone_client)
        filler = fill(disk)
        ru = {**AUTH, **TEXT, "Accept-Language": "ru"}
        for typed in ("Vera 6h pp", "Anna 6c pp", "pass 4 3 3"):
            r = httpx.post(f"{server.url}/api/games/{game}/deals", content=typed.encode(), headers=ru)
            assert r.status_code == 507, r.text
            assert "диск" in r.json()["errors"][0]["message"] and "ничего не записано" in r.json()["errors"][0]["message"]
        # logged in before the disk was full (a login is a write too)
        r = phone_client.post(f"/games/{game}/record", data={"deal": "Vera 6h pp", "csrf": csrf, "action": "add"})
        phone_client.close()
        assert r.status_code == 507 and "диск сервера заполнен" in r.text
        assert 'value="Vera 6h pp"' in r.text or ">Vera 6h pp<" in r.text  # what was typed is kept
        assert httpx.get(f"{server.url}/api/games/{game}.pref").text == before  # nothing changed
        for path in ("/", f"/games/{game}", "/stats", f"/api/games/{game}", "/api/export.pref"):
            assert httpx.get(server.url + path).status_code == 200, path
        log = server.log
        assert "Traceback" not in log and log.count("preflog: ") == 1, log  # one line for the four
        filler.unlink()
        r = httpx.post(f"{server.url}/api/games/{game}/deals", content=b"Vera 6h pp", headers={**AUTH, **TEXT})
        assert r.status_code == 201  # room again: writing again
    finally:
        server.stop()


def test_a_read_only_archive_is_served_for_reading_and_exports(disk: Path) -> None:
    from preflog.serve.archive import Archive
    from preflog.serve.games import index_of

    archive = Archive(disk / "club.sqlite")
    archive.add([(NEW + DEAL, index_of(NEW + DEAL))])
    archive.close()
    done = subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make the disk read-only: {done.stderr.strip()}")
    server = Server(disk / "club.sqlite", logs=disk.parent)
    try:
        assert "served for reading only" in server.said
        for path in ("/", "/games/1", "/stats", "/api/games/1", "/api/export.pref"):
            assert httpx.get(server.url + path).status_code == 200, path
        r = httpx.post(server.url + "/api/games/1/deals", content=b"Vera 6h pp", headers={**AUTH, **TEXT})
        assert r.status_code == 503 and "reading only" in r.json()["errors"][0]["message"]
        assert "Traceback" not in server.log
    finally:
        server.stop()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
    env.update(PYTHONPATH=str(ROOT), PREFLOG_LANG="en")
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "serve", "--db",
                           str(disk / "club.sqlite"), "--export", "-"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "contract Boris: 7s" in done.stdout and "Traceback" not in done.stderr
