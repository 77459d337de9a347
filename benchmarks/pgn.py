"""python-chess, the peer of `preflog check` (benchmarks/peer.py, versus.py, judgment.py): a PGN file of
random legal games of a given size, and python-chess's own way to read one."""

from __future__ import annotations

import random

# python-chess's own way to read every game of a file: read_game until it returns None.
READ_PGN = """
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8") as handle:
    while chess.pgn.read_game(handle) is not None:
        pass
"""


def pgn_of_size(size: int, seed: int = 1) -> str | None:
    """Random legal games in PGN until the text holds ``size`` characters (None without python-chess,
    a benchmark-only extra)."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(seed)
    parts: list[str] = []
    total = number = 0
    while total < size:
        number += 1
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 120:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random game {number}"
        text = str(game) + "\n\n"
        parts.append(text)
        total += len(text)
    return "".join(parts)
