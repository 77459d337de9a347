"""What may be said and played next: the one home of the legality of calls, contracts, whists and cards.

Each ``*_problems`` function tells what is wrong with one move in a state, as ``(code, reason,
params)`` (the engine turns them into violations with their span; the words are the presenter's,
:mod:`preflog.verdicts`); each ``legal_*`` function offers every move
that has none. The engine, the generator and any other player of the game ask the same question.

>>> preflog.legal_cards(state)      # with hidden hands: every card not ruled out
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from ..model.auction import Call
from ..model.bids import LADDER, Bid, Strain
from ..model.cards import DECK, Card, Suit
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import ACTIVE_SEATS, Seat
from .classic import HAND_LEVELS, compulsory_whist, lowest_after_dark_pass, outbids
from .conventions import Rules
from .razboynik import COMPULSORY, game_key, mandated_defence
from .laws import Duty, must_play
from .state import DealFacts, GameState, WorkingGame
from .violations import Param, Params, params
from .members import (
    AUCTION_ALL_PASS, AUCTION_OPEN, AUCTION_WON, CALL_BID, CALL_HERE, CALL_PASS, MODE_CLOSED, MODE_OPEN, SEAT_FIRST, SEAT_SITTING_OUT,
    STAGE_COMPULSORY, STAGE_HALF_TIME,
)

Problem = tuple[str, str, Params]  # (violation code, reason, params): a Violation without its place
P: Final = DecisionKind.PASS
W: Final = DecisionKind.WHIST
H: Final = DecisionKind.HALF
_DUTY_FOLLOW: Final = Duty.FOLLOW  # a constant, as the members of members.py
#: Each seat's left-hand neighbour (``Seat.next``), and the defenders of a declarer in each seat in the
#: order they speak (``DealFacts.defenders``, Code 3.8.1), as constants: the properties run in the
#: interpreter, and the engine asks for them at every call and every word of the defence.
_NEXT: Final = {seat: seat.next for seat in Seat}
_DEFENDERS: Final = {seat: (seat.next, seat.next.next) for seat in Seat}


def all_pass(d: DealFacts) -> bool:
    """``d.is_all_pass``, read without the property's call into the interpreter (the engine's hot path)."""
    return d.auction is AUCTION_ALL_PASS


def unwhisted(d: DealFacts) -> bool:
    """``d.unwhisted`` (a misère or a totus: not whisted), read without the property's call."""
    contract = d.contract
    return contract is not None and (contract.is_misere or d.totus)


def trump_known(d: DealFacts) -> bool:
    """``d.trump_known`` (an all-pass, or a contract declared), read without the property's calls."""
    return d.auction is AUCTION_ALL_PASS or d.contract is not None


def whisters_of(d: DealFacts) -> tuple[Seat, ...]:
    """``d.whisters``, the seats whose whist stands in the order they said it (3.8.8.2), without the
    property's calls: every whist but the half-whister's (the seat that said half first)."""
    decisions = d.decisions
    half = None
    for seat, kind in decisions:
        if kind is H:
            half = seat
            break
    return tuple([seat for seat, kind in decisions if kind is W and seat != half])


def defenders_of(d: DealFacts) -> tuple[Seat, Seat] | None:
    """``d.defenders``, the declarer's opponents in the order they speak, without the property's calls."""
    declarer = d.declarer
    return None if declarer is None else _DEFENDERS[declarer]


# ---- the auction (Code 3.3) ----------------------------------------------------------------------

def next_caller(d: DealFacts) -> Seat:
    """The seat whose call comes next: clockwise from the eldest hand, skipping those who passed."""
    seat = _NEXT[d.calls[-1][0]] if d.calls else SEAT_FIRST
    while seat in d.passed and len(d.passed) < 3:  # the dummy of two players has passed before it starts
        seat = _NEXT[seat]
    return seat


