"""The pages of events (``preflog event`` on the club server): the events kept and an event file taken
in, an event's page (its tables and their games, the standings, live), the next tour drawn, the boards
printed for the director, and each as JSON."""

from __future__ import annotations

import asyncio
import json

import attrs
from collections.abc import AsyncIterator
from urllib.parse import urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..event.choices import Choices, choices_of_form, make_event, problem_field
from ..event.director import draw_next, event_boards
from ..event.plan import SCALES, Kind, PlanError, TieBreak, dumps_plan, loads_plan
from ..event.report import PRINT, boards_page, kind_name, tiebreak_name
from ..game.conventions import PRESETS
from ..event.boards import BoardsError
from ..i18n import _
from ..notation.errors import NotationError
from ..present.replay_html import csp_hash
from ..statistics.page import STYLE
from .api import errors
from . import ids  # noqa: F401 - the {…:id} of the routes' paths, registered before they are made
from .archive import Archive, NotFound
from .context import club_of, scorer
from .event_view import EventWork, games_to_open
from .live import event, sse_response
from .pages import not_found, upload_form, writing
from .secrecy import sees_secrets
from .rendering import render


def keep_event(archive: Archive, text: str) -> int:
    """Take in an event file: the event kept (or drawn further) and its tables' games opened; its id.
    :class:`~preflog.event.plan.PlanError` when it is not an event file, or when it would change an event
    kept under its name otherwise than by drawing it further (an old file taken in again must not undo a
    tour drawn since, nor another event take its place)."""
    plan = loads_plan(text)
    kept = next((row.id for row in archive.events() if row.name == plan.name), None)
    if kept is not None:
        before = loads_plan(archive.event(kept).plan, kept=True)
        same = attrs.evolve(plan, drawn=before.drawn) == before
        if not same or plan.drawn[:len(before.drawn)] != before.drawn:
            raise PlanError(_("the event «{name}» is kept already, with {n} tours drawn: this file is not the same "
                              "event drawn further (give another event another name)").format(
                name=plan.name, n=len(before.drawn)))
    return archive.put_event(plan.name, dumps_plan(plan), lambda have: games_to_open(plan, have))


async def _work(request: Request) -> EventWork | Response:
    club, ident = club_of(request), request.path_params["event"]
    try:
        return await run_in_threadpool(club.events.work, club.archive, ident)
    except NotFound:
        if request.url.path.startswith("/api/"):
            return errors(404, _("there is no event {n}").format(n=ident))
        return await not_found(request, None)
    except PlanError as e:  # kept by a preflog that read it otherwise: said, never a traceback
        return unreadable_event(request, e)


def unreadable_event(request: Request, e: PlanError) -> Response:
    """The page (or the API's JSON) of an event this preflog cannot read from the archive, saying why."""
    message = _("the event kept in the archive cannot be read by this preflog: {reason}").format(reason=e)
    if request.url.path.startswith("/api/"):
        return errors(500, message)
    return render(request, "message.html", 500, heading=_("The event cannot be shown"), message=message,
                  login=False)


#: The form's fields as a new page shows them: a Swiss event of tables of 3, one tour of 10 deals.
BLANK = {"name": "", "kind": "swiss", "players": "", "table_size": "3", "tours": "1", "pool": "", "deals": "10",
         "boards": "", "rules": "sochi", "scale": "whists", "seed": ""}


async def event_list(request: Request, problem: str | None = None, status: int = 200,
                     typed: dict[str, str] | None = None, problems: dict[str, str] | None = None,
                     ticked: tuple[str, ...] = ()) -> Response:
    """The events kept, and for the scorer the form of a new event (``typed``: what he typed, kept, with
    ``problems`` said next to their fields) and the upload of an event file."""
    events = await run_in_threadpool(club_of(request).archive.events)
    return render(request, "events.html", status, events=events, problem=problem, typed=typed or BLANK,
                  problems=problems or {}, ticked=ticked, presets=sorted(PRESETS), scales=list(SCALES),
                  scale_words=scale_words(),
                  tiebreaks=[(t.value, tiebreak_name(t)) for t in TieBreak])


def scale_words() -> dict[str, str]:
    """Each scale of :data:`~preflog.event.plan.SCALES` as the form offers it (``--scale``'s words)."""
    return {"whists": _("whists as they are"),
            "gambler": _("Gambler's: to 200 whole, to 650 a tenth, nothing above"),
            "elephant": _("playelephant's: to 50 whole, to 100 half, above a tenth")}


def new_from_choices(archive: Archive, choices: Choices) -> int:
    """The event the director's choices make, kept and its tables' games opened; its id. :class:`PlanError`
    when they cannot make one, or an event of that name is kept already (its field: the name)."""
    plan = make_event(choices)
    if any(row.name == plan.name for row in archive.events()):
        raise PlanError(_("an event named «{name}» is kept already: give this one another name").format(
            name=plan.name), "name")
    return archive.put_event(plan.name, dumps_plan(plan), lambda have: games_to_open(plan, have))


async def event_new(request: Request) -> Response:
    """A new event from the director's form: made as ``preflog event new`` makes it from the same
    choices, kept, its first tour's (or every tour's) tables' games opened; or the form again with what
    was typed and each problem next to its field."""
    form, refusal = await writing(request)
    if refusal is not None:
        return refusal
    typed = {k: str(form.get(k, v))[:4000] for k, v in BLANK.items()}
    raw = await request.form()
    ticked = tuple(str(t) for t in raw.getlist("tiebreaks"))[:len(TieBreak) + 1]
    choices, problems = choices_of_form(typed, ticked)
    if choices is not None:
        try:
            ident = await run_in_threadpool(new_from_choices, club_of(request).archive, choices)
        except PlanError as e:
            problems = {problem_field(e): str(e)}
        else:
            return RedirectResponse(f"/events/{ident}", status_code=303)
    return await event_list(request, None, 422, typed, problems, ticked)


