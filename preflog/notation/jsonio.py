"""Games as JSON, through cattrs converters for every record.

Cards, hands and bids are written in their canonical spelling (``"As"``, ``"AKQ.J9.-.T87"``,
``"7h"``), enums by value, amounts as integers or, when not whole, as strings (``"2.5"``) so that
no digit is lost. Source spans and empty or default fields are left out.
"""

from __future__ import annotations

import json
import re
import sys
from decimal import Decimal, InvalidOperation
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import cattrs
from cattrs.v import format_exception
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from ..i18n import N_, _, ngettext
from ..model import annotations as notes
from ..model import auction, deal, defence, game, play
from ..model.bids import BID_SPELLINGS, Bid
from ..model.cards import CARD_SPELLINGS, Card
from .errors import NotationError
from ..model.limits import MAX_DIGITS, MAX_JSON_NESTING, number_too_long, shorten
from ..model.annotations import Comment
from ..model.deal import Deal
from ..model.game import Game, Tag, tag_rank
from ..model.hand import Hand
from .write import dumps
from .api import loads_all

FORMAT = "preflog"
VERSION = 1


def _records() -> list[type]:
    modules = (notes, auction, deal, defence, play, game)
    found = []
    for module in modules:
        for value in vars(module).values():
            if attrs.has(value) and value.__module__ == module.__name__:
                attrs.resolve_types(value, vars(sys.modules[value.__module__]))
                found.append(value)
    return found


def _lookup(table: dict[str, Any], what: str) -> Any:
    def structure(value: Any, _type: Any) -> Any:
        try:
            return table[value]
        except (KeyError, TypeError):
            raise ValueError(_("not {what}: {value}").format(what=_(what), value=shorten(repr(value)))) from None
    return structure


def _amount(value: Decimal) -> int | str:
    """An integer where JSON keeps every digit of the text; a string for ``2.5``, ``-0`` and the like."""
    sign, digits, exponent = value.as_tuple()
    if exponent == 0 and not (sign and not value):
        return int(value)
    return str(value)


