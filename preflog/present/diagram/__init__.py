"""Deal diagrams for articles and lessons: ``preflog.diagram(game, deal, …)``.

>>> d = preflog.diagram(game, 1, after_trick=3, hide=["Vera"])
>>> d.svg()      # one self-contained <svg>; a notebook shows it (_repr_svg_)
>>> d.tex()      # a tikzpicture for a LaTeX article
>>> d.html()     # a <figure> for a blog, the SVG inline

A diagram is drawn from the one replay of the game (:mod:`.position`), so only a legal deal is drawn:
one that breaks a rule raises :class:`Refusal` with its violations. Its words are the language spoken
when it is drawn (``lang``, else :func:`preflog.current_language`).
"""

from __future__ import annotations

from collections.abc import Iterable
import attrs

from ...game.conventions import PRESETS, Rules
from ...i18n import _, using_language
from ...model.cards import Card
from ...model.game import Game
from .position import TALON, Point, Position, Refusal, Stop, Why, position_of
from .svg import svg
from .tex import tex


@attrs.frozen
class Diagram:
    """One deal's diagram at one point: :meth:`svg`, :meth:`tex`, :meth:`html`, in ``lang`` (``None``:
    the language spoken)."""

    position: Position
    caption: str | None = None
    lang: str | None = None

    def svg(self) -> str:
        with using_language(self.lang):
            return svg(self.position, self.caption)

    def tex(self) -> str:
        with using_language(self.lang):
            return tex(self.position, self.caption)

    def html(self) -> str:
        """A ``<figure>`` with the SVG inline (its title and caption are the drawing's), for a blog or a page."""
        return f'<figure class="preflog-diagram" style="margin:1em 0;max-width:480px">{self.svg()}</figure>\n'


    def _repr_svg_(self) -> str:
        return self.svg()


def diagram(game: Game, deal: int, *, after_trick: int | None = None, before_card: Card | str | None = None,
            hide: Iterable[str] = (), caption: str | None = None, lang: str | None = None,
            rules: Rules | str | None = None, as_played: bool = False) -> Diagram:
    """Deal ``deal`` of ``game`` as a :class:`Diagram`: as dealt (the whole auction and the defence), or
    after ``after_trick`` tricks (0: the start of play), or just before the card ``before_card`` is
    played, or (``as_played``) where the play written stops, the cards on the table with it, no card
    named (a puzzle's position); the hands of the players named in ``hide`` (and the talon, as ``"talon"``) face down.
    :class:`Refusal` when the deal breaks a rule or the point is not in it."""
    if (after_trick is not None) + (before_card is not None) + as_played > 1:
        raise TypeError("after_trick, before_card, as_played: one point at a time")
    if isinstance(rules, str) and rules not in PRESETS:
        raise ValueError(_("unknown convention {name!r}; known: {presets}").format(name=rules, presets=", ".join(PRESETS)))
    if as_played:
        stop = Stop(Point.PLAYED)
    elif after_trick is not None:
        stop = Stop(Point.AFTER_TRICK, trick=after_trick)
    elif before_card is not None:
        from ...model.cards import card

        stop = Stop(Point.BEFORE_CARD, card=card(before_card) if isinstance(before_card, str) else before_card)
    else:
        stop = Stop()
    return Diagram(position_of(game, deal, stop=stop, hide=hide, rules=rules), caption, lang)


__all__ = ["Diagram", "Point", "Position", "Refusal", "Stop", "TALON", "Why", "diagram", "position_of"]
