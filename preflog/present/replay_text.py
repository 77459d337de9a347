"""Text for a replay: one line per step, the table (hands, talon, trick) after any step, a status
line for the interactive screen, and the printed replay as a visitor that shows everything the file
holds: tags, every comment and glyph at its element, variations as indented branches, results as
written."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..i18n import _, ngettext, pgettext
from ..game.conventions import Rules
from ..game.events import (
    BiddingEnded, CallMade, CardPlayed, Claimed, ContractDeclared, DealEnded, DealStarted, Dealt,
    DefenceDecided, Discarded, Event, PenaltyRecorded, ResultRecorded, CheckpointRecorded, TalonTaken,
    TrickCompleted, WhistModeChosen,
)
from ..game.laws import declarer_count
from ..game.legal import counts_as_made, defence_turn
from ..game.state import AuctionState, DealState, GameState
from ..model.annotations import Comment, Glyph
from ..model.bids import Bid
from ..model.cards import Card, Rank, Suit, suit_name
from ..model.deal import Deal, Result, ResultKind
from ..model.game import Game
from ..model.play import Variation
from ..model.seating import Seat
from ..steps import Step, StepRecorder, dealt_comments
from ..driver import SKIP, Skip
from .. import words
from ..verdicts import message

INDENT = "    "  #: how much deeper each level of variation is written


class Renderer:
    """Turns steps into text, with ASCII or Unicode suits (in cards, hands and calls); with ``ten``, the
    ten of each card written so in any language (a page's ``10♠``, as its table draws it)."""

    def __init__(self, unicode: bool = False, *, ten: str | None = None) -> None:
        self.unicode, self.ten = unicode, ten

    def card(self, card: Card) -> str:
        if self.ten is not None and card.rank is Rank.TEN:
            return self.ten + words.suit(card.suit, unicode=self.unicode)
        return words.card(card, unicode=self.unicode)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def hand(self, cards: frozenset[Card] | None, known: frozenset[Card] | None = None) -> str:
        """A hand by suits; a hand only partly known shows its known cards and ``+?``."""
        return words.hand(cards, known, unicode=self.unicode)

    def annotations(self, glyph: Glyph | None, comments: Iterable[Comment]) -> str:
        """A glyph and the comments in braces (``%`` notes are the file's, never shown)."""
        text = glyph.value if glyph else ""
        for c in comments:
            if not c.line_note:
                text += " {" + c.text + "}"
        return text

    def line(self, step: Step) -> str:
        """What happened in one step, in words, with its glyph and comments, and what it broke."""
        e, d = step.event, step.state.deal
        text = self.describe(e, d)
        if not isinstance(e, Dealt):  # a deal's comments go on its hands' and talon's rows
            text += self.annotations(step.glyph, step.comments)
        for v in step.violations:
            text += "\n    " + _("error {code}: {message}").format(code=v.code, message=message(v))
        return text

    def status(self, d: DealState) -> str:
        """One line for the interactive screen: the deal, contract and trump, declarer, whisters, tricks."""
        parts = [_("deal {number}").format(number=d.number), _("dealer {dealer}").format(dealer=d.dealer)]
        if d.is_all_pass:
            parts.append(_("all-pass"))
        elif d.declarer is not None:
            contract = d.game_contract
            what = self.bid(contract)
            if d.contract is None:  # the auction is won, the contract not yet declared
                parts.append(_("{player} won the auction at {what}").format(player=_who(d, d.declarer), what=what))
            else:
                trump = "" if contract is None or contract.is_misere else (
                    _(" (trump {suit})").format(suit=self._suit(d.trump_suit)) if d.trump_suit is not None else
                    _(" (no trump)"))
                said = _("{player} plays totus {contract}{trump}") if d.totus else _("{player} plays {contract}{trump}")
                parts.append(said.format(player=_who(d, d.declarer), contract=what, trump=trump))
            whisters = [_who(d, s) for s in d.whisters]
            if whisters:
                parts.append(_("whist: {players}").format(players=", ".join(whisters)) + (
                    f" ({words.mode(d.mode)})" if d.mode is not None else ""))
        if d.completed or d.claimed:
            parts.append(pgettext("status", "tricks: {tricks}").format(tricks=_shares(d)))
        return " · ".join(parts)

    def bid(self, bid: Bid | None) -> str:
        """A bid or contract, with its suit symbol under ``unicode``; ``?`` when not known."""
        return words.bid(bid, unicode=self.unicode)

    def _suit(self, suit: Suit) -> str:
        return suit.symbol if self.unicode else suit_name(suit)

    def describe(self, e: object, d: DealState | None) -> str:
        """What one event did, in words (the line of the text replay, without its notes)."""
        if isinstance(e, DealStarted):
            return _("Deal {number}, dealt by {dealer}").format(number=e.number, dealer=e.dealer)
        assert d is not None
        if isinstance(e, Dealt):
            if e.hands is None and e.talon is None:
                return _("the cards are not recorded")
            talon = "?" if e.talon is None else self.cards(e.talon)
            return _("cards dealt; talon {talon}").format(talon=talon)
        if isinstance(e, CallMade):
            seat = d.calls[-1][0] if d.calls and d.calls[-1][1] is e.call else None
            who = _who(d, seat) if seat is not None else (e.call.player or "?")
            return f"{who}: {words.call(e.call, unicode=self.unicode)}"
        if isinstance(e, BiddingEnded):
            if d.is_all_pass:
                return _("everyone passed: the deal is played as an all-pass")
            if d.declarer is not None and d.auction is AuctionState.WON:
                if d.high:
                    return _("{player} wins the auction at {bid}").format(player=_who(d, d.declarer),
                                                                          bid=self.bid(d.high))
                return _("{player} wins the auction").format(player=_who(d, d.declarer))
            return _("auction not recorded") if not e.recorded else _("auction unfinished")
        if isinstance(e, TalonTaken):
            if e.cards is None:  # a deal recorded without its cards
                return _("{player} takes the talon").format(player=words.player(e.player))
            return _("{player} takes the talon: {talon}").format(player=words.player(e.player), talon=self.cards(e.cards))
        if isinstance(e, Discarded):
            return _("{player} discards {cards}").format(player=_who(d, d.declarer),
                                                         cards="?" if e.cards is None else self.cards(e.cards))
        if isinstance(e, ContractDeclared):
            if e.totus:  # seed 000 §6.3: the cards shown, the partners' discard, a ten to play
                helped = _(", to help {helped}").format(helped=_(" and ").join(e.helped)) if e.helped else ""
                return _("contract: {player} totus {bid}, the cards shown{helped}").format(
                    player=_who(d, d.declarer), bid=self.bid(e.bid), helped=helped)
            return _("contract: {player} {bid}").format(player=_who(d, d.declarer), bid=self.bid(e.bid))
        if isinstance(e, DefenceDecided):
            return f"{_who(d, d.last_speaker)}: {words.decision(e.kind)}" + self._settled(d)
        if isinstance(e, WhistModeChosen):
            return _("the whister plays {mode}").format(mode=words.mode(e.mode))
        if isinstance(e, CardPlayed):
            seat = d.trick[-1][0] if d.trick else None
            turned = d.talon_card if len(d.trick) == 1 else None
            if turned is not None:
                return _("  the talon shows {card}; {player} {card2}").format(card=self.card(turned),
                                                                              player=_who(d, seat), card2=self.card(e.card))
            said = _("  {player} leads {card}") if len(d.trick) == 1 else "  {player} {card}"
            return said.format(player=_who(d, seat), card=self.card(e.card))
        if isinstance(e, TrickCompleted):
            return _("trick {number}: {cards} → {winner}").format(number=e.number, cards=self.cards(e.cards),
                                                                  winner=words.player(e.winner) if e.winner else _("nobody"))
        if isinstance(e, Claimed):
            rest = _("the rest")
            shares = ", ".join(f"{words.player(s.player)} {rest if s.tricks is None else s.tricks}" for s in e.shares)
            return _("claim: {shares}").format(shares=shares)
        if isinstance(e, ResultRecorded):
            return _("result: {result}").format(result=self.result(e.result, d))
        if isinstance(e, PenaltyRecorded):
            return _("penalty: {penalty}").format(penalty=words.penalty(e.penalty))
        if isinstance(e, CheckpointRecorded):
            return _("sheet as written: {write_checkpoint}").format(write_checkpoint=words.sheet(e.checkpoint))
        if isinstance(e, DealEnded):
            outcome = self.outcome(d)
            if d.result is not None and outcome == self.result(d.result, d):  # said just above, as the result
                return _("end of deal {number}").format(number=d.number)
            return _("end of deal {number}: ").format(number=d.number) + outcome
        return type(e).__name__

    def outcome(self, d: DealState) -> str:
        """How a deal ended: the tricks of the play, or the result as written when the play is not."""
        played = d.completed == 10 or d.claimed
        if not played and d.result is not None:
            return _("{result}, as the result records").format(result=self.result(d.result, d))
        if not played and not d.completed:
            return _("{bid} counts as made").format(
                bid=self.bid(d.game_contract)) if counts_as_made(d) else _("no play recorded")
        return _tricks(d)

    def _settled(self, d: DealState) -> str:
        """After the word that settles the defence: that the game counts as made, if nobody whists."""
        if defence_turn(d) is not None:
            return ""
        if not counts_as_made(d):
            return _(" — the whister plays open, with the dummy") if d.dummy is not None and d.whisters else ""
        contract = d.game_contract
        if d.half_whister is not None:  # one passed, the other said half-whist: not both the same word
            return _(" — {player} went half-whist after a pass: {bid} counts as made, without play").format(
                player=_who(d, d.half_whister), bid=self.bid(contract))
        who = _("the defender") if d.dummy is not None else _("both defenders")
        return _(" — {who} {how}: {bid} counts as made, without play").format(
            who=who, how=pgettext("settled", "passed"), bid=self.bid(contract))

    def result(self, result: Result, d: DealState) -> str:
        """A result as written, in words: every player's tricks, or the declarer's."""
        if result.kind is ResultKind.TRICKS:
            return _("{shares} tricks").format(shares=", ".join(f"{words.player(t.player)} {t.tricks}" for t in result.tricks))
        taken = declarer_count(result, d.game_contract)
        who = _who(d, d.declarer) if d.declarer is not None else _("the declarer")
        written = "" if result.kind is ResultKind.DECLARER else f" ({words.relative(result.count or 0)})"
        tricks = _("{player} ? tricks").format(player=who) if taken is None else ngettext(
            "{player} {n} trick", "{player} {n} tricks", taken).format(player=who, n=taken)
        return tricks + written

    def table(self, d: DealState, notes: dict[str, str] | None = None) -> list[str]:
        """The hands as they stand (shrinking as cards are played) and the trick in progress;
        ``notes`` the comments to write after a player's hand (or the talon, as ``"talon"``)."""
        notes = notes or {}
        talon_word = _("talon")
        shown = [words.player(p) for p in d.active]
        width = max(len(p) for p in (*shown, talon_word))
        rows = [f"  {name.ljust(width)}  {self.hand(h, k)}{notes.get(p, '')}"
                for p, name, h, k in zip(d.active, shown, d.hands, d.known)]
        if (d.talon is not None and not d.talon_taken) or "talon" in notes:
            talon = "?" if d.talon is None else self.cards(d.talon)
            rows.append(f"  {talon_word.ljust(width)}  {talon}{notes.get('talon', '')}")
        if d.trick:
            rows.append(_("  on the table: ") + ", ".join(f"{_who(d, s)} {self.card(c)}" for s, c in d.trick))
        return rows


def _who(d: DealState, seat: Seat | None) -> str:
    """The player in ``seat`` as the replay names him: the dummy of a game of two by its word (болван)."""
    return words.player(d.player(seat))


def _shares(d: DealState) -> str:
    """Each player's tricks so far: ``Anna 1, Boris 0, Vera 0``."""
    parts = [f"{words.player(p)} {d.tricks[i]}" for i, p in enumerate(d.active)]
    if d.four and d.tricks[Seat.SITTING_OUT]:
        parts.append(f"{d.dealer} {d.tricks[Seat.SITTING_OUT]}")
    return ", ".join(parts)


def _tricks(d: DealState) -> str:
    return _("{shares} tricks").format(shares=_shares(d))


def dealt_notes(renderer: Renderer, deal: Deal | None) -> dict[str, str]:
    """The comments written on each hand and on the talon, as written after their rows."""
    if deal is None:
        return {}
    shown = {who: renderer.annotations(None, comments).strip() for who, comments in dealt_comments(deal)}
    return {who: "  " + text for who, text in shown.items() if text}


class TextReplay(StepRecorder):
    """The printed replay: the tags and comments of each game, every step as a line, the hands after
    the deal and after each trick, variations indented under the card they replace, and each deal's
    outcome (from the play, or from the result as written); ``deal`` limits it to one deal. A step is
    written once the next one begins (its violations come after it), so at most one step is held."""

    def __init__(self, renderer: Renderer, write: Callable[[str], None], deal: int | None = None) -> None:
        super().__init__()
        self.renderer, self.write, self.deal = renderer, write, deal
        self.depth = 0
        self.record: Deal | None = None
        self.first_card = True

    def begin_game(self, game: Game, rules: Rules) -> Skip | None:
        if self.deal is not None and not any(d.number == self.deal for d in game.deals):
            return SKIP
        if self.deal is None:
            self.write("")
            self._comments(game.preface)
            for tag in game.tags:
                self.write(f"{words.tag(tag.name)}: {words.tag_value(tag.name, tag.value)}")
            if not any(t.name == "Rules" for t in game.tags):
                self.write(_("{tag}: {name} (the default)").format(tag=words.tag("Rules"),
                                                                 name=words.tag_value("Rules", rules.name)))
            self._comments(game.comments)
        return None

    def _comments(self, comments: Iterable[Comment]) -> None:
        """Comments written on lines of their own, a line each (as :meth:`Renderer.annotations` shows them)."""
        for comment in comments:
            shown = self.renderer.annotations(None, (comment,)).lstrip()
            if shown:
                self.write(shown)

    def begin_deal(self, deal: Deal, state: GameState) -> Skip | None:
        if self.deal is not None and deal.number != self.deal:
            return SKIP
        self.record, self.first_card = deal, True
        return None

    def visit(self, event: Event, state: GameState) -> None:
        self._flush()
        if type(event) is CardPlayed and self.depth == 0 and self.first_card:
            self.first_card = False
            play = self.record.play if self.record is not None else None
            shown = self.renderer.annotations(None, play.comments).strip() if play is not None else ""
            if shown:
                self.write("  " + shown)
        super().visit(event, state)

    def begin_variation(self, variation: Variation, state: GameState) -> Skip | None:
        self._flush()
        note = self.renderer.annotations(None, variation.comments)
        self.write(INDENT * (self.depth + 1) + _("variation, instead:") + note)
        self.depth += 1
        return None

    def end_variation(self, state: GameState) -> None:
        self._flush()
        self.depth -= 1

    def end_deal(self, state: GameState) -> None:
        self._flush()

    def _flush(self) -> None:
        if not self.steps:
            return
        step = self.steps.pop()
        d = step.state.deal
        e = step.event
        indent = INDENT * self.depth
        if isinstance(e, DealStarted) and d is not None:
            self.write("")
            if self.record is not None:
                self._comments(self.record.preface)
        for text in self.renderer.line(step).split("\n"):
            self.write(indent + text)
        if d is not None and isinstance(e, (TrickCompleted, Dealt)):
            notes = dealt_notes(self.renderer, self.record) if isinstance(e, Dealt) else None
            for row in self.renderer.table(d, notes):
                self.write(indent + row)
