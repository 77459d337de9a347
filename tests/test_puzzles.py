"""Puzzles (issue 67, items 1–3 and 7): a deal of the notation that asks a question in its tags, proven by
``preflog puzzle check`` with the solver and held here against the independent search of
``tests/dealing_solver.py`` (it shares no code with ``preflog.analysis``); a wrong answer refuted at
its card, a second solution named, the answer written by ``preflog puzzle solve``."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import preflog
from preflog.cli import cli
from preflog.puzzles import Fault, Question, prove, puzzle_of, solved
from preflog.model.game import Tag
from preflog.notation.write import dumps

from .dealing_solver import Count, Hands

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples" / "puzzles"
ETUDES = sorted(SAMPLES.glob("*.pref"))


def _games(path: Path) -> list[str]:
    """The games of a shipped file, each as its own text (a file may pose an étude more than one way)."""
    text = path.read_text(encoding="utf-8")
    return ["[Event" + part for part in text.split("\n[Event")[1:]] if text.count("[Event") > 1 else [text]


#: Every étude shipped, one game each: (its file's name and place there, its text).
ETUDE_GAMES = [(f"{path.stem}-{n}", game) for path in ETUDES for n, game in enumerate(_games(path), 1)]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def game_of(text: str) -> preflog.Game:
    (parsed,) = list(preflog.read_games(text))
    assert not parsed.errors, parsed.errors
    return parsed.game


def asked_as(path: Path, question: str, tag: str) -> str:
    """A shipped étude's text with ``tag`` written after its ``question`` tag."""
    return path.read_text(encoding="utf-8").replace(question, f"{question}\n{tag}")


KOVALEVSKAYA = """[Event "Мизер Ковалевской"]
[Players "Восток Юг Запад"]
[Puzzle "catch"]

deal 1 dealer Запад
hands Восток: JQ.79.TJQK.7J Юг: 789T.8.789.89 Запад: KA.TJQ.A.TQKA
talon Kc Ac
bids pass mis pass
discard Kc Ac
contract mis
"""


def test_every_shipped_etude_names_its_source_and_is_proven_by_puzzle_check() -> None:
    names = {p.stem for p in ETUDES}
    assert {"kovalevskaya", "lasker", "de-gaulle", "skuratov-1", "skuratov-2", "lesnoy-34"} <= names
    for _name, text in ETUDE_GAMES:
        game = game_of(text)
        assert game.tag("Source") and game.tag("Event") and game.tag("Puzzle"), game.tag("Event")
    code, out, err = run("puzzle", "check", *map(str, ETUDES))
    assert code == 0, err
    n = len(ETUDE_GAMES)
    assert out.count("proven") == n and f"checked {n} puzzles: {n} proven" in err


def _independent(path: Path | str) -> tuple[Count, Hands, int]:
    """The position of a shipped étude (the start of play; a file's text, or its only game's) for the
    independent search: its count and hands, and the seat to lead."""
    proof = prove(puzzle_of(game_of(path if isinstance(path, str) else path.read_text(encoding="utf-8"))))
    assert proof.proven and proof.at is not None
    d = proof.at.deal
    assert d is not None and d.declarer is not None and d.to_play is not None and d.completed == 0 and not d.trick
    hands = tuple(frozenset((int(c.suit), int(c.rank)) for c in d.hands[seat] or ()) for seat in range(3))
    contract = d.game_contract
    assert contract is not None
    trump = None if d.trump_suit is None else int(d.trump_suit)
    return Count(int(d.declarer), trump, not contract.is_misere), (hands[0], hands[1], hands[2]), int(d.to_play)


@pytest.mark.parametrize("text", [text for _name, text in ETUDE_GAMES], ids=[name for name, _text in ETUDE_GAMES])
def test_each_etude_s_value_is_the_independent_search_s(text: str) -> None:
    """The declarer's tricks with best play that each étude's proof states, held against a plain search:
    he can be held to (or can make) that many and not one trick more."""
    count, hands, leader = _independent(text)
    proof = prove(puzzle_of(game_of(text)))
    value = proof.value
    assert value is not None
    assert count.at_least(hands, leader, value) and not count.at_least(hands, leader, value + 1)


