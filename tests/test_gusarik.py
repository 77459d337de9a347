"""Two players, gusarik: the dummy third hand (seed 001; Code 3.7.6.4, 4.1.1 c, footnote 17; RULES.md).

Each expected number is worked by hand in the docstring from the section it cites.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import preflog
from preflog.notation.errors import NotationError

HEAD = '[Players "Anna Boris"]\n[Rules "gusarik"]\n'
# Boris holds the spades and hearts, the dummy the diamonds, Anna a bit of everything.
HANDS = "hands Boris: AKQJ.A.-.KQJ98 Dummy: 987.KQJ.AKQ.7 Anna: T.T97.J987.AT\ntalon Td 8c\n"


def game(body: str, head: str = HEAD) -> preflog.Game:
    return preflog.loads(head + "\n" + body)


def codes(body: str, head: str = HEAD) -> list[str]:
    return [v.code for v in preflog.check(game(body, head))]


def last_deal(body: str) -> preflog.DealState:
    deal = preflog.replay(game(body))[-1].state.deal
    assert deal is not None
    return deal


def test_the_dummy_sits_left_of_the_second_player_and_never_deals() -> None:
    """Code 3.2.2: the deal passes from player to player; the dummy (seated after the two players,
    docs/notation.md) is dealt cards but never deals. Anna deals: Boris is eldest, then the dummy,
    then Anna; Boris deals: the dummy is eldest, then Anna, then Boris."""
    g = game("deal 1\nbids pass pass\nresult Anna 3 Boris 4\ndeal 2\nbids pass pass\nresult Anna 3 Boris 4\n")
    assert [d.dealer for d in g.deals] == ["Anna", "Boris"]
    assert preflog.bidding_order(("Anna", "Boris"), "Anna") == ("Boris", "Dummy", "Anna")
    assert preflog.bidding_order(("Anna", "Boris"), "Boris") == ("Dummy", "Anna", "Boris")
    assert codes("deal 1 dealer Anna\ndeal 2 dealer Anna\n") == ["D102"]


def test_the_dummy_passes_without_a_word_in_the_auction() -> None:
    """RULES.md (seed 001): the dummy is unseen in the auction. Only the players' calls are written:
    Boris (eldest) bids 6s, Anna passes, and Boris has won; a third call comes after the auction."""
    d = last_deal("deal 1\nbids 6s pass\n")
    assert d.player(d.declarer) == "Boris"
    assert codes("deal 1\nbids 6s pass pass\n") == ["A207"]
    assert last_deal("deal 1\nbids pass pass\n").is_all_pass


def test_on_an_all_pass_the_talon_is_not_turned() -> None:
    """Code 3.7.6.4: with two players the talon does not lead the all-pass, in every convention: the
    eldest (Boris) leads the first trick himself, here with the ace of spades."""
    body = "deal 1\n" + HANDS + "bids pass pass\nplay As 7s Ts\n"
    d = last_deal(body)
    assert not d.talon_leads
    assert d.tricks[0] == 1  # Boris's ace wins
    assert codes(body) == []


def test_the_defender_plays_open_with_the_dummy() -> None:
    """Seed 001: if the other player whists, his hand and the dummy's are laid open and he plays both.
    One word is written, the real defender's; closed play and half-whist are W410."""
    d = last_deal("deal 1\nbids 6s pass\ncontract 7h\nwhist whist\n")
    assert d.mode is preflog.WhistMode.OPEN
    assert [d.player(s) for s in d.whisters] == ["Anna"]
    assert codes("deal 1\nbids 6s pass\ncontract 7h\nwhist whist closed\n") == ["W410"]
    assert codes("deal 2 dealer Boris\nbids pass 6s\ncontract 6s\nwhist half\n") == ["W410"]
    assert codes("deal 1\nbids 6s pass\ncontract 7h\nwhist whist open\n") == []


def test_a_game_the_defender_passes_counts_as_made() -> None:
    """Code 3.8.1, 4.2.1: Anna passes Boris's six of diamonds: it counts as made, 2 to his pool."""
    sheet = preflog.score(game("deal 1\nbids 6d pass\nwhist pass\n"))
    assert sheet.pool("Boris") == 2
    assert codes("deal 1\nbids 6d pass\nwhist pass\nresult 6\n") == ["C605"]


def test_a_made_game_writes_nothing_for_the_dummy() -> None:
    """Code 4.2.1, 3.8.1.1: Boris makes 7h with 8 tricks: 4 to his pool; Anna, whisting alone, writes
    her and the dummy's 2 tricks × 4 = 8 whists on him. The dummy has no sheet."""
    sheet = preflog.score(game("deal 1\n" + HANDS + "bids 6s pass\ndiscard 8c Td\ncontract 7h\nwhist whist\n"
                               "result Boris 8 Anna 1 Dummy 1\n"))
    assert (sheet.pool("Boris"), sheet.whists("Anna", "Boris")) == (4, 8)
    assert sheet.players == ("Anna", "Boris")
    assert all("Dummy" not in (e.player, e.on) for e in sheet.entries)


def test_a_failed_game_pays_the_one_defender() -> None:
    """Code 4.2.1, 3.8.1.1, 3.8.1.2: Boris's six of spades takes 4 tricks, two down: 2 × 2 = 4 to his
    mountain; Anna writes the defence's 6 tricks × 2 = 12 and the consolation 2 × 2 = 4: 16 whists.
    Nobody writes for the dummy."""
    sheet = preflog.score(game("deal 1\nbids 6s pass\nwhist whist\nresult 4\n"))
    assert (sheet.mountain("Boris"), sheet.whists("Anna", "Boris")) == (4, 16)
    assert len(sheet.entries) == 3


