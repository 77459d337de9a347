"""The statistics of an archive beyond one machine: the same per-game walk on a Dask cluster (the extra
``preflog[dask]``).

>>> from dask.distributed import Client
>>> from preflog.stats.dask import stats
>>> report = stats(["/shared/club/"], client=Client("tcp://scheduler:8786"))

The files are cut into units of whole games (:mod:`preflog.notation.units`), each unit is a partition
of a Dask bag whose task is :func:`preflog.stats.read_stats`, and the units' statistics are merged
(:meth:`Stats.merge`): the result is the one process's, whatever the number of workers. The files must
be readable by the workers at the same paths.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import _, current_language, using_language
from ..notation.units import Unit, units_of
from .run import Filters, check_filters, pref_files, read_stats
from .tally import Stats

#: Units per worker: enough that one slow unit does not leave the other workers idle.
UNITS_PER_WORKER = 4


def stats(paths: str | Sequence[str], *, players: Sequence[str] = (), since: str | None = None,
          until: str | None = None, rules: str | None = None, par: bool = False, client: Any = None,
          workers: int | None = None, report: Callable[[str], None] | None = None) -> Stats:
    """The statistics of the ``.pref`` files ``paths`` (folders searched, subfolders too) on Dask.

    ``client`` is a ``dask.distributed.Client`` (its cluster does the work; without one, Dask's
    default scheduler does, in processes); ``workers`` how many to cut the files for (default: the
    client's workers, else the cores). Each error found goes to ``report`` as its line of text
    (``FILE:LINE:COL: error: …``), in the order of the files."""
    try:
        bags: Any = importlib.import_module("dask.bag")  # untyped: Any
    except ImportError:
        raise ImportError(_("preflog.stats.dask needs Dask: pip install 'preflog[dask]'")) from None
    filters = Filters(tuple(players), since, until, rules)
    problem = check_filters(filters)
    if problem is not None:
        raise ValueError(problem)
    files = pref_files([paths] if isinstance(paths, str) else paths)
    count = workers or _workers(client)
    units = units_of(files, count, UNITS_PER_WORKER)
    bag = bags.from_sequence(units, npartitions=len(units))
    task = bag.map(_unit_stats, filters=filters, par=par, lang=current_language())
    done = client.compute(task).result() if client is not None else task.compute(scheduler="processes")
    total = Stats()
    for part, errors in done:  # in the order of the units: the errors as a serial run reports them
        total = total.merge(part)
        if report is not None:
            for error in errors:
                report(error)
    return total


def _workers(client: Any) -> int:
    if client is not None:
        return max(1, len(client.scheduler_info().get("workers", {})))
    import os

    return os.cpu_count() or 1


def _unit_stats(unit: Unit, filters: Filters, par: bool, lang: str) -> tuple[Stats, list[str]]:
    """One unit's statistics and its errors as text (what a worker sends back)."""
    errors: list[str] = []
    with using_language(lang), open(unit.path, "rb") as fp:
        found = read_stats(fp, unit.path, filters, par=par, unit=unit, report=lambda e, _game: errors.append(str(e)))
    return found, errors
