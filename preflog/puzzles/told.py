"""A puzzle's proof in words, in the current language: one presenter for the CLI, the pages and JSON."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..i18n import _, ngettext
from ..model.cards import Card
from ..model.defence import DecisionKind
from .. import words
from .proof import Fault, Flaw, Proof
from .question import Puzzle, Question, Slip, TagSlip


def cards(cs: Iterable[Card]) -> str:
    """Cards in words with suit symbols: ``К♦ Т♠`` (ru), ``K♦ A♠`` (en)."""
    return words.cards(cs, unicode=True)


def line(cs: Sequence[Card], first: int = 0) -> str:
    """A line of play in words, its tricks apart: ``К♦ 9♦ Т♦ · 10♥ В♥ 9♥``; ``first``: how many
    cards of the trick in play were down before the line began."""
    out: list[str] = []
    count = first
    for c in cs:
        if count and count % 3 == 0:
            out.append("·")
        out.append(words.card(c, unicode=True))
        count += 1
    return " ".join(out)


def slip(s: TagSlip) -> str:
    value = s.params[0][1]
    if s.slip is Slip.QUESTION:
        return _('Puzzle "{value}" asks nothing preflog knows: write "card", "tricks", "catch", "discard" or "whist"').format(value=value)
    if s.slip is Slip.PLAYED:
        return _('Played "{value}" is not a number of cards').format(value=value)
    if s.slip is Slip.VIEW:
        return _('View "{value}" is neither "open" (every hand seen) nor "table" (what the player saw)').format(
            value=value)
    if s.slip is Slip.ANSWERS:
        return _('Answers "{value}" is neither "one" (the only answer) nor "all" (every best answer)').format(
            value=value)
    return ngettext("a puzzle holds one deal, not {n}", "a puzzle holds one deal, not {n}", int(str(value))).format(n=value)


def flaw(f: Flaw) -> str:
    """What is wrong, in one sentence."""
    p = dict(f.params)
    fault = f.fault
    if fault is Fault.TAG and f.slip is not None:
        return slip(f.slip)
    if fault is Fault.BEYOND:
        return ngettext("Played counts {played} cards, but the play holds only {n}",
                        "Played counts {played} cards, but the play holds only {n}", int(str(p["cards"]))).format(
            played=p["played"], n=p["cards"])
    if fault is Fault.UNSOLVABLE:
        return _("the position cannot be solved: {why}").format(why=p["why"]) if p["why"] else \
            _("the position cannot be solved")
    if fault is Fault.NOT_MISERE:
        return _("a catch is asked of a deal that is not a misère")
    if fault is Fault.DECLARER_TO_PLAY:
        return _("a catch is asked with the declarer, {player}, to move: a catcher must be").format(
            player=words.player(str(p["player"])))
    if fault is Fault.ALL_PASS:
        return _("tricks are asked of an all-pass: ask for a card instead")
    if fault is Fault.NO_ANSWER:
        return _("no answer is written (preflog puzzle solve writes it)")
    if fault in (Fault.WRONG, Fault.LINE):
        lost = abs(int(str(p["best_value"])) - int(str(p["value"])))
        said = ngettext("{card} costs a trick: {counted} ends with {value} instead of {best_value}",
                        "{card} costs {n} tricks: {counted} ends with {value} instead of {best_value}", lost)
        text = said.format(card=words.card(p["card"], unicode=True), n=lost,  # type: ignore[arg-type]
                           counted=words.player(str(p["counted"])), value=p["value"], best_value=p["best_value"])
        return text + "; " + _("best: {cards}").format(cards=cards(p["best"]))  # type: ignore[arg-type]
    if fault is Fault.WRONG_DISCARD:
        lost = abs(int(str(p["best_value"])) - int(str(p["value"])))
        return ngettext("the discard {cards} costs a trick: {player} ends with {value} instead of {best_value}; "
                        "best: {best}",
                        "the discard {cards} costs {n} tricks: {player} ends with {value} instead of {best_value}; "
                        "best: {best}", lost).format(
            cards=cards(p["cards"]), n=lost, player=words.player(str(p["player"])), value=p["value"],  # type: ignore[arg-type]
            best_value=p["best_value"], best=cards(p["best"]))  # type: ignore[arg-type]
    if fault is Fault.WRONG_WORD:
        return _("{word} scores less than {best} ({player}: {score} against {best_score})").format(
            word=words.decision(p["word"]), best=words.decision(p["best"]),  # type: ignore[arg-type]
            player=words.player(str(p["player"])), score=score_text(p["score"]), best_score=score_text(p["best_score"]))
    if fault is Fault.SECOND_WORD:
        return _("{word} is not the only answer: {other} scores as much ({player}: {score})").format(
            word=words.decision(p["word"]), other=words.decision(p["other"]),  # type: ignore[arg-type]
            player=words.player(str(p["player"])), score=score_text(p["score"]))
    if fault is Fault.NOT_WHISTED:
        return _("a whist or a pass cannot be asked here: {why}").format(why=p["why"])
    if fault is Fault.SECOND_DISCARD:
        second: tuple[tuple[Card, ...], ...] = p["others"]  # type: ignore[assignment]
        return ngettext("the discard {cards} is not the only answer: {others} does as well",
                        "the discard {cards} is not the only answer: {others} do as well", len(second)).format(
            cards=cards(p["cards"]), others="; ".join(cards(o) for o in second))  # type: ignore[arg-type]
    if fault is Fault.SECOND:
        others: tuple[Card, ...] = p["others"]  # type: ignore[assignment]
        return ngettext("{card} is not the only answer: {others} does as well",
                        "{card} is not the only answer: {others} do as well", len(others)).format(
            card=words.card(p["card"], unicode=True), others=cards(others))  # type: ignore[arg-type]
    if fault is Fault.NOT_CAUGHT:
        catching: tuple[Card, ...] = p["catching"]  # type: ignore[assignment]
        return ngettext("{card} does not catch the misère; {catching} does",
                        "{card} does not catch the misère; {catching} do", len(catching)).format(
            card=words.card(p["card"], unicode=True), catching=cards(catching))  # type: ignore[arg-type]
    if fault is Fault.UNCATCHABLE:
        return _("the misère cannot be caught: no card catches it, {card} neither").format(
            card=words.card(p["card"], unicode=True))  # type: ignore[arg-type]
    if fault is Fault.CAUGHT:
        caught: tuple[Card, ...] = p["cards"]  # type: ignore[assignment]
        return ngettext("the misère is caught: {cards} catches it", "the misère is caught: {cards} catch it",
                        len(caught)).format(cards=cards(caught))
    if fault is Fault.RESULT:
        value = int(str(p["value"]))
        return ngettext("the result says {written}, but with best play {player} takes {value} trick",
                        "the result says {written}, but with best play {player} takes {value} tricks", value).format(
            written=p["written"], player=words.player(str(p["player"])), value=value)
    if fault is Fault.TABLE_TRICKS:
        return _('tricks are asked as the player saw them (View "table"): ask for a card, or see every hand')
    if fault is Fault.TOO_MANY:
        return ngettext("the player could not tell apart {n} layout, more than the {limit} solved: ask later in the play",
                        "the player could not tell apart {n} layouts, more than the {limit} solved: ask later in the play",
                        int(str(p["layouts"]))).format(n=p["layouts"], limit=p["limit"])
    if fault is Fault.NOT_ALWAYS:
        hands: tuple[tuple[str, tuple[Card, ...]], ...] = p["hands"]  # type: ignore[assignment]
        told = "; ".join(f"{words.player(name)}: {cards(held)}" for name, held in hands)
        return ngettext("{card} fails in {failing} of the {n} layout the player could not tell apart, as when {hands}; "
                        "there {better} does better",
                        "{card} fails in {failing} of the {n} layouts the player could not tell apart, as when {hands}; "
                        "there {better} does better", int(str(p["layouts"]))).format(
            card=words.card(p["card"], unicode=True), failing=p["failing"], n=p["layouts"],  # type: ignore[arg-type]
            hands=told, better=cards(p["better"]))  # type: ignore[arg-type]
    return _("the deal breaks a rule")


def refutation(f: Flaw) -> str | None:
    """The note under a flaw: the play that shows it, or nothing."""
    if not f.line:
        return None
    if f.fault in (Fault.WRONG, Fault.LINE, Fault.NOT_CAUGHT, Fault.NOT_ALWAYS, Fault.WRONG_DISCARD):
        return _("refuted by: {line}").format(line=line(f.line, f.table))
    return _("best play: {line}").format(line=line(f.line, f.table))


def score_text(value: object) -> str:
    """A balance in whists as the sheet writes it, a plus before a gain."""
    number = Fraction(str(value))
    return ("+" if number > 0 else "") + words.number_text(number)


def proven(proof: Proof) -> str:
    """The line said of a proven puzzle: its answer, and how many right answers there are when the
    puzzle accepts every best one (``Answers "all"``) and has more than one."""
    said = _proven(proof)
    puzzle = proof.puzzle
    if isinstance(puzzle, Puzzle) and not puzzle.one_answer and len(proof.answers) > 1:
        said += " " + ngettext("(one of {n} right answers)", "(one of {n} right answers)",
                               len(proof.answers)).format(n=len(proof.answers))
    return said


def _proven(proof: Proof) -> str:
    puzzle = proof.puzzle
    assert not isinstance(puzzle, TagSlip)
    if puzzle.question is Question.TRICKS:
        return _tricks_answer(proof)
    if puzzle.question is Question.WHIST and proof.word is not None:
        scores = dict(proof.scores)
        return _("proven: {word}; {player}: with a whist {whist}, with a pass {pass_}").format(
            word=words.decision(proof.word), player=words.player(proof.speaker),
            whist=score_text(scores[DecisionKind.WHIST]), pass_=score_text(scores[DecisionKind.PASS]))
    if puzzle.question is Question.DISCARD:
        value = proof.value or 0
        if _misere(proof):
            return _("proven: the discard {cards}; {misere}").format(cards=cards(proof.answer), misere=_misere_tricks(value))
        return ngettext("proven: the discard {cards}; {player} takes {n} trick",
                        "proven: the discard {cards}; {player} takes {n} tricks", value).format(
            cards=cards(proof.answer), n=value, player=words.player(proof.solution.player) if proof.solution else "")
    if proof.answer:
        shown = answer(proof.answer)
        said = _("proven: the misère is caught with {answer}").format(answer=shown) \
            if puzzle.question is Question.CATCH else _("proven: {answer}").format(answer=shown)
        if proof.layouts is not None:
            said += " " + ngettext("(in every layout the player could not tell apart: {n})",
                                   "(in every layout the player could not tell apart: {n})",
                                   proof.layouts).format(n=proof.layouts)
        return said
    return _("proven: the misère cannot be caught")


def answer(equal: Sequence[Card]) -> str:
    """An answer and the cards equal to it: «К♦ (или Д♦ В♦ 10♦)»."""
    first = words.card(equal[0], unicode=True)
    if len(equal) == 1:
        return first
    return _("{card} (or {equals})").format(card=first, equals=cards(equal[1:]))


def _misere(proof: Proof) -> bool:
    d = proof.at.deal if proof.at is not None else None
    return d is not None and d.game_contract is not None and d.game_contract.is_misere


def _misere_tricks(value: int) -> str:
    """A misère's tricks with best play, as players say it: clean, or caught for so many."""
    if value == 0:
        return _("the misère is clean")
    return ngettext("the misère is caught for {n} trick", "the misère is caught for {n} tricks", value).format(n=value)


