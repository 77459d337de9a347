"""``preflog diagram``: one deal of a game file drawn for an article, in SVG, TeX or HTML."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..i18n import N_, _
from .lang import argument, command, option

from .exits import EXIT_ERRORS
from .inputs import CleanGames, Reread, write_text
from .options import PresetChoice
from .terminal import display_name, print_errors

if TYPE_CHECKING:  # the library is imported when the command runs, not to print --help
    from ..model.cards import Card


class CardParam(click.ParamType):  # type: ignore[type-arg]
    """A card as the notation writes it (``Ts``, ``10♠``, ``Т♠``)."""

    name = "card"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> Card:
        from ..model.cards import card

        try:
            return card(str(value))
        except ValueError:
            self.fail(_("not a card: {text!r}").format(text=value), param, ctx)


@command(N_("""Draw deal N of FILE as a diagram for an article or a lesson: the three hands around the table
    (the declarer's at the bottom), the talon and the discard, the auction, the contract and the
    defenders' words, and, from a point in the play, the tricks played and the cards on the table.

    Only a legal deal is drawn: a deal that breaks a rule is refused with its violations (exit 1).
    The words are in the language of --lang; in Russian the ranks are Т К Д В 10.

    \b
    Examples:
      preflog diagram samples/annotated.pref --deal 1
      preflog diagram samples/annotated.pref --deal 1 --after-trick 3 --hide Anna -o deal1.svg
      preflog diagram samples/annotated.pref --deal 1 --format tex --lang ru -o deal1.tex
    """))
@argument("file", metavar=N_("FILE"), type=click.Path(allow_dash=True))
@option("--deal", "deal_number", metavar=N_("N"), type=click.IntRange(min=1), required=True, help=N_("The deal to draw."))
@option("--game", "game_number", metavar=N_("K"), type=click.IntRange(min=1), default=1, show_default=True,
        help=N_("The game of the file it is in, counted from 1."))
@option("--after-trick", metavar=N_("K"), type=click.IntRange(0, 10),
        help=N_("Draw the hands after K tricks (0: as play begins, the discard made)."))
@option("--before-card", metavar=N_("CARD"), type=CardParam(), help=N_("Draw the hands just before CARD is played."))
@option("--hide", metavar=N_("NAME"), multiple=True,
        help=N_("Show NAME's hand face down (again for more; 'talon' hides the talon and the discard)."))
@option("--caption", metavar=N_("TEXT"), help=N_("An author's words under the title."))
@option("--format", "form", type=click.Choice(["svg", "tex", "html"]), default="svg", show_default=True,
        help=N_("svg: one self-contained drawing; tex: a tikzpicture for LaTeX; html: a figure with the SVG inline."))
@option("--rules", "preset", type=PresetChoice(), help=N_("Replay under this convention instead of the file's Rules tag."))
@option("--output", "-o", metavar=N_("FILE"), type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def diagram(file: str, deal_number: int, game_number: int, after_trick: int | None, before_card: Card | None,
            hide: tuple[str, ...], caption: str | None, form: str, preset: str | None, output: str | None) -> None:
    """The ``preflog diagram`` verb (its help is above)."""
    from ..checker import violation_error
    from ..present.diagram import Refusal, Why, diagram as draw
    from ..present.diagram.told import refusal

    if after_trick is not None and before_card is not None:
        raise click.UsageError(_("--after-trick and --before-card: one point at a time"))
    name = display_name(file)
    games = CleanGames(Reread(file), name)
    found = None
    count = 0
    for parsed in games.parsed():
        count += 1
        if count == game_number:
            found = parsed
    if games.bad:
        sys.exit(EXIT_ERRORS)
    if found is None:
        raise click.BadParameter(refusal(Refusal(Why.NO_GAME, (("asked", game_number), ("games", count)))),
                                 param_hint="--game")
    try:
        drawn = draw(found.game, deal_number, after_trick=after_trick, before_card=before_card, hide=hide,
                     caption=caption, rules=preset)
    except Refusal as refused:
        if refused.why is Why.BROKEN:
            print_errors([violation_error(v, name, found.pieces) for v in refused.violations])
            click.echo(_("{name}: deal {deal} breaks a rule: only a legal deal is drawn").format(
                name=name, deal=deal_number), err=True)
            sys.exit(EXIT_ERRORS)
        hint = {Why.NO_DEAL: "--deal", Why.NO_CARDS: "--deal", Why.NO_TRICK: "--after-trick",
                Why.NOT_PLAYED: "--before-card", Why.NO_SEAT: "--hide"}.get(refused.why)
        raise click.BadParameter(refusal(refused), param_hint=hint) from None
    text = {"svg": drawn.svg, "tex": drawn.tex, "html": drawn.html}[form]()
    if form == "svg":
        text += "\n"
    if output:
        write_text(output, text)
    else:
        click.echo(text, nl=False)
