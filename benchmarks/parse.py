"""Parse throughput: deals per second for the reader and for `preflog parse` as a whole process.

    python benchmarks/parse.py [--deals 3000] [--repeat 3]

Writes an archive of generated deals (games of 30; ``preflog.generate``, a random walk over the
engine's legal moves, so most deals are played card by card), then prints
  - the in-process throughput of ``preflog.read_games`` (deals/s),
  - a bare regular-expression tokenizer pass over the same text (deals/s) and the ratio,
  - `preflog parse FILE` as a whole process, start-up included, by CPU time (deals/s; target ≥ 8,000).
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import preflog  # noqa: E402
from process import arguments, time_command, verdict  # noqa: E402
from preflog.generator import generate  # noqa: E402

# One alternative per kind of token of the notation; the fastest pass over the text that still
# sees every token: a floor for what any tokenizer in Python can do.
TOKEN = re.compile(r"""\s+|%[^\n]*|\{[^}]*\}|\[[^\]]*\]|[A-Za-z\u0400-\u04FF][\w]*:?|[-.0-9TJQKAВДКТ]+\.[-.0-9TJQKAВДКТ]*
                   |(?:10|[6-9TJQKAВДКТ])[scdh♠♣♦♥птбч]\w*|[+-]?\d+|[|()?!;=]+|.""", re.X)


def best(seconds: list[float]) -> float:
    return min(seconds)


def main() -> None:
    args = arguments(__doc__)

    text = preflog.dumps(generate(args.deals, seed=1, per_game=30))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.pref"
        path.write_text(text, encoding="utf-8")
        played = text.count("\nplay ")
        print(f"archive: {args.deals} deals ({played} with full play), {len(text) / 1e6:.2f} MB, "
              f"{text.count(chr(10))} lines")

        list(preflog.read_games(text[:5000]))  # warm up: grammar loaded from the cache
        reader: list[float] = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            deals = sum(len(p.game.deals) for p in preflog.read_games(text))
            reader.append(time.perf_counter() - start)
        assert deals == args.deals, deals
        tokens: list[float] = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            count = sum(1 for _ in TOKEN.finditer(text))
            tokens.append(time.perf_counter() - start)
        r, t = best(reader), best(tokens)
        print(f"reader (in process):        {args.deals / r:10,.0f} deals/s  ({r:.3f} s)")
        print(f"bare regex tokenizer pass:  {args.deals / t:10,.0f} deals/s  ({t:.3f} s, {count:,} tokens)")
        print(f"reader / regex time ratio:  {r / t:10.1f} x")

        w = time_command(["parse", str(path)], args.repeat)
        met = verdict(args.deals / w, 8_000)
        print(f"`preflog parse` (process):  {args.deals / w:10,.0f} deals/s  ({w:.3f} s; {met} the 8,000 target, CPU time)")


if __name__ == "__main__":
    main()
