"""Source positions of records read from text."""

from __future__ import annotations

from typing import NamedTuple

from .tuples import tuple_maker


class Span(NamedTuple):
    """Where a record stands in its source: 1-based lines and columns, the end column exclusive.

    A tuple of four ints: the reader makes one for nearly every word it reads, so it must be cheap.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"

    def to(self, other: Span | None) -> Span:
        """The span from the start of this one to the end of ``other``."""
        if other is None:
            return self
        return _new(Span, self[0], self[1], other[2], other[3])


def lead_span(start: Span, length: int) -> Span:
    """The span of the first ``length`` characters of ``start`` (a name that opens a record)."""
    return Span(start.line, start.column, start.line, start.column + length)


_new = tuple_maker()  # a tuple record of its items, in C where it was built (model.tuples)


def make_span(line: int, column: int, end_line: int, end_column: int) -> Span:
    """``Span(...)`` without the keyword handling of a NamedTuple's constructor (the reader's hot path)."""
    return _new(Span, line, column, end_line, end_column)
