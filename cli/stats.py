"""``preflog stats``: what a club's archive says about its players."""

from __future__ import annotations

import sys
from functools import partial
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..i18n import N_, _
from .cluster import dask_client, needs_dask
from .exits import EXIT_ERRORS, EXIT_MISUSE, EXIT_OK
from .inputs import open_archive, open_input
from .options import PresetChoice
from .terminal import PROGRESS, display_name, print_errors
from .jobs import Unit, job_count, jobs_option, open_unit, run_kept
from .lang import argument, command, option
from ..jobs import UNITS_PER_JOB, strided_units

if TYPE_CHECKING:
    from ..cache import Kept
    from ..notation.errors import NotationError
    from ..statistics.run import Filters
    from ..statistics.tally import Stats


@command(N_("""What FILES say about their players: who won and lost how much (in whists and money), the contracts
    each declared and made by level and suit, how many each was set by, misères caught, whists, passes and
    half-whists and what they paid, all-pass tricks, and with --par the tricks each gave away against the
    double-dummy par; then the settlement by convention, by the players at the table and by month. With
    --rating, each player's rating across the games, with its uncertainty (OpenSkill).

    FILES are .pref files or folders (searched for .pref files, subfolders too); --db reads the archive of
    preflog serve instead. A game that breaks a rule, or has a deal that cannot be read or scored, is
    left out and counted, its errors printed as FILE:LINE:COL: error: … on standard error.

    Exit 0 if every game counted, 1 if a game was left out for its errors, 2 if an input cannot be read.

    \b
    Examples:
      preflog stats samples/
      preflog stats club/ --player Anna --since 2026-09 --format html > anna.html
      preflog stats --db preflog-club.sqlite --format csv > club.csv
      preflog stats club/ --par --jobs 0 --format json
      preflog stats club/ --rating event --format html > ratings.html
    """))
@argument("files", metavar=N_("[FILES]..."), nargs=-1, type=click.Path(allow_dash=True))
@option("--db", metavar=N_("FILE"), help=N_("Read the games of this archive of preflog serve (its SQLite file)."))
@option("--player", "players", multiple=True, metavar=N_("NAME"),
        help=N_("Only games NAME played, and only NAME in the tables (repeat it for several: games they all played)."))
@option("--since", metavar=N_("DATE"), help=N_("Only games from DATE on (YYYY-MM-DD or YYYY-MM, by the Date tag)."))
@option("--until", metavar=N_("DATE"), help=N_("Only games up to DATE (YYYY-MM-DD or YYYY-MM, that day or month included)."))
@option("--rules", "preset", type=PresetChoice(), help=N_("Only games played under this convention."))
@option("--format", "fmt", type=click.Choice(["text", "json", "csv", "html"]), default="text", show_default=True,
        help=N_("A report to read, JSON for programs (docs/stats.md), CSV for a spreadsheet (a row a player and "
                "a period), or a web page with charts."))
@option("--par", is_flag=True, help=N_("Solve every deal played card by card and count each player's tricks lost "
                                       "against the double-dummy par (a solver's work per card: slower)."))
@option("--rating", type=click.Choice(["pulka", "event"]),
        help=N_("Rate the players with OpenSkill, each ranked by the whists he won: each game a match (pulka), "
                "or all the games of an event on one day (event). Needs pip install 'preflog[rating]'."))
@jobs_option()
@option("--no-cache", "no_cache", is_flag=True,
        help=N_("Work out every file anew, and keep nothing: without it, a file read before (the same bytes, options "
                "and preflog) is taken from the cache in the user's cache folder (PREFLOG_CACHE)."))
@option("--dask", "scheduler", metavar=N_("ADDRESS"),
        help=N_("Do the work on the Dask cluster whose scheduler is at ADDRESS (local: a cluster of this "
                "machine's cores); the files must be readable by its workers at the same paths."))
