"""Violations are values, said at the edge (issue 64, point 1): a violation found in English equals the
one found in Russian, and :mod:`preflog.verdicts` says it as preflog always has, in either language.

The expected sentences are what a1c4cf9 (before the change, when the engine made the sentence) printed
for the same texts: the msgids are the same, so the Russian catalog keeps its translations.
"""

from __future__ import annotations

import pytest

import preflog
from preflog.i18n import using_language
from preflog.verdicts import hint_text, message, params_json, rule

from .conftest import HEAD as CONFTEST_HEAD
from .test_engine import FULL
from .test_one_report import DEAL_2

HEAD = '[Players "Anna Boris Vera"]\n'

#: Texts with violations of many kinds: the auction, a dealer's slip with its hint (folded), the play,
#: the sheet, a deal too short to score, the tags.
TEXTS = [
    HEAD + "\ndeal 1 dealer Anna\nbids 6s 6s\n",
    CONFTEST_HEAD + FULL + "\n" + DEAL_2.format(dealer="Anna"),  # a wrong dealer: one report, with a hint
    HEAD + "\ndeal 1\ncontract Boris: 7s\nwhist whist whist\nresult Boris 7 Vera 2 Anna 1\nsheet Anna pool 3\n",
    HEAD + '[Result "Anna x"]\n\ndeal 1\n',
    HEAD + '[Rule.Stalingrad "yes"]\n[Rule.Foo "x"]\n\ndeal 1 dealer Anna\nbids 6s pass pass\ncontract 6s\n'
           'whist pass pass\n',
    HEAD + "\ndeal 1 dealer Anna\nbids 6s pass pass\ncontract 6s\nwhist pass half\nresult 6\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_equal_violations_compare_equal_in_english_and_russian(text: str) -> None:
    """A violation holds facts, not words: found under either language, the same values, hashes and
    hints; only their sentences differ."""
    game = preflog.loads(text)
    with using_language("en"):
        english = preflog.check(game, fold=False) + preflog.check(game)
    with using_language("ru"):
        russian = preflog.check(game, fold=False) + preflog.check(game)
    assert english and english == russian
    assert [hash(v) for v in english] == [hash(v) for v in russian]
    assert [v.hint for v in english] == [v.hint for v in russian]
    with using_language("ru"):
        said = [message(v) for v in english]
    assert said != [message(v) for v in english]  # the words are the reader's


def test_the_sentences_are_those_preflog_always_said_in_both_languages() -> None:
    """The presenter's sentences, byte for byte those of a1c4cf9 for the same texts (code, a rule's
    source, a plural, a chosen sub-phrase, a phrase of the scoring, a tag's problem said bare)."""
    cases = {
        HEAD + "\ndeal 1 dealer Anna\nbids 6s 6s\n": (
            "6s is not higher than 6s [A202: each bid must be higher than the last, Code 3.3.7]",
            "6♠ не выше 6♠ [A202: каждая заявка должна быть выше предыдущей, Кодекс 3.3.7]"),
        HEAD + "\ndeal 1\ncontract Boris: 7s\nwhist whist whist\nresult Boris 7 Vera 2 Anna 1\nsheet Anna pool 3\n": (
            "the sheet after deal 1 gives Anna pool 3; the deals so far give 0 (nothing is written there) [S701: "
            "the sheet as written agrees with the deals, Code 4.2.5, 4.2.7]",
            "в пульке после сдачи 1: Anna, пуля 3; по сдачам выходит 0 (там ничего не записано) [S701: записанная "
            "пулька совпадает со сдачами, Кодекс 4.2.5, 4.2.7]"),
        HEAD + "\ndeal 1 dealer Anna\nbids 6s pass pass\ncontract 6s\nwhist pass half\nresult 6\n": (
            "a pass and a half-whist, so 6s counts as made without play: result 6 records a game that was not "
            "played (leave it out) [C605: a game nobody whisted is not played and has no result, Code 3.8.1, 3.8.7]",
            "пас и полвиста, поэтому 6♠ засчитывается без розыгрыша: result 6 записывает "
            "несыгранную игру (уберите строку result) [C605: контракт, который никто не вистовал, не разыгрывается, и "
            "результата у него нет, Кодекс 3.8.1, 3.8.7]"),
        '[Players "Anna Boris Vera"]\n[Rules "gusarik"]\n\ndeal 1\n': (
            "gusarik is played by two and a dummy, not by 3 (Players names two for it)",
            "в гусарика играют двое с болваном, а не 3 (для него в Players два имени)"),
        HEAD + '[Result "Anna x"]\n\ndeal 1\n': (
            "the Result tag cannot be read: 'x' is not a number of whists [S702: the Result tag agrees with the "
            "settlement, Code 4.2.14]",
            "тег Result не читается: 'x' — не число вистов [S702: тег Result совпадает с расчётом, Кодекс 4.2.14]"),
    }
    for text, (english, russian) in cases.items():
        _sheet, found = preflog.audit(preflog.loads(text))
        assert english in [message(v) for v in found], text
        with using_language("ru"):
            assert russian in [message(v) for v in found], text


def test_a_deal_too_short_to_score_says_why_in_the_readers_language() -> None:
    """S703's reason is a phrase of the scoring (what the record lacks), said where it is read."""
    text = HEAD + "\ndeal 1 dealer Anna\nbids pass pass pass\n\ndeal 2\ncontract Boris: 6s\n"
    _sheet, found = preflog.audit(preflog.loads(text))
    assert [message(v) for v in found] == [
        "deal 1 cannot be scored: the tricks of the all-pass are not recorded (write them: result Boris N Vera N "
        "Anna N) [S703: a deal whose record is too short to score, Code 4.2.1]",
        "deal 2 cannot be scored: the defence is not recorded (write: whist …) [S703: a deal whose record is too "
        "short to score, Code 4.2.1]"]
    with using_language("ru"):
        assert message(found[1]) == ("сдачу 2 нельзя подсчитать: вист не записан (пишите: whist …) [S703: сдача "
                                     "записана слишком кратко для подсчёта, Кодекс 4.2.1]")


def test_a_violation_carries_its_facts_and_says_them_as_json() -> None:
    """The facts of a violation, by name, language-free: a call as the notation writes it."""
    v = preflog.check(preflog.loads(HEAD + "\ndeal 1 dealer Anna\nbids 6s 6s\n"))[0]
    assert (v.code, v.reason, v.deal, v.section) == ("A202", "", 1, "3.3.7")
    assert params_json(v) == {"call": "6s", "high_call": "6s"}
    assert rule(v) == "each bid must be higher than the last" and hint_text(v) is None
    assert "message" not in {f.name for f in type(v).__attrs_attrs__}


def test_the_library_says_how_many_follow_and_only_the_command_line_names_its_option() -> None:
    """What only ``preflog check`` says (its ``--all``) is the command line's: the library's error for a
    violation that others follow from counts them without naming an option no other verb has."""
    from preflog.cli.reports import all_shows_them
    from preflog.checker import violation_error

    (root,) = preflog.check(preflog.loads(TEXTS[1]))
    assert len(root.follows) == 32
    assert violation_error(root, "x.pref").notes[-1] == "… and 32 more that follow from it"
    assert violation_error(root, "x.pref", folded=all_shows_them).notes[-1] == (
        "… and 32 more that follow from it (--all shows them)")
    assert list(violation_error(root, "x.pref", folded=None).notes) == [
        "hint: the deal reads as if Boris dealt: did you mean `dealer Boris`?"]
