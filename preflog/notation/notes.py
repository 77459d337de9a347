"""``%`` notes kept: found in a piece's text and given to the element written before them.

The grammar skips ``%`` to the end of its line (NOTATION.md §1); so that ``fmt`` never deletes what
a person typed, the notes are read here, after the piece, and each is attached, as a
:class:`~preflog.model.annotations.Comment` with ``line_note``, to the element that starts last
before it (a card, a call, a statement, the deal header, the tag block) — the rule ``{…}`` follows.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from ..model.annotations import Comment, Comments
from ..model.deal import Deal
from ..model.game import Tag
from ..model.play import Play, PlayedCard
from ..model.span import Span
from .split import Piece, _Scan, line_note

Key = tuple[Any, ...]  # the kind of element, then its index (or its path in the play)


def line_notes(piece: Piece) -> list[Comment]:
    """The ``%`` notes of a piece (none when its text holds no ``%``), each with its span. The splitter
    has scanned these lines once already; scanning them again here, for the pieces that are read and
    hold a ``%``, keeps the notes of a piece that is never read (one too long) out of memory."""
    if "%" not in piece.text:
        return []
    found = []
    scan = _Scan()
    for index, line in enumerate(piece.text.split("\n")):
        line = line.rstrip("\r")
        shift = piece.column - 1 if index == 0 else 0
        for m in scan.tokens(line):
            if m.group()[0] == "%":
                number, column = piece.line + index, m.start() + 1 + shift
                found.append(line_note(m.group(), Span(number, column, number, column + len(m.group()))))
    return found


def with_notes(comments: Comments, notes: Sequence[Comment]) -> Comments:
    """``comments`` and then ``notes``, as the writer writes them (a note ends its line, so the
    comments in braces of an element come before its notes); each in the order written."""
    return (*comments, *sorted(notes, key=lambda c: c.span[:2] if c.span is not None else (0, 0)))


def tag_notes(tags: tuple[Tag, ...], comments: Comments, notes: Sequence[Comment]) -> tuple[tuple[Tag, ...], Comments]:
    """The tags and the tag block's comments with the notes: a note on a tag's line is the tag's, any
    other the block's."""
    if not notes:
        return tags, comments
    lines = {tag.span.line: tag for tag in tags if tag.span is not None}
    given: dict[str, list[Comment]] = defaultdict(list)
    rest = []
    for note in notes:
        assert note.span is not None
        tag = lines.get(note.span.line)
        if tag is None:
            rest.append(note)
        else:
            given[tag.name].append(note)
    tags = tuple(attrs.evolve(t, comments=with_notes(t.comments, given[t.name])) if t.name in given else t
                 for t in tags)
    return tags, with_notes(comments, rest)


def attach(deal: Deal, notes: Sequence[Comment]) -> Deal:
    """``deal`` with each note added to the comments of the element that starts last before it."""
    if not notes:
        return deal
    sites = sorted(_sites(deal), key=lambda site: site[0])
    starts = [start for start, _ in sites]
    given: dict[Key, list[Comment]] = defaultdict(list)
    for note in notes:
        assert note.span is not None
        index = bisect.bisect_right(starts, (note.span.line, note.span.column)) - 1
        given[sites[index][1] if index >= 0 else ("deal",)].append(note)
    changes: dict[str, Any] = {}
    cards: dict[tuple[int, ...], list[Comment]] = {}
    for key, found in given.items():
        kind: str = key[0]
        if kind == "deal":
            changes["comments"] = with_notes(deal.comments, found)
        elif kind == "card":
            cards[key[1:]] = found
        elif kind in ("hand", "call", "decision", "penalty"):
            _in_sequence(deal, changes, kind, key[1], found)
        else:
            record = changes.get(kind, getattr(deal, kind))
            changes[kind] = attrs.evolve(record, comments=with_notes(record.comments, found))
    if cards:
        play = changes.get("play", deal.play)
        assert isinstance(play, Play)
        changes["play"] = attrs.evolve(play, cards=_noted_cards(tuple(play.cards), cards, ()))
    return attrs.evolve(deal, **changes)


def _in_sequence(deal: Deal, changes: dict[str, Any], kind: str, index: int, found: list[Comment]) -> None:
    """A note given to the ``index``-th hand entry, call, decision or penalty."""
    if kind == "penalty":
        penalties = list(changes.get("penalties", deal.penalties))
        penalties[index] = attrs.evolve(penalties[index], comments=with_notes(penalties[index].comments, found))
        changes["penalties"] = tuple(penalties)
        return
    field, items = {"hand": ("hands", "entries"), "call": ("bids", "calls"), "decision": ("defence", "decisions")}[kind]
    holder = changes.get(field, getattr(deal, field))
    entries = list(getattr(holder, items))
    entries[index] = attrs.evolve(entries[index], comments=with_notes(entries[index].comments, found))
    changes[field] = attrs.evolve(holder, **{items: tuple(entries)})


def _noted_cards(cards: tuple[PlayedCard, ...], notes: dict[tuple[int, ...], list[Comment]],
                 path: tuple[int, ...]) -> tuple[PlayedCard, ...]:
    """``cards`` (at ``path`` in the play: card, variation, card, …) with the notes given to them."""
    out = list(cards)
    for index, pc in enumerate(cards):
        here = (*path, index)
        found = notes.get(here)
        variations = pc.variations
        if any(key[: len(here)] == here and len(key) > len(here) for key in notes):
            variations = tuple(attrs.evolve(v, cards=_noted_cards(v.cards, notes, (*here, n)))
                               for n, v in enumerate(variations))
        if found or variations is not pc.variations:
            out[index] = attrs.evolve(pc, comments=with_notes(pc.comments, found or ()), variations=variations)
    return tuple(out)


def _sites(deal: Deal) -> Iterator[tuple[tuple[int, int], Key]]:
    """Where each element that takes comments starts, and which it is."""
    def at(span: Span | None, *key: object) -> Iterator[tuple[tuple[int, int], Key]]:
        if span is not None:
            yield (span.line, span.column), key

    yield from at(deal.span, "deal")
    if deal.hands is not None:
        for i, entry in enumerate(deal.hands.entries):
            yield from at(entry.span, "hand", i)
    for name in ("talon", "discard", "contract", "claim", "result", "checkpoint"):
        record = getattr(deal, name)
        if record is not None:
            yield from at(record.span, name)
    if deal.bids is not None:
        for i, call in enumerate(deal.bids.calls):
            yield from at(call.span, "call", i)
    if deal.defence is not None:
        for i, decision in enumerate(deal.defence.decisions):
            yield from at(decision.span, "decision", i)
        yield from at(deal.defence.mode_span, "defence")
    if deal.play is not None:
        yield from at(deal.play.span, "play")
        line = deal.play.cards
        for i in range(len(line)):
            yield from at(line.span_of(i), "card", i)
        if line.has_variations:
            for i, pc in enumerate(line):
                yield from _variation_sites(pc, (i,))
    for i, penalty in enumerate(deal.penalties):
        yield from at(penalty.span, "penalty", i)


def _variation_sites(pc: PlayedCard, path: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], Key]]:
    for n, variation in enumerate(pc.variations):
        for j, inner in enumerate(variation.cards):
            here = (*path, n, j)
            if inner.span is not None:
                yield (inner.span.line, inner.span.column), ("card", *here)
            yield from _variation_sites(inner, here)
