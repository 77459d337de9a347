"""``preflog event``: a Swiss tournament or a duplicate evening, for its director."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..i18n import N_, _, count
from .exits import EXIT_ERRORS, EXIT_MISUSE, EXIT_OK
from ..model.limits import MAX_TEXT
from .inputs import CleanGames, Reread, archive_games, open_archive, read_text, write_text
from .lang import Group, argument, common_options, option, subcommand
from .options import PresetChoice
from .terminal import print_errors

if TYPE_CHECKING:  # the library is imported when a command runs, not to print --help
    from ..event.plan import Plan
    from ..event.report import Section
    from ..event.results import Results
    from ..model.game import Game


@click.group(cls=Group, help=N_("""Run an event: a Swiss tournament of pulkas, or a duplicate evening where every
    table plays the same deals (boards). The event file (JSON) keeps the players, the form and every
    tour drawn, with the lot's seed; the games are .pref files tagged with the event, tour and table.

    \b
    Examples:
      preflog event new friday.json --name "Friday" --players "Anna Boris Vera Gleb Dasha Egor" --tours 2 --deals 6
      preflog event standings friday.json games/
      preflog event draw friday.json games/
      preflog event new duo.json --name "Duo" --players "Anna Boris Vera Gleb Dasha Egor" --duplicate --boards 4 --tours 2
      preflog event boards duo.json --format html -o boards.html
    """), context_settings={"help_option_names": ["-h", "--help"]})
@common_options
def event() -> None:
    """The ``preflog event`` verbs."""


_sub = subcommand(event)


FORMATS = click.Choice(["text", "json", "csv", "html"])


@_sub(N_("""Set up an event in EVENT (a new JSON file) and draw its first tour by lot (Code, note 9): with
    --duplicate, deal its boards from the seed (or take them from --hand-record) and draw the whole
    movement. The seating is printed with the lot's seed, so anyone can draw it again.

    A tour is a pulka played until its --pool closes, of --deals deals, or both (whichever comes first;
    without --pool there is no pool to close, and the settlement adds no shortfall to the mountains). The winner has the most whists (Code 4.1.3), each
    tour's whists counted through --scale; --tiebreak (repeat it, in order) settles ties.

    \b
    Examples:
      preflog event new friday.json --name "Friday" --players "Anna Boris Vera Gleb Dasha Egor Zhenya Ivan Kira" --tours 3 --pool 10 --tiebreak remizes
      preflog event new duo.json --name "Duo" --players "Anna Boris Vera Gleb Dasha Egor" --duplicate --boards 12 --tours 3 --seed 2026
    """))
@argument("path", metavar=N_("EVENT"), type=click.Path(dir_okay=False))
@option("--name", metavar=N_("TITLE"), required=True, help=N_("The event's name, as its games' Event tag carries it."))
@option("--players", "players", required=True, multiple=True, metavar=N_("NAMES"),
        help=N_("The players' ids, separated by spaces (or the option repeated)."))
@option("--tables", "table_size", type=click.Choice(["3", "4"]), default="3", show_default=True,
        help=N_("Players at a table (where they do not divide, some tables take the other size)."))
@option("--tours", metavar=N_("N"), type=click.IntRange(1, 40), default=1, show_default=True, help=N_("Tours (rounds) of the event."))
@option("--pool", metavar=N_("N"), type=click.IntRange(1, 1000), help=N_("Each tour is a pulka to this pool."))
@option("--deals", metavar=N_("N"), type=click.IntRange(1, 1000), help=N_("Each tour is this many deals (with --pool: at most)."))
@option("--rules", "preset", type=PresetChoice(), default="sochi", show_default=True, help=N_("The convention."))
@option("--tiebreak", "tiebreaks", multiple=True,
        type=click.Choice(["remizes", "all-pass-won", "all-pass-tricks", "misere-tricks"]),
        help=N_("After the whists: fewest remizes, most all-passes won, fewest all-pass tricks, fewest misère "
                "tricks (repeat in order)."))
@option("--scale", default="whists", show_default=True, metavar=N_("SCALE"),
        help=N_("A tour's whists as points: whists, gambler (to 200 whole, to 650 a tenth, nothing above), "
                "elephant (to 50 whole, to 100 half, above a tenth) or bands such as 200:1,650:1/10,:0."))
@option("--seed", metavar=N_("SEED"), help=N_("The lot's seed (default: a new one, printed and kept)."))
@option("--duplicate", is_flag=True, help=N_("Every table plays the same boards."))
@option("--boards", metavar=N_("N"), type=click.IntRange(1, 200), help=N_("Duplicate: boards in all, as many each tour."))
@option("--hand-record", "hand_record", type=click.Path(dir_okay=False, allow_dash=True), metavar=N_("FILE"),
        help=N_("Duplicate: take the boards from this hand record instead of dealing them."))
@option("--force", is_flag=True, help=N_("Replace EVENT if it exists."))
def new(path: str, name: str, players: tuple[str, ...], table_size: str, tours: int, pool: int | None,
        deals: int | None, preset: str, tiebreaks: tuple[str, ...], scale: str, seed: str | None, duplicate: bool,
        boards: int | None, hand_record: str | None, force: bool) -> None:
    from ..event.choices import Choices, make_event
    from ..event.plan import Kind, PlanError, TieBreak, dumps_plan

    if os.path.exists(path) and not force:
        _misuse(_("{path} exists; --force replaces it").format(path=path))
    names = tuple(n for text in players for n in text.split())
    record = read_text(hand_record) if hand_record else None  # a game file: its lines are the notation's
    try:
        plan = make_event(Choices(name, names, Kind.DUPLICATE if duplicate else Kind.SWISS, int(table_size), tours,
                                  pool, deals, boards or 0, preset, scale, tuple(TieBreak(t) for t in tiebreaks), seed),
                          hand_record=record)
    except (PlanError, ValueError) as exc:
        _misuse(str(exc))
    write_text(path, dumps_plan(plan))
    _print_draw(plan, plan.drawn)
    if duplicate and seed is not None and record is None:  # the seating, which watchers see, tests a guess
        click.echo(_("preflog: note: the boards are dealt from the seed given: whoever guesses it, trying seeds "
                     "against the seating, knows every board; for an event that counts, leave --seed out"), err=True)


@_sub(N_("""Draw the next Swiss tour of EVENT from the standings its games in FILES give: players of like standing
    sit together, and nobody meets the same opponents twice where it can be avoided. Every table of the
    tour before must have a clean game. The tour is written into EVENT and printed.

    \b
    Example:
      preflog event draw friday.json games/
    """))
@argument("path", metavar=N_("EVENT"), type=click.Path(dir_okay=False))
@argument("files", metavar=N_("[FILES]..."), nargs=-1, type=click.Path(allow_dash=True))
def draw(path: str, files: tuple[str, ...]) -> None:
    from ..event.director import draw_next
    from ..event.plan import PlanError, dumps_plan

    plan = _plan(path)
    results, status = _results(plan, files)
    try:
        plan = draw_next(plan, results)
    except PlanError as exc:
        click.echo(_("preflog: error: {reason}").format(reason=exc), err=True)
        sys.exit(max(status, EXIT_ERRORS))
    write_text(path, dumps_plan(plan))
    _print_draw(plan, plan.drawn[-1:])


@_sub(N_("""Print the draw of EVENT: every tour's tables and seats, the byes and the lot's seed (in duplicate, the
    movement with each tour's boards).

    \b
    Example:
      preflog event show friday.json --format html -o seating.html
    """))
@argument("path", metavar=N_("EVENT"), type=click.Path(dir_okay=False))
@option("--format", "fmt", type=FORMATS, default="text", show_default=True, help=N_("The format to write."))
@option("-o", "--output", metavar=N_("FILE"), help=N_("Write to FILE instead of standard output."))
def show(path: str, fmt: str, output: str | None) -> None:
    from ..event.plan import to_json
    from ..event.report import draw_sections

    plan = _plan(path)
    doc = {k: v for k, v in to_json(plan).items() if k != "hand_record"}
    _emit(_title(plan), draw_sections(plan), fmt, output, doc)


@_sub(N_("""The standings of EVENT from its games in FILES (.pref files or folders): in a Swiss event each
    player's whists per tour and in all, through the event's scale, then the tie-breaks (Code 4.1.3); in
    a duplicate event each player's whists over the field's average at his seat and his matchpoints,
    with every board's traveller. --protocols adds each table's protocol (4.2.11).

    Games of other events are left alone. A game that is not the event's as drawn, or breaks a rule, is
    left out, its errors printed as FILE:LINE:COL: error: …; exit 1 then. --db reads the games of the
    club server's archive instead of FILES.

    \b
    Examples:
      preflog event standings friday.json games/
      preflog event standings duo.json games/ --protocols --format html -o results.html
      preflog event standings friday.json --db club.sqlite
    """))
@argument("path", metavar=N_("EVENT"), type=click.Path(dir_okay=False))
@argument("files", metavar=N_("[FILES]..."), nargs=-1, type=click.Path(allow_dash=True))
@option("--db", metavar=N_("FILE"), help=N_("Read the games of this archive of preflog serve (its SQLite file)."))
@option("--format", "fmt", type=FORMATS, default="text", show_default=True, help=N_("The format to write."))
@option("--after", "upto", type=click.IntRange(min=1), metavar=N_("N"), help=N_("The standings after tour N."))
@option("--protocols", is_flag=True, help=N_("Add each table's protocol."))
@option("--par", is_flag=True, help=N_("Duplicate: each result's double-dummy par (where its cards are recorded)."))
@option("-o", "--output", metavar=N_("FILE"), help=N_("Write to FILE instead of standard output."))
def standings(path: str, files: tuple[str, ...], db: str | None, fmt: str, upto: int | None, protocols: bool,
              par: bool, output: str | None) -> None:
    from ..event.duplicate import duplicate_scores
    from ..event.plan import Kind
    from ..event.report import report_json, report_sections
    from ..event.standings import standings as standings_of

    if bool(files) == (db is not None):
        _misuse(_("give the .pref files or folders to read, or --db with an archive"))
    plan = _plan(path) if db is None else _kept_plan(_plan(path), db)
    results, status = _results(plan, files, par=par, db=db)
    if upto is not None:
        results = _upto(results, upto)
    if plan.kind is Kind.SWISS:
        table, scores = standings_of(results, upto), None
    else:
        table, scores = None, duplicate_scores(results)
    sections = report_sections(plan, results, standings=table, scores=scores, protocols=protocols)
    doc = report_json(plan, results, standings=table, scores=scores)
    notes = [_notes(results)]
    _emit(_title(plan), sections, fmt, output, doc, notes)
    sys.exit(status)


@_sub(N_("""The boards of a duplicate EVENT as a hand record (the notation: check, fmt and convert read it), or
    as a page to print, one A4 sheet a board: each seat's ten cards, the talon and the dealer, to set up
    the boxes. Without EVENT, deal --count boards from --seed for tables of --seats.

    \b
    Examples:
      preflog event boards duo.json --format html -o boards.html
      preflog event boards --count 12 --seed 2026 -o boards.pref
    """))
@argument("path", metavar=N_("[EVENT]"), required=False, type=click.Path(dir_okay=False))
@option("--count", metavar=N_("N"), type=click.IntRange(1, 200), help=N_("Without EVENT: how many boards to deal."))
@option("--seats", type=click.Choice(["3", "4"]), default="3", show_default=True,
        help=N_("Without EVENT: players at a table."))
@option("--seed", metavar=N_("SEED"), help=N_("Without EVENT: the seed (default: a new one, written in the record)."))
@option("--format", "fmt", type=click.Choice(["pref", "html"]), default="pref", show_default=True,
        help=N_("The hand record (pref) or a page to print (html)."))
@option("-o", "--output", metavar=N_("FILE"), help=N_("Write to FILE instead of standard output."))
def boards(path: str | None, count: int | None, seats: str, seed: str | None, fmt: str, output: str | None) -> None:
    from ..event.boards import deal_boards, dump_boards
    from ..event.director import event_boards, new_seed
    from ..event.plan import Kind
    from ..event.report import boards_page

    if path is not None:
        if count is not None:
            _misuse(_("--count deals boards without an event; EVENT has its own"))
        plan = _plan(path)
        if plan.kind is not Kind.DUPLICATE:
            _misuse(_("{path} is a Swiss event: it has no boards").format(path=path))
        found, title, tours = event_boards(plan), _title(plan), plan.drawn
        text = plan.hand_record or ""
    else:
        if count is None:
            _misuse(_("give EVENT, or --count to deal boards without one"))
        seed = seed if seed is not None else new_seed()
        found, title, tours = deal_boards(count, int(seats), seed), _("Boards (seed {seed})").format(seed=seed), ()
        text = dump_boards(found, seed=seed)
    out = boards_page(title, found, tours) if fmt == "html" else text
    if output:
        write_text(output, out)
    else:
        click.echo(out, nl=False)


def _misuse(message: str) -> NoReturn:
    click.echo(_("preflog: error: {reason}").format(reason=message), err=True)
    sys.exit(EXIT_MISUSE)


def _plan(path: str) -> Plan:
    from ..event.plan import PlanError, loads_plan

    try:
        return loads_plan(read_text(path, max_line=MAX_TEXT))  # JSON: a long hand record is one line
    except PlanError as exc:
        _misuse(f"{path}: {exc}")


def _title(plan: Plan) -> str:
    from ..event.report import kind_name

    return f"{plan.name} · {kind_name(plan)}"


def _kept_plan(plan: Plan, db: str) -> Plan:
    """The event as the club server's archive ``db`` keeps it, where it is ``plan`` drawn further (the tours
    drawn from the server's page); else ``plan``."""
    from ..event.plan import PlanError, loads_plan

    archive = open_archive(db)
    try:
        ident = next((i for i, name, _revision in archive.events() if name == plan.name), None)
        if ident is None:
            return plan
        kept = loads_plan(archive.event(ident)[0], kept=True)
    except PlanError:
        return plan
    finally:
        archive.close()
    return kept if kept.drawn[:len(plan.drawn)] == plan.drawn and len(kept.drawn) > len(plan.drawn) else plan


def _archive_games(db: str) -> Iterator[tuple[str, Any, Game | None, bool]]:
    """Each game the club server's archive ``db`` keeps, read as a file of its own (``DB#ID``)."""
    for name, parsed in archive_games(db):
        yield name, parsed, parsed.game, False


def _games(files: tuple[str, ...]) -> Iterator[tuple[str, Any, Game | None, bool]]:
    """Each game of ``files`` with its reading; last for each file whether it had a notation error."""
    from ..statistics.run import pref_files

    for name in files:
        paths = pref_files([name]) if name != "-" else ["-"]
        if not paths:
            _misuse(_("{folder} holds no .pref file").format(folder=name))
        for p in paths:
            source = CleanGames(Reread(p), p)
            for parsed in source.parsed():
                yield p, parsed, parsed.game, False
            yield p, None, None, source.bad


def _results(plan: Plan, files: tuple[str, ...], *, par: bool = False, db: str | None = None) -> tuple[Results, int]:
    """The event's games in ``files`` (or the archive ``db``), each problem printed; the exit status they give."""
    from ..event.director import event_boards
    from ..event.results import collect
    from ..notation.errors import NotationError, hint

    readings: dict[str, list[Any]] = {}
    games: list[tuple[str | None, Game]] = []
    bad = False
    for p, reading, game, unreadable in (_archive_games(db) if db is not None else _games(files)):
        bad = bad or unreadable
        if reading is not None and game is not None:
            readings.setdefault(p, []).append(reading)
            games.append((p, game))
    boards = {b.number: b for b in event_boards(plan)} or None
    results = collect(plan, games, boards, par=par)
    errors = []
    for problem in results.problems:
        span = problem.span
        notes = [hint(problem.hint)] if problem.hint else []
        if span is None:
            errors.append(NotationError(problem.message, path=problem.path, notes=notes))
            continue
        excerpt = next((text for r in readings.get(problem.path or "", []) if (text := r.source_line(span.line))), "")
        errors.append(NotationError.at(span, problem.message, path=problem.path, source_line=excerpt, notes=notes))
    print_errors(errors)
    return results, EXIT_ERRORS if errors or bad else EXIT_OK


def _upto(results: Results, upto: int) -> Results:
    import attrs

    return attrs.evolve(results, played=[g for g in results.played if g.tour <= upto])


def _notes(results: Results) -> str:
    from ..event.plan import Kind

    if results.plan.kind is Kind.DUPLICATE:
        said = [count("{n} board played counted", "{n} boards played counted", len(results.played))]
    else:
        said = [count("{n} game counted", "{n} games counted", len(results.played))]
    if results.problems:
        said.append(count("{n} problem left out", "{n} problems left out", len(results.problems)))
    if results.other:
        said.append(count("{n} game of other events left alone", "{n} games of other events left alone",
                          results.other))
    return ", ".join(said)


def _emit(title: str, sections: list[Section], fmt: str, output: str | None, doc: dict[str, Any],
          notes: list[str] | None = None) -> None:
    from ..event.report import csv_of, page_of, text_of

    if fmt == "json":
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    elif fmt == "csv":
        text = csv_of(sections)
    elif fmt == "html":
        text = page_of(title, sections, notes or ())
    else:
        text = text_of(title, sections, notes or ())
    if output:
        write_text(output, text)
    else:
        click.echo(text, nl=False)


def _print_draw(plan: Plan, tours: Any) -> None:
    from ..event.report import draw_sections, text_of

    click.echo(text_of(_title(plan), draw_sections(plan, tours), [_("The lot's seed: {seed}").format(seed=plan.seed)]),
               nl=False)
