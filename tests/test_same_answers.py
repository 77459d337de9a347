"""The search's answers pinned (issue 46, item 3: fewer questions for the same answers).

``tests/same_answers.json`` holds what ``preflog odds`` and ``preflog analyse --decisions`` printed, and
what one layout's solving gave, on seeded hands before the search was made to ask fewer questions
(commit b3432ad, 2026-11-27): a hand between a game and a pass, the same with the talon known, misère
hands, a strong hand, a void, other seats and conventions. Every answer must stay the same to the
last digit. ``python tests/test_same_answers.py`` writes the file again from the installed search: only
for a change meant to change an answer.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from preflog.analysis.odds import TRUMPS, Layout, discards, positions, solve_layout
from preflog.analysis.search import Search
from preflog.cli import cli

DATA = Path(__file__).with_name("same_answers.json")
ROOT = Path(__file__).resolve().parents[1]

#: ``preflog odds`` arguments, each run with ``--format json --jobs 1``.
ODDS = {
    "between a game and a pass": ["AKJ9.KQ8.A7.Q", "--samples", "24", "--seed", "1"],
    "the same, talon known, second hand": ["AKJ9.KQ8.A7.Q", "--talon", "7h 8h", "--samples", "16", "--seed", "4",
                                           "--seat", "second"],
    "a misère with a hole, third hand": ["78T.79.79T.8Q", "--samples", "24", "--seed", "2", "--seat", "third"],
    "a misère, talon of two tops": ["78T.79.79T.8Q", "--talon", "As Kd", "--samples", "12", "--seed", "5"],
    "a strong hand": ["AKQ.AKQ.AKQ.A", "--samples", "16", "--seed", "3", "--seat", "second"],
    "a void, leningrad, talon known": ["KQJT9.-.AK8.QJ", "--talon", "Ac 7c", "--samples", "16", "--seed", "9",
                                       "--seat", "third", "--rules", "leningrad"],
    "a weak hand, rostov": ["QT8.J9.KT.A98", "--samples", "20", "--seed", "11", "--rules", "rostov"],
}
#: ``preflog analyse --decisions --format json --jobs 1`` arguments.
DECISIONS = {
    "tests/decisions.pref": ["tests/decisions.pref", "--samples", "12"],
    "samples/sochi-pulka.pref": ["samples/sochi-pulka.pref", "--samples", "8"],
}
LAYOUTS = 30  # seeded layouts solved whole: every trump's tricks, the misère's, every discard's catch


def odds_json(args: list[str]) -> Any:
    result = CliRunner().invoke(cli, ["odds", *args, "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def decisions_json(args: list[str]) -> Any:
    file, *rest = args
    result = CliRunner().invoke(cli, ["analyse", str(ROOT / file), "--decisions", *rest, "--format", "json",
                                      "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def seeded_layout(n: int) -> tuple[int, Layout, int]:
    """The ``n``-th seeded deal: the declarer's ten cards, the others' and the talon, his seat."""
    rng = random.Random(4600 + n)
    deck = list(range(32))
    rng.shuffle(deck)
    hand = sum(1 << i for i in deck[:10])
    lay = Layout(sum(1 << i for i in deck[10:20]), sum(1 << i for i in deck[20:30]),
                 sum(1 << i for i in deck[30:]))
    return hand, lay, n % 3


def layout_answers(n: int) -> dict[str, Any]:
    """A layout solved as ``preflog odds`` solves it, and each distinct discard's value in one trump and
    on a misère, as ``analyse --decisions`` values a discard."""
    hand, lay, declarer = seeded_layout(n)
    value = solve_layout(hand, lay, declarer, known_talon=True)
    twelve = hand | lay.talon
    position = positions(twelve, lay, declarer)
    firsts = sorted(set(discards(twelve, lay).values()))
    trump = TRUMPS[n % 5]
    game = Search(declarer, True, None if trump is None else int(trump))
    misere = Search(declarer, False, None)
    return {"tricks": list(value.tricks), "misere": value.misere,
            "caught": "".join("1" if c else "0" for c in value.caught_by_pair),
            "by_discard": [game.value(position(d), 6) for d in firsts],
            "misere_by_discard": [misere.value(position(d), 0) for d in firsts]}


def pinned() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", list(ODDS))
def test_odds_answer_as_before(name: str) -> None:
    assert odds_json(ODDS[name]) == pinned()["odds"][name]


@pytest.mark.parametrize("name", list(DECISIONS))
def test_decisions_answer_as_before(name: str) -> None:
    assert decisions_json(DECISIONS[name]) == pinned()["decisions"][name]


def test_each_layout_solves_as_before() -> None:
    expected = pinned()["layouts"]
    assert len(expected) == LAYOUTS
    for n in range(LAYOUTS):
        assert layout_answers(n) == expected[n], n


def test_the_pinned_answers_are_not_all_alike() -> None:
    """The pins would catch a change: the hands give different odds, the layouts' games every trick
    count from none to nine and their misères every one from none to ten, some caught and some clean."""
    data = pinned()
    assert len({json.dumps(v["contracts"]) for v in data["odds"].values()}) == len(ODDS)
    assert {t for lay in data["layouts"] for t in lay["tricks"] + lay["by_discard"]} == set(range(10))
    assert {t for lay in data["layouts"] for t in [lay["misere"], *lay["misere_by_discard"]]} == set(range(11))
    caught = "".join(lay["caught"] for lay in data["layouts"])
    assert "0" in caught and "1" in caught
    assert any(d["decisions"] for game in data["decisions"].values() for d in game)


if __name__ == "__main__":
    DATA.write_text(json.dumps({
        "odds": {name: odds_json(args) for name, args in ODDS.items()},
        "decisions": {name: decisions_json(args) for name, args in DECISIONS.items()},
        "layouts": [layout_answers(n) for n in range(LAYOUTS)],
    }, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
