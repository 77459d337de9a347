"""The grammar path of the reader: the LALR parser (Lark) for pieces the fast path does not read,
and the one source of every syntax error message, each with the offending word and a hint.

Loaded only when a piece is not in canonical shape, so that reading canonical text never pays for
importing Lark or loading its tables.
"""

from __future__ import annotations

import hashlib
import logging
import re
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import LexerState, LexerThread, LineCounter

from ..i18n import N_, _, ngettext
from ..model.bids import BID_SPELLINGS
from ..model.cards import CARD_SPELLINGS, SUIT_SPELLINGS
from ..model.limits import MAX_ITEMS, shorten
from ..model.span import Span
from .raw import Problem
from .split import Piece
from .transform import Transform
from .vocabulary import ALL_PASS, KEYWORDS, RUSSIAN_WORDS, STATEMENT_ORDER

TextSlice: Any
try:  # lark 1.3 lexes slices of a text; 1.2 lexes the text itself
    from lark.utils import TextSlice
except ImportError:  # pragma: no cover - lark 1.2
    TextSlice = None

# Lark logs a failed cache read or write with a traceback; a cache miss only costs time, so keep quiet.
logging.getLogger("lark").addHandler(logging.NullHandler())

_GRAMMAR_PACKAGE = "preflog.grammar"
_GRAMMAR_FILE = "preflog.lark"


@lru_cache(maxsize=1)
def grammar_folder() -> Traversable:
    """Where the grammar and its tables are: the package's ``preflog.grammar`` (the build maps the
    checkout's ``grammar/`` there, and an editable install finds it), or, for Python started in a
    checkout's root beside a copy installed without ``-e``, the checkout's ``grammar/`` folder: a
    data lookup, which leaves the import system as it is."""
    try:
        return resources.files(_GRAMMAR_PACKAGE)
    except ModuleNotFoundError:
        beside = Path(__file__).resolve().parents[2] / "grammar"
        if (beside / _GRAMMAR_FILE).is_file():
            return beside
        raise


#: How the grammar is made a parser: the same for the tables shipped and for a build here.
_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "start": ["tags", "deal"]}
_TABLES_FILE = "preflog.lark.tables"  # the parser's tables (Lark.save), shipped: `python -m preflog.notation.lalr`
_STAMP_FILE = "preflog.lark.stamp"    # what the tables were built from: the grammar's hash, lark, python


def make_parser(*, strict: bool = False, cache: bool = True, transformer: Any = None) -> Lark:
    """The notation's LALR parser, loaded from the grammar shipped inside the package. With ``cache``
    its tables are the package's, when they were built from this grammar by this lark and python, or
    else Lark's cache in the temporary folder (built there on first use)."""
    text = grammar_folder().joinpath(_GRAMMAR_FILE).read_text(encoding="utf-8")
    if cache and not strict:
        shipped = _shipped_parser(text, transformer)
        if shipped is not None:
            return shipped
    return Lark(text, **_OPTIONS, strict=strict, cache=cache and not strict, transformer=transformer)


def _shipped_parser(text: str, transformer: Any) -> Lark | None:
    tables = grammar_folder().joinpath(_TABLES_FILE)
    if not tables.is_file() or shipped_stamp() != tables_stamp(text):
        return None
    try:
        with tables.open("rb") as f:
            parser: Lark = Lark.__new__(Lark)._load(f, transformer=transformer)  # Lark.load, with a transformer
            return parser
    except Exception:  # pragma: no cover - tables this lark cannot read: build them instead
        return None


def tables_stamp(text: str) -> str:
    """What the parser's tables depend on: the grammar's text, lark's version and python's."""
    import lark
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{digest} lark {lark.__version__} python {sys.version_info[0]}.{sys.version_info[1]}\n"


def shipped_stamp() -> str | None:
    """The stamp of the tables shipped in the package, if any."""
    stamp = grammar_folder().joinpath(_STAMP_FILE)
    return stamp.read_text(encoding="utf-8") if stamp.is_file() else None


def build_tables(folder: Path) -> None:
    """Write the parser's tables and their stamp into ``folder`` (the package's grammar folder)."""
    text = (folder / _GRAMMAR_FILE).read_text(encoding="utf-8")
    parser = Lark(text, **_OPTIONS, strict=True)
    with open(folder / _TABLES_FILE, "wb") as f:
        parser.save(f)
    (folder / _STAMP_FILE).write_text(tables_stamp(text), encoding="utf-8")


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
    counter = LineCounter("\n")  # type: ignore[no-untyped-call]
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
            if kind == "RU_WHIST":
                kind = "WHIST"
            if kind in _STATEMENTS and not (kind == "WHIST" and statement == "WHIST"):
                statement, count = kind, 0
            count += len(_SUIT_CHARACTER.findall(token.value)) if kind == "CARD_RUN" else 1
            if count > MAX_ITEMS:
                raise TooManyItems(token, _("tag block") if statement == "TAGS" else
                                  _("{keyword} statement").format(keyword=statement.lower()))
            yield token


