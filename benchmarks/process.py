"""Timing `preflog …` as a whole process, start-up included (shared by the benchmarks)."""

from __future__ import annotations

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
