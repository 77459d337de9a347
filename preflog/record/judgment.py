"""A game's text as the engine judges it, kept, so that a change is judged by replaying what changed.

>>> judged = judge(text, "game 7")          # the whole text read and audited once
>>> judged.clean, judged.sheet, judged.points, judged.outlines
>>> again = judged.then(text + deal, len(text))  # the text changed from offset len(text) on

:meth:`Judgment.then` reads the text again from the last deal that ends before the change (a deal
appended: the last one, which the new deal's blank lines may follow) and replays it from where the audit
stood before that deal (:class:`~preflog.problems.Standing`, kept every :data:`EVERY` deals and after
the last three): recording deal 1,000 replays two deals, as recording deal 10 does; an edit of deal k
replays from at most :data:`EVERY` deals before k to the end. A text the cut cannot be resumed in (a
tag block after the deals, comment lines before the deal to read from, a judgment with problems) is
judged whole, which is always right. What :meth:`then` gives is what :func:`judge` gives for the same
text.

A judgment holds values only (a violation, a sheet entry's reason), no words but a notation error's
message, which the reader makes: each deal's words are made from its :class:`~preflog.record.said.Outline`
where it is shown, in the reader's language. Kept: the text, the game read and its pieces, each point of
the audit (without the state after it), each deal's outline, part of the text and where the reader stood
after it, the sheet, and the standings: a few hundred bytes a deal besides the text.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence

import attrs

from ..game.state import GameState
from ..game.violations import Violation
from ..i18n import _
from ..model.deal import Deal
from ..model.game import Game
from ..model.limits import MAX_DEALS
from ..notation.decode import Lines
from ..notation.errors import NotationError
from ..notation.read import Between, GameReading, ParsedGame, parsed as parsed_of, read_on, stream_games
from ..notation.split import Piece
from ..problems import Audit, Audited, Standing, problems_of
from ..scoring.ledger import Amount
from ..scoring.pulka import ScoreSheet
from ..scoring.settlement import standing_over
from .said import Outline

#: A standing is kept after every this many deals (and after the last three): an edit replays at most
#: this many deals before the one changed.
EVERY = 32

#: Where each deal's part of the text starts (its preface), where its own text starts, where it ends.
Part = tuple[int, int, int]


@attrs.frozen(slots=True, eq=False)
class Judgment:
    """A game's ``text`` as the engine judges it (see the module): the game read (``parsed``: with its
    notation errors and pieces; ``games`` how many the text holds), each point of its audit (the tag
    block, each deal, the end; their ``state`` left out), each deal's :class:`Outline` and ``parts``,
    the ``sheet`` after the end, the game after its last deal (``state``), where the reader stood before
    each deal and after the last (``readings``), and the standings kept (``kept``, by their deals)."""

    text: str
    path: str
    parsed: ParsedGame
    games: int
    points: tuple[Audited, ...]
    outlines: tuple[Outline, ...]
    parts: tuple[Part, ...]
    sheet: ScoreSheet | None
    state: GameState | None
    readings: tuple[Between, ...] = ()
    kept: tuple[Standing, ...] = ()
    #: how many points have problems (or problems that follow from a slip), and the first that cannot be
    #: scored (a gap in the sheet), if one cannot
    troubled: int = 0
    first_gap: int | None = None
    #: the settlement's standing after the tag block and after each deal, as numerators over one
    #: denominator, in the order of the sheet's players (:func:`~preflog.scoring.settlement.standing_over`):
    #: what each deal changed, for the statistics
    standings: tuple[tuple[Amount, ...], ...] = ()
    denominator: int = 1
    #: made by :meth:`then`: how many of its first deals it took as the judgment it was made from had them
    #: (their points, outlines and standings), without judging them again
    carried: int = 0

    @property
    def game(self) -> Game:
        return self.parsed.game

    @property
    def deals(self) -> tuple[Deal, ...]:
        return self.parsed.game.deals

    @property
    def violations(self) -> list[Violation]:
        """The game's problems (:func:`~preflog.problems.problems_of`), in the order of the text."""
        return problems_of(self.points) if self.troubled else []

    @property
    def clean(self) -> bool:
        """One game, read without a notation error, that breaks no rule (a gap in the sheet is none)."""
        return self.games == 1 and not self.parsed.errors and not self.troubled

    def unscored(self, number: int) -> Violation | None:
        """Why deal ``number`` cannot be scored, if it cannot (a gap in the sheet)."""
        for point in reversed(self.points):  # the deal just written is the last, or near it
            if point.number == number:
                return point.unscored
        return None

    def line_at(self, offset: int) -> int:
        """The line of the text (1 the first) that ``offset`` is on, counted from the deal before it."""
        parts, pieces = self.parts, self.parsed.pieces
        i = bisect.bisect_right(parts, offset, key=lambda part: part[1]) - 1
        if i < 0 or len(pieces) != len(parts) + 1:  # before the deals, or not a deal a piece after the tags
            return self.text.count("\n", 0, offset) + 1
        return pieces[1 + i].line + self.text.count("\n", parts[i][1], offset)

    def then(self, text: str, at: int) -> Judgment:
        """The judgment of ``text``: this judgment's text, the same up to offset ``at``, changed from there
        on. Read from the last deal that ends before ``at`` and replayed from the standing before it."""
        if not self.clean or self.sheet is None:
            return judge(text, self.path)
        parts, pieces = self.parts, self.parsed.pieces
        j = bisect.bisect_right(parts, at, key=lambda part: part[2]) - 1
        while j >= 0 and not _restarts(pieces[1 + j]):
            j -= 1
        standing = next((k for k in reversed(self.kept) if k.deals <= j), None) if j >= 0 else None
        if standing is None:
            return judge(text, self.path)
        own = parts[j][1]
        read = read_on(text[own:], pieces[1 + j].line, self.readings[j], self.path, MAX_DEALS - j)
        if read is None:
            return judge(text, self.path)
        new = [r for r, _between in read]
        deals = self.deals[:j] + tuple(r.deal for r in new if r.deal is not None)
        game = attrs.evolve(self.game, deals=deals)
        parsed = ParsedGame(game, tuple(e for r in new for e in r.errors), pieces[:1 + j] + tuple(r.piece for r in new))
        audit = Audit()
        audit.resume(game, standing, self.sheet.entries[:standing.entries])
        kept = [k for k in self.kept if k.deals < standing.deals and _keeps(k.deals, len(deals))]
        replayed = _Replayed(list(self.points[:1 + standing.deals]), list(self.outlines[:standing.deals]),
                             kept + [standing] if _keeps(standing.deals, len(deals)) else kept, 0,
                             list(self.standings[:1 + standing.deals]),
                             self.first_gap if self.first_gap is not None and self.first_gap <= standing.deals else None)
        replayed.go(audit, deals, standing.deals)
        return Judgment(text, self.path, parsed, 1, tuple(replayed.points), tuple(replayed.outlines),
                        self.parts[:j] + _parts_on(text, own, parts[j][0], [r.piece for r in new]),
                        audit.scorer.sheets[0], replayed.state,
                        self.readings[:1 + j] + tuple(between for _read, between in read), tuple(replayed.kept),
                        replayed.troubled, replayed.first_gap, tuple(replayed.standings), replayed.denominator,
                        standing.deals)


