"""The compiled modules (issue 36: the search; issue 46, item 2: the fast reader and the engine's steps):
built by mypyc at `pip install`, run from their source with PREFLOG_PURE_PYTHON=1, the same answers
either way. CI runs the tests of these modules both ways (.ci/run)."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from preflog import __version__
from preflog.compiled import MODULES, NATIVE, SourceFirst, extensions, is_compiled, source_path, stale, wants_source

from .conftest import ROOT, SAMPLES
from .fuzzing import near_valid

PURE = wants_source()


def test_the_installed_modules_are_compiled_unless_asked_for_their_source() -> None:
    """`pip install .` compiles every module of the list (setup.py); only PREFLOG_PURE_PYTHON=1 or a
    machine with no C compiler leaves them as Python, and CI has one."""
    for name in MODULES:
        module = importlib.import_module(name)
        assert is_compiled(module) is not PURE, (name, module.__file__)
        assert (ROOT / source_path(name)).is_file()
    for name, source in NATIVE.items():  # the solver in C, used by the compiled search
        assert (ROOT / source).is_file()
        if not PURE:
            assert is_compiled(importlib.import_module(name)), name


def test_each_compiled_module_is_built_from_the_source_beside_it() -> None:
    """An editable install keeps each compiled module beside its source: after an edit of the source
    the tests would run the old code. Build them again with `pip install -e .` (README)."""
    if not PURE and any(extensions(str(ROOT), name) for name in MODULES):
        assert stale(str(ROOT)) == [], "pip install -e . again"


def test_the_source_finder_takes_only_the_listed_modules() -> None:
    finder = SourceFirst()
    folder = str(ROOT / "preflog" / "game")
    spec = finder.find_spec("preflog.game.engine", [folder])
    assert spec is not None and spec.origin == str(ROOT / "preflog" / "game" / "engine.py")
    assert finder.find_spec("preflog.game.state", [folder]) is None  # not compiled: the usual import
    assert finder.find_spec("preflog.game.engine", None) is None
    assert finder.find_spec("preflog.game.engine", [str(ROOT / "samples")]) is None  # no source there


def _run(args: list[str], pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PREFLOG_PURE_PYTHON"}
    if pure:
        env["PREFLOG_PURE_PYTHON"] = "1"
    code = ("import importlib, sys; sys.argv[0] = 'preflog'; from preflog.compiled import MODULES, is_compiled; "
            "from preflog.cli import main; "
            "print(sum(is_compiled(importlib.import_module(m)) for m in MODULES), file=sys.stderr); main()")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env)


@pytest.mark.skipif(PURE, reason="the compiled modules are not in use in this run")
def test_the_compiled_modules_and_their_source_say_the_same() -> None:
    """The samples (every statement of the notation between them, errors too) checked and scored by the
    compiled modules and by their source, in two processes: the same output, byte for byte."""
    args = ["check", "--no-cache", *(str(p.relative_to(ROOT)) for p in SAMPLES)]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled.stderr.splitlines()[0] == str(len(MODULES))
    assert pure.stderr.splitlines()[0] == "0"
    assert (compiled.returncode, compiled.stdout, compiled.stderr.splitlines()[1:]) == \
        (pure.returncode, pure.stdout, pure.stderr.splitlines()[1:])
    sheet = ["score", str(Path("samples") / "sochi-pulka.pref")]
    assert _run(sheet, pure=False).stdout == _run(sheet, pure=True).stdout != ""


@pytest.mark.skipif(PURE, reason="the compiled modules are not in use in this run")
def test_the_compiled_modules_and_their_source_say_the_same_of_broken_files(tmp_path: Path) -> None:
    """Three hundred near-valid games (tests/fuzzing.py: words dropped, doubled, swapped, hostile
    numbers, stray braces, control characters…): the same messages, line and column, from both."""
    rng = random.Random(46)
    for n in range(300):
        (tmp_path / f"g{n:03}.pref").write_text(near_valid(rng), encoding="utf-8", newline="")
    args = ["check", "--no-cache", *sorted(str(p) for p in tmp_path.glob("*.pref"))]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled.returncode == pure.returncode == 1  # slips are found in some of them
    assert compiled.stdout == pure.stdout
    assert compiled.stderr.splitlines()[1:] == pure.stderr.splitlines()[1:]
    assert "Traceback" not in compiled.stderr
    assert compiled.stderr.count(": error: ") > 300  # hundreds of messages compared, each at its token


def test_the_version_says_whether_the_fast_modules_run_compiled() -> None:
    """`preflog --version` answers the first question about a slow analysis, in either language."""
    built = all(extensions(str(ROOT), name) for name in [*MODULES, *NATIVE])
    compiled = _run(["--version"], pure=False)  # the variable unset, whatever this run's
    assert compiled.stdout.splitlines()[1] == (
        "the search (its solver written in C), the reader and the engine compiled by mypyc" if built else
        "pure Python (not compiled at install): the analysis runs many times slower")
    compiled = _run(["--lang", "ru", "--version"], pure=False)
    if built:
        assert compiled.stdout.splitlines()[1] == "поиск (его часть, просчитывающая сдачи, написана на C), разбор записи и движок скомпилированы mypyc"
    pure = _run(["--lang", "ru", "--version"], pure=True)
    assert pure.stdout.splitlines() == [f"preflog, версия {__version__}",
                                        "чистый Python (задано PREFLOG_PURE_PYTHON): анализ идёт во много раз медленнее"]