def test_kovalevskaya_s_misere_is_caught_only_by_a_diamond_lead_by_the_independent_search() -> None:
    """The classic answer: Восток leads a diamond (К♦, Д♦, В♦ or 10♦: equal cards, one answer) and the
    misère takes a trick; after any other lead the declarer escapes clean."""
    path = SAMPLES / "kovalevskaya.pref"
    count, hands, leader = _independent(path)
    proof = prove(puzzle_of(game_of(path.read_text(encoding="utf-8"))))
    assert [str(c) for c in proof.answer] == ["Kd", "Qd", "Jd", "Td"]
    for card in hands[leader]:
        caught = count.at_least_after(hands, leader, card, 1)
        assert caught == (card[0] == 2), card  # diamonds are suit 2


def test_kovalkov_s_first_etude_has_one_lead_the_ace_of_clubs_by_the_independent_search() -> None:
    path = SAMPLES / "kovalkov-1.pref"
    count, hands, leader = _independent(path)
    proof = prove(puzzle_of(game_of(path.read_text(encoding="utf-8"))))
    assert proof.puzzle.question is Question.CARD  # type: ignore[union-attr]
    assert [str(c) for c in proof.answer] == ["Ac"] and proof.value == 6
    for card in hands[leader]:
        # the defenders lead: the declarer makes 7 after every card but the ace of clubs
        assert count.at_least_after(hands, leader, card, 7) == (card != (1, 14)), card


def _etude(name: str, n: int = 1) -> str:
    return dict(ETUDE_GAMES)[f"{name}-{n}"]


def test_skuratov_s_misere_is_caught_when_zapad_leads_and_clean_when_the_declarer_does() -> None:
    """Скуратов 2 (the position of jpref's tests): Запад on lead catches the misère (10♣ or a heart), the
    declarer on lead escapes clean; by the independent search, every lead tried."""
    count, hands, leader = _independent(_etude("skuratov-2"))
    catching = {card for card in hands[leader] if count.at_least_after(hands, leader, card, 1)}
    assert catching == {(1, 10), (3, 11), (3, 12), (3, 13)}  # 10♣; В♥ Д♥ К♥, equal cards
    count, hands, leader = _independent(_etude("skuratov-2", 2))
    assert not count.at_least(hands, leader, 1)


def test_skuratov_s_first_misere_is_caught_by_three_leads_none_alone() -> None:
    """Скуратов 1: Д♠, 10♣ or a club honour (Т♣ К♣ Д♣, equal cards) catch; the puzzle accepts each
    (Answers "all"), and asked for one answer it is refused as having a second solution."""
    text = _etude("skuratov-1")
    count, hands, leader = _independent(text)
    catching = {card for card in hands[leader] if count.at_least_after(hands, leader, card, 1)}
    assert catching == {(0, 12), (1, 10), (1, 12), (1, 13), (1, 14)}
    proof = prove(puzzle_of(game_of(text)))
    assert proof.proven and len(proof.answers) == 3
    one = prove(puzzle_of(game_of(text.replace('[Answers "all"]\n', ""))))
    assert [f.fault for f in one.flaws] == [Fault.SECOND]


def test_lesnoy_s_misere_is_clean_unless_both_talon_aces_are_discarded() -> None:
    """«Лесной 34» (jpref's «incorrect drop»): Юг discarding the talon's two aces is caught; discarding
    Т♦ with 10♣, 10♦ or 8♥ (or their equals) he is clean, and every other discard is caught, by the
    independent search."""
    from .dealing_solver import discards

    count, hands, leader = _independent(_etude("lesnoy-34"))
    d = prove(puzzle_of(game_of(_etude("lesnoy-34")))).at
    assert d is not None and d.deal is not None and d.deal.declarer is not None
    south = int(d.deal.declarer)
    twelve = hands[south] | {(2, 14), (1, 10)}  # his ten kept, and the discard written back: Т♦ 10♣
    clean = set()
    for pair in discards(twelve):
        kept = list(hands)
        kept[south] = twelve - set(pair)
        if not count.at_least((kept[0], kept[1], kept[2]), leader, 1):
            clean.add(frozenset(pair))
    # with Т♦: 10♣ (or its equals 9♣ 8♣), 10♦, or 8♥ (or 7♥): three answers
    assert clean == {frozenset({(2, 14), card}) for card in [(1, 10), (1, 9), (1, 8), (2, 10), (3, 8), (3, 7)]}
    count, hands, leader = _independent(_etude("lesnoy-34", 2))
    assert count.at_least(hands, leader, 1)


