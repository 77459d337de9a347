"""Running `preflog …` (or any command) as a whole process, start-up included (shared by the
benchmarks): its CPU time (user + system, as the targets are stated) and its peak memory."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple


class Usage(NamedTuple):
    cpu: float      # seconds, user + system
    peak_mb: float  # peak resident memory


def preflog_exe() -> str:
    return shutil.which("preflog") or str(Path(sys.executable).with_name("preflog"))


#: The processes run as an installed preflog runs: with its bytecode cached (``pip install`` compiles
#: it; an environment that sets PYTHONDONTWRITEBYTECODE would make every run compile every module).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


#: Runs a command and prints its CPU time, peak memory (kB) and exit code. The command is started by
#: this small process, not by the benchmark: a process started by a large one inherits its size as
#: its peak (``ru_maxrss`` counts the pages it was forked with), and a benchmark that holds its
#: archive in memory would add that to every figure.
_RUNNER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def run(command: list[str]) -> Usage:
    """Run ``command`` once (output discarded); its own CPU time and peak memory (``os.wait4``, in a
    small process that starts it: :data:`_RUNNER`). Each run has a cache folder of its own
    (preflog.cache), empty: the work is measured, not the cache."""
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run([sys.executable, "-c", _RUNNER, *command], capture_output=True, text=True,
                              env={**_ENV, "PREFLOG_CACHE": cache}, check=True)
    cpu, peak, code = done.stdout.split()
    if int(code) not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {code}")
    return Usage(float(cpu), int(peak) / 1024)


def printed(command: list[str]) -> str:
    """What ``command`` prints, run in the environment :func:`run` gives it (bytecode cached)."""
    return subprocess.run(command, capture_output=True, text=True, env=_ENV, check=True).stdout


def best(command: list[str], repeat: int) -> Usage:
    """The least CPU time of ``repeat`` runs (after one not counted, which caches the bytecode), with
    the peak memory of the largest run."""
    return in_turn([command], repeat)[0]


def in_turn(commands: list[list[str]], repeat: int) -> list[Usage]:
    """The best of ``repeat`` runs of each command, the commands taken in turn (A B C A B C …, after one
    of each, not counted), so that a machine whose speed drifts slows each alike."""
    for command in commands:
        run(command)
    rounds = [[run(command) for command in commands] for _ in range(repeat)]
    return [Usage(min(r[i].cpu for r in rounds), max(r[i].peak_mb for r in rounds)) for i in range(len(commands))]


def time_command(args: list[str], repeat: int) -> float:
    """The least CPU time of ``preflog ARGS`` over ``repeat`` runs."""
    return best([preflog_exe(), *args], repeat).cpu


def arguments(doc: str | None) -> argparse.Namespace:
    """The options every benchmark takes: ``--deals`` (3000) and ``--repeat`` (3)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    return parser.parse_args()


def verdict(value: float, target: float, more_is_better: bool = True) -> str:
    met = value >= target if more_is_better else value <= target
    return "meets" if met else "MISSES"