def call_problems(d: DealFacts, rules: Rules, call: Call) -> Sequence[Problem]:
    """What is wrong with ``call`` as the next call of the auction."""
    if d.stage is STAGE_COMPULSORY:  # reported once, at the first call of the line
        return _NONE if d.calls else [_problem("A213", "compulsory", player=d.player(d.declarer))]
    if d.auction is not AUCTION_OPEN:
        return [_problem("A207", "", word=_said(call))]
    if d.stage is STAGE_HALF_TIME and call.kind is not CALL_PASS:
        return [_problem("A213", "half-time", word=_said(call))]
    if call.kind is CALL_PASS and call.player is None and not call.dark and not call.hand:
        return _NONE  # a plain pass is always open to the player whose turn it is
    out: list[Problem] = []
    seat = next_caller(d)
    player = d.active[seat]
    if call.player is not None and call.player != player:
        if call.player in d.active and ACTIVE_SEATS[d.active.index(call.player)] in d.passed:
            out.append(_problem("A203", "", player=call.player, player2=player))
        else:
            out.append(_problem("A201", "", player=player, player2=call.player))
    if (call.dark and not rules.dark_bids) or (call.hand and not rules.hand_bids):
        dark = call.dark and not rules.dark_bids
        out.append(_problem("A210", "dark" if dark else "hand", convention=rules.name))
    elif call.dark and call.kind is CALL_PASS and (d.high is not None or d.spoke):
        out.append(_problem("A211", "pass"))
    elif call.dark and call.kind is CALL_HERE:
        out.append(_problem("A211", "here"))
    elif call.dark and call.kind is not CALL_PASS and d.seeing_bid:
        out.append(_problem("A211", "seeing"))
    if call.hand and rules.hand_bids and (call.bid is None or call.bid.level not in HAND_LEVELS):
        out.append(_problem("A212", "", word=_said(call)))
    high = d.high
    if call.kind is CALL_HERE:
        if seat is not SEAT_FIRST:
            out.append(_problem("A206", "not-eldest", player=player))
        elif high is None or d.high_seat is SEAT_FIRST:
            out.append(_problem("A206", "no-bid"))
        elif high.is_misere:
            out.append(_problem("A206", "misère"))
    elif call.kind is CALL_BID:
        bid = call.bid
        assert bid is not None
        misere_bidder = (high is not None and high.is_misere and d.high_seat == seat) or any(
            s == seat and c.bid is not None and c.bid.is_misere for s, c in d.calls)
        # seed 004: "An outbid caller of misere can respond by calling misere hand"
        misere_hand = bid.is_misere and call.hand and rules.hand_bids and misere_bidder and d.high_seat != seat
        if bid.is_misere and seat in d.spoke and not misere_hand:
            out.append(_problem("A204", "", player=player))
        elif misere_bidder and not misere_hand:
            out.append(_problem("A205", "", player=player, bid=bid))
        lowest = lowest_after_dark_pass(d.dark_before, dark=True) if call.dark and d.dark_passes else d.min_level
        if high is not None and not outbids(bid, call.hand, call.dark, high, d.hand_bid, d.high_dark,
                                            rules.hand_bids):
            out.append(_problem("A202", "over-dark" if d.high_dark and not call.dark else "", call=_said(call),
                                high_call=_high_call(d)))
        elif not bid.is_misere and bid.level < lowest:
            out.append(_problem("A209", "dark-pass" if d.dark_passes else "all-pass", lowest=lowest, bid=bid))
        elif bid.is_misere and d.dark_passes and lowest > 8:
            out.append(_problem("A209", "misère", lowest=lowest))
    return out


def _high_call(d: DealFacts) -> Call:
    """The high bid as it was called: ``dark 6s``, ``hand mis``, ``7h``."""
    return Call(CALL_BID, d.high, dark=d.high_dark, hand=d.hand_bid)


def _said(call: Call) -> Call:
    """A call as a problem names it: what was said, without where or by whose prefix."""
    return Call(call.kind, call.bid, dark=call.dark, hand=call.hand)


def _problem(code: str, reason: str, **given: Param) -> Problem:
    """A problem of ``code``: its sentence ``reason`` ("" for the code's first) and the facts it names."""
    return code, reason, params(**given)


def legal_calls(state: GameState | WorkingGame) -> tuple[Call, ...]:
    """Every call the next player may make: pass, here, the bids of the ladder, each with the ``dark``
    and ``hand`` modifiers where the convention has them. Empty when the auction is over."""
    d = state.deal
    if d is None or d.auction is not AUCTION_OPEN or d.bidding_over:
        return ()
    words = [(CALL_PASS, None), (CALL_HERE, None)] + [(CALL_BID, b) for b in LADDER]
    modifiers = [(False, False)] + [(True, False)] * state.rules.dark_bids + [(False, True)] * state.rules.hand_bids
    candidates = (Call(kind, bid, dark=dark, hand=hand) for dark, hand in modifiers for kind, bid in words)
    return tuple(c for c in candidates if not call_problems(d, state.rules, c))


# ---- the contract (Code 3.4) ---------------------------------------------------------------------

