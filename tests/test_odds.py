"""``preflog odds`` (issue 36): a Monte-Carlo over the layouts of the unseen cards, each solved double dummy.

Scores are worked by hand from the Code: a game's pool points (4.2.1) saved from the open pool's
shortfall (4.2.3, added to the mountain at the end), whists per trick (3.8.1.1), the consolation of a
set game (3.8.1.2) and the settlement by the average mountain (4.2.14).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner, Result

import preflog
from preflog.analysis import odds as odds_module
from preflog.analysis.odds import (
    CONTRACTS, TRUMPS, Layout, declarer_score, discards, hand_of, hints_for, layouts, new_call, pairs, solve_layout,
)
from preflog.analysis.race import Hints
from preflog.analysis.search import Position, Search
from preflog.cli import cli
from preflog.game.conventions import PRESETS
from preflog.game.bits import BIT
from preflog.model.cards import DECK


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def bits(text: str) -> int:
    return sum(BIT[c] for c in hand_of(text, len(text.replace(".", "").replace("-", "").replace("10", "T")), "test"))


def chi_square_bound(df: int) -> float:
    """The 99.9th percentile of the chi-square distribution with ``df`` degrees of freedom (Wilson and
    Hilferty's cube-root approximation, good to a percent here)."""
    z = 3.090232  # the normal distribution's 99.9th percentile
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_each_unseen_card_lands_in_each_place_as_often_as_chance_says() -> None:
    """Uniform layouts: over 4,000 draws each of the 22 unseen cards is in the next hand 10/22 of the
    time, in the one after 10/22 and in the talon 2/22; the chi-square of those 66 counts (44 degrees
    of freedom: two places of three are free for each card) stays under its 99.9th percentile."""
    hand = bits("AKJ9.KQ8.A7.Q")
    draws = layouts(hand, None, 4000, seed=36)
    counts: Counter[tuple[int, str]] = Counter()
    for lay in draws:
        assert lay.next & lay.after == lay.next & lay.talon == lay.after & lay.talon == 0
        assert (lay.next | lay.after | lay.talon | hand) == (1 << 32) - 1
        for i in range(32):
            for place, mask in (("next", lay.next), ("after", lay.after), ("talon", lay.talon)):
                if mask >> i & 1:
                    counts[i, place] += 1
    expected = {"next": 4000 * 10 / 22, "after": 4000 * 10 / 22, "talon": 4000 * 2 / 22}
    unseen = [i for i in range(32) if not hand >> i & 1]
    assert len(unseen) == 22
    chi = sum((counts[i, p] - e) ** 2 / e for i in unseen for p, e in expected.items())
    assert chi < chi_square_bound(44), chi


def test_the_next_hand_s_length_in_a_suit_follows_the_hypergeometric_law() -> None:
    """Eight spades unseen of 22 cards; the next hand's ten hold k of them with probability
    C(8, k) C(14, 10 − k) / C(22, 10). Over 4,000 draws the counts of k = 0…8 (the ends pooled so that
    each class expects at least 5) pass the chi-square test at 99.9%."""
    hand = bits("-.AKQJT98.AK.7")
    assert hand.bit_count() == 10
    draws = layouts(hand, None, 4000, seed=7)
    got = Counter((lay.next & 0xFF).bit_count() for lay in draws)
    p = {k: math.comb(8, k) * math.comb(14, 10 - k) / math.comb(22, 10) for k in range(9)}
    classes = [(0, 1), (2,), (3,), (4,), (5,), (6, 7, 8)]
    chi = 0.0
    for ks in classes:
        e = 4000 * sum(p[k] for k in ks)
        assert e >= 5
        chi += (sum(got[k] for k in ks) - e) ** 2 / e
    assert chi < chi_square_bound(len(classes) - 1), chi


def test_a_known_talon_stays_and_the_draws_repeat_with_the_seed() -> None:
    hand, talon = bits("AKJ9.KQ8.A7.Q"), bits("-.-.-.78")
    first = layouts(hand, talon, 50, seed=3)
    assert all(lay.talon == talon for lay in first)
    assert first == layouts(hand, talon, 50, seed=3) != layouts(hand, talon, 50, seed=4)


def test_eight_trumps_with_the_aces_take_ten_tricks_for_sure() -> None:
    """Issue 36: all eight spades and the aces of clubs and diamonds: ten tricks in spades whatever the
    layout and the seat (Code 3.9.4: a trump takes a trick of another suit; nobody else has one)."""
    for seat in ("first", "second", "third"):
        answer = preflog.odds("AKQJT987.A.A.-", seat=seat, samples=40, seed=1)
        ten = answer.contracts["10s"]
        assert (ten.p_make, ten.stderr, ten.tricks) == (1.0, 0.0, 10.0)


def test_a_clean_misere_is_never_caught() -> None:
    """Issue 36 and seed 000's clean misère: 7-8-9 in two suits and 7-8 in the other two. Each card has
    a card of the others above it in its suit, so the declarer always has a card under the trick; the
    talon's two cards are thrown with the discard."""
    for seat in ("first", "second", "third"):
        mis = preflog.odds("987.987.87.87", seat=seat, samples=40, seed=2).contracts["mis"]
        assert (mis.p_make, mis.stderr, mis.tricks) == (1.0, 0.0, 0.0)


def test_a_made_six_of_spades_in_sochi_is_worth_sixteen_thirds_of_a_whist() -> None:
    """Code 4.2.1: 6♠ made writes 2 to the pool. 3.8.1.1: each whister, with 2 of the 4 other tricks,
    writes 2 tricks × 2 = 4 whists on the declarer. 4.2.3: the open pool's shortfall goes to the
    mountain (98 for him, 100 each for the others, the pool being 100); 4.2.14: (average 298/3 − 98)
    × 10 = 40/3, less the 8 whists: 16/3."""
    assert declarer_score(PRESETS["sochi"], "6s", 6) == Fraction(16, 3)


def test_an_eight_no_trump_one_down_in_sochi_costs_seventy_whists() -> None:
    """8NT with 7 tricks: 3.8.1.2, the declarer writes the price (6) for the trick short on his mountain,
    and each whister the consolation, the price per trick short: 6 + 6; 3.8.1.1, whists for their own
    tricks, 2 and 1, at 6: 18. Mountains 106, 100, 100 with the shortfall: (102 − 106) × 10 = −40,
    and −30 in whists: −70."""
    assert declarer_score(PRESETS["sochi"], "8nt", 7) == -70


def test_a_misere_made_and_a_misere_caught_once() -> None:
    """A misère made writes 10 to the pool (4.2.1): (290/3 − 90) × 10 = 200/3. Caught once: 10 to the
    mountain for the trick (3.6.6), so 110 against 100 and 100: (310/3 − 110) × 10 = −200/3."""
    assert declarer_score(PRESETS["sochi"], "mis", 0) == Fraction(200, 3)
    assert declarer_score(PRESETS["sochi"], "mis", 1) == Fraction(-200, 3)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_the_best_discard_is_the_best_of_all_sixty_six(seed: int) -> None:
    """The layout's tricks in each trump are the most any discard gives, and a misère's the fewest: every
    one of the 66 discards solved on its own, none skipped, set against what solve_layout found with
    its equivalent discards and early stops."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    hand = sum(1 << i for i in deck[:10])
    lay = Layout(sum(1 << i for i in deck[10:20]), sum(1 << i for i in deck[20:30]), sum(1 << i for i in deck[30:]))
    declarer = seed % 3
    value = solve_layout(hand, lay, declarer, known_talon=False)
    twelve = hand | lay.talon

    def solved(trump: int | None, wants_more: bool, discard: int) -> int:
        seats = [0, 0, 0]
        seats[declarer] = twelve ^ discard
        seats[(declarer + 1) % 3], seats[(declarer + 2) % 3] = lay.next, lay.after
        return Search(declarer, wants_more, trump).value(Position((seats[0], seats[1], seats[2]), 0))

    for index, trump in enumerate(TRUMPS):
        assert value.tricks[index] == max(solved(None if trump is None else int(trump), True, d) for d in pairs(twelve))
    assert value.misere == min(solved(None, False, d) for d in pairs(twelve))


def test_equivalent_discards_leave_the_same_position() -> None:
    """7♠ and 8♠ in the declarer's hand with no card of another hand between them: throwing either
    leaves the same ranks in the same hands; the 7♠ and the ace do not."""
    hand = bits("AK87.KQ8.A7.Q")
    lay = Layout(bits("QJ.AJ9.KQJ.A7"), bits("T9.T7.T98.KJT"), bits("-.-.-.98"))
    same = discards(hand | lay.talon, lay)
    seven, eight, ace, nine_h = BIT[preflog.card("7s")], BIT[preflog.card("8s")], BIT[preflog.card("As")], \
        BIT[preflog.card("9h")]
    assert same[seven | nine_h] == same[eight | nine_h]
    assert same[seven | nine_h] != same[ace | nine_h]


def _shape(kept: int, next_: int, after: int) -> tuple[str, ...]:
    """The cards in play, each suit from the ace down, by holder (``d`` the declarer, ``n`` the next hand,
    ``a`` the one after), those out of play squeezed out: what a discard leaves, spelled out."""
    return tuple("".join("d" if kept >> (8 * s + r) & 1 else "n" if next_ >> (8 * s + r) & 1 else
                         "a" if after >> (8 * s + r) & 1 else "" for r in range(8)) for s in range(4))


def test_discards_are_alike_exactly_when_they_leave_the_same_ranks_in_the_same_hands() -> None:
    """Two thousand random deals (some with cards out of play): two discards are raced as one exactly
    when what they leave, spelled out card by card, is the same, and the one raced is the first."""
    rng = random.Random(4606)
    for n in range(2000):
        deck = rng.sample(range(32), 32)
        last = rng.choice((32, 32, 30, 28))
        twelve = sum(1 << i for i in deck[:12])
        lay = Layout(sum(1 << i for i in deck[12:22]), sum(1 << i for i in deck[22:last]), 0)
        first: dict[tuple[str, ...], int] = {}
        expected = {pair: first.setdefault(_shape(twelve ^ pair, lay.next, lay.after), pair) for pair in pairs(twelve)}
        assert discards(twelve, lay) == expected, n


def test_what_one_layout_teaches_the_next_changes_no_answer() -> None:
    """The hints (the discards found best so far, tried first; the misère's likely discard solved in
    full) change the work, never an answer: each layout solved alone, with no hints, gives the same."""
    hand = bits("AKJ9.KQ8.A7.Q")
    for talon in (None, BIT[preflog.card("7h")] | BIT[preflog.card("8h")]):
        hints = Hints()
        for lay in layouts(hand, talon, 6, 7):
            taught = solve_layout(hand, lay, 0, talon is not None, hints)
            alone = solve_layout(hand, lay, 0, talon is not None)
            assert (taught.tricks, taught.misere) == (alone.tricks, alone.misere)
            for (lo, hi), (lo2, hi2) in zip(taught.misere_by_pair, alone.misere_by_pair):
                assert (lo > 0) == (lo2 > 0) and max(lo, lo2) <= min(hi, hi2)  # bounds of one truth
        assert hints.found and hints.last


def test_one_call_s_hints_are_its_own() -> None:
    """Layouts come to a process a few at a time: one call's hints carry over between them, and a new
    call starts afresh, so that it takes as long run twice."""
    call = new_call()
    assert hints_for(call) is hints_for(call)
    other = new_call()
    assert other != call and hints_for(other) is not hints_for(call)


def test_the_answer_is_the_same_in_two_processes() -> None:
    one = preflog.odds("AKJ9.KQ8.A7.Q", talon="7h 8h", samples=12, seed=5)
    two = preflog.odds("AKJ9.KQ8.A7.Q", talon="7h 8h", samples=12, seed=5, jobs=2)
    assert one == two
    assert one.misere_discard is not None and len(set(one.misere_discard)) == 2


def test_the_standard_error_is_that_of_a_proportion() -> None:
    answer = preflog.odds("AKJ9.KQ8.A7.Q", samples=30, seed=9)
    for name, c in answer.contracts.items():
        assert c.stderr == pytest.approx(math.sqrt(c.p_make * (1 - c.p_make) / 30)), name
        assert round(c.p_make * 30) == pytest.approx(c.p_make * 30)


def test_the_command_s_json_has_the_documented_core() -> None:
    result = run("odds", "AKJ9.KQ8.A7.Q", "--talon", "7h 8h", "--samples", "8", "--seed", "4", "--format", "json",
                 "--jobs", "1")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["samples"], data["seed"], data["hand"], data["talon"], data["rules"]) == (
        8, 4, "AKJ9.KQ8.A7.Q", "7h 8h", "sochi")
    assert list(data["contracts"]) == list(CONTRACTS)
    assert len(CONTRACTS) == 26
    for numbers in data["contracts"].values():
        assert set(numbers) == {"p_make", "stderr", "tricks", "score"}
    assert set(data["misere_discard"]) == {"cards", "p_make", "stderr", "tricks", "score"}
    api = preflog.odds("AKJ9.KQ8.A7.Q", "7h 8h", samples=8, seed=4)
    assert data["contracts"]["6s"]["p_make"] == round(api.contracts["6s"].p_make, 6)


def test_the_command_s_table_has_a_line_a_contract() -> None:
    result = run("odds", "As Ks Js 9s Kc Qc 8c Ad 7d Qh", "--samples", "6", "--jobs", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Hand ♠AKJ9 ♣KQ8 ♦A7 ♥Q (first hand, leads), talon unknown; sochi; 6 layouts")
    assert [line.split()[0] for line in lines[2:28]] == [
        preflog.Bid.parse(name).unicode() if name != "mis" else "misère" for name in CONTRACTS]


@pytest.mark.parametrize(("args", "message"), [
    (["AKJ9.KQ8.A7"], "a dotted hand has four suits"),
    (["AKJ9.KQ8.A7.QJ"], "the hand has 11 cards where it should have 10"),
    (["AKJ9.KQ8.A7.Q", "--talon", "Ks 7h"], "the talon holds a card of the hand: Ks"),
    (["AKJ9.KQ8.A7.Q", "--talon", "7h"], "the talon has 1 card where it should have 2"),
    (["AKJ9.KQ8.A7.Q", "--talon", "7h 7h"], "a card is written twice: 7h"),
    (["AKJ9.KQ8.A7.Qx"], "not a hand"),
    (["As Ks Zz"], "not a card"),
    (["AKJ9.KQ8.A7.Q", "--rules", "gusarik"], "for a table of three"),
    (["AKJ9.KQ8.A7.Q", "--samples", "0"], "0"),
])
def test_a_hand_that_cannot_be_asked_about_is_misuse(args: list[str], message: str) -> None:
    result = run("odds", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_hand_is_read_in_every_spelling() -> None:
    dotted = hand_of("AKJ9.KQ8.A7.Q", 10, "h")
    assert set(hand_of("As Ks Js 9s Kc Qc 8c Ad 7d Qh", 10, "h")) == set(dotted)
    assert set(hand_of("AsKsJs9sKcQc8cAd7dQh", 10, "h")) == set(dotted)
    assert set(hand_of("♠AKJ9 ♣KQ8 ♦A7 ♥Q", 10, "h")) == set(dotted)
    assert set(hand_of("AKJ10.KQ8.A7.Q", 10, "h")) == set(hand_of("AKJT.KQ8.A7.Q", 10, "h"))
    assert len(DECK) == 32 and odds_module.SAMPLES == 200


def test_the_odds_docs_run_as_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """docs/odds.md: its Python prints what its comment says; its example's lines are what the command
    prints; its JSON's numbers are those of the same run."""
    import re
    import subprocess
    import sys

    from .conftest import ROOT

    doc = (ROOT / "docs" / "odds.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    script = tmp_path / "odds.py"
    script.write_text(code, encoding="utf-8")
    printed = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, check=True)
    assert printed.stdout.strip() == re.search(r"# (.*)\n", code.splitlines()[-1] + "\n").group(1).strip()
    example = next(b for b in re.findall(r"```\n(.*?)```", doc, re.S) if b.startswith("$ preflog odds"))
    command, *shown = example.splitlines()
    args = re.findall(r'"[^"]*"|\S+', command[len("$ preflog "):])
    result = run(*[a.strip('"') for a in args], "--jobs", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()  # the notice of a long run goes to stderr
    assert shown[:9] == lines[:9] and shown[-1] == lines[-1] and shown[9] == "…"
    data = json.loads(run(*[a.strip('"') for a in args], "--jobs", "1", "--format", "json").stdout)
    documented = json.loads(re.sub(r',\s*"…": "…"', "", re.search(r"```json\n(.*?)```", doc, re.S).group(1)))
    assert documented["contracts"] == {k: data["contracts"][k] for k in documented["contracts"]}
    assert {k: v for k, v in documented.items() if k != "contracts"} == \
        {k: v for k, v in data.items() if k != "contracts"}


def test_the_readme_s_odds_command_runs() -> None:
    import re

    from .conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (line,) = re.findall(r"^```sh\n\.venv/bin/(preflog odds .*)\n```$", readme, re.M)
    args = [a.strip('"') for a in re.findall(r'"[^"]*"|\S+', line[len("preflog "):])]
    result = run(*args, "--jobs", "1")
    assert result.exit_code == 0 and "Misère with this talon: discard" in result.stdout


def test_a_long_run_says_how_long_it_will_take(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: a run longer than LONG_RUN seconds says so on standard error once the first layouts
    are solved (at a terminal a progress bar shows the time left too)."""
    from preflog.cli import terminal as common

    monkeypatch.setattr(common, "LONG_RUN", -1.0)
    result = CliRunner().invoke(cli, ["odds", "AKJ9.KQ8.A7.Q", "--samples", "8", "--jobs", "1"])
    assert result.exit_code == 0
    assert "preflog: 8 layouts will take about" in result.stderr
    monkeypatch.setattr(common, "LONG_RUN", 1e9)
    quiet = CliRunner().invoke(cli, ["odds", "AKJ9.KQ8.A7.Q", "--samples", "8", "--jobs", "1"])
    assert "will take about" not in quiet.stderr


@pytest.mark.parametrize("workers, seconds", [(1, 36), (2, 18), (4, 9), (16, 4)])
def test_the_time_left_counts_the_processes_sharing_the_work(
        workers: int, seconds: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The first of ten parts done after 4 s: nine left, 36 s for one process, 18 s for two working
    at once (each as fast as the first), never fewer than one part's 4 s (``analyse --decisions``
    said 99 s for a run of 33 s on two processes)."""
    from preflog.cli import terminal as common

    clock = [100.0, 104.0]  # the start, then every reading after
    monkeypatch.setattr(common.time, "monotonic", lambda: clock.pop(0) if len(clock) > 1 else clock[0])
    monkeypatch.setattr(common, "LONG_RUN", 0.0)
    monkeypatch.setattr(common.sys.stderr, "isatty", lambda: False)
    shown = common.Shown(10, "solving", "{count} parts: about {seconds} s more", workers)
    shown.update(1)
    shown.close()
    assert capsys.readouterr().err.strip() == f"10 parts: about {seconds} s more"


def test_ten_spades_need_a_top_card_from_the_talon_as_often_as_counting_says() -> None:
    """All eight spades, the ace of clubs and the seven of diamonds, leading: nine tricks for sure (the
    others hold no trump: Code 3.9.4), and the tenth only when the talon brings a card nobody can beat —
    the ace of diamonds, the ace of hearts or the king of clubs beside his ace (he throws the 7♦ and
    keeps it). The talon is two of the 22 cards he does not see, so the chance is
    1 − C(19, 2) / C(22, 2) = 60/231 ≈ 0.260. Over 1,500 layouts the estimate lies within 3.5 standard
    errors of it; six to nine spades are made in every layout."""
    answer = preflog.odds("AKQJT987.A.7.-", samples=1500, seed=36, jobs=2)
    ten = answer.contracts["10s"]
    assert abs(ten.p_make - 60 / 231) < 3.5 * math.sqrt(60 / 231 * (1 - 60 / 231) / 1500)
    assert ten.tricks == pytest.approx(9 + ten.p_make)
    assert [answer.contracts[f"{level}s"].p_make for level in (6, 7, 8, 9)] == [1.0] * 4


def test_a_higher_contract_is_never_likelier_than_a_lower_one_of_its_suit() -> None:
    rng = random.Random(8)
    deck = list(DECK)
    for _ in range(3):
        rng.shuffle(deck)
        answer = preflog.odds(deck[:10], samples=10, seed=rng.randrange(1000))
        for strain in ("s", "c", "d", "h", "nt"):
            chances = [answer.contracts[f"{level}{strain}"].p_make for level in (6, 7, 8, 9, 10)]
            assert chances == sorted(chances, reverse=True)
            assert len({answer.contracts[f"{level}{strain}"].tricks for level in (6, 7, 8, 9, 10)}) == 1
