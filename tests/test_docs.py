"""The docs run as written: docs/architecture.md's visitor over the samples."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT, SAMPLES


def test_the_architecture_docs_visitor_counts_the_samples_miseres(tmp_path: Path) -> None:
    """The misères of the samples, read off the files by hand: sochi-pulka deal 4 (dealer Anna: Boris
    6s, Vera mis, both pass; Vera takes no trick), leningrad deal 5 (dealer Lena: the eldest, Oleg,
    bids mis; result 1), cyrillic deal 2 (dealer Маша: Саша pass, Лёва мизер; Лёва takes none)."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", doc, re.S) if "class Miseres" in block]
    script = tmp_path / "miseres.py"
    script.write_text(code, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script), *map(str, SAMPLES)], capture_output=True, text=True,
                         cwd=ROOT)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == "Лёва: 1 of 1 misères made\nOleg: 0 of 1 misères made\nVera: 1 of 1 misères made\n"
