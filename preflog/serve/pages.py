"""The pages, rendered on the server (Jinja2, every value escaped): the game list and its search, a
game's pulka, settlement and deals, each deal's replay, the scorer's page, a new game, the import, the
login. Russian and English, by ``Accept-Language`` and the switch in every page's header."""

from __future__ import annotations

from functools import partial
from datetime import date
import re
from typing import Any
from urllib.parse import quote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from markupsafe import Markup
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..game.conventions import PRESETS
from ..i18n import LANGUAGES, _, count, current_language
from ..notation.errors import NotationError
from ..notation.vocabulary import is_valid_player_id
from ..record.recorder import Recorder, Refused, Turn
from ..record.short import Table
from ..present.replay_html import policy
from ..words import in_words
from ..statistics.page import STYLE as STATS_STYLE, stats_page as stats_page_of
from .access import (CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE, SESSION_DAYS, Access, digest, new_secret, same,
                     session_csrf, try_token)
from .api import add_deal, edit_deal, errors, key_of, note_deal, once, redo_deal, undo_deal
from . import ids  # noqa: F401 - the {…:id} of the routes' paths, registered before they are made
from .archive import Archive, ArchiveError, Conflict, DiskFull, KeyReused, NotFound, ReadOnly, Repeated
from .logbook import FAULTS
from .packed import Packed, send
from .games import decode
from .rendering import WAIT, render, url_with, working
from .report import archive_stats, filters_of, rating_of
from .derived import PAGE_DEALS, Derived, derived, pages_of, replay_of
from .view import GameView, refusal_lines, refusal_rules
from .event_view import listed
from .keyboard import AHEAD, keys_example, all_pass_typed, contract_keys, defence_keys, reader, short_form, turns
from .context import LANG_COOKIE, access, club_of, refusal_of, scorer
from .secrecy import secret_games

PAGE_SIZE = 50


def _local(target: str | None) -> str:
    """A place to go back to, on this server only."""
    return target if target and target.startswith("/") and not target.startswith("//") and "\\" not in target else "/"


async def _form(request: Request) -> dict[str, Any]:
    form = await request.form(max_files=16, max_fields=64)
    return dict(form.multi_items())


async def writing(request: Request) -> tuple[dict[str, Any], Response | None]:
    """A form that writes: its fields, and the page that refuses it when it may not write (refused
    before its body is read when there is no login at all)."""
    if not request.headers.get("authorization") and not scorer(request):
        return {}, _refused_page(request, Access.NO_TOKEN)
    form = await _form(request)
    verdict = access(request, str(form.get(CSRF_FIELD, "")))
    return form, None if verdict is Access.WRITE else _refused_page(request, verdict)


async def upload_form(request: Request) -> tuple[dict[str, Any], UploadFile | None, Response | None]:
    """A form that writes with a file: its fields, the file (``None`` without one), and the page that
    refuses it when it may not write."""
    form, refusal = await writing(request)
    upload = form.get("file")
    return form, upload if isinstance(upload, UploadFile) else None, refusal


def _refused_page(request: Request, verdict: Access) -> Response:
    status, message = refusal_of(verdict, club_of(request).guesses.wait())
    return render(request, "message.html", status, heading=_("Not allowed"), message=message,
                  login=verdict is not Access.NO_CSRF)


# -- the list --------------------------------------------------------------------------------------

async def game_list(request: Request) -> Response:
    q = request.query_params
    player, date, rules = q.get("player", "").strip(), q.get("date", "").strip(), q.get("rules", "").strip()
    try:
        number = min(max(1, int(q.get("page", "1"))), 10 ** 9)
    except ValueError:
        number = 1
    archive = club_of(request).archive

    def look() -> tuple[list[Any], list[str], dict[int, Any]]:
        rows = archive.games(player=player or None, date=date or None, rules=rules or None, limit=PAGE_SIZE + 1,
                             offset=(number - 1) * PAGE_SIZE)
        return rows, archive.all_rules(), archive.tables_at([r.id for r in rows[:PAGE_SIZE]])

    rows, known, tables = await run_in_threadpool(look)
    more = len(rows) > PAGE_SIZE
    # a board still played at another table: its results are the scorer's (they tell its cards)
    hidden = set() if scorer(request) or not tables else set(await run_in_threadpool(secret_games, club_of(request)))
    return render(request, "list.html", rows=listed(rows[:PAGE_SIZE], tables), hidden=hidden, player=player, date=date,
                  rules=rules,
                  known_rules=sorted(set(known) | set(PRESETS)), page=number, ended=q.get("ended") == "all",
                  next_url=url_with(request, page=str(number + 1)) if more else None,
                  previous_url=url_with(request, page=str(number - 1)) if number > 1 else None)


