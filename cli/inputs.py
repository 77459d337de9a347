"""Reading the commands' inputs and writing their files: a file or standard input, read once or again
a game at a time; exit 2, with the system's reason, when one cannot be read or written."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from ..i18n import N_, _
from ..model.limits import MAX_LINE
from ..notation.decode import decode
from .exits import EXIT_MISUSE, EXIT_UNREADABLE
from .terminal import PROGRESS, display_name, print_errors

if TYPE_CHECKING:  # the library is imported when a command runs, not to print --help
    from ..model.deal import Deal
    from ..model.game import Game
    from ..notation.read import GameReading, ParsedGame, ReadDeal


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

    def streamed(self) -> Iterator[tuple[Game, Iterator[Deal]]]:
        """The games as iterating gives them, a deal at a time (so that memory holds one deal however
        long a game): each game's tag block (a Game without deals) and its deals as they are read. A
        game's deals stop at its first notation error (``bad`` is then True, and no game follows); the
        deals not taken are read on, their errors printed."""
        source = self.source
        if isinstance(source, str):
            yield from self._streamed(source)
            return
        with source.open() as fp:
            yield from self._streamed(fp)

    def checked(self) -> Iterator[tuple[GameReading, int]]:
        """The games as iterating gives them, a deal at a time however long a game (for a verb that
        writes a game only when it has no notation error): each game read through first for its
        errors (printed; a game with one is not given, nor any after it), then, when it has none, given
        as a second reading of it, its deals read as they are asked for, with how many there are."""
        source = self.source
        if isinstance(source, str):
            yield from self._checked(source, source)
            return
        with source.open() as first, source.open() as again:
            yield from self._checked(first, again)

    def _checked(self, first: str | IO[bytes], again: str | IO[bytes]) -> Iterator[tuple[GameReading, int]]:
        from ..notation.read import stream_games

        readings = stream_games(again, self.name)
        for reading in stream_games(first, self.name):
            errors = bool(reading.errors)
            print_errors(reading.errors)
            deals = 0
            for read in reading.deals():
                deals += 1
                if read.errors:
                    errors = True
                    print_errors(read.errors)
            self.bad |= errors
            if self.bad:
                continue
            second = next(readings, None)  # the same game (None: the file was cut short meanwhile)
            if second is None:
                return
            yield second, deals

    def _streamed(self, source: str | IO[bytes]) -> Iterator[tuple[Game, Iterator[Deal]]]:
        from ..notation.read import stream_games

        for reading in stream_games(source, self.name):
            deals = reading.deals()
            if reading.errors:
                print_errors(reading.errors)
                self.bad = True
            if not self.bad:
                yield reading.header, self._clean_deals(deals)
            for read in deals:  # those not taken
                if read.errors:
                    print_errors(read.errors)
                    self.bad = True

    def deals_of(self, reading: GameReading) -> Iterator[Deal]:
        """The deals of ``reading`` as they are read, up to its first notation error (printed; ``bad``
        is then True), its tag block's included."""
        if reading.errors:
            print_errors(reading.errors)
            self.bad = True
            return
        yield from self._clean_deals(reading.deals())

    def _clean_deals(self, deals: Iterator[ReadDeal]) -> Iterator[Deal]:
        for read in deals:
            if read.errors:
                print_errors(read.errors)
                self.bad = True
                return
            if read.deal is not None:
                yield read.deal

    def _clean(self, source: str | IO[bytes]) -> Iterator[ParsedGame]:
        from ..notation.read import read_games

        for parsed in read_games(source, self.name):
            if parsed.errors:
                print_errors(parsed.errors)
                self.bad = True
            elif not self.bad:
                yield parsed


def open_archive(db: str) -> Any:
    """The archive of ``db``, or exit 2 saying why it cannot be opened (one that is not there is not made)."""
    from ..serve.archive import Archive, ArchiveError

    if not os.path.isfile(db):
        click.echo(_("preflog: error: {path} is not an archive: no such file").format(path=db), err=True)
        sys.exit(EXIT_MISUSE)
    try:
        return Archive(db)
    except ArchiveError as e:
        click.echo(_("preflog: error: {reason}").format(reason=e), err=True)
        sys.exit(EXIT_MISUSE)


def archive_games(db: str) -> Iterator[tuple[str, ParsedGame]]:
    """Each game the club server's archive ``db`` keeps that reads without an error, as a file of its own
    (named ``DB#ID``)."""
    from ..notation.read import read_games

    archive = open_archive(db)
    try:
        for ident, text in archive.game_texts():
            for parsed in read_games(text, f"{db}#{ident}"):
                if not parsed.errors:
                    yield f"{db}#{ident}", parsed
    finally:
        archive.close()


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
