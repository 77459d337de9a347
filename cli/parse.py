"""``preflog parse``: check the notation of files and summarise them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..i18n import N_, count
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_OK
from .reports import JsonList
from .terminal import PROGRESS, display_name, print_errors
from .jobs import Unit, games_of, in_workers, job_count, jobs_option, run_files, units_of


if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..notation.errors import NotationError


@command(N_("""Read FILES (- for standard input) and report every notation error.

    Prints one line per file (games and deals) or the errors as FILE:LINE:COL: error: MESSAGE
    with the offending line. Exit 0 if all files read clean, 1 on any error, 2 if a file cannot
    be opened.

    \b
    Example:
      preflog parse samples/*.pref
    """))
@argument("files", metavar=N_("FILES..."), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--json", "as_json", is_flag=True, help=N_("Print the summary and errors as JSON."))
@jobs_option()
def parse(files: tuple[str, ...], as_json: bool, jobs: int) -> None:
    """The ``preflog parse`` verb (its help is above)."""
    PROGRESS.files = len(files)  # at a terminal: which of them is being read
    workers = job_count(jobs)
    units = units_of(files, workers)
    files_out = JsonList()
    if as_json:
        files_out.open()
    status = EXIT_OK
    file = _File("")

    def begin(path: str) -> None:
        nonlocal file
        name = display_name(path)
        file = _File(name, files_out.begin({"file": name}, "errors") if as_json else None)

    def end() -> None:
        nonlocal status
        if file.errors:
            status = EXIT_ERRORS
        if file.listed is not None:
            file.listed.end({"games": file.games, "deals": file.deals})
            return
        summary = (f"{file.name}: {count('{n} game', '{n} games', file.games)}, "
                   f"{count('{n} deal', '{n} deals', file.deals)}")
        if file.errors:
            summary += ", " + count("{n} error", "{n} errors", file.errors)
        click.echo(summary)

    # run here, JSON errors stream into the file's list; a worker keeps them for this process
    work = partial(_parse_unit, as_json=as_json, listed=None if in_workers(units, workers) else (lambda: file.listed))
    for counted in run_files(work, units, workers, begin, end):
        file.games += counted.games
        file.deals += counted.deals
        file.errors += counted.errors
        if file.listed is not None:
            for item in counted.items:
                file.listed.add(item)
    if as_json:
        files_out.close()
    sys.exit(status)


class _File:
    """What ``parse`` counts in a file as its units come."""

    def __init__(self, name: str, listed: JsonList | None = None) -> None:
        self.name, self.listed = name, listed
        self.games = self.deals = self.errors = 0


class _Counted(NamedTuple):
    """What reading a unit gave: games, deals, errors, and (from a worker, with ``--json``) the errors."""

    games: int
    deals: int
    errors: int
    items: tuple[dict[str, Any], ...] = ()


def _parse_unit(unit: Unit, as_json: bool, listed: Callable[[], JsonList | None] | None) -> _Counted:
    """Read the games of ``unit``, printing its errors, or with ``as_json`` adding them to the list
    ``listed`` gives (a serial run) or keeping them for the parent (a worker)."""
    kept: list[dict[str, Any]] | JsonList | None = None
    if as_json:
        kept = (listed() if listed is not None else None) or []
    games = deals = errors = 0
    for _game, reading in games_of(unit):
        counted = bool(reading.header.tags)  # a game is counted if it has tags or a deal read
        errors += _show(reading.errors, kept)
        for read in reading.deals():
            counted = counted or read.deal is not None
            deals += read.deal is not None
            errors += _show(read.errors, kept)
        games += counted
    return _Counted(games, deals, errors, tuple(kept) if isinstance(kept, list) else ())


def _show(errors: Sequence[NotationError], kept: list[dict[str, Any]] | JsonList | None) -> int:
    """Print ``errors`` (or add their JSON to ``kept``); how many there were."""
    if kept is None:
        print_errors(errors)
    elif isinstance(kept, list):
        kept.extend(error.to_dict() for error in errors)
    else:
        for error in errors:
            kept.add(error.to_dict())
    return len(errors)
