"""Text for a replay: one line per step, the table (hands, talon, trick) after any step, and the
printed replay as a visitor."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..model.annotations import Comment, Glyph
from ..model.cards import Card, Suit
from ..game.state import AuctionState, DealState, GameState
from ..model.seating import Seat
from ..game.events import (
    BiddingEnded, CallMade, CardPlayed, Claimed, ContractDeclared, DealEnded, DealStarted, Dealt,
    DefenceDecided, Discarded, PenaltyRecorded, ResultRecorded, CheckpointRecorded, TalonTaken, TrickCompleted,
    WhistModeChosen,
)
from ..model.deal import Deal
from ..game.events import Event
from ..replay import Step, StepRecorder
from ..walk import SKIP, Skip


class Renderer:
    """Turns steps into text, with ASCII or Unicode suits."""

    def __init__(self, unicode: bool = False) -> None:
        self.unicode = unicode

    def card(self, card: Card) -> str:
        return card.unicode() if self.unicode else str(card)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def hand(self, cards: frozenset[Card] | None) -> str:
        if cards is None:
            return "?"
        groups = []
        for suit in Suit:
            ranks = "".join(c.rank.letter for c in sorted(cards, key=lambda c: -c.rank) if c.suit == suit)
            groups.append((suit.symbol if self.unicode else suit.letter.upper()) + (ranks or "-"))
        return " ".join(groups)

    def annotations(self, glyph: Glyph | None, comments: tuple[Comment, ...]) -> str:
        text = glyph.value if glyph else ""
        for c in comments:
            text += " {" + c.text + "}"
        return text

    def line(self, step: Step) -> str:
        """What happened in one step, in words, with its glyph and comments."""
        e, d = step.event, step.state.deal
        note = self.annotations(step.glyph, step.comments)
        text = self._describe(e, d)
        if note:
            text += note if note[0] in "!?" else note
        for v in step.violations:
            text += f"\n    !! {v.code}: {v.message}"
        return text

    def _describe(self, e: object, d: DealState | None) -> str:
        if isinstance(e, DealStarted):
            return f"Deal {e.number}, dealt by {e.dealer}"
        assert d is not None
        if isinstance(e, Dealt):
            if e.hands is None and e.talon is None:
                return "the cards are not recorded"
            talon = "?" if e.talon is None else self.cards(e.talon)
            return f"cards dealt; talon {talon}"
        if isinstance(e, CallMade):
            seat = d.calls[-1][0] if d.calls and d.calls[-1][1] is e.call else None
            who = d.player(seat) if seat is not None else (e.call.player or "?")
            return f"{who}: {e.call}"
        if isinstance(e, BiddingEnded):
            if d.is_all_pass:
                return "everyone passed: the deal is played as an all-pass"
            if d.declarer is not None and d.auction is AuctionState.WON:
                return f"{d.player(d.declarer)} wins the auction" + (f" at {d.high}" if d.high else "")
            return "auction not recorded" if not e.recorded else "auction unfinished"
        if isinstance(e, TalonTaken):
            talon = "?" if e.cards is None else self.cards(e.cards)
            return f"{e.player} takes the talon: {talon}"
        if isinstance(e, Discarded):
            return f"{d.player(d.declarer)} discards " + ("?" if e.cards is None else self.cards(e.cards))
        if isinstance(e, ContractDeclared):
            return f"contract: {d.player(d.declarer)} {e.bid}"
        if isinstance(e, DefenceDecided):
            seat = d.decisions[-1][0] if d.decisions else None
            who = d.player(seat)
            return f"{who}: {e.kind.value}"
        if isinstance(e, WhistModeChosen):
            return f"the whister plays {e.mode.value}"
        if isinstance(e, CardPlayed):
            seat = d.trick[-1][0] if d.trick else None
            if d.on_talon_trick and len(d.trick) == 1 and d.talon:
                return f"  the talon shows {self.card(d.talon[d.completed])}; {d.player(seat)} {self.card(e.card)}"
            lead = " leads" if len(d.trick) == 1 else ""
            return f"  {d.player(seat)}{lead} {self.card(e.card)}"
        if isinstance(e, TrickCompleted):
            won = e.winner or "nobody"
            return f"trick {e.number}: {self.cards(e.cards)} → {won}"
        if isinstance(e, Claimed):
            shares = ", ".join(f"{s.player} {'the rest' if s.tricks is None else s.tricks}" for s in e.shares)
            return f"claim: {shares}"
        if isinstance(e, ResultRecorded):
            return "result: " + _tricks(d)
        if isinstance(e, PenaltyRecorded):
            p = e.penalty
            target = f" on {p.target}" if p.target else ""
            return f"penalty: {p.player} {p.kind.value}{target} {p.amount}"
        if isinstance(e, CheckpointRecorded):
            return "score sheet written"
        if isinstance(e, DealEnded):
            return f"end of deal {d.number}: " + _tricks(d)
        return type(e).__name__

    def table(self, d: DealState) -> list[str]:
        """The hands as they stand (shrinking as cards are played) and the trick in progress."""
        width = max(len(p) for p in d.active)
        rows = [f"  {p.ljust(width)}  {self.hand(h)}" for p, h in zip(d.active, d.hands)]
        if d.talon is not None and not d.talon_taken:
            rows.append(f"  {'talon'.ljust(width)}  {self.cards(d.talon)}")
        if d.trick:
            rows.append("  on the table: " + ", ".join(f"{d.player(s)} {self.card(c)}" for s, c in d.trick))
        return rows


def _tricks(d: DealState) -> str:
    parts = [f"{p} {d.tricks[i]}" for i, p in enumerate(d.active)]
    if d.four and d.tricks[Seat.SITTING_OUT]:
        parts.append(f"{d.dealer} {d.tricks[Seat.SITTING_OUT]}")
    return ", ".join(parts) + " tricks"


class TextReplay(StepRecorder):
    """The printed replay: every step as a line, the hands after the deal and after each trick;
    ``deal`` limits it to one deal. A step is written once the next one begins (its violations come
    after it), so at most one step is held."""

    def __init__(self, renderer: Renderer, write: Callable[[str], None], deal: int | None = None) -> None:
        super().__init__()
        self.renderer, self.write, self.deal = renderer, write, deal

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        return SKIP if self.deal is not None and deal.number != self.deal else None

    def visit(self, event: Event, state: GameState) -> None:
        self._flush()
        super().visit(event, state)

    def end_deal(self, state: GameState) -> None:
        self._flush()

    def _flush(self) -> None:
        if not self.steps:
            return
        step = self.steps.pop()
        d = step.state.deal
        if isinstance(step.event, DealStarted) and d is not None:
            self.write("")
        self.write(self.renderer.line(step))
        if d is not None and isinstance(step.event, (TrickCompleted, Dealt)):
            for row in self.renderer.table(d):
                self.write(row)