def _tricks_answer(proof: Proof) -> str:
    value = proof.value or 0
    if _misere(proof):
        return _("proven: {misere}").format(misere=_misere_tricks(value))
    player = words.player(proof.solution.player) if proof.solution else ""
    return ngettext("proven: {player} takes {n} trick", "proven: {player} takes {n} tricks", value).format(
        n=value, player=player)


def record(proof: Proof) -> dict[str, object]:
    """The proof as JSON: the question, whether it is proven, the answer, every answer the solver finds,
    the position's values, the main line, and each flaw with its code, place, words and line."""
    puzzle = proof.puzzle
    out: dict[str, object] = {}
    if not isinstance(puzzle, TagSlip):
        out.update(title=puzzle.title, question=puzzle.question.value, played=puzzle.played, view=puzzle.view.value,
                   line=puzzle.span.line if puzzle.span else None)
    solution = proof.solution
    out.update(
        proven=proof.proven,
        answer=[str(c) for c in proof.answer],
        answers=[[str(c) for c in a] for a in proof.answers],
        to_play=solution.to_play if solution else None,
        counted=solution.player if solution else None,
        values={str(c): v for c, v in solution.values.items()} if solution else {},
        main_line=[str(c) for c in proof.line],
        tricks=proof.value,
        layouts=proof.layouts,
        **({"speaker": proof.speaker, "word": proof.word.value, "words": [w.value for w in proof.words],
            "scores": {w.value: float(v) for w, v in proof.scores}} if proof.word is not None else {}),
        flaws=[{"code": f.fault.value, "message": flaw(f),
                "line": f.span.line if f.span else None, "column": f.span.column if f.span else None,
                "refutation": [str(c) for c in f.line]} for f in proof.flaws],
    )
    return out


__all__ = ["answer", "cards", "flaw", "line", "proven", "record", "refutation", "score_text", "slip"]
