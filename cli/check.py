"""``preflog check``: every rule violation in game files."""

from __future__ import annotations

import sys
from functools import partial
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..i18n import N_, _, count
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_OK
from .options import PresetChoice
from .reports import audit_reading, JsonList, point_errors
from .terminal import PROGRESS, display_name, print_errors
from .jobs import Unit, by_file, games_of, job_count, jobs_option, run_kept, units_of

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..notation.errors import NotationError
    from ..notation.read import GameReading


@command(N_("""Check FILES (- for standard input) against the rules of Preferans.

    Every violation is printed as FILE:LINE:COL: error: MESSAGE [CODE: rule, Code section] with the
    offending line; checking goes on with the next deal. When one slip (a wrong dealer's name, hands in
    the wrong order, a misread card) makes the rest of a deal wrong, it is reported once with a hint
    and what follows from it is counted (--all prints it). Standard input is checked as it is written:
    each deal as soon as the next one begins. Exit 0 if clean, 1 on violations or notation errors, 2
    if a file cannot be read.

    \b
    Examples:
      preflog check samples/sochi-pulka.pref
      preflog check --rules leningrad --json game.pref
    """))
@argument("files", metavar=N_("FILES..."), nargs=-1, required=True, type=click.Path(allow_dash=True))
@option("--rules", "preset", type=PresetChoice(),
              help=N_("Check under this convention instead of the file's Rules tag (Rule.* tags still apply)."))
@option("--json", "as_json", is_flag=True, help=N_("Print the violations as JSON."))
@option("--all", "every", is_flag=True,
              help=N_("Also print the violations that follow from a slip (a wrong dealer, a misread card)."))
@jobs_option()
@option("--no-cache", "no_cache", is_flag=True,
        help=N_("Check every file anew, and keep nothing: without it, a file checked before (the same bytes, options "
                "and preflog) is taken from the cache in the user's cache folder (PREFLOG_CACHE)."))
def check(files: tuple[str, ...], preset: str | None, as_json: bool, every: bool, jobs: int, no_cache: bool) -> None:
    """The ``preflog check`` verb (its help is above)."""
    from ..cache import Kept

    PROGRESS.files = len(files)  # at a terminal: which of them is being read
    workers = job_count(jobs)
    units = units_of(files, workers)
    out = Report(as_json)
    total_deals = deals = 0
    kept = None if no_cache else Kept("check", _Checked.to_data, _Checked.of_data)

    def work_for(as_value: bool) -> Callable[[Unit], _Checked]:
        # a unit's problems come back as a value (from a worker, or to be kept), else are said as found
        return partial(_check_unit, preset=preset, as_json=as_json, every=every, report=None if as_value else out)

    def begin(path: str) -> None:
        nonlocal deals
        out.begin_file(display_name(path))
        deals = 0

    def end() -> None:
        nonlocal total_deals
        out.end_file({"deals": deals})
        total_deals += deals

    options = (preset, as_json, every)
    for checked in by_file(lambda before: run_kept(work_for, units, workers, kept, options, before), begin, end):
        deals += checked.deals
        out.add(checked)
    out.close()
    total = out.count
    if not as_json:
        verdict = _("clean") if not total else count("{n} problem", "{n} problems", total)
        click.echo(_("checked {files}, {deals}: {verdict}").format(
            files=count("{n} file", "{n} files", len(files)), deals=count("{n} deal", "{n} deals", total_deals),
            verdict=verdict))
    sys.exit(EXIT_ERRORS if total else EXIT_OK)


