"""The event streams watchers listen to: each change of a game is told to every open stream of it, and
each stream sends one event for it with the game as it stands (Server-Sent Events). A watcher more
than a thousand changes behind loses the oldest news, never the newest state."""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Broadcaster:
    """The open streams of each game, and the news of its changes (in the server's event loop)."""

    def __init__(self) -> None:
        self._streams: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)
        self.closing = asyncio.Event()

    def listen(self, game: int) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1024)
        self._streams[game].add(queue)
        return queue

    def leave(self, game: int, queue: asyncio.Queue[int]) -> None:
        streams = self._streams.get(game)
        if streams is not None:
            streams.discard(queue)
            if not streams:
                del self._streams[game]

    def tell(self, game: int, revision: int) -> None:
        """Game ``game`` is now at ``revision``: every stream of it is told."""
        for queue in self._streams.get(game, ()):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(revision)


def event(name: str, data: str, ident: int | None = None) -> str:
    """One Server-Sent Event (``data`` on as many ``data:`` lines as it has lines)."""
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident is not None else "")
    return head + "".join(f"data: {line}\n" for line in data.split("\n")) + "\n"


__all__ = ["Broadcaster", "event"]
