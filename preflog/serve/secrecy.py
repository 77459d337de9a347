"""A duplicate event's secrets on the club server: a board's cards are the scorer's alone until its tour
is over at every table, and so is the seed they are dealt from until every board is
(:class:`~preflog.serve.event_view.EventWork`). The scorer (a login, or the token sent as
``Authorization: Bearer``) sees everything, as before.

What a watcher gets meanwhile: the event's page and JSON without the seed, a secret board's problems
untold (:mod:`.event_pages`), the export without the secret boards' games (:func:`secret_games`),
and for a secret board's own game (its page, text, JSON, replay, pulka, stream: every path under
``/games/{id}`` and ``/api/games/{id}``) ``403`` saying when it opens (:class:`Secrecy`).
"""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ..event.plan import PlanError
from ..i18n import _
from .access import Access
from .archive import NotFound
from .context import Club, access, club_of, scorer
from .ids import IdConvertor

#: A path of one game: its page and what hangs from it, and its API (``/games/7``, ``/api/games/7.pref``).
GAME_PATH = re.compile(rf"/(api/)?games/({IdConvertor.regex})(?=[./]|$)")


def sees_secrets(request: Request) -> bool:
    """Whether the request is the scorer's: the token sent (a wrong one is a guess, and counts as one),
    or a login."""
    if request.headers.get("authorization"):
        return access(request) is Access.WRITE
    return scorer(request)


def withheld(club: Club, game: int) -> str | None:
    """Why a watcher may not see ``game`` yet (a secret board's game), or ``None``."""
    try:
        found = club.archive.event_of(game)
    except NotFound:
        return None
    if found is None or not found[2]:
        return None
    event, _text, board = found
    try:
        work = club.events.work(club.archive, event)
    except PlanError as e:  # an event this preflog cannot read: its boards stay the scorer's
        return _("the event of this board cannot be read by this preflog ({reason}): its cards are the "
                 "scorer's").format(reason=e)
    if board not in work.secret:
        return None
    tour = next((t.number for t in work.plan.drawn if board in t.boards), 0)
    return _("board {board} of «{event}» is still being played: its cards are shown once every table has played "
             "tour {tour} (the scorer sees them now)").format(board=board, event=work.plan.name, tour=tour)


def secret_games(club: Club) -> dict[int, int]:
    """The games of every board still secret, in every duplicate event of the archive: id → its deals."""
    out: dict[int, int] = {}
    for ident, _name, _revision in club.archive.events():
        try:
            secret: frozenset[int] | None = club.events.work(club.archive, ident).secret  # a Swiss event's: none
        except PlanError:  # an event this preflog cannot read: every board of it withheld
            secret = None
        out.update((game, deals) for _tour, _table, board, game, _rev, deals in club.archive.event_games(ident)
                   if board and (secret is None or board in secret))
    return out


class Secrecy:
    """A watcher's read of a secret board's game answered ``403`` with why (a page, or the API's JSON),
    before any route sees it; everything else passes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = GAME_PATH.match(_routed(scope)) if scope["type"] == "http" else None
        if found is not None and scope["method"] in ("GET", "HEAD"):
            request = Request(scope, receive)
            club, game = club_of(request), int(found.group(2))
            # a point read on the loop (a thread's hop costs more) tells the boards, whose secrecy is worked out in one
            if club.archive.on_board(game) and not sees_secrets(request):
                why = await run_in_threadpool(withheld, club, game)
                if why is not None:
                    await _refusal(request, bool(found.group(1)), why)(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def _routed(scope: Scope) -> str:
    """The path as the routes match it: without the root path a proxy serves the app under."""
    path, root = str(scope["path"]), str(scope.get("root_path", ""))
    if root and path.startswith(root) and path[len(root):len(root) + 1] in ("", "/"):
        return path[len(root):]
    return path


def _refusal(request: Request, api: bool, why: str) -> Response:
    if api:
        return JSONResponse({"errors": [{"line": 0, "column": 0, "message": why}]}, status_code=403,
                            headers={"Cache-Control": "no-store"})
    from .rendering import render

    response = render(request, "message.html", 403, heading=_("Not yet"), message=why, login=True)
    response.headers["Cache-Control"] = "no-store"
    return response


__all__ = ["GAME_PATH", "Secrecy", "sees_secrets", "secret_games", "withheld"]
