"""What every page is rendered with (the CSRF token, the login, the language switch), and the live part
of a game's page, worked out once a revision and language (:mod:`.derived`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from ..i18n import LANGUAGES, _, current_language
from .access import CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE, logged_in, new_secret, session_csrf
from .derived import derived
from .templating import ENV
from .context import LANG_COOKIE, Club, club_of


def render(request: Request, name: str, status: int = 200, *, with_csrf: bool = True, **context: Any) -> HTMLResponse:
    """Page ``name`` in the request's language, with what every page needs (the CSRF token, the
    login, the language switch); the CSRF cookie set when the browser has none yet. A page a watcher
    reads (``with_csrf=False``, no form on it) carries no CSRF token, so that it is the same for every
    watcher and can be kept."""
    lang = current_language()
    club = club_of(request)
    session = request.cookies.get(SESSION_COOKIE)
    login = logged_in(club.archive, club.token_digest, session)
    if login:
        csrf = session_csrf(str(session))
    else:
        csrf = (request.cookies.get(CSRF_COOKIE) or new_secret()) if with_csrf else ""
    switch = [(code, url_with(request, lang=code)) for code in LANGUAGES]
    body = ENV.get_template(name).render(lang=lang, csrf=csrf, csrf_field=CSRF_FIELD, switch=switch, scorer=login,
                                         path=request.url.path, **context)
    response = HTMLResponse(body, status_code=status)
    secure = request.url.scheme == "https"
    if not login and csrf and request.cookies.get(CSRF_COOKIE) != csrf:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", secure=secure)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax", secure=secure)
    return response


def url_with(request: Request, **changes: str) -> str:
    query = dict(request.query_params)
    query.update(changes)
    return request.url.path + "?" + urlencode(query)


#: How long a page waits for its game to be worked out before it says so (and comes back by itself).
WAIT = 0.8


def working(request: Request) -> Response:
    """A game still being worked out: said, and asked again in a second."""
    message = _("this game is long, and it is being worked out for its page: a moment…")
    if request.url.path.startswith("/api/"):
        return JSONResponse({"errors": [{"line": 0, "column": 0, "message": message}]}, status_code=503,
                            headers={"Retry-After": "1"})
    return render(request, "message.html", 200, heading=_("A moment"), message=message, login=False, refresh=1)


async def live_fragment(club: Club, ident: int, revision: int) -> dict[str, Any]:
    """The live part of game ``ident``'s page at ``revision`` in the current language (the watchers'
    event streams send it), worked out once however many watchers ask for it (:mod:`.derived`)."""
    done = await derived(club, ident, revision)
    assert done is not None
    return done.live


__all__ = ["ENV", "WAIT", "live_fragment", "render", "url_with", "working"]
