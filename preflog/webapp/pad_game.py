"""The pad's calls on a game (:mod:`.api` lists them): each is given the game's text and answers with
the new text, or why not; the server's own pieces judge, record and say each deal, so a deal is judged
on the phone as on the club's server.

A few judgments are kept between calls (:func:`judged`), each used only for the very text it judged:
a deal recorded after the game was shown is judged by replaying that deal alone."""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from ..checker import in_text_order, violation_error
from ..event.titles import game_title
from ..game.conventions import PRESETS
from ..i18n import _, ngettext, current_language
from ..notation.errors import NotationError
from ..notation.vocabulary import is_valid_player_id
from ..present.replay_html import game_data
from ..record.commands import words_for
from ..record.judgment import Judgment, judge
from ..record.recorder import Recorder, Refused, Turn
from ..record.short import Table, examples
from ..serve.keyboard import all_pass_typed, contract_keys, defence_keys, keys_example, reader, short_form
from ..serve.view import game_view, refusal_lines, refusal_rules, turn_words
from ..words import convention, in_words

#: The longest game text taken (about 10,000 deals), and the longest deal or note typed.
MAX_TEXT = 1_000_000
MAX_TYPED = 2_000

#: The judgments kept, the most recently used last.
KEPT = 6

#: The deals :func:`view` says in words, the newest first (a long game's older ones are in its text).
SHOWN = 200

#: What the short form's hints tell a scorer to type for help («помощь»), answered with examples (and «?»).
HELP_WORDS = words_for("help") | {"?"}

_kept: OrderedDict[tuple[str, str], Judgment] = OrderedDict()


class Failed(Exception):
    """A call that cannot be answered, and why (in the call's language)."""


# -- the judgments kept ----------------------------------------------------------------------------

def _key(text: str) -> tuple[str, str]:
    return current_language(), hashlib.sha256(text.encode("utf-8")).hexdigest()


def judged(text: str) -> Judgment:
    """The engine's judgment of ``text`` (its notation errors in the language spoken): a kept one if
    it judged this very text, else judged now and kept."""
    key = _key(text)
    found = _kept.get(key)
    if found is not None and found.text == text:
        _kept.move_to_end(key)
        return found
    return keep(judge(text, "<game>"))


def keep(judgment: Judgment) -> Judgment:
    """Keep ``judgment`` as the newest; the oldest beyond :data:`KEPT` is dropped."""
    key = _key(judgment.text)
    _kept[key] = judgment
    _kept.move_to_end(key)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return judgment


# -- the payload's values --------------------------------------------------------------------------

def _string(payload: dict[str, Any], name: str, limit: int, *, required: bool = True) -> str:
    """The payload's text ``name``: a string of at most ``limit`` characters (UTF-8 whole)."""
    value = payload.get(name, None if required else "")
    if not isinstance(value, str):
        raise Failed(_("the call needs {name}: a text").format(name=name))
    if len(value) > limit:
        raise Failed(ngettext("{name} is too long: at most {limit} character", "{name} is too long: at most {limit} characters",
                              limit).format(name=name, limit=limit))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Failed(_("{name} is not valid text").format(name=name)) from None
    return value


def _number(payload: dict[str, Any], name: str = "number") -> int:
    """The payload's deal number ``name``: a whole number from 1."""
    value = payload.get(name)
    if type(value) is not int or not 0 < value < 1_000_000:
        raise Failed(_("the call needs {name}: a deal's number").format(name=name))
    return value


def _text(payload: dict[str, Any]) -> str:
    return _string(payload, "text", MAX_TEXT)


def _recorder(text: str) -> Recorder:
    """The recorder of the game ``text`` (Refused, with what is wrong, if it cannot take deals)."""
    return Recorder.of(judged(text))


def _after(recorder: Recorder, **more: Any) -> dict[str, Any]:
    """A change's answer: the new text (its judgment kept for the next call)."""
    keep(recorder.judgment)
    return {"text": recorder.text, "finished": recorder.finished, **more}


def _refused(e: Refused, typed: str) -> dict[str, Any]:
    """A deal refused, as the scorer's page says it: the lines, the rules cited, how it was read."""
    read = e.said if in_words() and e.said else e.written
    return {"refused": {"lines": refusal_lines(e, typed), "rules": refusal_rules(e), "read": read}}


def _title(judgment: Judgment) -> str:
    game = judgment.game
    return game_title(game) or game.tag("Event") or " ".join(game.players)


# -- the calls -------------------------------------------------------------------------------------

def conventions(payload: dict[str, Any]) -> dict[str, Any]:
    """The conventions a new game can be played by, each by its id and its name in the language."""
    return {"conventions": [{"name": name, "said": convention(name)} for name in PRESETS], "default": "sochi"}


