"""«Задачи»: the club's puzzle of the day and the players who have drills (``/puzzles``), a player's drills
one at a time (``/puzzles/{player}``), the answer to a card (``/puzzles/{player}/{lesson}?card=``), to a
discard (two ``card``: a discard of another number of cards is asked again, the cards chosen kept) or to
a whist lesson (``card`` the word: ``whist`` or ``pass``), and the drill key the scorer makes for a
player's phone.

Reading and trying is everyone's (only finished games' deals, never a secret board's). An answer is
kept (a write: the player's Leitner box and the day the lesson is due again) only for the scorer, or for
the phone that holds the player's drill key (an HttpOnly, SameSite=Strict cookie; only the key's SHA-256
is kept, and the scorer revokes it by making another or none), with the CSRF token every form carries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..i18n import _
from ..model.names import canonical
from . import discard_view as discards
from . import drill_view as view
from . import whist_view as whists
from .drill_view import Step
from .access import CSRF_COOKIE, CSRF_FIELD, SESSION_COOKIE, Access, digest, new_secret, same
from .archive import Archive, Drill, KeptLesson
from .context import Club, access, club_of, scorer
from .archive.players import keys_of
from .drills import after, next_drill, of_the_day, parse_place
from .rendering import render
from .secrecy import secret_games

#: The cookie of a player's drill key on their phone.
DRILL_COOKIE = "preflog_drill"
#: How long a phone keeps a drill key (the scorer revokes it sooner by making another, or none).
DRILL_DAYS = 365


def _secret(club: Club) -> set[int]:
    return set(secret_games(club))


def _player_keys(archive: Archive, player: str) -> tuple[str, set[str]]:
    """The key a player's drills are kept under, and the keys of every spelling that names them."""
    aliases = archive.aliases()
    return canonical(player, aliases), keys_of(player, aliases)


def _drill_key_holder(request: Request, archive: Archive, key: str) -> bool:
    """Whether the request carries ``key``'s player's drill key (the cookie)."""
    held = request.cookies.get(DRILL_COOKIE)
    return bool(held) and archive.has_drill_key(key, digest(str(held)))


def _may_keep(request: Request, archive: Archive, key: str) -> bool:
    """Whether this browser's answers to ``key``'s drills are kept: the scorer's, or the player's drill key."""
    return scorer(request) or _drill_key_holder(request, archive, key)


class _View(Protocol):
    """How a kind of lesson is asked and answered: :mod:`.drill_view` (a card), :mod:`.discard_view` (two of
    the twelve cards), :mod:`.whist_view` (a word)."""

    def shown(self, kept: KeptLesson) -> dict[str, Any]: ...

    def answer_of(self, kept: KeptLesson, sent: Sequence[str]) -> str | None: ...

    def is_right(self, kept: KeptLesson, answer: str) -> bool: ...

    def steps(self, kept: KeptLesson, answer: str) -> list[Step]: ...

    def told(self, kept: KeptLesson, answer: str) -> dict[str, Any]: ...


def _view(kept: KeptLesson) -> _View:
    """The view of ``kept``'s kind: its place says it."""
    return discards if discards.is_discard(kept) else whists if whists.is_whist(kept) else view


def _lesson_header(kept: KeptLesson, title: str) -> dict[str, Any]:
    """What every page of a lesson names: it, its place, theme, game and kind."""
    return {"lesson": kept, "place": str(kept.place), "theme": view.theme(kept),
            "title": title, "source": _("«{game}», deal {deal}").format(game=title, deal=kept.place.deal),
            "discard": discards.is_discard(kept), "whist": whists.is_whist(kept)}


def _lesson_context(kept: KeptLesson, title: str) -> dict[str, Any]:
    """What a lesson's question shows; a discard's asks for two of the twelve cards (none chosen yet), a
    whist lesson's for one of two words."""
    context = _lesson_header(kept, title) | {"chosen": [], "problem": None}
    context.update(_view(kept).shown(kept))
    context["svg"] = Markup(context["svg"])
    return context


def _asked_again(kept: KeptLesson, title: str, player: str, sent: Sequence[str], keeps: bool,
                 day: bool) -> dict[str, Any] | None:
    """The page of a discard asked again (:func:`_again`), when ``sent`` names some of the twelve cards but
    not two: the cards chosen kept, and why; None where ``sent`` is a discard or names another card."""
    picked = discards.chosen(kept, sent) if discards.is_discard(kept) else None
    if picked is None or len(picked) == 2:
        return None
    context = _lesson_context(kept, title)
    context.update(player=player, keeps=keeps, day=day, chosen=picked, problem=discards.problem(len(picked)),
                   again=True)
    return context


