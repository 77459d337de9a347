"""The package: the grammar ships inside the wheel and is loaded through the package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT


@pytest.mark.skipif(subprocess.run([sys.executable, "-m", "build", "--version"], capture_output=True).returncode,
                    reason="the 'build' package is not installed")
def test_the_wheel_contains_the_grammar_and_the_cli(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("preflog-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "preflog/grammar/preflog.lark" in names
    assert {"preflog/cli/__init__.py", "preflog/reader.py"} <= names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "preflog = preflog.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_grammar_is_loaded_from_the_package() -> None:
    from importlib import resources

    text = resources.files("preflog.grammar").joinpath("preflog.lark").read_text(encoding="utf-8")
    assert text == (ROOT / "grammar" / "preflog.lark").read_text(encoding="utf-8")
