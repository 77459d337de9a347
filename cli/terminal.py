"""What the commands show on the terminal: errors (in colour at a terminal), how far a long file or a
long piece of work has gone, and the notes of the analysis."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, TypeVar

import click

from ..i18n import _
from ..notation.errors import NotationError, Part

T = TypeVar("T")


def display_name(path: str) -> str:
    """How a path is shown: ``-`` as ``<stdin>``."""
    return "<stdin>" if path == "-" else path


#: Whether errors are printed in colour: decided once, by the command, for standard error (a worker
#: process inherits the decision, so that its output looks as the command's own).
COLOUR = False
#: ``--color`` or ``--no-color`` as given (``None``: not given, the terminal and ``NO_COLOR`` decide)
COLOUR_CHOSEN: bool | None = None


def at_terminal(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal that can redraw a line (not a pipe, a file or a dumb terminal)."""
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False


def colour_wanted(stream: IO[str]) -> bool:
    """Colour as ``--color/--no-color`` says, else for a terminal unless ``NO_COLOR`` is set (no-color.org)."""
    if COLOUR_CHOSEN is not None:
        return COLOUR_CHOSEN
    return at_terminal(stream) and not os.environ.get("NO_COLOR")


class Progress:
    """How far the work has gone, on one line of standard error at a terminal, redrawn at most a few
    times a second and cleared before anything else is printed there: the file being read of many
    (``files``, set by a verb given several) and how far into a regular file of :data:`LONG_FILE`
    bytes or more. Shown only when the command runs at a terminal (``enabled``)."""

    enabled = False   #: decided once, by the command; a worker process never shows it
    LONG_FILE = 1 << 20
    _EVERY = 0.25     # seconds between redraws

    def __init__(self) -> None:
        self.fp: IO[bytes] | None = None
        self.name, self.size, self.shown, self.next, self.ticks = "", 0, False, 0.0, 0
        self.files, self.opened = 0, 0  # with several files: how many, and how many opened so far

    def start(self, fp: IO[bytes], path: str) -> None:
        if not Progress.enabled:
            return
        self.opened += 1
        if self.files > 1 and time.monotonic() >= self.next:
            self.next = time.monotonic() + self._EVERY
            self._draw(self._counted(display_name(path)))
        try:
            size = os.fstat(fp.fileno()).st_size
        except (OSError, ValueError, AttributeError):
            return
        if size >= self.LONG_FILE:
            self.fp, self.name, self.size, self.next = fp, display_name(path), size, time.monotonic() + self._EVERY

    def tick(self) -> None:
        """A deal was read: redraw if it is time (the clock is read every 64 deals)."""
        if self.fp is None:
            return
        self.ticks += 1
        if self.ticks % 64:
            return
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + self._EVERY
        try:
            done = self.fp.tell() * 100 // self.size
        except (OSError, ValueError):
            return
        self._draw(f"{self._counted(self.name)} {min(done, 100)}%")

    def _counted(self, name: str) -> str:
        """The file's name, after which of the files it is when there are several."""
        if self.files < 2:
            return name
        return _("file {n} of {total}: {name}").format(n=self.opened, total=self.files, name=name)

    def _draw(self, text: str) -> None:
        sys.stderr.write(f"\r\x1b[Kpreflog: {text}")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False

    def stop(self) -> None:
        self.clear()
        self.fp = None


PROGRESS = Progress()


def print_errors(errors: Sequence[NotationError]) -> None:
    PROGRESS.clear()
    for error in errors:
        click.echo(error.format(_styled) if COLOUR else error.format(), err=True, color=COLOUR or None)


def _styled(part: Part, text: str) -> str:
    """An error's parts in colour: the place in bold, ``error:`` in red, the caret in green, a hint in cyan."""
    return click.style(text, **_STYLES[part])


_STYLES: dict[Part, dict[str, Any]] = {
    Part.PLACE: {"bold": True}, Part.ERROR: {"fg": "red", "bold": True},
    Part.CARET: {"fg": "green", "bold": True}, Part.HINT: {"fg": "cyan", "bold": True},
}


def note_analysis(name: str, game: int, deal: int, *, skipped: str | None = None, stopped: str | None = None) -> None:
    """The notes on standard error for a deal the double-dummy analysis skipped (none for a deal with
    no play to value) or stopped in (``analyse`` and ``render --analyse`` say them alike)."""
    for line in analysis_notes(name, game, deal, skipped=skipped, stopped=stopped):
        click.echo(line, err=True)


def analysis_notes(name: str, game: int, deal: int, *, skipped: str | None = None,
                   stopped: str | None = None) -> list[str]:
    """The lines :func:`note_analysis` says (for a command that says them later)."""
    from ..analysis.annotate import NOT_PLAYED

    where = _("{name}: game {game}: ").format(name=name, game=game) if game > 1 else f"{name}: "
    lines = []
    if skipped is not None and skipped != _(NOT_PLAYED):
        lines.append("preflog: " + where + _("deal {deal} is not analysed: {reason}").format(deal=deal, reason=skipped))
    if stopped is not None:
        lines.append("preflog: " + where + _("deal {deal}: the analysis stops at {place}").format(deal=deal,
                                                                                                  place=stopped))
    return lines


#: Work expected to take longer than this, in seconds, says so before it goes on.
LONG_RUN = 10.0


class Shown:
    """How far a long piece of work has gone (``odds``' layouts, ``analyse --decisions``' deals): a
    progress bar with the time left at a terminal, and, when it will take longer than :data:`LONG_RUN`
    seconds, one line on standard error saying so (``told``, with ``{count}`` and ``{seconds}``).
    ``workers``: the processes the work is shared among, each as fast as the first one to report."""

    def __init__(self, total: int, label: str, told: str, workers: int = 1) -> None:
        self.total, self.start, self.told, self.message = total, time.monotonic(), False, told
        self.workers = workers
        self.bar = click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) \
            if sys.stderr.isatty() else None
        if self.bar is not None:
            self.bar.__enter__()

    def update(self, done: int) -> None:
        if not self.told and done < self.total:
            self.told = True
            rest = self.total - done
            left = (time.monotonic() - self.start) / done * rest / max(1, min(self.workers, rest))
            if left > LONG_RUN:
                click.echo(self.message.format(count=self.total, seconds=round(left)), err=True)
        if self.bar is not None:
            self.bar.update(done - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None

    def each(self, found: Iterable[T]) -> Iterator[T]:
        """``found`` passed on, each item counted done; closed at its end or when left."""
        try:
            for done, item in enumerate(found, 1):
                self.update(done)
                yield item
        finally:
            self.close()
