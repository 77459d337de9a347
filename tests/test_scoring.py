"""The scoring rules, each test tracing to RULES.md ("Scoring entries", "Worked numbers"), a section of
the Preferans Code, or a seed document. Seating: with "Anna Boris Vera" Anna deals first, so Boris is
the eldest hand, Vera the first defender against Boris and Anna the second."""

from __future__ import annotations

from fractions import Fraction

import pytest

import preflog
from preflog import Column, ScoreSheet

P3 = "Anna Boris Vera"
P4 = "Anna Boris Vera Gleb"


def sheet_of(body: str, *, rules: str = "sochi", players: str = P3, pool: int | None = None,
             tags: str = "") -> ScoreSheet:
    head = f'[Players "{players}"]\n[Rules "{rules}"]\n' + (f'[Pool "{pool}"]\n' if pool else "") + tags
    if rules == "classic" and "Razboynik" not in tags:
        # these cases are of the second stage, where the razboynik answers for the first games made
        head += '[Rule.Razboynik "no"]\n[Rule.UnresponsibleGames "no"]\n'
    game = preflog.loads(head + "\n" + body)
    sheet, problems = preflog.audit(game)
    assert [preflog.message(v) for v in problems] == []
    return sheet


def written(sheet: ScoreSheet, deal: int | None = None) -> set[tuple[str, str, str | None, Fraction]]:
    """The entries as (player, column, on, amount)."""
    return {(e.player, e.column.value, e.on, e.amount) for e in sheet.ledger(deal)}


SIX_BOTH_WHIST = "deal 1\ncontract Boris: 6d\nwhist whist whist\nresult Boris {b} Vera {v} Anna {a}\n"


# ---- contracts made and failed (Code 4.2.1, 2.2.2) ------------------------------------------------

@pytest.mark.parametrize("level,price", [(6, 2), (7, 4), (8, 6), (9, 8), (10, 10)])
def test_code_2_2_2_and_4_2_1_a_made_contract_writes_its_price_to_the_pool(level: int, price: int) -> None:
    sheet = sheet_of(f"deal 1\ncontract Boris: {level}s\nwhist whist pass\nresult {level}\n")
    assert sheet.pool("Boris") == price
    assert sheet.mountain("Boris") == 0


def test_code_4_2_1_a_failed_contract_writes_price_times_undertricks_to_the_mountain() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 8h\nwhist whist pass\nresult 6\n")
    assert sheet.pool("Boris") == 0
    assert sheet.mountain("Boris") == 12  # two undertricks × 6


def test_rules_misere_made_writes_10_to_the_pool_failed_10_per_trick_to_the_mountain() -> None:
    made = sheet_of("deal 1\ncontract Boris: mis\nresult 0\n")
    assert written(made) == {("Boris", "pool", None, 10)}
    failed = sheet_of("deal 1\ncontract Boris: mis\nresult 2\n")
    assert written(failed) == {("Boris", "mountain", None, 20)}  # no whists, no consolation on misère


def test_code_3_8_1_a_contract_nobody_whists_counts_as_made_without_play() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7s\nwhist pass pass\n")
    assert written(sheet) == {("Boris", "pool", None, 4)}


def test_code_3_4_3_without_a_contract_statement_the_winning_bid_is_the_contract() -> None:
    sheet = sheet_of("deal 1\nbids 7c pass pass\nwhist pass pass\n")
    assert written(sheet) == {("Boris", "pool", None, 4)}


# ---- whists (Code 3.8.1.1, 3.8.13, 3.8.14) and consolation (3.8.1.2) -------------------------------

def test_code_3_8_1_1_each_of_two_whisters_writes_the_price_per_own_trick() -> None:
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=6, v=3, a=1))
    assert written(sheet) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 6),
                              ("Anna", "whists", "Boris", 2)}


def test_code_3_8_13_greedy_one_whister_counts_the_passers_tricks_the_passer_writes_only_consolation() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 6 Vera 3 Anna 1\n")
    assert written(sheet) == {
        ("Boris", "mountain", None, 4),
        ("Vera", "whists", "Boris", 16),    # the defence's 4 tricks × 4
        ("Vera", "whists", "Boris", 4),     # consolation
        ("Anna", "whists", "Boris", 4),     # consolation only (3.8.13)
    }
    assert sheet.whists("Vera", "Boris") == 20 and sheet.whists("Anna", "Boris") == 4


