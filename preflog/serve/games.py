"""A file of games as the archive takes it: cut into each game's own text (all of it, so that the
texts put back together are the file), read, checked and indexed; and a game's index, derived from its
text alone."""

from __future__ import annotations

import hashlib
import io
import json
from fractions import Fraction
from typing import Any

import attrs

from ..checker import violation_error
from ..problems import problems_of
from ..i18n import _
from ..model.game import Game
from ..model.names import name_key
from ..notation.decode import Lines
from ..notation.errors import NotationError
from ..notation.read import ParsedGame, read_games
from ..scoring.ledger import number_json
from ..scoring.pulka import ScoreSheet
from ..record.judgment import Judgment, judge
from ..statistics.collect import Collector
from ..statistics.facts import GameFacts, date_of, deal_facts
from ..statistics.run import Summary, summary_of
from ..statistics.tally import PlayerStats, Table


#: The version of what the archive derives from a game's text (its index, its statistics): bump it when
#: scoring, indexing or the statistics change. Kept data of another version is never served: the server
#: works it out anew in the background (:mod:`.deriver`), and the pages say so meanwhile. 2: each player's
#: whister's remizes in the statistics kept (footnote 3 of the Code).
DERIVATION = 2


@attrs.frozen(slots=True)
class Indexed:
    """What the archive's index keeps of a game: its title, date, convention, players, deals, whether
    its pulka is finished, how many rule violations it holds, and the settlement in whists."""

    title: str
    date: str
    rules: str
    players: tuple[str, ...]
    deals: int
    finished: bool
    violations: int
    settlement: dict[str, Any]
    #: the game's statistics (:class:`preflog.statistics.run.Summary` as JSON), made in the same replay; None
    #: where they are not made with the index (a deal recorded: made when the statistics are asked for)
    stats: str | None = attrs.field(default=None, eq=False, kw_only=True)
    #: what makes it the same game as another (:func:`fingerprint`): an import skips a game already kept
    fingerprint: str = attrs.field(default="", eq=False, kw_only=True)


@attrs.frozen(slots=True)
class Imported:
    """A game of a file taken in: its own text, the game read, and the violations found (the messages
    in the file's places, as ``preflog check`` prints them)."""

    text: str
    game: Game
    indexed: Indexed
    violations: list[NotationError]
    #: the judgment of its own text (:mod:`preflog.record.judgment`), which the archive keeps once it has an id
    judged: Judgment | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    #: the tally of its statistics, kept with the judgment: the first deal recorded after the import
    #: counts on from it, not from the game's first deal
    tally: Tally | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


def index_of(text: str) -> Indexed:
    """The index of the game ``text`` holds."""
    judged = judge(text)
    if judged.sheet is not None:
        return indexed_of(judged)[0]
    parsed = next(read_games(text), None)  # no game, or more than one: the first one's
    if parsed is None:
        return Indexed("", "", "", (), 0, False, 0, {})
    sheet, count, _found, stats = _audit(parsed, "")
    return indexed(parsed.game, sheet, count, stats)


def index_of_game(game: Game) -> Indexed:
    """The index of the record ``game`` as it is held (a game made, not read: no text is read for it),
    audited once: what :func:`index_of` gives for the text written of it."""
    collector = Collector()
    found = problems_of(collector.game(game))
    stats = summary_of(game, collector.result(), len(game.deals)).dumps()
    return indexed(game, collector.audit.scorer.sheets[0], len(found), stats)


def indexed_of(judged: Judgment, earlier: Tally | None = None, unchanged: int = 0) -> tuple[Indexed, Tally | None]:
    """The index of the game ``judged`` (one game, replayed), with its statistics, read off the judgment
    with no replay of its own (:func:`statistics_of`: ``earlier`` and ``unchanged`` as there); and the
    statistics' tally to go on from."""
    assert judged.sheet is not None
    summary, tally = statistics_of(judged, earlier, unchanged)
    return indexed(judged.game, judged.sheet, len(judged.violations), summary.dumps()), tally


