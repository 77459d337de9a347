"""``preflog generate``: random but rule-abiding games in the notation."""

from __future__ import annotations

import click

from ..i18n import N_, ngettext
from .lang import command, option

from ..model.limits import MAX_DEALS
from .inputs import write_text
from .options import PresetChoice


@command(N_("""Write random full-play deals that follow the rules: auctions, misère, all-pass, one and two
    whisters, half-whist, open and closed play.

    \b
    Examples:
      preflog generate --deals 20 --seed 7
      preflog generate --deals 3000 --players 4 --rules leningrad --per-game 30 -o archive.pref
      preflog generate --pool 10 --deals 200 -o pulkas.pref
    """))
@option("--deals", metavar=N_("N"), type=click.IntRange(1, 1_000_000), default=30, show_default=True, help=N_("How many deals."))
@option("--seed", metavar=N_("SEED"), type=int, default=1, show_default=True, help=N_("The same seed gives the same games."))
@option("--players", type=click.Choice(["2", "3", "4"]), default="3", show_default=True,
              help=N_("2: gusarik, two players and a dummy."))
@option("--rules", "preset", type=PresetChoice(), default="sochi", show_default=True, help=N_("The convention."))
@option("--per-game", metavar=N_("N"), type=click.IntRange(0, MAX_DEALS), default=0,
              help=N_("Start a new game every N deals (default: one game; a game holds at most {most})."),
              help_values={"most": MAX_DEALS})
@option("--pool", type=click.IntRange(1, 10_000), metavar=N_("N"),
              help=N_("Play each game to a pool of N (its Pool tag): a game ends with its pulka, and the next "
                   "begins; --deals still counts every deal, so the last game may stop short."))
@option("--unicode", is_flag=True, help=N_("Suit symbols."))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def generate(deals: int, seed: int, players: str, preset: str, per_game: int, pool: int | None, unicode: bool,
             output: str | None) -> None:
    """The ``preflog generate`` verb (its help is above)."""
    from ..generator import iter_generate
    from ..notation.write import iter_dumps

    if deals > MAX_DEALS and not per_game:
        raise click.UsageError(ngettext("a game holds at most {n} deal: add --per-game N for more",
                                          "a game holds at most {n} deals: add --per-game N for more", MAX_DEALS).format(n=MAX_DEALS))
    games = iter_generate(deals, seed, players=int(players), rules=preset, per_game=per_game, pool=pool)
    parts = iter_dumps(games, unicode=unicode)
    if output:
        write_text(output, parts)
    else:
        for part in parts:
            click.echo(part, nl=False)
