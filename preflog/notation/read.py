"""Read the notation: text → games, every error collected with its exact place.

``read_games`` is the streaming core: it takes a string or a file (text or binary), cuts it into
games and deals (:mod:`.split`), parses each piece with the LALR parser whose stateless callbacks
build the records (:mod:`.transform`), checks them against the game (:mod:`.validate`), and yields
each game with its errors.
"""

from __future__ import annotations

import bisect
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from importlib import resources
from typing import IO, Any

import attrs
from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import LexerState, LexerThread, LineCounter

from ..model.annotations import Comment
from ..model.deal import Deal
from ..model.game import Game, Tag
from ..model.span import Span
from .decode import Lines
from .errors import NotationError
from .split import NewGame, Piece, split
from .transform import Problem, RawDeal, RawTags, Transform
from .validate import Validator
from .vocabulary import KEYWORDS, STATEMENT_ORDER
from ..model.bids import BID_SPELLINGS
from ..model.cards import CARD_SPELLINGS, SUIT_SPELLINGS
from ..model.limits import MAX_DEALS, MAX_ITEMS, MAX_PIECE, shorten

TextSlice: Any
try:  # lark 1.3 lexes slices of a text; 1.2 lexes the text itself
    from lark.utils import TextSlice
except ImportError:  # pragma: no cover - lark 1.2
    TextSlice = None

# Lark logs a failed cache read or write with a traceback; a cache miss only costs time, so keep quiet.
logging.getLogger("lark").addHandler(logging.NullHandler())

_GRAMMAR_PACKAGE = "preflog.grammar"
_GRAMMAR_FILE = "preflog.lark"


