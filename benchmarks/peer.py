"""preflog beside its model: `preflog check` on our archive and python-chess reading a PGN file of the
same size, with legality and the game tree, each as a whole process, by CPU time, the least of runs
taken in turn (with the annotated archive's below: A B C A B C …).

    pip install -e '.[bench]'            # python-chess: for this benchmark only
    python benchmarks/peer.py [--deals 3000] [--repeat 3]

The PGN file is made here from random legal games (python-chess plays them), so that the two files
have the same number of bytes. Target: `preflog check` takes at most 0.4 times python-chess's time.

The same archive is also checked annotated as commentators annotate: a comment and a glyph on every
deal (tests/annotating.py). Target: at most 1.25 times the bare archive's time (issue 46, item 1).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.annotating

from pgn import READ_PGN, pgn_of_size  # noqa: E402
from process import arguments, in_turn, preflog_exe, verdict  # noqa: E402

import preflog  # noqa: E402
from preflog.generator import generate  # noqa: E402
from tests.annotating import one_of_each  # noqa: E402


TARGET = 0.4
ANNOTATED_TARGET = 1.25


def main() -> None:
    args = arguments(__doc__)
    games = generate(args.deals, seed=1, per_game=30)
    ours = preflog.dumps(games)
    annotated = preflog.dumps([one_of_each(g, seed=n) for n, g in enumerate(games)])
    theirs = pgn_of_size(len(ours))
    if theirs is None:
        sys.exit("benchmarks/peer.py needs python-chess: pip install -e '.[bench]'")
    with tempfile.TemporaryDirectory() as tmp:
        archive, pgn, noted = Path(tmp) / "archive.pref", Path(tmp) / "games.pgn", Path(tmp) / "annotated.pref"
        archive.write_text(ours, encoding="utf-8")
        pgn.write_text(theirs, encoding="utf-8")
        noted.write_text(annotated, encoding="utf-8")
        pgn_games = theirs.count("[Event ")
        print(f"archive: {args.deals} deals, {len(ours) / 1e6:.2f} MB; PGN: {pgn_games} games, {len(theirs) / 1e6:.2f} MB")
        bare_run, read_run, noted_run = in_turn([[preflog_exe(), "check", str(archive)],
                                                 [sys.executable, "-c", READ_PGN, str(pgn)],
                                                 [preflog_exe(), "check", str(noted)]], args.repeat)
        check, read = bare_run.cpu, read_run.cpu
        ratio = check / read
        print(f"`preflog check` (process, CPU):     {check:.3f} s  ({args.deals / check:,.0f} deals/s)")
        print(f"python-chess read_game (process):   {read:.3f} s  ({pgn_games / read:,.0f} games/s)")
        print(f"preflog / python-chess CPU time:    {ratio:.2f}  ({verdict(ratio, TARGET, more_is_better=False)} "
              f"the {TARGET} target)")
        slower = noted_run.cpu / check
        print(f"annotated / bare archive CPU time:  {slower:.2f}  ({verdict(slower, ANNOTATED_TARGET, False)} the "
              f"{ANNOTATED_TARGET} target; a comment and a glyph on every deal, {len(annotated) / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
