"""The decisions made before the play, valued with the cards their maker could not see (issue 36).

For each deal of a replay: the declarer's contract against every other (his ten cards known, the
talon and the other hands not), his discard against every other (the talon known too), and each
defender's whist or pass against the other word (his ten cards and the talon known, Code 3.4.1: the
talon is shown to all). Each is a Monte-Carlo over layouts of the cards that player did not see, each
layout solved double dummy (:mod:`.odds`, the same search), the outcome scored in whists by the
scorer (:func:`.odds.sheet_score`). A choice is marked a mistake when the best one beats it by more
than :data:`MARGIN` whists on average and by more than twice the standard error of that difference
(the same layouts for both, so the difference is measured layout by layout).
"""

from __future__ import annotations

import collections
import enum
import functools
import itertools
import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

import attrs

from ..i18n import _, with_numbers
from ..game.bits import bits_of, cards_of
from ..game.conventions import Rules
from ..game.events import ContractDeclared, Dealt
from ..game.razboynik import Stage
from ..game.state import DealState
from ..model.annotations import Comment, Glyph
from ..model.bids import LADDER, Bid
from ..model.cards import Card, card
from ..model.deal import Deal
from ..model.defence import DecisionKind
from ..model.game import Game
from ..model.seating import Seat
from ..steps import Step
from ..scoring.tariff import contract_made
from .. import words
from .odds import MISERE, Goal, discards, game_tricks, layouts, positions, sheet_score, solve_goals
from .annotate import MARK, deals_of, with_deals, written_cards
from .race import Bounds, Hints, pairs, race
from .search import Search

#: How many whists on average the best choice must beat the one made by to call it a mistake.
MARGIN = 5.0
SAMPLES = 100  # layouts per decision unless asked otherwise
T = TypeVar("T")


class Decided(enum.Enum):
    """What a :class:`Choice` decided."""

    CONTRACT = "contract"
    DISCARD = "discard"
    DEFENCE = "defence"   # a defender's whist or pass


@attrs.frozen
class Choice:
    """One decision valued: what was ``chosen`` and the ``best`` choice, each one's mean score in whists
    for the player who made it, the standard error of the mean difference, and what else there is to
    say of each (a contract's chance, a discard's tricks)."""

    kind: Decided
    player: str
    chosen: str
    best: str
    chosen_score: float
    best_score: float
    stderr: float
    chosen_note: str = ""
    best_note: str = ""
    defender_index: int = 0   # a defender's word: 0 for the first to speak (on the declarer's left), 1 the second
    #: a discard's: the declarer's tricks on average with the discard made and with the best
    chosen_tricks: float | None = None
    best_tricks: float | None = None

    @property
    def loss(self) -> float:
        """How many whists on average the choice made gives away against the best."""
        return self.best_score - self.chosen_score

    @property
    def mistake(self) -> bool:
        return self.loss > max(MARGIN, 2 * self.stderr)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "player": self.player, "chosen": self.chosen, "best": self.best,
                "chosen_score": round(self.chosen_score, 6), "best_score": round(self.best_score, 6),
                "stderr": round(self.stderr, 6), "mistake": self.mistake}


@attrs.frozen
class DealDecisions:
    """A deal's decisions valued (none where the cards a decision was made with are not known)."""

    deal: int
    choices: tuple[Choice, ...] = ()


def _top(options: dict[str, list[float]], chosen: str) -> str:
    """The option of the highest mean (``chosen`` on a tie, else the first)."""
    return max(options, key=lambda name: (statistics.fmean(options[name]), name == chosen))


def _best(options: dict[str, list[float]], chosen: str) -> tuple[str, float]:
    """The option of the highest mean (:func:`_top`), and the standard error of its mean difference from
    ``chosen``'s."""
    best = _top(options, chosen)
    diff = [b - c for b, c in zip(options[best], options[chosen])]
    error = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return best, error


def _cards(bits: int) -> str:
    return " ".join(map(str, cards_of(bits)))


