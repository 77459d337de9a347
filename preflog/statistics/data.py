"""The figures of the statistics read back from plain data (JSON: the cache, the server's summaries)
exactly as they were written, so that what another program or a spoilt file holds is refused with a
``ValueError``, never taken: a count is an int (not a bool, a float or a text), an exact sum a text
``"116/3"`` of bounded length (``"1e999999999"`` would take minutes to build), a name a text.
"""

from __future__ import annotations

import re
from fractions import Fraction

#: An exact sum as :class:`~fractions.Fraction` writes it, a denominator only where it is not 1.
_EXACT = re.compile(r"-?[0-9]{1,40}(/[1-9][0-9]{0,39})?")
#: A small count as a key of a mapping (tricks short, tricks taken).
_KEY = re.compile(r"[0-9]{1,3}")


def count_of(value: object) -> int:
    """An int as written (``ValueError`` for anything else)."""
    if type(value) is not int:
        raise ValueError("count", value)
    return value


def exact_of(value: object) -> Fraction:
    """A Fraction as ``str(fraction)`` wrote it (``ValueError`` for anything else)."""
    if type(value) is not str or not _EXACT.fullmatch(value):
        raise ValueError("exact sum", value)
    return Fraction(value)


def key_count_of(value: object) -> int:
    """A small count written as a key of a JSON object (``"2"``)."""
    if type(value) is not str or not _KEY.fullmatch(value):
        raise ValueError("count", value)
    return int(value)


def text_of(value: object) -> str:
    """A text as written."""
    if type(value) is not str:
        raise ValueError("text", value)
    return value


def maybe_text_of(value: object) -> str | None:
    """A text or None (JSON's null) as written."""
    return None if value is None else text_of(value)


def mapping_of(value: object) -> dict[str, object]:
    """A JSON object (``ValueError`` for anything else)."""
    if not isinstance(value, dict):
        raise ValueError("mapping", value)
    return value


def list_of(value: object) -> list[object]:
    """A JSON array (``ValueError`` for anything else)."""
    if not isinstance(value, list):
        raise ValueError("list", value)
    return value


#: The module's public names (what other layers and the server may import).
__all__ = [
    "count_of", "exact_of", "key_count_of", "list_of", "mapping_of", "maybe_text_of", "text_of",
]
