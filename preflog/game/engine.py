"""The event-sourced engine: a pure ``apply(state, event)`` and the events the rules imply.

``apply`` returns the new state and the violations the event commits, each with its Code section and
the span of the offending text. What is legal is asked of :mod:`preflog.game.legal`; the engine only
records what happened. ``advance`` applies a deal's events with the implied ones in between.

The public functions take and give frozen :class:`GameState` values. Underneath, the driver's hot
path (``step``, ``make_call``, ``play_clean`` …) changes a :class:`WorkingGame` in place, which
:func:`working` makes from a frozen state and :func:`snapshot` freezes again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

from ..model.auction import Call
from ..model.build import builder
from ..model.cards import Card, Suit
from ..model.defence import Decision, DecisionKind
from ..model.deal import write_result as result_text
from ..model.game import Game
from ..model.play import PlayedCard
from ..model.seating import ACTIVE_SEATS, DUMMY, Seat, bidding_order, next_dealer
from ..model.span import Span
from .conventions import Rules, rules_of
from .events import (
    BiddingEnded, CallMade, CardPlayed, Claimed, ContractDeclared, DealStarted, Dealt,
    DefenceDecided, Discarded, Event, PenaltyRecorded, ResultRecorded, CheckpointRecorded, TalonTaken,
    TrickCompleted, WhistModeChosen,
)
from .laws import declarer_count, declarer_tricks, must_play_mask, talon_trick_winner, trick_winner, trump_of
from .legal import (
    MOST_DECISIONS, Problem, all_pass, call_problems, card_problems_at, contract_problems, counts_as_made, decision_problems,
    defence_turn, led_suit, mode_problems, next_caller, play_problems, totus_problems, trump_known, unwhisted,
    whisters_of,
)
from .bits import BIT, bits_of
from .classic import lowest_after_dark_pass
from .razboynik import COMPULSORY, game_key, soloist, stage_of
from .state import (
    DealFacts, GameFacts, GameState, WorkingDeal, WorkingGame, frozen_game, new_deal, working_game,
)
from .violations import Violation
from .members import (
    AUCTION_ALL_PASS, AUCTION_OPEN, AUCTION_UNKNOWN, AUCTION_WON, CALL_HERE, CALL_PASS, DECISION_PASS, MODE_OPEN,
    RESULT_RELATIVE, RESULT_TRICKS, SEAT_FIRST, SEAT_SITTING_OUT, STAGE_COMPULSORY, STAGE_FREE, STAGE_HALF_TIME,
    TALON_LEAD, VOID_TRICK_ELDEST,
)

Violations = list[Violation]
_ACTIVE: Final = ACTIVE_SEATS  # a C static: cheaper than the imported name, a lookup in the module's globals
_TalonTaken: Final = builder(TalonTaken)  # built in C (model.build)


def _report(out: Violations, problems: Sequence[Problem], span: Span | None, deal: int) -> None:
    for code, reason, given in problems:
        out.append(Violation(code, span, deal, given, reason))


# ---- the game ----------------------------------------------------------------------------------

def initial_state(game: Game, rules: Rules | str | None = None) -> tuple[GameState, Violations]:
    """The state before the first deal, and the problems of the game's rules tags (R101–R103).
    ``rules`` replaces the game's own: a preset name (its ``Rule.*`` tags still apply) or a Rules."""
    if isinstance(rules, Rules):
        return GameState(game.players, rules), []
    chosen, problems = rules_of(game, rules)
    return GameState(game.players, chosen), problems


def expected_dealer(g: GameFacts) -> str | None:
    """Who deals next: clockwise (Code 3.2.2), or the same dealer again after an all-pass where the
    convention keeps the deck with him (3.7.7). ``None`` before the first deal (anyone may start)."""
    previous = g.previous_dealer
    if previous is None or previous not in g.players:
        return None
    # g.stays counts the deals in a row before this one that the previous dealer dealt again
    if g.all_pass_streak > 0 and g.stays + 1 < g.rules.dealer_stays_on_all_pass:
        return previous
    return next_dealer(g.players, previous)


