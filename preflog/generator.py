"""Random but rule-abiding games: a random walk over the moves the engine offers.

The generator deals the cards and then asks the engine at every turn what may be done
(:func:`~preflog.legal_calls`, :func:`~preflog.legal_contracts`, :func:`~preflog.legal_decisions`,
:func:`~preflog.legal_modes`, :func:`~preflog.legal_cards`); a policy picks among those offers so
that a game mixes all-passes, misères, games at every level, one and two whisters, half-whists and
returned whists, open and closed play. It holds no rule of its own: every move is applied by the
engine, and a move the engine rejects is a bug here. Used by property tests and benchmarks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import random
from typing import Any

from .game.conventions import PRESETS, Rules, rule_tags
from .i18n import _
from .game.engine import advance, expected_dealer, initial_state
from .game.events import (
    BiddingEnded, CallMade, CardPlayed, ContractDeclared, DealEnded, DealStarted, Dealt, DefenceDecided, Discarded,
    Event, ResultRecorded, WhistModeChosen,
)
from .game.legal import legal_calls, legal_cards, legal_contracts, legal_decisions, legal_modes, next_caller
from .game.state import GameState
from .model.auction import Bids, Call, CallKind, Contract
from .model.bids import MISERE, Bid
from .model.cards import DECK
from .model.deal import Deal, Discard, HandEntry, Hands, PlayerTricks, Result, ResultKind, Talon
from .model.defence import Decision, DecisionKind, Defence
from .model.game import Game, Tag
from .model.hand import Hand
from .model.play import Play, PlayedCard
from .model.seating import ACTIVE_SEATS, Seat

PLAYERS_2 = ("Anna", "Boris")
PLAYERS_3 = ("Anna", "Boris", "Vera")
PLAYERS_4 = ("Anna", "Boris", "Vera", "Gleb")


class Generator:
    """Deals of one game under ``rules``, drawn from ``rng``."""

    def __init__(self, rng: random.Random, players: tuple[str, ...], rules: Rules) -> None:
        self.rng, self.players, self.rules = rng, players, rules

    def game(self, deals: int, number: int = 1, pool: int | None = None) -> Game:
        """A game of ``deals`` deals; with ``pool``, a game to that pool (its ``Pool`` tag) that ends
        with its pulka (Code 4.2.3) if that comes first."""
        title = _("Generated game {number}").format(number=number)
        tags: tuple[Tag, ...] = (Tag("Event", title), Tag("Players", " ".join(self.players)),
                                 Tag("Rules", self.rules.name), *(Tag(n, v) for n, v in rule_tags(self.rules)))
        if pool is not None:
            tags += (Tag("Pool", str(pool)),)
        state, _problems = initial_state(Game(tags), self.rules)
        ended = _pulka_watch(Game(tags), self.rules) if pool is not None else None
        records = []
        for n in range(1, deals + 1):
            record, state = self.deal(state, n)
            records.append(record)
            if ended is not None and ended(record):
                break
        return Game(tags, tuple(records))

    # ---- one deal --------------------------------------------------------------------------------

    def deal(self, g: GameState, number: int) -> tuple[Deal, GameState]:
        """One deal from the state before it: the record and the state after it."""
        rng = self.rng
        dealer = expected_dealer(g) or self.players[0]
        g = _apply(g, DealStarted(number, dealer))
        d = g.deal
        assert d is not None
        deck = list(DECK)
        rng.shuffle(deck)
        hands = tuple(Hand(tuple(deck[10 * i: 10 * i + 10])) for i in range(3))
        talon = (deck[30], deck[31])
        g = _apply(g, Dealt(tuple(zip(d.active, hands)), talon))
        fields: dict[str, Any] = {
            "hands": Hands(tuple(HandEntry(p, h) for p, h in zip(d.active, hands))), "talon": Talon(talon)}

        calls, g = self._auction(g)
        if calls:  # none in a compulsory game of the razboynik
            fields["bids"] = Bids(tuple(calls))
        d = g.deal
        assert d is not None
        if not d.is_all_pass:
            assert d.declarer is not None and d.hands[d.declarer] is not None
            discard = tuple(rng.sample(sorted(d.hands[d.declarer], key=DECK.index), 2))  # type: ignore[arg-type]
            g = _apply(g, Discarded(discard))
            contract = self._contract(legal_contracts(g), d.high)
            g = _apply(g, ContractDeclared(contract, None))
            fields.update(discard=Discard(discard), contract=Contract(contract))
            decisions = []
            while offered := legal_decisions(g):
                kind = self._decision(g, offered)
                g = _apply(g, DefenceDecided(kind))
                decisions.append(Decision(kind))
            mode = None
            if (modes := legal_modes(g)) and len(modes) > 1:
                mode = rng.choice(modes)
                g = _apply(g, WhistModeChosen(mode))
            if decisions:
                fields["defence"] = Defence(tuple(decisions), mode)

        played: list[PlayedCard] = []
        while offered_cards := legal_cards(g):
            card = rng.choice(offered_cards)
            g = _apply(g, CardPlayed(card))
            played.append(PlayedCard(card))
        if played:
            d = g.deal
            assert d is not None
            tricks = [PlayerTricks(p, d.tricks[s]) for p, s in zip(d.active, ACTIVE_SEATS)]
            if d.four and d.tricks[Seat.SITTING_OUT]:
                tricks.append(PlayerTricks(d.dealer, d.tricks[Seat.SITTING_OUT]))
            result = Result(ResultKind.TRICKS, tuple(tricks))
            g = _apply(g, ResultRecorded(result))
            fields.update(play=Play(tuple(played)), result=result)
        g = _apply(g, DealEnded())
        return Deal(number, dealer, **fields), g

    # ---- the policy: which of the offered moves to make --------------------------------------------

    def _auction(self, g: GameState) -> tuple[list[Call], GameState]:
        """Calls until the auction ends, following a plan drawn for the deal: an all-pass, a misère, or a
        game at a target level won by one seat, the others bidding up to their own ceilings."""
        rng = self.rng
        kind = rng.random()
        plan = "all-pass" if kind < 0.2 else "misère" if kind < 0.27 else "game"
        winner = ACTIVE_SEATS[rng.randrange(3)]
        ladder = [c.bid for c in legal_calls(g) if c.kind is CallKind.BID and not c.bid.is_misere]  # type: ignore
        target = ladder[min(len(ladder) - 1, int(rng.triangular(0, 14, 0)))] if ladder else None
        ceilings = {s: rng.randrange(-1, 4) for s in ACTIVE_SEATS}
        calls: list[Call] = []
        while offered := [c for c in legal_calls(g) if not c.dark and not c.hand]:
            d = g.deal
            assert d is not None
            seat = next_caller(d)
            bids = [c for c in offered if c.kind is CallKind.BID]
            call = Call(CallKind.PASS)
            if plan == "misère" and seat == winner:
                call = next((c for c in bids if c.bid is MISERE), call)
            elif plan == "game" and seat == winner and target is not None:
                here = next((c for c in offered if c.kind is CallKind.HERE), None)
                lowest = next((c for c in bids if not c.bid.is_misere), None)  # type: ignore[union-attr]
                if here is not None and rng.random() < 0.4:
                    call = here
                elif lowest is not None and d.high_seat != seat:
                    aim = next((c for c in bids if c.bid == target), lowest)
                    call = lowest if lowest.bid < target and rng.random() < 0.6 else aim
            elif plan == "game" and target is not None and ceilings[seat] >= 0:
                lowest = next((c for c in bids if not c.bid.is_misere), None)  # type: ignore[union-attr]
                if lowest is not None and lowest.bid < target and not (d.high and d.high.is_misere):
                    call = lowest
                    ceilings[seat] -= 1
            g = _apply(g, CallMade(call))
            calls.append(call)
        return calls, _apply(g, BiddingEnded(True))

    def _contract(self, offered: tuple[Bid, ...], high: Bid | None) -> Bid:
        """Mostly the winning bid; now and then a game up to one level higher."""
        if high is not None and high in offered and (high.is_misere or self.rng.random() >= 0.2):
            return high
        near = [b for b in offered if not b.is_misere and (high is None or b.level <= high.level + 1)]
        return self.rng.choice(near or list(offered))

    def _decision(self, g: GameState, offered: tuple[DecisionKind, ...]) -> DecisionKind:
        """The first defender whists more often than not; the others choose evenly; the sitting-out
        dealer and a first defender who may return the whist do so now and then."""
        d = g.deal
        assert d is not None
        if len(offered) == 1:
            return offered[0]
        W, P = DecisionKind.WHIST, DecisionKind.PASS  # noqa: N806 - as the notation writes them
        if not d.decisions:
            return W if self.rng.random() < 0.6 else P
        if len(d.decisions) >= 2:  # a returned whist, or the sitting-out dealer's word
            return W if W in offered and self.rng.random() < 0.3 else P
        return self.rng.choice(offered)


def _pulka_watch(game: Game, rules: Rules) -> Callable[[Deal], bool]:
    """A function told each deal of ``game`` in turn, saying when the pulka has ended (Code 4.2.3):
    the scorer's own reading, so that the generator holds no rule of scoring."""
    from .scoring.scorer import Scorer
    from .driver import Walker

    scorer = Scorer(ledger=False)
    walker = Walker(scorer, rules=rules)
    walker.begin_game(game)

    def ended(deal: Deal) -> bool:
        walker.deal(deal)
        return scorer.pulka.finished_after is not None

    return ended


