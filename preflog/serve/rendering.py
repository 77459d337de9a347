"""The pages' templates (Jinja2, every value escaped unless marked safe) and what every page is
rendered with; the live part of a game's page, worked out once a revision and language."""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any
from urllib.parse import urlencode

import jinja2
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..i18n import LANGUAGES, _, count, current_language, decimal, ngettext, pgettext
from ..model.bids import LADDER, MISERE, Strain, write_bid
from ..model.defence import DecisionKind, WhistMode
from ..scoring.ledger import COLUMN_WORDS, Column
from ..words import contract, convention, decision, mode, player
from .access import CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE, logged_in, new_secret, session_csrf
from .view import game_view, turn_words
from .context import LANG_COOKIE, Club, club_of

#: The letters the scorer's defence keys type (the short form's, docs/recorder.md).
DEFENCE_KEYS = ((DecisionKind.WHIST, "w"), (DecisionKind.PASS, "p"), (DecisionKind.HALF, "h"))
MODE_KEYS = ((WhistMode.OPEN, "o"), (WhistMode.CLOSED, "c"))


def contract_keys() -> list[tuple[str, str, bool]]:
    """The scorer's contract keys, the ladder's games in order: what each types (the notation, which the
    short form reads), what it shows (the contract in the language's words), and whether it is red."""
    return [(write_bid(b), contract(b), b.strain in (Strain.DIAMONDS, Strain.HEARTS)) for b in LADDER if b != MISERE]


def defence_keys() -> list[tuple[str, str]]:
    """The scorer's defence keys: the letter each types, and the defender's word it shows."""
    return [(letter, decision(kind)) for kind, letter in DEFENCE_KEYS] + \
        [(letter, mode(m)) for m, letter in MODE_KEYS]


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(resources.files(__package__) / "templates")),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.globals.update(_=_, ngettext=ngettext, pgettext=pgettext, count=count, convention=convention,
                       contract=contract, contract_keys=contract_keys, defence_keys=defence_keys, MISERE=MISERE,
                       name=player, COLUMNS={c.value: COLUMN_WORDS[c] for c in Column})
    env.filters["number"] = lambda value: decimal(str(value))  # 41,33 in Russian: the point is a record's
    return env


ENV = _environment()


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """Page ``name`` in the request's language, with what every page needs (the CSRF token, the
    login, the language switch); the CSRF cookie set when the browser has none yet."""
    lang = current_language()
    club = club_of(request)
    session = request.cookies.get(SESSION_COOKIE)
    login = logged_in(club.archive, club.token_digest, session)
    csrf = session_csrf(str(session)) if login else request.cookies.get(CSRF_COOKIE) or new_secret()
    switch = [(code, url_with(request, lang=code)) for code in LANGUAGES]
    body = ENV.get_template(name).render(lang=lang, csrf=csrf, csrf_field=CSRF_FIELD, switch=switch, scorer=login,
                                         path=request.url.path, **context)
    response = HTMLResponse(body, status_code=status)
    secure = request.url.scheme == "https"
    if not login and request.cookies.get(CSRF_COOKIE) != csrf:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", secure=secure)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax", secure=secure)
    return response


def url_with(request: Request, **changes: str) -> str:
    query = dict(request.query_params)
    query.update(changes)
    return request.url.path + "?" + urlencode(query)


def _fragment_html(club: Club, ident: int) -> dict[str, Any]:
    text, revision = club.archive.text(ident)
    view = game_view(text, ident)
    body = ENV.get_template("live.html").render(view=view, ident=ident, lang=current_language())
    turn = turn_words(view.turn) if view.turn is not None else None
    return {"revision": revision, "deals": len(view.game.deals), "html": body, "turn": turn}


async def live_fragment(club: Club, ident: int, revision: int) -> dict[str, Any]:
    """The live part of game ``ident``'s page at ``revision`` in the current language, worked out once
    however many watchers ask for it. A watcher that leaves while it is worked out does not stop it for
    the others (the work is shielded from its cancellation), and work that failed is not kept."""
    lang = current_language()
    key = (ident, revision, lang)
    found = club.fragments.get(key)
    if found is None or found.cancelled() or (found.done() and found.exception() is not None):
        if len(club.fragments) > 256:
            club.fragments.clear()
        found = club.fragments[key] = asyncio.ensure_future(run_in_threadpool(_fragment_html, club, ident))
    try:
        data: dict[str, Any] = await asyncio.shield(found)
    except Exception:
        if club.fragments.get(key) is found:  # a failure is not kept: the next watcher tries again
            del club.fragments[key]
        raise
    if data["revision"] != revision:  # changed again meanwhile: the newer is as good
        club.fragments[(ident, data["revision"], lang)] = found
    return data


__all__ = ["ENV", "live_fragment", "render", "url_with"]
