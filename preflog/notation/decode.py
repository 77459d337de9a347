"""The one way text comes in: bytes or text, line by line, as UTF-8 without a byte-order mark.

Every verb and every reader decodes through :class:`Lines`, so a file reads the same whichever
reads it: the same columns (a byte-order mark is not a character of the text), the same lines (a
lone carriage return ends a line, as it does in an editor) and the same error for bytes that are
not UTF-8. No line may be longer than :data:`~preflog.model.limits.MAX_LINE`: the reader stops
there, so a file without line breaks (``/dev/zero``) costs bounded memory and time.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any

from ..i18n import _, ngettext
from ..model.limits import MAX_LINE, MAX_TEXT, shorten
from .errors import NotationError, ReadError

BOM = "\ufeff"
BLOCK = 1 << 16

# A line ending: LF, CRLF or a lone CR (found, never a line matched: a pattern for a whole line would
# rescan a long unended line from every position). A CR at the very end of a block may be the first
# half of a CRLF, so the block's last character is left for the next one when it is a CR.
#: Of text and of bytes: a line's end, a CR, and the pattern of every line ending.
_ENDINGS: tuple[tuple[Any, Any, Any], ...] = (("\n", "\r", re.compile(r"\r\n|\r|\n")),
                                            (b"\n", b"\r", re.compile(rb"\r\n|\r|\n")))


def _blocks(source: str | bytes | IO[str] | IO[bytes] | Iterable[str | bytes],
            path: str | None) -> Iterator[str | bytes]:
    """The source in pieces of bounded size (a text in memory is one piece); :class:`ReadError` if
    reading fails."""
    if isinstance(source, (str, bytes)):
        yield source
        return
    if isinstance(source, os.PathLike):
        raise TypeError(_("{fspath!r} is a path, not an open file: open it first, as with json.load: "
                          "preflog.load(open(path, encoding='utf-8'))").format(fspath=os.fspath(source)))
    read: Any = getattr(source, "read1", None)
    if not callable(read) or isinstance(source, io.TextIOBase):
        read = getattr(source, "read", None)
    try:
        if callable(read):
            while block := read(BLOCK):
                yield block
        else:
            yield from source  # any other iterable, taken as it comes (a list of lines, a generator…)
    except OSError as exc:
        raise ReadError(exc, path) from exc


_RUSSIAN_WORD = re.compile("[\u0400-\u04ff]{2,}")


def _cyrillic_hint(raw: bytes) -> str:
    """What a line that is not UTF-8 probably is: Windows-1251 (Cyrillic), if it reads as Russian."""
    try:
        text = raw.decode("cp1251")
    except UnicodeDecodeError:
        return ""
    if _RUSSIAN_WORD.search(text) is None or not all("\u0400" <= c <= "\u04ff" for c in text
                                                     if c.isalpha() and not c.isascii()):
        return ""
    return (_("; it reads as Windows-1251 Cyrillic ({strip!r}): convert the file to UTF-8, e.g. `iconv -f cp1251 -t "
              "utf-8 FILE > NEW`").format(strip=shorten(text.strip())))


class Lines:
    """The lines of a source, each ending in ``\\n`` (a lone CR is read as one unless ``keep_endings``;
    a CRLF is kept), the last one perhaps without. A UTF-8 error or a line that is too long stops the lines and is kept
    in ``error`` as a NotationError at the offending place."""

    def __init__(self, source: str | bytes | IO[str] | IO[bytes] | Iterable[str | bytes], path: str | None,
                 *, keep_endings: bool = False, max_line: int = MAX_LINE) -> None:
        self.source, self.path, self.keep_endings, self.max_line = source, path, keep_endings, max_line
        self.error: NotationError | None = None

    def __iter__(self) -> Iterator[str]:
        number = 0
        for raw in self._raw():
            number += 1
            if isinstance(raw, bytes):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    good = raw[: exc.start].decode("utf-8")
                    if number == 1:
                        good = good.removeprefix(BOM)
                    self._fail(_("the file is not UTF-8 text: byte 0x{raw:02x} cannot be read").format(raw=raw[exc.start])
                               + _cyrillic_hint(raw), number, len(good) + 1, good)
                    return
            else:
                line = raw
            if number == 1 and line.startswith(BOM):
                line = line[1:]
            if len(line) > self.max_line and len(body := line.rstrip("\r\n")) > self.max_line:
                self._too_long(number, body)
                return
            if line.endswith("\r") and not self.keep_endings:
                line = line[:-1] + "\n"
            yield line

    def _raw(self) -> Iterator[str | bytes]:
        """The lines as read, endings kept; one too long (as bytes or characters) is yielded cut short
        for :meth:`__iter__` to report."""
        # the start of a line not yet ended, in pieces: a block without a line end is added to it, not
        # joined, so that a line spread over many blocks (JSON written on one line) costs linear time
        parts: list[Any] = []
        size = 0
        most = 4 * self.max_line + 2  # bytes enough for more characters than the limit
        for block in _blocks(self.source, self.path):
            newline, cr, pattern = _ENDINGS[isinstance(block, bytes)]
            if parts:
                if parts[-1][-1:] != cr and not pattern.search(block, 0, len(block) - (block[-1:] == cr)):
                    parts.append(block)
                    size += len(block)
                    if size > most:
                        yield block[:0].join(parts)[:most]
                        return
                    continue
                data = block[:0].join([*parts, block])  # type: ignore[list-item]
            else:
                data = block
            if cr not in data:  # the usual text: split, several times faster than scanning for endings
                lines: list[Any] = data.split(newline)
                rest = lines.pop()
                for line in lines:
                    yield line + newline
            else:
                end = len(data) - (data[-1:] == cr)
                last = 0
                for m in pattern.finditer(data, 0, end):
                    yield data[last: m.end()]
                    last = m.end()
                rest = data[last:]
            parts, size = ([rest], len(rest)) if rest else ([], 0)
            if size > most:
                yield rest[:most]
                return
        if parts:
            yield parts[0][:0].join(parts)

    def _fail(self, message: str, number: int, column: int, excerpt: str) -> None:
        self.error = NotationError(message, path=self.path, line=number, column=column,
                                   excerpt=excerpt.rstrip("\r\n"))

    def _too_long(self, number: int, body: str) -> None:
        most = self.max_line
        self._fail(ngettext("line {number} is longer than {n:,} character, the most preflog reads (is this a game file?)",
                            "line {number} is longer than {n:,} characters, the most preflog reads (is this a game file?)",
                            most).format(number=number, n=most), number, most + 1, body[: most + 1])


def decode(source: str | bytes | IO[str] | IO[bytes], path: str | None = None, *, max_line: int = MAX_LINE) -> str:
    """The whole text of a source, as it is (line endings kept); :class:`NotationError` if it is not
    UTF-8, has a line longer than ``max_line``, or is longer than :data:`~preflog.model.limits.MAX_TEXT`
    characters (the verbs that need a whole file in memory read no more)."""
    lines = Lines(source, path, keep_endings=True, max_line=max_line)
    out: list[str] = []
    size = 0
    for number, line in enumerate(lines, 1):
        size += len(line)
        if size > MAX_TEXT:
            raise NotationError(_("the file is longer than {value} MB of text, the most preflog reads whole; check, "
                                  "parse and score read any length").format(value=MAX_TEXT // (1024 * 1024)),
                                path=path, line=number)
        out.append(line)
    if lines.error is not None:
        raise lines.error
    return "".join(out)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "BLOCK", "BOM", "Lines", "decode",
]
