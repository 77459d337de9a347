"""``preflog analyse --decisions`` (issue 36): the contract, the discard and the defenders' words valued
over layouts of the cards their makers could not see, each solved double dummy.

tests/decisions.pref, worked by hand. Deal 1: Anna holds all eight spades and the aces of clubs and
diamonds, and takes the talon (A♥ 7♥): ten tricks in spades whatever the others hold (Code 3.9.4), yet
she declares 6♠. Both defenders whist and take nothing. In Sochi a six made writes 2 to the pool
(4.2.1); each whister answers for half the four tricks a six asks (3.8.6) and, two short, writes
2 × 2 = 4 to his mountain (3.8.1.3, full liability). With the open pool's shortfall on the mountain
(4.2.3) the mountains are 98, 104, 104, and Anna gets (102 − 98) × 10 = +40 whists (4.2.14). A ten
made writes 10 to the pool; the second whister answers for the one trick a ten asks (3.8.6) and writes
10 to his mountain: 90, 100, 110, and Anna gets (100 − 90) × 10 = +100. Every layout gives the same, so
the difference, 60 whists, has no error: a mistake. Deal 2: Boris, with the top four spades, clubs
and diamonds and the talon's A♥, throws A♠ and A♥ instead of the talon's 8♥ and his 7♥.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import preflog
from preflog.analysis.decisions import MARGIN, Choice, Decided, decisions
from preflog.cli import cli

FILE = Path(__file__).with_name("decisions.pref")


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_six_declared_with_ten_sure_tricks_is_a_mistake_of_sixty_whists() -> None:
    out = run("analyse", str(FILE), "--decisions", "--samples", "12", "--jobs", "1")
    assert "contract 6s? {dd: ? 6s (made 100%): whists on average +40.0; best 10s (made 100%): +100.0 ± 0.0}" in out


def test_two_aces_thrown_are_a_worse_discard_than_the_two_small_hearts() -> None:
    """Deal 2: keeping A♠ A♥ and throwing 8♥ 7♥ Boris holds ten top cards: ten tricks in any layout."""
    out = run("analyse", str(FILE), "--decisions", "--samples", "12", "--jobs", "1")
    (line,) = [x for x in out.splitlines() if x.startswith("discard As Ah")]
    assert line.startswith("discard As Ah {dd: ? discard As Ah (tricks: 8.00): ")
    assert line.endswith("best discard 8h 7h (tricks: 10.00): +40.0 ± 0.0}")


def test_the_decisions_are_the_same_on_every_run_and_come_out_again_with_strip_analysis(tmp_path: Path) -> None:
    first = run("analyse", str(FILE), "--decisions", "--samples", "8", "--jobs", "1")
    assert first == run("analyse", str(FILE), "--decisions", "--samples", "8", "--jobs", "2")
    annotated = tmp_path / "decided.pref"
    annotated.write_text(first, encoding="utf-8")
    assert run("analyse", "--strip-analysis", str(annotated)) == run("fmt", str(FILE))


def test_the_json_gives_each_deal_its_decisions() -> None:
    data = json.loads(run("analyse", str(FILE), "--decisions", "--samples", "8", "--format", "json", "--jobs", "1"))
    contract = next(c for c in data[0]["decisions"] if c["kind"] == "contract")
    assert contract == {"kind": "contract", "player": "Anna", "chosen": "6s", "best": "10s", "chosen_score": 40.0,
                        "best_score": 100.0, "stderr": 0.0, "mistake": True}
    assert [c["kind"] for c in data[1]["decisions"]] == ["contract", "discard", "defence", "defence"]


def test_the_replay_page_shows_the_decisions(tmp_path: Path) -> None:
    annotated = tmp_path / "decided.pref"
    annotated.write_text(run("analyse", str(FILE), "--decisions", "--samples", "8", "--jobs", "1"), encoding="utf-8")
    page = run("render", str(annotated))
    assert "best 10s (made 100%): +100.0" in page


def test_a_choice_is_a_mistake_only_beyond_the_margin_and_two_errors() -> None:
    near = Choice(Decided.DEFENCE, "Anna", "pass", "whist", 0.0, MARGIN - 0.1, 0.5)
    noisy = Choice(Decided.DEFENCE, "Anna", "pass", "whist", 0.0, MARGIN + 1, (MARGIN + 1) / 2 + 0.1)
    clear = Choice(Decided.DEFENCE, "Anna", "pass", "whist", 0.0, MARGIN + 1, 1.0)
    assert (near.mistake, noisy.mistake, clear.mistake) == (False, False, True)


def test_the_api_values_the_decisions_from_a_replay() -> None:
    steps = preflog.replay(preflog.loads(FILE.read_text(encoding="utf-8"))).steps
    found = decisions(steps, samples=6)
    assert [d.deal for d in found] == [1, 2]
    (contract,) = [c for c in found[0].choices if c.kind is Decided.CONTRACT]
    assert (contract.chosen, contract.best, contract.loss, contract.mistake) == ("6s", "10s", 60.0, True)
    assert re.fullmatch(r"[0-9.]+", str(contract.stderr))


def test_decisions_that_take_long_say_how_long(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from preflog.cli import terminal as common

    monkeypatch.setattr(common, "LONG_RUN", -1.0)
    result = CliRunner().invoke(cli, ["analyse", str(FILE), "--decisions", "--samples", "4", "--jobs", "1"])
    assert result.exit_code == 0
    assert "preflog: the decisions of 2 deals will take about" in result.stderr


def _every_discard_in_full(d, hand, rules, samples: int, seed: int):  # type: ignore[no-untyped-def]
    """The discard choice as its definition reads: every discard solved in full in every layout (the
    oracle of the race, written apart from it)."""
    import statistics

    from preflog.analysis.decisions import _best, _cards
    from preflog.analysis.odds import discards, layouts, pairs, positions, sheet_score
    from preflog.analysis.search import Search
    from preflog.game.bits import bits_of

    declarer, misere = int(d.declarer), d.contract.is_misere
    trump = None if misere or d.trump_suit is None else int(d.trump_suit)
    talon = bits_of(frozenset(d.talon))
    twelve = bits_of(hand) | talon
    tricks: dict[int, list[int]] = {pair: [] for pair in pairs(twelve)}
    for lay in layouts(bits_of(hand), talon, samples, seed):
        same, position = discards(twelve, lay), positions(twelve, lay, declarer)
        for pair in tricks:
            tricks[pair].append(Search(declarer, not misere, trump).value(position(same[pair])))
    scores = {_cards(p): [float(sheet_score(rules, str(d.contract), t)[0]) for t in ts] for p, ts in tricks.items()}
    chosen = _cards(bits_of(frozenset(d.discard)))
    best, error = _best(scores, chosen)
    by_name = {_cards(p): ts for p, ts in tricks.items()}
    return (best, statistics.fmean(scores[chosen]), statistics.fmean(scores[best]), error,
            statistics.fmean(by_name[chosen]), statistics.fmean(by_name[best]),
            [max(column) if not misere else min(column) for column in zip(*tricks.values())])


@pytest.mark.parametrize("pilot, likely", [(8, 3), (0, 0)], ids=["as-run", "no-pilot"])
def test_the_discards_race_to_the_choice_every_discard_solved_in_full_gives(
        pilot: int, likely: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race (decisions.discard_race: the likely discards solved in full after a pilot, the others
    only bounded, the best by its bounds solved in full a layout at a time at the end) against every
    discard solved in full, on games and the misère of a generated pulka, 14 layouts each: as it runs
    (8 of them the pilot's), and with no pilot, so that the best is found among the bounded ones."""
    from preflog.analysis import decisions as module
    from preflog.analysis.annotate import deals_of
    from preflog.game.events import ContractDeclared, Dealt
    from preflog.steps import StepRecorder

    monkeypatch.setattr(module, "PILOT", pilot)
    monkeypatch.setattr(module, "LIKELY", likely)
    discard_race = module.discard_race
    recorder = StepRecorder()
    preflog.walk(preflog.loads(preflog.dumps(preflog.generate(30, seed=30, per_game=30))), recorder)
    samples, compared, misere = 14, 0, False
    for steps in deals_of(recorder.steps):
        dealt = next((s.state.deal for s in steps if type(s.event) is Dealt), None)
        d = next((s.state.deal for s in steps if type(s.event) is ContractDeclared), None)
        if dealt is None or d is None or d.declarer is None or not d.discard or not d.talon or len(d.talon) != 2:
            continue
        if compared >= 4 and not d.contract.is_misere and dealt.number != 8:  # deal 8: with no pilot, its best
            continue  # discard comes out of bounds solved in full in the last loop, each equivalent discard's too
        hand, rules = dealt.hands[d.declarer], steps[0].state.rules
        choice, most = discard_race(d, hand, rules, samples, dealt.number)
        best, chosen_score, best_score, error, chosen_tricks, best_tricks, column = \
            _every_discard_in_full(d, hand, rules, samples, dealt.number)
        assert (choice.best, choice.chosen_score, choice.best_score, choice.stderr) == \
            (best, chosen_score, best_score, error), dealt.number
        assert choice.chosen_note.endswith(f"{chosen_tricks:.2f}") and choice.best_note.endswith(f"{best_tricks:.2f}")
        assert most == column
        compared += 1
        misere |= d.contract.is_misere
    assert compared >= 6 and misere
