"""What the commands share: reading inputs, printing errors, exit codes."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from ..i18n import N_, _
from ..model.limits import MAX_LINE
from ..notation.decode import decode
from ..notation.errors import NotationError, Part

if TYPE_CHECKING:  # the library is imported when a command runs, not to print --help
    from ..game.violations import Violation
    from ..model.game import Game
    from ..notation.read import GameReading, ParsedGame
    from ..notation.split import Piece
    from ..problems import Audit, Audited

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
EXIT_MISUSE = EXIT_UNREADABLE  # a command asked for what is not there: 2, like any misuse


class PresetChoice(click.Choice):  # type: ignore[type-arg]
    """``--rules``: a preset of :data:`preflog.game.conventions.PRESETS`, whose names are looked up when
    an option is checked or its help printed (the rules are not loaded to list the commands)."""

    def __init__(self) -> None:
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        from ..game.conventions import PRESETS

        return tuple(sorted(PRESETS))

    @choices.setter
    def choices(self, value: object) -> None:
        pass  # click sets the choices it was given (none): they come from PRESETS


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


@contextmanager
def open_input(path: str) -> Iterator[IO[bytes]]:
    """The file (``-`` for standard input) opened for reading bytes; exit 2 if it cannot be read."""
    if path == "-":
        yield sys.stdin.buffer
        return
    try:
        fp = open(path, "rb")
    except OSError as exc:
        fail_unreadable(path, exc)
    with fp:
        PROGRESS.start(fp, path)
        try:
            yield fp
        finally:
            PROGRESS.stop()


def read_text(path: str, *, max_line: int = MAX_LINE) -> str:
    """The whole text of a file, decoded as every verb decodes (:mod:`preflog.notation.decode`): a
    UTF-8 error is a notation error, a file that cannot be read exits 2. ``max_line`` is raised for a
    file that may be JSON, whose lines mean nothing (the notation read from it has its own limit)."""
    with open_input(path) as fp:
        try:
            return decode(fp, display_name(path), max_line=max_line)
        except OSError as exc:
            fail_unreadable(path, exc)


def write_text(path: str, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its parts) to ``path``; exit 2 with the reason if it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.writelines([text] if isinstance(text, str) else text)
    except OSError as exc:
        click.echo(_("preflog: error: cannot write {path}: {reason}").format(path=path, reason=reason(exc)),
                   err=True)
        sys.exit(EXIT_UNREADABLE)


def fail_unreadable(path: str, exc: OSError) -> NoReturn:
    click.echo(_("preflog: error: cannot read {path}: {reason}").format(path=display_name(path), reason=reason(exc)),
               err=True)
    sys.exit(EXIT_UNREADABLE)


def _regular_file(path: str) -> bool:
    """Whether ``path`` is a regular file, which reads the same when opened again (a FIFO does not:
    its second opening waits for a writer that has gone)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False  # opening it says why


class Reread:
    """An input read more than once, a game at a time, so that memory holds one game, not the file:
    a regular file is opened again for each reading (exit 2 at once if it cannot be); standard input,
    a FIFO or a device, which can be read only once, is read whole (:func:`read_text`) and kept."""

    def __init__(self, path: str, *, max_line: int = MAX_LINE) -> None:
        self.path = path
        self.text: str | None = None
        if path == "-" or not _regular_file(path):
            self.text = read_text(path, max_line=max_line)
        else:
            with open_input(path):
                pass

    @contextmanager
    def open(self) -> Iterator[str | IO[bytes]]:
        if self.text is not None:
            yield self.text
            return
        with open_input(self.path) as fp:
            yield fp

    def head(self, size: int = 65536) -> str:
        """The start of the input (to tell JSON from the notation)."""
        if self.text is not None:
            return self.text[:size]
        with open_input(self.path) as fp:
            try:
                return fp.read(size).decode("utf-8", errors="replace")
            except OSError as exc:
                fail_unreadable(self.path, exc)


class CleanGames:
    """The games of a text in memory or of a :class:`Reread` input, read a game at a time (so that
    memory holds one game), every notation error printed as it is found (an input that stops being
    readable text, at the end). Iterating gives the games up to the first with an error, and reads on
    to print the rest; ``bad`` is then True."""

    def __init__(self, source: str | Reread, name: str) -> None:
        self.source, self.name, self.bad = source, name, False

    def __iter__(self) -> Iterator[Game]:
        return (parsed.game for parsed in self.parsed())

    def parsed(self) -> Iterator[ParsedGame]:
        """The games as read, with the pieces of text they came from (for errors that quote a line)."""
        source = self.source
        if isinstance(source, str):
            yield from self._clean(source)
            return
        with source.open() as fp:
            yield from self._clean(fp)

    def _clean(self, source: str | IO[bytes]) -> Iterator[ParsedGame]:
        from ..notation.read import read_games

        for parsed in read_games(source, self.name):
            if parsed.errors:
                print_errors(parsed.errors)
                self.bad = True
            elif not self.bad:
                yield parsed


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


def violation_errors(parsed: ParsedGame, violations: list[Violation], path: str) -> list[NotationError]:
    """Violations in the form errors are printed in, each with its line from the text that was read."""
    from ..check import violation_error

    return [violation_error(v, path, parsed.pieces) for v in violations]