def contract_choice(d: DealState, hand: frozenset[Card], rules: Rules, samples: int, seed: int,
                    jobs: int = 1, known: Mapping[Goal, Sequence[int]] | None = None) -> Choice:
    """The contract declared against the others the declarer could have declared: after a game's
    auction, every game from his last bid up (Code 3.4.2), the talon known where the record gives it;
    a misère, bid before the talon is seen, against every contract. ``known``: a goal's tricks in each
    layout found already (by :func:`discard_race`, on the same layouts), not solved again."""
    declarer = int(d.declarer)  # type: ignore[arg-type]
    contract = d.contract
    assert contract is not None
    if contract.is_misere:
        options, talon = list(LADDER), None
    else:
        floor = d.high if d.high is not None and not d.high.is_misere else contract
        options = [bid for bid in LADDER if not bid.is_misere and bid >= floor]
        talon = bits_of(frozenset(d.talon)) if d.talon and len(d.talon) == 2 else None
    goals: list[Goal] = list(dict.fromkeys(MISERE if bid.strain is None else bid.strain.suit for bid in options))
    known = known or {}
    unknown = [goal for goal in goals if goal not in known]
    solved = solve_goals(bits_of(hand), talon, declarer, unknown, samples, seed, jobs=jobs) if unknown \
        else [[] for _ in range(samples)]
    rows = [[known[goal][i] if goal in known else row[unknown.index(goal)] for goal in goals]
            for i, row in enumerate(solved)]
    scores: dict[str, list[float]] = {}
    made: dict[str, float] = {}
    for bid in options:
        tricks = [row[goals.index(MISERE if bid.strain is None else bid.strain.suit)] for row in rows]
        scores[str(bid)] = [float(sheet_score(rules, str(bid), t)[0]) for t in tricks]
        made[str(bid)] = sum(contract_made(bid, t) for t in tricks) / len(tricks)
    chosen = str(contract)
    best, error = _best(scores, chosen)
    return Choice(Decided.CONTRACT, d.player(d.declarer), chosen, best, statistics.fmean(scores[chosen]),
                  statistics.fmean(scores[best]), error, _made(made[chosen]), _made(made[best]))


def _made(p: float) -> str:
    return with_numbers(_("made {p:.0%}"), p=p)


def discard_choice(d: DealState, hand: frozenset[Card], rules: Rules, samples: int, seed: int) -> Choice:
    """The discard made against every other, for the contract declared: the declarer's ten cards and
    the talon known, the other hands not."""
    return discard_race(d, hand, rules, samples, seed)[0]


#: The layouts in which :func:`discard_race` solves every discard in full, to find the likely best ones,
#: and how many of those it solves in full in every layout after them.
PILOT, LIKELY = 8, 3


def discard_race(d: DealState, hand: frozenset[Card], rules: Rules, samples: int,
                 seed: int) -> tuple[Choice, list[int]]:
    """:func:`discard_choice`, and the declarer's tricks with his best discard in each layout (for
    a game: the contract's trump, solved once for :func:`contract_choice` too).

    The discards race (:func:`.odds.discards`' first ones). In the first :data:`PILOT` layouts each is
    solved in full; in each layout after them, the discard made and the :data:`LIKELY` best of the
    pilot are, and every other only as far as to show it does no better than the best of the layout
    so far, which bounds its tricks. Then the discard of the best mean, its bounds scored at their
    best, is solved in full in one layout where it was bounded and the best mean is taken again,
    until the best is one solved in full everywhere (a bound never scores below the exact value):
    the same choice as every discard solved in full, with less work."""
    declarer = int(d.declarer)  # type: ignore[arg-type]
    misere = d.contract.is_misere  # type: ignore[union-attr]
    trump = None if misere or d.trump_suit is None else int(d.trump_suit)
    talon = bits_of(frozenset(d.talon))  # type: ignore[arg-type]
    twelve = bits_of(hand) | talon
    made = bits_of(frozenset(d.discard))  # type: ignore[arg-type]
    contract = str(d.contract)
    names = {_cards(pair): pair for pair in pairs(twelve)}
    chosen = _cards(made)
    drawn = layouts(bits_of(hand), talon, samples, seed)
    firsts: list[dict[int, int]] = []
    bounds: list[dict[int, Bounds]] = []  # per layout, each first discard's fewest and most tricks
    best_of: list[int] = []

    by_tricks = [float(sheet_score(rules, contract, t)[0]) for t in range(11)]  # the declarer's score

    def score(fewest: int, most: int) -> float:
        return max(by_tricks[fewest:most + 1])

    def means() -> dict[str, list[float]]:
        return {name: [score(*bounds[i][firsts[i][pair]]) for i in range(len(bounds))] for name, pair in names.items()}

    likely: list[int] = []
    for n, lay in enumerate(drawn):
        if n == PILOT and n:
            ranked = sorted(means().items(), key=lambda item: -statistics.fmean(item[1]))
            likely = [names[name] for name, _ in ranked[:LIKELY]]
        same = discards(twelve, lay)
        search = Search(declarer, not misere, trump)
        position = positions(twelve, lay, declarer)
        full = set(same.values()) if n < PILOT else {same[pair] for pair in likely}
        order = list(dict.fromkeys([same[made], *(same[pair] for pair in likely), *same.values()]))
        found: dict[int, Bounds] = {}
        best, _ = race(order, position, search, 0 if misere else 6, full, found)
        firsts.append(same)
        bounds.append(found)
        best_of.append(best)
    scores = means()
    while True:  # the best by mean, its bounds at their best, solved in full a layout at a time
        best_name = _top(scores, chosen)
        pair = names[best_name]
        i = next((i for i in range(len(drawn)) if len(set(bounds[i][firsts[i][pair]])) > 1), None)
        if i is None:
            break
        first = firsts[i][pair]
        fewest, most = bounds[i][first]
        value = Search(declarer, not misere, trump).value(positions(twelve, drawn[i], declarer)(first),
                                                        fewest if misere else most, (fewest, most))
        bounds[i][first] = (value, value)
        for name, other in names.items():  # the discards the same as it in this layout
            if firsts[i][other] == first:
                scores[name][i] = by_tricks[value]
    best_name, error = _best(scores, chosen)

    def tricks(name: str) -> list[int]:
        return [bounds[i][firsts[i][names[name]]][0] for i in range(len(drawn))]
    return (Choice(Decided.DISCARD, d.player(d.declarer), chosen, best_name, statistics.fmean(scores[chosen]),
                   statistics.fmean(scores[best_name]), error, _tricks(tricks(chosen)), _tricks(tricks(best_name)),
                   chosen_tricks=statistics.fmean(tricks(chosen)), best_tricks=statistics.fmean(tricks(best_name))),
            best_of)


