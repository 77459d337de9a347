"""The protocol of a table (Code 4.2.11): each deal with its dealer, the game declared and its result
in the sheet's own column, «6♠ / ровно», «8♥ / без одной», and the whists each player won on it, so
that a dispute can be settled; as text and as data."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import words
from ..i18n import _, count, pgettext
from ..scoring.ledger import number_json
from ..scoring.outcome import Outcome
from ..scoring.settlement import apportion
from ..sheet_words import signed
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


def deal_whists(game: Played) -> dict[int, dict[str, Fraction]]:
    """The whists each player won on each deal of ``game``, by the deal's number, exactly: the change the
    deal made to his settlement (Code 4.2.14); a board's one deal, the board's whists (the deal scored
    alone, the pool open: what the event counts)."""
    if game.board is not None:
        return {o.number: dict(game.whists) for o in game.outcomes}
    return {d.number: d.value for d in game.deals}


def shown_whists(game: Played) -> dict[int, dict[str, Fraction]]:
    """:func:`deal_whists` to two decimals, as the protocol shows them: the players' whists after the deal
    to two decimals as the game's are (the largest remainder, in the seats' order: :attr:`Played.shown`),
    less their whists so shown before it, so that a player's deals add up to his game's whists as shown,
    and to his whists as shown after each deal on the way."""
    out: dict[int, dict[str, Fraction]] = {}
    exact: dict[str, Fraction] = {p: Fraction(0) for p in game.players}
    shown: dict[str, Fraction] = {}
    for number, value in deal_whists(game).items():
        for p, won in value.items():
            exact[p] = exact.get(p, Fraction(0)) + won
        after = apportion(exact)
        out[number] = {p: after[p] - shown.get(p, Fraction(0)) for p in value}
        shown = after
    return out


def protocol_rows(game: Played) -> list[list[str]]:
    """The rows of a table's protocol: deal, dealer, game, result, and each player's whists won on it."""
    rows = []
    values = shown_whists(game)
    for o in game.outcomes:
        value = values.get(o.number, {})
        rows.append([str(o.number), words.player(o.dealer), game_text(o), result_text(o),
                     *("" if p not in value else signed(value[p]) for p in game.players)])
    return rows


def protocol_json(game: Played) -> list[dict[str, Any]]:
    """The protocol as data, a deal an entry, as its rows give it: ``deal``, ``dealer``, ``game`` and
    ``result`` (in words), and ``whists``, each player's whists won on the deal (:func:`shown_whists`)."""
    values = shown_whists(game)
    return [{"deal": o.number, "dealer": o.dealer, "game": game_text(o), "result": result_text(o),
             "whists": {p: number_json(v) for p, v in values.get(o.number, {}).items()}}
            for o in game.outcomes]


def protocol_header(game: Played) -> list[str]:
    return [_("Deal"), _("Dealer"), _("Contract"), _("Result"), *(words.player(p) for p in game.players)]


#: The module's public names (what other layers and the server may import).
__all__ = [
    "deal_whists", "game_text", "protocol_header", "protocol_json", "protocol_rows", "result_text", "shown_whists",
]
