"""Speed of ``preflog analyse --seen``: every played card of a deal valued over the layouts its player
could not see (issue 67).

    python benchmarks/seen.py [--file docs/games/friday.pref] [--samples 50] [--repeat 3] [--no-command]

First, in this process: each deal's cards valued as the command values them (one process, seed 1): the
CPU a deal and a card (the least of ``--repeat`` runs: the machine is shared), with the cards valued
and the layouts solved, which do not depend on the machine. Then, as a whole command, start-up
included: the wall time of ``preflog analyse FILE --seen --samples N``, with the search this
interpreter imports (compiled where the build made it) and with its Python source
(``PREFLOG_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def in_process(path: Path, samples: int, repeat: int) -> None:
    """The CPU of :func:`preflog.analysis.single_dummy.seen_deal` on each deal of ``path``."""
    import preflog
    from preflog.analysis.annotate import deals_of
    from preflog.analysis.single_dummy import seen_deal

    for number, game in enumerate(preflog.loads_all(path.read_text(encoding="utf-8")), 1):
        for part in deals_of(preflog.replay(game).steps):
            best = float("inf")
            found = None
            for _ in range(repeat):
                start = time.process_time()
                found = seen_deal(part, samples, 1, number)
                best = min(best, time.process_time() - start)
            assert found is not None
            if found.skipped is not None:
                print(f"game {number} deal {found.deal}: skipped ({found.skipped})")
                continue
            cards = len(found.cards)
            layouts = sum(c.layouts for c in found.cards)
            print(f"game {number} deal {found.deal}: {cards} cards valued, {layouts} layouts solved, "
                  f"{best:.2f} s CPU ({1000 * best / max(1, cards):.0f} ms a card), "
                  f"{len(found.mistakes)} avoidable mistakes")


def command(path: Path, samples: int, pure: bool) -> float:
    """The wall time of the whole command."""
    env = dict(os.environ)
    env.pop("PREFLOG_PURE_PYTHON", None)
    if pure:
        env["PREFLOG_PURE_PYTHON"] = "1"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "preflog.cli", "analyse", str(path), "--seen", "--samples", str(samples)],
                   check=True, env=env, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=ROOT / "docs" / "games" / "friday.pref")
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-command", action="store_true", help="skip the timing of the whole command")
    args = parser.parse_args()
    from preflog.compiled import running_compiled

    search = [name for name in running_compiled() if name.startswith("preflog.analysis.")]
    print(f"{args.file} --samples {args.samples}; the search compiled: {', '.join(search) or 'no'}")
    in_process(args.file, args.samples, args.repeat)
    if not args.no_command:
        for pure in (False, True):
            label = "Python source" if pure else "as installed"
            print(f"command, search {label}: {command(args.file, args.samples, pure):.1f} s wall")


if __name__ == "__main__":
    main()
