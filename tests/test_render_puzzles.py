"""``preflog render`` of a puzzle file: each puzzle's page data poses its question (solve mode). The
record stops at the question; the values, the cards that answer it and every legal card's line are
worked out when the page is made, and held here against the proof (:mod:`preflog.puzzles`) and against
the études' answers; nothing of the file is markup in the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import preflog
from preflog.model.cards import write_card
from preflog.present.replay_html import page
from preflog.puzzles.page import pose
from preflog.puzzles import lines, prove, puzzle_of

from .conftest import ROOT
from .test_cli import run
from .test_render import data_of

PUZZLES = ROOT / "samples" / "puzzles"


def text(name: str) -> str:
    return (PUZZLES / name).read_text(encoding="utf-8")


def posed(source: str, **options: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first deal's page data and its puzzle's (``pz``)."""
    data = data_of(page(preflog.loads_all(source), pose=pose, **options))
    deal = data["games"][0]["deals"][0]
    return deal, deal["pz"]


def played(steps: list[dict[str, Any]]) -> list[str]:
    """The cards a line's steps play, in order (a trick's completion shows its cards again)."""
    return [step["k"][-1][1] for step in steps if "k" in step and "tr" not in step]


def test_kovalevskaya_s_misere_is_caught_by_a_diamond_and_only_by_one() -> None:
    deal, pz = posed(text("kovalevskaya.pref"))
    assert (pz["q"], pz["to"], pz["who"]) == ("catch", 0, 1)  # Восток to lead, Юг's tricks counted
    assert pz["by"] == "Юг играет мизер, ход Востока. Ловится ли мизер и каким ходом?"
    assert pz["src"].startswith("Unisay/preferanser, deal/5.json")
    assert pz["v"] == {"Qs": 0, "Js": 0, "9c": 0, "7c": 0, "Kd": 1, "Qd": 1, "Jd": 1, "Td": 1, "Jh": 0, "7h": 0}
    assert pz["right"] == pz["answer"] == ["Kd", "Qd", "Jd", "Td"] and pz["value"] == 1
    steps = deal["line"]["steps"]
    assert pz["at"] == len(steps) - 1 and not any("k" in s for s in steps)  # the record stops before the lead
    (game,) = preflog.loads_all(text("kovalevskaya.pref"))
    proof = prove(puzzle_of(game))
    assert set(pz["lines"]) == set(pz["v"])
    for card, line in lines(proof).items():
        said = played(pz["lines"][write_card(card)])
        if card == proof.line[0]:  # the main line as written (the solver keeps to it)
            assert said == [write_card(p.card) for p in game.deals[0].play.cards]  # type: ignore[union-attr]
        else:
            assert said == [write_card(c) for c in line], card
    refuted = pz["lines"]["Qs"]
    assert refuted[0]["k"] == [[0, "Qs"]] and refuted[-1]["tr"] == 10
    assert refuted[-1]["w"][1] == 0  # Юг ends with no trick: the misère not caught


def test_kovalkov_s_etude_has_one_lead_holding_the_declarer_to_six() -> None:
    deal, pz = posed(text("kovalkov-1.pref"))
    assert (pz["q"], pz["to"], pz["who"], pz["main"]) == ("card", 1, 2, "Ac")  # Юг to lead, Запад counted
    assert pz["right"] == pz["answer"] == ["Ac"] and (pz["best"], pz["value"]) == (6, 6)
    assert {c: v for c, v in pz["v"].items() if v != 7} == {"Ac": 6}
    assert played(pz["lines"]["Ac"]) == "Ac Kc Jc 8c Qc Tc Ts As Ks 9c Js 9s Td Ad Jd 8s Qs 9d 7d 8d Kd 7s Kh Jh Qd Qh 9h Ah 7h 8h".split()
    end = pz["lines"]["Ks"][-1]
    assert end["tr"] == 10 and end["w"][2] == 7  # the king of spades lets Запад make seven
    assert deal["line"]["steps"][-1]["r"] == ["whist", "whist", "declarer"]


