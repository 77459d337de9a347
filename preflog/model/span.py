"""Source positions of records read from text."""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Span:
    """Where a record stands in its source: 1-based lines and columns, the end column exclusive."""

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
        return Span(self.line, self.column, other.end_line, other.end_column)
