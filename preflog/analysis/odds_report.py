"""``preflog odds``'s answer for people (a table) and for programs (JSON, docs/odds.md)."""

from __future__ import annotations

import textwrap
from typing import Any

from ..i18n import _, decimal, ngettext, with_numbers
from ..model.bids import Bid
from ..model.cards import write_card
from .. import words
from .odds import MISERE, ContractOdds, Odds

SCHEMA = 1


def contract_text(name: str) -> str:
    """A contract as a person reads it: ``6♠``, ``8nt`` (Russian ``8 БК``), or the word for misère."""
    return _("misère") if name == MISERE else words.bid(Bid.parse(name), unicode=True)


def _numbers(odds: ContractOdds) -> dict[str, float]:
    return {"p_make": round(odds.p_make, 6), "stderr": round(odds.stderr, 6), "tricks": round(odds.tricks, 6),
            "score": round(odds.score, 6)}


def odds_json(odds: Odds) -> dict[str, Any]:
    """The JSON of docs/odds.md: the run's terms, then each contract's numbers."""
    discard = None
    if odds.misere_discard is not None and odds.misere_discard_odds is not None:
        discard = {"cards": " ".join(write_card(c) for c in odds.misere_discard), **_numbers(odds.misere_discard_odds)}
    return {
        "schema": SCHEMA, "hand": odds.hand.dotted(),
        "talon": None if odds.talon is None else " ".join(write_card(c) for c in odds.talon),
        "seat": odds.seat.name.lower(), "rules": odds.rules, "samples": odds.samples, "seed": odds.seed,
        "contracts": {name: _numbers(c) for name, c in odds.contracts.items()},
        "misere_discard": discard,
    }


def odds_text(odds: Odds) -> str:
    """The odds as a table: a line a contract, its chance with the error, mean tricks and score."""
    seat = {"first": _("first hand, leads"), "second": _("second hand"), "third": _("third hand")}[
        odds.seat.name.lower()]
    talon = _("talon unknown") if odds.talon is None else _("talon {cards}").format(
        cards=words.cards(odds.talon, unicode=True))
    lines = [ngettext("Hand {hand} ({seat}), {talon}; {rules}; {samples} layout, seed {seed}",
                      "Hand {hand} ({seat}), {talon}; {rules}; {samples} layouts, seed {seed}", odds.samples).format(
        hand=words.hand(odds.hand.cards, unicode=True, voids=False), seat=seat, talon=talon,
        rules=words.rules(odds.rules), samples=odds.samples, seed=odds.seed)]
    head = (_("contract"), _("made"), _("± error"), _("tricks"), _("score"))
    rows = [(contract_text(name), *(decimal(f) for f in (f"{c.p_make:.0%}", f"{c.stderr:.1%}", f"{c.tricks:.2f}",
                                                         f"{round(c.score, 1) + 0.0:+.1f}")))
            for name, c in odds.contracts.items()]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    for row in [head, *rows]:
        lines.append("  ".join([row[0].ljust(widths[0]), *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:]))]))
    lines += textwrap.wrap(_("made: the chance the contract is made with the best discard and best play (a misère: that it is "
                   "not caught); tricks: the declarer's, on average; score: his whists from the deal, on average, "
                   "both defenders whisting"), 100)
    if odds.misere_discard is not None and odds.misere_discard_odds is not None:
        m = odds.misere_discard_odds
        lines.append(with_numbers(_("Misère with this talon: discard {cards}, not caught {p:.0%} ± {e:.1%}, tricks on "
                                    "average: {tricks:.2f}"), cards=words.cards(odds.misere_discard, unicode=True),
                                  p=m.p_make, e=m.stderr, tricks=m.tricks))
    return "\n".join(lines) + "\n"
