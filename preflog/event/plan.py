"""An event as its director set it up, and what was drawn: the event file (JSON, ``preflog event new``).

A tour's result is its whists (Code 4.1.3) passed through the organisers' :class:`Scale`, summed over
the tours; ties are broken by the :class:`TieBreak` list, in order (4.1.3 names them: the difference in
whists stays the main criterion).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from ..game.conventions import PRESETS
from ..i18n import _, count
from ..model.names import name_key
from ..notation.vocabulary import is_valid_player_id

#: The event file's format marker and version.
FORMAT, VERSION = "preflog-event", 1
#: Bounds that keep every event's work small: players, tours, boards.
MAX_PLAYERS, MAX_TOURS, MAX_BOARDS = 400, 40, 200


class Kind(enum.Enum):
    """Pulkas at tables drawn anew each tour (Swiss), or the same deals at every table (duplicate)."""

    SWISS = "swiss"
    DUPLICATE = "duplicate"


class TieBreak(enum.Enum):
    """The organisers' criteria after the whists (Code 4.1.3), each with the better direction."""

    REMIZES = "remizes"                  # fewest remizes (footnote 3: games set, misères caught, whisters set)
    ALL_PASS_WON = "all-pass-won"        # most all-passes won (whists gained on the deal)
    ALL_PASS_TRICKS = "all-pass-tricks"  # fewest tricks over all all-passes
    MISERE_TRICKS = "misere-tricks"      # fewest tricks taken on one's misères

    @property
    def more_is_better(self) -> bool:
        return self is TieBreak.ALL_PASS_WON

    def ranked(self, value: int) -> int:
        """``value`` as a sort key: the better first."""
        return -value if self.more_is_better else value


@attrs.frozen(slots=True)
class Band:
    """Whists up to ``upto`` (``None``: no limit) above the band before count ``rate`` points each."""

    upto: Fraction | None
    rate: Fraction


@attrs.frozen(slots=True)
class Scale:
    """How a tour's whists become the event's points: a gain passes through the bands (the online
    rooms' cut-offs); a loss counts one to one. No bands: the whists themselves."""

    name: str
    bands: tuple[Band, ...] = ()

    def points(self, whists: Fraction) -> Fraction:
        if not self.bands or whists <= 0:
            return whists
        out, floor = Fraction(0), Fraction(0)
        for band in self.bands:
            top = whists if band.upto is None else min(whists, band.upto)
            if top > floor:
                out += (top - floor) * band.rate
            if band.upto is None or whists <= band.upto:
                return out
            floor = band.upto
        return out  # past the last band nothing more counts

    def text(self) -> str:
        """The bands as the command line takes them: ``200:1,650:1/10,:0``."""
        return ",".join(f"{'' if b.upto is None else b.upto}:{b.rate}" for b in self.bands)


#: The scales of TOURNAMENTS.md: the whists as they are; Gambler's cut-offs (to 200 one to one,
#: to 650 ten to one, nothing above); playelephant's (to 50 whole, to 100 half, above a tenth).
SCALES: dict[str, Scale] = {
    "whists": Scale("whists"),
    "gambler": Scale("gambler", (Band(Fraction(200), Fraction(1)), Band(Fraction(650), Fraction(1, 10)),
                                 Band(None, Fraction(0)))),
    "elephant": Scale("elephant", (Band(Fraction(50), Fraction(1)), Band(Fraction(100), Fraction(1, 2)),
                                   Band(None, Fraction(1, 10)))),
}


class PlanError(ValueError):
    """An event file or a director's choice that cannot make an event; the message says why, and
    ``field`` names the event file's field it is about, where it is one (``drawn[0].tables``)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def in_file(self) -> str:
        """The message as an event file's error says it: ``field: message``."""
        return f"{self.field}: {self}" if self.field else str(self)


def scale_of(text: str) -> Scale:
    """A scale by name (:data:`SCALES`) or as bands ``200:1,650:1/10,:0`` (a rising ``upto``; empty:
    no limit, last)."""
    if text in SCALES:
        return SCALES[text]
    bands: list[Band] = []
    for part in text.split(","):
        upto, sep, rate = part.strip().partition(":")
        try:
            if not sep:
                raise ValueError(part)
            band = Band(Fraction(upto) if upto.strip() else None, Fraction(rate))
        except (ValueError, ZeroDivisionError):
            raise PlanError(_("a scale is one of {names} or bands such as 200:1,650:1/10,:0; not {text!r}").format(
                names=", ".join(SCALES), text=text)) from None
        if bands and (bands[-1].upto is None or band.upto is not None and band.upto <= bands[-1].upto):
            raise PlanError(_("the bands of a scale rise, and only the last is without a limit: {text!r}").format(
                text=text))
        if band.rate < 0 or band.upto is not None and band.upto <= 0:
            raise PlanError(_("a scale's limits and rates are not negative: {text!r}").format(text=text))
        bands.append(band)
    return Scale("custom", tuple(bands))


