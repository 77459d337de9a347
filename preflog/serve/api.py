"""The JSON API the pages use (docs/serve.md): games listed, imported, read and exported; deals
recorded and taken back; each game's changes as a stream of Server-Sent Events."""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import os
import tempfile
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from ..i18n import _, count
from ..notation.errors import NotationError
from ..present.score_table import sheet_json
from ..record.commands import words_for
from ..record.recorder import Recorder, Refused
from ..record.short import examples
from ..words import in_words
from ..statistics.shape import csv_text, stats_json
from .access import Access
from . import ids  # noqa: F401 - the {…:id} of the routes' paths, registered before they are made
from .archive import MAX_KEY, Conflict, KeyReused, NotFound, Once, Repeated
from .event_view import deals_allowed
from .derived import derived, game_json
from .packed import send
from .games import decode
from .live import event, sse_response
from .report import archive_stats, filters_of, rating_of
from .secrecy import secret_games, sees_secrets
from .rendering import WAIT, live_fragment, working
from .context import Club, access, club_of, refusal_of
from .view import plain_and_rule


async def get_stats(request: Request) -> Response:
    """The statistics of the archive as ``preflog stats --format json`` gives them (docs/stats.md), with
    ``?rating=pulka|event`` the ratings too."""
    filters, problem = filters_of(request.query_params)
    rating, unrated = rating_of(request.query_params)
    if problem is not None or unrated is not None:
        return errors(400, problem or unrated or "")
    found, pending = await run_in_threadpool(archive_stats, club_of(request).archive, filters, rating)
    return JSONResponse(stats_json(found, filters.given()), headers={"X-Preflog-Pending": str(pending)})


async def get_stats_csv(request: Request) -> Response:
    """The statistics as CSV, a row a player and a period (as ``preflog stats --format csv``)."""
    filters, problem = filters_of(request.query_params)
    rating, unrated = rating_of(request.query_params)
    if problem is not None or unrated is not None:
        return errors(400, problem or unrated or "")
    found, pending = await run_in_threadpool(archive_stats, club_of(request).archive, filters, rating)
    return Response(csv_text(found), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="preflog-stats.csv"',
                             "X-Preflog-Pending": str(pending)})


def error_json(e: NotationError, deal_line: int | None = None) -> dict[str, Any]:
    """An error as the API gives it: its line (within the deal that starts at ``deal_line`` of the game's
    text, when it is a deal's), column, message and hint; a message that cites the rule it breaks, also
    its sentence plain and the rule (``sentence``, ``rule``), which the scorer's page shows apart."""
    line = e.line - deal_line + 1 if deal_line is not None and e.line >= deal_line else e.line
    out: dict[str, Any] = {"line": line, "column": e.column, "message": e.message}
    sentence, rule = plain_and_rule(e.message)
    if rule is not None:
        out["sentence"], out["rule"] = sentence, rule
    if e.excerpt:
        out["excerpt"] = e.excerpt
    if e.notes:
        out["notes"] = list(e.notes)
    return out


def errors(status: int, message: str) -> JSONResponse:
    return JSONResponse({"errors": [{"line": 0, "column": 0, "message": message}]}, status_code=status)


def refused(request: Request, verdict: Access) -> JSONResponse:
    """A write refused: 401 with the scheme to use, 403, or 429 with when to try again."""
    wait = club_of(request).guesses.wait()
    status, message = refusal_of(verdict, wait)
    response = errors(status, message)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="preflog"'
    if status == 429:
        response.headers["Retry-After"] = str(max(1, math.ceil(wait)))
    return response


async def text_body(request: Request) -> str | JSONResponse:
    """The body as text: sent as text/plain (or as ``curl --data-binary`` sends it by default), UTF-8."""
    kind = request.headers.get("content-type", "text/plain").split(";")[0].strip().lower()
    if kind not in ("text/plain", "application/octet-stream", "application/x-www-form-urlencoded", ""):
        return errors(415, _("send the text as text/plain (UTF-8), not {kind}").format(kind=kind))
    found = decode(await request.body(), "<request>")
    if isinstance(found, NotationError):
        return JSONResponse({"errors": [error_json(found)]}, status_code=422)
    return found


