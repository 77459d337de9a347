"""Files cut into units of work between games, for work spread over processes (``--jobs``, Dask).

A unit is a run of whole games of one file. Whoever does it reads the file as a serial run does
(lines, comments and quoted tags, the games in the same order) and skips the games outside the unit
unparsed, so that the units' results, put together in order, are a serial run's.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

#: Units per process: enough that one slow unit does not leave the other processes idle.
UNITS_PER_JOB = 4


class Unit(NamedTuple):
    """Games ``first`` to ``stop`` (exclusive; ``None``: to the end) of the file ``path``, counted as
    :func:`preflog.notation.read.stream_games` gives them; with ``step``, every ``step``-th of them."""

    path: str
    first: int = 0
    stop: int | None = None
    step: int = 1

    def holds(self, game: int) -> bool:
        return game >= self.first and (self.stop is None or game < self.stop) and (game - self.first) % self.step == 0

    def done_after(self, game: int) -> bool:
        """Whether no game from ``game`` on belongs to the unit (the rest of the file is not read)."""
        return self.stop is not None and game >= self.stop


def units_of(paths: Sequence[str], jobs: int, per_job: int = UNITS_PER_JOB) -> list[Unit]:
    """The units of work for ``paths``: each file whole with one job; else cut between games into
    about ``per_job`` units per job of about the same number of deals. Standard input (``-``), and a
    file that cannot be read (its error is the worker's to report), stay whole."""
    if jobs <= 1:
        return [Unit(path) for path in paths]
    sizes = {path: game_sizes(path) for path in paths}
    total = sum(sum(s) + len(s) for s in sizes.values())  # a game counts one more than its deals
    share = max(1, total // (jobs * per_job))
    units: list[Unit] = []
    for path in paths:
        games = sizes[path]
        first, load = 0, 0
        for index, deals in enumerate(games):
            load += deals + 1
            if load >= share and index + 1 < len(games):
                units.append(Unit(path, first, index + 1))
                first, load = index + 1, 0
        units.append(Unit(path, first, None))
    return units


#: A file smaller than this is one unit for :func:`strided_units` (its games are too few to share).
STRIDE_FROM = 256 * 1024


def strided_units(paths: Sequence[str], jobs: int) -> list[Unit]:
    """Units for ``jobs`` processes of one machine, without reading the files first: a big file is
    shared game by game (the k-th unit takes games k, k + jobs, k + 2·jobs…), each unit reading the
    whole file but parsing only its own games, which costs less than reading it beforehand to cut it;
    a small file, standard input, and a file that cannot be read (its error is the worker's) stay whole.
    What the units find comes in the order of the units, not of the games: the caller sorts it."""
    if jobs <= 1:
        return [Unit(path) for path in paths]
    units = []
    for path in paths:
        try:
            big = path != "-" and os.path.getsize(path) >= STRIDE_FROM
        except OSError:
            big = False
        units += [Unit(path, k, None, jobs) for k in range(jobs)] if big else [Unit(path)]
    return units


def game_sizes(path: str) -> list[int]:
    """The deals in each game of a file (their pieces, not parsed); one game for what cannot be read."""
    from .notation.read import stream_games

    if path == "-":
        return [0]
    try:
        with open(path, "rb") as fp:
            return [reading.skip() for reading in stream_games(fp, path)] or [0]
    except OSError:
        return [0]
