"""What the engine offers is what it accepts, and what the Code allows.

Thousands of states are taken from replays of generated games (every preset, three and four players,
some hands and talons hidden). At each, three answers must agree: ``legal_*``; ``apply`` tried with
every card of the deck (or every call of the ladder, every word of the defence); and an oracle written
here from the Code's wording, by brute force over the deck, which shares no code with the engine.
"""

from __future__ import annotations

import random

import attrs
import pytest

import preflog
from preflog import (
    DECK, LADDER, MISERE, Bid, Call, CallKind, CardPlayed, CallMade, DecisionKind, DefenceDecided, GameState,
    Strain, Visitor,
)

PRESETS = ["sochi", "leningrad", "rostov", "classic"]
W, P, H = DecisionKind.WHIST, DecisionKind.PASS, DecisionKind.HALF


class Sampler(Visitor):
    """Keeps the state before each card, call and defence word, with the deal's history so far as the
    oracle needs it: every trick's cards by player, and whether the previous deal was an all-pass."""

    def __init__(self) -> None:
        self.cards: list[tuple[GameState, list[list[tuple[str, str]]]]] = []
        self.calls: list[tuple[GameState, bool]] = []
        self.words: list[GameState] = []
        self.before: GameState | None = None
        self.history: list[list[tuple[str, str]]] = []
        self.after_all_pass = False

    def begin_deal(self, deal, state):  # type: ignore[no-untyped-def]
        self.after_all_pass = state.all_pass_streak > 0
        self.history = [[]]

    def visit(self, event, state):  # type: ignore[no-untyped-def]
        kind = type(event)
        if kind is CardPlayed:
            self.cards.append((self.before, [list(t) for t in self.history]))  # type: ignore[arg-type]
            d = self.before.deal  # type: ignore[union-attr]
            self.history[-1].append((d.player(d.to_play), str(event.card)))
            if len(self.history[-1]) == 3:
                self.history.append([])
        elif kind is CallMade:
            self.calls.append((self.before, self.after_all_pass))  # type: ignore[arg-type]
        elif kind is DefenceDecided:
            self.words.append(self.before)  # type: ignore[arg-type]
        self.before = state

    def visit_deal_started(self, event, state):  # type: ignore[no-untyped-def]
        self.before = state


def hide(game: preflog.Game, rng: random.Random) -> preflog.Game:
    """Some deals with one or two hands unknown, or the talon unknown."""
    deals = []
    for deal in game.deals:
        if deal.hands is not None and rng.random() < 0.4:
            hidden = set(rng.sample(range(3), rng.choice((1, 1, 2))))
            entries = tuple(attrs.evolve(e, hand=None) if i in hidden else e for i, e in enumerate(deal.hands.entries))
            deal = attrs.evolve(deal, hands=attrs.evolve(deal.hands, entries=entries))
            if rng.random() < 0.3:
                deal = attrs.evolve(deal, talon=None)
        deals.append(deal)
    return attrs.evolve(game, deals=tuple(deals))


@pytest.fixture(scope="module", params=[(p, n) for p in PRESETS for n in (3, 4)], ids=lambda x: f"{x[0]}-{x[1]}")
def sampled(request: pytest.FixtureRequest) -> Sampler:
    preset, players = request.param
    rng = random.Random(hash((preset, players)) & 0xFFFF)
    # Classic's free auction: the second stage, after the razboynik (which has no auction)
    rules = attrs.evolve(preflog.PRESETS[preset], razboynik=False) if preset == "classic" else preset
    games = preflog.generate(36, seed=31 + players, players=players, rules=rules, per_game=12)
    sampler = Sampler()
    preflog.walk([hide(g, rng) for g in games], sampler)
    return sampler


# ---- the oracle, from the Code's words ------------------------------------------------------------