def _tricks(tricks: Sequence[int]) -> str:
    return with_numbers(_("tricks: {tricks:.2f}"), tricks=statistics.fmean(tricks))


def defence_choice(d: DealState, seat: Seat, hand: frozenset[Card], said: DecisionKind, other: DecisionKind,
                   rules: Rules, samples: int, seed: int) -> Choice:
    """A defender's whist or pass against the other word, the partner's word as it was said: his ten
    cards and the talon known, the declarer's and the partner's not; the declarer discards the best
    for each layout."""
    declarer = int(d.declarer)  # type: ignore[arg-type]
    contract = str(d.contract)
    trump = d.trump_suit
    first = (declarer + 1) % 3 == int(seat)  # the first to speak, on the declarer's left
    talon = bits_of(frozenset(d.talon)) if d.talon else None
    scores: dict[str, list[float]] = {DecisionKind.WHIST.value: [], DecisionKind.PASS.value: []}
    hints = Hints()
    for lay in layouts(bits_of(hand), talon, samples, seed):
        hands = [0, 0, 0]
        hands[int(seat)] = bits_of(hand)
        hands[3 - declarer - int(seat)] = lay.after
        t = game_tricks(lay.next | lay.talon, (hands[0], hands[1], hands[2]), declarer, trump, hints)
        for word in scores:
            words = (DecisionKind(word), other) if first else (other, DecisionKind(word))
            scores[word].append(float(sheet_score(rules, contract, t, words)[1 if first else 2]))
    chosen = said.value
    best, error = _best(scores, chosen)
    return Choice(Decided.DEFENCE, d.player(seat), chosen, best, statistics.fmean(scores[chosen]),
                  statistics.fmean(scores[best]), error, defender_index=0 if first else 1)


def _chosen(steps: Sequence[Step]) -> tuple[DealState, DealState, DealState] | None:
    """A deal's states when it was dealt, when its contract was declared and at its end, where the
    contract was chosen by three at the table (not a razboynik's compulsory game); else ``None``."""
    dealt = next((s.state.deal for s in steps if type(s.event) is Dealt), None)
    declared = next((s.state.deal for s in steps if type(s.event) is ContractDeclared), None)
    last = steps[-1].state.deal if steps else None
    if dealt is None or declared is None or last is None or declared.declarer is None or declared.contract is None \
            or declared.four or declared.dummy is not None or declared.stage is not Stage.FREE:
        return None
    return dealt, declared, last


def _discard_made(d: DealState) -> bool:
    """Whether the declarer took a talon of two and laid two cards away (his discard can be valued)."""
    return bool(d.talon) and bool(d.discard) and len(d.talon or ()) == 2


def discard_decision(steps: Sequence[Step], samples: int = SAMPLES, seed: int | None = None) -> Choice | None:
    """The declarer's discard of one deal's steps valued as :func:`decide` values it (from the layouts of
    the seed of the deal's number, unless ``seed`` is given), or ``None`` where no discard of the
    talon was made with the twelve cards known."""
    found = _chosen(steps)
    if found is None:
        return None
    dealt, declared, _last = found
    hand = dealt.hands[declared.declarer]  # type: ignore[index]
    if hand is None or len(hand) != 10 or not _discard_made(declared):
        return None
    rules = steps[0].state.rules
    return discard_choice(declared, hand, rules, samples, dealt.number if seed is None else seed)


