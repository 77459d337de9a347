"""The game's problems as the commands print them: each with its line of the text, as JSON streamed a
file at a time."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

import click

from .terminal import PROGRESS

if TYPE_CHECKING:  # the library is imported when a command runs, not to print --help
    from ..game.violations import Violation
    from ..notation.errors import NotationError
    from ..notation.read import GameReading
    from ..notation.split import Piece
    from ..problems import Audit, Audited


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
    from ..checker import violation_error

    folded = None if every else all_shows_them
    out = []
    for v in found:
        out.append((v, violation_error(v, path, pieces, folded)))
        if every:
            out.extend((f, violation_error(f, path, pieces, folded)) for f in v.follows)
    if every:
        out.extend((f, violation_error(f, path, pieces, folded)) for _root, f in point.later)
    return out


def all_shows_them(n: int) -> str:
    """The note under a violation that ``n`` others follow from, which ``check`` prints with ``--all``."""
    from ..i18n import count

    return count("… and {n} more that follows from it (--all shows them)",
                 "… and {n} more that follow from it (--all shows them)", n)


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