def _start(g: WorkingGame, e: DealStarted, out: Violations) -> None:
    players, rules = g.players, g.rules
    previous = g.previous_dealer
    stays = g.stays
    expected = expected_dealer(g)
    if expected is not None and e.dealer in players:
        if e.dealer != expected:
            where = e.dealer_span or e.span
            if expected == previous:
                out.append(Violation.of("D103", "", where, e.number, expected=expected, dealer=e.dealer))
            else:
                out.append(Violation.of("D102", "", where, e.number, previous=previous, expected=expected,
                                        dealer=e.dealer))
        stays = g.stays + 1 if e.dealer == previous else 0
    active = bidding_order(players, e.dealer)
    min_level = rules.all_pass_exit if g.all_pass_streak else 6
    dark_before = g.dark_streak if e.dealer == previous else 0
    deal = new_deal(e.number, e.dealer, active, len(players) == 4, min_level, dark_before)
    if len(players) == 2 and DUMMY in active:  # gusarik: the dummy is unseen in the auction (RULES.md)
        deal.dummy = dummy = ACTIVE_SEATS[active.index(DUMMY)]
        deal.passed = frozenset({dummy})
    if rules.razboynik:
        deal.stage = stage = stage_of(e.number, len(players))
        if stage is STAGE_COMPULSORY:  # no auction: the soloist plays one of his games (seed 000 §8)
            seat = soloist(rules, deal.dummy)
            name = active[seat]
            deal.declarer = seat
            deal.compulsory_left = frozenset(k for k in COMPULSORY if (name, k) not in g.compulsory)
    g.deal, g.stays = deal, stays


def _end(g: WorkingGame, d: WorkingDeal) -> None:
    # the razboynik's all-passes are no streak: the deal moves on, the next bid is free (seed 004)
    streak = g.all_pass_streak + 1 if all_pass(d) and d.stage is STAGE_FREE else 0
    dark = d.dark_before + 1 if all_pass(d) and d.dark_passes else 0
    if d.stage is STAGE_COMPULSORY and d.declarer is not None and d.game_contract is not None:
        g.compulsory = g.compulsory | {(d.player(d.declarer), game_key(d.game_contract))}
    d.over = True
    g.previous_dealer, g.all_pass_streak, g.dark_streak = d.dealer, streak, dark


# ---- the deal ----------------------------------------------------------------------------------

def _dealt(d: WorkingDeal, e: Dealt, rules: Rules, out: Violations) -> None:
    hands: list[frozenset[Card] | None] = [None, None, None]
    dealt = 0
    for player, hand in e.hands or ():
        seat = d.seat(player)
        if seat is None or seat is SEAT_SITTING_OUT:
            _dealt_wrongly(d, e, out)
            return
        if hand is not None:
            cards = hand.cards  # not the Hand itself: its __iter__ and __len__ are Python calls
            hands[seat] = frozenset(cards)
            dealt += len(cards)
    talon = e.talon or ()
    if len(frozenset(talon).union(*(h for h in hands if h is not None))) < dealt + len(talon):
        _dealt_wrongly(d, e, out)  # a card dealt twice
        return
    d.hands, d.talon = tuple(hands), e.talon


def _dealt_wrongly(d: WorkingDeal, e: Dealt, out: Violations) -> None:
    """:func:`_dealt` for a deal that gives the sitting-out dealer a hand (D104) or a card twice (D101)."""
    hands: list[frozenset[Card] | None] = [None, None, None]
    seen: dict[Card, str] = {}
    for index, (player, hand) in enumerate(e.hands or ()):
        seat = d.seat(player)
        span = e.spans[index] if index < len(e.spans) else e.span
        if seat is None or seat is SEAT_SITTING_OUT:
            out.append(Violation.of("D104", "", span, d.number, player=player))
            continue
        if hand is None:
            continue
        for card in hand:
            if card in seen:
                out.append(Violation.of("D101", "hands", span, d.number, card, card=card, seen=seen[card],
                                        player=player))
            seen[card] = player
        hands[seat] = frozenset(hand)
    for card in e.talon or ():
        if card in seen:
            out.append(Violation.of("D101", "talon", e.talon_span or e.span, d.number, card, card=card,
                                    seen=seen[card]))
    d.hands, d.talon = tuple(hands), e.talon


def _call_made(d: WorkingDeal, e: CallMade, rules: Rules, out: Violations) -> None:
    _call(d, e.call, e.span, rules, out)