# -- the statistics --------------------------------------------------------------------------------

async def stats_page(request: Request) -> Response:
    filters, problem = filters_of(request.query_params)
    rating, unrated = rating_of(request.query_params)
    problem = problem or unrated
    archive = club_of(request).archive
    known = await run_in_threadpool(archive.all_rules)
    report, pending = "", 0
    if problem is None:
        found, pending = await run_in_threadpool(archive_stats, archive, filters, rating)
        report = stats_page_of(found, standalone=False)
    query = str(request.query_params)
    return render(request, "stats.html", 400 if problem else 200, report=report, problem=problem, style=STATS_STYLE,
                  pending=pending,
                  player=filters.players[0] if filters.players else "", since=filters.since or "",
                  until=filters.until or "", rules=filters.rules or "", known_rules=sorted(set(known) | set(PRESETS)),
                  rating=rating or "",
                  json_url="/api/stats" + ("?" + query if query else ""),
                  csv_url="/api/stats.csv" + ("?" + query if query else ""))


# -- a game ----------------------------------------------------------------------------------------

async def _derived(request: Request) -> Derived | Response:
    """The game the path names, worked out for its pages (:mod:`.derived`); or the page that says there
    is none, or that it is still being worked out (a long game read for the first time)."""
    club, ident = club_of(request), request.path_params["game"]
    try:
        done = await derived(club, ident, wait=WAIT)
    except NotFound:
        return await not_found(request, None)
    if done is None:
        return working(request)
    return done


def _event_id(archive: Archive, game: int) -> int | None:
    """The event whose table plays ``game``, if any (its page is linked from the game's)."""
    found = archive.event_of(game)
    return None if found is None else found[0]


async def game_page(request: Request) -> Response:
    done = await _derived(request)
    if isinstance(done, Response):
        return done
    query = str(request.query_params)
    watcher = not scorer(request) and "lang" not in request.query_params
    if watcher and query in done.pages:  # the same for every watcher of this revision: rendered once
        return send(request, done.pages[query])
    event = await run_in_threadpool(_event_id, club_of(request).archive, done.ident)
    pages = pages_of(done.view)
    page = request.query_params.get("deals", "1")
    number = int(page) if page.isdigit() and 1 <= int(page) <= pages else 1
    if number == 1:  # the newest deals: the live part, as the watchers get it
        response = render(request, "game.html", view=done.view, ident=done.ident, revision=done.revision,
                          live=Markup(done.live["html"]), page=1, pages=pages, with_csrf=not watcher, event=event)
    else:
        shown = done.view.deals[(number - 1) * PAGE_DEALS:number * PAGE_DEALS]
        response = render(request, "game.html", view=done.view, ident=done.ident, revision=done.revision, live=None,
                          deals=shown, page=number, pages=pages, with_csrf=not watcher, event=event)
    if watcher:  # answered as it will be kept (and as a kept one is: gzipped if taken, Vary said either way)
        packed = await run_in_threadpool(Packed.of, bytes(response.body))
        if len(done.pages) < 64:
            done.pages[query] = packed
        return send(request, packed)
    return response


async def pulka_drawing(request: Request) -> Response:
    """The whole pulka drawn, every running record, as a file of its own: a phone opens it full screen,
    turned sideways and zoomed as the reader likes."""
    done = await _derived(request)
    if isinstance(done, Response):
        return done
    return Response(done.view.svg, media_type="image/svg+xml",
                    headers={"ETag": f'"{done.revision}"',
                             "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"})


async def pulka_page(request: Request) -> Response:
    """The whole pulka drawn on a screen of its own, fitting it upright or turned sideways."""
    done = await _derived(request)
    if isinstance(done, Response):
        return done
    chosen = "lang" in request.query_params  # the language chosen here: its cookie set with the page
    if not chosen and "/pulka" in done.pages:  # the same for every reader of this revision: rendered once
        return send(request, done.pages["/pulka"])
    response = render(request, "pulka.html", view=done.view, ident=done.ident, with_csrf=False)
    if not chosen:  # answered as it is kept
        done.pages["/pulka"] = packed = await run_in_threadpool(Packed.of, bytes(response.body))
        return send(request, packed)
    return response


