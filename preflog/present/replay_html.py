"""A game as one self-contained web page: ``preflog render``.

The replay (one walk, with the score sheet alongside) is recorded as data, each step with what the
table shows after it: the hands as they shrink, the trick, the tricks taken, the auction so far, the
status line, the comments and glyph, the violations, and in words for a screen reader. Variations are
branches of the step they replace. The page (``page.html``, ``page.css``, ``page.js`` beside this
module) draws one step at a time from that data: nothing of the game is worked out in the browser. It
loads nothing from outside and runs under ``default-src 'none'`` with hashes for its own code.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import resources
from typing import IO, Any

from ..i18n import LANGUAGES, N_, _, current_language, ngettext, pgettext, using_language
from ..game.conventions import Rules
from ..game.engine import advance
from ..game.events import (CallMade, CardPlayed, Claimed, ContractDeclared, DealEnded, DealStarted, Dealt, DefenceDecided,
                           Event, ResultRecorded, TalonTaken, TrickCompleted)
from ..game.state import DealState, GameState
from ..game.violations import Violation
from ..model.annotations import Comment, Glyph
from ..model.auction import Call, CallKind
from ..model.bids import Bid, Strain
from ..model.cards import Card, Rank, Suit, suit_name_after_no, write_card
from ..model.defence import DecisionKind
from ..model.game import Game
from ..model.play import Variation
from ..model.seating import DUMMY, Seat
from ..model.deal import Deal
from ..record.said import Outline, deal_words, outcome_words
from . import rules_summary
from ..analysis.annotate import DealAnalysis, analyse_steps, par_words
from ..steps import StepRecorder, dealt_comments, notes_of
from ..scoring.ledger import COLUMN_WORDS, Column
from ..sheet_words import entry_text, number_text
from ..scoring.pulka import ScoreSheet
from ..scoring.scorer import Scorer
from ..driver import SKIP, Skip, Visitor, Walker
from .. import words
from ..verdicts import message
from .pulka_svg import STYLE, sheet_svg
from .replay_text import Renderer

Line = dict[str, Any]  # {"steps": [...], "br": {index: [Line, ...]}, "note": str}
#: What poses a puzzle's deal on the page (:mod:`preflog.puzzles.page`): given the deal's data, its
#: recorder, the step of each card its record plays, its last step before the play's end and the step
#: its declarer takes the talon at (-1: none).
Posing = Callable[[dict[str, Any], "PageRecorder", Sequence[int], int, int], None]
#: What tells the page's data whether a game of one deal (the game's tags, its deal) is a puzzle to pose.
Pose = Callable[[Game, Deal], Posing | None]


def spoken(card: Card) -> str:
    """A card in words, for a screen reader: ``the king of hearts``."""
    return _("the {rank} of {suit}").format(rank=_(_RANKS[card.rank]), suit=suit_name_after_no(card.suit))


_RANKS = {Rank.SEVEN: N_("seven"), Rank.EIGHT: N_("eight"), Rank.NINE: N_("nine"), Rank.TEN: N_("ten"),
          Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"), Rank.KING: N_("king"), Rank.ACE: N_("ace")}
_LEVELS = {6: N_("six {suit}"), 7: N_("seven {suit}"), 8: N_("eight {suit}"), 9: N_("nine {suit}"),
           10: N_("ten {suit}")}


def spoken_bid(bid: Bid) -> str:
    """A bid in words: ``seven hearts``, ``eight no trump``, ``misère``."""
    if bid.is_misere:
        return _("misère")
    strain = (_("no trump") if bid.strain is Strain.NO_TRUMP else
              suit_name_after_no(Suit(bid.strain.value)) if bid.strain is not None else "")
    return _(_LEVELS[bid.level]).format(suit=strain).strip()


def spoken_call(call: Call) -> str:
    """A call in words: ``passes``, ``bids seven hearts dark``, ``says here``."""
    how = _(" dark") * call.dark + _(" without the talon") * call.hand
    if call.kind is CallKind.PASS:
        return _("passes") + how
    if call.kind is CallKind.HERE:
        return _("says here")
    return _("bids {bid}").format(bid=spoken_bid(call.bid)) + how if call.bid is not None else _("bids")


class PageRecorder(Visitor):
    """Records each deal's steps as the page shows them (a visitor of the one replay, beside a Scorer,
    which is visited first, so that a deal's entries are on the sheet when its end is recorded). Each
    deal's data goes to ``recorded``, the game's ``"deals"`` unless a reader takes the deals as they
    come (:func:`game_data`), the main line's step of each card it plays to ``card_steps``, and the
    step its declarer takes the talon at to ``talon_steps``."""

    def __init__(self, scorer: Scorer, *, deal: int | None = None) -> None:
        self.scorer, self.only = scorer, deal
        self.renderer = Renderer(unicode=True, ten="10")  # the ten as the table draws it, 10♠, in any language
        self.last: Event | None = None  # the event of the step before (a trick's last card is told with its winner)
        self._said: tuple[str, list[str]] = ("", [])  # the status line and the parts of the step before
        self._spelled: dict[int, tuple[Any, Any, list[str] | None]] = {}  # per seat: its hand, known cards, spelling
        self.games: list[dict[str, Any]] = []
        self.handless = False  # whether the deal replayed is recorded without its hands
        self.card_steps: list[list[int]] = []  # per deal recorded: the main line's step of each card played
        self.play_ends: list[int] = []  # per deal recorded: the main line's last step before a claim or the result
        self.talon_steps: list[int] = []  # per deal recorded: the main line's step of the talon taken (-1: none)

    def begin_game(self, game: Game, rules: Rules) -> None:
        seats = list(game.players) + ([DUMMY] if len(game.players) == 2 else [])
        # the rules said once, «сочинка, как обычно» or what differs, every option folded under it
        tags = [[words.tag(t.name), rules_summary.summary(rules) if t.name == "Rules" else words.tag_value(t.name, t.value)]
                for t in game.tags if not t.name.startswith("Rule.")]
        if not any(t.name == "Rules" for t in game.tags):
            tags.append([words.tag("Rules"), _("{rules} (the default)").format(rules=rules_summary.summary(rules))])
        self.game: dict[str, Any] = {"title": game.tag("Event") or "", "players": list(game.players),
                                     "seats": [words.player(s) for s in seats], "rules": rules.name, "tags": tags,
                                     "options": [list(o) for o in rules_summary.every_option(rules)], "deals": []}
        self.game["notes"] = [c.text for c in (*game.preface, *game.comments) if not c.line_note and c.text.strip()]
        self.seats = seats
        self.recorded: list[dict[str, Any]] = self.game["deals"]
        self.lines: list[Line] = []
        self.deal: dict[str, Any] | None = None
        self.games.append(self.game)

    def begin_deal(self, deal: Any, state: GameState) -> Skip | None:
        self.handless = deal.hands is None  # recorded without its cards (as a scorer's keypad records a deal)
        return SKIP if self.only is not None and deal.number != self.only else None

    def visit(self, event: Event, state: GameState) -> None:
        d = state.deal
        if type(event) is DealStarted:
            self.deal = {"n": event.number, "dealer": event.dealer, "calls": [], "entries": [],
                         "from": len(self.scorer.pulka.entries)}
            self.lines = [{"steps": [], "br": {}}]
            self._spelled.clear()
            self.recorded.append(self.deal)
            self.card_steps.append([])
            self.play_ends.append(0)
            self.talon_steps.append(-1)
        if d is None or self.deal is None:
            return
        glyph, comments = notes_of(event)
        step = self._step(event, d)
        notes = _noted(glyph, comments)
        if notes and type(event) is not Dealt:
            step["n"] = notes
        if type(event) is Dealt:
            if any(h is not None for h in d.hands):
                self.deal["dealt"] = 1  # the step before says «not dealt yet», not «cards not recorded»
            dealt = [f"{who}: {_noted(None, c)}" for who, c in _dealt(event) if _noted(None, c)]
            if dealt:
                step["n"] = "; ".join(dealt)
        line = self.lines[-1]
        if len(self.lines) == 1 and len(d.calls) > len(self.deal["calls"]):
            seat, call = d.calls[-1]
            self.deal["calls"].append([self.seats.index(d.player(seat)), words.call(call, unicode=True), notes])
        if type(event) is CardPlayed and len(self.lines) == 1:
            self.card_steps[-1].append(len(line["steps"]))
        if type(event) is TalonTaken and len(self.lines) == 1:
            self.talon_steps[-1] = len(line["steps"])
        if len(self.lines) == 1 and not isinstance(event, (Claimed, ResultRecorded, DealEnded)):
            self.play_ends[-1] = len(line["steps"])
        line["steps"].append(step)
        if type(event) is DealEnded and len(self.lines) == 1:
            written = self.scorer.pulka.entries  # this deal's are those written since it started
            self.deal["entries"] = [entry_text(e) for e in written[self.deal.pop("from"):]]
            self._told(d, played=bool(self.card_steps[-1]) or any("tr" in s for s in line["steps"]))

    def visit_violation(self, violation: Violation, state: GameState) -> None:
        text = f"{violation.code}: {message(violation)}"
        if self.deal is not None and self.lines and self.lines[-1]["steps"]:
            self.lines[-1]["steps"][-1].setdefault("v", []).append(text)
        else:  # the game's own (its rules tags), before any deal
            self.game.setdefault("v", []).append(text)

    def begin_variation(self, variation: Variation, state: GameState) -> Skip | None:
        parent = self.lines[-1]
        branch: Line = {"steps": [], "br": {},
                        "note": _noted(None, variation.comments)}
        parent["br"].setdefault(len(parent["steps"]) - 1, []).append(branch)
        self.lines.append(branch)
        self.last = None  # nothing is carried over from the line left
        return None

    def end_variation(self, state: GameState) -> None:
        self.lines.pop()
        self.last = None

    def end_deal(self, state: GameState) -> None:
        if self.deal is not None and self.lines:
            self.deal["line"] = _compact(self.lines[0])
            errors = _violations(self.deal["line"])
            if errors:
                self.deal["errors"] = errors
        self.deal = None

    def end_game(self, state: GameState) -> None:
        sheet = self.scorer.pulka.sheet()
        self.game["pulka"] = sheet_svg(sheet, title=self.game["title"] or None, numbered=True)
        self.game["records"] = _records(sheet)

    def result(self) -> list[dict[str, Any]]:
        return self.games

    def played_out(self, state: GameState, cards: Iterable[Card]) -> Line:
        """The line of ``cards`` played from ``state`` (a line the record does not hold: a puzzle's best
        play or refutation), each step as the deal's own show the table, compacted as they are, and with
        the player to move after it (``"m"``, his seat; none while a full trick is on the table and after
        the tenth)."""
        kept = self.last, self._said, self.lines
        self.last, self.lines = None, [{"steps": [], "br": {}}]
        try:
            for event, after, _found in advance(state, [CardPlayed(c) for c in cards]):
                if after.deal is None:
                    break
                step = self._step(event, after.deal)
                mover = after.deal.to_play if after.deal.completed < 10 and len(after.deal.trick) < 3 else None
                if mover is not None:
                    step["m"] = self.seats.index(after.deal.player(mover))
                self.lines[-1]["steps"].append(step)
            return _compact(self.lines[-1])
        finally:
            self.last, self._said, self.lines = kept

    def _step(self, event: Event, d: DealState) -> dict[str, Any]:
        """What the table shows after ``event``."""
        if type(event) is CardPlayed and type(self.last) in (CardPlayed, TrickCompleted):
            status, roles = self._said  # a card changes neither the status line nor anyone's part
        else:
            status, roles = self._said = self.renderer.status(d), self._roles(d)
        step: dict[str, Any] = {"t": self.renderer.describe(event, d).strip(), "s": status,
                                "h": self._hands(d), "w": self._tricks(d), "a": len(d.calls), "r": roles}
        if d.discard is not None:
            step["dc"] = [write_card(c) for c in d.discard]
        talon = d.talon_card  # leading the trick in play: shown first, as seat -1
        if d.trick:
            step["k"] = ([[-1, write_card(talon)]] if talon is not None else []) + \
                [[self.seats.index(d.player(s)), write_card(c)] for s, c in d.trick]
        if type(event) is TrickCompleted:
            line = self.lines[-1]["steps"]
            shown = line[-1].get("k", []) if line else []  # the last card's step held the whole trick
            step["k"] = shown if len(shown) >= len(event.cards) else \
                [[-2, write_card(c)] for c in event.cards]  # who played which is not known
            step["tr"] = event.number
            if event.winner is not None:
                step["win"] = self.seats.index(event.winner)
                if line and type(self.last) is CardPlayed:
                    line[-1]["say"] += _("; {winner} wins the trick").format(winner=words.player(event.winner))
            won = ", ".join(f"{words.player(name)} {n}" for name, n in zip(self.seats, step["w"])
                            if d.seat(name) is not None)
            step["say"] = (_("{winner} wins trick {number}").format(winner=words.player(event.winner),
                                                                    number=event.number) if event.winner else
                           _("trick {number} goes to nobody").format(number=event.number)) + "; " + _(
                               "tricks: {tricks}").format(tricks=won)
        elif type(event) is CallMade and d.calls and d.calls[-1][1] is event.call:
            step["say"] = f"{words.player(d.player(d.calls[-1][0]))} {spoken_call(event.call)}"
        elif type(event) is ContractDeclared and d.declarer is not None:
            step["say"] = ((_("{player} declares totus {bid}") if d.totus else _("{player} declares {bid}")).format(
                player=words.player(d.player(d.declarer)), bid=spoken_bid(event.bid)))
        elif type(event) is DefenceDecided and d.last_speaker is not None:
            step["say"] = f"{words.player(d.player(d.last_speaker))} {_defence_said(event.kind)}"
        elif type(event) is CardPlayed and d.trick:
            seat = d.trick[-1][0]
            shows = _("the talon shows {spoken}; ").format(
                spoken=spoken(talon)) if talon is not None and len(d.trick) == 1 else ""
            step["say"] = _("{shows}{player} plays {spoken}").format(shows=shows, player=words.player(d.player(seat)),
                                                                     spoken=spoken(event.card))
        if d.talon is not None and not d.talon_taken:
            turned = min(2, d.completed + (1 if d.trick else 0)) if d.talon_leads else 0
            if d.talon[turned:]:
                step["x"] = [write_card(c) for c in d.talon[turned:]]
        self.last = event
        return step

    def _roles(self, d: DealState) -> list[str]:
        """Each seat's part in the deal so far: declarer, whist, half-whist, pass (or nothing yet)."""
        said = {seat: _ROLES[kind] for seat, kind in d.decisions}
        out = []
        for name in self.seats:
            seat = d.seat(name)
            out.append("" if seat is None else "declarer" if seat == d.declarer else
                       "dummy" if seat == d.dummy else said.get(seat, ""))
        return out

    def _hands(self, d: DealState) -> list[list[str] | None]:
        """Each seat's hand, spelled (a hand unchanged since the step before keeps its spelling: a card
        changes one hand)."""
        out: list[list[str] | None] = []
        for i, name in enumerate(self.seats):
            seat = d.seat(name)
            if seat is None or seat is Seat.SITTING_OUT:
                out.append([])
                continue
            hand, known = d.hands[seat], d.known[seat]
            before = self._spelled.get(i)
            if before is not None and before[0] is hand and before[1] is known:
                out.append(before[2])
                continue
            if hand is None:
                spelled = None if known is None else [write_card(c) for c in _sorted(known)] + ["?"]
            else:
                spelled = [write_card(c) for c in _sorted(hand)]
            self._spelled[i] = (hand, known, spelled)
            out.append(spelled)
        return out

    def _tricks(self, d: DealState) -> list[int | None]:
        """Each seat's tricks: as played; before any trick is played, as the result writes them (None for
        a player it does not count), or None for all while neither the cards nor the result are known
        (a deal recorded without its hands: never a count of 0 nobody recorded)."""
        if not d.completed and not d.trick and not d.claimed:
            if d.result is not None:
                taken = dict(Outline.of(d).tricks)
                return [taken.get(name) for name in self.seats]
            if self.handless:
                return [None] * len(self.seats)
        out: list[int | None] = []
        for name in self.seats:
            seat = d.seat(name)
            out.append(0 if seat is None else d.tricks[seat])
        return out

    def _told(self, d: DealState, *, played: bool) -> None:
        """The deal's data with what the page says of a part the record leaves out (``gaps``: the
        auction, the play) and, for a deal whose play is not recorded (as a scorer's keypad records
        one), the deal told as the game's page tells it (``told``): the contract and its declarer, each
        defender's word, the tricks taken and how it went (:mod:`preflog.record.said`)."""
        assert self.deal is not None
        outline = Outline.of(d)
        gaps: dict[str, str] = {}
        if not self.deal["calls"]:
            gaps["calls"] = _("auction not recorded")
        if not played:
            gaps["play"] = _("the deal is not played") if outline.unplayed else _("play not recorded")
            self.deal["told"] = {"head": _("Deal {number} as recorded").format(number=d.number),
                                 "said": deal_words(outline), "outcome": outcome_words(outline)}
            if not self.deal["entries"]:
                gaps["entries"] = _("nothing is written on the sheet")
        if gaps:
            self.deal["gaps"] = gaps


