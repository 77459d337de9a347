"""One mistake, one report (issue "Errors a person can act on", item 2): a slip that makes the rest of a
deal wrong is reported once, at its token, with a hint; what follows from it is folded into it."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import preflog
from preflog.generator import generate

from .conftest import HEAD
from .test_cli import run
from .test_engine import FULL

# Deal 2 of the Sochi sample, dealt by Boris (after Anna, Code 3.2.2): an all-pass played out.
DEAL_2 = """deal 2 dealer {dealer}
hands Vera: AJ97.Q8.JT.Q9 Anna: QT8.-.KQ987.KJ Boris: K.AKJT97.A.T8
talon 7h Ah
bids pass pass pass
play 9h Jh 8h | Qh Kh Th | Qc Qs 9c | As Ts Ks | Td Kd Ad | Jc 8c 9d | Ac 9s Qd | Kc Js 7d | 7c 7s 8s | Tc Jd 8d
result Vera 2 Anna 2 Boris 6
"""


def _check(text: str, fold: bool = True) -> list[preflog.Violation]:
    return preflog.check(preflog.loads(HEAD + text), fold=fold)


def test_a_wrong_dealer_is_one_report_with_the_dealer_meant_code_3_2_2() -> None:
    """Written `dealer Anna` where Boris deals: with Anna dealing, the eldest hand is Boris, so every
    one of the 30 cards is played from a seat that does not hold it (30 × P501) and two players' tricks
    disagree with the result (2 × C602): 32 violations that follow from the one name."""
    text = FULL + "\n" + DEAL_2.format(dealer="Anna")
    (root,) = _check(text)
    assert (root.code, root.span.line, root.span.column) == ("D102", 13, 15)  # at "Anna"
    assert preflog.hint_text(root) == "the deal reads as if Boris dealt: did you mean `dealer Boris`?"
    assert len(root.follows) == 32
    assert {v.code for v in root.follows} == {"P501", "C602"}
    assert len(_check(text, fold=False)) == 33
    assert _check(FULL + "\n" + DEAL_2.format(dealer="Boris")) == []  # the correction is clean


def test_hands_in_seating_order_are_one_report_naming_the_order() -> None:
    """Unprefixed hands go in bidding order (NOTATION.md §3): Boris, Vera, Anna after Anna deals.
    Written in seating order (Anna, Boris, Vera) they contradict the whole play."""
    seating = FULL.replace("hands Boris: KJ98.T.QJ8.K7 Vera: QT.QJ.AKT.AT9 Anna: A7.AK98.9.QJ8",
                           "hands A7.AK98.9.QJ8 KJ98.T.QJ8.K7 QT.QJ.AKT.AT9")
    (root,) = _check(seating)
    assert preflog.hint_text(root) == ("the hands fit the play as Anna, Boris, Vera, in the order listed; without "
                         "prefixes, hands go in bidding order from the eldest hand: Boris, Vera, Anna")
    assert len(_check(seating, fold=False)) == 1 + len(root.follows) > 2


def test_a_card_dealt_twice_names_the_card_dealt_to_nobody_code_3_2_8() -> None:
    """Vera's ace of hearts typed as a king: Kh is in two hands, Ah in none."""
    misread = FULL.replace("Vera: QT.QJ.AKT.AT9", "Vera: QT.QJ.AKT.KT9")
    (root,) = _check(misread)
    assert (root.code, root.span.line) == ("D101", 4)
    assert preflog.hint_text(root) == "Ah is dealt to nobody: Vera's Kh is probably Ah"
    assert root.follows  # Vera's Ah in trick 9 is then a card she does not hold


def test_a_misread_card_in_the_play_is_one_report_with_the_card_meant() -> None:
    """Trick 6 is 8h Kh Th; written 8h Kd Th, Vera plays a king of diamonds that went in trick 3."""
    misplayed = FULL.replace("| 8h Kh Th |", "| 8h Kd Th |")
    (root,) = _check(misplayed)
    assert (root.code, root.span.line, root.span.column) == ("P504", 10, 64)  # at "Kd"
    assert preflog.hint_text(root) == "did you mean Kh?"


def test_independent_mistakes_are_each_reported() -> None:
    """Two slips in one deal that no single correction explains are both reported, without a hint."""
    two = FULL.replace("whist whist pass closed", "whist whist whist open").replace(
        "result Boris 6 Vera 2 Anna 2", "result Boris 6 Vera 3 Anna 1")
    found = _check(two)
    assert [v.code for v in found] == ["W405", "C602", "C602"]
    assert all(v.hint is None and not v.follows for v in found)


