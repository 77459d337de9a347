"""What a player could see at a card of the play, and the layouts of the cards he could not (issue 67).

:func:`sight` is a pure function of the replayed :class:`~preflog.game.state.DealState` before the card,
the voids the play so far has shown (:func:`showing`) and nothing else. The player sees:

* his own hand, and every card played so far (the trick on the table too);
* the talon where it was shown: after a game's auction it is opened to all before the declarer takes
  it (Code 3.4.1; a misère's too, 3.6.6), so a defender knows its cards are in the declarer's hand or
  in his discard; on an all-pass the talon's cards turned up to lead the first two tricks (3.7.6),
  each as it is turned (a talon that is not used stays unseen, 3.7.6.2);
* the discard only if he is the declarer (3.4.1: "никому не показывая");
* the voids shown: a player who did not follow suit has none of it left, and in a trump game one who
  neither followed nor trumped has no trumps either (3.9.3);
* open hands: on a misère the catchers lay their cards on the table before the first lead when one of
  them leads it, after the declarer's first card when he leads (3.6.6, 3.8.5); with one whister
  playing open ("в светлую") both defenders' cards are on the table before the first lead (3.8.5,
  3.8.10), and the whister plays both hands. Two whisters play closed (3.8.4): each sees only his own.

The auction is not used: a bid says something of a hand, but nothing certain, and only what is
certain constrains the layouts. :func:`layouts` deals the unseen cards to the places they may be in
(the other hands, a defender's unknown discard, an all-pass's unturned talon) consistently with every
fact above, uniformly: the ways to deal them are counted group by group (cards that may go to the same
places), so each layout is drawn with its true weight, without rejection, and where the ways are few
(at most the samples asked for) every one is given once instead.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator, Sequence

import attrs

from ..game.legal import led_suit
from ..game.state import DealState
from ..model.cards import DECK, Card, Suit
from ..model.defence import WhistMode
from ..model.seating import ACTIVE_SEATS, Seat

#: The places an unseen card may be: the three hands (by seat), the declarer's discard, the talon.
DISCARD, TALON = 3, 4
PLACES = 5
NO_VOIDS: tuple[frozenset[Suit], ...] = (frozenset(), frozenset(), frozenset())


@attrs.frozen
class Sight:
    """What ``chooser`` could see when the card of ``seat`` was to be played (the whister of an open
    defence chooses his partner's cards, Code 3.8.5): by place (:data:`PLACES`: the hands by seat, the
    discard, the talon's cards still to be turned), the cards he knows are there (``known``) and how
    many it holds (``sizes``); the cards he cannot place (``unseen``), and of those shown in the talon
    of a game (``shown``) only that they are the declarer's or in his discard; the ``voids`` each seat
    has shown."""

    seat: Seat
    chooser: Seat
    known: tuple[frozenset[Card], ...]
    sizes: tuple[int, ...]
    unseen: frozenset[Card]
    shown: frozenset[Card] = frozenset()
    voids: tuple[frozenset[Suit], ...] = NO_VOIDS
    declarer: Seat | None = None

    def places(self, card: Card) -> tuple[int, ...]:
        """Where an unseen ``card`` may be: a place with room for it, not a hand void in its suit, and
        for a card shown in a game's talon only the declarer's hand or his discard."""
        out = []
        for place in range(PLACES):
            if self.sizes[place] <= len(self.known[place]):
                continue
            if place < 3 and card.suit in self.voids[place]:
                continue
            if card in self.shown and place not in (self.declarer, DISCARD):
                continue
            out.append(place)
        return tuple(out)


def showing(d: DealState, card: Card) -> tuple[int, frozenset[Suit]] | None:
    """The seat that plays ``card`` at ``d`` and the suits it shows it has none of, or ``None`` when it
    shows none: the suit led when it does not follow, and in a trump game the trump too when it neither
    follows nor trumps (Code 3.9.3)."""
    seat, led = d.to_play, led_suit(d)
    if seat is None or led is None or card.suit == led:
        return None
    trump = d.trump_suit
    return int(seat), frozenset({led} | ({trump} if trump is not None and card.suit != trump else set()))


def with_shown(voids: tuple[frozenset[Suit], ...], d: DealState, card: Card) -> tuple[frozenset[Suit], ...]:
    """``voids`` with what ``card`` played at ``d`` shows (:func:`showing`)."""
    found = showing(d, card)
    if found is None:
        return voids
    seat, suits = found
    return tuple(v | suits if i == seat else v for i, v in enumerate(voids))


def opened(d: DealState) -> bool:
    """Whether both defenders' (or catchers') cards are on the table at ``d``: with one whister playing
    open, from before the first lead (Code 3.8.5); on a misère before the first lead when a catcher
    leads it, else after the declarer's first card (3.6.6)."""
    if d.declarer is None or d.is_all_pass:
        return False
    contract = d.game_contract
    if contract is not None and contract.is_misere:
        return d.completed > 0 or bool(d.trick) or d.leader != d.declarer
    return d.mode is WhistMode.OPEN and len(d.whisters) == 1