def _records(sheet: ScoreSheet) -> list[list[Any]]:
    """The pulka written out, for a screen too narrow for its drawing's numbers: each player's pool,
    mountain and whists on each other player as running records, each number with the deal that wrote
    it (the page shows those of the deals played so far, as it does on the drawing)."""
    def steps(player: str, column: Column, on: str | None = None) -> list[list[Any]]:
        return [[number_text(total), entries[0].deal] for total, entries in sheet.steps(player, column, on)]
    return [[p, [[_(COLUMN_WORDS[Column.POOL]), steps(p, Column.POOL)],
                 [_(COLUMN_WORDS[Column.MOUNTAIN]), steps(p, Column.MOUNTAIN)],
                 *([_("whists on {on}").format(on=words.player(q)), steps(p, Column.WHISTS, q)]
                   for q in sheet.players if q != p)]]
            for p in sheet.players]


def _noted(glyph: Glyph | None, comments: Iterable[Comment]) -> str:
    """A glyph and the comments as the page shows them: their text, without the notation's braces
    (``%`` notes are the file's own, never shown)."""
    said = [c.text.strip() for c in comments if not c.line_note]
    return " ".join(([glyph.value] if glyph is not None else []) + said).strip()


def _dealt(event: Dealt) -> Iterable[tuple[str, Any]]:
    """The comments on the hands and the talon of the deal an event deals."""
    return dealt_comments(event.source) if isinstance(event.source, Deal) else ()