@attrs.define(slots=True)
class Tally:
    """The statistics of a game's first ``deals`` deals: each player's figures of those deals alone (not
    of the game's settlement), to go on from when the game changes after them."""

    deals: int
    par_deals: int
    players: dict[str, PlayerStats]

    def copy(self) -> Tally:
        return Tally(self.deals, self.par_deals, {p: PlayerStats().absorb(s) for p, s in self.players.items()})


def statistics_of(judged: Judgment, earlier: Tally | None = None,
                  unchanged: int = 0) -> tuple[Summary, Tally | None]:
    """The statistics of the game ``judged`` as :class:`~preflog.statistics.collect.Collector` gathers them
    (a game with a problem, or a deal that cannot be scored, left out), read off the judgment: each
    deal's outcome and what it changed in the settlement's standing. ``earlier``: the tally of an
    earlier judgment of the game, whose first ``unchanged`` deals this one judged the same (a deal
    recorded adds one deal to it, not the game); and the tally of this one."""
    sheet, game, state = judged.sheet, judged.game, judged.state
    count = len(judged.deals)
    if sheet is None or state is None or judged.troubled or judged.first_gap is not None:
        return summary_of(game, None, count), None
    players, over, standings = sheet.players, judged.denominator, judged.standings
    tally = earlier.copy() if earlier is not None and earlier.deals <= unchanged else \
        Tally(0, 0, {p: PlayerStats() for p in players})
    # the tally kept stops before the last deals, which the next deal recorded judges again
    kept = max(tally.deals, count - AGAIN)
    _count(judged, tally, kept)
    settlement = sheet.settlement()
    day, month = date_of(game)
    opening = {p: Fraction(n, over) for p, n in zip(players, standings[0])}
    table = Table()  # the game's settlement first, then its deals' figures: as Table.add counts them
    table.add(GameFacts(day, month, state.rules.name, players, count, dict(settlement.totals), settlement.money,
                        opening), ())
    for p in players:  # the tally's figures, then the last deals' counted into the table's own (sums)
        table.players[p].absorb(tally.players[p])
    rest = Tally(tally.deals, tally.par_deals, {p: table.players[p] for p in players})
    _count(judged, rest, count)
    table.par_deals += rest.par_deals
    return attrs.evolve(summary_of(game, None, count), table=table), tally


#: The last deals of a game a change may judge again though they did not change (a deal recorded reads
#: the one before it again, a take-back the one before that): the tally kept stops before them.
AGAIN = 3


def _count(judged: Judgment, tally: Tally, upto: int) -> None:
    """Count the deals of ``judged`` after the ``tally``'s up to deal ``upto`` in it."""
    sheet = judged.sheet
    assert sheet is not None
    players, over, standings = sheet.players, judged.denominator, judged.standings
    for i in range(tally.deals, upto):
        outcome = judged.points[1 + i].outcome
        if outcome is None or outcome.missing is not None:
            continue
        facts = deal_facts(outcome, {p: Fraction(after - before, over)
                                     for p, after, before in zip(players, standings[i + 1], standings[i])})
        tally.par_deals += facts.loss is not None
        for p in players:
            tally.players[p].add_deal(facts, p)
    tally.deals = max(tally.deals, upto)


def _audit(parsed: ParsedGame, path: str) -> tuple[ScoreSheet, int, list[NotationError], str]:
    """One replay of a game that checks it, scores it and gathers its statistics: the sheet, how many
    rules it breaks, the errors, and the statistics as JSON."""
    collector = Collector()
    found = problems_of(collector.game(parsed.game))
    stats = summary_of(parsed.game, collector.result(), len(parsed.game.deals)).dumps()
    return collector.audit.scorer.sheets[0], len(found), [violation_error(v, path, parsed.pieces) for v in found], stats