def test_a_puzzle_asked_in_the_middle_of_the_play_opens_there() -> None:
    """``[Played "3"]``: the record ends with the first trick taken, Юг on lead again; each line starts
    with his card, and the tricks so far are Юг's one."""
    source = text("kovalkov-1.pref").replace('[Puzzle "card"]', '[Puzzle "card"]\n[Played "3"]')
    deal, pz = posed(source)
    steps = deal["line"]["steps"]
    assert pz["at"] == len(steps) - 1 and steps[-1]["tr"] == 1 and steps[-1]["win"] == 1
    assert played(steps) == ["Ac", "Kc", "Jc"] and pz["to"] == 1
    assert "Ac" not in pz["v"] and set(pz["v"]) == set(pz["lines"])
    assert all(line[0]["k"] == [[1, card]] for card, line in pz["lines"].items())
    assert pz["right"] == [c for c, v in pz["v"].items() if v == min(pz["v"].values())]


def test_the_question_is_asked_in_the_page_s_language_and_the_author_s_words_beside_it() -> None:
    """The question of its kind in the page's language, naming the player to move or counted; the deal's
    header comment (the études' Russian) is the author's words, beside it as written, or none."""
    for name, kind, lang, asked in [("kovalkov-1.pref", "card", "ru", "Юг: какую карту сыграть?"),
                                    ("kovalkov-1.pref", "card", "en", "Which card does Юг play?"),
                                    ("lasker.pref", "tricks", "ru", "Сколько взяток возьмёт Юг?"),
                                    ("lasker.pref", "tricks", "en", "How many tricks does Юг take?"),
                                    ("kovalevskaya.pref", "catch", "ru", "Ловится ли мизер и каким ходом?"),
                                    ("kovalevskaya.pref", "catch", "en", "Is the misère caught, and with which card?")]:
        comment = text(name).split("deal 1 dealer ")[1].split("{")[1].split("}")[0]
        _deal, pz = posed(text(name), lang=lang)
        assert (pz["q"], pz["ask"], pz["by"]) == (kind, asked, comment)
        source = "\n".join(line.split(" {")[0] if line.startswith("deal ") else line for line in text(name).splitlines())
        _deal, pz = posed(source, lang=lang)
        assert (pz["ask"], pz["by"]) == (asked, "")
    data = data_of(page(preflog.loads_all(text("lasker.pref")), lang="ru", pose=pose))
    assert ["Задача", "сколько взяток"] in data["games"][0]["tags"]  # the tag in words, as the others
    assert data["tr"]["Loses a trick: {player} takes {value}, not {best}."] == "Эта карта стоит взятки: {player} берёт {value} вместо {best}."
    assert data["tr"]["Loses {n} trick: {player} takes {value}, not {best}."][1:] == [
        "Эта карта стоит {n} взятки: {player} берёт {value} вместо {best}.", "Эта карта стоит {n} взяток: {player} берёт {value} вместо {best}."]
    assert data["tr"]["Does not catch the misère: {player} takes no trick."].startswith("Не ловит мизер")
    assert data["tr"]["Right: with best play {player} takes {n} trick."][2].endswith("{n} взяток.")


def test_each_step_of_a_line_names_the_player_to_move() -> None:
    """``m``: the next card's player after each card of a line, the trick's winner after a trick, none
    while the trick is full on the table and none after the tenth trick."""
    _deal, pz = posed(text("lasker.pref"))
    steps = pz["lines"][pz["main"]]
    assert [s.get("m") for s in steps[:8]] == [1, 2, None, 0, 1, 2, None, 0]  # Восток 0 leads, wins trick 1
    for before, after in zip(steps, steps[1:]):
        if "tr" not in after and "k" in after and "m" in before:
            assert after["k"][-1][0] == before["m"]  # the card is played by the player named to move
        if "tr" in after and after["tr"] < 10:
            assert after["m"] == after["win"]
    assert steps[-1]["tr"] == 10 and "m" not in steps[-1]