def _sorted(cards: Iterable[Card]) -> list[Card]:
    """By suit in the ladder's order, high cards first (as the text replay shows a hand)."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


#: What a step may leave out when it is what the step before it in its line showed (the page carries it on).
CARRIED = ("h", "w", "s", "a", "r", "dc")


def _defence_said(kind: DecisionKind) -> str:
    """A defender's word, told as what the player does: whists, passes, says half-whist."""
    return {DecisionKind.WHIST: pgettext("defender", "whists"), DecisionKind.PASS: pgettext("defender", "passes"),
            DecisionKind.HALF: pgettext("defender", "says half-whist")}[kind]


_ROLES = {DecisionKind.WHIST: "whist", DecisionKind.PASS: "pass", DecisionKind.HALF: "half-whist"}


def _compact(line: Line) -> Line:
    """A line without empty parts, and each step without what it repeats of the one before (its JSON is
    much smaller: the hands change once in three steps)."""
    steps = line["steps"]
    for before, step in zip(reversed(steps[:-1]), reversed(steps[1:])):  # from the end: each compared whole
        for key in CARRIED:
            if key in step and step[key] == before.get(key):
                del step[key]
    out: Line = {"steps": steps}
    if line["br"]:
        out["br"] = {str(k): [_compact(b) for b in v] for k, v in line["br"].items()}
    if line.get("note"):
        out["note"] = line["note"]
    return out


