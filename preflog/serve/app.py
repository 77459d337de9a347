"""The ASGI app: the archive, the scorer's token, the event streams and the pages joined in one
Starlette application (``create_app``, what uvicorn serves), its middleware the limits and headers every
answer carries (:class:`Limits`) and the secret boards withheld (:class:`~preflog.serve.secrecy.Secrecy`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import using_language
from ..present.pulka_svg import STYLE
from ..present.replay_html import csp_hash
from ..statistics.page import STYLE as STATS_STYLE
from . import api, event_pages, pages, puzzle_pages
from .deriver import Deriver
from .drills import SAMPLES
from .archive import Archive, DiskFull, ReadOnly
from .guard import quiet_loop
from .secrecy import Secrecy
from .context import MAX_FORM, MAX_UPLOAD, UPLOADS, Club, language, too_large

#: Every page's policy: scripts and styles from the server's own files only (no inline script), the
#: drawn pulka's one style and the statistics' by their hashes. The replay page sends its own, as strict (hashes of its code).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' " + csp_hash(STYLE) + " " + csp_hash(STATS_STYLE)
       + "; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


class TooLarge(Exception):
    """A request body over its limit (413)."""


def head(headers: MutableHeaders) -> None:
    """The headers every answer carries (a page's own policy kept)."""
    if "content-security-policy" not in headers:
        headers["Content-Security-Policy"] = CSP
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "same-origin"
    headers["X-Frame-Options"] = "DENY"


class Limits:
    """Every request body held to its limit (413 past it), every answer in the asker's language and
    with the headers every answer carries (the app's outermost middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_UPLOAD if scope["path"] in UPLOADS else MAX_FORM
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise TooLarge()
            return message

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                head(MutableHeaders(scope=message))
            await send(message)

        request = Request(scope)
        with using_language(language(request)):  # every word of the answer in the asker's language
            length = request.headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > limit):
                await _refuse(request)(scope, receive, headed)
                return
            await self.app(scope, limited, headed)


def _refuse(request: Request) -> Response:
    return JSONResponse({"errors": [{"line": 0, "column": 0, "message": too_large(request.url.path)}]},
                        status_code=413)


async def _too_large(request: Request, exc: Exception) -> Response:
    return _refuse(request)


async def _crashed(request: Request, exc: Exception) -> Response:
    """A fault of the server's own (logged by uvicorn): said as Starlette says it, with the headers every
    answer carries (the app's middleware is inside the handler of faults)."""
    response = PlainTextResponse("Internal Server Error", status_code=500)
    head(response.headers)
    return response


async def _health(request: Request) -> Response:
    return PlainTextResponse("ok\n")


async def _icon(request: Request) -> Response:
    return RedirectResponse("/static/favicon.svg", status_code=301)


def create_app(archive: Archive, token_digest: str, *, lesson_samples: int = SAMPLES) -> Starlette:
    """The app serving ``archive``, writable with the token whose digest is ``token_digest``; its lessons
    made over ``lesson_samples`` layouts a card."""
    club = Club(archive, token_digest, deriver=Deriver(archive, lesson_samples))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        quiet_loop(asyncio.get_running_loop())
        club.deriver.start()
        unfollow = club.live.follow(club.archive)  # the archive publishes each change; the streams hear it
        yield
        unfollow()
        club.live.closing.set()
        club.deriver.stop()

    static = StaticFiles(directory=str(resources.files(__package__) / "static"))
    routes = [*api.ROUTES, *pages.ROUTES, *event_pages.ROUTES, *puzzle_pages.ROUTES, Mount("/static", app=static, name="static"),
              Route("/healthz", _health), Route("/favicon.ico", _icon)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Limits), Middleware(Secrecy)],
                    exception_handlers={TooLarge: _too_large, 404: pages.not_found, DiskFull: pages.fault,
                                        ReadOnly: pages.fault, Exception: _crashed})
    app.state.club = club
    return app


__all__ = ["CSP", "Limits", "create_app", "head"]
