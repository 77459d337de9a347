"""Nothing typed is lost (issue 12, Deliver 4): ``fmt`` keeps every ``%`` note at the element it was
written after, and a comment standing alone before a deal or a tag block stays before it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import preflog
from preflog import from_json, to_json

from .test_cli import run

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").glob("*.pref"))

TYPED = """\
% Friday club, table 2
{Typed from the paper sheet}
[Players "Anna Boris Vera"]
[Rules "sochi"]  % we always play Sochi
{the game comment}
deal 1 dealer Anna % Anna shuffled
bids Boris: 6s Vera: pass % long think
  Anna: pass
contract 6s
whist pass whist
result Boris 6 Vera 4 Anna 0 {fine}

{Before deal 2:
Boris was late}
% a note too

deal 2 dealer Boris
bids pass pass pass
play 7s 8s 9s % first trick
  | Ts Js Qs
result Anna 2 Boris 4 Vera 4
% the end
"""

CANONICAL = """\
% Friday club, table 2
{Typed from the paper sheet}
[Players "Anna Boris Vera"]
[Rules "sochi"] % we always play Sochi
{the game comment}

deal 1 dealer Anna % Anna shuffled
bids Boris: 6s Vera: pass % long think
  Anna: pass
contract 6s
whist pass whist
result Boris 6 Vera 4 Anna 0 {fine}

{Before deal 2:
Boris was late}
% a note too
deal 2 dealer Boris
bids pass pass pass
play 7s 8s 9s % first trick
  | Ts Js Qs
result Anna 2 Boris 4 Vera 4 % the end
"""


def test_fmt_keeps_every_note_at_its_element(tmp_path: Path) -> None:
    path = tmp_path / "typed.pref"
    path.write_text(TYPED, encoding="utf-8")
    assert run("fmt", str(path)) == (0, CANONICAL, "")
    path.write_text(CANONICAL, encoding="utf-8")
    assert run("fmt", "--check", str(path)) == (0, "", "")


def test_notes_are_on_the_records_they_follow() -> None:
    game = preflog.loads(TYPED)
    one, two = game.deals
    assert [(c.text, c.line_note) for c in game.preface] == [(" Friday club, table 2", True),
                                                            ("Typed from the paper sheet", False)]
    assert [c.text for c in game.tags[1].comments] == [" we always play Sochi"]  # Rules, on its line
    assert [c.text for c in game.comments] == ["the game comment"]
    assert [c.text for c in one.comments] == [" Anna shuffled"]
    assert [c.text for c in one.bids.calls[1].comments] == [" long think"]
    assert [c.text for c in one.result.comments] == ["fine"]  # the blank line and what follows are deal 2's
    assert [(c.text, c.line_note) for c in two.preface] == [("Before deal 2:\nBoris was late", False),
                                                           (" a note too", True)]
    assert [c.text for c in two.play.cards[2].comments] == [" first trick"]
    assert [c.text for c in two.result.comments] == [" the end"]


def test_a_comment_on_the_line_of_the_last_statement_stays_there() -> None:
    game = preflog.loads('[Players "Anna Boris Vera"]\ndeal 1 result 6 {made}\n{next}\ndeal 2 result 7\n')
    assert [c.text for c in game.deals[0].result.comments] == ["made"]
    assert [c.text for c in game.deals[1].preface] == ["next"]
    assert game.deals[1].comments == ()


def test_a_note_before_a_new_game_is_that_game_s() -> None:
    text = '[Players "Anna Boris Vera"]\ndeal 1 result 6\n\n% table 2\n[Players "Anna Boris Vera"]\ndeal 1 result 7\n'
    first, second = preflog.loads_all(text)
    assert first.deals[0].result.comments == ()
    assert [c.text for c in second.preface] == [" table 2"]
    assert "deal 1 dealer Anna\nresult 6\n\n% table 2\n[Players" in preflog.dumps([first, second])
    assert preflog.loads_all(preflog.dumps([first, second])) == [first, second]


def test_notes_go_through_json_and_back() -> None:
    game = preflog.loads(TYPED)
    document = json.loads(to_json([game]))
    assert document["games"][0]["tags"]["Rules"] == {"value": "sochi", "notes": [" we always play Sochi"]}
    assert document["games"][0]["deals"][0]["comments"] == [{"note": " Anna shuffled"}]
    assert preflog.dumps(from_json(to_json([game]))) == CANONICAL


def test_the_replay_shows_comments_in_braces_but_not_notes(tmp_path: Path) -> None:
    path = tmp_path / "typed.pref"
    path.write_text(TYPED, encoding="utf-8")
    code, out, _ = run("replay", str(path))
    assert code == 0 and "%" not in out and "shuffled" not in out and "long think" not in out
    assert out.startswith("\n{Typed from the paper sheet}\nPlayers: Anna Boris Vera\n")
    assert "\n\n{Before deal 2:\nBoris was late}\nDeal 2, dealt by Boris\n" in out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_a_note_on_every_line_of_a_sample_is_kept_once(sample: Path, tmp_path: Path) -> None:
    """Each line of a sample with a note at its end (blank lines and lines inside a comment too): the
    formatted text holds every note once, is a fixed point, and without the notes reads as the
    sample's own canonical text, word for word."""
    lines = sample.read_text(encoding="utf-8").split("\n")
    noted = "\n".join(f"{line} % note {n}" for n, line in enumerate(lines, 1))
    path = tmp_path / sample.name
    path.write_text(noted, encoding="utf-8")
    code, out, err = run("fmt", str(path))
    assert (code, err) == (0, "")
    assert sorted(int(n) for n in re.findall(r"% note (\d+)", out)) == list(range(1, len(lines) + 1))
    path.write_text(out, encoding="utf-8")
    assert run("fmt", "--check", str(path)) == (0, "", "")
    _, plain, _ = run("fmt", str(sample))
    assert re.sub(r"% note \d+", "", out).split() == plain.split()


def test_a_hundred_thousand_comment_lines_before_a_deal_are_its_preface() -> None:
    """Hostile input: each comment line is read once (the line breaks are counted as the comments are
    found; counting from the start for each was quadratic: 27 s for 200,000 lines)."""
    text = ('[Players "Anna Boris Vera"]\ndeal 1 dealer Anna\nresult Anna 2 Boris 4 Vera 4\n'
            + "{a}\n% b\n{c\nd}\n" * 25_000 + "deal 2\nresult Anna 2 Boris 4 Vera 4\n")
    game = preflog.loads(text)
    preface = game.deals[1].preface
    assert len(preface) == 75_000 and game.deals[0].result.comments == ()
    last = preface[-1]
    assert (last.text, last.span.line, last.span.end_line, last.span.end_column) == ("c\nd", 100_002, 100_003, 3)
