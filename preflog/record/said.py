"""A deal as the scorer says it back: who played what, the defenders' words and the tricks, in the words
of the language spoken (``Лёва: 7♠ · Оля: вист, Миша: пас · взятки: Лёва 8``), for the recorder and the
club server to show what was recorded without the notation (which English shows as it is written).

A judgment keeps each deal's :class:`Outline`, what its words are made of, without words; the words are
made from it where a deal is shown, in the reader's language (:func:`deal_words`, :func:`outcome_words`).
Every name stands alone before a colon or in a list, so no word has to agree with it.
"""

from __future__ import annotations

import attrs

from ..game.legal import counts_as_made
from ..game.state import DealState
from ..i18n import _, ngettext, pgettext
from ..game.laws import declarer_count
from ..model.bids import Bid
from ..model.deal import Deal, ResultKind
from ..model.defence import DecisionKind, WhistMode
from ..words import contract, decision, mode, player, relative

#: Between the parts of a deal said back.
SEPARATOR = " · "


@attrs.frozen(slots=True)
class Outline:
    """What a deal came to, as its words say it, without words: its dealer, whether it was an all-pass,
    the game and its declarer, each defender's word but the dummy's (``mode``: a lone whister's open or
    closed play), each player's tricks as written or played, and whether the game counted as made
    without play (``half_whist``: a half-whist let it)."""

    dealer: str
    all_pass: bool
    game: Bid | None
    declarer: str | None
    decisions: tuple[tuple[str, DecisionKind], ...]
    mode: WhistMode | None
    tricks: tuple[tuple[str, int], ...]
    unplayed: bool
    half_whist: bool

    @classmethod
    def of(cls, d: DealState) -> Outline:
        """The outline of the deal ``d``, as the replay left it."""
        whisters = sum(kind is DecisionKind.WHIST for _seat, kind in d.decisions)
        return cls(d.dealer, d.is_all_pass, d.game_contract, None if d.declarer is None else d.player(d.declarer),
                   tuple((d.player(seat), kind) for seat, kind in d.decisions if seat != d.dummy),
                   d.mode if whisters == 1 else None, tuple(_tricks(d)), counts_as_made(d),
                   d.half_whister is not None)

    @property
    def played_by(self) -> str | None:
        """The declarer of a game (``None`` for an all-pass)."""
        return None if self.all_pass else self.declarer


def deal_words(d: Outline, *, unicode: bool = False) -> str:
    """The deal ``d`` in words: the all-pass or the contract and its declarer, each defender's word (a
    lone whister's open or closed play with it), and the tricks; ``unicode``: the suits as symbols in
    English too."""
    parts = []
    if d.all_pass:
        parts.append(_("all-pass"))
    if d.game is not None and d.declarer is not None:
        parts.append(f"{player(d.declarer)}: {contract(d.game, unicode=unicode)}")
    said = []
    for name, kind in d.decisions:
        word = decision(kind)
        if kind is DecisionKind.WHIST and d.mode is not None:
            word = f"{word} {mode(d.mode)}"
        said.append(f"{player(name)}: {word}")
    if said:
        parts.append(", ".join(said))
    if d.tricks:
        parts.append(_("tricks: {tricks}").format(tricks=", ".join(f"{player(p)} {n}" for p, n in d.tricks)))
    return SEPARATOR.join(parts)


def outcome_words(d: Outline) -> str:
    """How the deal ``d`` went for its declarer, as players say it: «сыграна», «ремиз, без одной»,
    «мизер сыгран», «мизер пойман: 2 взятки»; empty for an all-pass or where the tricks are not known."""
    game = d.game
    if game is None or d.declarer is None or d.all_pass:
        return ""
    if d.unplayed:
        return _("made without play: a half-whist") if d.half_whist else _("made without play: no whist")
    taken = dict(d.tricks).get(d.declarer)
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


__all__ = ["Outline", "SEPARATOR", "deal_words", "notes", "outcome_words"]
