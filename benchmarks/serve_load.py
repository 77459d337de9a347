"""Readers cannot freeze the club server (issue 44): this checkout beside an earlier revision, each a real
`preflog serve` process on the loopback, measured from outside, in one run.

    python benchmarks/serve_load.py [REVISION] [--readers 20] [--seconds 10] [--big 10000]

REVISION (default: 568fc57, the server before issue 44) is checked out into a temporary worktree and
served with this environment's Python and packages. Printed for each, beside the targets:
- a 200-deal game's page read in a loop by READERS clients while a probe times a small request
  (``/healthz``) every 50 ms: the probe's p50 within 2x of its p50 idle, its p99 under 250 ms;
- a BIG-deal game: each of its pages answers in ≤ 1 s (a page that says «a moment» and comes back by
  itself counts as an answer: the time is to the first byte of whatever the reader gets), and the
  server's memory (its peak resident size) stays under 300 MB.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from served import HEADERS, READERS, Served, probe  # noqa: E402
from trees import ROOT, package_of  # noqa: E402


def game_text(deals: int, seed: int) -> str:
    return preflog.dumps(next(iter(generate(deals, seed=seed, per_game=deals))))


def imported(served: Served, text: str) -> int:
    r = httpx.post(served.url + "/api/games", content=text.encode(), headers=HEADERS, timeout=600)
    assert r.status_code == 201, r.text[:300]
    ident: int = r.json()["ids"][0]
    return ident


def readers_scenario(served: Served, readers: int, seconds: float) -> dict[str, float]:
    game = imported(served, game_text(200, 3))
    page = f"{served.url}/games/{game}"
    httpx.get(page, timeout=120)  # the first reader's work, for both
    idle: list[float] = []
    stop = threading.Event()
    timer = threading.Timer(3, stop.set)
    timer.start()
    probe(served.url + "/healthz", stop, idle)
    # the readers are a process of their own, so that the probe times the server, not a client's GIL
    reading = subprocess.Popen([sys.executable, "-c", READERS, page, str(readers), str(seconds)],
                               stdout=subprocess.PIPE, text=True)
    time.sleep(1)  # all of them at it
    loaded: list[float] = []
    stop = threading.Event()
    timer = threading.Timer(seconds - 2, stop.set)
    timer.start()
    probe(served.url + "/healthz", stop, loaded)
    out, _err = reading.communicate(timeout=seconds + 120)
    pages = int(out.strip() or 0)
    loaded.sort()
    return {"idle p50 ms": statistics.median(idle) * 1000, "p50 ms": statistics.median(loaded) * 1000,
            "p99 ms": loaded[int(len(loaded) * 0.99) - 1] * 1000 if loaded else float("nan"),
            "pages/s": pages / seconds}


def big_scenario(served: Served, deals: int) -> dict[str, float]:
    game = imported(served, game_text(deals, 5))
    out: dict[str, float] = {}
    for name, path in (("game page", f"/games/{game}"), ("older deals", f"/games/{game}?deals=2"),
                       ("a replay", f"/games/{game}/deals/{deals // 2}"), ("JSON", f"/api/games/{game}"),
                       ("pulka", f"/games/{game}/pulka"), ("text", f"/api/games/{game}.pref")):
        started = time.perf_counter()
        try:
            with httpx.stream("GET", served.url + path, timeout=120) as r:
                next(r.iter_raw(), b"")
            out[f"{name} s"] = time.perf_counter() - started
        except httpx.TimeoutException:
            out[f"{name} s"] = float("inf")
    time.sleep(5)  # the work a page began goes on: the peak is taken after it
    for path in (f"/games/{game}", f"/api/games/{game}"):
        httpx.get(served.url + path, timeout=300)
    out["peak MB"] = served.peak_mb()
    return out


def run(path: Path, readers: int, seconds: float, big: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        served = Served(path, Path(folder))
        try:
            return {**readers_scenario(served, readers, seconds), **big_scenario(served, big)}
        finally:
            served.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", nargs="?", default="568fc57")
    parser.add_argument("--readers", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--alone", action="store_true", help="this checkout only, no revision beside it")
    args = parser.parse_args()
    if args.alone:
        with tempfile.TemporaryDirectory() as tmp:
            report({"this checkout": run(package_of(ROOT, Path(tmp) / "now"), args.readers, args.seconds, args.big)})
        return
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(before), args.revision],
                       check=True, capture_output=True)
        try:
            figures = {"this checkout": run(package_of(ROOT, Path(tmp) / "now"), args.readers, args.seconds, args.big),
                       args.revision: run(package_of(before, Path(tmp) / "then"), args.readers, args.seconds, args.big)}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], capture_output=True)
    report(figures)


def report(figures: dict[str, dict[str, float]]) -> None:
    """The figures side by side, and the targets met or missed by this checkout's."""
    names = list(next(iter(figures.values())))
    print(f"{'':18}" + "".join(f"{k:>16}" for k in figures))
    for name in names:
        print(f"{name:18}" + "".join(f"{v[name]:16.3f}" for v in figures.values()))
    now = figures["this checkout"]
    targets = [("probe p50 within 2x of idle", now["p50 ms"] <= 2 * now["idle p50 ms"]),
               ("probe p99 under 250 ms", now["p99 ms"] < 250),
               ("every page of the big game in <= 1 s", all(v <= 1 for k, v in now.items() if k.endswith(" s"))),
               ("peak memory under 300 MB", now["peak MB"] < 300)]
    for name, met in targets:
        print(f"{'met' if met else 'MISSED':7} {name}")


if __name__ == "__main__":
    main()
