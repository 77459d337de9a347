"""``preflog.deal`` (issue 66, item 3): the boards it writes satisfy the condition asked, counted again on the
written hand record by code of the test's own — its hands read with a regular expression, the solver's
conditions by the independent search of ``tests/dealing_solver.py``."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

import preflog
from preflog.dealing import view as view_module
from preflog.dealing.condition import BadCondition, compile_condition
from preflog.dealing.view import DealView
from preflog.game.bits import bits_of
from preflog.model.cards import card

from .dealing_solver import game_at_least, misere_at_most

SUITS = "scdh"
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7}
Cards = frozenset[tuple[int, int]]


class Board:
    """A board as the test reads it off the text: the hands in bidding order and the talon."""

    def __init__(self, number: int, dealer: int, seats: int, hands: dict[int, Cards], talon: Cards) -> None:
        self.number, self.dealer, self.seats, self.hands, self.talon = number, dealer, seats, hands, talon
        order = [(dealer + i - 1) % seats + 1 for i in range(1, 4)]  # clockwise from the dealer's left
        self.first, self.second, self.third = (hands[s] for s in order)
        self.order = order


def _dotted(text: str) -> Cards:
    parts = text.split(".")
    assert len(parts) == 4, text
    return frozenset((suit, RANKS[r]) for suit, part in enumerate(parts) if part != "-" for r in part)


def read_record(text: str) -> tuple[dict[str, str], list[Board]]:
    """The tags and the boards of a hand record, read with regular expressions (not the notation's reader)."""
    tags = {m.group(1): m.group(2).replace('\\"', '"') for m in re.finditer(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', text, re.M)}
    seats = len(tags["Players"].split())
    boards = []
    for m in re.finditer(r"^deal (\d+) dealer Seat(\d)\nhands (.*)\ntalon (\S\S) (\S\S)$", text, re.M):
        hands = {int(s): _dotted(h) for s, h in re.findall(r"Seat(\d): (\S+)", m.group(3))}
        talon = frozenset((SUITS.index(c[1]), RANKS[c[0]]) for c in (m.group(4), m.group(5)))
        boards.append(Board(int(m.group(1)), int(m.group(2)), seats, hands, talon))
    assert len(boards) == text.count("\ndeal "), text
    return tags, boards


def suit(hand: Cards, s: str) -> int:
    return sum(1 for c in hand if c[0] == SUITS.index(s))


def check_whole(boards: list[Board], seats: int) -> None:
    """Each board holds the 32 cards once each, ten a hand and two in the talon, dealt by the seat the
    rotation names; at four the dealer holds none."""
    for k, b in enumerate(boards, 1):
        assert b.number == k and b.dealer == (k - 1) % seats + 1
        assert sorted(len(h) for h in b.hands.values()) == [10, 10, 10] and len(b.talon) == 2
        everything = Counter([c for h in b.hands.values() for c in h] + list(b.talon))
        assert len(everything) == 32 and set(everything.values()) == {1}
        assert (b.dealer in b.hands) == (seats == 3)


SHAPES: list[tuple[int, str, Callable[[Board], bool]]] = [
    (3, 'len(first.spades) >= 6 and "As" not in first and len(dealer.hearts) <= 2',
     lambda b: suit(b.first, "s") >= 6 and (0, 14) not in b.first and suit(b.third, "h") <= 2),
    (3, 'second.pattern == (4, 3, 2, 1) and "Kh" in talon or first.shape == (2, 2, 3, 3)',
     lambda b: sorted((suit(b.second, s) for s in SUITS), reverse=True) == [4, 3, 2, 1] and (3, 13) in b.talon
     or [suit(b.first, s) for s in SUITS] == [2, 2, 3, 3]),
    (4, 'len(third.clubs) + len(third.diamonds) >= 8 and not "Т♦" in third and len(talon.hearts) == 2',
     lambda b: suit(b.third, "c") + suit(b.third, "d") >= 8 and (2, 14) not in b.third and suit(b.talon, "h") == 2),
    (4, 'max(first.shape) - min(first.shape) <= 1 and sum(("Ac" in second, "Тп" in second, "A♥" in second)) >= 2',
     lambda b: max(suit(b.first, s) for s in SUITS) - min(suit(b.first, s) for s in SUITS) <= 1
     and sum(c in b.second for c in ((1, 14), (0, 14), (3, 14))) >= 2),
]


@pytest.mark.parametrize(("players", "where", "holds"), SHAPES, ids=[w for _p, w, _h in SHAPES])
def test_every_board_written_satisfies_a_shape_condition_counted_again(
        players: int, where: str, holds: Callable[[Board], bool]) -> None:
    dealt = preflog.deal(20, where=where, seed="class 3", players=players)
    assert dealt.complete and len(dealt.boards) == 20
    tags, boards = read_record(dealt.record())
    assert tags["Players"] == " ".join(f"Seat{i}" for i in range(1, players + 1))
    assert tags["Seed"] == "class 3" and tags["Where"] == where
    assert len(boards) == 20
    check_whole(boards, players)
    assert all(holds(b) for b in boards)


def test_the_condition_chooses_among_the_deals_of_the_seed_and_alters_none() -> None:
    """Without a condition the seed's stream gives every deal: the boards a condition keeps are the deals of
    that stream it holds for, in order, hands unchanged, and the tries are the deals looked at."""
    everything = preflog.deal(300, seed=5).boards

    def first_spades(b: preflog.event.boards.Board) -> int:  # type: ignore[name-defined]
        return sum(1 for c in b.hands[b.active()[0]].cards if c.suit == 0)

    wanted = preflog.deal(10, where="len(first.spades) >= 5", seed=5)
    kept = [b for b in everything if first_spades(b) >= 5]
    assert [[b.hands[s].cards for s in b.active()] for b in wanted.boards] == \
        [[b.hands[s].cards for s in b.active()] for b in kept[:10]]
    assert [b.talon for b in wanted.boards] == [b.talon for b in kept[:10]]
    assert wanted.tries == everything.index(kept[9]) + 1


def test_a_function_and_the_same_condition_written_give_the_same_boards() -> None:
    written = preflog.deal(8, where='len(first.hearts) >= 4 and "Ah" in second', seed=11)
    called = preflog.deal(8, where=lambda d: len(d.first.hearts) >= 4 and "Ah" in d.second, seed=11)
    assert called.boards == written.boards and called.where is None and written.where is not None
    assert '[Where' not in called.record() and '[Seed "11"]' in called.record()


def test_the_same_seed_deals_the_same_boards_and_another_other_boards() -> None:
    one = preflog.deal(12, where="len(first.spades) >= 4", seed=7).record()
    assert preflog.deal(12, where="len(first.spades) >= 4", seed=7).record() == one
    assert preflog.deal(12, where="len(first.spades) >= 4", seed=8).record() != one
    more = preflog.deal(14, where="len(first.spades) >= 4", seed=7, tries=10**6).boards
    assert more[:12] == preflog.deal(12, where="len(first.spades) >= 4", seed=7).boards  # more only adds


def test_the_tries_bound_the_work_and_the_boards_found_are_kept() -> None:
    dealt = preflog.deal(5, where="len(first.spades) >= 7", seed=1, tries=3000)
    assert dealt.tries == 3000 and not dealt.complete and 0 < len(dealt.boards) < 5
    assert all(sum(1 for c in b.hands[b.active()[0]].cards if c.suit == 0) >= 7 for b in dealt.boards)
    never = preflog.deal(3, where="len(first.spades) >= 9", tries=500)
    assert never.tries == 500 and never.boards == ()


def _independent(b: preflog.event.boards.Board) -> tuple[list[Cards], Cards]:  # type: ignore[name-defined]
    hands = [frozenset((int(c.suit), int(c.rank)) for c in b.hands[s].cards) for s in b.active()]
    return hands, frozenset((int(c.suit), int(c.rank)) for c in b.talon)


SOLVED: list[tuple[str, int, int, Callable[[list[Cards], Cards], bool]]] = [
    ('len(first.spades) >= 5 and tricks(first, "s") >= 8', 3, 2,
     lambda h, t: game_at_least(h, t, 0, 0, 8)),
    ('len(second.spades) >= 4 and tricks(second, "s") == 5', 2, 1,  # exactly: five with a discard, never six
     lambda h, t: game_at_least(h, t, 1, 0, 5) and not game_at_least(h, t, 1, 0, 6)),
    ('len(third.hearts) >= 4 and tricks(third, "nt") >= 7', 1, 1,
     lambda h, t: game_at_least(h, t, 2, None, 7)),
    ('max(second.shape) <= 4 and not any(("As" in second, "Ac" in second, "Ad" in second, "Ah" in second)) '
     'and misere(second) == 0', 2, 1, lambda h, t: misere_at_most(h, t, 1, 0)),
    ('"Ah" in first and misere(first) == 3', 1, 1,  # exactly: three with a discard, never two
     lambda h, t: misere_at_most(h, t, 0, 3) and not misere_at_most(h, t, 0, 2)),
]


@pytest.mark.parametrize(("where", "seed", "n", "holds"), SOLVED, ids=[w[-24:] for w, *_ in SOLVED])
def test_the_solver_conditions_hold_by_an_independent_search_on_what_was_written(
        where: str, seed: int, n: int, holds: Callable[[list[Cards], Cards], bool]) -> None:
    tags, boards = read_record(preflog.deal(n, where=where, seed=seed).record())
    assert len(boards) == n and tags["Where"] == where
    for b in boards:
        hands = [b.first, b.second, b.third]
        assert holds(hands, b.talon)


def _view(first: str, second: str, third: str, talon: str) -> DealView:
    def bits(text: str) -> int:
        return bits_of(frozenset(card(w) for w in text.split()))
    return DealView((bits(first), bits(second), bits(third)), bits(talon))


EIGHT_TRUMPS = "As Ks Qs Js Ts 9s 8s 7s Ac Ad"
CLEAN_MISERE = "7s 8s 9s 7c 8c 9c 7d 8d 7h 8h"
REST = ["Kc Qc Jc Tc Kd Qd Jd Td 9d Ah", "Kh Qh Jh Th 9h 7c 8c 9c 7d 8d", "Kc Qc Jc Tc Kd Qd Jd Td 9d Kh",
        "Qh Jh Th 9h 8h 7h Kc Qc Jc Tc"]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_eight_trumps_and_two_aces_take_ten_tricks_from_any_seat_and_a_clean_misere_none(seat: int) -> None:
    """Counted by hand: eight trumps and two aces take every trick wherever the hand sits (nobody else
    holds a trump); 7-8-9 in two suits and 7-8 in two take none, whoever leads."""
    others = ["Kc Qc Jc Tc 9c Kd Qd Jd Td Ah", "Kh Qh Jh Th 9h 8h 7h 8c 7c 9d"]
    hands = others[:seat] + [EIGHT_TRUMPS] + others[seat:]
    game = _view(*hands, "8d 7d")
    assert game.tricks(game.hands[seat], "s") == 10 == game.tricks(game.hands[seat], "♠")
    rest = ["As Ks Qs Js Ac Kc Qc Jc Ad Kd", "Ts Tc Qd Jd Td 9d Ah Kh Qh Jh"]
    hands = rest[:seat] + [CLEAN_MISERE] + rest[seat:]
    mis = _view(*hands, "Th 9h")
    assert mis.misere(mis.hands[seat]) == 0


def test_the_solver_is_asked_once_a_deal_whatever_the_times_a_condition_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = view_module.goal_tricks

    def counted(*args: object) -> list[int]:
        calls.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(view_module, "goal_tricks", counted)
    condition = compile_condition('tricks(first, "s") >= 0 and tricks(first, "♠") + tricks(first, "п") >= 0')
    view = _view(EIGHT_TRUMPS, "Kc Qc Jc Tc 9c Kd Qd Jd Td Ah", "Kh Qh Jh Th 9h 8h 7h 8c 7c 9d", "8d 7d")
    assert condition(view) and len(calls) == 1
    with pytest.raises(ValueError, match="one of the hands dealt"):
        view.tricks(view.talon, "s")


def test_dealer_is_the_third_hand_at_three_and_holds_nothing_at_four() -> None:
    three = preflog.deal(4, where="len(dealer.spades) >= 3 and len(dealer) == 10", seed=2)
    assert three.complete and all(len([c for c in b.hands[b.dealer].cards if c.suit == 0]) >= 3 for b in three.boards)
    assert all(b.active()[2] == b.dealer for b in three.boards)
    four = preflog.deal(2, where="len(dealer) == 0 and len(fourth) == 0 and dealer.shape == (0, 0, 0, 0)", players=4)
    assert four.complete and all(b.dealer not in b.hands for b in four.boards)
    with pytest.raises(BadCondition, match="dealer holds no cards"):
        preflog.deal(1, where='tricks(dealer, "s") > 5', players=4)
