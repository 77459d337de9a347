"""``preflog analyse``: every played card valued double-dummy, and the game annotated with it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _, ngettext
from .jobs import job_count, jobs_option
from .lang import command, option

from .exits import EXIT_ERRORS, EXIT_OK
from .inputs import CleanGames, Reread
from .options import PresetChoice
from .reports import JsonList, point_errors
from .terminal import display_name, note_analysis, print_errors, Shown

if TYPE_CHECKING:
    from ..analysis.annotate import DealAnalysis
    from ..analysis.decisions import DealDecisions
    from ..model.game import Game
    from ..notation.read import ParsedGame


@command(N_("""Value every card played in FILE with all hands seen and best play on all sides (double dummy).

    For a game the value is the declarer's tricks; for a misère, the tricks he is made to take; for an
    all-pass, the fewest tricks the player to move can be held to. The annotated game gets the par on
    each deal's header ({dd: par Boris 8}), and on a card that costs its side a trick a ? (two or more:
    ??) with a comment naming the best cards ({dd: ? Boris 8 → 7; best Ah Kh (8)}). The author's
    comments and glyphs are kept; every added one begins with "dd:", and --strip-analysis takes
    them out again. Deals with a hand not known are skipped with a note on standard error.

    With --decisions the decisions made before the play are valued too, with the cards their maker
    could not see dealt at random --samples times and each layout solved: the contract against the
    others the declarer could declare, his discard against every other, each defender's whist or pass.
    Each gets a comment with its average score in whists and the best choice's ({dd: ? 8d (made 0%):
    whists on average -114.5; best 6d (made 100%): +7.4 ± 3.9}), and a ? when the best is more than 5
    whists and two standard errors better.

    Every broken rule is reported at its place as preflog check reports it. Exit 0 if the file is
    clean, 1 if it cannot be read as notation or breaks a rule (the analysis of a deal stops at a card
    that breaks one), 2 if it cannot be read at all.

    \b
    Examples:
      preflog analyse samples/sochi-pulka.pref -o analysed.pref
      preflog analyse samples/sochi-pulka.pref --format json
      preflog analyse --strip-analysis analysed.pref
      preflog analyse samples/sochi-pulka.pref --decisions --samples 50 -o decided.pref
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
@option("--decisions", is_flag=True,
        help=N_("Also value the decisions made before the play with the cards their maker could not see: the "
                "contract against the others he could declare, the discard against every other, each "
                "defender's whist or pass (a Monte-Carlo over layouts; slow: seconds a deal)."))
@option("--samples", type=click.IntRange(2, 100_000), default=100, show_default=True,
        help=N_("With --decisions: the layouts each decision is valued over."))
@jobs_option()
def analyse(file: str, output: str, fmt: str, strip: bool, preset: str | None, decisions: bool, samples: int,
            jobs: int) -> None:
    """The ``preflog analyse`` verb (its help is above)."""
    from ..analysis.annotate import analyse_steps, annotate, strip_analysis
    from ..analysis.annotate import deals_of
    from ..analysis.decisions import annotate_decisions, decide_each
    from ..notation.write import iter_dumps
    from ..problems import Audit
    from ..steps import StepRecorder

    name = display_name(file)
    games = CleanGames(Reread(file), name)
    broken = False

    def analysed(number: int, parsed: ParsedGame) -> tuple[list[DealAnalysis], list[DealDecisions]]:
        """The game's values, from the one replay that also finds its rule violations (printed here),
        and with --decisions the decisions' values from the same steps."""
        nonlocal broken
        recorder = StepRecorder()
        found = [error for point in Audit(recorder, rules=preset, ledger=False).game(parsed.game)
                 for error in point_errors(point, parsed.pieces, name)]
        steps = recorder.steps
        print_errors([error for _violation, error in found])
        broken |= bool(found)
        analyses = analyse_steps(steps)
        for a in analyses:
            note_analysis(name, number, a.deal, skipped=a.skipped, stopped=a.stopped)
        valued: list[DealDecisions] = []
        if decisions:
            parts = list(deals_of(steps))
            workers = job_count(jobs)
            shown = Shown(len(parts), _("valuing decisions"),
                          ngettext("preflog: the decisions of {count} deal will take about {seconds} s more",
                                   "preflog: the decisions of {count} deals will take about {seconds} s more",
                                   len(parts)), min(workers, len(parts)))
            try:
                for decided in decide_each(parts, samples, workers):
                    valued.append(decided)
                    shown.update(len(valued))
            finally:
                shown.close()
        return analyses, valued

    with click.open_file(output, "w", encoding="utf-8") as out:
        if fmt == "json":
            items = JsonList(file=out)
            items.open()
            for number, parsed in enumerate(games.parsed(), 1):
                analyses, valued = analysed(number, parsed)
                choices = {d.deal: [c.to_json() for c in d.choices] for d in valued}
                for a in analyses:
                    item = a.to_json() if number == 1 else {"game": number, **a.to_json()}
                    if decisions:
                        item["decisions"] = choices.get(a.deal, [])
                    items.add(item)
            items.close()
        elif strip:
            for part in iter_dumps(strip_analysis(g) for g in games):
                out.write(part)
        else:
            def annotated(number: int, parsed: ParsedGame) -> Game:
                analyses, valued = analysed(number, parsed)
                return annotate_decisions(annotate(parsed.game, analyses), valued)

            for part in iter_dumps(annotated(n, p) for n, p in enumerate(games.parsed(), 1)):
                out.write(part)
    sys.exit(EXIT_ERRORS if games.bad or broken else EXIT_OK)
