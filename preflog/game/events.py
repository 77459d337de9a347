"""A deal as a sequence of events, each with the source span it was read from.

``events_of(deal)`` translates the records of a deal into the events written in it. The engine adds
the events the rules imply (the talon taken, a trick completed, the deal over) as it replays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import attrs

from ..model.auction import Call
from ..model.bids import Bid
from ..model.build import builder
from ..model.cards import Card
from ..model.deal import Deal, Penalty, Result, Checkpoint
from ..model.defence import Decision, DecisionKind, WhistMode
from ..model.hand import Hand
from ..model.play import ClaimShare, PlayedCard, PlayLine
from ..model.span import Span, make_span


def _source() -> object:
    return attrs.field(default=None, eq=False, repr=False)


@attrs.frozen(slots=True)
class DealStarted:
    number: int
    dealer: str
    span: Span | None = None
    source: object = _source()  # the Deal: its comments
    dealer_span: Span | None = attrs.field(default=None, eq=False, repr=False)  # the dealer's name, if written


@attrs.frozen(slots=True)
class Dealt:
    """The cards dealt: each active player's hand (``None`` where unknown) and the talon."""

    hands: tuple[tuple[str, Hand | None], ...] | None
    talon: tuple[Card, ...] | None
    spans: tuple[Span | None, ...] = attrs.field(default=(), eq=False, repr=False)
    span: Span | None = None
    talon_span: Span | None = attrs.field(default=None, eq=False, repr=False)
    source: object = _source()  # the Deal: the comments on its hands and talon


@attrs.frozen(slots=True)
class CallMade:
    call: Call
    span: Span | None = None


@attrs.frozen(slots=True)
class BiddingEnded:
    """The end of the ``bids`` statement; ``recorded`` is False when the deal has none."""

    recorded: bool
    span: Span | None = None


@attrs.frozen(slots=True)
class TalonTaken:
    """The declarer takes the talon (shown to all, Code 3.4.1). Implied by the rules, not written."""

    player: str
    cards: tuple[Card, ...] | None
    span: Span | None = None


@attrs.frozen(slots=True)
class Discarded:
    cards: tuple[Card, ...] | None
    span: Span | None = None
    source: object = _source()


@attrs.frozen(slots=True)
class ContractDeclared:
    bid: Bid
    declarer: str | None
    source: object = _source()
    span: Span | None = None
    bid_span: Span | None = attrs.field(default=None, eq=False, repr=False)  # the contract's value
    totus: bool = False                   # Classic's totus (seed 000 §6.3)
    helped: tuple[str, ...] = ()          # the partners a totus closes on a bomb (seed 000 §7.2)


@attrs.frozen(slots=True)
class DefenceDecided:
    kind: DecisionKind
    source: object = _source()
    span: Span | None = None


@attrs.frozen(slots=True)
class WhistModeChosen:
    mode: WhistMode
    span: Span | None = None
    source: object = _source()  # the Defence: the comments after the statement's words


@attrs.frozen(slots=True)
class CardPlayed:
    card: Card
    source: PlayedCard | None = attrs.field(default=None, eq=False, repr=False)
    span: Span | None = None


@attrs.frozen(slots=True)
class TrickCompleted:
    """A trick of three cards is over; ``winner`` is ``None`` when it goes to nobody or is unknown."""

    number: int
    winner: str | None
    cards: tuple[Card, ...]
    span: Span | None = None


@attrs.frozen(slots=True)
class Claimed:
    shares: tuple[ClaimShare, ...]
    span: Span | None = None
    source: object = _source()


@attrs.frozen(slots=True)
class ResultRecorded:
    result: Result
    span: Span | None = None


@attrs.frozen(slots=True)
class PenaltyRecorded:
    penalty: Penalty
    span: Span | None = None


@attrs.frozen(slots=True)
class CheckpointRecorded:
    checkpoint: Checkpoint
    span: Span | None = None


@attrs.frozen(slots=True)
class DealEnded:
    span: Span | None = None


Event = (DealStarted | Dealt | CallMade | BiddingEnded | TalonTaken | Discarded | ContractDeclared
         | DefenceDecided | WhistModeChosen | CardPlayed | TrickCompleted | Claimed | ResultRecorded
         | PenaltyRecorded | CheckpointRecorded | DealEnded)


def _head(deal: Deal) -> Span | None:
    s = deal.span
    return None if s is None else make_span(s.line, s.column, s.line, s.column + 4)


