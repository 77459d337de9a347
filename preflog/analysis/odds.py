"""The odds of a hand's contracts before the play: ``preflog.odds(hand)`` (issue 36).

The unseen cards — the other two hands, and the talon when it is not known — are dealt at random
``samples`` times, uniformly and reproducibly from ``seed``. Each layout is solved double dummy by the
search of :mod:`.search`, unchanged: for each trump and no-trump the declarer's tricks with the best
discard for that layout's talon and best play on all sides, and for a misère the fewest tricks he can
be held to. A contract is made in a layout when those tricks reach its level (a misère: none). Both
defenders whist and play (the declarer's worst case, double dummy knows no other); the score of a
contract with so many tricks is what the convention's sheet gives the declarer for that one deal,
in whists (Code 4.2.14), worked out by the scorer on the deal written in the notation.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TypeVar, cast

import attrs

from .. import words
from ..i18n import _, ngettext
from ..game.bits import bits_of, cards_of
from ..game.conventions import Rules
from ..model import bids
from ..model.bids import LADDER, Bid, Strain
from ..model.cards import DECK, Card, Suit, card
from ..model.defence import DecisionKind
from ..model.hand import Hand
from ..model.seating import Seat
from ..scoring.tariff import contract_made
from .race import (MISERE_KEEP, Bounds, Hints, Positions, by_cost, classes, game_keep, misere_choice, pairs,
                   race)
from .search import Search

#: The trumps of the contracts, in the ladder's order (Code 3.3.1): the suits, then no-trump (``None``).
TRUMPS: tuple[Suit | None, ...] = tuple(strain.suit for strain in Strain)
MISERE = str(bids.MISERE)
#: The games of the ladder (Code 2.2.2), then misère.
GAMES: tuple[Bid, ...] = tuple(bid for bid in LADDER if not bid.is_misere)
#: Every contract asked about by its name: the games in the ladder's order, misère last.
CONTRACTS: tuple[str, ...] = tuple(str(bid) for bid in GAMES) + (MISERE,)
SAMPLES = 200  # the default number of layouts
SEATS = {"first": Seat.FIRST, "second": Seat.SECOND, "third": Seat.THIRD}
T = TypeVar("T")
U = TypeVar("U")


class BadHand(ValueError):
    """A hand or talon that cannot be asked about: the message says why."""


@attrs.frozen
class Layout:
    """One deal of the unseen cards: the hands of the seats after the declarer's (the next, then the
    one after) and the talon, as bitmasks."""

    next: int
    after: int
    talon: int


@attrs.frozen
class LayoutValue:
    """A layout solved: the declarer's tricks in each trump (:data:`TRUMPS`' order) with his best
    discard, and the fewest he takes on a misère with his best discard; with the talon known, the
    fewest and the most tricks he can take on a misère after each discard of :func:`pairs` (in its
    order), as far as they were shown (the same when solved)."""

    tricks: tuple[int, ...]
    misere: int
    misere_by_pair: tuple[Bounds, ...] = ()

    @property
    def caught_by_pair(self) -> tuple[bool, ...]:
        """Whether the misère is caught after each discard of :func:`pairs`."""
        return tuple(lo > 0 for lo, _hi in self.misere_by_pair)


@attrs.frozen
class ContractOdds:
    """One contract over the layouts: the chance it is made (for a misère, that it is not caught) with
    its standard error, the declarer's mean tricks and his mean score in whists."""

    p_make: float
    stderr: float
    tricks: float
    score: float


@attrs.frozen
class Odds:
    """What ``preflog.odds`` found: the contracts by name (``6s`` … ``10nt``, ``mis``) and, with the
    talon known, the discard that leaves a misère caught least often (``misere_discard``)."""

    hand: Hand
    talon: tuple[Card, ...] | None
    seat: Seat
    rules: str
    samples: int
    seed: int
    contracts: dict[str, ContractOdds]
    misere_discard: tuple[Card, Card] | None = None
    misere_discard_odds: ContractOdds | None = None


