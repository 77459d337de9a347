"""The ``{name:id}`` part of a route's path: a game's, a deal's or an event's number, at most 18 digits
(any larger names nothing the archive keeps, whose ids are SQLite's 64-bit integers). Starlette's own
``int`` takes any number of digits, and Python refuses to read one of more than 4,300 (a 500 for
``/games/999…9``); a longer one here matches no route: 404. Registered when this module is imported,
before the routes that use it are made."""

from __future__ import annotations

from starlette.convertors import Convertor, register_url_convertor

#: The most digits an id in a path has.
DIGITS = 18


class IdConvertor(Convertor[int]):
    regex = f"[0-9]{{1,{DIGITS}}}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        if not 0 <= value < 10 ** DIGITS:
            raise ValueError(value)  # a url_for of a number no path holds
        return str(value)


register_url_convertor("id", IdConvertor())

__all__ = ["DIGITS", "IdConvertor"]