async def replay_page(request: Request) -> Response:
    done = await _derived(request)
    if isinstance(done, Response):
        return done
    number = request.path_params["deal"]
    if number not in done.numbers:
        return await not_found(request, None)
    response = send(request, await replay_of(done, number), headers={"Content-Security-Policy": policy()})
    if request.query_params.get("lang") in LANGUAGES:  # the language chosen in its header: kept, as every page keeps it
        response.set_cookie(LANG_COOKIE, current_language(), max_age=365 * 86400, samesite="lax",
                            secure=request.url.scheme == "https")
    return response


# -- the scorer's page -----------------------------------------------------------------------------

async def record_page(request: Request) -> Response:
    ident = request.path_params["game"]
    if not scorer(request):
        return RedirectResponse("/login?" + urlencode({"next": request.url.path}), status_code=303)
    q = request.query_params
    return await _record(request, ident, typed=q.get("typed", "")[:2000], said=q,
                         mode=_mode_of(q.get("edit"), "edit") or _mode_of(q.get("note"), "note"))


def _mode_of(value: str | None, kind: str) -> tuple[str, int] | None:
    """The scorer's page in a mode of its own: editing or noting deal ``value``."""
    return (kind, int(value)) if value and value.isdigit() and len(value) < 10 else None


def _done_of(q: Any, view: GameView, taken: bool) -> str | None:
    """What the last change did, said above the next deal's keys: worked out from the game as it is (a
    link cannot make the page say a deal was recorded that was not)."""
    number_text, done = q.get("number", ""), q.get("done", "")
    if not number_text.isdigit() or len(number_text) > 9:
        return None
    number = int(number_text)
    deal = view.deals.of(number)
    if done == "undo":
        upcoming = view.turn.number if view.turn is not None else None
        return _("deal {deal} taken back").format(deal=number) if taken and upcoming == number else None
    if deal is None:
        return None
    if done == "redo":
        return _("deal {deal} recorded again").format(deal=number)
    if done == "edit":
        return _("deal {deal} corrected").format(deal=number)
    if done == "note":
        return _("the note is written on deal {deal}").format(deal=number)
    if done == "add" and deal is view.deals[0]:
        return (_("deal {deal} recorded: {said}").format(deal=number, said=deal.said) if in_words() and deal.said
                else _("deal {deal} recorded").format(deal=number))
    return None


async def _record(request: Request, ident: int, status: int = 200, typed: str = "",
                  problems: list[str] | None = None, written: str | None = None, said: Any = None,
                  mode: tuple[str, int] | None = None, confirm: bool = False,
                  rules: list[str] | None = None) -> Response:
    club = club_of(request)
    found = await _derived(request)
    if isinstance(found, Response):
        return found
    view, revision = found.view, found.revision
    taken = await run_in_threadpool(club.archive.taken_back, ident)
    event = await run_in_threadpool(_event_id, club.archive, ident)
    done = None if said is None else _done_of(said, view, taken is not None)
    shown = view.deals.of(mode[1]) if mode is not None else None
    if shown is None:
        mode = None
    last = view.deals[0] if view.deals else None
    turn = view.turn or Turn.of(1, view.players[0], view.players)
    if mode is not None and shown is not None and shown.dealer:  # a deal corrected: its own seats
        turn = Turn.of(mode[1], shown.dealer, view.players)
    if mode is not None and mode[0] == "edit" and shown is not None and not typed and status == 200:
        typed = short_form(shown.outline, shown.text, shown.notes, turn.order)  # the correction starts from the deal
    example = keys_example(Table(view.players, turn.dealer, turn.order, {}))
    # a key for every player, those of the deal from its eldest hand first, a dealer of four sitting out
    # last (and still there for a deal typed while the page could not learn the next dealer)
    keys = [(p, False) for p in turn.order] + [(p, True) for p in view.players if p not in turn.order]
    return render(request, "record.html", status, view=view, ident=ident, revision=revision, typed=typed,
                  key=new_secret(),
                  live=Markup(found.live["html"]),
                  problems=problems or [], rules=rules or [], written=written, done=done, mode=mode, shown=shown,
                  confirm=confirm, last=last, taken=taken is not None, example=example, keys=keys, event=event,
                  played=found.played,  # the table of an event's tour with all its deals is done
                  open=view.turn is not None and not view.finished and found.played is None,
                  turns=turns(turn, view.players, 1 if mode is not None else AHEAD),
                  reader=reader(view.players, turn), contracts=contract_keys(), defences=defence_keys(),
                  all_pass=all_pass_typed())


