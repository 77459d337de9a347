"""The replay engine: one test per rule, each naming its section of the Preferans Code."""

from __future__ import annotations

import pytest

import preflog
from preflog import Bid, DealState, card
from preflog.model.cards import Suit
from preflog.game.events import CardPlayed, TrickCompleted
from preflog.game.laws import obligation, talon_trick_winner, trick_winner

from .conftest import HEAD, SAMPLES

CLASSIC = '[Players "Anna Boris Vera"]\n[Rules "classic"]\n[Rule.Razboynik "no"]\n'  # the second stage
FOUR = '[Players "Anna Boris Vera Gleb"]\n\n'

# A legal deal (from samples/sochi-pulka.pref): Boris 6s, Vera whists, Anna passes.
FULL = """deal 1 dealer Anna
hands Boris: KJ98.T.QJ8.K7 Vera: QT.QJ.AKT.AT9 Anna: A7.AK98.9.QJ8
talon 7c 7d
bids 6s pass pass
discard 7h 7c
contract 6s
whist whist pass closed
play 7d Td 9d | Jc 9c Tc | Kd 7s Qd | Kc 8s Qc | 8d Ad As | 8h Kh Th | Ks Qs Qh | Js Ts Ac | Jd 9h Jh | 9s Ah 8c
result Boris 6 Vera 2 Anna 2
"""


def found(text: str, head: str = HEAD) -> list[tuple[str, int, int]]:
    game = preflog.loads(head + text)
    return [(v.code, v.span.line, v.span.column) for v in preflog.check(game) if v.span]


def test_the_base_deal_is_clean() -> None:
    assert found(FULL) == []


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_checks_clean(sample) -> None:  # type: ignore[no-untyped-def]
    for game in preflog.loads_all(sample.read_text(encoding="utf-8")):
        assert preflog.check(game) == []


