"""How the engine's states change: in place while the driver steps (:func:`change_in_place`), and by a
fast copy where a state is kept (``make_evolve``; ``attrs.evolve`` is generic, and on the hot path)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def make_evolve(cls: type[T]) -> Callable[..., T]:
    """A function ``evolve(obj, **changes)`` for the frozen, dict-based attrs class ``cls``.

    The engine's states are copied for every visitor that keeps them; their fields live in ``__dict__``
    (``slots=False``) so that a copy is two C-level dict operations, not a Python loop over some forty
    fields. Safe only for classes without validators or converters (checked here).
    """
    if any(f.validator or f.converter for f in attrs.fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has validators or converters; use attrs.evolve")
    if "__slots__" in vars(cls):
        raise TypeError(f"{cls.__name__} must be dict-based (slots=False) for make_evolve")
    new = object.__new__

    def evolve(self: T, **changes: Any) -> T:
        clone = new(cls)
        state = clone.__dict__
        state.update(self.__dict__)
        state.update(changes)
        return clone

    return evolve


def change_in_place(state: T, **changes: Any) -> T:
    """A working state (of a frozen, dict-based class) with ``changes``, made in place and returned. Its
    fields are immutable values, so a copy made earlier by ``make_evolve`` shares them safely."""
    state.__dict__.update(changes)
    return state
