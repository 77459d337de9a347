"""The reader's fast path: deals and tag blocks in their canonical shape, read a line at a time.

A canonical deal is what :mod:`.write` produces and what most typed deals look like: one statement per
line, words one space apart, no comments, glyphs or variations. For such a piece :func:`deal` builds
the very records the grammar and :mod:`.transform` would build, spans included, in one pass over each
line and without Lark. For anything else — and for anything that would be an error — it returns
``None`` and the reader parses the piece with the grammar, which stays the one source of messages. A
differential test holds the two paths to the same records, spans and errors.
"""

from __future__ import annotations

import re
from sys import intern
from array import array
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from ..model.auction import Bids, Call, CallKind, Contract, DARK_WORD, HAND_WORD
from ..model.bids import BID_SPELLINGS
from ..model.cards import CARD_SPELLINGS, Card
from ..model.deal import Discard, PlayerTricks, Result, ResultKind, Talon
from ..model.defence import Decision, DecisionKind, Defence, WhistMode
from ..model.game import Tag
from ..model.hand import Hand
from ..model.limits import MAX_ITEMS, number_too_long
from ..model.play import Claim, ClaimShare, Play, PlayLine
from ..model.span import Span, make_span
from .raw import FIELD_OF, TAG, Flagged, RawDeal, RawHand, RawHands, RawTags, unescape_tag
from .split import Piece
from .vocabulary import STATEMENT_ORDER, is_valid_player_id

#: Characters a canonical deal may hold; any other (a brace, a glyph, a parenthesis…) sends the piece
#: to the grammar. ``?`` is allowed for unknown hands and cards and refused everywhere else.
_FOREIGN = re.compile(r"[^A-Za-z0-9 .:|=+\-?\n\r\u0400-\u04FF]")
_DOTTED = re.compile(r"(?:-|(?:10|[789TJQKAВДКТ])*)(?:\.(?:-|(?:10|[789TJQKAВДКТ])*)){3}")
_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_TAG_CHARACTERS = re.compile(r"[{}%]")

_DECISIONS = {k.value: k for k in DecisionKind}
_PASS, _HERE, _BID = CallKind.PASS, CallKind.HERE, CallKind.BID
_new = tuple.__new__  # a Span without the NamedTuple constructor's keyword handling
_MODES = {m.value: m for m in WhistMode}
_MOST_WORDS = MAX_ITEMS // 2  # well inside the grammar's limit on the items of a statement


class _NotCanonical(Exception):
    """The piece is not in canonical shape (or holds an error): the grammar reads it."""


def _name(word: str) -> str:
    if not is_valid_player_id(word):  # the grammar reads a keyword, a card or a bid as what it is
        raise _NotCanonical
    return intern(word)  # one string per name, however many deals name the player


def _number(word: str) -> int:
    if _DIGITS.fullmatch(word) is None or number_too_long(word):
        raise _NotCanonical
    return int(word)


def deal(piece: Piece) -> RawDeal | None:
    """The raw deal of a canonical ``piece``, exactly as the grammar reads it; ``None`` otherwise."""
    text = piece.text
    if _FOREIGN.search(text) is not None:
        return None
    try:
        return _deal(text, piece.line, piece.column)
    except _NotCanonical:
        return None


def _words(line: str) -> list[str]:
    """The words of a line, one space apart (the column of each follows from those before it: the
    readers count it as they go)."""
    words = line.split(" ")
    if "" in words or len(words) > _MOST_WORDS:
        raise _NotCanonical  # two spaces, or a line opening with one
    return words


def _columns(words: list[str], column: int) -> list[int]:
    """The column of each word of a line whose first word starts at ``column``."""
    columns = []
    for word in words:
        columns.append(column)
        column += len(word) + 1
    return columns


def _deal(text: str, first_line: int, first_column: int) -> RawDeal:
    lines = text.split("\n")
    head_words = _words(lines[0].rstrip("\r "))
    head_columns = _columns(head_words, first_column)
    line = first_line
    if head_words[0] != "deal":
        raise _NotCanonical
    head = make_span(line, first_column, line, first_column + 4)
    last = head
    number = dealer = None
    count = len(head_words)
    i = 1
    if i < count and head_words[i] != "dealer":
        word = head_words[i]
        column = head_columns[i]
        _number(word)
        last = make_span(line, column, line, column + len(word))
        number = (Decimal(word), word, last)
        i += 1
    if i < count:
        if head_words[i] != "dealer" or i + 2 != count:
            raise _NotCanonical
        name, column = _name(head_words[i + 1]), head_columns[i + 1]
        last = make_span(line, column, line, column + len(name))
        dealer = (name, last)
    statements: dict[str, Any] = {}
    hands: RawHands | None = None
    names: tuple[tuple[str, Span], ...] = ()
    place = -1
    for index in range(1, len(lines)):
        stripped = lines[index].rstrip("\r ")
        if not stripped:
            continue
        line = first_line + index
        words = _words(stripped)
        order = _ORDER.get(words[0], -1)
        if order <= place:
            raise _NotCanonical  # not a statement the fast path reads, or out of order
        place = order
        record: Any = _READERS[words[0]](words, line, len(stripped) + 1)
        if type(record) is Flagged:
            names, record = record.names, record.record
        if type(record) is RawHands:
            hands = record
        else:
            statements[FIELD_OF[type(record)]] = record
        last = record.span
    return RawDeal(head, number, dealer, (), hands, statements, (), head.to(last), (), names)