def games_data(games: Iterable[Game], *, deal: int | None = None, rules: Rules | str | None = None,
               analyse: bool = False, pose: Pose | None = None) -> list[dict[str, Any]]:
    """The page's data for each game: its deals, steps and branches, and its pulka; with ``analyse``,
    each played card's double-dummy values (:mod:`preflog.analysis`) from the same walk; with ``pose``
    (:func:`preflog.puzzles.page.pose`), each puzzle posed for the page's solve mode."""
    return list(iter_games_data(games, deal=deal, rules=rules, analyse=analyse, pose=pose))


def iter_games_data(games: Iterable[Game], *, deal: int | None = None, rules: Rules | str | None = None,
                    analyse: bool = False, pose: Pose | None = None) -> Iterator[dict[str, Any]]:
    """The data of :func:`games_data`, a game at a time (memory: one game's)."""
    for game in games:
        data = game_data(game, deal=deal, rules=rules, analyse=analyse, pose=pose)
        data["deals"] = list(data["deals"])
        yield data


def game_data(game: Game, deals: Iterable[Deal] | None = None, *, deal: int | None = None,
              rules: Rules | str | None = None, analyse: bool = False, pose: Pose | None = None) -> dict[str, Any]:
    """The page's data of ``game`` as :func:`write_page` takes it, a deal at a time: its ``"deals"`` an
    iterator giving each deal's data as the deal is replayed, so that memory holds one deal's data and
    the game's sheet however long the game. The deals are ``deals`` if given (a reader's as it reads
    them, ``game`` then its tag block), else the game's own; what follows them in the game's data (its
    pulka) is there once the iterator is done. A game ``pose`` finds a puzzle is posed (see
    :func:`games_data`)."""
    scorer = Scorer()
    recorder = PageRecorder(scorer, deal=deal)
    steps = StepRecorder() if analyse else None
    walker = Walker(scorer, recorder, *(() if steps is None else (steps,)), rules=rules)
    walker.begin_game(game)
    data = recorder.game
    data["deals"] = _replayed(walker, recorder, steps, game, game.deals if deals is None else deals, pose)
    return data