@attrs.frozen(slots=True)
class Table:
    """A table of a tour: its number and its players in seating order (the first deals first)."""

    number: int
    players: tuple[str, ...]


@attrs.frozen(slots=True)
class Tour:
    """What was drawn for a tour: its tables, who sits it out (a bye), the lot's seed, and in
    duplicate the boards every table plays."""

    number: int
    seed: str
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    boards: tuple[int, ...] = ()

    def table(self, number: int) -> Table | None:
        return next((t for t in self.tables if t.number == number), None)


@attrs.frozen(slots=True)
class Plan:
    """An event: its players and form, and every tour drawn so far. ``pool`` and ``deals`` say how long
    a tour's pulka is (to the pool, of so many deals, or to the pool in at most so many); in duplicate, ``boards`` are dealt
    (or read: ``hand_record``, their text) and every table of a tour plays the tour's boards."""

    name: str
    kind: Kind
    players: tuple[str, ...]
    table_size: int
    tours: int
    rules: str = "sochi"
    pool: int | None = None
    deals: int | None = None
    tiebreaks: tuple[TieBreak, ...] = ()
    scale: Scale = SCALES["whists"]
    seed: str = ""
    boards: int = 0
    hand_record: str | None = None
    drawn: tuple[Tour, ...] = ()

    def tour(self, number: int) -> Tour | None:
        return self.drawn[number - 1] if 0 < number <= len(self.drawn) else None

    @property
    def boards_per_tour(self) -> int:
        return self.boards // self.tours if self.tours else 0


def validate(plan: Plan, *, kept: bool = False) -> Plan:
    """``plan`` if it can make an event, else :class:`PlanError` saying what cannot (and in which field).
    ``kept``: an event the club's archive took in before, read as it was then (its players told apart
    as spelled: the archive's name rule for them is newer)."""
    if not plan.name.strip():
        raise PlanError(_("an event needs a name"), "name")
    for line, field in ((plan.name, "name"), (plan.seed, "seed")):
        if not line.isprintable() or len(line) > 200:
            raise PlanError(_("an event's name and seed are one line of at most 200 characters: {text!r}").format(
                text=line[:40]), field)
    if len(plan.players) < 3:
        raise PlanError(_("an event needs at least 3 players, not {n}").format(n=len(plan.players)), "players")
    if len(plan.players) > MAX_PLAYERS:
        raise PlanError(count("an event holds at most {n} player", "an event holds at most {n} players", MAX_PLAYERS),
                        "players")
    for name in plan.players:
        if not is_valid_player_id(name):
            raise PlanError(_("{name!r} cannot be a player's id: a letter, then letters, digits or _, and not "
                              "spelled like a card, a call or a keyword").format(name=name), "players")
    _one_name_each(plan.players, exact=kept)
    if plan.table_size not in (3, 4):
        raise PlanError(_("tables are of 3 or 4 players, not {n}").format(n=plan.table_size), "table_size")
    if not 1 <= plan.tours <= MAX_TOURS:
        raise PlanError(_("an event has 1 to {n} tours").format(n=MAX_TOURS), "tours")
    if plan.rules not in PRESETS:
        raise PlanError(_("unknown convention {name!r}: one of {names}").format(name=plan.rules,
                                                                               names=", ".join(PRESETS)), "rules")
    if plan.kind is Kind.SWISS and plan.pool is None and plan.deals is None:
        raise PlanError(_("a tour is a pulka played until its pool closes, of a number of deals, or both "
                          "(whichever comes first): give one"), "pool")
    for value, field in ((plan.pool, "pool"), (plan.deals, "deals")):
        if value is not None and not 1 <= value <= 1000:
            raise PlanError(_("a pool or a number of deals is from 1 to 1000, not {n}").format(n=value), field)
    if plan.kind is Kind.DUPLICATE:
        if not plan.tours <= plan.boards <= MAX_BOARDS or plan.boards % plan.tours:
            raise PlanError(_("a duplicate event deals as many boards in each tour, from 1 to {most} in all: "
                              "--boards {boards} is not a multiple of --tours {tours}").format(
                most=MAX_BOARDS, boards=plan.boards, tours=plan.tours), "boards")
    if len(set(plan.tiebreaks)) != len(plan.tiebreaks):
        raise PlanError(_("a tie-break is named twice"), "tiebreaks")
    return plan


