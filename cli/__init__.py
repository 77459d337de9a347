"""The ``preflog`` command: a thin click layer over the library."""

from __future__ import annotations

import click

from .. import __version__
from .convert import convert
from .fmt import fmt
from .parse import parse


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="preflog")
def main() -> None:
    """Game logs of Preferans: read, format and convert them.

    \b
    Examples:
      preflog parse game.pref            check the notation, one line per file
      preflog fmt --in-place game.pref   rewrite a file in canonical form
      preflog convert game.pref --to json > game.json
    """


main.add_command(parse)
main.add_command(fmt)
main.add_command(convert)
