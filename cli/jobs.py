"""``--jobs N``: the games of the files cut into units of work at game boundaries, done in N processes,
and their output written in the order of a serial run (byte for byte the same).

A unit is a run of whole games of one file. A worker reads the file as a serial run does (lines,
comments and quoted tags, the games in the same order), skips the games outside its unit unparsed,
and does the verb's work on the others with its standard output and error captured; the parent
writes each unit's output in turn and adds up what the verb counts. With one job, or one unit, the
work runs in the parent with nothing captured.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import IO, TYPE_CHECKING, Any, Generic, TypeVar

import click

from ..i18n import N_, _, current_language
from ..jobs import Unit as Unit, units_of as units_of  # the verbs take both from here
from .exits import EXIT_UNREADABLE
from .inputs import open_input
from .terminal import display_name
from .lang import option

if TYPE_CHECKING:
    from ..cache import Kept, Reading
    from ..notation.read import GameReading

T = TypeVar("T")

def jobs_option(default: int = 1) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--jobs`` option of the verbs that read many games (and of ``odds``, whose default is every
    core: its work is all solving)."""
    return option("--jobs", "-j", type=click.IntRange(min=0), default=default, show_default=True, metavar=N_("N"),
                  help=N_("Work in N processes (0 or more than the cores: one per core); the output is the "
                          "same as with one."))


def job_count(jobs: int) -> int:
    """The processes for ``--jobs``: no more than the cores (the work is all CPU; more would only cost)."""
    cores = os.cpu_count() or 1
    return min(jobs, cores) if jobs else cores


def games_of(unit: Unit) -> Iterator[tuple[int, GameReading]]:
    """The games of ``unit`` as they stream past (with their index in the file); the others are
    skipped unparsed, and the file is not read past the unit (but to hash it, :func:`open_unit`)."""
    from ..notation.read import stream_games

    with open_unit(unit.path) as fp:
        for index, reading in enumerate(stream_games(fp, display_name(unit.path))):
            if unit.done_after(index):
                return
            if unit.holds(index):
                yield index, reading


def in_workers(units: Sequence[Unit], jobs: int) -> bool:
    """Whether :func:`run_units` does the units in worker processes (else here, output not captured)."""
    return jobs > 1 and len(units) > 1


def run_files(work: Callable[[Unit], T], units: Sequence[Unit], jobs: int,
              begin: Callable[[str], None], end: Callable[[], None]) -> Iterator[T]:
    """:func:`run_units`, with ``begin(path)`` before the first unit of each file and ``end()`` after
    its last (for what a verb writes around a file's output)."""
    return by_file(lambda before: run_units(work, units, jobs, before), begin, end)


def by_file(run: Callable[[Callable[[Unit], None]], Iterator[T]], begin: Callable[[str], None],
            end: Callable[[], None]) -> Iterator[T]:
    """The results of ``run(before)`` (:func:`run_units`, :func:`run_kept`), with ``begin(path)`` before
    the first unit of each file and ``end()`` after its last."""
    started = False

    def before(unit: Unit) -> None:
        nonlocal started
        if unit.first == 0:  # a file begins
            if started:
                end()
            begin(unit.path)
            started = True

    yield from run(before)
    if started:
        end()


def run_kept(work_for: Callable[[bool], Callable[[Unit], T]], units: Sequence[Unit], jobs: int, kept: Kept[T] | None,
             options: tuple[object, ...], before: Callable[[Unit], None] | None = None) -> Iterator[T]:
    """Each unit's result, in order, ``before(unit)`` first: taken from ``kept`` (the cache) where the unit
    was worked out before with ``options`` in this language, else worked out (:func:`run_units`) and kept
    under the hash of the bytes its work read (:class:`Keyed`), whatever the file held when it was looked
    up. ``work_for(as_value)`` gives the work: with ``as_value`` it returns what it found instead of saying
    it (in a worker, or to be kept), and the caller says it. With anything kept, the cache is trimmed
    (:meth:`Kept.trim`) before the last result is given."""
    language = current_language()
    if kept is not None and any(u.path != "-" for u in units) and not kept.usable():
        if kept.refused is not None:
            click.echo(_("preflog: the cache is not used: {reason}").format(reason=kept.refused), err=True)
        kept = None
    looked = [None if kept is None else kept.digest(u.path) for u in units]
    keys = [None if kept is None or d is None else kept.key(d, options, list(u), language) for u, d in zip(units, looked)]
    found: list[T | None] = [None if k is None or kept is None else kept.get(k) for k in keys]
    todo = [(u, k is not None) for u, k, f in zip(units, keys, found) if f is None]
    done: Iterator[tuple[str | None, T]]
    if in_workers([u for u, _keep in todo], jobs):
        done = run_units(Keyed(work_for(True)), [u for u, _keep in todo], jobs)
    else:  # here, a unit at a time: one not kept (standard input, a pipe) says what it finds as it finds it
        done = (Keyed(work_for(True))(u) if keep else (None, work_for(False)(u)) for u, keep in todo)
    wrote = False
    try:
        for n, (unit, key, result) in enumerate(zip(units, keys, found), 1):
            if before is not None:
                before(unit)
            if result is None:
                digest, result = next(done)
                if key is not None and kept is not None and digest is not None:  # under the bytes read
                    read = kept.key(digest, options, list(unit), language)
                    if read is not None and kept.put(read, result):
                        wrote = True
            if n == len(units) and wrote and kept is not None:  # before the last: its reader may stop there
                kept.trim()
                wrote = False
            yield result
    finally:
        if kept is not None:
            if wrote:
                kept.trim()
            kept.close()