def hand_of(text: str, size: int, what: str) -> tuple[Card, ...]:
    """Cards written as a dotted hand (``AKQ.J9.-.T87``), suit groups (``♠AKQ ♥T87``) or cards one by
    one (``As Ks``, ``AsKs``); :class:`BadHand` unless they are ``size`` different cards."""
    text = text.strip()
    try:
        if "." in text:
            cards: tuple[Card, ...] = Hand.from_dotted(text.replace(" ", "")).cards
        else:
            cards = tuple(_cards(text))
    except ValueError as error:
        raise BadHand(_("{what}: {error} (write a dotted hand, spades.clubs.diamonds.hearts as in AKJ9.KQ8.A7.Q, "
                        "or the cards one by one, as in As Ks Js)").format(what=what, error=error)) from None
    if len(set(cards)) != len(cards):
        twice = words.cards(sorted({c for c in cards if cards.count(c) > 1}, key=lambda c: c.sort_key))
        raise BadHand(_("{what}: a card is written twice: {cards}").format(what=what, cards=twice))
    if len(cards) != size:
        raise BadHand(ngettext("{what} has {n} card where it should have {size}",
                                "{what} has {n} cards where it should have {size}", len(cards)).format(
            what=what, n=len(cards), size=size))
    return cards


def _cards(text: str) -> Iterator[Card]:
    """Cards written one by one or in suit groups, with spaces, commas or nothing between them."""
    for word in text.replace(",", " ").split():
        try:
            yield card(word)
            continue
        except ValueError:
            pass
        try:
            yield from Hand.from_groups([word]).cards
            continue
        except ValueError:
            pass
        yield from _run_together(word)


def _run_together(word: str) -> Iterator[Card]:
    """``AsKsQh``: cards written with nothing between them (a ten as ``T`` or ``10``)."""
    i = 0
    while i < len(word):
        for size in (3, 2):
            try:
                found = card(word[i:i + size])
            except ValueError:
                continue
            yield found
            i += size
            break
        else:
            raise ValueError(_("not a card: {text!r}").format(text=word[i:i + 3]))


def layouts(hand: int, talon: int | None, count: int, seed: int) -> list[Layout]:
    """``count`` layouts of the cards not in ``hand`` nor the known ``talon``, each a uniform random
    deal of them (a shuffle by Python's Mersenne Twister seeded with ``seed``)."""
    rng = random.Random(seed)
    known = hand | (talon or 0)
    unseen = [1 << i for i in range(32) if not known >> i & 1]
    out = []
    for _n in range(count):
        rng.shuffle(unseen)
        out.append(Layout(sum(unseen[:10]), sum(unseen[10:20]), talon if talon is not None else sum(unseen[20:22])))
    return out


def discards(twelve: int, layout: Layout) -> dict[int, int]:
    """Each discard of :func:`pairs` to the first one that leaves the same ranks in the same hands, the
    others holding ``layout``'s (:func:`.race.classes`)."""
    return classes(twelve, layout.next | layout.after)


#: A goal of :func:`goal_tricks`: a trump (``None``: no-trump), or :data:`MISERE`.
Goal = Suit | None | str


#: The :class:`Hints` of the last call solving layouts in this process (a worker's, with ``jobs``),
#: by the call (:func:`new_call`): its layouts come to it a few at a time.
_HINTS: dict[tuple[int, int], Hints] = {}
_CALLS = itertools.count()


def new_call() -> tuple[int, int]:
    """A name for one call solving layouts, the same in every process it is given to."""
    return os.getpid(), next(_CALLS)


def hints_for(call: tuple[int, int]) -> Hints:
    """The :class:`Hints` kept in this process for ``call`` (:func:`new_call`), new the first time:
    one call learns from its own layouts only, so that it takes as long run again."""
    if call not in _HINTS:
        _HINTS.clear()
        _HINTS[call] = Hints()
    return _HINTS[call]


def solve_layout(hand: int, layout: Layout, declarer: int, known_talon: bool,
                 hints: Hints | None = None) -> LayoutValue:
    """The declarer's tricks in every trump and on a misère in one ``layout``, each with the discard
    best for it (``declarer``: his seat, 0 for the first hand, who leads). With the talon known, whether
    the misère is caught after every discard of :func:`pairs` too. ``hints``: the previous layout's
    (:data:`Hints`), brought up to date."""
    twelve = hand | layout.talon
    same = discards(twelve, layout)
    position = positions(twelve, layout, declarer)
    tricks = [_most_tricks(twelve, same, position, declarer, trump, hints) for trump in TRUMPS]
    search = Search(declarer, False, None)
    if not known_talon:
        return LayoutValue(tuple(tricks), _fewest_tricks(same, position, search, hints))
    # every discard's misère, caught or not (its bounds: the discard is chosen before the others' cards
    # are seen); all are when the best one is
    bounds: dict[int, Bounds] = {}
    # the discard likely to be chosen solved in full: its tricks are wanted in every layout then
    likely = () if hints is None else (same[hints.misere_discard(twelve)],)
    fewest = _fewest_tricks(same, position, search, hints, bounds, likely)
    value = LayoutValue(tuple(tricks), fewest, tuple(bounds[same[pair]] for pair in pairs(twelve)))
    if hints is not None:
        hints.caught_after(twelve, value.caught_by_pair)
    return value


