"""``preflog record`` as a process: killed with SIGKILL at random moments it never damages its file; a
second recorder is locked out; at a terminal (a pseudo-terminal here) it edits lines and completes
names."""

from __future__ import annotations

import concurrent.futures
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import preflog
from preflog.notation.read import read_games

PREFLOG = shutil.which("preflog") or str(Path(sys.executable).with_name("preflog"))

#: What the recorder is fed, over and over: deals, and the commands that rewrite the file.
SCRIPT = ["Boris 7s wp 8", "Vera 6d pp", "note quick", "pass 4 3 3", "undo", "redo", "edit 1 Boris 7s wp 7",
          "mis Anna 0", "undo", "Anna 6h pw 6", "contract Vera: 6c\nwhist whist pass\nresult 6\n"]


def clean(path: Path) -> tuple[bool, int]:
    """Whether the file reads and checks clean as ``preflog check`` would, and how many deals it has."""
    games = list(read_games(path.read_text(encoding="utf-8")))
    if len(games) != 1 or games[0].errors:
        return False, 0
    game = games[0].game
    return preflog.check(game) == [], len(game.deals)


def acknowledged(said: str) -> int:
    """The deals the recorder said it had kept, counted from what it said (a deal recorded or recorded
    again, less one taken back)."""
    up = len(re.findall(r"^recorded(:| deal)|^deal \d+ recorded again", said, re.M))
    return up - len(re.findall(r"^deal \d+ taken back", said, re.M))


def test_two_hundred_kills_never_damage_the_file(tmp_path: Path) -> None:
    """Each run is killed (SIGKILL) after a random time, from before it has read the file to while it
    appends or rewrites it; after each, the file checks clean, holds every deal acknowledged (at most
    the deal being typed is lost), and a new recorder goes on with it. A pulka's file starts anew every
    few runs. Two files are recorded and killed side by side, a hundred kills each (the runs mostly
    wait for their kill, so two lanes take the time of one)."""
    with concurrent.futures.ThreadPoolExecutor(2) as lanes:
        for done in [lanes.submit(_kill_lane, tmp_path / f"lane{lane}", 1914 + lane, 100) for lane in range(2)]:
            done.result()


def _kill_lane(folder: Path, seed: int, runs: int) -> None:
    folder.mkdir()
    rng = random.Random(seed)
    path = folder / "game.pref"
    expected = 0
    for run in range(runs):
        if run % 25 == 0:
            path.unlink(missing_ok=True)
            expected = 0
            create = subprocess.run([PREFLOG, "record", str(path), "--players", "Anna Boris Vera", "--pool", "30"],
                                    input="", capture_output=True, text=True, timeout=60)
            assert create.returncode == 0, create.stderr
        process = subprocess.Popen([PREFLOG, "record", str(path)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        assert process.stdin is not None
        lines = rng.sample(SCRIPT, k=rng.randint(1, 6))
        try:
            process.stdin.write("\n".join(lines) + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(rng.uniform(0.0, 0.45))
        process.send_signal(signal.SIGKILL)
        _, said = process.communicate(timeout=60)
        ok, deals = clean(path)
        assert ok, (run, lines, path.read_text(encoding="utf-8"))
        # what was acknowledged in this run is on the disk, and at most the one change under way when the
        # kill came (a deal written, or taken back, not yet said) besides
        assert abs(deals - (expected + acknowledged(said))) <= 1, (run, lines, said, deals, expected)
        expected = deals
    go_on = subprocess.run([PREFLOG, "record", str(path)], input="sheet\nquit\n", capture_output=True, text=True,
                           timeout=60)
    assert go_on.returncode == 0, go_on.stderr
    assert not list(folder.glob(".*.tmp"))  # a rewrite cut short leaves nothing behind once resumed


def test_a_second_recorder_is_locked_out(tmp_path: Path) -> None:
    path = tmp_path / "game.pref"
    first = subprocess.Popen([PREFLOG, "record", str(path), "--players", "Anna Boris Vera"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):  # until it holds the lock and has written the tags
            if path.exists() and path.with_name("game.pref.lock").exists():
                break
            time.sleep(0.05)
        second = subprocess.run([PREFLOG, "record", str(path)], input="quit\n", capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 2
        assert f"preflog: error: {path} is being recorded by another preflog (process {first.pid}" in second.stderr
    finally:
        first.communicate("quit\n", timeout=60)
    assert first.returncode == 0 and not path.with_name("game.pref.lock").exists()


def test_at_a_terminal_it_completes_names_and_keeps_a_history(tmp_path: Path) -> None:
    """Driven through a pseudo-terminal: Tab completes a player's name, ↑ brings back the line before,
    Ctrl-D ends the session."""
    import pty

    path = tmp_path / "game.pref"
    main, child = pty.openpty()
    process = subprocess.Popen([PREFLOG, "record", str(path), "--players", "Anna Boris Vera", "--pool", "10"],
                               stdin=child, stdout=child, stderr=child, close_fds=True,
                               env={**os.environ, "TERM": "xterm", "NO_COLOR": "1"})
    os.close(child)
    screen, seen = b"", 0

    def until(text: bytes) -> None:
        """Read the terminal until ``text`` appears in what it shows after the last wait."""
        nonlocal screen, seen
        deadline = time.monotonic() + 30
        while text not in screen[seen:]:
            assert time.monotonic() < deadline, screen.decode(errors="replace")
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    screen += os.read(main, 4096)
                except OSError:
                    break
        seen = screen.index(text, seen) + len(text)

    until(b"1> ")
    os.write(main, b"Bo\t7s wp 8\r")  # Tab: "Boris "
    until(b"deal 2: Boris deals")
    until(b"2> ")  # each key is sent once the prompt shows: readline reads the keys typed at it
    os.write(main, b"undo\r")
    until(b"deal 1 taken back")
    until(b"1> ")
    os.write(main, b"\x1b[A\x1b[A\r")  # ↑ ↑: the deal typed before `undo`, again
    until(b"deal 2: Boris deals, Vera")
    until(b"2> ")
    os.write(main, b"\x04")  # Ctrl-D
    assert process.wait(timeout=30) == 0
    os.close(main)
    assert "Boris" in screen.decode(errors="replace")
    text = path.read_text(encoding="utf-8")
    assert text.endswith("deal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n")
    assert text.count("deal 1") == 1
