"""This checkout against an earlier revision, in one run: `preflog check`, `score` and `stats` on the
same generated archive, each run as a whole process, the two trees in turn.

    python benchmarks/versus.py REVISION [--deals 3000] [--repeat 5]

REVISION (a commit, a tag, ``HEAD~3``) is checked out into a temporary worktree and run with this
environment's Python and packages; each figure is the least CPU time (user + system) of ``--repeat``
runs taken A B A B …, so that a machine whose speed drifts slows both alike. A ratio above 1 is this
checkout slower. Memory is each command's peak.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from process import Usage, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VERBS = (("check", ["check"]), ("score", ["score"]), ("stats", ["stats"]))


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


def tree_command(path: Path, args: list[str]) -> list[str]:
    """``preflog ARGS`` run with the package at ``path`` first on the path."""
    code = (f"import sys; sys.path.insert(0, {str(path)!r}); sys.argv[0] = 'preflog'; "
            "from preflog.cli import main; main()")
    return [sys.executable, "-c", code, *args]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(before), args.revision],
                       check=True, capture_output=True)
        try:
            archive = Path(tmp) / "archive.pref"
            archive.write_text(preflog.dumps(generate(args.deals, seed=1, per_game=30)), encoding="utf-8")
            print(f"{args.deals} generated full-play deals in games of 30; this checkout against {args.revision}")
            print(f"{'verb':6} {'now s':>8} {'then s':>8} {'now/then':>9} {'now MB':>8} {'then MB':>8}")
            now_path, then_path = package_of(ROOT, Path(tmp) / "now"), package_of(before, Path(tmp) / "then")
            for name, verb in VERBS:
                now = tree_command(now_path, [*verb, str(archive)])
                then = tree_command(then_path, [*verb, str(archive)])
                run(now), run(then)  # bytecode cached for both
                pairs = [(run(now), run(then)) for _ in range(args.repeat)]
                a = Usage(min(p[0].cpu for p in pairs), max(p[0].peak_mb for p in pairs))
                b = Usage(min(p[1].cpu for p in pairs), max(p[1].peak_mb for p in pairs))
                print(f"{name:6} {a.cpu:8.2f} {b.cpu:8.2f} {a.cpu / b.cpu:9.2f} {a.peak_mb:8.0f} {b.peak_mb:8.0f}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                           capture_output=True)
            os.sync()


if __name__ == "__main__":
    main()
