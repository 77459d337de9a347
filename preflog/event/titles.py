"""The title of an event's table game, in the reader's language: the event, then where the game is
played, «Швейцарка в пятницу — тур 2, стол 1» (a Swiss tour's pulka) or «Дубль — раздача 3, стол 2» (a
duplicate board), from the tags its table's game carries (Event, Round, Table, Board)."""

from __future__ import annotations

from ..i18n import _
from ..model.game import Game


def place_title(tour: int, table: int, board: int | None) -> str:
    """Where a table's game is played: «тур 2, стол 1», or a board's «раздача 3, стол 2»."""
    if board:
        return _("board {board}, table {table}").format(board=board, table=table)
    return _("tour {tour}, table {table}").format(tour=tour, table=table)


def table_title(event: str, tour: int, table: int, board: int | None) -> str:
    """The event's name, then where its game is played (:func:`place_title`)."""
    return f"{event} — {place_title(tour, table, board)}"


def game_title(game: Game) -> str | None:
    """The title of an event's table game from its tags (its Event, Round and Table, and Board where
    it has one); ``None`` for a game without them, or with a tour or table that is not a number."""
    event, tour, table, board = (game.tag(name) for name in ("Event", "Round", "Table", "Board"))
    numbers = [tour, table] + ([board] if board else [])
    if not event or not all(n and n.isdecimal() and len(n) <= 6 for n in numbers):
        return None
    assert tour is not None and table is not None
    return table_title(event, int(tour), int(table), int(board) if board else None)


#: The module's public names (what other layers and the server may import).
__all__ = ["game_title", "place_title", "table_title"]
