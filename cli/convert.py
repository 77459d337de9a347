"""``preflog convert``: between the notation and JSON."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from ..i18n import N_
from .lang import argument, command, option

from ..model.limits import MAX_TEXT
from ..notation.errors import NotationError
from .exits import EXIT_ERRORS
from .inputs import CleanGames, read_text, Reread, write_text
from .terminal import display_name, print_errors


if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..model.game import Game


def _is_json(path: str, text: str) -> bool:
    return path.lower().endswith(".json") or text.lstrip().startswith("{")


@command(N_("""Convert FILE (- for standard input) between the notation and JSON.

    pref → json → pref gives the canonical text exactly. The JSON document is
    {"format": "preflog", "version": 1, "games": [...]}.

    \b
    Examples:
      preflog convert game.pref --to json -o game.json
      preflog convert game.json --to pref
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(allow_dash=True))
@option("--to", "target", type=click.Choice(["json", "pref"]), required=True, help=N_("The format to write."))
@option("--from", "source", type=click.Choice(["json", "pref"]),
              help=N_("The format of FILE (default: JSON if it ends in .json or starts with '{')."))
@option("--unicode", is_flag=True, help=N_("With --to pref: write suit symbols."))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False, writable=True), help=N_("Write here, not to stdout."))
def convert(file: str, target: str, source: str | None, unicode: bool, output: str | None) -> None:
    """The ``preflog convert`` verb (its help is above)."""
    from ..notation.jsonio import from_json, iter_json  # cattrs only when converting
    from ..notation.write import iter_dumps

    name = display_name(file)
    given = Reread(file, max_line=MAX_TEXT)  # minified JSON is one line
    is_json = source == "json" if source else _is_json(file, given.head())
    games: Iterable[Game]
    if is_json:  # a JSON document is read whole
        try:
            games = from_json(given.text if given.text is not None else read_text(file, max_line=MAX_TEXT), name)
        except NotationError as exc:
            print_errors(exc.errors)
            sys.exit(EXIT_ERRORS)
    else:
        # Read twice, a game at a time: first for the errors (nothing is written if there is one),
        # then to write, so that memory holds one game rather than the file's.
        first = CleanGames(given, name)
        for _game in first:
            pass
        if first.bad:
            sys.exit(EXIT_ERRORS)
        games = CleanGames(given, name)
    parts = iter_json(games) if target == "json" else iter_dumps(games, unicode=unicode)
    if output:
        write_text(output, parts)
    else:
        for part in parts:
            click.echo(part, nl=False, color=True)  # the text exactly, as fmt writes it