def test_code_3_8_14_gentleman_whist_shares_the_whists_with_the_passer_when_the_declarer_fails() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 6 Vera 3 Anna 1\n",
                     rules="leningrad")
    # Leningrad, scale 2: 4 tricks × 4 × 2 = 32 shared, 16 each; consolation 1 × 4 × 2 = 8 each
    assert sheet.mountain("Boris") == 8
    assert sheet.whists("Vera", "Boris") == 24 and sheet.whists("Anna", "Boris") == 24


def test_code_3_8_14_gentleman_whist_the_greedy_count_stands_when_the_declarer_makes() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 7 Vera 2 Anna 1\n",
                     rules="leningrad")
    assert sheet.whists("Vera", "Boris") == 24 and sheet.whists("Anna", "Boris") == 0


def test_code_3_8_14_a_half_whister_overtaken_by_a_returned_whist_writes_no_whists_on_a_failure() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass half whist\nresult Boris 5 Vera 3 Anna 2\n",
                     rules="leningrad")
    # Vera returned the whist; Anna, who went half, shares nothing (3.8.14) but gets consolation
    assert sheet.whists("Vera", "Boris") == 5 * 2 * 2 + 4
    assert sheet.whists("Anna", "Boris") == 4


def test_footnote_36_consolation_is_the_price_per_undertrick_for_every_other_player() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6d\nwhist whist whist\nresult Boris 4 Vera 3 Anna 3\n")
    # "каждый пишет за фактически взятые взятки плюс одну – за безвзятие": 3 tricks + 2 undertricks
    assert sheet.whists("Vera", "Boris") == 3 * 2 + 2 * 2
    assert sheet.whists("Anna", "Boris") == 3 * 2 + 2 * 2
    assert sheet.mountain("Boris") == 4


@pytest.mark.parametrize("tag,per", [("", 10), ('[Rule.Consolation "15"]\n', 15)])
def test_footnote_54_rostov_consolation_is_a_fixed_number_of_whists_per_undertrick(tag: str, per: int) -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7s\nwhist whist pass\nresult Boris 5 Vera 3 Anna 2\n",
                     rules="rostov", tags=tag)
    assert sheet.whists("Vera", "Boris") == 5 * 4 + 2 * per
    assert sheet.whists("Anna", "Boris") == 2 * per


def test_code_3_8_1_2_the_sitting_out_dealer_writes_consolation_too() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist whist whist\nresult Boris 5 Vera 3 Gleb 2\n", players=P4)
    assert sheet.whists("Anna", "Boris") == 2  # Anna deals and sits out


def test_seed_002_example_4_a_six_without_one_with_four_players_costs_the_declarer_31_whists() -> None:
    """Seed 002, example 4 (Sochi, four): mountain 2 = 5 whists to each of three; whists 6 and 8; the
    dealer's consolation 2: 15 + 6 + 8 + 2 = 31."""
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist whist whist\nresult Boris 5 Vera 3 Gleb 2\n", players=P4)
    assert sheet.whists("Vera", "Boris") == 8 and sheet.whists("Gleb", "Boris") == 6
    totals = sheet.settlement().totals
    assert totals["Boris"] == -31
    assert totals == {"Anna": 7, "Boris": -31, "Vera": 13, "Gleb": 11}


# ---- the whisters' obligation (Code 3.8.2, 3.8.6, 3.8.11, 3.8.12) ---------------------------------

def test_code_3_8_6_example_1_two_whisters_with_2_and_1_tricks_the_second_is_one_short() -> None:
    """RULES.md worked numbers: 6♦, both whist, declarer 7, whisters 2 and 1: declarer +2 pool,
    whists 4 and 2, the second whister one short: 2 to the mountain (full) or 1 (half)."""
    full = sheet_of(SIX_BOTH_WHIST.format(b=7, v=2, a=1))
    assert written(full) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 4),
                             ("Anna", "whists", "Boris", 2), ("Anna", "mountain", None, 2)}
    half = sheet_of(SIX_BOTH_WHIST.format(b=7, v=2, a=1), rules="rostov")
    assert half.mountain("Anna") == 1 and half.mountain("Vera") == 0


def test_code_3_8_6_example_2_declarer_nine_whisters_one_and_two_short() -> None:
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=9, v=1, a=0))
    assert sheet.mountain("Vera") == 2 and sheet.mountain("Anna") == 4  # full: the price per missing trick
    half = sheet_of(SIX_BOTH_WHIST.format(b=9, v=1, a=0), rules="rostov")
    assert half.mountain("Vera") == 1 and half.mountain("Anna") == 2


def test_code_3_8_6_example_3_on_an_eight_the_second_to_whist_answers_for_the_trick() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 8d\nwhist whist whist\nresult Boris 10 Vera 0 Anna 0\n")
    assert sheet.mountain("Anna") == 6 and sheet.mountain("Vera") == 0


