"""``NotationError``: what is wrong with a text, and exactly where."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

from ..i18n import _, count
from ..model.limits import EXCERPT_WIDTH
from ..model.span import Span


# How an excerpt is shown: a tab as a space, and every control character (an escape sequence could
# redraw a terminal) and bidirectional override (it could reorder what is shown) as one visible mark,
# so that the caret stays under its column.
_SHOWN = {c: "\ufffd" for c in [*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]}
_SHOWN[ord("\t")] = " "


#: How a note that is a hint begins (in ``notes`` and their JSON; printed as the word hint: of the language).
HINT = "hint: "


def hint(text: str) -> str:
    """A note that is a hint: ``text`` after the word hint:."""
    return HINT + text


class Part(enum.Enum):
    """The parts of a printed error a view may set apart (in colour, at a terminal)."""

    PLACE = "place"    # FILE:LINE:COL:
    ERROR = "error"    # the word error:
    CARET = "caret"    # the line of ^~~ under the offending text
    HINT = "hint"      # the word hint: of a hint


Style = Callable[[Part, str], str]


def _plain(part: Part, text: str) -> str:
    return text


class ReadError(OSError):
    """The source could not be read (an I/O error, a file that vanished…); ``path`` names it."""

    def __init__(self, exc: OSError, path: str | None) -> None:
        super().__init__(exc.errno, exc.strerror or str(exc))
        self.path = path


class NotationError(ValueError):
    """A notation error at ``path:line:column`` (1-based), with the source line as excerpt: the whole
    line if it is short, otherwise a window of it around the column, cut with ``…`` (``excerpt_column``
    is the column of the excerpt's first character of the line).

    When a text has several errors, the one raised is the first and ``errors`` holds all of them,
    in order of position.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int = 1,
        column: int = 1,
        end_line: int | None = None,
        end_column: int | None = None,
        excerpt: str = "",
        errors: Sequence[NotationError] = (),
        notes: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.end_line = line if end_line is None else end_line
        self.end_column = column + 1 if end_column is None else end_column
        self.excerpt, self.excerpt_column = clip(excerpt, column)
        self.errors: list[NotationError] = list(errors) or [self]
        self.notes = tuple(notes)  # lines after the caret: a hint, what the error explains

    @classmethod
    def at(cls, span: Span, message: str, *, path: str | None = None, source_line: str = "",
           notes: Sequence[str] = ()) -> NotationError:
        return cls(message, path=path, line=span.line, column=span.column,
                   end_line=span.end_line, end_column=span.end_column, excerpt=source_line, notes=notes)

    @classmethod
    def collect(cls, errors: Sequence[NotationError]) -> NotationError:
        """One error standing for all of ``errors`` (its fields are those of the first)."""
        first = errors[0]
        error = cls(first.message, path=first.path, line=first.line, column=first.column,
                    end_line=first.end_line, end_column=first.end_column, errors=errors)
        error.excerpt, error.excerpt_column = first.excerpt, first.excerpt_column
        return error

    @property
    def location(self) -> str:
        return f"{self.path or '<string>'}:{self.line}:{self.column}"

    def caret(self, style: Style = _plain) -> str:
        """The excerpt and a caret line under the offending text."""
        if not self.excerpt:
            return ""
        text = self.excerpt.translate(_SHOWN)
        at = self.column - self.excerpt_column + (self.excerpt_column > 1)  # 0-based, past a leading …
        width = self.end_column - self.column if self.end_line == self.line else len(text) - at
        width = max(1, min(width, len(text.rstrip("…")) - at))
        return f"    {text}\n" + style(Part.CARET, f"    {' ' * at}^{'~' * (width - 1)}")

    def format(self, style: Style = _plain) -> str:
        """``FILE:LINE:COL: error: MESSAGE`` then the excerpt and caret, and the notes; ``style``
        sets each :class:`Part` apart (the text itself unchanged)."""
        notes = ["    " + (style(Part.HINT, _("hint:")) + n[5:] if n.startswith(HINT) else n) for n in self.notes]
        said = _("error:")
        head = f"{style(Part.PLACE, self.location + ':')} {style(Part.ERROR, said)} {self.message}"
        return "\n".join(line for line in [head, self.caret(style), *notes] if line)

    def __str__(self) -> str:
        if len(self.errors) == 1:
            return self.format()
        more = len(self.errors) - 1
        return f"{self.format()}\n" + count("(and {n} more error)", "(and {n} more errors)", more)

    def to_dict(self) -> dict[str, object]:
        """The error as plain data, for ``--json`` output."""
        return {
            "path": self.path, "line": self.line, "column": self.column,
            "end_line": self.end_line, "end_column": self.end_column,
            "message": self.message, "excerpt": self.excerpt, "excerpt_column": self.excerpt_column,
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    @classmethod
    def of_dict(cls, data: object) -> NotationError:
        """The error :meth:`to_dict` wrote (as printed: the errors it stood for are not kept);
        ``ValueError`` for anything else, a wrong field or type."""
        if not isinstance(data, dict) or list(data) not in (_FIELDS, [*_FIELDS, "notes"]):
            raise ValueError("error data", data)
        path, notes = data["path"], data.get("notes", [])
        if path is not None and type(path) is not str or any(type(data[k]) is not int for k in _FIELDS[1:5]) \
                or type(data["excerpt_column"]) is not int or type(data["message"]) is not str \
                or type(data["excerpt"]) is not str or not isinstance(notes, list) \
                or any(type(n) is not str for n in notes) or "notes" in data and not notes:
            raise ValueError("error data", data)
        error = cls(data["message"], path=path, line=data["line"], column=data["column"], end_line=data["end_line"],
                    end_column=data["end_column"], notes=notes)
        error.excerpt, error.excerpt_column = data["excerpt"], data["excerpt_column"]
        return error


#: The fields of :meth:`NotationError.to_dict`, in order (``notes`` follows where there are any).
_FIELDS = ["path", "line", "column", "end_line", "end_column", "message", "excerpt", "excerpt_column"]


def clip(line: str, column: int) -> tuple[str, int]:
    """``line`` cut to a window of :data:`~preflog.model.limits.EXCERPT_WIDTH` characters around
    ``column``, marked with ``…`` where it is cut, and the column the window starts at."""
    if len(line) <= EXCERPT_WIDTH:
        return line, 1
    start = max(1, min(column - EXCERPT_WIDTH // 3, len(line) - EXCERPT_WIDTH + 1))
    text = line[start - 1: start - 1 + EXCERPT_WIDTH]
    return ("…" if start > 1 else "") + text + ("…" if start - 1 + EXCERPT_WIDTH < len(line) else ""), start

#: The module's public names (what other layers and the server may import).
__all__ = [
    "HINT", "NotationError", "Part", "ReadError", "Style", "clip", "hint",
]