def test_check_prints_the_root_with_its_hint_and_all_prints_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "wrong.pref"
    path.write_text(HEAD + FULL + "\n" + DEAL_2.format(dealer="Anna"), encoding="utf-8")
    code, out, err = run("check", str(path))
    assert code == 1 and out == "checked 1 file, 2 deals: 1 problem\n"
    assert err == (f"{path}:13:15: error: after Anna the deal goes to Boris, not Anna "
                   "[D102: the deal passes clockwise, Code 3.2.2]\n"
                   "    deal 2 dealer Anna\n"
                   "                  ^~~~\n"
                   "    hint: the deal reads as if Boris dealt: did you mean `dealer Boris`?\n"
                   "    … and 32 more that follow from it (--all shows them)\n")
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "```text\n" + err.replace(str(path), "game.pref") + "```\n" in readme  # the README shows this very report
    code, out, err = run("check", "--all", str(path))
    assert code == 1 and out == "checked 1 file, 2 deals: 33 problems\n"
    assert err.count(": error: ") == 33 and "(--all shows them)" not in err


def test_violations_inside_a_statement_point_at_their_card_or_name(tmp_path: Path) -> None:
    """Issue 12, Deliver 1: a card dealt twice at that card in the hand (Code 1.3.1), a discarded
    card the declarer does not hold at that card (Code 3.4.1), a contract declared by someone who
    did not win the auction at the declarer's name (Code 3.4.1)."""
    path = tmp_path / "g.pref"
    path.write_text('[Players "Anna Boris Vera"]\ndeal 1 dealer Anna\n'
                    "hands Boris: AKQJ.AKQ.AK.A Vera: 7.789T.789.78 Anna: 89T.J.TJQ.9TA\n"
                    "talon Kh Qh\nbids Boris: 6s Vera: pass Anna: pass\ndiscard Kh 9s\ncontract Vera: 6s\n",
                    encoding="utf-8")
    code, _, err = run("check", str(path))
    assert code == 1
    places = [line.split(": error: ")[0].split(":", 1)[1] for line in err.splitlines() if ": error: " in line]
    assert places == ["3:66", "6:12", "7:10"]  # the A of Anna's hearts; 9s; Vera
    assert "\n    hands Boris: AKQJ.AKQ.AK.A Vera: 7.789T.789.78 Anna: 89T.J.TJQ.9TA\n" + " " * 69 + "^\n" in err
    assert "\n    contract Vera: 6s\n" + " " * 13 + "^~~~\n" in err


def _razboynik_deal_7(dealer: str, contract: str) -> str:
    """samples/classic-razboynik.pref with deal 7 (Anna's to deal: Boris, the eldest hand, plays 8d,
    seed 000 §8) written as ``deal 7 dealer …`` and ``contract …``."""
    text = (Path(__file__).parent.parent / "samples" / "classic-razboynik.pref").read_text(encoding="utf-8")
    assert "\ndeal 7\ncontract Boris: 8d\n" in text
    return text.replace("\ndeal 7\ncontract Boris: 8d\n", f"\ndeal 7 dealer {dealer}\ncontract {contract}\n")


def _deal_7_problems(text: str) -> list[preflog.Violation]:
    return [v for v in preflog.check(preflog.loads(text), fold=False) if v.deal == 7]


def test_a_dealer_slip_in_the_razboynik_hints_only_a_correction_that_is_clean_seed_000_s8() -> None:
    """The fold replays the deal from the game as it stood before it, compulsory games played
    included (seed 000 §8: each soloist plays each game once): written `dealer Boris` with Boris's 6c,
    which he played in deal 1, `dealer Anna` would still break T308, so it is not offered; written
    `dealer Boris` with his 8d, `dealer Anna` is the deal as it was (clean)."""
    (root, *_rest) = preflog.check(preflog.loads(_razboynik_deal_7("Boris", "Boris: 6c")))
    assert root.code == "D102" and root.deal == 7
    if root.hint is not None:  # a hint is offered only when following it gives a clean deal
        meant = str(preflog.hint_text(root)).split("`dealer ")[1].rstrip("`?")
        assert _deal_7_problems(_razboynik_deal_7(meant, "Boris: 6c")) == []
    (root, *_rest) = preflog.check(preflog.loads(_razboynik_deal_7("Boris", "Boris: 8d")))
    assert root.code == "D102" and preflog.hint_text(root) == "the deal reads as if Anna dealt: did you mean `dealer Anna`?"
    assert _deal_7_problems(_razboynik_deal_7("Anna", "Boris: 8d")) == []


