"""``preflog analyse``: every played card valued double-dummy, and the game annotated with it."""

from __future__ import annotations

import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

import click

from ..i18n import N_, _, current_language, ngettext
from .cluster import dask_client
from .jobs import job_count, jobs_option
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE
from .inputs import CleanGames, Reread, reason
from .options import PresetChoice
from .reports import JsonList, point_errors
from .terminal import analysis_notes, display_name, print_errors, Shown

if TYPE_CHECKING:
    from ..analysis.annotate import DealAnalysis
    from ..analysis.decisions import DealDecisions
    from ..analysis.single_dummy import DealSeen
    from ..model.deal import Deal
    from ..notation.read import GameReading
    from ..steps import Step

    #: A deal, its steps, its double-dummy values and its decisions' (with --decisions)
    Row = tuple[Deal, list[Step], list[DealAnalysis], DealDecisions | None]
    Found = TypeVar("Found")


def alongside(rows: Iterator[Row], run: Callable[[Iterator[list[Step]]], Iterator[Found]]) -> Iterator[tuple[Row, Found]]:
    """Each row with what ``run`` finds for its steps, ``run`` taking the deals' steps as the rows come
    (a few ahead of its answers: those rows are kept meanwhile)."""
    waiting: deque[Row] = deque()

    def parts() -> Iterator[list[Step]]:
        for row in rows:
            waiting.append(row)
            yield row[1]

    for found in run(parts()):
        yield waiting.popleft(), found


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

    With --seen each card played is valued as its player saw it: his hand, the cards played, the talon
    where it was shown, his discard if he declared, the voids shown and the hands on the table (a
    misère's catchers, an open defence); the cards he could not see are dealt --samples times (all the
    layouts when fewer) and each layout solved. A card whose best alternative takes more than a
    quarter of a trick more on average, and more than two standard errors, gets the ? (a trick or more:
    ??) with the averages ({dd: ? as seen: Boris 6.40 on average; best Ah (7.10 ± 0.12), whists lost:
    16.0}); the double-dummy comments stay, without their glyphs.

    Every broken rule is reported at its place as preflog check reports it. Exit 0 if the file is
    clean, 1 if it cannot be read as notation or breaks a rule (the analysis of a deal stops at a card
    that breaks one), 2 if it cannot be read at all.

    \b
    Examples:
      preflog analyse samples/sochi-pulka.pref -o analysed.pref
      preflog analyse samples/sochi-pulka.pref --format json
      preflog analyse --strip-analysis analysed.pref
      preflog analyse samples/sochi-pulka.pref --decisions --samples 50 -o decided.pref
      preflog analyse docs/games/friday.pref --seen --samples 50
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(allow_dash=True))
@option("-o", "--output", metavar=N_("FILE"), type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-",
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
@option("--seen", is_flag=True,
        help=N_("Value every card played over the layouts of the cards its player could not see, and mark the "
                "avoidable mistakes (slow: seconds a card)."))
@option("--samples", metavar=N_("N"), type=click.IntRange(2, 100_000), default=100, show_default=True,
        help=N_("With --decisions or --seen: the layouts each decision or card is valued over."))
@option("--seed", metavar=N_("S"), type=click.IntRange(0), default=1, show_default=True,
        help=N_("With --seen: the seed the layouts are drawn from (the same seed, the same answers)."))
@option("--dask", "scheduler", metavar=N_("ADDRESS"),
        help=N_("With --seen: value the deals on the Dask cluster whose scheduler is at ADDRESS (local: a "
                "cluster of this machine's cores)."))
@jobs_option()
def analyse(file: str, output: str, fmt: str, strip: bool, preset: str | None, decisions: bool, seen: bool,
            samples: int, seed: int, scheduler: str | None, jobs: int) -> None:
    """The ``preflog analyse`` verb (its help is above)."""
    from ..analysis.annotate import analyse_steps, annotate_deal, strip_deal
    from ..analysis.decisions import annotate_decided, decide_each
    from ..analysis.single_dummy import annotate_seen, seen_each, seen_on_dask
    from ..notation.write import iter_dumps_dealt
    from ..problems import Audit
    from ..steps import StepRecorder

    if scheduler is not None and not seen:
        raise click.UsageError(_("--dask values the cards as seen: give --seen too"))
    name = display_name(file)
    games = CleanGames(Reread(file), name)
    broken = False
    workers = job_count(jobs)

    def replayed(reading: GameReading) -> Iterator[tuple[Deal, list[Step]]]:
        """Each deal of the game with its steps, from the one replay that also finds its rule violations
        (printed as they are found), a deal at a time: a deal's steps are not kept once handed on."""
        nonlocal broken
        recorder = StepRecorder()
        head = (reading.head,) if reading.head is not None else ()
        for point in Audit(recorder, rules=preset, ledger=False).reading(reading):
            if point.errors:  # a file that reads otherwise the second time
                print_errors(point.errors)
                games.bad = True
            found = point_errors(point, (*head, point.read.piece) if point.read is not None else head, name)
            print_errors([error for _violation, error in found])
            broken |= bool(found)
            steps, recorder.steps = recorder.steps, []
            if point.deal is not None and point.replayed:
                yield point.deal, steps

    def analysed(number: int, reading: GameReading,
                 count: int) -> Iterator[tuple[Deal, list[DealAnalysis], DealDecisions | None, DealSeen | None]]:
        """Each deal of the game (of ``count``) with its values and, with --decisions, its decisions'
        and, with --seen, its cards' as their players saw them (each valued a few deals ahead, among
        the processes), a deal at a time. The notes on its deals are said once the game is done, after
        its rule violations (kept meanwhile in a file past 64 KB)."""
        with tempfile.SpooledTemporaryFile(1 << 16, "w+", encoding="utf-8", newline="") as notes:
            def values() -> Iterator[tuple[Deal, list[Step], list[DealAnalysis]]]:
                for deal, steps in replayed(reading):
                    analyses = analyse_steps(steps)
                    for a in analyses:
                        for line in analysis_notes(name, number, a.deal, skipped=a.skipped, stopped=a.stopped):
                            notes.write(line + "\n")
                    yield deal, steps, analyses

            def decided(parts: Iterator[list[Step]]) -> Iterator[DealDecisions]:
                yield from Shown(count, _("valuing decisions"),
                                 ngettext("preflog: the decisions of {count} deal will take about {seconds} s more",
                                          "preflog: the decisions of {count} deals will take about {seconds} s more",
                                          count), min(workers, count)).each(decide_each(parts, samples, workers))

            def as_seen(parts: Iterator[list[Step]]) -> Iterator[DealSeen]:
                shown = Shown(count, _("valuing the cards as seen"),
                              ngettext("preflog: the cards of {count} deal will take about {seconds} s more",
                                       "preflog: the cards of {count} deals will take about {seconds} s more",
                                       count), min(workers, count))
                yield from shown.each(seen_on_dask(parts, client, samples, seed, number, current_language())
                                      if client is not None else seen_each(parts, samples, seed, workers, number))

            rows: Iterator[Row] = ((deal, steps, analyses, None) for deal, steps, analyses in values())
            if decisions:
                rows = ((deal, steps, analyses, found) for (deal, steps, analyses, _none), found
                        in alongside(rows, decided))
            both = alongside(rows, as_seen) if seen else ((row, None) for row in rows)
            for (deal, _steps, analyses, found_decided), found_seen in both:
                yield deal, analyses, found_decided, found_seen
            notes.seek(0)
            for line in notes:
                click.echo(line, nl=False, err=True)

    def annotated(number: int, reading: GameReading, count: int) -> Iterator[Deal]:
        for deal, analyses, decided, found_seen in analysed(number, reading, count):
            found = next((a for a in analyses if a.deal == deal.number and a.skipped is None), None)
            deal = annotate_decided(annotate_deal(deal, found, glyphs=not seen),
                                    decided if decided is not None and decided.deal == deal.number else None)
            yield annotate_seen(deal, found_seen if found_seen is not None and found_seen.deal == deal.number
                                else None)

    # each game read twice: first for its notation errors (a game with one is not written), then a deal
    # at a time, each deal written as it is valued (memory: a few deals, however long the game)
    checked = games.checked()
    try:
        opened = click.open_file(output, "w", encoding="utf-8")
    except OSError as exc:  # a folder that is not there, a file that cannot be written
        click.echo(_("preflog: error: cannot write {path}: {reason}").format(path=output, reason=reason(exc)),
                   err=True)
        sys.exit(EXIT_UNREADABLE)
    with opened as out, dask_client(scheduler) as client:
        if fmt == "json":
            items = JsonList(file=out)
            items.open()
            for number, (reading, count) in enumerate(checked, 1):
                for _deal, analyses, decided, found_seen in analysed(number, reading, count):
                    for a in analyses:
                        item = a.to_json() if number == 1 else {"game": number, **a.to_json()}
                        if decided is not None:
                            item["decisions"] = [c.to_json() for c in decided.choices] if decided.deal == a.deal else []
                        if found_seen is not None:
                            item["seen"] = found_seen.to_json() if found_seen.deal == a.deal else []
                        items.add(item)
            items.close()
        else:
            parts = iter_dumps_dealt((reading.header, map(strip_deal, games.deals_of(reading))) for reading, _count in checked) \
                if strip else iter_dumps_dealt((reading.header, annotated(number, reading, count))
                                               for number, (reading, count) in enumerate(checked, 1))
            for part in parts:
                out.write(part)
    sys.exit(EXIT_ERRORS if games.bad or broken else EXIT_OK)
