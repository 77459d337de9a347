"""At a terminal and in a pipe (issue 12, Deliver 6): errors in colour only at a terminal and never
with NO_COLOR; a long file's progress shown only at a terminal, and cleared before anything else."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from .test_cli import run

PREFLOG = [sys.executable, "-m", "preflog.cli"]
BAD = '[Players "Anna Boris Vera"]\ndeal 1 dealer Anna\nbids 6h pass pass\ncontract 6s\n'


def at_terminal(args: list[str], **env: str) -> tuple[int, str]:
    """Run preflog with a pseudo-terminal as its standard input, output and error."""
    master, slave = pty.openpty()
    environment = {**os.environ, "TERM": "xterm", **env}
    if "NO_COLOR" not in env:
        environment.pop("NO_COLOR", None)
    process = subprocess.Popen(PREFLOG + args, stdin=slave, stdout=slave, stderr=slave, env=environment)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return process.wait(timeout=60), out.decode("utf-8")


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("terminal") / "bad.pref"
    path.write_text(BAD, encoding="utf-8")
    return path


def test_errors_are_in_colour_at_a_terminal(bad: Path) -> None:
    code, out = at_terminal(["check", str(bad)])
    assert code == 1
    assert f"\x1b[1m{bad}:4:10:\x1b[0m \x1b[31m\x1b[1merror:\x1b[0m 6s is lower than the bid of 6h" in out
    assert "\x1b[32m\x1b[1m" + " " * 13 + "^~\x1b[0m" in out


def test_no_colour_with_no_color_or_in_a_pipe(bad: Path) -> None:
    code, out = at_terminal(["check", str(bad)], NO_COLOR="1")
    assert code == 1 and "\x1b[" not in out and f"{bad}:4:10: error: " in out
    code, _, err = run("check", str(bad))
    assert code == 1 and "\x1b[" not in err


def test_a_long_file_shows_its_progress_at_a_terminal_only(tmp_path: Path) -> None:
    import preflog
    from preflog.generator import generate

    path = tmp_path / "long.pref"  # forty games of a hundred generated deals: generated once, written forty times
    path.write_text("\n".join([preflog.dumps(generate(100, seed=1, per_game=100)[0])] * 40), encoding="utf-8")
    assert path.stat().st_size >= 1 << 20
    code, out = at_terminal(["check", str(path), "--no-cache"])  # the work shows its progress, not the cache
    assert code == 0
    assert f"\r\x1b[Kpreflog: {path} " in out and "%" in out
    assert out.endswith("\r\x1b[Kchecked 1 file, 4000 deals: clean\r\n")  # the line cleared first
    code, _, err = run("check", str(path))
    assert (code, err) == (0, "")


def test_many_files_show_which_is_read_at_a_terminal_in_the_language_asked(tmp_path: Path) -> None:
    from .conftest import SAMPLES

    code, out = at_terminal(["--lang", "ru", "check", "--no-cache", *map(str, SAMPLES)])
    assert code == 0
    assert f"\r\x1b[Kpreflog: файл 1 из {len(SAMPLES)}: {SAMPLES[0]}" in out
    assert out.endswith(f"\r\x1b[Kпроверено: {len(SAMPLES)} файлов, 73 сдачи: ошибок нет\r\n")
    code, _, err = run("check", *map(str, SAMPLES))
    assert (code, err) == (0, "")


def test_color_and_no_color_decide_over_the_terminal_and_no_color(bad: Path) -> None:
    code, out = at_terminal(["--no-color", "check", str(bad)])
    assert code == 1 and "\x1b[3" not in out and f"{bad}:4:10: error: " in out
    code, out = at_terminal(["check", "--color", str(bad)], NO_COLOR="1")
    assert code == 1 and "\x1b[31m\x1b[1merror:\x1b[0m" in out
    code, _, err = run("--color", "check", str(bad))  # in a pipe, asked for: colour all the same
    assert code == 1 and "\x1b[31m\x1b[1merror:\x1b[0m" in err
