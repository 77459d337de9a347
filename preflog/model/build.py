"""A record built in C: ``builder(Call)`` is a function that makes a ``Call`` as ``Call(...)`` does.

The records are attrs classes with slots. Their generated ``__init__`` runs in the interpreter and
sets each field through ``object.__setattr__`` (frozen), some five thousand machine instructions a
record, and the reader, the engine and the scorer build about forty a deal: a seventh of ``preflog
stats``. :func:`builder` gives the hot paths the same constructor in C (``_build.c``): the same
parameters, the same defaults, the instance the class's own, its slots filled directly; the class is
not changed, and ``Call(...)`` stays what every other caller writes.

:func:`copier` gives the same constructor taking another instance's fields: the engine's frozen and
working states share their slots (``game/state.py``), so a copy from one kind to the other fills the
new instance's slots from the other's, without a field read in Python.

Where the build made no C (or with ``PREFLOG_PURE_PYTHON=1``) :func:`builder` gives the class itself.
It takes only a class whose ``__init__`` does nothing but set its fields: no validator, converter,
``init=False`` field or ``__attrs_pre_init__``/``__attrs_post_init__`` (it says so otherwise);
``tests/test_build.py`` checks each one the package makes builds what its class builds.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, ParamSpec, TypeVar

import attrs

P = ParamSpec("P")
T = TypeVar("T")

REQUIRED, DEFAULT, FACTORY = 0, 1, 2
#: Each class a builder was asked for, with its builder (made once; the tests check each).
BUILT: dict[type, Callable[..., Any]] = {}


def builder(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes an instance of the attrs class ``cls`` from the arguments its
    ``__init__`` takes, in C where it was built; else ``cls``."""
    record: type = cls  # type: ignore[assignment]
    made = BUILT.get(record)
    if made is None:
        made = BUILT[record] = _made(record)
    return made


def copier(cls: Callable[..., T]) -> Callable[..., T]:
    """A function ``copy(source, *last)`` that makes an instance of the attrs class ``cls`` with the
    fields of ``source`` (an instance of ``cls``, or of a class that has each field in the same slot: of
    a base of ``cls``, or a subclass of one), but for the last ``len(last)`` fields of ``cls``'s
    ``__init__``, given: in C where it was built (``Builder.copy``), else through ``cls(...)``."""
    made = builder(cls)
    if made is not cls:
        return made.copy  # type: ignore[attr-defined, no-any-return]
    names = [field.name for field in _signature_order(cls)]  # type: ignore[arg-type]

    def first(k: int) -> Callable[[object], tuple[Any, ...]]:
        if k > 1:
            return attrgetter(*names[:k])  # a tuple of them in one call
        return lambda source: tuple(getattr(source, name) for name in names[:k])

    reads = [first(k) for k in range(len(names) + 1)]

    def copy(source: object, *last: object) -> T:
        if len(last) > len(names):
            raise TypeError(f"{cls.__qualname__}.copy() takes fewer fields")
        return cls(*reads[len(names) - len(last)](source), *last)

    return copy


def _made(record: type) -> Callable[..., Any]:
    fields = _signature_order(record)
    native = _native()
    if native is None:
        return record
    descriptors = tuple(inspect.getattr_static(record, field.name) for field in fields)  # each slot's
    names = tuple(sys.intern(field.alias or field.name) for field in fields)
    filled = [_default(field) for field in fields]
    kinds, defaults = bytes(kind for kind, _ in filled), tuple(value for _, value in filled)
    positional = sum(1 for field in fields if not field.kw_only)
    return native(record, descriptors, names, defaults, kinds, positional)  # type: ignore[no-any-return]


def _signature_order(record: type) -> list[attrs.Attribute[Any]]:
    """The fields of ``record`` in its ``__init__``'s order (positional ones first); ``TypeError`` when
    its ``__init__`` would do more than set them."""
    if not attrs.has(record) or "__slots__" not in record.__dict__:
        raise TypeError(f"{record.__qualname__}: not an attrs class with slots")
    hooks = [name for name in ("__attrs_pre_init__", "__attrs_post_init__") if hasattr(record, name)]
    fields = list(attrs.fields(record))
    odd = [f.name for f in fields if f.validator is not None or f.converter is not None or not f.init
           or (isinstance(f.default, attrs.Factory) and f.default.takes_self)]  # type: ignore[arg-type]
    if hooks or odd:
        raise TypeError(f"{record.__qualname__}: its __init__ does more than set its fields ({', '.join(hooks + odd)})")
    return [f for f in fields if not f.kw_only] + [f for f in fields if f.kw_only]


def _default(field: attrs.Attribute[Any]) -> tuple[int, object]:
    """How a field is filled when its argument is not given, and with what: required (None), a
    default value, or a factory called each time."""
    default: Any = field.default
    if default is attrs.NOTHING:
        return REQUIRED, None
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return FACTORY, default.factory
    return DEFAULT, default


def _native() -> Callable[..., Any] | None:
    """``_build.Builder`` where the build made it and the source is not asked for, else ``None``."""
    from ..compiled import wants_source

    if wants_source():
        return None
    try:
        from . import _build
    except ImportError:
        return None
    return _build.Builder
