"""``preflog parse``: check the notation of files and summarise them."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from .common import EXIT_ERRORS, EXIT_OK, JsonList, display_name, open_input, print_errors


if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..notation.errors import NotationError


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the summary and errors as JSON.")
def parse(files: tuple[str, ...], as_json: bool) -> None:
    """Read FILES (- for standard input) and report every notation error.

    Prints one line per file (games and deals) or the errors as FILE:LINE:COL: error: MESSAGE
    with the offending line. Exit 0 if all files read clean, 1 on any error, 2 if a file cannot
    be opened.

    \b
    Example:
      preflog parse samples/*.pref
    """
    from ..notation.read import stream_games

    files_out = JsonList()
    if as_json:
        files_out.open()
    status = EXIT_OK
    for path in files:
        name = display_name(path)
        games = deals = errors = 0
        listed = files_out.begin({"file": name}, "errors") if as_json else None
        with open_input(path) as fp:
            for reading in stream_games(fp, name):
                counted = bool(reading.header.tags)  # a game is counted if it has tags or a deal read
                errors += _show(reading.errors, listed)
                for read in reading.deals():
                    counted = counted or read.deal is not None
                    deals += read.deal is not None
                    errors += _show(read.errors, listed)
                games += counted
        if errors:
            status = EXIT_ERRORS
        if listed is not None:
            listed.end({"games": games, "deals": deals})
            continue
        summary = f"{name}: {_plural(games, 'game')}, {_plural(deals, 'deal')}"
        if errors:
            summary += f", {_plural(errors, 'error')}"
        click.echo(summary)
    if as_json:
        files_out.close()
    sys.exit(status)


def _show(errors: Sequence[NotationError], listed: JsonList | None) -> int:
    """Print ``errors`` (or add them to the JSON list); how many there were."""
    if listed is None:
        print_errors(errors)
    else:
        for error in errors:
            listed.add(error.to_dict())
    return len(errors)