# -- games -----------------------------------------------------------------------------------------

async def list_games(request: Request) -> Response:
    q = request.query_params
    archive = club_of(request).archive
    body = await run_in_threadpool(archive.listing, player=q.get("player") or None, date=q.get("date") or None,
                                   rules=q.get("rules") or None)
    if not sees_secrets(request):
        body = await run_in_threadpool(_without_secrets, body, club_of(request))
    return Response(body, media_type="application/json")


def _without_secrets(body: str, club: Any) -> str:
    """The listing for a watcher: a secret board's game without its figures (a result of a board still
    played elsewhere tells its cards), ``"secret": true`` instead."""
    secret = secret_games(club)
    if not secret:
        return body
    games = json.loads(body)
    for game in games:
        if game["id"] in secret:
            game.update(settlement=None, violations=None, secret=True)
    return json.dumps(games, ensure_ascii=False, separators=(",", ":"))


async def post_games(request: Request) -> Response:
    verdict = access(request)
    if verdict is not Access.WRITE:
        return refused(request, verdict)
    body = await text_body(request)
    if isinstance(body, Response):
        return body
    force = request.query_params.get("force", "") in ("1", "yes", "true")
    done = await run_in_threadpool(partial(club_of(request).archive.import_text, force=force), body, "<request>")
    if done.errors:
        return JSONResponse({"errors": [error_json(e) for e in done.errors]}, status_code=422)
    violations = [dict(error_json(e), game=i) for i, g in zip(done.ids, done.games) for e in g.violations]
    skipped = [{"id": i, "title": g.indexed.title, "date": g.indexed.date, "players": list(g.indexed.players),
                "deals": g.indexed.deals} for g, i in done.skipped]
    headers = {"Location": f"/api/games/{done.ids[0]}"} if done.ids else {}
    return JSONResponse({"ids": done.ids, "violations": violations, "skipped": skipped},
                        status_code=201 if done.ids else 200, headers=headers)


async def get_game(request: Request) -> Response:
    """The game's JSON (its records and settlement), from the same piece of work as its page."""
    club, ident = club_of(request), request.path_params["game"]
    try:
        done = await derived(club, ident, wait=WAIT)
    except NotFound as e:
        return errors(404, str(e))
    if done is None:
        return working(request)
    return send(request, await game_json(club, done), "application/json", {"ETag": f'"{done.revision}"'})


async def get_text(request: Request) -> Response:
    ident = request.path_params["game"]
    try:
        text, revision = await run_in_threadpool(club_of(request).archive.text, ident)
    except NotFound as e:
        return errors(404, str(e))
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"ETag": f'"{revision}"', "Content-Disposition": f'attachment; filename="game-{ident}.pref"'})


async def export_all(request: Request) -> Response:
    """Every game with a deal, as one .pref file; ``X-Preflog-Left-Out`` counts the games of tags alone,
    ``X-Preflog-Withheld`` the games with deals of duplicate boards still secret, left out for a watcher
    (:mod:`.secrecy`)."""
    club = club_of(request)
    archive = club.archive
    full = sees_secrets(request)
    hidden = {} if full else await run_in_threadpool(secret_games, club)
    pieces, left_out = await run_in_threadpool(lambda: (list(archive.export(leave_out=hidden)),
                                                        archive.unexportable()))
    return Response("".join(pieces), media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="archive.pref"',
                             "X-Preflog-Left-Out": str(left_out),
                             "X-Preflog-Withheld": str(sum(1 for deals in hidden.values() if deals)),
                             **({"Cache-Control": "no-store"} if full else {})})


async def backup(request: Request) -> Response:
    verdict = access(request)
    if verdict is not Access.WRITE:
        return refused(request, verdict)
    archive = club_of(request).archive
    fd, path = tempfile.mkstemp(prefix="preflog-backup-", suffix=".sqlite")
    os.close(fd)
    await run_in_threadpool(archive.backup, path)
    return FileResponse(path, media_type="application/vnd.sqlite3", filename="preflog-club.sqlite",
                        background=BackgroundTask(os.unlink, path))


