"""Classic's auction as pure functions: dark (blind) calls and hand bids (Code 3.3.19; seed 000 §5 and
§6.4; seed 004, "Auction"), and the bombs a dark all-pass earns (Code 3.3.19 a, 3.7.10; seed 000 §6.4).

Where the Code and the seeds differ, Classic follows the seeds (RULES.md): a seeing bid outbids a dark
one only with more tricks and an equal or higher suit (seed 004; seed 000: "РАЗ В ТЕМНУЮ перебивается
только ДВА В ТЕМНУЮ или СЕМЬ ПЕРВЫХ в светлую").
"""

from __future__ import annotations

from ..model.bids import Bid

#: The levels a hand bid (without the talon) may have: nine and ten, and misère (seed 004; seed 000 §5).
HAND_LEVELS = frozenset({9, 10, 0})


def place(bid: Bid, hand: bool, hand_bids: bool) -> int:
    """A bid's place on the ladder. Without hand bids: Code 2.2.2 (misère between 8NT and 9♠). With
    them, Classic's (seed 004: "Misere is outbid by nine hand … Only ten hand can outbid misere hand";
    seed 000 §5: "Мизер можно перебить девятирной без прикупа, или десятирной … МИЗЕР БЕЗ ПРИКУПА -
    перебивается только десятирной без прикупа"): 6♠ … 9NT, misère, nine hand, ten, misère hand, ten hand."""
    if not hand_bids:
        return bid.ladder_index
    if bid.strain is None:
        return 40 if hand else 20
    if bid.level == 10:
        return 41 + bid.strain if hand else 26 + bid.strain
    return 21 + bid.strain if hand else (bid.level - 6) * 5 + bid.strain  # nine hand; 6♠ … 9NT: 0 … 19


def outbids(bid: Bid, hand: bool, dark: bool, high: Bid, high_hand: bool, high_dark: bool, hand_bids: bool) -> bool:
    """Whether a call outbids the high bid. Over a dark bid a seeing one needs more tricks and an equal
    or higher suit (seed 004; seed 000 §6.4); only a dark ten outbids a dark misère (seed 000 §6.4)."""
    if high_dark and not dark:
        if high.strain is None or bid.strain is None or not (bid.level > high.level and bid.strain >= high.strain):
            return False
    elif high_dark and high.is_misere:
        return bid.level == 10
    return place(bid, hand, hand_bids) > place(high, high_hand, hand_bids)


def lowest_after_dark_pass(dark_all_passes: int, dark: bool) -> int:
    """The lowest level after a dark pass in this auction, by the dark all-passes this dealer has dealt
    just before (seed 004: "blind one or seeing seven in one if there were none, blind seven or seeing
    eight if one, and blind eight or seeing nine if two"; Code 3.3.19 a)."""
    return 6 + dark_all_passes + (0 if dark else 1)


def compulsory_whist(contract: Bid, high: Bid) -> bool:
    """A game won with a dark bid must be whisted by both, closed, up to the same suit one trick higher
    than the bid (seed 004: "games up to and including the same suit and one larger number of tricks
    than bid if a blind bid wins the auction"; seed 000 §6.4: "все шестирики и семь пик (на раз в
    темную) играются только в темную и вистовать обязаны оба партнера")."""
    if contract.is_misere or high.is_misere or contract.level == 10:  # ten and misère are not whisted (seed 004)
        return False
    return contract.ladder_index <= Bid(high.level + 1, high.strain).ladder_index


def bomb_degree(dark_all_passes_before: int, dark: bool, limit: int = 3) -> int:
    """The bomb a player earns on a dark all-pass: simple (1), double (2) or tree (3) on the first,
    second or third dark all-pass in a row of this dealer; one degree less for a player who passed
    seeing (none for a simple bomb) (seed 004; seed 000 §6.4; Code 3.3.19 a)."""
    degree = min(dark_all_passes_before + 1, limit)
    return degree if dark else degree - 1


#: The marks of the bombs on the sheet (seed 000 §7.1: "^ простая бомба, ^^ двойная, ^^^ елка"); their
#: names are the sheet's words (:data:`preflog.scoring.tariff.BOMB_NAMES`).
BOMB_MARKS = {1: "^", 2: "^^", 3: "^^^"}