def test_a_dealer_slip_in_the_razboynik_is_one_report_and_its_hint_gives_a_clean_game_code_3_2_2() -> None:
    """Issue 43's bug: Anna deals deal 7 of the razboynik (Code 3.2.2: after Vera, seed 000 §8: Boris,
    the eldest hand, plays his 8d). Written `dealer Vera`, the later deals take their dealers from
    the name written (NOTATION.md §3) and their soloists with them; the checker follows the rotation
    the hint restores, so the slip is one report, and following its hint gives a clean game."""
    found = preflog.check(preflog.loads(_razboynik_deal_7("Vera", "Boris: 8d")))
    assert [(v.deal, v.code) for v in found] == [(7, "D102")]
    assert preflog.hint_text(found[0]) == "the deal reads as if Anna dealt: did you mean `dealer Anna`?"
    assert preflog.check(preflog.loads(_razboynik_deal_7("Anna", "Boris: 8d"))) == []


def test_the_issue_43_slip_is_no_longer_a_report_per_compulsory_game_seed_000_s8() -> None:
    """`deal 7 dealer Boris` / `contract Boris: 6c`: two slips in deal 7 (Boris deals out of turn, and
    has played his 6c already, in deal 1: seed 000 §8), so two reports there; the twelve compulsory
    games after it, which the wrong name would give to the wrong soloists, are not reported again."""
    found = preflog.check(preflog.loads(_razboynik_deal_7("Boris", "Boris: 6c")))
    assert [(v.deal, v.code) for v in found] == [(7, "D102"), (7, "T306")]


def test_a_dealer_slip_does_not_make_the_sheet_wrong_later_seed_000_s8() -> None:
    """`deal 7 dealer Boris` with Boris's 8d as written: read as written, the later compulsory games
    go to other soloists, their mountains with them, and the second stage's pool would be more than
    the smallest mountain (S705, seed 000 §8). The game as the hint reads it is scored beside it, so
    that, too, follows from the slip: one report, the S705 in its follows."""
    (root,) = preflog.check(preflog.loads(_razboynik_deal_7("Boris", "Boris: 8d")))
    assert root.code == "D102" and preflog.hint_text(root) == "the deal reads as if Anna dealt: did you mean `dealer Anna`?"
    assert "S705" in {v.code for v in root.follows}
    assert [v.code for v in preflog.check(preflog.loads(_razboynik_deal_7("Anna", "Boris: 8d")))] == []


def _dealer_slip(text: str, number: int, dealer: str) -> str:
    """``text`` with deal ``number`` written as dealt by ``dealer``."""
    return re.sub(rf"^deal {number}( dealer \S+)?", f"deal {number} dealer {dealer}", text, count=1, flags=re.M)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from([("sochi", 3), ("leningrad", 3), ("rostov", 3), ("classic", 3), ("gusarik", 2),
                               ("sochi", 4), ("leningrad", 4)]),
       seed=st.integers(0, 10_000), implicit=st.booleans(), data=st.data())
def test_one_dealer_slip_in_a_clean_game_is_reported_at_its_deal_only_code_3_2_2(
        preset: tuple[str, int], seed: int, implicit: bool, data: st.DataObject) -> None:
    """A single wrong dealer's name in a clean generated game, under every preset, with the later
    dealers written or left implied: the problems are at the slip's deal, and the later deals'
    (a dealer's name the rotation no longer expects, hands and soloists that move with the
    rotation) are folded under it."""
    rules, players = preset
    game = generate(10, seed=seed, players=players, rules=rules)[0]
    text = preflog.dumps(game)
    if implicit:
        bare = re.sub(r"^(deal \d+) dealer \S+", r"\1", text, flags=re.M)
        if preflog.check(preflog.loads(bare)) == []:  # where the dealer stays after an all-pass it is written
            text = bare
    assert preflog.check(preflog.loads(text)) == []
    number = data.draw(st.integers(2, len(game.deals)))
    dealer = data.draw(st.sampled_from([p for p in game.players if p != game.deals[number - 1].dealer]))
    (parsed,) = preflog.read_games(_dealer_slip(text, number, dealer))
    if parsed.errors:  # four players: the new dealer holds a hand, which the notation forbids (one error)
        assert len(parsed.errors) == 1
        return
    found = preflog.check(parsed.game)
    assert [(v.deal, v.code) for v in found][:1] in ([(number, "D102")], [(number, "D103")])
    assert {v.deal for v in found} == {number}
