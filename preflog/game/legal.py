"""What may be said and played next: the one home of the legality of calls, contracts, whists and cards.

Each ``*_problems`` function tells what is wrong with one move in a state, as ``(code, detail)`` pairs
(the engine turns them into violations with their span); each ``legal_*`` function offers every move
that has none. The engine, the generator and any other player of the game ask the same question.

>>> preflog.legal_cards(state)      # with hidden hands: every card not ruled out
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from .. import words
from ..model.auction import Call
from ..model.bids import LADDER, Bid, Strain
from ..i18n import N_, _
from ..model.cards import DECK, Card, Suit, suit_name_after_no
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import ACTIVE_SEATS, Seat
from .classic import HAND_LEVELS, compulsory_whist, lowest_after_dark_pass, outbids
from .conventions import Rules
from .razboynik import COMPULSORY, game_key, game_name, mandated_defence
from .laws import Duty, must_play
from .state import DealFacts, GameState, WorkingGame
from .members import (
    AUCTION_OPEN, AUCTION_WON, CALL_BID, CALL_HERE, CALL_PASS, MODE_CLOSED, MODE_OPEN, SEAT_FIRST, SEAT_SITTING_OUT,
    STAGE_COMPULSORY, STAGE_HALF_TIME,
)

Problem = tuple[str, str]  # (violation code, detail)
P: Final = DecisionKind.PASS
W: Final = DecisionKind.WHIST
H: Final = DecisionKind.HALF
_DUTY_FOLLOW: Final = Duty.FOLLOW  # a constant, as the members of members.py


# ---- the auction (Code 3.3) ----------------------------------------------------------------------

def next_caller(d: DealFacts) -> Seat:
    """The seat whose call comes next: clockwise from the eldest hand, skipping those who passed."""
    seat = d.calls[-1][0].next if d.calls else SEAT_FIRST
    while seat in d.passed and len(d.passed) < 3:  # the dummy of two players has passed before it starts
        seat = seat.next
    return seat


def call_problems(d: DealFacts, rules: Rules, call: Call) -> Sequence[Problem]:
    """What is wrong with ``call`` as the next call of the auction."""
    if d.stage is STAGE_COMPULSORY:  # reported once, at the first call of the line
        return _NONE if d.calls else [("A213", _("no auction in the razboynik: {player} plays one of the compulsory "
                                                 "games (write: contract {player}: GAME), seed 000 §8")
                                                     .format(player=d.player(d.declarer)))]
    if d.auction is not AUCTION_OPEN:
        return [("A207", _("{word} comes after the auction is over").format(word=words.call(call)))]
    if d.stage is STAGE_HALF_TIME and call.kind is not CALL_PASS:
        return [("A213", _("the razboynik ends with two laps of all-passes: everyone passes, not {word} (seed 000 "
                           "§8, seed 004)").format(word=words.call(call)))]
    if call.kind is CALL_PASS and call.player is None and not call.dark and not call.hand:
        return _NONE  # a plain pass is always open to the player whose turn it is
    out: list[Problem] = []
    seat = next_caller(d)
    player = d.active[seat]
    if call.player is not None and call.player != player:
        if call.player in d.active and ACTIVE_SEATS[d.active.index(call.player)] in d.passed:
            out.append(("A203", _("{player} has passed and is out of the auction; it is {player2}'s turn")
                .format(player=call.player, player2=player)))
        else:
            out.append(("A201", _("it is {player}'s turn to call, not {player2}'s")
                .format(player=player, player2=call.player)))
    if (call.dark and not rules.dark_bids) or (call.hand and not rules.hand_bids):
        dark = call.dark and not rules.dark_bids
        said = (_('dark calls are not part of {name} (set [Rule.DarkBids "yes"])') if dark else
                _('calls without the talon are not part of {name} (set [Rule.HandBids "yes"])'))
        out.append(("A210", said.format(name=words.rules(rules.name))))
    elif call.dark and call.kind is CALL_PASS and (d.high is not None or d.spoke):
        out.append(("A211", _("a dark pass only before anyone has bid (seed 000 §6.4: \"Объявлять ПАС в Темную, "
                            "если до этого был РАЗ - нельзя\")")))
    elif call.dark and call.kind is CALL_HERE:
        out.append(("A211", _("here matches a bid as it was made; it is not said dark")))
    elif call.dark and call.kind is not CALL_PASS and d.seeing_bid:
        out.append(("A211", _("no dark bid after a seeing one (seed 004)")))
    if call.hand and rules.hand_bids and (call.bid is None or call.bid.level not in HAND_LEVELS):
        out.append(("A212", _("a hand bid is a nine, a ten or misère, not {word} (seed 004)").format(word=words.call(call))))
    high = d.high
    if call.kind is CALL_HERE:
        if seat is not SEAT_FIRST:
            out.append(("A206", _("{player} is not the eldest hand and cannot say here").format(player=player)))
        elif high is None or d.high_seat is SEAT_FIRST:
            out.append(("A206", _("here matches another player's bid, and there is none to match")))
        elif high.is_misere:
            out.append(("A206", _("here cannot match a misère")))
    elif call.kind is CALL_BID:
        bid = call.bid
        assert bid is not None
        misere_bidder = (high is not None and high.is_misere and d.high_seat == seat) or any(
            s == seat and c.bid is not None and c.bid.is_misere for s, c in d.calls)
        # seed 004: "An outbid caller of misere can respond by calling misere hand"
        misere_hand = bid.is_misere and call.hand and rules.hand_bids and misere_bidder and d.high_seat != seat
        if bid.is_misere and seat in d.spoke and not misere_hand:
            out.append(("A204", _("{player} has already called and cannot bid misère now").format(player=player)))
        elif misere_bidder and not misere_hand:
            out.append(("A205", _("{player} bid misère and may only pass, not bid {bid}")
                .format(player=player, bid=words.bid(bid))))
        lowest = lowest_after_dark_pass(d.dark_before, dark=True) if call.dark and d.dark_passes else d.min_level
        if high is not None and not outbids(bid, call.hand, call.dark, high, d.hand_bid, d.high_dark,
                                            rules.hand_bids):
            out.append(("A202", _("{call} is not higher than {high_call}")
                .format(call=words.call(call), high_call=_high_call(d))
                                + (_(" (over a dark bid a seeing one needs more tricks and an equal or higher suit, "
                                   "seed 004)") if d.high_dark and not call.dark else "")))
        elif not bid.is_misere and bid.level < lowest:
            why = _("a dark pass") if d.dark_passes else _("an all-pass")
            out.append(("A209", _("after {why} the lowest bid is {lowest}, not {bid}")
                .format(why=why, lowest=lowest, bid=words.bid(bid))))
        elif bid.is_misere and d.dark_passes and lowest > 8:
            out.append(("A209", _("after a dark pass the lowest bid is {lowest}, not misère").format(lowest=lowest)))
    return out


def _high_call(d: DealFacts) -> str:
    """The high bid as it was called: ``dark 6s``, ``hand mis``, ``7h``."""
    return words.call(Call(CALL_BID, d.high, dark=d.high_dark, hand=d.hand_bid))


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
        return [("T309", _('a totus is not part of {name} (set [Rule.Totus "yes"])').format(name=words.rules(rules.name)))]
    if bid.level != 10:
        return [("T309", _("a totus is a ten played on the cards left after the partners' discard (seed 000 §6.3): "
                           "totus 10{value}, not totus {bid}")
                               .format(value=bid.strain.letter if bid.strain is not None else 'nt', bid=bid))]
    if d.stage is STAGE_COMPULSORY:
        return [("T309", _("the razboynik's compulsory ten is not a totus: the soloist plays the game it "
                         "deals him (seed 000 §8)"))]
    if d.hand_bid:
        return [("T309", _('a totus is played with the talon, and {player} bid without it (seed 000 §6.3: "на своих '
                           'картах с прикупом")').format(player=d.player(d.high_seat)))]
    return []


def contract_problems(d: DealFacts, bid: Bid, declarer: str | None = None) -> list[Problem]:
    """What is wrong with declaring ``bid`` (by ``declarer``, if the statement names one)."""
    if d.is_all_pass:
        return [("T307", _("a contract ({bid}) on an all-pass").format(bid=words.bid(bid)))]
    if d.stage is STAGE_HALF_TIME:
        return [("A213", _("a contract ({bid}) in the razboynik's half-time, where everyone passes (seed 000 §8)")
            .format(bid=words.bid(bid)))]
    out: list[Problem] = []
    seat = d.declarer
    if d.stage is STAGE_COMPULSORY:
        assert seat is not None  # the soloist, from the deal's start
        name = d.player(seat)
        if declarer is not None and declarer != name:
            out.append(("T306", _("{name} plays this compulsory game ({soloist}, seed 004), not {declarer}")
                                      .format(name=name, soloist=_(_SOLOIST[seat]), declarer=declarer)))
        elif game_key(bid) not in d.compulsory_left:
            left = ", ".join(game_name(k) for k in COMPULSORY if k in d.compulsory_left) or _("none")
            out.append(("T308", _("{name} has played the {game_name} in the razboynik already; left to play: {left} "
                                  "(seed 000 §8: each game once)")
                                      .format(name=name, game_name=game_name(game_key(bid)), left=left)))
        return out
    if seat is not None and declarer is not None and declarer != d.player(seat):
        out.append(("T306", _("{player} won the auction, not {declarer}")
            .format(player=d.player(seat), declarer=declarer)))
    elif seat is None and declarer is not None and d.seat(declarer) is SEAT_SITTING_OUT:
        out.append(("T306", _("{declarer} deals and sits out").format(declarer=declarer)))
    high = d.high if d.auction is AUCTION_WON else None
    if high is not None and high.is_misere and not bid.is_misere:
        out.append(("T305", _("{player} bid misère, so plays misère, not {bid}")
            .format(player=d.player(seat), bid=words.bid(bid))))
    elif bid.is_misere and d.auction is AUCTION_WON and (high is None or not high.is_misere) and not (
            d.high_dark and not d.hand_bid):  # Code 3.3.19 b, seed 004: misère may be named after a dark win
        out.append(("T304", _("misère is declared without a misère bid (the bid was {value})")
            .format(value=words.bid(high) if high else _("none"))))
    elif high is not None and not bid.is_misere and bid < high:
        out.append(("T303", _("{bid} is lower than the bid of {high}").format(bid=words.bid(bid), high=words.bid(high))))
    elif high is None and not bid.is_misere and bid.level < d.min_level:
        out.append(("A209", _("after an all-pass the lowest game is {min_level}, not {bid}")
            .format(min_level=d.min_level, bid=words.bid(bid))))
    return out


def legal_contracts(state: GameState | WorkingGame) -> tuple[Bid, ...]:
    """The contracts the winner of the auction may declare, once the talon is taken (Code 3.4.3)."""
    d = state.deal
    if d is None or d.declarer is None or d.contract is not None or not d.bidding_over or d.is_all_pass:
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
    defenders = d.defenders
    if defenders is None or d.is_all_pass or d.unwhisted:
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
    if d.is_all_pass:
        return [] if d.decisions else [("T307", _("whist decisions on an all-pass"))]
    contract = d.contract
    if contract is not None and contract.is_misere:
        return [] if d.decisions else [("W406", _("misère is not whisted: the defenders play it open"))]
    if d.totus:
        return [] if d.decisions else [("W412", _("a totus is not whisted: the partners play it against the "
                                                "cards it shows (seed 000 §6.3)"))]
    if d.declarer is None:
        return []  # who speaks is not known; the words are kept as written
    turn = defence_turn(d)
    out: list[Problem] = []
    said = [k for _seat, k in d.decisions]
    name = "" if turn is None else d.player(turn[0])
    if kind is H and d.dummy is not None and turn is not None:
        out.append(("W410", _("no half-whist with two players: the dummy is no defender to play the game "
                            "(preflog's reading; the sources are silent)")))
    elif turn is None:
        out.append(("W401", _("{value!r} after the defence is settled").format(value=words.decision(kind))))
    elif kind not in turn[1]:
        if kind is H and not rules.half_whist:
            out.append(("W402", _("{name} has no half-whist (two passes stand for pass, half-whist, pass)")
                .format(name=words.rules(rules.name))))
        elif kind is H:
            out.append(("W403", _("{name} cannot go half here: half-whist is the second defender's, after the first "
                                  "passed").format(name=name)))
        elif said[:2] == [P, H]:
            out.append(("W404", _("after the whist is returned, {name} can only pass").format(name=name)))
        else:
            out.append(("W401", _("{value!r} is not {name}'s to say here").format(value=words.decision(kind), name=name)))
    elif kind is H:
        if not rules.half_whist:
            out.append(("W402", _("{name} has no half-whist (two passes stand for pass, half-whist, pass)")
                .format(name=words.rules(rules.name))))
        elif contract is not None and contract.level > 7:
            out.append(("W403", _("half-whist only on a six or a seven, not on {contract}").format(contract=words.bid(contract))))
    elif said == [P, H] and kind is W and contract is not None and contract.level > 7:
        out.append(("W404", _("the whist can be returned only on a six or a seven")))
    mandated = mandated_defence(rules, contract) if d.stage is STAGE_COMPULSORY and contract is not None else None
    spoken = sum(s != d.dummy for s, _kind in d.decisions)  # the dummy's pass is no defender's word
    if mandated is not None and spoken < 2 and kind is not mandated[spoken]:
        said_ = (_("in the razboynik the first defender says {value} on {contract}, not {value2} (seed 004; "
                   "[Rule.RazboynikWhist] sets the agreement)") if not spoken else
                 _("in the razboynik the second defender says {value} on {contract}, not {value2} (seed 004; "
                   "[Rule.RazboynikWhist] sets the agreement)"))
        out.append(("W411", said_.format(value=words.decision(mandated[spoken]), contract=words.bid(contract), value2=words.decision(kind))))
    elif rules.stalingrad and contract == STALINGRAD and kind is not W and d.stage is not STAGE_COMPULSORY:
        out.append(("W407", _("{value} must whist six spades under Stalingrad").format(value=name or _("a defender"))))
    elif kind is not W and contract is not None and d.high is not None and d.high_dark \
            and d.high_seat == d.declarer and compulsory_whist(contract, d.high):
        out.append(("W409", _("{value} must whist {contract}: a game won with dark {high} is whisted by both up to "
                              "the same suit one trick higher (seed 004, seed 000 §6.4)")
                                  .format(value=name or _("a defender"), contract=words.bid(contract), high=words.bid(d.high))))
    return out


STALINGRAD: Final = Bid(6, Strain.SPADES)  # seed 000 §6.2: whisted by both, closed
_SOLOIST: Final = {Seat.FIRST: N_("the eldest hand"), Seat.SECOND: N_("the second hand"), Seat.THIRD: N_("the third hand")}


def legal_decisions(state: GameState | WorkingGame) -> tuple[DecisionKind, ...]:
    """The words the next defender may say; empty when the defence is settled or there is none."""
    d = state.deal
    if d is None or d.contract is None or d.over or d.completed or d.trick or defence_turn(d) is None:
        return ()
    return tuple(k for k in DecisionKind if not decision_problems(d, state.rules, k))


def mode_problems(d: DealFacts, mode: WhistMode) -> list[Problem]:
    """Open play is a single whister's choice (Code 3.8.4, 3.8.5)."""
    whisters = len(d.whisters)
    if mode is MODE_OPEN and whisters != 1 and not d.is_all_pass:
        return [("W405", _("'open' is a single whister's choice, and {whisters} whist").format(whisters=whisters))]
    if mode is MODE_CLOSED and d.dummy is not None and whisters == 1:
        return [("W410", _("with two players the whister plays open, his hand and the dummy's (seed 001)"))]
    return []


