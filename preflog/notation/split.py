"""Cut a text into games, and a game into its tag block and deals, as it streams in, without parsing.

Each piece is then parsed on its own: a syntax error costs one deal, not the rest of the file, and
memory holds one deal at a time, however long the game. The cuts respect ``{…}`` comments (which
may span lines), ``%`` line comments and quoted tag values, so that a ``deal`` or ``[`` inside them
is text. Every pattern here matches in one pass: an unclosed ``{`` or ``"`` runs to the end of its
comment or line instead of being tried again at every later position.
"""

from __future__ import annotations

from typing import Final

import re
from collections.abc import Iterable, Iterator

import attrs

from ..model.annotations import Comment, Comments
from ..model.build import builder
from ..model.limits import MAX_PIECE
from ..model.span import Span

# On one line: what to skip (a comment, closed or running on; a % comment; a quoted value, closed or
# not) or to find (the keyword deal); over a whole text, the same finds its % comments. Each
# alternative always matches where it starts, so no text is scanned twice.
_LINE_SCAN: Final = re.compile(r'\{[^}]*\}?|%[^\n]*|"(?:[^"\\\n]|\\.)*"?|(?<!\w)deal(?!\w)')
#: What each alternative of :data:`_LINE_SCAN` starts with: a line holding none of them is not scanned.
_SCAN_STARTS: Final = ("{", "%", '"', "deal")


@attrs.frozen(slots=True)
class Piece:
    """A slice of a game text and the line and column of its first character; ``deal`` is False for
    a tag block; ``lead`` is the text of its first line before it; ``overflow`` the line where it
    grew past :data:`~preflog.model.limits.MAX_PIECE` characters (its text then stops there);
    ``preface`` the comments standing alone on the lines just before it (not part of ``text``)."""

    text: str
    line: int
    column: int
    deal: bool = True
    lead: str = ""
    overflow: int | None = None
    preface: Comments = ()

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


_Piece: Final = builder(Piece)  # built in C (model.build)


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
            buffer.append("", True)  # this line's part: nothing of it is the deal's
            preface = buffer.take_preface()
            yield from buffer.piece(in_deal)
            yield NewGame(number)
            buffer, in_deal = _Buffer(number, preface=preface), False
        if not scan.in_comment and "deal" not in line and "{" not in line and "%" not in line and '"' not in line:
            buffer.append(line, not line.strip())  # most lines: nothing to find or to skip
            continue
        cut = 0
        for m in scan.tokens(line):
            if m.group() == "deal":
                before = line[cut: m.start()]
                buffer.append(before, not before.strip())
                alone = in_deal and cut == 0 and not before.strip()
                preface = buffer.take_preface() if alone else ()
                yield from buffer.piece(in_deal)
                buffer = _Buffer(number, m.start() + 1, line[: m.start()], preface)
                in_deal, cut = True, m.start()
        buffer.append(line[cut:], cut == 0 and scan.quiet)
    if number:
        yield from buffer.piece(in_deal)