def parse(piece: Piece, start: str, errors: list[Problem]) -> Any:
    """The raw record of ``piece`` read by the grammar from rule ``start``; ``None`` with the syntax
    error added to ``errors`` if it cannot be read."""
    try:
        return parse_piece(piece, start)
    except UnexpectedInput as exc:
        errors.append(_syntax_error(exc, piece.text, start))
    except TooManyItems as exc:
        tok = exc.token
        line, column = tok.line or 1, tok.column or 1
        errors.append((Span(line, column, line, column + 1),
                       ngettext("this {statement} has more than {n:,} item, the most preflog reads",
                                "this {statement} has more than {n:,} items, the most preflog reads", MAX_ITEMS).format(
                           statement=exc.statement, n=MAX_ITEMS)))
    return None


# ---- syntax errors in words ---------------------------------------------------------------------

_WORDS = {
    "CARD": N_("a card"), "CARD_RUN": N_("a card"), "BID": N_("a bid"), "NAME": N_("a player"), "PREFIX": N_("'Player:'"),
    "NUMBER": N_("a number"), "DOTTED": N_("a hand"), "SUITS": N_("a hand"), "UNKNOWN": "'?'", "COMMENT": N_("a comment"),
    "GLYPH": N_("a glyph"), "TAG": N_("a tag"), "BAR": "'|'", "LPAR": "'('", "RPAR": "')'", "EQUALS": "'='", "SEMICOLON": "';'",
    "$END": N_("the end of the deal"), "MIS": N_("'mis'"), "MISERE": N_("'mis'"), "MISERE_RU": N_("'mis'"),
    # the keywords, each said as a reader of the language types it: the Russian word the notation reads
    # (пас, вист, мизер), or the notation's word with what it means
    "DEAL": N_("'deal'"), "DEALER": N_("'dealer'"), "HANDS": N_("'hands'"), "TALON": N_("'talon'"), "BIDS": N_("'bids'"),
    "DISCARD": N_("'discard'"), "CONTRACT": N_("'contract'"), "WHIST": N_("'whist'"), "PLAY": N_("'play'"),
    "CLAIM": N_("'claim'"), "RESULT": N_("'result'"), "PENALTY": N_("'penalty'"), "SHEET": N_("'sheet'"),
    "PASS": N_("'pass'"), "HERE": N_("'here'"), "HALF": N_("'half'"), "OPEN": N_("'open'"), "CLOSED": N_("'closed'"),
    "DARK": N_("'dark'"), "HAND": N_("'hand'"), "TOTUS": N_("'totus'"), "POOL": N_("'pool'"),
    "MOUNTAIN": N_("'mountain'"), "WHISTS": N_("'whists'"),
}
_STATEMENT_KEYWORDS = {k.upper(): k for k in STATEMENT_ORDER} | {"WHIST": "whist", "RU_WHIST": "whist"}


#: What a statement waiting for its value expects (``contract`` or ``contract totus`` at the next line's
#: keyword): its value is missing, rather than the keyword out of place.
_A_VALUE = frozenset({"BID", "MIS", "MISERE", "MISERE_RU", "PREFIX", "TOTUS", "RU_TOTUS"})
_LAST = (N_("a comment"), N_("a later statement"), N_("the end of the deal"))


def _describe(expected: Iterable[str]) -> str:
    statements = [t for t in expected if t in _STATEMENT_KEYWORDS]
    names: list[str] = []
    for t in sorted(expected):
        if t in _STATEMENT_KEYWORDS and len(statements) > 2:
            continue
        if t.startswith("RU_"):
            continue  # the Russian words: another spelling of a word named already
        word = _WORDS.get(t, f"'{t.lower()}'")
        if word not in names:
            names.append(word)
    if len(statements) > 2:
        names.append(N_("a later statement"))
    names.sort(key=lambda w: (w in _LAST, _LAST.index(w) if w in _LAST else 0))
    said = [_(name) for name in names]
    if len(said) > 1:
        return _("{values} or {last}").format(values=", ".join(said[:-1]), last=said[-1])
    return said[0] if said else _("nothing more")


# Cyrillic letters drawn like Latin ones, typed for them on a Russian keyboard layout. The Cyrillic
# letters the notation reads (the ranks В Д К Т, the suits п т б ч) are not among them.
_LOOKALIKE = {"а": "a", "с": "c", "е": "e", "о": "o", "р": "p", "х": "x", "у": "y", "к": "k", "м": "m",
              "А": "A", "С": "C", "Е": "E", "О": "O", "Р": "P", "Х": "X", "М": "M", "Н": "H"}
_CARDS_AND_BIDS = frozenset(CARD_SPELLINGS) | frozenset(BID_SPELLINGS)
_KNOWN = _CARDS_AND_BIDS | KEYWORDS


