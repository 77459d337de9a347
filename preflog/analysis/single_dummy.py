"""The played cards valued single dummy: over the layouts of what their player could not see (issue 67).

The double-dummy analysis (:mod:`.annotate`) values a card with every hand seen, and so blames a
player for a card nobody at the table could have known was wrong. Here each card of the play is
valued as its player saw it (:mod:`.seen`: his hand, the cards played, the talon where shown, the
discard if his, the voids shown, the hands on the table): the cards he could not see are dealt
:data:`SAMPLES` times consistently with all that (all the layouts when they are fewer), each layout is
solved double dummy by the same search (:class:`~.solve.Analyst`: every legal card's value), and each
legal card gets its average. The card played is an avoidable mistake when the best card's average
beats it by more than :data:`MARGIN` tricks and by more than twice the standard error of the
difference (the same layouts for both, so it is measured layout by layout; none when every layout
was solved). Its price is given in tricks, and in whists for the player by the convention's sheet of
that one deal (:func:`.odds.sheet_score`, as ``--decisions`` scores); an all-pass is priced in its own
terms only, the player's tricks (each one written on his mountain, Code 3.7.2).
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from ..i18n import _, current_language, using_language, with_numbers
from ..game.conventions import Rules
from ..game.legal import legal_cards
from ..game.razboynik import Stage
from ..game.state import DealState
from ..model.annotations import Glyph
from ..model.cards import Card, Suit
from ..model.deal import Deal
from ..model.defence import DecisionKind
from ..steps import Step
from .annotate import (MARK, NOT_PLAYED, _card_of, _unplayed, _without, deals_of, marked, plays_of, stopped_at,
                       written_cards)
from .odds import sheet_score
from .seen import NO_VOIDS, Sight, dealt, layouts, sight, with_shown
from .solve import Analyst, Goal, Unsolvable, position_of

#: How many tricks on average the best card must beat the one played by to call it a mistake.
MARGIN = 0.25
SAMPLES = 100  # layouts per card unless asked otherwise
SEED = 1


@attrs.frozen
class SeenCard:
    """One played card valued over the layouts its player could not see.

    ``position`` is the deal before the card (every hand in it, as the record gives them); ``player``
    the one who chose the card (an open defence's whister chooses his partner's, Code 3.8.5);
    ``averages`` each legal card's average of ``counted``'s tricks at the end of the deal (the
    declarer's, or in an all-pass the player's own), ``maximises`` whether the player wants them high;
    ``stderr`` the standard error of the played card's mean difference from the best one's;
    ``whists`` each legal card's average score in whists for the player (``None`` for an all-pass,
    or a deal the sheet cannot score alone: a razboynik's, four at the table, two players)."""

    game: int
    deal: int
    index: int                    # the card's place in the deal's ``play`` line, from 0
    player: str
    position: DealState = attrs.field(eq=False, repr=False)
    card: Card
    counted: str
    maximises: bool
    averages: dict[Card, float]
    best: tuple[Card, ...]
    stderr: float
    layouts: int
    exact: bool
    whists: dict[Card, float] | None = None

    def _gain(self, card: Card) -> float:
        return self.averages[card] if self.maximises else -self.averages[card]

    @property
    def best_average(self) -> float:
        return self.averages[self.best[0]]

    @property
    def loss(self) -> float:
        """How many tricks on average the card played gives away against the best (0 for a best card)."""
        return self._gain(self.best[0]) - self._gain(self.card)

    @property
    def whist_loss(self) -> float | None:
        """How many whists on average the card played gives away against the best card."""
        if self.whists is None:
            return None
        return self.whists[self.best[0]] - self.whists[self.card]

    @property
    def mistake(self) -> bool:
        """Avoidable: the best card is better by more than :data:`MARGIN` tricks and two standard errors."""
        return self.card not in self.best and self.loss > max(MARGIN, 2 * self.stderr)

    def to_json(self) -> dict[str, object]:
        """The plain-data form ``preflog analyse --seen --format json`` prints."""
        out: dict[str, object] = {
            "game": self.game, "deal": self.deal, "index": self.index, "trick": self.index // 3 + 1,
            "card": str(self.card), "player": self.player, "counted": self.counted,
            "average": round(self.averages[self.card], 6), "best": [str(c) for c in self.best],
            "best_average": round(self.best_average, 6), "loss": round(self.loss, 6),
            "stderr": round(self.stderr, 6), "layouts": self.layouts, "exact": self.exact,
            "mistake": self.mistake, "averages": {str(c): round(v, 6) for c, v in self.averages.items()}}
        loss = self.whist_loss
        out["whists"] = None if self.whists is None else {str(c): round(v, 6) for c, v in self.whists.items()}
        out["whist_loss"] = None if loss is None else round(loss, 6)
        return out


