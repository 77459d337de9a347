"""``preflog check``: every rule violation in game files."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from .common import (
    EXIT_ERRORS, EXIT_OK, JsonList, PresetChoice, display_name, drain, open_input, print_errors, walk_reading,
)

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..check import Checker
    from ..notation.errors import NotationError
    from ..notation.read import GameReading
    from ..notation.split import Piece
    from ..scoring.scorer import Scorer


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--rules", "preset", type=PresetChoice(),
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
    from ..notation.read import stream_games

    out = Report(as_json)
    total_deals = 0
    for path in files:
        name = display_name(path)
        out.begin_file(name)
        deals = 0
        with open_input(path) as fp:
            for reading in stream_games(fp, name):
                deals += _check_game(reading, name, preset, out)
        out.end_file({"deals": deals})
        total_deals += deals
    out.close()
    total = out.count
    if not as_json:
        files_word = "file" if len(files) == 1 else "files"
        verdict = "clean" if not total else f"{total} problem{'s' * (total != 1)}"
        click.echo(f"checked {len(files)} {files_word}, {total_deals} deal{'s' * (total_deals != 1)}: {verdict}")
    sys.exit(EXIT_ERRORS if total else EXIT_OK)


def _check_game(reading: GameReading, name: str, preset: str | None, out: Report) -> int:
    """Check one game as it streams past, a deal at a time: the notation errors, and the violations up
    to the first deal the notation does not allow (the replay cannot go past it). The deals read."""
    from ..check import Checker
    from ..scoring.scorer import Scorer
    from ..walk import Walker

    checker, scorer = Checker(), Scorer(ledger=False)
    head = (reading.head,) if reading.head is not None else ()
    deals = 0
    for read, _ in walk_reading(reading, Walker(checker, scorer, rules=preset), lambda e: out.error("N000", e)):
        deals += read.deal is not None
        _flush(checker, scorer, (*head, read.piece), name, out)
    _flush(checker, scorer, head, name, out)
    return deals


def _flush(checker: Checker, scorer: Scorer, pieces: tuple[Piece, ...], name: str, out: Report) -> None:
    """Report the violations found since the last flush, in the order of the text."""
    scorer.unscored.clear()  # a deal too sparse to score is no violation of the rules
    for v, error in drain(pieces, name, checker.found, scorer.problems):
        out.error(v.code, error)


class Report:
    """Where problems go: standard error as they are found, or a JSON list of files on standard
    output, streamed; ``count`` of them."""

    def __init__(self, as_json: bool) -> None:
        self.as_json, self.count = as_json, 0
        self.files = JsonList()
        self.problems: JsonList | None = None
        if as_json:
            self.files.open()

    def begin_file(self, name: str) -> None:
        if self.as_json:
            self.problems = self.files.begin({"file": name}, "violations")

    def error(self, code: str, error: NotationError) -> None:
        self.count += 1
        if self.problems is not None:
            self.problems.add(dict(error.to_dict(), code=code))
        else:
            print_errors([error])

    def end_file(self, tail: dict[str, Any]) -> None:
        if self.problems is not None:
            self.problems.end(tail)
            self.problems = None

    def close(self) -> None:
        if self.as_json:
            self.files.close()
