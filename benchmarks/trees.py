"""Another revision of preflog beside this checkout: its source tree made the package the build makes,
its modules compiled in place as `pip install` compiles them, and `preflog ...` run from it (shared by the
benchmarks that measure two revisions; imports nothing of preflog)."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_of(tree: Path, where: Path) -> Path:
    """The package the build makes of the source ``tree`` (``cli/`` and ``grammar/`` inside
    ``preflog/``), made of links in ``where``: the folder to put first on the path."""
    package = where / "preflog"
    package.mkdir(parents=True)
    for entry in (tree / "preflog").iterdir():
        (package / entry.name).symlink_to(entry)
    for inner in ("cli", "grammar"):
        if not (package / inner).exists():
            (package / inner).symlink_to(tree / inner)
    return where


def compile_modules(tree: Path) -> None:
    """Compile ``tree``'s modules in place as ``pip install`` does (mypyc), if one is missing or older
    than its source: those its ``preflog/compiled.py`` lists, or (a tree from before issue 46's
    compiled core) the search alone, told stale as the tree itself tells."""
    listing = tree / "preflog" / "compiled.py"  # it imports nothing of preflog
    own = runpy.run_path(str(listing)) if listing.exists() else {}
    names = own.get("MODULES", ["preflog.analysis.search"])
    stale = own.get("stale") or runpy.run_path(str(ROOT / "preflog" / "compiled.py"))["stale"]
    if stale(str(tree), names):
        subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tree, check=True, capture_output=True)


def tree_command(path: Path, args: list[str]) -> list[str]:
    """``preflog ARGS`` run with the package at ``path`` first on the path."""
    code = (f"import sys; sys.path.insert(0, {str(path)!r}); sys.argv[0] = 'preflog'; "
            "from preflog.cli import main; main()")
    return [sys.executable, "-c", code, *args]
