"""Speed of ``preflog odds``: the work of one layout, and every contract of one hand over 200 and 1,000
layouts on two cores.

    python benchmarks/odds.py [--layouts 100] [--repeat 3] [--jobs 2] [--old-samples 10] [--no-command]

First, in this process and one job, each hand's layouts solved as the command solves them: the CPU a
layout (the least of ``--repeat`` runs: the machine is shared), and the search's questions
(``Solver.win``) and tricks' starts reached a layout, which do not depend on the machine; beside each,
the figure before issue 46's item 3 (:data:`BEFORE`), and, in turn with it in this run, the CPU with
search.py's own solver compiled by mypyc in place of the one in C (the same questions and tricks'
starts). Target (issue 46): five times less CPU a layout, the same answers (tests/test_same_answers.py).

Then, as a whole command, start-up included (targets of issue 36): the default 200 samples in at most
10 s with ``--jobs 2``, 1,000 in at most 60 s; side by side, the old solver — the same search run from
its Python source (``PREFLOG_PURE_PYTHON=1``), as before it was compiled — on ``--old-samples``
layouts, its time for 200 projected from those.

Three hands a player would ask about: a hand between a game and a pass (talon unknown), the same hand
with the talon known (every discard's misère is solved too, to name the best), and a misère hand.
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
#: Before issue 46's item 3: commit b3432ad (the search counting its work, nothing else changed),
#: measured 2026-11-27 on the 2-core machine of the README with this script's first part (100 layouts,
#: seed 1, the first hand leading; the CPU the least of two runs): CPU ms, questions and tricks' starts
#: a layout.
BEFORE = {
    ("AKJ9.KQ8.A7.Q", None): (43.8, 241, 209_652),
    ("AKJ9.KQ8.A7.Q", "7h 8h"): (44.5, 289, 206_671),
    ("78T.79.79T.8Q", None): (12.0, 215, 60_701),
}
TARGET = 5.0


def _bits(hand: str, talon: str | None) -> tuple[int, int | None]:
    from preflog.analysis import odds
    from preflog.game.bits import bits_of

    talon_bits = None if talon is None else bits_of(frozenset(odds.hand_of(talon, 2, "talon")))
    return bits_of(frozenset(odds.hand_of(hand, 10, "hand"))), talon_bits


def cpu_per_layout(hand: str, talon: str | None, count: int) -> float:
    """CPU ms a layout, solving ``count`` layouts of ``hand`` in this process as ``preflog odds`` does
    (seed 1, first hand)."""
    from preflog.analysis import odds

    start = time.process_time()
    odds.solve_layouts(*_bits(hand, talon), 0, count, 1)
    return 1000 * (time.process_time() - start) / count


def work_per_layout(hand: str, talon: str | None, count: int) -> tuple[float, float]:
    """The questions and tricks' starts a layout of the same run, counted apart (every search is kept to
    read its counts, which would weigh on the timing)."""
    from preflog.analysis import odds

    made = []
    real = odds.Search

    def recorded(*args: object) -> object:
        search = real(*args)  # type: ignore[arg-type]
        made.append(search)
        return search

    odds.Search = recorded  # type: ignore[assignment,misc]
    try:
        odds.solve_layouts(*_bits(hand, talon), 0, count, 1)
    finally:
        odds.Search = real  # type: ignore[misc]
    return sum(s.solver.questions for s in made) / count, sum(s.solver.nodes for s in made) / count


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
    parser.add_argument("--layouts", type=int, default=100, help="layouts a hand for the work of one layout")
    parser.add_argument("--repeat", type=int, default=3, help="runs of those, the least CPU kept")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--old-samples", type=int, default=10)
    parser.add_argument("--no-command", action="store_true", help="only the work of one layout")
    args = parser.parse_args()
    import preflog.analysis.search as search
    from preflog.compiled import is_compiled

    native = search.native_solver()
    print("the search's solver: " + ("in C (_search.c)" if native else "search.py's, " + (
        "compiled by mypyc" if is_compiled(search) else "NOT compiled (pure Python)")))
    print(f"one layout, one job, {args.layouts} layouts a hand; before: b3432ad, measured 2026-11-27"
          + ("; beside it in this run, search.py's solver compiled by mypyc (mypyc)" if native else ""))
    print(f"{'hand':16} {'talon':6} {'CPU ms':>7} {'before':>7} {'less':>6}  "
          + (f"{'mypyc':>7} {'less':>6}  " if native else "")
          + f"{'questions':>9} {'before':>7}  {'trick starts':>12} {'before':>8}")
    ratios = []
    for hand, talon in HANDS:
        cpu, mypyc = float("inf"), float("inf")
        for _ in range(args.repeat):  # in turn, the least of each: the machine is shared
            cpu = min(cpu, cpu_per_layout(hand, talon, args.layouts))
            if native:
                search.set_native(None)  # search.py's own Solver
                mypyc = min(mypyc, cpu_per_layout(hand, talon, args.layouts))
                search.set_native(native)
        questions, nodes = work_per_layout(hand, talon, args.layouts)
        then_cpu, then_questions, then_nodes = BEFORE[hand, talon]
        ratios.append(then_cpu / cpu)
        print(f"{hand:16} {talon or '-':6} {cpu:7.1f} {then_cpu:7.1f} {then_cpu / cpu:5.2f}x  "
              + (f"{mypyc:7.1f} {mypyc / cpu:5.2f}x  " if native else "")
              + f"{questions:9.0f} {then_questions:7d}  {nodes:12,.0f} {then_nodes:8,d}")
    print(f"target: {TARGET:.0f}x less CPU a layout than before (here {min(ratios):.2f}x to {max(ratios):.2f}x)")
    if args.no_command:
        return
    print(f"\npreflog odds, every contract, --jobs {args.jobs}")
    print(f"{'hand':16} {'talon':6} {'200 layouts':>12} {'1,000 layouts':>14} {'old solver, 200 (projected)':>28}")
    for hand, talon in HANDS:
        two = timed(hand, talon, 200, args.jobs)
        thousand = timed(hand, talon, 1000, args.jobs)
        old = timed(hand, talon, args.old_samples, args.jobs, pure=True) * 200 / args.old_samples
        print(f"{hand:16} {talon or '-':6} {two:10.1f} s {thousand:12.1f} s {old:26.0f} s")
    print("targets: 200 layouts ≤ 10 s, 1,000 ≤ 60 s, on two cores")


if __name__ == "__main__":
    main()
