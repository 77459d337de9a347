"""A game's played cards valued double-dummy, and the game annotated with what that finds.

``analyse(game)`` replays the game once (:func:`preflog.replay`) and values every card of each deal's
main line whose hands are all known: the value of the position before the card, after it, and of
every card that could have been played. ``annotate(game, analyses)`` writes that into the game: the
par on the deal's header, ``?`` on a card that costs its side a trick, ``??`` on one that costs two or
more, with a comment naming the best cards. Every annotation it adds is a comment beginning with
:data:`MARK`, so that :func:`strip_analysis` takes them out again, the glyphs they added with them
(those of :mod:`.decisions` too, on the contract, the discard and the defenders' words).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar, cast

import attrs

from ..i18n import N_, _, using_language
from ..game.conventions import Rules
from ..game.events import CardPlayed, DealStarted
from ..game.legal import legal_cards
from ..game.state import DealState
from ..model.annotations import Comment, Glyph
from ..model.cards import Card
from ..model.auction import Contract
from ..model.deal import Deal, Discard
from ..model.defence import Decision
from ..model.game import Game
from ..model.play import PlayedCard, Variation
from ..steps import Step, replay
from .. import words
from .solve import Analyst, Goal, Solution, Unsolvable

#: How an annotation added by the analysis begins (docs/analysis.md).
MARK = "dd:"
#: Why a deal whose play cannot start (no contract reached, the deal not finished) has no values.
NOT_PLAYED = N_("the deal is not played")


@attrs.frozen
class CardValue:
    """One played card and the :class:`~preflog.analysis.solve.Solution` of the position it was
    played in: the value before it, after it, and of each legal card, counted in ``counted``'s tricks
    at the end of the deal."""

    index: int                    # the card's place in the deal's ``play`` line, from 0
    card: Card
    solution: Solution

    @property
    def player(self) -> str:
        return self.solution.to_play

    @property
    def counted(self) -> str:
        return self.solution.player

    @property
    def before(self) -> int:
        return self.solution.value

    @property
    def after(self) -> int:
        return self.solution.values[self.card]

    @property
    def values(self) -> dict[Card, int]:
        return self.solution.values

    @property
    def best(self) -> tuple[Card, ...]:
        return self.solution.best

    @property
    def cost(self) -> int:
        """The tricks the card costs its player's side (0 for a best card)."""
        return self.before - self.after if self.solution.maximises else self.after - self.before


@attrs.frozen
class DealAnalysis:
    """A deal's values: ``par`` from the start of play (the declarer's tricks, or in an all-pass each
    player's), and its played cards; ``skipped`` says why a deal has none."""

    deal: int
    goal: Goal | None = None
    declarer: str | None = None
    par: int | dict[str, int] | None = None
    cards: tuple[CardValue, ...] = ()
    skipped: str | None = None
    stopped: str | None = None    # why the values end before the last card played

    def to_json(self) -> dict[str, object]:
        """The plain-data form ``preflog analyse --format json`` prints."""
        if self.skipped is not None:
            return {"deal": self.deal, "skipped": self.skipped}
        out: dict[str, object] = {"deal": self.deal, "goal": self.goal.value if self.goal else None,
                                  "declarer": self.declarer, "par": self.par, "cards": [
            {"index": c.index, "trick": c.index // 3 + 1, "card": str(c.card), "player": c.player,
             "counted": c.counted, "before": c.before, "after": c.after, "cost": c.cost,
             "best": [str(b) for b in c.best], "values": {str(k): v for k, v in c.values.items()}}
            for c in self.cards]}
        if self.stopped is not None:
            out["stopped"] = self.stopped
        return out


def analyse(game: Game, rules: Rules | str | None = None, *, lang: str | None = None) -> list[DealAnalysis]:
    """The double-dummy values of every deal of ``game`` (its own rules, or ``rules``)."""
    with using_language(lang):
        return analyse_steps(replay(game, rules).steps)


def analyse_steps(steps: Sequence[Step]) -> list[DealAnalysis]:
    """The values of the deals whose steps these are: a replay's, or a
    :class:`~preflog.steps.StepRecorder`'s fed in the same walk as other visitors (the web page)."""
    return [_analyse_deal(part) for part in deals_of(steps)]


def deals_of(steps: Sequence[Step]) -> Iterator[Sequence[Step]]:
    """The steps of each deal, from its ``DealStarted`` on."""
    start = 0
    for i in range(1, len(steps) + 1):
        if i == len(steps) or type(steps[i].event) is DealStarted:
            part = steps[start:i]
            if part and part[0].state.deal is not None:
                yield part
            start = i


def plays_of(steps: Sequence[Step]) -> tuple[list[int], int | None]:
    """The steps of one deal's steps that play a card, and the step after which the first card is to be
    played (None: the deal does not come to its play)."""
    plays = [i for i, s in enumerate(steps) if type(s.event) is CardPlayed and i > 0]
    return plays, plays[0] - 1 if plays else _start_of_play(steps)