def test_a_wrong_lead_is_reported_at_its_card_with_the_line_that_refutes_it(tmp_path: Path) -> None:
    path = tmp_path / "wrong.pref"
    path.write_text(KOVALEVSKAYA + "play Qs\n", encoding="utf-8")
    code, out, err = run("puzzle", "check", str(path))
    assert code == 1 and out == ""
    assert f"{path}:11:6: error: Q♠ does not catch the misère; K♦ Q♦ J♦ T♦ do" in err
    assert "    refuted by: Q♠ T♠ A♠ · " in err
    assert "checked 1 puzzle: 0 proven" in err
    code, out, err = run("--lang", "ru", "puzzle", "check", str(path))
    assert "ошибка: Д♠ не ловит мизер; ловят К♦ Д♦ В♦ 10♦" in err
    assert "опровержение: Д♠ 10♠ Т♠ · " in err


def test_a_puzzle_with_two_solutions_is_refused_and_the_second_named(tmp_path: Path) -> None:
    """Lasker's misère asked as "which lead catches it": a spade (Т♠ К♠ or В♠ 10♠) and Т♦ each catch it, so
    the question has more than one answer."""
    text = (SAMPLES / "lasker.pref").read_text(encoding="utf-8").replace('[Puzzle "tricks"]', '[Puzzle "catch"]')
    path = tmp_path / "lasker-catch.pref"
    path.write_text(text, encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(path))
    assert code == 1
    assert "error: A♠ is not the only answer: J♠ T♠ A♦ do as well" in err
    proof = prove(puzzle_of(game_of(text)))
    assert [f.fault for f in proof.flaws] == [Fault.SECOND]
    assert [[str(c) for c in a] for a in proof.answers] == [["As", "Ks"], ["Js", "Ts"], ["Ad"]]


def test_a_wrong_result_and_a_line_that_leaves_best_play_are_each_reported_once(tmp_path: Path) -> None:
    text = (SAMPLES / "lasker.pref").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong-result.pref"
    unplayed = "\n".join(line for line in text.splitlines() if not line.startswith("play "))
    wrong.write_text(unplayed.replace("result Восток 8 Юг 2 Запад 0", "result Юг 1"), encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(wrong))
    assert code == 1 and err.count("error:") == 1
    assert "error: the result says 1, but with best play Юг takes 2 tricks" in err
    # Ковальков's first étude: after А♣ К♣ В♣ the lead must be the 8♣ (Юг's club through to Восток);
    # К♠ gives the declarer his seventh trick
    text = (SAMPLES / "kovalkov-1.pref").read_text(encoding="utf-8")
    lines = [row for row in text.splitlines() if not row.startswith(("result ", "play "))]
    bad = tmp_path / "bad-line.pref"
    bad.write_text("\n".join(lines) + "\nplay Ac Kc Jc Ks\n", encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(bad))
    assert code == 1 and err.count("error:") == 1
    assert "error: K♠ costs a trick: Запад ends with 7 instead of 6; best: 8♣" in err
    assert "    refuted by: K♠ " in err


def test_puzzle_solve_writes_the_answer_and_its_main_line_and_the_result(tmp_path: Path) -> None:
    path = tmp_path / "k.pref"
    path.write_text(KOVALEVSKAYA, encoding="utf-8")
    code, out, err = run("puzzle", "check", str(path))
    assert code == 1 and "error: no answer is written (preflog puzzle solve writes it)" in err
    code, out, err = run("puzzle", "solve", str(path), "-o", str(tmp_path / "solved.pref"))
    assert (code, out, err) == (0, "", "")
    solved_text = (tmp_path / "solved.pref").read_text(encoding="utf-8")
    assert "play Kd 9d Ad | Th Jh 9h | Qd 8d As |" in solved_text
    assert "result Восток 6 Юг 1 Запад 3" in solved_text
    code, out, err = run("puzzle", "check", str(tmp_path / "solved.pref"))
    assert code == 0 and "proven: the misère is caught with K♦ (or Q♦ J♦ T♦)" in out
    assert run("check", str(tmp_path / "solved.pref"))[0] == 0