@pytest.mark.parametrize("vera,anna", [(1, 0), (0, 1)])
def test_code_3_8_6_on_an_eight_one_trick_between_the_whisters_meets_the_obligation(vera: int, anna: int) -> None:
    sheet = sheet_of(f"deal 1\ncontract Boris: 8d\nwhist whist whist\nresult Boris 9 Vera {vera} Anna {anna}\n")
    assert sheet.mountain("Vera") == 0 and sheet.mountain("Anna") == 0


def test_code_3_8_6_nobody_answers_when_the_whisters_together_took_the_obligation() -> None:
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=6, v=3, a=1))
    assert sheet.mountain("Anna") == 0  # 1 trick is under half, but together they took 4


def test_seed_001_each_whister_answers_for_his_own_shortfall_to_half_the_obligation() -> None:
    """Seed 001: "each whister is responsible only for his own undertricks with respect to half the
    required number": 3 and 0 on a six leave the team one short and the second whister two short."""
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=7, v=3, a=0))
    assert sheet.mountain("Vera") == 0 and sheet.mountain("Anna") == 4


def test_code_3_8_1_3_a_single_whister_answers_for_the_whole_obligation() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6h\nwhist whist pass\nresult Boris 8 Vera 1 Anna 1\n")
    assert written(sheet) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 4),
                              ("Vera", "mountain", None, 4)}  # two short × 2 (full, Sochi)


def test_code_3_8_12_leningrad_half_liability_is_doubled_by_its_scale() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 9 Vera 1 Anna 0\n",
                     rules="leningrad")
    assert sheet.mountain("Vera") == 1 * 2 * 2  # one short × half of 4 × 2
    assert sheet.whists("Vera", "Boris") == 1 * 4 * 2


def test_code_3_8_11_classic_liability_turns_full_once_the_own_pool_is_closed() -> None:
    body = ("deal 1\ncontract Vera: 8s\nwhist pass pass\npenalty Vera pool 4\n"
            "deal 2\ncontract Boris: 6c\nwhist whist pass\nresult Boris 8 Vera 1 Anna 1\n"
            "deal 3\ncontract Anna: 6c\nwhist whist pass\nresult Anna 8 Boris 1 Vera 1\n")
    sheet = sheet_of(body, rules="classic", pool=10)
    assert written(sheet, 2) >= {("Vera", "mountain", None, 4)}   # closed pool (10): full, 2 × 2
    assert written(sheet, 3) >= {("Boris", "mountain", None, 2)}  # open pool: half, 2 × 1


# ---- half-whist (Code 3.8.7, 3.8.8) -----------------------------------------------------------------

@pytest.mark.parametrize("level,whists", [(6, 4), (7, 4)])
def test_code_3_8_7_half_whist_writes_whists_for_half_the_obligation(level: int, whists: int) -> None:
    sheet = sheet_of(f"deal 1\ncontract Boris: {level}s\nwhist pass half\n")
    assert written(sheet) == {("Boris", "pool", None, (level - 5) * 2), ("Anna", "whists", "Boris", whists)}


def test_code_3_8_7_leningrad_half_whist_is_doubled() -> None:
    assert sheet_of("deal 1\ncontract Boris: 6s\nwhist pass half\n", rules="leningrad").whists("Anna", "Boris") == 8


def test_code_3_8_8_a_returned_whist_is_played_by_the_one_who_returned_it() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass half whist\nresult Boris 7 Vera 2 Anna 1\n")
    assert written(sheet) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 6),
                              ("Vera", "mountain", None, 2)}


def test_code_3_8_8_the_sitting_out_dealer_may_return_the_whist_and_plays_the_defence() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass half pass whist\nresult 5\n", players=P4)
    assert sheet.whists("Anna", "Boris") == 5 * 2 + 2  # the dealer Anna: the defence's tricks and consolation
    assert sheet.whists("Gleb", "Boris") == 2 and sheet.whists("Vera", "Boris") == 2


def test_seed_004_classic_two_passes_stand_for_pass_half_whist_pass() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6c\nwhist pass pass\n", rules="classic")  # 6♠ is Stalingrad
    assert written(sheet) == {("Boris", "pool", None, 2), ("Anna", "whists", "Boris", 4)}
    eight = sheet_of("deal 1\ncontract Boris: 8s\nwhist pass pass\n", rules="classic")
    assert written(eight) == {("Boris", "pool", None, 6)}


# ---- all-pass (Code 3.7) --------------------------------------------------------------------------------

ALL_PASS = "deal {n}\nbids pass pass pass\nresult Boris {b} Vera {v} Anna {a}\n"


