"""``preflog lessons`` (issue 67, item 5): the avoidable mistakes of a club's games turned into puzzles, each
proven by ``preflog puzzle check`` and held against the independent search of ``tests/dealing_solver.py``,
priced, grouped by theme, from files or the archive of ``preflog serve``."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import preflog
from preflog.cli import cli
from preflog.puzzles import prove, puzzle_of
from preflog.puzzles.lessons import DiscardLesson, Lesson, Theme, WordLesson, lessons

from .dealing_solver import Count

ROOT = Path(__file__).parent.parent
FINESSE = ROOT / "docs" / "games" / "finesse.pref"
FRIDAY = ROOT / "docs" / "games" / "friday.pref"
SOCHI = ROOT / "samples" / "sochi-pulka.pref"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def games_of(path: Path) -> list[tuple[str, int, preflog.Game]]:
    return [(path.name, n, parsed.game) for n, parsed in enumerate(preflog.read_games(path.read_text(encoding="utf-8")), 1)]


def test_a_lucky_guess_is_no_lesson_and_a_cover_not_made_is() -> None:
    """docs/games/finesse.pref (worked by hand in tests/test_seen.py): Boris's Q♠ finesse at the ninth
    trick is a mistake as he saw it, but with every hand seen it is the right card, so no puzzle is made
    of it. Anna's 10♠ under Boris's В♠ at the seventh trick is a lesson: her К♠ covers and takes it."""
    (lesson,) = lessons(games_of(FINESSE), samples=20)
    assert isinstance(lesson, Lesson)
    m = lesson.mistake
    assert (m.player, m.deal, m.index, str(m.card)) == ("Anna", 1, 20, "Ts")
    assert [str(c) for c in lesson.proof.answer] == ["Ks"] and lesson.theme is Theme.DEFENCE
    assert lesson.proof.proven and lesson.puzzle.tag("Played") == "20"


def test_each_lesson_is_a_puzzle_the_independent_search_proves() -> None:
    """Every lesson of a pulka's games (the declarer's and the defenders' cards of games and misères): at
    its position the answer keeps the most for its side and every other card, its equals apart, does
    worse, by a plain search that shares no code with preflog.analysis."""
    found = lessons(games_of(SOCHI) + games_of(FRIDAY) + games_of(FINESSE), samples=20)
    assert found, "the sample pulka has avoidable mistakes"
    checked = 0
    for lesson in found:
        if not isinstance(lesson, Lesson):
            continue  # a discard: test_a_discard_that_lost_is_a_lesson_proven_by_the_independent_search
        proof = prove(puzzle_of(lesson.puzzle))
        assert proof.proven and proof.answer == lesson.proof.answer
        d = proof.at.deal if proof.at is not None else None
        assert d is not None and d.to_play is not None
        contract = d.game_contract
        if d.is_all_pass or contract is None or d.declarer is None or d.four:
            continue
        hands = tuple(frozenset((int(c.suit), int(c.rank)) for c in d.hands[s] or ()) for s in range(3))
        trick = [(int(seat), (int(c.suit), int(c.rank))) for seat, c in d.trick]
        count = Count(int(d.declarer), None if d.trump_suit is None else int(d.trump_suit), not contract.is_misere)
        taken = d.tricks[int(d.declarer)]
        value = (proof.value or 0) - taken
        wants_more = (d.to_play == d.declarer) == (not contract.is_misere)
        mover = int(d.to_play)
        for card in proof.solution.values if proof.solution else {}:
            pair = (int(card.suit), int(card.rank))
            h = (hands[0], hands[1], hands[2])
            at_least_value = count.at_least_in_trick(h, trick, mover, pair, value)
            beyond = count.at_least_in_trick(h, trick, mover, pair, value + 1)
            if card in proof.answer:
                assert at_least_value and not beyond, (lesson.puzzle.tag("Source"), card)
            elif wants_more:
                assert not at_least_value, (lesson.puzzle.tag("Source"), card)
            else:
                assert beyond, (lesson.puzzle.tag("Source"), card)
        checked += 1
    assert checked >= 3


def test_lessons_are_grouped_by_theme_the_dearest_first_and_say_where_they_came_from() -> None:
    found = lessons(games_of(SOCHI), samples=20)
    themes = [lesson.theme for lesson in found]
    assert themes == sorted(themes, key=list(Theme).index)
    for theme in set(themes):
        costs = [x.mistake.whist_loss or x.mistake.loss for x in found if x.theme is theme and isinstance(x, Lesson)]
        assert costs == sorted(costs, reverse=True)
    for lesson in found:
        if isinstance(lesson, WordLesson):
            assert lesson.puzzle.tag("Source") == f"sochi-pulka.pref, game 1, deal {lesson.deal}, whist or pass"
            continue
        assert isinstance(lesson, Lesson)  # the pulka's discards that lost on average lost nothing in their deal
        source = lesson.puzzle.tag("Source") or ""
        assert source == f"sochi-pulka.pref, game 1, deal {lesson.mistake.deal}, card {lesson.mistake.index + 1}"
        assert lesson.puzzle.tag("Theme") == lesson.theme.value
        assert lesson.mistake.loss > 0.25


def test_the_command_writes_proven_puzzles_json_and_a_page(tmp_path: Path) -> None:
    out = tmp_path / "lessons.pref"
    code, _out, err = run("lessons", str(SOCHI), "--samples", "20", "-o", str(out))
    assert code == 0 and "lessons" in err
    code, shown, err = run("puzzle", "check", str(out))
    assert code == 0 and shown.count("proven") >= 1
    code, text, _err = run("lessons", str(SOCHI), "--samples", "20", "--format", "json", "--player", "Anna")
    records = json.loads(text)
    assert records and {r["player"] for r in records} == {"Anna"}
    assert all((r["tricks_lost"] is None or r["tricks_lost"] > 0.25) and r["whists_lost"] != 0 and r["answer"]
               and r["played"] not in r["answer"] for r in records)
    code, html, _err = run("--lang", "ru", "lessons", str(SOCHI), "--samples", "20", "--format", "html")
    assert code == 0 and html.startswith("<!doctype html>") and '<html lang="ru">' in html
    assert html.count("<svg") == len(json.loads(run("lessons", str(SOCHI), "--samples", "20", "--format", "json")[1]))
    assert "Ответ" in html and "вистов" in html


def test_the_archive_of_serve_gives_the_lessons_its_files_give(tmp_path: Path) -> None:
    from preflog.serve.archive import Archive

    db = tmp_path / "club.sqlite"
    archive = Archive(str(db))
    try:
        archive.import_text(SOCHI.read_text(encoding="utf-8"), str(SOCHI))
    finally:
        archive.close()
    from_files = json.loads(run("lessons", str(SOCHI), "--samples", "20", "--format", "json")[1])
    code, text, _err = run("lessons", "--db", str(db), "--samples", "20", "--format", "json")
    assert code == 0
    from_db = json.loads(text)
    assert [(r["deal"], r.get("index"), r["answer"]) for r in from_db] == \
        [(r["deal"], r.get("index"), r["answer"]) for r in from_files]
    assert run("lessons")[0] == 2 and run("lessons", str(SOCHI), "--db", str(db))[0] == 2


def test_the_page_draws_each_position_without_naming_its_answer() -> None:
    """The drawing stands where the play written stops (as_played): the tricks so far and the cards on the
    table, the player to move marked, and no «before К♠ is played» in its title to give the answer away."""
    from preflog.puzzles.lessons_page import page

    (lesson,) = lessons(games_of(FINESSE), samples=20)
    html = page([lesson], "Lessons")
    title = html.split("<title>", 2)[2].split("</title>")[0]
    assert title.startswith("Deal 1, dealt by Anna, after 6 tricks") and "before" not in title
    assert "K♠" not in html.split("<details>")[0].split("<desc>")[0]


ANNOTATED = ROOT / "samples" / "annotated.pref"
DE_GAULLE = ROOT / "samples" / "puzzles" / "de-gaulle.pref"


def test_a_discard_that_lost_is_a_lesson_proven_by_the_independent_search() -> None:
    """samples/annotated.pref, deal 1: Boris lays away 10♠ 10♦ for 7♥. As he saw it (his twelve cards) that
    gives away whists on average; with every hand seen В♦ 10♦ is best and the one answer. By the
    independent search: his best over every discard is 6 tricks, and after 10♠ 10♦ he takes 5."""
    from .dealing_solver import game_at_least

    (lesson,) = [x for x in lessons(games_of(ANNOTATED), samples=30) if isinstance(x, DiscardLesson)]
    assert lesson.theme is Theme.DISCARD and lesson.player == "Boris" and lesson.deal == 1
    assert lesson.choice.chosen == "Ts Td" and lesson.choice.mistake and lesson.choice.loss > 5
    assert [str(c) for c in lesson.proof.answer] == ["Jd", "Td"] and lesson.tricks_lost > 0
    proof = prove(puzzle_of(lesson.puzzle))
    assert proof.proven and proof.value == 6 and lesson.puzzle.tag("Answers") is None
    assert lesson.puzzle.tag("Source") == "annotated.pref, game 1, deal 1, the discard"
    pair = lambda text: frozenset((int(c.suit), int(c.rank)) for c in map(preflog.card, text.split()))  # noqa: E731
    hands = [pair("Qs Js Ts Jc Ad Jd Td Kh Qh Jh"), pair("Ks 9s Ac Kc Qc 9c Qd 9d 7d Th"),
             pair("8s 7s Tc 8c 7c Kd 8d Ah 8h 7h")]
    talon = pair("As 9h")
    assert game_at_least(hands, talon, 0, 3, 6) and not game_at_least(hands, talon, 0, 3, 7)
    kept = (hands[0] | talon) - pair("Ts Td")
    count = Count(0, 3, True)
    assert count.at_least((kept, hands[1], hands[2]), 0, 5) and not count.at_least((kept, hands[1], hands[2]), 0, 6)


def test_a_misere_discard_with_many_right_answers_accepts_each() -> None:
    """De Gaulle's misère (samples/puzzles/de-gaulle.pref): Восток's discard Т♥ 10♠ is caught for a
    trick; as he saw it 10♠ В♦ is better, and with every hand seen it is clean, as are other discards:
    the lesson accepts each (Answers "all"). By the independent search: some discard is clean, and
    after Т♥ 10♠ the misère takes a trick."""
    from .dealing_solver import misere_at_most

    (lesson,) = [x for x in lessons(games_of(DE_GAULLE), samples=30) if isinstance(x, DiscardLesson)]
    assert lesson.player == "Восток" and lesson.puzzle.tag("Answers") == "all"
    proof = prove(puzzle_of(lesson.puzzle))
    assert proof.proven and proof.value == 0 and len(proof.answers) > 1
    d = proof.at.deal if proof.at is not None else None
    assert d is not None and d.declarer is not None and d.to_play is not None
    hands = [frozenset((int(c.suit), int(c.rank)) for c in d.hands[s] or ()) for s in range(3)]
    east = int(d.declarer)
    laid = frozenset((int(c.suit), int(c.rank)) for c in proof.answer)
    talon = frozenset((int(c.suit), int(c.rank)) for c in d.talon or ())
    before = list(hands)
    before[east] = hands[east] | laid - talon  # his ten as dealt
    assert misere_at_most(before, talon, east, 0)
    made = list(hands)
    made[east] = (hands[east] | laid) - {(3, 14), (0, 10)}
    assert Count(east, None, False).at_least((made[0], made[1], made[2]), int(d.to_play), 1)


def test_the_page_asks_a_discard_before_it_is_made() -> None:
    """The drawing of a discard lesson stands before the discard: the talon shown, no discard and no
    whists in it; the answer, the play after the discard made and the best play behind a tap."""
    from preflog.puzzles.lessons_page import page

    found = [x for x in lessons(games_of(ANNOTATED), samples=30) if isinstance(x, DiscardLesson)]
    html = page(found, "Lessons")
    before = html.split("<details>")[0]
    assert "The discard" in before and "Boris plays 7♥: which two cards to discard?" in before
    drawn = before.split("<svg")[1].split("</svg>")[0]
    assert "Talon" in drawn and "Discard" not in drawn and "whist" not in drawn
    answer = html.split("<details>")[1]
    assert "Discarded: T♠ T♦. Right: J♦ T♦." in answer and "After the discard made Boris takes 5 tricks" in answer


LENINGRAD = ROOT / "samples" / "leningrad.pref"


def test_a_whist_that_lost_is_a_lesson_asked_before_the_word() -> None:
    """samples/leningrad.pref, deal 1: Dima whists Lena's 6♦ after Oleg's whist. As he saw it (his ten
    cards and the talon) passing was worth more; with every hand seen Lena takes 5 (by the independent
    search) and the pass scores more on the sheet: the lesson asks Dima's word, the pass written."""
    from preflog.analysis.odds import sheet_score
    from preflog.game.conventions import PRESETS
    from preflog.model.defence import DecisionKind
    from preflog.puzzles.lessons_page import page

    (lesson,) = [x for x in lessons(games_of(LENINGRAD), samples=30) if isinstance(x, WordLesson)]
    assert lesson.theme is Theme.WHIST and lesson.player == "Dima" and lesson.deal == 1
    assert lesson.choice.chosen == "whist" and lesson.choice.best == "pass" and lesson.choice.mistake
    proof = prove(puzzle_of(lesson.puzzle))
    assert proof.proven and proof.word is DecisionKind.PASS and proof.value == 5
    assert lesson.puzzle.tag("Puzzle") == "whist" and lesson.puzzle.tag("Played") == "1"
    pair = lambda text: frozenset((int(c.suit), int(c.rank)) for c in map(preflog.card, text.split()))  # noqa: E731
    lena = pair("Ks Ts Qc Jc Ad Kd Qd Qh Th Ac")  # her ten after discarding 7♠ 9♠ (the talon Q♦ A♣ taken)
    # the play goes Lena (first hand, on lead), Oleg, Dima
    hands = (lena, pair("As 8s Kc Tc 9c Jd 9d 8d 9h 8h"), pair("Qs Js 8c 7c Td 7d Ah Kh Jh 7h"))
    count = Count(0, 2, True)
    assert count.at_least(hands, 0, 5) and not count.at_least(hands, 0, 6)
    leningrad = PRESETS["leningrad"]
    scores = dict(proof.scores)
    assert scores[DecisionKind.PASS] == sheet_score(leningrad, "6d", 5, (DecisionKind.WHIST, DecisionKind.PASS))[2]
    assert scores[DecisionKind.PASS] > scores[DecisionKind.WHIST]
    html = page([lesson], "Lessons")
    before = html.split("<details>")[0]
    assert "Whist or pass" in before and "Lena plays 6♦; Dima: whist or pass?" not in before
    assert "Dima to speak: whist or pass?" in before and "Said: whist. Right: pass." in html