def stopped_at(index: int, step: Step, reason: str | None = None) -> str:
    """Where a deal's valuation stops: the ``index``-th card played (``step``), breaking a rule or, with
    ``reason``, not solved."""
    card = words.card(_card_of(step))
    if reason is None:
        return _("card {n} ({card}), which breaks a rule").format(n=index + 1, card=card)
    return _("card {n} ({card}): {reason}").format(n=index + 1, card=card, reason=reason)


def _analyse_deal(steps: Sequence[Step]) -> DealAnalysis:
    number = steps[0].state.deal.number  # type: ignore[union-attr]
    plays, start = plays_of(steps)
    if start is None:
        return DealAnalysis(number, skipped=_(NOT_PLAYED))
    first = steps[start].state
    d0: DealState = first.deal  # type: ignore[assignment]
    unplayed = _unplayed(d0, [steps[i] for i in plays])
    d0 = _without(d0, unplayed)  # type: ignore[assignment]
    try:
        analyst = Analyst(d0, first.rules)
        par = analyst.par(d0)
    except Unsolvable as exc:
        return DealAnalysis(number, skipped=str(exc))
    declarer = None if analyst.goal is Goal.ALL_PASS else d0.player(d0.declarer)
    cards: list[CardValue] = []
    stopped = None
    guess = par if isinstance(par, int) else None
    for index, i in enumerate(plays):
        step = steps[i]
        before = _without(steps[i - 1].state.deal, unplayed)
        if step.violations or before is None:
            stopped = stopped_at(index, step)
            break
        try:
            solution = analyst.solve(before, guess if analyst.goal is not Goal.ALL_PASS else None)
        except Unsolvable as exc:
            stopped = stopped_at(index, step, str(exc))
            break
        card = CardValue(index, _card_of(step), solution)
        cards.append(card)
        guess = card.after
    return DealAnalysis(number, analyst.goal, declarer, par, tuple(cards), stopped=stopped)


def _card_of(step: Step) -> Card:
    return cast(CardPlayed, step.event).card


def _start_of_play(steps: Sequence[Step]) -> int | None:
    """The step after which the first card is to be played, in a deal whose play is not written."""
    for i, step in enumerate(steps):
        d = step.state.deal
        if d is not None and d.completed == 0 and not d.trick and legal_cards(d):
            return i
    return None


def _unplayed(d: DealState, plays: Sequence[Step]) -> frozenset[Card]:
    """The declarer's discard when the record does not give it but his hand and all ten of his cards
    played do: the two cards of his twelve he never played."""
    seat = d.declarer
    if seat is None or d.discard is not None or not d.talon_taken:
        return frozenset()
    hand = d.hands[seat]
    if hand is None or len(hand) != 12:
        return frozenset()
    played = frozenset(map(_card_of, plays)) & hand
    return hand - played if len(played) == 10 else frozenset()


def _without(d: DealState | None, unplayed: frozenset[Card]) -> DealState | None:
    if not unplayed or d is None or d.declarer is None:
        return d
    hands = list(d.hands)
    hands[d.declarer] = hands[d.declarer] - unplayed  # type: ignore[operator]
    return attrs.evolve(d, hands=tuple(hands))


# ---- writing it into the game ---------------------------------------------------------------------

def par_text(analysis: DealAnalysis) -> str:
    """The par as the deal's header comment says it: ``dd: par Boris 8`` or, for an all-pass, each
    player's fewest tricks."""
    return f"{MARK} " + _("par {par}").format(par=par_words(analysis))


def par_words(analysis: DealAnalysis) -> str:
    """Whose tricks the par counts and how many: ``Boris 8``, or ``Vera 4 Anna 5 Boris 3``."""
    par = analysis.par
    if isinstance(par, dict):
        return " ".join(f"{p} {v}" for p, v in par.items())
    return f"{analysis.declarer} {par}"


def written_cards(cards: Iterable[Card]) -> str:
    """Cards in a comment the analysis writes into the game, spelled as the game's lines spell them
    (``Ac Td``): in Russian words the ace would be a Cyrillic Т beside the Latin T of a ten on the
    same line."""
    return " ".join(str(c) for c in cards)


def card_text(value: CardValue, glyph: Glyph | None) -> str:
    """The comment on a card that costs a trick: ``dd: ? Boris 7 → 8; best Qd 9d (7)`` (the glyph
    when the analysis adds it, the counted player's tricks before and after, the best cards)."""
    mark = f"{MARK} {glyph.value} " if glyph is not None else f"{MARK} "
    best = written_cards(value.best)
    return mark + _("{player} {before} → {after}; best {cards} ({before})").format(
        player=value.counted, before=value.before, after=value.after, cards=best)


def annotate(game: Game, analyses: Iterable[DealAnalysis]) -> Game:
    """``game`` with the analysis written in: the par on each analysed deal's header, and on each
    card that costs its side a trick a comment and, where the author wrote no glyph, ``?`` (one
    trick) or ``??`` (two or more). Analysis written before is replaced."""
    found = {a.deal: a for a in analyses if a.skipped is None}
    return attrs.evolve(game, deals=tuple(annotate_deal(deal, found.get(deal.number)) for deal in game.deals))


