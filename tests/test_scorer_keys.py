"""The scorer's keys and short form (preflog/serve/keyboard.py) and the refusal's sentence apart from its
rule (issue 65, item 5): every key types what the server's short form reads, in the page's language; a
deal recorded comes back in that short form and, typed again, is the same deal; a rule cited at the end
of a message is taken off the sentence and kept whole."""

from __future__ import annotations

import pytest

from preflog.i18n import using_language
from preflog.record.judgment import judge
from preflog.record.recorder import Recorder, Refused, Turn
from preflog.record.short import read_short

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from preflog.serve.keyboard import all_pass_typed, contract_keys, defence_keys, short_form, turns  # noqa: E402
from preflog.serve.view import game_view, plain_and_rule  # noqa: E402

HEADER = '[Players "Аня Лёва Оля"]\n[Pool "20"]\n'
PLAYERS = ("Аня", "Лёва", "Оля")
#: deals 1…9: Лёва, Оля, Аня, Лёва… are the eldest hands
DEALS = ["Лёва 7s wp 8", "Оля 7s ww 7 2 1", "Аня 6d pp", "Лёва 6h phw 6 3 1", "Оля 8c wpo =",
         "mis Аня 0", "pass 4 3 3", "Лёва 6s pp {шумно}", "Оля 6s wp 5 4 1"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_key_types_what_the_short_form_reads(lang: str) -> None:
    with using_language(lang):
        typed = {k.means: k.typed for k in contract_keys() + defence_keys()}
        table = Recorder(HEADER).table()
        defence = (" " if len(typed["w"]) > 1 else "").join([typed["w"], typed["p"]])  # letters run together
        line = f"Лёва {typed['7s']} {defence} 8"
        assert "contract Лёва: " + typed["7s"] in read_short(line, table)
        assert "whist whist pass" in read_short(line, table)
        assert read_short(f"{all_pass_typed()} 4 3 3", table).startswith("bids pass")
        assert read_short(f"{typed['mis']} Аня 0", table).startswith("contract Аня: ")
        expected = {"ru": ("7п", "вист", "распасы", "мизер"), "en": ("7s", "w", "pass", "mis")}[lang]
        assert (typed["7s"], typed["w"], all_pass_typed(), typed["mis"]) == expected


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_deal_recorded_comes_back_in_the_short_form_and_is_the_same_deal(lang: str) -> None:
    with using_language(lang):
        recorder = Recorder(HEADER)
        for deal in DEALS:
            recorder.add(deal)
        view = game_view(judge(recorder.text), 1)
        for number in range(1, len(DEALS) + 1):
            shown = view.deals.of(number)
            assert shown is not None and shown.outline is not None
            order = Turn.of(number, shown.dealer, PLAYERS).order
            short = short_form(shown.outline, shown.text, shown.notes, order)
            assert short, (number, shown.text)
            before = recorder.said(number)
            recorder.edit(number, short)
            assert recorder.said(number) == before, (number, short)
        assert short_form(view.deals.of(8).outline, view.deals.of(8).text, ["шумно"]).endswith("{шумно}")
    assert "Аня 6б пп" not in DEALS  # the Russian form is the keys', not what was typed
    with using_language("ru"):
        view = game_view(judge(recorder.text), 1)
        shown, two = view.deals.of(4), view.deals.of(2)
        assert shown is not None and two is not None
        assert short_form(shown.outline, shown.text, (), Turn.of(4, "Аня", PLAYERS).order) == \
            "Лёва 6ч пас полвиста вист 6 3 1"  # the tricks in the seats' order: numbers, as the keys type them
        assert short_form(shown.outline, shown.text) == "Лёва 6ч пас полвиста вист Лёва 6 Оля 3 Аня 1"
        assert short_form(two.outline, two.text, (), Turn.of(2, "Лёва", PLAYERS).order) == "Оля 7п вист вист 7 2 1"


def test_a_deal_the_short_form_cannot_say_whole_is_not_offered() -> None:
    """A deal with its auction would lose it: no short form, the box starts empty."""
    text = HEADER + "\ndeal 1 dealer Аня\nbids 6s pass pass\ncontract Лёва: 6s\nwhist pass pass\n"
    judged = judge(text)
    view = game_view(judged, 1)
    shown = view.deals.of(1)
    assert shown is not None and short_form(shown.outline, shown.text) == ""


def test_the_deals_to_come_pass_clockwise() -> None:
    recorder = Recorder(HEADER + '\ndeal 1 dealer Аня\ncontract Лёва: 6s\nwhist pass pass\n')
    with using_language("ru"):
        ahead = turns(recorder.next(), ("Аня", "Лёва", "Оля"), 4)
    assert [(t["number"], t["dealer"], t["order"][0]) for t in ahead] == [
        (2, "Лёва", "Оля"), (3, "Оля", "Аня"), (4, "Аня", "Лёва"), (5, "Лёва", "Оля")]
    assert ahead[0]["said"].startswith("сдача 2")
    four = turns(Recorder('[Players "Аня Лёва Оля Миша"]\n').next(), ("Аня", "Лёва", "Оля", "Миша"), 2)
    assert four[1]["dealer"] == "Лёва" and "Лёва" not in four[1]["order"]  # the dealer of four sits out


def test_a_refusal_s_rule_is_taken_off_its_sentence() -> None:
    with using_language("ru"):
        recorder = Recorder(HEADER)
        with pytest.raises(Refused) as found:
            recorder.add("Лёва 7п вв 6 3 3")
    message = found.value.errors[0].message
    sentence, rule = plain_and_rule(message)
    assert sentence == "взяток в сумме 12, а не 10"
    assert rule == "C603: результат соответствует контракту, Кодекс 3.8.7, 3.9.22"
    assert plain_and_rule("'11' — не число взяток (от 0 до 10)") == ("'11' — не число взяток (от 0 до 10)", None)
