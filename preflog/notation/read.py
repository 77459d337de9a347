"""Read the notation: text → games, every error collected with its exact place.

``read_games`` is the streaming core: it takes a string or a file (text or binary), cuts it into
games and deals (:mod:`.split`), parses each piece with the LALR parser whose stateless callbacks
build the records (:mod:`.transform`), checks them against the game (:mod:`.validate`), and yields
each game with its errors.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
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
from .split import GameText, Piece, split_games
from .transform import Problem, RawDeal, RawTags, Transform
from .validate import Validator
from .vocabulary import KEYWORDS, STATEMENT_ORDER

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
    file: the lexer's line counter starts at the piece's line and column."""
    frontend = parser().parser
    counter = LineCounter("\n")
    counter.line, counter.column, counter.line_start_pos = piece.line, piece.column, 1 - piece.column
    text: Any = piece.text if TextSlice is None else TextSlice(piece.text, 0, len(piece.text))
    return frontend.parser.parse(LexerThread(frontend.lexer, LexerState(text, counter)), start)


@attrs.frozen(slots=True)
class ParsedGame:
    """A game as far as it could be read, the errors found in it (empty when it is clean), and the
    text it was read from, beginning at line ``line`` of the source."""

    game: Game
    errors: tuple[NotationError, ...]
    text: str = attrs.field(default="", repr=False)
    line: int = 1

    def source_line(self, number: int) -> str:
        """Line ``number`` of the source (as numbered in the file), if it belongs to this game."""
        index = number - self.line
        if index < 0:
            return ""
        lines = self.text.split("\n", index + 1)
        return lines[index].rstrip("\r") if index < len(lines) else ""


def read_games(source: str | IO[str] | IO[bytes], path: str | None = None) -> Iterator[ParsedGame]:
    """Every game of ``source`` with its errors; never raises :class:`NotationError`.

    ``source`` is the text itself or a file object (text or binary, read line by line so that memory
    does not grow with the file).
    """
    lines = Lines(source, path)
    for game_text in split_games(lines):
        parsed = _read_game(game_text, path)
        if parsed is not None:
            yield parsed
    if lines.error is not None:
        yield ParsedGame(Game(()), (lines.error,))


def _read_game(game_text: GameText, path: str | None) -> ParsedGame | None:
    head, deal_pieces = game_text.pieces()
    if head is None and not deal_pieces:
        return None  # nothing but white space and % comments
    errors: list[Problem] = []
    validator = Validator(errors)
    tags: tuple[Tag, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span | None = None
    salvaged: str | None = None
    if head is not None:
        raw = _parse(head, "tags", errors)
        if isinstance(raw, RawTags):
            tags, comments, span = validator.tags(raw), raw.comments, raw.span
        else:
            salvaged = _salvage_players(head.text)
    players_tag = next((t for t in tags if t.name == "Players"), None)
    if salvaged is not None:
        # The tag block has a syntax error (reported); its well-formed Players tag still counts.
        validator.players = tuple(salvaged.split())
    elif players_tag is None:
        where = span or (Span(deal_pieces[0].line, deal_pieces[0].column, deal_pieces[0].line,
                              deal_pieces[0].column + 4) if deal_pieces else None)
        if where is not None:
            errors.append((where, 'the game has no [Players "…"] tag naming its 3 or 4 players'))
    elif not any(s.line == players_tag.span.line for s, _ in errors if players_tag.span):
        validator.players = tuple(players_tag.value.split())
    deals: list[Deal] = []
    for piece in deal_pieces:
        raw_deal = _parse(piece, "deal", errors)
        if isinstance(raw_deal, RawDeal):
            deals.append(validator.deal(raw_deal))
        else:
            validator.skip(piece.text)
    game = Game(tags, tuple(deals), comments, span)
    return ParsedGame(game, tuple(_errors(errors, game_text, path)), game_text.text, game_text.line)


def _parse(piece: Piece, start: str, errors: list[Problem]) -> Any:
    try:
        return parse_piece(piece, start)
    except UnexpectedInput as exc:
        errors.append(_syntax_error(exc, piece.text, start))
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
        return span, f"cannot read {word!r} here: expected {_describe(exc.allowed)}"
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
        return span, f"unexpected tag {tok.value!r}: a tag block goes before the deals of its game"
    message = f"unexpected {word!r}: expected {_describe(expected)}"
    if word.lower() in KEYWORDS and word != word.lower():
        message += f" (keywords are written in lower case: {word.lower()!r})"
    return span, message


def _errors(found: list[tuple[Span, str]], game_text: GameText, path: str | None) -> list[NotationError]:
    lines = game_text.text.split("\n")
    out = []
    for span, message in sorted(found, key=lambda e: (e[0].line, e[0].column)):
        index = span.line - game_text.line
        source_line = lines[index].rstrip("\r") if 0 <= index < len(lines) else ""
        out.append(NotationError.at(span, message, path=path, source_line=source_line))
    return out
