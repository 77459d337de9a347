"""A deal as the scorer says it back: who played what, the defenders' words and the tricks, in the words
of the language spoken (``Лёва: 7♠ · Оля: вист, Миша: пас · взятки: Лёва 8``), for the recorder and the
club server to show what was recorded without the notation (which English shows as it is written).

Every name stands alone before a colon or in a list, so no word has to agree with it.
"""

from __future__ import annotations

from ..game.legal import counts_as_made
from ..game.state import DealState, GameState
from ..i18n import _, ngettext, pgettext
from ..game.laws import declarer_count
from ..model.deal import Deal, ResultKind
from ..model.defence import DecisionKind
from ..driver import Visitor
from ..words import contract, decision, mode, player, relative

#: Between the parts of a deal said back.
SEPARATOR = " · "


def deal_words(d: DealState) -> str:
    """The deal ``d`` (as the replay left it) in words: the all-pass or the contract and its declarer,
    each defender's word (a lone whister's open or closed play with it), and the tricks."""
    parts = []
    if d.is_all_pass:
        parts.append(_("all-pass"))
    game = d.game_contract
    if game is not None and d.declarer is not None:
        parts.append(f"{player(d.player(d.declarer))}: {contract(game)}")
    said = []
    whisters = sum(kind is DecisionKind.WHIST for _seat, kind in d.decisions)
    for seat, kind in d.decisions:
        if seat == d.dummy:
            continue  # the dummy's pass goes without saying
        word = decision(kind)
        if kind is DecisionKind.WHIST and whisters == 1 and d.mode is not None:
            word = f"{word} {mode(d.mode)}"
        said.append(f"{player(d.player(seat))}: {word}")
    if said:
        parts.append(", ".join(said))
    tricks = _tricks(d)
    if tricks:
        parts.append(_("tricks: {tricks}").format(tricks=", ".join(f"{player(p)} {n}" for p, n in tricks)))
    return SEPARATOR.join(parts)


def outcome_words(d: DealState) -> str:
    """How the deal ``d`` went for its declarer, as players say it: «сыграна», «ремиз, без одной»,
    «мизер сыгран», «мизер пойман: 2 взятки»; empty for an all-pass or where the tricks are not known."""
    game = d.game_contract
    if game is None or d.declarer is None or d.is_all_pass:
        return ""
    if counts_as_made(d):
        return _("made without play: a half-whist") if d.half_whister is not None else _("made without play: no whist")
    taken = dict(_tricks(d)).get(d.player(d.declarer))
    if taken is None:
        return ""
    if game.is_misere:
        return pgettext("outcome", "misère made") if not taken else ngettext("misère caught: {n} trick", "misère caught: {n} tricks",
                                                           taken).format(n=taken)
    return pgettext("outcome", "made") if taken >= game.level else _("failed, {short}").format(
        short=relative(taken - game.level))


def _tricks(d: DealState) -> list[tuple[str, int]]:
    """Each player's tricks as the result writes them (the declarer's alone for a short result), or
    as the play took them."""
    result = d.result
    if result is not None:
        if result.kind is ResultKind.TRICKS:
            return [(t.player, t.tricks) for t in result.tricks]
        taken = None if d.declarer is None else declarer_count(result, d.game_contract)
        return [] if taken is None else [(d.player(d.declarer), taken)]
    if d.completed:
        return [(name, d.tricks[i]) for i, name in enumerate(d.active)]
    return []


def notes(deal: Deal) -> list[str]:
    """The comments written on the deal (before it, on its line and on its statements), as typed."""
    found = [*deal.preface, *deal.comments]
    for statement in (deal.talon, deal.discard, deal.contract, deal.defence, deal.claim, deal.result,
                      *deal.penalties, deal.checkpoint):
        found.extend(getattr(statement, "comments", ()))
    return [c.text.strip() for c in found if not c.line_note and c.text.strip()]


class DealsSaid(Visitor):
    """Each deal of a replay in words (:func:`deal_words`), by its number."""


    def __init__(self) -> None:
        self.said: dict[int, str] = {}
        #: each deal's dealer, declarer (if any) and how it went for him (:func:`outcome_words`)
        self.outcomes: dict[int, tuple[str, str | None, str]] = {}

    def end_deal(self, state: GameState) -> None:
        d = state.deal
        if d is not None:
            self.said[d.number] = deal_words(d)
            declarer = None if d.declarer is None or d.is_all_pass else d.player(d.declarer)
            self.outcomes[d.number] = (d.dealer, declarer, outcome_words(d))

    def result(self) -> dict[int, str]:
        return self.said


__all__ = ["DealsSaid", "SEPARATOR", "deal_words", "notes", "outcome_words"]
