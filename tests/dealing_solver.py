"""An independent double-dummy count for the tests of ``preflog deal``: a plain search of the play, with a
memo over the starts of tricks and cards next in rank in one hand taken as one, written apart from
``preflog.analysis`` (it shares no code with it). Cards are ``(suit, rank)`` pairs, suits 0–3 (♠ ♣ ♦ ♥),
ranks 7–14; the first hand (seat 0) leads the first trick; a player follows suit, else trumps if he can
(Code 3.9.4), else plays any card."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

Card = tuple[int, int]
Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


def _legal(hand: frozenset[Card], led: int | None, trump: int | None) -> list[Card]:
    if led is not None:
        follow = [c for c in hand if c[0] == led]
        if follow:
            return follow
        if trump is not None:
            ruff = [c for c in hand if c[0] == trump]
            if ruff:
                return ruff
    return list(hand)


def _distinct(cards: list[Card], everything: frozenset[Card], hand: frozenset[Card]) -> list[Card]:
    """One card of each run of ``hand``'s cards next in rank among ``everything`` (the cards unplayed at the
    trick's start): such cards win and lose the same tricks."""
    kept = []
    for c in sorted(cards, key=lambda c: (c[0], -c[1])):
        higher = [d for d in everything if d[0] == c[0] and d[1] > c[1]]
        above = min(higher, key=lambda d: d[1]) if higher else None
        if above is not None and above in hand and above in cards:
            continue
        kept.append(c)
    return kept


def _winner(trick: list[tuple[int, Card]], trump: int | None) -> int:
    led = trick[0][1][0]
    trumps = [t for t in trick if t[1][0] == trump]
    pool = trumps or [t for t in trick if t[1][0] == led]
    return max(pool, key=lambda t: t[1][1])[0]


class Count:
    """Whether the declarer (``seat``) can be sure of at least ``k`` tricks (he wants many: a game in
    ``trump``), or whether the defence can be sure he takes at least ``k`` (a misère: he wants few)."""

    def __init__(self, seat: int, trump: int | None, wants_many: bool) -> None:
        self.seat, self.trump, self.wants_many = seat, trump, wants_many
        self.memo: dict[tuple[Hands, int, int], bool] = {}

    def at_least(self, hands: Hands, leader: int, k: int) -> bool:
        """The declarer takes at least ``k`` of the tricks left, from a trick's start, both sides playing
        best."""
        left = len(hands[0])
        if k <= 0:
            return True
        if k > left:
            return False
        key = (hands, leader, k)
        if key not in self.memo:
            everything = hands[0] | hands[1] | hands[2]
            self.memo[key] = self._play(hands, leader, [], everything, k)
        return self.memo[key]

    def at_least_after(self, hands: Hands, leader: int, card: Card, k: int) -> bool:
        """:meth:`at_least`, once ``leader`` has led ``card`` to the trick."""
        return self.at_least_in_trick(hands, [], leader, card, k)

    def at_least_in_trick(self, hands: Hands, trick: list[tuple[int, Card]], player: int, card: Card, k: int) -> bool:
        """:meth:`at_least` from within a trick: ``trick`` the cards down in it (seat, card), ``player`` the
        one to play, who plays ``card``; ``hands`` what each holds now."""
        rest = list(hands)
        rest[player] = hands[player] - {card}
        everything = hands[0] | hands[1] | hands[2] | frozenset(c for _, c in trick)
        return self._play((rest[0], rest[1], rest[2]), (player + 1) % 3, trick + [(player, card)], everything, k)

    def _play(self, hands: Hands, player: int, trick: list[tuple[int, Card]], everything: frozenset[Card],
              k: int) -> bool:
        if len(trick) == 3:
            won = _winner(trick, self.trump)
            return self.at_least(hands, won, k - (won == self.seat))
        led = trick[0][1][0] if trick else None
        cards = _distinct(_legal(hands[player], led, self.trump), everything, hands[player])
        # the side that wants k tricks for the declarer looks for one card that gets them; the other
        # side plays every card against them
        wants = (player == self.seat) == self.wants_many
        for c in cards:
            rest = list(hands)
            rest[player] = hands[player] - {c}
            reached = self._play((rest[0], rest[1], rest[2]), (player + 1) % 3, trick + [(player, c)], everything, k)
            if reached == wants:
                return wants
        return not wants


def discards(twelve: Iterable[Card]) -> list[tuple[Card, Card]]:
    """Every two cards of twelve, the lowest first."""
    cards = sorted(twelve, key=lambda c: c[1])
    return sorted(itertools.combinations(cards, 2), key=lambda pair: pair[0][1] + pair[1][1])


def game_at_least(hands: list[frozenset[Card]], talon: frozenset[Card], seat: int, trump: int | None, k: int) -> bool:
    """Whether ``seat``, taking the talon, has a discard after which he is sure of ``k`` tricks in
    ``trump``."""
    twelve = hands[seat] | talon
    for pair in discards(twelve):
        played = list(hands)
        played[seat] = twelve - set(pair)
        if Count(seat, trump, True).at_least((played[0], played[1], played[2]), 0, k):
            return True
    return False


def misere_at_most(hands: list[frozenset[Card]], talon: frozenset[Card], seat: int, k: int) -> bool:
    """Whether ``seat``, taking the talon, has a discard after which the defence cannot make him take
    more than ``k`` tricks on a misère."""
    twelve = hands[seat] | talon
    for pair in reversed(discards(twelve)):  # the highest cards first
        played = list(hands)
        played[seat] = twelve - set(pair)
        if not Count(seat, None, False).at_least((played[0], played[1], played[2]), 0, k + 1):
            return True
    return False