def annotate_deal(deal: Deal, analysis: DealAnalysis | None, glyphs: bool = True) -> Deal:
    """One deal of :func:`annotate`: ``deal`` without the analysis written before, and with
    ``analysis`` written in (none for a deal skipped, or ``None``); without ``glyphs`` the comments
    only (the glyphs are the single-dummy analysis's: :mod:`.single_dummy`)."""
    deal = strip_deal(deal)
    return deal if analysis is None or analysis.skipped is not None else _annotated(deal, analysis, glyphs)


T = TypeVar("T")


def with_deals(game: Game, found: dict[int, T], write: Callable[[Deal, T], Deal]) -> Game:
    """``game`` with each deal whose number ``found`` holds written with what it holds for it."""
    return attrs.evolve(game, deals=tuple(deal if deal.number not in found else write(deal, found[deal.number])
                                          for deal in game.deals))


def _annotated(deal: Deal, analysis: DealAnalysis, glyphs: bool = True) -> Deal:
    comments = deal.comments + (Comment(par_text(analysis)),)
    play = deal.play
    if play is None or not analysis.cards:
        return attrs.evolve(deal, comments=comments)
    cards = list(play.cards)
    for value in analysis.cards:
        if value.cost <= 0 or value.index >= len(cards):
            continue
        glyph = (Glyph.MISTAKE if value.cost == 1 else Glyph.BLUNDER) if glyphs else None
        cards[value.index] = marked(cards[value.index], glyph, functools.partial(card_text, value))
    return attrs.evolve(deal, comments=comments, play=attrs.evolve(play, cards=cards))


def marked(pc: PlayedCard, glyph: Glyph | None, text: Callable[[Glyph | None], str]) -> PlayedCard:
    """``pc`` marked by an analysis: ``glyph`` where the author wrote none, and a comment, ``text`` of the
    glyph so added."""
    added = None if pc.glyph is not None else glyph
    return attrs.evolve(pc, glyph=pc.glyph or added, comments=pc.comments + (Comment(text(added)),))


def is_analysis(comment: Comment) -> bool:
    """Whether a comment was added by the analysis."""
    return not comment.line_note and comment.text.startswith(MARK)


def strip_analysis(game: Game) -> Game:
    """``game`` without what :func:`annotate` added: its comments, and the glyphs they say it added."""
    deals = []
    changed = False
    for deal in game.deals:
        stripped = strip_deal(deal)
        changed |= stripped is not deal
        deals.append(stripped)
    return attrs.evolve(game, deals=tuple(deals)) if changed else game


def strip_deal(deal: Deal) -> Deal:
    """One deal of :func:`strip_analysis` (``deal`` itself when it has nothing to take out)."""
    comments = tuple(c for c in deal.comments if not is_analysis(c))
    play = deal.play
    new_play = play
    if play is not None:
        cards = [_stripped_card(pc) for pc in play.cards]
        if any(a is not b for a, b in zip(cards, play.cards)):
            new_play = attrs.evolve(play, cards=cards)
    # the decisions' values (preflog analyse --decisions) on the contract, the discard and the words
    contract = None if deal.contract is None else _stripped_notes(deal.contract)
    discard = None if deal.discard is None else _stripped_notes(deal.discard)
    defence = deal.defence
    if defence is not None:
        words = tuple(_stripped_notes(w) for w in defence.decisions)
        if any(a is not b for a, b in zip(words, defence.decisions)):
            defence = attrs.evolve(defence, decisions=words)
    if len(comments) == len(deal.comments) and new_play is play and contract is deal.contract \
            and discard is deal.discard and defence is deal.defence:
        return deal
    return attrs.evolve(deal, comments=comments, play=new_play, contract=contract, discard=discard, defence=defence)


_Noted = TypeVar("_Noted", PlayedCard, Contract, Discard, Decision)


def _stripped_notes(item: _Noted) -> _Noted:
    """``item`` without the analysis's comments, and without the glyph they say the analysis added."""
    ours = [c for c in item.comments if is_analysis(c)]
    if not ours:
        return item
    glyph = getattr(item, "glyph", None)
    for c in ours:
        added = c.text[len(MARK):].split(" ", 2)[1] if c.text[len(MARK):].startswith(" ") else ""
        if glyph is not None and added == glyph.value:
            glyph = None
    kept = tuple(c for c in item.comments if not is_analysis(c))
    if isinstance(item, Discard):
        return attrs.evolve(item, comments=kept)
    return attrs.evolve(item, glyph=glyph, comments=kept)


def _stripped_card(pc: PlayedCard) -> PlayedCard:
    if not pc.comments and not pc.variations:
        return pc
    variations = tuple(_stripped_variation(v) for v in pc.variations)
    stripped = _stripped_notes(pc)
    if stripped is pc and all(a is b for a, b in zip(variations, pc.variations)):
        return pc
    return attrs.evolve(stripped, variations=variations)


def _stripped_variation(v: Variation) -> Variation:
    cards = tuple(_stripped_card(pc) for pc in v.cards)
    if all(a is b for a, b in zip(cards, v.cards)):
        return v
    return attrs.evolve(v, cards=cards)
