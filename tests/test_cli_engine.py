"""preflog check, replay and generate from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest

import preflog

from .conftest import HEAD, SAMPLES
from .test_cli import run
from .test_engine import FULL

SOCHI = next(p for p in SAMPLES if p.name == "sochi-pulka.pref")


def test_check_clean_samples() -> None:
    code, out, err = run("check", *map(str, SAMPLES))
    assert (code, err) == (0, "")
    assert out == f"checked {len(SAMPLES)} files, 73 deals: clean\n"


def test_check_reports_violations_compiler_style(tmp_path: Path) -> None:
    path = tmp_path / "bad.pref"
    path.write_text(HEAD + FULL.replace("bids 6s pass pass", "bids 6c pass pass"), encoding="utf-8")
    code, out, err = run("check", str(path))
    assert code == 1
    assert err == (f"{path}:8:10: error: 6s is lower than the bid of 6c "
                   "[T303: the contract is not lower than the last bid, Code 3.4.3]\n"
                   "    contract 6s\n"
                   "             ^~\n")
    assert out == "checked 1 file, 1 deal: 1 problem\n"


def test_check_json_and_rules_option(tmp_path: Path) -> None:
    path = tmp_path / "g.pref"
    # deal 25: past Classic's razboynik (3 players: 18 compulsory games and 6 all-passes), an auction
    path.write_text(HEAD + "deal 25\nbids 7s pass pass\ncontract 7s\nwhist pass half\n", encoding="utf-8")
    assert run("check", str(path))[0] == 0                      # sochi has half-whist
    code, out, _ = run("check", "--rules", "classic", "--json", str(path))
    assert code == 1
    (report,) = json.loads(out)
    assert [(v["code"], v["line"], v["column"]) for v in report["violations"]] == [("W402", 6, 12)]


def test_check_notation_errors_and_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "bad.pref"
    path.write_text(HEAD + "deal\ntalon 7s\n", encoding="utf-8")
    code, _, err = run("check", str(path))
    assert code == 1 and "a talon has exactly 2 cards" in err
    assert run("check", str(tmp_path / "none.pref"))[0] == 2


def test_replay_prints_every_step() -> None:
    code, out, _ = run("replay", str(SOCHI), "--deal", "1", "--no-interactive")
    assert code == 0
    lines = out.strip().split("\n")
    assert lines[0] == "Deal 1, dealt by Anna"
    assert "Boris: 6s" in lines and "Boris takes the talon: 7c 7d" in lines
    assert "trick 1: 7d Td 9d → Vera" in lines
    # the play's tricks are the result written just above: the end is not said twice
    assert "result: Boris 6, Vera 2, Anna 2 tricks" in lines and lines[-1] == "end of deal 1"
    assert "  Boris  SKJ98 C- DQJ8 HK" in lines  # the hand after the first trick, shrinking


def test_replay_shows_glyphs_and_comments_at_their_step() -> None:
    annotated = next(p for p in SAMPLES if p.name == "annotated.pref")
    code, out, _ = run("replay", str(annotated), "--deal", "1", "--no-interactive", "--unicode")
    assert code == 0
    assert "Vera: 6♥! {Vera pushes}" in out and "  Vera leads 9♠?! {into the declarer's tenace}" in out


def _replay_lines(*args: str) -> list[str]:
    code, out, err = run("replay", *args, "--no-interactive")
    assert code == 0, err
    return out.splitlines()


def test_replay_shows_every_comment_of_the_file_at_its_element() -> None:
    """Every {comment} of the annotated sample appears, on the line of what it was written after."""
    annotated = next(p for p in SAMPLES if p.name == "annotated.pref")
    lines = _replay_lines(str(annotated))
    text = "\n".join(lines)
    for comment in re.findall(r"\{[^}]*\}", annotated.read_text(encoding="utf-8")):
        assert comment in text, comment
    assert "Deal 1, dealt by Anna {The deal that decided the evening.}" in lines
    assert "  Boris  SQJT CJ DAJT HKQJ  {a strong heart suit}" in lines
    assert "  talon  As 9h  {the ace of spades is a gift}" in lines
    assert "Boris discards Ts Td {keeping the diamond tenace}" in lines
    assert "  {Boris leads from the top of his spades.}" in lines
    assert "result: Boris 7, Vera 2, Anna 1 tricks {a seven made against two whisters}" in lines
    assert "Event: Friday club, table 2" in lines and "Opening: a seven from a six" in lines


def test_replay_shows_variations_as_indented_branches_nested_too() -> None:
    annotated = next(p for p in SAMPLES if p.name == "annotated.pref")
    lines = _replay_lines(str(annotated), "--deal", "1")
    at = lines.index("  Vera leads 9s?! {into the declarer's tenace}")
    assert lines[at + 1:at + 4] == ["    variation, instead:", "      Vera leads Ac!", "      Anna 8c"]
    assert lines[at + 4:at + 7] == ["        variation, instead:", "          Anna Tc!?",
                                    "          Boris Jc {Anna keeps her eight}"]
    assert "        trick 2: Ac Tc Jc → Vera" in lines and "    trick 2: Ac 8c Jc → Vera" in lines
    assert "      Vera leads Th {and the defence keeps three tricks}" in lines
    assert "trick 2: 9s 8s Js → Boris" in lines  # the main line goes on after the branch


def test_replay_of_a_deal_recorded_by_its_result_shows_the_result() -> None:
    lines = _replay_lines(str(SOCHI), "--deal", "7")
    assert "result: Boris 4, Vera 3, Anna 3 tricks" in lines
    assert lines[-1] == "end of deal 7: Boris 4, Vera 3, Anna 3 tricks, as the result records"
    lines = _replay_lines(str(SOCHI), "--deal", "8")
    assert lines[-1] == "end of deal 8: Boris 8 tricks (=), as the result records"


def test_replay_says_a_game_nobody_whists_counts_as_made_code_3_8_1() -> None:
    lines = _replay_lines(str(SOCHI), "--deal", "10")
    assert "Vera: pass — both defenders passed: 6nt counts as made, without play" in lines
    assert lines[-1] == "end of deal 10: 6nt counts as made"


def test_replay_keeps_a_known_hand_when_the_talon_is_unknown() -> None:
    annotated = next(p for p in SAMPLES if p.name == "annotated.pref")
    lines = _replay_lines(str(annotated))
    assert "  Vera   SJ CK7 DQ8 HAKQJT" in lines  # as dealt
    assert "  Vera   SJ C7 DQ8 HAKQJT +?" in lines  # after Kc: the ten known cards left, two unknown


def test_replay_marks_violations_without_a_glyph(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pref"
    bad.write_text('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s 6c\ncontract 6d\n',
                   encoding="utf-8")
    code, out, _ = run("check", str(bad))
    assert code == 1
    lines = _replay_lines(str(bad))
    assert not any("!!" in line for line in lines)
    assert any(line.startswith("    error A208: ") for line in lines)


def test_replay_unknown_deal() -> None:
    code, _, err = run("replay", str(SOCHI), "--deal", "99", "--no-interactive")
    assert code == 2 and "there is no deal 99" in err


def test_replay_interactive_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = iter(["n", "n", "b", "t", "q"])
    monkeypatch.setattr(click, "getchar", lambda: next(keys))
    code, out, _ = run("replay", str(SOCHI), "--interactive")
    assert code == 0
    screens = out.split("n/Enter/→ next")
    assert "step 1 of" in screens[0] and "step 2 of" in screens[1] and "step 3 of" in screens[2]
    assert "step 2 of" in screens[3]            # b: back
    assert "trick 1:" in screens[4]             # t: to the end of the next trick


def test_replay_interactive_arrows_status_and_a_deal_not_there(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = iter(["\x1b[C", "\x1b[C", "\x1b[D", "d", "t", "q"])
    monkeypatch.setattr(click, "getchar", lambda: next(keys))
    monkeypatch.setattr(click, "prompt", lambda *a, **k: 99)
    code, out, _ = run("replay", str(SOCHI), "--interactive")
    assert code == 0
    screens = out.split("n/Enter/→ next")
    assert "step 2 of" in screens[1] and "step 3 of" in screens[2] and "step 2 of" in screens[3]
    assert "there is no deal 99 in this game (its deals: 1–" in screens[4]
    assert "deal 1 · dealer Anna · Boris plays 6s (trump spades) · whist: Vera (closed) · tricks: Boris 0, Vera 1, Anna 0" in screens[5]  # «tricks» once


def test_generate_writes_games_that_check_clean(tmp_path: Path) -> None:
    out = tmp_path / "g.pref"
    assert run("generate", "--deals", "40", "--seed", "9", "--players", "4", "--rules", "rostov",
               "--per-game", "20", "-o", str(out))[0] == 0
    games = preflog.loads_all(out.read_text(encoding="utf-8"))
    assert [len(g.deals) for g in games] == [20, 20] and all(g.players == ("Anna", "Boris", "Vera", "Gleb")
                                                             for g in games)
    assert run("check", str(out)) == (0, "checked 1 file, 40 deals: clean\n", "")


def test_help_lists_the_new_commands() -> None:
    code, out, _ = run("--help")
    for command in ("check", "replay", "generate"):
        assert command in out
        assert "Example" in run(command, "--help")[1]


def test_replay_says_the_talon_leads_the_first_all_pass_tricks_code_3_7_6() -> None:
    code, out, _ = run("replay", str(SOCHI), "--deal", "2", "--no-interactive")
    assert code == 0
    assert "  the talon shows 7h; Vera 9h" in out and "  the talon shows Ah; Vera Qh" in out
    assert "  Vera leads Qc" in out  # the eldest hand leads the third trick (3.7.6.1)
