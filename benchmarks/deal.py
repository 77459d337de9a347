"""Speed of ``preflog deal`` (issue 66, item 3): deals tried a second, and boards found a second, for a
condition on the shape, the same as a Python function, and conditions that ask the solver.

    python benchmarks/deal.py [--seconds 3] [--seed 1]

Each condition deals in this process, one core, until ``--seconds`` of CPU have gone (at least one
board); the figure is the CPU a deal tried (the shuffle, the hands' views and the condition) and the
boards found a second. The solver's conditions cost one search a deal tried — the tricks of one hand
in one strain with his best discard, or his misère — so they are given last, after a shape condition,
in the examples: ``and`` stops at the first part that is false. Target (issue 66): a shape condition
costs a fraction of a millisecond a deal.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from preflog.dealing.dealer import deal

CONDITIONS: list[tuple[str, Any]] = [
    ("any deal", None),
    ("shape", 'len(first.spades) >= 5 and "As" not in first'),
    ("shape, as a function", lambda d: len(d.first.spades) >= 5 and "As" not in d.first),
    ("pattern and talon", 'second.pattern == (4, 3, 2, 1) and "Kh" in talon'),
    ("solver: tricks", 'tricks(first, "s") >= 6'),
    ("solver: misère", "misere(first) <= 1"),
    ("shape, then tricks", 'len(first.spades) >= 5 and tricks(first, "s") >= 8'),
    ("shape, then misère", 'max(first.shape) <= 4 and "Ah" not in first and misere(first) == 0'),
]


def measure(where: Any, seconds: float, seed: int) -> tuple[float, float, int, int]:
    """CPU µs a deal tried, boards a second, deals tried and boards found, dealing ``where`` from ``seed``
    in batches until ``seconds`` of CPU have gone."""
    tried = found = 0
    count = 1
    start = time.process_time()
    while True:
        dealt = deal(count, where=where, seed=f"{seed}:{tried}", tries=10**9)
        tried += dealt.tries
        found += len(dealt.boards)
        spent = time.process_time() - start
        if spent >= seconds:
            return 1e6 * spent / tried, found / spent, tried, found
        count = min(1000, count * 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import preflog.analysis.search as search
    from preflog.compiled import is_compiled

    print("the search's solver: " + ("in C (_search.c)" if search.native_solver() else "search.py's, " + (
        "compiled by mypyc" if is_compiled(search) else "NOT compiled (pure Python)")))
    print(f"{'condition':22} {'µs a deal':>12} {'deals/s':>10} {'boards/s':>10} {'tried':>9} {'found':>7}")
    for name, where in CONDITIONS:
        cost, boards, tried, found = measure(where, args.seconds, args.seed)
        print(f"{name:22} {cost:12,.1f} {1e6 / cost:10,.0f} {boards:10,.1f} {tried:9,} {found:7,}")


if __name__ == "__main__":
    main()