def _one_name_each(players: Sequence[str], *, exact: bool = False) -> None:
    """:class:`PlanError` where two players are one under the archive's rule (one case, ё read as е:
    :func:`~preflog.model.names.name_key`), naming both spellings; ``exact``: only where they are spelled
    alike."""
    seen: dict[str, int] = {}
    for i, name in enumerate(players):
        j = seen.setdefault(name if exact else name_key(name), i)
        if j == i:
            continue
        first = players[j]
        if first == name:
            raise PlanError(_("a player is listed twice: {names}").format(names=name), "players")
        raise PlanError(_("«{first}» and «{second}» are one player: the archive compares names regardless of case, "
                          "with ё read as е").format(first=first, second=name), "players")


def to_json(plan: Plan) -> dict[str, Any]:
    """The event file's document."""
    return {
        "format": FORMAT, "version": VERSION, "name": plan.name, "kind": plan.kind.value,
        "players": list(plan.players), "table_size": plan.table_size, "tours": plan.tours, "rules": plan.rules,
        "pool": plan.pool, "deals": plan.deals, "tiebreaks": [t.value for t in plan.tiebreaks],
        "scale": plan.scale.name if plan.scale.name in SCALES else plan.scale.text(),
        "seed": plan.seed, "boards": plan.boards, "hand_record": plan.hand_record,
        "drawn": [{"tour": t.number, "seed": t.seed, "byes": list(t.byes), "boards": list(t.boards),
                   "tables": [{"table": x.number, "players": list(x.players)} for x in t.tables]}
                  for t in plan.drawn],
    }


def dumps_plan(plan: Plan) -> str:
    """The event file's text: JSON, one key a line at the top, readable in a diff."""
    return json.dumps(to_json(plan), ensure_ascii=False, indent=1) + "\n"


@attrs.frozen(slots=True)
class TableDoc:
    """A table of a tour as the event file holds it."""

    table: int
    players: tuple[str, ...]


@attrs.frozen(slots=True)
class TourDoc:
    """A tour drawn as the event file holds it."""

    tour: int
    seed: str
    tables: tuple[TableDoc, ...]
    byes: tuple[str, ...]
    boards: tuple[int, ...]


@attrs.frozen(slots=True)
class EventDoc:
    """The event file's fields past ``format`` and ``version``, each of its type (:func:`to_json`
    writes them; ``pool``, ``deals`` and ``hand_record`` may be left out: ``null``)."""

    name: str
    kind: Kind
    players: tuple[str, ...]
    table_size: int
    tours: int
    rules: str
    tiebreaks: tuple[TieBreak, ...]
    scale: str
    seed: str
    boards: int
    drawn: tuple[TourDoc, ...]
    pool: int | None = None
    deals: int | None = None
    hand_record: str | None = None


_converter: Any = None  # made at the first file read (cattrs is imported only then)


def _plan_of(data: dict[str, Any]) -> Plan:
    """The plan the file's fields give, every field read with its type (:mod:`.fields`)."""
    from .fields import FieldError, make_converter, structure

    global _converter
    if _converter is None:
        _converter = make_converter({TableDoc, TourDoc, EventDoc})
    try:
        doc = structure(_converter, data, EventDoc)
    except FieldError as exc:
        raise PlanError(exc.message, exc.field or None) from None
    try:
        scale = scale_of(doc.scale)
    except PlanError as exc:
        raise PlanError(str(exc), "scale") from None
    drawn = tuple(Tour(t.tour, t.seed, tuple(Table(x.table, x.players) for x in t.tables), t.byes, t.boards)
                  for t in doc.drawn)
    return Plan(doc.name, doc.kind, doc.players, doc.table_size, doc.tours, doc.rules, doc.pool, doc.deals,
                doc.tiebreaks, scale, doc.seed, doc.boards, doc.hand_record, drawn)