def _replayed(walker: Walker, recorder: PageRecorder, steps: StepRecorder | None, game: Game,
              deals: Iterable[Deal], pose: Pose | None) -> Iterator[dict[str, Any]]:
    """Each deal's page data as the deal is replayed (with its double-dummy values where ``steps``
    records the replay's steps; posing its question where ``pose`` finds ``game`` a puzzle), none kept
    once handed on; then the game's end."""
    posing = None
    if pose is not None:  # a puzzle is a game of one deal: two read ahead tell it
        deals = iter(deals)
        ahead = list(itertools.islice(deals, 2))
        posing = pose(game, ahead[0]) if len(ahead) == 1 else None
        deals = itertools.chain(ahead, deals)
    for deal in deals:
        walker.deal(deal)
        if steps is not None:
            # a deal left out (``--deal``) is not valued, nor a puzzle posed: its values are its answer
            if recorder.recorded and posing is None:
                for data, plays, analysis in zip(recorder.recorded, recorder.card_steps, analyse_steps(steps.steps)):
                    _with_analysis(data, plays, analysis, recorder.seats)
            steps.steps.clear()
        if posing is not None:
            for data, plays, end, talon in zip(recorder.recorded, recorder.card_steps, recorder.play_ends,
                                               recorder.talon_steps):
                posing(data, recorder, plays, end, talon)
        yield from recorder.recorded
        recorder.recorded.clear()
        recorder.card_steps.clear()
        recorder.play_ends.clear()
        recorder.talon_steps.clear()
    walker.end_game()


