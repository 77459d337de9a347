"""Issue 64's figures (point 8, "measured, not asserted"): two revisions side by side in one run, each
built and served from a worktree of its own, measured from outside.

    python benchmarks/judgment.py                  # ce6fec6 beside HEAD, the issue's sizes (about an hour)
    python benchmarks/judgment.py --quick          # small sizes, a few minutes: does it all run
    python benchmarks/judgment.py --old ce6fec6 --new HEAD --record 10,300,1000 --repeat 3
    python benchmarks/judgment.py --fill import    # the issue's sizes, the deals before each window imported

Each revision (``--old``, ``--new``: a commit, a tag, ``HEAD``; resolved when the run starts) is checked
out into a worktree of its own under ``TMPDIR/preflog-judgment/<commit>`` and its modules compiled there
by mypyc as ``pip install`` compiles them (kept for the next run of that commit; ``git worktree remove``
one to drop it). Both run with this environment's Python and packages, never the checkout's own build.
python-chess, the peer of ``check``, is installed once into ``TMPDIR/preflog-judgment/chess`` (pip
``--target``) if this environment lacks it. The games are those ``preflog generate`` of the old
revision makes, the same in both.

The figures, each revision's ``preflog serve`` a process of its own with an archive of its own:

- **record**: one game recorded deal by deal through ``POST /api/games/{id}/deals`` (the notation, an
  ``Idempotency-Key`` each) on both servers in turn; the server's CPU time (all its threads, the kernel's
  clock of the process) from a quiet server to a quiet server again (the work a deal leaves behind it
  counted too), the median of ``--window`` deals around each of ``--record``; target: the last within
  1.3x of the first. ``--fill import`` (quicker: ce6fec6 replays the whole game for each deal, about 20
  CPU minutes for 1,000 deals) records only the windows, each in a game of its own whose deals before
  the window are imported in one request;
- **readers**: a 1,500-deal game (``--reader-deals``), worked out once, read in a loop by ``--readers``
  clients (a process of their own), each in turn its page, JSON, pulka, a replay and older deals, while
  ``/healthz`` is timed every 50 ms, beside the same probe idle; targets: p50 within 2x of idle, p99
  ≤ 100 ms;
- **first view**: a 10,000-deal game (``--big``) imported through ``POST /api/games``, then its page
  asked for at once and, while it answers «a moment», again as the browser does (after the page's
  refresh); the time to the full page (and the server's CPU meanwhile); target ≤ 1 s;
- **check**: ``preflog check`` of an archive of ``--check-deals`` generated deals (games of 30) beside
  python-chess reading a PGN file of the same size, CPU time of whole processes, the least of
  ``--repeat`` runs taken in turn; target 0.2x python-chess's;
- **memory**: the servers' peak resident size after all of the above, and ``check`` and ``score`` of the
  big game as processes; target: flat, at most 1.1x the old revision's.

Timings of requests are wall time on a shared machine: quote them beside each other, not alone (each
server is left quiet before another's are timed). The table is printed and written to
``benchmarks/results/judgment-<new>-vs-<old>[-quick][-imported][-server|-commands].{json,md}``.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402

from pgn import READ_PGN, pgn_of_size  # noqa: E402
from process import in_turn  # noqa: E402
from served import HEADERS, READERS, Served, probe  # noqa: E402
from trees import ROOT, compile_modules, package_of, tree_command  # noqa: E402

HOME = Path(tempfile.gettempdir()) / "preflog-judgment"
CHESS = HOME / "chess"
RESULTS = ROOT / "benchmarks" / "results"
RECORD_SPREAD = 1.3   # CPU a deal at the last mark ≤ 1.3x the first
HEALTH_SLOWER = 2.0   # /healthz's p50 under readers ≤ 2x idle
HEALTH_P99 = 100.0    # ms
FIRST_VIEW = 1.0      # s
CHECK_PEER = 0.2      # check's CPU ≤ 0.2x python-chess's, for the same bytes
MEMORY_FLAT = 1.1     # a peak ≤ 1.1x the old revision's


class Tree(NamedTuple):
    """A revision built in its worktree: its name, its commit, and the folder to put first on the path."""
    name: str
    commit: str
    path: Path


class Figure(NamedTuple):
    """One row: what, its unit, the old and new values, and the target the new one is held to."""
    name: str
    unit: str
    old: float
    new: float
    target: str = ""
    met: bool | None = None


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout.strip()


def built(revision: str, links: Path) -> Tree:
    """``revision`` checked out in its own worktree (made once a commit) with its modules compiled."""
    commit = git("rev-parse", "--short=7", f"{revision}^{{commit}}")
    folder = HOME / commit
    if not (folder / ".git").exists():
        git("worktree", "add", "--detach", "-f", str(folder), commit)
    print(f"building {revision} ({commit}) in {folder}", flush=True)
    compile_modules(folder)
    path = package_of(folder, links / commit)
    probe_code = (f"import sys; sys.path.insert(0, {str(path)!r}); import preflog; "
                  "from preflog.compiled import MODULES, running_compiled; "
                  "print(preflog.__file__, len(running_compiled()), len(MODULES))")
    where, compiled, modules = subprocess.run([sys.executable, "-c", probe_code], check=True, capture_output=True,
                                              text=True).stdout.split()
    if not where.startswith(str(path)) or compiled != modules:
        sys.exit(f"{revision}: preflog from {where}, {compiled} of {modules} modules compiled")
    return Tree(revision, commit, path)


def chess_ready() -> None:
    """python-chess importable here: this environment's, or installed once beside the worktrees."""
    if importlib.util.find_spec("chess") is not None:
        return
    if not (CHESS / "chess").exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(CHESS), "chess>=1.10"],
                       check=True)
    sys.path.append(str(CHESS))


