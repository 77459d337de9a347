"""A game as its pages show it, worked out once per revision from its one judgment (the archive's,
:mod:`.judged`: made by the change that made the revision, by the import, or here once for all), in a
worker thread, and kept for every reader after: the game's page, its JSON, its pulka, a deal's replay,
the scorer's page and the watchers' live part all read the same piece of work. The judgment is shared by
every language; what is made per language is its words (the view, the live part's HTML), each deal's
when it is shown. Readers of a game never replay it on the event loop, nor once each.

The work is shared: a reader that leaves while it runs (a page closed, a watcher gone) does not stop it
for the others, and work that failed is not kept. What is kept is bounded by the deals it holds
(:data:`KEPT_DEALS`), the least recently read first out. A reader may wait a bounded time
(``wait``): the work goes on, and the next reader has it."""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any, Protocol, TypeGuard

import attrs
from starlette.concurrency import run_in_threadpool

from ..i18n import current_language, using_language
from ..present.replay_html import page
from ..record.judgment import Judgment
from .archive import Archive
from .packed import Packed
from .templating import ENV
from .view import GameView, game_view, turn_words
from .event_view import deals_allowed

#: Deals on a page of a game's deals, the newest first; older deals are on the pages after.
PAGE_DEALS = 50
#: A game with more deals shows its pulka's totals on its page; the full drawing is a page of its own.
BIG_GAME = 200
#: The deals of the games kept worked out, at most (a 10,000-deal game is kept alone).
KEPT_DEALS = 12_000
#: The replays of single deals kept for each game worked out (a replay holds its game's pulka: up to a
#: megabyte for a long game).
KEPT_REPLAYS = 8


@attrs.define(slots=True)
class Derived:
    """A game worked out at ``revision`` in one language: its view, the live part of its page (the
    newest deals), and its JSON once asked for; ``judged`` the judgment it is read off, every
    language's."""

    ident: int
    revision: int
    view: GameView
    live: dict[str, Any]
    judged: Judgment
    #: the deals of an event's table that has played them all (its tour's, a board's one), else None
    played: int | None = None
    #: the game's JSON, made once for all who ask (:func:`game_json`)
    json: asyncio.Future[Packed] | None = None
    #: the game's pages as a watcher reads them (no login, no form), by their query, once rendered
    pages: dict[str, Packed] = attrs.field(factory=dict)
    #: the replays of single deals made (:func:`replay_of`), the most recently read last
    replays: OrderedDict[int, asyncio.Future[Packed]] = attrs.field(factory=OrderedDict)
    #: the numbers of its deals
    numbers: frozenset[int] = attrs.field(
        default=attrs.Factory(lambda self: frozenset(d.number for d in self.view.game.deals), takes_self=True))


class Judged:
    """A game's judgment at a revision and what each language made of it (:class:`Derived`)."""

    def __init__(self, ident: int, revision: int, judged: Judgment, limit: int | None = None) -> None:
        #: ``limit``: the most deals the game may hold (an event's table: its tour's deals, a board's one)
        self.ident, self.revision, self.judged, self.limit = ident, revision, judged, limit
        self._lock = threading.Lock()
        self._said: dict[str, Derived] = {}

    def made(self, lang: str) -> Derived | None:
        """The game in the words of ``lang``, if they are made."""
        return self._said.get(lang)

    def in_language(self, lang: str) -> Derived:
        """The game in the words of ``lang``, made once (a worker thread's work)."""
        with self._lock:
            done = self._said.get(lang)
            if done is None:
                with using_language(lang):
                    done = self._said[lang] = _words(self.ident, self.revision, self.judged, self.limit)
            return done


class Club(Protocol):
    """What the work needs of the server's club (:class:`~preflog.serve.context.Club`)."""

    archive: Archive
    kept: Kept


