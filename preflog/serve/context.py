"""What every handler of the server needs: the club it serves, the language of the answer (chosen once a
request, by :class:`~preflog.serve.app.Limits`, and carried into the worker threads with the request's
context), and whether the request may write."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date

import attrs
from starlette.requests import Request

from ..i18n import LANGUAGES, _, match, ngettext
from ..model.limits import MAX_TEXT
from .access import CSRF_HEADER, SESSION_COOKIE, Access, Guesses, judge, logged_in
from .archive import Archive
from .derived import Kept
from .deriver import Deriver
from .event_view import EventsKept
from .live import Broadcaster

#: The most a request may send: a file of games (as the reader takes one), or anything else.
MAX_UPLOAD = MAX_TEXT + 64 * 1024
MAX_FORM = 64 * 1024
UPLOADS = ("/api/games", "/import", "/events")
LANG_COOKIE = "preflog_lang"


@attrs.define
class Club:
    """What the app serves from: the archive, the digest of the scorer's token, the wrong tokens it still
    takes, the event streams, and the games as last worked out for their pages."""

    archive: Archive
    token_digest: str
    guesses: Guesses = attrs.field(factory=Guesses)
    live: Broadcaster = attrs.field(factory=Broadcaster)
    kept: Kept = attrs.field(factory=Kept)
    deriver: Deriver = attrs.field(default=attrs.Factory(lambda self: Deriver(self.archive), takes_self=True))
    events: EventsKept = attrs.field(factory=EventsKept)
    #: the day as the drills count it (a test's clock can be put in its place)
    today: Callable[[], date] = date.today


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


def club_of(request: Request) -> Club:
    club: Club = request.app.state.club
    return club


def access(request: Request, csrf_sent: str | None = None) -> Access:
    """May this request write (a bearer token, or a login and its CSRF token)?"""
    club = club_of(request)
    return judge(club.archive, club.token_digest, club.guesses, authorization=request.headers.get("authorization"),
                 session=request.cookies.get(SESSION_COOKIE),
                 csrf_sent=csrf_sent if csrf_sent is not None else request.headers.get(CSRF_HEADER))


def scorer(request: Request) -> bool:
    """Whether the request comes from a login of the present token."""
    club = club_of(request)
    return logged_in(club.archive, club.token_digest, request.cookies.get(SESSION_COOKIE))


def refusal_of(verdict: Access, wait: float = 0) -> tuple[int, str]:
    """The status and message of a write refused (``wait``: the seconds before a token is tried again)."""
    if verdict is Access.GUESSING:
        seconds = max(1, math.ceil(wait))
        return 429, ngettext("too many wrong tokens lately: none is tried for {n} second; then try again",
                             "too many wrong tokens lately: none is tried for {n} seconds; then try again",
                             seconds).format(n=seconds)
    if verdict is Access.NO_CSRF:
        return 403, _("the form's CSRF token is missing or stale: load the page again")
    if verdict is Access.BAD_TOKEN:
        return 401, _("that is not the scorer's token")
    return 401, _("writing needs the scorer's token (Authorization: Bearer TOKEN) or a login")


def too_large(path: str) -> str:
    """Why a body over its limit is refused."""
    size = MAX_UPLOAD if path in UPLOADS else MAX_FORM
    return ngettext("the request is too large: at most {n} byte", "the request is too large: at most {n} bytes",
                    size).format(n=size)


__all__ = ["Club", "LANG_COOKIE", "MAX_FORM", "MAX_UPLOAD", "UPLOADS", "access", "club_of", "language",
           "refusal_of", "scorer", "too_large"]