def totus_problems(d: DealFacts, rules: Rules, bid: Bid) -> list[Problem]:
    """What is wrong with declaring ``bid`` a totus: twelve tricks that cannot be beaten on the own ten
    cards and the talon, the partners making the discard, then a ten played (seed 000 §6.3)."""
    if not rules.totus:
        return [_problem("T309", "convention", convention=rules.name)]
    if bid.level != 10:
        return [_problem("T309", "level", bid=bid)]
    if d.stage is STAGE_COMPULSORY:
        return [_problem("T309", "compulsory")]
    if d.hand_bid:
        return [_problem("T309", "hand", player=d.player(d.high_seat))]
    return []


def contract_problems(d: DealFacts, bid: Bid, declarer: str | None = None) -> list[Problem]:
    """What is wrong with declaring ``bid`` (by ``declarer``, if the statement names one)."""
    if all_pass(d):
        return [_problem("T307", "contract", bid=bid)]
    if d.stage is STAGE_HALF_TIME:
        return [_problem("A213", "contract", bid=bid)]
    out: list[Problem] = []
    seat = d.declarer
    if d.stage is STAGE_COMPULSORY:
        assert seat is not None  # the soloist, from the deal's start
        name = d.player(seat)
        if declarer is not None and declarer != name:
            out.append(_problem("T306", "soloist", name=name, soloist=seat, declarer=declarer))
        elif game_key(bid) not in d.compulsory_left:
            left = tuple(k for k in COMPULSORY if k in d.compulsory_left)
            out.append(_problem("T308", "", name=name, game=game_key(bid), left=left))
        return out
    if seat is not None and declarer is not None and declarer != d.player(seat):
        out.append(_problem("T306", "", player=d.player(seat), declarer=declarer))
    elif seat is None and declarer is not None and d.seat(declarer) is SEAT_SITTING_OUT:
        out.append(_problem("T306", "sits-out", declarer=declarer))
    high = d.high if d.auction is AUCTION_WON else None
    if high is not None and high.is_misere and not bid.is_misere:
        out.append(_problem("T305", "", player=d.player(seat), bid=bid))
    elif bid.is_misere and d.auction is AUCTION_WON and (high is None or not high.is_misere) and not (
            d.high_dark and not d.hand_bid):  # Code 3.3.19 b, seed 004: misère may be named after a dark win
        out.append(_problem("T304", "", high=high))
    elif high is not None and not bid.is_misere and bid < high:
        out.append(_problem("T303", "", bid=bid, high=high))
    elif high is None and not bid.is_misere and bid.level < d.min_level:
        out.append(_problem("A209", "contract", min_level=d.min_level, bid=bid))
    return out


def legal_contracts(state: GameState | WorkingGame) -> tuple[Bid, ...]:
    """The contracts the winner of the auction may declare, once the talon is taken (Code 3.4.3)."""
    d = state.deal
    if d is None or d.declarer is None or d.contract is not None or not d.bidding_over or all_pass(d):
        return ()
    return tuple(b for b in LADDER if not contract_problems(d, b))


# ---- the defence (Code 3.8) ----------------------------------------------------------------------

#: The longest defence: pass, half, pass, the dealer of four returning the whist, pass (Code 3.8.7–3.8.8.2).
MOST_DECISIONS: Final = 5


def defence_turn(d: DealFacts) -> tuple[Seat, tuple[DecisionKind, ...]] | None:
    """Who speaks next in the defence and the words the order of speaking leaves them, or ``None``
    when the defence is settled (Code 3.8.1, 3.8.3, 3.8.7–3.8.8.2): from the declarer's left; the
    second may go half after a pass; the first may then return the whist; with four players the
    dealer speaks last, after two passes or after pass–half–pass."""
    defenders = defenders_of(d)
    if defenders is None or all_pass(d) or unwhisted(d):
        return None
    first, second = defenders
    if len(d.decisions) >= MOST_DECISIONS:
        return None
    said = [k for _seat, k in d.decisions]
    if not said:
        return first, (W, P)
    if len(said) == 1:
        return second, (W, P, H) if said[0] is P else (W, P)  # half only after a pass (3.8.7)
    if said == [P, H]:
        return first, (W, P)
    if said == [P, P] and d.four:
        return SEAT_SITTING_OUT, (W, P)
    if said == [P, H, W]:
        return second, (P,)
    if said == [P, H, P] and d.four:
        return SEAT_SITTING_OUT, (W, P)
    if said == [P, H, P, W] and d.four:
        return second, (P,)
    return None


