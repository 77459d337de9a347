"""The limits preflog holds every input to (docs/limits.md).

Each is far above what a real game needs, and each input that passes one is reported as a normal
error at the place it passes it, so that no file can cost unbounded time, memory or output.
"""

from __future__ import annotations

#: Characters in one line of text. The reader stops at a longer line (a file without line breaks
#: would otherwise be read whole into memory).
MAX_LINE = 10_000

#: Digits in a number written in a file (deal numbers, trick counts, amounts, Pool, WhistPrice),
#: before and after the decimal point together.
MAX_DIGITS = 15

#: Items in one statement: hand entries, calls, cards (variations included), claim shares, sheet
#: entries, result pairs; and tags in one tag block.
MAX_ITEMS = 2_000

#: Deals in one game (a long pulka has a hundred or two): a Game object, which holds all of its
#: deals, needs at most a few kilobytes for each.
MAX_DEALS = 10_000

#: Characters in one deal, or in one tag block, from its first line to the next deal.
MAX_PIECE = 1_000_000

#: Variations inside variations.
MAX_NESTING = 64

#: Characters of a file read whole (fmt, convert, replay, the JSON reader).
MAX_TEXT = 16 * 1024 * 1024

#: Nesting of arrays and objects in a JSON document: a game nests 9 deep, and each variation inside
#: a variation 4 deeper.
MAX_JSON_NESTING = 4 * MAX_NESTING + 16

#: Characters of a source line shown in an excerpt around the place of an error.
EXCERPT_WIDTH = 100


def number_too_long(text: str) -> bool:
    """True if a written number has more digits than :data:`MAX_DIGITS`."""
    return len(text) > MAX_DIGITS and sum(c.isdigit() for c in text) > MAX_DIGITS


def shorten(text: str, width: int = 40) -> str:
    """``text`` as quoted in a message: cut to ``width`` characters with ``…``."""
    return text if len(text) <= width else text[: width - 1] + "…"

#: The module's public names (what other layers and the server may import).
__all__ = [
    "EXCERPT_WIDTH", "MAX_DEALS", "MAX_DIGITS", "MAX_ITEMS", "MAX_JSON_NESTING", "MAX_LINE", "MAX_NESTING",
    "MAX_PIECE", "MAX_TEXT", "number_too_long", "shorten",
]