def test_code_3_7_3_amnesty_after_4_3_3_the_first_writes_one_trick() -> None:
    sheet = sheet_of(ALL_PASS.format(n=1, b=4, v=3, a=3))
    assert written(sheet) == {("Boris", "mountain", None, 1)}


def test_code_3_7_2_1_a_player_without_a_trick_writes_the_price_to_the_pool() -> None:
    sheet = sheet_of(ALL_PASS.format(n=1, b=6, v=4, a=0))
    assert written(sheet) == {("Boris", "mountain", None, 6), ("Vera", "mountain", None, 4),
                              ("Anna", "pool", None, 1)}


def test_code_3_7_2_1_footnote_45_leningrad_writes_two_per_trick() -> None:
    sheet = sheet_of(ALL_PASS.format(n=1, b=4, v=3, a=3), rules="leningrad")
    assert written(sheet) == {("Boris", "mountain", None, 2)}


def test_code_3_7_2_1_footnote_45_leningrad_a_player_without_a_trick_writes_two_to_the_pool() -> None:
    """Code 3.7.2.1: the player with no trick writes the price of one trick to the pool; footnote 45
    makes a trick two in Leningrad. 6/4/0: after no amnesty (the lowest took 0) 12 and 8 (×2)."""
    sheet = sheet_of(ALL_PASS.format(n=1, b=6, v=4, a=0), rules="leningrad")
    assert written(sheet) == {("Boris", "mountain", None, 12), ("Vera", "mountain", None, 8),
                              ("Anna", "pool", None, 2)}


def test_seed_000_7_2_classic_a_player_without_a_trick_takes_the_price_off_his_mountain_as_far_as_it_goes() -> None:
    """Seed 000 §7.2: "В распасах все заработанные очки идут только в гору или с горы, если игрок не
    взял ни одной взятки ... Если своя гора уже списана, то заработанные на распасах очки пропадают";
    seed 004 the same. Deal 1: Anna's six is one down, 2 on her mountain. Deal 2 (Boris deals): an
    all-pass 6/4/0 at the price of 1 (Anna deals): Anna takes 1 off (2 → 1). Deal 3, Anna deals again (Classic),
    the price doubles (2, geometric, §6.1): Boris 4/Vera 6/Anna 0 — Anna takes 1 off and 1 is lost.
    Deal 4, Anna's third: Anna takes none again, her mountain is empty: nothing at all."""
    body = ("deal 1 dealer Vera\ncontract Anna: 6s\nwhist whist whist\nresult Anna 5 Boris 3 Vera 2\n"
            "deal 2 dealer Anna\nbids pass pass pass\nresult Boris 6 Vera 4 Anna 0\n"
            "deal 3 dealer Anna\nbids pass pass pass\nresult Boris 4 Vera 6 Anna 0\n"
            "deal 4 dealer Anna\nbids pass pass pass\nresult Boris 4 Vera 6 Anna 0\n")
    sheet = sheet_of(body, rules="classic")
    assert sheet.running("Anna", Column.MOUNTAIN) == (2, 1, 0)
    assert [e.amount for e in sheet.ledger(4) if e.player == "Anna"] == []


def test_rules_consolation_0_no_consolation_as_many_tables_play() -> None:
    """RULES.md, Consolation (3.8.1.2, fn 36): "0: none". A seven one down, Vera whists and takes 3 of
    the defence's 4 with Anna's 1 (greedy): Vera writes 4 × 4 = 16, Anna nothing."""
    sheet = sheet_of(
        "deal 1\ncontract Boris: 7h\nwhist whist pass\nresult Boris 6 Vera 3 Anna 1\n",
        tags='[Rule.Consolation "0"]\n')
    assert written(sheet) == {("Boris", "mountain", None, 4), ("Vera", "whists", "Boris", 16)}


def test_footnote_46_rostov_has_no_amnesty_and_pays_all_pass_in_whists() -> None:
    """Code 3.7.2.2: six tricks and two and two: the two lowest each write 15 whists on the first."""
    sheet = sheet_of(ALL_PASS.format(n=1, b=6, v=2, a=2), rules="rostov")
    assert written(sheet) == {("Vera", "whists", "Boris", 15), ("Anna", "whists", "Boris", 15)}


def test_code_3_7_2_2_the_lowest_writes_five_per_trick_on_each_other_player() -> None:
    sheet = sheet_of(ALL_PASS.format(n=1, b=5, v=3, a=2), rules="rostov")
    assert written(sheet) == {("Anna", "whists", "Boris", 25), ("Anna", "whists", "Vera", 15)}
    zero = sheet_of(ALL_PASS.format(n=1, b=6, v=4, a=0), rules="rostov")
    assert written(zero) == {("Anna", "whists", "Boris", 30), ("Anna", "whists", "Vera", 20),
                             ("Anna", "pool", None, 1)}  # "Игрок, не взявший ни одной взятки, пишет в пульку одно очко"


