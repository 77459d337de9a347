"""What may be said and played next: the one home of the legality of calls, contracts, whists and cards.

Each ``*_problems`` function tells what is wrong with one move in a state, as ``(code, detail)`` pairs
(the engine turns them into violations with their span); each ``legal_*`` function offers every move
that has none. The engine, the generator and any other player of the game ask the same question.

>>> preflog.legal_cards(state)      # with hidden hands: every card not ruled out
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.auction import Call, CallKind, write_call
from ..model.bids import LADDER, Bid, Strain
from ..model.cards import DECK, Card, Suit
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import ACTIVE_SEATS, Seat
from .classic import HAND_LEVELS, compulsory_whist, lowest_after_dark_pass, outbids
from .conventions import Rules
from .razboynik import COMPULSORY, Stage, game_key, game_name, mandated_defence
from .laws import Duty, must_play
from .state import AuctionState, DealState, GameState

Problem = tuple[str, str]  # (violation code, detail)
P, W, H = DecisionKind.PASS, DecisionKind.WHIST, DecisionKind.HALF


# ---- the auction (Code 3.3) ----------------------------------------------------------------------

def next_caller(d: DealState) -> Seat:
    """The seat whose call comes next: clockwise from the eldest hand, skipping those who passed."""
    seat = d.calls[-1][0].next if d.calls else Seat.FIRST
    while seat in d.passed and len(d.passed) < 3:  # the dummy of two players has passed before it starts
        seat = seat.next
    return seat


def call_problems(d: DealState, rules: Rules, call: Call) -> Sequence[Problem]:
    """What is wrong with ``call`` as the next call of the auction."""
    if d.stage is Stage.COMPULSORY:  # reported once, at the first call of the line
        return _NONE if d.calls else [("A213", f"no auction in the razboynik: {d.player(d.declarer)} plays one of "
                                               f"the compulsory games (write: contract {d.player(d.declarer)}: "
                                               "GAME), seed 000 §8")]
    if d.auction is not AuctionState.OPEN:
        return [("A207", f"{call.word} comes after the auction is over")]
    if d.stage is Stage.HALF_TIME and call.kind is not CallKind.PASS:
        return [("A213", f"the razboynik ends with two laps of all-passes: everyone passes, not {call.word} "
                         "(seed 000 §8, seed 004)")]
    if call.kind is CallKind.PASS and call.player is None and not call.dark and not call.hand:
        return _NONE  # a plain pass is always open to the player whose turn it is
    out: list[Problem] = []
    seat = next_caller(d)
    player = d.active[seat]
    if call.player is not None and call.player != player:
        if call.player in d.active and ACTIVE_SEATS[d.active.index(call.player)] in d.passed:
            out.append(("A203", f"{call.player} has passed and is out of the auction; it is {player}'s turn"))
        else:
            out.append(("A201", f"it is {player}'s turn to call, not {call.player}'s"))
    if (call.dark and not rules.dark_bids) or (call.hand and not rules.hand_bids):
        word = "dark" if call.dark and not rules.dark_bids else "hand"
        option = "DarkBids" if word == "dark" else "HandBids"
        out.append(("A210", f"{word!r} calls are not part of {rules.name} (set [Rule.{option} \"yes\"])"))
    elif call.dark and call.kind is CallKind.PASS and (d.high is not None or d.spoke):
        out.append(("A211", "a dark pass only before anyone has bid (seed 000 §6.4: \"Объявлять ПАС в Темную, "
                            "если до этого был РАЗ - нельзя\")"))
    elif call.dark and call.kind is CallKind.HERE:
        out.append(("A211", "here matches a bid as it was made; it is not said dark"))
    elif call.dark and call.kind is not CallKind.PASS and d.seeing_bid:
        out.append(("A211", "no dark bid after a seeing one (seed 004)"))
    if call.hand and rules.hand_bids and (call.bid is None or call.bid.level not in HAND_LEVELS):
        out.append(("A212", f"a hand bid is a nine, a ten or misère, not {call.word} (seed 004)"))
    high = d.high
    if call.kind is CallKind.HERE:
        if seat is not Seat.FIRST:
            out.append(("A206", f"{player} is not the eldest hand and cannot say here"))
        elif high is None or d.high_seat is Seat.FIRST:
            out.append(("A206", "here matches another player's bid, and there is none to match"))
        elif high.is_misere:
            out.append(("A206", "here cannot match a misère"))
    elif call.kind is CallKind.BID:
        bid = call.bid
        assert bid is not None
        misere_bidder = (high is not None and high.is_misere and d.high_seat == seat) or any(
            s == seat and c.bid is not None and c.bid.is_misere for s, c in d.calls)
        # seed 004: "An outbid caller of misere can respond by calling misere hand"
        misere_hand = bid.is_misere and call.hand and rules.hand_bids and misere_bidder and d.high_seat != seat
        if bid.is_misere and seat in d.spoke and not misere_hand:
            out.append(("A204", f"{player} has already called and cannot bid misère now"))
        elif misere_bidder and not misere_hand:
            out.append(("A205", f"{player} bid misère and may only pass, not bid {bid}"))
        lowest = lowest_after_dark_pass(d.dark_before, dark=True) if call.dark and d.dark_passes else d.min_level
        if high is not None and not outbids(bid, call.hand, call.dark, high, d.hand_bid, d.high_dark,
                                            rules.hand_bids):
            out.append(("A202", f"{write_call(call)} is not higher than {_high_call(d)}"
                                + (" (over a dark bid a seeing one needs more tricks and an equal or higher suit, "
                                   "seed 004)" if d.high_dark and not call.dark else "")))
        elif not bid.is_misere and bid.level < lowest:
            why = "a dark pass" if d.dark_passes else "an all-pass"
            out.append(("A209", f"after {why} the lowest bid is {lowest}, not {bid}"))
        elif bid.is_misere and d.dark_passes and lowest > 8:
            out.append(("A209", f"after a dark pass the lowest bid is {lowest}, not misère"))
    return out


def _high_call(d: DealState) -> str:
    """The high bid as it was called: ``dark 6s``, ``hand mis``, ``7h``."""
    return write_call(Call(CallKind.BID, d.high, dark=d.high_dark, hand=d.hand_bid))


def legal_calls(state: GameState) -> tuple[Call, ...]:
    """Every call the next player may make: pass, here, the bids of the ladder, each with the ``dark``
    and ``hand`` modifiers where the convention has them. Empty when the auction is over."""
    d = state.deal
    if d is None or d.auction is not AuctionState.OPEN or d.bidding_over:
        return ()
    words = [(CallKind.PASS, None), (CallKind.HERE, None)] + [(CallKind.BID, b) for b in LADDER]
    modifiers = [(False, False)] + [(True, False)] * state.rules.dark_bids + [(False, True)] * state.rules.hand_bids
    candidates = (Call(kind, bid, dark=dark, hand=hand) for dark, hand in modifiers for kind, bid in words)
    return tuple(c for c in candidates if not call_problems(d, state.rules, c))


# ---- the contract (Code 3.4) ---------------------------------------------------------------------

def totus_problems(d: DealState, rules: Rules, bid: Bid) -> list[Problem]:
    """What is wrong with declaring ``bid`` a totus: twelve tricks that cannot be beaten on the own ten
    cards and the talon, the partners making the discard, then a ten played (seed 000 §6.3)."""
    if not rules.totus:
        return [("T309", f"a totus is not part of {rules.name} (set [Rule.Totus \"yes\"])")]
    if bid.level != 10:
        return [("T309", f"a totus is a ten played on the cards left after the partners' discard (seed 000 "
                         f"§6.3): totus 10{bid.strain.letter if bid.strain is not None else 'nt'}, not totus {bid}")]
    if d.stage is Stage.COMPULSORY:
        return [("T309", "the razboynik's compulsory ten is not a totus: the soloist plays the game it "
                         "deals him (seed 000 §8)")]
    if d.hand_bid:
        return [("T309", f"a totus is played with the talon, and {d.player(d.high_seat)} bid without it "
                         "(seed 000 §6.3: \"на своих картах с прикупом\")")]
    return []


def contract_problems(d: DealState, bid: Bid, declarer: str | None = None) -> list[Problem]:
    """What is wrong with declaring ``bid`` (by ``declarer``, if the statement names one)."""
    if d.is_all_pass:
        return [("T307", f"a contract ({bid}) on an all-pass")]
    if d.stage is Stage.HALF_TIME:
        return [("A213", f"a contract ({bid}) in the razboynik's half-time, where everyone passes (seed 000 §8)")]
    out: list[Problem] = []
    seat = d.declarer
    if d.stage is Stage.COMPULSORY:
        assert seat is not None  # the soloist, from the deal's start
        name = d.player(seat)
        if declarer is not None and declarer != name:
            out.append(("T306", f"{name} plays this compulsory game (the {_SOLOIST_WORD[seat]} hand, seed 004), "
                                f"not {declarer}"))
        elif game_key(bid) not in d.compulsory_left:
            left = ", ".join(game_name(k) for k in COMPULSORY if k in d.compulsory_left) or "none"
            out.append(("T308", f"{name} has played the {game_name(game_key(bid))} in the razboynik already; "
                                f"left to play: {left} (seed 000 §8: each game once)"))
        return out
    if seat is not None and declarer is not None and declarer != d.player(seat):
        out.append(("T306", f"{d.player(seat)} won the auction, not {declarer}"))
    elif seat is None and declarer is not None and d.seat(declarer) is Seat.SITTING_OUT:
        out.append(("T306", f"{declarer} deals and sits out"))
    high = d.high if d.auction is AuctionState.WON else None
    if high is not None and high.is_misere and not bid.is_misere:
        out.append(("T305", f"{d.player(seat)} bid misère, so plays misère, not {bid}"))
    elif bid.is_misere and d.auction is AuctionState.WON and (high is None or not high.is_misere) and not (
            d.high_dark and not d.hand_bid):  # Code 3.3.19 b, seed 004: misère may be named after a dark win
        out.append(("T304", f"misère is declared without a misère bid (the bid was {high or 'none'})"))
    elif high is not None and not bid.is_misere and bid < high:
        out.append(("T303", f"{bid} is lower than the bid of {high}"))
    elif high is None and not bid.is_misere and bid.level < d.min_level:
        out.append(("A209", f"after an all-pass the lowest game is {d.min_level}, not {bid}"))
    return out


def legal_contracts(state: GameState) -> tuple[Bid, ...]:
    """The contracts the winner of the auction may declare, once the talon is taken (Code 3.4.3)."""
    d = state.deal
    if d is None or d.declarer is None or d.contract is not None or not d.bidding_over or d.is_all_pass:
        return ()
    return tuple(b for b in LADDER if not contract_problems(d, b))


# ---- the defence (Code 3.8) ----------------------------------------------------------------------

#: The longest defence: pass, half, pass, the dealer of four returning the whist, pass (Code 3.8.7–3.8.8.2).
MOST_DECISIONS = 5


def defence_turn(d: DealState) -> tuple[Seat, tuple[DecisionKind, ...]] | None:
    """Who speaks next in the defence and the words the order of speaking leaves them, or ``None``
    when the defence is settled (Code 3.8.1, 3.8.3, 3.8.7–3.8.8.2): from the declarer's left; the
    second may go half after a pass; the first may then return the whist; with four players the
    dealer speaks last, after two passes or after pass–half–pass."""
    defenders = d.defenders
    if defenders is None or d.is_all_pass or d.unwhisted:
        return None
    first, second = defenders
    if len(d.decisions) >= MOST_DECISIONS:
        return None
    said = [k for _, k in d.decisions]
    if not said:
        return first, (W, P)
    if len(said) == 1:
        return second, (W, P, H) if said[0] is P else (W, P)  # half only after a pass (3.8.7)
    if said == [P, H]:
        return first, (W, P)
    if said == [P, P] and d.four:
        return Seat.SITTING_OUT, (W, P)
    if said == [P, H, W]:
        return second, (P,)
    if said == [P, H, P] and d.four:
        return Seat.SITTING_OUT, (W, P)
    if said == [P, H, P, W] and d.four:
        return second, (P,)
    return None


def decision_problems(d: DealState, rules: Rules, kind: DecisionKind) -> list[Problem]:
    """What is wrong with ``kind`` as the next word of the defence."""
    if d.is_all_pass:
        return [] if d.decisions else [("T307", "whist decisions on an all-pass")]
    contract = d.contract
    if contract is not None and contract.is_misere:
        return [] if d.decisions else [("W406", "misère is not whisted: the defenders play it open")]
    if d.totus:
        return [] if d.decisions else [("W412", "a totus is not whisted: the partners play it against the "
                                                "cards it shows (seed 000 §6.3)")]
    if d.declarer is None:
        return []  # who speaks is not known; the words are kept as written
    turn = defence_turn(d)
    out: list[Problem] = []
    said = [k for _, k in d.decisions]
    name = "" if turn is None else d.player(turn[0])
    if kind is H and d.dummy is not None and turn is not None:
        out.append(("W410", "no half-whist with two players: the dummy is no defender to play the game "
                            "(preflog's reading; the sources are silent)"))
    elif turn is None:
        out.append(("W401", f"{kind.value!r} after the defence is settled"))
    elif kind not in turn[1]:
        if kind is H and not rules.half_whist:
            out.append(("W402", f"{rules.name} has no half-whist (two passes stand for pass, half-whist, pass)"))
        elif kind is H:
            out.append(("W403", f"{name} cannot go half here: half-whist is the second defender's, "
                                "after the first passed"))
        elif said[:2] == [P, H]:
            out.append(("W404", f"after the whist is returned, {name} can only pass"))
        else:
            out.append(("W401", f"{kind.value!r} is not {name}'s to say here"))
    elif kind is H:
        if not rules.half_whist:
            out.append(("W402", f"{rules.name} has no half-whist (two passes stand for pass, half-whist, pass)"))
        elif contract is not None and contract.level > 7:
            out.append(("W403", f"half-whist only on a six or a seven, not on {contract}"))
    elif said == [P, H] and kind is W and contract is not None and contract.level > 7:
        out.append(("W404", "the whist can be returned only on a six or a seven"))
    mandated = mandated_defence(rules, contract) if d.stage is Stage.COMPULSORY and contract is not None else None
    spoken = sum(s != d.dummy for s, _ in d.decisions)  # the dummy's pass is no defender's word
    if mandated is not None and spoken < 2 and kind is not mandated[spoken]:
        who = "first" if not spoken else "second"
        out.append(("W411", f"in the razboynik the {who} defender says {mandated[spoken].value} on "
                            f"{contract}, not {kind.value} (seed 004; [Rule.RazboynikWhist] sets the agreement)"))
    elif rules.stalingrad and contract == STALINGRAD and kind is not W and d.stage is not Stage.COMPULSORY:
        out.append(("W407", f"{name or 'a defender'} must whist six spades under Stalingrad"))
    elif kind is not W and contract is not None and d.high is not None and d.high_dark \
            and d.high_seat == d.declarer and compulsory_whist(contract, d.high):
        out.append(("W409", f"{name or 'a defender'} must whist {contract}: a game won with dark {d.high} is "
                            "whisted by both up to the same suit one trick higher (seed 004, seed 000 §6.4)"))
    return out


STALINGRAD = Bid(6, Strain.SPADES)  # seed 000 §6.2: whisted by both, closed
_SOLOIST_WORD = {Seat.FIRST: "eldest", Seat.SECOND: "second", Seat.THIRD: "third"}  # the razboynik's soloist


def legal_decisions(state: GameState) -> tuple[DecisionKind, ...]:
    """The words the next defender may say; empty when the defence is settled or there is none."""
    d = state.deal
    if d is None or d.contract is None or d.over or d.completed or d.trick or defence_turn(d) is None:
        return ()
    return tuple(k for k in DecisionKind if not decision_problems(d, state.rules, k))


def mode_problems(d: DealState, mode: WhistMode) -> list[Problem]:
    """Open play is a single whister's choice (Code 3.8.4, 3.8.5)."""
    whisters = len(d.whisters)
    if mode is WhistMode.OPEN and whisters != 1 and not d.is_all_pass:
        return [("W405", f"'open' is a single whister's choice, and {whisters} whist")]
    if mode is WhistMode.CLOSED and d.dummy is not None and whisters == 1:
        return [("W410", "with two players the whister plays open, his hand and the dummy's (seed 001)")]
    return []