def chooser_of(d: DealState) -> Seat:
    """Who chooses the card to be played at ``d``: its holder, but a passed defender's the whister's
    when he plays open (Code 3.8.5)."""
    seat = d.to_play
    assert seat is not None
    if d.declarer is not None and seat != d.declarer and opened(d) and not d.game_contract.is_misere:  # type: ignore[union-attr]
        whisters = [s for s in d.whisters if s != Seat.SITTING_OUT]
        if whisters and whisters[0] != seat:
            return whisters[0]
    return seat


def sight(d: DealState, voids: tuple[frozenset[Suit], ...] = NO_VOIDS) -> Sight:
    """What the player to move at ``d`` could see (the module's docstring says what and why), ``voids``
    those the play so far has shown (:func:`with_shown`). Every hand of ``d`` is known (a replay's
    deal with its hands written): they are where the unseen cards are, and the sizes."""
    seat = d.to_play
    assert seat is not None
    chooser = chooser_of(d)
    left = 10 - d.completed
    on_table = {s for s, _c in d.trick}
    sizes = [left - (s in on_table) for s in ACTIVE_SEATS]
    hands = [d.hands[s] or frozenset() for s in ACTIVE_SEATS]
    known: list[frozenset[Card]] = [frozenset()] * PLACES
    known[chooser] = hands[chooser]
    declarer = d.declarer
    if declarer is not None and opened(d):  # the defenders' (catchers') cards on the table
        for s in ACTIVE_SEATS:
            if s != declarer:
                known[s] = hands[s]
    discard = frozenset(d.discard or ()) if d.talon_taken and not d.is_all_pass else frozenset()
    sizes.append(len(discard))
    if chooser == declarer:
        known[DISCARD] = discard
    talon_cards: frozenset[Card] = frozenset()
    turned: frozenset[Card] = frozenset()
    if d.is_all_pass and d.talon and d.talon_leads:  # turned one at a time to lead two tricks (3.7.6)
        turned = frozenset(d.talon[:d.completed + 1])
        talon_cards = frozenset(d.talon[d.completed + 1:2])
    elif d.talon and not d.talon_taken:  # out of the play, never shown (3.7.6.2; a game without it)
        talon_cards = frozenset(d.talon)
    sizes.append(len(talon_cards))
    shown = frozenset(d.talon or ()) if declarer is not None and not d.is_all_pass and d.talon_taken else frozenset()
    held = frozenset().union(*hands, discard, talon_cards)
    unseen = frozenset(held - frozenset().union(*known) - turned)
    return Sight(seat, chooser, tuple(known), tuple(sizes), unseen, shown & unseen, voids, declarer)


# ---- the layouts -----------------------------------------------------------------------------------

@attrs.frozen
class Layouts:
    """The layouts of a :class:`Sight`'s unseen cards: each the cards of every place
    (:data:`PLACES`, the known ones with them), and whether they are all there are (``exact``: each
    once) or drawn at random (each with its weight), and how many there are in all (``ways``)."""

    deals: tuple[tuple[frozenset[Card], ...], ...]
    exact: bool
    ways: int


def _groups(view: Sight) -> tuple[tuple[tuple[int, ...], tuple[Card, ...]], ...]:
    """The unseen cards grouped by the places they may be in (:meth:`Sight.places`), in deck order."""
    by: dict[tuple[int, ...], list[Card]] = {}
    for c in DECK:
        if c in view.unseen:
            by.setdefault(view.places(c), []).append(c)
    return tuple((places, tuple(cards)) for places, cards in by.items())


