"""Score throughput: deals per second for `preflog score` on a generated archive.

    python benchmarks/score.py [--deals 3000] [--repeat 3]

Generates an archive of games of 30 deals with a Pool tag, then prints the in-process throughput of
``preflog.audit`` (one replay that checks and scores), of the scoring fold alone (``walk`` with the
Scorer, less ``walk`` with a visitor that does nothing), and `preflog score FILE --format json` as a
whole process (target ≥ 5,000 deals/s of CPU time).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from process import arguments, time_command, verdict  # noqa: E402

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402


def main() -> None:
    args = arguments(__doc__)
    games = [attrs.evolve(g, tags=g.tags + (preflog.Tag("Pool", "100"),))
             for g in generate(args.deals, seed=1, per_game=30)]
    text = preflog.dumps(games)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.pref"
        path.write_text(text, encoding="utf-8")
        print(f"archive: {args.deals} deals in games of 30, {len(text) / 1e6:.2f} MB")
        games = preflog.loads_all(text)
        audits, replays, scores = [], [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            problems = sum(len(preflog.audit(g)[1]) for g in games)
            t1 = time.perf_counter()
            preflog.walk(games, preflog.Visitor())
            t2 = time.perf_counter()
            (sheets,) = preflog.walk(games, preflog.Scorer())
            for sheet in sheets:
                sheet.settlement()
            t3 = time.perf_counter()
            audits.append(t1 - t0)
            replays.append(t2 - t1)
            scores.append(t3 - t2)
        assert problems == 0, problems
        a, r, s = min(audits), min(replays), min(scores)
        f = max(s - r, 1e-9)
        print(f"replay alone (in process):     {args.deals / r:10,.0f} deals/s  ({r:.3f} s)")
        print(f"score fold only (in process):  {args.deals / f:10,.0f} deals/s  ({f:.3f} s)")
        print(f"check + score (in process):    {args.deals / a:10,.0f} deals/s  ({a:.3f} s)")
        w = time_command(["score", str(path), "--format", "json"], args.repeat)
        met = verdict(args.deals / w, 5_000)
        print(f"`preflog score` (process):     {args.deals / w:10,.0f} deals/s  ({w:.3f} s; {met} the 5,000 target, CPU time)")


if __name__ == "__main__":
    main()