def _apply(g: GameState, event: Event) -> GameState:
    """Apply a move and what it implies; the engine must accept it."""
    for _event, g, found in advance(g, (event,)):  # noqa: B007, B020 - the last state is the answer
        if found:
            raise AssertionError(f"the generator made an illegal move: {found[0]!r}")
    return g


def generate(deals: int, seed: int, *, players: int = 3, rules: str | Rules = "sochi", per_game: int = 0,
             pool: int | None = None) -> list[Game]:
    """``deals`` random legal deals, in one game or in games of ``per_game`` deals; with ``pool``,
    each game is played to that pool and ends with its pulka (the last one may be cut short)."""
    return list(iter_generate(deals, seed, players=players, rules=rules, per_game=per_game, pool=pool))


def iter_generate(deals: int, seed: int, *, players: int = 3, rules: str | Rules = "sochi",
                  per_game: int = 0, pool: int | None = None) -> Iterator[Game]:
    """The games of :func:`generate`, one at a time (memory: one game). ``rules`` is a preset's name or
    the rules themselves (their ``Rule.*`` tags are written)."""
    rng = random.Random(seed)
    names = {2: PLAYERS_2, 4: PLAYERS_4}.get(players, PLAYERS_3)
    preset = rules if isinstance(rules, Rules) else PRESETS[rules]
    size = per_game or deals
    left, number = deals, 1
    while left > 0:
        game = Generator(rng, names, preset).game(min(size, left), number, pool)
        yield game
        left -= len(game.deals)
        number += 1