def decision_problems(d: DealFacts, rules: Rules, kind: DecisionKind) -> list[Problem]:
    """What is wrong with ``kind`` as the next word of the defence."""
    if all_pass(d):
        return [] if d.decisions else [_problem("T307", "whist")]
    contract = d.contract
    if contract is not None and contract.is_misere:
        return [] if d.decisions else [_problem("W406", "")]
    if d.totus:
        return [] if d.decisions else [_problem("W412", "")]
    if d.declarer is None:
        return []  # who speaks is not known; the words are kept as written
    turn = defence_turn(d)
    out: list[Problem] = []
    said = [k for _seat, k in d.decisions]
    name = "" if turn is None else d.player(turn[0])
    if kind is H and d.dummy is not None and turn is not None:
        out.append(_problem("W410", "half"))
    elif turn is None:
        out.append(_problem("W401", "settled", value=kind))
    elif kind not in turn[1]:
        if kind is H and not rules.half_whist:
            out.append(_problem("W402", "", convention=rules.name))
        elif kind is H:
            out.append(_problem("W403", "turn", name=name))
        elif said[:2] == [P, H]:
            out.append(_problem("W404", "returned", name=name))
        else:
            out.append(_problem("W401", "turn", value=kind, name=name))
    elif kind is H:
        if not rules.half_whist:
            out.append(_problem("W402", "", convention=rules.name))
        elif contract is not None and contract.level > 7:
            out.append(_problem("W403", "level", contract=contract))
    elif said == [P, H] and kind is W and contract is not None and contract.level > 7:
        out.append(_problem("W404", "level"))
    mandated = mandated_defence(rules, contract) if d.stage is STAGE_COMPULSORY and contract is not None else None
    spoken = sum(s != d.dummy for s, _kind in d.decisions)  # the dummy's pass is no defender's word
    if mandated is not None and spoken < 2 and kind is not mandated[spoken]:
        out.append(_problem("W411", "second" if spoken else "first", value=mandated[spoken], contract=contract,
                            value2=kind))
    elif rules.stalingrad and contract == STALINGRAD and kind is not W and d.stage is not STAGE_COMPULSORY:
        out.append(_problem("W407", "", defender=name))
    elif kind is not W and contract is not None and d.high is not None and d.high_dark \
            and d.high_seat == d.declarer and compulsory_whist(contract, d.high):
        out.append(_problem("W409", "", defender=name, contract=contract, high=d.high))
    return out


STALINGRAD: Final = Bid(6, Strain.SPADES)  # seed 000 §6.2: whisted by both, closed


def legal_decisions(state: GameState | WorkingGame) -> tuple[DecisionKind, ...]:
    """The words the next defender may say; empty when the defence is settled or there is none."""
    d = state.deal
    if d is None or d.contract is None or d.over or d.completed or d.trick or defence_turn(d) is None:
        return ()
    return tuple(k for k in DecisionKind if not decision_problems(d, state.rules, k))


def mode_problems(d: DealFacts, mode: WhistMode) -> list[Problem]:
    """Open play is a single whister's choice (Code 3.8.4, 3.8.5)."""
    whisters = len(whisters_of(d))
    if mode is MODE_OPEN and whisters != 1 and not all_pass(d):
        return [_problem("W405", "", whisters=whisters)]
    if mode is MODE_CLOSED and d.dummy is not None and whisters == 1:
        return [_problem("W410", "closed")]
    return []


def legal_modes(state: GameState | WorkingGame) -> tuple[WhistMode, ...]:
    """How the whisters may play once the defence is settled: open only for a single whister."""
    d = state.deal
    if d is None or d.contract is None or defence_turn(d) is not None or d.mode is not None or not whisters_of(d):
        return ()
    return tuple(m for m in WhistMode if not mode_problems(d, m))


def defence_recorded(d: DealFacts) -> bool:
    """Both defenders have spoken. What may follow (a returned whist, the sitting-out dealer's word) is
    written only when it is said, so a record that stops here reads as passes (NOTATION.md §3)."""
    return len(d.decisions) >= 2


def counts_as_made(d: DealFacts) -> bool:
    """A game nobody whists is not played and counts as made (Code 3.8.1, 3.8.7): both defenders have
    spoken and no whist stands (they passed, or a half-whist was not returned)."""
    contract = d.game_contract
    if contract is None or all_pass(d) or whisters_of(d) or contract.is_misere or unwhisted(d):
        return False
    return defence_recorded(d)