def point_errors(point: Audited, pieces: Sequence[Piece], path: str, *, every: bool = False,
                 unscored: bool = False) -> list[tuple[Violation, NotationError]]:
    """The problems the audit found at one point of a game (:class:`preflog.problems.Audited`), each
    with its error carrying its line from ``pieces``; with ``unscored``, a deal that cannot be scored
    too; with ``every``, those that follow from a slip after the one that names it, and those of
    this deal that follow from a slip reported at an earlier one."""
    found = list(point.problems)
    if unscored and point.unscored is not None:
        found.append(point.unscored)
        found.sort(key=lambda v: (v.span.line, v.span.column) if v.span else (0, 0))
    if not found and not (every and point.later):
        return []  # the common case, a clean deal
    from ..check import violation_error

    out = []
    for v in found:
        out.append((v, violation_error(v, path, pieces, every)))
        if every:
            out.extend((f, violation_error(f, path, pieces, every)) for f in v.follows)
    if every:
        out.extend((f, violation_error(f, path, pieces, every)) for _root, f in point.later)
    return out


def audit_reading(reading: GameReading, audit: Audit) -> Iterator[Audited]:
    """:meth:`preflog.problems.Audit.reading`, with the progress line ticked for each deal read."""
    for point in audit.reading(reading):
        if point.read is not None:
            PROGRESS.tick()
        yield point


class JsonList:
    """A JSON array written as its items come, one per line, so that output of any length needs no
    memory: ``open()``, ``add(item)``…, ``close()``. An item may be an object with a list that
    streams too: ``inner = begin(head, key)``, ``inner.add(…)``…, ``inner.end(tail)``."""

    def __init__(self, depth: int = 0, file: IO[str] | None = None) -> None:
        self.depth, self.count, self.file = depth, 0, file

    def _next(self) -> str:
        self.count += 1
        return ("," if self.count > 1 else "") + "\n" + " " * (self.depth + 1)

    def open(self) -> None:
        click.echo("[", nl=False, file=self.file)

    def add(self, item: Any) -> None:
        click.echo(self._next() + json.dumps(item, ensure_ascii=False), nl=False, file=self.file)

    def begin(self, head: dict[str, Any], key: str) -> JsonList:
        """Start an object whose ``head`` fields come first and whose ``key`` is a list that streams."""
        fields = json.dumps(head, ensure_ascii=False)[1:-1]
        click.echo(self._next() + "{" + fields + (", " if fields else "") + json.dumps(key) + ": [", nl=False,
                   file=self.file)
        return JsonList(self.depth + 2, self.file)

    def end(self, tail: dict[str, Any]) -> None:
        """Close this list and the object it belongs to, with the ``tail`` fields last."""
        fields = json.dumps(tail, ensure_ascii=False)[1:-1]
        close = ("\n" + " " * (self.depth - 1) + "]") if self.count else "]"
        click.echo(close + (", " + fields if fields else "") + "}", nl=False, file=self.file)

    def close(self) -> None:
        click.echo(("\n" + " " * self.depth + "]") if self.count else "]", file=self.file)


def note_analysis(name: str, game: int, deal: int, *, skipped: str | None = None, stopped: str | None = None) -> None:
    """The notes on standard error for a deal the double-dummy analysis skipped (none for a deal with
    no play to value) or stopped in (``analyse`` and ``render --analyse`` say them alike)."""
    from ..analysis.annotate import NOT_PLAYED

    where = _("{name}: game {game}: ").format(name=name, game=game) if game > 1 else f"{name}: "
    if skipped is not None and skipped != _(NOT_PLAYED):
        click.echo("preflog: " + where + _("deal {deal} is not analysed: {reason}").format(deal=deal, reason=skipped),
                   err=True)
    if stopped is not None:
        click.echo("preflog: " + where + _("deal {deal}: the analysis stops at {place}").format(deal=deal,
                                                                                                place=stopped),
                   err=True)


#: The operating system's reasons a file cannot be read or written, as ``strerror`` gives them in
#: English (preflog does not set the C locale), each said in the language chosen by :func:`reason`.
OS_REASONS = (
    N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"), N_("Not a directory"),
    N_("No space left on device"), N_("Read-only file system"), N_("File exists"), N_("Invalid argument"),
    N_("Input/output error"), N_("Too many levels of symbolic links"), N_("File name too long"),
    N_("Too many open files"), N_("Resource temporarily unavailable"), N_("Device or resource busy"),
)


def reason(exc: OSError) -> str:
    """Why ``exc`` happened, in the current language where the catalog has the system's words."""
    return _(exc.strerror) if exc.strerror else str(exc)


#: Work expected to take longer than this, in seconds, says so before it goes on.
LONG_RUN = 10.0


class Shown:
    """How far a long piece of work has gone (``odds``' layouts, ``analyse --decisions``' deals): a
    progress bar with the time left at a terminal, and, when it will take longer than :data:`LONG_RUN`
    seconds, one line on standard error saying so (``told``, with ``{count}`` and ``{seconds}``)."""

    def __init__(self, total: int, label: str, told: str) -> None:
        self.total, self.start, self.told, self.message = total, time.monotonic(), False, told
        self.bar = click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) \
            if sys.stderr.isatty() else None
        if self.bar is not None:
            self.bar.__enter__()

    def update(self, done: int) -> None:
        if not self.told and done < self.total:
            self.told = True
            left = (time.monotonic() - self.start) * (self.total - done) / done
            if left > LONG_RUN:
                click.echo(self.message.format(count=self.total, seconds=round(left)), err=True)
        if self.bar is not None:
            self.bar.update(done - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
