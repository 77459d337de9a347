"""The ASGI app: the archive, the scorer's token, the event streams and the pages joined in one
Starlette application (``create_app``), with the limits and headers every answer carries."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any, TypeVar

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import LANGUAGES, _, match, using_language
from ..model.limits import MAX_TEXT
from ..present.pulka_svg import STYLE
from ..present.replay_html import _hash
from .access import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Access, judge
from .archive import Archive
from .live import Broadcaster

T = TypeVar("T")

#: The most a request may send: a file of games (as the reader takes one), or anything else.
MAX_UPLOAD = MAX_TEXT + 64 * 1024
MAX_FORM = 64 * 1024
UPLOADS = ("/api/games", "/import")
LANG_COOKIE = "preflog_lang"
#: Every page's policy: scripts and styles from the server's own files only (no inline script), the
#: drawn pulka's one style by its hash.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' " + _hash(STYLE) + "; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


@attrs.define
class Club:
    """What the app serves from: the archive, the digest of the scorer's token, the event streams."""

    archive: Archive
    token_digest: str
    live: Broadcaster = attrs.field(factory=Broadcaster)
    fragments: dict[tuple[int, int, str], Any] = attrs.field(factory=dict)


class TooLarge(Exception):
    """A request body over its limit (413)."""


class Limits:
    """Every request body held to its limit (413 past it), and the headers every answer carries."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        limit = MAX_UPLOAD if path in UPLOADS else MAX_FORM
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _too_large(scope, receive, send, limit)
            return
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
                headers = MutableHeaders(scope=message)
                if "content-security-policy" not in headers:
                    headers["Content-Security-Policy"] = CSP
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "same-origin"
                headers["X-Frame-Options"] = "DENY"
            await send(message)

        with using_language(language(Request(scope))):  # every word of the answer in the asker's language
            await self.app(scope, limited, headed)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    with using_language(language(Request(scope))):
        message = _("the request is too large: at most {size} bytes").format(size=limit)
    await JSONResponse({"errors": [{"line": 0, "column": 0, "message": message}]}, status_code=413)(scope, receive, send)


def language(request: Request) -> str:
    """The language of the answer: ``?lang=``, the cookie the switch sets, ``Accept-Language``; English."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        found = match(chosen)
        if found:
            return found
    ranked = []
    for i, part in enumerate(request.headers.get("accept-language", "").split(",")):
        name, _sep, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        found = match(name.replace("-", "_"))
        if found and weight > 0:
            ranked.append((-weight, i, found))
    return min(ranked)[2] if ranked else LANGUAGES[0]


async def in_thread(lang: str, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a worker thread, speaking ``lang``."""
    def run() -> T:
        with using_language(lang):
            return work(*args)
    return await run_in_threadpool(run)


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


def access(request: Request, csrf_sent: str | None = None) -> Access:
    """May this request write (a bearer token, or a login and its CSRF token)?"""
    club = club_of(request)
    return judge(club.archive, club.token_digest, authorization=request.headers.get("authorization"),
                 session=request.cookies.get(SESSION_COOKIE), csrf_cookie=request.cookies.get(CSRF_COOKIE),
                 csrf_sent=csrf_sent if csrf_sent is not None else request.headers.get(CSRF_HEADER))


def refusal_of(verdict: Access) -> tuple[int, str]:
    """The status and message of a write refused."""
    if verdict is Access.NO_CSRF:
        return 403, _("the form's CSRF token is missing or stale: load the page again")
    if verdict is Access.BAD_TOKEN:
        return 401, _("that is not the scorer's token")
    return 401, _("writing needs the scorer's token (Authorization: Bearer TOKEN) or a login")


def create_app(archive: Archive, token_digest: str) -> Starlette:
    """The app serving ``archive``, writable with the token whose digest is ``token_digest``."""
    from . import api, pages

    club = Club(archive, token_digest)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        club.live.closing.set()

    static = StaticFiles(directory=str(resources.files(__package__) / "static"))
    routes = [*api.ROUTES, *pages.ROUTES, Mount("/static", app=static, name="static"),
              Route("/healthz", _health), Route("/favicon.ico", _icon)]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={TooLarge: _too_large_handler, 404: pages.not_found})
    app.state.club = club
    return app


async def _health(request: Request) -> Response:
    return PlainTextResponse("ok\n")


async def _icon(request: Request) -> Response:
    return RedirectResponse("/static/favicon.svg", status_code=301)


async def _too_large_handler(request: Request, exc: Exception) -> Response:
    with using_language(language(request)):
        message = _("the request is too large: at most {size} bytes").format(
            size=MAX_UPLOAD if request.url.path in UPLOADS else MAX_FORM)
    return JSONResponse({"errors": [{"line": 0, "column": 0, "message": message}]}, status_code=413)


def asgi(archive: Archive, token_digest: str) -> ASGIApp:
    """The app with its limits and headers: what uvicorn serves."""
    return Limits(create_app(archive, token_digest))


__all__ = ["CSP", "Club", "LANG_COOKIE", "MAX_FORM", "MAX_UPLOAD", "access", "asgi", "club_of", "create_app",
           "in_thread", "language", "refusal_of"]