class PlayedCards(NamedTuple):
    """The cards of a play statement as one item of :func:`events_of` with ``grouped``: a driver
    may step through them without making an event for each (their events: :func:`variation_events`)."""

    cards: PlayLine


class CallsMade(NamedTuple):
    """The calls of a ``bids`` statement as one item of :func:`events_of` with ``grouped`` (their
    events: :func:`call_events`)."""

    calls: tuple[Call, ...]


class DefenceWords(NamedTuple):
    """The decisions of a ``whist`` statement as one item of :func:`events_of` with ``grouped``
    (their events: :func:`decision_events`)."""

    decisions: tuple[Decision, ...]


Grouped = PlayedCards | CallsMade | DefenceWords


# the events of every deal, built in C (model.build)
_DealStarted = builder(DealStarted)
_Dealt = builder(Dealt)
_BiddingEnded = builder(BiddingEnded)
_Discarded = builder(Discarded)
_ContractDeclared = builder(ContractDeclared)
_WhistModeChosen = builder(WhistModeChosen)
_ResultRecorded = builder(ResultRecorded)
_DealEnded = builder(DealEnded)


def events_of(deal: Deal, *, grouped: bool = False) -> Iterator[Event | Grouped]:
    """The events written in a deal, in the order they happened; with ``grouped``, the calls, the
    defence's words and the cards of the play each come as one item (:data:`Grouped`), which a
    driver may step through without making an event for each."""
    yield _DealStarted(deal.number, deal.dealer, _head(deal), deal, deal.dealer_span)
    hands = deal.hands
    talon = deal.talon
    yield _Dealt(
        None if hands is None else tuple([(e.player, e.hand) for e in hands.entries]),
        None if talon is None else talon.cards,
        () if hands is None else tuple([e.span for e in hands.entries]),
        hands.span if hands is not None else (talon.span if talon is not None else None),
        talon.span if talon is not None else None,
        deal,
    )
    bids = deal.bids
    if bids is not None:
        yield from _statement(grouped, CallsMade, call_events, bids.calls)
    end = None if bids is None else bids.span
    yield _BiddingEnded(bids is not None, None if end is None else make_span(end.end_line, end.end_column,
                                                                          end.end_line, end.end_column))
    if deal.discard is not None:
        yield _Discarded(deal.discard.cards, deal.discard.span, deal.discard)
    if deal.contract is not None:
        contract = deal.contract
        yield _ContractDeclared(contract.bid, contract.declarer, contract, contract.span, contract.bid_span,
                                contract.totus, contract.helped)
    defence = deal.defence
    if defence is not None:
        yield from _statement(grouped, DefenceWords, decision_events, defence.decisions)
        if defence.mode is not None:
            yield _WhistModeChosen(defence.mode, defence.mode_span or defence.span, defence)
    if deal.play is not None:
        yield from _statement(grouped, PlayedCards, variation_events, deal.play.cards)
    if deal.claim is not None:
        yield Claimed(deal.claim.shares, deal.claim.span, deal.claim)
    if deal.result is not None:
        yield _ResultRecorded(deal.result, deal.result.span)
    for penalty in deal.penalties:
        yield PenaltyRecorded(penalty, penalty.span)
    if deal.checkpoint is not None:
        yield CheckpointRecorded(deal.checkpoint, deal.checkpoint.span)
    s = deal.span
    yield _DealEnded(None if s is None else make_span(s.end_line, s.end_column, s.end_line, s.end_column))


def _statement(grouped: bool, group: Callable[[Any], Grouped], expand: Callable[[Any], Iterator[Event]],
               items: Any) -> Iterable[Event | Grouped]:
    """The items of a statement: as one group, or as their events."""
    return (group(items),) if grouped else expand(items)


def call_events(calls: Sequence[Call]) -> Iterator[CallMade]:
    """The events of the calls of a ``bids`` statement."""
    for call in calls:
        yield CallMade(call, call.span)


def decision_events(decisions: Sequence[Decision]) -> Iterator[DefenceDecided]:
    """The events of the words of a ``whist`` statement."""
    for decision in decisions:
        yield DefenceDecided(decision.kind, decision, decision.span)


def variation_events(cards: Sequence[PlayedCard]) -> Iterator[CardPlayed]:
    """The card events of a variation's line."""
    for pc in cards:
        yield CardPlayed(pc.card, pc, pc.span)
