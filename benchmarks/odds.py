"""Speed of ``preflog odds``: every contract of one hand over 200 and 1,000 layouts, on two cores.

    python benchmarks/odds.py [--jobs 2] [--old-samples 10]

Targets (issue 36): the default 200 samples in at most 10 s with ``--jobs 2``, 1,000 in at most 60 s.
Three hands a player would ask about: a hand between a game and a pass (talon unknown), the same hand
with the talon known (every discard's misère is solved too, to name the best), and a misère hand. As
a whole command, start-up included. Side by side, the old solver — the same search run from its Python
source (``PREFLOG_PURE_PYTHON=1``), as before it was compiled — on ``--old-samples`` layouts, its time
for 200 projected from those.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

HANDS = [
    ("AKJ9.KQ8.A7.Q", None),           # a six or seven of spades, or clubs?
    ("AKJ9.KQ8.A7.Q", "7h 8h"),        # the same with the talon seen: the misère's discard too
    ("78T.79.79T.8Q", None),           # a misère with one hole
]


def timed(hand: str, talon: str | None, samples: int, jobs: int, pure: bool = False) -> float:
    args = [sys.executable, "-m", "preflog.cli", "odds", hand, "--samples", str(samples), "--jobs", str(jobs),
            "--format", "json"]
    if talon:
        args += ["--talon", talon]
    env = dict(os.environ, PREFLOG_PURE_PYTHON="1") if pure else dict(os.environ)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--old-samples", type=int, default=10)
    args = parser.parse_args()
    import preflog.analysis.search as search

    print(f"preflog odds, every contract, --jobs {args.jobs}; the search "
          f"{'compiled by mypyc' if search.COMPILED else 'NOT compiled (pure Python)'}")
    print(f"{'hand':16} {'talon':6} {'200 layouts':>12} {'1,000 layouts':>14} {'old solver, 200 (projected)':>28}")
    for hand, talon in HANDS:
        two = timed(hand, talon, 200, args.jobs)
        thousand = timed(hand, talon, 1000, args.jobs)
        old = timed(hand, talon, args.old_samples, args.jobs, pure=True) * 200 / args.old_samples
        print(f"{hand:16} {talon or '-':6} {two:10.1f} s {thousand:12.1f} s {old:26.0f} s")
    print("targets: 200 layouts ≤ 10 s, 1,000 ≤ 60 s, on two cores")


if __name__ == "__main__":
    main()