@pytest.mark.parametrize("tags,prices", [
    ("", [1, 2, 3, 3]),                                                       # 3.7.4.1, limit 3 steps (3.7.4.3)
    ('[Rule.AllPassProgression "geometric"]\n', [1, 2, 4, 4]),               # 3.7.4.2
    ('[Rule.AllPassProgressionLimit "none"]\n', [1, 2, 3, 4]),
    ('[Rule.AllPassProgression "none"]\n', [1, 1, 1, 1]),
])
def test_code_3_7_4_consecutive_all_passes_raise_the_price(tags: str, prices: list[int]) -> None:
    body = "".join(ALL_PASS.format(n=n, b=4, v=3, a=3) for n in range(1, 5))
    body += "deal 5\ncontract Boris: 6s\nwhist pass pass\n" + ALL_PASS.format(n=6, b=4, v=3, a=3)
    sheet = sheet_of(body, tags=tags)
    assert [e.amount for e in sheet.entries if e.column is Column.MOUNTAIN] == prices + [1]  # a game resets it


def test_code_3_7_4_the_zero_trick_pool_entry_is_the_raised_price() -> None:
    sheet = sheet_of(ALL_PASS.format(n=1, b=4, v=3, a=3) + ALL_PASS.format(n=2, b=6, v=4, a=0))
    assert written(sheet, 2) == {("Boris", "mountain", None, 12), ("Vera", "mountain", None, 8),
                                 ("Anna", "pool", None, 2)}


def test_code_3_7_3_with_four_players_the_amnesty_counts_the_dealers_talon_tricks() -> None:
    one = sheet_of("deal 1\nbids pass pass pass\nresult Boris 4 Vera 3 Gleb 2 Anna 1\n", players=P4)
    assert written(one) == {("Boris", "mountain", None, 3), ("Vera", "mountain", None, 2),
                            ("Gleb", "mountain", None, 1)}
    none = sheet_of("deal 1\nbids pass pass pass\nresult Boris 4 Vera 3 Gleb 3\n", players=P4)
    assert written(none) == {("Boris", "mountain", None, 4), ("Vera", "mountain", None, 3),
                             ("Gleb", "mountain", None, 3)}  # the dealer took none: no amnesty


def test_rules_rostov_with_four_players_the_dealer_of_an_all_pass_writes_1_to_the_pool() -> None:
    sheet = sheet_of("deal 1\nbids pass pass pass\nresult Boris 5 Vera 3 Gleb 2\n", players=P4, rules="rostov")
    assert written(sheet) == {("Gleb", "whists", "Boris", 25), ("Gleb", "whists", "Vera", 15),
                              ("Anna", "pool", None, 1)}


# ---- the pool: help, the own mountain, the end of the game (Code 4.2.3, 4.1.1, 4.2.3.3) ---------------

def test_code_4_1_1_with_nobody_left_to_help_the_surplus_comes_off_the_own_mountain() -> None:
    """RULES.md: pool target 2 away, a nine is made: 2 to the pool, 6 off the own mountain."""
    body = ("deal 1\ncontract Vera: 6s\nwhist pass pass\npenalty Vera pool 8\npenalty Boris pool 10\n"
            "penalty Anna pool 8\n"
            "deal 2\ncontract Anna: 9s\nwhist pass pass\n")
    sheet = sheet_of(body, pool=10)
    assert written(sheet, 2) == {("Anna", "pool", None, 2), ("Anna", "mountain", None, -6)}
    assert sheet.mountain("Anna") == -6  # below zero (4.1.1)
    assert sheet.finished and sheet.finished_after == 2


def test_code_4_2_3_help_goes_to_the_largest_open_pool_then_to_the_next() -> None:
    body = "deal 1\ncontract Vera: 6s\nwhist pass pass\ndeal 2\ncontract Anna: 9s\nwhist pass pass\n"
    sheet = sheet_of(body, pool=4)
    assert written(sheet, 2) == {("Anna", "pool", None, 4), ("Vera", "pool", None, 2),
                                 ("Anna", "whists", "Vera", 20), ("Boris", "pool", None, 2),
                                 ("Anna", "whists", "Boris", 20)}


