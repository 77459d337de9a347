"""One mistake, one report: when a slip makes the rest of a deal inconsistent, find it and fold what
follows from it.

A wrong dealer's name, hands written in the wrong order, a card misread in a hand or in the play each
turn one slip into many violations ("X does not hold …" for every card after it). ``folded`` replays
the deal under each likely correction; when one makes the violations go away, the violation that
names the slip is reported with a hint (``did you mean `dealer Boris`?``) and the others are kept in
its ``follows``. A wrong dealer's name makes the deals after it wrong too: its :class:`Rotation`
replays them as the name would have them. :func:`diagnose` is the whole of it for one deal, a pure
function: (the deal, the game before it, its violations, the rotation the deal before left) → what
is reported, the deal as meant, the rotation to follow. The replays are those of the engine:
nothing here knows a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import permutations, takewhile
from typing import cast

import attrs

from .game.engine import advance_in_place, expected_dealer, snapshot, working
from .game.events import DealEnded, Event, events_of
from .game.legal import legal_cards
from .game.state import GameState
from .game.violations import Phrase, Violation
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
    """A likely slip: the deal as it was probably meant, the violation that names the slip, the hint
    (said by :func:`preflog.verdicts.hint_text`)."""

    deal: Deal
    root: Violation
    hint: Phrase
    ignore: frozenset[str] = frozenset()


def folded(deal: Deal, before: GameState, found: Sequence[Violation]) -> tuple[list[Violation], Deal | None]:
    """``found``, the violations of one deal replayed from ``before``, with the consequences of a slip
    folded into the violation that names it (``follows``) when a correction explains them; and the deal
    as that correction has it (``None`` when none explains the violations). A wrong dealer is corrected even when it is the deal's only violation: the deals
    after it take their dealers from it (:class:`Rotation`)."""
    dealer_only = len(found) == 1 and found[0].code in _DEALER_CODES
    if len(found) < CASCADE and not dealer_only:
        return list(found), None
    for correction in _corrections(deal, before, found):
        if not _clean(correction.deal, before, correction.ignore):
            continue  # the correction does not explain everything: look further
        follows = tuple(v for v in found if v is not correction.root)
        if dealer_only:
            return list(found), correction.deal  # one report already: no hint needed to fold anything
        root = attrs.evolve(correction.root, hint=correction.hint, follows=follows)
        return [root], correction.deal
    return list(found), None


@attrs.frozen(slots=True)
class Diagnosis:
    """One deal's violations as they are reported (:func:`diagnose`), and the slip the deals after it
    are read with."""

    #: the deal's problems, the consequences of a slip in it folded into the one that names it
    problems: tuple[Violation, ...] = ()
    #: the deal's violations that follow from the slip of an earlier deal (``slip``), reported with it
    later: tuple[Violation, ...] = ()
    #: the deal as the slip's correction reads it, and the report of that slip (``None``: no slip known)
    meant: Deal | None = None
    slip: Violation | None = None
    #: the wrong dealer's rotation the next deal is replayed in too (``None``: none to follow)
    rotation: Rotation | None = None


def diagnose(deal: Deal, before: GameState, found: Sequence[Violation],
             rotation: Rotation | None = None) -> Diagnosis:
    """The violations ``found`` in ``deal`` replayed from ``before`` as they are reported: those that
    follow from a wrong dealer's name written before it (``rotation``, as the deal before left it) in
    ``later``, else the consequences of a slip in this deal folded into the one that names it
    (:func:`folded`); the deal as the slip's correction reads it; the rotation the next deal follows."""
    meant = slip = None
    if rotation is not None:
        rotation, follows = rotation.follow(deal, before, bool(found))
        if rotation.state is not None or follows:
            meant, slip = rotation.meant, rotation.root
        if follows:
            return Diagnosis((), tuple(found), meant, slip, rotation)
        if rotation.state is None:  # the two games agree again: nothing more follows from the name
            rotation = None
    if not found:
        return Diagnosis((), (), meant, slip, rotation)
    problems, corrected = folded(deal, before, found)
    after_slip = rotation_after(deal, before, problems, corrected)
    if after_slip is not None:
        meant, slip = after_slip.corrected, after_slip.root
    elif corrected is not None:
        meant, slip = corrected, problems[0]
    return Diagnosis(tuple(problems), (), meant, slip, after_slip)


