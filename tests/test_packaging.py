"""The package: tests run against the checkout, and the wheel built from it works on its own."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import preflog
from preflog.compiled import MODULES

from .conftest import ROOT, SAMPLES

SOURCES = ("pyproject.toml", "setup.py", "README.md", "preflog", "grammar", "cli")


def test_the_tests_import_the_checkout() -> None:
    """After `pip install -e`, an edit in the checkout is what the next pytest tests."""
    import preflog.cli
    import preflog.grammar

    assert Path(preflog.__file__).resolve().parent == ROOT / "preflog"
    assert Path(preflog.grammar.__file__).resolve().parent == ROOT / "grammar"
    assert Path(preflog.cli.__file__).resolve().parent == ROOT / "cli"


def test_python_dash_m_pytest_imports_the_grammar_from_the_checkout() -> None:
    """`python -m pytest` puts the checkout's root first on sys.path; the grammar must still load."""
    code = "import preflog, preflog.grammar; print(preflog.grammar.__file__); preflog.loads_all(open(r'%s').read())"
    out = subprocess.run([sys.executable, "-c", code % SAMPLES[0]], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert Path(out.strip()).resolve().parent == ROOT / "grammar"


@pytest.mark.skipif(subprocess.run([sys.executable, "-m", "build", "--version"], capture_output=True).returncode,
                    reason="the 'build' package is not installed")
def test_the_wheel_holds_every_layer_and_its_cli_runs(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:  # a clean copy: no build/ left over from an earlier install
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
        else:
            shutil.copy(src, source / name)
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path),
                    str(source)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("preflog-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "preflog/grammar/preflog.lark" in names
    # the search (issue 36), the reader and the engine (issue 46) compiled by mypyc, each source beside it
    for module in MODULES:
        stem = module.replace(".", "/")
        assert any(n.startswith(stem + ".") and n.endswith(".so") for n in names), (module, names)
        assert stem + ".py" in names
    assert any(n.startswith("preflog/core__mypyc.") for n in names), names
    # the search's solver in C (issue 46), with its types for a checker
    assert any(n.startswith("preflog/analysis/_search.") and n.endswith(".so") for n in names), names
    assert "preflog/analysis/_search.pyi" in names
    packages = [p.parent.name for p in (ROOT / "preflog").glob("*/__init__.py")] + ["cli"]
    assert {"model", "game", "analysis", "record"} <= set(packages)
    for package in packages:  # every subpackage of the checkout: one left out of pyproject.toml is missing here
        assert f"preflog/{package}/__init__.py" in names, package
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "preflog = preflog.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = ("import sys; sys.path.insert(0, sys.argv.pop(1)); import preflog; "
            "assert preflog.__file__.startswith(sys.path[0]), preflog.__file__; "
            "from preflog.cli import main; sys.argv[0] = 'preflog'; main()")
    run = subprocess.run([sys.executable, "-c", code, str(unpacked), "check", *map(str, SAMPLES)],
                         capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=""))
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.endswith("clean\n")
    par = subprocess.run([sys.executable, "-c", code, str(unpacked), "analyse", "--format", "json",
                          str(ROOT / "samples" / "annotated.pref")],
                         capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=""))
    assert par.returncode == 0, par.stderr
    assert json.loads(par.stdout)[0]["deal"] == 1
    compiled = subprocess.run([sys.executable, "-c", "import importlib, sys; sys.path.insert(0, sys.argv[1]); "
                               "from preflog.compiled import MODULES, is_compiled; "
                               "print(*(is_compiled(importlib.import_module(m)) for m in MODULES), "
                               "importlib.import_module(MODULES[0]).__file__)", str(unpacked)],
                              capture_output=True, text=True, cwd=tmp_path,
                              env={**{k: v for k, v in os.environ.items() if k != "PREFLOG_PURE_PYTHON"}, "PYTHONPATH": ""})
    assert compiled.stdout.startswith("True " * len(MODULES) + str(unpacked)), compiled.stdout + compiled.stderr
    assert "preflog/locale/ru/LC_MESSAGES/preflog.mo" in names  # Russian with no step after the install
    for served in [*(ROOT / "preflog" / "serve" / "templates").iterdir(), *(ROOT / "preflog" / "serve" / "static").iterdir()]:
        assert f"preflog/serve/{served.parent.name}/{served.name}" in names  # the server's pages and files
    backup = subprocess.run([sys.executable, "-c", code, str(unpacked), "serve", "--db", str(tmp_path / "c.sqlite"),
                             "--backup", str(tmp_path / "copy.sqlite")], capture_output=True, text=True, cwd=tmp_path,
                            env=dict(os.environ, PYTHONPATH=""))
    assert backup.returncode == 0 and (tmp_path / "copy.sqlite").exists(), backup.stderr
    ru = subprocess.run([sys.executable, "-c", code, str(unpacked), "--lang", "ru", "check", *map(str, SAMPLES)],
                        capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=""))
    assert (ru.returncode, ru.stdout.split(":")[-1]) == (0, " ошибок нет\n")


def test_the_readme_s_python_runs_from_the_checkout_beside_an_installed_copy() -> None:
    """After `pip install .` (no editable finder), Python started in the checkout's root imports the
    source tree, which holds neither grammar/ nor cli/ inside preflog/: the grammar is found beside it
    (a data lookup, issue 43 item 5), and the package holds its own modules and nothing else. Run
    without site (no .pth, so no editable install), the dependencies on PYTHONPATH."""
    import sysconfig

    site = sysconfig.get_paths()["purelib"]
    code = ("import importlib.util, preflog; "
            f"assert preflog.__file__.startswith({str(ROOT)!r}), preflog.__file__; "
            f"assert list(preflog.__path__) == [{str(ROOT / 'preflog')!r}], preflog.__path__; "
            "assert importlib.util.find_spec('preflog.tests') is None; "
            "assert importlib.util.find_spec('preflog.benchmarks') is None; "
            "text = open('samples/sochi-pulka.pref', encoding='utf-8').read(); "
            "print(len(preflog.loads(text).deals), preflog.check(preflog.loads(text)))")
    run = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=site))
    assert (run.returncode, run.stdout, run.stderr) == (0, "10 []\n", "")


def test_the_package_imports_its_own_modules_and_nothing_else() -> None:
    """Issue 43, item 5: the package's path is its own folder (nothing appended), so the checkout's
    tests and benchmarks are not part of it; cli and grammar come from the build's mapping."""
    import importlib.util

    assert list(preflog.__path__) == [str(ROOT / "preflog")]
    for stray in ("preflog.tests", "preflog.benchmarks", "preflog.samples", "preflog.docs"):
        assert importlib.util.find_spec(stray) is None, stray


def test_all_and_the_type_checkers_names_come_from_one_table() -> None:
    """``__all__`` is the table of exports; the imports the type checker reads re-export exactly it."""
    import ast

    assert preflog.__all__ == sorted(preflog._EXPORTS)
    tree = ast.parse((ROOT / "preflog" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    seen = {}
    for node in guarded.body:
        assert isinstance(node, ast.ImportFrom)
        for alias in node.names:
            assert alias.asname == alias.name  # an explicit re-export
            seen[alias.name] = node.module
    assert seen == preflog._EXPORTS
    for name in preflog.__all__:
        assert getattr(preflog, name) is not None


def test_the_grammar_is_loaded_from_the_package() -> None:
    from importlib import resources

    text = resources.files("preflog.grammar").joinpath("preflog.lark").read_text(encoding="utf-8")
    assert text == (ROOT / "grammar" / "preflog.lark").read_text(encoding="utf-8")
    assert preflog.__version__
