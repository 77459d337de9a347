"""Read the notation: text → games, every error collected with its exact place.

``read_games`` is the streaming core: it takes a string or a file (text or binary), cuts it into
games and deals (:mod:`.split`), reads each piece — a canonical one in one pass (:mod:`.fast`), any
other with the LALR grammar (:mod:`.lalr`, :mod:`.transform`) — checks the records against the game
(:mod:`.validate`), and yields each game with its errors.
"""

from __future__ import annotations

import bisect
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

import attrs

from ..i18n import _, ngettext
from ..model.annotations import Comment
from ..model.build import builder
from ..model.deal import Deal
from ..model.game import Game, Tag
from ..model.span import Span
from .decode import Lines
from .errors import NotationError
from .fast import deal as fast_deal, tags as fast_tags
from .notes import attach, line_notes, tag_notes
from .raw import Problem, RawDeal, RawTags
from .split import NewGame, Piece, split
from .validate import Validator
from ..model.limits import MAX_DEALS, MAX_PIECE


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


_ReadDeal = builder(ReadDeal)  # built in C (model.build)


class GameReading:
    """One game while it is read: its tag block at once (``header``, a Game without deals, and
    ``errors``), then its deals one at a time from :meth:`deals`, each parsed when it is asked for, so
    that memory holds one deal however long the game."""

    def __init__(self, line: int, stream: _Stream, path: str | None, live: bool = False) -> None:
        self.line, self.path, self._stream = line, path, stream
        #: the text is written while it is read (a pipe, a terminal): a reader should hand on each deal
        #: as it comes, not wait for more (:meth:`preflog.problems.Audit.reading`)
        self.live = live
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
                tags, comments = tag_notes(tags, comments, line_notes(self.head))
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
                problems.append((where, _('the game has no [Players "…"] tag naming its 3 or 4 players')))
        elif not any(s.line == players_tag.span.line for s, _ in problems if players_tag.span):
            validator.players = tuple(players_tag.value.split())
        self.header = Game(tags, (), comments, span, self.head.preface if self.head is not None else (),
                           opening=validator.opening)
        self.errors: tuple[NotationError, ...] = tuple(_errors(problems, (self.head,) if self.head else (), path))
        problems.clear()
        self.empty = self.head is None and first is None

    def deals(self) -> Iterator[ReadDeal]:
        """The deals of the game, read one by one (once: the text streams past)."""
        stream, validator = self._stream, self._validator
        count = 0
        while (piece := stream.take(_is_deal)) is not None:
            count += 1
            if count > MAX_DEALS:
                where = Span(piece.line, piece.column, piece.line, piece.column + 4)
                error = NotationError.at(where, ngettext("this game has more than {n:,} deal, the most preflog reads in one game (a tag block "
                                                         "starts a new game)",
                                                         "this game has more than {n:,} deals, the most preflog reads in one game "
                                                         "(a tag block starts a new game)", MAX_DEALS).format(n=MAX_DEALS), path=self.path,
                                         source_line=source_line((piece,), piece.line))
                yield _ReadDeal(None, (error,), piece)
                self.skip()
                return
            yield _read_deal(piece, validator, self.path)

    @property
    def between(self) -> Between:
        """Where the reader stands after the deals read so far: what the next deal is read against."""
        v = self._validator
        return Between(v.players, v.previous_dealer, v.next_number)

    def skip(self) -> int:
        """Pass over the deals not read (without parsing them); how many there were."""
        count = 0
        while self._stream.take(_is_deal) is not None:
            count += 1
        return count


def _read_deal(piece: Piece, validator: Validator, path: str | None) -> ReadDeal:
    """One deal's piece read against the game as ``validator`` knows it (which it then moves on)."""
    problems = validator.problems
    raw = _parse(piece, "deal", problems)
    deal = None
    if isinstance(raw, RawDeal):
        deal = validator.deal(raw)
        if piece.preface or "%" in piece.text:
            deal = attrs.evolve(attach(deal, line_notes(piece)), preface=piece.preface)
    else:
        validator.skip(piece.text)
    if problems:
        errors = tuple(_errors(problems, (piece,), path))
        problems.clear()
        return _ReadDeal(deal, errors, piece)
    return _ReadDeal(deal, (), piece)


@attrs.frozen(slots=True)
class Between:
    """What the reader knows of a game between two deals: its players, whom the next dealer follows,
    and the number the next deal should have (``None`` before the first deal)."""

    players: tuple[str, ...]
    previous_dealer: str | None
    next_number: int | None


def read_on(text: str, line: int, before: Between, path: str | None = None,
            most: int = MAX_DEALS) -> list[tuple[ReadDeal, Between]] | None:
    """The deals of ``text``, the end of a game's text from its line ``line`` on, read as reading the
    whole text reads them, each with where the reader stands after it: ``text`` starts at a deal's
    ``deal``, at the start of its line, with no comment line before it (else its cut would differ),
    and the reader stood at ``before`` there. ``None`` when ``text`` holds anything but deals (a tag
    block, a new game), more than ``most``, or cannot be read as text: reading the whole text says."""
    lines = Lines(text, path)
    pieces: list[Piece] = []
    for item in split(lines):
        if isinstance(item, NewGame):
            if item.line != 1:
                return None
        elif not item.deal or len(pieces) == most:
            return None
        else:
            pieces.append(_moved(item, line - 1))
    if lines.error is not None or not pieces or pieces[0].lead or pieces[0].preface:
        return None
    validator = Validator([])
    validator.players, validator.previous_dealer, validator.next_number = (before.players, before.previous_dealer,
                                                                           before.next_number)
    return [(_read_deal(piece, validator, path),
             Between(validator.players, validator.previous_dealer, validator.next_number)) for piece in pieces]