def _call(d: WorkingDeal, call: Call, span: Span | None, rules: Rules, out: Violations) -> None:
    problems = call_problems(d, rules, call)
    if problems:
        _report(out, problems, span, d.number)
    if d.stage is STAGE_COMPULSORY:  # kept as written, without effect: there is no auction (A213)
        d.calls = d.calls + ((next_caller(d), call),)
        return
    if d.auction is not AUCTION_OPEN:
        return
    if d.stage is STAGE_HALF_TIME and call.kind is not CALL_PASS:
        call = Call(CALL_PASS, player=call.player, span=call.span)  # refused (A213): it counts as a pass
    seat = next_caller(d)
    if call.kind is CALL_PASS:
        d.passed = d.passed | {seat}
        if call.dark and rules.dark_bids:
            _dark_pass(d, seat, rules)
    else:
        d.spoke = d.spoke | {seat}
        if not any(problem[0] in _NOT_STANDING for problem in problems):
            if call.kind is CALL_HERE:
                d.high_seat = SEAT_FIRST
            else:
                d.high, d.high_seat, d.hand_bid, d.high_dark = call.bid, seat, call.hand, call.dark
                if not call.dark:
                    d.seeing_bid = True
    d.calls = d.calls + ((seat, call),)
    passed, high_seat = d.passed, d.high_seat
    if len(passed) == 3:
        d.auction = AUCTION_ALL_PASS
    elif len(passed) == 2 and high_seat is not None and high_seat not in passed:
        d.auction, d.declarer = AUCTION_WON, high_seat


_NOT_STANDING: Final = frozenset({"A202", "A206", "A209", "A211", "A212"})  # a bid or "here" that does not stand


def _dark_pass(d: WorkingDeal, seat: Seat, rules: Rules) -> None:
    """A dark pass (Code 3.3.19 a): only a seven or more outbids it after this, more after dark
    all-passes (seed 004); the third hand taking the talon after two passes plays that high too."""
    d.dark_passes = d.dark_passes | {seat}
    d.min_level = max(d.min_level, lowest_after_dark_pass(d.dark_before, dark=False))


def _bidding_ended(d: WorkingDeal, e: BiddingEnded, rules: Rules, out: Violations) -> None:
    d.bidding_over = True
    if d.stage is STAGE_COMPULSORY:
        d.auction = AUCTION_UNKNOWN  # no auction; the soloist is known (seed 000 §8)
        return
    if not e.recorded and d.stage is STAGE_HALF_TIME:  # everyone passes: it need not be written
        d.auction = AUCTION_ALL_PASS
    elif not e.recorded:
        d.auction = AUCTION_UNKNOWN
        return
    if d.auction is AUCTION_ALL_PASS:
        # on all-pass the talon cards lead the first two tricks where the convention says so (3.7.6),
        # never with two players (3.7.6.4)
        d.talon_leads = rules.all_pass_talon is TALON_LEAD and d.dummy is None
        return
    if d.auction is not AUCTION_OPEN:
        return
    if len(d.passed) == 2 and d.high is None:
        # Code 3.3.15: after two passes the third hand may take the talon without a bid.
        d.auction, d.declarer = AUCTION_WON, next(s for s in ACTIVE_SEATS if s not in d.passed)
        return
    waiting = d.active[next_caller(d)]
    out.append(Violation.of("A208", "", e.span, d.number, waiting=waiting))
    # The highest bidder is the best guess for the declarer: it keeps one mistake from becoming many.
    d.auction, d.declarer = AUCTION_UNKNOWN, d.high_seat


def _talon_taken(d: WorkingDeal, e: TalonTaken, rules: Rules, out: Violations) -> None:
    seat = d.declarer
    assert seat is not None
    hands = list(d.hands)
    hand = hands[seat]
    hands[seat] = None if hand is None or d.talon is None else hand | frozenset(d.talon)
    d.hands, d.talon_taken = tuple(hands), True
    if hand is not None and d.talon is None:  # the talon is not known: the hand's own cards still are
        d.known = _at(d.known, seat, hand)
    if d.discard is not None:
        _check_discard(d, d.discard, d.discard_span, out)


def _discarded(d: WorkingDeal, e: Discarded, rules: Rules, out: Violations) -> None:
    if all_pass(d):
        out.append(Violation.of("T307", "discard", e.span, d.number))
        return
    if d.hand_bid:
        out.append(Violation.of("T302", "", e.span, d.number, player=d.player(d.declarer)))
        return
    if e.cards is None:  # not known: nothing to check
        return
    if not d.talon_taken:  # the declarer is not known yet (no bids): checked when the talon is taken
        d.discard, d.discard_span = e.cards, e.span
    else:
        _check_discard(d, e.cards, e.span, out)


