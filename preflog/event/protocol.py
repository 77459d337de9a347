"""The protocol of a table (Code 4.2.11): each deal with its dealer, the game declared and its result
in the sheet's own column, «6♠ / ровно», «8♥ / без одной», so that a dispute can be settled."""

from __future__ import annotations

from .. import words
from ..i18n import _, count, pgettext
from ..scoring.outcome import Outcome
from ..scoring.settlement import signed
from ..scoring.tariff import made
from .results import Played


def game_text(o: Outcome) -> str:
    """The game column: ``Boris: 6♠``, ``Vera: misère``, ``all-pass``."""
    if o.all_pass or o.contract is None or o.declarer is None:
        return _("all-pass")
    return f"{words.player(o.declarer)}: {words.bid(o.contract, unicode=True)}"


def result_text(o: Outcome) -> str:
    """The result column: the declarer's tricks against the contract (``=``, ``-1``, ``+1``), a misère's
    tricks taken, an all-pass's tricks each, or ``=`` for a game nobody whisted."""
    if o.all_pass or o.contract is None:
        tricks = o.tricks or {}
        return ", ".join(f"{words.player(p)} {tricks[p]}" for p in o.active if p in tricks) or "—"
    taken = o.declarer_tricks
    if o.contract.is_misere:
        if taken is None:
            return pgettext("misère", "made") if made(o) else "—"
        return pgettext("misère", "made") if taken == 0 else count("{n} trick", "{n} tricks", taken)
    if taken is None:
        return words.relative(0)
    return words.relative(taken - (10 if o.totus else o.contract.level))


def protocol_rows(game: Played) -> list[list[str]]:
    """The rows of a table's protocol: deal, dealer, game, result, and each player's whists won on it."""
    rows = []
    values = {d.number: d.value for d in game.deals}
    for o in game.outcomes:
        value = values.get(o.number, {})
        rows.append([str(o.number), words.player(o.dealer), game_text(o), result_text(o),
                     *("" if p not in value else signed(value[p]) for p in game.players)])
    return rows


def protocol_header(game: Played) -> list[str]:
    return [_("Deal"), _("Dealer"), _("Contract"), _("Result"), *(words.player(p) for p in game.players)]


#: The module's public names (what other layers and the server may import).
__all__ = [
    "game_text", "protocol_header", "protocol_rows", "result_text",
]
