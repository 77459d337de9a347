"""The reader's fast path: deals and tag blocks as people and the writer lay them out, without Lark.

Most deals put each statement on a line of its own (or carry it on over the lines after it) with its
words, ``{…}`` comments, glyphs, variations and ``%`` notes written as :mod:`.write` writes them. For
such a piece :func:`deal` builds the very records the grammar and :mod:`.transform` would build, spans
included, in one pass over its words. For anything else — and for anything that would be an error —
it returns ``None`` and the reader parses the piece with the grammar, which stays the one source of
messages. A differential test holds the two paths to the same records, spans and errors.

A line is cut into words at single spaces, or, when it holds a mark (a comment, a note, a glyph, a
parenthesis, a run of spaces, a tab), by :data:`_TOKEN`; a comment the line does not close carries it on to
the line of its ``}``, the comment one word. A statement is the line its keyword opens and the lines
after it that open with no keyword. ``%`` notes are dropped here: :mod:`.notes` gives them to
their elements afterwards, whichever path read the piece.
"""

from __future__ import annotations

import re
from sys import intern
from array import array
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any, Final

from ..model.annotations import Comment, Glyph
from ..model.build import builder
from ..model.auction import Bids, Call, CallKind, Contract, DARK_WORD, HAND_WORD, TOTUS_WORD
from ..model.bids import BID_SPELLINGS, Bid
from ..model.cards import CARD_SPELLINGS, Card
from ..model.deal import (
    Checkpoint, CheckpointEntry, CheckpointWhist, Discard, Penalty, PenaltyKind, PlayerTricks, Result, ResultKind, Talon,
)
from ..model.defence import Decision, DecisionKind, Defence, WhistMode
from ..model.game import Tag
from ..model.hand import CANONICAL_PARTS, Hand
from ..model.limits import MAX_ITEMS, MAX_NESTING, number_too_long
from ..model.play import Claim, ClaimShare, Play, PlayedCard, PlayLine, Variation
from ..model.span import Span, make_span
from .raw import FIELD_OF, TAG, Flagged, RawDeal, RawHand, RawHands, RawTags, unescape_tag
from .split import Piece
from .vocabulary import ALL_PASS, RUSSIAN_WORDS, STATEMENT_ORDER, is_valid_player_id

#: Characters the words of a deal may hold (outside comments and notes); any other (a comma, a form feed…)
#: sends the piece to the grammar. ``?`` is an unknown hand or card, or a glyph.
_FOREIGN: Final = re.compile(r"[^A-Za-z0-9 \t.:;|=+\-?!(){}%\n\r\u0400-\u04FF♠♣♦♥♤♧♢♡]")
#: What a line needs :data:`_TOKEN` for: a comment, a note, a glyph, a parenthesis (or spaces in a
#: row, found apart: the pattern without that alternative is scanned several times faster).
_MARKS: Final = re.compile(r"[{}%()!?]")
#: The comments and notes of a piece, in one pass (a ``%`` inside a comment is the comment's). A comment
#: left open runs to the end of the piece (which the grammar then reads), so that each ``{`` without a
#: ``}`` after it does not scan the rest of the piece again.
_NOTES: Final = re.compile(r"\{[^}]*\}?|%[^\n]*")
#: On a line: a closed comment, a note, or a brace that opens a comment the line does not close.
_OPENS: Final = re.compile(r"\{[^}\n]*\}|%[^\n]*|\{")
#: The words of a marked line: a comment, a parenthesis, a glyph, a note's start, a plain word, or a
#: brace that opens or closes nothing on this line (the grammar's to read).
_TOKEN: Final = re.compile(r"\{[^}]*\}|[()]|[!?]+|%|[^ \t{}()!?%]+|[{}]")
_DOTTED: Final = re.compile(r"(?:-|(?:10|[789TJQKAВДКТ])*)(?:\.(?:-|(?:10|[789TJQKAВДКТ])*)){3}")
_DIGITS: Final = re.compile(r"[0-9]+")
_SIGNED: Final = re.compile(r"[+-]?[0-9]+")
_AMOUNT: Final = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")  # the grammar's NUMBER: a sheet's or a penalty's
_BLANK: Final = re.compile(r"[ \t]*")
_BLANKS: Final = "\r \t"  # what ends a line and is no word of it

_GLYPHS: Final = {g.value: g for g in Glyph}
_PASS: Final = CallKind.PASS
_HERE: Final = CallKind.HERE
_BID: Final = CallKind.BID
_new: Final = tuple.__new__  # a Span without the NamedTuple constructor's keyword handling
_MOST_WORDS: Final = MAX_ITEMS // 2  # well inside the grammar's limit on the items of a statement


