"""The command line in the reader's language: ``--lang``, ``--color``, and help texts looked up when
they are shown (a verb's module may have been imported before the language was chosen)."""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_, _, from_environment, match, set_language

F = TypeVar("F", bound=Callable[..., Any])

#: The help of ``--lang``, shared by the command and its verbs.
LANG_HELP = N_("The language of messages and help: ru or en (otherwise PREFLOG_LANG, LANGUAGE, LC_ALL, "
               "LC_MESSAGES, LANG; English when none names ru).")
COLOR_HELP = N_("Colour in messages: on a terminal by default, never with NO_COLOR set.")


def choose(lang: str) -> None:
    """Speak ``lang`` from now on, in this process and in click's own words."""
    set_language(lang)
    # click says its own words ("Usage:", "No such option") through the standard gettext: they are
    # in preflog's catalog (cli/click_words.py), read in the language chosen here
    os.environ["LANGUAGE"] = lang
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    # click names a number's type in its own message ("'x' is not a valid integer range") by the type's
    # name, which it never translates: the name in the language chosen
    for kind, name in NUMBER_TYPES:
        kind.name = _(name)


#: click's number types and their names, as its messages say them.
NUMBER_TYPES: tuple[tuple[type[click.ParamType[Any]], str], ...] = (
    (click.types.IntParamType, N_("integer")), (click.types.IntRange, N_("integer range")),
    (click.types.FloatParamType, N_("float")), (click.types.FloatRange, N_("float range")),
)


def language_in(argv: Sequence[str]) -> str | None:
    """The language asked for by ``--lang X`` or ``--lang=X`` anywhere before ``--`` in ``argv``."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return match(argv[i + 1])
        if arg.startswith("--lang="):
            return match(arg[len("--lang="):])
    return None


def start(argv: Sequence[str] | None = None) -> None:
    """Choose the language before anything is said: ``--lang`` in the arguments, else the environment."""
    choose(language_in(sys.argv[1:] if argv is None else argv) or from_environment())


def _lang_chosen(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None and not ctx.resilient_parsing:
        choose(value)


def _colour_chosen(ctx: click.Context, param: click.Parameter, value: bool | None) -> None:
    if value is not None and not ctx.resilient_parsing:
        from . import terminal

        terminal.COLOUR_CHOSEN = value  # asked for on the command line, it overrides NO_COLOR (no-color.org)
        terminal.COLOUR = value


class Option(click.Option):
    """An option whose help is looked up in the current language when it is shown; ``help_values``
    fill its named placeholders."""

    def __init__(self, *args: Any, help_values: dict[str, object] | None = None, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self.help_values = help_values or {}

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        written = self.help
        said = _(written) if written else written
        self.help = said.format(**self.help_values) if said and self.help_values else said
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = written

    def make_metavar(self, ctx: click.Context) -> str:
        """The placeholder of the option's value (``FILE``, ``N``) in the current language; a choice
        lists the values typed (``[sochi|…]``), as they are."""
        if self.metavar is not None:
            return _(self.metavar)
        return super().make_metavar(ctx)


class Argument(click.Argument):
    """An argument named in the usage line and in click's messages in the current language: its
    ``metavar`` (marked with ``N_``, written whole as the usage shows it: ``FILES...``, ``[EVENT]``)."""

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is not None:
            return _(self.metavar)
        return super().make_metavar(ctx)


class _Translated:
    """A command's help, short help and epilog, looked up in the current language when shown."""

    help: str | None
    short_help: str | None

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        written = self.help
        self.help = _(written) if written else written
        try:
            super().format_help_text(ctx, formatter)  # type: ignore[misc]
        finally:
            self.help = written

    def get_short_help_str(self, limit: int = 45) -> str:
        written, short = self.help, self.short_help
        self.help = _(written) if written else written
        self.short_help = _(short) if short else short
        try:
            text: str = super().get_short_help_str(limit)  # type: ignore[misc]
            return text
        finally:
            self.help, self.short_help = written, short

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's words, click's ``[OPTIONS]`` and ``COMMAND [ARGS]...`` said in the current language."""
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [_(piece) if piece in USAGE_WORDS else piece for piece in pieces]

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, click's own (``--help``, ``--version``, whose help click wrote in English when
        they were made) said in the current language too."""
        params: list[click.Parameter] = self.get_params(ctx)  # type: ignore[attr-defined]
        own = [p for p in params if isinstance(p, click.Option) and not isinstance(p, Option) and p.help]
        written = [p.help for p in own]
        for p, text in zip(own, written):
            p.help = _(text) if text else text
        try:
            super().format_options(ctx, formatter)  # type: ignore[misc]
        finally:
            for p, text in zip(own, written):
                p.help = text


#: click's words on the usage line (``Usage: preflog [OPTIONS] COMMAND [ARGS]...``).
USAGE_WORDS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))


class Command(_Translated, click.Command):
    """A verb: its help in the current language, with ``--lang`` and ``--color`` of its own."""


class Group(_Translated, click.Group):
    """The ``preflog`` command: its help in the current language."""


def option(*decls: str, **attrs: Any) -> Callable[[F], F]:
    """``click.option`` whose help is said in the current language (mark the help with ``N_``)."""
    attrs.setdefault("cls", Option)
    return click.option(*decls, **attrs)


def argument(*decls: str, metavar: str, **attrs: Any) -> Callable[[F], F]:
    """``click.argument`` named by ``metavar`` (marked with ``N_``) in the current language."""
    attrs.setdefault("cls", Argument)
    return click.argument(*decls, metavar=metavar, **attrs)


def command(help: str) -> Callable[[Callable[..., Any]], Command]:  # noqa: A002 - click's own word
    """A verb with ``help`` (marked with ``N_``) and the options every verb takes."""

    def decorate(f: Callable[..., Any]) -> Command:
        made: Command = click.command(cls=Command, help=help)(common_options(f))
        return made

    return decorate


def subcommand(group: click.Group) -> Callable[[str], Callable[[Callable[..., Any]], click.Command]]:
    """:func:`command` for a verb's own verbs (``preflog event new``, ``preflog puzzle check``): each made
    with ``help`` in ``group``, taking the common options."""
    def sub(help_text: str) -> Callable[[Callable[..., Any]], click.Command]:
        def decorate(f: Callable[..., Any]) -> click.Command:
            made: click.Command = group.command(cls=Command, help=help_text)(common_options(f))
            return made
        return decorate
    return sub


def common_options(f: F) -> F:
    """``--lang`` and ``--color/--no-color``, taken by the command and by every verb."""
    f = option("--color/--no-color", "color", default=None, expose_value=False, is_eager=True,
               callback=_colour_chosen, help=COLOR_HELP)(f)
    return option("--lang", type=click.Choice(LANGUAGES), expose_value=False, is_eager=True,
                  callback=_lang_chosen, help=LANG_HELP)(f)