def decide(steps: Sequence[Step], samples: int = SAMPLES, jobs: int = 1) -> DealDecisions:
    """The decisions of one deal's steps (a replay's, from its ``DealStarted``) valued under the game's
    rules, each from the layouts of the seed of the deal's number (the same answer on every run)."""
    found = _chosen(steps)
    if found is None:
        dealt = next((s.state.deal for s in steps if type(s.event) is Dealt), None)
        return DealDecisions(dealt.number if dealt is not None else 0)
    dealt, declared, last = found
    assert declared.declarer is not None and declared.contract is not None
    seed = dealt.number
    rules = steps[0].state.rules
    choices: list[Choice] = []
    hand = dealt.hands[declared.declarer]
    if hand is not None and len(hand) == 10:
        discard: Choice | None = None
        known: dict[Goal, list[int]] = {}
        if _discard_made(declared):
            discard, most = discard_race(declared, hand, rules, samples, seed)
            if not declared.contract.is_misere:  # a game's layouts are the contract's too: its best discard's
                known[declared.trump_suit] = most
        choices.append(contract_choice(declared, hand, rules, samples, seed, jobs, known))
        if discard is not None:
            choices.append(discard)
    choices.extend(_defence_choices(dealt, declared, last, rules, samples, seed))
    return DealDecisions(dealt.number, tuple(choices))


def _defence_choices(dealt: DealState, declared: DealState, last: DealState, rules: Rules, samples: int,
                     seed: int) -> list[Choice]:
    """Each defender's whist or pass valued (:func:`defence_choice`), where both said one."""
    assert declared.declarer is not None and declared.contract is not None
    words = dict(last.decisions)
    choices: list[Choice] = []
    if not declared.contract.is_misere and len(words) >= 2:
        for seat in (Seat((int(declared.declarer) + 1) % 3), Seat((int(declared.declarer) + 2) % 3)):
            own, partner = words.get(seat), words.get(Seat(3 - int(declared.declarer) - int(seat)))
            defender_hand = dealt.hands[seat]
            if defender_hand is None or len(defender_hand) != 10 or own not in (DecisionKind.WHIST, DecisionKind.PASS) \
                    or partner not in (DecisionKind.WHIST, DecisionKind.PASS):
                continue
            choices.append(defence_choice(last, seat, defender_hand, own, partner, rules, samples, seed))
    return choices


def defence_decisions(steps: Sequence[Step], samples: int = SAMPLES, seed: int | None = None) -> list[Choice]:
    """The defenders' whists and passes of one deal's steps valued as :func:`decide` values them (from
    the layouts of the seed of the deal's number, unless ``seed`` is given)."""
    found = _chosen(steps)
    if found is None:
        return []
    dealt, declared, last = found
    return _defence_choices(dealt, declared, last, steps[0].state.rules, samples,
                            dealt.number if seed is None else seed)


def decisions(steps: Sequence[Step], samples: int = SAMPLES, jobs: int = 1) -> list[DealDecisions]:
    """The decisions of every deal of a replay's steps, valued."""
    return list(decide_each(list(deals_of(steps)), samples, jobs))


def decide_each(parts: Iterable[Sequence[Step]], samples: int = SAMPLES, jobs: int = 1) -> Iterator[DealDecisions]:
    """:func:`decide` of each deal's steps in turn, the deals shared among ``jobs`` processes (one deal
    alone shares its layouts among them); the same answers in the same order as with one. ``parts``
    may come as the deals are replayed: each is taken when there is a process for it, and at most
    twice ``jobs`` of them are held at a time (memory: a few deals' steps, however long the game)."""
    yield from in_turn(functools.partial(decide, samples=samples), parts, jobs,
                       functools.partial(decide, samples=samples, jobs=jobs))


