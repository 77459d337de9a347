"""Classic's totus (seed 000 §6.3, §7.2): the notation, the rules of declaring it, and the sheet.

Every number is worked by hand from seed 000 §7.2 ("Игрок, который объявил и сыграл ТОТУС - закрывает
свою пулю и списывает всю свою гору. Тотус на простой бомбе позволяет закрыть пули и горы у себя и любого
партнера, переводя очки помощи в висты … Несыгранный тотус - удваивает гору игроку. Несыгранный тотус на
простой бомбе - прибавляет к своим удвоенным очкам горы такое количество очков, которое имеет партнер,
которому собирался помогать игрок.") and its table of prices.
"""

from __future__ import annotations

import pytest

import preflog
from preflog.notation.errors import NotationError
from preflog.scoring.ledger import Column
from preflog.scoring.outcome import Outcome
from preflog.game.violations import Phrase
from preflog.scoring.totus import helped_partners, totus_entries
from preflog.verdicts import phrase

HEAD = '[Players "Anna Boris Vera"]\n[Rules "classic"]\n[Rule.Razboynik "no"]\n[Pool "10"]\n\n'

# Anna's seven one down (4 to her mountain, 2.2.2), Boris's six made, both whisted by two. Boris's mountain
# is empty: his 2 points all go to the pool (seed 004); no all-pass answers for his game, so it is
# unresponsible: 1 on his hill (seed 000 §7.2, seed 004).
BEFORE = """deal 1 dealer Vera
bids 7h pass pass
contract Anna: 7h
whist whist whist
result Anna 6 Boris 2 Vera 2

deal 2
bids 6c pass pass
contract Boris: 6c
whist whist whist
result Boris 6 Vera 2 Anna 2
"""

# A dark all-pass dealt by Boris: one trick over the amnesty at the doubled price, 2 to Vera's mountain
# (seed 000 §7.2: the first all-pass 1, dark 2), and a simple bomb for each who passed dark (§6.4).
DARK_ALL_PASS = """
deal 3
bids dark pass dark pass dark pass
result Vera 4 Anna 3 Boris 3
"""


def scored(body: str, head: str = HEAD) -> preflog.ScoreSheet:
    return preflog.score(preflog.loads(head + body))


def codes(body: str, head: str = HEAD) -> list[str]:
    return [v.code for v in preflog.check(preflog.loads(head + body))]


def test_totus_made_closes_the_own_pool_and_writes_off_the_mountain_seed_000_7_2() -> None:
    """Anna (mountain 4, pool 0) makes a totus with a pool of 10: 10 to her pool, 4 off her mountain;
    nobody else is touched, and no whists are written."""
    sheet = scored(BEFORE + "\ndeal 3\nbids pass 6s pass\ncontract Anna: totus 10nt\nresult 10\n")
    assert (sheet.pool("Anna"), sheet.mountain("Anna")) == (10, 0)
    assert sheet.record("Anna", Column.MOUNTAIN) == "4.0"
    assert (sheet.pool("Boris"), sheet.mountain("Boris")) == (2, 1)
    assert sheet.whists("Anna", "Boris") == 4 and sheet.whists("Anna", "Vera") == 0  # deal 2's only


def test_totus_failed_doubles_the_mountain_seed_000_7_2() -> None:
    """Anna's mountain 4 doubles to 8: nothing else is written."""
    sheet = scored(BEFORE + "\ndeal 3\nbids pass 6s pass\ncontract Anna: totus 10s\nresult 9\n")
    assert (sheet.pool("Anna"), sheet.mountain("Anna")) == (0, 8)
    assert sheet.whists("Boris", "Anna") == 12 and sheet.whists("Vera", "Anna") == 12  # deal 1's only


def test_totus_on_a_simple_bomb_closes_one_partner_and_turns_the_help_into_whists_seed_000_7_2() -> None:
    """Vera (pool 0, mountain 2, a simple bomb) helps Anna (pool 0, mountain 4): Vera 10 to the pool and
    2 off the mountain; Anna 10 to the pool and 4 off, 14 points of help, 140 whists on her. The bomb is
    used up; Boris is not touched."""
    sheet = scored(BEFORE + DARK_ALL_PASS + "\ndeal 4 dealer Boris\nbids 7s pass pass\n"
                   "contract Vera: totus 10nt Anna\nresult 10\n")
    assert [(p, sheet.pool(p), sheet.mountain(p)) for p in ("Anna", "Boris", "Vera")] == [
        ("Anna", 10, 0), ("Boris", 2, 1), ("Vera", 10, 0)]
    assert sheet.whists("Vera", "Anna") == 12 + 140
    assert sheet.bombs("Vera") == () and sheet.bombs("Anna") == (1,) and sheet.bombs("Boris") == (1,)