def _with_analysis(deal: dict[str, Any], plays: list[int], analysis: DealAnalysis, seats: list[str]) -> None:
    """A deal's page data with its analysis: the par (or why there is none) on the deal; on the step
    before each played card, the player to move, the player counted, every legal card's value and the
    best cards (``dd``); on the card's own step, the counted player's value before and after it and
    what it cost (``dp``). ``seats``: the game's seats as the replay names them (the dummy too)."""
    if analysis.skipped is not None:
        deal["dd"] = {"skip": analysis.skipped}
        return
    deal["dd"] = {"par": par_words(analysis)}
    if analysis.stopped is not None:
        deal["dd"]["stop"] = analysis.stopped
    steps = deal["line"]["steps"]
    for value in analysis.cards:
        if value.index >= len(plays):
            break
        at = plays[value.index]
        steps[at - 1]["dd"] = [seats.index(value.player), seats.index(value.counted),
                               {write_card(c): v for c, v in value.values.items()}, [write_card(c) for c in value.best]]
        steps[at]["dp"] = [seats.index(value.counted), value.before, value.after, value.cost]


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("page").joinpath(name).read_text(encoding="utf-8")


def csp_hash(text: str) -> str:
    """The source of ``text`` in a content security policy: its SHA-256, as CSP writes it."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


@functools.cache
def policy() -> str:
    """The page's content security policy: its own style and script by their hashes, nothing else
    (what :func:`write_page` writes in the page, and a server sends as its header)."""
    return (f"default-src 'none'; style-src {csp_hash(_asset('page.css'))} {csp_hash(STYLE)}; "
            f"script-src {csp_hash(_asset('page.js'))}; img-src data:")


def page(games: Iterable[Game], *, deal: int | None = None, seat: str | None = None, title: str | None = None,
         rules: Rules | str | None = None, analyse: bool = False, lang: str | None = None,
         back: str | None = None, pose: Pose | None = None) -> str:
    """The HTML page of ``games`` (or of deal ``deal`` of each), opening on ``seat``'s view if given;
    with ``analyse``, the double-dummy value of every card a player could play, at each card; with
    ``pose``, each puzzle in solve mode (:func:`games_data`); in
    ``lang`` (default: the current language); served by a site, with its header and ``back`` the
    address of the game's own page (:func:`write_page`)."""
    with using_language(lang):
        return page_of(games_data(games, deal=deal, rules=rules, analyse=analyse, pose=pose), seat=seat, title=title,
                       back=back)


