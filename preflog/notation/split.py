"""Cut a text into games and a game into its tag block and deals, without parsing them.

Each piece is then parsed on its own: a syntax error costs one deal, not the rest of the file,
and a big archive streams one game at a time. The cuts respect ``{…}`` comments (which may span
lines), ``%`` line comments and quoted tag values, so that a ``deal`` or ``[`` inside them is text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import attrs

# Things to skip (closed comments, line comments, quoted strings) or to find (the keyword deal).
_SCAN = re.compile(r'\{[^}]*\}|%[^\n]*|"(?:[^"\\\n]|\\.)*"|(?<!\w)deal(?!\w)')
# The same on one line, where a comment may open and close on a later line.
_LINE_SCAN = re.compile(r'\{[^}]*\}?|%[^\n]*|"(?:[^"\\\n]|\\.)*"|(?<!\w)deal(?!\w)')


@attrs.frozen(slots=True)
class Piece:
    """A slice of a game text and the line and column of its first character."""

    text: str
    line: int
    column: int


@attrs.frozen(slots=True)
class GameText:
    """The text of one game, its first line in the file, and its pieces."""

    text: str
    line: int

    def pieces(self) -> tuple[Piece | None, list[Piece]]:
        """The tag block (``None`` if the game has none) and the deals, each from its ``deal``."""
        starts = [m.start() for m in _SCAN.finditer(self.text) if m.group() == "deal"]
        text = self.text
        head_end = starts[0] if starts else len(text)
        head = Piece(text[:head_end], self.line, 1) if head_end and not _blank(text[:head_end]) else None
        deals: list[Piece] = []
        line, last = self.line, 0
        bounds = starts + [len(text)]
        for start, end in zip(bounds, bounds[1:]):
            line += text.count("\n", last, start)
            last = start
            column = start - text.rfind("\n", 0, start)
            deals.append(Piece(text[start:end], line, column))
        return head, deals


def _blank(text: str) -> bool:
    """True if ``text`` holds nothing but white space and ``%`` comments."""
    return not re.sub(r"%[^\n]*", "", text).strip()


def split_games(lines: Iterable[str]) -> Iterator[GameText]:
    """The games of a text given line by line (each line with its newline).

    A game starts at the first line and at every line opening with ``[`` that comes after a deal.
    """
    buffer: list[str] = []
    first_line = 1
    number = 0
    in_comment = False
    seen_deal = False
    for line in lines:
        number += 1
        if not in_comment and seen_deal and line.lstrip(" \t\ufeff").startswith("["):
            yield GameText("".join(buffer), first_line)
            buffer, first_line, seen_deal = [], number, False
        buffer.append(line)
        start = 0
        if in_comment:
            close = line.find("}")
            if close < 0:
                continue
            in_comment, start = False, close + 1
        for m in _LINE_SCAN.finditer(line, start):
            token = m.group()
            if token == "deal":
                seen_deal = True
            elif token[0] == "{" and not token.endswith("}"):
                in_comment = True
    if buffer:
        yield GameText("".join(buffer), first_line)


def file_comments(text: str) -> list[tuple[int, str]]:
    """The ``%`` comments of ``text`` (line number and text): the notation does not keep them."""
    found = []
    for m in _SCAN.finditer(text):
        if m.group().startswith("%"):
            found.append((text.count("\n", 0, m.start()) + 1, m.group()))
    return found