# the records read here, built in C (model.build: the same records, without the interpreter's __init__)
_Call: Final = builder(Call)
_Bids: Final = builder(Bids)
_Contract: Final = builder(Contract)
_Decision: Final = builder(Decision)
_Defence: Final = builder(Defence)
_Result: Final = builder(Result)
_PlayerTricks: Final = builder(PlayerTricks)
_Talon: Final = builder(Talon)
_Discard: Final = builder(Discard)
_Comment: Final = builder(Comment)
_PlayedCard: Final = builder(PlayedCard)
_Penalty: Final = builder(Penalty)
_Checkpoint: Final = builder(Checkpoint)
_CheckpointEntry: Final = builder(CheckpointEntry)
_CheckpointWhist: Final = builder(CheckpointWhist)

# enum members as module constants: an enum class's attribute goes through its metaclass's __getattr__
# hook (Python 3.11), about ten times the cost of a constant's
_RESULT_DECLARER: Final = ResultKind.DECLARER
_RESULT_RELATIVE: Final = ResultKind.RELATIVE
_RESULT_TRICKS: Final = ResultKind.TRICKS
_PENALTY_KINDS: Final = {k.value: k for k in PenaltyKind}
_TOTUS: Final = frozenset({TOTUS_WORD, *(ru for ru, word in RUSSIAN_WORDS.items() if word == TOTUS_WORD)})


