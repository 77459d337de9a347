"""Classic's first stage, the razboynik (seed 000 §8, seed 004): each case worked by hand from the seeds.

With three players deals 1-18 are compulsory games (six laps of the deal), 19-24 the half-time (two laps
of all-passes), and the second stage begins with deal 25.
"""

from __future__ import annotations

from pathlib import Path

import preflog

THREE = '[Players "Anna Boris Vera"]\n[Rules "classic"]\n'
SAMPLE = Path(__file__).parent.parent / "samples" / "classic-razboynik.pref"


def game(body: str, head: str = THREE) -> preflog.Game:
    return preflog.loads(head + "\n" + body)


def codes(body: str, head: str = THREE) -> list[str]:
    return [v.code for v in preflog.check(game(body, head))]


def half_time(first: int = 19, last: int = 24) -> str:
    return "".join(f"deal {n}\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n" for n in range(first, last + 1))


def test_seed_000_8_a_compulsory_game_has_no_auction() -> None:
    """Seed 000 §2: "Торговля (в разбойнике отсутствует)". A bids line is A213, once, at its first call."""
    assert codes("deal 1\nbids 6s pass pass\ncontract Boris: 6s\n") == ["A213"]


def test_seed_004_the_eldest_hand_is_the_soloist() -> None:
    """Seed 004: the eldest hand (by agreement the second) plays without bidding. Anna deals deal 1:
    Boris is eldest; a contract by Vera is T306. Without a prefix the contract is Boris's."""
    assert codes("deal 1\ncontract Vera: 6s\n") == ["T306"]
    d = preflog.replay(game("deal 1\ncontract 6s\n"))[-1].state.deal
    assert d is not None and d.player(d.declarer) == "Boris"


def test_seed_000_8_each_compulsory_game_once() -> None:
    """Seed 000 §8: "каждый игрок по очереди должен сыграть 6, 7, 8, 9, 10 и мизер". Boris plays a seven
    in deal 1 and again in deal 4 (he is eldest again): T308, naming what is left."""
    body = "deal 1\ncontract 7s\nresult 7\ndeal 2\ncontract 6s\nresult 6\ndeal 3\ncontract 6s\nresult 6\n" \
           "deal 4\ncontract 7h\nresult 7\n"
    found = preflog.check(game(body))
    assert [v.code for v in found] == ["T308"]
    assert "left to play: 6, 8, 9, 10, misère" in preflog.message(found[0])


def test_seed_004_the_agreed_defence() -> None:
    """Seed 004: the first defender whists and the second passes (or, agreed, both whist): a pass by the
    first is W411; left out, the defence is scored as agreed: Boris's six made with 6, Vera (first
    defender) writes the defence's 4 tricks × 2 = 8 whists (3.8.13), Anna nothing."""
    assert codes("deal 1\ncontract 6c\nwhist pass pass\n") == ["W411"]
    sheet = preflog.score(game("deal 1\ncontract 6c\nresult 6\n"))
    assert (sheet.pool("Boris"), sheet.whists("Vera", "Boris"), sheet.whists("Anna", "Boris")) == (2, 8, 0)


def test_seed_000_8_the_half_time_is_all_passes_and_the_deal_moves_on() -> None:
    """Seed 000 §8, seed 004: two laps of all-passes, where everyone passes (a bid is A213); the deal
    moves on after each (the dealer stays only in the second half: no D103), and the first deal of the
    second stage may bid a six (the half-time is no all-pass streak, no A209)."""
    games = "".join(f"deal {n}\ncontract 6s\nresult 6\n" for n in range(1, 19))  # T308 aside
    body = games + half_time() + "deal 25\nbids 6s pass pass\n"
    assert [c for c in codes(body) if c != "T308"] == []
    assert [c for c in codes(games + "deal 19\nbids 6s pass pass\n") if c != "T308"] == ["A213"]


def test_seed_004_half_time_all_passes_are_each_a_first_all_pass() -> None:
    """Seed 004: all-pass prices double only on a staying dealer's second and third all-pass; in the
    half-time the deal moves on, so Anna's 4, 3, 3 costs her 1 (after the amnesty of 3) each time."""
    start = "".join(f"deal {n}\ncontract 6s\nresult 6\n" for n in range(1, 19))
    sheet = preflog.score(game(start + half_time()))
    assert [e.amount for e in sheet.ledger() if e.deal > 18] == [1] * 6


