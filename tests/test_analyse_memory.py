"""``preflog analyse`` keeps its memory flat in a game's length (issue 63, point 6: bounded like every
verb): a game is read through for its notation errors, then read again and replayed a deal at a time,
each deal written as it is valued, its steps then dropped. Analysed a game at a time (ce6fec6), one game
of 10,000 deals peaked at 1.63 GB, the replay's every step held to the game's end."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .conftest import ROOT
from .measuring import peak_kib as measured

if TYPE_CHECKING:
    from preflog.steps import Step

def peak_kib(source: Path, out: Path, *options: str) -> int:
    """The peak of ``analyse SOURCE -o OUT OPTIONS…``, in KiB."""
    peak, said = measured("analyse", str(source), "-o", str(out), *options)
    assert out.stat().st_size > 0, said
    return peak


def one_game(deals: int, *, hands: bool = True, times: int = 1) -> str:
    """A generated game of ``deals`` deals, with its hands or (``hands`` False) none of them known;
    its deals written ``times`` over, numbered on (the dealers go round as before for a multiple of
    three deals; the rules are not replayed over it)."""
    import preflog
    from preflog.generator import generate

    (game,) = generate(deals, seed=63, per_game=deals)
    text = preflog.dumps(game)
    if not hands:
        text = re.sub(r"^hands .*\n", "", text, flags=re.MULTILINE)
    head, *written = text.rstrip("\n").split("\n\ndeal ")
    rest = [deal.split(" ", 1)[1] for deal in written] * times  # "dealer Anna …"
    return head + "".join(f"\n\ndeal {number} {deal}" for number, deal in enumerate(rest, 1)) + "\n"


@pytest.mark.parametrize(("deals", "hands", "options"), [
    (60, True, ()),
    (250, False, ()),
    (250, False, ("--decisions", "--samples", "2", "-j", "2", "--format", "json")),
], ids=["analysed", "not-analysed", "decisions"])
def test_analyse_memory_does_not_grow_with_the_game(tmp_path: Path, deals: int, hands: bool,
                                                    options: tuple[str, ...]) -> None:
    """One game of 4N deals peaks within a few megabytes of one of N, its output four times as long:
    analysed (each card valued double-dummy), with each deal skipped for a hand not known (a note each,
    said at the game's end), or with its decisions valued among two processes (the deals handed to
    them a few at a time). Held a game at a time (ce6fec6), the analysed 240-deal game took 19 MB more
    than the 60-deal one, and the 1,000-deal games without hands 99 MB and (their decisions valued)
    101 MB more than those of 250; now each pair peaks alike."""
    short, long = tmp_path / "short.pref", tmp_path / "long.pref"
    short.write_text(one_game(deals, hands=hands), encoding="utf-8")
    long.write_text(one_game(4 * deals, hands=hands), encoding="utf-8")
    small = peak_kib(short, tmp_path / "short.out", *options)
    large = peak_kib(long, tmp_path / "long.out", *options)
    assert (tmp_path / "long.out").stat().st_size > 3.5 * (tmp_path / "short.out").stat().st_size
    assert large - small < 8 * 1024, (small, large)  # the output grew fourfold; the memory, not with it


def test_strip_analysis_memory_does_not_grow_with_the_game(tmp_path: Path) -> None:
    """``--strip-analysis`` writes a deal at a time too: a game of 8,400 deals peaks within a few
    megabytes of one of 2,100, and writes it back as it was. Held a game at a time (ce6fec6), it took
    32 MB more."""
    short, long = tmp_path / "short.pref", tmp_path / "long.pref"
    short.write_text(one_game(300, times=7), encoding="utf-8")
    long.write_text(one_game(300, times=28), encoding="utf-8")
    small = peak_kib(short, tmp_path / "short.out", "--strip-analysis")
    large = peak_kib(long, tmp_path / "long.out", "--strip-analysis")
    assert (tmp_path / "long.out").read_text(encoding="utf-8") == long.read_text(encoding="utf-8")
    assert large - small < 8 * 1024, (small, large)


# ---- the same output as a game analysed whole ----------------------------------------------------

def analysed(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preflog.cli", "analyse", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=300)


def test_the_annotated_games_and_their_json_are_those_of_each_game_analysed_whole() -> None:
    """Written a deal at a time, each game is what the library makes of it whole (``preflog.analyse``,
    ``annotate`` and ``dumps``): two games of 12 deals from standard input, and their JSON."""
    import preflog
    from preflog.generator import generate

    games = generate(24, seed=5, per_game=12)
    text = "\n".join(preflog.dumps(g) for g in games)
    whole = [preflog.analyse(g) for g in games]
    done = analysed("-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join(preflog.dumps(preflog.annotate(g, a)) + ("\n" if n else "")
                                  for n, (g, a) in zip((1, 0), zip(games, whole)))
    items = json.loads(analysed("-", "--format", "json", stdin=text).stdout)
    assert items == [a.to_json() for a in whole[0]] + [{"game": 2, **a.to_json()} for a in whole[1]]


def test_a_game_with_a_notation_error_is_not_written_though_its_first_deals_could_be() -> None:
    """A game is read through for its notation errors before its first deal is valued: a slip in its
    fifth deal leaves the whole game out, as when it was read whole; the game before it is written,
    and no game after it (exit 1)."""
    import preflog
    from preflog.generator import generate

    first, second, third = generate(18, seed=9, per_game=6)
    broken = preflog.dumps(second).replace("\ndeal 5 ", "\ndeal 5 dealer\nhands %% ][\ndeal 50 ", 1)
    done = analysed("-", stdin="\n".join([preflog.dumps(first), broken, preflog.dumps(third)]))
    assert done.returncode == 1
    assert done.stdout == preflog.dumps(preflog.annotate(first, preflog.analyse(first)))
    assert "<stdin>:" in done.stderr and "Traceback" not in done.stderr


def test_the_notes_on_a_game_s_deals_follow_its_rule_violations() -> None:
    """A deal not valued for a hand not known, and one whose analysis stops at a card that breaks a
    rule, are said after every rule violation of the game, as when the game was valued whole: the
    violation of deal 4 before the note on deal 2."""
    import preflog
    from preflog.generator import generate

    (game,) = generate(5, seed=4, per_game=5)
    text = preflog.dumps(game)
    deals = text.split("\ndeal ")
    deals[2] = re.sub(r"\nhands [^\n]*", "", deals[2], count=1)  # deal 2: no hands
    play = re.search(r"play (\S+) (\S+)", deals[4])  # deal 4: the second card played first
    assert play is not None
    deals[4] = deals[4].replace(play.group(0), f"play {play.group(2)} {play.group(1)}", 1)
    done = analysed("-", stdin="\ndeal ".join(deals))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    notes = [n for n, line in enumerate(lines) if line.startswith("preflog: <stdin>: deal ")]
    errors = [n for n, line in enumerate(lines) if ": error: " in line]
    assert [lines[n].split(":")[2] for n in notes] == [" deal 2 is not analysed", " deal 4"], lines
    assert errors and max(errors) < min(notes)


def test_a_long_game_is_written_a_deal_at_a_time_as_iter_dumps_writes_it_whole() -> None:
    """:func:`~preflog.notation.write.iter_dumps_dealt`, given each game's tag block and its deals,
    writes the text of ``iter_dumps``: games with tags, comments and none, in both vocabularies."""
    import attrs

    import preflog
    from preflog.generator import generate
    from preflog.notation.write import iter_dumps, iter_dumps_dealt

    games = list(generate(9, seed=2, per_game=3))
    games[1] = attrs.evolve(games[1], tags=(), comments=())
    games[2] = preflog.loads("{before the tags}\n" + preflog.dumps(games[2]).replace(
        '[Rules "sochi"]\n', '[Rules "sochi"]\n{on the game}\n', 1))
    assert games[2].preface and games[2].comments
    for words in ("en", "ru"):
        dealt = iter_dumps_dealt(((attrs.evolve(g, deals=()), iter(g.deals)) for g in games), words=words)
        assert "".join(dealt) == "".join(iter_dumps(games, words=words))
    assert "".join(iter_dumps_dealt([(attrs.evolve(games[0], deals=()), iter(()))])) == preflog.dumps(
        attrs.evolve(games[0], deals=()))


def test_decisions_are_valued_a_few_deals_ahead_of_those_given() -> None:
    """``decide_each`` takes the deals as they are replayed, at most twice ``jobs`` ahead of the answers
    it has given, and answers as it does over them all at once in one process (the first deal valued,
    the hands of the nine after it not known)."""
    import preflog
    from preflog.analysis.annotate import deals_of
    from preflog.analysis.decisions import decide_each

    first, *rest = one_game(10).split("\ndeal 2 ")
    game = preflog.loads(first + "\ndeal 2 " + re.sub(r"^hands .*\n", "", rest[0], flags=re.MULTILINE))
    parts = list(deals_of(preflog.replay(game).steps))
    taken = 0

    def given() -> Iterator[Sequence[Step]]:
        nonlocal taken
        for part in parts:
            taken += 1
            yield part

    answers = []
    for answer in decide_each(given(), samples=2, jobs=2):
        answers.append(answer)
        assert taken <= len(answers) + 4, (taken, len(answers))
    assert answers == list(decide_each(parts, samples=2, jobs=1))
    assert [a.deal for a in answers] == list(range(1, 11)) and any(a.choices for a in answers)


def test_an_output_that_cannot_be_opened_is_said_with_exit_2(tmp_path: Path) -> None:
    """``-o`` in a folder that is not there: the reason and exit 2 (it was a traceback, exit 1)."""
    target = tmp_path / "not-there" / "analysed.pref"
    done = analysed(str(ROOT / "samples" / "classic.pref"), "-o", str(target))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == f"preflog: error: cannot write {target}: No such file or directory\n"
