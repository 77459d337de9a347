"""The event-sourced engine: a pure ``apply(state, event)`` and the events the rules imply.

States are frozen values: the state after any step can be kept, inspected and compared, and going
back is taking an earlier state. ``apply`` returns the new state and the violations the event
commits, each with its Code section and the span of the offending text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..model.auction import Call, CallKind
from ..model.bids import Bid
from ..model.cards import Card, Suit
from ..model.deal import ResultKind
from ..model.defence import DecisionKind, WhistMode
from .events import (
    BiddingEnded, CallMade, CardPlayed, Claimed, ContractDeclared, DealEnded, DealStarted, Dealt,
    DefenceDecided, Discarded, Event, PenaltyRecorded, ResultRecorded, SheetRecorded, TalonTaken,
    TrickCompleted, WhistModeChosen,
)
from .laws import bidding_order, must_play, next_dealer, talon_trick_winner, trick_winner, trump_of
from .evolve import make_evolve
from .conventions import Rules
from ..model.span import Span
from .violations import Violation

OPEN, ALL_PASS, WON, UNKNOWN = "open", "all-pass", "won", "unknown"
DEALER = 3  # the index of the sitting-out dealer in ``tricks`` (four players)


@attrs.frozen(slots=False)  # dict-based, for make_evolve: copied on every event
class DealState:
    """Everything known about a deal after some of its events."""

    number: int
    dealer: str
    active: tuple[str, ...]                       # bidding order, the eldest hand first
    four: bool = False                            # four players: the dealer sits out
    hands: tuple[frozenset[Card] | None, ...] = (None, None, None)  # per seat; None when unknown
    talon: tuple[Card, ...] | None = None
    # the auction
    calls: tuple[tuple[int, Call], ...] = ()
    passed: frozenset[int] = frozenset()
    spoke: frozenset[int] = frozenset()           # seats that made a call other than pass
    high: Bid | None = None
    high_seat: int | None = None
    hand_bid: bool = False
    auction: str = OPEN
    bidding_over: bool = False                    # the bids statement (or its absence) is behind us
    talon_leads: bool = False                     # an all-pass whose first two tricks the talon leads
    min_level: int = 6
    # talon, discard, contract
    declarer: int | None = None
    contract: Bid | None = None
    trump_suit: Suit | None = None                # kept when the contract is declared (hot in play)
    talon_taken: bool = False
    discard: tuple[Card, ...] | None = None
    discard_span: Span | None = None
    # the defence
    decisions: tuple[tuple[int, DecisionKind], ...] = ()   # seat DEALER for the sitting-out dealer
    mode: WhistMode | None = None
    # the play
    trick: tuple[tuple[int, Card], ...] = ()
    completed: int = 0
    tricks: tuple[int, int, int, int] = (0, 0, 0, 0)       # per seat, then the sitting-out dealer
    lost: int = 0                                 # tricks that went to nobody or to an unknown player
    leader: int | None = 0
    played: frozenset[Card] = frozenset()
    voids: tuple[frozenset[Suit], ...] = (frozenset(), frozenset(), frozenset())
    claimed: bool = False
    over: bool = False

    # ---- derived facts -------------------------------------------------------------------------

    @property
    def is_all_pass(self) -> bool:
        return self.auction == ALL_PASS

    @property
    def trump(self) -> Suit | None:
        return self.trump_suit

    @property
    def on_talon_trick(self) -> bool:
        """The trick in play is one the talon leads (all-pass, first two tricks, Code 3.7.6)."""
        return self.talon_leads and self.completed < 2

    @property
    def trump_known(self) -> bool:
        return self.is_all_pass or self.contract is not None

    @property
    def whisters(self) -> tuple[int, ...]:
        """Seats (or DEALER) that whist after all decisions so far (Code 3.8.1, 3.8.8.2)."""
        out = [s for s, k in self.decisions if k is DecisionKind.WHIST]
        half = self.half_whister
        return tuple(s for s in out if s != half)

    @property
    def half_whister(self) -> int | None:
        for seat, kind in self.decisions:
            if kind is DecisionKind.HALF:
                return seat
        return None

    @property
    def to_play(self) -> int | None:
        """The seat whose card comes next, or ``None`` if not known."""
        if self.leader is None:
            return None
        return (self.leader + len(self.trick)) % 3

    def player(self, seat: int | None) -> str:
        if seat is None:
            return "?"
        return self.dealer if seat == DEALER else self.active[seat]

    def seat(self, player: str) -> int | None:
        if player in self.active:
            return self.active.index(player)
        return DEALER if self.four and player == self.dealer else None

    def taken(self, player: str) -> int:
        seat = self.seat(player)
        return 0 if seat is None else self.tricks[seat]


@attrs.frozen(slots=False)  # dict-based, for make_evolve
class GameState:
    """The game between deals: dealer rotation, all-passes in a row, and the deal in progress."""

    players: tuple[str, ...]
    rules: Rules
    deal: DealState | None = None
    previous_dealer: str | None = None
    all_pass_streak: int = 0
    stays: int = 0


Violations = list[Violation]

_deal = make_evolve(DealState)
_game = make_evolve(GameState)


# ---- the deal ----------------------------------------------------------------------------------

def _start(g: GameState, e: DealStarted, out: Violations) -> GameState:
    players, rules = g.players, g.rules
    previous = g.previous_dealer
    stays = g.stays
    if previous is not None and previous in players and e.dealer in players:
        stay = g.all_pass_streak > 0 and g.stays < rules.dealer_stays_on_all_pass
        expected = previous if stay else next_dealer(players, previous)
        if e.dealer != expected:
            if stay:
                out.append(Violation.of("D103", f"{expected} deals again after the all-pass, not {e.dealer} "
                                        f"(write 'dealer {expected}')", e.span, e.number))
            else:
                out.append(Violation.of("D102", f"after {previous} the deal goes to {expected}, not {e.dealer}",
                                        e.span, e.number))
        stays = g.stays + 1 if e.dealer == previous else 0
    active = bidding_order(players, e.dealer) if e.dealer in players else tuple(players[:3])
    min_level = g.rules.all_pass_exit if g.all_pass_streak else 6
    deal = DealState(e.number, e.dealer, active, len(players) == 4, min_level=min_level)
    return _game(g, deal=deal, stays=stays)


def _dealt(d: DealState, e: Dealt, out: Violations) -> DealState:
    hands: list[frozenset[Card] | None] = [None, None, None]
    seen: dict[Card, str] = {}
    for index, (player, hand) in enumerate(e.hands or ()):
        seat = d.seat(player)
        span = e.spans[index] if index < len(e.spans) else e.span
        if seat is None or seat == DEALER:
            out.append(Violation.of("D104", f"{player} deals and sits out, so holds no cards", span, d.number))
            continue
        if hand is None:
            continue
        for card in hand:
            if card in seen:
                out.append(Violation.of("D101", f"{card} is dealt to both {seen[card]} and {player}", span, d.number))
            seen[card] = player
        hands[seat] = frozenset(hand)
    for card in e.talon or ():
        if card in seen:
            out.append(Violation.of("D101", f"{card} is both in the talon and in {seen[card]}'s hand",
                                    e.talon_span or e.span, d.number))
    return _deal(d, hands=tuple(hands), talon=e.talon)


def _call(d: DealState, e: CallMade, rules: Rules, out: Violations) -> DealState:
    call, span, n = e.call, e.span, d.number
    if d.auction != OPEN:
        out.append(Violation.of("A207", f"{_word(call)} comes after the auction is over", span, n))
        return d
    seat = _next_caller(d)
    player = d.active[seat]
    if call.player is not None and call.player != player:
        if call.player in d.active and d.active.index(call.player) in d.passed:
            out.append(Violation.of("A203", f"{call.player} has passed and is out of the auction; "
                                    f"it is {player}'s turn", span, n))
        else:
            out.append(Violation.of("A201", f"it is {player}'s turn to call, not {call.player}'s", span, n))
    if (call.dark and not rules.dark_bids) or (call.hand and not rules.hand_bids):
        word = "dark" if call.dark and not rules.dark_bids else "hand"
        out.append(Violation.of("A210", f"{word!r} calls are not part of {rules.name} "
                                f"(set [Rule.{'DarkBids' if word == 'dark' else 'HandBids'} \"yes\"])", span, n))
    high, high_seat, hand_bid = d.high, d.high_seat, d.hand_bid
    misere_seat = d.high_seat if d.high is not None and d.high.is_misere else None
    if call.kind is CallKind.PASS:
        passed = d.passed | {seat}
        spoke = d.spoke
    elif call.kind is CallKind.HERE:
        passed, spoke = d.passed, d.spoke | {seat}
        if seat != 0:
            out.append(Violation.of("A206", f"{player} is not the eldest hand and cannot say here", span, n))
        elif high is None or high_seat == 0:
            out.append(Violation.of("A206", "here matches another player's bid, and there is none to match",
                                    span, n))
        elif high.is_misere:
            out.append(Violation.of("A206", "here cannot match a misère", span, n))
        else:
            high_seat = 0
    else:
        assert call.bid is not None
        bid = call.bid
        passed, spoke = d.passed, d.spoke | {seat}
        if bid.is_misere and seat in d.spoke:
            out.append(Violation.of("A204", f"{player} has already called and cannot bid misère now", span, n))
        elif misere_seat == seat or any(s == seat and c.bid is not None and c.bid.is_misere for s, c in d.calls):
            out.append(Violation.of("A205", f"{player} bid misère and may only pass, not bid {bid}", span, n))
        if high is not None and not bid > high:
            out.append(Violation.of("A202", f"{bid} is not higher than {high}", span, n))
        elif not bid.is_misere and bid.level < d.min_level:
            out.append(Violation.of("A209", f"after an all-pass the lowest bid is {d.min_level}, not {bid}", span, n))
        else:
            high, high_seat, hand_bid = bid, seat, call.hand
    d = _deal(d, calls=d.calls + ((seat, call),), passed=passed, spoke=spoke, high=high,
                     high_seat=high_seat, hand_bid=hand_bid)
    return _close_auction(d)


def _next_caller(d: DealState) -> int:
    if not d.calls:
        return 0
    seat = (d.calls[-1][0] + 1) % 3
    while seat in d.passed:
        seat = (seat + 1) % 3
    return seat


def _close_auction(d: DealState) -> DealState:
    if len(d.passed) == 3:
        return _deal(d, auction=ALL_PASS)
    if len(d.passed) == 2 and d.high_seat is not None and d.high_seat not in d.passed:
        return _deal(d, auction=WON, declarer=d.high_seat)
    return d


def _word(call: Call) -> str:
    return str(call.bid) if call.kind is CallKind.BID else call.kind.value


def _bidding_ended(d: DealState, e: BiddingEnded, out: Violations) -> DealState:
    d = _deal(d, bidding_over=True)
    if not e.recorded:
        return _deal(d, auction=UNKNOWN)
    if d.auction != OPEN:
        return d
    if len(d.passed) == 2 and d.high is None:
        # Code 3.3.15: after two passes the third hand may take the talon without a bid.
        seat = next(s for s in range(3) if s not in d.passed)
        return _deal(d, auction=WON, declarer=seat)
    waiting = d.active[_next_caller(d)]
    out.append(Violation.of("A208", f"the auction stops before it is over: {waiting} has still to call", e.span,
                            d.number))
    # The highest bidder is the best guess for the declarer: it keeps one mistake from becoming many.
    return _deal(d, auction=UNKNOWN, declarer=d.high_seat)


def _with_talon_leads(d: DealState, rules: Rules) -> DealState:
    """On all-pass the talon cards lead the first two tricks where the convention says so (3.7.6)."""
    return _deal(d, talon_leads=True) if d.is_all_pass and rules.all_pass_talon == "lead" else d


def _talon_taken(d: DealState, e: TalonTaken, out: Violations) -> DealState:
    seat = d.declarer
    assert seat is not None
    hands = list(d.hands)
    hand = hands[seat]
    hands[seat] = None if hand is None or d.talon is None else hand | frozenset(d.talon)
    d = _deal(d, hands=tuple(hands), talon_taken=True)
    if d.discard is not None:
        d = _check_discard(d, d.discard, d.discard_span, out)
    return d


def _discarded(d: DealState, e: Discarded, out: Violations) -> DealState:
    if d.is_all_pass:
        out.append(Violation.of("T307", "a discard on an all-pass", e.span, d.number))
        return d
    if d.hand_bid:
        out.append(Violation.of("T302", f"{d.player(d.declarer)} plays without the talon and discards nothing",
                                e.span, d.number))
        return d
    if e.cards is None:  # not known: nothing to check
        return d
    if not d.talon_taken:  # the declarer is not known yet (no bids): checked when the talon is taken
        return _deal(d, discard=e.cards, discard_span=e.span)
    return _check_discard(d, e.cards, e.span, out)


def _check_discard(d: DealState, cards: tuple[Card, ...], span: Span | None, out: Violations) -> DealState:
    seat = d.declarer
    assert seat is not None
    hands = list(d.hands)
    hand = hands[seat]
    if hand is not None:
        for card in cards:
            if card not in hand:
                out.append(Violation.of("T301", f"{card} is not among {d.player(seat)}'s twelve cards", span,
                                        d.number))
        hands[seat] = hand - frozenset(cards)
    return _deal(d, hands=tuple(hands), discard=cards, discard_span=span)


def _contract(d: DealState, e: ContractDeclared, out: Violations) -> DealState:
    n, span, bid = d.number, e.span, e.bid
    if d.is_all_pass:
        out.append(Violation.of("T307", f"a contract ({bid}) on an all-pass", span, n))
        return d
    declarer = d.declarer
    if declarer is not None:
        if e.declarer is not None and e.declarer != d.player(declarer):
            out.append(Violation.of("T306", f"{d.player(declarer)} won the auction, not {e.declarer}", span, n))
    elif e.declarer is not None:
        declarer = d.seat(e.declarer)
        if declarer == DEALER:
            out.append(Violation.of("T306", f"{e.declarer} deals and sits out", span, n))
            declarer = None
    high = d.high if d.auction == WON else None
    if high is not None and high.is_misere and not bid.is_misere:
        out.append(Violation.of("T305", f"{d.player(declarer)} bid misère, so plays misère, not {bid}", span, n))
    elif bid.is_misere and d.auction == WON and (high is None or not high.is_misere):
        out.append(Violation.of("T304", f"misère is declared without a misère bid (the bid was {high or 'none'})",
                                span, n))
    elif high is not None and not bid.is_misere and bid < high:
        out.append(Violation.of("T303", f"{bid} is lower than the bid of {high}", span, n))
    elif high is None and not bid.is_misere and bid.level < d.min_level:
        out.append(Violation.of("A209", f"after an all-pass the lowest game is {d.min_level}, not {bid}", span, n))
    return _deal(d, declarer=declarer, contract=bid, trump_suit=trump_of(bid))


def _defence(d: DealState, e: DefenceDecided, rules: Rules, out: Violations) -> DealState:
    n, span, kind = d.number, e.span, e.kind
    if d.is_all_pass:
        if not d.decisions:
            out.append(Violation.of("T307", "whist decisions on an all-pass", span, n))
        return _deal(d, decisions=d.decisions + ((0, kind),))
    contract = d.contract
    if contract is not None and contract.is_misere:
        if not d.decisions:
            out.append(Violation.of("W406", "misère is not whisted: the defenders play it open", span, n))
        return _deal(d, decisions=d.decisions + ((0, kind),))
    if d.declarer is None:  # who speaks is not known; keep the words
        return _deal(d, decisions=d.decisions + ((len(d.decisions) % 3, kind),))
    first, second = (d.declarer + 1) % 3, (d.declarer + 2) % 3
    said = [k for _, k in d.decisions]
    speaker: int | None
    allowed: tuple[DecisionKind, ...]
    P, W, H = DecisionKind.PASS, DecisionKind.WHIST, DecisionKind.HALF
    if not said:
        speaker, allowed = first, (W, P)
    elif len(said) == 1:
        speaker, allowed = second, (W, P, H)
    elif said == [P, H]:
        speaker, allowed = first, (W, P)
    elif said == [P, P] and d.four:
        speaker, allowed = DEALER, (W, P)
    elif said == [P, H, W]:
        speaker, allowed = second, (P,)
    elif said == [P, H, P] and d.four:
        speaker, allowed = DEALER, (W, P)
    elif said == [P, H, P, W] and d.four:
        speaker, allowed = second, (P,)
    else:
        speaker, allowed = None, ()
    name = d.player(speaker) if speaker is not None else ""
    if speaker is None:
        out.append(Violation.of("W401", f"{kind.value!r} after the defence is settled", span, n))
    elif kind not in allowed:
        if kind is H and not rules.half_whist:
            out.append(Violation.of("W402", f"{rules.name} has no half-whist "
                                    "(two passes stand for pass, half-whist, pass)", span, n))
        elif kind is H:
            out.append(Violation.of("W403", f"{name} cannot go half here: half-whist is the second defender's, "
                                    "after the first passed", span, n))
        elif said[:2] == [P, H]:
            out.append(Violation.of("W404", f"after the whist is returned, {name} can only pass", span, n))
        else:
            out.append(Violation.of("W401", f"{kind.value!r} is not {name}'s to say here", span, n))
    elif kind is H:
        if not rules.half_whist:
            out.append(Violation.of("W402", f"{rules.name} has no half-whist "
                                    "(two passes stand for pass, half-whist, pass)", span, n))
        elif contract is not None and contract.level > 7:
            out.append(Violation.of("W403", f"half-whist only on a six or a seven, not on {contract}", span, n))
    elif said[:2] == [P, H] and len(said) == 2 and kind is W and contract is not None and contract.level > 7:
        out.append(Violation.of("W404", "the whist can be returned only on a six or a seven", span, n))
    if (rules.stalingrad and contract is not None and contract == Bid(6, contract.strain)
            and contract.strain is not None and contract.strain.value == 0 and kind is not W):
        out.append(Violation.of("W407", f"{name or 'a defender'} must whist six spades under Stalingrad", span, n))
    return _deal(d, decisions=d.decisions + ((speaker if speaker is not None else 0, kind),))


def _mode(d: DealState, e: WhistModeChosen, out: Violations) -> DealState:
    whisters = len(d.whisters)
    if e.mode is WhistMode.OPEN and whisters != 1 and not d.is_all_pass:
        out.append(Violation.of("W405", f"'open' is a single whister's choice, and {whisters} whist", e.span,
                                d.number))
    return _deal(d, mode=e.mode)


def _card(d: DealState, e: CardPlayed, rules: Rules, out: Violations) -> DealState:
    n, span, card = d.number, e.span, e.card
    if not d.trick and d.completed == 0 and not d.played:
        _check_play_allowed(d, span, out)
    if d.completed >= 10:
        out.append(Violation.of("P505", f"{card} is played after all ten tricks", span, n))
        return d
    seat = None if d.leader is None else (d.leader + len(d.trick)) % 3
    if seat is None:  # the trick winners are not known (no contract): nothing more can be checked
        return _deal(d, trick=d.trick + ((0, card),), played=d.played | {card})
    player = d.active[seat]
    hands = d.hands
    hand = hands[seat]
    if card in d.played:
        out.append(Violation.of("P504", f"{card} has already been played", span, n))
    elif hand is not None:
        if card not in hand:
            out.append(Violation.of("P501", f"{player} does not hold {card}", span, n))
    else:
        owner = next((d.active[s] for s, h in enumerate(hands) if h is not None and card in h), None)
        if owner is not None:
            out.append(Violation.of("P501", f"{card} is in {owner}'s hand, not {player}'s", span, n))
        elif d.discard and card in d.discard:
            out.append(Violation.of("P501", f"{card} was discarded", span, n))
        elif d.talon and card in d.talon and not (d.talon_taken and seat == d.declarer):
            out.append(Violation.of("P501", f"{card} is in the talon", span, n))
    # follow suit, else trump (Code 3.9.3); on all-pass the talon card sets the suit (3.7.6)
    if d.on_talon_trick:
        led: Suit | None = d.talon[d.completed].suit if d.talon else None
    else:
        led = d.trick[0][1].suit if d.trick else None
    trump = d.trump_suit
    voids = d.voids
    if led is not None and card.suit != led:
        if hand is not None and card in hand:
            demand = must_play(hand, led, trump)
            if demand is not None and card.suit != demand[1]:
                what, suit = demand
                code = "P502" if what == "follow" else "P503"
                verb = "must follow" if what == "follow" else "is void in " + led.name.lower() + " and must trump"
                held = sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)
                out.append(Violation.of(code, f"{player} {verb} with {' '.join(map(str, held))}, not {card}",
                                        span, n))
        elif hand is None:
            if card.suit in voids[seat]:
                out.append(Violation.of("P506", f"{player} showed no {card.suit.name.lower()} earlier and now "
                                        f"plays {card}", span, n))
            new = voids[seat] | {led} | ({trump} if trump is not None and card.suit != trump else set())
            voids = voids[:seat] + (frozenset(new),) + voids[seat + 1:]
    elif hand is None and card.suit in voids[seat]:
        out.append(Violation.of("P506", f"{player} showed no {card.suit.name.lower()} earlier and now plays {card}",
                                span, n))
    played = d.played
    if hand is not None and card in hand:
        hands = hands[:seat] + (hand - {card},) + hands[seat + 1:]
        played = played | {card}
    elif hand is None:
        played = played | {card}
    # a card the player does not hold stays where it is: its owner may still play it
    return _deal(d, hands=hands, trick=d.trick + ((seat, card),), played=played, voids=voids)


def _check_play_allowed(d: DealState, span: Span | None, out: Violations) -> None:
    contract = d.contract
    if d.is_all_pass or contract is None or contract.is_misere or not d.decisions:
        return
    said = [k for _, k in d.decisions]
    settled = said in ([DecisionKind.PASS, DecisionKind.PASS], [DecisionKind.PASS, DecisionKind.HALF]) and not d.four
    if not d.whisters and (settled or len(said) >= 3):
        how = "went half" if DecisionKind.HALF in said else "passed"
        out.append(Violation.of("W408", f"both defenders {how}: {contract} counts as made without play", span,
                                d.number))


def _claim(d: DealState, e: Claimed, out: Violations) -> DealState:
    remaining = 10 - d.completed
    tricks = list(d.tricks)
    shares = e.shares
    if len(shares) == 1 and shares[0].tricks is None:
        seat = d.seat(shares[0].player)
        if seat is not None:
            tricks[seat] += remaining
    else:
        total = sum(s.tricks or 0 for s in shares)
        if total != remaining:
            out.append(Violation.of("C601", f"the claim gives {total} tricks, and {remaining} are left to play",
                                    e.span, d.number))
        for share in shares:
            seat = d.seat(share.player)
            if seat is not None:
                tricks[seat] += share.tricks or 0
    return _deal(d, tricks=tuple(tricks), claimed=True, trick=(), completed=10)  # type: ignore[arg-type]


def _result(d: DealState, e: ResultRecorded, out: Violations) -> DealState:
    r, n, span = e.result, d.number, e.span
    complete = d.completed == 10 and d.lost == 0
    played = d.completed > 0 or d.claimed
    declarer = d.declarer
    if r.kind is not ResultKind.TRICKS and (declarer is None or d.is_all_pass):
        what = "an all-pass" if d.is_all_pass else "this deal, which names none"
        out.append(Violation.of("C604", f"result {_result_text(r)} counts the declarer's tricks, and {what} has "
                                "no declarer", span, n))
        return d
    if r.kind is ResultKind.TRICKS:
        listed = {t.player: t.tricks for t in r.tricks}
        if complete:
            for player, count in listed.items():
                actual = d.taken(player)
                if actual != count:
                    out.append(Violation.of("C602", f"{player} took {actual} tricks in the play, not {count}", span,
                                            n))
        if set(listed) >= set(d.active) and sum(listed.values()) != 10 and (complete or not played):
            out.append(Violation.of("C603", f"the tricks add up to {sum(listed.values())}, not 10", span, n))
        return d
    assert declarer is not None
    level = 0 if d.contract is None or d.contract.is_misere else d.contract.level
    if r.kind is ResultKind.DECLARER:
        claimed_tricks = r.count or 0
    else:
        if d.contract is None:
            out.append(Violation.of("C603", f"result {_result_text(r)} is relative to a contract the deal does not "
                                    "name", span, n))
            return d
        claimed_tricks = level + (r.count or 0)
    if not 0 <= claimed_tricks <= 10:
        out.append(Violation.of("C603", f"result {_result_text(r)} means {claimed_tricks} tricks for the declarer",
                                span, n))
        return d
    if complete:
        actual = d.tricks[declarer]
        if actual != claimed_tricks:
            out.append(Violation.of("C602", f"{d.player(declarer)} took {actual} tricks in the play, not "
                                    f"{claimed_tricks}", span, n))
    elif not played and d.contract is not None and not d.whisters and d.decisions and not d.contract.is_misere:
        made = claimed_tricks >= level
        if not made:
            out.append(Violation.of("C603", f"nobody whisted, so {d.contract} counts as made, not "
                                    f"{_result_text(r)}", span, n))
    return d


def _result_text(r: Any) -> str:
    if r.kind is ResultKind.DECLARER:
        return str(r.count)
    if r.kind is ResultKind.RELATIVE:
        return "=" if not r.count else f"{r.count:+d}"
    return " ".join(f"{t.player} {t.tricks}" for t in r.tricks)


# ---- applying events ---------------------------------------------------------------------------

def apply(g: GameState, event: Event) -> tuple[GameState, list[Violation]]:
    """The state after ``event`` and the violations it commits. A pure function: ``g`` is unchanged."""
    out: Violations = []
    if isinstance(event, DealStarted):
        return _start(g, event, out), out
    d = g.deal
    if d is None:
        return g, out
    rules = g.rules
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        d = handler(d, event, rules, out)
    elif isinstance(event, DealEnded):
        return _end(g, d), out
    return _game(g, deal=d), out


def _end(g: GameState, d: DealState) -> GameState:
    streak = g.all_pass_streak + 1 if d.is_all_pass else 0
    return _game(g, deal=_deal(d, over=True), previous_dealer=d.dealer, all_pass_streak=streak)


_HANDLERS: dict[type, Callable[[DealState, Any, Rules, Violations], DealState]] = {
    Dealt: lambda d, e, r, o: _dealt(d, e, o),
    CallMade: _call,
    BiddingEnded: lambda d, e, r, o: _with_talon_leads(_bidding_ended(d, e, o), r),
    TalonTaken: lambda d, e, r, o: _talon_taken(d, e, o),
    Discarded: lambda d, e, r, o: _discarded(d, e, o),
    ContractDeclared: lambda d, e, r, o: _contract(d, e, o),
    DefenceDecided: _defence,
    WhistModeChosen: lambda d, e, r, o: _mode(d, e, o),
    CardPlayed: _card,
    TrickCompleted: lambda d, e, r, o: _trick_done(d, e),
    Claimed: lambda d, e, r, o: _claim(d, e, o),
    ResultRecorded: lambda d, e, r, o: _result(d, e, o),
    PenaltyRecorded: lambda d, e, r, o: d,
    SheetRecorded: lambda d, e, r, o: d,
}


def _trick_done(d: DealState, e: TrickCompleted) -> DealState:
    winner = d.seat(e.winner) if e.winner is not None else None
    tricks = list(d.tricks)
    if winner is not None:
        tricks[winner] += 1
    if d.on_talon_trick:
        leader: int | None = 0  # the eldest hand leads the talon tricks and the third trick (3.7.6.1)
    else:
        leader = 0 if winner == DEALER else winner
    return _deal(d, trick=(), completed=d.completed + 1, tricks=tuple(tricks),  # type: ignore[arg-type]
                 lost=d.lost + (winner is None), leader=leader)


def implied(g: GameState) -> Event | None:
    """The next event the rules imply in this state, if any (the talon taken, a trick completed)."""
    d = g.deal
    if d is None or d.over:
        return None
    if len(d.trick) == 3:
        return TrickCompleted(d.completed + 1, _winner_name(d, g.rules), tuple(c for _, c in d.trick),
                              None)
    if (d.declarer is not None and d.bidding_over and not d.talon_taken and not d.hand_bid and not d.is_all_pass
            and d.auction in (WON, UNKNOWN)):
        return TalonTaken(d.active[d.declarer], d.talon, None)
    return None


def _winner_name(d: DealState, rules: Rules) -> str | None:
    if d.on_talon_trick:
        if d.talon is None:
            return None
        seat = talon_trick_winner(d.trick, d.talon[d.completed], d.four)
        if seat is None and rules.all_pass_void_talon_trick == "eldest":
            seat = 0
        return None if seat is None else d.player(seat)
    if not d.trump_known:
        return None
    return d.player(trick_winner(d.trick, d.trump_suit))