def rotation_after(deal: Deal, before: GameState, found: Sequence[Violation], corrected: Deal | None) -> Rotation | None:
    """The rotation to follow after a deal whose dealer is named out of turn (``found`` as folded,
    ``corrected`` the deal as its fold corrected it), or ``None``: the deal as the rotation's dealer
    would have dealt it, the hands re-owned where that replays clean."""
    root = next((v for v in found if v.code in _DEALER_CODES), None)
    expected = expected_dealer(before)
    if root is None or expected is None:
        return None
    if corrected is None or corrected.dealer != expected:
        meant = list(_dealt_by(deal, expected, before.players))
        corrected = next((m for m in meant if _clean(m, before, _DEALER_CODES)), meant[0])
    return Rotation(root, corrected, corrected, after(corrected, before))


@attrs.frozen(slots=True)
class Rotation:
    """The game as it would stand had a wrong dealer's name been written right: the deals after it
    take their dealers from the name written (NOTATION.md §3, "the deal passes clockwise"), so that
    one slip would make every later deal wrong. Each later deal is replayed here too, with the dealer
    this rotation implies where the record leaves the dealer implied; the problems of a deal that
    replays clean here follow from the slip. It ends where the record's game and this one agree again."""

    root: Violation
    #: the slip's deal as the rotation's dealer dealt it
    corrected: Deal
    #: the last deal replayed here, as this rotation reads it
    meant: Deal
    #: the game after ``meant`` in this rotation (``None``: the rotation is over)
    state: GameState | None

    def follow(self, deal: Deal, before: GameState, troubled: bool) -> tuple[Rotation, bool]:
        """Replay ``deal`` (which the record's game starts from ``before``, ``troubled`` if it breaks a
        rule there) in this rotation: the rotation after it, and whether its problems follow from the
        slip (it replays clean here). The rotation's ``state`` becomes ``None`` once the two games
        agree again, or when the record's deal is clean and this one is not (the name was no slip:
        the players dealt out of turn)."""
        state = self.state
        if state is None:
            return self, False
        if _between_deals(state) == _between_deals(before):
            return attrs.evolve(self, state=None), False
        meant = [deal]
        dealer = expected_dealer(state)
        if deal.dealer_span is None and dealer is not None and dealer != deal.dealer:
            meant = list(_dealt_by(deal, dealer, state.players))
        for candidate in meant:
            if _clean(candidate, state, frozenset()):
                return attrs.evolve(self, meant=candidate, state=after(candidate, state)), troubled
        return attrs.evolve(self, meant=meant[0], state=after(meant[0], state) if troubled else None), False


def _between_deals(state: GameState) -> GameState:
    return attrs.evolve(state, deal=None)


def after(deal: Deal, before: GameState) -> GameState:
    """The game after ``deal`` replayed from ``before``, whatever it breaks."""
    state = working(before)
    for _step, _state, _found in advance_in_place(state, cast(Iterator[Event], events_of(deal))):
        pass
    return snapshot(state)


def _clean(deal: Deal, before: GameState, ignore: frozenset[str]) -> bool:
    """Whether the deal's main line, replayed from ``before`` (left unchanged), breaks no rule but
    those in ``ignore``: the replay stops at the first one that counts, so that a wrong correction
    costs a few steps, not a deal."""
    steps = advance_in_place(working(before), cast(Iterator[Event], events_of(deal)))
    return not any(v.code not in ignore for _, _, found in steps for v in found)


def _state_at(deal: Deal, before: GameState) -> GameState | None:
    """The state after the deal's events, before it ends; ``None`` if a rule is broken on the way
    (the cards the rules allow next are then not known)."""
    state = working(before)
    events = takewhile(lambda e: not isinstance(e, DealEnded), cast(Iterator[Event], events_of(deal)))
    for _step, _state, found in advance_in_place(state, events):
        if found:
            return None
    return snapshot(state)


def _corrections(deal: Deal, before: GameState, found: Sequence[Violation]) -> Iterator[_Correction]:
    """The likely slips, most likely first."""
    first = found[0]
    dealer = next((v for v in found if v.code in _DEALER_CODES), None)
    players = before.players
    expected = expected_dealer(before)
    if dealer is not None and expected is not None:
        for meant in _dealt_by(deal, expected, players):
            yield _Correction(meant, dealer, Phrase.of("dealer", expected=expected), _DEALER_CODES)
    if deal.hands is not None:
        entries = deal.hands.entries
        listed = [e.player for e in entries]
        for owners in permutations(listed):
            if list(owners) == listed:
                continue
            owned = [attrs.evolve(e, player=p) for e, p in zip(entries, owners)]
            hint = Phrase.of("owners", whose=tuple(owners), listed=tuple(listed))
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
                              Phrase.of("misread", meant=meant, player=entry.player, card=card))


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
                          Phrase.of("card", card=card))

