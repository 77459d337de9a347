"""``preflog score``: the table, the JSON shape of the README, the ledger, --after, problems and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import HEAD, SAMPLES
from .test_cli import SOCHI, run

ANNOTATED = next(p for p in SAMPLES if p.name == "annotated.pref")
LENINGRAD = next(p for p in SAMPLES if p.name == "leningrad.pref")


def test_score_prints_the_sheet_and_the_settlement() -> None:
    """Code 4.2.14: the average mountain is 11/3, so the mountains give Anna -10/3, Boris -100/3 and
    Vera +110/3 whists. To two places they round down to -3.34, -33.34, +36.66 with equal remainders
    of 2/3 and two hundredths missing to sum to zero: by the largest remainder, ties in seating order,
    they go to Anna and Boris (docs/scoring.md). Vera's total is 110/3 + 40 = 230/3: +76.66."""
    code, out, err = run("score", str(SOCHI))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Friday club, table 2 · sochi · pool 10 · after deal 10 · the pulka ended with deal 10"
    assert lines[2].split() == ["player", "pool", "mountain", "whists", "on", "Anna", "whists", "on", "Boris",
                                "whists", "on", "Vera"]
    assert lines[3].split() == ["Anna", "6.8.10", "4", "–", "4", "0"]
    assert lines[4].split() == ["Boris", "2.4.10", "4.5.7", "16.22", "–", "0"]
    assert lines[5].split() == ["Vera", "10", "0", "12.20", "8.20", "–"]
    assert "average mountain 3.67" in lines[7]
    assert lines[-5].split() == ["Vera", "0", "0", "+36.66", "+40", "+76.66"]
    # who pays whom (issue 42): the two losers pay the winner what the settlement says
    assert lines[-3:] == ["who pays whom", "  Anna → Vera: 41.33 whists", "  Boris → Vera: 35.33 whists"]


def test_score_json_has_the_documented_shape() -> None:
    code, out, _ = run("score", str(SOCHI), "--format", "json")
    assert code == 0
    shape = json.loads(out)
    assert list(shape) == ["players", "rules", "pool_target", "deals", "finished", "sheet", "settlement", "money",
                           "settlement_exact", "money_exact", "payments", "incomplete"]
    assert shape["players"] == ["Anna", "Boris", "Vera"] and shape["rules"] == "sochi"
    assert (shape["pool_target"], shape["deals"], shape["finished"]) == (10, 10, True)
    assert shape["sheet"]["Boris"] == {"pool": 10, "mountain": 7, "whists": {"Anna": 22, "Vera": 0}}
    assert shape["settlement"] == {"Anna": -41.33, "Boris": -35.33, "Vera": 76.66}  # sums to zero
    assert shape["settlement_exact"] == {"Anna": "-124/3", "Boris": "-106/3", "Vera": "230/3"}
    assert shape["money"] is None and shape["money_exact"] is None


def test_score_json_flag_is_format_json_as_in_parse_and_check() -> None:
    """``--json`` is what parse and check take; score takes it too (click suggested ``--jobs``)."""
    assert run("score", str(SOCHI), "--json") == run("score", str(SOCHI), "--format", "json")


def test_score_after_a_deal_and_the_ledger() -> None:
    code, out, _ = run("score", str(SOCHI), "--after", "6", "--format", "json", "--ledger")
    shape = json.loads(out)
    assert code == 0 and shape["deals"] == 6 and shape["finished"] is False
    assert shape["sheet"]["Anna"]["mountain"] == 4
    assert shape["ledger"][0] == {"deal": 1, "player": "Boris", "column": "pool", "on": None, "amount": 2,
                                  "rule": "4.2.1", "reason": "6s made with 6"}
    assert max(e["deal"] for e in shape["ledger"]) == 6
    code, out, _ = run("score", str(SOCHI), "--ledger")
    assert "  deal 7: Boris writes 1 to the mountain: 1 trick × 1, after an amnesty of 3 (Code 3.7.3)" in out