class Keyed(Generic[T]):
    """``work`` with the bytes of its unit's file hashed as the work reads them (:func:`open_unit`):
    (their hash, or ``None`` where the work did not read the file once through; the work's result)."""

    def __init__(self, work: Callable[[Unit], T]) -> None:
        self.work = work

    def __call__(self, unit: Unit) -> tuple[str | None, T]:
        from ..cache import Reading

        global _reading
        _reading = reading = (unit.path, Reading())
        try:
            value = self.work(unit)
        finally:
            _reading = None
        reading[1].finish()
        return reading[1].digest(), value


#: The file whose bytes are being hashed as a unit's work reads them (:class:`Keyed`), in this process.
_reading: tuple[str, Reading] | None = None


@contextmanager
def open_unit(path: str) -> Iterator[IO[bytes]]:
    """The file of a unit opened for its work (:func:`open_input`); read through the hash where the unit
    is to be kept (:class:`Keyed`), and to its end when the work is done with it."""
    reading = _reading
    with open_input(path) as fp:
        if reading is None or reading[0] != path or path == "-":
            yield fp
            return
        yield reading[1].through(fp)
        reading[1].finish()


def run_units(work: Callable[[Unit], T], units: Sequence[Unit], jobs: int,
              before: Callable[[Unit], None] | None = None) -> Iterator[T]:
    """``work(unit)`` for each unit, in order, ``before(unit)`` first; in ``jobs`` processes when there
    is more than one unit, each unit's output written before its result is given. A unit that ends the
    command (an input that cannot be read) ends it here, after the output of the units before it."""
    if not in_workers(units, jobs):
        for unit in units:
            if before is not None:
                before(unit)
            yield work(unit)
        return
    from concurrent.futures import ProcessPoolExecutor  # 20 ms of imports a serial run does not pay

    from .lang import choose

    # a worker speaks the command's language, however it was started (forked or spawned)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(units)), initializer=choose, initargs=(current_language(),))
    try:
        for unit, (out, err, exit_code, value) in zip(units, pool.map(_Captured(work), units)):
            if before is not None:
                before(unit)
            sys.stdout.write(out)
            sys.stdout.flush()
            sys.stderr.write(err)
            sys.stderr.flush()
            if exit_code is not None:
                sys.exit(exit_code)
            yield value
    finally:
        pool.shutdown(cancel_futures=True)


class _Captured:
    """``work`` run in a worker with its output captured: (stdout, stderr, exit code or None, result)."""

    def __init__(self, work: Callable[[Unit], Any]) -> None:
        self.work = work

    def __call__(self, unit: Unit) -> tuple[str, str, int | None, Any]:
        from ..notation.errors import ReadError
        from . import unreadable

        from .terminal import Progress

        Progress.enabled = False  # a worker's output is captured: the command shows the progress
        out, err = io.StringIO(), io.StringIO()
        exit_code: int | None = None
        value = None
        with redirect_stdout(out), redirect_stderr(err):
            try:
                value = self.work(unit)
            except SystemExit as exc:
                exit_code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except ReadError as exc:
                click.echo(unreadable(exc), err=True)
                exit_code = EXIT_UNREADABLE
        return out.getvalue(), err.getvalue(), exit_code, value
