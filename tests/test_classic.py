"""Classic as seeds 000 and 004 write it, each case worked by hand from the section it cites. Seating:
with "Anna Boris Vera Gleb" and Anna dealing, Boris is the eldest hand, then Vera, then Gleb."""

from __future__ import annotations

import pytest

import preflog
from preflog import Column
from preflog.sheet_words import reason_text

FOUR = '[Players "Anna Boris Vera Gleb"]\n[Rules "classic"]\n[Rule.Razboynik "no"]\n\n'
THREE = '[Players "Anna Boris Vera"]\n[Rules "classic"]\n[Rule.Razboynik "no"]\n\n'
DARK_ALL_PASS = "deal 1 dealer Anna\nbids dark pass dark pass dark pass\nresult Boris 4 Vera 3 Gleb 3\n"


def codes(text: str) -> list[str]:
    return [v.code for v in preflog.check(preflog.loads(text))]


def entries(text: str, deal: int) -> set[tuple[str, str, str | None, int]]:
    sheet = preflog.score(preflog.loads(text))
    return {(e.player, e.column.value, e.on, e.amount) for e in sheet.ledger(deal)}


def test_seed_000_7_2_example_2_a_seven_on_a_simple_bomb_one_short() -> None:
    """Seed 000 §7.2, example 2: a seven on a simple bomb, one short: 4 × 2 = 8 to the mountain; the
    whister takes 4 tricks at 8 each, 32, and 8 for the undertrick, 40; the passer and the dealer 8
    each for the undertrick. The bomb is kept (failed game, footnote 29)."""
    text = FOUR + DARK_ALL_PASS + "deal 2 dealer Anna\nbids 7s pass pass\ncontract 7s\nwhist whist pass\n" \
        "result Boris 6 Vera 4 Gleb 0\n"
    written = entries(text, 2)
    assert ("Boris", "mountain", None, 8) in written
    whists = {(p, a) for p, c, on, a in written if c == "whists"}
    assert whists == {("Vera", 32), ("Vera", 8), ("Gleb", 8), ("Anna", 8)}
    assert preflog.score(preflog.loads(text)).bombs("Boris") == (1,)


def test_code_3_3_19_a_a_dark_all_pass_doubles_the_trick_and_earns_everyone_a_simple_bomb() -> None:
    """Code 3.3.19 a: after a dark pass the all-pass trick costs double; seed 000 §6.4: everyone who
    passed dark gets a simple bomb, and the dealer too when all passed dark. 4/3/3 with the dealer's
    talon tricks 0: no amnesty (3.7.3), 8, 6 and 6."""
    written = entries(FOUR + DARK_ALL_PASS, 1)
    assert {(p, a) for p, c, _, a in written if c == "mountain"} == {("Boris", 8), ("Vera", 6), ("Gleb", 6)}
    assert {p for p, c, _, a in written if c == "bomb" and a == 1} == {"Anna", "Boris", "Vera", "Gleb"}


def test_seed_000_6_4_a_seeing_passer_and_the_dealer_get_a_bomb_one_degree_lower() -> None:
    """Seed 000 §6.4: one who looked before passing, and then the dealer, get a bomb a degree lower:
    nothing on a simple bomb. Vera passes seeing: Boris and Gleb get simple bombs, Vera and Anna none."""
    text = FOUR + "deal 1 dealer Anna\nbids dark pass pass dark pass\nresult Boris 4 Vera 3 Gleb 3\n"
    assert {p for p, c, _, a in entries(text, 1) if c == "bomb"} == {"Boris", "Gleb"}


def test_seed_004_the_second_dark_all_pass_of_a_staying_dealer_gives_double_bombs_and_quadruple_tricks() -> None:
    """Seed 004: the second all-pass of a staying dealer doubles the trick (geometric, seed 000 §6.1),
    and a dark pass doubles it again: 4; the bombs are double (degree 2)."""
    text = FOUR + DARK_ALL_PASS + "deal 2 dealer Anna\nbids dark pass dark pass dark pass\nresult Boris 4 Vera 3 Gleb 3\n"
    written = entries(text, 2)
    assert ("Boris", "mountain", None, 16) in written
    assert {a for p, c, _, a in written if c == "bomb"} == {2}


