"""``preflog parse``: check the notation of files and summarise them."""

from __future__ import annotations

import json
import sys

import click

from ..notation.errors import NotationError
from ..notation.read import read_games
from .common import EXIT_ERRORS, EXIT_OK, display_name, open_input, print_errors


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
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
    report = []
    status = EXIT_OK
    for path in files:
        name = display_name(path)
        games = deals = 0
        errors: list[NotationError] = []
        with open_input(path) as fp:
            for parsed in read_games(fp, name):
                games += bool(parsed.game.tags or parsed.game.deals)
                deals += len(parsed.game.deals)
                errors.extend(parsed.errors)
        if errors:
            status = EXIT_ERRORS
        if as_json:
            report.append({"file": name, "games": games, "deals": deals,
                           "errors": [e.to_dict() for e in errors]})
            continue
        print_errors(errors)
        summary = f"{name}: {_plural(games, 'game')}, {_plural(deals, 'deal')}"
        if errors:
            summary += f", {_plural(len(errors), 'error')}"
        click.echo(summary)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=1))
    sys.exit(status)