def new(payload: dict[str, Any]) -> dict[str, Any]:
    """A new game's text from ``players`` (three or four, two for gusarik; the first deals first), ``rules``, ``pool``,
    ``price`` (a whist's, optional), ``title`` and ``date`` (optional); refused with the reason."""
    given = payload.get("players")
    if not isinstance(given, list) or not all(isinstance(p, str) and len(p) <= 40 for p in given):
        raise Failed(_("the call needs players: a list of names"))
    players = [p.strip() for p in given if p.strip()]
    for name in players:
        if not is_valid_player_id(name):
            raise Failed(_("{name!r} cannot be a player's name: one word of letters, digits or _, starting "
                           "with a letter, and not a card, bid or keyword").format(name=name))
    if len(set(players)) != len(players):
        raise Failed(_("two players have one name"))
    if not 2 <= len(players) <= 4:  # two for gusarik, which the engine checks with the convention
        raise Failed(_("a game needs three or four players (two for gusarik)"))
    rules = payload.get("rules", "sochi")
    if not isinstance(rules, str) or rules not in PRESETS:
        raise Failed(_("unknown convention {name!r}").format(name=str(rules)[:40]))
    pool_text = _string(payload, "pool", 12, required=False).strip()
    if not (pool_text.isascii() and pool_text.isdigit() and 0 < int(pool_text) <= 10_000):
        raise Failed(_("the pool is a whole number of points, e.g. 10"))
    price = _string(payload, "price", 20, required=False).strip().replace(",", ".") or None
    if price is not None and not re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,6})?", price):
        raise Failed(_("the price of a whist is a number, e.g. 0.5 or 1"))
    tags = [(tag, _string(payload, key, 200, required=False).strip()) for key, tag in (("title", "Event"),
                                                                                       ("date", "Date"))]
    tags = [(tag, value) for tag, value in tags if value]
    if any('"' in v or "\n" in v or "\\" in v for _t, v in tags):
        raise Failed(_("a title or date holds no quotes, backslashes or line breaks"))
    text = Recorder.header(players, rules=rules, pool=int(pool_text), whist_price=price, tags=tags)
    try:
        recorder = Recorder(text)  # the engine's judgement of the players, rules and tags
    except Refused as e:  # the form's problems, not the text's places
        raise Failed("\n".join([e.reason] if e.reason else [err.message for err in e.errors])) from None
    keep(recorder.judgment)
    return {"text": text, "title": _title(recorder.judgment)}


def turn(payload: dict[str, Any]) -> dict[str, Any]:
    """The deal to come (or deal ``number``, to correct it) and the keys that type it: the players from
    its eldest hand (those out of it last), the contracts, the defence, the all-pass, the example; what
    the reader needs to say a deal back; ``typed``, the deal corrected in the short form."""
    recorder = _recorder(_text(payload))
    players = recorder.players
    number = payload.get("number")
    typed = ""
    if number is None:
        upcoming = recorder.next()
    else:
        number = _number(payload)
        shown = game_view(recorder.judgment, 0).deals.of(number)
        if shown is None:
            raise Failed(_("there is no deal {number}").format(number=number))
        upcoming = Turn.of(number, shown.dealer or recorder.next().dealer, players)
        typed = short_form(shown.outline, shown.text, shown.notes, upcoming.order)
    keys = {"players": [[p, False] for p in upcoming.order] + [[p, True] for p in players if p not in upcoming.order],
            "contracts": [_key_json(k) for k in contract_keys()],
            "defences": [_key_json(k) for k in defence_keys()],
            "all_pass": all_pass_typed(), "example": keys_example(Table(players, upcoming.dealer, upcoming.order, {}))}
    return {"turn": turn_words(upcoming), "keys": keys, "reader": reader(players, upcoming, recorder.aliases),
            "typed": typed, "finished": recorder.finished, "deals": recorder.deals}


def _key_json(key: Any) -> dict[str, Any]:
    return {"typed": key.typed, "shown": key.shown, "means": key.means, "red": key.red}


def record(payload: dict[str, Any]) -> dict[str, Any]:
    """The deal ``typed`` recorded after the game ``text``: the new text and the deal in words, or the
    refusal (nothing written) with its lines and the rules it cites."""
    typed = _string(payload, "typed", MAX_TYPED)
    recorder = _recorder(_text(payload))
    if recorder.finished:
        raise Failed(_("the pulka is over: no deal can follow (undo takes the last one back)"))
    if typed.strip().lower() in HELP_WORDS:  # the short form's hints name it: answered with examples
        shown = examples(recorder.table())
        return {"refused": {"lines": [_("Type the deal in the short form, e.g. `{game}` (a whist and a pass), `{two}` "
                                        "(two whisters and every player's tricks), `{nobody}` (nobody whists), "
                                        "`{misere}`, `{all_pass}`").format(**shown)], "rules": [], "read": None}}
    try:
        recorder.add(typed)
    except Refused as e:
        return _refused(e, typed)
    number = recorder.last
    assert number is not None  # the deal just recorded
    return _after(recorder, number=number, done=_said_done(recorder, number, _("deal {deal} recorded: {said}"),
                                                             _("deal {deal} recorded")))


def _said_done(recorder: Recorder, number: int, with_words: str, plain: str) -> str:
    """What a change did, said above the next deal's keys: with the deal in words where the language
    says deals in words."""
    said = recorder.said(number)
    return with_words.format(deal=number, said=said) if in_words() and said else plain.format(deal=number)