def test_footnote_30_bombs_are_used_oldest_first_and_a_made_game_uses_one_up() -> None:
    """Footnote 30: a failed six on the first bomb writes double; a made seven then uses it up (double);
    the next game is on the double bomb (×4). Boris holds a simple then a double bomb."""
    text = FOUR.replace("\n\n", '\n[Rule.PoolSplit "pool"]\n\n') + DARK_ALL_PASS + \
        "deal 2 dealer Anna\nbids dark pass dark pass dark pass\nresult Boris 4 Vera 3 Gleb 3\n" \
        "deal 3 dealer Anna\nbids 8s pass pass\ncontract 8s\nwhist whist pass\nresult Boris 7 Vera 3 Gleb 0\n" \
        "deal 4\nbids pass 8s pass pass\ncontract 8s\nwhist pass pass\n" \
        "deal 5\nbids pass pass 8s pass\ncontract 8s\nwhist pass pass\n"
    sheet = preflog.score(preflog.loads(text))
    assert [e.amount for e in sheet.ledger(3) if e.player == "Boris" and e.column is Column.MOUNTAIN] == [12]
    assert [e.amount for e in sheet.ledger(5) if e.player == "Boris" and e.column is Column.POOL] == [12]
    assert sheet.bombs("Boris") == (2,)


@pytest.mark.parametrize("bids,expected", [
    ("dark pass 6s pass pass", ["A209"]),          # seed 004: after a dark pass, a seeing seven at least
    ("dark pass 7s pass", []),
    ("dark pass dark 6s pass", []),                # "blind one"
    ("6s dark pass pass", ["A211"]),               # seed 000 §6.4: no dark pass after a bid
    ("dark 6s 6c pass pass", ["A202", "A208"]),    # seed 004: more tricks and an equal or higher suit
    ("dark 6s 7s pass pass", []),
    ("dark 6c 7s pass pass", ["A202", "A208"]),
    ("6s dark 6c pass pass", ["A211", "A208"]),    # no dark bid after a seeing one
    ("mis 9s pass pass", ["A202", "A208"]),        # seed 000 §5: a seeing nine does not outbid misère
    ("mis hand 9s hand mis pass pass", []),        # Gleb's first call: misère hand outbids nine hand
    ("mis hand 9s pass hand mis pass", []),        # seed 004: the outbid misère bidder answers misère hand
    ("hand 8s pass pass", ["A212"]),
])
def test_seed_004_dark_and_hand_calls(bids: str, expected: list[str]) -> None:
    assert codes(FOUR + f"deal 1 dealer Anna\nbids {bids}\n") == expected


def test_seed_004_after_one_dark_all_pass_a_dark_pass_asks_for_a_seeing_eight_or_a_dark_seven() -> None:
    """Seed 004: "blind seven or seeing eight if one [dark all-pass]"."""
    base = FOUR + DARK_ALL_PASS + "deal 2 dealer Anna\nbids dark pass {} pass\n"
    assert codes(base.format("7s")) == ["A209"]
    assert codes(base.format("8s")) == codes(base.format("dark 7s")) == []


def test_seed_000_6_1_the_dealer_deals_three_times_at_most_then_the_deck_moves_on() -> None:
    """Seed 000 §6.1, seed 004: after an all-pass the dealer deals again, a third time in a row at most."""
    allpass = "bids pass pass pass\nresult Boris 4 Vera 3 Gleb 3\n"
    legal = FOUR + "".join(f"deal {n} dealer Anna\n{allpass}" for n in (1, 2, 3)) + "deal 4\nbids 7s pass pass\n"
    assert codes(legal) == []
    fourth = FOUR + "".join(f"deal {n} dealer Anna\n{allpass}" for n in (1, 2, 3, 4))
    assert codes(fourth) == ["D102"]


def test_code_3_3_19_b_a_game_won_dark_is_worth_double_and_its_six_is_whisted_by_both() -> None:
    """Code 3.3.19 b, footnote 31: a dark game's value doubles, won or lost: a six made, 4 to the pool;
    seed 004: a six won dark must be whisted by both (clubs: six spades is Stalingrad's, W407)."""
    text = THREE + "deal 1\nbids dark 6c pass pass\ncontract 6c\nwhist whist {}\nresult Boris 6 Vera 2 Anna 2\n"
    assert codes(text.format("pass")) == ["W409"]
    assert preflog.score(preflog.loads(text.format("whist"))).pool("Boris") == 4