def test_solve_keeps_what_was_written_up_to_the_position_and_on_the_cards_it_keeps() -> None:
    game = game_of(KOVALEVSKAYA.replace('[Puzzle "catch"]', '[Puzzle "card"]\n[Played "3"]')
                   + "play Kd 9d Ad {the ace is forced} Th! {the only card}\n")
    proof = prove(puzzle_of(game))
    assert proof.proven, proof.flaws
    text = dumps(solved(proof))  # type: ignore[arg-type]
    assert "play Kd 9d Ad {the ace is forced} | Th! {the only card} Jh 9h | Qd" in text


def test_the_tags_that_cannot_be_read_are_said_at_their_line(tmp_path: Path) -> None:
    cases = {
        '[Puzzle "mate"]': 'Puzzle "mate" asks nothing preflog knows: write "card", "tricks", "catch", "discard" or "whist"',
        '[Puzzle "card"]\n[Played "two"]': 'Played "two" is not a number of cards',
        '[Puzzle "card"]\n[Played "7"]': "Played counts 7 cards, but the play holds only 3",
        '[Puzzle "card"]\n[View "half"]': 'View "half" is neither "open" (every hand seen) nor "table"',
        '[Puzzle "card"]\n[Answers "some"]': 'Answers "some" is neither "one" (the only answer) nor "all"',
    }
    for tags, said in cases.items():
        path = tmp_path / "p.pref"
        path.write_text(KOVALEVSKAYA.replace('[Puzzle "catch"]', tags) + "play Kd 9d Ad\n", encoding="utf-8")
        code, _out, err = run("puzzle", "check", str(path))
        assert code == 1 and said in err and "Traceback" not in err, (tags, err)


def test_a_catch_is_asked_of_a_misere_and_tricks_of_a_game_or_a_misere(tmp_path: Path) -> None:
    game = (SAMPLES / "kovalkov-1.pref").read_text(encoding="utf-8").replace('[Puzzle "card"]', '[Puzzle "catch"]')
    proof = prove(puzzle_of(game_of(game)))
    assert [f.fault for f in proof.flaws] == [Fault.NOT_MISERE]
    all_pass = """[Players "Anna Boris Vera"]
[Puzzle "tricks"]

deal 1 dealer Vera
hands Anna: AKQ.J9.T87.98 Boris: JT9.AK.AK9.KQ Vera: 87.QT87.QJ.AT
talon Jh 7h
bids pass pass pass
"""
    proof = prove(puzzle_of(game_of(all_pass)))
    assert [f.fault for f in proof.flaws] == [Fault.ALL_PASS]
    proof = prove(puzzle_of(game_of(all_pass.replace('"tricks"', '"card"'))))
    assert [f.fault for f in proof.flaws] == [Fault.NO_ANSWER] and proof.answers


def test_old_files_stay_valid_and_ask_nothing() -> None:
    code, _out, err = run("puzzle", "check", "samples/sochi-pulka.pref")
    assert code == 1 and "no puzzle in the input" in err
    for path in ETUDES:
        assert run("check", str(path))[0] == 0
        assert run("fmt", "--check", str(path))[0] == 0


def test_the_proofs_are_given_as_json_with_the_values_and_the_main_line() -> None:
    code, out, _err = run("puzzle", "check", "--format", "json", str(SAMPLES / "kovalevskaya.pref"))
    assert code == 0
    (record,) = json.loads(out)
    assert record["proven"] is True and record["question"] == "catch"
    assert record["answer"] == ["Kd", "Qd", "Jd", "Td"] and record["tricks"] == 1
    assert record["values"]["Kd"] == 1 and record["values"]["Qs"] == 0
    assert record["main_line"][:3] == ["Kd", "9d", "Ad"] and len(record["main_line"]) == 30


