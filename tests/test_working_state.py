"""The driver's working state (issue "Five times faster", item 2): states are changed in place and
copied only for a visitor that keeps them; a play statement stepped through without events gives the
same violations and the same sheet as one replayed card by card."""

from __future__ import annotations

import random

import preflog
from preflog import CardPlayed, GameState, Visitor
from preflog.checker import Checker
from preflog.generator import generate

from .conftest import SAMPLES
from .fuzzing import mutate


class Keeper(Visitor):
    """Keeps every state it is given, and what each looked like then."""

    def __init__(self) -> None:
        self.kept: list[tuple[GameState, str]] = []

    def visit(self, event: object, state: GameState) -> None:
        self.kept.append((state, repr(state)))


class CardWatcher(Visitor):
    """Wants every card: the driver must then make the card events."""


    def __init__(self) -> None:
        self.cards = 0

    def visit_card_played(self, event: CardPlayed, state: GameState) -> None:
        self.cards += 1


def games() -> list[preflog.Game]:
    """Generated games, samples, and generated games with slips that still read (illegal cards, calls
    out of turn, wrong results)."""
    rng = random.Random(11)
    found = list(generate(40, seed=4, per_game=20)) + list(generate(20, seed=5, players=4, rules="leningrad"))
    for path in SAMPLES:
        found += preflog.loads_all(path.read_text(encoding="utf-8"))
    for _ in range(60):
        text = mutate(preflog.dumps(generate(6, seed=rng.randrange(1 << 20))), rng)
        found += [p.game for p in preflog.read_games(text) if not p.errors]  # slips that still read
    for game in generate(60, seed=6, per_game=10):
        found += [p.game for p in preflog.read_games(_swap_cards(preflog.dumps(game), rng)) if not p.errors]
    return found


def _swap_cards(text: str, rng: random.Random) -> str:
    """Each play line with two of its cards swapped: revokes, cards not held, tricks to the wrong player."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        words = line.split(" ")
        cards = [k for k, w in enumerate(words) if k and w != "|"]
        if words[0] == "play" and len(cards) > 1:
            a, b = rng.sample(cards, 2)
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
    return "\n".join(lines)


def test_a_visitor_that_keeps_states_finds_them_as_they_were() -> None:
    keeper = Keeper()
    preflog.walk(generate(5, seed=2), keeper)
    assert len({id(s) for s, _ in keeper.kept}) == len(keeper.kept)  # a state of its own per event
    assert all(repr(state) == then for state, then in keeper.kept)   # none changed afterwards


def test_play_without_events_gives_what_card_by_card_gives() -> None:
    for game in games():
        quick, scorer = Checker(), preflog.Scorer()
        preflog.walk(game, quick, scorer)                  # no visitor wants cards: no card events
        slow, watcher, other = Checker(), CardWatcher(), preflog.Scorer()
        preflog.walk(game, slow, watcher, other)           # one does: every card is an event
        assert [str(v) for v in quick.found] == [str(v) for v in slow.found]
        assert [s.settlement().totals for s in scorer.sheets] == [s.settlement().totals for s in other.sheets]
        assert watcher.cards == sum(len(d.play.cards) for d in game.deals if d.play is not None) or slow.found


def test_apply_stays_pure() -> None:
    game = next(iter(generate(1, seed=9)))
    state, _ = preflog.initial_state(game)
    before = repr(state)
    for event in preflog.events_of(game.deals[0]):
        after, _ = preflog.apply(state, event)
        assert repr(state) == before and after is not state
        state, before = after, repr(after)


def test_every_state_a_visitor_is_handed_is_frozen_and_stays_as_it_was() -> None:
    """Issue 43, item 1: the driver changes only its own working state; what visitors (the checker and
    the scorer among them) are handed is a frozen GameState with a frozen DealState, never changed."""
    import attrs
    import pytest

    from preflog.game.state import DealState

    keeper, checker, scorer = Keeper(), Checker(), preflog.Scorer()
    preflog.walk(games()[:30], checker, scorer, keeper)
    assert keeper.kept
    for state, then in keeper.kept:
        assert type(state) is GameState and (state.deal is None or type(state.deal) is DealState)
        assert repr(state) == then
    state = next(s for s, _ in keeper.kept if s.deal is not None)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.deal.completed = 3  # type: ignore[misc, union-attr]