def oracle_cards(state: GameState, history: list[list[tuple[str, str]]]) -> set[str]:
    """Code 3.9.3: follow the suit led (on an all-pass, the talon card's for the first two tricks,
    3.7.6); without it, trump; without trumps, anything. A hand nobody saw may play any card that is
    not accounted for elsewhere and not of a suit it has shown to be void in (3.9.16)."""
    d = state.deal
    trick, done = history[-1], [t for t in history[:-1]]
    seat_player = d.active[(d.leader + len(d.trick)) % 3]
    talon_leads = d.is_all_pass and state.rules.all_pass_talon.value == "lead"
    contract = d.contract or d.high
    trump = None if d.is_all_pass or contract is None or contract.strain in (None, Strain.NO_TRUMP) \
        else "scdh"[contract.strain]

    def led_of(number: int, cards: list[tuple[str, str]]) -> str | None:
        if talon_leads and number < 2:
            return None if d.talon is None else str(d.talon[number])[1]
        return cards[0][1][1] if cards else None

    led = led_of(len(done), trick)
    seen = {c for t in history for _, c in t}
    hand = d.hands[d.active.index(seat_player)]
    if hand is not None:
        cards = {str(c) for c in hand}
        follow = {c for c in cards if c[1] == led}
        trumps = {c for c in cards if c[1] == trump}
        return follow or (trumps if led is not None else set()) or cards
    known = {str(c) for h in d.hands if h is not None for c in h}
    out_of_play = {str(c) for c in d.discard or ()}
    if d.talon is not None and not (d.talon_taken and d.declarer is not None and d.active[d.declarer] == seat_player):
        out_of_play |= {str(c) for c in d.talon}
    void: set[str] = set()
    for number, t in enumerate(done + [trick]):
        suit = led_of(number, t)
        for player, c in t:
            if player == seat_player and suit is not None and c[1] != suit:
                void.add(suit)
                if trump is not None and c[1] != trump:
                    void.add(trump)
    return {str(c) for c in DECK} - seen - known - out_of_play - {c for c in map(str, DECK) if c[1] in void}


def oracle_calls(state: GameState, after_all_pass: bool) -> set[str]:
    """Code 3.3: pass is always open; a bid must beat the last (3.3.7), from the all-pass exit after an
    all-pass (3.7.8); misère only as a player's first call and a misère bidder makes no other bid
    (3.3.9); "here" is the eldest hand's, matching another's bid that is not a misère (3.3.8). Dark and
    hand calls only where the convention has them (3.3.19). Calls are named 'dark hand 6s' style."""
    d, rules = state.deal, state.rules
    if rules.dark_bids or rules.hand_bids:
        return classic_calls(state, after_all_pass)
    order = [s for s in range(3)]
    said = [(seat, call) for seat, call in d.calls]
    seat = 0 if not said else next(s for k in range(1, 4) for s in [(said[-1][0] + k) % 3]
                                   if s not in {x for x, c in said if c.kind is CallKind.PASS})
    spoke = {x for x, c in said if c.kind is not CallKind.PASS}
    mis_bidder = any(x == seat and c.bid == MISERE for x, c in said)
    standing = [(x, c.bid) for x, c in said if c.kind is CallKind.BID and c.bid is not None]
    high = None
    for x, c in said:  # the standing high bid: each bid that beat the one before it
        if c.kind is CallKind.BID and c.bid is not None and (high is None or c.bid > high[1]) and \
                (c.bid == MISERE or c.bid.level >= (rules.all_pass_exit if after_all_pass else 6)):
            high = (x, c.bid)
        elif c.kind is CallKind.HERE and high is not None:
            high = (x, high[1])
    del order, standing
    words = {"pass"}
    for bid in LADDER:
        if high is not None and not bid > high[1]:
            continue
        if bid == MISERE and (seat in spoke):
            continue
        if mis_bidder:
            continue
        if bid != MISERE and bid.level < (rules.all_pass_exit if after_all_pass else 6):
            continue
        words.add(str(bid))
    if seat == 0 and high is not None and high[0] != 0 and high[1] != MISERE:
        words.add("here")
    prefixes = [""] + ["dark "] * rules.dark_bids + ["hand "] * rules.hand_bids
    return {p + w for p in prefixes for w in words}


#: Classic's ladder with hand bids (seed 004; seed 000 §5): 6♠ … 9NT, misère, nine hand, ten, misère hand,
#: ten hand. A (level, strain, hand) key: level 0 is misère, strain 0–4 from spades to no-trump.
CLASSIC_LADDER = ([(lv, st, False) for lv in (6, 7, 8, 9) for st in range(5)] + [(0, 0, False)]
                  + [(9, st, True) for st in range(5)] + [(10, st, False) for st in range(5)] + [(0, 0, True)]
                  + [(10, st, True) for st in range(5)])


