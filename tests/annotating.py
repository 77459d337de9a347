"""Annotated games as commentators write them, for the tests of the reader's two paths and the benchmarks.

:func:`annotate` gives a generated game comments, glyphs, variations and ``%`` notes on the elements
that take them (NOTATION.md §1, §3), chosen at random; the writer then lays them out. :func:`retype`
lays a text out again as a person might: runs of spaces, statements carried on over several lines,
comments and notes on lines of their own. :func:`with_sheets` gives every deal the ``sheet`` a scorer
writes after it, and some deals a penalty.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from preflog.model.annotations import Comment, Glyph
from preflog.model.deal import Checkpoint, CheckpointEntry, CheckpointWhist, Deal, Penalty, PenaltyKind
from preflog.model.game import Game
from preflog.model.play import PlayedCard, Variation

T = TypeVar("T")

TEXTS = ["жадность", "здесь надо было пасовать", "ремиз без одной", "хороший снос",
         "a fine lead", "50% chance", "(why?) see note: 7♠!", "",
         "a comment that goes on\n  over a second line", "на две\r\nстроки"]


def _comments(rng: random.Random, chance: float) -> tuple[Comment, ...]:
    out: list[Comment] = []
    while rng.random() < chance and len(out) < 3:
        text = rng.choice(TEXTS)
        out.append(Comment(text, line_note=rng.random() < 0.2 and "\n" not in text))  # a note ends its line
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


def with_sheets(game: Game, seed: int, penalties: float = 0.1) -> Game:
    """``game`` with the sheet after each deal written on it as a ``sheet`` checkpoint (each player's
    pool, mountain and whists, from the scorer: the checkpoints agree with the deals), and a penalty on
    some deals, scored before the sheet is taken. A deal the scorer cannot score, or whose sheet holds
    a number no decimal writes exactly, gets no sheet."""
    from preflog.problems import Audit

    rng = random.Random(seed)
    audit = Audit(ledger=False)
    audit.begin(game)
    players = [p for p in game.players if p != "dummy"]
    deals = []
    for deal in game.deals:
        if rng.random() < penalties and players:
            player, target = rng.sample(players, 2) if len(players) > 1 else (players[0], players[0])
            kind = rng.choice(list(PenaltyKind))
            deal = attrs.evolve(deal, penalties=(Penalty(player, kind, Decimal(rng.randint(1, 4)),
                                                        target if kind is PenaltyKind.WHISTS else None),))
        point = audit.deal(deal)
        sheet = audit.sheet
        entries = []
        for p in players:
            whists = tuple(CheckpointWhist(q, _decimal(sheet.whists(p, q))) for q in players if q != p)
            entries.append(CheckpointEntry(p, _decimal(sheet.pool(p)), _decimal(sheet.mountain(p)), whists))
        exact = all(e.pool is not None and e.mountain is not None and all(w.amount is not None for w in e.whists or ())
                    for e in entries)
        if point.outcome is not None and exact:
            deal = attrs.evolve(deal, checkpoint=Checkpoint(tuple(entries)))
        deals.append(deal)
    audit.end()
    return attrs.evolve(game, deals=tuple(deals))


def _decimal(amount: Fraction | int) -> Decimal | None:
    """``amount`` as a decimal, if one writes it exactly."""
    value = Fraction(amount)
    text = Decimal(value.numerator) / Decimal(value.denominator)
    return text if Fraction(text) == value else None


_GAP = re.compile(r"(?<=[^\s{]) (?=[^\s}])")


def retype(text: str, rng: random.Random, chance: float = 0.1) -> str:
    """``text`` laid out again outside its tags, comments and notes: some single spaces doubled, made
    tabs or line breaks (the next line indented or not), some lines given a ``%`` note."""
    out = []
    for k, part in enumerate(_KEPT.split(text)):
        if k % 2 == 0:
            part = _GAP.sub(lambda m: _gap(rng, chance), part)
            part = _END.sub(lambda m: m.group() + (" % а тут?" if rng.random() < chance else ""), part)
        out.append(part)
    return "".join(out)


#: What retyping leaves alone: a comment (over several lines, maybe), a note, a tag's line.
_KEPT = re.compile(r"(\{[^}]*\}|%[^\n]*|^\[[^\n]*)", re.M)
#: The last character of a line that has one (where a note may be added).
_END = re.compile(r"[^\n](?=\n)")


def _gap(rng: random.Random, chance: float) -> str:
    return rng.choice(["  ", "\n", "\n ", "   ", "\t", " \t", "\n\t"]) if rng.random() < chance else " "