def test_code_4_2_3_of_two_equal_pools_the_one_on_the_left_is_helped() -> None:
    sheet = sheet_of("deal 1\ncontract Vera: 8s\nwhist pass pass\n", pool=4)
    # Vera's left is Anna (Players lists the seats clockwise; the deal passes to the left)
    assert written(sheet) == {("Vera", "pool", None, 4), ("Anna", "pool", None, 2), ("Vera", "whists", "Anna", 20)}


def test_seed_002_example_2_sochi_thirty_sixes_by_one_player_win_160_whists() -> None:
    """Seed 002, example 2: 30 sixes by one player close his pool and help 40 (400 whists); 8 whists
    are written on him for each: 240. He wins 160, a six is worth 5.3 whists."""
    body = "".join(f"deal {n}\ncontract Anna: 6s\nwhist whist whist\nresult Anna 6 Boris 2 Vera 2\n"
                   for n in range(1, 31))
    sheet = sheet_of(body, pool=20)
    assert sheet.finished_after == 30
    assert written(sheet, 11) >= {("Boris", "pool", None, 2)}  # equal pools: Boris, on Anna's left
    totals = sheet.settlement().totals
    assert totals["Anna"] == 160
    assert sum(totals.values()) == 0


def test_seed_002_the_four_circles_leningrad_settlement_of_four_players() -> None:
    """Seed 002, "4 circles" (Leningrad, four, pools to 50): "1 - beat 28 … 56, take away, the result - 22 in
    the mountain; 2 - … 48 … 12; 3 - undergo 18 … 36, add … 70; 4 - undergo 28 … 56 … 132"; after the
    amnesty of 12: 10, 0, 58, 120, "188 : 4 = 47", so 37, 47, −11, −73 × 10 (the amnesty changes no
    difference from the average). The pools and mountains are those the text implies: 78 and 78, 74 and
    60, 32 and 34, 22 and 76."""
    sheet = sheet_of("", rules="leningrad", players=P4, pool=50, tags='[Sheet "Anna pool 78 mountain 78; Boris pool '
                     '74 mountain 60; Vera pool 32 mountain 34; Gleb pool 22 mountain 76"]\n')
    s = sheet.settlement()
    assert [s.mountain(p) for p in ("Anna", "Boris", "Vera", "Gleb")] == [22, 12, 70, 132]
    assert s.totals == {"Anna": 370, "Boris": 470, "Vera": -110, "Gleb": -730}


@pytest.mark.parametrize(("rules", "won"), [("sochi", 52), ("leningrad", 104)])
def test_seed_002_example_3_a_nine_that_ends_the_pulka_is_worth_52_whists_and_104_in_leningrad(
        rules: str, won: int) -> None:
    """Seed 002, example 3: four players, every pool 2 short of 20; Boris's nine made ends the pulka: in
    Sochi it fills his pool and helps 6 (60 whists), the whister's trick writes 8 on him: 52; in Leningrad
    nobody helps, his 8 pool points are 6 over, × 2 at the settlement, and the whists double: 104."""
    sheet = sheet_of("deal 1 dealer Anna\ncontract Boris: 9s\nwhist whist pass\nresult Boris 9 Vera 1 Gleb 0\n",
                     rules=rules, players=P4, pool=20,
                     tags='[Sheet "Anna pool 18; Boris pool 18; Vera pool 18; Gleb pool 18"]\n')
    assert sheet.finished_after == 1
    assert sheet.settlement().totals["Boris"] == won


def test_seed_002_example_1_leningrad_thirty_sixes_by_one_player_win_320_whists() -> None:
    """Seed 002, example 1: Leningrad to 20 each; one player writes 60 in the pool; all mountains 80.
    Settlement: he takes 80 off his mountain, the others add 40 each; average 80 = 800 whists, less
    16 × 30 = 480 written on him: 320."""
    body = ("deal 1\ncontract Anna: 6s\nwhist whist whist\nresult Anna 6 Boris 2 Vera 2\n"
            "penalty Anna mountain 80\npenalty Boris mountain 80\npenalty Vera mountain 80\n")
    body += "".join(f"deal {n}\ncontract Anna: 6s\nwhist whist whist\nresult Anna 6 Boris 2 Vera 2\n"
                    for n in range(2, 31))
    sheet = sheet_of(body, rules="leningrad", pool=20)
    assert sheet.pool("Anna") == 60 and sheet.finished_after == 30
    s = sheet.settlement()
    assert s.mountain("Anna") == 0 and s.mountain("Boris") == 120 and s.average == 80
    assert s.totals["Anna"] == 320


