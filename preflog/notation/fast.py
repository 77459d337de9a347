"""The reader's fast path: deals and tag blocks as people and the writer lay them out, without Lark.

Most deals put each statement on a line of its own (or carry it on over the lines after it) with its
words, ``{…}`` comments, glyphs, variations and ``%`` notes written as :mod:`.write` writes them. For
such a piece :func:`deal` builds the very records the grammar and :mod:`.transform` would build, spans
included, in one pass over its words. Each statement's words are read by its codec
(:data:`~.statements.STATEMENTS`: the ``read`` of the module of that statement, beside its grammar callback
and its writing). For anything else — and for anything that would be an error —
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
from collections.abc import Callable
from typing import Any, Final

from ..model.deal import Penalty
from ..model.span import Span
from .raw import FIELD_OF, Flagged, RawDeal, RawHands, RawTags
from .split import Piece
from .statements import STATEMENTS, tags as _tags
from .statements.deal import read as read_head
from .statements.scan import MOST_WORDS, NotCanonical, Words, at, comment_span, new, to
from .statements.whist import KEYWORDS as WHIST_KEYWORDS

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
_BLANKS: Final = "\r \t"  # what ends a line and is no word of it
#: Deletes every character a plain line is made of (letters, digits, the punctuation of words, blanks):
#: what a piece keeps after it is what :data:`_FOREIGN` and :data:`_MARKS` need to look at, nothing in
#: most pieces, found in one pass over the text instead of two searches of it.
_PLAIN: Final = str.maketrans("", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 \t\r\n.:;|=+-")

_WHIST: Final = WHIST_KEYWORDS  # the statement's keywords, also a decision's word
#: The statement each keyword opens, read by its codec.
_READERS: Final[dict[str, Callable[[Words], Any]]] = {word: codec.read for codec in STATEMENTS for word in codec.keywords}
#: Each keyword's place in the order of the statements.
_ORDER: Final = {word: place for place, codec in enumerate(STATEMENTS) for word in codec.keywords}
_KEYWORDS: Final = frozenset(_READERS)
#: The keywords of the statements a deal may have more than once (``penalty``).
_REPEATS: Final = frozenset(word for codec in STATEMENTS if codec.repeats for word in codec.keywords)


def deal(piece: Piece) -> RawDeal | None:
    """The raw deal of ``piece``, exactly as the grammar reads it; ``None`` if the grammar must read it."""
    text = piece.text
    if not text.translate(_PLAIN):  # nothing but letters, digits and plain punctuation: no mark, nothing foreign
        marked = "  " in text
    elif _FOREIGN.search(text) is not None and _FOREIGN.search(_NOTES.sub(" ", text)) is not None:
        return None
    else:
        marked = _MARKS.search(text) is not None or "  " in text
    try:
        return _deal(text, piece.line, piece.column, marked)
    except NotCanonical:
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
            raise NotCanonical  # a comment left open, or a stray brace
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
                        raise NotCanonical  # a comment left open
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
            if len(w) > MOST_WORDS:
                raise NotCanonical
        else:
            if len(words) > MOST_WORDS:
                raise NotCanonical
            found.append((words, rows, columns))
    return found


def _deal(text: str, first_line: int, first_column: int, marked: bool) -> RawDeal:
    statements_words = _statements(text, first_line, first_column, marked)
    if not statements_words:
        raise NotCanonical
    head_words = statements_words[0]
    number, dealer, comments = read_head(head_words)
    head = at(head_words, 0)
    last = comment_span(head_words, len(head_words[0]) - 1)  # a word, or a comment (over several lines, maybe)
    statements: dict[str, Any] = {}
    hands: RawHands | None = None
    names: tuple[tuple[str, Span], ...] = ()
    penalties: list[Penalty] = []
    place = -1
    for words in statements_words[1:]:
        keyword = words[0][0]
        order = _ORDER.get(keyword, -1)
        if order <= place and not (order == place and keyword in _REPEATS):
            raise NotCanonical  # not a statement the fast path reads, or out of order (penalties may repeat)
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
    return new(RawDeal, head, number, dealer, comments, hands, statements, tuple(penalties), to(head, last), (), names)

def tags(piece: Piece) -> RawTags | None:
    """The raw tag block of ``piece`` (tags, then any comments, a comment over several lines too; notes
    anywhere); ``None`` otherwise (:func:`.statements.tags.read`)."""
    return _tags.read(piece)
