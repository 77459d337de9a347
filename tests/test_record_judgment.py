"""One judgment per change, kept (issue 64, point 4): the recorder judges a change by replaying only what
changed, from where the audit stood at the end of the deal before it; what it keeps is what judging the
whole text gives. The replays are counted through a spy on :meth:`preflog.problems.Audit.deal` (no
timing: the count is the cost)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from preflog.generator import generate
from preflog.notation.read import read_games
from preflog.notation.write import dumps
from preflog.problems import Audit
from preflog.record.recorder import Recorder, Refused
from preflog.record.short import examples

KINDS = ("game", "two", "nobody", "misere", "all_pass")


@contextmanager
def replays() -> Iterator[list[int]]:
    """How many deals the audits replay inside the block (``counted[0]``)."""
    counted = [0]
    real = Audit.deal

    def spy(self: Audit, *args: object, **kwargs: object) -> object:
        counted[0] += 1
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    Audit.deal = spy  # type: ignore[assignment,method-assign]
    try:
        yield counted
    finally:
        Audit.deal = real  # type: ignore[method-assign]


def generated(deals: int, seed: int = 7) -> tuple[str, list[str]]:
    """A generated game's tags and each deal's own text (every card played)."""
    from preflog.record.judgment import deal_parts  # noqa: PLC0415 - the module of this change
    text = dumps(generate(deals, seed)[:1])
    parts = deal_parts(text, next(read_games(text)).pieces)
    return text[:parts[0][0]], [text[own:end] for _start, own, end in parts]


def short_game(deals: int) -> Recorder:
    """A game of ``deals`` deals recorded in the short form, each kind of deal in turn."""
    recorder = Recorder(Recorder.header(["Anna", "Boris", "Vera"]))
    for n in range(deals):
        recorder.add(examples(recorder.table())[KINDS[n % len(KINDS)]])
    return recorder


def eldest(recorder: Recorder, number: int) -> str:
    """The eldest hand of deal ``number``: the player on its dealer's left."""
    dealer = recorder.game.deals[recorder.numbers.index(number)].dealer
    return recorder.players[(recorder.players.index(dealer) + 1) % len(recorder.players)]


def same_as_whole(recorder: Recorder) -> None:
    """The recorder's judgment is what judging its whole text gives."""
    from preflog.record.judgment import deal_parts, judge  # noqa: PLC0415 - the module of this change

    kept, whole = recorder.judgment, judge(recorder.text, recorder.path)
    assert kept.text == whole.text
    assert kept.game == whole.game
    assert kept.parsed.pieces == whole.parsed.pieces and kept.parsed.errors == whole.parsed.errors
    assert kept.points == whole.points
    assert kept.outlines == whole.outlines
    assert kept.parts == whole.parts == tuple(deal_parts(whole.text, whole.parsed.pieces))
    assert kept.sheet == whole.sheet and kept.state == whole.state
    assert kept.readings == whole.readings
    assert (kept.troubled, kept.first_gap, kept.standings, kept.denominator) == \
        (whole.troubled, whole.first_gap, whole.standings, whole.denominator)
    anew = Recorder(whole.text, judged=whole)
    assert [recorder.said(n) for n in recorder.numbers] == [anew.said(n) for n in recorder.numbers]
    by_deals = {k.deals: k for k in whole.kept}
    for standing in kept.kept:  # where the judgment can go on from: where a whole audit stood
        if standing.deals in by_deals:
            other = by_deals[standing.deals]
            assert (standing.state, standing.entries) == (other.state, other.entries)
            assert standing.scorer.pulka.totals == other.scorer.pulka.totals


def test_recording_deal_1000_replays_that_deal_alone() -> None:
    """A deal recorded into a game of 999 costs what it costs in a game of 9: the deal before it read
    and replayed again (the new deal's blank line may follow it), and the deal itself; not the game."""
    head, deals = generated(1000)
    for before in (9, 999):
        recorder = Recorder(head + "\n".join(deals[:before]))
        with replays() as counted:
            recorder.add(deals[before])
        assert counted[0] <= 2, (before, counted[0])
    assert recorder.deals == 1000
    same_as_whole(recorder)


