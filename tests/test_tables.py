"""The parser's tables ship in the package (issue "Five times faster", item 4): built from the grammar
as it stands, read as a fresh build reads, and used on a first run with an empty temporary folder."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import lark
import pytest

from preflog.notation import lalr
from preflog.notation.decode import Lines
from preflog.notation.split import Piece, split
from preflog.notation.transform import Transform

from .conftest import SAMPLES


def grammar_text() -> str:
    return resources.files("preflog.grammar").joinpath("preflog.lark").read_text(encoding="utf-8")


def test_shipped_tables_are_built_from_the_grammar_as_it_stands() -> None:
    stamp = lalr.shipped_stamp()
    assert stamp is not None, "no tables in the package: run `python -m preflog.notation.lalr`"
    digest = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()
    assert stamp.split()[0] == digest, "the grammar changed since its tables: run `python -m preflog.notation.lalr`"


def test_shipped_tables_read_every_sample_as_a_fresh_build_does() -> None:
    stamp = lalr.shipped_stamp()
    assert stamp is not None
    if stamp != lalr.tables_stamp(grammar_text()):
        pytest.skip(f"the tables were built by another lark or python ({stamp.strip()}; here lark {lark.__version__})")
    shipped = lalr._shipped_parser(grammar_text(), Transform())
    assert shipped is not None
    fresh = lalr.make_parser(cache=False, transformer=Transform())
    pieces = 0
    for path in SAMPLES:
        text = Path(path).read_text(encoding="utf-8")
        for piece in split(Lines(text, None)):
            if not isinstance(piece, Piece):
                continue
            start = "deal" if piece.deal else "tags"
            assert repr(shipped.parse(piece.text, start)) == repr(fresh.parse(piece.text, start))
            pieces += 1
    assert pieces >= 40  # the samples hold 41 pieces


def test_a_first_run_with_an_empty_temporary_folder_builds_no_tables(tmp_path: Path) -> None:
    """A piece the fast path does not read goes to Lark; Lark finds its tables in the package and
    writes no cache of its own."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", "parse", str(SAMPLES[0])],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []
