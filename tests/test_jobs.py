"""``--jobs N`` (issue "Five times faster", item 5): parse, check and score in several processes, over
several files or one file cut between games, write byte for byte what one process writes."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import preflog
from preflog.generator import generate
from preflog.notation.read import stream_games
from preflog.cli.jobs import Unit, job_count, units_of

from .conftest import SAMPLES
from .fuzzing import mutate

# A game whose comment holds what looks like a tag block and a deal, and whose tag holds the word
# deal: a cut between games must not fall inside either.
_TRICKY = '''[Event "deal 1 dealer Anna {"]
[Players "Anna Boris Vera"]

deal 1 dealer Anna {
[Event "not a game"]
deal 2 dealer Boris
}
hands AKQJ.AKQ.AKQ.- T987.T98.T98.7 -.J7.J7.AKQJT98
bids 6s pass pass
'''


def _archive(tmp_path: Path) -> Path:
    """Forty games, a third of them with slips (errors of every kind), and the tricky game."""
    rng = random.Random(7)
    parts = []
    for k in range(40):
        text = preflog.dumps(generate(rng.randint(1, 6), seed=k, rules=rng.choice(["sochi", "leningrad", "rostov"])))
        parts.append(mutate(text, rng) if k % 3 == 0 else text)
        if k == 20:
            parts.append(_TRICKY)
    path = tmp_path / "archive.pref"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def _run(*args: str, stdin: bytes | None = None) -> tuple[int, bytes, bytes]:
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", *args],
                          capture_output=True, input=stdin)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("verb", [["parse"], ["parse", "--json"], ["check"], ["check", "--json"]])
def test_several_files_and_a_cut_file_read_alike_in_three_processes(verb: list[str], tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    files = [str(archive), *map(str, SAMPLES), str(tmp_path / "missing.pref"), str(archive)]
    serial = _run(*verb, *files)
    assert serial[0] == 2 and b"cannot read" in serial[2]  # the missing file ends the run, after the rest
    assert _run(*verb, "--jobs", "3", *files) == serial
    alone = _run(*verb, str(archive))
    assert alone[0] == 1 and alone[2].count(b"error:") + alone[1].count(b"\"line\"") > 10
    assert _run(*verb, "-j", "2", str(archive)) == alone


@pytest.mark.parametrize("options", [[], ["--format", "json"], ["--ledger"], ["--after", "2"], ["--game", "3"]])
def test_score_of_a_cut_file_is_the_same_in_three_processes(options: list[str], tmp_path: Path) -> None:
    archive = str(_archive(tmp_path))
    serial = _run("score", *options, archive)
    assert serial[1]  # sheets were printed
    assert _run("score", "--jobs", "3", *options, archive) == serial


def test_standard_input_is_read_whole(tmp_path: Path) -> None:
    text = _archive(tmp_path).read_bytes()
    assert _run("check", "-j", "2", "-", stdin=text) == _run("check", "-", stdin=text)


def test_units_are_runs_of_whole_games_covering_the_file(tmp_path: Path) -> None:
    archive = str(_archive(tmp_path))
    with open(archive, "rb") as fp:
        games = sum(1 for _ in stream_games(fp, archive))
    assert games > 30  # slips may join games
    units = units_of([archive], 2)
    assert len(units) >= 4  # about four a job
    assert units[0].first == 0 and units[-1].stop is None
    for a, b in zip(units, units[1:]):
        assert a.path == b.path and a.stop == b.first and a.first < a.stop  # type: ignore[operator]
    assert units_of([archive, "-"], 1) == [Unit(archive), Unit("-")]
    assert units_of(["-"], 4) == [Unit("-")]


def test_more_jobs_than_cores_start_one_process_a_core() -> None:
    cores = os.cpu_count() or 1
    assert (job_count(0), job_count(1), job_count(10_000)) == (cores, 1, cores)