@attrs.frozen
class DealSeen:
    """A deal's played cards valued single dummy (each card with a choice of two or more); ``skipped``
    says why a deal has none, ``stopped`` why the values end before its last card."""

    deal: int
    game: int = 1
    cards: tuple[SeenCard, ...] = ()
    skipped: str | None = None
    stopped: str | None = None

    @property
    def mistakes(self) -> tuple[SeenCard, ...]:
        return tuple(c for c in self.cards if c.mistake)

    def to_json(self) -> list[dict[str, object]]:
        return [c.to_json() for c in self.cards]


def seen_deal(steps: Sequence[Step], samples: int = SAMPLES, seed: int = SEED, game: int = 1) -> DealSeen:
    """The played cards of one deal's steps (a replay's, from its ``DealStarted``) valued single dummy
    over ``samples`` layouts each, drawn from ``seed``, the deal's number and the card's place (the same
    answer on every run, in any process)."""
    number = steps[0].state.deal.number  # type: ignore[union-attr]
    plays, start = plays_of(steps)
    if start is None or not plays:
        return DealSeen(number, game, skipped=_(NOT_PLAYED))
    first = steps[start].state
    d0: DealState = first.deal  # type: ignore[assignment]
    unplayed = _unplayed(d0, [steps[i] for i in plays])
    rules = first.rules
    try:
        analyst = Analyst(d0, rules)
        position_of(_known(d0, unplayed), rules)
    except Unsolvable as exc:
        return DealSeen(number, game, skipped=str(exc))
    if d0.dummy is not None:
        return DealSeen(number, game, skipped=_("two players: the whister plays both hands"))
    voids = NO_VOIDS
    cards: list[SeenCard] = []
    stopped = None
    for index, i in enumerate(plays):
        step, card = steps[i], _card_of(steps[i])
        before = steps[i - 1].state.deal
        if step.violations or before is None:
            stopped = stopped_at(index, step)
            break
        before = _known(before, unplayed)
        try:
            found = value_card(analyst, before, card, voids, samples, random.Random(f"{seed}:{number}:{index}"), rules)
        except Unsolvable as exc:
            stopped = stopped_at(index, step, str(exc))
            break
        if found is not None:
            cards.append(attrs.evolve(found, game=game, deal=number, index=index))
        voids = with_shown(voids, before, card)
    return DealSeen(number, game, tuple(cards), stopped=stopped)


def _known(d: DealState, unplayed: frozenset[Card]) -> DealState:
    """``d`` with the declarer's discard as the record implies it (:func:`.annotate._unplayed`)."""
    found = _without(d, unplayed)
    assert found is not None
    if unplayed and found.discard is None:
        return attrs.evolve(found, discard=tuple(sorted(unplayed, key=lambda c: c.sort_key)))
    return found


def value_card(analyst: Analyst, d: DealState, card: Card, voids: tuple[frozenset[Suit], ...], samples: int,
               rng: random.Random, rules: Rules) -> SeenCard | None:
    """``card`` played at ``d`` valued over the layouts its player could not see (``voids``: those shown
    before it); ``None`` when he had no choice (one legal card)."""
    legal = legal_cards(d)
    if len(legal) < 2:
        return None
    position_of(d, rules)  # every hand known: Unsolvable if not
    view = sight(d, voids)
    found = layouts(view, samples, rng)
    rows: list[dict[Card, int]] = []
    guess = None
    for deal in found.deals:
        solution = analyst.solve(dealt(d, deal), None if analyst.goal is Goal.ALL_PASS else guess)
        rows.append(solution.values)
        guess = solution.value
    maximises = (d.to_play == d.declarer) == (analyst.goal is Goal.GAME) if analyst.goal is not Goal.ALL_PASS \
        else False
    averages = {c: statistics.fmean(row[c] for row in rows) for c in legal}
    sign = 1 if maximises else -1
    top = max(sign * v for v in averages.values())
    best = tuple(c for c in legal if sign * averages[c] >= top - 1e-9)
    first = card if card in best else best[0]
    diff = [sign * (row[first] - row[card]) for row in rows]
    stderr = 0.0 if found.exact or len(diff) < 2 else statistics.stdev(diff) / math.sqrt(len(diff))
    counted = d.player(d.declarer) if analyst.goal is not Goal.ALL_PASS else d.player(d.to_play)
    return SeenCard(0, d.number, 0, d.player(view.chooser), d, card, counted, maximises, averages,
                    (first, *(c for c in best if c != first)), stderr, len(rows), found.exact,
                    _whists(d, view, rows, legal, rules))