# -- deals -----------------------------------------------------------------------------------------

def expected(request: Request) -> int | None | JSONResponse:
    """The revision the writer saw (``If-Match``), if it says."""
    tag = request.headers.get("if-match")
    if tag is None or tag.strip() == "*":
        return None
    value = tag.strip().removeprefix("W/").strip('"')
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        return errors(400, _("If-Match holds the game's revision, e.g. \"7\""))
    return int(value)


#: What the short form's hints tell a scorer to type for help («помощь»), answered by the page too (and «?»).
HELP_WORDS = words_for("help") | {"?"}


def deal_key(request: Request) -> str | None | JSONResponse:
    """The id the page made for the deal it sends (``Idempotency-Key``), if it gives one: at most
    :data:`~.archive.MAX_KEY` letters, digits and ``-_.:``."""
    given = request.headers.get("idempotency-key")
    if given is None:
        return None
    key = key_of(given)
    if key is None:
        return errors(400, count("Idempotency-Key holds the deal's id: at most {n} character, letters, digits and "
                                 "- _ . :", "Idempotency-Key holds the deal's id: at most {n} characters, letters, "
                                 "digits and - _ . :", MAX_KEY))
    return key


def key_of(text: str) -> str | None:
    """``text`` as a deal's id (quotes and spaces around it dropped), or None if it cannot be one."""
    key = text.strip().strip('"')
    if not key or len(key) > MAX_KEY or not all(c.isascii() and (c.isalnum() or c in "-_.:") for c in key):
        return None
    return key


def once(key: str | None, typed: str) -> Once | None:
    """The deal ``typed`` sent under ``key`` as the archive keeps it (None without a key)."""
    return None if key is None else Once(key, hashlib.sha256(typed.encode("utf-8")).hexdigest())


def add_deal(club: Club, ident: int, typed: str, expect: int | None, *,
             key: str | None = None) -> tuple[int, dict[str, Any]]:
    """Record the deal ``typed`` into game ``ident``: its new revision, and the deal as written with
    the settlement after it. A table's game of an event holds no more deals than its tour has. Sent
    under ``key`` (the id the page made for it), it is recorded once: sent again, :class:`~.archive.Repeated`
    with the first answer."""
    limit = deals_allowed(club.archive, ident)

    def edit(recorder: Recorder) -> dict[str, Any]:
        if recorder.finished:
            raise Refused(reason=_("the pulka is over: no deal can follow (undo takes the last one back)"))
        if limit is not None and recorder.deals >= limit[0]:
            raise Refused(reason=count("the table's tour is over: its {n} deal is played (undo takes it back)",
                                       "the table's tour is over: its {n} deals are played (undo takes the last "
                                       "one back)", limit[0]))
        if typed.strip().lower() in HELP_WORDS:  # the short form's hints name it: answered with examples
            shown = examples(recorder.table())
            raise Refused(reason=_("Type the deal in the short form, e.g. `{game}` (a whist and a pass), `{two}` (two "
                                   "whisters and every player's tricks), `{nobody}` (nobody whists), `{misere}`, "
                                   "`{all_pass}`").format(**shown))
        deal = recorder.add(typed)
        number = recorder.last
        assert number is not None  # the deal just recorded
        return {"number": number, "deal": deal, "said": recorder.said(number),
                "settlement": sheet_json(recorder.sheet()), "finished": recorder.finished}
    return club.archive.change(ident, edit, expect=expect, once=once(key, typed))


def undo_deal(club: Club, ident: int, expect: int | None) -> tuple[int, dict[str, Any]]:
    """Take back game ``ident``'s last deal: its new revision, the deal's number, what it was (its text
    and in words) and the settlement. The archive keeps it until the next change (:func:`redo_deal`)."""
    def edit(recorder: Recorder) -> dict[str, Any]:
        said = recorder.said(recorder.last) if recorder.last is not None else ""
        number = recorder.undo()
        return {"number": number, "deal": recorder.taken_back, "said": said,
                "settlement": sheet_json(recorder.sheet()) if recorder.deals else None}
    return club.archive.change(ident, edit, expect=expect)


