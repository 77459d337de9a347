"""The ``Sheet`` tag: a pulka begun on paper, continued in the file (docs/notation.md).

Its value is written like a ``sheet`` statement (``"Anna pool 12 mountain 4 whists Boris 36; Boris …"``)
and read by the same grammar rule, so that its spelling lives in one place; the totals are scored as if
earlier deals had written them.
"""

from __future__ import annotations

from ..i18n import _
from ..model.deal import Checkpoint
from ..model.game import Game, Tag
from ..model.span import Span, lead_span
from .raw import Problem
from .split import Piece

#: The name of the tag.
OPENING = "Sheet"
_LEAD = "deal sheet "


def read_opening(tag: Tag, players: tuple[str, ...] = ()) -> tuple[Checkpoint | None, list[Problem]]:
    """The totals a ``Sheet`` tag carries over, or ``None`` and what is wrong with it (a name not
    among ``players``, when they are given, too). Positions point into the tag's value where the tag
    is written canonically (``[Sheet "…"]``)."""
    problems: list[Problem] = []
    span = tag.span or Span(1, 1, 1, 1)
    column = span.column + len(f'[{tag.name} "') - len(_LEAD)
    if not tag.value.strip():
        return None, [(span, _('the Sheet tag carries no totals: write them as a sheet does, e.g. '
                             '"Anna pool 12 mountain 4 whists Boris 36; Boris pool 6"'))]
    note = tag.value.find("%")
    if note >= 0:  # in a deal a note, here it would silently drop what follows
        at = span.column + len(f'[{tag.name} "') + note
        return None, [(Span(span.line, at, span.line, at + 1),
                       _("the Sheet tag holds only totals: '%' has no place in it (a note goes after the tag)"))]
    from .lalr import parse  # the grammar, loaded on first use

    raw = parse(Piece(_LEAD + tag.value, span.line, column), "deal", problems)
    if raw is None:
        deal_ends = _("this deal ends too early: expected {describe}").split("{")[0]
        tag_ends = _("the Sheet tag ends too early: expected {describe}").split("{")[0]
        return None, [(where, message.replace(deal_ends, tag_ends)) for where, message in problems]
    problems.extend(raw.problems)
    checkpoint = raw.statements.get("checkpoint")
    if players and checkpoint is not None:
        problems.extend((lead_span(item.span or span, len(item.player)),
                         _("{player!r} in the Sheet tag is not a player of this game ({players})").format(
                             player=item.player, players=', '.join(players)))
                        for item in checkpoint.named() if item.player not in players)
    if problems or set(raw.statements) != {"checkpoint"} or raw.hands is not None or raw.penalties:
        return None, problems or [(span, _("the Sheet tag holds only totals, as a sheet statement writes them"))]
    return checkpoint, []


def opening_of(game: Game) -> Checkpoint | None:
    """The totals ``game`` opens with (its ``Sheet`` tag), or ``None`` (no tag, or one that cannot be
    read: the reader has reported it)."""
    tag = next((t for t in game.tags if t.name == OPENING), None)
    return None if tag is None else read_opening(tag)[0]
