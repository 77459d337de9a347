"""The fuzz campaign for releases: near-valid texts (tests/fuzzing.py) for as long as it is given,
each held to every promise, and each verb of the command line run on a share of them in a child
process with a time and memory limit.

    python -m tests.fuzz_campaign --minutes 30 --seed 1 --out fuzz-failures

Every failure is written to ``--out`` (one file per kind, the smallest text found) and the campaign
exits 1 if there was one. A text costing more than ``--seconds-per-kb`` is a failure too (super-linear
time), as is a verb that needs more than ``--memory-mb``.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .fuzzing import examine, near_valid

VERBS = [["parse"], ["check", "--json"], ["score"], ["fmt"], ["convert", "--to", "json"], ["replay", "--no-interactive"]]


def _limit_memory(megabytes: int) -> None:
    size = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def run_verb(verb: list[str], path: Path, seconds: float, megabytes: int) -> str | None:
    """What is wrong with the verb's answer on ``path`` (None if nothing)."""
    try:
        done = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()", *verb, str(path)],
                              capture_output=True, timeout=seconds, preexec_fn=lambda: _limit_memory(megabytes))
    except subprocess.TimeoutExpired:
        return f"{verb[0]}: no answer in {seconds} s"
    err = done.stderr.decode("utf-8", "replace")
    if "Traceback" in err or "MemoryError" in err:
        return f"{verb[0]}: " + err.strip().splitlines()[-1]
    if done.returncode not in (0, 1, 2):
        return f"{verb[0]}: exit {done.returncode}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    parser.add_argument("--cli-every", type=int, default=50, help="run the verbs on every N-th text")
    parser.add_argument("--seconds-per-kb", type=float, default=0.5)
    parser.add_argument("--memory-mb", type=int, default=1024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures: dict[str, str] = {}
    end = time.monotonic() + args.minutes * 60
    count = 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.pref"
        while time.monotonic() < end:
            text = near_valid(rng)
            count += 1
            started = time.monotonic()
            problems = []
            try:
                examine(text)
            except Exception as exc:  # noqa: BLE001 - every failure is a finding
                problems.append(f"{type(exc).__name__}: {exc}".splitlines()[0][:200])
                if not isinstance(exc, AssertionError):
                    problems[-1] += " at " + traceback.extract_tb(exc.__traceback__)[-1].name
            spent = time.monotonic() - started
            if spent > 1 + args.seconds_per_kb * len(text) / 1024:
                problems.append(f"slow: {spent:.1f} s for {len(text)} characters")
            if count % args.cli_every == 0:
                path.write_bytes(text.encode("utf-8", "surrogatepass"))
                for verb in VERBS:
                    found = run_verb(verb, path, 60, args.memory_mb)
                    if found:
                        problems.append(found)
            for problem in problems:
                if problem not in failures or len(text) < len(failures[problem]):
                    failures[problem] = text
            if count % 1000 == 0:
                print(f"{count} texts, {len(failures)} kinds of failure", flush=True)
    print(f"{count} texts in {args.minutes} minutes: {len(failures)} kinds of failure")
    if failures:
        args.out.mkdir(parents=True, exist_ok=True)
        for i, (problem, text) in enumerate(sorted(failures.items())):
            print(f"  {i}: {problem}")
            (args.out / f"{i}.pref").write_bytes(text.encode("utf-8", "surrogatepass"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