def test_an_english_page_spells_the_cards_as_its_table_does() -> None:
    """The steps' words write the ten 10 (the table's 10♠, not T♠); the status line says «tricks» once;
    the page's data spells each rank in words for a card's accessible name (queen of spades, дама пик)."""
    data = data_of(page(preflog.loads_all(text("kovalevskaya.pref")), lang="en", pose=pose))
    pz = data["games"][0]["deals"][0]["pz"]
    said = [step["t"] for line in pz["lines"].values() for step in line]
    assert any("10♠" in t for t in said) and not any("T♠" in t or "T♦" in t for t in said)
    status = [step["s"] for step in pz["lines"]["Qs"] if "s" in step]
    assert status[-1].endswith("tricks: Восток 0, Юг 0, Запад 10"), status[-1]
    assert [s for s in status if s.count("tricks") > 1] == []
    assert (data["spoken"]["Q"], data["spoken"]["T"], data["spoken"]["7"]) == ("queen", "ten", "seven")
    ru = data_of(page(preflog.loads_all(text("kovalevskaya.pref")), lang="ru", pose=pose))
    assert ru["spoken"]["Q"] == "дама"
    status = [step["s"] for step in ru["games"][0]["deals"][0]["pz"]["lines"]["Qs"] if "s" in step]
    assert status[-1].endswith("взятки: Восток 0, Юг 0, Запад 10"), status[-1]


def test_a_tricks_puzzle_carries_best_play_and_its_value() -> None:
    _deal, pz = posed(text("lasker.pref"))
    assert (pz["q"], pz["value"], pz["right"], pz["answer"]) == ("tricks", 2, [], [])
    assert played(pz["lines"][pz["main"]]) == "As 9s Qs Ks 8s Kc Js 7s Qc Ts Jc Kd Ac 9c Qd Tc 8c Jd Ad 9d Td Ah 8h Jh 7d 8d Th 7c 9h 7h".split()


def test_a_hostile_puzzle_stays_text() -> None:
    """The title, the question and the source are the page's data, never its markup."""
    event, asked, source = "</script><script>window.hit=1</script>", "<img src=x onerror=alert(1)> & ]]>", '<b>x</b> &amp;'
    hostile = (text("kovalevskaya.pref").replace("Мизер Ковалевской", event)
               .replace("Юг играет мизер, ход Востока. Ловится ли мизер и каким ходом?", asked)
               .replace('[Source "', f'[Source "{source} '))
    html = page(preflog.loads_all(hostile), pose=pose)
    assert html.count("<script") == 2 and "<img" not in html and "<b>" not in html
    assert "<title>&lt;/script&gt;&lt;script&gt;window.hit=1&lt;/script&gt;</title>" in html
    data = data_of(html)
    pz = data["games"][0]["deals"][0]["pz"]
    assert data["games"][0]["title"] == event and pz["by"] == asked and pz["src"].startswith(source)


def test_a_file_that_asks_nothing_the_page_can_pose_is_replayed_as_any_other() -> None:
    """A game without the tag, with a question it cannot be asked, or of two deals: no solve mode, the
    record whole."""
    asks_nothing = text("kovalkov-1.pref").replace('[Puzzle "card"]\n', "")
    not_a_misere = text("kovalkov-1.pref").replace('[Puzzle "card"]', '[Puzzle "catch"]')
    unread = text("kovalkov-1.pref").replace('[Puzzle "card"]', '[Puzzle "riddle"]')
    for source in (asks_nothing, not_a_misere, unread):
        data = data_of(page(preflog.loads_all(source), pose=pose))
        (deal,) = data["games"][0]["deals"]
        assert "pz" not in deal and len(played(deal["line"]["steps"])) == 30
    sochi = preflog.loads_all((ROOT / "samples" / "sochi-pulka.pref").read_text(encoding="utf-8"))
    assert page(sochi, pose=pose) == page(sochi)  # a file of no puzzles: the page it always was