def _after(ident: int, done: str, said: dict[str, Any]) -> Response:
    """Where a change sends the scorer: the page again, saying what went (so that a reload repeats nothing)."""
    query = {"done": done, "number": str(said.get("number", ""))}
    return RedirectResponse(f"/games/{ident}/record?" + urlencode(query) + "#done", status_code=303)


async def record_post(request: Request) -> Response:
    """The scorer's form: a deal recorded; the last taken back (after a confirmation) and recorded
    again; a deal corrected; a note written. Each checked by the engine, each a new revision."""
    form, refusal = await writing(request)
    if refusal is not None:
        return refusal
    club, ident = club_of(request), request.path_params["game"]
    typed = str(form.get("deal", ""))
    revision = str(form.get("revision", ""))
    expect = int(revision) if revision.isdigit() and len(revision) < 19 else None
    action = str(form.get("action", "add"))
    number_text = str(form.get("number", ""))
    number = int(number_text) if number_text.isdigit() and len(number_text) < 10 else None
    mode = (action, number) if action in ("edit", "note") and number is not None else None
    if action == "undo":  # asks first: the page shows what would go, and the two answers
        return await _record(request, ident, confirm=True)
    try:
        if action == "undo-confirmed":
            _revision, said = await run_in_threadpool(undo_deal, club, ident, expect)
        elif action == "redo":
            _revision, said = await run_in_threadpool(redo_deal, club, ident, expect)
        elif mode is not None and action == "edit":
            _revision, said = await run_in_threadpool(edit_deal, club, ident, mode[1], typed, expect)
        elif mode is not None and action == "note":
            _revision, said = await run_in_threadpool(note_deal, club, ident, mode[1], typed, expect)
        else:
            action = "add"
            key = key_of(str(form.get("key", "")))  # the form's id: sent twice (a double tap), recorded once
            _revision, said = await run_in_threadpool(partial(add_deal, key=key), club, ident, typed, expect)
    except NotFound:
        return await not_found(request, None)
    except Repeated as e:  # recorded when it was first sent: the page says so again
        return _after(ident, "add", e.answer)
    except KeyReused as e:
        return await _record(request, ident, 422, typed, [str(e)], mode=mode)
    except Conflict as e:
        return await _record(request, ident, 409, typed, [str(e)], mode=mode)
    except (DiskFull, ReadOnly) as e:  # said by the button, the deal typed kept in its field
        status, message = fault_said(request, e)
        return await _record(request, ident, status, typed, [message], mode=mode)
    except Refused as e:
        read = e.said if in_words() and e.said else e.written  # how the short form was read
        return await _record(request, ident, 422, typed, refusal_lines(e, typed), read, mode=mode,
                              rules=refusal_rules(e))
    return _after(ident, action.removesuffix("-confirmed"), said)


# -- a new game, an import -------------------------------------------------------------------------

async def new_page(request: Request) -> Response:
    if not scorer(request):
        return RedirectResponse("/login?" + urlencode({"next": request.url.path}), status_code=303)
    return render(request, "new.html", presets=list(PRESETS), problems=[], form={}, today=date.today().isoformat(),
                  key=new_secret())


def _new_game(archive: Archive, form: dict[str, Any]) -> int:
    names = [str(form.get(f"player{i}", "")).strip() for i in range(1, 5)]
    players = [n for n in names if n]
    for name in players:
        if not is_valid_player_id(name):
            raise Refused(reason=_("{name!r} cannot be a player's name: one word of letters, digits or _, starting "
                                   "with a letter, and not a card, bid or keyword").format(name=name))
    if len(set(players)) != len(players):
        raise Refused(reason=_("two players have one name"))
    if len(players) < 2:
        raise Refused(reason=_("a game needs three or four players (two for gusarik)"))
    rules = str(form.get("rules", "sochi"))
    if rules not in PRESETS:
        raise Refused(reason=_("unknown convention {name!r}").format(name=rules))
    pool_text = str(form.get("pool", "")).strip()
    if pool_text and not (pool_text.isdigit() and 0 < int(pool_text) <= 10_000):
        raise Refused(reason=_("the pool is a whole number of points, e.g. 10"))
    price = str(form.get("price", "")).strip().replace(",", ".") or None  # a Russian keypad's decimal comma
    if price is not None and not re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,6})?", price):
        raise Refused(reason=_("the price of a whist is a number, e.g. 0.5 or 1"))
    tags = [(name, str(form.get(key, "")).strip()) for key, name in (("event", "Event"), ("date", "Date"))
            if str(form.get(key, "")).strip()]
    if any('"' in v or "\n" in v or "\\" in v for _n, v in tags):
        raise Refused(reason=_("a title or date holds no quotes, backslashes or line breaks"))
    text = Recorder.header(players, rules=rules, pool=int(pool_text) if pool_text else None, whist_price=price,
                           tags=tags)
    Recorder(text)  # the engine's judgement of the players, rules and tags: Refused if not
    key = key_of(str(form.get("key", "")))  # the form's id: sent twice (a double tap), one game
    try:  # a new game is never the same as a kept one, but the same form sent again is
        return archive.new_game(text, once(key, text))
    except NotationError as e:
        raise Refused([e]) from None
    except Repeated as e:
        return int(e.answer["id"])


