"""``preflog check``: every rule violation in game files."""

from __future__ import annotations

import json
import sys

import click

from ..errors import NotationError
from ..reader import read_games
from ..replay import check as check_game
from ..rules import PRESETS
from ..violations import Violation
from .common import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, display_name, open_input, print_errors


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
                    found.extend((v.code, _as_error(v, name)) for v in check_game(parsed.game, preset))
        errors = [e for _, e in found]
        _excerpts(path, errors)
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


def _as_error(v: Violation, path: str) -> NotationError:
    """A violation in the form errors are printed in (the excerpt is filled in later)."""
    span = v.span
    if span is None:
        return NotationError(v.message, path=path)
    return NotationError(v.message, path=path, line=span.line, column=span.column, end_line=span.end_line,
                         end_column=span.end_column)


def _excerpts(path: str, errors: list[NotationError]) -> None:
    """Fill in the source lines of violations (notation errors have theirs already)."""
    wanted = {e.line for e in errors if not e.excerpt}
    if not wanted or path == "-":
        return
    lines: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as fp:
            for number, line in enumerate(fp, 1):
                if number in wanted:
                    lines[number] = line.rstrip("\r\n")
    except OSError:
        sys.exit(EXIT_UNREADABLE)
    for e in errors:
        if not e.excerpt:
            e.excerpt = lines.get(e.line, "")