class _Buffer:
    """A piece as it grows: where it starts, its text kept up to MAX_PIECE characters (a part a line,
    each marked ``quiet`` when it holds nothing but comments and blanks), and the line being read
    (``at``), where it passed that size if it did."""

    __slots__ = ("line", "column", "lead", "parts", "quiet", "size", "at", "overflow", "preface")

    def __init__(self, line: int, column: int = 1, lead: str = "", preface: Comments = ()) -> None:
        self.line, self.column, self.lead, self.preface = line, column, lead, preface
        self.parts: list[str] = []
        self.quiet: list[bool] = []
        self.size, self.at = 0, line
        self.overflow: int | None = None

    def append(self, text: str, quiet: bool) -> None:
        self.size += len(text)
        if self.size <= MAX_PIECE:
            self.parts.append(text)
            self.quiet.append(quiet)
        elif self.overflow is None:
            self.overflow = self.at

    def piece(self, deal: bool) -> Iterator[Piece]:
        """The piece, unless it is a tag block of nothing but white space and ``%`` comments."""
        if not deal and self.overflow is None:
            self._peel_preface()
        text = "".join(self.parts)
        if deal or self.overflow is not None or not _blank(text):
            yield _Piece(text, self.line, self.column, deal, self.lead, self.overflow, self.preface)

    def take_preface(self) -> Comments:
        """The comments on the last lines of the piece, each line holding nothing else (blank lines
        between them too), taken out of it: they stand before the deal or tag block that comes next.
        The piece's own lines end with its last statement and the blank lines after it."""
        parts, quiet = self.parts, self.quiet
        if self.overflow is not None or self.at - self.line != len(parts) - 1:
            return ()  # cut short, or not a line a part: left where it is
        start = end = len(parts) - 1  # the last part is the text before the next piece on its line
        while start > 1 and quiet[start - 1]:  # the piece's first line holds its keyword
            start -= 1
        while start < end and not parts[start].strip():
            start += 1
        if start == end:
            return ()
        taken = parts[start:end]
        del parts[start:end], quiet[start:end]
        return _read_comments(taken, self.line + start)

    def _peel_preface(self) -> None:
        """Take the comment lines before a tag block's first tag out of its text into its preface."""
        parts, quiet, index = self.parts, self.quiet, 0
        if self.at - self.line != len(parts) - 1 or self.lead:
            return
        while index < len(parts) and quiet[index]:
            index += 1
        if index == 0 or index == len(parts):
            return  # nothing before the tags, or nothing but comments (no tag block to stand before)
        self.preface += _read_comments(parts[:index], self.line)
        self.line += index
        del parts[:index], quiet[:index]


def _read_comments(lines: list[str], first: int) -> Comments:
    """The comments of ``lines`` (the first is line ``first``), each with its span; the line breaks
    are counted as the comments are found, once each."""
    found = []
    text = "".join(lines)
    line, line_start, counted = first, 0, 0  # the line of position ``counted`` and where that line starts
    for m in _COMMENT.finditer(text):
        start = m.start()
        breaks = text.count("\n", counted, start)
        if breaks:
            line += breaks
            line_start = text.rfind("\n", counted, start) + 1
        counted = start
        token = m.group()
        column = start - line_start + 1
        inner = token.count("\n")
        end_column = column + len(token) if not inner else len(token) - token.rfind("\n")
        span = Span(line, column, line + inner, end_column)
        if inner:
            line += inner
            line_start = start + token.rfind("\n") + 1
            counted = m.end()
        found.append(line_note(token, span) if token[0] == "%" else Comment(token[1:-1], span))
    return tuple(found)


def line_note(token: str, span: Span) -> Comment:
    """The ``%`` note ``token`` (``%`` to the end of its line) as a comment: the text after the ``%``,
    trailing blanks dropped."""
    return Comment(token[1:].rstrip(), span, line_note=True)


_COMMENT: Final = re.compile(r"\{[^}]*\}|%[^\r\n]*")


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
    and for :func:`file_comments`. Once a line's tokens are read, ``quiet`` says whether it held
    nothing but comments and blanks (a comment running on from a line that did not, does not)."""

    __slots__ = ("in_comment", "quiet", "_opened_quiet")

    def __init__(self) -> None:
        self.in_comment = False
        self.quiet = self._opened_quiet = True

    def tokens(self, line: str) -> Iterator[re.Match[str]]:
        """What the pattern matches in ``line`` outside a comment running on from the lines before."""
        position = 0
        quiet = True
        if self.in_comment:
            quiet = self._opened_quiet
            close = line.find("}")
            if close < 0:
                self.quiet = quiet
                return
            self.in_comment, position = False, close + 1
        if not any(start in line for start in _SCAN_STARTS):  # most lines: nothing the pattern would match
            self.quiet = quiet and not line[position:].strip()
            return
        for m in _LINE_SCAN.finditer(line, position):
            token = m.group()
            if quiet and (token[0] not in "{%" or line[position: m.start()].strip()):
                quiet = False  # a quoted value, deal, or text between comments
            position = m.end()
            if token[0] == "{" and not token.endswith("}"):
                self.in_comment, self._opened_quiet = True, quiet
            yield m
        self.quiet = quiet and not line[position:].strip()
