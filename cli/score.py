"""``preflog score``: the score sheet and the settlement of a game file."""

from __future__ import annotations

import json
import sys
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..i18n import N_, _, count
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_MISUSE, EXIT_OK
from .options import PresetChoice
from .reports import audit_reading, point_errors
from .terminal import PROGRESS, display_name, print_errors
from .jobs import Unit, games_of, in_workers, job_count, jobs_option, run_units, units_of

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..model.game import Game
    from ..notation.read import GameReading
    from ..scoring.pulka import ScoreSheet


@command(N_("""The score sheets of FILES (- for standard input): for each game, pool, mountain and whists of
    each player, and the settlement in whists (and money, with a WhistPrice tag) as if the game ended
    there. With several files each sheet's title names its file.

    Rule violations, sheet checkpoints that disagree with the deals, and deals too sparsely recorded to
    score are printed as FILE:LINE:COL: error: … on standard error. Exit 0 if clean, 1 on any such
    problem (the sheet is still printed), 2 if the file cannot be read.

    \b
    Examples:
      preflog score samples/sochi-pulka.pref
      preflog score samples/sochi-pulka.pref --after 5 --ledger
      preflog score --rules leningrad --format json game.pref
      preflog score samples/classic.pref --format svg > pulka.svg
      preflog score friday.pref saturday.pref
    """))
@argument("files", metavar=N_("FILES..."), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--rules", "preset", type=PresetChoice(),
              help=N_("Score under this convention instead of the file's Rules tag (Rule.* tags still apply)."))
@option("--after", "upto", type=click.IntRange(min=1), metavar=N_("N"),
              help=N_("The sheet after deal N (default: after the last deal)."))
@option("--game", "game_number", type=click.IntRange(min=1), metavar=N_("K"),
              help=N_("Only the K-th game of each file (default: every game)."))
@option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text", show_default=True,
              help=N_("A table for people, JSON for programs (the shape is in the README), or the sheet drawn "
                   "as on paper (SVG; several games one under another)."))
@option("--json", "as_json", is_flag=True, help=N_("The same as --format json (as parse and check write it)."))
@option("--ledger", is_flag=True, help=N_("Also list every entry with its deal and rule."))
@jobs_option()
def score(files: tuple[str, ...], preset: str | None, upto: int | None, game_number: int | None, fmt: str,
          as_json: bool, ledger: bool, jobs: int) -> None:
    """The ``preflog score`` verb (its help is above)."""
    PROGRESS.files = len(files)  # at a terminal: which of them is being read
    if files.count("-") > 1:
        raise click.UsageError(_("standard input (-) can be read only once"))
    out = _Sheets("json" if as_json else fmt, ledger, _width())
    workers = 1 if game_number is not None else job_count(jobs)  # one game is one unit
    units = units_of(list(files), workers)
    status = EXIT_OK
    games = dict.fromkeys(files, 0)
    work = partial(_score_unit, preset=preset, upto=upto, game_number=game_number, named=len(files) > 1,
                   out=None if in_workers(units, workers) else out)
    for unit, scored in zip(units, run_units(work, units, workers)):
        games[unit.path] += scored.games
        status = max(status, scored.status)
        for title, sheet, incomplete in scored.sheets:
            out.add(title, sheet, incomplete)
    short = [_("{name} holds {games}").format(name=display_name(path), games=count("{n} game", "{n} games", held))
             for path, held in games.items()
             if game_number is not None and game_number > held]
    if short:
        raise click.BadParameter("; ".join(short), param_hint="--game")
    out.close()
    sys.exit(status)


def _width() -> int:
    """How wide a table may be: the terminal's width at a terminal, else 100 characters."""
    import shutil

    return max(shutil.get_terminal_size((100, 24)).columns, 60) if sys.stdout.isatty() else 100


class _Unit(NamedTuple):
    """What scoring a unit of games gave: how many games it read, the exit status they call for, and
    (from a worker) the sheets to print, with their titles and why each stops short, if it does."""

    games: int
    status: int
    sheets: tuple[tuple[str | None, ScoreSheet, str | None], ...] = ()


def _score_unit(unit: Unit, preset: str | None, upto: int | None, game_number: int | None, named: bool,
                out: _Sheets | None) -> _Unit:
    """Score the games of ``unit`` (only the ``game_number``-th, if given), printing their problems;
    their sheets go to ``out`` (a serial run) or back to the parent (a worker)."""
    name = display_name(unit.path)
    status = EXIT_OK
    games = 0
    sheets = []
    for index, reading in games_of(unit):
        games += 1
        if game_number is not None and index + 1 != game_number:
            continue  # its deals are skipped unread
        scored = _score_game(reading, name, preset, upto)
        status = max(status, scored.status)
        if scored.sheet is None:
            continue
        title = _title(reading.header)
        if named:
            title = f"{name}: {title}" if title else name
        if out is not None:
            out.add(title, scored.sheet, scored.incomplete)
        else:
            sheets.append((title, scored.sheet, scored.incomplete))
    return _Unit(games, status, tuple(sheets))


