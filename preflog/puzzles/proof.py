"""A puzzle proven with the solver: the answer is right and the only one, its line best play.

:func:`prove` replays the puzzle's game once (:func:`preflog.replay`), takes the position the question
is asked at, values every legal card there with the double-dummy solver (:mod:`preflog.analysis.solve`)
and holds the answer written against them. Cards equal to the answer (the same hand's cards next in
rank, none of the others' between them: they win and lose the same tricks) are the same answer; any
other card that does as well is a second solution. The cards written after the answer are its main
line: each must keep the position's value. What is wrong is a list of :class:`Flaw` values, each at the
place in the text it is about; a puzzle with none is proven.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..analysis.search import run_of
from ..analysis.solve import Analyst, Solution, Unsolvable, position_of
from ..game.bits import BIT
from ..game.engine import advance
from ..game.events import CardPlayed, Claimed, DealEnded, Discarded, ResultRecorded
from ..game.state import DealState, GameState
from ..game.violations import Violation
from ..model.cards import Card
from ..model.deal import Deal, ResultKind
from ..model.defence import DecisionKind
from ..model.play import PlayedCard
from ..model.span import Span
from ..steps import Step, replay
from ..i18n import _
from .discard_proof import discard_values, with_discard, written_pair
from .whist_proof import word_values
from .question import Puzzle, Question, TagSlip, View
from .seen_proof import LAYOUTS, TableFinding, hidden_hands, table_answers

#: Events after the play: the position is never taken after one of them.
_AFTER_PLAY = (Claimed, ResultRecorded, DealEnded)


class Fault(enum.Enum):
    """What is wrong with a puzzle."""

    TAG = "tag"                    # a puzzle tag cannot be read (``slip``)
    BROKEN = "broken"              # the deal breaks a rule (``violations``)
    BEYOND = "beyond"              # Played counts more cards than the play holds (params: played, cards)
    UNSOLVABLE = "unsolvable"      # the position cannot be solved (params: why, in words)
    NOT_MISERE = "not-misère"      # a catch is asked of a deal that is not a misère
    DECLARER_TO_PLAY = "declarer"  # a catch is asked with the misère's declarer to move (params: player)
    ALL_PASS = "all-pass"          # tricks are asked of an all-pass
    NO_ANSWER = "no-answer"        # nothing answers the question
    WRONG = "wrong"                # the card written is not best (params: card, value, best, best_value)
    SECOND = "second"              # another card does as well (params: card, others, value)
    NOT_CAUGHT = "not-caught"      # the lead written does not catch the misère (params: card, catching)
    UNCATCHABLE = "uncatchable"    # a lead is written but no lead catches the misère (params: card)
    CAUGHT = "caught"              # the misère is said not to be caught, but these catch it (params: cards)
    LINE = "line"                  # the main line leaves best play here (params: card, value, best, best_value)
    RESULT = "result"              # the result written is not best play's (params: written, value, player)
    WRONG_DISCARD = "wrong-discard"  # the discard written is not best (params: cards, value, best, best_value, player)
    SECOND_DISCARD = "second-discard"  # another discard does as well (params: cards, others)
    TABLE_TRICKS = "table-tricks"  # tricks are asked as the player saw them: best play needs every hand
    TOO_MANY = "too-many"          # the player could not tell apart more layouts than are solved (params: layouts, limit)
    NOT_ALWAYS = "not-always"      # the card fails in some layouts the player saw alike (params: card, failing,
                                   # layouts, better, hands: a failing layout's hidden hands)
    WRONG_WORD = "wrong-word"      # the defender's word written scores less (params: word, score, best, best_score, player)
    SECOND_WORD = "second-word"    # the other word scores as much (params: word, other, score, player)
    NOT_WHISTED = "not-whisted"    # a whist is asked where none can be (params: why, in words)


#: The faults of an answer written (``puzzle solve`` writes the solver's instead).
ANSWERED = frozenset({Fault.WRONG, Fault.NOT_CAUGHT, Fault.UNCATCHABLE, Fault.CAUGHT, Fault.LINE, Fault.RESULT,
                      Fault.WRONG_DISCARD, Fault.WRONG_WORD})


@attrs.frozen
class Flaw:
    """One thing wrong with a puzzle, at ``span``; ``line`` the play that shows it (the refutation of a
    wrong card, best play after a wrong result)."""

    fault: Fault
    params: tuple[tuple[str, object], ...] = ()
    span: Span | None = None
    line: tuple[Card, ...] = ()
    violations: tuple[Violation, ...] = ()
    slip: TagSlip | None = None
    table: int = 0    #: the cards of the trick in play already down where ``line`` begins

    def param(self, name: str) -> object:
        return dict(self.params)[name]


@attrs.frozen
class Proof:
    """What :func:`prove` found: the flaws (none: proven), and where the solver reached it the
    position's values (``solution``: every legal card's), the answer it proves and the main line."""

    puzzle: Puzzle | TagSlip
    flaws: tuple[Flaw, ...]
    solution: Solution | None = None
    answer: tuple[Card, ...] = ()          #: the answer's card and its equals
    #: every answer the solver finds, each with its equals (more than one: the puzzle has two solutions)
    answers: tuple[tuple[Card, ...], ...] = ()
    line: tuple[Card, ...] = ()            #: best play from the position, the answer first
    value: int | None = None               #: the declarer's tricks with best play (not on an all-pass)
    #: the game's state where the question is asked
    at: GameState | None = attrs.field(default=None, eq=False, repr=False)
    #: asked as the player saw it: the layouts of the cards he could not see, every one solved
    layouts: int | None = None
    #: a whist question's: who speaks against whose contract, the word proven, every word as good, and each
    #: word's score in whists
    speaker: str = ""
    declarer: str = ""
    word: DecisionKind | None = None
    words: tuple[DecisionKind, ...] = ()
    scores: tuple[tuple[DecisionKind, Fraction], ...] = ()

    @property
    def proven(self) -> bool:
        return not self.flaws


def prove(puzzle: Puzzle | TagSlip) -> Proof:
    """The puzzle held against the solver (see the module); a :class:`TagSlip` is its only flaw."""
    if isinstance(puzzle, TagSlip):
        return Proof(puzzle, (Flaw(Fault.TAG, span=puzzle.span, slip=puzzle),))
    if puzzle.question is Question.DISCARD:
        return _prove_discard(puzzle)
    if puzzle.question is Question.WHIST:
        return _prove_whist(puzzle)
    deal = puzzle.game.deals[0]
    written: Sequence[PlayedCard] = deal.play.cards if deal.play is not None else ()
    found = _position(puzzle)
    if isinstance(found, Flaw):
        return Proof(puzzle, (found,))
    state = found
    d = state.deal
    assert d is not None
    try:
        analyst = Analyst(d, state.rules)
        solution = analyst.solve(d)
    except Unsolvable as why:
        return Proof(puzzle, (Flaw(Fault.UNSOLVABLE, (("why", str(why)),), puzzle.span),))
    after = list(written[puzzle.played:])
    flaws: list[Flaw] = []
    question = puzzle.question
    misere = d.game_contract is not None and d.game_contract.is_misere
    if question is Question.CATCH and not misere:
        return Proof(puzzle, (Flaw(Fault.NOT_MISERE, span=puzzle.span),), solution, at=state)
    if question is Question.CATCH and d.to_play == d.declarer:
        return Proof(puzzle, (Flaw(Fault.DECLARER_TO_PLAY, (("player", solution.to_play),), puzzle.span),),
                     solution, at=state)
    if question is Question.TRICKS and d.is_all_pass:
        return Proof(puzzle, (Flaw(Fault.ALL_PASS, span=puzzle.span),), solution, at=state)
    if question is Question.TRICKS and puzzle.view is View.TABLE:
        return Proof(puzzle, (Flaw(Fault.TABLE_TRICKS, span=puzzle.span),), solution, at=state)
    line = main_line(state, analyst, [p.card for p in after])
    catching = tuple(c for c, v in solution.values.items() if v >= 1)
    answers = () if question is Question.TRICKS else _classes(
        d, state, catching if question is Question.CATCH else solution.best)
    value = None if d.is_all_pass else _declarer_tricks(state, analyst)
    answer: tuple[Card, ...] = ()
    seen: int | None = None
    if question is Question.TRICKS:
        answer = ()
    elif puzzle.view is View.TABLE:
        table = table_answers(puzzle, state, analyst, after, {c: equals(d, state, c) for c in solution.values})
        seen, answers, answer = table.layouts, table.answers, table.answer
        flaws.extend(_table_flaws(table, state, analyst, puzzle, after))
    elif question is Question.CATCH:
        if after:
            card = after[0].card
            answer = equals(d, state, card)
            if solution.values.get(card, 0) < 1:
                flaws.append(Flaw(Fault.NOT_CAUGHT, (("card", card), ("catching", catching)), after[0].span,
                                  (card,) + main_line(_played(state, card), analyst), table=len(d.trick))
                             if catching else Flaw(Fault.UNCATCHABLE, (("card", card),), after[0].span))
            elif puzzle.one_answer and (others := tuple(c for c in catching if c not in answer)):
                flaws.append(Flaw(Fault.SECOND, (("card", card), ("others", others),
                                                 ("value", solution.values[card])), after[0].span))
        elif deal.result is not None and value == 0:
            answer = ()
        elif deal.result is not None and catching:
            flaws.append(Flaw(Fault.CAUGHT, (("cards", catching),), deal.result.span, line, table=len(d.trick)))
        elif deal.result is None:
            flaws.append(Flaw(Fault.NO_ANSWER, span=puzzle.span))
    else:
        if not after:
            flaws.append(Flaw(Fault.NO_ANSWER, span=puzzle.span))
        else:
            card = after[0].card
            answer = equals(d, state, card)
            if card not in solution.best:
                flaws.append(Flaw(Fault.WRONG, _off_best(solution, card), after[0].span,
                                  (card,) + main_line(_played(state, card), analyst), table=len(d.trick)))
            elif puzzle.one_answer and (others := tuple(c for c in solution.best if c not in answer)):
                flaws.append(Flaw(Fault.SECOND, (("card", card), ("others", others), ("value", solution.value)),
                                  after[0].span))
    if not flaws and after:
        flaws.extend(_line_flaws(state, analyst, after))
    if question is Question.TRICKS and deal.result is None:
        flaws.append(Flaw(Fault.NO_ANSWER, span=puzzle.span))
    if deal.result is not None and value is not None and not any(f.fault is Fault.CAUGHT for f in flaws):
        said = _written_tricks(deal, d)
        if said is not None and said != value:
            flaws.append(Flaw(Fault.RESULT, (("written", said), ("value", value),
                                             ("player", d.player(d.declarer))), deal.result.span, line,
                              table=len(d.trick)))
    return Proof(puzzle, tuple(flaws), solution, answer or (answers[0] if answers else ()), answers, line, value, state,
                 seen)


def _table_flaws(table: TableFinding, state: GameState, analyst: Analyst, puzzle: Puzzle,
                 after: Sequence[PlayedCard]) -> list[Flaw]:
    """The flaws of an answer held against every layout the player could not tell apart."""
    span = after[0].span if after else puzzle.span
    if table.too_many:
        return [Flaw(Fault.TOO_MANY, (("layouts", table.layouts), ("limit", LAYOUTS)), puzzle.span)]
    if not after:
        return [Flaw(Fault.NO_ANSWER, span=puzzle.span)]
    card = after[0].card
    if table.failing and table.against is not None:
        d = state.deal
        assert d is not None
        there = attrs.evolve(state, deal=table.against)
        return [Flaw(Fault.NOT_ALWAYS, (("card", card), ("failing", table.failing), ("layouts", table.layouts),
                                        ("better", table.better), ("hands", hidden_hands(d, table.against))),
                     span, (card,) + main_line(_played(there, card), analyst), table=len(d.trick))]
    others = tuple(c for a in table.answers if card not in a for c in a)
    if others and puzzle.one_answer:
        return [Flaw(Fault.SECOND, (("card", card), ("others", others), ("value", 0)), span)]
    return []


def second_unwritten(proof: Proof) -> Flaw | None:
    """A second solution where no answer is written: the puzzle asks for one answer and the solver finds
    more than one (what ``puzzle solve`` cannot choose between), at the ``Puzzle`` tag; None otherwise."""
    puzzle = proof.puzzle
    if not isinstance(puzzle, Puzzle) or not puzzle.one_answer or len(proof.answers) < 2 \
            or any(f.fault in (Fault.SECOND, Fault.SECOND_DISCARD) for f in proof.flaws):
        return None
    first, rest = proof.answers[0], proof.answers[1:]
    if puzzle.question is Question.DISCARD:
        return Flaw(Fault.SECOND_DISCARD, (("cards", first), ("others", rest)), puzzle.span)
    return Flaw(Fault.SECOND, (("card", first[0]), ("others", tuple(c for a in rest for c in a)), ("value", 0)),
                puzzle.span)


def start_of_play(puzzle: Puzzle) -> GameState | None:
    """The game's state at the first lead (``None`` where the replay finds a violation or no deal)."""
    found = _position(attrs.evolve(puzzle, played=0))
    return None if isinstance(found, Flaw) else found


