"""Who pays whom: the fewest payments that settle a pulka.

The settlement says what each player wins or loses (Code 4.2.14); at the table it is paid as a few
transfers. With n players whose amounts are not zero, n − 1 payments always do; fewer do when some of
them settle among themselves (two of four owing each other the same): the least number of payments is
the number of players less the most groups, each adding up to zero, they can be split into. The amounts
are the settlement as shown (to the cent, summing to zero), in money when a whist has a price, so the
payments add up to the figures of the table to the cent.
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Iterator

import attrs

from .settlement import Settlement

#: beyond this many players who win or lose, the groups are not searched for (n − 1 payments, greedy)
SEARCHED = 8


@attrs.frozen(slots=True)
class Payment:
    """``payer`` pays ``payee`` ``whists`` (and ``money``, when a whist has a price)."""

    payer: str
    payee: str
    whists: Fraction
    money: Fraction | None = None


def payments(settlement: Settlement) -> tuple[Payment, ...]:
    """The fewest payments that settle ``settlement``: the largest debt of a group paid to its largest
    credit first, players in their order at the table on a tie."""
    money = settlement.shown_money()
    amounts = settlement.shown_totals() if money is None else money
    price = None if money is None else _price(settlement)
    out = []
    for group in _groups({p: v for p, v in amounts.items() if v != 0}, settlement.players):
        for payer, payee, amount in _settled(group, amounts, settlement.players):
            out.append(Payment(payer, payee, amount) if price is None else Payment(payer, payee, amount / price, amount))
    return tuple(out)


def _price(settlement: Settlement) -> Fraction | None:
    """The price of a whist, read back from the settlement (money over whists, the same for all); None
    when nobody won or lost (then nothing is paid)."""
    assert settlement.money is not None
    return next((settlement.money[p] / settlement.totals[p] for p in settlement.players if settlement.totals[p]), None)


def _groups(amounts: dict[str, Fraction], order: tuple[str, ...]) -> list[list[str]]:
    """The players who win or lose, split into as many groups adding up to zero as they can be."""
    players = [p for p in order if p in amounts]
    if len(players) > SEARCHED:
        return [players] if players else []
    best: list[list[str]] = [players] if players else []
    for split in _splits(players, amounts):
        if len(split) > len(best):
            best = split
    return best


def _splits(players: list[str], amounts: dict[str, Fraction]) -> Iterator[list[list[str]]]:
    """Every split of ``players`` into groups that each add up to zero."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for mask in range(1 << len(rest)):
        group = [first] + [p for i, p in enumerate(rest) if mask >> i & 1]
        if sum((amounts[p] for p in group), Fraction(0)) != 0:
            continue
        others = [p for p in rest if p not in group]
        for split in _splits(others, amounts):
            yield [group, *split]


def _settled(group: list[str], amounts: dict[str, Fraction],
             order: tuple[str, ...]) -> Iterator[tuple[str, str, Fraction]]:
    """A group's payments: the largest debt paid to the largest credit, until the group is square
    (one payment fewer than the group has players)."""
    left = {p: amounts[p] for p in group}
    seat = {p: i for i, p in enumerate(order)}
    while True:
        owing = sorted((p for p in left if left[p] < 0), key=lambda p: (left[p], seat[p]))
        owed = sorted((p for p in left if left[p] > 0), key=lambda p: (-left[p], seat[p]))
        if not owing or not owed:
            return
        payer, payee = owing[0], owed[0]
        amount = min(-left[payer], left[payee])
        yield payer, payee, amount
        left[payer] += amount
        left[payee] -= amount


__all__ = ["Payment", "payments"]
