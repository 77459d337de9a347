"""Fast copies of the engine's states, from one kind to another (``attrs.evolve`` is generic, and on
the hot path): a frozen snapshot of the working state, or a working state from a frozen one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def make_evolve(cls: type[T]) -> Callable[..., T]:
    """A function ``copy(obj, **changes)`` that makes a ``cls`` from ``obj``'s fields, with ``changes``;
    ``obj`` is of ``cls`` or of a class with the same fields (the frozen and the working kinds of a state).

    The engine's states are copied for every visitor; their fields live in ``__dict__``
    (``slots=False``) so that a copy is two C-level dict operations, not a Python loop over some forty
    fields. Safe only for classes without validators or converters (checked here).
    """
    if any(f.validator or f.converter for f in attrs.fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has validators or converters; use attrs.evolve")
    if "__slots__" in vars(cls):
        raise TypeError(f"{cls.__name__} must be dict-based (slots=False) for make_evolve")
    new = object.__new__

    def copy(self: object, **changes: Any) -> T:
        clone = new(cls)
        state = clone.__dict__
        state.update(self.__dict__)
        state.update(changes)
        return clone

    return copy