def undo(payload: dict[str, Any]) -> dict[str, Any]:
    """The last deal taken back: the new text, its number, and ``taken``, its text, for :func:`redo`."""
    recorder = _recorder(_text(payload))
    said = recorder.said(recorder.last) if recorder.last is not None else ""
    number = recorder.undo()
    return _after(recorder, number=number, taken=recorder.taken_back, said=said,
                  done=_("deal {deal} taken back").format(deal=number))


def redo(payload: dict[str, Any]) -> dict[str, Any]:
    """The deal ``taken`` back put back after the game ``text`` (refused if it no longer fits)."""
    taken = _string(payload, "taken", MAX_TYPED * 4)
    recorder = _recorder(_text(payload))
    try:
        number = recorder.redo(taken)
    except Refused as e:
        return _refused(e, "")
    return _after(recorder, number=number, done=_("deal {deal} recorded again").format(deal=number))


def edit(payload: dict[str, Any]) -> dict[str, Any]:
    """Deal ``number`` recorded anew as ``typed`` (the deals after it must stay legal)."""
    typed = _string(payload, "typed", MAX_TYPED)
    number = _number(payload)
    recorder = _recorder(_text(payload))
    try:
        recorder.edit(number, typed)
    except Refused as e:
        return _refused(e, typed)
    return _after(recorder, number=number, done=_("deal {deal} corrected").format(deal=number))


def note(payload: dict[str, Any]) -> dict[str, Any]:
    """A note ``note`` (one line) written on deal ``number``."""
    written = _string(payload, "note", 500)
    number = _number(payload)
    recorder = _recorder(_text(payload))
    recorder.note(written, number)
    return _after(recorder, number=number, done=_("the note is written on deal {deal}").format(deal=number))


def view(payload: dict[str, Any]) -> dict[str, Any]:
    """The game as its page shows it: title, players, date, the convention said, the deals in words (the
    newest :data:`SHOWN` first, each with its outcome, what it wrote on the sheet and its notes), the
    pulka drawn for a phone, the settlement (in whists, and money when a whist has a price), who pays
    whom, the violations, whether it is over, and why no deal can be recorded when none can."""
    judgment = judged(_text(payload))
    if judgment.sheet is None or judgment.parsed.errors or len(judgment.game.players) < 2:
        raise Failed("\n".join(_formatted(judgment.parsed.errors)) or _("the text holds no game"))
    shown = game_view(judgment, 0)
    deals = [{"number": d.number, "said": d.said, "outcome": d.outcome, "entries": d.entries, "notes": d.notes,
              "text": d.text, "dealer": d.dealer} for d in shown.deals[:SHOWN]]
    return {"title": shown.title, "players": list(shown.players), "date": shown.game.tag("Date") or "",
            "rules_said": shown.rules_said, "deals": deals, "count": len(shown.deals), "svg": shown.svg_phone,
            "columns": shown.columns, "rows": shown.rows, "payments": shown.payments, "money": shown.money,
            "violations": shown.violations, "finished": shown.finished, "refusal": shown.refusal}


def replay(payload: dict[str, Any]) -> dict[str, Any]:
    """Deal ``number`` told step by step, as the replay page tells it: each step's line, and what the
    deal wrote on the sheet."""
    number = _number(payload)
    judgment = judged(_text(payload))
    if number not in {d.number for d in judgment.deals}:
        raise Failed(_("there is no deal {number}").format(number=number))
    steps: list[str] = []
    entries: list[str] = []
    for deal in game_data(judgment.game, deal=number)["deals"]:  # the one deal, replayed
        steps.extend(str(step.get("t", "")) for step in deal.get("line", {}).get("steps", []))
        entries.extend(str(e) for e in deal.get("entries", []))
    return {"number": number, "steps": [s for s in steps if s], "entries": entries}


def imported(payload: dict[str, Any]) -> dict[str, Any]:
    """A ``.pref`` file's ``text`` checked as ``preflog check`` checks it: the game to keep, with the
    rules it breaks said (it is kept, and cannot be recorded into until they are mended); refused when
    it cannot be read."""
    text = _text(payload).replace("\r\n", "\n").lstrip("\ufeff")
    judgment = judge(text, _string(payload, "name", 200, required=False) or "<file>")
    if judgment.games != 1 or judgment.parsed.errors:
        return {"error": _("the file cannot be read as one game"), "problems": _formatted(judgment.parsed.errors)}
    keep(judgment)
    found = [violation_error(v, judgment.path, judgment.parsed.pieces) for v in in_text_order(judgment.violations)]
    return {"games": [{"text": text, "title": _title(judgment), "players": list(judgment.game.players),
                       "deals": len(judgment.deals), "problems": _formatted(found)}]}


def _formatted(errors: Iterable[NotationError]) -> list[str]:
    return [e.format() for e in errors]


__all__ = ["Failed", "HELP_WORDS", "KEPT", "MAX_TEXT", "MAX_TYPED", "SHOWN", "conventions", "edit",
           "imported", "judged", "keep", "new", "note", "record", "redo", "replay", "turn", "undo", "view"]