def classic_calls(state: GameState, after_all_pass: bool) -> set[str]:
    """Seed 004 and seed 000 §5, §6.4: a dark pass only before any bid; a dark bid only before any
    seeing bid; a seeing bid over a dark one needs more tricks and an equal or higher suit; only a dark
    ten outbids a dark misère; after a dark pass the lowest is a dark 6 + k or a seeing 7 + k (k: the
    dealer's dark all-passes just before); hand bids are nine, ten and misère, and an outbid misère
    bidder may call misère hand. Misère as a first call only; a misère bidder bids nothing else."""
    d, rules = state.deal, state.rules
    said = list(d.calls)
    passed = {x for x, c in said if c.kind is CallKind.PASS}
    seat = 0 if not said else next(s for k in range(1, 4) for s in [(said[-1][0] + k) % 3] if s not in passed)
    spoke = {x for x, c in said if c.kind is not CallKind.PASS}
    exit_level = rules.all_pass_exit if after_all_pass else 6
    k = d.dark_before
    high = None  # (seat, key, dark)
    seeing = False

    def key_of(bid: Bid, hand: bool) -> tuple[int, int, bool]:
        return (0, 0, hand) if bid == MISERE else (bid.level, int(bid.strain), hand)

    def beats(key: tuple[int, int, bool], dark: bool) -> bool:
        if high is None:
            return True
        _, hk, hdark = high
        if hdark and not dark and (hk[0] == 0 or key[0] == 0 or not (key[0] > hk[0] and key[1] >= hk[1])):
            return False
        if hdark and dark and hk[0] == 0:
            return key[0] == 10
        return CLASSIC_LADDER.index(key) > CLASSIC_LADDER.index(hk)

    def low_enough(key: tuple[int, int, bool], dark: bool) -> bool:
        need = (6 + k if dark else max(exit_level, 7 + k)) if dark_pass else exit_level
        return key[0] >= need if key[0] else need <= 8

    dark_pass = False
    for x, c in said:  # replay the standing bids
        if c.kind is CallKind.PASS:
            dark_pass = dark_pass or c.dark
        elif c.kind is CallKind.BID and c.bid is not None:
            key = key_of(c.bid, c.hand)
            if beats(key, c.dark) and low_enough(key, c.dark) and (not c.hand or key[0] in (0, 9, 10)):
                high = (x, key, c.dark)
                seeing = seeing or not c.dark
        elif c.kind is CallKind.HERE and high is not None:
            high = (x, high[1], high[2])
    mis_bidder = any(x == seat and c.bid == MISERE for x, c in said)
    out = {"pass"}
    if high is None and not spoke and rules.dark_bids:
        out.add("dark pass")
    if seat == 0 and high is not None and high[0] != 0 and high[1][0] != 0:
        out.add("here")
    for hand in [False] + [True] * rules.hand_bids:
        for dark in [False] + [True] * rules.dark_bids:
            if dark and (seeing or hand):
                continue
            for bid in LADDER:
                key = key_of(bid, hand)
                if hand and key[0] not in (0, 9, 10):
                    continue
                if key not in CLASSIC_LADDER or not beats(key, dark) or not low_enough(key, dark):
                    continue
                outbid_misere_hand = bid == MISERE and hand and mis_bidder and high is not None and high[0] != seat
                if bid == MISERE and seat in spoke and not outbid_misere_hand:
                    continue
                if mis_bidder and not outbid_misere_hand:
                    continue
                out.add(("dark " if dark else "") + ("hand " if hand else "") + str(bid))
    return out


def oracle_words(state: GameState) -> set[DecisionKind]:
    """Code 3.8: the defenders speak from the declarer's left; the second may go half (on 6 and 7, where
    the convention has it) only after the first passed (3.8.7); then the first may return the whist on
    6 and 7 (3.8.8.1) and the half-whister can only pass (3.8.8.2); with four players the dealer speaks
    last, after two passes or after pass, half, pass (3.8.8). Stalingrad: 6♠ is whisted (seed 000 §6.2)."""
    d, rules = state.deal, state.rules
    said = [k for _, k in d.decisions]
    contract = d.contract or d.high
    low = contract.level <= 7
    half_ok = rules.half_whist and low
    table = {(): {W, P}, (W,): {W, P}, (P,): {W, P} | ({H} if half_ok else set()),
             (P, H): {W, P} if low else {P}, (P, H, W): {P}}
    if d.four:
        table.update({(P, P): {W, P}, (P, H, P): {W, P}, (P, H, P, W): {P}})
    words = table.get(tuple(said), set())
    if rules.stalingrad and contract == Bid(6, Strain.SPADES):
        words &= {W}
    return words