def _spellings(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` by their word, and by each Russian word the notation reads as one of them."""
    return {**values, **{ru: values[word] for ru, word in RUSSIAN_WORDS.items() if word in values}}


_CALLS: Final = _spellings({"pass": _PASS, "here": _HERE})
_DECISIONS: Final = _spellings({k.value: k for k in DecisionKind})
_MODES: Final = _spellings({m.value: m for m in WhistMode})
_ALL_PASS: Final = frozenset(ru for ru, word in RUSSIAN_WORDS.items() if word == ALL_PASS)  # a whole auction of passes
_WHIST: Final = frozenset(word for word, kind in _DECISIONS.items() if kind is DecisionKind.WHIST)  # also a keyword
_KEYWORDS: Final = frozenset(STATEMENT_ORDER) | _WHIST
_SUITS: Final = re.compile(r"[♠♣♦♥♤♧♢♡](?:-|(?:10|[789TJQKAВДКТ])+)")  # a suit group of a hand

#: A statement's words with the line and column of each.
Words = tuple[list[str], list[int], list[int]]


class _NotCanonical(Exception):
    """The piece is not in a shape the fast path reads (or holds an error): the grammar reads it."""


def _name(word: str) -> str:
    name = _NAMES.get(word)
    if name is not None:
        return name
    if not is_valid_player_id(word):  # the grammar reads a keyword, a card or a bid as what it is
        raise _NotCanonical
    if len(_NAMES) < _MOST_NAMES:
        _NAMES[word] = intern(word)
    return intern(word)  # one string per name, however many deals name the player


_NAMES: Final[dict[str, str]] = {}  # the names read so far, each checked once
_MOST_NAMES: Final = 4096  # however many names a hostile file makes up


def _number(word: str) -> int:
    if _DIGITS.fullmatch(word) is None or number_too_long(word):
        raise _NotCanonical
    return int(word)


def _at(words: Words, k: int) -> Span:
    """The span of word ``k``."""
    row, column = words[1][k], words[2][k]
    return _new(Span, (row, column, row, column + len(words[0][k])))


def _to(first: Span, last: Span) -> Span:
    """``first.to(last)`` without a call into the interpreter (``Span`` is a Python class)."""
    return _new(Span, (first[0], first[1], last[2], last[3]))


def _whole(words: Words) -> Span:
    """The span of a statement: its first word to its last."""
    w, r, c = words
    last = w[-1]
    if "\n" in last:
        return _new(Span, (r[0], c[0], *_end_over(words, len(w) - 1)))
    return _new(Span, (r[0], c[0], r[-1], c[-1] + len(last)))


def _end_over(words: Words, k: int) -> tuple[int, int]:
    """Where word ``k``, a comment over several lines, ends: its last line, and the column after it."""
    word = words[0][k]
    return words[1][k] + word.count("\n"), len(word) - word.rfind("\n")


def _comment_span(words: Words, k: int) -> Span:
    """The span of word ``k``, a comment: on its line, or over several."""
    if "\n" in words[0][k]:
        return _new(Span, (words[1][k], words[2][k], *_end_over(words, k)))
    return _at(words, k)


def _comment(words: Words, k: int) -> Comment:
    return _Comment(words[0][k][1:-1], _comment_span(words, k))


def _trailing(words: Words, start: int = 1) -> tuple[int, tuple[Comment, ...]]:
    """Where the comments that close a statement begin (its length if none), and those comments."""
    w = words[0]
    end = len(w)
    if w[-1][0] != "{":
        return end, ()
    first = end
    while first > start and w[first - 1][0] == "{":
        first -= 1
    return first, tuple(_comment(words, k) for k in range(first, end))


def _leading(words: Words, k: int) -> tuple[int, tuple[Comment, ...]]:
    """The comments from word ``k`` on (those that open a play or a variation), and where they end."""
    w = words[0]
    start = k
    while k < len(w) and w[k][0] == "{":
        k += 1
    return k, tuple(_comment(words, i) for i in range(start, k))


def deal(piece: Piece) -> RawDeal | None:
    """The raw deal of ``piece``, exactly as the grammar reads it; ``None`` if the grammar must read it."""
    text = piece.text
    if _FOREIGN.search(text) is not None and _FOREIGN.search(_NOTES.sub(" ", text)) is not None:
        return None
    try:
        return _deal(text, piece.line, piece.column, _MARKS.search(text) is not None or "  " in text)
    except _NotCanonical:
        return None


def _tokens(line: str, row: int, column: int) -> Words:
    """The words of a marked line, with the line and column of each (``row`` and ``column`` those of
    its first character). A comment the line carries over the lines below (``line`` then holds them,
    its newlines inside comments) is one word."""
    words: list[str] = _TOKEN.findall(line)  # the words only: a match object each costs more than
    columns: list[int] = []                   # finding each word's column after the spaces before it
    carried = "\n" in line
    rows: list[int] = []
    at = below = 0
    newline = -1  # the last newline before ``at``
    for i, word in enumerate(words):
        if word == "%":
            del words[i:]  # a note, to the end of the (last) line
            break
        if word == "{" or word == "}":
            raise _NotCanonical  # a comment left open, or a stray brace
        while line[at] == " " or line[at] == "\t":
            at += 1
        if not carried:
            columns.append(column + at)
            at += len(word)
            continue
        rows.append(row + below)
        columns.append(column + at if not below else at - newline)
        end = at + len(word)
        lines = line.count("\n", at, end)
        if lines:
            below += lines
            newline = line.rfind("\n", at, end)
        at = end
    return words, rows if carried else [row] * len(words), columns


def _open_comment(line: str, at: int = 0) -> int:
    """Where a comment that ``line`` does not close opens, from ``at`` on (outside its notes and its
    closed comments); -1 if none does."""
    for found in _OPENS.finditer(line, at):
        if found.end() - found.start() == 1 and line[found.start()] == "{":  # not a note of one "%"
            return found.start()
    return -1


def _statements(text: str, first_line: int, first_column: int, marked: bool) -> list[Words]:
    """The piece's statements, the deal's head first: each the line its keyword opens and the lines
    after it that open with another word (or, in ``whist``, with the decision ``whist`` or ``вист``).
    A comment carried over several lines counts as a word of the line it opens on."""
    found: list[Words] = []
    lines = text.split("\n")
    index = start = 0  # the next line, and where it starts in ``text``
    while index < len(lines):
        raw = lines[index]
        row = first_line + index
        column = first_column if index == 0 else 1
        opens_at = start
        index += 1
        start += len(raw) + 1
        stripped = raw.rstrip(_BLANKS)
        if not stripped:
            continue
        if (marked and _MARKS.search(stripped) is not None) or stripped[0] == " " or "  " in stripped or "\t" in stripped:
            opened = _open_comment(stripped) if marked else -1
            if opened >= 0:  # a comment that the line does not close: the line goes on to the line of its "}"
                line_start = opens_at  # where the line scanned starts in ``text``
                while opened >= 0:
                    close = text.find("}", line_start + opened)
                    if close < 0:
                        raise _NotCanonical  # a comment left open
                    while start <= close:
                        line_start = start
                        start += len(lines[index]) + 1
                        index += 1
                    opened = _open_comment(lines[index - 1].rstrip(_BLANKS), close - line_start + 1)  # after the "}"
                stripped = text[opens_at:start - 1].rstrip(_BLANKS)
            words, rows, columns = _tokens(stripped, row, column)
            if not words:
                continue  # a line of notes
        else:
            words = stripped.split(" ")
            rows = [row] * len(words)
            columns = []
            for word in words:
                columns.append(column)
                column += len(word) + 1
        if found and (words[0] not in _KEYWORDS or (words[0] in _WHIST and found[-1][0][0] in _WHIST)):  # a decision
            w, r, c = found[-1]
            w += words
            r += rows
            c += columns
            if len(w) > _MOST_WORDS:
                raise _NotCanonical
        else:
            if len(words) > _MOST_WORDS:
                raise _NotCanonical
            found.append((words, rows, columns))
    return found


def _deal(text: str, first_line: int, first_column: int, marked: bool) -> RawDeal:
    statements_words = _statements(text, first_line, first_column, marked)
    if not statements_words:
        raise _NotCanonical
    head_words = statements_words[0]
    w = head_words[0]
    if w[0] != "deal":
        raise _NotCanonical
    count, comments = _trailing(head_words)
    head = _at(head_words, 0)
    number = dealer = None
    i = 1
    if i < count and w[i] != "dealer":
        _number(w[i])
        number = (Decimal(w[i]), w[i], _at(head_words, i))
        i += 1
    if i < count:
        if w[i] != "dealer" or i + 2 != count:
            raise _NotCanonical
        dealer = (_name(w[i + 1]), _at(head_words, i + 1))
    last = _comment_span(head_words, len(w) - 1)  # a word, or a comment (over several lines, maybe)
    statements: dict[str, Any] = {}
    hands: RawHands | None = None
    names: tuple[tuple[str, Span], ...] = ()
    penalties: list[Penalty] = []
    place = -1
    for words in statements_words[1:]:
        keyword = words[0][0]
        order = _ORDER.get(keyword, -1)
        if order <= place and not (order == place and keyword == "penalty"):
            raise _NotCanonical  # not a statement the fast path reads, or out of order (penalties may repeat)
        place = order
        record: Any = _READERS[keyword](words)
        if type(record) is Flagged:
            names += record.names
            record = record.record
        if type(record) is RawHands:
            hands = record
        elif type(record) is Penalty:
            penalties.append(record)
        else:
            statements[FIELD_OF[type(record)]] = record
        last = record.span
    return _new(RawDeal, (head, number, dealer, comments, hands, statements, tuple(penalties), _to(head, last), (), names))


class _Entry:
    """A hand entry being read: its prefix, the kind of its hand (``DOTTED``, ``UNKNOWN``, ``groups``;
    ``None`` before it), the hand's words, its comments and its span (the prefix to the hand)."""

    __slots__ = ("prefix", "kind", "values", "comments", "span", "cards")

    def __init__(self, prefix: tuple[str, Span] | None, kind: str | None, values: list[str], span: Span,
                 cards: tuple[Card, ...] | None = None) -> None:
        self.prefix, self.kind, self.values, self.span = prefix, kind, values, span
        self.comments: tuple[Comment, ...] = ()
        self.cards = cards  # a dotted hand's, when each suit is spelled canonically

    def continues(self) -> bool:
        """An unprefixed suit-grouped hand ends when it has 10 cards or a suit comes again."""
        if self.prefix is not None:
            return True
        suits = [group[0] for group in self.values]
        return len(set(suits)) == len(suits) and len(Hand.from_groups(self.values)) < 10

    def entry(self) -> RawHand:
        if self.kind is None:
            raise _NotCanonical  # a prefix without a hand
        value = self.values[0]
        hand = (Hand.canonical(self.cards) if self.cards is not None else Hand.from_dotted(value) if self.kind == "DOTTED" else
                None if self.kind == "UNKNOWN" else Hand.from_groups(self.values))
        return _new(RawHand, (self.prefix, hand, self.comments, self.span, False))


def _canonical(text: str) -> tuple[Card, ...] | None:
    """The cards of a dotted hand whose every suit is spelled canonically, looked up in the table of
    those spellings; ``None`` for any other word."""
    parts = text.split(".")
    if len(parts) == 4:
        a, b = CANONICAL_PARTS[0].get(parts[0]), CANONICAL_PARTS[1].get(parts[1])
        c, d = CANONICAL_PARTS[2].get(parts[2]), CANONICAL_PARTS[3].get(parts[3])
        if a is not None and b is not None and c is not None and d is not None:
            return a + b + c + d
    return None


def _hands(words: Words) -> RawHands:
    """The entries as the grammar's callback assembles them from its flat items (a prefix opens an
    entry; a dotted hand, ``?`` or a run of suit groups is its hand; comments follow it)."""
    w = words[0]
    entries: list[_Entry] = []
    for k in range(1, len(w)):
        word = w[k]
        current = entries[-1] if entries else None
        if word[0] == "{":
            if current is None:
                raise _NotCanonical  # a comment must follow a hand
            current.comments += (_comment(words, k),)
            continue
        where = _at(words, k)
        if word[-1] == ":":
            entries.append(_Entry((_name(word[:-1]), where), None, [], where))
            continue
        cards = None
        if word == "?":
            kind = "UNKNOWN"
        elif (cards := _canonical(word)) is not None or _DOTTED.fullmatch(word) is not None:
            kind = "DOTTED"
        elif _SUITS.fullmatch(word) is not None:
            kind = "groups"
        else:
            raise _NotCanonical
        if current is not None and not current.comments and (
                current.kind is None or (kind == current.kind == "groups" and current.continues())):
            current.kind, current.cards = kind, cards
            current.values.append(word)
            current.span = _to(current.span, where)
        else:
            entries.append(_Entry(None, kind, [word], where, cards))
    if not entries:
        raise _NotCanonical
    return _new(RawHands, (tuple([e.entry() for e in entries]), _whole(words)))


def _two_cards(kind: Callable[..., Talon | Discard], words: Words) -> Any:
    """A talon or a discard: two different cards, or ``?``; then its comments."""
    w = words[0]
    count, comments = _trailing(words)
    if count == 2 and w[1] == "?":
        return kind(None, comments, _whole(words))
    if count != 3:
        raise _NotCanonical
    first, second = CARD_SPELLINGS.get(w[1]), CARD_SPELLINGS.get(w[2])
    if first is None or second is None or first is second:
        raise _NotCanonical
    return kind((first, second), comments, _whole(words))


def _bids(words: Words) -> Bids:
    w, r, c = words
    calls: list[Call] = []
    # the call just read, while a glyph or comments may follow it: what it says and where it starts
    kind: CallKind | None = None
    bid: Bid | None = None
    said: tuple[str | None, bool, bool] = (None, False, False)  # its player, dark and hand
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()
    start_row = start_column = end_row = end_column = 0  # where it starts and ends
    glyph_may_follow = False
    player: str | None = None  # the next call's prefix and modifiers, and where they start
    dark = hand = False
    opened = 0  # the word that opens the next call, while its prefix or modifiers are read
    count = len(w)
    if count < 2:
        raise _NotCanonical
    if w[1] in _ALL_PASS:
        return _all_pass(words)
    for k in range(1, count):
        word = w[k]
        if (new_kind := _CALLS.get(word)) is not None:
            new_bid = None
        elif (new_bid := BID_SPELLINGS.get(word)) is not None:
            new_kind = _BID
        elif word == DARK_WORD and not dark and not hand:
            dark = True
            opened = opened or k
            continue
        elif word == HAND_WORD and not hand:
            hand = True
            opened = opened or k
            continue
        elif word[-1] == ":" and player is None and not dark and not hand:
            player = _name(word[:-1])
            opened = k
            continue
        elif kind is not None and not opened:
            if word[0] == "{":
                comments += (_comment(words, k),)
            elif glyph_may_follow and word in _GLYPHS:
                glyph = _GLYPHS[word]
            else:
                raise _NotCanonical
            end_row, end_column = _end_over(words, k) if "\n" in word else (r[k], c[k] + len(word))
            glyph_may_follow = False
            continue
        else:
            raise _NotCanonical
        if kind is not None:
            calls.append(_Call(kind, bid, *said, glyph, comments,
                               _new(Span, (start_row, start_column, end_row, end_column))))
        kind, bid, said, glyph, comments = new_kind, new_bid, (player, dark, hand), None, ()
        first = opened or k
        start_row, start_column, end_row, end_column = r[first], c[first], r[k], c[k] + len(word)
        glyph_may_follow = True
        player, dark, hand, opened = None, False, False, 0
    if kind is None or opened:
        raise _NotCanonical  # a prefix or a modifier without its call
    calls.append(_Call(kind, bid, *said, glyph, comments, _new(Span, (start_row, start_column, end_row, end_column))))
    return _Bids(tuple(calls), _whole(words))


def _all_pass(words: Words) -> Bids:
    """``bids распасы``: the three passes, each where the word is, its comments on the last."""
    count, comments = _trailing(words, 2)
    if count != 2:
        raise _NotCanonical
    where = _at(words, 1)
    passes = (_Call(_PASS, span=where), _Call(_PASS, span=where), _Call(_PASS, comments=comments, span=where))
    return _Bids(passes, _whole(words))


def _contract(words: Words) -> Flagged:
    """``contract [NAME:] BID [GLYPH]``, or a totus: ``contract [NAME:] totus BID [GLYPH] PARTNER…``
    (Classic, the partners it helps on a bomb); then its comments. The names it gives: the declarer's,
    then the partners'."""
    w = words[0]
    count, comments = _trailing(words)
    names: list[tuple[str, Span]] = []
    k = 1
    if count > 2 and w[1][-1:] == ":":
        names.append((_name(w[1][:-1]), _at(words, 1)))
        k = 2
    declarer = names[0][0] if names else None
    totus = k < count and w[k] in _TOTUS
    if totus:
        k += 1
    bid = BID_SPELLINGS.get(w[k]) if k < count else None
    if bid is None:
        raise _NotCanonical
    bid_at = k
    glyph = _GLYPHS.get(w[k + 1]) if k + 1 < count else None
    k += 1 if glyph is None else 2
    while totus and k < count:
        names.append((_name(w[k]), _at(words, k)))
        k += 1
    if k != count:
        raise _NotCanonical
    helped = tuple(name for name, _ in names[declarer is not None:])
    record = _Contract(bid, declarer, glyph, comments, _whole(words), _at(words, bid_at), totus, helped)
    return _new(Flagged, (record, (), tuple(names)))


def _defence(words: Words) -> Defence:
    w = words[0]
    decisions: list[Decision] = []
    kind: DecisionKind | None = None  # the decision being read
    glyph: Glyph | None = None
    notes: list[Comment] = []
    start = end = _at(words, 0)
    glyph_may_follow = False
    mode: WhistMode | None = None
    mode_span: Span | None = None
    comments: list[Comment] = []
    for k in range(1, len(w)):
        word = w[k]
        if word[0] == "{":
            (comments if mode is not None else notes).append(_comment(words, k))
            if kind is None and mode is None:
                raise _NotCanonical  # a comment must follow a decision
            end = _comment_span(words, k)
            glyph_may_follow = False
            continue
        if mode is not None:
            raise _NotCanonical  # only comments after the mode
        if glyph_may_follow and word in _GLYPHS:
            glyph, end = _GLYPHS[word], _at(words, k)
            glyph_may_follow = False
            continue
        if kind is not None:
            decisions.append(_Decision(kind, glyph, tuple(notes), _to(start, end)))
        if word in _DECISIONS:
            kind, glyph, notes = _DECISIONS[word], None, []
            start = end = _at(words, k)
            glyph_may_follow = True
        elif word in _MODES and kind is not None:
            mode, mode_span, kind = _MODES[word], _at(words, k), None
        else:
            raise _NotCanonical
    if kind is not None:
        decisions.append(_Decision(kind, glyph, tuple(notes), _to(start, end)))
    if not decisions:
        raise _NotCanonical
    return _Defence(tuple(decisions), mode, tuple(comments), _whole(words), mode_span)


def _play(words: Words) -> Play:
    count = len(words[0])
    k, lead = _leading(words, 1)
    plain: list[Card] = []
    places: list[int] = []
    notes: dict[int, _Notes] = {}
    if _line(words, k, plain, places, notes, 0, 0) != count:
        raise _NotCanonical  # a parenthesis closing nothing
    return Play(_line_of(plain, places, notes), lead, _whole(words))


class _Notes:
    """What was written after a card: its glyph, comments and variations."""

    __slots__ = ("glyph", "comments", "variations")

    def __init__(self) -> None:
        self.glyph: Glyph | None = None
        self.comments: tuple[Comment, ...] = ()
        self.variations: tuple[Variation, ...] = ()


def _line_of(plain: list[Card], places: list[int], notes: dict[int, _Notes]) -> PlayLine:
    """The cards of a line as read, their places and what was written after some of them, as a line of
    play: the annotated cards made records, each with its span (:meth:`PlayLine.span_of`)."""
    cards, where = tuple(plain), array("I", places)
    line = PlayLine.of_cards(cards, where)
    if not notes:
        return line
    return PlayLine.of_cards(cards, where, {
        i: _PlayedCard(plain[i], n.glyph, n.comments, n.variations, line.span_of(i)) for i, n in notes.items()})


def _line(words: Words, k: int, plain: list[Card], places: list[int], notes: dict[int, _Notes], offset: int,
          level: int) -> int:
    """Read the cards of one line of play (the main line or a variation, ``level`` deep, its cards after
    ``offset`` others) from word ``k`` into ``plain``, ``places`` and ``notes``; where it stopped: at
    its ``)``, or at the end."""
    w, r, c = words
    count = len(w)
    spellings = CARD_SPELLINGS
    last = "bar"  # the kind of the item before: card, bar, glyph, comment, variation (a bar cannot open)
    while k < count:
        word = w[k]
        card = spellings.get(word)
        if card is not None:
            plain.append(card)
            column = c[k]
            places += (r[k], column, column + len(word))
            last = "card"
        elif word == "|":
            if last == "bar" or (offset + len(plain)) % 3:
                raise _NotCanonical
            last = "bar"
        elif word == ")":
            return k
        elif not plain:
            raise _NotCanonical  # a glyph, comment or variation must follow a card
        elif word[0] == "{":
            note = notes.setdefault(len(plain) - 1, _Notes())
            note.comments += (_comment(words, k),)
            last = "comment"
        elif word in _GLYPHS:
            if last != "card":
                raise _NotCanonical  # a glyph must follow its card directly
            notes.setdefault(len(plain) - 1, _Notes()).glyph = _GLYPHS[word]
            last = "glyph"
        elif word == "(":
            k = _variation(words, k, plain, notes, offset, level)
            last = "variation"
        else:
            raise _NotCanonical
        k += 1
    return k


def _variation(words: Words, k: int, plain: list[Card], notes: dict[int, _Notes], offset: int, level: int) -> int:
    """Read the variation opening at word ``k`` into the notes of the last card of ``plain``; its ``)``."""
    if level == MAX_NESTING:
        raise _NotCanonical  # nested too deep
    count = len(words[0])
    start = k
    k, lead = _leading(words, k + 1)
    inner: list[Card] = []
    places: list[int] = []
    inner_notes: dict[int, _Notes] = {}
    k = _line(words, k, inner, places, inner_notes, offset + len(plain) - 1, level + 1)
    if k == count:
        raise _NotCanonical  # a variation left open
    note = notes.setdefault(len(plain) - 1, _Notes())
    note.variations += (Variation(tuple(_line_of(inner, places, inner_notes)), lead, _to(_at(words, start), _at(words, k))),)
    return k


def _claim(words: Words) -> Claim:
    w = words[0]
    count, comments = _trailing(words)
    shares: tuple[ClaimShare, ...]
    if count == 2:
        shares = (ClaimShare(_name(w[1]), None, _at(words, 1)),)
    elif count >= 3 and count % 2 == 1:
        built = []
        for k in range(1, count, 2):
            name, tricks = _name(w[k]), _number(w[k + 1])
            built.append(ClaimShare(name, tricks, _to(_at(words, k), _at(words, k + 1))))
        shares = tuple(built)
    else:
        raise _NotCanonical
    return Claim(shares, comments, _whole(words))


def _result(words: Words) -> Result:
    w = words[0]
    count, comments = _trailing(words)
    where = _whole(words)
    if count == 2:
        word = w[1]
        at = _at(words, 1)
        if word == "=":
            return _Result(_RESULT_RELATIVE, count=0, comments=comments, span=where, count_span=at)
        if _SIGNED.fullmatch(word) is None or number_too_long(word):
            raise _NotCanonical
        if word[0] in "+-":
            return _Result(_RESULT_RELATIVE, count=int(word), comments=comments, span=where, count_span=at)
        tricks = int(word)
        if tricks > 10:
            raise _NotCanonical
        return _Result(_RESULT_DECLARER, count=tricks, comments=comments, span=where, count_span=at)
    if count < 3 or count % 2 == 0:
        raise _NotCanonical
    pairs = []
    seen = set()
    for k in range(1, count, 2):
        name, number = w[k], w[k + 1]
        tricks = _number(number)
        if tricks > 10 or name in seen:
            raise _NotCanonical
        seen.add(name)
        at = _at(words, k + 1)
        pairs.append(_PlayerTricks(_name(name), tricks, _to(_at(words, k), at), at))
    return _Result(_RESULT_TRICKS, tuple(pairs), comments=comments, span=where)


def _amount(word: str) -> Decimal:
    """A penalty's or a sheet's number: signed, whole or with a fraction (the grammar's ``NUMBER``)."""
    if _AMOUNT.fullmatch(word) is None or number_too_long(word):
        raise _NotCanonical
    return Decimal(word)


def _penalty(words: Words) -> Flagged:
    """``penalty NAME pool N | mountain N | whists NAME N``, then its comments; the names it gives."""
    w = words[0]
    count, comments = _trailing(words)
    kind = _PENALTY_KINDS.get(w[2]) if count > 2 else None
    target: str | None = None
    if count == 4 and kind is not None and kind is not PenaltyKind.WHISTS:
        amount = _amount(w[3])
    elif count == 5 and kind is PenaltyKind.WHISTS:
        target, amount = _name(w[3]), _amount(w[4])
    else:
        raise _NotCanonical
    player = _name(w[1])
    names = ((player, _at(words, 1)),) if target is None else ((player, _at(words, 1)), (target, _at(words, 3)))
    return _new(Flagged, (_Penalty(player, kind, amount, target, comments, _whole(words)), (), names))


def _semicolons(words: Words, end: int) -> Words:
    """Words 1 to ``end`` of a sheet with each ``;`` a word of its own (the grammar's ``SEMICOLON``
    needs no space around it: ``4; Boris`` and ``4 ;Boris`` alike); the statement is then held to
    the limit on its items again, as the grammar counts them."""
    w, r, c = words
    out: Words = ([], [], [])
    for k in range(1, end):
        word, row, column = w[k], r[k], c[k]
        parts = word.split(";")
        for i, part in enumerate(parts):
            if i:
                out[0].append(";")
                out[1].append(row)
                out[2].append(column)
                column += 1
            if part:
                out[0].append(part)
                out[1].append(row)
                out[2].append(column)
                column += len(part)
    if len(out[0]) + len(w) - end > _MOST_WORDS:  # with the words after ``end`` (comments), as _statements counts
        raise _NotCanonical  # "a;b;c" is one word to _statements, five items to the grammar's limit
    return out


def _sheet(words: Words) -> Checkpoint:
    """``sheet`` and each player's line, ``;`` between them (and after the last, if written):
    ``NAME [pool N] [mountain N] [whists NAME N …]``; then its comments."""
    count, comments = _trailing(words)
    items = _semicolons(words, count)
    w = items[0]
    end = len(w)
    entries: list[CheckpointEntry] = []
    seen: set[str] = set()
    k = 0
    while True:
        if k >= end:
            raise _NotCanonical  # a sheet without a line, or ";" with no line before it
        player = _name(w[k])
        if player in seen:
            raise _NotCanonical  # a player's two lines: the grammar's reader says so
        seen.add(player)
        first, k = k, k + 1
        pool = mountain = None
        whists: tuple[CheckpointWhist, ...] | None = None
        if k + 1 < end and w[k] == "pool":
            pool, k = _amount(w[k + 1]), k + 2
        if k + 1 < end and w[k] == "mountain":
            mountain, k = _amount(w[k + 1]), k + 2
        if k < end and w[k] == "whists":
            pairs: list[CheckpointWhist] = []
            k += 1
            while k + 1 < end and w[k] != ";":
                pairs.append(_CheckpointWhist(_name(w[k]), _amount(w[k + 1]), _to(_at(items, k), _at(items, k + 1))))
                k += 2
            if not pairs:
                raise _NotCanonical
            whists = tuple(pairs)
        entries.append(_CheckpointEntry(player, pool, mountain, whists, _to(_at(items, first), _at(items, k - 1))))
        if k == end:
            break
        if w[k] != ";":
            raise _NotCanonical
        k += 1
        if k == end:
            break  # a ";" after the last line
    return _Checkpoint(tuple(entries), comments, _whole(words))


#: The statement each keyword opens, read by the fast path.
_READERS: Final[dict[str, Callable[[Words], Any]]] = {
    "hands": _hands, "talon": partial(_two_cards, _Talon), "bids": _bids, "discard": partial(_two_cards, _Discard),
    "contract": _contract, "whist": _defence, "play": _play, "claim": _claim, "result": _result,
    "penalty": _penalty, "sheet": _sheet,
}
_READERS.update({word: _defence for word in _WHIST})
_ORDER: Final = {word: place for place, word in enumerate(STATEMENT_ORDER) if word in _READERS}
_ORDER.update({word: _ORDER["whist"] for word in _WHIST})

def tags(piece: Piece) -> RawTags | None:
    """The raw tag block of ``piece`` (tags, then any comments, a comment over several lines too; notes
    anywhere); ``None`` otherwise."""
    found: list[Tag] = []
    comments: list[Comment] = []
    last: Span | None = None
    whole = piece.text
    lines = whole.split("\n")
    index = start = at = 0  # the line, where it starts in the piece's text, where in it the scan is
    while index < len(lines):
        text = lines[index].rstrip("\r")
        line = piece.line + index
        base = piece.column if index == 0 else 1
        carried = False  # a comment carried the scan on to a line below
        while (at := _BLANK.match(text, at).end()) < len(text):  # type: ignore[union-attr]
            first = text[at]
            if first == "%":
                break  # a note, to the end of the line
            if first == "{":
                end = text.find("}", at) + 1
                if end:
                    last = make_span(line, base + at, line, base + end)
                    comments.append(Comment(text[at + 1:end - 1], last))
                    at = end
                    continue
                opened, column = start + at, base + at  # a comment over several lines: it ends on the line of its "}"
                close = whole.find("}", opened)
                if close < 0:
                    return None
                for _ in range(whole.count("\n", opened, close)):
                    start += len(lines[index]) + 1
                    index += 1
                at = close - start + 1
                last = make_span(line, column, piece.line + index, at + 1)
                comments.append(Comment(whole[opened + 1:close], last))
                carried = True
                break
            tag = TAG.match(text, at) if first == "[" and not comments else None
            if tag is None:
                return None  # not a tag, or a tag after a comment: the grammar says what is wrong
            last = make_span(line, base + at, line, base + tag.end())
            found.append(Tag(tag.group(1), unescape_tag(tag.group(2)), last))
            at = tag.end()
        if not carried:
            start += len(lines[index]) + 1
            index += 1
            at = 0
    if not found or len(found) + len(comments) > _MOST_WORDS:
        return None
    first_span = found[0].span
    assert first_span is not None
    return RawTags(tuple(found), tuple(comments), first_span.to(last))