def _check_discard(d: WorkingDeal, cards: tuple[Card, ...], span: Span | None, out: Violations) -> None:
    seat = d.declarer
    assert seat is not None
    hands = list(d.hands)
    hand = hands[seat]
    if hand is not None:
        for card in cards:
            if card not in hand:
                out.append(Violation.of("T301", "", span, d.number, card, card=card, player=d.player(seat)))
        hands[seat] = hand - frozenset(cards)
    known = d.known[seat]
    if known is not None:
        d.known = _at(d.known, seat, known - frozenset(cards))
    d.hands, d.discard, d.discard_span = tuple(hands), cards, span


def _at(row: tuple[Any, ...], seat: Seat, value: Any) -> tuple[Any, ...]:
    """``row`` with ``value`` for ``seat``."""
    return row[:seat] + (value,) + row[seat + 1:]


def _contract(d: WorkingDeal, e: ContractDeclared, rules: Rules, out: Violations) -> None:
    for code, reason, given in contract_problems(d, e.bid, e.declarer):
        where = e.bid_span if code in _AT_THE_VALUE and e.bid_span is not None else e.span
        out.append(Violation(code, where, d.number, given, reason, token=e.declarer if code == "T306" else None))
    if all_pass(d):
        return
    declarer = d.declarer
    if declarer is None and e.declarer is not None:
        seat = d.seat(e.declarer)
        declarer = None if seat is SEAT_SITTING_OUT else seat
    if e.totus:
        at_value = rules.totus and e.bid.level != 10  # "totus 9s": what is wrong is the value
        for code, reason, given in totus_problems(d, rules, e.bid):
            out.append(Violation(code, e.bid_span if at_value else e.span, d.number, given, reason))
        d.totus, d.helped = True, e.helped
    d.declarer, d.contract, d.trump_suit = declarer, e.bid, trump_of(e.bid)


_AT_THE_VALUE: Final = frozenset({"T303", "T304", "T305", "A209"})  # what is wrong is the contract's value


def _decided(d: WorkingDeal, e: DefenceDecided, rules: Rules, out: Violations) -> None:
    _decide(d, e.kind, e.span, rules, out)


def _decide(d: WorkingDeal, kind: DecisionKind, span: Span | None, rules: Rules, out: Violations) -> None:
    if d.dummy is not None:
        _dummy_passes(d)
    problems = decision_problems(d, rules, kind)
    if problems:
        _report(out, problems, span, d.number)
    if all_pass(d) or unwhisted(d):
        speaker = SEAT_FIRST
    elif d.declarer is None:  # who speaks is not known; keep the words
        speaker = ACTIVE_SEATS[len(d.decisions) % 3]
    else:
        turn = defence_turn(d)
        speaker = SEAT_FIRST if turn is None else turn[0]
    if len(d.decisions) >= MOST_DECISIONS:
        return  # reported above; a longer record would only grow (and be copied) word by word
    d.decisions = d.decisions + ((speaker, kind),)
    if d.dummy is not None:
        _dummy_passes(d)
        if len(whisters_of(d)) == 1 and d.mode is None and not problems:
            d.mode = MODE_OPEN  # the whister plays open with the dummy (seed 001)


def _dummy_passes(d: WorkingDeal) -> None:
    """With two players the dummy's word in the defence goes without saying: pass (RULES.md, gusarik)."""
    turn = defence_turn(d)
    if turn is not None and turn[0] == d.dummy:
        d.decisions = d.decisions + ((turn[0], DECISION_PASS),)


def _mode(d: WorkingDeal, e: WhistModeChosen, rules: Rules, out: Violations) -> None:
    _report(out, mode_problems(d, e.mode), e.span, d.number)
    d.mode = e.mode


