"""The lessons of an archive as one self-contained page: by theme, each puzzle drawn before its card,
the question, the price, and the answer behind a tap (``preflog lessons --format html``)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..i18n import _, current_language, ngettext, with_numbers
from ..model.defence import DecisionKind
from ..model.game import Game
from ..present.diagram import diagram
from ..present.markup import escape
from .. import words
from .lessons import AnyLesson, DiscardLesson, Theme, WordLesson
from .proof import Fault
from .solution import asked
from .told import answer, cards, line, score_text

STYLE = """body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:0 12px 48px;color:#111;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
section>article{border-top:1px solid #ccc;padding:12px 0}
figure{margin:0}svg{max-width:100%;height:auto}
details{margin-top:8px}summary{min-height:44px;line-height:44px;cursor:pointer;font-weight:600}
.price{color:#8a1c1c}.from{color:#555;font-size:.875rem}"""


def theme_title(theme: Theme) -> str:
    return {Theme.MISERE_LEAD: _("The lead against a misère"), Theme.CATCHING: _("Catching a misère"),
            Theme.WHIST: _("Whist or pass"),
            Theme.DEFENCE: _("The defenders' play"), Theme.DISCARD: _("The discard"),
            Theme.DECLARER: _("The declarer's play"),
            Theme.ALL_PASS: _("All-pass cards")}[theme]


def price(lesson: AnyLesson) -> str:
    """What the card played (or the discard made) cost, on average over the layouts its player could not
    tell apart."""
    if isinstance(lesson, DiscardLesson):
        return price_text(lesson.tricks_lost, lesson.choice.loss, lesson.theme)
    if isinstance(lesson, WordLesson):
        return word_price_text(lesson.choice.loss)
    return price_text(lesson.mistake.loss, lesson.mistake.whist_loss, lesson.theme)


def word_price_text(whists: float) -> str:
    """A word's price: the whists it lost on average."""
    return with_numbers(_("whists lost on average: {whists:.1f}"), whists=whists)


def price_text(loss: float, whist_loss: float | None, theme: Theme) -> str:
    """A card's price: the tricks it lost on average (on an all-pass, the tricks it took more), and the
    whists."""
    text = with_numbers(_("extra tricks taken on average: {tricks:.1f}") if theme is Theme.ALL_PASS
                        else _("tricks lost on average: {tricks:.1f}"), tricks=loss)
    if whist_loss is not None:
        text += "; " + with_numbers(_("whists lost: {whists:.1f}"), whists=whist_loss)
    return text


def question(lesson: AnyLesson) -> str:
    if isinstance(lesson, WordLesson):
        return word_question_text(lesson.proof.declarer, lesson.player, lesson.puzzle)
    if isinstance(lesson, DiscardLesson):
        return discard_question_text(lesson.player, lesson.puzzle)
    m = lesson.mistake
    d = m.position
    return question_text(d.player(d.to_play) if d.to_play is not None else m.player, m.player)


def _contract(puzzle: Game) -> str:
    contract = puzzle.deals[0].contract
    return words.contract(contract.bid, unicode=True) if contract else "?"


def discard_question_text(declarer: str, puzzle: Game) -> str:
    """A discard puzzle's question: whose contract, which two cards."""
    return _("{player} plays {contract}: which two cards to discard?").format(
        player=words.player(declarer), contract=_contract(puzzle))


def word_question_text(declarer: str, speaker: str, puzzle: Game) -> str:
    """A whist puzzle's question: whose contract, who speaks, whist or pass."""
    return _("{declarer} plays {contract}; {player} to speak: whist or pass?").format(
        declarer=words.player(declarer), player=words.player(speaker), contract=_contract(puzzle))


def question_text(mover: str, chooser: str) -> str:
    """Whose card and the question; with an open whist the whister chooses his partner's card (Code 3.8.5)."""
    if mover != chooser:
        return _("{player} to play, {chooser} chooses (open whist): which card?").format(
            player=words.player(mover), chooser=words.player(chooser))
    return _("{player} to play: which card?").format(player=words.player(mover))


def page(found: Sequence[AnyLesson], title: str) -> str:
    """The lessons as a page: a section per theme, the dearest first."""
    parts = [f'<!doctype html><html lang="{escape(current_language())}"><head><meta charset="utf-8">'
             '<meta name="viewport" content="width=device-width,initial-scale=1">'
             f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><main><h1>{escape(title)}</h1>"]
    if not found:
        parts.append("<p>" + escape(_("No avoidable mistake made a puzzle.")) + "</p>")
    parts.append("<p>" + escape(ngettext("{n} puzzle", "{n} puzzles", len(found)).format(n=len(found))) + "</p>")
    for theme in Theme:
        mine = [lesson for lesson in found if lesson.theme is theme]
        if not mine:
            continue
        parts.append(f"<section><h2>{escape(theme_title(theme))}</h2>")
        for lesson in mine:
            parts.append(_article(lesson))
        parts.append("</section>")
    parts.append("</main></body></html>\n")
    return "".join(parts)


def _article(lesson: AnyLesson) -> str:
    if isinstance(lesson, DiscardLesson):
        return _discard_article(lesson)
    if isinstance(lesson, WordLesson):
        return _word_article(lesson)
    m, proof = lesson.mistake, lesson.proof
    drawn = diagram(asked(lesson.puzzle, m.index), m.deal, as_played=True, caption=question(lesson)).svg()
    origin = _("{source}, game {game}, deal {deal}").format(source=lesson.source, game=m.game, deal=m.deal)
    said = _("Played: {card}. Right: {answer}.").format(card=words.card(m.card, unicode=True),
                                                        answer=answer(proof.answer))
    table = len(proof.at.deal.trick) if proof.at is not None and proof.at.deal is not None else 0
    summary = _("The answer")
    best = _("Best play: {line}").format(line=line(proof.line, table))
    return (f"<article><figure>{drawn}</figure><p>{escape(question(lesson))}</p>"
            f'<p class="price">{escape(price(lesson))}</p><p class="from">{escape(origin)}</p>'
            f"<details><summary>{escape(summary)}</summary><p>{escape(said)}</p><p>{escape(best)}</p>"
            "</details></article>")


def before_discard(puzzle: Game) -> Game:
    """A discard puzzle's deal as its declarer saw it when he discarded: no discard, no whists, no play."""
    deal = attrs.evolve(puzzle.deals[0], discard=None, defence=None, play=None, claim=None, result=None)
    return attrs.evolve(puzzle, deals=(deal,))


def discard_words(lesson: DiscardLesson) -> tuple[str, str]:
    """The discard made and the right one in words, and what the discard made gives with best play."""
    proof = lesson.proof
    said = _("Discarded: {made}. Right: {right}.").format(made=cards(lesson.made), right=cards(proof.answer))
    if len(proof.answers) > 1:
        n = len(proof.answers) - 1
        said += " " + ngettext("One other discard does as well: {others}.", "{n} other discards do as well: {others}.",
                               n).format(n=n, others="; ".join(cards(a) for a in proof.answers if set(a) != set(proof.answer)))
    wrong = next((f for f in lesson.refuted.flaws if f.fault is Fault.WRONG_DISCARD), None)
    refuted = ""
    if wrong is not None:
        value = int(str(wrong.param("value")))
        refuted = ngettext("After the discard made {player} takes {n} trick: {line}",
                           "After the discard made {player} takes {n} tricks: {line}", value).format(
            player=words.player(lesson.player), n=value, line=line(wrong.line))
    return said, refuted


def _discard_article(lesson: DiscardLesson) -> str:
    drawn = diagram(before_discard(lesson.puzzle), lesson.deal, caption=question(lesson)).svg()
    origin = _("{source}, game {game}, deal {deal}").format(source=lesson.source, game=lesson.game, deal=lesson.deal)
    said, refuted = discard_words(lesson)
    best = _("Best play after the discard {cards}: {line}").format(cards=cards(lesson.proof.answer),
                                                                  line=line(lesson.proof.line))
    told = "".join(f"<p>{escape(text)}</p>" for text in (said, refuted, best) if text)
    return (f"<article><figure>{drawn}</figure><p>{escape(question(lesson))}</p>"
            f'<p class="price">{escape(price(lesson))}</p><p class="from">{escape(origin)}</p>'
            f"<details><summary>{escape(_('The answer'))}</summary>{told}</details></article>")


def before_word(lesson: WordLesson) -> Game:
    """A whist puzzle's deal as it stood when the defender spoke: the words before his, no play."""
    puzzle = lesson.puzzle
    deal = puzzle.deals[0]
    index = int(puzzle.tag("Played") or 0)
    defence = deal.defence
    cut = attrs.evolve(defence, decisions=defence.decisions[:index], mode=None) if defence and index else None
    return attrs.evolve(puzzle, deals=(attrs.evolve(deal, defence=cut, play=None, claim=None, result=None),))


def word_words(lesson: WordLesson) -> str:
    """The word said and the right one, and what each scores with every hand seen."""
    scores = dict(lesson.proof.scores)
    right = lesson.proof.word
    assert right is not None
    return ngettext("Said: {said}. Right: {right}. With best play {declarer} takes {n} trick; {player}: with a "
                    "whist {whist}, with a pass {pass_}.",
                    "Said: {said}. Right: {right}. With best play {declarer} takes {n} tricks; {player}: with a "
                    "whist {whist}, with a pass {pass_}.", lesson.proof.value or 0).format(
        said=words.decision(DecisionKind(lesson.choice.chosen)), right=words.decision(right),
        declarer=words.player(lesson.proof.declarer), n=lesson.proof.value, player=words.player(lesson.player),
        whist=score_text(scores[DecisionKind.WHIST]), pass_=score_text(scores[DecisionKind.PASS]))


def _word_article(lesson: WordLesson) -> str:
    drawn = diagram(before_word(lesson), lesson.deal, caption=question(lesson)).svg()
    origin = _("{source}, game {game}, deal {deal}").format(source=lesson.source, game=lesson.game, deal=lesson.deal)
    return (f"<article><figure>{drawn}</figure><p>{escape(question(lesson))}</p>"
            f'<p class="price">{escape(price(lesson))}</p><p class="from">{escape(origin)}</p>'
            f"<details><summary>{escape(_('The answer'))}</summary><p>{escape(word_words(lesson))}</p>"
            "</details></article>")


#: The module's public names (what other layers and the server may import).
__all__ = ["before_discard", "before_word", "discard_question_text", "discard_words", "page", "word_price_text",
           "word_question_text", "word_words", "price", "price_text", "question", "question_text", "theme_title"]
