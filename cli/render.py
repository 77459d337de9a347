"""``preflog render``: a game file as one self-contained web page to step through."""

from __future__ import annotations

import sys

import click

from .common import EXIT_ERRORS, EXIT_OK, CleanGames, PresetChoice, Reread, display_name


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-",
              help="Write the page here (default: standard output).")
@click.option("--deal", "deal_number", type=click.IntRange(min=0), metavar="N", help="Only deal N of each game.")
@click.option("--seat", metavar="NAME", help="Open showing only NAME's hand (a button shows them all).")
@click.option("--rules", "preset", type=PresetChoice(),
              help="Replay under this convention instead of the file's Rules tag.")
def render(file: str, output: str, deal_number: int | None, seat: str | None, preset: str | None) -> None:
    """FILE as one web page that works opened from disk and loads nothing from outside: each deal step by
    step, the hands as they shrink, the auction, each trick, the comments and variations, the rule
    violations where they happen, what the deal writes on the sheet and the pulka after it.

    Keys on the page: → ← a step, Shift+→ ← a trick, Home End, ↓ enter a variation, ↑ leave it, n b the
    next and previous deal. Exit 0 if the file is clean, 1 if it breaks a rule (the page shows where; it
    is written all the same) or cannot be read as notation, 2 if it cannot be read at all.

    \b
    Examples:
      preflog render samples/annotated.pref -o annotated.html
      preflog render samples/four-players.pref --deal 2 --seat Vera -o deal2.html
    """
    from ..present.replay_html import games_data, page_of, violations_shown

    name = display_name(file)
    games = CleanGames(Reread(file), name)
    data = games_data(games, deal=deal_number, rules=preset)
    if games.bad:
        sys.exit(EXIT_ERRORS)
    if deal_number is not None and not any(g["deals"] for g in data):
        raise click.BadParameter(f"there is no deal {deal_number} in {name}", param_hint="--deal")
    if seat is not None and not any(seat in g["seats"] for g in data):
        players = sorted({p for g in data for p in g["seats"]})
        raise click.BadParameter(f"{seat!r} is not a player of {name} ({', '.join(players)})", param_hint="--seat")
    html = page_of(data, seat=seat)
    with click.open_file(output, "w", encoding="utf-8") as out:
        out.write(html)
    broken = violations_shown(data)
    if broken:
        click.echo(f"preflog: {name}: the page shows {broken} rule violation{'s' * (broken != 1)} where they "
                   "happen (preflog check lists them)", err=True)
    sys.exit(EXIT_ERRORS if broken else EXIT_OK)

