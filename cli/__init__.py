"""The ``preflog`` command: a thin click layer over the library."""

from __future__ import annotations

import os
import sys

from typing import Any

import click

from .. import __version__
from ..notation.decode import ReadError
from .check import check
from .common import EXIT_UNREADABLE
from .convert import convert
from .fmt import fmt
from .generate import generate
from .parse import parse
from .replay import replay
from .score import score


class _Commands(click.Group):
    """The verbs, with one way to say that an input became unreadable while it was read."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ReadError as exc:
            click.echo(f"preflog: error: cannot read {exc.path or 'the input'}: {exc.strerror}", err=True)
            ctx.exit(EXIT_UNREADABLE)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="preflog")
def cli() -> None:
    """Game logs of Preferans: read, check, replay, score, format and convert them.

    \b
    Examples:
      preflog parse game.pref            check the notation, one line per file
      preflog check game.pref            check every card and call against the rules
      preflog replay game.pref           step through the deals
      preflog score game.pref            the score sheet and the settlement
      preflog generate --deals 100       random games that follow the rules
      preflog fmt --in-place game.pref   rewrite a file in canonical form
      preflog convert game.pref --to json > game.json
    """


cli.add_command(parse)
cli.add_command(check)
cli.add_command(fmt)
cli.add_command(convert)
cli.add_command(replay)
cli.add_command(generate)
cli.add_command(score)


def main() -> None:
    """The ``preflog`` entry point: the click group, quiet when the reader of its output goes away."""
    try:
        cli()
    except BrokenPipeError:
        # Python docs, "Note on SIGPIPE": point stdout at devnull so the final flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