def test_score_after_a_deal_that_is_not_there_is_an_error() -> None:
    code, out, err = run("score", str(SOCHI), "--after", "11")
    assert code == 2 and out == ""  # misuse, like every other
    assert err == (f"preflog: error: {SOCHI}: there is no deal 11 in Friday club, table 2 "
                   "(its deals: 1–10)\n")


def test_score_money_with_a_whist_price() -> None:
    """Oleg's mountain gives him -440/3 whists and his total is -644/3; at 0.5 per whist that is
    -322/3. Rounded down to -146.67, -214.67 and -107.34 (the others' remainders tie with his, and the
    missing hundredths go in seating order to Dima, then Lena)."""
    code, out, _ = run("score", str(LENINGRAD))
    assert code == 0
    assert out.splitlines()[-5].split() == ["Oleg", "30", "58", "-146.67", "-68", "-214.67", "-107.34"]
    # who pays whom, in money: Oleg pays each what the money column says
    assert out.splitlines()[-3:] == ["who pays whom, in money", "  Oleg → Lena: 70.67", "  Oleg → Dima: 36.67"]


def test_score_several_games_json_is_a_list_and_game_picks_one() -> None:
    code, out, _ = run("score", str(ANNOTATED), "--format", "json")
    assert code == 0 and [g["deals"] for g in json.loads(out)] == [1, 14]
    code, out, _ = run("score", str(ANNOTATED), "--format", "json", "--game", "2")
    assert code == 0 and json.loads(out)["settlement"] == {"Anna": 8, "Boris": 0, "Vera": -8}
    code, _, err = run("score", str(ANNOTATED), "--game", "3")
    assert code == 2 and "holds 2 games" in err


def test_score_reports_a_wrong_sheet_and_still_prints_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "paper.pref"
    path.write_text(HEAD + "deal 1\ncontract Boris: 6s\nwhist whist pass\nresult 6\nsheet Vera whists Boris 6\n",
                    encoding="utf-8")
    code, out, err = run("score", str(path))
    assert code == 1
    assert err.startswith(f"{path}:7:7: error: the sheet after deal 1 gives Vera whists on Boris 6; the deals "
                          "so far give 8")
    assert "    sheet Vera whists Boris 6\n" in err
    assert out.splitlines()[0].startswith("sochi · no Pool tag")
    code, out, err = run("check", str(path))
    assert code == 1 and "[S701: the sheet as written agrees with the deals, Code 4.2.5, 4.2.7]" in err


def test_score_reports_a_deal_it_cannot_score(tmp_path: Path) -> None:
    path = tmp_path / "sparse.pref"
    path.write_text(HEAD + "deal 1\nbids pass pass pass\n", encoding="utf-8")
    code, _, err = run("score", str(path))
    assert code == 1
    assert err.startswith(f"{path}:3:1: error: deal 1 cannot be scored: the tricks of the all-pass are not "
                          "recorded (write them: result Boris N Vera N Anna N)")


def test_score_bad_notation_and_unreadable_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.pref"
    path.write_text(HEAD + "deal\nresult Boris seven\n", encoding="utf-8")
    code, out, err = run("score", str(path))
    assert code == 1 and out == "" and err.startswith(f"{path}:4:") and "Traceback" not in err
    code, _, err = run("score", str(tmp_path / "missing.pref"))
    assert code == 2 and "cannot read" in err


def test_score_reads_standard_input_and_takes_the_rules_option() -> None:
    text = SOCHI.read_text(encoding="utf-8")
    code, out, err = run("score", "-", "--rules", "leningrad", "--format", "json", input=text)
    assert code == 1  # the paper sheet of deal 1 was written under Sochi
    assert "<stdin>:19:" in err
    assert json.loads(out)["sheet"]["Vera"]["whists"] == {"Anna": 40, "Boris": 40}


def test_score_help_has_examples() -> None:
    code, out, _ = run("score", "--help")
    assert code == 0 and "Example" in out and "preflog score " in out
    assert "score" in run("--help")[1]