def test_code_4_2_3_3_leningrad_over_and_under_the_target_move_to_the_mountain_doubled() -> None:
    """RULES.md: Leningrad, three to 50, all on 48, an eight is made: pool 54, the game ends; at the
    settlement he writes 8 off his mountain and the other two add 4 each."""
    body = ("deal 1\ncontract Anna: 6s\nwhist pass pass\npenalty Anna pool 46\npenalty Boris pool 48\n"
            "penalty Vera pool 48\n"
            "deal 2\ncontract Anna: 8s\nwhist pass pass\n")
    sheet = sheet_of(body, rules="leningrad", pool=50)
    assert sheet.pool("Anna") == 54 and sheet.finished_after == 2
    s = sheet.settlement()
    assert s.pool_moves == {"Anna": -8, "Boris": 4, "Vera": 4}
    assert s.totals == {"Anna": 80, "Boris": -40, "Vera": -40}


def test_code_4_2_3_3_leningrad_ends_when_the_pools_together_reach_the_targets_together() -> None:
    body = "deal 1\ncontract Anna: 10s\nwhist pass pass\npenalty Anna pool 40\n"
    sheet = sheet_of(body, rules="leningrad", pool=20)
    assert sheet.pool("Anna") == 50 and not sheet.finished  # 50 of 60: one player's surplus does not end it


def test_code_4_2_15_a_deal_after_the_end_of_the_pulka_is_reported() -> None:
    text = (f'[Players "{P3}"]\n[Pool "2"]\n\ndeal 1\ncontract Boris: 6s\nwhist pass pass\n'
            "penalty Vera pool 2\npenalty Anna pool 2\ndeal 2\ncontract Vera: 6s\nwhist pass pass\n")
    found = preflog.check(preflog.loads(text))
    assert [(v.code, v.deal, v.span.line if v.span else None) for v in found] == [("S704", 2, 9)]
    assert "the pulka ended with deal 1" in preflog.message(found[0])


# ---- penalties and the settlement (Code 4.2.14) -------------------------------------------------------

def test_notation_penalty_p_whists_q_n_means_p_writes_n_whists_on_q() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass pass\npenalty Anna whists Vera 4\n"
                     "penalty Boris mountain 1.5\n")
    assert sheet.whists("Anna", "Vera") == 4 and sheet.whists("Vera", "Anna") == 0
    assert sheet.mountain("Boris") == Fraction(3, 2)


def test_code_4_2_14_without_a_pool_tag_the_pools_are_left_out() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass pass\n")
    assert sheet.settlement().totals == {"Anna": 0, "Boris": 0, "Vera": 0}


def test_code_4_2_3_and_4_2_14_an_open_pool_adds_its_shortfall_to_the_mountain_exactly() -> None:
    sheet = sheet_of("deal 1\ncontract Boris: 6s\nwhist pass pass\n", pool=10,
                     tags='[WhistPrice "0.5"]\n')
    s = sheet.settlement()
    assert s.pool_moves == {"Anna": 10, "Boris": 8, "Vera": 10}
    assert s.average == Fraction(28, 3)
    assert s.totals == {"Anna": Fraction(-20, 3), "Boris": Fraction(40, 3), "Vera": Fraction(-20, 3)}
    assert s.money == {"Anna": Fraction(-10, 3), "Boris": Fraction(20, 3), "Vera": Fraction(-10, 3)}


def test_code_4_2_14_the_settlement_is_the_mountain_difference_and_the_net_whists() -> None:
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=7, v=2, a=1))
    # Anna: mountain 2, average 2/3: (2/3 − 2) × 10 = −40/3, whists +2; Vera +20/3 + 4; Boris +20/3 − 6
    assert sheet.settlement().totals == {"Anna": Fraction(-34, 3), "Boris": Fraction(2, 3),
                                         "Vera": Fraction(32, 3)}


def test_running_records_are_written_as_on_paper() -> None:
    body = "".join(f"deal {n}\ncontract Boris: 6s\nwhist pass pass\n" for n in (1,)) + \
        "deal 2\ncontract Boris: 7s\nwhist pass pass\ndeal 3\ncontract Boris: 6s\nwhist whist pass\nresult 6\n"
    sheet = sheet_of(body)
    assert sheet.running("Boris", Column.POOL) == (2, 6, 8)
    assert sheet.record("Boris", Column.POOL) == "2.6.8"
    assert sheet.record("Anna", Column.WHISTS, "Boris") == "0"


def test_the_ledger_explains_each_number_with_its_deal_and_rule() -> None:
    sheet = sheet_of(SIX_BOTH_WHIST.format(b=7, v=2, a=1))
    texts = [preflog.entry_text(e) for e in sheet.entries]
    assert "deal 1: Vera writes 4 whists on Boris: 2 tricks × 2 (Code 3.8.1.1)" in texts
    assert any(t.startswith("deal 1: Anna writes 2 to the mountain: short of the obligation by 1") for t in texts)