def test_kovalevskaya_s_lead_holds_against_every_discard_the_catchers_could_not_see(tmp_path: Path) -> None:
    """Asked as Восток saw it (View "table"): the catchers' cards are on the table before a catcher's first
    lead (Code 3.6.6), the talon was shown (3.4.1), so what he cannot see is which two of the declarer's
    twelve cards were discarded: C(12, 2) = 66 layouts. The diamond lead catches the misère in every one."""
    path = tmp_path / "seen.pref"
    path.write_text(asked_as(SAMPLES / "kovalevskaya.pref", '[Puzzle "catch"]', '[View "table"]'), encoding="utf-8")
    code, out, _err = run("puzzle", "check", str(path))
    assert code == 0
    assert "proven: the misère is caught with K♦ (or Q♦ J♦ T♦) (in every layout the player could not tell apart: 66)" in out
    # three of the layouts by the independent search: Юг's twelve cards, two of them discarded
    count, hands, leader = _independent(SAMPLES / "kovalevskaya.pref")
    twelve = hands[1] | {(1, 13), (1, 14)}  # Юг, with the talon's К♣ Т♣
    for discard in ({(1, 13), (1, 14)}, {(3, 9), (3, 8)}, {(0, 7), (2, 7)}):
        kept = (hands[0], frozenset(twelve - discard), hands[2])
        assert count.at_least_after(kept, leader, (2, 13), 1), discard  # К♦ catches


def test_a_finesse_is_no_answer_to_a_question_of_what_the_declarer_saw() -> None:
    """docs/games/finesse.pref at the ninth trick (worked by hand in tests/test_seen.py): three layouts of
    the К♠ and two hearts; the Д♠ finesse wins in one, the А♠ drop in the other two. Asked as Boris saw
    it, neither card is right in every layout, and each is refuted by one where it fails."""
    text = (ROOT / "docs" / "games" / "finesse.pref").read_text(encoding="utf-8")
    head, body = text.split("\n\n", 1)
    asked = head + '\n[Puzzle "card"]\n[Played "25"]\n[View "table"]\n\n' + "\n".join(
        row for row in body.splitlines() if not row.startswith("result"))
    proof = prove(puzzle_of(game_of(asked)))
    (flaw,) = proof.flaws
    assert flaw.fault is Fault.NOT_ALWAYS and flaw.param("failing") == 2 and flaw.param("layouts") == 3
    assert [str(c) for c in flaw.param("better")] == ["As"]  # type: ignore[attr-defined]
    assert proof.answers == ()
    drop = prove(puzzle_of(game_of(asked.replace("7s Qs 7h | As 8h Ks", "7s As 7h | Qs 8h Ks"))))
    (flaw,) = drop.flaws
    assert flaw.fault is Fault.NOT_ALWAYS and flaw.param("failing") == 1


def test_a_question_of_what_a_player_saw_at_the_opening_lead_is_too_wide_to_prove(tmp_path: Path) -> None:
    path = tmp_path / "wide.pref"
    path.write_text(asked_as(SAMPLES / "kovalkov-1.pref", '[Puzzle "card"]', '[View "table"]'), encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(path))
    assert code == 1
    assert "error: the player could not tell apart 12193896 layouts, more than the 20000 solved" in err


