"""What a director does with an event: set it up (the first tour drawn, or in duplicate the boards
dealt and the whole movement made) and draw each next Swiss tour from the standings."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import attrs

from ..i18n import _
from .boards import Board, deal_boards, dump_boards, loads_boards, record_boards
from .movement import movement
from .plan import SCALES, Kind, Plan, PlanError, Scale, Table, TieBreak, Tour, validate
from .results import Results
from .seating import first_tour, swiss
from .standings import standings


def new_event(name: str, players: Sequence[str], *, table_size: int = 3, tours: int = 1, kind: Kind = Kind.SWISS,
              rules: str = "sochi", pool: int | None = None, deals: int | None = None,
              tiebreaks: Sequence[TieBreak] = (), scale: Scale = SCALES["whists"], seed: str | None = None,
              boards: int = 0, hand_record: str | None = None) -> Plan:
    """A new event with its first tour drawn (Swiss) or every tour (duplicate, with its boards dealt from
    the seed unless ``hand_record`` gives them); the seed, drawn when not given, is kept in the plan.

    The seed drawn is :func:`new_seed`'s, too many to try: the seating a watcher sees is drawn from it, and
    a duplicate event's boards too, so a seed that could be guessed (a number, a date) gives the boards
    away to whoever tries it against the seating."""
    seed = seed if seed is not None else new_seed()
    plan = validate(Plan(name.strip(), kind, tuple(players), table_size, tours, rules, pool, deals, tuple(tiebreaks),
                         scale, seed, boards, None))
    if kind is Kind.DUPLICATE:
        if hand_record is not None:
            found = loads_boards(hand_record)
            if len(found) < boards:
                raise PlanError(_("the hand record holds {n} boards; the event needs {boards}").format(
                    n=len(found), boards=boards))
            if found[0].seats != table_size:
                raise PlanError(_("the hand record is dealt for tables of {n}, the event has tables of {size}").format(
                    n=found[0].seats, size=table_size))
            text = dump_boards(found[:boards], event=plan.name)
        else:
            text = dump_boards(deal_boards(boards, table_size, seed), event=plan.name, seed=seed)
        plan = attrs.evolve(plan, hand_record=text)
        return attrs.evolve(plan, drawn=movement(plan))
    tables, byes = first_tour(plan.players, table_size, seed)
    return attrs.evolve(plan, drawn=(_tour(1, seed, tables, byes),))


def new_seed() -> str:
    """A seed nobody can guess or try them all: 128 random bits."""
    return secrets.token_hex(16)


def draw_next(plan: Plan, results: Results) -> Plan:
    """``plan`` with its next Swiss tour drawn from the standings; :class:`PlanError` when the last tour
    is not complete, the event has drawn every tour, or it is a duplicate event (drawn in full)."""
    if plan.kind is Kind.DUPLICATE:
        raise PlanError(_("a duplicate event's movement is drawn in full when it is set up"))
    if len(plan.drawn) >= plan.tours:
        raise PlanError(_("every tour of the event has been drawn ({n})").format(n=plan.tours))
    last = plan.drawn[-1]
    missing = tables_playing(plan, results, last.number)
    if missing:
        raise PlanError(_("tour {tour} is not over: still playing, or recorded with errors: table {tables}").format(
            tour=last.number, tables=", ".join(map(str, missing))))
    order = standings(results).order()
    met = {frozenset((a, b)) for t in plan.drawn for x in t.tables for i, a in enumerate(x.players)
           for b in x.players[i + 1:]}
    had_bye = {p for t in plan.drawn for p in t.byes}
    number = len(plan.drawn) + 1
    tables, byes = swiss(order, met, plan.table_size, plan.seed, number, had_bye)
    return attrs.evolve(plan, drawn=(*plan.drawn, _tour(number, plan.seed, tables, byes)))


def tables_playing(plan: Plan, results: Results, tour: int) -> list[int]:
    """The tables of ``tour`` still playing: without a clean game that is over (the pulka closed or its
    deals played; in duplicate, each board of the tour played)."""
    drawn = plan.tour(tour)
    if drawn is None:
        return []
    over = {(g.table, g.board) for g in results.played if g.tour == tour and g.finished}
    return [t.number for t in drawn.tables if not all((t.number, b) in over for b in (drawn.boards or (None,)))]


def event_boards(plan: Plan) -> list[Board]:
    """The boards of a duplicate event (from the hand record it keeps)."""
    return list(record_boards(plan.hand_record)) if plan.hand_record else []


def _tour(number: int, seed: str, tables: Sequence[tuple[str, ...]], byes: Sequence[str]) -> Tour:
    return Tour(number, f"{seed}:{number}", tuple(Table(i, t) for i, t in enumerate(tables, 1)), tuple(byes))


#: The module's public names (what other layers and the server may import).
__all__ = [
    "draw_next", "event_boards", "new_event", "new_seed", "tables_playing",
]
