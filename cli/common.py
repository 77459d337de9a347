"""What the commands share: reading inputs, printing errors, exit codes."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, NoReturn

import click

from ..notation.errors import NotationError
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
    """The whole text of a file; a UTF-8 error is a notation error, a missing file exits 2."""
    with open_input(path) as fp:
        try:
            data = fp.read()
        except OSError as exc:
            fail_unreadable(path, exc)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = data[: exc.start].decode("utf-8", "replace")
        line = head.count("\n") + 1
        column = len(head) - (head.rfind("\n") + 1) + 1
        raise NotationError(f"the file is not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be read",
                            path=display_name(path), line=line, column=column,
                            excerpt=head[head.rfind("\n") + 1:]) from None
    return text[1:] if text.startswith("\ufeff") else text


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


def print_errors(errors: list[NotationError]) -> None:
    for error in errors:
        click.echo(error.format(), err=True)


def violation_error(v: Violation, path: str) -> NotationError:
    """A violation in the form errors are printed in (the excerpt is filled in later)."""
    span = v.span
    if span is None:
        return NotationError(v.message, path=path)
    return NotationError(v.message, path=path, line=span.line, column=span.column, end_line=span.end_line,
                         end_column=span.end_column)


def fill_excerpts(path: str, errors: list[NotationError]) -> None:
    """Fill in the source lines of violations (notation errors have theirs already)."""
    wanted = {e.line for e in errors if not e.excerpt}
    if not wanted or path == "-":
        return
    lines: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as fp:
            for number, line in enumerate(fp, 1):
                if number in wanted:
                    lines[number] = line.rstrip("\r\n")
    except OSError:
        sys.exit(EXIT_UNREADABLE)
    for e in errors:
        if not e.excerpt:
            e.excerpt = lines.get(e.line, "")