def test_seed_000_8_the_pool_of_the_second_stage() -> None:
    """Seed 000 §8: the pool is chosen after the razboynik, at most the smallest mountain (S705). Here
    every six fails by one (2 to the mountain each; 18 sixes: 12 each, Classic's half-then-full liability
    aside) and the pool asked is 20: too big. No pool closes in the first stage: Boris's pool is not
    helped by anyone before deal 25."""
    start = "".join(f"deal {n}\ncontract 6s\nresult 5\n" for n in range(1, 19))
    found = preflog.check(game(start + half_time() + "deal 25\nbids pass pass pass\n", THREE + '[Pool "20"]\n'))
    assert [v.code for v in found if v.code != "T308"] == ["S705"]


def test_the_classic_razboynik_sample_worked_by_hand() -> None:
    """samples/classic-razboynik.pref, from seed 000 §7.2's table (6: 2, 7: 4, 8: 6, 9: 8, 10 and misère:
    10), its split of a game made (half to the pool, half off the own mountain as far as it goes, example
    1; seed 004) and Code 3.8.13 (the first defender whists, the second passes, the whister counts the
    defence): deal 1, Boris's 6c made with 6: his mountain is empty, so 2 to the pool; Vera whists 4 × 2
    = 8. Deal 2, Vera's 7d with 6: 4 to her mountain; Anna 4 × 4 = 16 and 4 consolation, Boris 4
    consolation. Deal 10, Boris's misère without a trick: 5 to his pool, 5 off his mountain of 6 (deal 7's
    eight one down). Deal 16, Boris's ten with 9, both whisting: 10 to his mountain, Vera's one trick 10
    and consolation 10, Anna's 10. Deal 18, Anna's ten nobody whists: half is 5, her mountain has 4: 4
    off, 6 to the pool. Deal 22 of the half-time, Anna 5, Boris 0, Vera 5 at price 1: Boris takes 1 off
    his mountain (seed 000 §7.2), the others write 5. After deal 24 the mountains are Anna 6 (1 + 10 − 1
    − 2 − 4 − 4 + 1 + 5), Boris 13 (6 − 5 − 1 + 10 + 3 − 1 + 1) and Vera 34 (4 − 1 − 3 + 8 + 20 − 5 + 1 +
    1 + 5 + 4): the pool of 6 is within the smallest (seed 000 §8)."""
    with open(SAMPLE, encoding="utf-8") as f:
        g = preflog.load(f)
    assert preflog.check(g) == []

    def wrote(n: int) -> set[tuple[str, str, str | None, int]]:
        return {(e.player, e.column.value, e.on, int(e.amount)) for e in preflog.score(g, upto=n).ledger(n)}

    assert wrote(1) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 8)}
    assert wrote(2) == {("Vera", "mountain", None, 4), ("Anna", "whists", "Vera", 16), ("Anna", "whists", "Vera", 4),
                        ("Boris", "whists", "Vera", 4)}
    assert wrote(10) == {("Boris", "pool", None, 5), ("Boris", "mountain", None, -5)}
    assert wrote(16) == {("Boris", "mountain", None, 10), ("Vera", "whists", "Boris", 10), ("Anna", "whists", "Boris", 10)}
    assert wrote(18) == {("Anna", "pool", None, 6), ("Anna", "mountain", None, -4)}
    assert wrote(22) == {("Boris", "mountain", None, -1), ("Anna", "mountain", None, 5), ("Vera", "mountain", None, 5)}
    after = preflog.score(g, upto=24)
    assert [after.mountain(p) for p in after.players] == [6, 13, 34]
    assert after.pool_target is None
    end = preflog.score(g)
    assert end.pool_target == 6 and end.pool_played("Boris") == 2  # deal 25: his 7c, half of 4 to the pool


def test_two_players_pass_the_dummy_over_as_soloist() -> None:
    """With two players Boris deals deal 2 and the dummy is eldest: the soloist is the next, Anna."""
    head = '[Players "Anna Boris"]\n[Rules "classic"]\n'
    d = preflog.replay(game("deal 1\ncontract 6s\nresult 6\ndeal 2\ncontract 6s\n", head))[-1].state.deal
    assert d is not None and d.player(d.declarer) == "Anna"
