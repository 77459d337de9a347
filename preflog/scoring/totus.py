"""Classic's totus on the sheet (seed 000 §7.2), as pure functions of the sheet before it.

A totus made closes the declarer's pool and writes off his whole mountain; on a simple bomb it does the
same for one partner of his choice, on a double bomb for two, on a tree for everyone, and the points
given to a partner (pool and mountain) are help, 10 whists each (seed 000 §7.2: "переводя очки помощи в
висты"). A totus failed doubles the declarer's mountain and, on a bomb, adds to it the mountains of the
partners it was to help. Where the seed says nothing (the double bomb and the tree when failed, a
partner's mountain as help) preflog's reading is in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..i18n import _, ngettext
from ..game.classic import BOMB_NAMES
from .ledger import Amount, Column, Entry, number_text
from .outcome import Outcome

POOL, MOUNTAIN, WHISTS = Column.POOL, Column.MOUNTAIN, Column.WHISTS
SECTION = "seed 000 §7.2"


def helped_partners(o: Outcome, bomb: int, players: tuple[str, ...]) -> tuple[str, ...] | str:
    """The partners a totus on ``bomb`` helps, or what is wrong with the names written: one on a simple
    bomb, two on a double, all on a tree; where the bomb leaves no choice the names may be left out."""
    assert o.declarer is not None
    partners = tuple(p for p in players if p != o.declarer)
    need = 0 if not bomb else len(partners) if bomb == 3 else min(bomb, len(partners))
    named = o.helped
    on = (_("on a {bomb}").format(bomb=_(BOMB_NAMES[bomb])) if bomb else
          _("without a bomb ({declarer} holds none)").format(declarer=o.declarer))
    if o.declarer in named:
        return _("{declarer} is the declarer; a totus helps partners").format(declarer=o.declarer)
    if len(set(named)) != len(named):
        return _("a partner is named twice ({named})").format(named=' '.join(named))
    if len(named) > need and not need:
        return ngettext("a totus {on} helps nobody, and {named} is named",
                        "a totus {on} helps nobody, and {named} are named", len(named)).format(
            on=on, named=" ".join(named))
    if len(named) > need:
        return ngettext("a totus {on} helps {partners}, and {named} is named",
                        "a totus {on} helps {partners}, and {named} are named", len(named)).format(
            on=on, partners=_partners(need), named=" ".join(named))
    if len(named) < need:
        if need == len(partners):
            return partners  # no choice: everyone is helped
        return ngettext("a totus {on} helps {partners} of {declarer}'s choice: name him after the ten (contract "
                        "totus {contract} {names})",
                        "a totus {on} helps {partners} of {declarer}'s choice: name them after the ten (contract "
                        "totus {contract} {names})", need).format(
            on=on, partners=_partners(need), declarer=o.declarer, contract=o.contract, names=" ".join(partners[:need]))
    return named


def _partners(n: int) -> str:
    return ngettext("one partner", "{n} partners", n).format(n=n)


def totus_entries(o: Outcome, scale: int, target: int, helped: tuple[str, ...],
                  played: Mapping[str, Amount], mountain: Mapping[str, Amount]) -> list[Entry]:
    """The entries of a totus, from each player's pool toward ``target`` (``played``) and mountain."""
    declarer, n = o.declarer, o.number
    assert declarer is not None and o.declarer_tricks is not None
    out: list[Entry] = []
    if o.declarer_tricks < 10:
        own = max(mountain.get(declarer, 0), 0)
        if own:
            out.append(Entry(n, declarer, MOUNTAIN, own, SECTION, _("totus failed: the mountain doubled")))
        for p in helped:
            theirs = max(mountain.get(p, 0), 0)
            if theirs:
                out.append(Entry(n, declarer, MOUNTAIN, theirs, SECTION,
                                 _("totus failed: {p}'s mountain, whom it was to help, added").format(p=p)))
        return out
    for p in (declarer,) + helped:
        pool = max(target - played.get(p, 0), 0)
        hill = max(mountain.get(p, 0), 0)
        whose = "" if p == declarer else _(" by {declarer}'s totus").format(declarer=declarer)
        if pool:
            out.append(Entry(n, p, POOL, pool, SECTION, _("totus made: the pool closed{whose}").format(whose=whose)))
        if hill:
            out.append(Entry(n, p, MOUNTAIN, -hill, SECTION, _("totus made: the whole mountain written off{whose}")
                .format(whose=whose)))
        if p != declarer and pool + hill:
            out.append(Entry(n, declarer, WHISTS, (pool + hill) * 10 * scale, SECTION,
                             _("help to {p}: {number_text} × 10").format(p=p, number_text=number_text(pool + hill))
                             + (f" × {scale}" if scale != 1 else ""),
                             p))
    return out
