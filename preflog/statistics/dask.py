"""The statistics of an archive beyond one machine: the same per-game walk on a Dask cluster (the extra
``preflog[dask]``).

>>> from dask.distributed import Client
>>> from preflog.statistics.dask import stats
>>> report = stats(["/shared/club/"], client=Client("tcp://scheduler:8786"))

A big file is shared game by game among the workers (:func:`preflog.jobs.strided_units`:
each reads it all and parses only its own games, which costs less than reading it first to cut it), a
small file is one unit; each unit is a partition of a Dask bag whose task is
:func:`preflog.statistics.read_stats`, and the units' statistics are merged (:meth:`Stats.merge`): the
result is the one process's, whatever the number of workers. The files must be readable by the
workers at the same paths.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import _, current_language, using_language
from ..jobs import Unit, strided_units
from .run import Filters, check_filters, merged, pref_files, read_stats
from .rating import check_mode, require
from .tally import Stats

def stats(paths: str | Sequence[str], *, players: Sequence[str] = (), since: str | None = None,
          until: str | None = None, rules: str | None = None, par: bool = False, rating: str | None = None,
          client: Any = None, workers: int | None = None, report: Callable[[str], None] | None = None) -> Stats:
    """The statistics of the ``.pref`` files ``paths`` (folders searched, subfolders too) on Dask.

    ``client`` is a ``dask.distributed.Client`` (its cluster does the work; without one, Dask's
    default scheduler does, in processes); ``workers`` how many to cut the files for (default: the
    client's workers, else the cores). Each error found goes to ``report`` as its line of text
    (``FILE:LINE:COL: error: …``), in the order of the files. ``rating`` keeps each game counted for
    the ratings (``"pulka"`` or ``"event"``: :func:`preflog.statistics.run.stats`)."""
    try:
        bags: Any = importlib.import_module("dask.bag")  # untyped: Any
    except ImportError:
        raise ImportError(_("preflog.statistics.dask needs Dask: pip install 'preflog[dask]'")) from None
    filters = Filters(tuple(players), since, until, rules)
    problem = check_filters(filters)
    if problem is not None:
        raise ValueError(problem)
    if rating is not None:
        check_mode(rating)
        require()
    files = pref_files([paths] if isinstance(paths, str) else paths)
    units = strided_units(files, workers or _workers(client))
    bag = bags.from_sequence(units, npartitions=len(units))
    task = bag.map(_unit_stats, filters=filters, par=par, rating=rating, lang=current_language())
    done = client.compute(task).result() if client is not None else task.compute(scheduler="processes")
    total, errors = merged(units, done)
    if report is not None:
        for error in errors:
            report(error)
    return total


def _workers(client: Any) -> int:
    if client is not None:
        return max(1, len(client.scheduler_info().get("workers", {})))
    import os

    return os.cpu_count() or 1


def _unit_stats(unit: Unit, filters: Filters, par: bool, lang: str,
                rating: str | None = None) -> tuple[Stats, list[tuple[int, str]]]:
    """One unit's statistics and its errors as text, each with its game (what a worker sends back)."""
    errors: list[tuple[int, str]] = []
    with using_language(lang), open(unit.path, "rb") as fp:
        found = read_stats(fp, unit.path, filters, par=par, rating=rating, unit=unit,
                           report=lambda error, game: errors.append((game, str(error))))
    return found, errors