def test_the_all_pass_amnesty_counts_the_two_players_only() -> None:
    """Code 3.7.2.1, 3.7.3: Anna 3, Boris 5, the dummy 2. The amnesty takes the fewest of the players'
    tricks, 3: Boris writes 2, Anna nothing (counting the dummy's 2 would give 1 and 3)."""
    sheet = preflog.score(game("deal 1\nbids pass pass\nresult Anna 3 Boris 5 Dummy 2\n"))
    assert (sheet.mountain("Anna"), sheet.mountain("Boris")) == (0, 2)


def test_an_all_pass_needs_only_the_players_tricks() -> None:
    """The dummy's all-pass tricks are written to nobody, so a result without them is complete."""
    sheet = preflog.score(game("deal 1\nbids pass pass\nresult Anna 4 Boris 0\n"))
    assert (sheet.mountain("Anna"), sheet.pool("Boris")) == (4, 1)  # 3.7.2.1: no trick, 1 to the pool


def test_two_players_settle_the_mountain_half_each() -> None:
    """Code 4.2.14 (variant 1): a mountain × 10 is divided among the participants, its owner
    included: Boris's 4 cost him 40 / 2 = 20 whists to Anna; with Anna's 16 whists, +36 / -36."""
    settlement = preflog.score(game("deal 1\nbids 6s pass\nwhist whist\nresult 4\n")).settlement()
    assert settlement.totals == {"Anna": 36, "Boris": -36}


def test_the_indivisible_mountain_halves_what_a_full_pool_takes_off_it() -> None:
    """Code 4.1.1 c: Anna's six fills her pool of 2; Boris makes a nine (8): 2 to his pool, 6 left
    with nobody to help. Off the mountain they come whole (4.1.1), or with an indivisible mountain
    only half of them, 3."""
    body = "deal 1\ncontract Anna: 6s\nwhist pass\ndeal 2\ncontract Boris: 9s\nwhist pass\n"
    divided = preflog.score(game(body, HEAD + '[Pool "2"]\n'))
    whole = preflog.score(game(body, HEAD + '[Pool "2"]\n[Rule.IndivisibleMountain "yes"]\n'))
    assert (divided.mountain("Boris"), whole.mountain("Boris")) == (-6, -3)
    assert whole.settlement().share == 2


def test_the_dummy_is_named_only_where_cards_and_tricks_are() -> None:
    """docs/notation.md: the dummy holds a hand and takes tricks; it makes no call, plays no game and
    takes no penalty. A player may not be called Dummy in a two-player game."""
    for body in ("deal 1\ncontract Dummy: 6s\n", "deal 1\npenalty Dummy mountain 1\n", "deal 1\nbids Dummy: pass\n"):
        with pytest.raises(NotationError) as info:
            game(body)
        assert "dummy" in info.value.message, body
    with pytest.raises(NotationError):
        preflog.loads('[Players "Anna Dummy"]\n')


def test_gusarik_is_played_by_two() -> None:
    """R104: the gusarik preset with three players."""
    assert codes("deal 1\nbids pass pass pass\n", '[Players "Anna Boris Vera"]\n[Rules "gusarik"]\n') == ["R104"]


def test_a_generated_two_player_pulka_settles_to_zero() -> None:
    """Whists won equal whists lost (Code 4.2.14), with and without the indivisible mountain."""
    for games in (preflog.generate(60, seed=8, players=2, per_game=30),):
        for g in games:
            for rule in ("no", "yes"):
                tagged = preflog.loads(preflog.dumps(g).replace('[Rules "sochi"]',
                                                                f'[Rules "sochi"]\n[Rule.IndivisibleMountain "{rule}"]'))
                assert sum(preflog.score(tagged).settlement().totals.values(), Fraction(0)) == 0


def test_the_gusarik_sample_settles_as_worked_by_hand() -> None:
    """samples/gusarik.pref, deal by deal (Sochi's rules, the Code's):
    1. Boris makes 7h with 9: pool 4 (4.2.1); Anna, open with the dummy, takes 1 of the 2 a seven
       asks (3.8.1.3): 1 × 4 whists and 1 × 4 to her mountain (full liability, 3.8.11).
    2. All-pass, Anna 2, Boris 6 (the dummy's 2 count for nobody): the amnesty of 2 leaves Boris 4 (3.7.3).
    3. Anna's misère without a trick: 10, her pool is full (3.6, 4.2.1).
    4. Anna's 6d passed: her 2 help Boris's pool (4 → 6) and are 20 whists on him (4.2.3).
    5. Boris's 8s one down: 6 to his mountain; Anna 3 × 6 + the consolation 6 = 24 whists (3.8.1.2).
    6. Boris's 8c passed: 4 close his pool, 2 come off his mountain (4.1.1): 4 + 6 − 2 = 8.
    Settlement (4.2.14): mountains 4 and 8, average 6: Anna +20, Boris −20; whists Anna 4 + 20 + 24 = 48.
    """
    from pathlib import Path

    with open(Path(__file__).parent.parent / "samples" / "gusarik.pref", encoding="utf-8") as f:
        sheet = preflog.score(preflog.load(f))
    assert sheet.finished
    assert (sheet.pool("Anna"), sheet.pool("Boris")) == (10, 10)
    assert (sheet.mountain("Anna"), sheet.mountain("Boris")) == (4, 8)
    assert (sheet.whists("Anna", "Boris"), sheet.whists("Boris", "Anna")) == (48, 0)
    assert sheet.settlement().totals == {"Anna": 68, "Boris": -68}
