"""``preflog analyse``: every played card valued double-dummy, and the game annotated with it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..i18n import N_
from .lang import command, option

from .common import (
    EXIT_ERRORS, EXIT_OK, CleanGames, JsonList, PresetChoice, Reread, display_name, drain, note_analysis, print_errors,
)

if TYPE_CHECKING:
    from ..analysis.annotate import DealAnalysis
    from ..notation.read import ParsedGame


@command(N_("""Value every card played in FILE with all hands seen and best play on all sides (double dummy).

    For a game the value is the declarer's tricks; for a misère, the tricks he is made to take; for an
    all-pass, the fewest tricks the player to move can be held to. The annotated game gets the par on
    each deal's header ({dd: par Boris 8}), and on a card that costs its side a trick a ? (two or more:
    ??) with a comment naming the best cards ({dd: ? Boris 8 → 7; best Ah Kh (8)}). The author's
    comments and glyphs are kept; every added one begins with "dd:", and --strip-analysis takes
    them out again. Deals with a hand not known are skipped with a note on standard error.

    Every broken rule is reported at its place as preflog check reports it. Exit 0 if the file is
    clean, 1 if it cannot be read as notation or breaks a rule (the analysis of a deal stops at a card
    that breaks one), 2 if it cannot be read at all.

    \b
    Examples:
      preflog analyse samples/sochi-pulka.pref -o analysed.pref
      preflog analyse samples/sochi-pulka.pref --format json
      preflog analyse --strip-analysis analysed.pref
    """))
@click.argument("file", type=click.Path(allow_dash=True))
@option("-o", "--output", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-",
              help=N_("Write the annotated game (or the JSON) here (default: standard output)."))
@option("--format", "fmt", type=click.Choice(["pref", "json"]), default="pref", show_default=True,
              help=N_("pref: the game in the notation with the analysis written in; json: one object per deal."))
@option("--strip-analysis", "strip", is_flag=True,
              help=N_("Take out what an earlier analysis added (its comments and glyphs), and add nothing."))
@option("--rules", "preset", type=PresetChoice(),
              help=N_("Replay under this convention instead of the file's Rules tag."))
def analyse(file: str, output: str, fmt: str, strip: bool, preset: str | None) -> None:
    """The ``preflog analyse`` verb (its help is above)."""
    from ..analysis.annotate import analyse_steps, annotate, strip_analysis
    from ..check import Checker
    from ..notation.write import iter_dumps
    from ..replay import StepRecorder
    from ..walk import walk

    name = display_name(file)
    games = CleanGames(Reread(file), name)
    broken = False

    def analysed(number: int, parsed: ParsedGame) -> list[DealAnalysis]:
        """The game's values, from the one replay that also finds its rule violations (printed here)."""
        nonlocal broken
        violations, steps = walk(parsed.game, Checker(), StepRecorder(), rules=preset)
        found = drain(parsed.pieces, name, violations)
        print_errors([error for _violation, error in found])
        broken |= bool(found)
        analyses = analyse_steps(steps)
        for a in analyses:
            note_analysis(name, number, a.deal, skipped=a.skipped, stopped=a.stopped)
        return analyses

    with click.open_file(output, "w", encoding="utf-8") as out:
        if fmt == "json":
            items = JsonList(file=out)
            items.open()
            for number, parsed in enumerate(games.parsed(), 1):
                for a in analysed(number, parsed):
                    items.add(a.to_json() if number == 1 else {"game": number, **a.to_json()})
            items.close()
        elif strip:
            for part in iter_dumps(strip_analysis(g) for g in games):
                out.write(part)
        else:
            annotated = (annotate(p.game, analysed(n, p)) for n, p in enumerate(games.parsed(), 1))
            for part in iter_dumps(annotated):
                out.write(part)
    sys.exit(EXIT_ERRORS if games.bad or broken else EXIT_OK)
