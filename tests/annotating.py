"""Annotated games as commentators write them, for the tests of the reader's two paths and the benchmarks.

:func:`annotate` gives a generated game comments, glyphs, variations and ``%`` notes on the elements
that take them (NOTATION.md §1, §3), chosen at random; the writer then lays them out. :func:`retype`
lays a text out again as a person might: runs of spaces, statements carried on over several lines,
comments and notes on lines of their own.
"""

from __future__ import annotations

import random
import re
from typing import Any, TypeVar

import attrs

from preflog.model.annotations import Comment, Glyph
from preflog.model.deal import Deal
from preflog.model.game import Game
from preflog.model.play import PlayedCard, Variation

T = TypeVar("T")

TEXTS = ["жадность", "здесь надо было пасовать", "ремиз без одной", "хороший снос",
         "a fine lead", "50% chance", "(why?) see note: 7♠!", ""]


def _comments(rng: random.Random, chance: float) -> tuple[Comment, ...]:
    out: list[Comment] = []
    while rng.random() < chance and len(out) < 3:
        out.append(Comment(rng.choice(TEXTS), line_note=rng.random() < 0.2))
    return tuple(out)


def _glyph(rng: random.Random, chance: float) -> Glyph | None:
    return rng.choice(list(Glyph)) if rng.random() < chance else None


def _noted(record: T, rng: random.Random, chance: float, glyph: bool = False) -> T:
    changes: dict[str, Any] = {"comments": _comments(rng, chance)}
    if glyph:
        changes["glyph"] = _glyph(rng, chance)
    return attrs.evolve(record, **changes)  # type: ignore[misc]


def _cards(cards: tuple[PlayedCard, ...], rng: random.Random, chance: float, depth: int) -> tuple[PlayedCard, ...]:
    out = []
    for i, pc in enumerate(cards):
        variations: tuple[Variation, ...] = ()
        if depth < 3 and rng.random() < chance / 3:
            rest = tuple(PlayedCard(c.card) for c in cards[i:i + rng.randrange(0, 5)])
            variations = (Variation(_cards(rest, rng, chance, depth + 1), _comments(rng, chance)),)
        out.append(attrs.evolve(pc, glyph=_glyph(rng, chance / 2), comments=_comments(rng, chance / 2),
                                variations=variations))
    return tuple(out)


def annotate_deal(deal: Deal, rng: random.Random, chance: float = 0.3) -> Deal:
    """``deal`` with comments, glyphs, variations and notes on some of its elements."""
    changes: dict[str, Any] = {"comments": _comments(rng, chance)}
    if deal.hands is not None:
        entries = tuple(_noted(e, rng, chance) for e in deal.hands.entries)
        changes["hands"] = attrs.evolve(deal.hands, entries=entries)
    for name in ("talon", "discard", "claim", "result"):
        record = getattr(deal, name)
        if record is not None:
            changes[name] = _noted(record, rng, chance)
    if deal.bids is not None:
        changes["bids"] = attrs.evolve(deal.bids, calls=tuple(_noted(c, rng, chance, glyph=True) for c in deal.bids.calls))
    if deal.contract is not None:
        changes["contract"] = _noted(deal.contract, rng, chance, glyph=True)
    if deal.defence is not None:
        decisions = tuple(_noted(d, rng, chance, glyph=True) for d in deal.defence.decisions)
        comments = _comments(rng, chance) if deal.defence.mode is not None else ()
        changes["defence"] = attrs.evolve(deal.defence, decisions=decisions, comments=comments)
    if deal.play is not None:
        changes["play"] = attrs.evolve(deal.play, cards=_cards(tuple(deal.play.cards), rng, chance, 0),
                                       comments=_comments(rng, chance))
    return attrs.evolve(deal, **changes)


def annotate(game: Game, seed: int, chance: float = 0.3) -> Game:
    """``game`` with its deals annotated at random (reproducibly from ``seed``)."""
    rng = random.Random(seed)
    return attrs.evolve(game, deals=tuple(annotate_deal(d, rng, chance) for d in game.deals))


def one_of_each(game: Game, seed: int) -> Game:
    """``game`` with one comment and one glyph on every deal: the glyph on a call, the comment on a
    card played (or on the deal, if nothing was played)."""
    rng = random.Random(seed)
    deals = []
    for deal in game.deals:
        changes: dict[str, Any] = {}
        if deal.bids is not None:
            calls = list(deal.bids.calls)
            k = rng.randrange(len(calls))
            calls[k] = attrs.evolve(calls[k], glyph=rng.choice(list(Glyph)))
            changes["bids"] = attrs.evolve(deal.bids, calls=tuple(calls))
        comment = (Comment(rng.choice(TEXTS[:4])),)
        if deal.play is not None and len(deal.play.cards):
            cards = list(deal.play.cards)
            k = rng.randrange(len(cards))
            cards[k] = attrs.evolve(cards[k], comments=comment)
            changes["play"] = attrs.evolve(deal.play, cards=tuple(cards))
        else:
            changes["comments"] = comment
        deals.append(attrs.evolve(deal, **changes))
    return attrs.evolve(game, deals=tuple(deals))


_GAP = re.compile(r"(?<=[^\s{]) (?=[^\s}])")


def retype(text: str, rng: random.Random, chance: float = 0.1) -> str:
    """``text`` laid out again outside its tags and comments: some single spaces doubled or made line
    breaks (the next line indented or not), some lines given a ``%`` note."""
    lines = []
    for line in text.split("\n"):
        if not line.startswith("["):
            parts = re.split(r"(\{[^}]*\}|%[^\n]*)", line)
            line = "".join(part if part.startswith(("{", "%")) else _GAP.sub(lambda m: _gap(rng, chance), part)
                           for part in parts)
        lines.append(line + (" % а тут?" if rng.random() < chance and "%" not in line else ""))
    return "\n".join(lines)


def _gap(rng: random.Random, chance: float) -> str:
    return rng.choice(["  ", "\n", "\n ", "   "]) if rng.random() < chance else " "
