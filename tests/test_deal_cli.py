"""``preflog deal`` (issue 66, item 3): a teacher's practice deals in one command, read back by ``check``,
``fmt`` and ``event new --hand-record``; a condition that cannot be used refused at its column with exit 2,
whatever it holds; the tries running out said, with exit 1 and the boards found written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from preflog.cli import cli

from .test_deal import check_whole, read_record, suit


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


WHERE = 'len(first.spades) >= 5 and "As" not in first and len(talon.hearts) >= 1'


def test_a_teacher_deals_twenty_boards_of_a_kind_in_one_command_and_every_reader_takes_them(tmp_path: Path) -> None:
    record = tmp_path / "lesson.pref"
    code, out, err = run("deal", "--count", "20", "--seed", "7", "--where", WHERE, "-o", str(record))
    assert (code, out, err) == (0, "", "")
    text = record.read_text(encoding="utf-8")
    tags, boards = read_record(text)
    assert tags == {"Players": "Seat1 Seat2 Seat3", "Seed": "7", "Where": WHERE} and len(boards) == 20
    check_whole(boards, 3)
    assert all(suit(b.first, "s") >= 5 and (0, 14) not in b.first and suit(b.talon, "h") >= 1 for b in boards)
    # the same command, read back from the file's tags, writes the same bytes; another seed other boards
    assert run("deal", "--count", "20", "--seed", tags["Seed"], "--where", tags["Where"]) == (0, text, "")
    assert run("deal", "--count", "20", "--seed", "8", "--where", WHERE)[1] != text
    code, out, _err = run("check", str(record))
    assert code == 0 and "20 deals: clean" in out
    assert run("fmt", str(record)) == (0, text, "")
    code, out, err = run("event", "new", str(tmp_path / "e.json"), "--name", "Lesson", "--players", "A B C D E F",
                         "--duplicate", "--hand-record", str(record), "--boards", "20", "--tours", "2")
    assert code == 0, err


def test_four_players_write_a_record_of_four_seats_the_dealer_sitting_out(tmp_path: Path) -> None:
    code, text, err = run("deal", "--count", "8", "--players", "4", "--where", "first.pattern == (4, 3, 2, 1)")
    assert code == 0, err
    tags, boards = read_record(text)
    assert tags["Players"] == "Seat1 Seat2 Seat3 Seat4"
    check_whole(boards, 4)
    assert all(sorted((suit(b.first, s) for s in "scdh"), reverse=True) == [4, 3, 2, 1] for b in boards)
    record = tmp_path / "four.pref"
    record.write_text(text, encoding="utf-8")
    assert run("check", str(record))[0] == 0
    code, _out, err = run("event", "new", str(tmp_path / "e.json"), "--name", "Four", "--players", "A B C D E F G H",
                          "--tables", "4", "--duplicate", "--hand-record", str(record), "--boards", "8")
    assert code == 0, err


HOSTILE = [
    ("__import__('os').system('echo owned')", 1, "only the functions len, min, max"),
    ("__import__('os')", 1, "knows no `__import__`"),
    ("first.__class__", 1, "knows no `first.__class__`"),
    ("().__class__.__bases__", 1, "only a hand has attributes"),
    ("first.__class__.__init__.__globals__", 1, "only a hand has attributes"),
    ("(1,)*10**9 == (1,)", 1, "a number is wanted here, not a tuple of numbers"),
    ("len('a'*99999999) > 1", 5, "a text is only a card before in"),
    ("2**10**10 > 1", 1, "the operator ** is not allowed"),
    ("(lambda: 1)() == 1", 2, "only the functions"),
    ("lambda: 1", 1, "a lambda is not allowed"),
    ("any([c for c in first])", 5, "a comprehension is not allowed"),
    ("[1] * 10**8", 1, "a list, set or dict is not allowed"),
    ("first.shape[0] > 4", 1, "indexing is not allowed"),
    ("len(frist.spades) >= 5", 5, "did you mean `first`?"),
    ("len(first.spadez) >= 5", 5, "did you mean `first.spades`?"),
    ("tricks(frist, 's') > 5", 8, "did you mean `first`?"),
    ("lenn(first.spades) > 5", 1, "did you mean `len`?"),
    ("zzz > 1", 1, "knows no `zzz`"),
    ("len(first.spades) >= 5 and 'Xs' in first", 28, "not a card: 'Xs'"),
    ("tricks(first, 'q') > 5", 15, "not a strain: 'q'"),
    ("tricks(talon, 's') > 5", 8, "one of the hands dealt"),
    ("len(first.spades)", 1, "a condition is true or false"),
    ("len(first.spades) >= 99999", 22, "at most 1000"),
    ("fourth.shape == (0, 0, 0, 0)", 1, "no fourth hand at a table of three"),
    ("len(first.spades) >= 5 and", 27, "one Python expression"),
    ("len(first.spades >= 5", 4, "one Python expression"),
    ("min(()) > 1", 5, "an empty tuple"),
    ("len(first, second) > 1", 1, "len is called as len(first.spades)"),
    ("max(first.shape, key=abs) > 1", 1, "takes its arguments by place"),
    ("(x := 5) > 1", 2, "an assignment is not allowed"),
    ("f'{first}' == 'x'", 1, "an f-string is not allowed"),
    ("'As' in first in first", 9, "a number is wanted here, not a hand"),
    ("not " * 200 + "True", 245, "nested too deep"),
    ("", 1, "the condition is empty"),
]


@pytest.mark.parametrize(("where", "column", "said"), HOSTILE, ids=[h[0][:30] for h in HOSTILE])
def test_a_condition_that_cannot_be_used_is_refused_at_its_column_with_exit_2(where: str, column: int,
                                                                             said: str) -> None:
    code, out, err = run("deal", "--count", "2", "--where", where)
    assert code == 2 and out == "" and "Traceback" not in err
    head, *rest = err.splitlines()
    assert head.startswith(f"--where:1:{column}: error: ") and said in err, err
    if where:
        excerpt, caret = rest[0], rest[1]
        assert excerpt.startswith("    ") and caret.lstrip().startswith("^")
        if len(where) <= 80:  # the excerpt is the whole condition: the caret stands under the column
            assert caret.index("^") - 4 == column - 1


def test_a_condition_on_several_lines_is_kept_on_one_and_a_control_character_refused() -> None:
    code, out, err = run("deal", "--count", "2", "--where", 'len(first.spades) >= 4\n and\t"As" in first')
    assert code == 0 and read_record(out)[0]["Where"] == 'len(first.spades) >= 4  and "As" in first', err
    for where, column in [("len(first.spades) >= 4 # \x0b", 26), ("tricks(first, '\x0bs') > 1", 16),
                          ("'As' in first\u2028", 14)]:
        code, out, err = run("deal", "--where", where)
        assert code == 2 and err.startswith(f"--where:1:{column}: error: the condition holds a control character")


def test_a_seed_the_record_cannot_keep_is_refused() -> None:
    for seed in ("a\nb", "x" * 101):
        code, out, err = run("deal", "--seed", seed)
        assert code == 2 and out == "" and "a seed is one line of at most 100 characters" in err
    assert run("deal", "--count", "1", "--seed", 'Ivanov "class" 3')[1].startswith(
        '[Players "Seat1 Seat2 Seat3"]\n[Seed "Ivanov \\"class\\" 3"]\n')


def test_a_condition_of_ten_thousand_characters_is_refused_before_it_is_read() -> None:
    where = " and ".join(["len(first.spades) >= 1"] * 400)
    code, out, err = run("deal", "--where", where)
    assert code == 2 and out == "" and f"the condition is {len(where)} characters long; at most 1000" in err


def test_a_card_in_any_spelling_is_read_and_a_misspelt_one_is_pointed_at() -> None:
    for spelling in ("As", "A♠", "Тп", "Tп"):
        code, out, err = run("deal", "--count", "2", "--where", f"'{spelling}' in first")
        assert code == 0, err
    code, out, err = run("deal", "--where", "'A♠' in first and 'Kz' not in second")
    assert code == 2 and err.splitlines()[2] == "                      ^~~~"


def test_the_tries_running_out_is_said_the_boards_found_written_and_exit_1(tmp_path: Path) -> None:
    record = tmp_path / "few.pref"
    code, out, err = run("deal", "--count", "5", "--where", "len(first.spades) >= 7", "--tries", "3000",
                         "-o", str(record))
    _tags, boards = read_record(record.read_text(encoding="utf-8"))
    assert code == 1 and out == "" and 0 < len(boards) < 5
    assert err == (f"preflog: error: boards that satisfy the condition: {len(boards)} of 5, in 3000 tries; loosen the "
                   f"condition or raise --tries\npreflog: note: the boards found are written to {record}\n")
    assert run("check", str(record))[0] == 0
    never = tmp_path / "never.pref"
    code, out, err = run("deal", "--count", "2", "--where", "len(first.spades) >= 9", "--tries", "1", "-o", str(never))
    assert code == 1 and not never.exists() and "0 of 2, in 1 try;" in err and "nothing is written" in err


def test_the_messages_speak_russian() -> None:
    code, _out, err = run("--lang", "ru", "deal", "--count", "2", "--where", "len(first.spades) >= 9", "--tries", "21")
    assert code == 1 and err.splitlines() == [
        "preflog: ошибка: за 21 попытку найдено раздач, удовлетворяющих условию: 0 из 2; ослабьте условие "
        "или увеличьте --tries", "preflog: внимание: ничего не записано"]
    code, _out, err = run("--lang", "ru", "deal", "--where", "len(frist.spades) > 2")
    assert code == 2 and err.splitlines()[0] == "--where:1:5: ошибка: в условии нет имени `frist`"
    assert err.splitlines()[-1] == "    подсказка: может быть, `first`?"
    code, out, _err = run("--lang", "ru", "deal", "--help")
    assert code == 0 and "Сдать раздачи, удовлетворяющие условию" in out