def stats(files: tuple[str, ...], db: str | None, players: tuple[str, ...], since: str | None, until: str | None,
          preset: str | None, fmt: str, par: bool, rating: str | None, jobs: int, no_cache: bool,
          scheduler: str | None) -> None:
    """The ``preflog stats`` verb (its help is above)."""
    from ..statistics.run import Filters, check_filters

    if not files and db is None:
        raise click.UsageError(_("give the .pref files or folders to read, or --db with an archive"))
    if files and db is not None:
        raise click.UsageError(_("read either FILES or --db, not both"))
    if files.count("-") > 1:
        raise click.UsageError(_("standard input (-) can be read only once"))
    filters = Filters(players, since, until, preset)
    problem = check_filters(filters)
    if problem is not None:
        raise click.UsageError(problem)
    if rating is not None:
        _need_openskill()
    workers = job_count(jobs)
    if scheduler is not None:
        if db is not None or "-" in files:
            raise click.UsageError(_("--dask reads files, not --db or standard input"))
        total = _on_dask(_pref_files(files), filters, par, rating, scheduler)
    else:
        if db is not None:  # the archive's aliases: a player by any of his names
            import attrs

            filters = attrs.evolve(filters, aliases=_archive_aliases(db))
        units = _archive_units(db, workers) if db is not None else _file_units(files, workers)
        kept = None
        if db is None and not no_cache:  # files, keyed by their bytes (the archive's rows are not)
            from ..cache import Kept

            kept = Kept("stats", _unit_data, _unit_of)
        total = _in_processes(units, workers, filters, par, rating, db, kept)
    _write(filters.shown(total), fmt, filters)
    sys.exit(EXIT_ERRORS if total.rejected_games else EXIT_OK)


def _need_openskill() -> None:
    """Exit 2 saying what to install when OpenSkill, which --rating needs, is not there."""
    from ..statistics.rating import RatingUnavailable, require

    try:
        require()
    except RatingUnavailable as e:
        click.echo(_("preflog: error: {reason}").format(reason=e), err=True)
        sys.exit(EXIT_MISUSE)


def _in_processes(units: list[Unit], workers: int, filters: Filters, par: bool, rating: str | None,
                  db: str | None, kept: Kept[tuple[Stats, list[tuple[int, NotationError]]]] | None = None) -> Stats:
    """The units' statistics merged, done in ``workers`` processes (``--jobs``); the errors printed
    in the order of the files and their games, as one process prints them. With ``kept``, a unit of a
    file read before (the same bytes, options and preflog) is taken from the cache, and the others are
    kept there."""
    import attrs

    from ..statistics.run import merged

    def work_for(as_value: bool) -> Callable[[Unit], tuple[Stats, list[tuple[int, NotationError]]]]:
        return partial(_stats_unit, filters=filters, par=par, rating=rating, db=db, keep=as_value)

    total, errors = merged(units, run_kept(work_for, units, workers, kept, (attrs.astuple(filters), par, rating)))
    print_errors(errors)
    return total


def _unit_data(found: tuple[Stats, list[tuple[int, NotationError]]]) -> dict[str, Any]:
    """A unit's statistics and errors as plain data (JSON, for the cache), read back by :func:`_unit_of`."""
    stats, errors = found
    return {"stats": stats.to_data(), "errors": [[game, error.to_dict()] for game, error in errors]}


def _unit_of(data: Any) -> tuple[Stats, list[tuple[int, NotationError]]]:
    """What :func:`_unit_data` wrote; ``ValueError`` (or ``KeyError``, ``TypeError``) for anything else."""
    from ..notation.errors import NotationError
    from ..statistics.tally import Stats

    if not isinstance(data, dict) or list(data) != ["stats", "errors"] or not isinstance(data["errors"], list):
        raise ValueError("unit statistics", data)
    errors = []
    for item in data["errors"]:
        if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int:
            raise ValueError("game error", item)
        errors.append((item[0], NotationError.of_dict(item[1])))
    return Stats.of_data(data["stats"]), errors


