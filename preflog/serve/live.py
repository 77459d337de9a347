"""The event streams watchers listen to: each change the archive publishes (a game at a new revision,
an event's file drawn further) is told to every open stream of it, and each stream sends one event for
it with the game as it stands (Server-Sent Events). A watcher more than a thousand changes behind loses
the oldest news, never the newest state."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator, Callable

from starlette.responses import StreamingResponse

from .archive import Archive, Changed, News


def sse_response(events: AsyncIterator[str]) -> StreamingResponse:
    """The response that sends ``events`` as Server-Sent Events, past any proxy's cache or buffer."""
    return StreamingResponse(events, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


class Broadcaster:
    """The open streams of each game, and the news of its changes (in the server's event loop), heard
    from the archive (:meth:`follow`)."""

    def __init__(self) -> None:
        self._streams: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)
        self._everyone: set[asyncio.Queue[int]] = set()  # the streams of events: told of every game's change
        self.closing = asyncio.Event()

    def follow(self, archive: Archive) -> Callable[[], None]:
        """Tell the streams every change ``archive`` publishes, whatever thread wrote it, in the running
        event loop (called in it); what stops it (before the loop closes)."""
        loop = asyncio.get_running_loop()

        def heard(news: News) -> None:
            try:
                loop.call_soon_threadsafe(self.tell, news)
            except RuntimeError:  # the loop is closed: nobody is listening any more
                pass
        return archive.subscribe(heard)

    def listen_all(self) -> asyncio.Queue[int]:
        """A stream told the id of every game that changes (an event's page picks its own)."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1024)
        self._everyone.add(queue)
        return queue

    def leave_all(self, queue: asyncio.Queue[int]) -> None:
        self._everyone.discard(queue)

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

    def tell(self, news: News) -> None:
        """A game is at a new revision: every stream of it is told the revision, and the events' streams
        the game; an event's file changed (a tour drawn): the events' streams are told (as the game
        ``-event``). In the event loop."""
        if isinstance(news, Changed):
            for queue in self._streams.get(news.game, ()):
                _put(queue, news.revision)
        for queue in self._everyone:
            _put(queue, news.game if isinstance(news, Changed) else -news.event)


def _put(queue: asyncio.Queue[int], item: int) -> None:
    """``item`` at the end of ``queue``, the oldest dropped when it is full."""
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(item)


def event(name: str, data: str, ident: int | None = None) -> str:
    """One Server-Sent Event (``data`` on as many ``data:`` lines as it has lines)."""
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident is not None else "")
    return head + "".join(f"data: {line}\n" for line in data.split("\n")) + "\n"


__all__ = ["Broadcaster", "event", "sse_response"]