def _hands(words: list[str], line: int, end: int) -> RawHands:
    entries: list[RawHand] = []
    prefix: tuple[str, Span] | None = None
    column = len(words[0]) + 2
    for k in range(1, len(words)):
        word = words[k]
        start, column = column, column + len(word) + 1
        stop = column - 1
        if word[-1] == ":":
            if prefix is not None:
                raise _NotCanonical  # a prefix without a hand
            prefix = (_name(word[:-1]), _new(Span, (line, start, line, stop)))
            continue
        if word == "?":
            hand = None
        elif _DOTTED.fullmatch(word) is not None:
            hand = Hand.from_dotted(word)
        else:
            raise _NotCanonical
        if prefix is None:
            entries.append(RawHand(None, hand, (), _new(Span, (line, start, line, stop))))
        else:
            entries.append(RawHand(prefix, hand, (), _new(Span, (line, prefix[1][1], line, stop))))
            prefix = None
    if prefix is not None or not entries:
        raise _NotCanonical
    return RawHands(tuple(entries), _new(Span, (line, 1, line, end)))


def _two_cards(kind: type[Talon] | type[Discard], words: list[str], line: int, end: int) -> Any:
    """A talon or a discard: two different cards, or ``?``."""
    if len(words) == 2 and words[1] == "?":
        return kind(None, (), _new(Span, (line, 1, line, end)))
    if len(words) != 3:
        raise _NotCanonical
    first, second = CARD_SPELLINGS.get(words[1]), CARD_SPELLINGS.get(words[2])
    if first is None or second is None or first is second:
        raise _NotCanonical
    return kind((first, second), (), _new(Span, (line, 1, line, end)))


def _bids(words: list[str], line: int, end: int) -> Bids:
    calls: list[Call] = []
    player: str | None = None
    dark = hand = False
    start = 0
    count = len(words)
    if count < 2:
        raise _NotCanonical
    column = len(words[0]) + 2
    for k in range(1, count):
        word = words[k]
        if player is None and not dark and not hand:
            start = column
        column += len(word) + 1
        if word == "pass":
            kind, bid = _PASS, None
        elif word == "here":
            kind, bid = _HERE, None
        elif (bid := BID_SPELLINGS.get(word)) is not None:
            kind = _BID
        elif word == DARK_WORD and not dark and not hand:
            dark = True
            continue
        elif word == HAND_WORD and not hand:
            hand = True
            continue
        elif word[-1] == ":" and player is None and not dark and not hand:
            player = _name(word[:-1])
            continue
        else:
            raise _NotCanonical
        calls.append(Call(kind, bid, player, dark, hand, None, (), _new(Span, (line, start, line, column - 1))))
        player, dark, hand = None, False, False
    if player is not None or dark or hand:
        raise _NotCanonical  # a prefix or a modifier without its call
    return Bids(tuple(calls), _new(Span, (line, 1, line, end)))


def _contract(words: list[str], line: int, end: int) -> Flagged:
    count = len(words)
    if count == 3 and words[1][-1:] == ":":
        name, column = _name(words[1][:-1]), len(words[0]) + 2
        declarer: tuple[str, Span] | None = (name, _new(Span, (line, column, line, column + len(name) + 1)))
    elif count == 2:
        declarer = None
    else:
        raise _NotCanonical
    bid = BID_SPELLINGS.get(words[-1])
    if bid is None:
        raise _NotCanonical
    record = Contract(bid, None if declarer is None else declarer[0], None, (), _new(Span, (line, 1, line, end)),
                      _new(Span, (line, end - len(words[-1]), line, end)))
    return Flagged(record, (), () if declarer is None else (declarer,))


