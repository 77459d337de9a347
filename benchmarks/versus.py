"""Every speed figure in one run: this checkout beside the previous release and beside each figure's
peer or floor (issue 46, item 5). The README's figures come from this run.

    pip install -e '.[bench]'             # python-chess, the peer of `check`
    python benchmarks/versus.py [REVISION] [--deals 3000] [--stats-deals 30000] [--repeat 5] [--no-decisions]

REVISION (a commit, a tag, ``HEAD~3``; by default :data:`PREVIOUS`, the last release) is checked out
into a temporary worktree, its modules compiled by mypyc as ``pip install`` compiles them, and run with
this environment's Python and packages. Each figure is the least CPU time (user + system) of
``--repeat`` runs of a whole process, start-up included, taken A B A B … so that a machine whose speed
drifts slows both alike; memory is each command's peak. A ratio above 1 is this checkout slower.

The rows: ``parse``, ``check`` and ``score`` on an archive of generated full-play deals (games of
30), ``stats`` on one of 30,000 (``--stats-deals``, as its target is stated); ``check`` of the first
archive with a comment and a glyph on every deal, and with the sheet after each deal written on it (a
``sheet`` checkpoint, and a penalty on some deals, as a scorer keeps a game); python-chess
reading a PGN file of the same size (the peer); ``preflog.odds`` of three hands (CPU a layout, one job:
in a process of each tree that solves a few layouts first, then times one call over :data:`ODDS_LAYOUTS`,
the processes of the two trees in turn, the least of each kept; start-up and the first call's tables
left out); ``analyse --decisions`` of a 30-deal pulka (wall time, two jobs, once).
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.annotating

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from pgn import READ_PGN, pgn_of_size  # noqa: E402
from process import Usage, in_turn, printed, run  # noqa: E402
from trees import ROOT, compile_modules, package_of, tree_command  # noqa: E402
from tests.annotating import one_of_each, with_sheets  # noqa: E402

PREVIOUS = "b3432ad"  # the last release: stop 49, landed 2026-11-27
ODDS = [("AKJ9.KQ8.A7.Q", None), ("AKJ9.KQ8.A7.Q", "7h 8h"), ("78T.79.79T.8Q", None)]  # benchmarks/odds.py's
ODDS_LAYOUTS = 100  # the layouts of the timed call (the same seed in both trees: the same layouts)
#: Times one call of ``preflog.odds`` in the tree first on the path (argv: tree, hand, talon or "", layouts),
#: after a call over a few layouts that imports and makes what the first call makes; prints CPU a layout.
_ODDS_TIMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from preflog.analysis.odds import odds
hand, talon, layouts = sys.argv[2], sys.argv[3] or None, int(sys.argv[4])
odds(hand, talon, samples=5, seed=2, jobs=1)
start = time.process_time()
odds(hand, talon, samples=layouts, seed=1, jobs=1)
print((time.process_time() - start) / layouts)
"""
CHECK_PEER_TARGET = 0.2      # check ≤ 0.2x python-chess's CPU per byte
ANNOTATED_TARGET = 1.25      # an annotated archive ≤ 1.25x the bare one
STATS_TARGET = 4_000         # stats ≥ 4,000 deals a second per core
ODDS_TARGET = 5.0            # odds ≥ 5x less CPU a layout than the release before issue 46
DECISIONS_TARGET = 30.0      # analyse --decisions of a 30-deal pulka ≤ 30 s on two cores


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revision", nargs="?", default=PREVIOUS)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--stats-deals", type=int, default=30_000, help="the archive stats reads (the target's)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-decisions", action="store_true", help="leave out analyse --decisions (minutes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        before = work / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(before), args.revision],
                       check=True, capture_output=True)
        try:
            compile_modules(ROOT)
            compile_modules(before)
            report(args, work, package_of(ROOT, work / "now"), package_of(before, work / "then"))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                           capture_output=True)
            os.sync()