def redo_deal(club: Club, ident: int, expect: int | None) -> tuple[int, dict[str, Any]]:
    """Record again the deal last taken back from game ``ident``, if nothing changed since."""
    taken = club.archive.taken_back(ident)

    def edit(recorder: Recorder) -> dict[str, Any]:
        if taken is None:
            raise Refused(reason=_("there is nothing to redo: no deal was taken back since the last change"))
        number = recorder.redo(taken)
        return {"number": number, "said": recorder.said(number), "settlement": sheet_json(recorder.sheet())}
    return club.archive.change(ident, edit, expect=expect)


def edit_deal(club: Club, ident: int, number: int, typed: str, expect: int | None) -> tuple[int, dict[str, Any]]:
    """Record deal ``number`` of game ``ident`` anew (the recorder's ``правка``); the deals after it
    must still be legal. The text before is kept in the game's history."""
    def edit(recorder: Recorder) -> dict[str, Any]:
        was = recorder.said(number) if number in recorder.numbers else ""
        deal = recorder.edit(number, typed)
        return {"number": number, "deal": deal, "said": recorder.said(number), "was": was,
                "settlement": sheet_json(recorder.sheet())}
    return club.archive.change(ident, edit, expect=expect)


def note_deal(club: Club, ident: int, number: int, text: str, expect: int | None) -> tuple[int, dict[str, Any]]:
    """A comment on deal ``number`` of game ``ident`` (the recorder's ``заметка``)."""
    def edit(recorder: Recorder) -> dict[str, Any]:
        recorder.note(text, number)
        return {"number": number, "note": text.strip()}
    return club.archive.change(ident, edit, expect=expect)


def refusal_json(e: Refused) -> dict[str, Any]:
    if e.reason:
        return {"errors": [{"line": 0, "column": 0, "message": e.reason}]}
    out: dict[str, Any] = {"errors": [error_json(err, e.deal_line) for err in e.errors]}
    if e.written:
        out["written"] = e.written
        if e.said and in_words():  # how it was read, in the language's words (English reads the notation)
            out["said"] = e.said
    return out


async def change(request: Request, status: int, work: Callable[..., tuple[int, dict[str, Any]]],
                 *args: Any, body: bool = False, keyed: bool = False) -> Response:
    """A write to a game through the recorder (with the request's text after ``args`` when ``body``):
    201/200 with what it did, 422 if the engine refused, 409 if the game changed since the revision
    the writer saw (the archive tells the watchers). The token is judged before any of the body is read.

    ``keyed``: the write may come with the id its sender made for it (:func:`deal_key`); sent again, it
    is answered as it was the first time, with ``Idempotent-Replayed: true``, and nothing is written.
    Refused for the game's revision, the answer says what the game holds now (:func:`game_now`)."""
    verdict = access(request)
    if verdict is not Access.WRITE:
        return refused(request, verdict)
    expect = expected(request)
    if isinstance(expect, Response):
        return expect
    key = deal_key(request) if keyed else None
    if isinstance(key, Response):
        return key
    if body:
        text = await text_body(request)
        if isinstance(text, Response):
            return text
        args = (*args, text)
    club, ident = club_of(request), request.path_params["game"]
    try:
        revision, said = await run_in_threadpool(partial(work, key=key) if keyed else work, club, ident, *args,
                                                 expect)
    except NotFound as e:
        return errors(404, str(e))
    except Repeated as e:  # made the first time it was sent: that answer again, nothing written
        return JSONResponse({**e.answer, "revision": e.revision}, status_code=status,
                            headers={"ETag": f'"{e.revision}"', "Idempotent-Replayed": "true"})
    except Conflict as e:
        answer: dict[str, Any] = {"errors": [{"line": 0, "column": 0, "message": str(e)}], "revision": e.revision}
        if keyed:
            answer["game"] = await game_now(club, ident)
        return JSONResponse(answer, status_code=409)
    except KeyReused as e:
        return errors(422, str(e))
    except Refused as e:
        return JSONResponse(refusal_json(e), status_code=422)
    return JSONResponse({**said, "revision": revision}, status_code=status, headers={"ETag": f'"{revision}"'})


