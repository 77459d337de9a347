"""The driver's working state (issue "Five times faster", item 2): states are changed in place and
copied only for a visitor that keeps them; a play statement stepped through without events gives the
same violations and the same sheet as one replayed card by card."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest

import preflog
from preflog import CardPlayed, GameState, Visitor
from preflog.checker import Checker
from preflog.game.engine import advance_in_place, snapshot, working
from preflog.game.state import DealFacts, DealState, GameFacts, WorkingDeal, WorkingGame
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
    keeper, checker, scorer = Keeper(), Checker(), preflog.Scorer()
    preflog.walk(games()[:30], checker, scorer, keeper)
    assert keeper.kept
    for state, then in keeper.kept:
        assert type(state) is GameState and (state.deal is None or type(state.deal) is DealState)
        assert repr(state) == then
    state = next(s for s, _ in keeper.kept if s.deal is not None)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.deal.completed = 3  # type: ignore[misc, union-attr]


def _under_way() -> tuple[WorkingGame, list[GameState]]:
    """A working game stepped through a generated game's first deals, with a snapshot after each event."""
    game = next(iter(generate(3, seed=9)))
    start, _ = preflog.initial_state(game)
    g, shots = working(start), []
    for deal in game.deals:
        for _event, after, _found in advance_in_place(g, preflog.events_of(deal)):
            shots.append(snapshot(after))
    return g, shots


def test_a_misspelt_field_of_the_working_state_is_an_error_not_a_new_attribute() -> None:
    """Issue 64, item 3: the working deal and game have slots, so a store to a field they do not have
    raises AttributeError (before, it made a new attribute and the field kept its old value)."""
    g, _ = _under_way()
    d = g.deal
    assert type(d) is WorkingDeal and type(g) is WorkingGame
    for state, misspelt in ((d, "hand"), (d, "trik"), (d, "compleated"), (g, "all_pass_streek"), (g, "dael")):
        with pytest.raises(AttributeError):
            setattr(state, misspelt, 1)
        assert not hasattr(state, misspelt)
    assert not hasattr(d, "__dict__") and not hasattr(g, "__dict__")
    d.completed = 4  # a field is a plain store
    assert d.completed == 4


def test_the_engine_changes_its_working_state_by_plain_attribute_stores() -> None:
    """Issue 64, item 3: no ``_set(state, **changes)`` (a dict update that took any name), no function
    of the engine or of its states taking ``**`` keywords, no ``__dict__``."""
    from preflog.game import engine, state

    assert not hasattr(engine, "_set")
    for module in (engine, state):
        source = Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py").read_text("utf-8")
        tree = ast.parse(source)
        assert [f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.args.kwarg] == []
        assert [n.lineno for n in ast.walk(tree) if isinstance(n, ast.keyword) and n.arg is None] == []  # f(**x)
        assert "__dict__" not in source


def test_a_snapshot_and_a_thawed_state_copy_every_field() -> None:
    """Freezing the working state (``snapshot``) and thawing a frozen one (``working``) copy every field of
    the game and of its deal into the other kind; each copy is its own (a store to one leaves the other)."""
    g, shots = _under_way()
    names = [f.name for f in attrs.fields(DealFacts)]
    assert len(names) > 40 and shots

    def same(a: object, b: object) -> bool:
        return all(getattr(a, f.name) is getattr(b, f.name) for f in attrs.fields(GameFacts)) and (
            (a.deal is None) is (b.deal is None)  # type: ignore[attr-defined]
            and (a.deal is None or all(getattr(a.deal, n) is getattr(b.deal, n) for n in names)))  # type: ignore[attr-defined]

    frozen = snapshot(g)
    assert type(frozen) is GameState and type(frozen.deal) is DealState and same(frozen, g)
    for shot in shots:
        thawed = working(shot)
        assert type(thawed) is WorkingGame and type(thawed.deal) is WorkingDeal and same(thawed, shot)
        assert same(snapshot(thawed), shot) and snapshot(thawed) == shot
        assert thawed.deal is not None and shot.deal is not None
        thawed.deal.completed, thawed.all_pass_streak = 11, 99
        assert shot.deal.completed != 11 and shot.all_pass_streak != 99
