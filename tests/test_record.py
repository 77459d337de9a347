"""``preflog record``: the short form, the Recorder, the file it keeps (docs/recorder.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import preflog
from preflog.record.recorder import Recorder, Refused
from preflog.notation.vocabulary import STATEMENT_ORDER
from preflog.record.short import ShortFormError, Table, read_short

from .conftest import ROOT
from .test_cli import run

#: Anna deals: Boris is the eldest hand, then Vera, then Anna (Code 3.3.2).
TABLE = Table(("Anna", "Boris", "Vera"), "Anna", ("Boris", "Vera", "Anna"), {"Вера": "Vera"})


@pytest.mark.parametrize(("typed", "statements"), [
    ("Boris 7s wp 8", "contract Boris: 7s\nwhist whist pass\nresult 8"),
    ("7s Boris wp 8", "contract Boris: 7s\nwhist whist pass\nresult 8"),
    ("bo 8s wpo =", "contract Boris: 8s\nwhist whist pass open\nresult ="),
    ("Boris 7♥ WPC -1", "contract Boris: 7♥\nwhist whist pass closed\nresult -1"),
    # two whisters: the declarer's tricks, then each defender's from his left (Vera, then Anna)
    ("Boris 7s ww 7 2 1", "contract Boris: 7s\nwhist whist whist\nresult Boris 7 Vera 2 Anna 1"),
    ("Boris 7s ww Vera 2 Anna 1 Boris 7", "contract Boris: 7s\nwhist whist whist\nresult Vera 2 Anna 1 Boris 7"),
    ("Vera 6d pp", "contract Vera: 6d\nwhist pass pass"),
    ("Вера 6d ph", "contract Vera: 6d\nwhist pass half"),
    ("Anna 6d phw 6", "contract Anna: 6d\nwhist pass half whist\nresult 6"),
    ("mis Vera 0", "contract Vera: mis\nresult 0"),
    ("Vera мизер 1", "contract Vera: мизер\nresult 1"),
    ("pass 4 3 3", "bids pass pass pass\nresult Boris 4 Vera 3 Anna 3"),
    ("распасы Anna 2 Boris 4 Vera 4", "bids pass pass pass\nresult Anna 2 Boris 4 Vera 4"),
    ("Boris 6s wp 6 {a quick one}", "{a quick one}\ncontract Boris: 6s\nwhist whist pass\nresult 6"),
])
def test_the_short_form_is_read_into_the_notation(typed: str, statements: str) -> None:
    """docs/recorder.md, the short form: the declarer and contract in either order, a letter for each
    defender's word from the declarer's left, the tricks; an all-pass's tricks from the eldest hand."""
    assert read_short(typed, TABLE) == statements


@pytest.mark.parametrize(("typed", "message", "column"), [
    ("Vasya 6s wp 6", "'Vasya' is not a player", 1),
    ("Boris 6s", "how did the defenders answer?", 7),
    ("Boris 6s wp", "how many tricks did the declarer take?", 10),
    ("Boris 6s pp 6", "nobody whisted", 13),
    ("Boris 7s ww 7 2", "a played deal needs 3 numbers of tricks", 13),
    ("Boris 11s wp 6", "neither 'Boris' nor '11s' is a contract", 1),
    ("pass 4 3", "an all-pass needs 3 numbers of tricks", 6),
    ("pass", "an all-pass needs each player's tricks", 1),
    ("Boris 7s wp 11", "'11' is not a number of tricks", 13),
    ("mis Vera", "a misère is written with the tricks its declarer took", 1),
    # the Code 3.6.6, 3.8.2: a misère is caught by both opponents, who owe no tricks: nobody whists or passes
    ("Vera mis wp 0", "there is no whist or pass on a misère", 10),
    ("mis Vera whist pass 0", "there is no whist or pass on a misère", 10),
    ("Vera mis p 1", "there is no whist or pass on a misère", 10),
    ("Boris 7s wp 8 {late", "the comment is not closed", 15),
    ("Boris 7s wp 8 {a} b", "a comment ends the line", 19),
])
def test_a_short_form_it_cannot_read_is_refused_at_the_word(typed: str, message: str, column: int) -> None:
    with pytest.raises(ShortFormError) as found:
        read_short(typed, TABLE)
    assert found.value.message.startswith(message) and found.value.column == column


