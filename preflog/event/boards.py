"""Boards of a duplicate event and their hand record: ``load_boards``/``dump_boards``.

A board is a deal made once and played at every table of its tour: the dealer's seat, the ten cards
of each active seat and the talon. Seats are numbered clockwise from 1; the dealer of board *k* is
seat *k* counted round the table, so each seat deals in turn, and at a table of four the dealer's seat
holds no cards (Code 3.2.10).

The hand record is a game in the notation whose players are the seats, ``Seat1`` to ``Seat3`` (or
``Seat4``), one deal a board with its ``hands`` and ``talon``: ``preflog check``, ``fmt`` and
``convert`` read it as any game. A ``Seed`` tag says how it was dealt.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

import attrs

from ..i18n import _
from ..model.cards import DECK, Card
from ..model.deal import Deal, HandEntry, Hands, Talon
from ..model.game import Game, Tag
from ..model.hand import Hand
from ..model.seating import bidding_order

#: The players of a hand record: seat ids.
SEAT_IDS = ("Seat1", "Seat2", "Seat3", "Seat4")


@attrs.frozen(slots=True)
class Board:
    """One board: ``hands`` by seat (1-based; the active seats only), the ``talon``, the dealer's seat."""

    number: int
    seats: int
    dealer: int
    hands: Mapping[int, Hand]
    talon: tuple[Card, ...]

    def active(self) -> tuple[int, ...]:
        """The seats that hold cards, in bidding order (the eldest hand first)."""
        order = bidding_order(SEAT_IDS[:self.seats], SEAT_IDS[self.dealer - 1])
        return tuple(SEAT_IDS.index(s) + 1 for s in order)


class BoardsError(ValueError):
    """A hand record that is not one; the message says why (and where, with ``span``)."""


def dealer_of(number: int, seats: int) -> int:
    """The dealer's seat of board ``number``: seat 1 deals board 1, seat 2 board 2, and round again."""
    return (number - 1) % seats + 1


def deal_boards(count: int, seats: int, seed: str) -> list[Board]:
    """``count`` boards for tables of ``seats``, shuffled from ``seed`` (the same seed, the same boards).
    Each board is shuffled by a draw of its own, seeded by a hash of the seed and its number, so that the
    boards shown once their tour is over say nothing of the boards still to be played (one draw for all
    would let the shuffles seen betray its state, and the rest)."""
    boards = []
    for number in range(1, count + 1):
        pack = list(DECK)
        random.Random(f"preflog-boards:{seed}:{number}").shuffle(pack)  # a str seed passes through SHA-512
        dealer = dealer_of(number, seats)
        board = Board(number, seats, dealer, {}, ())
        hands = {seat: Hand(pack[i * 10:(i + 1) * 10]) for i, seat in enumerate(board.active())}
        boards.append(Board(number, seats, dealer, hands, tuple(pack[30:])))
    return boards


def boards_game(boards: Sequence[Board], *, event: str | None = None, seed: str | None = None) -> Game:
    """The hand record as a game of the notation (see the module's text)."""
    seats = boards[0].seats if boards else 3
    tags = [Tag("Event", event)] if event else []
    tags.append(Tag("Players", " ".join(SEAT_IDS[:seats])))
    if seed is not None:
        tags.append(Tag("Seed", seed))
    deals = []
    for b in boards:
        entries = tuple(HandEntry(SEAT_IDS[s - 1], b.hands[s]) for s in b.active())
        deals.append(Deal(b.number, SEAT_IDS[b.dealer - 1], hands=Hands(entries), talon=Talon(b.talon)))
    return Game(tuple(tags), tuple(deals))


def dump_boards(boards: Sequence[Board], *, event: str | None = None, seed: str | None = None) -> str:
    """The hand record's text."""
    from ..notation.write import dumps

    return dumps(boards_game(boards, event=event, seed=seed))


def boards_of(game: Game) -> list[Board]:
    """The boards a hand record holds; :class:`BoardsError` where a board is not whole."""
    players = game.players
    seats = len(players)
    if players != SEAT_IDS[:seats] or seats < 3:
        raise BoardsError(_("a hand record's players are the seats {seats}, not {players}").format(
            seats=" ".join(SEAT_IDS[:3]) + _(" (or to Seat4)"), players=" ".join(players) or "—"))
    boards = []
    for deal in game.deals:
        where = f"{deal.span}: " if deal.span else ""
        dealer = SEAT_IDS.index(deal.dealer) + 1 if deal.dealer in SEAT_IDS[:seats] else 0
        if not dealer or deal.hands is None or deal.talon is None or deal.talon.cards is None or any(
                e.hand is None for e in deal.hands.entries):
            raise BoardsError(where + _("board {n} needs its dealer, every active seat's hand and the talon").format(
                n=deal.number))
        hands = {SEAT_IDS.index(e.player) + 1: e.hand for e in deal.hands.entries if e.hand is not None}
        cards = [c for h in hands.values() for c in h.cards] + list(deal.talon.cards)
        if len(hands) != 3 or len(cards) != 32 or len(set(cards)) != 32:
            raise BoardsError(where + _("board {n} does not hold the 32 cards once each").format(n=deal.number))
        boards.append(Board(deal.number, seats, dealer, hands, tuple(deal.talon.cards)))
    if not boards:
        raise BoardsError(_("the hand record holds no board"))
    return boards


def loads_boards(text: str, path: str | None = None) -> list[Board]:
    """The boards of a hand record's text (a game of the notation; its errors raise
    :class:`~preflog.NotationError`)."""
    from ..notation.api import loads_all
    from ..problems import check
    from ..verdicts import message

    games = loads_all(text, path)
    if len(games) != 1:
        raise BoardsError(_("a hand record is one game, not {n}").format(n=len(games)))
    problems = check(games[0])
    if problems:
        first = problems[0]
        raise BoardsError((f"{first.span}: " if first.span else "") + message(first))
    return boards_of(games[0])


@lru_cache(maxsize=16)
def record_boards(text: str) -> tuple[Board, ...]:
    """The boards of an event's hand record (:func:`loads_boards`), read once for each text: an event's is
    checked with its file and read again whenever the event is worked out."""
    return tuple(loads_boards(text))


def seat_hands(board: Board, players: Sequence[str]) -> dict[str, Hand]:
    """The hand each player at a table holds on ``board``, ``players`` in seat order."""
    return {players[s - 1]: h for s, h in board.hands.items()}


#: The module's public names (what other layers and the server may import).
__all__ = [
    "Board", "BoardsError", "SEAT_IDS", "boards_game", "boards_of", "deal_boards", "dealer_of", "dump_boards",
    "loads_boards", "record_boards", "seat_hands",
]
