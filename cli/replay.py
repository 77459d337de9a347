"""``preflog replay``: a game step by step, in text or interactively."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _
from .lang import argument, command, option

from .exits import EXIT_ERRORS
from .inputs import CleanGames, Reread
from .terminal import display_name

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..present.replay_text import Renderer
    from ..steps import Replay

KEYS = N_("n/Enter/→ next · b/← back · t next trick · d jump to deal · q quit")


@command(N_("""Replay FILE step by step: the deal, the auction, the contract and defence, each card, each trick.

    In a terminal, step through with the keys n (next), b (back), t (next trick), d (jump to a deal)
    and q (quit); otherwise every step is printed, the hands shown after each trick.

    \b
    Examples:
      preflog replay samples/annotated.pref --unicode
      preflog replay samples/sochi-pulka.pref --deal 3 --no-interactive
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(allow_dash=True))
@option("--deal", "deal_number", metavar=N_("N"), type=int, help=N_("Only this deal."))
@option("--unicode", is_flag=True, help=N_("Suit symbols."))
@option("--interactive/--no-interactive", default=None,
              help=N_("Step with the keyboard (the default when standard output is a terminal)."))
def replay(file: str, deal_number: int | None, unicode: bool, interactive: bool | None) -> None:
    """The ``preflog replay`` verb (its help is above)."""
    from ..present.replay_text import Renderer, TextReplay
    from ..steps import replay as make_replay
    from ..driver import walk

    name = display_name(file)
    # Read twice, a game at a time: first for the errors and the deal numbers, then to replay, so that
    # memory holds one game rather than the file's.
    text = Reread(file)
    first = CleanGames(text, name)
    numbers = {deal.number for game in first for deal in game.deals}
    if first.bad:
        sys.exit(EXIT_ERRORS)
    renderer = Renderer(unicode)
    if deal_number is not None and deal_number not in numbers:
        raise click.BadParameter(_("there is no deal {deal} in {name}").format(deal=deal_number, name=name),
                                 param_hint="--deal")
    if interactive is None:
        interactive = sys.stdout.isatty() and sys.stdin.isatty()
    games = CleanGames(text, name)
    if not interactive:
        walk(games, TextReplay(renderer, click.echo, deal_number))
        return
    for game in games:
        if deal_number is not None and not any(d.number == deal_number for d in game.deals):
            continue
        if not _interactive(make_replay(game), renderer, deal_number):
            return  # q quits, whatever games are left


#: What each key does; the arrow keys as a terminal sends them.
_NEXT = ("n", "\r", "\n", " ", "\x1b[C", "\x1b[B", "\xe0M", "\xe0P")
_BACK = ("b", "\x1b[D", "\x1b[A", "\xe0K", "\xe0H")
_QUIT = ("q", "\x03", "\x04")


def _interactive(r: Replay, renderer: Renderer, deal_number: int | None) -> bool:
    """Step through one game; False when the user quits, True at the end of the game."""
    from ..game.events import Dealt, TrickCompleted
    from ..model.deal import Deal
    from ..present.replay_text import dealt_notes

    if deal_number is not None:
        r.seek(next(i for i, s in enumerate(r) if s.deal == deal_number))
    else:
        r.forward()
    message = ""
    while True:
        click.clear()
        step = r.current
        if step is not None and step.state.deal is not None:
            d = step.state.deal
            click.echo(renderer.status(d) + " · " + _("step {step} of {steps}").format(step=r.position + 1,
                                                                                       steps=len(r)) + "\n")
            source = step.event.source if isinstance(step.event, Dealt) else None
            notes = dealt_notes(renderer, source) if isinstance(source, Deal) else None
            for row in renderer.table(d, notes):
                click.echo(row)
            click.echo("\n" + renderer.line(step))
        if message:
            click.echo("\n" + message)
            message = ""
        click.echo("\n" + _(KEYS))
        key = click.getchar()
        if key in _QUIT:
            return False
        if key in _NEXT:
            if r.forward() is None:
                return True
        elif key in _BACK:
            if r.position > 0:
                r.back()
        elif key == "t":
            while (s := r.forward()) is not None and not isinstance(s.event, TrickCompleted):
                pass
            if r.current is None:
                r.seek(len(r) - 1)
        elif key == "d":
            number = click.prompt(_("deal"), type=int)
            target = next((i for i, s in enumerate(r) if s.deal == number), None)
            if target is not None:
                r.seek(target)
            else:
                numbers = [s.deal for s in r if s.deal is not None]  # a game's deals run on, one by one
                message = _("there is no deal {deal} in this game (its deals: {first}–{last})").format(
                    deal=number, first=min(numbers), last=max(numbers))

