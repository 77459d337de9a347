"""Render throughput: `preflog render` on a generated file, against the issue's floor of 1,000 deals in 3 s.

    python benchmarks/render.py [--deals 1000] [--repeat 3]

Generates full-play deals (games of 30), then prints the in-process time of ``preflog.present.replay_html.page``
and of `preflog render FILE -o OUT` as a whole process, and the page's size. Then, where Chromium and
playwright are installed, how the page responds in the browser: the time to open it (the data parsed,
the first step drawn), and the time the page's script and the layout it causes take for a step (→), a trick (Shift+→) and a deal
(n), against one frame at 60 Hz (16 ms) for a step and the 100 ms in which a response feels immediate.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
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
        in_browser(Path(tmp) / "out.html")


#: The script run in the page: each key pressed ``n`` times, the time of the page's script and of the
#: layout it causes (forced after each press), in ms per press.
PRESSES = """(n) => {
  const press = (key, shift) => { document.dispatchEvent(new KeyboardEvent('keydown', {key: key, shiftKey: shift}));
                                  return document.body.offsetHeight; };
  const time = (key, shift) => { const t = performance.now(); for (let i = 0; i < n; i++) press(key, shift);
                                 return (performance.now() - t) / n; };
  return {step: time('ArrowRight', false), trick: time('ArrowRight', true), deal: time('n', false),
          back: time('ArrowLeft', false)};
}"""


def in_browser(html: Path) -> None:
    """The page in Chromium (headless): opening it, and the page's time per key."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("in the browser: skipped (playwright is not installed: pip install -e '.[test]')")
        return
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        print("in the browser: skipped (no /usr/bin/chromium: apt-get install chromium)")
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=["--no-sandbox", "--disable-gpu"])
        tab = browser.new_page()
        start = time.perf_counter()
        tab.goto(html.as_uri())
        tab.wait_for_selector("#table .seat")
        opened = time.perf_counter() - start
        per = tab.evaluate(PRESSES, 300)
        browser.close()
    size = html.stat().st_size / 1e6
    print(f"in Chromium: opened and the first step drawn in {opened:.2f} s ({size:.1f} MB); "
          f"{verdict(1 / opened, 1 / 1.0)} 1 s")
    print(f"  a step {per['step']:.2f} ms, back {per['back']:.2f} ms ({verdict(1 / per['step'], 1 / 16)} one frame, "
          f"16 ms); a trick {per['trick']:.2f} ms; a deal {per['deal']:.2f} ms ({verdict(1 / per['deal'], 1 / 100)} 100 ms)")


if __name__ == "__main__":
    main()