def judge(text: str, path: str = "<game>", *, faulty: bool = True) -> Judgment:
    """The judgment of the whole ``text``: read, and audited once if it holds one game (with notation
    errors too, its deals read audited, unless not ``faulty``: then it is only read)."""
    readings = stream_games(text, path)
    first = next(readings, None)
    if first is None:
        message = _("the text holds no game (its tags first: [Players \"…\"])")
        return _unreplayed(text, path, ParsedGame(Game(()), (NotationError(message, path=path),)), 0)
    between = [first.between]
    parsed = parsed_of(first, between)
    game, errors, pieces = parsed.game, list(parsed.errors), parsed.pieces
    deals = game.deals
    others = _others(readings)
    if others:  # a line too long ends the text as a game of its own
        unread = errors + [e for found in others for e in found]
        message = _("the recorder keeps one game to a file; this text holds {games}").format(games=1 + len(others))
        return _unreplayed(text, path, ParsedGame(game, tuple(unread or [NotationError(message, path=path)]),
                                                  tuple(pieces)), 1 + len(others))
    if errors and not faulty:
        return _unreplayed(text, path, parsed, 1)
    audit = Audit()
    begun = audit.begin(game)
    replayed = _Replayed([begun], [], [], int(bool(begun.problems or begun.later)), [], None)
    replayed.stand(audit)
    replayed.point(audit, 0, len(deals))
    replayed.go(audit, game.deals, 0)
    return Judgment(text, path, parsed, 1, tuple(replayed.points), tuple(replayed.outlines),
                    tuple(deal_parts(text, pieces)), audit.scorer.sheets[0], replayed.state, tuple(between),
                    tuple(replayed.kept), replayed.troubled, replayed.first_gap, tuple(replayed.standings),
                    replayed.denominator)


