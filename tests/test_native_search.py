"""The search's solver in C (``preflog/analysis/_search.c``, issue 46 item 3) against its reference, the
Python ``Solver`` of ``search.py``: the same answer to every question, after the same work (the questions
asked, the tricks' starts reached), on endings of every kind and on whole deals; and bad positions
refused with an error, never a crash. The search's answers themselves are checked against plain minimax
in tests/test_solve.py, for the search as installed (this solver) and for its source."""

from __future__ import annotations

import random

import pytest

from preflog.analysis import pure_search, search
from preflog.compiled import is_compiled, wants_source
from preflog.game.bits import BIT

from .test_solve import full_deal, random_ending

native = pytest.importorskip("preflog.analysis._search") if not wants_source() else None
PURE = pure_search()
pytestmark = pytest.mark.skipif(native is None or not is_compiled(search),
                                reason="the search runs from its source: no solver in C in this run")


def _pair(e: dict) -> tuple[object, object, object]:
    """The C solver and the Python one for ``e`` (tests/test_solve's dict of a position), and its
    position."""
    trump = -1 if e["trump"] is None else int(e["trump"])
    bits = tuple(sum(BIT[c] for c in h) for h in e["hands"])
    position = PURE.Position(bits, e["leader"], tuple(BIT[c] for c in e["table"]),
                             tuple(BIT[c] for c in e["talon"]), e["four"], e["void_eldest"])
    return search.new_solver(e["target"], e["wants_more"], trump), PURE.Solver(e["target"], e["wants_more"], trump), \
        position


def test_the_installed_search_uses_the_solver_in_c() -> None:
    assert type(search.Search(0, True).solver).__module__ == "preflog.analysis._search"


def test_the_solver_in_c_answers_every_question_as_its_reference_after_the_same_work() -> None:
    """Three thousand endings (games in each trump, misères, all-passes with the talon leading, from a
    trick's start and in the middle of one): every k from 0 to one above the tricks left, asked of one
    solver each in turn so that their tables carry over between questions as in a search."""
    rng = random.Random(4603)
    asked = 0
    for n in range(3000):
        e = random_ending(rng)
        c, py, position = _pair(e)
        left = position.tricks_left()
        for k in rng.sample(range(left + 2), left + 2):
            assert c.win(position, k) == py.win(position, k), (n, k, e)
            asked += 1
        assert (c.questions, c.nodes) == (py.questions, py.nodes), (n, e)
    assert asked > 3000 * 3


def test_a_question_from_a_trick_s_start_is_the_position_s_question() -> None:
    """``start`` (the hands given as numbers, the race's questions) answers as ``win`` on the same
    position, in C and in Python, after the same work."""
    rng = random.Random(4605)
    for n in range(500):
        e = random_ending(rng)
        if e["table"] or e["talon"]:
            continue
        c, py, position = _pair(e)
        c2, py2, _ = _pair(e)
        h0, h1, h2 = position.hands
        for k in range(position.tricks_left() + 2):
            expected = c.win(position, k)
            assert c2.start(h0, h1, h2, e["leader"], k) == expected == py2.start(h0, h1, h2, e["leader"], k), (n, k)
        assert (c2.questions, c2.nodes) == (c.questions, c.nodes) == (py2.questions, py2.nodes), n


def test_the_solver_in_c_agrees_with_its_reference_on_whole_deals() -> None:
    """Twenty-four whole deals of ten cards a hand (games, misères, all-passes): the value, found by the
    same questions, and the same tricks' starts reached."""
    rng = random.Random(4604)
    for n in range(24):
        e = full_deal(rng)
        c, py, position = _pair(e)
        for k in (6, 5, 7, 1, 0, 10, 11):
            assert c.win(position, k) == py.win(position, k), (n, k)
        assert (c.questions, c.nodes) == (py.questions, py.nodes), n
        assert c.representatives(0xFFFFFFFF, 0xFFFFFFFF) == py.representatives(0xFFFFFFFF, 0xFFFFFFFF)


@pytest.mark.parametrize("position, error", [
    (PURE.Position((1, 2), 0), ValueError),                      # two hands
    (PURE.Position((1, 2, 4), 3), ValueError),                   # no such seat
    (PURE.Position((1, 2, 4), 0, (8, 16, 32)), ValueError),      # a trick of three cards still in play
    (PURE.Position((1, 2, 4), 0, (), (8, 16, 32)), ValueError),  # a talon of three
    (PURE.Position((1 << 32, 2, 4), 0), ValueError),             # a card beyond the deck
    (PURE.Position((-1, 2, 4), 0), ValueError),
    (PURE.Position((0x7FF, 1 << 20, 1 << 21), 0), ValueError),    # eleven cards in a hand
    (PURE.Position(("A", 2, 4), 0), TypeError),                  # type: ignore[arg-type]
    (object(), AttributeError),
])
def test_a_bad_position_is_refused_not_searched(position: object, error: type[Exception]) -> None:
    solver = search.new_solver(0, True, -1)
    with pytest.raises(error):
        solver.win(position, 1)  # type: ignore[arg-type]
    assert solver.win(PURE.Position((1, 2, 4), 0), 1) is True  # and the solver still works


def test_a_bad_solver_is_refused() -> None:
    with pytest.raises(ValueError):
        search.new_solver(3, True, -1)
    with pytest.raises(ValueError):
        search.new_solver(0, True, 4)


def test_odd_positions_the_search_never_makes_are_answered_alike_or_refused() -> None:
    """Hostile input: hands of unequal sizes, a card in two hands or on the table too, a talon card
    held, any leader, k from -1 to 12: the solver in C answers as its reference does, after the same
    work, or refuses the position with a ValueError; it never crashes."""
    rng = random.Random(4605)
    refused = 0
    for n in range(4000):
        hands = tuple(sum({1 << rng.randrange(32) for _ in range(rng.randint(0, 4))}) for _ in range(3))
        table = tuple(1 << rng.randrange(32) for _ in range(rng.choice((0, 0, 1, 2, 3))))
        talon = tuple(1 << rng.randrange(32) for _ in range(rng.choice((0, 0, 0, 1, 2, 3))))
        position = PURE.Position(hands, rng.randrange(3), table, talon, rng.random() < 0.5, rng.random() < 0.5)
        target, wants_more, trump = rng.randrange(3), rng.random() < 0.5, rng.randrange(-1, 4)
        c, py = search.new_solver(target, wants_more, trump), PURE.Solver(target, wants_more, trump)
        k = rng.randint(-1, 12)
        try:
            answer = c.win(position, k)
        except ValueError:
            refused += 1
            assert len(table) == 3 or len(talon) == 3, (n, position.__dict__)
            continue
        assert answer == py.win(position, k), (n, k, position.__dict__)
        assert (c.questions, c.nodes) == (py.questions, py.nodes), n
    assert 0 < refused < 4000 // 2
