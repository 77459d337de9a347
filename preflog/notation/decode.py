"""The one way text comes in: bytes or text, line by line, as UTF-8 without a byte-order mark.

Every verb and every reader decodes through :class:`Lines`, so a file reads the same whichever
reads it: the same columns (a byte-order mark is not a character of the text) and the same error
for bytes that are not UTF-8.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO

from .errors import NotationError

BOM = "\ufeff"


class Lines:
    """The lines of a source, each with its line break; a UTF-8 error stops the lines and is kept
    in ``error`` as a NotationError at the offending byte."""

    def __init__(self, source: str | IO[str] | IO[bytes], path: str | None) -> None:
        self.source, self.path = source, path
        self.error: NotationError | None = None

    def __iter__(self) -> Iterator[str]:
        source = self.source
        raw: Iterable[str | bytes] = io.StringIO(source) if isinstance(source, str) else source
        for number, line in enumerate(raw, 1):
            if isinstance(line, bytes):
                try:
                    text = line.decode("utf-8")
                except UnicodeDecodeError as exc:
                    good = line[: exc.start].decode("utf-8")
                    self.error = NotationError(
                        f"the file is not UTF-8 text: byte 0x{line[exc.start]:02x} cannot be read",
                        path=self.path, line=number, column=len(good.lstrip(BOM) if number == 1 else good) + 1,
                        excerpt=good.lstrip(BOM).rstrip("\r\n"))
                    return
                line = text
            if number == 1 and line.startswith(BOM):
                line = line[1:]
            yield line


def decode(source: str | IO[str] | IO[bytes], path: str | None = None) -> str:
    """The whole text of a source; :class:`NotationError` if it is not UTF-8."""
    lines = Lines(source, path)
    text = "".join(lines)
    if lines.error is not None:
        raise lines.error
    return text
