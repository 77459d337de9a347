"""``preflog deal``: boards that satisfy a condition, written as a hand record (issue 66)."""

from __future__ import annotations

import sys

import click

from ..i18n import N_, _, ngettext
from .exits import EXIT_ERRORS, EXIT_MISUSE
from .inputs import write_text
from .lang import command, option
from .terminal import print_errors


@command(N_("""Deal boards that satisfy a condition and write them as a hand record (event new --hand-record,
    check and fmt read it). The condition is a Python expression over the hands in bidding order, first,
    second and third (the dealer is the third at three; at four fourth and dealer hold no cards), and the
    talon: len(first.spades) (clubs, diamonds, hearts), "As" in first, first.shape (the suits' lengths,
    spades clubs diamonds hearts), first.pattern (longest first); and the solver: tricks(first, "s") is
    the most tricks first takes declaring spades with the talon, his best discard and best play on all
    sides ("nt" for no trump), misere(first) the fewest he takes on a misère. Put a shape condition
    before a solver's: it is a thousand times cheaper, and "and" stops at the first false part.

    The same seed and condition give the same boards. The record keeps them in its Seed and Where tags.
    Exit 0 with every board, 1 when the tries ran out first (the boards found are written), 2 for a
    condition that cannot be used.

    \b
    Examples:
      preflog deal --count 20 --seed 7 --where "len(first.spades) >= 6 and 'As' not in first"
      preflog deal --count 12 --where "first.pattern == (4, 4, 1, 1)" --players 4 -o record.pref
      preflog deal --count 5 --where "len(first.spades) >= 5 and tricks(first, 's') >= 8"
      preflog deal --count 5 --where "max(first.shape) <= 3 and misere(first) == 0"
    """))
@option("--count", metavar=N_("N"), type=click.IntRange(1, 1000), default=12, show_default=True,
        help=N_("How many boards."))
@option("--seed", metavar=N_("SEED"), default="1", show_default=True, help=N_("The same seed gives the same boards."))
@option("--where", "where", metavar=N_("EXPR"), help=N_("The condition a board satisfies (default: any deal)."))
@option("--players", type=click.Choice(["3", "4"]), default="3", show_default=True,
        help=N_("Players at the table (at four the dealer sits out)."))
@option("--tries", metavar=N_("N"), type=click.IntRange(1, 100_000_000), default=100_000, show_default=True,
        help=N_("Give up after this many deals tried."))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def deal(count: int, seed: str, where: str | None, players: str, tries: int, output: str | None) -> None:
    """The ``preflog deal`` verb (its help is above)."""
    from ..dealing.condition import BadCondition
    from ..dealing.dealer import deal as work

    try:
        dealt = work(count, where=where, seed=seed, players=int(players), tries=tries)
    except BadCondition as error:
        print_errors([error])
        sys.exit(EXIT_MISUSE)
    except ValueError as error:  # a seed that cannot be written in the record
        raise click.BadParameter(str(error), param_hint="--seed") from None
    if dealt.boards:
        if output:
            write_text(output, dealt.record())
        else:
            click.echo(dealt.record(), nl=False)
    if dealt.complete:
        return
    in_tries = ngettext("in {n} try", "in {n} tries", dealt.tries).format(n=dealt.tries)
    click.echo(_("preflog: error: boards that satisfy the condition: {found} of {count}, {in_tries}; loosen the "
                 "condition or raise --tries").format(found=len(dealt.boards), count=count, in_tries=in_tries),
               err=True)
    if dealt.boards:
        click.echo(_("preflog: note: the boards found are written to {place}").format(
            place=output or _("standard output")), err=True)
    else:
        click.echo(_("preflog: note: nothing is written"), err=True)
    sys.exit(EXIT_ERRORS)
