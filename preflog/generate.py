"""Random but rule-abiding games: full-play deals with auctions, misère, all-pass, one and two
whisters, half-whist, open and closed play. They feed property tests and benchmarks."""

from __future__ import annotations

import random

from .model.auction import Bids, Call, CallKind, Contract
from .model.bids import LADDER, MISERE, Bid, Strain
from .model.cards import DECK, Card
from .model.deal import Deal, Discard, HandEntry, Hands, PlayerTricks, Result, ResultKind, Talon
from .model.defence import Decision, DecisionKind, Defence, WhistMode
from .model.game import Game, Tag
from .model.hand import Hand
from .game.laws import bidding_order, must_play, next_dealer, talon_trick_winner, trick_winner, trump_of
from .model.play import Play, PlayedCard
from .game.conventions import PRESETS, Rules

PLAYERS_3 = ("Anna", "Boris", "Vera")
PLAYERS_4 = ("Anna", "Boris", "Vera", "Gleb")


class Generator:
    """Deals of one game under ``rules``, drawn from ``rng``."""

    def __init__(self, rng: random.Random, players: tuple[str, ...], rules: Rules) -> None:
        self.rng, self.players, self.rules = rng, players, rules
        self.dealer = players[0]
        self.all_pass_streak = 0
        self.stays = 0

    def game(self, deals: int, number: int = 1) -> Game:
        tags = (Tag("Event", f"Generated game {number}"), Tag("Players", " ".join(self.players)),
                Tag("Rules", self.rules.name))
        return Game(tags, tuple(self.deal(n) for n in range(1, deals + 1)))

    # ---- one deal --------------------------------------------------------------------------------

    def deal(self, number: int) -> Deal:
        rng = self.rng
        if number > 1:
            stay = self.all_pass_streak and self.stays < self.rules.dealer_stays_on_all_pass
            if stay:
                self.stays += 1
            else:
                self.dealer, self.stays = next_dealer(self.players, self.dealer), 0
        active = bidding_order(self.players, self.dealer)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {p: set(deck[10 * i: 10 * i + 10]) for i, p in enumerate(active)}
        talon = tuple(deck[30:32])
        hands_stmt = Hands(tuple(HandEntry(p, Hand(tuple(hands[p]))) for p in active))
        min_level = self.rules.all_pass_exit if self.all_pass_streak else 6
        kind = rng.random()
        if kind < 0.2:
            deal = self._all_pass(number, active, hands, talon, hands_stmt)
        else:
            misere = kind < 0.27
            deal = self._contract(number, active, hands, talon, hands_stmt, misere, min_level)
        self.all_pass_streak = self.all_pass_streak + 1 if deal.contract is None else 0
        return deal

    def _all_pass(self, number: int, active: tuple[str, ...], hands: dict[str, set[Card]],
                  talon: tuple[Card, ...], hands_stmt: Hands) -> Deal:
        leads = list(talon) if self.rules.all_pass_talon == "lead" else []
        cards, taken = self._play(active, hands, None, leads)
        tricks = [PlayerTricks(p, taken[p]) for p in active]
        if taken.get(self.dealer) and self.dealer not in active:
            tricks.append(PlayerTricks(self.dealer, taken[self.dealer]))
        return Deal(number, self.dealer, hands=hands_stmt, talon=Talon(talon),
                    bids=Bids(tuple(Call(CallKind.PASS) for _ in range(3))),
                    play=Play(cards), result=Result(ResultKind.TRICKS, tuple(tricks)))

    def _contract(self, number: int, active: tuple[str, ...], hands: dict[str, set[Card]],
                  talon: tuple[Card, ...], hands_stmt: Hands, misere: bool, min_level: int) -> Deal:
        rng = self.rng
        seat = rng.randrange(3)
        declarer = active[seat]
        calls, high = self._auction(seat, misere, min_level)
        hands[declarer] |= set(talon)
        discard = tuple(rng.sample(sorted(hands[declarer], key=DECK.index), 2))
        hands[declarer] -= set(discard)
        contract = high
        if not misere and rng.random() < 0.2:
            higher = [b for b in LADDER if b > high and not b.is_misere and b.level <= high.level + 1]
            contract = rng.choice(higher) if higher else high
        defence, whisters = (None, 0) if misere else self._defence(contract)
        fields: dict[str, object] = {}
        if misere or whisters:
            cards, taken = self._play(active, hands, trump_of(contract), [])
            fields["play"] = Play(cards)
            fields["result"] = Result(ResultKind.TRICKS, tuple(PlayerTricks(p, taken[p]) for p in active))
        return Deal(number, self.dealer, hands=hands_stmt, talon=Talon(talon), bids=Bids(tuple(calls)),
                    discard=Discard(discard), contract=Contract(contract), defence=defence, **fields)  # type: ignore

    def _auction(self, winner: int, misere: bool, min_level: int) -> tuple[list[Call], Bid]:
        """Calls in turn until everyone but ``winner`` has passed (Code 3.3.2–3.3.10)."""
        rng = self.rng
        steps = [b for b in LADDER if not b.is_misere and b.level >= min_level]
        target = MISERE if misere else steps[min(len(steps) - 1, int(rng.triangular(0, 14, 0)))]
        # the others give up below the winner's bid (and below nine when the winner plays misère)
        ceilings = {s: rng.randrange(-1, 4) for s in range(3) if s != winner}
        calls: list[Call] = []
        passed: set[int] = set()
        spoke: set[int] = set()
        high: Bid | None = None
        high_seat: int | None = None
        seat = 0
        while True:
            if len(passed) == 2 and high_seat is not None and high_seat not in passed:
                break
            if seat in passed:
                seat = (seat + 1) % 3
                continue
            call = Call(CallKind.PASS)
            if seat == winner:
                if misere:
                    if seat not in spoke:
                        call, high, high_seat = Call(CallKind.BID, MISERE), MISERE, seat
                else:
                    nxt = next((b for b in steps if high is None or b > high), None)
                    if high_seat != seat and nxt is not None:
                        if seat == 0 and high is not None and high_seat != 0 and rng.random() < 0.4:
                            call, high_seat = Call(CallKind.HERE), 0
                        else:
                            climb = nxt < target and rng.random() < 0.6
                            bid = nxt if climb or not target > (high or nxt) else target
                            bid = bid if high is None or bid > high else nxt
                            call, high, high_seat = Call(CallKind.BID, bid), bid, seat
            else:
                candidates = [b for b in steps if (high is None or b > high) and not (high and high.is_misere)]
                limit = ceilings[seat]
                if candidates and limit >= 0 and candidates[0] < target and (not misere or seat not in spoke):
                    if misere and candidates[0] > MISERE:
                        pass
                    else:
                        bid = candidates[0]
                        call, high, high_seat = Call(CallKind.BID, bid), bid, seat
                        ceilings[seat] = limit - 1
            if call.kind is CallKind.PASS:
                passed.add(seat)
            else:
                spoke.add(seat)
            calls.append(call)
            seat = (seat + 1) % 3
        assert high is not None and high_seat == winner
        return calls, high

    def _defence(self, contract: Bid) -> tuple[Defence, int]:
        """Decisions from the declarer's left (Code 3.8.1–3.8.8)."""
        rng = self.rng
        P, W, H = DecisionKind.PASS, DecisionKind.WHIST, DecisionKind.HALF
        stalingrad = self.rules.stalingrad and contract == Bid(6, Strain.SPADES)
        first = W if stalingrad or rng.random() < 0.6 else P
        half_ok = self.rules.half_whist and contract.level <= 7 and first is P and not stalingrad
        second = W if stalingrad else rng.choice([W, P, H] if half_ok else [W, P])
        said = [first, second]
        if second is H and rng.random() < 0.4:
            said.append(W)  # the first defender returns the whist (Code 3.8.8)
        whisters = said.count(W)
        mode = None
        if whisters == 1:
            mode = rng.choice([WhistMode.OPEN, WhistMode.CLOSED])
        return Defence(tuple(Decision(k) for k in said), mode), whisters

    def _play(self, active: tuple[str, ...], hands: dict[str, set[Card]], trump: object,
              talon_leads: list[Card]) -> tuple[tuple[PlayedCard, ...], dict[str, int]]:
        """Ten tricks of legal play (Code 3.9.1–3.9.4; all-pass talon leads, 3.7.6)."""
        rng = self.rng
        four = len(self.players) == 4
        taken = {p: 0 for p in self.players}
        cards: list[PlayedCard] = []
        leader = 0
        for number in range(10):
            trick: list[tuple[int, Card]] = []
            led = talon_leads[number].suit if number < len(talon_leads) else None
            for k in range(3):
                seat = (leader + k) % 3
                hand = hands[active[seat]]
                demand = must_play(hand, led if led is not None else (trick[0][1].suit if trick else None),
                                   trump)  # type: ignore[arg-type]
                legal = [c for c in hand if demand is None or c.suit == demand[1]]
                card = rng.choice(sorted(legal, key=DECK.index))
                hand.remove(card)
                trick.append((seat, card))
                cards.append(PlayedCard(card))
            if number < len(talon_leads):
                win = talon_trick_winner(trick, talon_leads[number], four)
                if win is None and self.rules.all_pass_void_talon_trick == "eldest":
                    win = 0
                if win is not None:
                    taken[self.dealer if win == 3 else active[win]] += 1
                leader = 0
            else:
                win = trick_winner(trick, trump)  # type: ignore[arg-type]
                taken[active[win]] += 1
                leader = win
        return tuple(cards), taken


def generate(deals: int, seed: int, *, players: int = 3, rules: str = "sochi", per_game: int = 0) -> list[Game]:
    """``deals`` random legal deals, in one game or in games of ``per_game`` deals."""
    rng = random.Random(seed)
    names = PLAYERS_4 if players == 4 else PLAYERS_3
    preset = PRESETS[rules]
    size = per_game or deals
    games = []
    left, number = deals, 1
    while left > 0:
        n = min(size, left)
        games.append(Generator(rng, names, preset).game(n, number))
        left -= n
        number += 1
    return games
