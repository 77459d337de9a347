"""The score sheet's entries in words: the one place where an entry's :class:`~preflog.scoring.ledger.Reason`,
a value of facts, and the entry itself become the sentence a person reads, in the current language (beside
:mod:`preflog.verdicts`, the violations', which quotes an entry).

:func:`entry_text` gives the entry's sentence (``deal 7: Vera writes 8 whists on Boris: 2 tricks × 4
(Code 3.8.1.1)``), :func:`reason_text` how its amount is made up (``2 tricks × 4``), :func:`signed`
and :func:`number_text` (:mod:`preflog.words`') an amount as the sheet writes it. Each reason's words are a table from its key to the
sentence; a reason made from another (help from a full pool, half to the pool) says the other's words
inside its own.

>>> with using_language("ru"): entry_text(entry)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from . import words
from .game.classic import BOMB_MARKS
from .i18n import N_, _, count, ngettext
from .scoring.ledger import Amount, Column, Entry, Reason, plural_of
from .scoring.tariff import BOMB_NAMES
from .words import cited, number_text, two_places


def entry_text(e: Entry) -> str:
    """The entry in words: ``deal 7: Vera writes 8 whists on Boris: 2 tricks × 4 (Code 3.8.1.1)``."""
    if e.column is Column.WHISTS:
        said = ngettext("deal {deal}: {player} writes {amount} whist on {on}: {reason} ({where})",
                        "deal {deal}: {player} writes {amount} whists on {on}: {reason} ({where})",
                        plural_of(e.amount))
    elif e.column is Column.BOMB:
        said = (_("deal {deal}: {player} earns a bomb: {reason} ({where})") if e.amount > 0 else
                _("deal {deal}: {player} uses a bomb: {reason} ({where})"))
    elif e.column is Column.POOL:
        said = (_("deal {deal}: {player} takes {amount} off the pool: {reason} ({where})") if e.amount < 0 else
                _("deal {deal}: {player} writes {amount} to the pool: {reason} ({where})"))
    else:
        said = (_("deal {deal}: {player} takes {amount} off the mountain: {reason} ({where})") if e.amount < 0
                else _("deal {deal}: {player} writes {amount} to the mountain: {reason} ({where})"))
    signed_ = e.column in (Column.WHISTS, Column.BOMB)  # pool and mountain say "takes off" for a minus
    return said.format(deal=e.deal, player=e.player, on=e.on, reason=reason_text(e.reason),
                       amount=number_text(e.amount if signed_ else -e.amount if e.amount < 0 else e.amount),
                       where=cited(e.section))


def reason_text(r: Reason) -> str:
    """How an entry's amount is made up, in words: ``2 tricks × 4``, ``6♠ made with 6``."""
    return _SAID[r.key](dict(r.params))


def signed(value: Fraction) -> str:
    """``+120``, ``-40``, ``0``, ``+33.33``."""
    text = number_text(value)
    return text if value <= 0 else "+" + text


def times(count_: Amount, price: Amount, scale: int = 1) -> str:
    """``2 tricks × 4`` (and ``× 2`` for a scale): how an entry is made up, in words."""
    text = ngettext("{n} trick", "{n} tricks", plural_of(count_)).format(n=number_text(count_)) + \
        f" × {number_text(price)}"
    return text + (f" × {scale}" if scale != 1 else "")


# ---- each reason's words, by its key -------------------------------------------------------------

Facts = dict[str, Any]


def _factor(p: Facts) -> str:
    factor = p["factor"]
    return _(" (× {factor}: bomb or dark, 4.1.2)").format(factor=factor) if factor != 1 else ""


def _times(p: Facts, tricks: str = "tricks") -> str:
    return times(p[tricks], p["price"], p["scale"])


def _scaled(p: Facts) -> str:
    return f" × {p['scale']}" if p["scale"] != 1 else ""


def _step(p: Facts) -> str:
    """An all-pass's price in the progression, where it is not 1."""
    price = p["price"]
    return _(" (the all-pass price is {price}, Code 3.7.4)").format(price=price) if price != 1 else ""


def _gentleman(p: Facts) -> str:
    sharers = p["sharers"]
    how = _("shared in half") if sharers == 2 else \
        ngettext("shared by {n}", "shared by {n}", sharers).format(n=sharers) if sharers > 1 else \
        _("not shared with {returned}, whose half-whist the returned whist overtook").format(returned=p["returned"])
    return _("the defenders' {times}, {how} (gentleman whist)").format(times=_times(p), how=how)


