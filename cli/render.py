"""``preflog render``: a game file as one self-contained web page to step through."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import click

from ..i18n import N_, _, count
from .lang import argument, command, option

from .exits import EXIT_ERRORS, EXIT_OK
from .inputs import CleanGames, Reread
from .options import PresetChoice
from .terminal import display_name, note_analysis


@command(N_("""FILE as one web page that works opened from disk and loads nothing from outside: each deal step by
    step, the hands as they shrink, the auction, each trick, the comments and variations, the rule
    violations where they happen, what the deal writes on the sheet and the pulka after it.

    Keys on the page: → ← a step, Shift+→ ← a trick, Home End, ↓ enter a variation, ↑ leave it, n b the
    next and previous deal. With --analyse the hand to play shows each card's double-dummy value (the
    counted player's tricks at the end of the deal with best play after it; the best cards underlined),
    and the side panel the par and what each card played cost. A file of puzzles (docs/puzzles.md)
    opens each at its question: the reader taps a card, or a number of tricks, and sees whether it is
    right and the line that shows it.

    Exit 0 if the file is clean, 1 if it breaks a rule (the page shows where; it is written all the
    same) or cannot be read as notation, 2 if it cannot be read at all.

    \b
    Examples:
      preflog render samples/annotated.pref -o annotated.html
      preflog render samples/four-players.pref --deal 2 --seat Vera -o deal2.html
      preflog render samples/leningrad.pref --analyse -o leningrad.html
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(allow_dash=True))
@option("-o", "--output", metavar=N_("FILE"), type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-",
              help=N_("Write the page here (default: standard output)."))
@option("--deal", "deal_number", type=click.IntRange(min=0), metavar=N_("N"), help=N_("Only deal N of each game."))
@option("--seat", metavar=N_("NAME"), help=N_("Open showing only NAME's hand (a button shows them all)."))
@option("--rules", "preset", type=PresetChoice(),
              help=N_("Replay under this convention instead of the file's Rules tag."))
@option("--analyse", "analysed", is_flag=True,
              help=N_("Value every card double-dummy (as preflog analyse): the par of each deal, and at each card "
                   "played the value of every card its player could have played."))
def render(file: str, output: str, deal_number: int | None, seat: str | None, preset: str | None,
           analysed: bool) -> None:
    """The ``preflog render`` verb (its help is above)."""
    from ..present.replay_html import game_data, write_page
    from ..puzzles.page import pose

    name = display_name(file)
    games = CleanGames(Reread(file), name)
    seats: set[str] = set()
    dealt = broken = 0

    def watched(number: int, game: dict[str, Any]) -> dict[str, Any]:
        """A game's data as it is written, a deal at a time, with what the checks after need of it."""
        seats.update(game["seats"])

        def deals(data: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            nonlocal dealt, broken
            skipped: list[tuple[int, str]] = []  # said once the game is whole: not for a game with an error
            for d in data:
                if "skip" in d.get("dd", {}):
                    skipped.append((d["n"], d["dd"]["skip"]))
                dealt += 1
                broken += d.get("errors", 0)
                yield d
            broken += len(game.get("v", ()))
            if not games.bad:
                for deal, why in skipped:
                    note_analysis(name, number, deal, skipped=why)

        game["deals"] = deals(game["deals"])
        return game

    # written a deal at a time (memory: one deal's data and its game's sheet, however long the game or the
    # file) to a file beside the output, which becomes the output only once every check has passed
    # (the file a link names, not the link; a device or a pipe is written into, never replaced)
    target = os.path.realpath(output) if output != "-" else "-"
    direct = target != "-" and os.path.exists(target) and not os.path.isfile(target)
    folder = os.path.dirname(target) if target != "-" and not direct else None
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, suffix=".html", delete=False) as out:
        kept = out.name
        try:
            write_page(out, (watched(number, game_data(game, deals, deal=deal_number, rules=preset, analyse=analysed,
                                                       pose=pose))
                             for number, (game, deals) in enumerate(games.streamed(), 1)), seat=seat)
        except BaseException:
            out.close()
            os.unlink(kept)
            raise
    try:
        if games.bad:
            sys.exit(EXIT_ERRORS)
        if deal_number is not None and not dealt:
            raise click.BadParameter(_("there is no deal {deal} in {name}").format(deal=deal_number, name=name),
                                     param_hint="--deal")
        if seat is not None and seat not in seats:
            raise click.BadParameter(_("{seat!r} is not a player of {name} ({players})").format(
                seat=seat, name=name, players=", ".join(sorted(seats))), param_hint="--seat")
        if output == "-" or direct:
            with open(kept, encoding="utf-8") as page, click.open_file(target, "w", encoding="utf-8") as shown:
                shutil.copyfileobj(page, shown)
        else:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(kept, 0o666 & ~mask)  # a page as any file written here, not the temporary file's 0600
            os.replace(kept, target)
    finally:
        if os.path.exists(kept):
            os.unlink(kept)
    if broken:
        click.echo(f"preflog: {name}: " + count("the page shows {n} rule violation where it happens (preflog check "
                                                "lists it)", "the page shows {n} rule violations where they happen "
                                                "(preflog check lists them)", broken), err=True)
    sys.exit(EXIT_ERRORS if broken else EXIT_OK)
