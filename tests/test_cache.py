"""What `preflog stats` and `preflog check` keep between runs (preflog.cache, issue 46 item 4): a second
run over the same files gives the same report, errors and exit code from the cache; a file changed is
worked out alone; what is kept depends on the bytes, the options, the language and preflog's own code; a
spoilt entry or a folder that cannot be written costs only the work."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import preflog.cache
from preflog.cache import Kept
from preflog.cli import cli

from .conftest import SAMPLES

BAD = '[Players "Anna Boris Vera"]\n\ndeal 1\ncontract Anna: 6s\nwhist pass pass\nplay Kx\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--lang", "en", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def entries(folder: Path, verb: str = "stats") -> set[Path]:
    return {p for p in (folder / verb).glob("*/*") if p.is_file()}


@pytest.fixture()
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    games = tmp_path / "games"
    games.mkdir()
    for sample in SAMPLES:
        shutil.copy(sample, games / sample.name)
    (games / "bad.pref").write_text(BAD, encoding="utf-8")
    cache = tmp_path / "cache"
    monkeypatch.setenv("PREFLOG_CACHE", str(cache))
    return games, cache


def test_a_second_run_is_the_first_from_the_cache_and_a_changed_file_alone_is_worked_out(club: tuple[Path, Path]) -> None:
    games, cache = club
    cold = run("stats", str(games), "--format", "json")
    assert cold[0] == 1 and "bad.pref:6:6: error:" in cold[2]  # the broken game: left out, its error said
    kept = entries(cache)
    assert len(kept) == len(SAMPLES) + 1  # a unit a file
    assert run("stats", str(games), "--format", "json") == cold  # report, errors and exit code alike
    assert entries(cache) == kept
    sochi = games / "sochi-pulka.pref"
    sochi.write_text(sochi.read_text(encoding="utf-8") + "% read again\n", encoding="utf-8")
    assert run("stats", str(games), "--format", "json") == cold  # a comment changes no figure
    assert len(entries(cache) - kept) == 1  # that file alone was worked out
    assert run("stats", str(games), "--format", "json", "--player", "Lena")[1] != cold[1]  # options: other entries
    ru = CliRunner().invoke(cli, ["--lang", "ru", "stats", str(games)])
    assert "ошибка" in ru.stderr  # the errors in the language asked for, not as kept in English


def test_no_cache_keeps_nothing_and_a_spoilt_entry_is_worked_out_again(club: tuple[Path, Path]) -> None:
    games, cache = club
    cold = run("stats", str(games), "--no-cache")
    assert not entries(cache)
    assert run("stats", str(games)) == cold
    for entry in entries(cache):
        entry.write_bytes(b"not a pickle")
    assert run("stats", str(games)) == cold


def test_a_cache_that_cannot_be_written_costs_only_the_work(club: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    games, _cache = club
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("PREFLOG_CACHE", str(blocked / "below"))  # a folder under a file: never made
    first = run("stats", str(games))
    assert first[0] == 1 and run("stats", str(games)) == first


def test_the_key_is_the_bytes_what_is_done_and_preflog_s_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = Kept("stats", tmp_path)
    game = tmp_path / "g.pref"
    game.write_text(BAD, encoding="utf-8")
    key = kept.key(str(game), "stats", 1)
    assert key == Kept("stats", tmp_path).key(str(game), "stats", 1)
    assert key != kept.key(str(game), "stats", 2)
    assert kept.key("-", "stats", 1) is None and kept.key(str(tmp_path), "stats", 1) is None
    monkeypatch.setattr(preflog.cache, "code_stamp", lambda: "another preflog")
    assert Kept("stats", tmp_path).key(str(game), "stats", 1) != key


@pytest.mark.parametrize("options", [(), ("--json",), ("--jobs", "2"), ("--json", "--jobs", "2"), ("--all",)])
def test_check_again_says_what_it_said_the_first_time(club: tuple[Path, Path], options: tuple[str, ...]) -> None:
    games, cache = club
    files = [str(p) for p in sorted(games.glob("*.pref"))]
    cold = run("check", *files, *options)
    assert cold[0] == 1 and ("bad.pref" in cold[1] + cold[2])
    kept = entries(cache, "check")
    assert kept
    assert run("check", *files, *options) == cold == run("check", *files, *options, "--no-cache")
    assert entries(cache, "check") == kept
    (games / "bad.pref").write_text(BAD + "% again\n", encoding="utf-8")
    assert run("check", *files, *options) == cold
    assert len(entries(cache, "check") - kept) >= 1 and len(entries(cache, "check")) - len(kept) <= 2