def _short(p: Facts) -> str:
    kind = _("full liability, 3.8.11") if p["full"] else _("half liability, 3.8.12")
    return _("short of the obligation by {short}: {times} ({kind})").format(
        short=p["short"], times=times(p["short"], p["price"], p["scale"]), kind=kind)


def _all_pass_tricks(p: Facts) -> str:
    cut = p["cut"]
    return _times(p) + (_(", after an amnesty of {cut}").format(cut=cut) if cut else "") + \
        (_(" (tricks from the talon)") if p["talon"] else "")


def _all_pass_whists(p: Facts) -> str:
    lows, price = p["lows"], p["price"]
    return times(p["tricks"], p["whists"]) + (f" × {price}" if price != 1 else "") + _scaled(p) + (
        _(", shared in half") if lows == 2 else _(", shared by {lows}").format(lows=lows) if lows > 1 else "")


def _unresponsible(p: Facts) -> str:
    said = ngettext("an unresponsible game: game {made} made by {declarer}, and {n} all-pass or razboynik game to "
                    "answer for games made; half of its {points} on the hill",
                    "an unresponsible game: game {made} made by {declarer}, and {n} all-passes or razboynik games to "
                    "answer for games made; half of its {points} on the hill", p["answered"])
    return said.format(made=p["made"], declarer=p["declarer"], n=p["answered"], points=number_text(p["points"]))


def _bomb_earned(p: Facts) -> str:
    how = {"dark": _("passed dark"), "dealt": _("dealt"), "seeing": _("passed seeing")}[p["how"]]
    return _("{bomb} ({marks}): {how} on dark all-pass {n} in a row").format(
        bomb=_(BOMB_NAMES[p["bomb"]]), marks=BOMB_MARKS[p["bomb"]], how=how, n=p["n"])


def _by_totus(p: Facts) -> str:
    """Whose totus closed a partner's pool or wrote off his mountain ("" for the declarer's own)."""
    by = p["by"]
    return "" if by is None else _(" by {declarer}'s totus").format(declarer=by)


def _half_to_pool(short: Callable[[Facts], str]) -> Callable[[Facts], str]:
    return lambda p: _("{reason}: half to the pool{short}").format(reason=reason_text(p["reason"]), short=short(p))


def _over_full_pools(p: Facts) -> str:
    whose = _("the own mountain") if p["whose"] is None else _("{player}'s mountain").format(player=p["whose"])
    return _("{reason}: {exact} over the full pools, off {whose}").format(
        reason=reason_text(p["reason"]), exact=number_text(p["off"]), whose=whose)


def _nested(message: str, **amounts: str) -> Callable[[Facts], str]:
    """A sentence that says the reason it is made from (``{reason}``), and amounts named in ``amounts``
    (each a param's name) as the sheet writes them; other params as they are."""
    def said(p: Facts) -> str:
        values = {k: v for k, v in p.items() if k not in amounts}
        values.update({name: number_text(p[param]) for name, param in amounts.items()})
        if "reason" in p:
            values["reason"] = reason_text(p["reason"])
        return _(message).format(**values)
    return said