def pages_of(view: GameView) -> int:
    """How many pages the game's deals fill."""
    return max(1, -(-len(view.deals) // PAGE_DEALS))


def _judged(club: Club, ident: int, revision: int) -> Judged:
    """Game ``ident``'s judgment (at ``revision`` or newer, as the archive has it now)."""
    now, judged = club.archive.judged(ident, revision)
    limit = deals_allowed(club.archive, ident)
    return Judged(ident, now, judged, None if limit is None else limit[0])


def _words(ident: int, revision: int, judged: Judgment, limit: int | None = None) -> Derived:
    """The game's view and live part in the current language; an event's table that has played its
    ``limit`` of deals has no deal to come."""
    view = game_view(judged, ident)
    played = limit if limit is not None and len(view.deals) >= limit else None
    html = ENV.get_template("live.html").render(view=view, ident=ident, lang=current_language(),
                                                deals=view.deals[:PAGE_DEALS], pages=pages_of(view), page=1,
                                                big=BIG_GAME, played=played)
    turn = turn_words(view.turn) if view.turn is not None and played is None else None
    return Derived(ident, revision, view, {"revision": revision, "deals": len(view.game.deals), "html": html,
                                           "turn": turn}, judged, played)


def _usable(work: asyncio.Future[Any] | None) -> TypeGuard[asyncio.Future[Any]]:
    """Whether ``work`` kept is there to be read: made or being made, not cancelled and not failed (work
    that failed is not kept: the next reader tries again)."""
    return work is not None and not work.cancelled() and not (work.done() and work.exception() is not None)


class Kept:
    """The work kept, by (game, revision): futures, so that readers of the same share one."""

    def __init__(self, deals: int = KEPT_DEALS) -> None:
        self.deals = deals
        self._futures: OrderedDict[tuple[int, int], asyncio.Future[Judged]] = OrderedDict()

    def get(self, key: tuple[int, int]) -> asyncio.Future[Judged] | None:
        found = self._futures.get(key)
        if not _usable(found):
            return None
        self._futures.move_to_end(key)
        return found

    def put(self, key: tuple[int, int], future: asyncio.Future[Judged]) -> None:
        self._futures[key] = future
        self._futures.move_to_end(key)
        held = 0
        for other in reversed(list(self._futures)):  # the most recent first: they stay
            f = self._futures[other]
            size = len(f.result().judged.deals) if f.done() and not f.cancelled() and f.exception() is None else 0
            held += size
            if held > self.deals and other != key:
                del self._futures[other]

    def drop(self, key: tuple[int, int], future: asyncio.Future[Judged]) -> None:
        if self._futures.get(key) is future:
            del self._futures[key]


async def derived(club: Club, ident: int, revision: int | None = None, *,
                  wait: float | None = None) -> Derived | None:
    """Game ``ident`` worked out at its present revision (or at ``revision``, as a change told it), in
    the current language; None if it takes longer than ``wait`` seconds (the work goes on).
    :class:`~preflog.serve.archive.NotFound` if there is no such game."""
    if revision is None:  # a point read of the game's small row, on the loop: a thread's hop costs more
        revision = club.archive.revision(ident)
    key = (ident, revision)
    found = club.kept.get(key)
    if found is None:
        found = asyncio.ensure_future(run_in_threadpool(_judged, club, ident, revision))
        club.kept.put(key, found)
    lang = current_language()
    try:
        judged = await asyncio.wait_for(asyncio.shield(found), wait)
        done = judged.made(lang)
        if done is None:
            done = await asyncio.wait_for(asyncio.shield(asyncio.ensure_future(
                run_in_threadpool(judged.in_language, lang))), wait)
    except TimeoutError:
        return None
    except Exception:
        club.kept.drop(key, found)  # a failure is not kept: the next reader tries again
        raise
    if judged.revision != revision:  # changed again meanwhile: the newer is as good
        club.kept.put((ident, judged.revision), found)
    return done


async def replay_of(done: Derived, number: int) -> Packed:
    """The replay page of deal ``number`` of the game ``done`` holds, made once for its revision and
    language and shared by its readers (those who ask while it is made wait for the same work); the
    :data:`KEPT_REPLAYS` most recently read are kept. Work that failed is not kept."""
    found = done.replays.get(number)
    if not _usable(found):
        found = asyncio.ensure_future(run_in_threadpool(lambda: Packed.of(
            page([done.view.game], deal=number, back=f"/games/{done.ident}").encode())))
        done.replays[number] = found
        while len(done.replays) > KEPT_REPLAYS:
            done.replays.popitem(last=False)
    else:
        done.replays.move_to_end(number)
    return await asyncio.shield(found)


async def game_json(club: Club, done: Derived) -> Packed:
    """The game's JSON (the API's), made once for its revision, a deal at a time, and shared by those who
    ask while it is made. Work that failed is not kept."""
    if not _usable(done.json):
        done.json = asyncio.ensure_future(run_in_threadpool(
            lambda: Packed.of(done.view.json_text(done.ident, done.revision).encode())))
    return await asyncio.shield(done.json)


__all__ = ["BIG_GAME", "KEPT_REPLAYS", "Derived", "KEPT_DEALS", "Kept", "PAGE_DEALS", "derived", "game_json",
           "pages_of", "replay_of"]
