"""The club server on the loopback (issue 34): a real `preflog serve` process, measured from outside.

    python benchmarks/serve.py [--deals 30000] [--games 10000] [--watchers 50] [--repeat 3]

Prints, each beside its target:
- importing DEALS generated deals with full play (games of 100) through ``POST /api/games``: ≤ 30 s;
- the game list of an archive of GAMES games (``GET /api/games`` and the first page of ``/``): ≤ 200 ms;
- a deal appended with ``POST /api/games/{id}/deals``, seen by WATCHERS open event streams: ≤ 1 s,
  from the moment the deal is sent to the moment the last watcher has the change.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402

import preflog  # noqa: E402
from preflog.generator import iter_generate  # noqa: E402
from process import verdict  # noqa: E402
from tests.serving import AUTH, Server  # noqa: E402

TEXT = {**AUTH, "Content-Type": "text/plain; charset=utf-8"}
PIECE = 12 * 1024 * 1024  # a file sent is kept under the server's 16 MiB a request


def files(deals: int) -> list[str]:
    """DEALS generated deals in games of 100, cut into files the server takes in one request each."""
    out, current = [], ""
    for game in iter_generate(deals, seed=7, per_game=100):
        text = preflog.dumps(game) + "\n"
        if current and len(current) + len(text) > PIECE:
            out.append(current)
            current = ""
        current += text
    return [*out, current]


def small_games(count: int) -> str:
    """COUNT games of one deal each, their players drawn from forty names."""
    names = [f"P{i:02d}" for i in range(40)]
    return "".join(f'[Date "2026-{1 + i % 12:02d}-{1 + i % 28:02d}"]\n'
                   f'[Players "{names[i % 40]} {names[(i + 7) % 40]} {names[(i + 19) % 40]}"]\n\n'
                   f"deal 1 dealer {names[i % 40]}\ncontract {names[(i + 7) % 40]}: 6s\nwhist pass pass\n\n"
                   for i in range(count))


async def watch(url: str, game: int, watchers: int) -> list[float]:
    """Open WATCHERS event streams of ``game``, append a deal, and return how long each took to see it."""
    ready = asyncio.Event()
    opened = 0
    seen: list[float] = []
    sent: list[float] = []

    async def watcher(client: httpx.AsyncClient) -> None:
        nonlocal opened
        async with client.stream("GET", f"/api/games/{game}/events") as stream:
            first = True
            async for line in stream.aiter_lines():
                if not line.startswith("data: "):
                    continue
                if first:
                    first = False
                    opened += 1
                    if opened == watchers:
                        ready.set()
                    continue
                seen.append(time.perf_counter() - sent[0])
                return

    limits = httpx.Limits(max_connections=watchers + 5)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        tasks = [asyncio.create_task(watcher(client)) for _ in range(watchers)]
        await asyncio.wait_for(ready.wait(), 60)
        sent.append(time.perf_counter())
        r = await client.post(f"/api/games/{game}/deals", content="pass 4 3 3", headers=TEXT)
        assert r.status_code == 201, r.text
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
    return seen


def timed(client: httpx.Client, path: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        r = client.get(path)
        times.append(time.perf_counter() - start)
        assert r.status_code == 200
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=30_000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sent = files(args.deals)
    size = sum(len(t.encode()) for t in sent) / 1e6
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "club.sqlite")
        try:
            with httpx.Client(base_url=server.url, timeout=300) as client:
                start = time.perf_counter()
                for text in sent:
                    r = client.post("/api/games", content=text.encode(), headers=TEXT)
                    assert r.status_code == 201 and not r.json()["violations"], r.text[:500]
                took = time.perf_counter() - start
                print(f"import: {args.deals:,} deals with full play ({size:.1f} MB in {len(sent)} requests) in "
                      f"{took:.1f} s, {args.deals / took:,.0f} deals/s; {verdict(took, 30, more_is_better=False)} "
                      f"the 30 s target")
                games = len(client.get("/api/games").json())
                r = client.post("/api/games", content=small_games(args.games - games).encode(), headers=TEXT)
                assert r.status_code == 201, r.text[:300]
                listed = client.get("/api/games").json()
                assert len(listed) == args.games
                json_time = timed(client, "/api/games", args.repeat * 3)
                page_time = timed(client, "/", args.repeat * 3)
                search_time = timed(client, "/api/games?player=P07", args.repeat * 3)
                for what, t in (("GET /api/games (all)", json_time), ("GET / (first page)", page_time),
                                ("GET /api/games?player=", search_time)):
                    print(f"list of {args.games:,} games, {what:<24} {t * 1000:7.1f} ms (median); "
                          f"{verdict(t, 0.2, more_is_better=False)} the 200 ms target")
                game = listed[0]["id"]
            runs = [asyncio.run(watch(server.url, game, args.watchers)) for _ in range(args.repeat)]
            last = max(max(r) for r in runs)
            median = statistics.median(t for r in runs for t in r)
            print(f"a deal seen by {args.watchers} watchers: the last after {last * 1000:.0f} ms (worst of "
                  f"{args.repeat}), median {median * 1000:.0f} ms; {verdict(last, 1, more_is_better=False)} "
                  f"the 1 s target")
        finally:
            server.stop()
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