class _Checked(NamedTuple):
    """What checking a unit gave: its deals, and (kept: from a worker, or for the cache) its problems,
    their JSON or their errors, for the parent to write."""

    deals: int
    problems: int = 0
    items: tuple[dict[str, Any], ...] = ()
    errors: tuple[NotationError, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """As plain data (JSON, for the cache), read back by :meth:`of_data`."""
        return {"deals": self.deals, "problems": self.problems, "items": list(self.items),
                "errors": [e.to_dict() for e in self.errors]}

    @classmethod
    def of_data(cls, data: Any) -> _Checked:
        """What :meth:`to_data` wrote; ``ValueError`` for anything else (a wrong shape or type)."""
        from ..notation.errors import NotationError

        if not isinstance(data, dict) or list(data) != ["deals", "problems", "items", "errors"]:
            raise ValueError("checked unit", data)
        deals, problems, items, errors = data.values()
        if type(deals) is not int or type(problems) is not int or not isinstance(items, list) \
                or not isinstance(errors, list) or deals < 0 or problems != len(items) + len(errors):
            raise ValueError("checked unit", data)
        for item in items:  # the JSON of a problem: an error's, and its code (a violation's: its facts)
            if not isinstance(item, dict) or type(item.get("code")) is not str:
                raise ValueError("problem", item)
            NotationError.of_dict({k: v for k, v in item.items() if k not in _FACTS})
        return cls(deals, problems, tuple(items), tuple(NotationError.of_dict(e) for e in errors))


def _check_unit(unit: Unit, preset: str | None, as_json: bool, every: bool, report: Report | None) -> _Checked:
    """Check the games of ``unit``, reporting to ``report`` (or, in a worker, to one that keeps the
    problems for the parent)."""
    own = report if report is not None else Report(as_json, keep=True)
    name = display_name(unit.path)
    deals = 0
    for _game, reading in games_of(unit):
        deals += _check_game(reading, name, preset, own, every)
    if report is not None:
        return _Checked(deals)
    return _Checked(deals, own.count, tuple(own.kept or ()), tuple(own.kept_errors))


def _check_game(reading: GameReading, name: str, preset: str | None, out: Report, every: bool = False) -> int:
    """Check one game as it streams past, a deal at a time: the notation errors, and the game's
    problems (:mod:`preflog.problems`) up to the first deal the notation does not allow (the replay
    cannot go past it). The deals read."""
    from ..problems import Audit
    from ..verdicts import params_json

    head = (reading.head,) if reading.head is not None else ()
    deals = 0
    for point in audit_reading(reading, Audit(rules=preset, ledger=False)):
        for error in point.errors:
            out.error("N000", error)
        deals += point.read is not None and point.read.deal is not None
        pieces = (*head, point.read.piece) if point.read is not None else head
        for v, error in point_errors(point, pieces, name, every=every):
            out.error(v.code, error, {"reason": v.reason, "params": params_json(v)})
    return deals


#: The fields of a problem's JSON beside its error's: its code, and a violation's facts.
_FACTS = ("code", "reason", "params")


class Report:
    """Where problems go: standard error as they are found, or a JSON list of files on standard
    output, streamed; ``count`` of them. A report that ``keep``s (a worker's, for ``--jobs``) keeps the
    JSON of each problem in ``kept`` for the parent to write."""

    def __init__(self, as_json: bool, keep: bool = False) -> None:
        self.as_json, self.count = as_json, 0
        self.files = JsonList()
        self.problems: JsonList | None = None
        self.kept: list[dict[str, Any]] | None = [] if keep else None
        self.kept_errors: list[NotationError] = []
        if as_json and not keep:
            self.files.open()

    def begin_file(self, name: str) -> None:
        if self.as_json:
            self.problems = self.files.begin({"file": name}, "violations")

    def error(self, code: str, error: NotationError, facts: dict[str, Any] | None = None) -> None:
        """One problem: its ``code``, its error as printed, and (a violation's) its ``reason`` and
        ``params`` for JSON (:func:`preflog.verdicts.params_json`)."""
        self.count += 1
        if not self.as_json and self.kept is not None:
            self.kept_errors.append(error)
        elif not self.as_json:
            print_errors([error])
        elif self.kept is not None:
            self.kept.append(dict(error.to_dict(), code=code, **(facts or {})))
        elif self.problems is not None:
            self.problems.add(dict(error.to_dict(), code=code, **(facts or {})))

    def add(self, checked: _Checked) -> None:
        """The problems a unit kept (a worker's, or the cache's): their errors said, or their JSON written."""
        self.count += checked.problems
        print_errors(list(checked.errors))
        if self.problems is not None:
            for item in checked.items:
                self.problems.add(item)

    def end_file(self, tail: dict[str, Any]) -> None:
        if self.problems is not None:
            self.problems.end(tail)
            self.problems = None

    def close(self) -> None:
        if self.as_json:
            self.files.close()