def before_discard(puzzle: Puzzle) -> GameState | None:
    """The game's state when the declarer has taken the talon and not yet discarded (``None`` where the
    replay finds a violation or no deal)."""
    found = _position(puzzle, before_discard=True)
    return None if isinstance(found, Flaw) else found


def best_play(state: GameState) -> tuple[Card, ...]:
    """Best play from ``state`` to the end of the deal (:func:`main_line` with nothing preferred)."""
    assert state.deal is not None
    return main_line(state, Analyst(state.deal, state.rules))


def _prove_discard(puzzle: Puzzle) -> Proof:
    """A discard puzzle held against every discard's value (:mod:`.discard_proof`)."""
    if puzzle.view is View.TABLE:
        return Proof(puzzle, (Flaw(Fault.TABLE_TRICKS, span=puzzle.span),))
    found = _position(puzzle, before_discard=True)
    if isinstance(found, Flaw):
        return Proof(puzzle, (found,))
    valued = discard_values(puzzle, found, start_of_play)
    if isinstance(valued, str):
        why = {"declarer": _("no declarer takes the talon"), "talon": _("the talon is not known"),
               "hands": _("the hands are not known"), "play": _("the deal does not come to its play")}[valued]
        return Proof(puzzle, (Flaw(Fault.UNSOLVABLE, (("why", why),), puzzle.span),))
    deal = puzzle.game.deals[0]
    written = written_pair(deal)
    answers = valued.answers()
    right = written is not None and valued.value(written) == valued.best
    answer = written if written is not None and right else answers[0]
    start = valued.starts[valued.classes[answer]]
    if answer != valued.classes[answer]:  # an equal discard: the hands differ by equal cards
        start = start_of_play(with_discard(puzzle, answer)) or start
    d = start.deal
    assert d is not None
    analyst = Analyst(d, start.rules)
    after = list(deal.play.cards) if deal.play is not None else []
    line = main_line(start, analyst, [p.card for p in after])
    span = deal.discard.span if deal.discard is not None else puzzle.span
    flaws: list[Flaw] = []
    if written is None:
        flaws.append(Flaw(Fault.NO_ANSWER, span=puzzle.span))
    elif not right:
        there = start_of_play(with_discard(puzzle, written))
        refuted = () if there is None or there.deal is None else best_play(there)
        flaws.append(Flaw(Fault.WRONG_DISCARD, (("cards", written), ("value", valued.value(written)),
                                                ("best", answers[0]), ("best_value", valued.best),
                                                ("player", valued.declarer)), span, refuted))
    elif puzzle.one_answer and (others := tuple(a for a in answers if a != valued.classes[written])):
        flaws.append(Flaw(Fault.SECOND_DISCARD, (("cards", written), ("others", others)), span))
    if not flaws and after:
        flaws.extend(_line_flaws(start, analyst, after, first=0))
    if deal.result is not None and not flaws:
        said = _written_tricks(deal, d)
        if said is not None and said != valued.best:
            flaws.append(Flaw(Fault.RESULT, (("written", said), ("value", valued.best),
                                             ("player", valued.declarer)), deal.result.span, line))
    return Proof(puzzle, tuple(flaws), analyst.solve(d), answer, answers, line, valued.best, start)


