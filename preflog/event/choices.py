"""A director's choices for a new event, as ``preflog event new`` takes them on the command line and the
club server's Events page in its form: both make the event through :func:`make_event`, so the same
choices make the same event (with the same seed, the same draw)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..game.conventions import PRESETS
from ..i18n import _
from .director import new_event
from .plan import MAX_BOARDS, MAX_PLAYERS, MAX_TOURS, SCALES, Kind, Plan, PlanError, TieBreak, scale_of, validate

#: The form's fields, in the order the page shows them (each the event file's field it makes).
FIELDS = ("name", "kind", "players", "table_size", "tours", "pool", "deals", "boards", "rules", "scale",
          "tiebreaks", "seed")


@attrs.frozen(slots=True)
class Choices:
    """What the director chose: the options of ``preflog event new`` (``scale`` as its text, ``seed``
    ``None`` for a new lot)."""

    name: str
    players: tuple[str, ...]
    kind: Kind = Kind.SWISS
    table_size: int = 3
    tours: int = 1
    pool: int | None = None
    deals: int | None = None
    boards: int = 0
    rules: str = "sochi"
    scale: str = "whists"
    tiebreaks: tuple[TieBreak, ...] = ()
    seed: str | None = None


def make_event(choices: Choices, hand_record: str | None = None) -> Plan:
    """The event the choices make, its first tour drawn (:func:`~.director.new_event`); :class:`PlanError`
    (its ``field`` the choice at fault) when they cannot make one."""
    return new_event(choices.name, choices.players, table_size=choices.table_size, tours=choices.tours,
                     kind=choices.kind, rules=choices.rules, pool=choices.pool, deals=choices.deals,
                     tiebreaks=choices.tiebreaks, scale=scale_of(choices.scale), seed=choices.seed,
                     boards=choices.boards, hand_record=hand_record)


def players_of(text: str) -> tuple[str, ...]:
    """The players' ids typed: separated by spaces, commas or new lines."""
    return tuple(text.replace(",", " ").split())


def _whole(form: Mapping[str, str], field: str, low: int, high: int, problems: dict[str, str],
           optional: bool = False) -> int | None:
    text = form.get(field, "").strip()
    if not text and optional:
        return None
    if not text.isdecimal() or not low <= int(text) <= high:
        problems[field] = _("a whole number from {low} to {high}").format(low=low, high=high)
        return None
    return int(text)


def choices_of_form(form: Mapping[str, str], tiebreaks: tuple[str, ...] = ()) -> tuple[Choices | None, dict[str, str]]:
    """The choices a form's fields give (each field's text as typed; ``tiebreaks``: those ticked, in the
    form's order), or ``None`` with what is wrong, field by field (every field's problem at once)."""
    problems: dict[str, str] = {}
    kind_text = form.get("kind", "swiss")
    kind = Kind.DUPLICATE if kind_text == "duplicate" else Kind.SWISS
    if kind_text not in ("swiss", "duplicate"):
        problems["kind"] = _("a Swiss event or a duplicate one")
    players = players_of(form.get("players", ""))[:MAX_PLAYERS + 1]  # one more than may be: said so below
    size = _whole(form, "table_size", 3, 4, problems)
    tours = _whole(form, "tours", 1, MAX_TOURS, problems)
    # a duplicate event's tours are its boards: the form shows it no pool nor number of deals
    pool = _whole(form, "pool", 1, 1000, problems, optional=True) if kind is Kind.SWISS else None
    deals = _whole(form, "deals", 1, 1000, problems, optional=True) if kind is Kind.SWISS else None
    boards = _whole(form, "boards", 1, MAX_BOARDS, problems, optional=kind is Kind.SWISS)
    rules = form.get("rules", "sochi")
    if rules not in PRESETS:
        problems["rules"] = _("one of {names}").format(names=", ".join(sorted(PRESETS)))
    scale = form.get("scale", "whists").strip() or "whists"
    if scale not in SCALES:
        try:
            scale_of(scale)
        except PlanError as exc:
            problems["scale"] = str(exc)
    breaks = []
    for t in tiebreaks:
        try:
            breaks.append(TieBreak(t))
        except ValueError:
            problems["tiebreaks"] = _("unknown tie-break {name!r}").format(name=t[:40])
    seed = form.get("seed", "").strip() or None
    name = form.get("name", "").strip()
    if problems:  # the name's and the players' problems too, said at once with the others
        for field, plan in (("name", Plan(name, Kind.SWISS, ("A", "B", "C"), 3, 1, pool=1)),
                            ("players", Plan("E", Kind.SWISS, players, 3, 1, pool=1))):
            try:
                validate(plan)
            except PlanError as exc:
                problems.setdefault(field, str(exc))
    if problems or size is None or tours is None:
        return None, problems
    return Choices(name, players, kind, size, tours, pool, deals,
                   (boards or 0) if kind is Kind.DUPLICATE else 0, rules, scale, tuple(breaks), seed), {}


def problem_field(exc: PlanError) -> str:
    """The form's field a :class:`PlanError` of :func:`make_event` is about (the name where it says none)."""
    return exc.field if exc.field in FIELDS else "name"


#: The module's public names (what other layers and the server may import).
__all__ = ["Choices", "FIELDS", "choices_of_form", "make_event", "players_of", "problem_field"]
