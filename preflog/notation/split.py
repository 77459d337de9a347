"""Cut a text into games, and a game into its tag block and deals, as it streams in, without parsing.

Each piece is then parsed on its own: a syntax error costs one deal, not the rest of the file, and
memory holds one deal at a time, however long the game. The cuts respect ``{…}`` comments (which
may span lines), ``%`` line comments and quoted tag values, so that a ``deal`` or ``[`` inside them
is text. Every pattern here matches in one pass: an unclosed ``{`` or ``"`` runs to the end of its
comment or line instead of being tried again at every later position.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import attrs

from ..model.limits import MAX_PIECE

# On one line: what to skip (a comment, closed or running on; a % comment; a quoted value, closed or
# not) or to find (the keyword deal); over a whole text, the same finds its % comments. Each
# alternative always matches where it starts, so no text is scanned twice.
_LINE_SCAN = re.compile(r'\{[^}]*\}?|%[^\n]*|"(?:[^"\\\n]|\\.)*"?|(?<!\w)deal(?!\w)')


@attrs.frozen(slots=True)
class Piece:
    """A slice of a game text and the line and column of its first character; ``deal`` is False for
    a tag block; ``lead`` is the text of its first line before it; ``overflow`` the line where it
    grew past :data:`~preflog.model.limits.MAX_PIECE` characters (its text then stops there)."""

    text: str
    line: int
    column: int
    deal: bool = True
    lead: str = ""
    overflow: int | None = None

    def source_line(self, number: int) -> str | None:
        """Line ``number`` of the file as far as it lies in this piece (None if it does not). Found by
        scanning for line breaks up to it, so that asking for many lines of a long piece copies none
        of the rest of it."""
        index = number - self.line
        if index < 0:
            return None
        text, start = self.text, 0
        for _ in range(index):
            start = text.find("\n", start) + 1
            if start == 0:
                return None
        end = text.find("\n", start)
        line = text[start: end if end >= 0 else len(text)].rstrip("\r")
        return self.lead + line if index == 0 else line


@attrs.frozen(slots=True)
class NewGame:
    """The start of a game at ``line``: the pieces that follow, up to the next NewGame, are its own."""

    line: int


def split(lines: Iterable[str]) -> Iterator[NewGame | Piece]:
    """The games and pieces of a text given line by line (each line with its line break).

    A game starts at the first line and at every line opening with ``[`` that comes after a deal. A
    game's tag block is the text before its first ``deal`` (left out when it holds nothing but
    white space and ``%`` comments); each deal runs from its ``deal`` to the next.
    """
    buffer = _Buffer(1)
    in_deal = False
    scan = _Scan()
    number = 0
    for line in lines:
        number += 1
        buffer.at = number
        if number == 1:
            yield NewGame(1)
        elif not scan.in_comment and in_deal and "[" in line and line.lstrip(" \t\ufeff").startswith("["):
            yield from buffer.piece(in_deal)
            yield NewGame(number)
            buffer, in_deal = _Buffer(number), False
        if not scan.in_comment and "deal" not in line and "{" not in line and "%" not in line and '"' not in line:
            buffer.append(line)  # most lines: nothing to find or to skip
            continue
        cut = 0
        for m in scan.tokens(line):
            if m.group() == "deal":
                buffer.append(line[cut: m.start()])
                yield from buffer.piece(in_deal)
                buffer, in_deal, cut = _Buffer(number, m.start() + 1, line[: m.start()]), True, m.start()
        buffer.append(line[cut:])
    if number:
        yield from buffer.piece(in_deal)


class _Buffer:
    """A piece as it grows: where it starts, its text kept up to MAX_PIECE characters, and the line
    being read (``at``), where it passed that size if it did."""

    __slots__ = ("line", "column", "lead", "parts", "size", "at", "overflow")

    def __init__(self, line: int, column: int = 1, lead: str = "") -> None:
        self.line, self.column, self.lead = line, column, lead
        self.parts: list[str] = []
        self.size, self.at = 0, line
        self.overflow: int | None = None

    def append(self, text: str) -> None:
        self.size += len(text)
        if self.size <= MAX_PIECE:
            self.parts.append(text)
        elif self.overflow is None:
            self.overflow = self.at

    def piece(self, deal: bool) -> Iterator[Piece]:
        """The piece, unless it is a tag block of nothing but white space and ``%`` comments."""
        text = "".join(self.parts)
        if deal or self.overflow is not None or not _blank(text):
            yield Piece(text, self.line, self.column, deal, self.lead, self.overflow)


def _blank(text: str) -> bool:
    """True if ``text`` holds nothing but white space and ``%`` comments."""
    return not re.sub(r"%[^\n]*", "", text).strip()


def file_comments(source: str | Iterable[str]) -> list[tuple[int, str]]:
    """The ``%`` comments of a text, or of its lines as they stream in (line number and text): the
    notation does not keep them. ``{…}`` comments and quoted values are skipped as :func:`split`
    skips them."""
    lines = re.split(r"\r\n|\r|\n", source) if isinstance(source, str) else source  # the reader's line breaks
    scan = _Scan()
    return [(number, m.group()) for number, line in enumerate(lines, 1)
            for m in scan.tokens(line.rstrip("\r\n")) if m.group()[0] == "%"]


class _Scan:
    """What :data:`_LINE_SCAN` finds in a text line by line, with a ``{…}`` comment carried over from
    one line to the next (``in_comment``): the one reading of comments and quotes, for the splitter
    and for :func:`file_comments`."""

    __slots__ = ("in_comment",)

    def __init__(self) -> None:
        self.in_comment = False

    def tokens(self, line: str) -> Iterator[re.Match[str]]:
        """What the pattern matches in ``line`` outside a comment running on from the lines before."""
        position = 0
        if self.in_comment:
            close = line.find("}")
            if close < 0:
                return
            self.in_comment, position = False, close + 1
        for m in _LINE_SCAN.finditer(line, position):
            token = m.group()
            if token[0] == "{" and not token.endswith("}"):
                self.in_comment = True
            yield m
