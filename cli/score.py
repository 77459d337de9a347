"""``preflog score``: the score sheet and the settlement of a game file."""

from __future__ import annotations

import json
import sys

import click

from ..model.game import Game
from ..notation.read import read_games
from ..present.score_table import sheet_json, sheet_text
from ..game.conventions import PRESETS
from ..check import audit
from ..scoring.pulka import ScoreSheet
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    display_name,
    open_input,
    print_errors,
    violation_errors,
)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--rules", "preset", type=click.Choice(sorted(PRESETS)),
              help="Score under this convention instead of the file's Rules tag (Rule.* tags still apply).")
@click.option("--after", "upto", type=click.IntRange(min=1), metavar="N",
              help="The sheet after deal N (default: after the last deal).")
@click.option("--game", "game_number", type=click.IntRange(min=1), metavar="K",
              help="Only the K-th game of the file (default: every game).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="A table for people or JSON for programs (the shape is in the README).")
@click.option("--ledger", is_flag=True, help="Also list every entry with its deal and rule.")
def score(file: str, preset: str | None, upto: int | None, game_number: int | None, fmt: str,
          ledger: bool) -> None:
    """The score sheet of FILE (- for standard input): pool, mountain and whists of each player, and
    the settlement in whists (and money, with a WhistPrice tag) as if the game ended there.

    Rule violations, sheet checkpoints that disagree with the deals, and deals too sparsely recorded to
    score are printed as FILE:LINE:COL: error: … on standard error. Exit 0 if clean, 1 on any such
    problem (the sheet is still printed), 2 if the file cannot be read.

    \b
    Examples:
      preflog score samples/sochi-pulka.pref
      preflog score samples/sochi-pulka.pref --after 5 --ledger
      preflog score --rules leningrad --format json game.pref
    """
    name = display_name(file)
    status = EXIT_OK
    results: list[tuple[str | None, ScoreSheet]] = []
    with open_input(file) as fp:
        parsed_games = list(read_games(fp, name))
    if game_number is not None:
        if game_number > len(parsed_games):
            raise click.BadParameter(f"{name} holds {len(parsed_games)} game(s)", param_hint="--game")
        parsed_games = [parsed_games[game_number - 1]]
    for parsed in parsed_games:
        game = parsed.game
        if parsed.errors:
            print_errors(parsed.errors)
            status = EXIT_ERRORS
            continue
        numbers = [d.number for d in game.deals]
        if upto is not None and upto not in numbers:
            span = f"{numbers[0]}–{numbers[-1]}" if numbers else "none"
            click.echo(f"preflog: error: {name}: there is no deal {upto} in {_title(game) or 'the game'} "
                       f"(its deals: {span})", err=True)
            status = EXIT_ERRORS
            continue
        sheet, problems = audit(game, preset, upto)
        print_errors(violation_errors(parsed, problems, name))
        if problems:
            status = EXIT_ERRORS
        results.append((_title(game), sheet))
    if fmt == "json":
        shapes = [sheet_json(sheet, ledger=ledger) for _, sheet in results]
        if shapes:
            click.echo(json.dumps(shapes[0] if len(shapes) == 1 else shapes, ensure_ascii=False, indent=1))
    else:
        texts = [sheet_text(sheet, title=title, ledger=ledger) for title, sheet in results]
        if texts:
            click.echo("\n\n".join(texts))
    sys.exit(status)


def _title(game: Game) -> str | None:
    return game.tag("Event")