def _spelling_hint(word: str) -> str:
    """What a person probably meant by ``word``, which the grammar refused: the notation's word for a
    Russian one (``пас``, ``вист``, ``пол``), the Latin letter for a Cyrillic look-alike (``8с``,
    ``pаss``), or the case of a card or a bid (``9H``, ``6S``)."""
    if word.startswith(","):
        return _(" (the words of a statement are separated by spaces, not commas: 'Boris 7 Vera 2 Anna 1')")
    word = word.rstrip("!?:")
    if word.lower() in ("пол-виста", "-виста"):  # the lexer reads пол, then stops at the hyphen
        return _(" (write 'полвиста' or 'half')")
    meant = RUSSIAN_WORDS.get(word.lower())
    if meant is not None:
        if word != word.lower():
            return _(" (keywords are written in lower case: {lower!r})").format(lower=word.lower())
        if meant == ALL_PASS:
            return _(" ({word!r} stands for a whole auction in which everybody passed, written alone after 'bids': "
                     "'bids {word}')").format(word=word)
        return _(" ({word!r} is the notation's {meant!r})").format(word=word, meant=meant)
    fixed = "".join(_LOOKALIKE.get(c, c) for c in word)
    if fixed != word and (fixed in _KNOWN or fixed.lower() in _KNOWN):
        letters = sorted({c for c in word if c in _LOOKALIKE})
        named = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in letters)
        return ngettext(" ({named} is a Cyrillic letter typed for the Latin: did you mean {meant!r}?)",
                        " ({named} are Cyrillic letters typed for the Latin: did you mean {meant!r}?)",
                        len(letters)).format(named=named, meant=fixed if fixed in _KNOWN else fixed.lower())
    for guess in (word[:-1] + word[-1:].lower(), word.lower()):
        if guess != word and guess in _CARDS_AND_BIDS:
            return _(" (suits are written in lower case: did you mean {guess!r}?)").format(guess=guess)
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
            return span, _("this comment is not closed: '{' has no matching '}'")
        if word.startswith("[") and start == "tags":
            return span, _('cannot read the tag {word!r}: a tag reads [Name "value"]').format(word=word)
        return span, _("cannot read {word!r} here: expected {describe}{spelling_hint}").format(word=word,
                                                                                               describe=_describe(exc.allowed), spelling_hint=_spelling_hint(word))
    assert isinstance(exc, UnexpectedToken)
    tok: Token = exc.token
    expected = exc.expected
    if tok.type == "$END":
        return (Span(line, column, line, column + len(tok.value or " ")),
                (_("this deal ends too early: expected {describe}") if start == "deal" else
                 _("this tag block ends too early: expected {describe}")).format(describe=_describe(expected)))
    start_pos: int | None = getattr(tok, "start_pos", None)  # lark types it loosely
    word = _word_at(text, start_pos) if start_pos is not None else tok.value
    if tok.type == "TAG" or "\n" in word:
        word = tok.value
    span = Span(line, column, line + word.count("\n"), column + len(word))
    if tok.type in _STATEMENT_KEYWORDS and start == "deal" and not set(expected) <= _A_VALUE:
        return span, (_("{value!r} is out of place: a deal's statements go in the order {statement_order}, each once "
                        "(penalty may repeat)").format(value=tok.value, statement_order=', '.join(STATEMENT_ORDER)))
    if tok.type == "TAG":
        return span, _("unexpected tag {shorten!r}: a tag block goes before the deals of its game").format(
            shorten=shorten(tok.value))
    if tok.type == "COMMENT":
        return (Span(line, column, line, column + 1),
                _("unexpected comment {shorten!r}: expected {describe} (a comment stands after what it is about: "
                  "move it after the word that follows)").format(shorten=shorten(tok.value),
                                                                 describe=_describe(expected)))
    message = _("unexpected {word!r}: expected {describe}").format(word=word, describe=_describe(expected))
    if tok.type in ("CARD", "CARD_RUN") and "BID" in expected:
        message += _(" ({word!r} is a card; a bid is a level and a suit, as '6s', '7nt')").format(word=word)
    elif word.lower() in KEYWORDS and word != word.lower():
        message += _(" (keywords are written in lower case: {lower!r})").format(lower=word.lower())
    elif tok.type == "NAME" and start_pos is not None and \
            text[text.rfind("\n", 0, start_pos) + 1:start_pos].lstrip().startswith("contract "):
        message += _(" (a name after the contract's value is a partner a totus helps: 'contract Anna: totus 10nt "
                     "Boris')")
    else:
        message += _spelling_hint(word)
    return span, message


if __name__ == "__main__":  # python -m preflog.notation.lalr: rebuild the shipped tables after editing the grammar
    folder = Path(str(resources.files(_GRAMMAR_PACKAGE)))
    build_tables(folder)
    print(f"wrote {folder / _TABLES_FILE} and {folder / _STAMP_FILE}")