def test_an_edit_replays_from_near_the_deal_changed() -> None:
    """Deal 290 of 300 typed again: the deals from a few dozen before it (where a standing was kept) to
    the end are replayed, not the whole game; a take-back replays the deal before the last."""
    recorder = short_game(300)
    with replays() as counted:
        recorder.edit(290, f"{eldest(recorder, 290)} 6s pp")
    assert 11 <= counted[0] <= 11 + 32, counted[0]  # deals 290 to 300, and those since the standing before
    from preflog.record.judgment import EVERY  # noqa: PLC0415

    assert EVERY <= 32
    same_as_whole(recorder)
    with replays() as counted:
        recorder.undo()
    assert counted[0] <= 2
    same_as_whole(recorder)


def test_a_refused_deal_costs_a_deal_and_changes_nothing() -> None:
    """A deal the engine refuses (a player who does not hold the card, a deal after the last, a typo)
    is judged from the kept state as an accepted one is, and the judgment kept is untouched."""
    head, deals = generated(200, seed=3)
    recorder = Recorder(head + "\n".join(deals[:199]))
    text = recorder.text
    wrong = deals[199].replace("dealer", "dealer Nobody", 1)  # no such player: the reader refuses it
    with replays() as counted, pytest.raises(Refused):
        recorder.add(wrong)
    assert counted[0] <= 2 and recorder.text == text
    illegal = examples(recorder.table())["game"].replace("8", "11")  # eleven tricks of ten
    with replays() as counted, pytest.raises(Refused):
        recorder.add(illegal)
    assert counted[0] <= 2 and recorder.text == text
    recorder.add(deals[199])
    same_as_whole(recorder)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["add", "add", "add", "undo", "redo", "edit", "note", "bad"]),
                          st.integers(0, 10_000), st.sampled_from(KINDS)), min_size=1, max_size=30),
       st.integers(0, 70))
def test_any_changes_judge_as_the_whole_text(changes: list[tuple[str, int, str]], start: int) -> None:
    """After any appends, take-backs, redos, edits, notes and refused deals, the judgment the recorder
    keeps is the judgment of its whole text: the game, its pieces and parts, every point of the audit,
    every deal's outline, the sheet, the state and the reader's."""
    recorder = short_game(start)
    for what, at, kind in changes:
        try:
            if what == "add":
                recorder.add(examples(recorder.table())[kind])
            elif what == "undo":
                recorder.undo()
            elif what == "redo":
                recorder.redo()
            elif what == "bad":
                recorder.add("Boris 7s wp 12")
            elif recorder.deals:
                number = recorder.numbers[at % recorder.deals]
                if what == "note":
                    recorder.note(f"note {at}", number)
                else:
                    recorder.edit(number, f"{eldest(recorder, number)} 6s pp")
        except Refused:
            pass
        same_as_whole(recorder)


def test_a_judgment_with_comments_between_its_deals_is_judged_right() -> None:
    """Comment lines before a deal (its preface), notes at the end of a line and a tag block after the
    deals: the text is read again from where its cut cannot differ, or judged whole."""
    recorder = short_game(6)
    text = recorder.text.replace("\ndeal 5 ", "\n{before five}\n% a line note\ndeal 5 ", 1)
    recorder = Recorder(text)
    for typed in (examples(recorder.table())["game"], "{a comment first}\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3"):
        recorder.add(typed)
        same_as_whole(recorder)
    recorder.edit(5, "Vera 6d pp")
    same_as_whole(recorder)
    with pytest.raises(Refused):
        recorder.add("deal 9 dealer Anna\n[Event \"another game\"]\ndeal 1 dealer Anna\nbids pass pass pass\n")
    same_as_whole(recorder)
