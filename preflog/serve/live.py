"""The event streams watchers listen to: each change of a game is told to every open stream of it, and
each stream sends one event for it with the game as it stands (Server-Sent Events). A watcher more
than a thousand changes behind loses the oldest news, never the newest state."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator

from starlette.responses import StreamingResponse


def sse_response(events: AsyncIterator[str]) -> StreamingResponse:
    """The response that sends ``events`` as Server-Sent Events, past any proxy's cache or buffer."""
    return StreamingResponse(events, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


class Broadcaster:
    """The open streams of each game, and the news of its changes (in the server's event loop)."""

    def __init__(self) -> None:
        self._streams: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)
        self._everyone: set[asyncio.Queue[int]] = set()  # the streams of events: told of every game's change
        self.closing = asyncio.Event()

    def listen_all(self) -> asyncio.Queue[int]:
        """A stream told the id of every game that changes (an event's page picks its own)."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1024)
        self._everyone.add(queue)
        return queue

    def leave_all(self, queue: asyncio.Queue[int]) -> None:
        self._everyone.discard(queue)

    def tell_event(self, event: int) -> None:
        """Event ``event``'s file changed (a tour drawn): its streams are told (as the game ``-event``)."""
        for queue in self._everyone:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(-event)

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
        for queue in self._everyone:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(game)


def event(name: str, data: str, ident: int | None = None) -> str:
    """One Server-Sent Event (``data`` on as many ``data:`` lines as it has lines)."""
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident is not None else "")
    return head + "".join(f"data: {line}\n" for line in data.split("\n")) + "\n"


__all__ = ["Broadcaster", "event", "sse_response"]