def generated(tree: Tree, deals: int, seed: int, per_game: int, path: Path) -> Path:
    subprocess.run(tree_command(tree.path, ["generate", "--deals", str(deals), "--seed", str(seed),
                                            "--per-game", str(per_game), "-o", str(path)]), check=True)
    return path


def tags_and_deals(text: str) -> tuple[str, list[str]]:
    """A one-game text as its tag block and its deals' blocks, each as the notation writes it."""
    head, *deals = text.strip().split("\n\ndeal ")
    return head + "\n", [f"deal {d}\n" for d in deals]


def cpu(pid: int) -> float:
    """Process ``pid``'s CPU time, every thread's (those ended too), in seconds: its CPU clock."""
    return time.clock_gettime(((~pid) << 3) | 2)  # the kernel's MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)


def quiet(pid: int, still: float = 0.1, most: float = 20.0) -> float:
    """Wait until process ``pid`` spends under a millisecond of CPU in ``still`` seconds (at most
    ``most`` seconds); its CPU time then."""
    deadline = time.monotonic() + most
    now = cpu(pid)
    while time.monotonic() < deadline:
        time.sleep(still)
        before, now = now, cpu(pid)
        if now - before < 0.001:
            break
    return now


def new_game(url: str, tags: str) -> int:
    r = httpx.post(url + "/api/games", content=tags.encode(), headers=HEADERS, timeout=600)
    assert r.status_code == 201, r.text[:300]
    ident: int = r.json()["ids"][0]
    return ident


def post_deal(client: httpx.Client, game: int, deal: str) -> None:
    r = client.post(f"/api/games/{game}/deals", content=deal.encode(),
                    headers={**HEADERS, "Idempotency-Key": uuid.uuid4().hex})
    assert r.status_code == 201, r.text[:500]


