"""A game (one pulka): its tags, annotations and deals (NOTATION.md §2)."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import attrs

from ..i18n import _, ngettext
from .annotations import Comments, span_field
from .deal import Checkpoint, Deal
from .limits import MAX_DIGITS, number_too_long, shorten
from .span import Span

#: Tags in the order the canonical writer puts them; ``Rule.*`` after ``WhistPrice``, unknown tags last.
TAG_ORDER: tuple[str, ...] = (
    "Event", "Site", "Date", "Round", "Table", "Board", "Players", "Rules", "Pool", "WhistPrice",
    "Rule.*", "Sheet", "Result", "Source", "Annotator", "Scorer",
)


def tag_rank(name: str) -> int:
    """The place of a tag in canonical order (unknown tags share the last place)."""
    key = "Rule.*" if name.startswith("Rule.") else name
    try:
        return TAG_ORDER.index(key)
    except ValueError:
        return len(TAG_ORDER)


def _number_text(name: str, value: str, pattern: str, kind: str) -> str:
    """The number a tag ``name`` holds, as written; ``ValueError`` saying what is wrong with it."""
    text = value.strip()
    if not re.fullmatch(pattern, text):
        dotted = text.replace(",", ".")
        hint = _(" (write a decimal point: {dotted!r})").format(
            dotted=dotted) if "," in text and re.fullmatch(pattern, dotted) else ""
        raise ValueError(_("{name} must be {kind}, not {shorten!r}{hint}").format(name=name, kind=kind,
                                                                                  shorten=shorten(value), hint=hint))
    if number_too_long(text):
        raise ValueError(ngettext("{name} has more than {n} digit", "{name} has more than {n} digits", MAX_DIGITS)
                         .format(name=name, n=MAX_DIGITS))
    return text


def pool_of(value: str) -> int:
    """The number a ``Pool`` tag holds; ``ValueError`` saying what is wrong with it."""
    return int(_number_text("Pool", value, r"[1-9][0-9]*", _("a positive whole number")))


def whist_price_of(value: str) -> Fraction:
    """The money per whist a ``WhistPrice`` tag holds; ``ValueError`` saying what is wrong with it."""
    return Fraction(Decimal(_number_text("WhistPrice", value, r"[0-9]+(\.[0-9]+)?", _("a decimal number"))))


@attrs.frozen(slots=True)
class Tag:
    """A tag: its name and value; ``comments`` the ``%`` notes written on its line."""

    name: str
    value: str
    span: Span | None = span_field()
    comments: Comments = ()


@attrs.frozen(slots=True)
class Game:
    """One game: tags in canonical order, comments on the tag block, and the deals; ``preface`` the
    comments written on lines of their own before the tags."""

    tags: tuple[Tag, ...]
    deals: tuple[Deal, ...] = ()
    comments: Comments = ()
    span: Span | None = span_field()
    preface: Comments = ()
    #: The ``Sheet`` tag as read: the totals a pulka begun on paper carries into the file (set by the
    #: reader, which reads it with the grammar's ``sheet`` rule; ``None`` without one, or unreadable).
    opening: Checkpoint | None = attrs.field(default=None, eq=False, repr=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name``, or ``default``."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return default

    @property
    def result(self) -> dict[str, Decimal] | str | None:
        """The ``Result`` tag as typed values (``"Anna +120 Boris -40"`` → {"Anna": 120, …}), what is
        wrong with it, or ``None`` without one."""
        value = self.tag("Result")
        return None if value is None else result_of(value, self.players)

    @property
    def players(self) -> tuple[str, ...]:
        """The player ids of the ``Players`` tag in clockwise seating order."""
        value = self.tag("Players")
        return tuple(value.split()) if value else ()

    def _repr_html_(self) -> str:
        """The game's replay page in a frame of its own, for notebooks (``preflog render``)."""
        from ..present.replay_html import frame

        return frame(self)


def result_of(value: str, players: tuple[str, ...]) -> dict[str, Decimal] | str:
    """A ``Result`` tag's value, ``"Anna +120 Boris -40 Vera -80"`` → {"Anna": 120, …}, or what is
    wrong with it."""
    words = value.split()
    if not words or len(words) % 2:
        return _('{value!r} is not pairs of a player and a number (e.g. "Anna +120 Boris -40 Vera -80")').format(
            value=shorten(value))
    out: dict[str, Decimal] = {}
    for name, number in zip(words[::2], words[1::2]):
        if name not in players:
            return _("{name!r} is not one of the players ({players})").format(
                name=shorten(name), players=" ".join(players))
        if not re.fullmatch(r"[+\-−]?[0-9]+(\.[0-9]+)?", number):
            return _("{number!r} is not a number of whists").format(number=shorten(number))
        if number_too_long(number):
            return ngettext("{number!r} has more than {n} digit", "{number!r} has more than {n} digits", MAX_DIGITS).format(
                number=shorten(number), n=MAX_DIGITS)
        out[name] = Decimal(number.replace("−", "-"))
    return out

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Game", "TAG_ORDER", "Tag", "pool_of", "result_of", "tag_rank", "whist_price_of",
]