def _prove_whist(puzzle: Puzzle) -> Proof:
    """A whist puzzle held against both words' scores (:mod:`.whist_proof`)."""
    if puzzle.view is View.TABLE:
        why = _('View "table" is not asked of a whist: both words are scored with every hand seen')
        return Proof(puzzle, (Flaw(Fault.NOT_WHISTED, (("why", why),), puzzle.span),))
    deal = puzzle.game.deals[0]
    broken = _broken(puzzle, replay(puzzle.game))
    if broken is not None:
        return Proof(puzzle, (broken,))
    words = deal.defence.decisions if deal.defence is not None else ()
    if puzzle.played > len(words):
        why = _("Played counts past the words of the whist line")
        return Proof(puzzle, (Flaw(Fault.NOT_WHISTED, (("why", why),), puzzle.span),))
    if puzzle.played == len(words):
        return Proof(puzzle, (Flaw(Fault.NO_ANSWER, span=puzzle.span),))
    valued = word_values(puzzle, start_of_play)
    if isinstance(valued, str):
        why = {"contract": _("no game is declared"), "game": _("a misère is not whisted"),
               "four": _("a deal of four at the table is not asked"),
               "words": _("Played counts past the words of the whist line"),
               "half": _("a half-whist is not asked: whist or pass"),
               "partner": _("the partner's word is not written"),
               "play": _("the deal does not come to its play")}[valued]
        return Proof(puzzle, (Flaw(Fault.NOT_WHISTED, (("why", why),), puzzle.span),))
    said = words[puzzle.played]
    word = said.kind
    answers = valued.answers()
    scores = tuple(valued.scores.items())
    flaws: list[Flaw] = []
    if word not in answers:
        flaws.append(Flaw(Fault.WRONG_WORD, (("word", word), ("score", valued.scores[word]), ("best", answers[0]),
                                             ("best_score", valued.best), ("player", valued.player)), said.span))
    elif puzzle.one_answer and len(answers) > 1:
        other = next(w for w in answers if w is not word)
        flaws.append(Flaw(Fault.SECOND_WORD, (("word", word), ("other", other), ("score", valued.best),
                                              ("player", valued.player)), said.span))
    return Proof(puzzle, tuple(flaws), value=valued.tricks, speaker=valued.player, declarer=valued.declarer,
                 word=word if word in answers else answers[0], words=answers, scores=scores)