def _defence(words: list[str], line: int, end: int) -> Defence:
    mode = _MODES.get(words[-1]) if len(words) > 2 else None
    decided = words[1:-1] if mode is not None else words[1:]
    if not decided:
        raise _NotCanonical
    decisions = []
    column = len(words[0]) + 2
    for word in decided:
        kind = _DECISIONS.get(word)
        if kind is None:
            raise _NotCanonical
        start, column = column, column + len(word) + 1
        decisions.append(Decision(kind, None, (), _new(Span, (line, start, line, column - 1))))
    return Defence(tuple(decisions), mode, (), _new(Span, (line, 1, line, end)),
                   None if mode is None else _new(Span, (line, end - len(words[-1]), line, end)))


def _play(words: list[str], line: int, end: int) -> Play:
    plain: list[Card] = []
    places: list[int] = []
    spellings = CARD_SPELLINGS
    after_bar = True  # a bar may not open the play nor follow a bar
    column = len(words[0]) + 2
    for k in range(1, len(words)):
        word = words[k]
        card: Card | None = spellings.get(word)
        start, column = column, column + len(word) + 1
        if card is not None:
            plain.append(card)
            places += (line, start, column - 1)
            after_bar = False
        elif word == "|" and not after_bar and len(plain) % 3 == 0:
            after_bar = True
        else:
            raise _NotCanonical
    return Play(PlayLine.of_cards(tuple(plain), array("I", places)), (), _new(Span, (line, 1, line, end)))


def _claim(words: list[str], line: int, end: int) -> Claim:
    count = len(words)
    shares: tuple[ClaimShare, ...]
    columns = _columns(words, 1)
    if count == 2:
        name, column = _name(words[1]), columns[1]
        shares = (ClaimShare(name, None, _new(Span, (line, column, line, column + len(name)))),)
    elif count >= 3 and count % 2 == 1:
        built = []
        for k in range(1, count, 2):
            name, tricks = _name(words[k]), _number(words[k + 1])
            built.append(ClaimShare(name, tricks, _new(Span, (line, columns[k], line, columns[k + 1] + len(words[k + 1])))))
        shares = tuple(built)
    else:
        raise _NotCanonical
    return Claim(shares, (), _new(Span, (line, 1, line, end)))


def _result(words: list[str], line: int, end: int) -> Result:
    count = len(words)
    where = _new(Span, (line, 1, line, end))
    if count == 2:
        word = words[1]
        at = _new(Span, (line, end - len(word), line, end))
        if word == "=":
            return Result(ResultKind.RELATIVE, count=0, span=where, count_span=at)
        if _SIGNED.fullmatch(word) is None or number_too_long(word):
            raise _NotCanonical
        if word[0] in "+-":
            return Result(ResultKind.RELATIVE, count=int(word), span=where, count_span=at)
        tricks = int(word)
        if tricks > 10:
            raise _NotCanonical
        return Result(ResultKind.DECLARER, count=tricks, span=where, count_span=at)
    if count < 3 or count % 2 == 0:
        raise _NotCanonical
    pairs = []
    seen = set()
    column = len(words[0]) + 2
    for k in range(1, count, 2):
        name, number = words[k], words[k + 1]
        tricks = _number(number)
        if tricks > 10 or name in seen:
            raise _NotCanonical
        seen.add(name)
        start, column = column, column + len(name) + len(number) + 2
        pairs.append(PlayerTricks(_name(name), tricks, _new(Span, (line, start, line, column - 1)),
                                  _new(Span, (line, column - 1 - len(number), line, column - 1))))
    return Result(ResultKind.TRICKS, tuple(pairs), span=where)


#: The statement each keyword opens, read by the fast path (penalty and sheet go to the grammar).
_READERS: dict[str, Callable[[list[str], int, int], Any]] = {
    "hands": _hands, "talon": partial(_two_cards, Talon), "bids": _bids, "discard": partial(_two_cards, Discard),
    "contract": _contract, "whist": _defence, "play": _play, "claim": _claim, "result": _result,
}
_ORDER = {word: place for place, word in enumerate(STATEMENT_ORDER) if word in _READERS}


def tags(piece: Piece) -> RawTags | None:
    """The raw tag block of a canonical ``piece`` (a tag to a line, no comments); ``None`` otherwise."""
    text = piece.text
    if _TAG_CHARACTERS.search(text) is not None:
        return None
    found: list[Tag] = []
    for index, raw in enumerate(text.split("\n")):
        stripped = raw.rstrip("\r")
        if not stripped.strip(" \t"):
            continue
        written = stripped.lstrip(" \t")
        m = TAG.fullmatch(written.rstrip(" \t"))
        if m is None:
            return None
        line = piece.line + index
        column = len(stripped) - len(written) + (piece.column if index == 0 else 1)
        found.append(Tag(m.group(1), unescape_tag(m.group(2)), make_span(line, column, line, column + m.end())))
    if not found or len(found) > _MOST_WORDS:
        return None
    first, last = found[0].span, found[-1].span
    assert first is not None and last is not None
    return RawTags(tuple(found), (), first.to(last))