def legal_modes(state: GameState) -> tuple[WhistMode, ...]:
    """How the whisters may play once the defence is settled: open only for a single whister."""
    d = state.deal
    if d is None or d.contract is None or defence_turn(d) is not None or d.mode is not None or not d.whisters:
        return ()
    return tuple(m for m in WhistMode if not mode_problems(d, m))


def defence_recorded(d: DealState) -> bool:
    """Both defenders have spoken. What may follow (a returned whist, the sitting-out dealer's word) is
    written only when it is said, so a record that stops here reads as passes (NOTATION.md §3)."""
    return len(d.decisions) >= 2


def counts_as_made(d: DealState) -> bool:
    """A game nobody whists is not played and counts as made (Code 3.8.1, 3.8.7): both defenders have
    spoken and no whist stands (they passed, or a half-whist was not returned)."""
    contract = d.game_contract
    if contract is None or d.is_all_pass or d.whisters or contract.is_misere or d.unwhisted:
        return False
    return defence_recorded(d)


# ---- the play (Code 3.9, 3.7.6) ------------------------------------------------------------------

def led_suit(d: DealState) -> Suit | None:
    """The suit to follow: the talon card's on an all-pass talon trick (3.7.6), else the first card's."""
    if d.on_talon_trick:
        card = d.talon_card
        return None if card is None else card.suit
    return d.trick[0][1].suit if d.trick else None


