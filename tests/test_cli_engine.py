"""preflog check, replay and generate from the command line."""

from __future__ import annotations

import json
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
    assert out == f"checked {len(SAMPLES)} files, 34 deals: clean\n"


def test_check_reports_violations_compiler_style(tmp_path: Path) -> None:
    path = tmp_path / "bad.pref"
    path.write_text(HEAD + FULL.replace("bids 6s pass pass", "bids 6c pass pass"), encoding="utf-8")
    code, out, err = run("check", str(path))
    assert code == 1
    assert err == (f"{path}:8:1: error: 6s is lower than the bid of 6c "
                   "[T303: the contract is not lower than the last bid, Code 3.4.3]\n"
                   "    contract 6s\n"
                   "    ^~~~~~~~~~~\n")
    assert out == "checked 1 file, 1 deal: 1 problem\n"


def test_check_json_and_rules_option(tmp_path: Path) -> None:
    path = tmp_path / "g.pref"
    path.write_text(HEAD + "deal 1\nbids 7s pass pass\ncontract 7s\nwhist pass half\n", encoding="utf-8")
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
    assert lines[-1] == "end of deal 1: Boris 6, Vera 2, Anna 2 tricks"
    assert "  Boris  SKJ98 C- DQJ8 HK" in lines  # the hand after the first trick, shrinking


def test_replay_shows_glyphs_and_comments_at_their_step() -> None:
    annotated = next(p for p in SAMPLES if p.name == "annotated.pref")
    code, out, _ = run("replay", str(annotated), "--deal", "1", "--no-interactive", "--unicode")
    assert code == 0
    assert "Vera: 6h! {Vera pushes}" in out and "  Vera leads 9♠?! {into the declarer's tenace}" in out


def test_replay_unknown_deal() -> None:
    code, _, err = run("replay", str(SOCHI), "--deal", "99", "--no-interactive")
    assert code == 2 and "there is no deal 99" in err


def test_replay_interactive_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = iter(["n", "n", "b", "t", "q"])
    monkeypatch.setattr(click, "getchar", lambda: next(keys))
    code, out, _ = run("replay", str(SOCHI), "--interactive")
    assert code == 0
    screens = out.split("n/Enter next")
    assert "step 1 of" in screens[0] and "step 2 of" in screens[1] and "step 3 of" in screens[2]
    assert "step 2 of" in screens[3]            # b: back
    assert "trick 1:" in screens[4]             # t: to the end of the next trick


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