def _whists(d: DealState, view: Sight, rows: Sequence[dict[Card, int]], legal: Sequence[Card],
            rules: Rules) -> dict[Card, float] | None:
    """Each legal card's average score in whists for the one who chooses it: the sheet of that one
    deal with the declarer's tricks of each layout (:func:`.odds.sheet_score`); ``None`` where the sheet
    cannot score the deal alone (an all-pass, a razboynik's game, four at the table, a totus)."""
    declarer, contract = d.declarer, d.game_contract
    if d.is_all_pass or declarer is None or contract is None or d.four or d.totus or d.stage is not Stage.FREE:
        return None
    first, second = declarer.next, declarer.next.next
    said = dict(d.decisions)
    words = (said.get(first), said.get(second))
    if not contract.is_misere and any(w not in (DecisionKind.WHIST, DecisionKind.PASS) for w in words):
        return None
    place = {declarer: 0, first: 1, second: 2}[view.chooser]
    kinds = (DecisionKind(words[0]), DecisionKind(words[1])) if not contract.is_misere \
        else (DecisionKind.WHIST, DecisionKind.WHIST)
    return {c: statistics.fmean(float(sheet_score(rules, str(contract), row[c], kinds)[place]) for row in rows)
            for c in legal}


def seen_values(steps: Sequence[Step], samples: int = SAMPLES, seed: int = SEED, *, game: int = 1,
                lang: str | None = None) -> list[SeenCard]:
    """The avoidable mistakes of every deal of ``steps`` (a replay's, or one deal's), each with its game,
    deal and place, its player, the position before it, the best cards, the averages and the cost in
    tricks and whists: what the lessons turn into puzzles."""
    with using_language(lang):
        return [card for part in deals_of(steps) for card in seen_deal(part, samples, seed, game).mistakes]


def seen_each(parts: Iterable[Sequence[Step]], samples: int = SAMPLES, seed: int = SEED, jobs: int = 1,
              game: int = 1) -> Iterator[DealSeen]:
    """:func:`seen_deal` of each deal's steps in turn, in ``jobs`` processes (:func:`.decisions.in_turn`)."""
    from .decisions import in_turn

    yield from in_turn(_Valuer(samples, seed, game, current_language()), parts, jobs)


@attrs.frozen
class _Valuer:
    """:func:`seen_deal` with its settings, to send to another process."""

    samples: int
    seed: int
    game: int
    lang: str | None = None

    def __call__(self, steps: Sequence[Step]) -> DealSeen:
        with using_language(self.lang):
            return seen_deal(steps, self.samples, self.seed, self.game)


def seen_on_dask(parts: Iterable[Sequence[Step]], client: Any, samples: int = SAMPLES, seed: int = SEED,
                 game: int = 1, lang: str | None = None) -> Iterator[DealSeen]:
    """:func:`seen_deal` of each deal's steps on the Dask cluster of ``client`` (a
    ``dask.distributed.Client``), a few deals ahead of the one given back, in order."""
    work = _Valuer(samples, seed, game, lang)
    waiting: list[Any] = []
    ahead = 2 * max(1, len(client.scheduler_info().get("workers", {})))
    for part in parts:
        waiting.append(client.submit(work, list(part), pure=False))
        if len(waiting) >= ahead:
            yield waiting.pop(0).result()
    for future in waiting:
        yield future.result()


# ---- writing it into the game -------------------------------------------------------------------

def seen_text(value: SeenCard, glyph: Glyph | None) -> str:
    """The comment on an avoidable mistake: ``dd: ? as seen: Boris 7.40 on average; best Ah Kh (6.90 ±
    0.12), whists lost: 15.0``: the glyph when the analysis adds it, the counted player's average tricks
    after the card and after the best cards, and what it cost in whists."""
    mark = f"{MARK} {glyph.value} " if glyph is not None else f"{MARK} "
    text = with_numbers(_("as seen: {player} {average:.2f} on average; best {cards} ({best:.2f} ± {error:.2f})"),
                        player=value.counted, average=value.averages[value.card], cards=written_cards(value.best),
                        best=value.best_average, error=value.stderr)
    loss = value.whist_loss
    if loss is not None:
        text += with_numbers(_(", whists lost: {whists:.1f}"), whists=loss)
    return mark + text


def annotate_seen(deal: Deal, seen: DealSeen | None) -> Deal:
    """``deal`` with each avoidable mistake of ``seen`` marked on its card: a comment (:func:`seen_text`)
    and, where the author wrote no glyph, ``?`` (``??`` for a trick or more on average)."""
    if seen is None or not seen.mistakes or deal.play is None:
        return deal
    cards = list(deal.play.cards)
    for value in seen.mistakes:
        if value.index >= len(cards):
            continue
        glyph = Glyph.MISTAKE if value.loss < 1 - 1e-9 else Glyph.BLUNDER
        cards[value.index] = marked(cards[value.index], glyph, functools.partial(seen_text, value))
    return attrs.evolve(deal, play=attrs.evolve(deal.play, cards=cards))