def legal_modes(state: GameState | WorkingGame) -> tuple[WhistMode, ...]:
    """How the whisters may play once the defence is settled: open only for a single whister."""
    d = state.deal
    if d is None or d.contract is None or defence_turn(d) is not None or d.mode is not None or not d.whisters:
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
    if contract is None or d.is_all_pass or d.whisters or contract.is_misere or d.unwhisted:
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
    if d.contract is None or d.is_all_pass or d.unwhisted or not d.decisions:
        return []
    if counts_as_made(d):
        how = _("went half") if d.half_whister is not None else _("passed")
        return [("W408", _("both defenders {how}: {contract} counts as made without play")
            .format(how=how, contract=words.bid(d.contract)))]
    if not defence_recorded(d) and d.defenders is not None:
        waiting = d.player(d.defenders[len(d.decisions)])
        return [("P507", _("the defence is not settled: {waiting} has still to say whist or pass")
            .format(waiting=waiting))]
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
        return (out or []) + [("P505", _("{card} is played after all ten tricks").format(card=words.card(card)))]
    if card in d.played:
        return (out or []) + [("P504", _("{card} has already been played").format(card=words.card(card)))]
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
        held = words.cards(sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank))
        said = (_("{player} must follow with {cards}, not {card}") if what is _DUTY_FOLLOW else
                _("{player} is void in {suit} and must trump with {cards}, not {card}"))
        return (out or []) + [(code, said.format(player=d.active[seat], suit=suit_name_after_no(led), cards=held,
                                                 card=words.card(card)))]
    out = out or []
    player = d.active[seat]
    if hand is not None:
        out.append(("P501", _("{player} does not hold {card}").format(player=player, card=words.card(card))))
        return out
    owner = next((d.active[s] for s, h in enumerate(d.hands) if h is not None and card in h), None)
    if owner is not None:
        out.append(("P501", _("{card} is in {owner}'s hand, not {player}'s")
            .format(card=words.card(card), owner=owner, player=player)))
    elif d.discard and card in d.discard:
        out.append(("P501", _("{card} was discarded").format(card=words.card(card))))
    elif d.talon and card in d.talon and not (d.talon_taken and seat == d.declarer):
        out.append(("P501", _("{card} is in the talon").format(card=words.card(card))))
    if card.suit in d.voids[seat]:
        out.append(("P506", _("{player} showed no {suit} earlier and now plays {card}").format(
            player=player, suit=suit_name_after_no(card.suit), card=words.card(card))))
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
    if not d.trump_known and not d.is_all_pass:
        return ()
    if d.declarer is not None and not d.is_all_pass and not d.talon_taken and not d.hand_bid:
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
