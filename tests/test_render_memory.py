"""``preflog render`` keeps its memory flat in the input's size (issue 44, point 7): the page is written a
game at a time, so four times the games cost no more memory than one time (a 3.5 MB file took 1.42 GB,
50 MB ended in a MemoryError)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

#: render FILE to OUT in this process, then print its peak resident size in KiB
MEASURED = """
import resource, sys
from preflog.cli import cli
try:
    cli.main(["render", sys.argv[1], "-o", sys.argv[2]])
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def peak_kib(source: Path, out: Path) -> int:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", MEASURED, str(source), str(out)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert out.stat().st_size > source.stat().st_size, done.stderr
    return int(done.stderr.strip().splitlines()[-1])


def test_render_memory_does_not_grow_with_the_file(tmp_path: Path) -> None:
    import preflog
    from preflog.generator import generate

    one = tmp_path / "one.pref"
    one.write_text("\n".join(preflog.dumps(g) for g in generate(300, seed=4, per_game=30)), encoding="utf-8")
    four = tmp_path / "four.pref"
    four.write_text("\n".join([one.read_text(encoding="utf-8")] * 4), encoding="utf-8")
    small, large = peak_kib(one, tmp_path / "one.html"), peak_kib(four, tmp_path / "four.html")
    assert (tmp_path / "four.html").stat().st_size > 3.5 * (tmp_path / "one.html").stat().st_size
    assert large - small < 12 * 1024, (small, large)  # the page grew fourfold; the memory, not with it