def goal_tricks(hand: int, declarer: int, goals: Sequence[Goal], layout: Layout,
                hints: Hints | None = None) -> list[int]:
    """The declarer's tricks in one ``layout`` for each of ``goals`` with the discard best for it: the
    most in a trump, the fewest on a misère."""
    twelve = hand | layout.talon
    same = discards(twelve, layout)
    position = positions(twelve, layout, declarer)
    return [_fewest_tricks(same, position, Search(declarer, False, None), hints) if goal == MISERE
            else _most_tricks(twelve, same, position, declarer, goal, hints)  # type: ignore[arg-type]
            for goal in goals]


def solve_goals(hand: int, talon: int | None, declarer: int, goals: Sequence[Goal], samples: int, seed: int, *,
                jobs: int = 1) -> list[list[int]]:
    """:func:`goal_tricks` over the layouts of :func:`layouts`, in ``jobs`` processes."""
    work = functools.partial(_goals_all, hand, declarer, tuple(goals), new_call())
    return [row for part in _in_parts(work, layouts(hand, talon, samples, seed), jobs) for row in part]


def _goals_all(hand: int, declarer: int, goals: Sequence[Goal], call: tuple[int, int],
               part: Sequence[Layout]) -> list[list[int]]:
    hints = hints_for(call)
    return [goal_tricks(hand, declarer, goals, layout, hints) for layout in part]


def positions(twelve: int, layout: Layout, declarer: int) -> Positions:
    """The start of play after each discard from ``twelve``, the others holding ``layout``'s hands."""
    return Positions(twelve, layout.next, layout.after, declarer)


def _fewest_tricks(same: dict[int, int], position: Positions, search: Search,
                   hints: Hints | None = None, bounds: dict[int, Bounds] | None = None,
                   full: Collection[int] = ()) -> int:
    """The misère's tricks with the best discard of ``same`` (:func:`discards`): the highest cards
    first, as ``hints`` order them (:meth:`Hints.first`). ``bounds``, when given, is given each
    discard's, and those of ``full`` are solved in full (:func:`race`)."""
    return _best_discard(same, by_cost(same, MISERE_KEEP), position, search, MISERE, hints, bounds, full)


def _most_tricks(twelve: int, same: dict[int, int], position: Positions, declarer: int,
                 trump: Suit | None, hints: Hints | None = None) -> int:
    """The declarer's tricks in ``trump`` with the best discard of ``same`` (:func:`discards`): the
    likeliest first, as ``hints`` order them (:meth:`Hints.first`)."""
    search = Search(declarer, True, None if trump is None else int(trump))
    keep = game_keep(twelve, -1 if trump is None else int(trump))
    return _best_discard(same, by_cost(same, keep), position, search, trump, hints)


def _best_discard(same: dict[int, int], order: list[int], position: Positions, search: Search,
                  goal: Goal, hints: Hints | None, bounds: dict[int, Bounds] | None = None,
                  full: Collection[int] = ()) -> int:
    """The target's tricks with the best of the discards in ``order`` (:func:`race`, given ``bounds``),
    in the order of ``hints`` (:meth:`Hints.first`), which learn the discard found."""
    guess = 6 if search.wants_more else 0
    if hints is not None:
        guess = hints.first(same, order, goal, guess)
    best, found = race(order, position, search, guess, full, bounds)
    if hints is not None:
        hints.learn(goal, found, best)
    return best


def game_tricks(twelve: int, hands: tuple[int, int, int], declarer: int, trump: Suit | None,
                hints: Hints | None = None) -> int:
    """The declarer's tricks in ``trump`` with his best discard from ``twelve``, the others holding
    ``hands`` (his own place in it not read); the first hand leads."""
    others = Layout(hands[(declarer + 1) % 3], hands[(declarer + 2) % 3], 0)
    return _most_tricks(twelve, discards(twelve, others), positions(twelve, others, declarer), declarer, trump,
                        hints)


