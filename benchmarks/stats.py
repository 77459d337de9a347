"""Statistics throughput: `preflog stats` on a large archive, one process, N processes and Dask.

    python benchmarks/stats.py [--deals 300000] [--jobs 2] [--no-dask]

Builds an archive of ``--deals`` deals (default 300,000) from 3,000 generated deals played card by card
(Sochi, games of 30, a Pool and a WhistPrice tag), repeated with new dates over two years, and a
second archive of the same deals as a scorer records them at the table (the play left out, the result
kept: what `preflog serve` mostly holds). Each is cached in the temporary folder. For each it prints
`preflog stats --format json` as a whole process: one job (deals a second per core of CPU time, target
4,000, with the peak memory, beside `preflog check` on the same archive: the floor the statistics
add to), ``--jobs N`` (speed-up of the wall time over one job, target 1.7x on two
cores) and ``--dask local`` (a Dask cluster of this machine's cores, start-up included); all three
must print the same report. The statistics are without ``--par`` (the solver's speed is
benchmarks/solve.py's).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from process import preflog_exe  # noqa: E402

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402

BASE = 3_000  # deals generated; the archive repeats them


def archives(deals: int) -> tuple[Path, Path]:
    """The two archives of ``deals`` deals (made once, then kept in the temporary folder)."""
    folder = Path(tempfile.gettempdir()) / "preflog-bench-stats"
    folder.mkdir(exist_ok=True)
    full, scored = folder / f"full-{deals}.pref", folder / f"scored-{deals}.pref"
    if full.exists() and scored.exists():
        return full, scored
    games = generate(min(deals, BASE), seed=1, per_game=30)
    tagged = [attrs.evolve(g, tags=g.tags + (preflog.Tag("Pool", "50"), preflog.Tag("WhistPrice", "0.1")))
              for g in games]
    bare = [attrs.evolve(g, deals=tuple(attrs.evolve(d, play=None) for d in g.deals)) for g in tagged]
    for path, pool in ((full, tagged), (scored, bare)):
        with open(path, "w", encoding="utf-8") as out:
            written = copy = 0
            while written < deals:
                for game in pool:
                    if written >= deals:
                        break
                    day = copy * len(pool) + pool.index(game)
                    date = f"{2025 + day // 360 % 2}-{day // 30 % 12 + 1:02d}-{day % 28 + 1:02d}"
                    dated = attrs.evolve(game, tags=game.tags + (preflog.Tag("Date", date),))
                    out.write(preflog.dumps(dated) + "\n")
                    written += len(game.deals)
                copy += 1
    return full, scored


def timed(command: list[str]) -> tuple[float, float, float, bytes]:
    """Wall time, CPU time (its own and its children's) and peak memory (MB) of a run, and what it
    printed."""
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} failed")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true", help="leave Dask out (it needs preflog[dask])")
    args = parser.parse_args()
    exe = preflog_exe()
    for kind, path in zip(("played card by card", "as scored at the table"), archives(args.deals)):
        print(f"archive {kind}: {args.deals:,} deals, {path.stat().st_size / 1e6:.1f} MB")
        base = [exe, "stats", str(path), "--format", "json", "--no-cache"]  # the work itself, every run
        wall1, cpu1, peak1, one = timed(base)
        rate = args.deals / cpu1
        _wall, check_cpu, _peak, _out = timed([exe, "check", str(path), "--no-cache"])
        print(f"  1 job:         {wall1:7.1f} s wall  {rate:8,.0f} deals/s per core "
              f"({'meets' if rate >= 4_000 else 'MISSES'} the 4,000 target)  peak {peak1:.0f} MB; "
              f"`preflog check`: {args.deals / check_cpu:,.0f} deals/s")
        wall_n, _cpu, _peak, many = timed([*base, "--jobs", str(args.jobs)])
        speed = wall1 / wall_n
        print(f"  {args.jobs} jobs:        {wall_n:7.1f} s wall  {speed:5.2f}x one job "
              f"({'meets' if speed >= 1.7 else 'MISSES'} the 1.7x target)  same report: {many == one}")
        if not args.no_dask:
            wall_d, _cpu, _peak, dask = timed([*base, "--dask", "local"])
            print(f"  Dask (local):  {wall_d:7.1f} s wall  {wall1 / wall_d:5.2f}x one job  same report: {dask == one}")


if __name__ == "__main__":
    main()
