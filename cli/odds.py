"""``preflog odds``: the chances of each contract for a hand, before the play."""

from __future__ import annotations

import json

import click

from ..i18n import N_, _, ngettext
from .options import PresetChoice
from .terminal import Shown
from .jobs import job_count, jobs_option
from .lang import argument, command, option

@command(N_("""The odds of every contract for HAND before the play: for each game from 6 to 10 in each suit and in
    no-trump, and for misère, the chance it is made with the best discard and best play, its standard error,
    the declarer's tricks and his score in whists on average.

    The unseen cards (the other hands, and the talon unless --talon gives it) are dealt at random --samples
    times from --seed (the same seed gives the same answer) and each layout is solved with all cards seen;
    both defenders whist. With the talon known, the discard that leaves a misère caught least often is named.
    HAND is ten cards: a dotted hand (AKJ9.KQ8.A7.Q: spades, clubs, diamonds, hearts) or the cards one by
    one (As Ks Js 9s Kc Qc 8c Ad 7d Qh).

    Exit 0 with the answer, 2 if HAND, --talon or an option cannot be used.

    \b
    Examples:
      preflog odds AKJ9.KQ8.A7.Q
      preflog odds AKJ9.KQ8.A7.Q --talon "7h 8h" --seat second --rules leningrad
      preflog odds 78T.79.79T.78 --samples 1000 --jobs 0 --format json
    """))
@argument("hand", metavar=N_("HAND"))
@option("--talon", metavar=N_("CARDS"), help=N_("The talon's two cards, when they are known."))
@option("--seat", type=click.Choice(["first", "second", "third"]), default="first", show_default=True,
        help=N_("The declarer's seat: the first hand leads the first trick."))
@option("--rules", "preset", type=PresetChoice(), default="sochi", show_default=True,
        help=N_("The convention the scores are counted under."))
@option("--samples", metavar=N_("N"), type=click.IntRange(1, 100_000), default=200, show_default=True,
        help=N_("How many layouts of the unseen cards to solve (the error shrinks as its square root grows)."))
@option("--seed", metavar=N_("SEED"), type=int, default=1, show_default=True, help=N_("The same seed gives the same layouts."))
@option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
        help=N_("A table to read, or JSON for programs (docs/odds.md)."))
@jobs_option(default=0)
def odds(hand: str, talon: str | None, seat: str, preset: str, samples: int, seed: int, fmt: str, jobs: int) -> None:
    """The ``preflog odds`` verb (its help is above)."""
    from ..analysis.odds import BadHand
    from ..analysis.odds import odds as work
    from ..analysis.odds_report import odds_json, odds_text

    workers = job_count(jobs)
    shown = Shown(samples, _("solving layouts"), ngettext("preflog: {count} layout will take about {seconds} s more",
                                                          "preflog: {count} layouts will take about {seconds} s more",
                                                          samples), workers)
    try:
        answer = work(hand, talon, seat, preset, samples, seed, jobs=workers, progress=shown.update)
    except BadHand as error:
        raise click.UsageError(str(error)) from None
    finally:
        shown.close()
    if fmt == "json":
        click.echo(json.dumps(odds_json(answer), ensure_ascii=False, indent=1))
    else:
        click.echo(odds_text(answer), nl=False)
