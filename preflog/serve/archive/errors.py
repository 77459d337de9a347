"""What the archive refuses, and why: every fault of the file, the disk or a write said as an
:class:`ArchiveError`, in words a scorer or a club's keeper reads."""

from __future__ import annotations

import sqlite3
from typing import Any

from ...i18n import _

#: The largest id SQLite keeps (a signed 64-bit integer): a larger one names no game.
MAX_ID = 2 ** 63 - 1


class ArchiveError(Exception):
    """The archive file cannot be used: ``message`` says why (``detail``: what SQLite said, for the log)."""

    detail: str = ""


class DiskFull(ArchiveError):
    """The disk is full: the write was refused whole, nothing changed."""


class ReadOnly(ArchiveError):
    """The archive cannot be written (a read-only file or disk): it is read, never written."""


class NotFound(ArchiveError):
    """No game has that id."""


class Conflict(ArchiveError):
    """The game changed since the revision the writer saw (``revision``: the game's now)."""

    revision: int = 0


class Repeated(ArchiveError):
    """The change was made already, sent under the same key (:class:`~preflog.serve.archive.games.Once`):
    ``revision``, the game's revision it made, and ``answer``, what was answered then."""

    def __init__(self, revision: int, answer: dict[str, Any]) -> None:
        super().__init__(revision)
        self.revision, self.answer = revision, answer


class KeyReused(ArchiveError):
    """The key was sent before with another change: nothing is written."""


def missing(game: int) -> NotFound:
    return NotFound(_("there is no game {game}").format(game=game))


def known(game: int) -> int:
    """``game`` as an id the file could hold; :class:`NotFound` if it could not."""
    if not 0 < game <= MAX_ID:
        raise missing(game)
    return game


def fault(error: sqlite3.OperationalError) -> ArchiveError | None:
    """The fault a write met, as the archive says it (None: not one of the disk's)."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return DiskFull(_("the server's disk is full: nothing was written; tell whoever keeps the server"))
    if code == sqlite3.SQLITE_READONLY:
        return ReadOnly(_("the file cannot be written"))
    if code == sqlite3.SQLITE_IOERR:
        return DiskFull(_("the server's disk failed to write: nothing was written; tell whoever keeps the server"))
    return None


def conflict(revision: int, expect: int) -> Conflict:
    found = Conflict(_("the game changed meanwhile (revision {revision}, not {expect}): look at it again before "
                       "you write").format(revision=revision, expect=expect))
    found.revision = revision
    return found


__all__ = ["ArchiveError", "Conflict", "DiskFull", "KeyReused", "MAX_ID", "NotFound", "ReadOnly", "Repeated",
           "conflict", "fault", "known", "missing"]