def spell(call: Call) -> str:
    return ("dark " if call.dark else "") + ("hand " if call.hand else "") + (
        str(call.bid) if call.kind is CallKind.BID else call.kind.value)


# ---- the tests -------------------------------------------------------------------------------------

def test_cards_offered_are_exactly_those_accepted_and_those_the_code_allows(sampled: Sampler) -> None:
    assert len(sampled.cards) > 600
    for state, history in sampled.cards:
        offered = {str(c) for c in preflog.legal_cards(state)}
        accepted = {str(c) for c in DECK if not preflog.apply(state, CardPlayed(c))[1]}
        assert offered == accepted == oracle_cards(state, history), (state.deal.number, history)


def test_calls_offered_are_exactly_those_accepted_and_those_the_code_allows(sampled: Sampler) -> None:
    assert len(sampled.calls) > 80
    everything = [Call(CallKind.PASS), Call(CallKind.HERE)] + [Call(CallKind.BID, b) for b in LADDER]
    everything += [attrs.evolve(c, dark=True) for c in everything] + [attrs.evolve(c, hand=True) for c in everything]
    for state, after_all_pass in sampled.calls:
        offered = {spell(c) for c in preflog.legal_calls(state)}
        accepted = {spell(c) for c in everything if not preflog.apply(state, CallMade(c))[1]}
        assert offered == accepted == oracle_calls(state, after_all_pass), state.deal.calls


def test_defence_words_offered_are_exactly_those_accepted_and_those_the_code_allows(sampled: Sampler) -> None:
    assert len(sampled.words) > 30
    for state in sampled.words:
        offered = set(preflog.legal_decisions(state))
        accepted = {k for k in DecisionKind if not preflog.apply(state, DefenceDecided(k))[1]}
        assert offered == accepted == oracle_words(state), state.deal.decisions


def test_outside_the_play_no_card_is_offered() -> None:
    game = preflog.loads('[Players "Anna Boris Vera"]\n\ndeal 1\nbids 6s pass pass\ncontract 6s\n'
                         "whist pass pass\n")
    steps = list(preflog.replay(game))
    before_contract = [s.state for s in steps[: next(i for i, s in enumerate(steps) if s.state.deal.contract)]]
    after_defence = [s.state for s in steps if len(s.state.deal.decisions) == 2]
    assert before_contract and after_defence
    assert all(preflog.legal_cards(s) == () for s in before_contract)  # the trump is not known yet
    assert all(preflog.legal_cards(s) == () for s in after_defence)    # nobody whisted: not played (3.8.1)
    assert preflog.legal_calls(steps[-1].state) == ()


def test_a_half_whist_after_a_whist_is_not_offered_code_3_8_7() -> None:
    """Found by the random walk: the engine used to accept 'whist whist half'."""
    game = preflog.loads('[Players "Anna Boris Vera"]\n\ndeal 1\nbids 6s pass pass\ncontract 6s\nwhist whist half\n')
    (v,) = preflog.check(game)
    assert v.code == "W403"


def test_every_card_generate_plays_is_offered_by_legal_cards() -> None:
    for preset in PRESETS:
        for players in (3, 4):
            games = preflog.generate(20, seed=7, players=players, rules=preset)
            checked = 0
            for game in games:
                before = None
                for step in preflog.replay(game):
                    if type(step.event) is CardPlayed:
                        assert step.event.card in preflog.legal_cards(before)
                        checked += 1
                    before = step.state
            assert checked > 100


def test_legal_cards_takes_the_deals_state_too() -> None:
    game = preflog.generate(3, seed=2)[0]
    for step in preflog.replay(game):
        assert preflog.legal_cards(step.state) == preflog.legal_cards(step.state.deal)