class _Scored(NamedTuple):
    """What scoring one game gave: the sheet (None if there is none to print), the exit status it
    calls for, and why the sheet stops short, if it does."""

    sheet: ScoreSheet | None
    status: int
    incomplete: str | None = None


def _score_game(reading: GameReading, name: str, preset: str | None, upto: int | None) -> _Scored:
    """Score one game as it streams past, printing its problems a deal at a time. A deal that cannot
    be read ends the sheet there (marked incomplete); a tag block or a first deal that cannot be read,
    no sheet."""
    from ..problems import Audit

    audit = Audit(rules=preset, upto=upto)
    head = (reading.head,) if reading.head is not None else ()
    first = last = None
    seen = False
    problems = 0
    broken_at: int | None = None  # the line of the first deal that could not be read
    for point in audit_reading(reading, audit):
        print_errors(point.errors)
        read = point.read
        if read is not None and read.deal is not None:
            first = read.deal.number if first is None else first
            last = read.deal.number
            seen = seen or read.deal.number == upto
        if point.replayed:
            found = point_errors(point, (*head, read.piece) if read is not None else head, name, unscored=True)
            print_errors([error for _, error in found])
            problems += len(found)
        elif read is not None and broken_at is None:
            broken_at = read.piece.line
    scorer = audit.scorer
    if reading.errors:
        return _Scored(None, EXIT_ERRORS)
    if broken_at is not None:
        if scorer.pulka.deals == 0:
            return _Scored(None, EXIT_ERRORS)  # nothing scored: no sheet to show
        if upto is not None and seen and scorer.pulka.deals >= upto:
            return _Scored(scorer.pulka.sheet(), EXIT_ERRORS)
        return _Scored(scorer.pulka.sheet(), EXIT_ERRORS,
                       _("the deal at line {line} cannot be read, so the sheet stops after deal {deal}").format(
                           line=broken_at, deal=scorer.pulka.deals))
    if upto is not None and not seen:
        span = f"{first}–{last}" if first is not None else _("none")
        title = _title(reading.header)
        said = (_("there is no deal {deal} in {title} (its deals: {span})") if title else
                _("there is no deal {deal} in the game (its deals: {span})"))
        click.echo(_("preflog: error: {name}: {message}").format(
            name=name, message=said.format(deal=upto, title=title, span=span)), err=True)
        return _Scored(None, EXIT_MISUSE)
    return _Scored(scorer.sheets[0], EXIT_ERRORS if problems else EXIT_OK)


class _Sheets:
    """The sheets printed as each game is scored: tables with a blank line between them, or JSON (one
    object for one game, a list for several)."""

    def __init__(self, fmt: str, ledger: bool, width: int = 100) -> None:
        self.fmt, self.ledger, self.width = fmt, ledger, width
        self.pending: dict[str, Any] | None = None
        self.listed = False
        self.count = 0
        self.drawings: list[str] = []

    def add(self, title: str | None, sheet: ScoreSheet, incomplete: str | None = None) -> None:
        from ..present.score_table import sheet_json, sheet_text

        self.count += 1
        if self.fmt == "svg":
            from ..present.pulka_svg import sheet_svg

            self.drawings.append(sheet_svg(sheet, title=title if incomplete is None else f"{title or ''} ({incomplete})"))
            return
        if self.fmt != "json":
            text = sheet_text(sheet, title=title, ledger=self.ledger, incomplete=incomplete, width=self.width)
            click.echo(("\n" if self.count > 1 else "") + text)
            return
        shape = sheet_json(sheet, ledger=self.ledger, incomplete=incomplete)
        if self.pending is not None:
            click.echo("[\n" + _indented(self.pending), nl=False)
            self.pending, self.listed = None, True
        if self.listed:
            click.echo(",\n" + _indented(shape), nl=False)
        else:
            self.pending = shape

    def close(self) -> None:
        if self.drawings:
            from ..present.pulka_svg import stack

            click.echo(self.drawings[0] if len(self.drawings) == 1 else stack(self.drawings))
        elif self.pending is not None:
            click.echo(json.dumps(self.pending, ensure_ascii=False, indent=1))
        elif self.listed:
            click.echo("\n]")


def _indented(shape: dict[str, Any]) -> str:
    return "\n".join(" " + line for line in json.dumps(shape, ensure_ascii=False, indent=1).split("\n"))


def _title(game: Game) -> str | None:
    return game.tag("Event")
