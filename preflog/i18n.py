"""The language preflog speaks: English, and Russian from the catalog shipped in ``preflog/locale``.

Every sentence a person reads is written in English in the source and looked up here when it is
said: ``_("...")`` for one sentence, ``ngettext`` for one with a number (Russian has three plural
forms: 1 взятка, 2 взятки, 5 взяток), ``N_`` to mark a sentence kept in a table and looked up later.
Placeholders are named (``{player}``) so that a translation can reorder them.

The language is, in order: the one given to a call (``lang=``, or :func:`using_language`), the
process-wide default of :func:`set_language`, ``PREFLOG_LANG``, then the usual gettext order
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when nothing matches. What machines
read is the same in every language: ``file:line:col:``, violation codes, exit codes, JSON keys and
the notation.

>>> preflog.set_language("ru")
>>> with preflog.using_language("en"): ...
"""

from __future__ import annotations

import contextlib
import gettext
import os
import string
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

#: The catalogs' folder and domain (``locale/ru/LC_MESSAGES/preflog.mo``).
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "preflog"
#: The languages preflog speaks; the first is the one its source is written in.
LANGUAGES = ("en", "ru")
#: Where the language is looked for when none was chosen, in order.
ENVIRONMENT = ("PREFLOG_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: ContextVar[str | None] = ContextVar("preflog_language", default=None)
_default: list[str | None] = [None]  # set_language's choice; [None]: from the environment


def match(name: str | None) -> str | None:
    """The language of ``LANGUAGES`` that ``name`` names (``ru``, ``ru_RU.UTF-8``, ``en:ru``: the
    first of a list that matches), or ``None``."""
    for each in (name or "").split(":"):
        code = each.strip().split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``PREFLOG_LANG``, then the first of gettext's variables
    that is set (a list such as ``de:ru`` takes its first language preflog speaks); English."""
    env = os.environ if environ is None else environ
    chosen = match(env.get(ENVIRONMENT[0]))
    if chosen is not None:
        return chosen
    for name in ENVIRONMENT[1:]:  # as gettext reads them: the first that is set decides
        if env.get(name):
            return match(env[name]) or LANGUAGES[0]
    return LANGUAGES[0]


def set_language(lang: str | None) -> None:
    """Make ``lang`` (``"ru"``, ``"en"``) the process-wide default; ``None``: from the environment."""
    _default[0] = None if lang is None else checked(lang)
    _environment_language.cache_clear()


def current_language() -> str:
    """The language preflog speaks here and now."""
    return _chosen.get() or _default[0] or _environment_language()


@contextlib.contextmanager
def using_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (``None``: no change); yields the language spoken."""
    if lang is None:
        yield current_language()
        return
    token = _chosen.set(checked(lang))
    try:
        yield _chosen.get() or LANGUAGES[0]
    finally:
        _chosen.reset(token)


def checked(lang: str) -> str:
    """``lang`` as one of ``LANGUAGES``; ``ValueError`` naming them otherwise."""
    found = match(lang)
    if found is None:
        raise ValueError(_("unknown language {lang!r}: preflog speaks {languages}").format(
            lang=lang, languages=", ".join(LANGUAGES)))
    return found


@cache
def _environment_language() -> str:
    return from_environment()


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: none)."""
    if lang == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` in the current language."""
    lang = current_language()
    return message if lang == LANGUAGES[0] else catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence about ``n`` things, in the current language."""
    return catalog(current_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """Mark ``message`` for translation where it is kept; it is translated where it is said."""
    return message


def count(singular: str, plural: str, n: int) -> str:
    """``n`` things in the current language: ``count("{n} trick", "{n} tricks", 5)`` is "5 взяток"."""
    return ngettext(singular, plural, n).format(n=n)


def decimal(text: str) -> str:
    """A number already written with a decimal point (``41.33``, ``4.9%``), with the point the language
    writes: ``41,33`` in Russian, where a point separates a pulka's running records (``16.22``)."""
    point = pgettext("decimal point", ".")
    return text if point == "." else text.replace(".", point)


class _Numbers(string.Formatter):
    """``str.format`` whose floats are written with the language's decimal point (``{p:.1%}``: 4,9%)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        return decimal(text) if isinstance(value, float) else text


_NUMBERS = _Numbers()


def with_numbers(message: str, /, **values: Any) -> str:
    """``message.format(**values)``, its floats written with the language's decimal point."""
    return _NUMBERS.format(message, **values)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in the sense ``context`` gives (a word with two senses,
    or one that Russian declines: ``pgettext("no suit", "spades")`` is "пик")."""
    return catalog(current_language()).pgettext(context, message)

#: The module's public names (what other layers and the server may import).
__all__ = [
    "DOMAIN", "ENVIRONMENT", "LANGUAGES", "LOCALE_DIR", "N_", "_", "catalog", "checked", "count",
    "current_language", "decimal", "from_environment", "match", "ngettext", "pgettext", "set_language",
    "using_language", "with_numbers",
]