def page_of(games: list[dict[str, Any]], *, seat: str | None = None, title: str | None = None,
            back: str | None = None) -> str:
    """The page for the games' data made by :func:`games_data`, opening on ``seat``'s view if given."""
    out = io.StringIO()
    write_page(out, games, seat=seat, title=title, back=back)
    return out.getvalue()


def write_page(out: IO[str], games: Iterable[dict[str, Any]], *, seat: str | None = None,
               title: str | None = None, back: str | None = None) -> None:
    """Write the page for the games' data (:func:`iter_games_data`, or :func:`game_data` a deal at a
    time) to ``out`` as it comes, so that memory holds one game's data however long the file, or one
    deal's however long the game: the page's words, style and script, then each game's data. Its
    title is ``title``, or the first game's. With ``back`` (a site's page of a deal: the address of
    its game's page), the page opens with the site's header (:func:`site_header`)."""
    games = iter(games)
    first = next(games, None)
    css, js = _asset("page.css"), _asset("page.js")
    head: dict[str, Any] = {"seat": seat, "carried": CARRIED, "lang": current_language(),
                            "tr": _page_words(current_language()), "ranks": _ranks(), "spoken": _spoken_ranks()}
    csp = policy()
    name = title or (first["title"] if first is not None and first["title"] else "") or _("preflog replay")
    parts = {"csp": _attr(csp), "title": _text(name), "css": css, "js": js, "lang": current_language(),
             "site": site_header(back) if back is not None else ""}
    html = _WORD.sub(lambda m: m.group(1) + _text(_(m.group(2))) + m.group(3), _asset("page.html"))
    before, after = html.split("{data}")
    out.write(_SLOT.sub(lambda m: parts[m.group(1)], before))  # one pass: no part is read as a slot
    out.write(_data(head)[:-1] + ',"games":[')
    for number, game in enumerate(games if first is None else itertools.chain([first], games)):
        if number:
            out.write(",")
        _write_game(out, game)
    out.write("]}")
    out.write(_SLOT.sub(lambda m: parts[m.group(1)], after))


def _write_game(out: IO[str], game: dict[str, Any]) -> None:
    """Write one game's data, its deals one at a time as they come (a list, or the iterator of
    :func:`game_data`, after which the rest of the game's data is read): the same text as ``_data(game)``."""
    keys = list(game)
    at = keys.index("deals")
    before = _data({key: game[key] for key in keys[:at]})[:-1]
    out.write(before + ("," if before != "{" else "") + '"deals":[')
    for number, deal in enumerate(game["deals"]):
        out.write(("," if number else "") + _data(deal))
    after = _data({key: game[key] for key in list(game)[at + 1:]})[1:]
    out.write("]" + ("," if after != "}" else "") + after)


def _data(value: Any) -> str:
    """``value`` as the page's data: JSON with no markup in it."""
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return body.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_SLOT = re.compile(r"\{(csp|title|css|js|lang|site)\}")
#: Each language by its own name, as the site's header offers it.
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}