def test_a_name_is_its_start_when_only_one_name_starts_so() -> None:
    table = Table(("Bob", "Boris", "Vera"), "Bob", ("Boris", "Vera", "Bob"))
    with pytest.raises(ShortFormError, match="'Bo' could be Bob or Boris"):
        read_short("Bo 6s wp 6", table)
    assert read_short("bor 6s wp 6", table).startswith("contract Boris: 6s")
    four = Table(("Anna", "Boris", "Vera", "Gleb"), "Anna", ("Boris", "Vera", "Gleb"))
    with pytest.raises(ShortFormError, match="Anna does not play this deal"):  # the dealer of four sits out
        read_short("Anna 6s wp 6", four)


def header(**options: object) -> str:
    return Recorder.header(["Anna", "Boris", "Vera"], **options)  # type: ignore[arg-type]


def test_the_tags_of_a_new_file_freeze_every_option() -> None:
    """Every option written out: the game reads as the preset even if a later preset changes."""
    text = header(rules="leningrad", pool=20, whist_price="0.5", aliases={"Аня": "Anna"})
    game = preflog.loads(text)
    assert preflog.rules_of(game) == (preflog.PRESETS["leningrad"], [])
    assert game.tag("Pool") == "20" and game.tag("WhistPrice") == "0.5" and game.tag("Aliases") == "Аня=Anna"
    assert sum(t.name.startswith("Rule.") for t in game.tags) == 31


def test_each_deal_is_checked_before_it_is_taken() -> None:
    """A deal that cannot have happened is refused and nothing changes; the dealer goes round (3.2.2)."""
    rec = Recorder(header(pool=10))
    assert str(rec.next()) == "deal 1: Anna deals, Boris is the eldest hand"
    assert rec.add("Boris 7s wp 8") == "deal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 8\n"
    before = rec.text
    with pytest.raises(Refused) as refused:
        rec.add("Vera 6d wp 11")  # more tricks than a deal has
    assert rec.text == before and "'11' is not a number of tricks" in str(refused.value)
    with pytest.raises(Refused) as refused:
        rec.add("Vera 6d ww 6 3")  # two whisters, the tricks of two players only
    assert rec.text == before and "3 numbers of tricks" in str(refused.value)
    with pytest.raises(Refused) as refused:
        rec.add("bids pass pass pass\nresult Anna 5 Boris 3 Vera 3")  # 11 tricks, in the notation
    # at the result's line in the file as it would be: a blank line, the deal line, bids, result
    assert rec.text == before and [e.line for e in refused.value.errors] == [before.count("\n") + 4]
    assert str(rec.next()) == "deal 2: Boris deals, Vera is the eldest hand"


def test_undo_redo_edit_and_note() -> None:
    rec = Recorder(header(pool=10))
    rec.add("Boris 7s wp 8")
    rec.add("Vera 6d pp")
    rec.note("Vera had the ace")
    assert rec.text.endswith("whist pass pass {Vera had the ace}\n")
    assert rec.undo() == 2 and rec.deals == 1
    assert rec.redo() == 2 and rec.text.endswith("whist pass pass {Vera had the ace}\n")
    with pytest.raises(Refused, match="nothing to redo"):
        rec.redo()
    rec.add("pass 4 3 3")
    rec.edit(1, "Boris 7s wp 7")  # Boris took 7, not 8: deal 1 anew, the later deals scored again
    assert "deal 1 dealer Anna\ncontract Boris: 7s\nwhist whist pass\nresult 7\n\ndeal 2" in rec.text
    # Vera, the lone whister (Anna passed), writes the defence's 3 tricks at 4 a trick for a seven (Code 3.8.1,
    # greedy 3.8.13); deals 2 (nobody whisted) and 3 (an all-pass) write no whists
    assert rec.sheet().record("Vera", preflog.Column.WHISTS, "Boris") == "12"
    with pytest.raises(Refused, match="there is no deal 9"):
        rec.edit(9, "Boris 7s wp 7")


