"""``sheet`` statements and the ``Result`` tag against the reconstruction (Code 4.2.5–4.2.7, 4.2.14)."""

from __future__ import annotations

import preflog

HEAD = '[Players "Anna Boris Vera"]\n'
DEAL_1 = "deal 1\ncontract Boris: 7s\nwhist whist whist\nresult Boris 7 Vera 2 Anna 1\n"


def found(text: str) -> list[tuple[str, int | None, int | None, str]]:
    return [(v.code, v.span.line if v.span else None, v.span.column if v.span else None, preflog.message(v))
            for v in preflog.check(preflog.loads(text))]


def test_code_4_2_5_a_sheet_that_agrees_with_the_deals_is_clean() -> None:
    text = HEAD + "\n" + DEAL_1 + "sheet Anna pool 0 mountain 0 whists Boris 4; Boris pool 4; Vera whists Boris 8\n"
    assert found(text) == []


def test_code_4_2_7_the_first_difference_of_a_sheet_is_reported_at_its_entry() -> None:
    text = HEAD + "\n" + DEAL_1 + "sheet Anna whists Boris 4; Boris pool 4; Vera whists Boris 6 Anna 0\n"
    (code, line, column, message), = found(text)
    assert (code, line, column) == ("S701", 7, 42)
    assert message.startswith("the sheet after deal 1 gives Vera whists on Boris 6; the deals so far give 8 "
                              "(last written: deal 1: Vera writes 8 whists on Boris: 2 tricks × 4 (Code 3.8.1.1))")


def test_code_4_2_7_each_sheet_is_compared_with_the_sheet_after_its_deal() -> None:
    text = (HEAD + "\n" + DEAL_1 + "sheet Boris pool 4\n"
            "deal 2\ncontract Vera: 6s\nwhist pass pass\nsheet Boris pool 4; Vera pool 4\n")
    (code, line, _, message), = found(text)
    assert (code, line) == ("S701", 11)
    assert "gives Vera pool 4; the deals so far give 2" in message


def test_code_4_2_14_the_result_tag_is_compared_with_the_settlement() -> None:
    # Anna: (2/3·… ) — no mountains here: Anna +4, Boris −12, Vera +8
    right = '[Players "Anna Boris Vera"]\n[Result "Anna +4 Boris -12 Vera +8"]\n\n' + DEAL_1
    assert found(right) == []
    wrong = '[Players "Anna Boris Vera"]\n[Result "Anna +4 Boris -10 Vera +6"]\n\n' + DEAL_1
    (code, line, _, message), = found(wrong)
    assert (code, line) == ("S702", 2)
    assert message.startswith("the Result tag gives Boris whists: -10; the settlement gives -12")


def test_code_4_2_12_a_result_rounded_to_the_places_written_agrees() -> None:
    deal = "deal 1\ncontract Boris: 6s\nwhist pass pass\n"  # Pool 10: Boris +13.33, the others −6.67
    for written, ok in (("+13 -7 -7", True), ("+13.33 -6.67 -6.67", True), ("+13.3 -6.7 -6.7", True),
                        ("+14 -7 -7", False), ("+13.31 -6.67 -6.67", False)):
        b, a, v = written.split()
        text = f'[Players "Anna Boris Vera"]\n[Pool "10"]\n[Result "Anna {a} Boris {b} Vera {v}"]\n\n' + deal
        assert (found(text) == []) is ok, written


def test_a_result_tag_that_cannot_be_read_is_reported() -> None:
    for value, words in (("Anna +4 Boris", "is not pairs"), ("Anna +4 Gleb -4", "'Gleb' is not one of the players"),
                         ("Anna four", "'four' is not a number")):
        text = f'[Players "Anna Boris Vera"]\n[Result "{value}"]\n\n' + DEAL_1
        (code, line, _, message), = found(text)
        assert (code, line) == ("S702", 2) and words in message, value


def test_a_deal_too_short_to_score_is_reported_by_score_and_blocks_later_checkpoints() -> None:
    text = HEAD + "\ndeal 1\ncontract Boris: 7s\nwhist whist whist\nresult 7\nsheet Boris pool 4\n"
    game = preflog.loads(text)
    _, problems = preflog.audit(game)
    assert [(v.code, v.span.line if v.span else None) for v in problems] == [("S703", 3), ("S703", 7)]
    assert "two whisters write for their own tricks" in preflog.message(problems[0])
    assert "write: result Boris 7 Vera N Anna N" in preflog.message(problems[0])
    # check reports only what a checkpoint cannot verify; the sparse deal itself is legal notation
    assert [v.code for v in preflog.check(game)] == ["S703"]
    assert preflog.check(preflog.loads(HEAD + "\ndeal 1\ncontract Boris: 7s\nwhist whist whist\nresult 7\n")) == []


def test_the_reasons_a_deal_cannot_be_scored() -> None:
    cases = {
        "deal 1\n": "neither the auction nor the contract names the declarer",
        "deal 1\nbids pass pass pass\n": "the tricks of the all-pass are not recorded",
        "deal 1\ncontract Boris: mis\n": "the misère's result is not recorded",
        "deal 1\ncontract Boris: 6s\n": "the defence is not recorded",
        "deal 1\ncontract Boris: 6s\nwhist whist\n": "the second defender's word is missing",
        "deal 1\ncontract Boris: 6s\nwhist whist pass\n": "the result of 6s is not recorded",
    }
    for body, reason in cases.items():
        _, problems = preflog.audit(preflog.loads(HEAD + "\n" + body))
        assert [v.code for v in problems] == ["S703"], body
        assert reason in preflog.message(problems[0]), body
