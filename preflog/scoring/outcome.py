"""What a replayed deal gives the score sheet: the game, the roles, and the tricks each player took.

A deal is scored the same whether it was played card by card, claimed, or written by its result only:
``outcome_of`` reads the tricks from the play when all ten tricks are known, and from the ``result``
statement otherwise (NOTATION.md §3). When the record does not say enough to score the deal, the
outcome says what is missing.
"""

from __future__ import annotations

import attrs

from ..model.bids import Bid
from ..model.build import builder
from ..model.cards import Card
from ..model.deal import Result, ResultKind
from ..model.defence import DecisionKind
from ..game.laws import declarer_tricks
from ..game.legal import counts_as_made
from ..game.state import DealState
from ..game.violations import Phrase
from ..model.seating import ACTIVE_SEATS, Seat
from ..game.conventions import Rules
from ..game.razboynik import Stage, mandated_defence


@attrs.frozen(slots=True)
class Outcome:
    """One deal as the score sheet needs it.

    ``whisters`` are in the order they said whist (Code 3.8.6 makes the second answer for the missing
    trick on 8, 9 and 10); ``passers`` are the defenders who did not whist; ``half`` is the defender
    whose half-whist stands (Code 3.8.7), ``returned`` one whose half-whist was overtaken by a returned
    whist (3.8.8.2). ``tricks`` maps players (the sitting-out dealer too, with four) to the tricks they
    took, where known; ``declarer_tricks`` is known more often (``result 7``).
    """

    number: int
    dealer: str
    active: tuple[str, ...]
    four: bool
    all_pass: bool = False
    declarer: str | None = None
    contract: Bid | None = None
    whisters: tuple[str, ...] = ()
    passers: tuple[str, ...] = ()
    half: str | None = None
    returned: str | None = None
    tricks: dict[str, int] | None = attrs.field(default=None, eq=False)
    declarer_tricks: int | None = None
    missing: Phrase | None = None         # why the deal cannot be scored (preflog.verdicts.phrase says it), or None
    dark: bool = False                    # the game was won with a dark bid: its value doubles (3.3.19 b)
    dark_passers: tuple[str, ...] = ()    # on an all-pass, those who passed dark (3.3.19 a)
    dark_before: int = 0                  # dark all-passes the dealer dealt just before (seed 004)
    talon: tuple[Card, ...] | None = None  # the talon the declarer took, where known (Code 3.4.11)
    totus: bool = False                   # the game is a totus (seed 000 §6.3): scored on the sheet so far
    helped: tuple[str, ...] = ()          # the partners the totus was declared to help (seed 000 §7.2)

    def taken(self, player: str) -> int | None:
        return None if self.tricks is None else self.tricks.get(player)


_Outcome = builder(Outcome)  # built in C (model.build)


def outcome_of(d: DealState, result: Result | None, rules: Rules) -> Outcome:
    """The outcome of a deal from its state after the play and its ``result`` statement."""
    o = _outcome(d, result, rules)
    if d.is_all_pass and d.dark_passes:
        return attrs.evolve(o, dark_passers=tuple(d.player(s) for s in ACTIVE_SEATS if s in d.dark_passes),
                            dark_before=d.dark_before)
    if not d.is_all_pass and d.high_dark and d.high_seat == d.declarer and d.high is not None:
        contract = d.game_contract
        # misère named after a dark win is played without the doubling (Code 3.3.19 b)
        return attrs.evolve(o, dark=not (contract is not None and contract.is_misere and not d.high.is_misere))
    return o