def _moved(piece: Piece, lines: int) -> Piece:
    """``piece`` as it stands ``lines`` lines further down."""
    def span(s: Span | None) -> Span | None:
        return None if s is None else Span(s.line + lines, s.column, s.end_line + lines, s.end_column)

    preface = tuple(attrs.evolve(c, span=span(c.span)) for c in piece.preface)
    overflow = None if piece.overflow is None else piece.overflow + lines
    return attrs.evolve(piece, line=piece.line + lines, overflow=overflow, preface=preface)


def _is_deal(piece: Piece) -> bool:
    return piece.deal


_UNREAD: Any = object()  # the next item of a stream, not read yet


class _Stream:
    """The pieces of a text with one item of look-ahead, read only when it is looked at: a piece
    taken is handed on before the text after it is read (a stream written while it is read, such as
    standard input, hears of each deal once the next one begins)."""

    def __init__(self, items: Iterator[NewGame | Piece]) -> None:
        self._items = items
        self._next: NewGame | Piece | None = _UNREAD

    def _look(self) -> NewGame | Piece | None:
        if self._next is _UNREAD:
            self._next = next(self._items, None)
        return self._next

    def peek(self) -> Piece | None:
        item = self._look()
        return item if isinstance(item, Piece) else None

    def take(self, wanted: Callable[[Piece], bool]) -> Piece | None:
        """The next piece if it is one ``wanted`` (and not the start of the next game)."""
        item = self._look()
        if not isinstance(item, Piece) or not wanted(item):
            return None
        self._next = _UNREAD
        return item

    def new_game(self) -> NewGame | None:
        item = self._look()
        if not isinstance(item, NewGame):
            return None
        self._next = _UNREAD
        return item


def stream_games(source: str | IO[str] | IO[bytes], path: str | None = None) -> Iterator[GameReading]:
    """Every game of ``source`` as a :class:`GameReading`, its deals read as they are asked for.

    A game's deals must be read (or skipped) before the next game is asked for; those left unread
    are skipped. A file that stops being readable text (not UTF-8, a line too long) ends with a
    game holding only that error.
    """
    lines = Lines(source, path)
    stream = _Stream(split(lines))
    live = _live(source)
    while (start := stream.new_game()) is not None:
        reading = GameReading(start.line, stream, path, live)
        if not reading.empty:
            yield reading
        reading.skip()
    if lines.error is not None:
        yield _failed(lines.error, stream, path)


def _live(source: object) -> bool:
    """Whether ``source`` is written while it is read: an open pipe, terminal or socket (not a regular
    file, nor a text in memory)."""
    fileno = getattr(source, "fileno", None)
    if not callable(fileno):
        return False
    try:
        return not stat.S_ISREG(os.fstat(fileno()).st_mode)
    except (OSError, ValueError):  # a file-like object without a descriptor (io.UnsupportedOperation), or closed
        return False


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
        yield parsed(reading)


def parsed(reading: GameReading, between: list[Between] | None = None) -> ParsedGame:
    """The game ``reading`` reads, read to its end, with its errors and pieces; with ``between``, where
    the reader stood after each deal is appended to it (what a reading goes on from: :func:`read_on`)."""
    deals: list[Deal] = []
    errors = list(reading.errors)
    pieces = [reading.head] if reading.head is not None else []
    for read in reading.deals():
        if read.deal is not None:
            deals.append(read.deal)
        errors.extend(read.errors)
        pieces.append(read.piece)
        if between is not None:
            between.append(reading.between)
    return ParsedGame(attrs.evolve(reading.header, deals=tuple(deals)), tuple(errors), tuple(pieces))


def _parse(piece: Piece, start: str, errors: list[Problem]) -> Any:
    if piece.overflow is not None:
        what = _("deal") if piece.deal else _("tag block")
        errors.append((Span(piece.overflow, 1, piece.overflow, 2),
                       ngettext("this {what} (from line {line}) is longer than {n:,} character, the most preflog reads",
                                "this {what} (from line {line}) is longer than {n:,} characters, the most preflog reads",
                                MAX_PIECE).format(what=what, line=piece.line, n=MAX_PIECE)))
        return None
    fast = fast_deal(piece) if start == "deal" else fast_tags(piece)
    if fast is not None:
        return fast
    from .lalr import parse  # the grammar, for what is not canonical (loaded on first use)

    return parse(piece, start, errors)


_PLAYERS_TAG = re.compile(r'^[ \t]*\[[ \t]*Players[ \t]+"([^"\\\n]*)"[ \t]*\]', re.M)


def _salvage_players(text: str) -> str | None:
    m = _PLAYERS_TAG.search(text)
    return m.group(1) if m else None


def _errors(found: list[tuple[Span, str]], pieces: Sequence[Piece], path: str | None) -> list[NotationError]:
    return [NotationError.at(span, message, path=path, source_line=source_line(pieces, span.line))
            for span, message in sorted(found, key=lambda e: (e[0].line, e[0].column))]

#: The module's public names (what other layers and the server may import).
__all__ = [
    "Between", "GameReading", "ParsedGame", "ReadDeal", "parsed", "read_games", "read_on", "source_line", "stream_games",
]