def _broken(puzzle: Puzzle, steps: Sequence[Step]) -> Flaw | None:
    """The rules the puzzle's deal breaks (``steps``: its replay), said as ``preflog check`` says them."""
    broken = tuple(v for s in steps for v in s.violations)
    if not broken:
        return None
    from ..problems import check

    return Flaw(Fault.BROKEN, violations=tuple(check(puzzle.game)) or broken)


def _position(puzzle: Puzzle, *, before_discard: bool = False) -> GameState | Flaw:
    """The game's state where the question is asked: after ``played`` cards of the play, or
    (``before_discard``) when the declarer has taken the talon and not yet discarded."""
    steps = replay(puzzle.game)
    broken = _broken(puzzle, steps)
    if broken is not None:
        return broken
    deal = puzzle.game.deals[0]
    cards = len(deal.play.cards) if deal.play is not None else 0
    if puzzle.played > cards:
        span = deal.play.span if deal.play is not None else deal.span
        return Flaw(Fault.BEYOND, (("played", puzzle.played), ("cards", cards)), span)
    state: GameState | None = None
    seen = 0
    for s in steps:
        if before_discard and type(s.event) is Discarded:
            break
        if s.state.deal is None or isinstance(s.event, _AFTER_PLAY):
            continue
        if type(s.event) is CardPlayed:
            if seen == puzzle.played:
                break
            seen += 1
        state = s.state
    if state is None or state.deal is None:
        return Flaw(Fault.UNSOLVABLE, (("why", ""),), puzzle.span)
    return state