def test_seed_000_7_2_example_1_a_six_made_writes_1_to_the_pool_and_1_off_the_mountain() -> None:
    """Seed 000 §7.2, example 1: "Игрок сыграл шестирик в светлую … записывает себе в пулю 1 очко и
    вычитает с горы 1 очко (или просто записывает 2 очка в пулю), а вистовавший - забрав 4 взятки - 4х2
    записывает на игрока 8 вистов." Boris's seven one down first gives him a mountain of 4 (2.2.2); his
    six made with Vera whisting alone and taking 4: 1 to his pool, 1 off his mountain, 8 whists; with
    PoolSplit "pool", 2 to the pool."""
    body = ("deal 1 dealer Anna\nbids 7h pass pass\ncontract 7h\nwhist whist whist\nresult Boris 6 Vera 2 Anna 2\n\n"
            "deal 2 dealer Anna\nbids 6c pass pass\ncontract 6c\nwhist whist pass\nresult Boris 6 Vera 4 Anna 0\n")
    head = THREE.replace("\n\n", '\n[Rule.UnresponsibleGames "no"]\n\n')
    assert entries(head + body, 2) == {("Boris", "pool", None, 1), ("Boris", "mountain", None, -1),
                                       ("Vera", "whists", "Boris", 8)}
    whole = head.replace("\n\n", '\n[Rule.PoolSplit "pool"]\n\n')
    assert entries(whole + body, 2) == {("Boris", "pool", None, 2), ("Vera", "whists", "Boris", 8)}


def test_seed_004_the_half_an_empty_mountain_cannot_take_goes_to_the_pool_and_a_full_pool_takes_nothing() -> None:
    """Seed 004: "writes a half of the game point in his/her pool and writes the same off from his/her
    hill … can choose to write the whole in the pool": Vera's mountain is 1 (deal 1), her seven (4)
    writes 1 off it and 3 to the pool. Seed 000 §7.2: once the pool is closed the points come wholly
    off the mountain or help: with a pool of 3, Vera's next six (2) helps Anna, the larger open pool
    (Code 4.2.3), 2 × 10 whists."""
    head = THREE.replace("\n\n", '\n[Pool "3"]\n[Rule.UnresponsibleGames "no"]\n\n')
    body = ("deal 1 dealer Anna\nbids pass pass pass\nresult Boris 3 Vera 4 Anna 3\n\n"
            "deal 2 dealer Anna\nbids pass 7d pass\ncontract 7d\nwhist whist whist\nresult Vera 7 Anna 2 Boris 1\n\n"
            "deal 3\nbids 6h pass pass\ncontract 6h\nwhist whist whist\nresult Vera 6 Anna 2 Boris 2\n")
    assert entries(head + body, 2) >= {("Vera", "pool", None, 3), ("Vera", "mountain", None, -1)}
    assert entries(head + body, 3) == {("Anna", "pool", None, 2), ("Vera", "whists", "Anna", 20),
                                       ("Anna", "whists", "Vera", 4), ("Boris", "whists", "Vera", 4)}


def test_seed_000_7_2_a_game_made_beyond_the_all_passes_is_unresponsible() -> None:
    """Seed 000 §7.2: "количество сыгранных игр должно быть обеспеченно таким же количеством распасов или
    игр РАЗБОЙНИКА … Игрок, который сыграл больше игр, чем распасов … теряет половину заработанных очков
    …, хотя штрафы платит как за ответственную игру"; seed 004: "writes a half of the game point on his/her
    hill". One all-pass (Anna 4 tricks: 1 to her mountain after the amnesty of 3) answers for one game each.
    Anna's seven (4) is her first: 1 off the mountain, 3 to the pool. Her six (2) is her second: 2 to the
    pool (the mountain is empty) and 1 on the hill. Boris's six one down is no game made: he pays as
    always, 2, and nothing more. Without the razboynik nothing else answers."""
    body = ("deal 1 dealer Vera\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n\n"
            "deal 2 dealer Vera\nbids 7s pass pass\ncontract 7s\nwhist whist whist\nresult Anna 7 Boris 2 Vera 1\n\n"
            "deal 3\nbids pass pass 6d\ncontract 6d\nwhist whist whist\nresult Anna 6 Boris 2 Vera 2\n\n"
            "deal 4\nbids pass pass 6c\ncontract 6c\nwhist whist whist\nresult Boris 5 Vera 3 Anna 2\n")
    sheet = preflog.score(preflog.loads(THREE + body))
    assert [(e.column.value, e.amount) for e in sheet.ledger(3) if e.player == "Anna"] == [("pool", 2), ("mountain", 1)]
    assert (sheet.pool("Anna"), sheet.mountain("Anna"), sheet.record("Anna", Column.MOUNTAIN)) == (5, 1, "1.0.1")
    assert [(e.column.value, e.amount) for e in sheet.ledger(4) if e.player == "Boris"] == [("mountain", 2)]
    unresponsible = next(e for e in sheet.ledger(3) if e.player == "Anna" and e.column is Column.MOUNTAIN)
    assert reason_text(unresponsible.reason) == ("an unresponsible game: game 2 made by Anna, and 1 all-pass or razboynik game "
                                                 "to answer for games made; half of its 2 on the hill")