def _outcome(d: DealState, result: Result | None, rules: Rules) -> Outcome:
    """:func:`outcome_of` without Classic's dark facts."""
    # the dummy of two players writes nothing and nothing is written on it (RULES.md, gusarik)
    players = d.active if d.dummy is None else tuple(p for p in d.active if p != d.active[d.dummy])
    base = (d.number, d.dealer, players, d.four)
    tricks = _tricks(d, result)
    if d.is_all_pass:
        if tricks is None or any(p not in tricks for p in players):
            return _Outcome(*base, all_pass=True, missing=Phrase.of("all-pass-tricks", players=players))
        if d.four and d.dealer not in tricks:
            dealer_tricks = 10 - sum(tricks[p] for p in d.active) if d.talon_leads else 0
            tricks = dict(tricks, **{d.dealer: max(dealer_tricks, 0)})
        return _Outcome(*base, all_pass=True, tricks=tricks)
    declarer = d.declarer
    contract = d.game_contract
    if declarer is None or contract is None:
        return _Outcome(*base, missing=Phrase("no-declarer" if declarer is None else "no-contract"))
    name = d.player(declarer)
    declarer_tricks = _declarer_tricks(tricks, name, result, contract)
    if contract.is_misere:
        if declarer_tricks is None:
            return _Outcome(*base, declarer=name, contract=contract,
                            missing=Phrase("misère-result"))
        return _Outcome(*base, declarer=name, contract=contract, tricks=tricks, declarer_tricks=declarer_tricks,
                        talon=d.talon if d.talon_taken else None)
    if d.totus:  # not whisted: the partners play it, and only the ten tricks count (seed 000 §6.3)
        return _Outcome(*base, declarer=name, contract=contract, tricks=tricks, declarer_tricks=declarer_tricks,
                        talon=d.talon if d.talon_taken else None, totus=True, helped=d.helped,
                        missing=None if declarer_tricks is not None else Phrase("totus-result"))
    roles = _roles(d, contract, rules)
    if isinstance(roles, Phrase):
        return _Outcome(*base, declarer=name, contract=contract, missing=roles)
    whisters, passers, half, returned = roles
    missing = None
    if counts_as_made(d):
        pass  # counts as made without play (Code 3.8.1, 3.8.7)
    elif declarer_tricks is None:
        missing = Phrase.of("result", contract=contract)
    elif len(whisters) == 2 and declarer_tricks < 10 and (tricks is None or any(w not in tricks for w in whisters)):
        missing = Phrase.of("whisters", name=name, declarer_tricks=declarer_tricks, whisters=whisters)
    return _Outcome(*base, declarer=name, contract=contract, whisters=whisters, passers=passers, half=half,
                    returned=returned, tricks=tricks, declarer_tricks=declarer_tricks, missing=missing,
                    talon=d.talon if d.talon_taken else None)


def _tricks(d: DealState, result: Result | None) -> dict[str, int] | None:
    """Each player's tricks from a complete play, else from a ``result`` that lists them."""
    players = d.active + ((d.dealer,) if d.four else ())
    if d.completed == 10 and d.trump_known:  # every trick's winner is known (or it went to nobody)
        tricks = {d.player(s): d.tricks[s] for s in ACTIVE_SEATS}
        if d.four:
            tricks[d.dealer] = d.tricks[Seat.SITTING_OUT]
        return tricks
    if result is None or result.kind is not ResultKind.TRICKS:
        return None
    listed = {t.player: t.tricks for t in result.tricks if t.player in players}
    unlisted = [p for p in d.active if p not in listed]
    if len(unlisted) == 1 and not d.is_all_pass:  # a contract's tricks add up to ten
        listed[unlisted[0]] = max(0, 10 - sum(listed.values()))
    return listed


def _declarer_tricks(tricks: dict[str, int] | None, declarer: str, result: Result | None,
                     contract: Bid) -> int | None:
    if tricks is not None and declarer in tricks:
        return tricks[declarer]
    return None if result is None else declarer_tricks(result, contract)


Roles = tuple[tuple[str, ...], tuple[str, ...], str | None, str | None]


def _roles(d: DealState, contract: Bid, rules: Rules) -> Roles | Phrase:
    """Whisters in order, passers, the standing half-whister, a half-whister overtaken by a return."""
    said = [k for _, k in d.decisions]
    mandated = mandated_defence(rules, contract) if d.stage is Stage.COMPULSORY and not said else None
    if mandated is not None:  # a compulsory game's defence goes without saying (seed 004)
        assert d.defenders is not None
        seats = [s for s in d.defenders if s != d.dummy]  # with two players the one defender is "first"
        agreed = tuple(d.player(s) for s, k in zip(seats, mandated) if k is DecisionKind.WHIST)
        return agreed, tuple(d.player(s) for s in seats if d.player(s) not in agreed), None, None
    if len(said) < 2:
        return Phrase("no-defence" if not said else "defence-unfinished")
    assert d.defenders is not None
    defenders = [d.player(s) for s in d.defenders]
    whisters = tuple(d.player(s) for s in d.whisters)
    half_seat = d.half_whister
    half = None if half_seat is None else d.player(half_seat)
    if not rules.half_whist and not whisters and said[:2] == [DecisionKind.PASS, DecisionKind.PASS] \
            and contract.level <= 7 and d.dummy is None:
        half = defenders[1]  # "two passes are treated as pass–half-whist–pass" (seed 004)
    dummy = None if d.dummy is None else d.player(d.dummy)
    passers = tuple(p for p in defenders if p not in whisters and p != dummy)
    if whisters:
        return whisters, passers, None, half
    return (), passers, half, None
