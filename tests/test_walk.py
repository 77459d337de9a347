"""The driver: one replay feeds every visitor, in the documented order, and SKIP skips what it begins."""

from __future__ import annotations

from typing import Any

import preflog
from preflog import SKIP, Visitor

from .conftest import HEAD, SAMPLES
from .test_engine import FULL

TWO_DEALS = HEAD + FULL + "\ndeal 2\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n"


class Log(Visitor):
    """Writes down every call the driver makes."""

    def __init__(self, skip_deal: int | None = None, skip_game: bool = False, enter: bool = False) -> None:
        self.calls: list[str] = []
        self.skip_deal, self.skip_game, self.enter = skip_deal, skip_game, enter

    def begin_game(self, game: preflog.Game, rules: preflog.Rules) -> Any:
        self.calls.append(f"begin_game {rules.name}")
        return SKIP if self.skip_game else None

    def begin_deal(self, deal: preflog.Deal, state: preflog.GameState) -> Any:
        self.calls.append(f"begin_deal {deal.number}")
        return SKIP if deal.number == self.skip_deal else None

    def visit(self, event: preflog.Event, state: preflog.GameState) -> None:
        self.calls.append(type(event).__name__)

    def visit_violation(self, violation: preflog.Violation, state: preflog.GameState) -> None:
        self.calls.append(f"violation {violation.code}")

    def begin_variation(self, variation: preflog.Variation, state: preflog.GameState) -> Any:
        self.calls.append("begin_variation")
        return None if self.enter else SKIP

    def end_variation(self, state: preflog.GameState) -> None:
        self.calls.append("end_variation")

    def end_deal(self, state: preflog.GameState) -> None:
        self.calls.append(f"end_deal {state.deal.number}")

    def end_game(self, state: preflog.GameState) -> None:
        self.calls.append("end_game")

    def result(self) -> list[str]:
        return self.calls


def test_the_order_of_calls() -> None:
    (calls,) = preflog.walk(preflog.loads(TWO_DEALS), Log())
    assert calls[:3] == ["begin_game sochi", "begin_deal 1", "DealStarted"]
    assert calls[3:6] == ["Dealt", "CallMade", "CallMade"]
    assert calls.count("CardPlayed") == 30 and calls.count("TrickCompleted") == 10
    assert calls.index("TalonTaken") == calls.index("BiddingEnded") + 1  # implied by the rules (Code 3.4.1)
    end_1 = calls.index("end_deal 1")
    assert calls[end_1 - 1] == "DealEnded" and calls[end_1 + 1: end_1 + 3] == ["begin_deal 2", "DealStarted"]
    assert calls[-2:] == ["end_deal 2", "end_game"]


def test_skip_a_deal_skips_only_its_events_and_the_state_goes_on() -> None:
    skipping, everything = Log(skip_deal=1), Log()
    preflog.walk(preflog.loads(TWO_DEALS), skipping, everything)
    assert "CardPlayed" not in skipping.calls and "end_deal 1" not in skipping.calls
    tail = everything.calls[everything.calls.index("begin_deal 2"):]
    assert skipping.calls[skipping.calls.index("begin_deal 2"):] == tail  # the other visitor saw it all


def test_skip_a_game() -> None:
    (calls,) = preflog.walk(preflog.loads(TWO_DEALS), Log(skip_game=True))
    assert calls == ["begin_game sochi"]


def test_violations_come_after_the_event_that_broke_the_rule() -> None:
    game = preflog.loads(HEAD + "deal 1\nbids 6c 6s pass pass\n")
    (calls,) = preflog.walk(game, Log())
    assert calls[calls.index("violation A202") - 1] == "CallMade"
    rules_tag = preflog.loads('[Players "Anna Boris Vera"]\n[Rules "moscow"]\n\ndeal 1\n')
    (calls,) = preflog.walk(rules_tag, Log())
    assert calls[:3] == ["begin_game sochi", "violation R101", "begin_deal 1"]


def test_variations_are_entered_only_when_asked_and_replayed_from_their_branch() -> None:
    text = HEAD + FULL.replace("play 7d Td 9d", "play 7d (8d Td 9d) Td 9d")
    skipping, entering = Log(), Log(enter=True)
    preflog.walk(preflog.loads(text), skipping, entering)
    assert skipping.calls.count("CardPlayed") == 30 and "end_variation" not in skipping.calls
    first = entering.calls.index("begin_variation")
    assert entering.calls[first + 1: first + 6] == ["CardPlayed", "CardPlayed", "CardPlayed", "TrickCompleted",
                                                      "end_variation"]
    assert entering.calls.count("CardPlayed") == 33


def test_walk_returns_each_visitors_result_in_order_and_takes_many_games() -> None:
    games = [g for p in SAMPLES for g in preflog.loads_all(p.read_text(encoding="utf-8"))]
    checker, scorer, log = preflog.Checker(), preflog.Scorer(), Log()
    found, sheets, calls = preflog.walk(games, checker, scorer, log)
    assert found == [] and len(sheets) == len(games) == calls.count("end_game")
    assert [s.entries for s in sheets] == [preflog.score(g).entries for g in games]


def test_a_visitor_with_no_methods_costs_nothing_and_gives_none() -> None:
    assert preflog.walk(preflog.loads(TWO_DEALS), Visitor()) == (None,)


def test_check_score_audit_and_replay_are_walks() -> None:
    game = preflog.loads(TWO_DEALS.replace("bids 6s pass pass", "bids 6c 6s pass pass"))
    (checked,) = preflog.walk(game, preflog.Checker())
    # 6s does not beat 6c (Code 3.3.7); then Anna and Boris pass with Vera still in: unfinished (3.3.1)
    assert [v.code for v in checked] == [v.code for v in preflog.check(game)] == ["A202", "A208"]
    sheet, problems = preflog.audit(game)
    assert sheet.entries == preflog.score(game).entries and [v.code for v in problems] == ["A202", "A208"]
    steps = preflog.replay(game)
    (calls,) = preflog.walk(game, Log())
    assert [type(s.event).__name__ for s in steps] == [c for c in calls if c[0].isupper()]
    assert next(s for s in steps if s.violations).violations[0].code == "A202"


def test_visitor_methods_are_named_after_their_events_and_an_old_name_is_refused() -> None:
    """Issue 43, item 6: ``visit_<event>`` is the snake case of the event's class; a visitor written for
    the old names is told the new one instead of silently hearing nothing."""
    import re

    import pytest

    from preflog.driver import METHODS

    for kind, name in METHODS.items():
        assert name == "visit_" + re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()

    class Old(preflog.Visitor):
        def visit_card(self, event: object, state: object) -> None: ...

    with pytest.raises(TypeError, match="visit_card_played"):
        preflog.walk(preflog.Game(()), Old())