def test_score_upto_gives_the_sheet_after_that_deal() -> None:
    text = f'[Players "{P3}"]\n\n' + "deal 1\ncontract Boris: 6s\nwhist pass pass\n" \
        "deal 2\ncontract Vera: 7s\nwhist pass pass\n"
    game = preflog.loads(text)
    assert preflog.score(game, upto=1).pool("Vera") == 0
    assert preflog.score(game).pool("Vera") == 4
    assert preflog.score(game, upto=1).deals == 1


def test_seed_000_7_2_example_2_a_seven_on_a_simple_bomb_one_down() -> None:
    """Seed 000 §7.2, example 2: a seven one down on a simple bomb (the game doubled): 8 to the
    mountain; the whister with 4 tricks writes 32 + 8 = 40; his partner and the dealer 8 each. Bombs
    are not tracked yet; ``Scale 2`` doubles the game the same way."""
    sheet = sheet_of("deal 1\ncontract Boris: 7s\nwhist whist pass\nresult Boris 6 Vera 4 Gleb 0\n",
                     players=P4, tags='[Rule.Scale "2"]\n')
    assert sheet.mountain("Boris") == 8
    assert (sheet.whists("Vera", "Boris"), sheet.whists("Gleb", "Boris"), sheet.whists("Anna", "Boris")) == (40, 8, 8)
    # "the player lost 80 whists by the mountain and 56 to the partners" (before the mountain is shared)
    assert sum(sheet.whists(p, "Boris") for p in ("Anna", "Vera", "Gleb")) == 56


# ---- a pulka begun on paper (the Sheet tag, docs/notation.md) -----------------------------------

OPENING = '[Sheet "Anna pool 12 mountain 4 whists Boris 36 Vera 10; Boris pool 6 mountain 10; Vera pool 20 whists Anna 8"]\n'


def test_opening_a_pulka_begun_on_paper_goes_on_from_the_totals_copied_from_it() -> None:
    """The totals copied from paper are written before the first deal, as if earlier deals had written
    them. Anna then makes an eight nobody whists: 6 to her pool (Code 3.8.1, 2.2.2), 12 → 18 ("12.18").
    Settlement (Code 4.2.14) to a pool of 20, by hand: mountains with the pool Anna 4 + 2 = 6, Boris
    10 + 14 = 24, Vera 0; average 10; Anna (10 − 6) × 10 = +40 and whists 36 + 10 − 8 = +38: +78;
    Boris −140 − 36 = −176; Vera +100 + 8 − 10 = +98."""
    sheet = sheet_of("deal 31 dealer Vera\ncontract Anna: 8s\nwhist pass pass\n", pool=20, tags=OPENING)
    assert sheet.record("Anna", Column.POOL) == "12.18"
    assert (sheet.mountain("Anna"), sheet.whists("Anna", "Boris"), sheet.whists("Vera", "Anna")) == (4, 36, 8)
    assert sheet.settlement().totals == {"Anna": 78, "Boris": -176, "Vera": 98}


def test_opening_is_checked_by_later_sheet_statements_and_never_turned_into_help() -> None:
    """Vera's 20 are her pool as written, not 20 points over a full pool (4.2.3 does not apply)."""
    sheet = sheet_of("deal 1\ncontract Anna: 6s\nwhist pass pass\nsheet Anna pool 14 mountain 4; Vera pool 20\n",
                     pool=20, tags=OPENING)
    assert sheet.pool("Vera") == 20 and sheet.whists("Vera", "Anna") == 8


@pytest.mark.parametrize("value,message", [
    ("Anna pool 12; Gleb pool 3", "2:23: error: 'Gleb' in the Sheet tag is not a player of this game (Anna, Boris, Vera)"),
    ("Anna pool 12 mountain", "2:22: error: the Sheet tag ends too early: expected a number"),
    ("Anna pool 12 mountain x", "2:31: error: unexpected 'x': expected a number"),
    ("", "2:1: error: the Sheet tag carries no totals"),
    ("Anna pool 1 % x", "2:21: error: the Sheet tag holds only totals: '%' has no place in it"),
])
def test_opening_that_cannot_be_read_is_reported_at_its_place(value: str, message: str) -> None:
    text = f'[Players "Anna Boris Vera"]\n[Sheet "{value}"]\n\ndeal 1\ncontract Anna: 6s\nwhist pass pass\n'
    with pytest.raises(preflog.NotationError) as caught:
        preflog.loads(text, path="t.pref")
    assert message in str(caught.value)
