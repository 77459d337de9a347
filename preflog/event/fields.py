"""JSON data read as typed records (cattrs), strictly: ``true`` is never taken for a 1 nor a text for
a list, an enum is one of its values, a record is a JSON object holding no field it does not know; the
first failure is said as :class:`FieldError`, ``field: message``, its path as the JSON's (lists from 0:
``drawn[0].tables[1].players``). The event file is read so (:func:`~preflog.event.plan.loads_plan`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Iterator
from typing import Any, TypeVar, Union, get_args, get_origin

import cattrs
from cattrs.errors import (ClassValidationError, ForbiddenExtraKeysError, IterableValidationError,
                           IterableValidationNote)
from cattrs.gen import make_dict_structure_fn

from ..i18n import _

T = TypeVar("T")


class FieldError(ValueError):
    """A field of the data that is not of its type: its path (empty: the whole) and the message."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field, self.message = field, message


class _Wrong(ValueError):
    """A value not of its field's type (said by the type, :func:`_expected`)."""


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A leaf of exactly ``kind``: ``true`` is no whole number, ``7`` no text."""
    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not kind:
            raise _Wrong()
        return value
    return structure


def _choice(kind: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    """An enum by its value, a text."""
    values = {m.value: m for m in kind}

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not str or value not in values:
            raise _Wrong()
        return values[value]
    return structure


def _homogeneous(t: Any) -> bool:
    args = get_args(t)
    return get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def make_converter(records: Collection[type]) -> cattrs.Converter:
    """A strict converter to the attrs classes ``records`` (and what their fields hold): exact leaves, a
    JSON list for each tuple, an object for each record, no field it does not know."""
    c = cattrs.Converter(forbid_extra_keys=True)
    c.register_structure_hook(int, _exactly(int))
    c.register_structure_hook(str, _exactly(str))
    c.register_structure_hook_factory(lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _choice)

    def listed(t: Any) -> Callable[[Any, Any], Any]:
        item = get_args(t)[0]

        def structure(value: Any, _type: Any) -> tuple[Any, ...]:
            if type(value) is not list:
                raise _Wrong()
            out, wrong = [], []
            for i, v in enumerate(value):
                try:
                    out.append(c.structure(v, item))
                except Exception as exc:  # each item's failure, noted with its index as cattrs notes them
                    exc.add_note(IterableValidationNote(f"Structuring {t} @ index {i}", i, item))
                    wrong.append(exc)
            if wrong:
                raise IterableValidationError(f"While structuring {t}", wrong, tuple)
            return tuple(out)
        return structure

    def record(cls: type) -> Callable[[Any, Any], Any]:
        made: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, c, _cattrs_forbid_extra_keys=True)

        def structure(value: Any, _type: Any) -> Any:
            if type(value) is not dict:
                raise _Wrong()
            return made(value, cls)
        return structure

    c.register_structure_hook_factory(_homogeneous, listed)
    c.register_structure_hook_factory(lambda t: t in records, record)
    return c


def _expected(t: Any) -> str:
    """What a field of type ``t`` must be, as its message says it."""
    if get_origin(t) is Union or type(t).__name__ == "UnionType":
        inner = next(a for a in get_args(t) if a is not type(None))
        return _("must be text or null") if inner is str else _("must be a whole number or null")
    if _homogeneous(t):
        item = get_args(t)[0]
        if item is str:
            return _("must be a list of text")
        if item is int:
            return _("must be a list of whole numbers")
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return _("must be a list, each one of {values}").format(values=", ".join(m.value for m in item))
        return _("must be a list of objects")
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return _("must be one of {values}").format(values=", ".join(m.value for m in t))
    if t is int:
        return _("must be a whole number")
    return _("must be text") if t is str else _("must be an object")


def _failures(exc: BaseException, path: str, t: Any) -> Iterator[tuple[str, str]]:
    """Each failure under ``exc`` (met at ``path``, a field of type ``t``): its path and its message."""
    if isinstance(exc, ClassValidationError):
        noted, bare = exc.group_exceptions()
        for inner, note in noted:
            yield from _failures(inner, f"{path}.{note.name}" if path else note.name, note.type)
        for inner in bare:
            if isinstance(inner, ForbiddenExtraKeysError):
                for key in sorted(inner.extra_fields):
                    yield (f"{path}.{key}" if path else key), _("not a field of this file")
            else:
                yield from _failures(inner, path, t)
    elif isinstance(exc, IterableValidationError):
        noted_items, bare_items = exc.group_exceptions()
        for inner, item_note in noted_items:
            yield from _failures(inner, f"{path}[{item_note.index}]", item_note.type)
        for inner in bare_items:
            yield from _failures(inner, path, t)
    elif isinstance(exc, KeyError):
        yield path, _("missing from the file")
    else:
        yield path, _expected(t)


def structure(converter: cattrs.Converter, data: Any, cls: type[T]) -> T:
    """``data`` as a ``cls`` through ``converter`` (:func:`make_converter`); :class:`FieldError` naming
    the first field that is not of its type."""
    try:
        found: T = converter.structure(data, cls)
    except (cattrs.BaseValidationError, _Wrong) as exc:
        field, message = next(_failures(exc, "", cls), ("", _("must be an object")))
        raise FieldError(field, message) from None
    return found


#: The module's public names (what other layers and the server may import).
__all__ = ["FieldError", "make_converter", "structure"]
