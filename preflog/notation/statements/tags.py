"""The tag block: ``[Name "value"]`` lines, then any comments (NOTATION.md §2).

Read fast from its piece (:func:`read`), by the grammar's rule ``tags`` (:func:`tags`), and written
(:func:`write`): the preface, the tags in order, the comments.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.annotations import Comment
from ...model.game import Game, Tag
from ...model.span import Span, make_span
from ..raw import TAG, RawTags, unescape_tag
from ..split import Piece
from . import layout, tokens
from .scan import MOST_WORDS

if TYPE_CHECKING:
    from .spelling import Spelling

_BLANK: Final = re.compile(r"[ \t]*")


def read(piece: Piece) -> RawTags | None:
    """The raw tag block of ``piece`` (tags, then any comments, a comment over several lines too; notes
    anywhere); ``None`` otherwise."""
    found: list[Tag] = []
    comments: list[Comment] = []
    last: Span | None = None
    whole = piece.text
    lines = whole.split("\n")
    index = start = at = 0  # the line, where it starts in the piece's text, where in it the scan is
    while index < len(lines):
        text = lines[index].rstrip("\r")
        line = piece.line + index
        base = piece.column if index == 0 else 1
        carried = False  # a comment carried the scan on to a line below
        while (at := _BLANK.match(text, at).end()) < len(text):  # type: ignore[union-attr]
            first = text[at]
            if first == "%":
                break  # a note, to the end of the line
            if first == "{":
                end = text.find("}", at) + 1
                if end:
                    last = make_span(line, base + at, line, base + end)
                    comments.append(Comment(text[at + 1:end - 1], last))
                    at = end
                    continue
                opened, column = start + at, base + at  # a comment over several lines: it ends on the line of its "}"
                close = whole.find("}", opened)
                if close < 0:
                    return None
                for _ in range(whole.count("\n", opened, close)):
                    start += len(lines[index]) + 1
                    index += 1
                at = close - start + 1
                last = make_span(line, column, piece.line + index, at + 1)
                comments.append(Comment(whole[opened + 1:close], last))
                carried = True
                break
            tag = TAG.match(text, at) if first == "[" and not comments else None
            if tag is None:
                return None  # not a tag, or a tag after a comment: the grammar says what is wrong
            last = make_span(line, base + at, line, base + tag.end())
            found.append(Tag(tag.group(1), unescape_tag(tag.group(2)), last))
            at = tag.end()
        if not carried:
            start += len(lines[index]) + 1
            index += 1
            at = 0
    if not found or len(found) + len(comments) > MOST_WORDS:
        return None
    first_span = found[0].span
    assert first_span is not None
    return RawTags(tuple(found), tuple(comments), first_span.to(last))


def tags(children: list[Any]) -> RawTags:
    """The grammar's rule ``tags: TAG+ COMMENT*``."""
    found: list[Tag] = []
    comments: list[Comment] = []
    for tok in children:
        if tok.type == "COMMENT":
            comments.append(tokens.comment(tok))
            continue
        m = TAG.fullmatch(tok.value)
        assert m is not None  # the terminal only matches well-formed tags
        found.append(Tag(m.group(1), unescape_tag(m.group(2)), tokens.span(tok)))
    return RawTags(tuple(found), tuple(comments), tokens.from_to(children))


# A backslash is escaped only where a reader would take it for an escape (before \ or " or the closing
# quote), so that a value such as C:\games is written as it was typed.
_TAG_ESCAPE: Final = re.compile(r'\\(?=[\\"]|$)|"')


def write(spell: Spelling, game: Game) -> str | None:
    """The game's tag block: its preface, tags and comments (``None`` when it has none of them)."""
    lines = layout.preface(game.preface) + [tag(t) for t in game.tags]
    if game.comments:
        lines.append(layout.comments(game.comments).lstrip())
    return layout.lines(lines) if lines else None


def tag(written: Tag) -> str:
    """One tag, with its comments."""
    if "\n" in written.value or "\r" in written.value:
        raise ValueError(_("tag {name} holds a line break, which a tag cannot").format(name=written.name))
    value = _TAG_ESCAPE.sub(r"\\\g<0>", written.value)
    return f'[{written.name} "{value}"]{layout.comments(written.comments)}'
