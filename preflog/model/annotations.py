"""Annotations: comments in braces and move glyphs (NOTATION.md §1)."""

from __future__ import annotations

import enum

import attrs

from .span import Span


class Glyph(enum.Enum):
    """A judgement written directly after a card or a call."""

    GOOD = "!"
    MISTAKE = "?"
    EXCELLENT = "!!"
    BLUNDER = "??"
    INTERESTING = "!?"
    DUBIOUS = "?!"


@attrs.frozen(slots=True)
class Comment:
    """The text between ``{`` and ``}``, kept exactly as typed; with ``line_note`` a ``%`` note, the
    text after the ``%`` to the end of its line (kept by ``fmt``, never shown: docs/notation.md)."""

    text: str
    span: Span | None = attrs.field(default=None, eq=False, repr=False)
    line_note: bool = False


Comments = tuple[Comment, ...]


def span_field() -> Span | None:
    """The ``span`` attribute every record read from text carries; it never takes part in equality."""
    return attrs.field(default=None, eq=False, repr=False)  # type: ignore[no-any-return]