# (name, text, head, the violations expected: code, line, column) — exact lists
EXACT = [
    ("A201 calls go clockwise from the eldest hand, Code 3.3.2",
     "deal 1 dealer Anna\nbids Vera: 6s pass pass\n", HEAD, [("A201", 4, 6)]),
    ("A203 a player who passed is out, Code 3.3.10",
     "deal 1\nbids pass 6s 6c Boris: 6d pass\n", HEAD, [("A203", 4, 17)]),
    ("A204 misère only as a first call, Code 3.3.9",
     "deal 1\nbids 6s 6c pass mis pass\n", HEAD, [("A204", 4, 17)]),
    ("A205 a misère bidder makes no other bid, Code 3.3.9",
     "deal 1\nbids mis 9s pass 9c pass\n", HEAD, [("A205", 4, 18)]),
    ("A206 here needs a bid to match, Code 3.3.8",
     "deal 1\nbids here pass pass\n", HEAD, [("A206", 4, 6)]),
    ("A207 no call after the auction is over, Code 3.3.12",
     "deal 1\nbids pass pass pass pass\n", HEAD, [("A207", 4, 21)]),
    ("A208 an unfinished auction, Code 3.3.1",
     "deal 1\nbids 6s 6c\n", HEAD, [("A208", 4, 11)]),
    ("A209 after an all-pass classic starts at seven, Code 3.7.8",
     "deal 1\nbids pass pass pass\ndeal 2 dealer Anna\nbids 6s pass pass\n", CLASSIC, [("A209", 7, 6)]),
    ("A210 dark calls only where the convention has them, Code 3.3.19",
     "deal 1\nbids dark pass pass pass\n", HEAD, [("A210", 4, 6)]),
    ("D101 a card dealt twice, Code 1.3.1",
     "deal 1\nhands KJ98.T.QJ8.K7 QT.QJ.AKT.AT9 A7.AK98.9.QJ8\ntalon 7c 7h\n", HEAD, [("D101", 5, 1)]),
    ("D102 the deal passes clockwise, Code 3.2.2",
     "deal 1 dealer Anna\ndeal 2 dealer Vera\n", HEAD, [("D102", 4, 15)]),  # at the dealer's name
    ("D103 in classic the dealer stays after an all-pass, Code 3.7.7",
     "deal 1 dealer Anna\nbids pass pass pass\ndeal 2\n", CLASSIC, [("D103", 6, 1)]),
    ("T303 the contract is not lower than the bid, Code 3.4.3",
     FULL.replace("bids 6s pass pass", "bids 6h pass pass"), HEAD, [("T303", 8, 10)]),  # at the value
    ("T304 misère only after a misère bid, Code 3.3.9",
     "deal 1\nbids 6s pass pass\ncontract mis\n", HEAD, [("T304", 5, 10)]),
    ("T305 a misère bidder plays misère, Code 3.6.3",
     "deal 1\nbids mis pass pass\ncontract 9s\n", HEAD, [("T305", 5, 10)]),
    ("T306 the winner of the auction declares, Code 3.4.1",
     "deal 1\nbids 6s pass pass\ncontract Vera: 6s\n", HEAD, [("T306", 5, 1)]),
    ("T307 an all-pass has no contract, Code 3.7.1",
     "deal 1\nbids pass pass pass\ncontract 6s\n", HEAD, [("T307", 5, 1)]),
    ("W401 whist decisions from the declarer's left, Code 3.8.1",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist whist pass\n", HEAD, [("W401", 6, 19)]),
    ("W402 classic has no half-whist, Code 3.8.7",
     "deal 1\nbids 7s pass pass\ncontract 7s\nwhist pass half\n", CLASSIC, [("W402", 7, 12)]),
    ("W403 half-whist only on a six or a seven, Code 3.8.7",
     "deal 1\nbids 8s pass pass\ncontract 8s\nwhist pass half\n", HEAD, [("W403", 6, 12)]),
    ("W403 half-whist is the second defender's, Code 3.8.7",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist half pass\n", HEAD, [("W403", 6, 7)]),
    ("W404 after the whist is returned the half-whister only passes, Code 3.8.8.2",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass half whist whist\n", HEAD, [("W404", 6, 23)]),
    ("W405 two whisters play closed, Code 3.8.4",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist whist open\n", HEAD, [("W405", 6, 19)]),  # at open
    ("W406 misère is not whisted, Code 3.6.6",
     "deal 1\nbids mis pass pass\ncontract mis\nwhist whist pass\n", HEAD, [("W406", 6, 7)]),
    ("W407 Stalingrad: six spades is whisted by both (seed 000 §6.2)",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist pass\n", CLASSIC, [("W407", 7, 13)]),
    ("W408 a contract nobody whists is not played, Code 3.8.1",
     FULL.replace("whist whist pass closed", "whist pass pass"), HEAD, [("W408", 10, 6)]),
    ("P504 a card played twice, Code 3.9.2",
     FULL.replace("Kd 7s Qd", "Kd 7s 9d"), HEAD, [("P504", 10, 34)]),
    ("C601 a claim gives exactly the tricks not played, Code 3.9.22",
     FULL.replace("| Jd 9h Jh | 9s Ah 8c\nresult Boris 6 Vera 2 Anna 2", "\nclaim Boris 3\nresult Boris 7"),
     HEAD, [("C601", 11, 1)]),
    ("C602 the result agrees with the play, Code 3.9.4",
     FULL.replace("result Boris 6 Vera 2 Anna 2", "result Boris 7 Vera 1 Anna 2"), HEAD,
     [("C602", 11, 14), ("C602", 11, 21)]),  # at each wrong number
    ("C603 all-pass tricks add up to ten, Code 2.1.1",
     "deal 1\nbids pass pass pass\nresult Boris 5 Vera 3 Anna 3\n", HEAD, [("C603", 5, 1)]),
    ("C605 a contract nobody whists counts as made and has no result, Code 3.8.1",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass pass\nresult -1\n", HEAD, [("C605", 7, 1)]),
    ("C605 even a result that agrees with the game made, Code 3.8.1",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass pass\nresult =\n", HEAD, [("C605", 7, 1)]),
    ("C605 a half-whist ends the game without play, Code 3.8.7",
     "deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass half\nresult Boris 6 Vera 2 Anna 2\n", HEAD,
     [("C605", 7, 1)]),
    ("C604 a relative result needs a declarer, Code 3.7.1",
     "deal 1\nbids pass pass pass\nresult 5\n", HEAD, [("C604", 5, 1)]),
]


@pytest.mark.parametrize(("text", "head", "expected"), [c[1:] for c in EXACT], ids=[c[0] for c in EXACT])
def test_rule(text: str, head: str, expected: list[tuple[str, int, int]]) -> None:
    assert found(text, head) == expected


# Corruptions whose consequences go on (the card stays in the hand, a trick changes hands): the first
# violation is the one expected, at the offending token.
FIRST = [
    ("A202 a bid must be higher than the last, Code 3.3.7", "deal 1\nbids 6c 6s pass pass\n", HEAD, ("A202", 4, 9)),
    ("A206 only the eldest hand says here, Code 3.3.8", "deal 1\nbids pass 6s here pass\n", HEAD, ("A206", 4, 14)),
    ("T301 the discard comes from the declarer's twelve cards, Code 3.4.1",
     FULL.replace("discard 7h 7c", "discard 7h As"), HEAD, ("T301", 7, 1)),
    ("P501 a card the player does not hold, Code 3.9.2", FULL.replace("play 7d Td 9d", "play 7d Td Ks"), HEAD,
     ("P501", 10, 12)),
    ("P502 follow suit, Code 3.9.3", FULL.replace("play 7d Td 9d", "play 7d Td 8c"), HEAD, ("P502", 10, 12)),
    ("P503 trump when void, Code 3.9.3", FULL.replace("Kd 7s Qd", "Kd 8c Qd").replace("9s Ah 8c", "9s Ah 7s"),
     HEAD, ("P503", 10, 31)),
    ("P506 revoke by a hidden hand, Code 3.9.16",
     FULL.replace("Anna: A7.AK98.9.QJ8", "Anna: ?").replace("play 7d Td 9d", "play 7d Td 8c")
     .replace("9s Ah 8c", "9s Ah 9d"), HEAD, ("P506", 10, 31)),
]


@pytest.mark.parametrize(("text", "head", "expected"), [c[1:] for c in FIRST], ids=[c[0] for c in FIRST])
def test_rule_first_violation(text: str, head: str, expected: tuple[str, int, int]) -> None:
    assert found(text, head)[0] == expected


def test_violation_message_names_the_rule_and_section() -> None:
    (v,) = preflog.check(preflog.loads(HEAD + "deal 1\nbids 6c 6s pass\n"))[:1]
    assert preflog.message(v) == "6s is not higher than 6c [A202: each bid must be higher than the last, Code 3.3.7]"
    assert (v.code, v.section, v.deal) == ("A202", "3.3.7", 1)


# ---- the laws themselves ---------------------------------------------------------------------

def test_obligations_code_3_8_2() -> None:
    assert [obligation(Bid.parse(b)) for b in ("6s", "7h", "8nt", "9c", "10d", "mis")] == [4, 2, 1, 1, 1, 0]


def test_trick_winner_code_3_9_4() -> None:
    cards = [(0, card("Kd")), (1, card("Ad")), (2, card("7s"))]
    assert trick_winner(cards, Suit.SPADES) == 2      # a trump takes a trick of another suit
    assert trick_winner(cards, None) == 1              # the highest card of the suit led
    assert trick_winner(cards, Suit.HEARTS) == 1       # a card of a third suit never wins
    assert trick_winner([(0, card("7s")), (1, card("9s")), (2, card("8s"))], Suit.SPADES) == 1


def test_all_pass_talon_trick_three_players_code_3_7_6_3() -> None:
    """The talon card only sets the suit: with the ace of spades up, the nine takes 9-7-8."""
    trick = [(0, card("9s")), (1, card("7s")), (2, card("8s"))]
    assert talon_trick_winner(trick, card("As"), four_players=False) == 0


def test_all_pass_talon_trick_four_players_code_3_7_6_1() -> None:
    """With four players the talon card takes part: unbeaten, its trick goes to the dealer."""
    trick = [(0, card("9s")), (1, card("7s")), (2, card("8s"))]
    assert talon_trick_winner(trick, card("As"), four_players=True) == 3
    assert talon_trick_winner(trick, card("7c"), four_players=True) == 3
    assert talon_trick_winner([(0, card("Ks")), (1, card("7s")), (2, card("8c"))], card("Qs"), True) == 0


def test_the_sitting_out_dealer_takes_an_unbeaten_talon_trick_code_3_7_6_1() -> None:
    game = preflog.loads(next(p for p in SAMPLES if p.name == "four-players.pref").read_text(encoding="utf-8"))
    steps = [s for s in preflog.replay(game) if s.deal == 2 and isinstance(s.event, TrickCompleted)]
    assert steps[1].event.winner == "Boris"  # Boris deals deal 2 and sits out
    assert steps[-1].state.deal.taken("Boris") == 1


def test_the_eldest_hand_leads_the_first_trick_code_3_9_1() -> None:
    game = preflog.loads(HEAD + FULL)
    first = next(s for s in preflog.replay(game) if isinstance(s.event, CardPlayed))
    assert first.state.deal.trick == ((0, card("7d")),) and first.state.deal.active[0] == "Boris"


def test_third_hand_takes_the_talon_without_a_bid_code_3_3_15() -> None:
    text = "deal 1\nbids pass pass\ncontract 6h\n"
    assert found(text) == []
    state = preflog.replay(preflog.loads(HEAD + text))[-1].state.deal
    assert state.player(state.declarer) == "Anna"


def test_here_matches_the_last_bid_code_3_3_8() -> None:
    text = "deal 1\nbids 6s 6c pass here 6d here pass\ncontract 6d\n"
    assert found(text) == []
    state = preflog.replay(preflog.loads(HEAD + text))[-1].state.deal
    assert state.player(state.declarer) == "Boris" and state.high == Bid.parse("6d")


def test_misere_outbid_only_by_nine_code_3_6_4() -> None:
    assert found("deal 1\nbids mis 8nt pass pass\n")[0][0] == "A202"  # 8NT is below misère
    assert found("deal 1\nbids mis 9s pass pass\ncontract 9s\n") == []


def test_returned_whist_code_3_8_8() -> None:
    assert found("deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass half whist pass\n") == []


def test_dealer_may_return_the_whist_last_with_four_players_code_3_8_8() -> None:
    assert found("deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass half pass whist\n", FOUR) == []
    assert [c for c, _, _ in found("deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass half pass whist\n")] == [
        "W401"]


# ---- replay: steps, going back, states as values -------------------------------------------

def test_replay_goes_forward_and_back_and_states_compare() -> None:
    game = preflog.loads(HEAD + FULL)
    replay = preflog.replay(game)
    assert replay.current is None
    first = replay.forward()
    second = replay.forward()
    assert replay.back() is first and replay.current is first
    assert replay.forward() is second
    again = preflog.replay(game)
    assert [s.state for s in again] == [s.state for s in replay]  # deterministic, comparable values
    last: DealState = replay[-1].state.deal
    assert last.over and last.tricks[:3] == (6, 2, 2) and last.completed == 10


def test_apply_is_pure() -> None:
    game = preflog.loads(HEAD + FULL)
    replay = preflog.replay(game)
    before = replay[20].state
    after, _ = preflog.apply(before, replay[21].event)
    assert after == replay[21].state and before == replay[20].state


def test_rules_from_tags_and_presets() -> None:
    game = preflog.loads('[Players "A1 B1 C1"]\n[Rules "leningrad"]\n[Rule.AllPassProgression "geometric"]\n')
    rules, problems = preflog.rules_of(game)
    assert problems == [] and rules.scale == 2 and rules.all_pass_progression is preflog.Progression.GEOMETRIC
    assert preflog.PRESETS["classic"].all_pass_exit == 7 and not preflog.PRESETS["classic"].half_whist


@pytest.mark.parametrize(("tag", "code", "message"), [
    ('[Rules "moscow"]', "R101", "unknown convention 'moscow' in the Rules tag; known: sochi, leningrad, rostov, classic, gusarik"),
    ('[Rule.Whatever "yes"]', "R102", "unknown rule option 'Whatever'"),
    ('[Rule.HalfWhist "maybe"]', "R103", "Rule.HalfWhist cannot be 'maybe'; it takes yes or no"),
])
def test_unknown_rules_are_errors_at_the_tag(tag: str, code: str, message: str) -> None:
    game = preflog.loads(f'[Players "Anna Boris Vera"]\n{tag}\n')
    (v,) = preflog.check(game)
    assert v.code == code and preflog.message(v).startswith(message) and v.span.line == 2


def test_variations_are_checked_from_their_branch_point() -> None:
    """NOTATION.md §3: a variation is an alternative to the card it follows, legal from that position."""
    legal = FULL.replace("play 7d Td 9d", "play 7d (8d Td 9d) Td 9d")       # Boris could lead the eight
    assert found(legal) == []
    illegal = FULL.replace("play 7d Td 9d", "play 7d Td 9d (8c)")          # Anna holds 9d only: 8c revokes
    assert found(illegal) == [("P502", 10, 16)]
    not_held = FULL.replace("play 7d Td 9d", "play 7d (Ah) Td 9d")         # the ace of hearts is Vera's
    assert found(not_held) == [("P501", 10, 10)]