_AMOUNT = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def _decimal(value: Any, _type: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(_("not an amount: {repr}").format(repr=shorten(repr(value))))
    if isinstance(value, str) and not _AMOUNT.fullmatch(value):
        raise ValueError(_('not an amount: {repr} (amounts are written like 12, "-0" or "2.5")').format(repr=shorten(repr(value))))
    try:
        return Decimal(value)
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        raise ValueError(_("not an amount: {repr}").format(repr=shorten(repr(value)))) from None


def _comment(value: Any, _type: Any) -> Comment:
    if isinstance(value, dict) and set(value) == {"note"} and isinstance(value["note"], str):
        if "\n" in value["note"] or "\r" in value["note"]:
            raise ValueError(_("not a % note (it holds a line break): {repr}").format(repr=shorten(repr(value))))
        return Comment(value["note"], line_note=True)
    if not isinstance(value, str) or "}" in value:
        raise ValueError(_("not a comment: {repr}").format(repr=shorten(repr(value))))
    return Comment(value)


def _comment_out(comment: Comment) -> str | dict[str, str]:
    """A comment as its text; a ``%`` note as ``{"note": text}``."""
    return {"note": comment.text} if comment.line_note else comment.text


def _hand(value: Any, _type: Any) -> Hand:
    if not isinstance(value, str):
        raise ValueError(_("not a hand: {repr}").format(repr=shorten(repr(value))))
    return Hand.from_dotted(value)


def _tags_out(tags: tuple[Tag, ...]) -> dict[str, Any]:
    """Tags as an object of their values; a tag with ``%`` notes as ``{"value": …, "notes": […]}``."""
    return {t.name: {"value": t.value, "notes": [c.text for c in t.comments]} if t.comments else t.value
            for t in tags}


def _tag_in(name: Any, value: Any) -> Tag:
    if isinstance(name, str) and isinstance(value, str):
        return Tag(name, value)
    if (isinstance(name, str) and isinstance(value, dict) and set(value) == {"value", "notes"}
            and isinstance(value["value"], str) and isinstance(value["notes"], list)
            and all(isinstance(n, str) and "\n" not in n and "\r" not in n for n in value["notes"])):
        return Tag(name, value["value"], comments=tuple(Comment(n, line_note=True) for n in value["notes"]))
    raise ValueError(_("tags must be an object of strings (or of {\"value\": …, \"notes\": […]} for a tag with % notes)"))


def _tags_in(value: Any, _type: Any) -> tuple[Tag, ...]:
    if not isinstance(value, dict):
        raise ValueError(_("tags must be an object of strings"))
    return tuple(sorted((_tag_in(k, v) for k, v in value.items()), key=lambda t: tag_rank(t.name)))


def make_converter() -> cattrs.Converter:
    """The converter between records and plain JSON data."""
    c = cattrs.Converter(forbid_extra_keys=True)
    c.register_unstructure_hook(Card, str)
    c.register_structure_hook(Card, _lookup(CARD_SPELLINGS, N_("a card")))
    c.register_unstructure_hook(Bid, str)
    c.register_structure_hook(Bid, _lookup(BID_SPELLINGS, N_("a bid")))
    c.register_unstructure_hook(Hand, Hand.dotted)
    c.register_structure_hook(Hand, _hand)
    c.register_unstructure_hook(Decimal, _amount)
    c.register_structure_hook(Decimal, _decimal)
    c.register_unstructure_hook(Comment, _comment_out)
    c.register_structure_hook(Comment, _comment)
    c.register_unstructure_hook(play.PlayLine, lambda line: [c.unstructure(pc, play.PlayedCard) for pc in line])
    c.register_structure_hook(play.PlayLine, lambda value, _type: play.PlayLine(
        c.structure(value, tuple[play.PlayedCard, ...])))
    records = set(_records()) - {Comment}

    def overrides(cls: type) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for name in attrs.fields_dict(cls):
            if name == "span" or name.endswith("_span"):
                found[name] = override(omit=True)
        if cls is Game:
            found["tags"] = override(unstruct_hook=_tags_out, struct_hook=_tags_in)
            found["opening"] = override(omit=True)  # the Sheet tag as read: the text's to give
        if cls is Deal:
            found["checkpoint"] = override(rename="sheet")  # the statement's keyword: the document keeps it
        return found

    c.register_unstructure_hook_factory(
        lambda t: t in records,
        lambda cls: make_dict_unstructure_fn(cls, c, _cattrs_omit_if_default=True, **overrides(cls)))
    c.register_structure_hook_factory(
        lambda t: t in records,
        lambda cls: make_dict_structure_fn(cls, c, _cattrs_forbid_extra_keys=True, **overrides(cls)))
    return c


_converter: cattrs.Converter | None = None


def converter() -> cattrs.Converter:
    global _converter
    if _converter is None:
        _converter = make_converter()
    return _converter


def to_data(games: list[Game]) -> dict[str, Any]:
    """The JSON document of ``games`` as plain data."""
    return {"format": FORMAT, "version": VERSION, "games": converter().unstructure(games, list[Game])}


def game_json_parts(game: Game) -> Iterator[str]:
    """One game as the JSON document holds it (compact), in parts: its tags and the rest, then a deal at
    a time (memory: one deal's data, not the whole game's)."""
    conv = converter()
    shell = conv.unstructure(attrs.evolve(game, deals=()), Game)
    shell.pop("deals", None)
    head = json.dumps(shell, ensure_ascii=False, separators=(",", ":"))
    yield head[:-1] + (',"deals":[' if shell else '"deals":[')
    for number, one in enumerate(game.deals):
        yield ("," if number else "") + json.dumps(conv.unstructure(one, Deal), ensure_ascii=False,
                                                   separators=(",", ":"))
    yield "]}"


def to_json(games: list[Game], *, indent: int | None = 1) -> str:
    return json.dumps(to_data(games), ensure_ascii=False, indent=indent) + "\n"


def iter_json(games: Iterable[Game]) -> Iterator[str]:
    """The text of :func:`to_json` (indented by one) in parts, a deal at a time, so that a long file, or
    one long game, converts in the memory of one deal's data (and the game's records)."""
    head = json.dumps({"format": FORMAT, "version": VERSION}, ensure_ascii=False, indent=1)[:-2]
    yield head + ',\n "games": ['
    count = 0
    for one in games:
        yield ("," if count else "") + "\n  "
        yield from _indented_game(one)
        count += 1
    yield "\n ]\n}\n" if count else "]\n}\n"


#: What stands for a game's deals while the rest of it is written (no text of a game holds it).
_DEALS = "\x00deals\x00"


def _indented_game(game: Game) -> Iterator[str]:
    """One game as :func:`iter_json` writes it in the list of games (indented by one, its lines by two
    more), its deals one at a time: the same text as the game dumped whole."""
    conv = converter()
    if not game.deals:  # a game of tags alone: nothing to cut
        yield json.dumps(conv.unstructure(game, Game), ensure_ascii=False, indent=1).replace("\n", "\n  ")
        return
    shell = conv.unstructure(attrs.evolve(game, deals=game.deals[:1]), Game)  # "deals" where the game has it
    shell["deals"] = _DEALS
    text = json.dumps(shell, ensure_ascii=False, indent=1).replace("\n", "\n  ")
    before, after = text.split(json.dumps(_DEALS), 1)
    yield before + "["
    inside = "\n    "  # a deal of the list stands two deeper than the game's keys, its lines with it
    for number, one in enumerate(game.deals):
        data = json.dumps(conv.unstructure(one, Deal), ensure_ascii=False, indent=1)
        yield ("," if number else "") + inside + data.replace("\n", inside)
    yield ("\n   ]" if game.deals else "]") + after


class _TooLong(ValueError):
    """A JSON number with more digits than the notation allows."""


def _json_int(text: str) -> int:
    if number_too_long(text):
        raise _TooLong(text)
    return int(text)


def _json_float(text: str) -> Decimal:
    if number_too_long(text):
        raise _TooLong(text)
    return Decimal(text)  # not an amount (those are strings or integers): refused by the converter


def _error_at(text: str, position: int, message: str, path: str | None) -> NotationError:
    line = text.count("\n", 0, position) + 1
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return NotationError(message, path=path, line=line, column=position - start + 1,
                         excerpt=text[start: end if end >= 0 else len(text)].rstrip("\r"))


_TOO_DEEP = object()


def _depth(data: Any) -> int:
    """How deep arrays and objects nest in ``data`` (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_NESTING:
                stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def _shown(value: Any) -> str:
    return shorten(str(value) if isinstance(value, Decimal) else json.dumps(value, default=str))


def _why(exc: BaseException, kind: Any) -> str:
    """What a structure hook said, or cattrs' words for what it found."""
    return str(exc) if type(exc) is ValueError and str(exc) else format_exception(exc, kind)


def from_json(text: str, path: str | None = None) -> list[Game]:
    """The games of a JSON document made by :func:`to_json`; :class:`NotationError` if it is not one."""
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float)
    except json.JSONDecodeError as exc:
        raise _error_at(text, exc.pos, _("not JSON: {msg}").format(msg=exc.msg), path) from None
    except _TooLong as exc:
        m = re.search(r"-?[0-9][0-9.eE+-]{" + str(MAX_DIGITS) + ",}", text)
        raise _error_at(text, m.start() if m else 0, ngettext("a number has more than {n} digit: {exc!r}", "a number has more than {n} digits: {exc!r}", MAX_DIGITS).format(n=MAX_DIGITS, exc=shorten(str(exc), 20)), path) from None
    except RecursionError:
        data = _TOO_DEEP  # deeper than Python's stack, and so deeper than the limit
    if data is _TOO_DEEP or _depth(data) > MAX_JSON_NESTING:
        raise NotationError(_("the JSON nests arrays and objects more than {max_json_nesting} deep").format(max_json_nesting=MAX_JSON_NESTING),
                            path=path)
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("games"), list)):
        raise NotationError(_('not a preflog JSON document: expected {"format": "preflog", "version": 1, '
                            '"games": [...]}'), path=path)
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise NotationError(_("preflog JSON version {shown} is not known (this reads version {version})").format(shown=_shown(version), version=VERSION), path=path)
    try:
        games = converter().structure(data["games"], list[Game])
        text = dumps(games)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        found = cattrs.transform_error(exc, format_exception=_why) if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        detail = "; ".join(found[:3]) + (_("; and {value} more").format(value=len(found) - 3) if len(found) > 3 else "")
        raise NotationError(_("the JSON does not describe games: {detail}").format(detail=detail), path=path) from None
    # What JSON can say but the notation forbids (a hand of 9 cards, an unknown player…) is found by
    # reading back the text the games make; its errors point into that text.
    return loads_all(text, _("{value} (as notation)").format(value=path or '<json>'))

#: The module's public names (what other layers and the server may import).
__all__ = [
    "FORMAT", "VERSION", "converter", "from_json", "game_json_parts", "iter_json", "make_converter", "to_data",
    "to_json",
]