def test_totus_failed_on_a_simple_bomb_adds_the_partner_s_mountain_seed_000_7_2() -> None:
    """Vera's mountain 2 doubles to 4, and Anna's 4 is added: 8. The bomb is kept (a failed game)."""
    sheet = scored(BEFORE + DARK_ALL_PASS + "\ndeal 4 dealer Boris\nbids 7s pass pass\n"
                   "contract Vera: totus 10nt Anna\nresult 8\n")
    assert sheet.mountain("Vera") == 8 and sheet.mountain("Anna") == 4
    assert sheet.bombs("Vera") == (1,)
    assert sheet.whists("Anna", "Vera") == 0


@pytest.mark.parametrize(("named", "message"), [
    ("", "a totus on a simple bomb helps one partner of Vera's choice: name him after the ten "
         "(contract totus 10nt Anna) (seed 000 §7.2)"),
    (" Anna Boris", "a totus on a simple bomb helps one partner, and Anna Boris are named (seed 000 §7.2)"),
    (" Vera", "Vera is the declarer; a totus helps partners (seed 000 §7.2)"),
])
def test_the_partner_of_a_totus_on_a_simple_bomb_is_named_once_S706(named: str, message: str) -> None:
    game = preflog.loads(HEAD + BEFORE + DARK_ALL_PASS + "\ndeal 4 dealer Boris\nbids 7s pass pass\n"
                         f"contract Vera: totus 10nt{named}\nresult 10\nsheet Vera pool 10\n")
    found = [(v.code, preflog.message(v).rsplit(" [", 1)[0], v.span.line if v.span else None) for v in preflog.check(game)]
    assert found == [("S706", message, 24), ("S703", "this sheet cannot be checked: deal 4 is not scored", 26)]


def test_a_partner_named_without_a_bomb_is_S706() -> None:
    found = [(v.code, preflog.message(v).rsplit(" [", 1)[0]) for v in preflog.check(preflog.loads(
        HEAD + "deal 1 dealer Vera\nbids 6s pass pass\ncontract Anna: totus 10h Boris\nresult 10\n"))]
    assert found == [("S706", "a totus without a bomb (Anna holds none) helps nobody, and Boris is named "
                              "(seed 000 §7.2)")]


def test_a_totus_needs_the_pool_tag_S703() -> None:
    head = HEAD.replace('[Pool "10"]\n', "")
    game = preflog.loads(head + "deal 1 dealer Vera\nbids 6s pass pass\ncontract Anna: totus 10h\nresult 10\n")
    scorer = preflog.Scorer()
    preflog.walk(game, scorer)
    assert [v.code for v in scorer.unscored] == ["S703"]
    assert "a totus closes the pool, and no Pool tag gives its size" in preflog.message(scorer.unscored[0])


def _outcome(tricks: int, helped: tuple[str, ...] = ()) -> Outcome:
    return Outcome(7, "Gleb", ("Anna", "Boris", "Vera"), True, declarer="Anna",
                   contract=preflog.Bid.parse("10nt"), declarer_tricks=tricks, totus=True, helped=helped)


FOUR = ("Anna", "Boris", "Vera", "Gleb")


def test_a_double_bomb_helps_two_partners_and_a_tree_everyone_with_four_players_seed_000_7_2() -> None:
    """With four, a simple bomb names one partner of three, a double bomb two; a tree helps all three
    and needs no names (seed 000 §7.2: "на двойной бомбе … кроме своей еще у двух партнеров", "на елке …
    всех игроков")."""
    assert helped_partners(_outcome(10, ("Vera", "Gleb")), 2, FOUR) == ("Vera", "Gleb")
    choice = helped_partners(_outcome(10, ("Vera",)), 2, FOUR)
    assert isinstance(choice, Phrase) and "helps 2 partners of Anna's choice" in phrase(choice)
    assert helped_partners(_outcome(10), 3, FOUR) == ("Boris", "Vera", "Gleb")
    assert helped_partners(_outcome(10), 2, ("Anna", "Boris", "Vera")) == ("Boris", "Vera")  # no choice with three
    assert helped_partners(_outcome(10), 0, FOUR) == ()