#: The deals :func:`game_now` names, the newest first.
NOW_DEALS = 5


async def game_now(club: Club, ident: int) -> dict[str, Any] | None:
    """What the game holds now, for a writer whose deal came after another's: its revision, its deals,
    and the newest of them (number, the deal in words, its text); None while it is being worked out."""
    done = await derived(club, ident, wait=WAIT)
    if done is None:
        return None
    return {"revision": done.revision, "deals": len(done.view.deals), "next": done.view.turn.number if done.view.turn
            else None, "last": [{"number": d.number, "said": d.said, "text": d.text}
                                for d in done.view.deals[:NOW_DEALS]]}


async def post_deal(request: Request) -> Response:
    return await change(request, 201, add_deal, body=True, keyed=True)


async def delete_last(request: Request) -> Response:
    return await change(request, 200, undo_deal)


async def post_redo(request: Request) -> Response:
    return await change(request, 201, redo_deal)


async def put_deal(request: Request) -> Response:
    return await change(request, 200, edit_deal, request.path_params["deal"], body=True)


async def post_note(request: Request) -> Response:
    return await change(request, 200, note_deal, request.path_params["deal"], body=True)


# -- the event stream ------------------------------------------------------------------------------

async def events(request: Request) -> Response:
    """``change`` events: the game as it stands (its revision, deals, and the live part of its page in
    the watcher's language), first at once, then after every change."""
    club, ident = club_of(request), request.path_params["game"]
    queue = club.live.listen(ident)  # before the revision is read: a change in between is news, not lost
    try:
        revision = await run_in_threadpool(club.archive.revision, ident)
    except NotFound as e:
        club.live.leave(ident, queue)
        return errors(404, str(e))

    async def stream() -> AsyncIterator[str]:
        # one wait for the next change spans the keep-alives: a change that comes as a wait times out is
        # not lost (asyncio.wait_for on Python 3.11 may drop the value of a get it cancels)
        news: asyncio.Future[int] | None = None
        try:
            yield "retry: 1000\n\n"
            current: int | None = revision
            while not club.live.closing.is_set():
                if current is not None:  # at once, then one event a change: the game as it stands now
                    data = await live_fragment(club, ident, current)
                    yield event("change", json.dumps(data, ensure_ascii=False), current)
                news = news or asyncio.ensure_future(queue.get())
                done, _pending = await asyncio.wait({news}, timeout=15)
                if news in done:
                    current, news = news.result(), None
                else:
                    current = None
                    yield ": still here\n\n"
        finally:
            if news is not None:
                news.cancel()
            club.live.leave(ident, queue)

    return sse_response(stream())


ROUTES = [
    Route("/api/games", list_games, methods=["GET"]),
    # a game sent from the phone app on another address (docs/webapp.md): the scorer's token, no cookie
    Route("/api/games", post_games, methods=["POST", "OPTIONS"], middleware=[Middleware(
        CORSMiddleware, allow_origins=["*"], allow_methods=["POST"], allow_headers=["Authorization", "Content-Type"],
        allow_credentials=False, max_age=600)]),
    Route("/api/games/{game:id}.pref", get_text, methods=["GET"]),
    Route("/api/games/{game:id}", get_game, methods=["GET"]),
    Route("/api/games/{game:id}/deals", post_deal, methods=["POST"]),
    Route("/api/games/{game:id}/deals/last", delete_last, methods=["DELETE"]),
    Route("/api/games/{game:id}/deals/redo", post_redo, methods=["POST"]),
    Route("/api/games/{game:id}/deals/{deal:id}", put_deal, methods=["PUT"]),
    Route("/api/games/{game:id}/deals/{deal:id}/note", post_note, methods=["POST"]),
    Route("/api/games/{game:id}/events", events, methods=["GET"]),
    Route("/api/export.pref", export_all, methods=["GET"]),
    Route("/api/stats", get_stats, methods=["GET"]),
    Route("/api/stats.csv", get_stats_csv, methods=["GET"]),
    Route("/api/backup", backup, methods=["GET"]),
]
