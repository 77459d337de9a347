"""``whist``: the defenders' decisions (``whist``, ``pass``, ``half``, each maybe with a glyph and
comments), then maybe how a single whister plays, ``open`` or ``closed`` (NOTATION.md §3); the
keyword ``whist`` (or ``вист``) is also the first decision's word when another follows.

Read fast (:func:`read`), by the grammar's rules ``defence`` and ``decision`` (:func:`defence`,
:func:`decision`), and written (:func:`write`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...model.annotations import Comment, Glyph
from ...model.build import builder
from ...model.defence import Decision, DecisionKind, Defence, WhistMode
from ...model.span import Span
from ..vocabulary import RUSSIAN_WORDS
from . import layout, tokens
from .scan import GLYPHS, NotCanonical, Words, at, comment, comment_span, spellings, to, whole

if TYPE_CHECKING:
    from .spelling import Spelling

_Decision: Final = builder(Decision)  # built in C (model.build)
_Defence: Final = builder(Defence)
_DECISIONS: Final = spellings({k.value: k for k in DecisionKind})
_MODES: Final = spellings({m.value: m for m in WhistMode})
#: The words that open the statement (``whist`` is also a decision).
KEYWORDS: Final = frozenset(word for word, kind in _DECISIONS.items() if kind is DecisionKind.WHIST)
_MODE_WORDS: Final = frozenset(m.value for m in WhistMode)


def read(words: Words) -> Defence:
    """The decisions, each with its glyph and comments, then the mode and its comments."""
    w = words[0]
    decisions: list[Decision] = []
    kind: DecisionKind | None = None  # the decision being read
    glyph: Glyph | None = None
    notes: list[Comment] = []
    start = end = at(words, 0)
    glyph_may_follow = False
    mode: WhistMode | None = None
    mode_span: Span | None = None
    comments: list[Comment] = []
    for k in range(1, len(w)):
        word = w[k]
        if word[0] == "{":
            (comments if mode is not None else notes).append(comment(words, k))
            if kind is None and mode is None:
                raise NotCanonical  # a comment must follow a decision
            end = comment_span(words, k)
            glyph_may_follow = False
            continue
        if mode is not None:
            raise NotCanonical  # only comments after the mode
        if glyph_may_follow and word in GLYPHS:
            glyph, end = GLYPHS[word], at(words, k)
            glyph_may_follow = False
            continue
        if kind is not None:
            decisions.append(_Decision(kind, glyph, tuple(notes), to(start, end)))
        if word in _DECISIONS:
            kind, glyph, notes = _DECISIONS[word], None, []
            start = end = at(words, k)
            glyph_may_follow = True
        elif word in _MODES and kind is not None:
            mode, mode_span, kind = _MODES[word], at(words, k), None
        else:
            raise NotCanonical
    if kind is not None:
        decisions.append(_Decision(kind, glyph, tuple(notes), to(start, end)))
    if not decisions:
        raise NotCanonical
    return _Defence(tuple(decisions), mode, tuple(comments), whole(words), mode_span)


def decision(children: list[Any]) -> Decision:
    """The grammar's rule ``decision``."""
    glyph = next((GLYPHS[t.value] for t in children if t.type == "GLYPH"), None)
    word = children[0].value
    return Decision(DecisionKind(RUSSIAN_WORDS.get(word, word)), glyph, tokens.comments(children),
                    tokens.from_to(children))


def defence(children: list[Any]) -> Defence:
    """The grammar's rule ``defence``: the decisions, then the mode and its comments."""
    decisions = tuple(c for c in children[1:] if isinstance(c, Decision))
    word = next((c for c in children[1:] if tokens.is_token(c) and RUSSIAN_WORDS.get(c.value, c.value) in _MODE_WORDS),
                None)
    comments = tokens.comments([c for c in children[1:] if tokens.is_token(c)])
    mode = None if word is None else WhistMode(RUSSIAN_WORDS.get(word.value, word.value))
    return Defence(decisions, mode, comments, tokens.from_to(children),
                   None if word is None else tokens.span(word))


def write(spell: Spelling, written: Defence) -> str:
    """The keyword, each decision with its glyph and comments, the mode and its comments."""
    words = [spell.whist_keyword] + [spell.defence_word(d.kind) + layout.glyph(d.glyph) + layout.comments(d.comments)
                                     for d in written.decisions]
    if written.mode is not None:
        words.append(spell.defence_word(written.mode) + layout.comments(written.comments))
    return " ".join(words)
