"""The phone app in Debian's Chromium on this machine (issue 68): built into a temporary folder, served on
the loopback by a server that counts the bytes it sends.

    python benchmarks/webapp.py [--pyodide .ci/webapp/node_modules/pyodide] [--repeat 3]

Prints, each beside its target:
- the first start, from an empty browser to ``pocket.ready``: the network's time not counted (loopback);
- the start from the service worker's cache, offline: ≤ 3 s;
- the bytes sent once, the page's and the worker's precache together: ≤ 15 MB;
- the page's memory after the start (Chromium's JS heap, as CDP's Performance.getMetrics gives it).
The pad's Python (``preflog.webapp.api``) is the installed one, or an echo stand-in where it is not yet.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from preflog.webapp.site import write_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
STAND_IN = b"import json\n\ndef call(name, payload):\n    return json.dumps({'name': name})\n"
READY = "() => window.pocket.ready.then(() => true)"


class Counted(http.server.SimpleHTTPRequestHandler):
    """Serves the folder, adding every body's bytes to ``sent``."""

    sent = [0]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.sent[0] += len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


#: Twenty deals recorded one after another, each judged (``record``) and drawn (``view``: the deals in
#: words, the pulka, the settlement) as the pad does after a tap of «записать»: the milliseconds of each.
DEALS = """async () => {
  const made = await pocket.call("new", {players: ["Аня", "Боря", "Вера"], rules: "sochi", pool: "50", lang: "ru"});
  let text = made.text; const took = [];
  for (let i = 0; i < 20; i++) {
    const began = performance.now();
    const got = await pocket.call("record", {text, typed: "Аня 6п пас пас", lang: "ru"});
    if (!got.text) { throw new Error(JSON.stringify(got)); }
    text = got.text;
    await pocket.call("view", {text, lang: "ru"});
    took.push(performance.now() - began);
  }
  return took;
}"""


def start(browser: Any, url: str) -> tuple[float, float, dict[str, float]]:
    """One fresh phone: first start, start offline from the cache (seconds) and memory (MB); with the
    pad's own Python, the milliseconds of twenty deals each judged and drawn (in ``deal ms``)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    began = time.monotonic()
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000)
    first = time.monotonic() - began
    page.evaluate("() => navigator.serviceWorker.ready")
    context.set_offline(True)
    began = time.monotonic()
    page.reload()
    page.wait_for_function(READY, timeout=300_000)
    cached = time.monotonic() - began
    took = page.evaluate(DEALS) if importlib.util.find_spec("preflog.webapp.api") else []
    session = context.new_cdp_session(page)
    session.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    context.close()
    return first, cached, {"JS heap used": metrics["JSHeapUsedSize"] / 1e6,
                           "JS heap total": metrics["JSHeapTotalSize"] / 1e6,
                           "deal ms median": statistics.median(took) if took else 0.0,
                           "deal ms most": max(took) if took else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", type=Path, default=ROOT / ".ci" / "webapp" / "node_modules" / "pyodide")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    own = importlib.util.find_spec("preflog.webapp.api") is not None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        write_site(out, args.pyodide, extra=None if own else {"preflog/webapp/api.py": STAND_IN})
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted, directory=str(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        firsts, cacheds, sent = [], [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(args.repeat):
                before = Counted.sent[0]
                first, cached, memory = start(browser, url)
                firsts.append(first)
                cacheds.append(cached)
                sent.append(Counted.sent[0] - before)
            browser.close()
        server.shutdown()
    print(f"pad's Python: {'preflog.webapp.api' if own else 'a stand-in (no preflog.webapp.api yet)'}")
    print(f"folder: {size / 1e6:.1f} MB")
    print(f"first start until pocket.ready: median {statistics.median(firsts):.2f} s (loopback)")
    print(f"start from the cache, offline: median {statistics.median(cacheds):.2f} s  (target ≤ 3 s)")
    print(f"bytes sent once (page and precache): {statistics.median(sent) / 1e6:.1f} MB  (target ≤ 15 MB)")
    print("memory after the start: " + ", ".join(f"{k} {v:.0f} MB" for k, v in memory.items() if v and "ms" not in k))
    if memory["deal ms median"]:
        print(f"a deal judged and drawn (record + view, 20 deals): median {memory['deal ms median']:.0f} ms, "
              f"at most {memory['deal ms most']:.0f} ms  (target ≤ 300 ms)")


if __name__ == "__main__":
    main()