def _again(request: Request, context: dict[str, Any]) -> Response:
    """A discard asked again (400), the message next to its button."""
    return render(request, "drill_again.html", 400, **context)


def _title(archive: Archive, game: int) -> str:
    rows = archive.games(ids=[game])
    if not rows:
        return str(game)
    row = rows[0]
    return row.title or ", ".join(row.players)


# -- /puzzles ------------------------------------------------------------------------------------------

async def puzzles_page(request: Request) -> Response:
    """The puzzle of the day (chosen by the date among every lesson kept), and the players with drills."""
    club = club_of(request)
    archive = club.archive

    def look() -> tuple[list[tuple[str, int]], dict[str, Any] | None]:
        secret = _secret(club)
        places = [p for p in archive.lesson_places() if p.game not in secret]
        pupils = archive.pupils()
        chosen = of_the_day(places, club.today())
        kept = archive.lesson(chosen) if chosen is not None else None
        return pupils, None if kept is None else _lesson_context(kept, _title(archive, kept.place.game))

    pupils, day = await run_in_threadpool(look)
    return render(request, "puzzles.html", pupils=pupils, day=day is not None, **(day or {}))


# -- a player's drills ---------------------------------------------------------------------------------

async def drill_page(request: Request) -> Response:
    """``player``'s next drill: the most overdue when answers are kept (none due: all done for today),
    else the lesson after ``?after=`` (each in turn). ``?key=`` takes a drill key onto this phone."""
    club = club_of(request)
    archive = club.archive
    player = request.path_params["player"]
    sent = request.query_params.get("key", "")
    today = club.today()

    def look() -> dict[str, Any]:
        key, keys = _player_keys(archive, player)
        secret = _secret(club)
        found = [(k, d) for k, d in archive.drill_lessons(keys) if k.place.game not in secret]
        took = bool(sent) and archive.has_drill_key(key, digest(sent))
        keeps = took or _may_keep(request, archive, key)
        shown: KeptLesson | None
        if keeps:
            shown = next_drill(found, today)
        else:
            start = parse_place(request.query_params.get("after", ""))
            order = [k for k, _d in found]
            later = [k for k in order if start is None or tuple(k.place) > tuple(start)]
            shown = (later or order)[0] if order else None
        due = sorted(d.due for _k, d in found if d is not None and d.due > today.isoformat())
        context = {"player": player, "lessons_count": len(found), "keeps": keeps, "took": took,
                   "bad_key": bool(sent) and not took, "next_due": due[0] if due else None,
                   "key_made": archive.drill_key(key) if scorer(request) else None}
        if shown is not None:
            context.update(_lesson_context(shown, _title(archive, shown.place.game)))
        return context

    context = await run_in_threadpool(look)
    if not context["lessons_count"]:
        return render(request, "message.html", 404, heading=_("Puzzles"),
                      message=_("{player} has no puzzles: no avoidable mistake of theirs in a finished game made one "
                                "yet").format(player=player), login=False)
    response = render(request, "drill.html", **context)
    if context["took"]:
        response.set_cookie(DRILL_COOKIE, sent, max_age=DRILL_DAYS * 86400, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")
    return response


def _lesson_of(archive: Archive, club: Club, player: str, text: str) -> KeptLesson | None:
    """The lesson at the place ``text`` if it is ``player``'s, kept and not of a secret board."""
    place = parse_place(text)
    if place is None:
        return None
    kept = archive.lesson(place)
    if kept is None or kept.place.game in _secret(club):
        return None
    _key, keys = _player_keys(archive, player)
    return kept if canonical(kept.player, archive.aliases()) in keys else None


async def answer_page(request: Request) -> Response:
    """The answer to ``?card=``: right, and best play; wrong, what it costs and the line that refutes it,
    trick by trick (``?trick=``); a word, what each word scores and the declarer's tricks with best play;
    and when the lesson comes back, where answers are kept."""
    club = club_of(request)
    archive = club.archive
    player = request.path_params["player"]
    sent = request.query_params.getlist("card")[:32]
    day = request.query_params.get("day") == "1"

    def look() -> dict[str, Any] | None:
        kept = _lesson_of(archive, club, player, request.path_params["lesson"])
        if kept is None:
            return None
        key, _keys = _player_keys(archive, player)
        keeps = _may_keep(request, archive, key)
        title = _title(archive, kept.place.game)
        asked = _view(kept)
        played = asked.answer_of(kept, sent)
        if played is None:
            return _asked_again(kept, title, player, sent, keeps, day)
        steps = asked.steps(kept, played)
        try:
            chosen = min(max(int(request.query_params.get("trick", "")), 0), len(steps) - 1)
        except ValueError:
            chosen = 0
        context = _lesson_header(kept, title)  # the answer page draws no question
        context.update(player=player, played=played, right=asked.is_right(kept, played), keeps=keeps,
                       drill=archive.drill(key, kept.place) if keeps else None, steps=steps,
                       step=steps[chosen] if steps else None, chosen=chosen,
                       step_svg=Markup(steps[chosen].svg) if steps else None,  # drawn here, off the event loop
                       day=day,
                       query=urlencode([("card", c) for c in played.split()]))
        context.update(asked.told(kept, played))
        return context

    context = await run_in_threadpool(look)
    if context is None:
        return render(request, "message.html", 404, heading=_("Not found"),
                      message=_("there is no such puzzle or card: the game may have changed since"), login=False)
    if context.get("again"):
        return _again(request, context)
    return render(request, "drill_answer.html", **context)


async def answer_post(request: Request) -> Response:
    """A card answered on a phone that keeps answers: the player's drill moved (a miss due the next day, a
    lesson solved a box up), then the answer shown. Refused (403) without the scorer's login or the
    player's drill key, or without the form's CSRF token: nothing is kept."""
    club = club_of(request)
    archive = club.archive
    player = request.path_params["player"]
    posted = await request.form(max_files=0, max_fields=16)
    form = dict(posted.multi_items())
    sent = str(form.get(CSRF_FIELD, ""))
    key, _keys = await run_in_threadpool(_player_keys, archive, player)
    if request.headers.get("authorization") or request.cookies.get(SESSION_COOKIE):
        allowed = access(request, sent) is Access.WRITE
    else:
        allowed = (await run_in_threadpool(_drill_key_holder, request, archive, key)) and same(
            request.cookies.get(CSRF_COOKIE), sent)
    if not allowed:
        return render(request, "message.html", 403, heading=_("Not allowed"),
                      message=_("answers are kept only on the scorer's login or on the phone holding the player's "
                                "drill key (with the page's form): nothing was kept"), login=False)
    cards = [str(c) for c in posted.getlist("card")]
    today = club.today()

    def keep() -> str | dict[str, Any] | None:
        kept = _lesson_of(archive, club, player, request.path_params["lesson"])
        if kept is None:
            return None
        asked = _view(kept)
        played = asked.answer_of(kept, cards)
        if played is None:
            return _asked_again(kept, _title(archive, kept.place.game), player, cards, True, False)
        drill: Drill | None = archive.drill(key, kept.place)
        archive.answered(key, kept.place, today.isoformat(), after(drill, asked.is_right(kept, played), today))
        return played

    played = await run_in_threadpool(keep)
    if played is None:
        return render(request, "message.html", 404, heading=_("Not found"),
                      message=_("there is no such puzzle or card: the game may have changed since"), login=False)
    if isinstance(played, dict):
        return _again(request, played)
    query = urlencode([("card", c) for c in played.split()])
    return RedirectResponse(f"/puzzles/{quote(player)}/{request.path_params['lesson']}?{query}", status_code=303)


# -- the drill key -------------------------------------------------------------------------------------

async def key_post(request: Request) -> Response:
    """The scorer makes ``player``'s drill key (shown once, as a link and a QR code; the one before is
    revoked) or revokes it (``action=drop``)."""
    from .pages import writing

    form, refusal = await writing(request)
    if refusal is not None:
        return refusal
    archive = club_of(request).archive
    player = request.path_params["player"]
    key, _keys = await run_in_threadpool(_player_keys, archive, player)
    if form.get("action") == "drop":
        await run_in_threadpool(archive.drop_drill_key, key)
        return RedirectResponse(f"/puzzles/{quote(player)}", status_code=303)
    secret = new_secret()
    await run_in_threadpool(archive.set_drill_key, key, digest(secret))
    import segno

    link = f"{str(request.base_url).rstrip('/')}/puzzles/{quote(player)}?key={secret}"
    code = segno.make(link, error="m").svg_inline(scale=4, title=_("the drill key's link"))
    response = render(request, "drill_key.html", player=player, link=link, code=Markup(code))
    response.headers["Cache-Control"] = "no-store"  # the key is shown once, and kept by no cache
    return response


ROUTES = [
    Route("/puzzles", puzzles_page, methods=["GET"]),
    Route("/puzzles/{player}", drill_page, methods=["GET"]),
    Route("/puzzles/{player}/key", key_post, methods=["POST"]),
    Route("/puzzles/{player}/{lesson}", answer_page, methods=["GET"]),
    Route("/puzzles/{player}/{lesson}", answer_post, methods=["POST"]),
]

__all__ = ["DRILL_COOKIE", "ROUTES"]