def in_turn(work: Callable[[Sequence[Step]], T], parts: Iterable[Sequence[Step]], jobs: int = 1,
            alone: Callable[[Sequence[Step]], T] | None = None) -> Iterator[T]:
    """``work`` of each deal's steps in turn, the deals shared among ``jobs`` processes (``alone``
    instead of ``work`` where there is one deal, or one process: it may share its own work); the same
    answers in the same order as with one. ``parts`` may come as the deals are replayed: each is taken
    when there is a process for it, and at most twice ``jobs`` of them are held at a time."""
    alone = alone or work
    if jobs <= 1:
        for part in parts:
            yield alone(part)
        return
    rest = iter(parts)
    first = list(itertools.islice(rest, jobs))  # fewer than jobs: all there are
    if len(first) <= 1:
        for part in first:
            yield alone(part)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    waiting: collections.deque[Future[T]] = collections.deque()
    with ProcessPoolExecutor(min(jobs, len(first))) as pool:
        try:
            for part in _given(first, rest):
                waiting.append(pool.submit(work, part))
                if len(waiting) >= 2 * jobs:
                    yield waiting.popleft().result()
            while waiting:
                yield waiting.popleft().result()
        finally:  # the consumer stopped early, or a deal failed: what has not started is not started
            for future in waiting:
                future.cancel()


def _given(first: list[T], rest: Iterator[T]) -> Iterator[T]:
    """``first``, each dropped as it is given, then ``rest``."""
    first.reverse()
    while first:
        yield first.pop()
    yield from rest


# ---- writing them into the game -------------------------------------------------------------------

def choice_text(choice: Choice, glyph: Glyph | None) -> str:
    """The comment a decision gets: ``dd: ? 7s (made 45%): whists on average -20.1; best 6s (made 83%): +0.0 ±
    3.1``. Only ``dd:`` and the glyph are for preflog (:func:`.annotate.strip_analysis`); the rest is for a
    person, in the words of the language spoken (Russian: «7♠», «снос 10♠ 10♦», «вист»)."""
    mark = f"{MARK} {glyph.value} " if glyph is not None else f"{MARK} "
    chosen, best = _choice_words(choice.kind, choice.chosen), _choice_words(choice.kind, choice.best)
    said = f"{chosen} ({choice.chosen_note})" if choice.chosen_note else chosen
    if choice.best == choice.chosen:
        return mark + with_numbers(_("{choice}: whists on average {score:+.1f}, the best"),
                                   choice=said, score=choice.chosen_score)
    other = f"{best} ({choice.best_note})" if choice.best_note else best
    return mark + with_numbers(
        _("{choice}: whists on average {score:+.1f}; best {best}: {best_score:+.1f} ± {error:.1f}"), choice=said, score=choice.chosen_score, best=other, best_score=choice.best_score, error=choice.stderr)


def _choice_words(kind: Decided, chosen: str) -> str:
    """A choice (as :class:`Choice` keeps it, in the notation) in words: a contract, a discard, a defender's word."""
    if kind is Decided.DEFENCE:
        return words.decision(DecisionKind(chosen))
    if kind is Decided.DISCARD:
        return _("discard {cards}").format(cards=written_cards(card(c) for c in chosen.split()))
    return words.bid(Bid.parse(chosen))


def annotate_decisions(game: Game, found: Iterable[DealDecisions]) -> Game:
    """``game`` with each valued decision's comment written on its statement: the contract, the
    discard, the defender's word; ``?`` on a contract or a word that is a mistake, where the author
    wrote no glyph (the discard has none)."""
    return with_deals(game, {d.deal: d for d in found if d.choices}, _annotated)


def annotate_decided(deal: Deal, decided: DealDecisions | None) -> Deal:
    """One deal of :func:`annotate_decisions`: ``deal`` with the comments of ``decided`` (its
    decisions valued, or ``None``)."""
    return deal if decided is None or not decided.choices else _annotated(deal, decided)


def _annotated(deal: Deal, decisions: DealDecisions) -> Deal:
    for choice in decisions.choices:
        if choice.kind is Decided.CONTRACT and deal.contract is not None:
            added = Glyph.MISTAKE if choice.mistake and deal.contract.glyph is None else None
            deal = attrs.evolve(deal, contract=attrs.evolve(
                deal.contract, glyph=deal.contract.glyph or added,
                comments=deal.contract.comments + (Comment(choice_text(choice, added)),)))
        elif choice.kind is Decided.DISCARD and deal.discard is not None:
            text = choice_text(choice, Glyph.MISTAKE if choice.mistake else None)
            deal = attrs.evolve(deal, discard=attrs.evolve(deal.discard, comments=deal.discard.comments + (
                Comment(text),)))
        elif choice.kind is Decided.DEFENCE and deal.defence is not None:
            index = choice.defender_index
            words = list(deal.defence.decisions)
            if index >= len(words):
                continue
            word = words[index]
            added = Glyph.MISTAKE if choice.mistake and word.glyph is None else None
            words[index] = attrs.evolve(word, glyph=word.glyph or added,
                                        comments=word.comments + (Comment(choice_text(choice, added)),))
            deal = attrs.evolve(deal, defence=attrs.evolve(deal.defence, decisions=tuple(words)))
    return deal
