"""The ``preflog`` command: a thin click layer over the library."""

from __future__ import annotations

import gc
import importlib
import os
import sys

from typing import Any

import click

from .. import __version__
from ..i18n import N_, _
from ..notation.errors import NotationError, ReadError
from .exits import EXIT_ERRORS, EXIT_UNREADABLE
from .inputs import reason
from .terminal import print_errors
from .lang import Group, common_options, option, start

#: The verbs, each in the module of its name; a verb's module is imported when it is asked for.
VERBS = ("parse", "check", "fmt", "convert", "replay", "render", "diagram", "analyse", "odds", "generate", "score", "stats", "record",
         "serve", "event", "deal", "webapp", "puzzle", "lessons")


class _Commands(Group):
    """The verbs, loaded when used, with one way to say that an input became unreadable while it was
    read, and one to say where an input read whole stops being text (a line too long, a UTF-8 error)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(VERBS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in VERBS:
            return None
        command: click.Command = getattr(importlib.import_module(f".{name}", __name__), name)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ReadError as exc:
            click.echo(unreadable(exc), err=True)
            ctx.exit(EXIT_UNREADABLE)
        except NotationError as exc:  # an input read whole (standard input, a device) that is no text
            print_errors([exc])
            ctx.exit(EXIT_ERRORS)


def unreadable(exc: ReadError) -> str:
    """The message for an input that became unreadable while it was read."""
    if exc.path:
        return _("preflog: error: cannot read {path}: {reason}").format(path=exc.path, reason=reason(exc))
    return _("preflog: error: cannot read the input: {reason}").format(reason=reason(exc))


HELP = N_("""Game logs of Preferans: read, check, replay, score, format and convert them.

    \b
    Examples:
      preflog parse game.pref            check the notation, one line per file
      preflog check game.pref            check every card and call against the rules
      preflog replay game.pref           step through the deals
      preflog render game.pref -o g.html one web page to step through
      preflog diagram game.pref --deal 3 one deal drawn for an article (svg, tex, html)
      preflog analyse game.pref          every card valued with all hands seen
      preflog score game.pref            the score sheet and the settlement
      preflog record game.pref           record a game at the table, deal by deal
      preflog generate --deals 100       random games that follow the rules
      preflog deal --count 20 --where "len(first.spades) >= 6"
                                         practice deals of one kind
      preflog fmt --in-place game.pref   rewrite a file in canonical form
      preflog convert game.pref --to json > game.json

    At a terminal, errors are in colour (not with NO_COLOR set) and a long file shows how far it has
    been read; in a pipe, neither. Shell completion:
    eval "$(_PREFLOG_COMPLETE=bash_source preflog)" in ~/.bashrc (zsh_source, fish_source for those).
    Messages and help speak Russian with --lang ru or PREFLOG_LANG=ru.
    """)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version, and whether the fast modules run compiled (as Python, the analysis
    takes many times longer: the first thing to know when it seems slow)."""
    if not value or ctx.resilient_parsing:
        return
    from ..compiled import MODULES, running_compiled, wants_source

    compiled = running_compiled()
    if len(compiled) == len(MODULES):
        from ..analysis.search import native_solver

        state = _("the search (its solver written in C), the reader and the engine compiled by mypyc") \
            if native_solver() else _("the search, the reader and the engine compiled by mypyc")
    elif compiled:
        state = _("compiled by mypyc, except: {modules}").format(
            modules=", ".join(m for m in MODULES if m not in compiled))
    elif wants_source():
        state = _("pure Python (PREFLOG_PURE_PYTHON is set): the analysis runs many times slower")
    else:
        state = _("pure Python (not compiled at install): the analysis runs many times slower")
    click.echo(_("preflog, version {version}").format(version=__version__))
    click.echo(state)
    ctx.exit()


@click.group(cls=_Commands, help=HELP, context_settings={"help_option_names": ["-h", "--help"]})
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help=N_("Show the version, and whether the fast modules run compiled, and exit."))
@common_options
def cli() -> None:
    """The ``preflog`` command; its verbs are imported when asked for."""
    from . import terminal

    terminal.COLOUR = terminal.colour_wanted(sys.stderr)
    terminal.Progress.enabled = terminal.at_terminal(sys.stderr)



def main() -> None:
    """The ``preflog`` entry point: the click group, quiet when the reader of its output goes away."""
    # The reader and the replay make many small records that live as long as a deal: the default
    # collector would scan them over and over. Start-up's objects are set aside, and it runs less often.
    gc.freeze()
    gc.set_threshold(20_000, 50, 100)
    start()
    try:
        cli(prog_name="preflog")
    except BrokenPipeError:
        # Python docs, "Note on SIGPIPE": point stdout at devnull so the final flush cannot fail again.
        _quiet_stdout()
        sys.exit(1)
    except OSError as exc:  # the output could not be written (a full disk, a failing device): said, exit 2
        _quiet_stdout()
        click.echo(_("preflog: error: cannot write the output: {reason}").format(reason=reason(exc)), err=True)
        sys.exit(EXIT_UNREADABLE)


def _quiet_stdout() -> None:
    """Standard output pointed at devnull, so that the flush at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
