"""Every sample's score sheet, checked by hand deal by deal (the reasoning is in the comments).

Each row: player → (pool, mountain, whists written on each other player); then the settlement.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import preflog
from preflog.present.score_table import sheet_json
from tests.conftest import ROOT

SAMPLES = ROOT / "samples"

F = Fraction

GOLDEN = {
    # Sochi to 10. 1: Boris 6♠ made, Vera whists alone (greedy: 4 tricks × 2 = 8). 2: all-pass 2/2/6,
    # amnesty 2: Boris 4. 3: Anna 8♦ made; Vera 2 tricks × 6 = 12, Boris none. 4: Vera's misère: 10.
    # 5: Boris 6♦, Anna half-whist: 2 × 2 = 4. 6: Anna 7♣ one down: mountain 4; Boris 3 × 4 + 4,
    # Vera 1 × 4 + 4. 7: all-pass 4/3/3: Boris 1. 8: Boris 8♣ made; Vera alone 2 × 6 = 12.
    # 9: Anna 6♥ made with 7; Boris alone: 3 × 2 = 6 and one short of 4: 2 (full). 10: Anna 6NT unwhisted.
    ("sochi-pulka.pref", 0, None): (
        {"Anna": (10, 4, {"Boris": 4, "Vera": 0}), "Boris": (10, 7, {"Anna": 22, "Vera": 0}),
         "Vera": (10, 0, {"Anna": 20, "Boris": 20})},
        # average mountain 11/3; Anna (11/3 − 4)·10 − 38, Boris (11/3 − 7)·10 − 2, Vera 110/3 + 40
        {"Anna": F(-124, 3), "Boris": F(-106, 3), "Vera": F(230, 3)}, 10),
    # The same deals under Leningrad: whists and mountain doubled, half liability in deal 9 (1 × 1 × 2),
    # no help; the pools together reach 30, so the game ends with deal 10 too.
    ("sochi-pulka.pref", 0, "leningrad"): (
        {"Anna": (10, 8, {"Boris": 8, "Vera": 0}), "Boris": (10, 12, {"Anna": 44, "Vera": 0}),
         "Vera": (10, 0, {"Anna": 40, "Boris": 40})},
        {"Anna": F(-268, 3), "Boris": F(-172, 3), "Vera": F(440, 3)}, 10),
    # Leningrad to 20, scale 2. 1: Lena 6♦ made; Oleg 1 × 2 × 2, Dima 3 × 2 × 2. 2: Oleg 7♥ one down:
    # 8; gentleman: 4 × 4 × 2 shared, 16 each, plus consolation 8 each. 3: all-pass 5/3/2, amnesty 2,
    # two per trick: Dima 6, Lena 2. 4: Lena 7NT made +1; Dima alone: 2 × 4 × 2 = 16. 5: Oleg's misère
    # with one trick: 20. 6: Dima 6♠ made, Lena returned the whist: 4 × 2 × 2 = 16; penalty Oleg 2.
    # 7: Oleg 8♥ by hand, made; Dima alone 2 × 6 × 2 = 24.
    ("leningrad.pref", 0, None): (
        {"Dima": (2, 6, {"Lena": 28, "Oleg": 48}), "Lena": (6, 2, {"Dima": 16, "Oleg": 24}),
         "Oleg": (6, 30, {"Dima": 0, "Lena": 4})},
        # the pools short of 20 go to the mountain doubled: 42, 30, 58; average 130/3
        {"Dima": F(220, 3), "Lena": F(424, 3), "Oleg": F(-644, 3)}, None),
    # Rostov to 15. 1: all-pass 6/1/3: Sonya writes 30 on Petr and 15 on Ivan. 2: 1/4/5: Sonya 20 and 25.
    # 3: Ivan 6♣ made with 7; Petr 1 × 2, Sonya 2 × 2; Petr one short of his 2: half, 1. 4: 2/2/6: Petr
    # and Sonya 15 each on Ivan. 5: 6/3/1: Petr 30 on Sonya, 15 on Ivan. 6: Sonya 7♠ two down: 8; Ivan
    # alone 5 × 4 = 20 and consolation 2 × 10 = 20; Petr consolation 20; penalty Petr pool 1.
    ("rostov-allpass.pref", 0, None): (
        {"Ivan": (2, 0, {"Petr": 0, "Sonya": 40}), "Petr": (1, 1, {"Ivan": 32, "Sonya": 50}),
         "Sonya": (0, 8, {"Ivan": 54, "Petr": 55})},
        {"Ivan": -6, "Petr": 47, "Sonya": -41}, None),
    # Four players, Sochi to 20, geometric progression. 1: Boris 6♥ made; Vera 1 × 2, Gleb 3 × 2.
    # 2: all-pass, the dealer Boris took a talon trick: 2/1/6/1, amnesty 1: Vera 1, Anna 5. 3: Gleb 6♦,
    # Boris half-whist: 4. 4: Vera 7♠ made; Anna alone, 3 × 4 = 12. 5: Boris 6NT one down: 2; Vera 2 × 2 + 2,
    # Gleb 3 × 2 + 2, the dealer Anna 2; penalty: Anna 4 whists on Gleb.
    ("four-players.pref", 0, None): (
        {"Anna": (0, 5, {"Boris": 2, "Vera": 12, "Gleb": 4}), "Boris": (2, 2, {"Anna": 0, "Vera": 0, "Gleb": 4}),
         "Vera": (4, 1, {"Anna": 0, "Boris": 8, "Gleb": 0}), "Gleb": (2, 0, {"Anna": 0, "Boris": 14, "Vera": 0})},
        # mountains with the pools' shortfall: 25, 20, 17, 18; average 20
        {"Anna": -32, "Boris": -20, "Vera": 26, "Gleb": 26}, None),
    # Annotated, game 1 (no Pool): Boris 7♥ made against two whisters: Vera 2 × 4, Anna 1 × 4.
    ("annotated.pref", 0, None): (
        {"Anna": (0, 0, {"Boris": 4, "Vera": 0}), "Boris": (4, 0, {"Anna": 0, "Vera": 0}),
         "Vera": (0, 0, {"Anna": 0, "Boris": 8})},
        {"Anna": 4, "Boris": -12, "Vera": 8}, None),
    # Annotated, game 2: Vera 7♦ made with 8; Anna alone: 2 × 4.
    ("annotated.pref", 1, None): (
        {"Anna": (0, 0, {"Boris": 0, "Vera": 8}), "Boris": (0, 0, {"Anna": 0, "Vera": 0}),
         "Vera": (4, 0, {"Anna": 0, "Boris": 0})},
        {"Anna": 8, "Boris": 0, "Vera": -8}, None),
    # Cyrillic, Sochi to 10. 1: Маша 6♥ made; Саша alone 4 × 2. 2: Лёва's misère: 10, his pool is full.
    # 3: Лёва 6NT made: helps Маша (2 against Саша's 0) with 2, 20 whists; Маша and Саша 2 × 2 each.
    # 4: Лёва 7NT unwhisted: helps Маша again with 4, 40 whists.
    ("cyrillic.pref", 0, None): (
        {"Лёва": (10, 0, {"Маша": 60, "Саша": 0}), "Маша": (8, 0, {"Лёва": 4, "Саша": 0}),
         "Саша": (0, 0, {"Лёва": 4, "Маша": 8})},
        {"Лёва": 92, "Маша": -44, "Саша": -48}, None),
}


@pytest.mark.parametrize("key", list(GOLDEN), ids=lambda k: f"{k[0]}-{k[1]}-{k[2] or 'own'}")
def test_the_golden_sheet_of_every_sample(key: tuple[str, int, str | None]) -> None:
    name, index, preset = key
    rows, settlement, finished = GOLDEN[key]
    game = preflog.loads_all((SAMPLES / name).read_text(encoding="utf-8"))[index]
    sheet = preflog.score(game, rules=preset)
    got = {p: (sheet.pool(p), sheet.mountain(p), {q: sheet.whists(p, q) for q in game.players if q != p})
           for p in game.players}
    assert got == rows
    assert sheet.settlement().totals == settlement
    assert sheet.finished_after == finished


def test_every_sample_is_scored_without_a_problem() -> None:
    for path in sorted(SAMPLES.glob("*.pref")):
        for game in preflog.loads_all(path.read_text(encoding="utf-8")):
            assert preflog.audit(game)[1] == [], path.name


def test_every_sample_under_every_convention_settles_as_the_pairs_do() -> None:
    """Code 4.2.14: the settlement equals the one worked pair by pair from the ledger."""
    from .test_score_properties import pairwise_settlement

    for path in sorted(SAMPLES.glob("*.pref")):
        for game in preflog.loads_all(path.read_text(encoding="utf-8")):
            for preset in ("sochi", "leningrad", "rostov", "classic"):
                sheet = preflog.score(game, rules=preset)
                assert sheet.settlement().totals == pairwise_settlement(sheet), (path.name, preset)


def test_the_leningrad_sample_settles_in_money_with_its_whist_price() -> None:
    game = preflog.loads((SAMPLES / "leningrad.pref").read_text(encoding="utf-8"))
    shape = sheet_json(preflog.score(game))
    # 0.5 per whist: 110/3, 212/3 and -322/3, rounded to cents that still sum to zero (largest remainder)
    assert shape["money"] == {"Dima": 36.67, "Lena": 70.67, "Oleg": -107.34}
    assert shape["money_exact"] == {"Dima": "110/3", "Lena": "212/3", "Oleg": "-322/3"}