def test_score_prints_the_sheet_up_to_a_deal_it_cannot_read(tmp_path: Path) -> None:
    """One typo in deal 2 (`pas`) ends the sheet after deal 1, marked incomplete; exit 1. Deal 1 is a
    six of spades Boris made without whisters: 2 to his pool (Code 4.2.1)."""
    path = tmp_path / "typo.pref"
    path.write_text(HEAD + "deal 1 dealer Anna\nbids 6s pass pass\nwhist pass pass\nresult 6\n"
                    "deal 2\nbids pass pass pas\nresult Anna 4 Boris 3 Vera 3\n", encoding="utf-8")
    code, out, err = run("score", str(path))
    assert code == 1 and f"{path}:8:16: error: unexpected 'pas'" in err
    lines = out.splitlines()
    assert lines[:2] == ["sochi · no Pool tag: the pools are left out of the settlement · after deal 1",
                         "incomplete: the deal at line 7 cannot be read, so the sheet stops after deal 1"]
    assert lines[5].split() == ["Boris", "2", "0", "0", "–", "0"]
    code, out, _ = run("score", str(path), "--format", "json")
    shape = json.loads(out)
    assert shape["incomplete"].startswith("the deal at line 7") and shape["sheet"]["Boris"]["pool"] == 2


def test_score_over_several_files_names_each(tmp_path: Path) -> None:
    """Issue 12, Deliver 6: one call scores several files; each sheet's title names its file, and the
    sheets are those of each file scored alone."""
    leningrad = SOCHI.parent / "leningrad.pref"
    code, out, err = run("score", str(SOCHI), str(leningrad))
    _, alone_sochi, _ = run("score", str(SOCHI))
    _, alone_leningrad, _ = run("score", str(leningrad))
    assert (code, err) == (0, "")
    first, second = out.split("\n\n" + str(leningrad) + ": ")
    assert first == str(SOCHI) + ": " + alone_sochi.rstrip("\n")
    assert second == alone_leningrad
    assert run("score", "--jobs", "2", str(SOCHI), str(leningrad))[1] == out
    code, out, err = run("score", "--game", "2", str(SOCHI), str(leningrad))
    assert code == 2 and out == "" and f"{SOCHI} holds 1 game; {leningrad} holds 1 game" in err
    assert run("score", "-", "-")[0] == 2


def test_a_long_game_s_sheet_stays_within_100_columns() -> None:
    """Issue 12, Deliver 6: the records of a 60-deal game do not fit a table; they are written a
    player at a time, each record whole (its points only broken at the line's end)."""
    code, out, err = run("generate", "--deals", "60", "--seed", "3")
    import preflog

    game = preflog.loads(out)
    sheet = preflog.score(game)
    text = preflog.present.score_table.sheet_text(sheet)
    assert max(len(line) for line in text.split("\n")) <= 100
    for player in game.players:
        record = sheet.record(player, preflog.scoring.ledger.Column.MOUNTAIN)
        assert len(record) > 40  # too long for a table of five columns
        block = text.split("\n" + player + "\n")[1].split("\n\n")[0]
        written = "".join(line.split("mountain", 1)[1].strip() if "mountain" in line else line.strip()
                          for line in block.split("\n") if "mountain" in line or line.startswith(" " * 19))
        assert written.startswith(record)


def test_generate_to_a_pool_ends_each_game_with_its_pulka() -> None:
    """Code 4.2.3: a game ends when the pools reach the agreed figure; generate --pool N writes the
    Pool tag and starts a new game there."""
    import preflog

    code, out, err = run("generate", "--pool", "10", "--deals", "120", "--seed", "5")
    assert (code, err) == (0, "")
    games = preflog.loads_all(out)
    assert sum(len(g.deals) for g in games) == 120 and len(games) >= 2
    for game in games[:-1]:
        assert game.tag("Pool") == "10"
        sheet = preflog.score(game)
        assert sheet.finished_after == len(game.deals)
    assert all(preflog.check(g) == [] for g in games)
