"""Re-runs that cost nothing: `preflog stats` on a folder of files, cold, then again, then with one file
changed (issue 46, item 4).

    python benchmarks/stats_cache.py [--deals 300000] [--files 100] [--jobs 1]

Cuts the archive of benchmarks/stats.py (``--deals`` deals played card by card) into ``--files`` files
of whole games, and runs `preflog stats FOLDER --format json` as a whole process three times with one
cache folder of its own: cold (an empty cache), warm (nothing changed: each file's bytes are read and
hashed, every unit's result taken from the cache), and with one file changed (a comment added at its
end: that file alone is worked out). Prints each run's CPU time and the warm runs' share of the cold
one (target: 10% or less), and whether the three reports are the same.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from process import preflog_exe  # noqa: E402
from stats import archives, timed  # noqa: E402


def folder_of(deals: int, files: int) -> Path:
    """The archive's games cut into ``files`` files (made once, then kept in the temporary folder)."""
    full, _scored = archives(deals)
    where = Path(tempfile.gettempdir()) / "preflog-bench-stats" / f"folder-{deals}-{files}"
    if where.exists() and len(list(where.glob("*.pref"))) == files:
        return where
    where.mkdir(parents=True, exist_ok=True)
    games = full.read_text(encoding="utf-8").split("\n\n[Event ")
    games = [games[0]] + ["[Event " + g for g in games[1:]]
    share = -(-len(games) // files)
    for i in range(files):
        part = games[i * share:(i + 1) * share]
        (where / f"part-{i:04d}.pref").write_text("\n\n".join(part).rstrip("\n") + "\n", encoding="utf-8")
    return where


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    where = folder_of(args.deals, args.files)
    command = [preflog_exe(), "stats", str(where), "--format", "json", "--jobs", str(args.jobs)]
    changed = sorted(where.glob("*.pref"))[0]
    kept = changed.read_bytes()
    with tempfile.TemporaryDirectory() as cache:
        os.environ["PREFLOG_CACHE"] = cache
        try:
            _wall, cold, _peak, first = timed(command)
            _wall, warm, _peak, again = timed(command)
            changed.write_bytes(kept + b"% touched\n")
            _wall, one, _peak, third = timed(command)
        finally:
            changed.write_bytes(kept)
    print(f"`preflog stats` on {args.deals:,} deals in {args.files} files, --jobs {args.jobs} (CPU seconds):")
    print(f"  cold (empty cache):      {cold:7.1f} s")
    print(f"  again, nothing changed:  {warm:7.1f} s  {warm / cold:6.1%} of cold "
          f"({'meets' if warm <= cold / 10 else 'MISSES'} the 10% target)")
    print(f"  again, one file changed: {one:7.1f} s  {one / cold:6.1%} of cold "
          f"({'meets' if one <= cold / 10 else 'MISSES'} the 10% target)")
    print(f"  the same report all three times: {first == again == third}")


if __name__ == "__main__":
    main()
