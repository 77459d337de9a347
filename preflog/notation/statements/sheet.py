"""``sheet``: a checkpoint, the score sheet as written on paper after the deal: each player's line,
``NAME [pool N] [mountain N] [whists NAME N …]``, ``;`` between them (NOTATION.md §3).

Read fast (:func:`read`), by the grammar's rules ``sheet`` and ``sheet_entry`` (:func:`sheet`,
:func:`sheet_entry`), and written (:func:`write`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...i18n import _
from ...model.build import builder
from ...model.deal import Checkpoint, CheckpointEntry, CheckpointWhist, write_checkpoint
from ...model.span import Span
from ..raw import Problem
from . import layout, tokens
from .scan import MOST_WORDS, NotCanonical, Words, amount, at, name, to, trailing, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Checkpoint: Final = builder(Checkpoint)  # built in C (model.build)
_CheckpointEntry: Final = builder(CheckpointEntry)
_CheckpointWhist: Final = builder(CheckpointWhist)


def _semicolons(words: Words, end: int) -> Words:
    """Words 1 to ``end`` of a sheet with each ``;`` a word of its own (the grammar's ``SEMICOLON``
    needs no space around it: ``4; Boris`` and ``4 ;Boris`` alike); the statement is then held to
    the limit on its items again, as the grammar counts them."""
    w, r, c = words
    out: Words = ([], [], [])
    for k in range(1, end):
        word, row, column = w[k], r[k], c[k]
        parts = word.split(";")
        for i, part in enumerate(parts):
            if i:
                out[0].append(";")
                out[1].append(row)
                out[2].append(column)
                column += 1
            if part:
                out[0].append(part)
                out[1].append(row)
                out[2].append(column)
                column += len(part)
    if len(out[0]) + len(w) - end > MOST_WORDS:  # with the words after ``end`` (comments), as the fast path counts
        raise NotCanonical  # "a;b;c" is one word to the fast path's statements, five items to the grammar's limit
    return out


def read(words: Words) -> Checkpoint:
    """``sheet`` and each player's line, ``;`` between them (and after the last, if written):
    ``NAME [pool N] [mountain N] [whists NAME N …]``; then its comments."""
    count, comments = trailing(words)
    items = _semicolons(words, count)
    w = items[0]
    end = len(w)
    entries: list[CheckpointEntry] = []
    seen: set[str] = set()
    k = 0
    while True:
        if k >= end:
            raise NotCanonical  # a sheet without a line, or ";" with no line before it
        player = name(w[k])
        if player in seen:
            raise NotCanonical  # a player's two lines: the grammar's reader says so
        seen.add(player)
        first, k = k, k + 1
        pool = mountain = None
        whists: tuple[CheckpointWhist, ...] | None = None
        if k + 1 < end and w[k] == "pool":
            pool, k = amount(w[k + 1]), k + 2
        if k + 1 < end and w[k] == "mountain":
            mountain, k = amount(w[k + 1]), k + 2
        if k < end and w[k] == "whists":
            pairs: list[CheckpointWhist] = []
            k += 1
            while k + 1 < end and w[k] != ";":
                pairs.append(_CheckpointWhist(name(w[k]), amount(w[k + 1]), to(at(items, k), at(items, k + 1))))
                k += 2
            if not pairs:
                raise NotCanonical
            whists = tuple(pairs)
        entries.append(_CheckpointEntry(player, pool, mountain, whists, to(at(items, first), at(items, k - 1))))
        if k == end:
            break
        if w[k] != ";":
            raise NotCanonical
        k += 1
        if k == end:
            break  # a ";" after the last line
    return _Checkpoint(tuple(entries), comments, whole(words))


def sheet_entry(children: list[Any]) -> Any:
    """The grammar's rule ``sheet_entry``: one player's line."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    i = 1
    while i < len(children):
        t = children[i].type
        if t in ("POOL", "MOUNTAIN"):
            values[t.lower()] = tokens.number(children[i + 1], _("a pool") if t == "POOL" else _("a mountain"),
                                              problems, signed=True, whole=False)
            i += 2
        else:  # WHISTS and its pairs
            pairs = children[i + 1:]
            values["whists"] = tuple(
                CheckpointWhist(n.value, tokens.number(a, _("whists"), problems, signed=True, whole=False),
                                tokens.span(n).to(tokens.span(a)))
                for n, a in zip(pairs[::2], pairs[1::2]))
            break
    return tokens.flag(CheckpointEntry(children[0].value, span=tokens.from_to(children), **values), problems)


def sheet(children: list[Any]) -> Any:
    """The grammar's rule ``sheet``: its lines (each player once), then its comments."""
    problems: list[Problem] = []
    names: list[tuple[str, Span]] = []
    entries = tuple(tokens.unwrap(c, problems, names) for c in children if not tokens.is_token(c))
    seen: set[str] = set()
    for e in entries:
        if e.player in seen and e.span is not None:
            problems.append((e.span, _("sheet gives {player} two lines").format(player=e.player)))
        seen.add(e.player)
    comments = tokens.comments([c for c in children[1:] if tokens.is_token(c)])
    return tokens.flag(Checkpoint(entries, comments, tokens.from_to(children)), problems, tuple(names))


def write(spell: Spelling, written: Checkpoint) -> str:
    """``sheet`` and each line (:func:`~preflog.model.deal.write_checkpoint`), then its comments."""
    return f"sheet {write_checkpoint(written)}{layout.comments(written.comments)}"
