"""A tuple record (a ``NamedTuple``: :class:`~preflog.model.span.Span`, the reader's raw records) made of
its items in one call: ``tuple_of`` of ``_build.c`` where the build made it, else ``tuple.__new__``.

``Span(...)`` goes through the keyword handling of the class's generated constructor, and
``tuple.__new__(Span, (...))`` makes the tuple of the items, its slice and a copy before the span: some
560 machine instructions, and the reader makes about fifty spans a deal. Beside :mod:`.build`, which
makes the attrs records, and apart from it: the spans are imported by every command (``--help`` too),
which must not load attrs for them.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class TupleOf(Protocol):
    """``make(cls, *items)``: an instance of the tuple class ``cls`` holding ``items``."""

    def __call__(self, cls: type[T], /, *items: Any) -> T: ...


def tuple_maker() -> TupleOf:
    """A function ``make(cls, *items)`` that makes an instance of the tuple class ``cls`` holding ``items``,
    as ``tuple.__new__(cls, items)`` does: in C where it was built and the source is not asked for
    (``PREFLOG_PURE_PYTHON``), else that call."""
    from ..compiled import wants_source

    if wants_source():
        return _tuple_of
    try:
        from . import _build
    except ImportError:
        return _tuple_of
    made: TupleOf = getattr(_build, "tuple_of", _tuple_of)  # a build from before it: the call in Python
    return made


def _tuple_of(cls: type[T], *items: Any) -> T:
    return tuple.__new__(cls, items)  # type: ignore[type-var]