def test_a_file_to_go_on_with_keeps_its_text_and_must_check_clean() -> None:
    text = (ROOT / "samples" / "sochi-pulka.pref").read_text(encoding="utf-8")
    with pytest.raises(Refused):  # the pulka there ended: a sheet past it is refused
        Recorder(text).add("pass 4 3 3")
    broken = header() + "\ndeal 1\nbids 6s 6s pass pass\n"
    with pytest.raises(Refused, match="A202"):
        Recorder(broken)


def test_aliases_stand_for_players_in_both_forms() -> None:
    rec = Recorder(Recorder.header(["Дмитрий", "Александр", "Вера"], aliases={"Дима": "Дмитрий", "Саша": "Александр"}))
    assert "contract Александр: 7s" in rec.add("Саша 7s wp 7")
    assert "contract Дмитрий: 6d" in rec.add("contract Дима: 6d {Дима is in the comment}\nwhist pass pass")
    assert "{Дима is in the comment}" in rec.text


def test_the_command_records_a_whole_pulka_that_scores_as_typed_by_hand(tmp_path: object) -> None:
    """A pulka to 10 recorded from standard input in the short form; the file checks clean and scores
    exactly as the same deals written by hand in the notation, with their auctions."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "friday.pref"
    typed = "\n".join(PULKA) + "\n"
    code, _, err = run("record", str(path), "--players", "Anna Boris Vera", "--pool", "10", input=typed)
    assert code == 0, err
    assert "the pulka is over (after deal 9)" in err
    code, out, _ = run("check", str(path))
    assert code == 0 and "9 deals: clean" in out
    recorded = preflog.score(preflog.loads(path.read_text(encoding="utf-8")))
    by_hand = preflog.score(preflog.loads(BY_HAND))
    for player in ("Anna", "Boris", "Vera"):
        for column in (preflog.Column.POOL, preflog.Column.MOUNTAIN):
            assert recorded.record(player, column) == by_hand.record(player, column)
        for other in ("Anna", "Boris", "Vera"):
            if other != player:
                assert recorded.record(player, preflog.Column.WHISTS, other) == \
                    by_hand.record(player, preflog.Column.WHISTS, other)
    assert recorded.settlement().totals == by_hand.settlement().totals
    assert recorded.finished_after == by_hand.finished_after == 9


#: A Sochi pulka to 10 in the short form (Anna deals first).
PULKA = [
    "Boris 7s wp 8",        # 1, Anna deals
    "Vera 6d pp",           # 2, Boris deals
    "pass 4 3 3",           # 3, Vera deals: Anna 4 Boris 3 Vera 3
    "mis Anna 0",           # 4, Anna deals
    "Anna 7h ww 7 2 1",     # 5, Boris deals: Anna 7, Boris 2, Vera 1
    "Bo 8s wpo =",          # 6, Vera deals
    "Vera 6c wp 6",         # 7, Anna deals
    "Anna 6s pw 5",         # 8, Boris deals
    "Vera 8nt pp",          # 9, Vera deals
]

BY_HAND = """[Players "Anna Boris Vera"]
[Pool "10"]

deal 1 dealer Anna
bids 7s pass pass
whist whist pass
result 8

deal 2
bids 6d pass pass
whist pass pass

deal 3
bids pass pass pass
result Anna 4 Boris 3 Vera 3

deal 4
bids pass pass mis
result 0

deal 5
bids pass 7h pass
whist whist whist
result Anna 7 Boris 2 Vera 1

deal 6
bids pass 8s pass
whist whist pass open
result 8

deal 7
bids pass 6c pass
whist whist pass
result 6

deal 8
bids pass 6s pass
whist pass whist
result 5