def record(servers: dict[str, Served], text: str, marks: list[int], window: int,
           imported: bool) -> dict[str, dict[int, float]]:
    """Each server records the game ``text`` deal by deal, the servers in turn; the median CPU
    milliseconds a deal of ``window`` deals around each mark. ``imported``: instead of one game recorded
    from its first deal, a game a mark, its deals before the window imported in one request."""
    tags, deals = tags_and_deals(text)
    costs: dict[str, dict[int, list[float]]] = {name: {n: [] for n in marks} for name in servers}
    firsts = [m - window // 2 for m in marks]
    for start in firsts if imported else [1]:
        games = {name: new_game(s.url, tags + "\n" + "\n".join(deals[:start - 1])) for name, s in servers.items()}
        end = start + window if imported else len(deals) + 1
        with ExitStack() as stack:
            clients = {name: stack.enter_context(httpx.Client(base_url=s.url, timeout=600))
                       for name, s in servers.items()}
            for number in range(start, end):
                mark = next((m for m, first in zip(marks, firsts) if first <= number < first + window), None)
                for name, served in servers.items():
                    before = quiet(served.process.pid) if mark else 0.0
                    post_deal(clients[name], games[name], deals[number - 1])
                    if mark:
                        costs[name][mark].append(quiet(served.process.pid) - before)
                if number % 100 == 0:
                    print(f"  recorded {number} of {len(deals)} deals", flush=True)
    return {name: {n: statistics.median(c) * 1000 for n, c in by.items()} for name, by in costs.items()}


def is_page(body: str) -> bool:
    """A game's page, not the one saying «a moment» that asks again by itself."""
    return 'http-equiv="refresh"' not in body and "<h1" in body


def first_view(url: str) -> tuple[float, int]:
    """Seconds to the full page at ``url``, asked as a browser asks (again a second after each «a
    moment»), and how many «a moment» pages came first."""
    started, moments = time.perf_counter(), 0
    with httpx.Client(timeout=600) as client:
        while True:
            r = client.get(url)
            assert r.status_code == 200, r.text[:300]
            if is_page(r.text):
                return time.perf_counter() - started, moments
            moments += 1
            time.sleep(1)


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000


def readers(served: Served, text: str, count: int, seconds: float) -> dict[str, float]:
    """``/healthz`` timed idle, then while ``count`` clients read the game ``text``'s pages in a loop,
    each in turn: the game's page, its JSON, its pulka, a deal's replay, its older deals."""
    game = new_game(served.url, text)
    deals = text.count("\n\ndeal ")
    first_view(f"{served.url}/games/{game}")  # worked out once, before the readers, in both
    quiet(served.process.pid)
    pages = ",".join(f"{served.url}{path}" for path in (
        f"/games/{game}", f"/api/games/{game}", f"/games/{game}/pulka", f"/games/{game}/deals/{deals // 2}",
        f"/games/{game}?deals=2"))
    idle: list[float] = []
    stop = threading.Event()
    threading.Timer(3, stop.set).start()
    probe(served.url + "/healthz", stop, idle)
    reading = subprocess.Popen([sys.executable, "-c", READERS, pages, str(count), str(seconds)],
                               stdout=subprocess.PIPE, text=True)
    time.sleep(1)  # all of them at it
    loaded: list[float] = []
    stop = threading.Event()
    threading.Timer(seconds - 2, stop.set).start()
    probe(served.url + "/healthz", stop, loaded)
    out, _ = reading.communicate(timeout=seconds + 300)
    return {"idle p50": statistics.median(idle) * 1000, "p50": statistics.median(loaded) * 1000,
            "p99": percentile(loaded, 0.99), "pages/s": int(out.strip() or 0) / seconds}


def big_game(served: Served, text: str) -> dict[str, float]:
    """The game ``text`` imported, then its first view."""
    started, used = time.perf_counter(), cpu(served.process.pid)
    game = new_game(served.url, text)
    imported, import_cpu = time.perf_counter() - started, cpu(served.process.pid) - used
    used = cpu(served.process.pid)
    view, moments = first_view(f"{served.url}/games/{game}")
    return {"import s": imported, "import cpu": import_cpu, "view": view, "view cpu": cpu(served.process.pid) - used,
            "moments": moments}


def settled(servers: dict[str, Served]) -> None:
    """Every server quiet: the work one left behind does not slow another's timed requests."""
    for served in servers.values():
        quiet(served.process.pid, most=300)


@contextmanager
def serving(trees: list[Tree], work: Path) -> Iterator[dict[str, Served]]:
    servers: dict[str, Served] = {}
    try:
        for tree in trees:
            folder = work / f"serve-{tree.commit}"
            folder.mkdir()
            servers[tree.name] = Served(tree.path, folder)
        yield servers
    finally:
        for served in servers.values():
            served.stop()


def server_figures(args: argparse.Namespace, old: Tree, new: Tree, work: Path) -> list[Figure]:
    text = {n: generated(old, n, seed, n, work / f"game-{n}.pref").read_text(encoding="utf-8")
            for n, seed in ((max(args.record) + args.window, 11), (args.reader_deals, 3), (args.big, 5))}
    with serving([old, new], work) as servers:
        print(f"record: {max(args.record) + args.window} deals on both servers, in turn "
              f"({'a game a mark, imported up to it' if args.fill == 'import' else 'one game'})", flush=True)
        cost = record(servers, text[max(args.record) + args.window], args.record, args.window, args.fill == "import")
        load, big = {}, {}
        for name, served in servers.items():
            print(f"readers: {args.readers} of a {args.reader_deals}-deal game, {name}", flush=True)
            settled(servers)
            load[name] = readers(served, text[args.reader_deals], args.readers, args.seconds)
        for name, served in servers.items():
            print(f"first view: a {args.big}-deal game, {name}", flush=True)
            settled(servers)
            big[name] = big_game(served, text[args.big])
        time.sleep(5)  # the work the views began goes on: the peak is taken after it
        peak = {name: served.peak_mb() for name, served in servers.items()}
    o, n = old.name, new.name
    first, last = args.record[0], args.record[-1]
    rows = [Figure(f"record: CPU a deal at deal {m:,}", "ms", cost[o][m], cost[n][m]) for m in args.record]
    spread = {name: cost[name][last] / cost[name][first] for name in (o, n)}
    rows.append(Figure(f"record: deal {last:,} / deal {first:,}", "x", spread[o], spread[n],
                       f"≤ {RECORD_SPREAD}", spread[n] <= RECORD_SPREAD))
    slower = {name: load[name]["p50"] / load[name]["idle p50"] for name in (o, n)}
    rows += [Figure("/healthz idle: p50", "ms", load[o]["idle p50"], load[n]["idle p50"]),
             Figure(f"/healthz, {args.readers} readers: p50", "ms", load[o]["p50"], load[n]["p50"]),
             Figure("/healthz: p50 readers / idle", "x", slower[o], slower[n], f"≤ {HEALTH_SLOWER:g}",
                    slower[n] <= HEALTH_SLOWER),
             Figure(f"/healthz, {args.readers} readers: p99", "ms", load[o]["p99"], load[n]["p99"],
                    f"≤ {HEALTH_P99:g}", load[n]["p99"] <= HEALTH_P99),
             Figure(f"pages of the {args.reader_deals:,}-deal game read", "/s", load[o]["pages/s"], load[n]["pages/s"]),
             Figure(f"import of {args.big:,} deals", "s", big[o]["import s"], big[n]["import s"]),
             Figure(f"import of {args.big:,} deals: server CPU", "s", big[o]["import cpu"], big[n]["import cpu"]),
             Figure("first view after the import", "s", big[o]["view"], big[n]["view"], f"≤ {FIRST_VIEW:g}",
                    big[n]["view"] <= FIRST_VIEW),
             Figure("first view: server CPU", "s", big[o]["view cpu"], big[n]["view cpu"]),
             Figure("«a moment» pages before it", "", big[o]["moments"], big[n]["moments"]),
             Figure("server's peak memory", "MB", peak[o], peak[n], f"≤ {MEMORY_FLAT}x old",
                    peak[n] <= MEMORY_FLAT * peak[o])]
    return rows


def command_figures(args: argparse.Namespace, old: Tree, new: Tree, work: Path) -> list[Figure]:
    archive = generated(old, args.check_deals, 1, 30, work / "archive.pref")
    pgn = work / "games.pgn"
    pgn.write_text(pgn_of_size(archive.stat().st_size) or "", encoding="utf-8")
    read_pgn = [sys.executable, "-c", f"import sys; sys.path.append({str(CHESS)!r})\n{READ_PGN}", str(pgn)]
    print(f"check: {args.check_deals:,} deals ({archive.stat().st_size / 1e6:.2f} MB) beside python-chess", flush=True)
    checked_old, checked_new, chess = in_turn([tree_command(old.path, ["check", str(archive)]),
                                               tree_command(new.path, ["check", str(archive)]), read_pgn], args.repeat)
    big = generated(old, args.big, 5, args.big, work / f"game-{args.big}.pref")
    print(f"check and score of the {args.big:,}-deal game", flush=True)
    used = {verb: in_turn([tree_command(old.path, [verb, str(big)]), tree_command(new.path, [verb, str(big)])],
                          max(1, args.repeat - 1)) for verb in ("check", "score")}
    ratio = (checked_old.cpu / chess.cpu, checked_new.cpu / chess.cpu)
    rows = [Figure(f"check of {args.check_deals:,} deals: CPU", "s", checked_old.cpu, checked_new.cpu),
            Figure("python-chess reading as many bytes: CPU", "s", chess.cpu, chess.cpu),
            Figure("check / python-chess, CPU a byte", "x", *ratio, f"≤ {CHECK_PEER}", ratio[1] <= CHECK_PEER)]
    for verb, (then, now) in used.items():
        rows += [Figure(f"{verb} of the {args.big:,}-deal game: CPU", "s", then.cpu, now.cpu),
                 Figure(f"{verb} of the {args.big:,}-deal game: peak memory", "MB", then.peak_mb, now.peak_mb,
                        f"≤ {MEMORY_FLAT}x old", now.peak_mb <= MEMORY_FLAT * then.peak_mb)]
    return rows


def table(rows: list[Figure], old: Tree, new: Tree) -> str:
    """The rows as a Markdown table."""
    def value(v: float) -> str:
        return f"{v:,.3g}" if abs(v) < 100 else f"{v:,.0f}"

    lines = [f"| figure | unit | {old.name} ({old.commit}) | {new.name} ({new.commit}) | new / old | target | |",
             "|---|---|---:|---:|---:|---|---|"]
    for r in rows:
        ratio = f"{r.new / r.old:.2f}" if r.old else ""
        mark = "" if r.met is None else ("met" if r.met else "MISSED")
        lines.append(f"| {r.name} | {r.unit} | {value(r.old)} | {value(r.new)} | {ratio} | {r.target} | {mark} |")
    return "\n".join(lines)


def write(rows: list[Figure], old: Tree, new: Tree, args: argparse.Namespace, header: str) -> Path:
    RESULTS.mkdir(exist_ok=True)
    stem = RESULTS / f"judgment-{new.commit}-vs-{old.commit}{'-quick' if args.quick else ''}{'-imported' if args.fill == 'import' else ''}{'-' + args.only if args.only else ''}"
    stem.with_suffix(".md").write_text(f"{header}\n\n{table(rows, old, new)}\n", encoding="utf-8")
    data = {"when": header, "old": {"revision": old.name, "commit": old.commit},
            "new": {"revision": new.name, "commit": new.commit}, "options": vars(args),
            "rows": [r._asdict() for r in rows]}
    stem.with_suffix(".json").write_text(json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n",
                                         encoding="utf-8")
    return stem


def marks(text: str) -> list[int]:
    numbers = sorted(int(n) for n in text.split(","))
    if len(numbers) < 2 or numbers[0] < 1:
        raise argparse.ArgumentTypeError("two deal numbers or more, from 1: 10,300,1000")
    return numbers


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", default="ce6fec6", help="the revision measured against (ce6fec6)")
    parser.add_argument("--new", default="HEAD", help="the revision measured (HEAD, as committed now)")
    parser.add_argument("--quick", action="store_true", help="small sizes, to see it all run")
    parser.add_argument("--record", type=marks, help="the deals whose cost is measured (10,300,1000)")
    parser.add_argument("--window", type=int, default=9, help="deals measured around each (9)")
    parser.add_argument("--fill", choices=("api", "import"), default="api",
                        help="the deals before each window: recorded through the API, one game (the issue's "
                             "measure; ce6fec6 needs about 20 CPU minutes for 1,000), or imported, a game a mark")
    parser.add_argument("--readers", type=int, default=20)
    parser.add_argument("--seconds", type=float, help="how long the readers read (10)")
    parser.add_argument("--reader-deals", type=int, help="the deals of the game they read (1,500)")
    parser.add_argument("--big", type=int, help="the deals of the imported game (10,000)")
    parser.add_argument("--check-deals", type=int, help="the deals of check's archive (3,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command, the least taken (3)")
    parser.add_argument("--only", choices=("server", "commands"), help="one half of the figures")
    args = parser.parse_args()
    quick = {"record": [10, 60, 150], "seconds": 5.0, "reader_deals": 300, "big": 2000, "check_deals": 600}
    full = {"record": [10, 300, 1000], "seconds": 10.0, "reader_deals": 1500, "big": 10_000, "check_deals": 3000}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.window < 1 or args.record[0] <= args.window // 2:
        parser.error("--window must fit before the first deal measured")
    return args


def main() -> None:
    args = arguments()
    chess_ready()
    HOME.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        old, new = built(args.old, work / "trees"), built(args.new, work / "trees")
        header = (f"{datetime.datetime.now():%Y-%m-%d %H:%M}: {new.name} ({new.commit}) beside {old.name} "
                  f"({old.commit}), python {sys.version.split()[0]}, {os.cpu_count()} cores, load "
                  f"{os.getloadavg()[0]:.1f}")
        print(header, flush=True)
        parts: list[Callable[[argparse.Namespace, Tree, Tree, Path], list[Figure]]] = []
        if args.only != "commands":
            parts.append(server_figures)
        if args.only != "server":
            parts.append(command_figures)
        rows = [row for part in parts for row in part(args, old, new, work)]
    print(table(rows, old, new))
    print(f"written: {write(rows, old, new, args, header)}.{{md,json}}")


if __name__ == "__main__":
    main()
