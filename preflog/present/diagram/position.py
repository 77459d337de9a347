"""The position a diagram draws: one deal of a game at one point, taken from the one replay.

:func:`position_of` walks the game with :class:`PositionRecorder` (a visitor) and keeps what a diagram
shows of deal ``N``: the hands as dealt or as they stand at the point asked for, the talon and the
discard, the auction, the contract and the defenders' words, the tricks played so far and the cards on
the table. Only a legal deal is drawn: a deal in which the replay finds a violation (anywhere in it,
not only before the point) is refused with those violations, as is a point the deal never reaches.
A refusal is a value (:class:`Refusal`: a reason and its facts); :mod:`.told` says it in words.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from ...driver import Visitor, walk
from ...game.conventions import Rules
from ...game.events import CardPlayed, DealEnded, DealStarted, Event, TrickCompleted
from ...game.state import DealState, GameState
from ...game.violations import Violation
from ...model.auction import Call
from ...model.bids import Bid
from ...model.cards import Card
from ...model.defence import DecisionKind, WhistMode
from ...model.game import Game
from ...model.seating import Seat

#: The word that hides the talon (beside the players' names) in ``hide``.
TALON = "talon"


class Point(enum.Enum):
    """Where in the deal a diagram stands."""

    DEALT = "dealt"              # the hands as dealt, with the whole auction and the defence
    AFTER_TRICK = "after-trick"  # after so many tricks (0: the start of play, the discard made)
    BEFORE_CARD = "before-card"  # just before a card is played
    PLAYED = "played"            # where the play written stops (a puzzle's position: no card named)


class Why(enum.Enum):
    """Why a diagram cannot be drawn."""

    NO_GAME = "no-game"            # the file has fewer games (params: asked, games)
    NO_DEAL = "no-deal"            # the game has no such deal (params: asked, the first and last deal's)
    NO_CARDS = "no-cards"          # the deal is recorded without its hands (params: deal)
    BROKEN = "broken"              # the deal breaks a rule (``violations``)
    NO_TRICK = "no-trick"          # fewer tricks were played (params: asked, played)
    NOT_PLAYED = "not-played"      # the card is not played in the deal (params: card)
    NO_SEAT = "no-seat"            # ``hide`` names nobody at the table (params: name, names)


@attrs.frozen
class Refusal(ValueError):
    """A diagram that cannot be drawn: ``why``, its facts (``params``) and, for a deal that breaks a
    rule, the ``violations`` found in it."""

    why: Why
    params: tuple[tuple[str, object], ...] = ()
    violations: tuple[Violation, ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params)[name]

    def count(self, name: str) -> int:
        """The param ``name``, a count."""
        value = self.param(name)
        return value if isinstance(value, int) else 0


@attrs.frozen
class Held:
    """One hand as the diagram shows it: its player, the cards held (``None``: not recorded; a hand
    partly known, the declarer's after a talon nobody wrote down, shows the cards known), how many it
    holds, and whether it is hidden from the reader (then only ``count`` is shown)."""

    player: str
    cards: tuple[Card, ...] | None
    count: int
    hidden: bool = False

    @property
    def unknown(self) -> int:
        """How many of its cards are not known."""
        return self.count - len(self.cards or ())


@attrs.frozen
class Trick:
    """A trick played: its number, each card with its player (the talon's lead as ``None``), its winner."""

    number: int
    cards: tuple[tuple[str | None, Card], ...]
    winner: str | None


@attrs.frozen
class Position:
    """Deal ``number`` of a game at ``point`` (:class:`Point`; ``trick`` and ``card`` say which), as a
    diagram shows it. ``hands`` are in bidding order (the eldest hand first); at four players the
    dealer, who holds no cards (Code 3.2.10), is ``dealer`` and not among them."""

    number: int
    dealer: str
    four: bool
    hands: tuple[Held, ...]
    talon: tuple[Card, ...] | None
    talon_hidden: bool
    discard: tuple[Card, ...] | None
    calls: tuple[tuple[str, Call], ...]
    all_pass: bool
    contract: Bid | None
    declarer: str | None
    defence: tuple[tuple[str, DecisionKind], ...]
    mode: WhistMode | None
    tricks: tuple[Trick, ...]
    table: tuple[tuple[str | None, Card], ...]
    to_play: str | None
    taken: tuple[tuple[str, int], ...]
    point: Point = Point.DEALT
    trick: int | None = None
    card: Card | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(h.player for h in self.hands)


@attrs.frozen
class Stop:
    """The point asked for: ``point`` with its trick or card."""

    point: Point = Point.DEALT
    trick: int = 0
    card: Card | None = None


class PositionRecorder(Visitor):
    """Keeps deal ``number``'s story and its state at ``stop`` (a visitor of the one replay)."""

    def __init__(self, number: int, stop: Stop) -> None:
        self.number, self.stop = number, stop
        self.on = False
        self.seen_deal = False
        self.numbers: list[int] = []           # the numbers of the game's deals, in order
        self.dealt: DealState | None = None
        self.at: DealState | None = None       # the state at the stop
        self.tricks: list[Trick] = []
        self.trick_cards: list[tuple[str | None, Card]] = []
        self.violations: list[Violation] = []
        self.last: DealState | None = None     # the deal's state after the event before (then after the last)
        self.open: DealState | None = None     # the same before the deal ends (the play as written stops)

    def visit(self, event: Event, state: GameState) -> None:
        d = state.deal
        if type(event) is DealStarted:
            self.numbers.append(event.number)
            self.on = event.number == self.number and not self.seen_deal
            self.seen_deal = self.seen_deal or self.on
        if not self.on or d is None:
            return
        stop = self.stop
        if type(event) is CardPlayed:
            if self.at is None and self.last is not None and (
                    (stop.point is Point.BEFORE_CARD and event.card == stop.card)
                    or (stop.point is Point.AFTER_TRICK and stop.trick == 0)):
                self.at = self.last
            talon = d.talon_card
            if talon is not None and len(d.trick) == 1:
                self.trick_cards.append((None, talon))
            self.trick_cards.append((d.player(d.trick[-1][0]) if d.trick else None, event.card))
        elif type(event) is TrickCompleted:
            known = self.trick_cards if len(self.trick_cards) >= len(event.cards) else [(None, c) for c in event.cards]
            self.tricks.append(Trick(event.number, tuple(known), event.winner))
            self.trick_cards = []
            if self.at is None and stop.point is Point.AFTER_TRICK and event.number == stop.trick:
                self.at = d
        if self.dealt is None and any(h is not None for h in d.hands):
            self.dealt = d
        if type(event) is not DealEnded:
            self.open = d
        self.last = d

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        if self.on:
            self.violations.append(violation)

    def end_deal(self, state: GameState) -> None:
        self.on = False


def position_of(game: Game, number: int, *, stop: Stop = Stop(), hide: Iterable[str] = (),
                rules: Rules | str | None = None) -> Position:
    """Deal ``number`` of ``game`` at ``stop``, hiding the hands of the players named in ``hide`` (and
    the talon, as :data:`TALON`); :class:`Refusal` when it cannot be drawn (see the module)."""
    recorder = PositionRecorder(number, stop)
    walk(game, recorder, rules=rules)
    if not recorder.seen_deal:
        numbers = recorder.numbers
        raise Refusal(Why.NO_DEAL, (("asked", number), ("first", numbers[0] if numbers else None),
                                    ("last", numbers[-1] if numbers else None)))
    if recorder.violations:  # said as ``preflog check`` says them: a slip once, not what follows from it
        from ...problems import check

        found = [v for v in check(game, rules) if v.deal == number]
        raise Refusal(Why.BROKEN, (("deal", number),), tuple(found or recorder.violations))
    last = recorder.last
    assert last is not None
    if recorder.dealt is None:
        raise Refusal(Why.NO_CARDS, (("deal", number),))
    dealt = recorder.dealt
    at = recorder.at
    if stop.point is Point.DEALT:
        at = last
    elif stop.point is Point.PLAYED:
        at = recorder.open or last
    elif at is None:
        if stop.point is Point.AFTER_TRICK and stop.trick == 0 and not recorder.tricks:
            at = last  # nothing was played: the start of play is the deal's end
        elif stop.point is Point.AFTER_TRICK:
            raise Refusal(Why.NO_TRICK, (("asked", stop.trick), ("played", len(recorder.tricks))))
        else:
            raise Refusal(Why.NOT_PLAYED, (("card", stop.card),))
    names = _names(last)
    hidden = set(hide)
    for name in hidden:
        if name != TALON and name not in names:
            raise Refusal(Why.NO_SEAT, (("name", name), ("names", tuple(names))))
    shown = dealt if stop.point is Point.DEALT else at
    hands = []
    for seat, name in zip((Seat.FIRST, Seat.SECOND, Seat.THIRD), last.active):
        cards = shown.hands[seat]
        count = len(cards) if cards is not None else _holds(shown, seat)
        if cards is None:
            cards = shown.known[seat]
        held = None if cards is None else tuple(sorted(cards, key=_order))
        hands.append(Held(name, held, count, name in hidden))
    tricks = () if stop.point is Point.DEALT else tuple(recorder.tricks[:at.completed])
    table = tuple(_table(at)) if stop.point is not Point.DEALT and at.trick else ()
    return Position(
        number=number, dealer=last.dealer, four=last.four, hands=tuple(hands), talon=_talon(last, at, stop),
        talon_hidden=TALON in hidden, discard=last.discard,
        calls=tuple((last.player(seat), call) for seat, call in last.calls), all_pass=last.is_all_pass,
        contract=last.game_contract, declarer=None if last.declarer is None else last.player(last.declarer),
        defence=tuple((last.player(seat), kind) for seat, kind in last.decisions if seat != last.dummy),
        mode=last.mode, tricks=tricks, table=table,
        to_play=None if stop.point is Point.DEALT or at.to_play is None or at.over or at.claimed
        or at.completed + at.lost >= 10 else at.player(at.to_play),
        taken=_taken(at) if stop.point is not Point.DEALT else (),
        point=stop.point, trick=stop.trick if stop.point is Point.AFTER_TRICK else None, card=stop.card)


def _talon(last: DealState, at: DealState, stop: Stop) -> tuple[Card, ...] | None:
    """The talon as the diagram shows it: whole, but on an all-pass whose first tricks it leads (Code
    3.7.6) only its cards not yet turned up (the one leading the trick in play lies on the table)."""
    if stop.point is Point.DEALT or not at.talon_leads or at.talon is None:
        return last.talon
    turned = min(2, at.completed + (1 if at.trick else 0))
    return at.talon[turned:] or None


def _taken(d: DealState) -> tuple[tuple[str, int], ...]:
    """Each player's tricks: the active players', and at four the dealer's, whose talon card takes an
    all-pass trick nobody beats (Code 3.7.6.1)."""
    counts = [(name, d.tricks[i]) for i, name in enumerate(d.active)]
    if d.four and d.tricks[3]:
        counts.append((d.dealer, d.tricks[3]))
    return tuple(counts)


def _holds(d: DealState, seat: Seat) -> int:
    """How many cards ``seat`` holds at ``d``: ten less those it has played."""
    return 10 - d.completed - sum(1 for s, _card in d.trick if s == seat)


def _names(d: DealState) -> list[str]:
    return list(d.active) + ([d.dealer] if d.four else [])


def _table(d: DealState) -> list[tuple[str | None, Card]]:
    """The cards on the table: the talon's lead first where it leads (Code 3.7.6)."""
    talon = d.talon_card
    out: list[tuple[str | None, Card]] = [(None, talon)] if talon is not None else []
    out.extend((d.player(seat), card) for seat, card in d.trick)
    return out


def _order(card: Card) -> tuple[int, int]:
    """A hand's order in a diagram: the suits in the ladder's order (♠ ♣ ♦ ♥), the high cards first."""
    return int(card.suit), -int(card.rank)
