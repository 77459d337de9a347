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

from ..game.violations import Phrase
from .ledger import Amount, Column, Entry, Reason
from .outcome import Outcome

POOL, MOUNTAIN, WHISTS = Column.POOL, Column.MOUNTAIN, Column.WHISTS
SECTION = "seed 000 §7.2"


def helped_partners(o: Outcome, bomb: int, players: tuple[str, ...]) -> tuple[str, ...] | Phrase:
    """The partners a totus on ``bomb`` helps, or what is wrong with the names written (said by
    :func:`preflog.verdicts.phrase`): one on a simple bomb, two on a double, all on a tree; where the
    bomb leaves no choice the names may be left out."""
    assert o.declarer is not None
    partners = tuple(p for p in players if p != o.declarer)
    need = 0 if not bomb else len(partners) if bomb == 3 else min(bomb, len(partners))
    named = o.helped
    if o.declarer in named:
        return Phrase.of("declarer-helped", declarer=o.declarer)
    if len(set(named)) != len(named):
        return Phrase.of("named-twice", named=named)
    if len(named) > need and not need:
        return Phrase.of("helps-nobody", bomb=bomb, declarer=o.declarer, named=named)
    if len(named) > need:
        return Phrase.of("too-many", bomb=bomb, declarer=o.declarer, need=need, named=named)
    if len(named) < need:
        if need == len(partners):
            return partners  # no choice: everyone is helped
        return Phrase.of("choose", bomb=bomb, declarer=o.declarer, need=need, contract=o.contract,
                         names=partners[:need])
    return named


def totus_entries(o: Outcome, scale: int, target: int, helped: tuple[str, ...],
                  played: Mapping[str, Amount], mountain: Mapping[str, Amount]) -> list[Entry]:
    """The entries of a totus, from each player's pool toward ``target`` (``played``) and mountain."""
    declarer, n = o.declarer, o.number
    assert declarer is not None and o.declarer_tricks is not None
    out: list[Entry] = []
    if o.declarer_tricks < 10:
        own = max(mountain.get(declarer, 0), 0)
        if own:
            out.append(Entry(n, declarer, MOUNTAIN, own, SECTION, Reason.of("totus-failed")))
        for p in helped:
            theirs = max(mountain.get(p, 0), 0)
            if theirs:
                out.append(Entry(n, declarer, MOUNTAIN, theirs, SECTION, Reason.of("totus-failed-partner", partner=p)))
        return out
    for p in (declarer,) + helped:
        pool = max(target - played.get(p, 0), 0)
        hill = max(mountain.get(p, 0), 0)
        by = None if p == declarer else declarer  # whose totus closes a partner's pool
        if pool:
            out.append(Entry(n, p, POOL, pool, SECTION, Reason.of("totus-pool", by=by)))
        if hill:
            out.append(Entry(n, p, MOUNTAIN, -hill, SECTION, Reason.of("totus-mountain", by=by)))
        if p != declarer and pool + hill:
            out.append(Entry(n, declarer, WHISTS, (pool + hill) * 10 * scale, SECTION,
                             Reason.of("totus-help", partner=p, points=pool + hill, scale=scale), p))
    return out