def test_the_entries_of_a_totus_on_a_double_bomb_seed_000_7_2() -> None:
    """Pool 20. Anna (pool 12, mountain 6) helps Vera (pool 20, mountain 9) and Gleb (pool 3, mountain
    -2): Anna 8 to the pool, 6 off; Vera 9 off (90 whists); Gleb 17 to the pool, nothing off a mountain
    below zero (170 whists)."""
    played = {"Anna": 12, "Boris": 5, "Vera": 20, "Gleb": 3}
    mountain = {"Anna": 6, "Boris": 4, "Vera": 9, "Gleb": -2}
    made = [(e.player, e.column, e.amount, e.on)
            for e in totus_entries(_outcome(10), 1, 20, ("Vera", "Gleb"), played, mountain)]
    assert made == [("Anna", Column.POOL, 8, None), ("Anna", Column.MOUNTAIN, -6, None),
                    ("Vera", Column.MOUNTAIN, -9, None), ("Anna", Column.WHISTS, 90, "Vera"),
                    ("Gleb", Column.POOL, 17, None), ("Anna", Column.WHISTS, 170, "Gleb")]
    failed = [(e.player, e.column, e.amount)
              for e in totus_entries(_outcome(9), 1, 20, ("Vera", "Gleb"), played, mountain)]
    assert failed == [("Anna", Column.MOUNTAIN, 6), ("Anna", Column.MOUNTAIN, 9)]  # 6 doubled, Vera's 9


@pytest.mark.parametrize(("head", "body", "expected"), [
    ('[Players "Anna Boris Vera"]\n\n', "deal 1 dealer Vera\nbids 6s pass pass\ncontract totus 10nt\nresult 10\n",
     ("T309", 'a totus is not part of sochi (set [Rule.Totus "yes"])', 5, 1)),
    (HEAD, "deal 1 dealer Vera\nbids 6s pass pass\ncontract totus 9nt\nresult 10\n",
     ("T309", "a totus is a ten played on the cards left after the partners' discard (seed 000 §6.3): "
              "totus 10nt, not totus 9nt", 8, 16)),
    (HEAD, "deal 1 dealer Vera\nbids hand 9s pass pass\ncontract totus 10s\nresult 10\n",
     ("T309", 'a totus is played with the talon, and Anna bid without it (seed 000 §6.3: "на своих картах с '
              'прикупом")', 8, 1)),
    (HEAD.replace('[Rule.Razboynik "no"]\n', ""), "deal 1 dealer Vera\ncontract Anna: totus 10s\nresult 10\n",
     ("T309", "the razboynik's compulsory ten is not a totus: the soloist plays the game it deals him "
              "(seed 000 §8)", 6, 1)),
    (HEAD, "deal 1 dealer Vera\nbids 6s pass pass\ncontract totus 10s\nwhist pass pass\nresult 10\n",
     ("W412", "a totus is not whisted: the partners play it against the cards it shows (seed 000 §6.3)", 9, 7)),
])
def test_what_may_be_declared_a_totus_seed_000_6_3(head: str, body: str, expected: tuple[str, str, int, int]) -> None:
    found = [(v.code, preflog.message(v).rsplit(" [", 1)[0], v.span.line, v.span.column)
             for v in preflog.check(preflog.loads(head + body)) if v.span is not None]
    assert found[0] == expected


def test_a_totus_is_written_and_read_back() -> None:
    text = HEAD + "deal 1 dealer Vera\nbids 6s pass pass\ncontract Anna: totus 10nt! Boris {twelve}\nresult 10\n"
    game = preflog.loads(text)
    contract = game.deals[0].contract
    assert contract is not None and (contract.totus, contract.helped, contract.declarer) == (True, ("Boris",), "Anna")
    assert preflog.dumps(game).endswith(text[len(HEAD):])
    assert preflog.loads(text.replace("totus", "тотус")).deals[0].contract == contract


def test_a_totus_with_its_cards_the_partners_discard_and_a_claim() -> None:
    """Ten cards and a talon that make twelve unbeatable tricks; the partners discard two of them."""
    body = ("deal 1 dealer Vera\nhands AKQJ.AKQ.AK.A 1098.J109.QJ10.J 7.87.987.10987\ntalon Kh Qh\n"
            "bids 6s pass pass\ndiscard Js Qc\ncontract Anna: totus 10nt\nclaim Anna\n")
    game = preflog.loads(HEAD + body)
    assert preflog.check(game) == []
    assert preflog.score(game).pool("Anna") == 10


@pytest.mark.parametrize(("line", "where"), [
    ("contract Anna: totus 10nt Gleb", "8:27: error: 'Gleb' is not a player of this game (Anna, Boris, Vera)"),
    ("contract totus", "9:1: error: unexpected 'result': expected a bid or 'mis'"),
    ("contract Anna: 10nt Boris", "8:21: error: unexpected 'Boris': expected a glyph, a comment, a later statement "
     "or the end of the deal (a name after the contract's value is a partner a totus helps: 'contract Anna: "
     "totus 10nt Boris')"),
])
def test_a_totus_line_that_cannot_be_read(line: str, where: str) -> None:
    with pytest.raises(NotationError) as caught:
        preflog.loads(HEAD + f"deal 1 dealer Vera\nbids 6s pass pass\n{line}\nresult 10\n", "t.pref")
    assert where in str(caught.value)