def _card(d: WorkingDeal, e: CardPlayed | PlayedCard, rules: Rules, out: Violations) -> None:
    card = e.card
    seat = d.to_play
    problems = card_problems_at(d, card, seat)
    if problems:
        _report(out, problems, e.span, d.number)
        if any(problem[0] == "P505" for problem in problems):
            return
    if seat is None:  # the trick winners are not known (no contract): keep the card in the trick
        d.trick, d.played = d.trick + ((SEAT_FIRST, card),), d.played | {card}
        return
    hand = d.hands[seat]
    if hand is None:
        led, trump = led_suit(d), d.trump_suit
        if led is not None and card.suit != led:  # a hidden hand shows a void (Code 3.9.3)
            new = d.voids[seat] | {led} | ({trump} if trump is not None and card.suit != trump else set())
            d.voids = _at(d.voids, seat, frozenset(new))
        d.played = d.played | {card}
        known = d.known[seat]
        if known is not None and card in known:
            d.known = _at(d.known, seat, known - {card})
    elif not problems or card in hand:  # no problem: the known hand holds the card (else P501)
        d.hands = _at(d.hands, seat, hand - {card})
        d.played = d.played | {card}
    # a card the player does not hold stays where it is: its owner may still play it
    d.trick = d.trick + ((seat, card),)


def _trick_done(d: WorkingDeal, e: TrickCompleted, rules: Rules, out: Violations) -> None:
    _take_trick(d, e.winner)


def _take_trick(d: WorkingDeal, player: str | None) -> None:
    winner = d.seat(player) if player is not None else None
    tricks = list(d.tricks)
    if winner is not None:
        tricks[winner] += 1
    if d.on_talon_trick:
        leader: Seat | None = SEAT_FIRST  # the eldest hand leads the talon tricks and the third (3.7.6.1)
    else:
        leader = SEAT_FIRST if winner is SEAT_SITTING_OUT else winner
    d.trick, d.completed, d.tricks = (), d.completed + 1, _per_seat(tricks)
    d.lost, d.leader = d.lost + (winner is None), leader


def _per_seat(tricks: list[int]) -> tuple[int, int, int, int]:
    """The tricks counted per seat, as a deal keeps them (the sitting-out dealer last)."""
    return tricks[0], tricks[1], tricks[2], tricks[3]


def _claim(d: WorkingDeal, e: Claimed, rules: Rules, out: Violations) -> None:
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
            out.append(Violation.of("C601", "", e.span, d.number, n=total, remaining=remaining))
        for share in shares:
            seat = d.seat(share.player)
            if seat is not None:
                tricks[seat] += share.tricks or 0
    d.tricks, d.claimed, d.trick, d.completed = _per_seat(tricks), True, (), 10


def _result(d: WorkingDeal, e: ResultRecorded, rules: Rules, out: Violations) -> None:
    d.result = r = e.result
    n, span = d.number, e.span
    count_span = r.count_span or span  # the number of a short result
    complete = d.completed == 10 and d.lost == 0
    played = d.completed > 0 or d.claimed
    declarer = d.declarer
    if r.kind is not RESULT_TRICKS and (declarer is None or all_pass(d)):
        out.append(Violation.of("C604", "all-pass" if all_pass(d) else "no-declarer", span, n,
                                result_text=result_text(r)))
        return
    if not played and declarer is not None and counts_as_made(d):
        out.append(Violation.of("C605", "", span, n, how="half" if d.half_whister is not None else "pass",
                                game_contract=d.game_contract, result_text=result_text(r)))
        return
    if r.kind is RESULT_TRICKS:
        listed = {t.player: t.tricks for t in r.tricks}
        if complete:
            for pair in r.tricks:
                actual = d.taken(pair.player)
                if actual != pair.tricks:
                    out.append(Violation.of("C602", "", pair.tricks_span or span, n, player=pair.player, n=actual,
                                            tricks=pair.tricks))
        if set(listed) >= set(d.active) and sum(listed.values()) != 10 and (complete or not played):
            out.append(Violation.of("C603", "sum", span, n, sum=sum(listed.values())))
        return
    assert declarer is not None
    if r.kind is RESULT_RELATIVE and d.contract is None:
        out.append(Violation.of("C603", "relative", span, n, result_text=result_text(r)))
        return
    claimed_tricks = declarer_tricks(r, d.contract)
    if claimed_tricks is None:
        out.append(Violation.of("C603", "count", count_span, n, result_text=result_text(r),
                                declarer_count=declarer_count(r, d.contract)))
        return
    if complete:
        actual = d.tricks[declarer]
        if actual != claimed_tricks:
            out.append(Violation.of("C602", "", count_span, n, player=d.player(declarer), n=actual,
                                    tricks=claimed_tricks))


