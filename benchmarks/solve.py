"""Double-dummy speed: ``preflog.par`` on 200 seeded full deals and ``preflog.analyse`` on played deals.

    python benchmarks/solve.py [--deals 200] [--played 40] [--seed 1] [--no-pure]

The deals are dealt at random and given the contract a player would bid (issue 15: "game, misère and
all-pass", from the opening lead): half are games, for the hand with the longest suit and the most
honours, trumps its longest suit (no-trump when none has four cards), the talon taken and the two lowest
cards outside trumps discarded; a quarter misères, dealt until a hand would bid one (its twelve but
the two highest, which it discards, hold no ace or king and at most a queen or two jacks); a quarter all-passes with the talon leading the first two tricks
(an all-pass's par is three solves, one per player). Then whole played deals, from
``preflog.generate`` (cards played at random, so with many mistakes to find), are annotated: every
card's value and those of the cards that could have been played. Targets (issue 36): par median ≤ 2 ms,
90th percentile ≤ 15 ms, with the search as ``pip install .`` builds it (compiled by mypyc, its solver
written in C: ``_search.c``, issue 46); side by side, the solver of ``search.py`` compiled by mypyc
(before issue 46) and the same search run from its Python source (``PREFLOG_PURE_PYTHON=1``), the
solver of issue 15, whose targets were a median of 30 ms and a 90th percentile of 300 ms. Annotating
a played deal: ≤ 0.5 s median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from types import ModuleType

import preflog
import preflog.analysis.search as installed
from preflog.analysis import pure_search, solve
from preflog.compiled import is_compiled
from preflog.generator import generate

RANKS = "AKQJT987"
HONOURS = (4, 3, 2, 1, 0, 0, 0, 0)  # ace, king, queen, jack


def _suit_cards(cards: list[int], suit: int) -> list[int]:
    return sorted(c for c in cards if c // 8 == suit)


def _hand(cards: list[int]) -> str:
    return ".".join("".join(RANKS[c % 8] for c in _suit_cards(cards, s)) or "-" for s in range(4))


def _card(c: int) -> str:
    return RANKS[c % 8] + "scdh"[c // 8]


def _points(cards: list[int]) -> int:
    return sum(HONOURS[c % 8] for c in cards)


def _misere_hand(hand: list[int], talon: list[int]) -> bool:
    """A hand a player would bid misère on: its twelve but the two highest hold no ace or king and
    honours worth at most two (a queen, or two jacks)."""
    kept = sorted(hand + talon, key=lambda c: c % 8)[2:]
    return _points(kept) <= 2


def deal_text(rng: random.Random, kind: str) -> str:
    """A deal of ``kind`` (game, misère, all-pass) in the notation, up to the first card; a misère is
    dealt again until some hand would bid it."""
    while True:
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [deck[0:10], deck[10:20], deck[20:30]]
        talon = deck[30:]
        if kind != "misère" or any(_misere_hand(h, talon) for h in hands):
            break
    lines = [f"hands Anna: {_hand(hands[0])} Boris: {_hand(hands[1])} Vera: {_hand(hands[2])}",
             f"talon {_card(talon[0])} {_card(talon[1])}"]
    if kind == "all-pass":
        return "\n".join(lines + ["bids pass pass pass"])
    if kind == "game":
        seat = max(range(3), key=lambda s: _points(hands[s]) + 2 * max(len(_suit_cards(hands[s], t)) for t in range(4)))
        twelve = hands[seat] + talon
        longest = max(range(4), key=lambda t: len(_suit_cards(twelve, t)))
        trump = longest if len(_suit_cards(twelve, longest)) >= 4 else None
        # the lowest cards outside trumps go (RANKS: a higher index is a lower card)
        discard = sorted((c for c in twelve if trump is None or c // 8 != trump), key=lambda c: -(c % 8))[:2]
        bid = "6" + ("nt" if trump is None else "scdh"[trump])
    else:
        seat = next(s for s in range(3) if _misere_hand(hands[s], talon))
        twelve = hands[seat] + talon
        discard = sorted(twelve, key=lambda c: c % 8)[:2]  # the highest two
        bid = "mis"
    calls = ["pass"] * 3
    calls[seat] = bid
    lines += [f"bids {' '.join(calls)}", f"discard {_card(discard[0])} {_card(discard[1])}", f"contract {bid}"]
    if kind == "game":
        lines.append("whist whist whist")
    return "\n".join(lines)


def start_of_play(text: str) -> preflog.GameState:
    game = preflog.loads(f'[Players "Anna Boris Vera"]\n[Rules "sochi"]\n\ndeal 1 dealer Vera\n{text}\n')
    return next(s.state for s in reversed(preflog.replay(game).steps) if preflog.legal_cards(s.state))


def _summary(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"median {1000 * statistics.median(times):7.1f} ms   90th percentile {1000 * p90:7.1f} ms   "
            f"slowest {1000 * times[-1]:7.1f} ms")


def _par_times(states: list[tuple[str, preflog.GameState]], search: ModuleType) -> dict[str, list[float]]:
    """The time of each deal's par with ``search`` as the solver's search module."""
    times: dict[str, list[float]] = {"all": []}
    for kind, state in states:
        d = state.deal
        assert d is not None
        analyst = solve.Analyst(d, state.rules, search.Search)
        start = time.perf_counter()
        analyst.par(d)
        took = time.perf_counter() - start
        times.setdefault(kind, []).append(took)
        times["all"].append(took)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--played", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pure", action="store_true", help="leave out the search run from its source")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = ["game", "game", "misère", "all-pass"]
    states = [(kinds[n % 4], start_of_play(deal_text(rng, kinds[n % 4]))) for n in range(args.deals)]
    compiled = is_compiled(installed)
    native = installed.native_solver()
    runs = [("installed" + (" (compiled by mypyc, its solver in C)" if native else " (compiled by mypyc)" if compiled
                             else " (pure Python: not compiled)"), installed, native)]
    if native:
        runs.append(("search.py's solver compiled by mypyc", installed, None))
    if compiled and not args.no_pure:
        runs.append(("pure Python, the same source", pure_search(), None))
    for label, search, solver in runs:
        installed.set_native(solver)  # the solver the installed module's searches use
        times = _par_times(states, search)
        print(f"par of {args.deals} deals, {label} (target: median ≤ 2 ms, 90th percentile ≤ 15 ms)")
        for kind in ("all", "game", "misère", "all-pass"):
            print(f"  {kind:10} {_summary(times[kind])}   ({len(times[kind])} deals)")
    installed.set_native(native)
    annotate: list[float] = []
    for game in generate(args.played * 3, seed=args.seed, per_game=1):
        deal = game.deals[0]
        if deal.play is None or len(deal.play.cards) < 30 or not deal.hands:
            continue
        start = time.perf_counter()
        (analysis,) = preflog.analyse(game)
        if analysis.skipped is None and len(analysis.cards) == 30:
            annotate.append(time.perf_counter() - start)
        if len(annotate) == args.played:
            break
    print(f"annotating {len(annotate)} played deals, as installed (target: median ≤ 500 ms)")
    print(f"  all        {_summary(annotate)}")


if __name__ == "__main__":
    main()
