"""The writing's layout, the same in every vocabulary: the comments written after an element (in
braces, then ``%`` notes, each ending its line), the glyphs, the lines of a deal or a tag block.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ...i18n import _
from ...model.annotations import Comment, Glyph
from ...model.limits import shorten

_LONE_CR: Final = re.compile(r"\r(?!\n)")
NOTE_END: Final = "\n "  # what ends a % note: what follows it goes on the next line, indented by the space before it


def comments(written: Iterable[Comment]) -> str:
    """The comments of an element as written after it: those in braces, then the ``%`` notes, each
    ending its line (:func:`lines` starts what follows on the next)."""
    out = notes = ""
    for c in written:
        if c.line_note:
            if "\n" in c.text or "\r" in c.text:
                raise ValueError(_("a % note cannot hold a line break: {text!r}").format(text=shorten(c.text)))
            notes += " %" + c.text.rstrip() + NOTE_END
            continue
        if "}" in c.text:
            raise ValueError(_("a comment cannot hold '}}': {text!r}").format(text=shorten(c.text)))
        if _LONE_CR.search(c.text):
            raise ValueError(_("a comment cannot hold a carriage return without a line feed (a reader takes it for a "
                               "line break): {text!r}").format(text=shorten(c.text)))
        out += " {" + c.text + "}"
    return out + notes


def preface(written: Iterable[Comment]) -> list[str]:
    """The lines of comments written before a tag block or a deal, one comment a line."""
    return [comments((c,)).lstrip() for c in written]


def lines(statements: list[str]) -> str:
    """Statements one a line (a statement ending with a ``%`` note loses the break written after it)."""
    return "\n".join(line[:-2] if line.endswith(NOTE_END) else line for line in statements)


def glyph(written: Glyph | None) -> str:
    """A glyph as written after its card, call or decision."""
    return written.value if written is not None else ""