def loads_plan(text: str, *, kept: bool = False) -> Plan:
    """The event a file holds; :class:`PlanError` naming what is wrong with it, as ``field: message``
    where a field is (every field is read as data of its type, :class:`EventDoc`). ``kept``: the file of
    an event the club's archive holds, taken in by an earlier preflog (:func:`validate`)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PlanError(_("not an event file: it is not JSON (line {line}, column {column})").format(
            line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError):
        raise PlanError(_("not an event file: it is not JSON")) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise PlanError(_("not an event file: it must be a JSON object with \"format\": \"{format}\"").format(
            format=FORMAT))
    version = doc.get("version")
    if type(version) is not int or version != VERSION:  # ``true`` is not version 1
        raise PlanError(_("event file version {version} is not known to this preflog (it reads {known})").format(
            version=json.dumps(version, ensure_ascii=False)[:40], known=VERSION))
    try:
        plan = _plan_of({k: v for k, v in doc.items() if k not in ("format", "version")})
        validate(plan, kept=kept)
        _check_drawn(plan)
    except PlanError as exc:
        raise PlanError(exc.in_file()) from None
    return plan


def _check_drawn(plan: Plan) -> None:
    """Every tour drawn in order, its tables numbered from 1 and of the event's players, each player
    once; in duplicate each board of the event played in one tour, in a Swiss event none."""
    if plan.kind is Kind.DUPLICATE and not plan.hand_record:
        raise PlanError(_("a duplicate event file must keep the hand record of its boards"), "hand_record")
    known = set(plan.players)
    boards: set[int] = set()
    for i, tour in enumerate(plan.drawn, 1):
        field = f"drawn[{i - 1}]"
        seated = [p for t in tour.tables for p in t.players] + list(tour.byes)
        if tour.number != i or sorted(seated) != sorted(known):
            raise PlanError(_("tour {n} of the event file does not seat every player once").format(n=i), field)
        if any(len(t.players) not in (3, 4) for t in tour.tables):
            raise PlanError(_("tour {n} of the event file has a table of neither 3 nor 4 players").format(n=i), field)
        if [t.number for t in tour.tables] != list(range(1, len(tour.tables) + 1)):
            raise PlanError(_("tour {n} of the event file numbers its tables other than 1, 2, 3 …").format(n=i),
                            f"{field}.tables")
        for board in tour.boards:
            if not 1 <= board <= plan.boards or board in boards:
                raise PlanError(_("tour {n} of the event file plays board {board}: not one of the event's, or played "
                                  "twice").format(n=i, board=board), f"{field}.boards")
            boards.add(board)
        if plan.kind is Kind.DUPLICATE and not tour.boards:
            raise PlanError(_("tour {n} of a duplicate event plays no board").format(n=i), f"{field}.boards")
    if len(plan.drawn) > plan.tours:
        raise PlanError(_("the event file draws more tours than the event has"), "drawn")
    if plan.kind is Kind.DUPLICATE:
        _check_boards(plan)


def _check_boards(plan: Plan) -> None:
    """A duplicate event's hand record read as a game of the notation, dealing its boards for its tables,
    and every table of a size its boards are dealt for."""
    from ..notation.errors import NotationError
    from .boards import BoardsError, record_boards

    try:
        boards = record_boards(plan.hand_record or "")
    except NotationError as exc:
        raise PlanError(_("the hand record cannot be read: line {line}, column {column}: {message}").format(
            line=exc.line, column=exc.column, message=exc.message), "hand_record") from None
    except BoardsError as exc:
        raise PlanError(_("the hand record cannot be read: {message}").format(message=exc), "hand_record") from None
    if len(boards) < plan.boards or any(b.seats != plan.table_size for b in boards):
        raise PlanError(_("the hand record deals boards for tables of {seats}, {n} in all; the event plays {boards} "
                          "at tables of {size}").format(n=len(boards), seats=boards[0].seats if boards else
                                                        plan.table_size, boards=plan.boards, size=plan.table_size),
                        "hand_record")
    for i, tour in enumerate(plan.drawn, 1):
        for number, table in enumerate(tour.tables):
            if len(table.players) != plan.table_size:
                raise PlanError(_("tour {n} of the event file seats a table otherwise than the event's tables of {size} "
                                  "its boards are dealt for").format(n=i, size=plan.table_size),
                                f"drawn[{i - 1}].tables[{number}].players")


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Band", "EventDoc", "FORMAT", "Kind", "MAX_BOARDS", "MAX_PLAYERS", "MAX_TOURS", "Plan", "PlanError", "SCALES",
    "Scale", "Table", "TableDoc", "TieBreak", "Tour", "TourDoc", "VERSION", "dumps_plan", "loads_plan", "scale_of",
    "to_json", "validate",
]