def _nothing(d: WorkingDeal, e: Any, rules: Rules, out: Violations) -> None:
    """The step of an event that changes nothing (a penalty, a checkpoint)."""


#: Each event's step: it changes the working deal in place and adds the violations the event commits.
_HANDLERS: Final[dict[type, Callable[[WorkingDeal, Any, Rules, Violations], None]]] = {
    Dealt: _dealt, CallMade: _call_made, BiddingEnded: _bidding_ended, TalonTaken: _talon_taken,
    Discarded: _discarded, ContractDeclared: _contract, DefenceDecided: _decided, WhistModeChosen: _mode,
    CardPlayed: _card, TrickCompleted: _trick_done, Claimed: _claim, ResultRecorded: _result,
    PenaltyRecorded: _nothing, CheckpointRecorded: _nothing,
}


def apply(g: GameState, event: Event) -> tuple[GameState, Violations]:
    """The state after ``event`` and the violations it commits. A pure function: ``g`` is unchanged."""
    after, found = step(working(g), event)
    return snapshot(after), found


def step(g: WorkingGame, event: Event) -> tuple[WorkingGame, Violations]:
    """:func:`apply` on a working state, changed in place and returned (the driver's hot path: a
    visitor is handed a frozen copy, :func:`snapshot`)."""
    out: Violations = []
    if type(event) is DealStarted:
        _start(g, event, out)
        return g, out
    d = g.deal
    if d is None:
        return g, out
    handler = _HANDLERS.get(type(event))
    if handler is None:  # DealEnded
        _end(g, d)
    else:
        handler(d, event, g.rules, out)
    return g, out


def make_call(g: WorkingGame, call: Call) -> Violations:
    """The step of ``CallMade`` for a call of a ``bids`` statement, in place, without making the event
    (for a driver whose visitors want no calls); the violations it commits. A call implies no event."""
    out: Violations = []
    d = g.deal
    if d is not None:  # the handler step runs with the event, called natively (no tuple of arguments)
        _call(d, call, call.span, g.rules, out)
    return out


def decide(g: WorkingGame, decision: Decision) -> Violations:
    """The step of ``DefenceDecided`` for a word of a ``whist`` statement, in place, without making the
    event; the violations it commits. A decision implies no event."""
    out: Violations = []
    d = g.deal
    if d is not None:
        _decide(d, decision.kind, decision.span, g.rules, out)
    return out


def play_card(g: WorkingGame, card: PlayedCard) -> Violations:
    """The step of ``CardPlayed`` for a card of a play statement, in place, without making the event
    (for a driver whose visitors want no cards or tricks); the violations it commits."""
    out: Violations = []
    d = g.deal
    if d is not None:
        _card(d, card, g.rules, out)
    return out


def play_clean(g: WorkingGame, cards: Sequence[Card], start: int = 0) -> int:
    """Play ``cards[start:]`` in place, tricks completed, for as long as each card is one the rules
    allow and every hand is known: the steps of their events, as one loop over bitmasks. Returns the
    index of the first card not played (``len(cards)`` when all were): the caller steps it the slow
    way, which reports what is wrong with it, and may call again after it."""
    d = g.deal
    count = len(cards)
    if (start >= count or d is None or d.over or d.leader is None or not trump_known(d) or d.completed >= 10
            or (d.talon_leads and d.talon is None)):
        return start
    hands = d.hands
    if hands[0] is None or hands[1] is None or hands[2] is None:
        return start
    if not d.trick and d.completed == 0 and not d.played and play_problems(d):
        return start
    masks = [bits_of(hands[0]), bits_of(hands[1]), bits_of(hands[2])]
    played = bits_of(d.played)
    bit_of, trump = BIT, d.trump_suit
    talon, talon_leads, rules, four = d.talon, d.talon_leads, g.rules, d.four
    trick = list(d.trick)
    leader: int = d.leader
    tricks = list(d.tricks)
    completed, lost = d.completed, d.lost
    on_talon = talon_leads and completed < 2
    led: Suit | None = talon[completed].suit if on_talon else (trick[0][1].suit if trick else None)  # type: ignore[index]
    seat = (leader + len(trick)) % 3
    index = start
    while index < count:
        card = cards[index]
        bit = bit_of[card]
        hand = masks[seat]
        if not hand & bit or played & bit:
            break  # not held, or played before (P501, P504)
        suit = card.suit
        if led is None:
            led = suit
        elif suit != led:
            demand = must_play_mask(hand, led, trump)
            if demand is not None and suit != demand[1]:
                break  # must follow or trump (P502, P503)
        masks[seat] = hand ^ bit
        played |= bit
        trick.append((_ACTIVE[seat], card))
        index += 1
        if len(trick) < 3:
            seat = seat + 1 if seat < 2 else 0
            continue
        if on_talon:
            winner = _talon_taker(trick, talon[completed], four, rules)  # type: ignore[index]
            leader = SEAT_FIRST  # the eldest hand leads the talon tricks and the third (3.7.6.1)
        else:
            winner = leader = trick_winner(trick, trump)
        if winner is None:
            lost += 1
        else:
            tricks[winner] += 1
        completed += 1
        trick = []
        if completed == 10:
            break  # a card after the last trick is the slow path's to report (P505)
        seat = leader
        on_talon = talon_leads and completed < 2
        led = talon[completed].suit if on_talon else None  # type: ignore[index]
    if index == start:
        return start
    taken = cards[start:index]
    d.hands = tuple(h.difference(taken) for h in hands if h is not None)
    d.played, d.trick, d.tricks = d.played.union(taken), tuple(trick), _per_seat(tricks)
    d.completed, d.lost, d.leader = completed, lost, _ACTIVE[leader]
    return index