def misere_tricks(hand: int, discard: int, declarer: int, part: Sequence[tuple[Layout, Bounds]]) -> list[int]:
    """The tricks the declarer of a misère takes in each layout of ``part`` after ``discard``, each
    layout given with the fewest and the most he can take after it, known already (a search is made
    only where they differ)."""
    return [lo if lo == hi else Search(declarer, False, None).value(
                positions(hand | layout.talon, layout, declarer)(discard), lo, (lo, hi))
            for layout, (lo, hi) in part]


def declarer_score(rules: Rules, contract: str, tricks: int) -> Fraction:
    """The declarer's balance in whists from one deal of ``contract`` in which he took ``tricks``, both
    defenders whisting a game: :func:`sheet_score`'s."""
    return sheet_score(rules, contract, tricks)[0]


WHIST_WHIST = (DecisionKind.WHIST, DecisionKind.WHIST)


@functools.cache
def sheet_score(rules: Rules, contract: str, tricks: int,
                words: tuple[DecisionKind, DecisionKind] = WHIST_WHIST) -> tuple[Fraction, Fraction, Fraction]:
    """Each player's balance in whists — the declarer's, then the defenders' from his left — from one
    deal of ``contract`` in which the declarer took ``tricks``, the defenders saying ``words`` (a game;
    one whister plays closed) and sharing the other tricks (the first after the declarer one more
    when they are odd): the settlement of a sheet of that one deal (Code 4.2.14) as the scorer writes
    it under ``rules``, the pool open (:data:`OPEN_POOL`). Under a convention that begins with a
    razboynik (Classic), the game is one of the free play after it."""
    from ..game.engine import advance
    from ..game.events import DealEnded, Event, events_of
    from ..game.state import GameState
    from ..model.auction import Bids, Call, CallKind, Contract
    from ..model.bids import Bid
    from ..model.deal import Deal, PlayerTricks, Result, ResultKind
    from ..model.defence import Decision, Defence, WhistMode
    from ..scoring.outcome import outcome_of
    from ..scoring.scorer import OPEN_POOL, deal_score

    bid = Bid.parse(contract)
    rest = 10 - tricks
    deal = Deal(1, "C", bids=Bids((Call(CallKind.BID, bid), Call(CallKind.PASS), Call(CallKind.PASS))),
                contract=Contract(bid))
    if bid.is_misere:
        result = Result(ResultKind.DECLARER, count=tricks)
    else:
        single = words.count(DecisionKind.WHIST) == 1
        deal = attrs.evolve(deal, defence=Defence(tuple(Decision(w) for w in words),
                                                  WhistMode.CLOSED if single else None))
        result = Result(ResultKind.TRICKS, (PlayerTricks("A", tricks), PlayerTricks("B", (rest + 1) // 2),
                                            PlayerTricks("C", rest // 2)))
    deal = attrs.evolve(deal, result=result)
    free = attrs.evolve(rules, razboynik=False)  # the free play after Classic's razboynik
    played = None  # the deal after its last event but the end
    for event, state, _found in advance(GameState(("A", "B", "C"), free), cast(Iterator[Event], events_of(deal))):
        if isinstance(event, DealEnded):
            break
        played = state.deal
    assert played is not None
    standing = deal_score(outcome_of(played, result, free), free, pool=OPEN_POOL)
    return standing["A"], standing["B"], standing["C"]


def summarise(values: Sequence[LayoutValue], rules: Rules) -> dict[str, ContractOdds]:
    """The contracts' odds over the solved layouts."""
    out = {str(bid): _odds(bid, [v.tricks[int(bid.strain)] for v in values], rules)  # type: ignore[arg-type]
           for bid in GAMES}
    out[MISERE] = _odds(bids.MISERE, [v.misere for v in values], rules)
    return out


def _odds(contract: Bid, tricks: list[int], rules: Rules) -> ContractOdds:
    n = len(tricks)
    times = Counter(tricks)  # each count of tricks scored once
    p = sum(k for t, k in times.items() if contract_made(contract, t)) / n
    return ContractOdds(p, math.sqrt(p * (1 - p) / n), sum(tricks) / n,
                        float(sum(k * declarer_score(rules, str(contract), t) for t, k in times.items()) / n))


def odds(hand: str | Iterable[Card], talon: str | Iterable[Card] | None = None, seat: str | Seat = Seat.FIRST,
         rules: str = "sochi", samples: int = SAMPLES, seed: int = 1, *, jobs: int = 1,
         progress: Callable[[int], None] | None = None) -> Odds:
    """The odds of every contract for the declarer holding ``hand`` (ten cards) at ``seat`` (the first
    hand leads), the talon unknown unless given, over ``samples`` layouts drawn from ``seed``. ``jobs``:
    processes to solve the layouts in (the answer is the same); ``progress`` is called with the
    number of layouts solved so far."""
    from ..game.conventions import PRESETS, TWO_HANDED

    cards = hand_of(hand, 10, _("the hand")) if isinstance(hand, str) else tuple(hand)
    talon_cards = None if talon is None else hand_of(talon, 2, _("the talon")) if isinstance(talon, str) \
        else tuple(talon)
    if len(set(cards)) != 10 or (talon_cards is not None and len(set(talon_cards)) != 2):
        raise BadHand(_("a hand has ten different cards and a talon two"))
    if talon_cards is not None and set(talon_cards) & set(cards):
        raise BadHand(_("the talon holds a card of the hand: {cards}").format(
            cards=words.cards(c for c in DECK if c in set(talon_cards) & set(cards))))
    if samples < 1:
        raise BadHand(_("the number of samples must be at least 1"))
    seat = SEATS[seat] if isinstance(seat, str) else seat
    if rules not in PRESETS or rules in TWO_HANDED:  # before the work
        raise BadHand(_("unknown convention {name!r} for a table of three; known: {presets}").format(
            name=rules, presets=", ".join(name for name in PRESETS if name not in TWO_HANDED)))
    hand_bits = bits_of(frozenset(cards))
    talon_bits = None if talon_cards is None else bits_of(frozenset(talon_cards))
    drawn, values = solve_layouts(hand_bits, talon_bits, int(seat), samples, seed, jobs=jobs, progress=progress)
    convention = PRESETS[rules]
    result = Odds(Hand(cards), talon_cards, seat, rules, samples, seed, summarise(values, convention))
    if talon_bits is None:
        return result
    return _with_misere_discard(result, convention, hand_bits, talon_bits, drawn, values, jobs)


def solve_layouts(hand: int, talon: int | None, declarer: int, samples: int, seed: int, *, jobs: int = 1,
                  progress: Callable[[int], None] | None = None) -> tuple[list[Layout], list[LayoutValue]]:
    """The layouts of :func:`layouts` and each one solved (:func:`solve_layout`), in ``jobs`` processes."""
    drawn = layouts(hand, talon, samples, seed)
    work = functools.partial(_solve_all, hand, declarer, talon is not None, new_call())
    values: list[LayoutValue] = []
    for part in _in_parts(work, drawn, jobs):
        values.extend(part)
        if progress is not None:
            progress(len(values))
    return drawn, values


def _with_misere_discard(result: Odds, rules: Rules, hand: int, talon: int, drawn: Sequence[Layout],
                         values: Sequence[LayoutValue], jobs: int) -> Odds:
    """With the talon known: the discard, chosen before the others' cards are seen, that leaves the
    misère caught in the fewest layouts (of equals, the one that throws the highest cards), and its
    odds."""
    options = pairs(hand | talon)
    caught = [v.caught_by_pair for v in values]
    best = misere_choice(options, [sum(c[i] for c in caught) for i in range(len(options))])
    declarer = int(result.seat)
    work = functools.partial(misere_tricks, hand | talon, options[best], declarer)
    known = [v.misere_by_pair[best] for v in values]
    tricks = [t for part in _in_parts(work, list(zip(drawn, known)), jobs) for t in part]
    a, b = cards_of(options[best])
    return attrs.evolve(result, misere_discard=(a, b), misere_discard_odds=_odds(bids.MISERE, tricks, rules))


def _solve_all(hand: int, declarer: int, known_talon: bool, call: tuple[int, int],
               part: Sequence[Layout]) -> list[LayoutValue]:
    hints = hints_for(call)
    return [solve_layout(hand, layout, declarer, known_talon, hints) for layout in part]


def _in_parts(work: Callable[[Sequence[U]], list[T]], drawn: Sequence[U], jobs: int) -> Iterator[list[T]]:
    """``work`` over ``drawn`` (layouts, or layouts with what is known of them) a few at a time, in
    ``jobs`` processes when more than one, the parts in order."""
    size = 4
    parts = [drawn[i:i + size] for i in range(0, len(drawn), size)]
    if jobs <= 1 or len(parts) == 1:
        yield from map(work, parts)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(work, parts)