def lines(proof: Proof) -> dict[Card, tuple[Card, ...]]:
    """Each legal card at the puzzle's position with best play after it, the card first: the line that
    refutes a wrong card, or the main line after a right one (what a page shows for the card tapped,
    computed in advance so that it needs no solver)."""
    state, solution = proof.at, proof.solution
    d = state.deal if state is not None else None
    if state is None or solution is None or d is None:
        return {}
    analyst = Analyst(d, state.rules)
    return {card: (card,) + main_line(_played(state, card), analyst) for card in solution.values}


def _played(state: GameState, card: Card) -> GameState:
    """``state`` with ``card`` played by the player to move, and the trick completed if it ends one."""
    for _event, after, _found in advance(state, [CardPlayed(card)]):
        state = after
    return state


def main_line(state: GameState, analyst: Analyst, prefer: Sequence[Card] = ()) -> tuple[Card, ...]:
    """Best play from ``state`` to the end of the deal: at each card the first of ``prefer`` while it is
    best and the line has kept to it, else the best card first in the deck's order."""
    out: list[Card] = []
    following = True
    while (solution := _solved(state, analyst)) is not None:
        i = len(out)
        if following and i < len(prefer) and prefer[i] in solution.best:
            card = prefer[i]
        else:
            following = False
            card = solution.best[0]
        out.append(card)
        state = _played(state, card)
    return tuple(out)


