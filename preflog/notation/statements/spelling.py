"""The writing's words: how a card, a bid, a hand, a call and a defence word are spelled in the
vocabulary a game is written in, and how the comments written after an element are laid out.

:class:`Spelling` is the notation's (``words="en"``, the canonical form); :class:`RussianSpelling` the
words said at a Russian table (``words="ru"``: ``пас``, ``вист``, ``полвиста``, ``7бк``, ``мизер``,
``Тп``, ``10б``; :mod:`..words`), which read back as the same game. Each statement's ``write`` spells
its values through one of them (and lays out comments and glyphs with :mod:`.layout`). Not compiled
(the Russian spelling is a subclass); the fast path does not import it.
"""

from __future__ import annotations

from ...model.auction import DARK_WORD, HAND_WORD, TOTUS_WORD, Call, CallKind, write_call
from ...model.bids import Bid, write_bid
from ...model.cards import Card, Suit, write_card
from ...model.defence import DecisionKind, WhistMode
from ...model.hand import Hand
from ..words import RU_ALL_PASS, RU_CALLS, RU_DECISIONS, RU_MISERE, RU_MODES, RU_NO_TRUMP, RU_RANKS, RU_SUITS, RU_TOTUS


class Spelling:
    """The notation's words: ASCII cards (or suit symbols with ``unicode``), dotted hands (suit groups
    with ``unicode``)."""

    totus_word = TOTUS_WORD
    whist_keyword = "whist"  #: the keyword of the whist statement
    all_pass_word: str | None = None  #: a word for an auction of three bare passes, if the vocabulary has one

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def card(self, card: Card) -> str:
        return write_card(card, self.unicode)

    def bid(self, bid: Bid) -> str:
        return write_bid(bid, self.unicode)

    def hand(self, hand: Hand) -> str:
        return hand.grouped() if self.unicode else hand.dotted()

    def call_word(self, call: Call) -> str:
        return write_call(call, self.unicode)

    def defence_word(self, kind: DecisionKind | WhistMode) -> str:
        word: str = kind.value
        return word


class RussianSpelling(Spelling):
    """The words said at a Russian table (``words="ru"``): calls, defence words and the totus in
    Russian, ranks ``7 8 9 10 В Д К Т``, suits ``п т б ч`` (or symbols with ``unicode``), no-trump
    ``бк``, misère ``мизер``; ``распасы`` for an auction of three bare passes."""

    totus_word = RU_TOTUS
    whist_keyword = RU_DECISIONS[DecisionKind.WHIST]  # the reader takes «вист» for the statement's keyword too
    all_pass_word = RU_ALL_PASS

    def card(self, card: Card) -> str:
        return RU_RANKS[card.rank] + self.suit(card.suit)

    def suit(self, suit: Suit) -> str:
        return suit.symbol if self.unicode else RU_SUITS[suit]

    def bid(self, bid: Bid) -> str:
        if bid.strain is None:
            return RU_MISERE
        suit = bid.strain.suit
        return f"{bid.level}{RU_NO_TRUMP if suit is None else self.suit(suit)}"

    def hand(self, hand: Hand) -> str:
        ranks = ["".join(RU_RANKS[c.rank] for c in hand.suit(s)) for s in Suit]
        if not self.unicode:
            return ".".join(r or "-" for r in ranks)
        groups = [s.symbol + r for s, r in zip(Suit, ranks) if r]
        return " ".join(groups) if groups else "-.-.-.-"

    def call_word(self, call: Call) -> str:
        word = self.bid(call.bid) if call.kind is CallKind.BID and call.bid is not None else RU_CALLS[call.kind]
        return " ".join([DARK_WORD] * call.dark + [HAND_WORD] * call.hand + [word])

    def defence_word(self, kind: DecisionKind | WhistMode) -> str:
        return RU_DECISIONS[kind] if isinstance(kind, DecisionKind) else RU_MODES[kind]
