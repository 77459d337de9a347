"""The games of an event, each read against what was drawn: ``collect(plan, games)``.

A game belongs to the event whose name its ``Event`` tag carries (others are counted and left alone);
its ``Round`` tag names the tour, ``Table`` the table, and in duplicate ``Board`` the board it plays
(one deal, the board's), scored as that deal alone with the pool open (:data:`~preflog.scoring.scorer.OPEN_POOL`:
each point written to the pool is a point less of the shortfall settlement adds to the mountain, Code 4.2.3).
Each is checked: the tour and table drawn, the players seated there, the
convention, a table or board recorded once, the board's cards; then audited as ``preflog check``
audits it. A game with a problem is left out of the standings, and each problem is said where it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

from ..game.conventions import PRESETS
from .. import words
from ..i18n import _, count
from ..model.game import Game, Tag
from ..model.span import Span
from ..scoring.outcome import Outcome
from ..scoring.scorer import OPEN_POOL, deal_score
from ..scoring.settlement import apportion
from ..statistics.collect import Collector
from ..statistics.facts import DealFacts
from ..verdicts import hint_text, message
from .boards import Board, seat_hands
from .plan import Kind, Plan


@attrs.frozen(slots=True)
class Problem:
    """What is wrong with a game of the event, and where (``span`` in the file ``path``)."""

    path: str | None
    span: Span | None
    message: str
    hint: str | None = None


@attrs.frozen(slots=True)
class Played:
    """One game of the event: where it was played, the whists it gave each player (a pulka's
    settlement; a board's deal scored alone, Code 4.2.14), and its deals as the statistics read them."""

    tour: int
    table: int
    board: int | None
    players: tuple[str, ...]
    path: str | None
    whists: dict[str, Fraction]
    deals: tuple[DealFacts, ...]
    outcomes: tuple[Outcome, ...]
    par: int | None = None
    finished: bool = True  #: the tour is over at this table: the pulka closed, its deals played, the board played

    @property
    def shown(self) -> dict[str, Fraction]:
        """The whists as every page shows this game's (the list, its page, the API, the event's table):
        the exact ones to two decimals by the largest remainder, in its seats' order
        (:func:`~preflog.scoring.settlement.apportion`, as the settlement's shown totals)."""
        seated = {p: self.whists[p] for p in self.players if p in self.whists}
        seated.update(self.whists)  # in the seats' order, which settles a tie of remainders as the game's page
        return apportion(seated)


@attrs.frozen
class Results:
    """What the event's games give: ``played`` (clean games), ``problems``, and ``other`` (the games of
    other events, left alone)."""

    plan: Plan
    played: list[Played] = attrs.Factory(list)
    problems: list[Problem] = attrs.Factory(list)
    other: int = 0


def collect(plan: Plan, games: Iterable[tuple[str | None, Game]], boards: dict[int, Board] | None = None, *,
            par: bool = False) -> Results:
    """The results of ``games`` (each with the path it was read from) for ``plan``; ``boards`` (duplicate)
    by number, to check the cards each table held; with ``par``, each board's double-dummy par."""
    out = Results(plan)
    seen: dict[tuple[int, int, int | None], str] = {}
    boards_played: dict[tuple[str, int], tuple[int, int]] = {}
    other = 0
    for path, game in games:
        event = game.tag("Event")
        if event is None or event.strip() != plan.name.strip():
            other += 1
            continue
        found = _place(plan, game, path, out.problems)
        if found is None:
            continue
        tour, table, board, seats = found
        key = (tour, table, board)
        where = _where(path, _tag(game, "Table"))
        if key in seen:
            out.problems.append(Problem(path, _span(game, "Table"), _twice(tour, table, board, seen[key])))
            continue
        if board is not None:
            twice = [p for p in game.players if (p, board) in boards_played]
            if twice:
                t, x = boards_played[(twice[0], board)]
                out.problems.append(Problem(path, _span(game, "Board"), _(
                    "{player} has played board {board} already, at table {table} of tour {tour}").format(
                    player=twice[0], board=board, table=x, tour=t)))
                continue
        if board is not None and not game.deals:
            continue  # a board's game opened and not played yet: nothing to count, nothing wrong
        if board is not None and len(game.deals) != 1:
            out.problems.append(_not_one_deal(path, game, len(game.deals)))
            continue
        if board is not None and boards is not None and not _cards_agree(game, seats, boards[board], path,
                                                                          out.problems):
            continue
        played = _audit(plan, game, path, tour, table, board, seats, out.problems)
        if played is None:
            continue
        if par and board is not None and boards is not None and played.outcomes:
            played = attrs.evolve(played, par=board_par(boards[board], played.players, played.outcomes[0]))
        seen[key] = where
        if board is not None:
            boards_played.update(((p, board), (tour, table)) for p in game.players)
        out.played.append(played)
    return attrs.evolve(out, other=other)


def _tag(game: Game, name: str) -> Tag | None:
    return next((t for t in game.tags if t.name == name), None)


def _span(game: Game, name: str) -> Span | None:
    tag = _tag(game, name)
    return tag.span if tag is not None else game.span


def _where(path: str | None, tag: Tag | None) -> str:
    line = tag.span.line if tag is not None and tag.span is not None else 1
    return f"{path or '-'}:{line}"


def _twice(tour: int, table: int, board: int | None, first: str) -> str:
    if board is None:
        return _("table {table} of tour {tour} is recorded twice (first at {where})").format(
            table=table, tour=tour, where=first)
    return _("board {board} is recorded twice at table {table} of tour {tour} (first at {where})").format(
        board=board, table=table, tour=tour, where=first)


def _number(game: Game, name: str, path: str | None, problems: list[Problem]) -> int | None:
    tag = _tag(game, name)
    if tag is None:
        problems.append(Problem(path, game.span, _("a game of the event needs a [{tag} \"…\"] tag").format(tag=name)))
        return None
    value = tag.value.strip()
    if not value.isdigit() or not 0 < int(value) < 10_000:
        problems.append(Problem(path, tag.span, _("[{tag}] is a number from 1, not {value!r}").format(
            tag=name, value=tag.value)))
        return None
    return int(value)


def _place(plan: Plan, game: Game, path: str | None,
           problems: list[Problem]) -> tuple[int, int, int | None, tuple[str, ...]] | None:
    """The tour, table and board of ``game`` and the table's players in the seats drawn, checked against
    the draw; ``None`` after saying why not."""
    tour_n = _number(game, "Round", path, problems)
    table_n = _number(game, "Table", path, problems)
    board = _number(game, "Board", path, problems) if plan.kind is Kind.DUPLICATE else None
    if tour_n is None or table_n is None or plan.kind is Kind.DUPLICATE and board is None:
        return None
    tour = plan.tour(tour_n)
    if tour is None:
        problems.append(Problem(path, _span(game, "Round"), _(
            "tour {tour} has not been drawn (the event has drawn {n} of {tours})").format(
            tour=tour_n, n=len(plan.drawn), tours=plan.tours)))
        return None
    table = tour.table(table_n)
    if table is None:
        problems.append(Problem(path, _span(game, "Table"), _("tour {tour} has no table {table} (it has {n})").format(
            tour=tour_n, table=table_n, n=len(tour.tables))))
        return None
    players = game.players
    unknown = [p for p in players if p not in plan.players]
    if unknown:
        problems.append(Problem(path, _span(game, "Players"), _(
            "not a player of the event «{event}»: {player}").format(player=unknown[0], event=plan.name)))
        return None
    if sorted(players) != sorted(table.players):
        problems.append(Problem(path, _span(game, "Players"), _(
            "table {table} of tour {tour} by the lot: {drawn}; not {players}").format(
            table=table_n, tour=tour_n, drawn=", ".join(table.players), players=", ".join(players))))
        return None
    if plan.kind is Kind.DUPLICATE:
        if not _clockwise(players, table.players):
            problems.append(Problem(path, _span(game, "Players"), _(
                "the players of a board sit as drawn, clockwise: {drawn}").format(drawn=" ".join(table.players))))
            return None
        if board not in tour.boards:
            problems.append(Problem(path, _span(game, "Board"), _("tour {tour} plays boards {boards}, not {board}").format(
                tour=tour_n, boards=_boards_text(tour.boards), board=board)))
            return None
    rules = game.tag("Rules")
    if rules is not None and rules.strip() != plan.rules and rules.strip() in PRESETS:
        problems.append(Problem(path, _span(game, "Rules"), _(
            "the game's convention is {rules}, the event's {event_rules}").format(
            rules=words.convention(rules.strip()), event_rules=words.convention(plan.rules))))
        return None
    return tour_n, table_n, board, table.players


def _clockwise(players: tuple[str, ...], seats: tuple[str, ...]) -> bool:
    """Whether ``players`` sit in the order of ``seats`` round the table, whoever is listed first."""
    return len(players) == len(seats) and any(players == seats[i:] + seats[:i] for i in range(len(seats)))


def _boards_text(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else str(boards[0])


def _not_one_deal(path: str | None, game: Game, deals: int) -> Problem:
    """A board's game that is not its one deal (``deals``: the deals it has, or gave an outcome)."""
    return Problem(path, game.span, _("a board is one deal; this game has {n}").format(n=deals))


def _cards_agree(game: Game, players: tuple[str, ...], board: Board, path: str | None,
                 problems: list[Problem]) -> bool:
    """Whether the board's one deal is dealt by the board's dealer's seat and holds its cards (``players``
    in the seats drawn)."""
    deal = game.deals[0]
    if len(players) != board.seats:
        problems.append(Problem(path, _span(game, "Players"), _(
            "board {board} is dealt for tables of {seats}, not {n}").format(
            board=board.number, seats=board.seats, n=len(players))))
        return False
    dealer = players[board.dealer - 1]
    if deal.dealer != dealer:
        problems.append(Problem(path, deal.span, _(
            "board {board} is dealt by seat {seat}, here {player}, not {written}").format(
            board=board.number, seat=board.dealer, player=dealer, written=deal.dealer)))
        return False
    held = seat_hands(board, players)
    for entry in deal.hands.entries if deal.hands else ():
        if entry.hand is not None and entry.player in held and entry.hand != held[entry.player]:
            problems.append(Problem(path, entry.span or deal.span, _(
                "{player}'s hand is not the one board {board} gives seat {seat}").format(
                player=entry.player, board=board.number, seat=players.index(entry.player) + 1)))
            return False
    if deal.talon is not None and deal.talon.cards is not None and set(deal.talon.cards) != set(board.talon):
        problems.append(Problem(path, deal.talon.span or deal.span, _(
            "the talon is not the one of board {board}").format(board=board.number)))
        return False
    return True


def _audit(plan: Plan, game: Game, path: str | None, tour: int, table: int, board: int | None,
           seats: tuple[str, ...], problems: list[Problem]) -> Played | None:
    """The game audited (its Rules tag, else the event's convention): what it gave, or ``None`` after
    saying its problems."""
    collector = Collector(rules=None if game.tag("Rules") else plan.rules)
    outcomes = []
    bad = False
    rules = None
    for point in collector.game(game):
        if point.state is not None:
            rules = point.state.rules  # as the audit read them: its Rules tag (or the event's), its Rule.* tags
        for v in point.problems:
            problems.append(Problem(path, v.span, message(v), hint_text(v)))
            bad = True
        if point.unscored is not None:
            problems.append(Problem(path, point.unscored.span, message(point.unscored), hint_text(point.unscored)))
            bad = True
        if point.outcome is not None and point.outcome.missing is None and point.deal is not None:
            outcomes.append(point.outcome)
    found = collector.result()
    if bad or found is None:
        return None
    facts, deals = found
    if plan.kind is Kind.SWISS:
        if plan.deals is not None and facts.deals > plan.deals:
            problems.append(Problem(path, game.span, count("a tour is {n} deal; this game has more",
                                                           "a tour is {n} deals; this game has more", plan.deals)))
            return None
        whists = dict(facts.settlement)
        over = collector.audit.scorer.sheets[-1].finished or plan.deals is not None and facts.deals >= plan.deals
        return Played(tour, table, None, game.players, path, whists, tuple(deals), tuple(outcomes), finished=over)
    if rules is None or len(outcomes) != 1:  # a board's one deal (collect saw to it) that gave no outcome
        problems.append(_not_one_deal(path, game, len(outcomes)))
        return None
    whists = {p: Fraction(v) for p, v in deal_score(outcomes[0], rules, pool=OPEN_POOL).items()}
    # a board's seats as drawn, whoever deals first; its one deal played, the table's board is over
    return Played(tour, table, board, seats, path, whists, tuple(deals), tuple(outcomes))


def board_par(board: Board, players: tuple[str, ...], outcome: Outcome) -> int | None:
    """The declarer's tricks in the contract played at a table, from the board's cards: his best discard
    and best play on every side, all hands seen (``None`` for an all-pass or a misère)."""
    from ..analysis.odds import game_tricks
    from ..game.bits import bits_of

    contract, declarer = outcome.contract, outcome.declarer
    if outcome.all_pass or contract is None or contract.is_misere or declarer is None:
        return None
    seats = board.active()
    order = [players[s - 1] for s in seats]
    if declarer not in order:
        return None
    me = order.index(declarer)
    hands = tuple(bits_of(set(board.hands[s].cards)) for s in seats)
    twelve = hands[me] | bits_of(set(board.talon))
    strain = contract.strain
    return None if strain is None else game_tricks(twelve, (hands[0], hands[1], hands[2]), me, strain.suit)


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Played", "Problem", "Results", "board_par", "collect",
]