def indexed(game: Game, sheet: ScoreSheet, violations: int, stats: str | None = None) -> Indexed:
    """The index of ``game``, whose pulka is ``sheet`` and which breaks ``violations`` rules (with its
    statistics, where they were made in the same replay)."""
    totals = sheet.settlement().shown_totals()
    return Indexed(title=game.tag("Event") or "", date=game.tag("Date") or "", rules=sheet.rules.name,
                   players=tuple(game.players), deals=len(game.deals), finished=sheet.finished,
                   violations=violations, settlement={p: number_json(v) for p, v in totals.items()}, stats=stats,
                   fingerprint=fingerprint(game, sheet))


def fingerprint(game: Game, sheet: ScoreSheet) -> str:
    """The same game, whatever its comments, spelling of calls or layout: the same players (as
    :func:`~preflog.model.names.name_key` matches them) in the same seats, the same date, as many deals,
    and the same sheet, every player's pool, mountain and whists on each other, exactly."""
    players = sheet.players
    figures = [[name_key(p), str(sheet.pool(p)), str(sheet.mountain(p)), [str(sheet.whists(p, q)) for q in players]]
               for p in players]
    key = json.dumps([game.tag("Date") or "", len(game.deals), figures], ensure_ascii=False)
    return hashlib.sha256(key.encode()).hexdigest()


def decode(body: bytes, path: str) -> str | NotationError:
    """The text of a body sent as UTF-8 (a BOM allowed), or the error where it stops being UTF-8."""
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        parsed = next(read_games(io.BytesIO(body), path), None)  # the reader says where, as for a file
        found = list(parsed.errors) if parsed is not None else []
        return found[0] if found else NotationError(_("the text is not UTF-8"), path=path)


def take_in(text: str, path: str = "<upload>") -> tuple[list[Imported], list[NotationError]]:
    """The games of a file, each with its own text; or, when the file has notation errors, none and
    the errors (rule violations do not refuse a game: the archive keeps games as they were played). A
    file of one game is read once, with its judgment."""
    whole = judge(text, path, faulty=False)
    games = [whole.parsed] if whole.games == 1 else list(read_games(text, path))
    errors = [e for g in games for e in g.errors]
    if not games and not errors:
        errors.append(NotationError(_("the file holds no game (its tags first: [Players \"…\"])"), path=path))
    players = [g for g in games if not g.game.players]
    for g in players:
        errors.append(NotationError(_("a game needs its players: [Players \"Anna Boris Vera\"]"), path=path,
                                    line=g.pieces[0].line if g.pieces else 1))
    if errors:
        return [], errors
    out: list[Imported] = []
    for parsed, own in zip(games, _cut(text, games)):
        judged = whole if len(games) == 1 else judge(own, path)  # its own text judged once: what the archive keeps
        if judged.sheet is None or judged.troubled:  # the violations said at their lines of the file
            sheet, count, found, stats = _audit(parsed, path)
            out.append(Imported(own, parsed.game, indexed(parsed.game, sheet, count, stats), found, judged=judged))
        else:
            index, tally = indexed_of(judged)
            out.append(Imported(own, parsed.game, index, [], judged=judged, tally=tally))
    return out, []


def _cut(text: str, games: list[ParsedGame]) -> list[str]:
    """Each game's own part of ``text``: from the end of the game before (its notes before the tags
    are its own) to the end of its last piece, the last game to the end of the text."""
    starts = [0]
    for line in Lines(text, None, keep_endings=True):
        starts.append(starts[-1] + len(line))
    bom = 1 if text.startswith("\ufeff") else 0
    ends = []
    for parsed in games:
        last = parsed.pieces[-1]
        ends.append(starts[last.line - 1] + last.column - 1 + (bom if last.line == 1 else 0) + len(last.text))
    ends[-1] = len(text)
    return [text[a:b] for a, b in zip([0, *ends[:-1]], ends)]


__all__ = ["Imported", "Indexed", "Tally", "decode", "fingerprint", "index_of", "index_of_game", "indexed", "indexed_of",
           "statistics_of", "take_in"]
