"""``preflog lessons``: the avoidable mistakes of games or an archive turned into proven puzzles."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _, ngettext
from .exits import EXIT_ERRORS
from .inputs import CleanGames, Reread, archive_games, write_text
from .lang import argument, command, option
from .terminal import display_name

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..model.game import Game


@command(N_("""Turn the mistakes a player could have avoided in FILES (or the archive of --db) into puzzles.

    Each card played is valued as its player saw it: the cards he could not see are dealt --samples
    times consistently with what he saw, each layout solved with every hand seen (as analyse --seen
    does). A card that lost on average is a mistake; it becomes a "which card?" puzzle at the position
    before it, kept when the solver proves it: the right card is the one answer with every hand seen
    and the best as the player saw it. The declarer's discard is valued as analyse --decisions values
    it (his twelve cards known, the other hands dealt --samples times); one that gave away whists
    becomes a "which two cards?" puzzle, kept when the best discard as he saw it is also best with
    every hand seen and the discard made is not (where several are best, each is right: Answers "all").
    A defender's whist or pass is valued the same way (his ten cards and the talon known); one that
    gave away whists becomes a "whist or pass?" puzzle, kept when the better word as he saw it also
    scores more with every hand seen. The puzzles are grouped by theme (the lead against a misère,
    catching, whist or pass, the defenders' play, the discard, the declarer's play, all-pass cards),
    the dearest first, each with its price in tricks and whists and the game and deal it came from.

    \b
    Examples:
      preflog lessons docs/games/friday.pref --samples 20 -o friday-lessons.pref
      preflog lessons --db preflog-club.sqlite --player Anna --format html -o anna.html
    """))
@argument("files", metavar=N_("FILES"), nargs=-1, type=click.Path(allow_dash=True))
@option("--db", metavar=N_("FILE"), help=N_("Read the games of this archive of preflog serve (its SQLite file)."))
@option("--player", metavar=N_("NAME"), help=N_("Only this player's mistakes."))
@option("--samples", metavar=N_("N"), type=click.IntRange(2, 10_000), default=50, show_default=True,
        help=N_("The layouts each card, discard and word is valued over."))
@option("--seed", metavar=N_("S"), type=int, default=1, show_default=True, help=N_("The layouts' seed: the same seed, the same lessons."))
@option("--format", "form", type=click.Choice(["pref", "json", "html"]), default="pref", show_default=True,
        help=N_("pref: the puzzles as a file of games; json: each lesson's facts; html: one page to try them on."))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def lessons(files: tuple[str, ...], db: str | None, player: str | None, samples: int, seed: int, form: str,
            output: str | None) -> None:
    """The ``preflog lessons`` verb (its help is above)."""
    from ..notation.write import dumps
    from ..puzzles.lessons import lessons as found_in
    from ..puzzles.lessons_page import page

    if not files and db is None:
        raise click.UsageError(_("give the .pref files to read, or --db with an archive"))
    if files and db is not None:
        raise click.UsageError(_("read either FILES or --db, not both"))
    unread: set[str] = set()
    games = _archive_games(db) if db is not None else _file_games(files, unread)
    found = found_in(games, samples=samples, seed=seed, player=player)
    if form == "json":
        text = json.dumps([lesson.to_json() for lesson in found], ensure_ascii=False, indent=1) + "\n"
    elif form == "html":
        text = page(found, _("Lessons from the games"))
    else:
        text = dumps([lesson.puzzle for lesson in found])
    if output:
        write_text(output, text)
    else:
        click.echo(text, nl=False)
    click.echo(ngettext("{n} lesson", "{n} lessons", len(found)).format(n=len(found)), err=True)
    if unread:
        sys.exit(EXIT_ERRORS)


def _file_games(files: tuple[str, ...], unread: set[str]) -> Iterator[tuple[str, int, Game]]:
    for file in files:
        name = display_name(file)
        games = CleanGames(Reread(file), name)
        for number, parsed in enumerate(games.parsed(), start=1):
            yield name, number, parsed.game
        if games.bad:
            unread.add(name)


def _archive_games(db: str) -> Iterator[tuple[str, int, Game]]:
    for name, parsed in archive_games(db):
        yield name, 1, parsed.game