async def event_post(request: Request) -> Response:
    """An event file uploaded by the director: kept, its tables' games opened."""
    _fields, upload, refusal = await upload_form(request)
    if refusal is not None:
        return refusal
    if upload is None:
        return await event_list(request, _("choose an event file (.json, made by preflog event new)"), 400)
    data = await upload.read()
    try:  # a byte order mark at the start is no part of the file's JSON, as the command line reads it
        ident = await run_in_threadpool(keep_event, club_of(request).archive, data.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError:
        return await event_list(request, _("the event file is not UTF-8 text"), 422)
    except (PlanError, BoardsError, NotationError) as e:  # said as the command line says it: file: field: message
        return await event_list(request, f"{upload.filename or 'event.json'}: {e}", 422)
    return RedirectResponse(f"/events/{ident}", status_code=303)


async def event_page(request: Request) -> Response:
    work = await _work(request)
    if isinstance(work, Response):
        return work
    plan, full = work.plan, sees_secrets(request)
    # the scorer's button to draw the next Swiss tour: shown once the tour is over (event.js shows it then)
    can_draw = (work.complete if scorer(request) and len(plan.drawn) < plan.tours and plan.kind is Kind.SWISS
                else None)
    response = render(request, "event.html", work=work, plan=plan, kind=kind_name(plan),
                      seed=plan.seed if full or not work.seed_secret else None,
                      live=Markup(work.fragment(full)), can_draw=can_draw, ident=work.ident)
    return _kept_private(response, full and bool(work.secret))


async def event_draw(request: Request) -> Response:
    """The next Swiss tour drawn from the standings, its tables' games opened."""
    _fields, refusal = await writing(request)
    if refusal is not None:
        return refusal
    work = await _work(request)
    if isinstance(work, Response):
        return work
    club = club_of(request)
    try:
        plan = draw_next(work.plan, work.results)
    except PlanError as e:
        return render(request, "message.html", 409, heading=_("Not drawn"), message=str(e), login=False)
    await run_in_threadpool(lambda: club.archive.put_event(plan.name, dumps_plan(plan),
                                                            lambda have: games_to_open(plan, have)))
    return RedirectResponse(f"/events/{work.ident}", status_code=303)


async def event_boards_page(request: Request) -> Response:
    """The hand records to set up the boxes, one A4 sheet a board: the director's alone (the cards are
    secret until they are played)."""
    if not sees_secrets(request):
        return RedirectResponse("/login?" + urlencode({"next": request.url.path}), status_code=303)
    work = await _work(request)
    if isinstance(work, Response):
        return work
    boards = event_boards(work.plan)
    if not boards:
        return render(request, "message.html", 404, heading=_("No boards"),
                      message=_("a Swiss event has no boards"), login=False)
    body = boards_page(work.plan.name, boards, work.plan.drawn)
    return HTMLResponse(body, headers={"Content-Security-Policy": f"default-src 'none'; style-src {csp_hash(STYLE + PRINT)}",
                                       "Cache-Control": "no-store"})


async def event_json(request: Request) -> Response:
    work = await _work(request)
    if isinstance(work, Response):
        return work
    full = sees_secrets(request)
    return _kept_private(JSONResponse(work.doc(full)), full and work.seed_secret)


async def event_stream(request: Request) -> Response:
    """``change`` events: the live part of the event's page, first at once, then after every change of
    one of its games or of its draw."""
    club, ident = club_of(request), request.path_params["event"]
    full = sees_secrets(request)
    queue = club.live.listen_all()  # before the state is read: a change in between is news, not lost
    try:
        work = await run_in_threadpool(club.events.work, club.archive, ident)
    except NotFound:
        club.live.leave_all(queue)
        return errors(404, _("there is no event {n}").format(n=ident))
    except PlanError as e:
        club.live.leave_all(queue)
        return unreadable_event(request, e)

    async def stream() -> AsyncIterator[str]:
        nonlocal work
        news: asyncio.Future[int] | None = None
        mine = {g for t in work.tables for _b, g in t.games}
        try:
            yield "retry: 1000\n\n"
            fresh = True
            while not club.live.closing.is_set():
                if fresh:
                    yield event("change", json.dumps({"html": work.fragment(full)}, ensure_ascii=False))
                news = news or asyncio.ensure_future(queue.get())
                done, _pending = await asyncio.wait({news}, timeout=15)
                if news not in done:
                    fresh = False
                    yield ": still here\n\n"
                    continue
                game, news = news.result(), None
                fresh = game in mine or game == -ident
                if fresh:
                    work = await run_in_threadpool(club.events.work, club.archive, ident)
                    mine = {g for t in work.tables for _b, g in t.games}
        finally:
            if news is not None:
                news.cancel()
            club.live.leave_all(queue)

    return sse_response(stream())


def _kept_private(response: Response, secret: bool) -> Response:
    """An answer that holds a secret the scorer alone may see: kept by no cache."""
    if secret:
        response.headers["Cache-Control"] = "no-store"
    return response


ROUTES = [
    Route("/events", event_list, methods=["GET"]),
    Route("/events", event_post, methods=["POST"]),
    Route("/events/new", event_new, methods=["POST"]),
    Route("/events/{event:id}", event_page, methods=["GET"]),
    Route("/events/{event:id}/draw", event_draw, methods=["POST"]),
    Route("/events/{event:id}/boards", event_boards_page, methods=["GET"]),
    Route("/api/events/{event:id}", event_json, methods=["GET"]),
    Route("/api/events/{event:id}/events", event_stream, methods=["GET"]),
]

__all__ = ["ROUTES", "keep_event", "new_from_choices"]
