"""The pocket pad's calls (preflog/webapp/api.py), as the page on the phone makes them: a JSON object in,
a JSON object out, the game's text carried by the page; every bad payload an error, never an exception."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from preflog.record.recorder import Recorder
from preflog.webapp.api import CALLS, MAX_PAYLOAD, call
from preflog.webapp.pad_words import WORDS

from .test_cli import run

#: A Russian evening at the kitchen table, typed in the short form as the keys type it.
EVENING = ["Боря 7п вист пас 8", "Вера 6т пас пас", "распасы 2 4 4", "мизер Аня 0", "Боря 6ч вист вист 6 2 2",
           "Вера 8б пас пас"]


def ask(name: str, /, **payload: Any) -> dict[str, Any]:
    answer = json.loads(call(name, json.dumps(payload, ensure_ascii=False)))
    assert isinstance(answer, dict)
    return answer


def new_game(**more: Any) -> str:
    given: dict[str, Any] = {"lang": "ru", "players": ["Аня", "Боря", "Вера"], "rules": "sochi", "pool": "20",
                             "price": "0,5", "title": "Кухня", "date": "2026-11-29"}
    answer = ask("new", **(given | more))
    assert "error" not in answer, answer
    assert answer["title"] == "Кухня"
    return str(answer["text"])


def evening() -> str:
    text = new_game()
    for number, typed in enumerate(EVENING, 1):
        answer = ask("record", lang="ru", text=text, typed=typed)
        assert answer["number"] == number, answer
        assert answer["done"].startswith(f"сдача {number} записана: "), answer
        text = answer["text"]
    return text


def test_an_evening_typed_on_the_phone_is_the_servers_text_and_scores_as_preflog_score(tmp_path: Path) -> None:
    text = evening()
    same = Recorder(new_game())
    for typed in EVENING:
        same.add(typed)
    assert text == same.text  # the server's recorder writes the same file
    assert '[WhistPrice "0.5"]' in text and "deal 4 dealer Аня\ncontract Аня: мизер\nresult 0\n" in text
    path = tmp_path / "evening.pref"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("score", "--format", "json", str(path))
    assert (code, err) == (0, "")
    scored = json.loads(out)
    shown = ask("view", lang="en", text=text)
    assert shown["columns"][-1] == "money" and shown["money"] is True
    assert {row[0]: float(row[4]) for row in shown["rows"]} == scored["settlement"]
    assert {row[0]: float(row[5]) for row in shown["rows"]} == scored["money"]
    paid = [(p["payer"], p["payee"]) for p in scored["payments"]]
    assert [tuple(line.split(":")[0].split(" → ")) for line in shown["payments"]] == paid
    russian = ask("view", lang="ru", text=text)
    assert russian["count"] == len(EVENING) and russian["deals"][0]["number"] == len(EVENING)
    assert russian["deals"][-1]["said"] == "Боря: 7♠ · Вера: вист, Аня: пас · взятки: Боря 8"
    assert russian["deals"][-1]["outcome"] == "сыграно (+4 в пулю)"
    assert russian["svg"].startswith("<svg") and "Кухня" in russian["svg"]
    assert russian["columns"][-1] == "деньги" and all("→" in p for p in russian["payments"])
    assert russian["rules_said"] == "сочинка, как обычно" and russian["refusal"] is None


def test_a_refused_deal_is_an_answer_with_its_rule_and_nothing_written() -> None:
    text = new_game()
    answer = ask("record", lang="ru", text=text, typed="Боря 6п вист вист 4 4 4")
    assert "text" not in answer
    refused = answer["refused"]
    assert refused["lines"] == ["взяток в сумме 12, а не 10"]
    assert refused["rules"] and refused["rules"][0].startswith("C603: ") and "Кодекс" in refused["rules"][0]
    assert refused["read"] == "Боря: 6♠ · Вера: вист, Аня: вист · взятки: Боря 4, Вера 4, Аня 4"
    typo = ask("record", lang="ru", text=text, typed="Гоша 6п вист пас 6")["refused"]
    assert "не игрок" in typo["lines"][0] and typo["rules"] == []
    english = ask("record", lang="en", text=text, typed="Боря 6s ww 4 4 4")["refused"]
    assert english["lines"] == ["the tricks add up to 12, not 10"]
    helped = ask("record", lang="ru", text=text, typed="?")["refused"]
    assert "Боря" in helped["lines"][0] or "Аня" in helped["lines"][0]


def test_the_turn_gives_the_keys_in_the_language_and_a_correction_starts_from_the_deal() -> None:
    text = evening()
    turn = ask("turn", lang="ru", text=text)
    assert turn["turn"]["number"] == len(EVENING) + 1 and turn["turn"]["said"].startswith("сдача 7: ")
    assert [k["typed"] for k in turn["keys"]["contracts"]][:2] == ["6п", "6т"]
    assert [k["typed"] for k in turn["keys"]["defences"]][:2] == ["вист", "пас"]
    assert turn["keys"]["all_pass"] == "распасы" and turn["reader"]["seats"] == ["Аня", "Боря", "Вера"]
    assert ask("turn", lang="en", text=text)["keys"]["contracts"][0]["typed"] == "6s"
    assert ask("turn", lang="ru", text=text, number=1)["typed"] == "Боря 7п вист пас 8"


def test_undo_redo_edit_and_note_round_trip() -> None:
    text = evening()
    undone = ask("undo", lang="ru", text=text)
    assert undone["number"] == len(EVENING) and undone["done"] == f"сдача {len(EVENING)} отменена"
    assert f"deal {len(EVENING)}" not in undone["text"] and undone["taken"].strip().startswith("deal 6")
    again = ask("redo", lang="ru", text=undone["text"], taken=undone["taken"])
    assert again["text"] == text and again["done"] == f"сдача {len(EVENING)} записана снова"
    edited = ask("edit", lang="ru", text=text, number=1, typed="Боря 7п вист пас 7")
    assert edited["done"] == "сдача 1 исправлена" and "result 7\n" in edited["text"]
    wrong = ask("edit", lang="ru", text=text, number=1, typed="Боря 7п вист пас 12")
    assert "refused" in wrong and "text" not in wrong
    noted = ask("note", lang="ru", text=text, number=2, note="Вера рискнула")
    assert "{Вера рискнула}" in noted["text"] and noted["done"] == "заметка к сдаче 2 записана"
    assert "{Вера рискнула}" in ask("view", lang="ru", text=noted["text"])["deals"][-2]["text"]
    assert "error" in ask("note", lang="ru", text=text, number=2, note="a {brace}")
    first = new_game()
    assert ask("undo", lang="ru", text=first) == {"error": "нечего отменять"}


def test_new_game_refusals_are_messages() -> None:
    assert ask("new", lang="ru", players=["Аня"], pool="10")["error"] == "играют трое или четверо (в гусарика — двое)"
    assert ask("new", lang="ru", players=["Аня", "Боря", "Вера"], pool="10", rules="gusarik")["error"] == (
        "в гусарика играют двое с болваном, а не 3 (для него в Players два имени)")
    two = ask("new", lang="ru", players=["Аня", "Боря"], pool="10", rules="gusarik")["text"]
    assert ask("turn", lang="ru", text=two)["reader"]["dummy_said"] == "болван"
    assert "error" in ask("new", lang="ru", players=["Аня", "Аня", "Вера"], pool="10")
    assert "error" in ask("new", lang="ru", players=["Аня", "Боря", "7п"], pool="10")
    assert ask("new", lang="ru", players=["Аня", "Боря", "Вера"], pool="ten")["error"].startswith("пуля")
    assert "error" in ask("new", lang="ru", players=["Аня", "Боря", "Вера"], pool="10", price="дорого")
    assert "error" in ask("new", lang="ru", players=["Аня", "Боря", "Вера"], pool="10", rules="poker")
    assert "error" in ask("new", lang="ru", players=["Аня", "Боря", "Вера"], pool="10", title='a "b"')
    four = ask("new", lang="en", players=["Anna", "Boris", "Vera", "Gleb"], pool="10", rules="leningrad")
    assert '[Players "Anna Boris Vera Gleb"]' in four["text"] and four["title"] == "Anna Boris Vera Gleb"
    said = {c["name"]: c["said"] for c in ask("conventions", lang="ru")["conventions"]}
    assert said["sochi"] == "сочинка" and said["leningrad"] == "ленинградка"


@pytest.mark.parametrize("name, payload", [
    ("nonsense", "{}"), ("__import__", "{}"), ("record", "[]"), ("record", "{"), ("record", "null"),
    ("record", '{"text": 5, "typed": "x"}'), ("record", '{"text": "", "typed": ["x"]}'),
    ("record", json.dumps({"text": "[Players \"A B C\"]\n", "typed": "x" * 100_000})),
    ("view", json.dumps({"text": "x" * (MAX_PAYLOAD + 10)})), ("view", '{"text": "\\ud800"}'),
    ("view", '{"text": "not a game"}'), ("edit", '{"text": "[Players \\"A B C\\"]\\n", "number": "1", "typed": "x"}'),
    ("note", '{"text": "[Players \\"A B C\\"]\\n", "number": true, "note": "x"}'),
    ("replay", '{"text": "[Players \\"A B C\\"]\\n", "number": 99}'), ("turn", '{"text": "[Players \\"A\\"]"}'),
    ("new", '{"players": "Anna Boris Vera"}'), ("new", '{"players": [1, 2, 3]}'), ("import", '{"text": 7}'),
    ("record", "[" * 100_000 + "]" * 100_000), ("redo", '{"text": "[Players \\"A B C\\"]\\n", "taken": 5}'),
])
def test_hostile_payloads_are_errors_not_exceptions(name: str, payload: str) -> None:
    answer = json.loads(call(name, payload))
    assert set(answer) <= {"error", "problems", "refused"} and answer, answer
    if "error" in answer:
        assert isinstance(answer["error"], str) and answer["error"] and "Traceback" not in answer["error"]


def test_the_calls_are_a_fixed_table_and_the_words_are_russian() -> None:
    assert set(CALLS) == {"words", "conventions", "new", "turn", "record", "undo", "redo", "edit", "note", "view",
                          "replay", "import"}
    assert json.loads(call(123, "{}"))["error"].startswith("нет такого вызова")  # type: ignore[arg-type]
    assert json.loads(call("record", 7))["error"]  # type: ignore[arg-type]
    russian, english = ask("words", lang="ru")["words"], ask("words", lang="en")["words"]
    assert set(russian) == set(WORDS) and english == WORDS
    assert russian["new"] == "Новая пулька" and russian["why"] == "почему?"
    assert [k for k in WORDS if russian[k] == WORDS[k]] == []  # every word said in Russian


def test_a_fault_of_preflogs_is_an_error_answer_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(payload: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("a bug")
    monkeypatch.setitem(CALLS, "view", broken)
    assert json.loads(call("view", '{"lang": "en"}')) == {"error": "preflog could not answer (KeyError); the game "
                                                                   "is unchanged"}


def test_import_says_the_rules_a_file_breaks_and_refuses_what_cannot_be_read() -> None:
    text = evening()
    clean = ask("import", lang="ru", text=text, name="evening.pref")["games"]
    assert [(g["title"], g["deals"], g["problems"]) for g in clean] == [("Кухня", len(EVENING), [])]
    broken = text.replace("contract Вера: 6т\nwhist pass pass", "contract Вера: 6т\nwhist pass pass\nresult 4")
    found = ask("import", lang="ru", text=broken, name="evening.pref")["games"][0]
    assert found["problems"] and found["problems"][0].startswith("evening.pref:")
    assert "error" not in ask("view", lang="ru", text=found["text"])
    assert ask("view", lang="ru", text=found["text"])["violations"]
    assert "error" in ask("record", lang="ru", text=found["text"], typed="Боря 6п вист пас 6")
    unread = ask("import", lang="ru", text="deal 1 dealer X\n", name="x.pref")
    assert "error" in unread and "games" not in unread
    two = ask("import", lang="ru", text=text + "\n" + new_game(), name="two.pref")
    assert "error" in two


def test_replay_tells_the_deal_step_by_step() -> None:
    text = evening()
    told = ask("replay", lang="ru", text=text, number=1)
    assert told["number"] == 1 and told["steps"][0] == "Сдача 1, сдаёт Аня"
    assert any("Боря" in e for e in told["entries"])