def play_problems(d: DealState) -> list[Problem]:
    """What stops the play from starting: the defence unsettled, or nobody whisting."""
    if d.contract is None or d.is_all_pass or d.unwhisted or not d.decisions:
        return []
    if counts_as_made(d):
        how = "went half" if d.half_whister is not None else "passed"
        return [("W408", f"both defenders {how}: {d.contract} counts as made without play")]
    if not defence_recorded(d) and d.defenders is not None:
        waiting = d.player(d.defenders[len(d.decisions)])
        return [("P507", f"the defence is not settled: {waiting} has still to say whist or pass")]
    return []


def card_problems(d: DealState, card: Card) -> Sequence[Problem]:
    """What is wrong with ``card`` as the next card of the play."""
    return card_problems_at(d, card, d.to_play)


def card_problems_at(d: DealState, card: Card, seat: Seat | None) -> Sequence[Problem]:
    """:func:`card_problems` for the seat to play, ``seat``, already known (the engine's hot path: a
    held card that follows suit costs a few lookups and allocates nothing)."""
    out: list[Problem] | None = None
    if not d.trick and d.completed == 0 and not d.played:
        out = play_problems(d) or None
    if d.completed >= 10:
        return (out or []) + [("P505", f"{card} is played after all ten tricks")]
    if card in d.played:
        return (out or []) + [("P504", f"{card} has already been played")]
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
        code = "P502" if what is Duty.FOLLOW else "P503"
        verb = "must follow" if what is Duty.FOLLOW else "is void in " + led.name.lower() + " and must trump"
        held = sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)
        return (out or []) + [(code, f"{d.active[seat]} {verb} with {' '.join(map(str, held))}, not {card}")]
    out = out or []
    player = d.active[seat]
    if hand is not None:
        out.append(("P501", f"{player} does not hold {card}"))
        return out
    owner = next((d.active[s] for s, h in enumerate(d.hands) if h is not None and card in h), None)
    if owner is not None:
        out.append(("P501", f"{card} is in {owner}'s hand, not {player}'s"))
    elif d.discard and card in d.discard:
        out.append(("P501", f"{card} was discarded"))
    elif d.talon and card in d.talon and not (d.talon_taken and seat == d.declarer):
        out.append(("P501", f"{card} is in the talon"))
    if card.suit in d.voids[seat]:
        out.append(("P506", f"{player} showed no {card.suit.name.lower()} earlier and now plays {card}"))
    return out or _NONE


_NONE: tuple[Problem, ...] = ()


def legal_cards(state: GameState | DealState) -> tuple[Card, ...]:
    """The cards the next player may play, in deck order. A hidden hand may play every card that is
    not ruled out: played, held by a known hand, discarded, in the talon, or of a suit it showed void
    in. Empty outside the play: before the defence is settled, when the game counts as made, after
    the last trick or a claim. Takes the game's state or the deal's."""
    d = state if isinstance(state, DealState) else state.deal
    if d is None or not d.bidding_over or d.claimed or d.over or d.completed >= 10 or d.to_play is None:
        return ()
    if not d.trump_known and not d.is_all_pass:
        return ()
    if d.declarer is not None and not d.is_all_pass and not d.talon_taken and not d.hand_bid:
        return ()
    return tuple(c for c in DECK if not card_problems(d, c))