def make_parser(*, strict: bool = False, cache: bool = True, transformer: Any = None) -> Lark:
    """The notation's LALR parser, loaded from the grammar shipped inside the package."""
    text = resources.files(_GRAMMAR_PACKAGE).joinpath(_GRAMMAR_FILE).read_text(encoding="utf-8")
    return Lark(
        text,
        parser="lalr", lexer="contextual", start=["tags", "deal"],
        strict=strict, cache=cache and not strict, transformer=transformer,
    )


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The one parser, built on first use. Its callbacks keep no state, so any number of threads
    may parse with it at once."""
    return make_parser(transformer=Transform())


def parse_piece(piece: Piece, start: str) -> Any:
    """Parse one piece (a tag block or a deal) with the tokens placed where the piece stands in the
    file: the lexer's line counter starts at the piece's line and column. :class:`TooManyItems` if
    a statement holds more than :data:`~preflog.model.limits.MAX_ITEMS` items."""
    frontend = parser().parser
    counter = LineCounter("\n")
    counter.line, counter.column, counter.line_start_pos = piece.line, piece.column, 1 - piece.column
    text: Any = piece.text if TextSlice is None else TextSlice(piece.text, 0, len(piece.text))
    return frontend.parser.parse(_CountingLexer(frontend.lexer, LexerState(text, counter)), start)


class TooManyItems(Exception):
    """A statement (or a tag block) with more items than :data:`~preflog.model.limits.MAX_ITEMS`."""

    def __init__(self, token: Token, statement: str) -> None:
        super().__init__(statement)
        self.token, self.statement = token, statement


_STATEMENTS = {word.upper() for word in ("deal", *STATEMENT_ORDER)}
_SUIT_CHARACTER = re.compile("[" + "".join(s for s in SUIT_SPELLINGS if len(s) == 1) + "]")


class _CountingLexer(LexerThread):
    """The lexer, counting the items of each statement as they pass (a card run counts its cards:
    one suit letter each) and stopping at the first item past the limit."""

    def lex(self, parser_state: Any) -> Iterator[Token]:
        statement, count = "TAGS", 0
        for token in super().lex(parser_state):  # type: ignore[no-untyped-call]
            kind = token.type
            if kind in _STATEMENTS and not (kind == "WHIST" and statement == "WHIST"):
                statement, count = kind, 0
            count += len(_SUIT_CHARACTER.findall(token.value)) if kind == "CARD_RUN" else 1
            if count > MAX_ITEMS:
                raise TooManyItems(token, "tag block" if statement == "TAGS" else f"{statement.lower()} statement")
            yield token


@attrs.frozen(slots=True)
class ParsedGame:
    """A game as far as it could be read, the errors found in it (empty when it is clean), and the
    pieces of text it was read from."""

    game: Game
    errors: tuple[NotationError, ...]
    pieces: tuple[Piece, ...] = attrs.field(default=(), repr=False)

    def source_line(self, number: int) -> str:
        """Line ``number`` of the source (as numbered in the file), if it belongs to this game."""
        return source_line(self.pieces, number)


def source_line(pieces: Sequence[Piece], number: int) -> str:
    """Line ``number`` of the file, from whichever of ``pieces`` (in file order) holds it."""
    index = bisect.bisect_right(pieces, number, key=lambda p: p.line) - 1
    if index < 0:
        return ""
    found = pieces[index].source_line(number)
    return "" if found is None else found


@attrs.frozen(slots=True)
class ReadDeal:
    """One deal as read: the record (None if it could not be read), its errors, and its text."""

    deal: Deal | None
    errors: tuple[NotationError, ...]
    piece: Piece


class GameReading:
    """One game while it is read: its tag block at once (``header``, a Game without deals, and
    ``errors``), then its deals one at a time from :meth:`deals`, each parsed when it is asked for, so
    that memory holds one deal however long the game."""

    def __init__(self, line: int, stream: _Stream, path: str | None) -> None:
        self.line, self.path, self._stream = line, path, stream
        problems: list[Problem] = []
        self._validator = validator = Validator(problems)
        self.head: Piece | None = stream.take(lambda p: not p.deal)
        tags: tuple[Tag, ...] = ()
        comments: tuple[Comment, ...] = ()
        span: Span | None = None
        salvaged: str | None = None
        if self.head is not None:
            raw = _parse(self.head, "tags", problems)
            if isinstance(raw, RawTags):
                tags, comments, span = validator.tags(raw), raw.comments, raw.span
            else:
                salvaged = _salvage_players(self.head.text)
        first = stream.peek()
        players_tag = next((t for t in tags if t.name == "Players"), None)
        if salvaged is not None:
            # The tag block has a syntax error (reported); its well-formed Players tag still counts.
            validator.players = tuple(salvaged.split())
        elif players_tag is None:
            where = span or (Span(first.line, first.column, first.line, first.column + 4) if first else None)
            if where is not None:
                problems.append((where, 'the game has no [Players "…"] tag naming its 3 or 4 players'))
        elif not any(s.line == players_tag.span.line for s, _ in problems if players_tag.span):
            validator.players = tuple(players_tag.value.split())
        self.header = Game(tags, (), comments, span)
        self.errors: tuple[NotationError, ...] = tuple(_errors(problems, (self.head,) if self.head else (), path))
        problems.clear()
        self.empty = self.head is None and first is None

    def deals(self) -> Iterator[ReadDeal]:
        """The deals of the game, read one by one (once: the text streams past)."""
        stream, validator = self._stream, self._validator
        problems = validator.problems
        count = 0
        while (piece := stream.take(lambda p: p.deal)) is not None:
            count += 1
            if count > MAX_DEALS:
                where = Span(piece.line, piece.column, piece.line, piece.column + 4)
                error = NotationError.at(where, f"this game has more than {MAX_DEALS:,} deals, the most preflog "
                                         "reads in one game (a tag block starts a new game)", path=self.path,
                                         source_line=source_line((piece,), piece.line))
                yield ReadDeal(None, (error,), piece)
                self.skip()
                return
            raw = _parse(piece, "deal", problems)
            deal = None
            if isinstance(raw, RawDeal):
                deal = validator.deal(raw)
            else:
                validator.skip(piece.text)
            errors = tuple(_errors(problems, (piece,), self.path))
            problems.clear()
            yield ReadDeal(deal, errors, piece)

    def skip(self) -> None:
        """Pass over the deals not read (without parsing them)."""
        while self._stream.take(lambda p: p.deal) is not None:
            pass


class _Stream:
    """The pieces of a text with one item of look-ahead."""

    def __init__(self, items: Iterator[NewGame | Piece]) -> None:
        self._items = items
        self._next: NewGame | Piece | None = next(items, None)

    def peek(self) -> Piece | None:
        return self._next if isinstance(self._next, Piece) else None

    def take(self, wanted: Callable[[Piece], bool]) -> Piece | None:
        """The next piece if it is one ``wanted`` (and not the start of the next game)."""
        item = self._next
        if not isinstance(item, Piece) or not wanted(item):
            return None
        self._next = next(self._items, None)
        return item

    def new_game(self) -> NewGame | None:
        item = self._next
        if not isinstance(item, NewGame):
            return None
        self._next = next(self._items, None)
        return item


def stream_games(source: str | IO[str] | IO[bytes], path: str | None = None) -> Iterator[GameReading]:
    """Every game of ``source`` as a :class:`GameReading`, its deals read as they are asked for.

    A game's deals must be read (or skipped) before the next game is asked for; those left unread
    are skipped. A file that stops being readable text (not UTF-8, a line too long) ends with a
    game holding only that error.
    """
    lines = Lines(source, path)
    stream = _Stream(split(lines))
    while (start := stream.new_game()) is not None:
        reading = GameReading(start.line, stream, path)
        if not reading.empty:
            yield reading
        reading.skip()
    if lines.error is not None:
        yield _failed(lines.error, stream, path)


def _failed(error: NotationError, stream: _Stream, path: str | None) -> GameReading:
    reading = GameReading(error.line, stream, path)
    reading.errors = (error,)
    return reading


def read_games(source: str | IO[str] | IO[bytes], path: str | None = None) -> Iterator[ParsedGame]:
    """Every game of ``source`` with its errors; never raises :class:`NotationError`.

    ``source`` is the text itself or a file object (text or binary, read in blocks so that memory
    does not grow with the file; a whole game is held at a time, see :func:`stream_games` for one
    deal at a time).
    """
    for reading in stream_games(source, path):
        deals: list[Deal] = []
        errors = list(reading.errors)
        pieces = [reading.head] if reading.head is not None else []
        for read in reading.deals():
            if read.deal is not None:
                deals.append(read.deal)
            errors.extend(read.errors)
            pieces.append(read.piece)
        header = reading.header
        game = Game(header.tags, tuple(deals), header.comments, header.span)
        yield ParsedGame(game, tuple(errors), tuple(pieces))


def _parse(piece: Piece, start: str, errors: list[Problem]) -> Any:
    if piece.overflow is not None:
        what = "deal" if piece.deal else "tag block"
        errors.append((Span(piece.overflow, 1, piece.overflow, 2),
                       f"this {what} (from line {piece.line}) is longer than {MAX_PIECE:,} characters, "
                       "the most preflog reads"))
        return None
    try:
        return parse_piece(piece, start)
    except UnexpectedInput as exc:
        errors.append(_syntax_error(exc, piece.text, start))
    except TooManyItems as exc:
        tok = exc.token
        line, column = tok.line or 1, tok.column or 1
        errors.append((Span(line, column, line, column + 1),
                       f"this {exc.statement} has more than {MAX_ITEMS:,} items, the most preflog reads"))
    return None


_PLAYERS_TAG = re.compile(r'^[ \t]*\[[ \t]*Players[ \t]+"([^"\\\n]*)"[ \t]*\]', re.M)


def _salvage_players(text: str) -> str | None:
    m = _PLAYERS_TAG.search(text)
    return m.group(1) if m else None


# ---- syntax errors in words ---------------------------------------------------------------------

_WORDS = {
    "CARD": "a card", "CARD_RUN": "a card", "BID": "a bid", "NAME": "a player", "PREFIX": "'Player:'", "NUMBER": "a number",
    "DOTTED": "a hand", "SUITS": "a hand", "UNKNOWN": "'?'", "COMMENT": "a comment", "GLYPH": "a glyph",
    "TAG": "a tag", "BAR": "'|'", "LPAR": "'('", "RPAR": "')'", "EQUALS": "'='", "SEMICOLON": "';'",
    "$END": "the end of the deal", "MIS": "'mis'", "MISERE": "'mis'", "MISERE_RU": "'mis'",
}
_STATEMENT_KEYWORDS = {k.upper(): k for k in STATEMENT_ORDER} | {"WHIST": "whist"}


_LAST = ("a comment", "a later statement", "the end of the deal")


def _describe(expected: Iterable[str]) -> str:
    statements = [t for t in expected if t in _STATEMENT_KEYWORDS]
    names: list[str] = []
    for t in sorted(expected):
        if t in _STATEMENT_KEYWORDS and len(statements) > 2:
            continue
        word = _WORDS.get(t, f"'{t.lower()}'")
        if word not in names:
            names.append(word)
    if len(statements) > 2:
        names.append("a later statement")
    names.sort(key=lambda w: (w in _LAST, _LAST.index(w) if w in _LAST else 0))
    if len(names) > 1:
        return ", ".join(names[:-1]) + " or " + names[-1]
    return names[0] if names else "nothing more"


# Cyrillic letters drawn like Latin ones, typed for them on a Russian keyboard layout. The Cyrillic
# letters the notation reads (the ranks В Д К Т, the suits п т б ч) are not among them.
_LOOKALIKE = {"а": "a", "с": "c", "е": "e", "о": "o", "р": "p", "х": "x", "у": "y", "к": "k", "м": "m",
              "А": "A", "С": "C", "Е": "E", "О": "O", "Р": "P", "Х": "X", "М": "M", "Н": "H"}
_CARDS_AND_BIDS = frozenset(CARD_SPELLINGS) | frozenset(BID_SPELLINGS)
_KNOWN = _CARDS_AND_BIDS | KEYWORDS


def _spelling_hint(word: str) -> str:
    """What a person probably meant by ``word``, which the grammar refused: the Latin letter for a
    Cyrillic look-alike (``8с``, ``pаss``), or the case of a card or a bid (``9H``, ``6S``)."""
    word = word.rstrip("!?:")
    fixed = "".join(_LOOKALIKE.get(c, c) for c in word)
    if fixed != word and (fixed in _KNOWN or fixed.lower() in _KNOWN):
        letters = sorted({c for c in word if c in _LOOKALIKE})
        named = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in letters)
        return (f" ({named} {'is a Cyrillic letter' if len(letters) == 1 else 'are Cyrillic letters'} "
                f"typed for the Latin: did you mean {fixed if fixed in _KNOWN else fixed.lower()!r}?)")
    for guess in (word[:-1] + word[-1:].lower(), word.lower()):
        if guess != word and guess in _CARDS_AND_BIDS:
            return f" (suits are written in lower case: did you mean {guess!r}?)"
    return ""


def _word_at(text: str, pos: int) -> str:
    m = re.compile(r"[^\s{}()|;]+|.").match(text, pos)
    word = m.group() if m else text[pos : pos + 1]
    return word[:30]


def _syntax_error(exc: UnexpectedInput, text: str, start: str) -> tuple[Span, str]:
    line, column = exc.line, exc.column
    if isinstance(exc, UnexpectedCharacters):
        position: int = getattr(exc, "pos_in_stream", 0) or 0  # lark types it as None
        word = _word_at(text, position)
        span = Span(line, column, line, column + len(word))
        if word.startswith("{"):
            return span, "this comment is not closed: '{' has no matching '}'"
        if word.startswith("[") and start == "tags":
            return span, f"cannot read the tag {word!r}: a tag reads [Name \"value\"]"
        return span, f"cannot read {word!r} here: expected {_describe(exc.allowed)}{_spelling_hint(word)}"
    assert isinstance(exc, UnexpectedToken)
    tok: Token = exc.token
    expected = exc.expected
    if tok.type == "$END":
        return (Span(line, column, line, column + len(tok.value or " ")),
                f"this {'deal' if start == 'deal' else 'tag block'} ends too early: expected {_describe(expected)}")
    start_pos: int | None = getattr(tok, "start_pos", None)  # lark types it loosely
    word = _word_at(text, start_pos) if start_pos is not None else tok.value
    if tok.type == "TAG" or "\n" in word:
        word = tok.value
    span = Span(line, column, line + word.count("\n"), column + len(word))
    if tok.type in _STATEMENT_KEYWORDS and start == "deal":
        return span, (f"{tok.value!r} is out of place: a deal's statements go in the order "
                      f"{', '.join(STATEMENT_ORDER)}, each once (penalty may repeat)")
    if tok.type == "TAG":
        return span, f"unexpected tag {shorten(tok.value)!r}: a tag block goes before the deals of its game"
    message = f"unexpected {word!r}: expected {_describe(expected)}"
    if word.lower() in KEYWORDS and word != word.lower():
        message += f" (keywords are written in lower case: {word.lower()!r})"
    else:
        message += _spelling_hint(word)
    return span, message


def _errors(found: list[tuple[Span, str]], pieces: Sequence[Piece], path: str | None) -> list[NotationError]:
    return [NotationError.at(span, message, path=path, source_line=source_line(pieces, span.line))
            for span, message in sorted(found, key=lambda e: (e[0].line, e[0].column))]