def test_render_writes_a_page_of_etudes(tmp_path: Path) -> None:
    """A file of every étude: each posed (a discard too), in the file's order, the page written with exit 0."""
    files = sorted(PUZZLES.glob("*.pref"))
    joined = tmp_path / "etudes.pref"
    joined.write_text("\n".join(f.read_text(encoding="utf-8") for f in files), encoding="utf-8")
    code, _out, err = run("render", str(joined), "-o", str(tmp_path / "etudes.html"))
    assert (code, err) == (0, "")
    data = data_of((tmp_path / "etudes.html").read_text(encoding="utf-8"))
    asked = [q.split('"')[0] for f in files for q in f.read_text(encoding="utf-8").split('[Puzzle "')[1:]]
    assert [g["deals"][0]["pz"]["q"] for g in data["games"]] == asked


def test_the_docs_command_runs_as_written(tmp_path: Path) -> None:
    """docs/puzzles.md's (and its Russian's) command of a puzzle's page."""
    for name in ("puzzles.md", "puzzles.ru.md"):
        doc = (ROOT / "docs" / name).read_text(encoding="utf-8")
        (line,) = [w for w in doc.splitlines() if w.startswith(".venv/bin/preflog render ")]
        args = [str(ROOT / w) if w.startswith("samples/") else str(tmp_path / w) if w.endswith(".html") else w
                for w in line.split()[1:]]
        code, _out, err = run(*args)
        assert (code, err) == (0, ""), line
        assert "pz" in data_of((tmp_path / line.split()[-1]).read_text(encoding="utf-8"))["games"][0]["deals"][0]


def test_a_puzzle_asked_as_the_player_saw_it_is_shown_as_an_ordinary_deal() -> None:
    """Its answer holds in every layout the player could not tell apart; the page's values are this deal's
    alone, so the page does not pose it (docs/puzzles.md, «On a page»)."""
    from preflog.puzzles.page import posed as page_posed

    game = preflog.loads(text("kovalevskaya.pref").replace('[Puzzle "catch"]', '[Puzzle "catch"]\n[View "table"]'))
    assert page_posed(game, game.deals) is None
    assert page_posed(preflog.loads(text("kovalevskaya.pref")), preflog.loads(text("kovalevskaya.pref")).deals) is not None


def carried(steps: list[dict[str, Any]], name: str) -> Any:
    """What the last of ``steps`` shows of ``name``, carried on from the step that last wrote it."""
    return next(step[name] for step in reversed(steps) if name in step)


