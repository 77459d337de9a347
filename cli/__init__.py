"""The ``preflog`` command: a thin click layer over the library."""

from __future__ import annotations

import os
import sys

import click

from .. import __version__
from .check import check
from .convert import convert
from .fmt import fmt
from .generate import generate
from .parse import parse
from .replay import replay
from .score import score


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
