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


def _line_of(source_lines: dict[int, str], violation: Violation) -> str:
    return source_lines.get(violation.span.line, "") if violation.span else ""


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
        found: list[NotationError] = []
        deals = 0
        with open_input(path) as fp:
            for parsed in read_games(fp, name):
                found.extend(parsed.errors)
                deals += len(parsed.game.deals)
                if parsed.errors:
                    continue
                for v in check_game(parsed.game, preset):
                    span = v.span
                    found.append(NotationError(v.message, path=name, line=span.line if span else 1,
                                               column=span.column if span else 1,
                                               end_line=span.end_line if span else None,
                                               end_column=span.end_column if span else None))
                    found[-1].code = v.code  # type: ignore[attr-defined]
        _excerpts(path, found)
        total_deals += deals
        total += len(found)
        if found:
            status = EXIT_ERRORS
        if as_json:
            report.append({"file": name, "deals": deals, "violations": [
                dict(e.to_dict(), code=getattr(e, "code", "N000")) for e in found]})
        else:
            print_errors(found)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        files_word = "file" if len(files) == 1 else "files"
        verdict = "clean" if not total else f"{total} problem{'s' * (total != 1)}"
        click.echo(f"checked {len(files)} {files_word}, {total_deals} deal{'s' * (total_deals != 1)}: {verdict}")
    sys.exit(status)


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