def test_seed_000_7_2_the_razboynik_answers_for_the_own_six_games_and_the_half_time() -> None:
    """Each player's six compulsory games and the 2n all-passes of the half-time answer for the second
    stage's games: 12 with three players, 14 with four, 10 with two."""
    from preflog.game.razboynik import answered_by_razboynik

    assert [answered_by_razboynik(n) for n in (2, 3, 4)] == [10, 12, 14]


def test_seed_000_7_2_no_help_to_the_dealer_nor_to_a_whister_who_fell_short() -> None:
    """Seed 000 §7.2: "Запрещается помогать сдающему и вистующему, если тот на этой игре сел". Boris's
    pool (2 of 2) is full; his 6h with Vera whisting alone and the defence taking 3 of its 4: Vera writes
    3 × 2 = 6 whists and is one short, 1 to her mountain (half liability, her pool open). Boris's 2 points
    help: not Anna (she deals), not Vera (short), so Gleb: 2 to his pool, 20 whists on him."""
    head = FOUR.replace("\n\n", '\n[Pool "2"]\n[Sheet "Boris pool 2"]\n[Rule.UnresponsibleGames "no"]\n\n')
    body = "deal 1 dealer Anna\nbids 6h pass pass\ncontract 6h\nwhist whist pass\nresult Boris 7 Vera 2 Gleb 1\n"
    assert entries(head + body, 1) == {("Gleb", "pool", None, 2), ("Boris", "whists", "Gleb", 20),
                                       ("Vera", "whists", "Boris", 6), ("Vera", "mountain", None, 1)}


def test_seed_004_over_full_pools_the_mountains_come_off_and_the_pulka_ends_when_they_are_empty() -> None:
    """Seed 004: "When all pools are full, the soloist writes points of his/her successful game off from
    the hill, his/her own first, and other player's … 10 times the points given in his/her whists"; the
    game ends when "all pools are filled and the hills become empty". Vera's six (2): half to her pool,
    which it fills, half off her mountain of 1. Every pool is full, but Boris's mountain is 3: the pulka
    goes on. Boris's seven (4) over his full pool: 3 off his own mountain; the others' are empty, so the
    last point is lost, and with every mountain empty the pulka ends. Before that, Vera's mountain of 2
    would have taken the rest, 10 whists a point (second case)."""
    head = THREE.replace("\n\n", '\n[Pool "2"]\n[Sheet "Anna pool 2; Boris pool 2 mountain 3; Vera pool 1 mountain {v}"]\n'
                                 '[Rule.UnresponsibleGames "no"]\n\n')
    body = ("deal 1 dealer Anna\nbids pass 6c pass\ncontract 6c\nwhist whist whist\nresult Vera 6 Anna 2 Boris 2\n\n"
            "deal 2\nbids pass pass 7c\ncontract 7c\nwhist whist whist\nresult Boris 7 Anna 2 Vera 1\n")
    sheet = preflog.score(preflog.loads(head.format(v=1) + body))
    assert [(e.player, e.column.value, e.amount) for e in sheet.ledger(1) if e.column is not Column.WHISTS] == [
        ("Vera", "pool", 1), ("Vera", "mountain", -1)]
    assert preflog.score(preflog.loads(head.format(v=1) + body), upto=1).finished_after is None
    boris = [e for e in sheet.ledger(2) if e.player == "Boris" and e.column is not Column.WHISTS]
    assert [(e.column.value, e.amount) for e in boris] == [("mountain", -3)]
    assert reason_text(boris[0].reason).endswith("1 lost, the mountains are empty")
    assert sheet.finished_after == 2
    sheet = preflog.score(preflog.loads(head.format(v=3) + body))  # Vera's mountain 3: 1 off it after deal 1's 1
    assert {(e.player, e.column.value, e.on, e.amount) for e in sheet.ledger(2) if e.player in ("Boris", "Vera")
            and e.on != "Boris"} == {("Boris", "mountain", None, -3), ("Vera", "mountain", None, -1),
                                     ("Boris", "whists", "Vera", 10)}
    assert sheet.finished_after is None  # Vera's mountain is 1