async def new_post(request: Request) -> Response:
    form, refusal = await writing(request)
    if refusal is not None:
        return refusal
    try:
        ident = await run_in_threadpool(_new_game, club_of(request).archive, form)
    except Refused as e:
        shown = [e.reason] if e.reason else [err.message for err in e.errors]  # the form's, not the text's places
        return render(request, "new.html", 422, presets=list(PRESETS), problems=shown, form=form,
                      today=date.today().isoformat(), key=new_secret())
    except KeyReused as e:
        return render(request, "new.html", 422, presets=list(PRESETS), problems=[str(e)], form=form,
                      today=date.today().isoformat(), key=new_secret())
    return RedirectResponse(f"/games/{ident}/record", status_code=303)


async def import_post(request: Request) -> Response:
    form, upload, refusal = await upload_form(request)
    if refusal is not None:
        return refusal
    if upload is None:
        return render(request, "message.html", 400, heading=_("Import"), message=_("choose a .pref file"),
                      login=False)
    name = upload.filename or "upload.pref"
    found = decode(await upload.read(), name)
    if isinstance(found, NotationError):
        return _import_refused(request, [found])
    done = await run_in_threadpool(partial(club_of(request).archive.import_text, force=bool(form.get("force"))),
                                   found, name)
    if done.errors:
        return _import_refused(request, done.errors)
    if done.skipped:  # said, with where each game already is
        return render(request, "imported.html", ids=done.ids, skipped=[(g.indexed, i) for g, i in done.skipped])
    return RedirectResponse(f"/games/{done.ids[0]}" if len(done.ids) == 1 else "/", status_code=303)


def _import_refused(request: Request, problems: list[NotationError]) -> Response:
    return render(request, "message.html", 422, heading=_("Nothing was imported"),
                  message=count("{n} error in the file:", "{n} errors in the file:", len(problems)),
                  details=[e.format() for e in problems[:50]], login=False)


# -- the players ------------------------------------------------------------------------------------

async def players_page(request: Request, done: str | None = None, problem: str | None = None,
                       status: int = 200) -> Response:
    archive = club_of(request).archive
    players, aliases = await run_in_threadpool(lambda: (archive.players(), archive.alias_list()))
    return render(request, "players.html", status, players=players, aliases=aliases, done=done, problem=problem)


async def players_post(request: Request) -> Response:
    """An alias set or forgotten by the scorer."""
    form, refusal = await writing(request)
    if refusal is not None:
        return refusal
    archive = club_of(request).archive
    alias, name = str(form.get("alias", "")).strip()[:100], str(form.get("name", "")).strip()[:100]
    try:
        if form.get("action") == "drop":
            await run_in_threadpool(archive.drop_alias, alias)
            done = _("{alias} is forgotten").format(alias=alias)
        else:
            await run_in_threadpool(archive.set_alias, alias, name)
            done = _("{alias} = {name}: one player").format(alias=alias, name=name)
    except ArchiveError as e:
        return await players_page(request, problem=str(e), status=422)
    return await players_page(request, done=done)


# -- the login -------------------------------------------------------------------------------------

async def login_page(request: Request) -> Response:
    target = _local(request.query_params.get("next"))
    if scorer(request):  # logged in already: on to the page asked for (the form's token is no login's)
        return RedirectResponse(target, status_code=303)
    return render(request, "login.html", next=target, problem=None)


