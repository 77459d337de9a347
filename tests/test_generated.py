"""Generated games follow the rules: every preset, two (gusarik), three and four players, checked by the engine."""

from __future__ import annotations

import pytest

import preflog
from preflog.generator import generate


@pytest.mark.parametrize("preset", ["sochi", "leningrad", "rostov", "classic"])
def test_a_thousand_generated_deals_per_preset_check_clean(preset: str) -> None:
    games = generate(700, seed=11, players=3, rules=preset, per_game=35)
    games += generate(300, seed=12, players=4, rules=preset, per_game=30)
    games += generate(200, seed=13, players=2, rules=preset, per_game=40)
    text = preflog.dumps(games)
    read = preflog.loads_all(text)  # through the notation, as a user would have them
    assert sum(len(g.deals) for g in read) == 1200
    problems = [(g.tag("Event"), v.deal, preflog.message(v)) for g in read for v in preflog.check(g)]
    assert problems == []


def test_generated_games_use_every_kind_of_deal() -> None:
    text = preflog.dumps(generate(600, seed=5, per_game=40))
    for piece in ("bids pass pass pass", " mis", "whist whist whist", "whist pass half pass\n", "pass half whist",
                  " open", " closed", "whist pass pass\n", "here"):
        assert piece in text, piece


def test_generated_two_player_games_use_every_kind_of_deal() -> None:
    """Two players: the dummy's passes are never written, so an all-pass is two passes (seed 001)."""
    text = preflog.dumps(generate(300, seed=6, players=2, per_game=50))
    for piece in ("bids pass pass\n", " mis", "whist whist\n", "whist pass\n", "Dummy: "):
        assert piece in text, piece
    for never in ("half", "closed", "Dummy: pass"):
        assert never not in text, never


def test_generation_is_reproducible() -> None:
    assert preflog.dumps(generate(20, seed=3)) == preflog.dumps(generate(20, seed=3))
    assert preflog.dumps(generate(20, seed=3)) != preflog.dumps(generate(20, seed=4))