deal 9
bids pass pass 8nt
whist pass pass
"""


def test_the_command_says_what_cannot_be_recorded_into(tmp_path: object) -> None:
    """Exit 2 for misuse or an unreadable file, 1 for a file that does not check or a refused deal."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    new = tmp_path / "new.pref"
    code, _, err = run("record", str(new), input="")
    assert code == 2 and "a new file needs --players" in err and not new.exists()
    code, _, err = run("record", str(new), "--players", "Anna Boris pass", input="")
    assert code == 2 and "pass" in err and not new.exists()
    code, _, err = run("record", str(new), "--players", "Anna Boris Vera", "--pool", "10", input="Vasya 6s wp 6\n")
    assert code == 1 and "'Vasya' is not a player" in err and "nothing was written" in err
    code, _, err = run("record", str(new), "--pool", "20", input="")
    assert code == 2 and "its tags differ from --pool (the file has '10')" in err
    code, _, err = run("record", str(new), "--players", "Anna Boris Vera", input="quit\n")
    assert code == 0  # the options the file was started with may be given again
    cp1251 = tmp_path / "old.pref"
    cp1251.write_bytes('[Players "Аня Боря Вера"]\n'.encode("cp1251"))
    code, _, err = run("record", str(cp1251), input="")
    assert code == 2 and "is not UTF-8 text" in err
    broken = tmp_path / "broken.pref"
    broken.write_text('[Players "Anna Boris Vera"]\n\ndeal 1\nbids 6s 6s pass pass\n', encoding="utf-8")
    code, _, err = run("record", str(broken), input="")
    assert code == 1 and "A202" in err and "must check clean to be recorded into" in err
    assert broken.read_text(encoding="utf-8").endswith("bids 6s 6s pass pass\n")  # untouched


def test_huge_input_is_refused_in_bounded_words() -> None:
    """A word of a million characters is quoted cut to 40; a comment longer than a line may be
    (limits.md: 10,000 characters) is refused with the reader's own message, not as a second game."""
    rec = Recorder(header())
    with pytest.raises(Refused) as refused:
        rec.add("Boris " + "x" * 1_000_000)
    assert refused.value.errors[0].message == f"neither 'Boris' nor '{'x' * 39}…' is a contract"
    with pytest.raises(Refused) as refused:
        rec.add("contract Boris: 7s {" + "y" * 20_000 + "}\nwhist whist pass\nresult 7")
    assert [e.message for e in refused.value.errors] == [
        f"line {header().count(chr(10)) + 3} is longer than 10,000 characters, the most preflog reads (is this a game file?)"]
    assert rec.deals == 0


# -- in Russian, as a club player reads it (issue 41) ------------------------------------------------

#: The players of the Russian fixtures: names of both genders, so that a name put in a case or a word
#: agreeing with it shows («висты на Аня», «Аня сказал»).
NAMES = ("Аня", "Лёва", "Оля", "Миша")
_NAME = "(?:" + "|".join(NAMES) + ")"
_CASED = re.compile(rf"(?<![\w])(?:на|от|у|для|к|ко|с|со|о|об|при|без)\s+{_NAME}(?![\w])|"
                    rf"{_NAME}\s+(?:[а-яё]+(?:л|ла|ло|ли)|должн[а-яё]*|сам[а-яё]*)(?![\w])")
#: A call, contract or card in the notation (Latin letters: the Russian ace is Т, the jack В).
_NOTATION = re.compile(r"(?<![\w])(?:(?:10|[6-9])(?:nt|NT|s|c|d|h)|(?:10|[7-9TJQKA])[scdh]|[TJQKA][♠♣♦♥]|mis|"
                       r"misere|pass|here|whist|half|open|closed)(?![\w])")
#: Each countable noun's forms after a number: one (1, 21; the accusative too), few (2–4), many.
_FORMS = {"взятк": (("взятка", "взятку"), ("взятки",), ("взяток",)), "вист": (("вист",), ("виста",), ("вистов",)),
          "сдач": (("сдача", "сдачу"), ("сдачи",), ("сдач",)), "пул": (("пулька", "пульку"), ("пульки",), ("пулек",)),
          "нарушени": (("нарушение",), ("нарушения",), ("нарушений",)),
          "ошиб": (("ошибка", "ошибку"), ("ошибки",), ("ошибок",)), "игрок": (("игрок",), ("игрока",), ("игроков",))}
_COUNTED = re.compile(r"(?<![\d.,])(\d+)(?![.,]?\d)[ \t]+([а-яё]+)")
#: What is the same in every language: a rule's code (``C603``), an address or a path, a command's
#: option (``--par``), a placeholder a page's script fills (``{line}``).
_MACHINE = re.compile(r"(?<![\w])[A-Z][0-9]{3}(?![\w])|https?://\S+|(?<![\w])/\S*|(?<![\w-])--[\w-]+|\{\w+\}")
#: Latin words a Russian page or recorder may show: the program's name, the language switch's own
#: name for English, file formats.
LATIN_ALLOWED = frozenset({"preflog", "English", "pref", "JSON", "CSV"})