def _others(readings: Iterator[GameReading]) -> list[list[NotationError]]:
    """The notation errors of each game after the first (their deals read as ``read_games`` reads them)."""
    out = []
    for reading in readings:
        found = list(reading.errors)
        for read in reading.deals():
            found.extend(read.errors)
        out.append(found)
    return out


def _unreplayed(text: str, path: str, parsed: ParsedGame, games: int) -> Judgment:
    return Judgment(text, path, parsed, games, (), (), (), None, None)


class _Replayed:
    """The points, outlines and standings of an audit as it goes, from a deal on."""

    def __init__(self, points: list[Audited], outlines: list[Outline], kept: list[Standing], troubled: int,
                 standings: list[tuple[Amount, ...]], first_gap: int | None) -> None:
        self.points, self.outlines, self.kept, self.troubled = points, outlines, kept, troubled
        self.standings, self.denominator, self.first_gap = standings, 1, first_gap
        self.state: GameState | None = None

    def stand(self, audit: Audit) -> None:
        """The settlement's standing where the audit stands."""
        pulka = audit.scorer.pulka
        numerators, self.denominator = standing_over(pulka)
        self.standings.append(tuple(numerators[p] for p in pulka.players))

    def point(self, audit: Audit, deals: int, total: int) -> None:
        """The standing after ``deals`` deals of ``total``, kept if it is one to keep."""
        if _keeps(deals, total):
            standing = audit.standing(deals)
            if standing is not None:
                self.kept.append(standing)

    def go(self, audit: Audit, deals: Sequence[Deal], start: int) -> None:
        """Audit ``deals`` from the one after the first ``start``, and the end."""
        total = len(deals)
        for i in range(start, total):
            deal = deals[i]
            point = audit.deal(deal)
            d = point.state.deal if point.state is not None else None
            self.outlines.append(Outline.of(d) if d is not None else
                                 Outline(deal.dealer, False, None, None, (), None, (), False, False))
            self._add(point)
            self.stand(audit)
            self.point(audit, i + 1, total)
        end = audit.end()
        self.state = end.state
        self.points[0] = attrs.evolve(self.points[0], state=None)
        self._add(end)

    def _add(self, point: Audited) -> None:
        self.points.append(attrs.evolve(point, state=None))
        self.troubled += bool(point.problems or point.later)
        if point.unscored is not None and self.first_gap is None:
            self.first_gap = len(self.points) - 1


def _keeps(deals: int, total: int) -> bool:
    """Whether the standing after ``deals`` deals of ``total`` is kept: every :data:`EVERY` deals, and
    the last three (a deal appended reads the last again; one taken back, the one before it)."""
    return not deals % EVERY or deals >= total - 2


def _restarts(piece: Piece) -> bool:
    """Whether the text can be read again from ``piece`` on, as reading it whole cuts it: a deal at the
    start of its line with no comment line before it."""
    return piece.column == 1 and not piece.lead and not piece.preface


def deal_parts(text: str, pieces: Sequence[Piece]) -> list[Part]:
    """Where each deal's part of ``text`` starts, where its own text starts, and where it ends (the last
    deal's at the end of the text)."""
    starts = [0]
    for line in Lines(text, None, keep_endings=True):
        starts.append(starts[-1] + len(line))
    bom = 1 if text.startswith("\ufeff") else 0
    out: list[Part] = []
    previous_end = 0
    for piece in pieces:
        begin = starts[piece.line - 1] + piece.column - 1 + (bom if piece.line == 1 else 0)
        end = begin + len(piece.text)
        if piece.deal:
            out.append((previous_end, begin, end))
        previous_end = end
    if out:
        out[-1] = (out[-1][0], out[-1][1], len(text))
    return out


def _parts_on(text: str, own: int, previous_end: int, pieces: Sequence[Piece]) -> tuple[Part, ...]:
    """The parts of the deals read again from offset ``own`` of ``text`` on (the first piece's line
    starts there), the part before them ending at ``previous_end``."""
    first = pieces[0].line
    starts = [own]
    for line in Lines(text[own:], None, keep_endings=True):
        starts.append(starts[-1] + len(line))
    out: list[Part] = []
    for piece in pieces:
        begin = starts[piece.line - first] + piece.column - 1
        end = begin + len(piece.text)
        out.append((previous_end, begin, end))
        previous_end = end
    out[-1] = (out[-1][0], out[-1][1], len(text))
    return tuple(out)


__all__ = ["EVERY", "Judgment", "Part", "deal_parts", "judge"]
