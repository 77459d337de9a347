"""Render throughput: `preflog render` on a generated file, against the issue's floor of 1,000 deals in 3 s.

    python benchmarks/render.py [--deals 1000] [--repeat 3]

Generates full-play deals (games of 30), then prints the in-process time of ``preflog.present.replay_html.page``
and of `preflog render FILE -o OUT` as a whole process, and the page's size.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import preflog  # noqa: E402
from preflog.generate import generate  # noqa: E402
from preflog.present.replay_html import page  # noqa: E402
from process import arguments, time_command, verdict  # noqa: E402


def main() -> None:
    args = arguments(__doc__)
    text = preflog.dumps(generate(args.deals, seed=1, per_game=30))
    games = preflog.loads_all(text)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        html = page(games)
        times.append(time.perf_counter() - start)
    best = min(times)
    print(f"page (in process):        {args.deals / best:8,.0f} deals/s  ({best:.3f} s, {len(html) / 1e6:.1f} MB)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.pref"
        path.write_text(text, encoding="utf-8")
        w = time_command(["render", str(path), "-o", str(Path(tmp) / "out.html")], args.repeat)
        met = verdict(args.deals / w, 1_000 / 3)
        print(f"`preflog render` (process): {args.deals / w:8,.0f} deals/s  ({w:.3f} s; {met} the floor of 1,000 "
              "deals in 3 s)")


if __name__ == "__main__":
    main()