def _splits(n: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """The ways to share ``n`` cards among places with ``room`` for them: how many to each."""
    if len(room) == 1:
        if n <= room[0]:
            yield (n,)
        return
    for k in range(min(n, room[0]) + 1):
        for rest in _splits(n - k, room[1:]):
            yield (k, *rest)


def _multinomial(n: int, ks: Sequence[int]) -> int:
    out, left = 1, n
    for k in ks:
        out *= math.comb(left, k)
        left -= k
    return out


class _Counter:
    """The number of ways to deal the groups from the ``g``-th on into the room left (a memo)."""

    def __init__(self, groups: Sequence[tuple[tuple[int, ...], tuple[Card, ...]]]) -> None:
        self.groups = groups
        self.ways = functools.lru_cache(maxsize=None)(self._ways)

    def _ways(self, g: int, room: tuple[int, ...]) -> int:
        if g == len(self.groups):
            return 1 if not any(room) else 0
        places, cards = self.groups[g]
        total = 0
        for split in _splits(len(cards), [room[p] for p in places]):
            total += _multinomial(len(cards), split) * self.ways(g + 1, _less(room, places, split))
        return total


def _less(room: tuple[int, ...], places: Sequence[int], split: Sequence[int]) -> tuple[int, ...]:
    out = list(room)
    for p, k in zip(places, split):
        out[p] -= k
    return tuple(out)


def count_layouts(view: Sight) -> int:
    """How many layouts of the unseen cards agree with everything ``view`` knows."""
    return _Counter(_groups(view)).ways(0, _room(view))


def _room(view: Sight) -> tuple[int, ...]:
    return tuple(size - len(known) for size, known in zip(view.sizes, view.known))


def layouts(view: Sight, samples: int, rng: random.Random) -> Layouts:
    """The layouts of ``view``'s unseen cards: all of them, each once, when there are at most
    ``samples``; else ``samples`` drawn uniformly with ``rng`` (group by group, each split of a group
    among its places taken with the number of ways to deal the rest after it)."""
    groups = _groups(view)
    counter = _Counter(groups)
    room = _room(view)
    ways = counter.ways(0, room)
    if ways == 0:
        return Layouts((), True, 0)
    if ways <= samples:
        return Layouts(tuple(_every(view, groups, 0, room, counter)), True, ways)
    return Layouts(tuple(_drawn(view, groups, room, counter, rng) for _n in range(samples)), False, ways)


def _every(view: Sight, groups: Sequence[tuple[tuple[int, ...], tuple[Card, ...]]], g: int,
           room: tuple[int, ...], counter: _Counter) -> Iterator[tuple[frozenset[Card], ...]]:
    if g == len(groups):
        yield view.known
        return
    places, cards = groups[g]
    for split in _splits(len(cards), [room[p] for p in places]):
        rest = _less(room, places, split)
        if not counter.ways(g + 1, rest):
            continue
        for parts in _partitions(cards, split):
            for later in _every(view, groups, g + 1, rest, counter):
                yield _placed(later, places, parts)


def _partitions(cards: Sequence[Card], split: Sequence[int]) -> Iterator[tuple[frozenset[Card], ...]]:
    """Every way to cut ``cards`` into parts of the sizes of ``split``, in order."""
    if not split:
        yield ()
        return
    for first in itertools.combinations(cards, split[0]):
        chosen = frozenset(first)
        rest = [c for c in cards if c not in chosen]
        for others in _partitions(rest, split[1:]):
            yield (chosen, *others)


def _placed(deal: tuple[frozenset[Card], ...], places: Sequence[int],
            parts: Sequence[frozenset[Card]]) -> tuple[frozenset[Card], ...]:
    out = list(deal)
    for p, part in zip(places, parts):
        out[p] = out[p] | part
    return tuple(out)


def _drawn(view: Sight, groups: Sequence[tuple[tuple[int, ...], tuple[Card, ...]]], room: tuple[int, ...],
           counter: _Counter, rng: random.Random) -> tuple[frozenset[Card], ...]:
    deal = view.known
    for g, (places, cards) in enumerate(groups):
        splits, weights = [], []
        for split in _splits(len(cards), [room[p] for p in places]):
            weight = _multinomial(len(cards), split) * counter.ways(g + 1, _less(room, places, split))
            if weight:
                splits.append(split)
                weights.append(weight)
        split = _pick(splits, weights, rng)
        shuffled = list(cards)
        rng.shuffle(shuffled)
        parts, start = [], 0
        for k in split:
            parts.append(frozenset(shuffled[start:start + k]))
            start += k
        deal = _placed(deal, places, parts)
        room = _less(room, places, split)
    return deal


def _pick(splits: Sequence[tuple[int, ...]], weights: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """One of ``splits`` with the chance of its weight (exact, in whole numbers however large)."""
    at = rng.randrange(sum(weights))
    for split, weight in zip(splits, weights):
        if at < weight:
            return split
        at -= weight
    raise AssertionError("the weights sum to more than they hold")  # pragma: no cover


def dealt(d: DealState, deal: tuple[frozenset[Card], ...]) -> DealState:
    """``d`` with its hands, discard and talon as in ``deal`` (a layout of :func:`layouts`): the deal as
    it may have been, to solve double dummy."""
    hands = (*deal[:3], *d.hands[3:])
    discard = d.discard
    if discard is not None and deal[DISCARD]:
        discard = tuple(c for c in DECK if c in deal[DISCARD])
    talon = d.talon
    if d.is_all_pass and talon and deal[TALON]:
        kept = talon[:d.completed + 1] if d.talon_leads else ()
        talon = (*kept, *(c for c in DECK if c in deal[TALON]))[:2]
    return attrs.evolve(d, hands=hands, discard=discard, talon=talon)