def annotated_discard() -> preflog.Game:
    """samples/annotated.pref's deal 1 asked as a discard puzzle: its play and result left out."""
    game = next(iter(preflog.read_games((ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")))).game
    deal = attrs.evolve(game.deals[0], play=None, result=None)
    return attrs.evolve(game, tags=game.tags + (Tag("Puzzle", "discard"),), deals=(deal,))


def test_a_discard_puzzle_holds_the_discard_written_against_every_other() -> None:
    """samples/annotated.pref's deal 1 asked as "which two cards does Boris lay away?": his Т♠-less
    discard 10♠ 10♦ is not best; В♦ 10♦ is, the only one (discards taking as many cards of each of his
    runs are one). The values held against the independent search: his best over every discard, and his
    tricks after the one written."""
    from .dealing_solver import Count, game_at_least

    proof = prove(puzzle_of(annotated_discard()))
    (flaw,) = proof.flaws
    assert flaw.fault is Fault.WRONG_DISCARD
    assert [[str(c) for c in a] for a in proof.answers] == [["Jd", "Td"]]
    best, written = int(str(flaw.param("best_value"))), int(str(flaw.param("value")))
    assert best > written
    pair = lambda text: frozenset((int(c.suit), int(c.rank)) for c in map(preflog.card, text.split()))  # noqa: E731
    hands = [pair("Qs Js Ts Jc Ad Jd Td Kh Qh Jh"), pair("Ks 9s Ac Kc Qc 9c Qd 9d 7d Th"),
             pair("8s 7s Tc 8c 7c Kd 8d Ah 8h 7h")]
    talon = pair("As 9h")
    assert game_at_least(hands, talon, 0, 3, best) and not game_at_least(hands, talon, 0, 3, best + 1)
    kept = (hands[0] | talon) - pair("Ts Td")
    count = Count(0, 3, True)
    assert count.at_least((kept, hands[1], hands[2]), 0, written)
    assert not count.at_least((kept, hands[1], hands[2]), 0, written + 1)
    solved_game = solved(proof)
    assert solved_game is not None
    again = prove(puzzle_of(solved_game))
    assert again.proven and {str(c) for c in again.answer} == {"Jd", "Td"} and again.value == best


def test_a_discard_with_equals_as_good_is_a_second_solution(tmp_path: Path) -> None:
    text = (SAMPLES / "kovalkov-1.pref").read_text(encoding="utf-8").replace('[Puzzle "card"]', '[Puzzle "discard"]')
    path = tmp_path / "discard.pref"
    path.write_text("\n".join(row for row in text.splitlines() if not row.startswith(("play", "result"))),
                    encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(path))
    assert code == 1 and "error: the discard 7♣ T♥ is not the only answer: " in err and err.count("error:") == 1


def test_a_puzzle_accepting_every_best_answer_proves_the_one_written_is_among_them(tmp_path: Path) -> None:
    """Answers "all": the discard 7♣ 10♥ of the test above is one of the five best, no second solution;
    a discard that is not best is still refuted, and solve writes one of the best."""
    text = (SAMPLES / "kovalkov-1.pref").read_text(encoding="utf-8").replace(
        '[Puzzle "card"]', '[Puzzle "discard"]\n[Answers "all"]')
    path = tmp_path / "discard.pref"
    rows = [row for row in text.splitlines() if not row.startswith(("play", "result"))]
    path.write_text("\n".join(rows), encoding="utf-8")
    code, out, err = run("puzzle", "check", str(path))
    assert code == 0 and "proven: the discard 7♣ T♥; " in out and "(one of 5 right answers)" in out, err
    wrong = "\n".join("discard 8s 7s" if row.startswith("discard") else row for row in rows)
    path.write_text(wrong, encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(path))
    assert code == 1 and "error: the discard 8♠ 7♠ costs" in err
    code, out, err = run("puzzle", "solve", str(path))
    (laid,) = [row for row in out.splitlines() if row.startswith("discard")]
    assert code == 0 and laid != "discard 8s 7s", err
    solved_path = tmp_path / "solved.pref"
    solved_path.write_text(out, encoding="utf-8")
    assert run("puzzle", "check", str(solved_path))[0] == 0
    path.write_text("\n".join(rows), encoding="utf-8")
    code, out, _err = run("--lang", "ru", "puzzle", "check", str(path))
    assert "(один из 5 верных ответов)" in out


def test_solve_refuses_a_discard_puzzle_with_two_answers(tmp_path: Path) -> None:
    text = (SAMPLES / "kovalkov-1.pref").read_text(encoding="utf-8").replace('[Puzzle "card"]', '[Puzzle "discard"]')
    path = tmp_path / "open.pref"
    path.write_text("\n".join(row for row in text.splitlines() if not row.startswith(("play", "result", "discard"))),
                    encoding="utf-8")
    code, _out, err = run("puzzle", "solve", str(path))
    assert code == 1 and "error: the discard T♠ T♥ is not the only answer: K♣ T♥; 7♣ T♥; A♦ T♥; A♥ T♥ do as well" in err


WHIST = """[Event "Anna's word"]
[Players "Anna Boris Vera"]
[Rules "sochi"]
[Puzzle "whist"]
[Played "1"]

deal 1 dealer Anna
hands Boris: QJT.J.AJT.KQJ Vera: K9.AKQ9.Q97.T Anna: 87.T87.K8.A87
talon As 9h
bids 6s 6c pass 6d 6h 7s pass
discard Ts Td
contract 7h
whist whist pass
"""


def test_a_whist_puzzle_scores_both_words_with_best_play(tmp_path: Path) -> None:
    """samples/annotated.pref's deal 1 (Boris 7♥ after discarding 10♠ 10♦) asked of Anna, the second to
    speak after Vera's whist: with every hand seen Boris takes 5 (by the independent search), and each
    word is the sheet's score of the deal with 5 tricks: Anna's pass is refuted at its word."""
    from preflog.analysis.odds import sheet_score
    from preflog.game.conventions import PRESETS
    from preflog.model.defence import DecisionKind

    from .dealing_solver import Count

    proof = prove(puzzle_of(game_of(WHIST)))
    (flaw,) = proof.flaws
    assert flaw.fault is Fault.WRONG_WORD and flaw.span is not None and (flaw.span.line, flaw.span.column) == (13, 13)
    pair = lambda text: frozenset((int(c.suit), int(c.rank)) for c in map(preflog.card, text.split()))  # noqa: E731
    kept = pair("Qs Js Jc Ad Jd Kh Qh Jh As 9h")
    count = Count(0, 3, True)
    hands = (kept, pair("Ks 9s Ac Kc Qc 9c Qd 9d 7d Th"), pair("8s 7s Tc 8c 7c Kd 8d Ah 8h 7h"))
    assert count.at_least(hands, 0, 5) and not count.at_least(hands, 0, 6)  # Boris, the first hand, leads
    assert proof.value == 5 and proof.speaker == "Anna" and proof.word is DecisionKind.WHIST
    sochi = PRESETS["sochi"]
    whist = sheet_score(sochi, "7h", 5, (DecisionKind.WHIST, DecisionKind.WHIST))[2]
    passed = sheet_score(sochi, "7h", 5, (DecisionKind.WHIST, DecisionKind.PASS))[2]
    assert whist > passed and dict(proof.scores) == {DecisionKind.WHIST: whist, DecisionKind.PASS: passed}
    path = tmp_path / "whist.pref"
    path.write_text(WHIST, encoding="utf-8")
    code, _out, err = run("puzzle", "check", str(path))
    assert code == 1 and f"{path}:13:13: error: pass scores less than whist (Anna: " in err
    code, out, _err = run("puzzle", "solve", str(path))
    assert code == 0 and "\nwhist whist whist\n" in out
    path.write_text(out, encoding="utf-8")
    code, out, _err = run("puzzle", "check", "--format", "json", str(path))
    (record,) = json.loads(out)
    assert code == 0 and record["word"] == "whist" and record["speaker"] == "Anna" and record["tricks"] == 5
    code, out, _err = run("--lang", "ru", "puzzle", "check", str(path))
    assert "доказано: вист; Anna: за вист +" in out


def test_a_whist_is_not_asked_of_a_misere_nor_past_the_words_written() -> None:
    misere = KOVALEVSKAYA.replace('[Puzzle "catch"]', '[Puzzle "whist"]')
    (flaw,) = prove(puzzle_of(game_of(misere))).flaws
    assert flaw.fault is Fault.NO_ANSWER  # a misère has no whist line to answer in
    half = WHIST.replace("whist whist pass", "whist pass half").replace("bids 6s 6c pass 6d 6h 7s pass", "bids 6s pass pass")
    half = half.replace("contract 7h", "contract 6s")
    (flaw,) = prove(puzzle_of(game_of(half))).flaws
    assert flaw.fault is Fault.NOT_WHISTED and "half-whist" in str(flaw.param("why"))


def test_a_whist_past_its_words_or_asked_as_at_the_table_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "w.pref"
    for tags, said in {'[Played "9"]': "Played counts past the words of the whist line",
                       '[Played "1"]\n[View "table"]': 'View "table" is not asked of a whist'}.items():
        path.write_text(WHIST.replace('[Played "1"]', tags), encoding="utf-8")
        code, _out, err = run("puzzle", "check", str(path))
        assert code == 1 and f"{path}:4:1: error: a whist or a pass cannot be asked here: {said}" in err, err
