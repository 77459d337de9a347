"""``preflog check``: every rule violation in game files."""

from __future__ import annotations

import json
import sys

import click

from ..notation.errors import NotationError
from ..notation.read import read_games
from ..check import check as check_game
from ..game.conventions import PRESETS
from .common import EXIT_ERRORS, EXIT_OK, display_name, open_input, print_errors, violation_errors


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--rules", "preset", type=click.Choice(sorted(PRESETS)),
              help="Check under this convention instead of the file's Rules tag (Rule.* tags still apply).")
@click.option("--json", "as_json", is_flag=True, help="Print the violations as JSON.")
def check(files: tuple[str, ...], preset: str | None, as_json: bool) -> None:
    """Check FILES (- for standard input) against the rules of Preferans.

    Every violation is printed as FILE:LINE:COL: error: MESSAGE [CODE: rule, Code section] with the
    offending line; checking goes on with the next deal. Exit 0 if clean, 1 on violations or notation
    errors, 2 if a file cannot be read.

    \b
    Examples:
      preflog check samples/sochi-pulka.pref
      preflog check --rules leningrad --json game.pref
    """
    status = EXIT_OK
    report = []
    total_deals = total = 0
    for path in files:
        name = display_name(path)
        found: list[tuple[str, NotationError]] = []  # (code, error); N000 for a notation error
        deals = 0
        with open_input(path) as fp:
            for parsed in read_games(fp, name):
                found.extend(("N000", e) for e in parsed.errors)
                deals += len(parsed.game.deals)
                if not parsed.errors:
                    violations = check_game(parsed.game, preset)
                    errors_of = violation_errors(parsed, violations, name)
                    found.extend((v.code, e) for v, e in zip(violations, errors_of))
        errors = [e for _, e in found]
        total_deals += deals
        total += len(found)
        if found:
            status = EXIT_ERRORS
        if as_json:
            report.append({"file": name, "deals": deals,
                           "violations": [dict(e.to_dict(), code=code) for code, e in found]})
        else:
            print_errors(errors)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        files_word = "file" if len(files) == 1 else "files"
        verdict = "clean" if not total else f"{total} problem{'s' * (total != 1)}"
        click.echo(f"checked {len(files)} {files_word}, {total_deals} deal{'s' * (total_deals != 1)}: {verdict}")
    sys.exit(status)