def report(args: argparse.Namespace, work: Path, now_path: Path, then_path: Path) -> None:
    games = generate(args.deals, seed=1, per_game=30)
    bare, noted = work / "archive.pref", work / "annotated.pref"
    bare.write_text(preflog.dumps(games), encoding="utf-8")
    noted.write_text(preflog.dumps([one_of_each(g, seed=n) for n, g in enumerate(games)]), encoding="utf-8")
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    print(f"{datetime.date.today()}: this checkout ({head.stdout.strip()}, "
          f"{'with changes' if _dirty() else 'clean'}) against {args.revision}, on {os.cpu_count()} cores")
    print(f"archive: {args.deals} generated full-play deals in games of 30, {bare.stat().st_size / 1e6:.2f} MB; "
          f"annotated (a comment and a glyph a deal): {noted.stat().st_size / 1e6:.2f} MB")
    print(f"{'figure':26} {'now':>10} {'then':>10} {'now/then':>9} {'now MB':>7}  beside its peer or floor")

    def row(name: str, now: Usage, then: Usage, unit: str = "s", beside: str = "") -> None:
        print(f"{name:26} {now.cpu:8.2f} {unit:1} {then.cpu:8.2f} {unit:1} {now.cpu / then.cpu:9.2f} "
              f"{now.peak_mb:7.0f}  {beside}")

    def verbs(*words: str, path: Path = bare) -> tuple[Usage, Usage]:
        now, then = in_turn([tree_command(now_path, [*words, str(path)]),
                             tree_command(then_path, [*words, str(path)])], args.repeat)
        return now, then

    parse = verbs("parse")
    row("parse", *parse, beside=f"{args.deals / parse[0].cpu:,.0f} deals/s")
    check = verbs("check")
    pgn = pgn_of_size(bare.stat().st_size)
    peer = ""
    if pgn is not None:
        pgn_path = work / "games.pgn"
        pgn_path.write_text(pgn, encoding="utf-8")
        chess_cpu = min(run([sys.executable, "-c", READ_PGN, str(pgn_path)]).cpu for _ in range(args.repeat))
        peer = (f"python-chess reads a PGN file of the same size in {chess_cpu:.2f} s: "
                f"{check[0].cpu / chess_cpu:.2f}x (target {CHECK_PEER_TARGET}x; then {check[1].cpu / chess_cpu:.2f}x)")
    row("check", *check, beside=peer or "(python-chess missing: pip install -e '.[bench]')")
    annotated = verbs("check", path=noted)
    row("check, annotated", *annotated,
        beside=f"{annotated[0].cpu / check[0].cpu:.2f}x the bare archive (target {ANNOTATED_TARGET}x; "
               f"then {annotated[1].cpu / check[1].cpu:.2f}x)")
    sheets = work / "sheets.pref"  # the first archive as a scorer keeps it: the sheet after each deal, a few penalties
    sheets.write_text(preflog.dumps([with_sheets(g, seed=n) for n, g in enumerate(games)]), encoding="utf-8")
    checked = verbs("check", path=sheets)
    size = sheets.stat().st_size / bare.stat().st_size
    row("check, a sheet a deal", *checked,
        beside=f"{checked[0].cpu / check[0].cpu:.2f}x the bare archive, for {size:.2f}x its bytes "
               f"(then {checked[1].cpu / check[1].cpu:.2f}x)")
    score = verbs("score")
    row("score", *score, beside=f"{args.deals / score[0].cpu:,.0f} deals/s")
    many = work / "many.pref"  # the target's archive: 30,000 deals, where a process's start-up counts little
    many.write_text(preflog.dumps(generate(args.stats_deals, seed=1, per_game=30)), encoding="utf-8")
    stats = verbs("stats", "--no-cache", path=many)
    row(f"stats, {args.stats_deals:,} deals", *stats,
        beside=f"{args.stats_deals / stats[0].cpu:,.0f} deals/s a core (target {STATS_TARGET:,}; "
               f"then {args.stats_deals / stats[1].cpu:,.0f})")
    for hand, talon in ODDS:
        timers = [[sys.executable, "-c", _ODDS_TIMER, str(path), hand, talon or "", str(ODDS_LAYOUTS)]
                  for path in (now_path, then_path)]
        per = [min(cpus) * 1000 for cpus in zip(*(
            [float(printed(timer)) for timer in timers] for _ in range(max(2, args.repeat // 2))))]
        print(f"{'odds ' + hand + (' ' + talon if talon else ''):26} {per[0]:7.1f} ms {per[1]:7.1f} ms "
              f"{per[0] / per[1]:9.2f} {'':7}  CPU a layout, one job, in process ({per[1] / per[0]:.1f}x less; "
              f"target {ODDS_TARGET:.0f}x)")
    if not args.no_decisions:
        pulka = work / "pulka.pref"
        pulka.write_text(preflog.dumps(generate(30, seed=30, per_game=30)), encoding="utf-8")
        words = ["analyse", "--decisions", "--jobs", "2", str(pulka)]
        now_s, then_s = wall(tree_command(now_path, words)), wall(tree_command(then_path, words))
        print(f"{'decisions, 30-deal pulka':26} {now_s:8.1f} s {then_s:8.1f} s {now_s / then_s:9.2f} {'':7}  "
              f"wall time on two cores (target {DECISIONS_TARGET:.0f} s)")


def _dirty() -> bool:
    status = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                            capture_output=True, text=True)
    return bool(status.stdout.strip())


if __name__ == "__main__":
    main()