def _line_flaws(state: GameState, analyst: Analyst, after: Sequence[PlayedCard], first: int = 1) -> list[Flaw]:
    """The first card of the written line from its ``first`` (the answer's already held) that is not best
    play."""
    for i, written in enumerate(after):
        solution = _solved(state, analyst)
        if solution is None:
            break
        if i >= first and written.card not in solution.best:
            table = len(state.deal.trick) if state.deal is not None else 0
            return [Flaw(Fault.LINE, _off_best(solution, written.card), written.span,
                         (written.card,) + main_line(_played(state, written.card), analyst), table=table)]
        state = _played(state, written.card)
    return []


def _solved(state: GameState, analyst: Analyst) -> Solution | None:
    """The values of the cards at ``state``, or ``None`` where none is to be played (the deal is over)."""
    if state.deal is None:
        return None
    try:
        return analyst.solve(state.deal)
    except Unsolvable:
        return None


def _off_best(solution: Solution, card: Card) -> tuple[tuple[str, object], ...]:
    return (("card", card), ("value", solution.values[card]), ("best", solution.best),
            ("best_value", solution.value), ("player", solution.to_play), ("counted", solution.player))


def equals(d: DealState, state: GameState, card: Card) -> tuple[Card, ...]:
    """``card`` and the cards of the same hand equal to it: next in rank to it in its suit, none of the
    cards still in play between them (they win and lose the same tricks)."""
    position = position_of(d, state.rules)
    rest = position.hands[0] | position.hands[1] | position.hands[2]
    for c in position.table + position.talon:
        rest |= c
    mine = position.hands[position.to_play]
    suit = BIT_SUIT[BIT[card]]
    top = BIT[card]
    while True:  # up the run to its highest card; run_of takes it down from there
        step = top << 1
        while step & suit and not step & rest:
            step <<= 1
        if not step & suit & mine:
            break
        top = step
    run = run_of(top, mine, rest)
    return tuple(c for c, b in BIT.items() if b & run)


#: Each card's bit to the bits of its suit.
BIT_SUIT: dict[int, int] = {b: sum(BIT[o] for o in BIT if o.suit == c.suit) for c, b in BIT.items()}


def _classes(d: DealState, state: GameState, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """``cards`` grouped with their equals, in the deck's order."""
    out: list[tuple[Card, ...]] = []
    for card in cards:
        if not any(card in kept for kept in out):
            out.append(tuple(c for c in equals(d, state, card) if c in cards))
    return tuple(out)


def _declarer_tricks(state: GameState, analyst: Analyst) -> int:
    d = state.deal
    assert d is not None
    par = analyst.par(d)
    assert isinstance(par, int)
    return par


def _written_tricks(deal: Deal, d: DealState) -> int | None:
    """The declarer's tricks the deal's ``result`` says."""
    result = deal.result
    if result is None or d.declarer is None:
        return None
    if result.kind is ResultKind.DECLARER:
        return result.count
    if result.kind is ResultKind.RELATIVE:
        contract = d.game_contract
        return None if contract is None or contract.is_misere else contract.level + (result.count or 0)
    name = d.player(d.declarer)
    return next((t.tricks for t in result.tricks if t.player == name), None)


#: The module's public names (what other layers and the server may import).
__all__ = ["ANSWERED", "Fault", "Flaw", "Proof", "before_discard", "best_play", "equals", "lines", "main_line", "prove",
           "second_unwritten", "start_of_play"]