# ---- the play (Code 3.9, 3.7.6) ------------------------------------------------------------------

def led_suit(d: DealFacts) -> Suit | None:
    """The suit to follow: the talon card's on an all-pass talon trick (3.7.6), else the first card's."""
    if d.on_talon_trick:
        card = d.talon_card
        return None if card is None else card.suit
    return d.trick[0][1].suit if d.trick else None


def play_problems(d: DealFacts) -> list[Problem]:
    """What stops the play from starting: the defence unsettled, or nobody whisting."""
    if d.contract is None or all_pass(d) or unwhisted(d) or not d.decisions:
        return []
    if counts_as_made(d):
        return [_problem("W408", "", how="half" if d.half_whister is not None else "pass", contract=d.contract)]
    defenders = defenders_of(d)
    if not defence_recorded(d) and defenders is not None:
        waiting = d.player(defenders[len(d.decisions)])
        return [_problem("P507", "", waiting=waiting)]
    return []


def card_problems(d: DealFacts, card: Card) -> Sequence[Problem]:
    """What is wrong with ``card`` as the next card of the play."""
    return card_problems_at(d, card, d.to_play)


def card_problems_at(d: DealFacts, card: Card, seat: Seat | None) -> Sequence[Problem]:
    """:func:`card_problems` for the seat to play, ``seat``, already known (the engine's hot path: a
    held card that follows suit costs a few lookups and allocates nothing)."""
    out: list[Problem] | None = None
    if not d.trick and d.completed == 0 and not d.played:
        out = play_problems(d) or None
    if d.completed >= 10:
        return (out or []) + [_problem("P505", "", card=card)]
    if card in d.played:
        return (out or []) + [_problem("P504", "", card=card)]
    if seat is None:  # the trick winners are not known (no contract): nothing more can be checked
        return out or _NONE
    hand = d.hands[seat]
    if hand is not None and card in hand:
        led = led_suit(d)
        if led is None or card.suit == led:
            return out or _NONE
        demand = must_play(hand, led, d.trump_suit)
        if demand is None or card.suit == demand[1]:
            return out or _NONE
        what, suit = demand
        code = "P502" if what is _DUTY_FOLLOW else "P503"
        held = tuple(sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank))
        return (out or []) + [_problem(code, "", player=d.active[seat], suit=led, cards=held, card=card)]
    out = out or []
    player = d.active[seat]
    if hand is not None:
        out.append(_problem("P501", "", player=player, card=card))
        return out
    owner = next((d.active[s] for s, h in enumerate(d.hands) if h is not None and card in h), None)
    if owner is not None:
        out.append(_problem("P501", "owner", card=card, owner=owner, player=player))
    elif d.discard and card in d.discard:
        out.append(_problem("P501", "discarded", card=card))
    elif d.talon and card in d.talon and not (d.talon_taken and seat == d.declarer):
        out.append(_problem("P501", "talon", card=card))
    if card.suit in d.voids[seat]:
        out.append(_problem("P506", "", player=player, suit=card.suit, card=card))
    return out or _NONE


_NONE: Final[tuple[Problem, ...]] = ()


def legal_cards(state: GameState | WorkingGame | DealFacts) -> tuple[Card, ...]:
    """The cards the next player may play, in deck order. A hidden hand may play every card that is
    not ruled out: played, held by a known hand, discarded, in the talon, or of a suit it showed void
    in. Empty outside the play: before the defence is settled, when the game counts as made, after
    the last trick or a claim. Takes the game's state or the deal's."""
    d = state if isinstance(state, DealFacts) else state.deal
    if d is None or not d.bidding_over or d.claimed or d.over or d.completed >= 10 or d.to_play is None:
        return ()
    if not trump_known(d) and not all_pass(d):
        return ()
    if d.declarer is not None and not all_pass(d) and not d.talon_taken and not d.hand_bid:
        return ()
    hand = d.hands[d.to_play]
    if hand is None:
        return tuple(c for c in DECK if not card_problems(d, c))
    # a known hand: what card_problems would find, without wording a problem for every other card
    if not d.trick and d.completed == 0 and not d.played and play_problems(d):
        return ()
    led = led_suit(d)
    demand = None if led is None else must_play(hand, led, d.trump_suit)
    return tuple(c for c in DECK if c in hand and c not in d.played
                 and (demand is None or c.suit == led or c.suit == demand[1]))