def _plural(n: int) -> int:
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def russian_problems(text: str, allowed: frozenset[str] | set[str] = LATIN_ALLOWED) -> list[str]:
    """What a club player would stumble on in ``text`` said in Russian: a Latin word (English, the
    notation, a convention's id) but ``allowed`` ones, a call or card in the notation, a name in a case or
    with a word agreeing with it, a noun in the wrong form after its number."""
    text = _MACHINE.sub(" ", text)
    found = [f"notation: {m.group()!r} in {_around(text, m)}" for m in _NOTATION.finditer(text)
             if m.group() not in allowed]
    found += [f"Latin: {w!r} in {_around(text, m)}" for m in re.finditer(r"[A-Za-z][A-Za-z'-]*", text)
              if (w := m.group()) not in allowed and not _NOTATION.fullmatch(w)]
    found += [f"a name in a case or agreeing: {_around(text, m)}" for m in _CASED.finditer(text)]
    for m in _COUNTED.finditer(text):
        n, word = int(m.group(1)), m.group(2)
        for forms in _FORMS.values():
            if word in {f for group in forms for f in group} and word not in forms[_plural(n)]:
                found.append(f"{n} {word}: not {forms[_plural(n)][0]!r} in {_around(text, m)}")
    return found


def _around(text: str, m: re.Match[str]) -> str:
    return repr(text[max(0, m.start() - 30): m.end() + 30])


def test_the_russian_checker_finds_what_a_player_stumbles_on() -> None:
    """The checker the Russian tests use, on the slips issue 41 found."""
    for slip in ("Аня пишет 4 вистов на Лёва", "Аня сказал полвиста", "помощь от Лёва", "сдача 7 6s сыграна",
                 "выигрывает торговлю на mis", "сносит T♠ T♦", "Разновидность: sochi", "1 взяток", "hint: e.g."):
        assert russian_problems(slip), slip
    for fine in ("Аня → Лёва: 4 виста", "вистует: Оля", "Лёва: пас", "сносит Т♠ 10♦", "21 взятка, 5 сдач",
                 "сдача 8: сдаёт Миша (на прикупе), первая рука — Аня", "Оля: 6♦ · Миша: пас, Аня: полвиста",
                 "Разновидность: сочинка", "Скачать файл (.pref)"):
        assert not russian_problems(fine), (fine, russian_problems(fine))


def test_the_recorder_speaks_russian_as_a_club_player(tmp_path: Path) -> None:
    """A session in Russian at a table of four (Аня, Лёва, Оля, Миша): the help shows the table's own
    players and the Russian short form, each deal recorded is said back in words, every refusal speaks
    Russian; no English, no notation, no name in a case, every count in its form."""
    path = tmp_path / "пятница.pref"
    typed = ["помощь", "Лёва 7п вп 8", "Оля 6б пас полвиста", "распасы 4 3 3", "мизер Аня 1", "Миша 8ч вв 6 2 2",
             "Аня 6бк пп", "Лёва 6т вп 5", "Аня 6п вп", "Вася 6п вп 6", "распасы 4 3", "распасы 5 3 3", "Миша 6п",
             "Аня 6п", "правка", "заметка Оля взяла на туза", "отмена", "вернуть", "пулька", "Лёва"]
    code, _, err = run("--lang", "ru", "record", str(path), "--players", " ".join(NAMES), "--pool", "20",
                       input="\n".join(typed) + "\n")
    assert code == 1  # a deal read from standard input was refused
    # the help: the deal to come's eldest hand (Лёва: Аня deals and sits out) declares, Оля on his left whists
    assert "  Лёва 7п вп 8\n      Лёва: 7♠; Оля: вист, Миша: пас" in err
    assert "Anna" not in err and "Boris" not in err and "Vera" not in err
    # each deal said back in words, as the table says it (Code 3.8: the defenders from the declarer's left)
    for said in ("сдача 1 записана: Лёва: 7♠ · Оля: вист, Миша: пас · взятки: Лёва 8",
                 "сдача 2 записана: Оля: 6♦ · Миша: пас, Аня: полвиста",
                 "сдача 3 записана: распасы · взятки: Миша 4, Аня 3, Лёва 3",
                 "сдача 4 записана: Аня: мизер · взятки: Аня 1",
                 "сдача 6 записана: Аня: 6 БК · Оля: пас, Миша: пас",
                 "сдача 7 записана: Лёва: 6♣ · Миша: вист, Аня: пас · взятки: Лёва 5",
                 "понято так: распасы · взятки: Аня 5, Лёва 3, Оля 3"):
        assert said in err, said
    assert "сдача 1: сдаёт Аня (на прикупе), первая рука — Лёва" in err
    assert "ошибка: 'Вася' — не игрок" in err and "deal 8:" not in err and "сдача 8:1:" not in err
    assert "подсказка: например: `Аня 6п вп 6`" in err  # the declarer's own words, with the tricks
    assert "ошибка: Миша — вне игры в этой сдаче (сдающий: Миша)" in err  # the dealer of four sits out
    # what the player typed is his own (the excerpts under an error echo it), the file's name is his too
    lines = [line for line in err.splitlines() if line.strip() not in typed and not set(line.strip()) <= {"^", "~"}]
    allowed = LATIN_ALLOWED | set(STATEMENT_ORDER) | {"h", "N"}  # the statements and letters typed
    problems = russian_problems("\n".join(lines).replace(str(path), ""), allowed)
    assert not problems, "\n".join(problems)