def complete_trick(g: WorkingGame) -> bool:
    """The step of ``TrickCompleted`` where the rules imply it (three cards down), in place, without
    making the event; whether there was one. Within a play statement it is the only implied event."""
    d = g.deal
    if d is None or d.over or len(d.trick) != 3:
        return False
    _take_trick(d, _winner_name(d, g.rules))
    return True


def snapshot(g: WorkingGame) -> GameState:
    """The working state frozen: a copy, with its deal's, which later steps on ``g`` leave as it is
    (it runs for every event a visitor hears: ``state.frozen_game``)."""
    return frozen_game(g)


def working(g: GameState) -> WorkingGame:
    """A working state to step in place, from a frozen one (left as it is)."""
    return working_game(g)


def implied(g: GameState | WorkingGame) -> Event | None:
    """The next event the rules imply in this state, if any (the talon taken, a trick completed)."""
    d = g.deal
    if d is None or d.over:
        return None
    if len(d.trick) == 3:
        return TrickCompleted(d.completed + 1, _winner_name(d, g.rules), tuple(c for _, c in d.trick), None)
    if (d.declarer is not None and d.bidding_over and not d.talon_taken and not d.hand_bid and not all_pass(d)
            and (d.auction is AUCTION_WON or d.auction is AUCTION_UNKNOWN)):
        return _TalonTaken(d.active[d.declarer], d.talon, None)
    return None


def _winner_name(d: DealFacts, rules: Rules) -> str | None:
    if d.on_talon_trick:
        if d.talon is None:
            return None
        seat = _talon_taker(d.trick, d.talon[d.completed], d.four, rules)
        return None if seat is None else d.player(seat)
    if not trump_known(d):
        return None
    return d.player(trick_winner(d.trick, d.trump_suit))


def _talon_taker(trick: Sequence[tuple[Seat, Card]], talon_card: Card, four: bool, rules: Rules) -> Seat | None:
    """Who takes a trick the talon led; a trick nobody followed goes to the eldest hand where the
    convention says so (3.7.6.3), else to nobody."""
    seat = talon_trick_winner(trick, talon_card, four)
    if seat is None and rules.all_pass_void_talon_trick is VOID_TRICK_ELDEST:
        return SEAT_FIRST
    return seat


def advance(state: GameState, events: Iterable[Event]) -> Iterator[tuple[Event, GameState, Violations]]:
    """Apply ``events`` from ``state`` with every event the rules imply: (event, state after, violations)."""
    for event, after, found in advance_in_place(working(state), events):
        yield event, snapshot(after), found


def advance_in_place(state: WorkingGame, events: Iterable[Event]) -> Iterator[tuple[Event, WorkingGame, Violations]]:
    """:func:`advance` on a working state, changed in place (every state given is ``state`` itself)."""
    for event in events:
        state, found = step(state, event)
        yield event, state, found
        derived = implied(state)
        while derived is not None:
            state, found = step(state, derived)
            yield derived, state, found
            derived = implied(state)
