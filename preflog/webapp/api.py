"""The pocket pad's calls: what the page on the phone asks preflog, running in the phone's Python.

The page calls ``call(name, payload)`` with a JSON object and reads back a JSON object; nothing but the
calls of :data:`CALLS` is reachable. Python keeps no game between calls: each call is given the game's
text (``text``), the page keeps it, and every answer that changes a game gives the new text. Each
payload may say its language (``"lang": "ru"`` or ``"en"``; Russian when it does not). A bad payload is
answered ``{"error": …}`` in that language, never with a traceback.

The calls (their payload's keys; the answer's):

``words``        the page's words: ``{"words": {id: text}}`` (:mod:`.pad_words`)
``conventions``  the conventions to choose from: ``{"conventions": [{"name", "said"}], "default"}``
``new``          a new game from ``players`` (3 or 4 names; 2 for gusarik), ``rules``, ``pool``, ``price``, ``title``,
                 ``date``: ``{"text", "title"}``, or ``{"error"}`` saying what is wrong
``turn``         the deal to come of ``text`` (or deal ``number``, to correct it) and the keys that type
                 it: ``{"turn", "keys", "reader", "typed", "finished", "refusal"}``
``record``       the deal ``typed`` (the short form, or the notation) added to ``text``: ``{"text",
                 "number", "done"}``, or ``{"refused": {"lines", "rules", "read"}}``
``undo``         the last deal of ``text`` taken back: ``{"text", "number", "taken", "done"}`` (``taken``
                 is what ``redo`` puts back)
``redo``         ``taken`` put back after ``text``: ``{"text", "number", "done"}``
``edit``         deal ``number`` of ``text`` recorded anew as ``typed``: as ``record``
``note``         a note ``note`` written on deal ``number``: ``{"text", "number", "done"}``
``view``         the game of ``text`` as its page shows it (title, players, deals in words, the pulka
                 drawn for a phone, the settlement, who pays whom, the violations)
``replay``       deal ``number`` of ``text`` told step by step: ``{"number", "steps"}``
``import``       a ``.pref`` file's ``text`` checked as ``preflog check`` checks it: ``{"games": [{"text",
                 "title", "players", "problems"}]}``, or ``{"error", "problems"}`` when it cannot be kept
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..i18n import LANGUAGES, _, using_language
from ..record.recorder import Refused
from . import pad_game
from .pad_game import MAX_TEXT, Failed
from .pad_words import words

#: The longest payload read (a 10,000-deal game's text is under a megabyte).
MAX_PAYLOAD = 2 * MAX_TEXT


def _words(payload: dict[str, Any]) -> dict[str, Any]:
    return {"words": words()}


#: The calls the page can make, and nothing else.
CALLS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "words": _words,
    "conventions": pad_game.conventions,
    "new": pad_game.new,
    "turn": pad_game.turn,
    "record": pad_game.record,
    "undo": pad_game.undo,
    "redo": pad_game.redo,
    "edit": pad_game.edit,
    "note": pad_game.note,
    "view": pad_game.view,
    "replay": pad_game.replay,
    "import": pad_game.imported,
}


def call(name: str, payload: str) -> str:
    """The answer to the page's call ``name`` with the JSON object ``payload``, as JSON text: an object,
    ``{"error": …}`` when the call cannot be answered."""
    lang = LANGUAGES[1]  # until the payload says otherwise
    try:
        given = _given(payload)
        asked = given.get("lang")
        lang = asked if isinstance(asked, str) and asked in LANGUAGES else LANGUAGES[1]
        with using_language(lang):
            work = CALLS.get(name) if isinstance(name, str) else None
            if work is None:
                raise Failed(_("no such call: {name}").format(name=str(name)[:40]))
            answer = work(given)
    except (Failed, Refused) as e:
        answer = {"error": str(e)}
    except (RecursionError, MemoryError):
        with using_language(lang):
            answer = {"error": _("the game is too large for this phone")}
    except Exception as e:  # a fault of preflog's, said to the page, which stays usable
        with using_language(lang):
            answer = {"error": _("preflog could not answer ({fault}); the game is unchanged").format(
                fault=type(e).__name__)}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def _given(payload: object) -> dict[str, Any]:
    """The payload read: a JSON object; :class:`Failed` (said in Russian) otherwise."""
    with using_language(LANGUAGES[1]):
        if not isinstance(payload, str) or len(payload) > MAX_PAYLOAD:
            raise Failed(_("the call's data is too long or not text"))
        try:
            given = json.loads(payload) if payload.strip() else {}
        except (ValueError, RecursionError):
            raise Failed(_("the call's data is not JSON")) from None
        if not isinstance(given, dict):
            raise Failed(_("the call's data is not a JSON object"))
        return given


__all__ = ["CALLS", "MAX_PAYLOAD", "call"]
