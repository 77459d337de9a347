"""Check throughput: deals per second for `preflog check` on a generated archive.

    python benchmarks/check.py [--deals 3000] [--repeat 3]

Generates an archive of full-play deals (games of 30), then prints the in-process throughput of
parsing plus ``preflog.check``, and `preflog check FILE` as a whole process (target ≥ 6,000 deals/s of CPU time).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from process import arguments, time_command, verdict  # noqa: E402


def main() -> None:
    args = arguments(__doc__)
    text = preflog.dumps(generate(args.deals, seed=1, per_game=30))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.pref"
        path.write_text(text, encoding="utf-8")
        played = text.count("\nplay ")
        print(f"archive: {args.deals} deals ({played} with full play), {len(text) / 1e6:.2f} MB")
        games = preflog.loads_all(text)
        parse_check, check_only = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            games = preflog.loads_all(text)
            middle = time.perf_counter()
            problems = sum(len(preflog.check(g)) for g in games)
            end = time.perf_counter()
            parse_check.append(end - start)
            check_only.append(end - middle)
        assert problems == 0, problems
        pc, co = min(parse_check), min(check_only)
        print(f"check only (in process):      {args.deals / co:10,.0f} deals/s  ({co:.3f} s)")
        print(f"parse + check (in process):   {args.deals / pc:10,.0f} deals/s  ({pc:.3f} s)")
        w = time_command(["check", str(path)], args.repeat)
        met = verdict(args.deals / w, 6_000)
        print(f"`preflog check` (process):    {args.deals / w:10,.0f} deals/s  ({w:.3f} s; {met} the 6,000 target, CPU time)")


if __name__ == "__main__":
    main()