async def login_post(request: Request) -> Response:
    form = await _form(request)
    target = _local(str(form.get("next", "/")))
    if not same(request.cookies.get(CSRF_COOKIE), str(form.get(CSRF_FIELD, ""))):
        return render(request, "login.html", 403, next=target, problem=refusal_of(Access.NO_CSRF)[1])
    club = club_of(request)
    verdict = try_token(club.guesses, str(form.get("token", "")), club.token_digest)
    if verdict is not Access.WRITE:
        status, problem = refusal_of(verdict, club.guesses.wait())
        return render(request, "login.html", status, next=target, problem=problem)
    session = new_secret()
    await run_in_threadpool(club.archive.add_session, digest(session), club.token_digest, SESSION_DAYS * 86400)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(SESSION_COOKIE, session, max_age=SESSION_DAYS * 86400, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")
    response.delete_cookie(CSRF_COOKIE)  # a login's forms carry its own (access.session_csrf)
    return response


async def logout_post(request: Request) -> Response:
    """The end of this login, or with ``everywhere`` of every login (a phone lost, a token shared)."""
    form = await _form(request)
    session = request.cookies.get(SESSION_COOKIE)
    sent = str(form.get(CSRF_FIELD, ""))
    if not (same(request.cookies.get(CSRF_COOKIE), sent) or (session and same(session_csrf(session), sent))):
        return _refused_page(request, Access.NO_CSRF)
    archive = club_of(request).archive
    everywhere = bool(form.get("everywhere")) and scorer(request)
    if everywhere:
        await run_in_threadpool(archive.drop_sessions)
    elif session:
        await run_in_threadpool(archive.drop_session, digest(session))
    response = RedirectResponse("/?ended=all" if everywhere else "/logout?ended=1", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


async def logout_page(request: Request) -> Response:
    """The question before a logout (``?everywhere=1``: of every login), answered by a form that needs
    no script; after it (``?ended=1``), what was ended and the way back in."""
    q = request.query_params
    if scorer(request):
        return render(request, "logout.html", ended=False, everywhere=q.get("everywhere") == "1")
    if q.get("ended") == "1":
        return render(request, "logout.html", ended=True, everywhere=False)
    return RedirectResponse("/", status_code=303)


async def join_page(request: Request) -> Response:
    """The server's address as the phone that asks reached it, and as a QR code to show the others."""
    import segno

    address = str(request.base_url)
    code = segno.make(address, error="m").svg_inline(scale=6, title=_("the address of this server"))
    return render(request, "join.html", address=address, code=code)


async def not_found(request: Request, exc: Exception | None) -> Response:
    if request.url.path.startswith("/api/"):
        return errors(404, _("there is nothing at {path}").format(path=quote(request.url.path)))
    return render(request, "message.html", 404, heading=_("Not found"),
                  message=_("there is nothing at {path}").format(path=request.url.path), login=False)


def fault_said(request: Request, exc: Exception) -> tuple[int, str]:
    """A write the disk refused (507: full) or an archive that cannot be written (503): its status and
    message in the asker's language; one line in the server's log a minute for each kind."""
    status = 507 if isinstance(exc, DiskFull) else 503
    FAULTS.said(type(exc).__name__, f"{exc} ({getattr(exc, 'detail', '') or request.url.path})")
    message = (str(exc) if status == 507 else
               _("the archive cannot be written ({reason}): it is served for reading only").format(reason=exc))
    return status, message


async def fault(request: Request, exc: Exception) -> Response:
    """Any other write that met a fault: the API's errors, or a page that says it."""
    status, message = fault_said(request, exc)
    if request.url.path.startswith("/api/"):
        return errors(status, message)
    return render(request, "message.html", status, heading=_("Nothing was written"), message=message, login=False)


ROUTES = [
    Route("/", game_list, methods=["GET"]),
    Route("/games/{game:id}", game_page, methods=["GET"]),
    Route("/stats", stats_page, methods=["GET"]),
    Route("/games/{game:id}/deals/{deal:id}", replay_page, methods=["GET"]),
    Route("/games/{game:id}/pulka.svg", pulka_drawing, methods=["GET"]),
    Route("/games/{game:id}/pulka", pulka_page, methods=["GET"]),
    Route("/games/{game:id}/record", record_page, methods=["GET"]),
    Route("/games/{game:id}/record", record_post, methods=["POST"]),
    Route("/new", new_page, methods=["GET"]),
    Route("/new", new_post, methods=["POST"]),
    Route("/import", import_post, methods=["POST"]),
    Route("/join", join_page, methods=["GET"]),
    Route("/players", players_page, methods=["GET"]),
    Route("/players", players_post, methods=["POST"]),
    Route("/login", login_page, methods=["GET"]),
    Route("/login", login_post, methods=["POST"]),
    Route("/logout", logout_page, methods=["GET"]),
    Route("/logout", logout_post, methods=["POST"]),
]
