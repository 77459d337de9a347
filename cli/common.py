"""What the commands share: reading inputs, printing errors, exit codes."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, NoReturn

import click

from ..notation.decode import decode
from ..notation.errors import NotationError
from ..notation.read import ParsedGame
from ..game.violations import Violation

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


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
        yield fp


def read_text(path: str) -> str:
    """The whole text of a file, decoded as every verb decodes (:mod:`preflog.notation.decode`): a
    UTF-8 error is a notation error, a file that cannot be read exits 2."""
    with open_input(path) as fp:
        try:
            return decode(fp, display_name(path))
        except OSError as exc:
            fail_unreadable(path, exc)


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path``; exit 2 with the reason if it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as exc:
        click.echo(f"preflog: error: cannot write {path}: {exc.strerror or exc}", err=True)
        sys.exit(EXIT_UNREADABLE)


def fail_unreadable(path: str, exc: OSError) -> NoReturn:
    reason = exc.strerror or str(exc)
    click.echo(f"preflog: error: cannot read {display_name(path)}: {reason}", err=True)
    sys.exit(EXIT_UNREADABLE)


def print_errors(errors: Sequence[NotationError]) -> None:
    for error in errors:
        click.echo(error.format(), err=True)


def violation_error(v: Violation, path: str) -> NotationError:
    """A violation in the form errors are printed in (the excerpt is filled in later)."""
    span = v.span
    if span is None:
        return NotationError(v.message, path=path)
    return NotationError(v.message, path=path, line=span.line, column=span.column, end_line=span.end_line,
                         end_column=span.end_column)


def violation_errors(parsed: ParsedGame, violations: list[Violation], path: str) -> list[NotationError]:
    """Violations in the form errors are printed in, each with its line from the text that was read."""
    errors = [violation_error(v, path) for v in violations]
    for error, violation in zip(errors, violations):
        if violation.span is not None:
            error.excerpt = parsed.source_line(error.line)
    return errors