def site_header(back: str) -> str:
    """The header of a site's page of a deal, as the site's other pages have it: the site's name (its
    home), the way back to the game's page (``back``), and the languages, each the same page in it."""
    here = current_language()
    current = ' aria-current="true"'
    langs = "".join(f'<a href="?lang={code}" lang="{code}"{current if code == here else ""}>'
                    f'{_text(LANGUAGE_NAMES.get(code, code))}</a>' for code in LANGUAGES)
    site, game = _attr(_("the site")), _text(_("back to the game"))
    return (f'<nav class="site" aria-label="{site}"><a class="home" href="/">preflog</a>'
            f'<a class="back" href="{_attr(back)}"><span aria-hidden="true">← </span>{game}</a>'
            f'<span class="langs">{langs}</span></nav>\n')
#: The words of the page's frame (page.html), each in the language of the page: an element's text or a
#: title or aria-label attribute (the attribute values and texts of page.html hold no quotes or markup).
_WORD = re.compile(r'(>|(?:title|aria-label)=")([A-Za-z][^<>"{}]*?)(<|")')
_PAGE_WORDS = (  # page.html's words, for the catalog
    N_("deals and steps"), N_("Deal"), N_("previous deal (b)"), N_("previous deal"), N_("the deal's first step (Home)"),
    N_("a trick back (Shift+←)"), N_("a step back (←)"), N_("a step forward (→)"), N_("a trick forward (Shift+→)"),
    N_("the deal's last step (End)"), N_("next deal (n)"), N_("next deal"),
    N_("show every hand, or only the chosen seat's"), N_("all hands"), N_("the table"), N_("This game"),
    N_("Auction"), N_("Tricks"), N_("Written on the sheet"), N_("Every rule of the game"),
    N_("back"), N_("forward"), N_("start"), N_("trick"), N_("end"), N_("try again"), N_("Show the solution"),
    N_("next puzzle"), N_("the line and the puzzles"),
)
#: A word the page's script says (page.js): ``_("…")`` or ``ngettext("…", "…", n)``.
_SCRIPT_WORD = re.compile(r'\b(_|ngettext)\("((?:[^"\\]|\\.)*)"(?:, "((?:[^"\\]|\\.)*)")?')


def _ranks() -> dict[str, str]:
    """The ranks as the page writes them on its cards (the data's cards are the notation's, ``Th``): those
    the language spells otherwise than the notation (Russian: 10 В Д К Т); the page writes the ten as 10
    in any language."""
    return {r.letter: words.rank(r) for r in Rank if words.rank(r) != r.letter}


def _spoken_ranks() -> dict[str, str]:
    """Each rank in words, by its letter in the data's cards (``Q``: queen, дама), for a card's name as a
    screen reader says it (``queen of spades``, ``дама пик``)."""
    return {r.letter: _(_RANKS[r]) for r in Rank}


@functools.cache
def _page_words(lang: str) -> dict[str, str | list[str]]:
    """The translations of the words the page's script says, in ``lang`` (none for English): a word's
    text, or for a word with a number its forms (the script picks one by the language's rule). Worked
    out once a language: the script is the package's own."""
    if lang == LANGUAGES[0]:
        return {}
    out: dict[str, str | list[str]] = {}
    with using_language(lang):
        for kind, one, many in _SCRIPT_WORD.findall(_asset("page.js")):
            if kind == "_":
                said = _(one)
                if said != one:
                    out[one] = said
            else:
                out[one] = [ngettext(one, many, n) for n in (1, 2, 5)]
    return out


def _violations(line: Line) -> int:
    """The rule violations in a line's steps and its branches."""
    return sum(len(step.get("v", ())) for step in line["steps"]) + sum(
        _violations(branch) for branches in line.get("br", {}).values() for branch in branches)


def frame(game: Game, height: int = 760) -> str:
    """The game's page in an ``iframe`` of its own (a notebook's output: the page's policy and code stay
    inside the frame)."""
    return (f'<iframe srcdoc="{_attr(page([game]))}" width="100%" height="{height}" '
            f'title="{_attr(_("preflog replay"))}"></iframe>')


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(value: str) -> str:
    return _text(value).replace('"', "&quot;")


__all__ = ["LANGUAGE_NAMES", "csp_hash", "PageRecorder", "frame", "game_data", "games_data", "iter_games_data", "page",
           "page_of", "policy", "site_header", "spoken", "spoken_bid", "spoken_call", "write_page"]
