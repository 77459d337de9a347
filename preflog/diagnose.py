"""One mistake, one report: when a slip makes the rest of a deal inconsistent, find it and fold what
follows from it.

A wrong dealer's name, hands written in the wrong order, a card misread in a hand or in the play each
turn one slip into many violations ("X does not hold …" for every card after it). ``fold`` replays
the deal under each likely correction; when one makes the violations go away, the violation that
names the slip is reported with a hint (``did you mean `dealer Boris`?``) and the others are kept in
its ``follows``. The replays are those of the engine: nothing here knows a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import permutations, takewhile
from typing import cast

import attrs

from . import words
from .i18n import _
from .game.engine import advance_in_place, expected_dealer, snapshot
from .game.events import DealEnded, Event, events_of
from .game.legal import legal_cards
from .game.state import GameState
from .game.violations import Violation
from .model.cards import DECK
from .model.deal import Deal, HandEntry, Hands
from .model.hand import Hand
from .model.play import Play
from .model.seating import bidding_order

#: A deal with this many violations or more is looked at for a slip that explains them.
CASCADE = 2
#: Violations of who deals: a correction of the dealer is judged without them.
_DEALER_CODES = frozenset({"D102", "D103"})


@attrs.frozen(slots=True)
class _Correction:
    """A likely slip: the deal as it was probably meant, the violation that names the slip, the hint."""

    deal: Deal
    root: Violation
    hint: str
    ignore: frozenset[str] = frozenset()


def fold(deal: Deal, before: GameState, found: Sequence[Violation]) -> list[Violation]:
    """``found``, the violations of one deal replayed from ``before``, with the consequences of a slip
    folded into the violation that names it (``follows``), when a correction explains them."""
    if len(found) < CASCADE:
        return list(found)
    for correction in _corrections(deal, before, found):
        if not _clean(correction.deal, before, correction.ignore):
            continue  # the correction does not explain everything: look further
        follows = tuple(v for v in found if v is not correction.root)
        root = attrs.evolve(correction.root, hint=correction.hint, follows=follows)
        return [root]
    return list(found)


def _clean(deal: Deal, before: GameState, ignore: frozenset[str]) -> bool:
    """Whether the deal's main line, replayed from ``before`` (left unchanged), breaks no rule but
    those in ``ignore``: the replay stops at the first one that counts, so that a wrong correction
    costs a few steps, not a deal."""
    steps = advance_in_place(snapshot(before), cast(Iterator[Event], events_of(deal)))
    return not any(v.code not in ignore for _, _, found in steps for v in found)


def _state_at(deal: Deal, before: GameState) -> GameState | None:
    """The state after the deal's events, before it ends; ``None`` if a rule is broken on the way
    (the cards the rules allow next are then not known)."""
    state = snapshot(before)
    events = takewhile(lambda e: not isinstance(e, DealEnded), cast(Iterator[Event], events_of(deal)))
    for _step, state, found in advance_in_place(state, events):  # noqa: B007, B020 - the last state is the answer
        if found:
            return None
    return state


def _corrections(deal: Deal, before: GameState, found: Sequence[Violation]) -> Iterator[_Correction]:
    """The likely slips, most likely first."""
    first = found[0]
    dealer = next((v for v in found if v.code in _DEALER_CODES), None)
    players = before.players
    expected = expected_dealer(before)
    if dealer is not None and expected is not None:
        for meant in _dealt_by(deal, expected, players):
            yield _Correction(meant, dealer, _("the deal reads as if {expected} dealt: did you mean `dealer "
                                               "{expected}`?").format(expected=expected), _DEALER_CODES)
    if deal.hands is not None:
        entries = deal.hands.entries
        listed = [e.player for e in entries]
        for owners in permutations(listed):
            if list(owners) == listed:
                continue
            owned = [attrs.evolve(e, player=p) for e, p in zip(entries, owners)]
            whose = ", ".join(owners)
            hint = (_("the hands fit the play as {whose}, in the order listed; without prefixes, hands go in bidding "
                      "order from the eldest hand: {listed}").format(whose=whose, listed=', '.join(listed)))
            yield _Correction(_with_hands(deal, owned, players), first, hint)
        yield from _misread_in_hands(deal, found)
    yield from _misread_in_play(deal, before, found)


def _dealt_by(deal: Deal, dealer: str, players: Sequence[str]) -> Iterator[Deal]:
    """The deal dealt by ``dealer``: its hands kept by their owners, or (written without prefixes)
    given out again in the new bidding order."""
    yield attrs.evolve(deal, dealer=dealer)
    if deal.hands is not None:
        order = bidding_order(players, dealer)
        entries = [attrs.evolve(e, player=p) for e, p in zip(deal.hands.entries, order)]
        yield attrs.evolve(deal, dealer=dealer, hands=Hands(tuple(entries), deal.hands.span))


def _with_hands(deal: Deal, entries: list[HandEntry], players: Sequence[str]) -> Deal:
    order = {p: i for i, p in enumerate(bidding_order(players, deal.dealer))}
    entries.sort(key=lambda e: order.get(e.player, len(order)))
    assert deal.hands is not None
    return attrs.evolve(deal, hands=Hands(tuple(entries), deal.hands.span))


def _misread_in_hands(deal: Deal, found: Sequence[Violation]) -> Iterator[_Correction]:
    """A card dealt twice where one card is dealt to nobody: one of its two places holds that card."""
    twice = next((v for v in found if v.code == "D101"), None)
    hands, talon = deal.hands, deal.talon
    if twice is None or hands is None:
        return
    dealt = [c for e in hands.entries if e.hand is not None for c in e.hand]
    dealt += list(talon.cards or ()) if talon is not None else []
    counted = Counter(dealt)
    missing = [c for c in DECK if c not in counted]
    doubled = [c for c, n in counted.items() if n > 1]
    if len(missing) != 1 or len(doubled) != 1 or any(e.hand is None for e in hands.entries):
        return
    (meant,), (card,) = missing, doubled
    for index, entry in enumerate(hands.entries):
        assert entry.hand is not None
        if card in entry.hand:
            cards = tuple(meant if c is card else c for c in entry.hand)
            entries = list(hands.entries)
            entries[index] = attrs.evolve(entry, hand=Hand(cards))
            yield _Correction(attrs.evolve(deal, hands=Hands(tuple(entries), hands.span)), twice,
                              _("{meant} is dealt to nobody: {player}'s {card} is probably {meant}")
                                  .format(meant=words.card(meant), player=entry.player, card=words.card(card)))


def _misread_in_play(deal: Deal, before: GameState, found: Sequence[Violation]) -> Iterator[_Correction]:
    """The first card the player does not hold, misread: in its place, each card the rules allow there."""
    play = deal.play
    wrong = next((v for v in found if v.code in ("P501", "P502", "P503", "P504")), None)
    if play is None or wrong is None or wrong.span is None:
        return
    cards = list(play.cards)
    index = next((i for i, pc in enumerate(cards) if pc.span == wrong.span), None)
    if index is None:
        return
    upto = attrs.evolve(deal, play=Play(cards[:index], play.comments, play.span), claim=None, result=None,
                        penalties=(), checkpoint=None)
    at = _state_at(upto, before)
    for card in legal_cards(at) if at is not None else DECK:
        if card is cards[index].card:
            continue
        changed = cards[:index] + [attrs.evolve(cards[index], card=card)] + cards[index + 1:]
        yield _Correction(attrs.evolve(deal, play=Play(changed, play.comments, play.span)), wrong,
                          _("did you mean {card}?").format(card=words.card(card)))

