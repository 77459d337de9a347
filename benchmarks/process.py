"""Timing `preflog …` as a whole process, start-up included (shared by the benchmarks)."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path


def time_command(args: list[str], repeat: int) -> float:
    """The best wall time of ``preflog ARGS`` over ``repeat`` runs."""
    exe = shutil.which("preflog") or str(Path(sys.executable).with_name("preflog"))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([exe, *args], check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def arguments(doc: str | None) -> argparse.Namespace:
    """The options every benchmark takes: ``--deals`` (3000) and ``--repeat`` (3)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    return parser.parse_args()