def test_the_help_shows_the_tables_own_players_in_english_too(tmp_path: Path) -> None:
    code, _, err = run("record", str(tmp_path / "g.pref"), "--players", "Kim Lee Max", input="help\n")
    assert code == 0
    assert "  Lee 7s wp 8\n      Lee plays 7s; Max: whist, Kim: pass" in err  # Kim deals, Lee is the eldest hand
    assert "`pass Lee 4 Max 3 Kim 3`" in err and "Boris" not in err and "Vera" not in err


def test_the_recorder_writes_the_file_a_link_names_and_keeps_the_link(tmp_path: Path) -> None:
    """A game recorded through a link (``tonight.pref`` → ``club/2026-11-28.pref``): every change,
    appended or rewritten, lands in the file the link names; renamed over the link, a rewrite had made
    the link a file of its own and left the club's file behind."""
    from preflog.record.store import GameFile

    target = tmp_path / "club" / "2026-11-28.pref"
    target.parent.mkdir()
    target.write_text('[Players "Anna Boris Vera"]\n', encoding="utf-8")
    link = tmp_path / "tonight.pref"
    link.symlink_to(target)
    with GameFile(link) as kept:
        kept.append("\ndeal 1 dealer Anna\n")
        kept.replace('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nresult all-pass\n')
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8").endswith("result all-pass\n")


def test_two_whisters_with_one_count_are_asked_for_all_three_in_order() -> None:
    """Both whisted, each writes for his own tricks (Code 3.8.1.1): a deal typed with the declarer's tricks
    alone, or with numbers and names mixed, is refused in the keys' words, naming the seats in their order,
    not with the notation's «result … N»."""
    from preflog.i18n import using_language
    table = Table(("Аня", "Лёва", "Оля"), "Аня", ("Лёва", "Оля", "Аня"), {})
    with using_language("ru"):
        with pytest.raises(ShortFormError) as e:
            read_short("Лёва 7п вист вист 7", table)
        assert "каждый пишет за свои взятки" in str(e.value) and "Лёва, Оля, Аня" in str(e.value)
        assert "result" not in str(e.value) and "7 2 1" in str(e.value.hint)
        with pytest.raises(ShortFormError) as e:
            read_short("Лёва 7п вист вист 7 Оля 2 Аня 1", table)
        assert "(7 2 1), или каждое после имени (Лёва 7 Оля 2 Аня 1)" in str(e.value), str(e.value)
    assert read_short("Лёва 7п вист вист 7 2 1", table).endswith("result Лёва 7 Оля 2 Аня 1")
    assert read_short("Лёва 7п вист пас 7", table).endswith("result 7")  # one whister: the declarer's alone