def discard_posed(game: preflog.Game, **options: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    data = data_of(page([game], pose=pose, **options))
    deal = data["games"][0]["deals"][0]
    return deal, deal["pz"]


def test_lesnoy_s_discard_is_asked_with_the_talon_taken_and_every_discard_valued() -> None:
    """«Лесной 34» (a misère, Answers "all"): the record stops at the talon taken (Юг's twelve cards, no
    discard, no whist, no card); each of the 66 pairs is valued by its class, the six clean ones (Т♦ with
    10♣ 9♣ 8♣, 10♦, 8♥ 7♥, as tests/test_puzzles.py holds them against the independent search) in the
    three right classes; best play after each pair is played from his own discard to the tenth trick,
    with as many tricks as its value, and after the discard written it is the play written."""
    (game, _caught) = preflog.loads_all(text("lesnoy-34.pref"))
    deal, pz = discard_posed(game)
    steps = deal["line"]["steps"]
    assert (pz["q"], pz["to"], pz["who"], pz["at"]) == ("discard", 1, 1, len(steps) - 1)
    assert steps[-1]["t"] == "Юг takes the talon: A♠ A♦" and len(carried(steps, "h")[1]) == 12
    assert not any("dc" in s or "k" in s for s in steps) and set(carried(steps, "r")) == {"", "declarer"}
    assert pz["ask"] == "Which two cards does Юг discard?" and pz["by"].startswith("Юг играет мизер")
    assert len(pz["pairs"]) == 66 and set(pz["pairs"].values()) == set(pz["v"]) and len(pz["v"]) == 24
    clean = {pair for pair, first in pz["pairs"].items() if pz["v"][first] == 0}
    assert clean == {"Tc Ad", "9c Ad", "8c Ad", "Ad Td", "Ad 8h", "Ad 7h"}
    assert (pz["right"], pz["answer"], pz["best"]) == (["Tc Ad", "Ad Td", "Ad 8h"], "Tc Ad", 0)
    assert set(pz["lines"]) == set(pz["pairs"])
    for pair, line in pz["lines"].items():
        assert line[0]["dc"] == pair.split() and line[-1]["tr"] == 10, pair
        assert carried(line, "w")[1] == pz["v"][pz["pairs"][pair]], pair
        assert not set(pair.split()) & {k[1] for s in line for k in s.get("k", []) if k[0] == 1}, pair
    assert played(pz["lines"]["Tc Ad"]) == [write_card(p.card) for p in game.deals[0].play.cards]  # type: ignore[union-attr]
    assert played(pz["lines"]["8c Ad"]) == [c.replace("8c", "Tc") for c in played(pz["lines"]["Tc Ad"])]  # his 10♣ kept where 8♣ was


def test_a_discard_with_one_answer_is_asked_and_the_discard_written_is_not_it() -> None:
    """samples/annotated.pref's deal 1 asked as a discard: only В♦ 10♦ keeps Boris's six tricks; his 10♠
    10♦ (one answer with Д♠ В♦: the spades a run) gives five, and its line shows it."""
    from .test_puzzles import annotated_discard

    deal, pz = discard_posed(annotated_discard(), lang="ru")
    assert (pz["q"], pz["ask"], pz["to"]) == ("discard", "Boris: какие две карты снести?", 1)
    assert deal["line"]["steps"][-1]["t"].startswith("Boris берёт прикуп")
    assert (pz["right"], pz["answer"], pz["best"], pz["value"]) == (["Jd Td"], "Jd Td", 6, 6)
    assert [p for p, first in pz["pairs"].items() if first == "Jd Td"] == ["Jd Td"]
    assert pz["pairs"]["Ts Td"] == "Qs Jd" and pz["v"]["Qs Jd"] == 5
    assert carried(pz["lines"]["Ts Td"], "w")[1] == 5 and carried(pz["lines"]["Jd Td"], "w")[1] == 6
    assert max(pz["v"].values()) == 6 and sorted(pz["v"].values()).count(6) == 1


def test_the_discard_s_words_are_in_the_page_s_language() -> None:
    """The page's script says the discard's verdict through the page's words: in Russian, each form of
    a count."""
    data = data_of(page(preflog.loads_all(text("lesnoy-34.pref")), lang="ru", pose=pose))
    tr = data["tr"]
    assert tr["Right: after the discard {cards} {player} takes {n} trick."] == [
        f"Верно: после сноса {{cards}} {{player}} берёт {{n}} {w}." for w in ("взятку", "взятки", "взяток")]
    assert tr["The best discard, {discards}: {n} trick."][2] == "Лучший снос — {discards}: {n} взяток."
    assert tr["Discard {cards}"] == "Снести {cards}" and tr[" or "] == " или "
    assert [g["deals"][0]["pz"]["q"] for g in data["games"]] == ["discard", "catch"]
    assert ["Задача", "какие две карты снести"] in data["games"][0]["tags"]  # the tag in words, as the others


def test_a_posed_puzzle_is_not_analysed_on_the_page() -> None:
    """With ``analyse`` a posed deal carries no double-dummy values or par: they are its answer (the card
    mode holds them in ``pz``); a deal that asks nothing is analysed as before."""
    deal, pz = posed(text("kovalevskaya.pref"), analyse=True)
    assert pz["v"] and "par" not in deal and not any("dd" in s for s in deal["line"]["steps"])
    plain = data_of(page(preflog.loads_all((ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")),
                         pose=pose, analyse=True))
    assert any("dd" in s for s in plain["games"][0]["deals"][0]["line"]["steps"])