#: Every reason's key → its words from its facts.
_SAID: dict[str, Callable[[Facts], str]] = {
    # a game (tariff.misere_entries, contract_entries)
    "misere-made": lambda p: _("misère made") + _factor(p),
    "misere-failed": lambda p: _("misère failed: {times}").format(times=_times(p)) + _factor(p),
    "nobody-whisted": lambda p: _("{contract} counts as made: nobody whisted").format(
        contract=words.bid(p["contract"])) + _factor(p),
    "half-whisted": lambda p: _("{contract} counts as made: {half} went half-whist").format(
        contract=words.bid(p["contract"]), half=p["half"]) + _factor(p),
    "half-whist": lambda p: _("half-whist: half the obligation, {times}").format(times=_times(p)),
    "made": lambda p: _("{contract} made with {taken}").format(contract=words.bid(p["contract"]),
                                                                taken=p["taken"]) + _factor(p),
    "failed": lambda p: _("{contract} failed, {short}: {times}").format(
        contract=words.bid(p["contract"]), short=words.relative(-p["tricks"]), times=_times(p)) + _factor(p),
    "tricks": _times,
    "passer-tricks": lambda p: _times(p) + _(": the defence's, the passer's tricks included"),
    "gentleman": _gentleman,
    "consolation": lambda p: count("consolation: {n} undertrick", "consolation: {n} undertricks", p["tricks"])
        + f" × {p['price']}" + _scaled(p),
    "short": _short,
    # an all-pass (tariff.all_pass_entries)
    "no-trick": lambda p: _("no trick on the all-pass") + _step(p) + (f" ({_times(p)})" if p["scale"] != 1 else ""),
    "dealer-no-talon": lambda p: _("the dealer of an all-pass without the talon") + _step(p),
    "off-own-mountain": lambda p: reason_text(p["reason"]) + _(", off the own mountain"),
    "all-pass-tricks": _all_pass_tricks,
    "all-pass-whists": _all_pass_whists,
    # the talon's bonus (tariff.talon_bonus)
    "talon-seven-eight": lambda p: _("a seven and an eight of one suit in the talon"),
    "talon-sevens": lambda p: count("{n} seven in the talon", "{n} sevens in the talon", p["n"]),
    "talon-two-aces": lambda p: _("two aces in the talon"),
    "talon-ace-king": lambda p: _("an ace and a king of one suit in the talon"),
    "talon-ace": lambda p: _("an ace in the talon"),
    "talon-marriage": lambda p: _("a marriage in the talon"),
    "talon-misere": lambda p: f"{reason_text(p['why'])}: {p['tricks']}" + _factor(p),
    "talon-game": lambda p: f"{reason_text(p['why'])}: {_times(p)}",
    # Classic (tariff.unresponsible_entries, bomb_entries; totus.py)
    "unresponsible": _unresponsible,
    "bomb-used": lambda p: _("{bomb} used: the game is made").format(bomb=_(BOMB_NAMES[p["bomb"]])),
    "bomb-earned": _bomb_earned,
    "totus-failed": lambda p: _("totus failed: the mountain doubled"),
    "totus-failed-partner": lambda p: _("totus failed: {p}'s mountain, whom it was to help, added").format(
        p=p["partner"]),
    "totus-pool": lambda p: _("totus made: the pool closed{whose}").format(whose=_by_totus(p)),
    "totus-mountain": lambda p: _("totus made: the whole mountain written off{whose}").format(whose=_by_totus(p)),
    "totus-help": lambda p: _("help to {p}: {number_text} × 10").format(
        p=p["partner"], number_text=number_text(p["points"])) + _scaled(p),
    # as given (tariff.opening_entries, penalty_entries)
    "paper": lambda p: _("carried over from the paper"),
    "penalty": lambda p: _("penalty {comment}").format(comment=p["comment"] or _("as recorded")),
    # the sheet's own (pulka.py): half to the pool, help from a full pool, the mountains written off
    "half-to-pool": _half_to_pool(lambda p: ""),
    "half-to-pool-empty": _half_to_pool(lambda p: _(" (the mountain is empty: the whole to the pool)")),
    "half-to-pool-only": _half_to_pool(lambda p: _(" (the mountain had only {exact}: the rest to the pool)").format(
        exact=number_text(p["had"]))),
    "half-off-mountain": _nested(N_("{reason}: half off the own mountain")),
    "mountain-empty": lambda p: reason_text(p["reason"]) + _(": {lost} lost, the mountain is empty").format(
        lost=number_text(p["lost"])),
    "closes-pool": _nested(N_("{reason}: {own} of {amount} closes the pool"), own="own", amount="amount"),
    "nobody-to-help-indivisible": _nested(N_("{reason}: {rest} over a full pool, nobody left to help; half of it off "
                                          "the indivisible mountain"), rest="rest"),
    "nobody-to-help": _nested(N_("{reason}: {rest} over a full pool, nobody left to help"), rest="rest"),
    "help-from": _nested(N_("help from {player} ({reason})")),
    "helps": lambda p: _("helps {helped} with {give} × 10").format(helped=p["helped"], give=number_text(p["give"]))
        + _scaled(p),
    "over-full-pools": _over_full_pools,
    "writes-off-mountain": lambda p: _("writes off {other}'s mountain: {exact} × 10").format(
        other=p["other"], exact=number_text(p["off"])) + _scaled(p),
    "mountains-empty": _nested(N_("{reason}; {rest} lost, the mountains are empty"), rest="rest"),
}

#: The module's public names (what other layers and the server may import).
__all__ = ["entry_text", "number_text", "reason_text", "signed", "times", "two_places"]