def _on_dask(paths: list[str], filters: Filters, par: bool, rating: str | None, scheduler: str) -> Stats:
    """The statistics done on the Dask cluster at ``scheduler`` (``local``: one made here)."""
    needs_dask()
    from ..statistics.dask import stats as on_dask

    for path in paths:  # a file a worker cannot open is said here, not as a worker's traceback
        with open_input(path):
            pass
    with dask_client(scheduler) as client:
        return on_dask(paths, players=filters.players, since=filters.since, until=filters.until,
                       rules=filters.rules, par=par, rating=rating, client=client,
                       report=lambda line: click.echo(line, err=True))


def _pref_files(files: tuple[str, ...]) -> list[str]:
    """The files to read (:func:`preflog.statistics.run.pref_files`); exit 2 for a folder without one."""
    from ..statistics.run import pref_files

    out: list[str] = []
    for name in files:
        found = pref_files([name])
        if not found:  # a folder without one
            click.echo(_("preflog: error: {folder} holds no .pref file").format(folder=name), err=True)
            sys.exit(EXIT_MISUSE)
        out += found
    return out


def _file_units(files: tuple[str, ...], workers: int) -> list[Unit]:
    """A unit a file, or for a big one, one a process, sharing its games (:func:`strided_units`)."""
    paths = _pref_files(files)
    PROGRESS.files = len(paths)
    return strided_units(paths, workers)


def _archive_aliases(db: str) -> tuple[tuple[str, str], ...]:
    archive = open_archive(db)
    try:
        return tuple(archive.aliases().items())
    finally:
        archive.close()


def _archive_units(db: str, workers: int) -> list[Unit]:
    """The archive's games as units of work: ids ``first`` to ``stop`` (exclusive) of the file ``db``."""
    archive = open_archive(db)
    try:
        ids = archive.ids()
    finally:
        archive.close()
    if workers <= 1 or len(ids) < 2:
        return [Unit(db, 0, None)]
    size = max(1, len(ids) // (workers * UNITS_PER_JOB))
    cuts = ids[::size]
    return [Unit(db, first, stop) for first, stop in zip(cuts, [*cuts[1:], None])]


def _stats_unit(unit: Unit, filters: Filters, par: bool, rating: str | None, db: str | None,
                keep: bool) -> tuple[Stats, list[tuple[int, NotationError]]]:
    """The statistics of one unit: some games of a file, or some games of the archive (by id); and
    the errors found, each with its game (kept to be sorted, from a worker; else printed at once)."""
    from ..statistics.run import read_stats
    from ..statistics.tally import Stats

    errors: list[tuple[int, NotationError]] = []

    def report(error: NotationError, game: int) -> None:
        if keep:
            errors.append((game, error))
        else:
            print_errors([error])

    if db is None:
        with open_unit(unit.path) as fp:
            found = read_stats(fp, display_name(unit.path), filters, par=par, rating=rating, unit=unit,
                               report=report, tick=PROGRESS.tick)
        return found, errors
    archive = open_archive(db)
    out = Stats(rating=rating)
    try:
        for ident, text in archive.game_texts(unit.first, unit.stop):
            read_stats(text, f"{db}#{ident}", filters, par=par, rating=rating,
                       report=partial(_as_game, report, ident), into=out, origin=(db, ident))
    finally:
        archive.close()
    return out, errors


def _as_game(report: Callable[[NotationError, int], None], game: int, error: NotationError, _index: int) -> None:
    """An error of the archive's game ``game`` (a text of one game, whose index is always 0)."""
    report(error, game)


def _write(stats: Stats, fmt: str, filters: Filters) -> None:
    given = filters.given()
    if fmt == "json":
        import json

        from ..statistics.shape import stats_json

        click.echo(json.dumps(stats_json(stats, given), ensure_ascii=False, indent=1))
    elif fmt == "csv":
        from ..statistics.shape import csv_text

        click.echo(csv_text(stats), nl=False)
    elif fmt == "html":
        from ..statistics.page import stats_page

        click.echo(stats_page(stats, filters=given), nl=False)
    else:
        from ..statistics.text import stats_text

        click.echo(stats_text(stats), nl=False)
