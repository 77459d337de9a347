"""``play``: the cards in the order they were played, ``|`` between tricks, each card maybe followed
by a glyph, comments and variations, ``( … )`` lines of their own that may nest (NOTATION.md §3,
"Variations"); comments may open the statement and each variation.

Read fast (:func:`read`), by the grammar's rules ``play`` and ``variation`` (:func:`play`,
:func:`variation`), and written (:func:`write`, ``|`` after every third card).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ...i18n import _, ngettext
from ...model.annotations import Comment, Glyph
from ...model.build import builder
from ...model.cards import CARD_SPELLINGS, RANK_SPELLINGS, SUIT_SPELLINGS, Card
from ...model.limits import MAX_NESTING
from ...model.play import Play, PlayedCard, PlayLine, Variation
from ...model.span import Span
from ..raw import Problem
from . import layout, tokens
from .scan import GLYPHS, NotCanonical, Words, at, comment, leading, to, whole

if TYPE_CHECKING:
    from .spelling import Spelling
    from lark import Token

_PlayedCard: Final = builder(PlayedCard)  # built in C (model.build)


# ---- read fast -------------------------------------------------------------------------------------

def read(words: Words) -> Play:
    """The main line: its opening comments, then its cards with what follows each."""
    count = len(words[0])
    k, lead = leading(words, 1)
    plain: list[Card] = []
    places: list[int] = []
    notes: dict[int, _Notes] = {}
    if _read_line(words, k, plain, places, notes, 0, 0) != count:
        raise NotCanonical  # a parenthesis closing nothing
    return Play(_line_of(plain, places, notes), lead, whole(words))


class _Notes:
    """What was written after a card: its glyph, comments and variations."""

    __slots__ = ("glyph", "comments", "variations")

    def __init__(self) -> None:
        self.glyph: Glyph | None = None
        self.comments: tuple[Comment, ...] = ()
        self.variations: tuple[Variation, ...] = ()


def _line_of(plain: list[Card], places: list[int], notes: dict[int, _Notes]) -> PlayLine:
    """The cards of a line as read, their places and what was written after some of them, as a line of
    play: the annotated cards made records, each with its span (:meth:`PlayLine.span_of`)."""
    cards, where = tuple(plain), array("I", places)
    line = PlayLine.of_cards(cards, where)
    if not notes:
        return line
    return PlayLine.of_cards(cards, where, {
        i: _PlayedCard(plain[i], n.glyph, n.comments, n.variations, line.span_of(i)) for i, n in notes.items()})


def _read_line(words: Words, k: int, plain: list[Card], places: list[int], notes: dict[int, _Notes], offset: int,
               level: int) -> int:
    """Read the cards of one line of play (the main line or a variation, ``level`` deep, its cards after
    ``offset`` others) from word ``k`` into ``plain``, ``places`` and ``notes``; where it stopped: at
    its ``)``, or at the end."""
    w, r, c = words
    count = len(w)
    spellings = CARD_SPELLINGS
    last = "bar"  # the kind of the item before: card, bar, glyph, comment, variation (a bar cannot open)
    while k < count:
        word = w[k]
        card = spellings.get(word)
        if card is not None:
            plain.append(card)
            column = c[k]
            places += (r[k], column, column + len(word))
            last = "card"
        elif word == "|":
            if last == "bar" or (offset + len(plain)) % 3:
                raise NotCanonical
            last = "bar"
        elif word == ")":
            return k
        elif not plain:
            raise NotCanonical  # a glyph, comment or variation must follow a card
        elif word[0] == "{":
            note = notes.setdefault(len(plain) - 1, _Notes())
            note.comments += (comment(words, k),)
            last = "comment"
        elif word in GLYPHS:
            if last != "card":
                raise NotCanonical  # a glyph must follow its card directly
            notes.setdefault(len(plain) - 1, _Notes()).glyph = GLYPHS[word]
            last = "glyph"
        elif word == "(":
            k = _read_variation(words, k, plain, notes, offset, level)
            last = "variation"
        else:
            raise NotCanonical
        k += 1
    return k


def _read_variation(words: Words, k: int, plain: list[Card], notes: dict[int, _Notes], offset: int, level: int) -> int:
    """Read the variation opening at word ``k`` into the notes of the last card of ``plain``; its ``)``."""
    if level == MAX_NESTING:
        raise NotCanonical  # nested too deep
    count = len(words[0])
    start = k
    k, lead = leading(words, k + 1)
    inner: list[Card] = []
    places: list[int] = []
    inner_notes: dict[int, _Notes] = {}
    k = _read_line(words, k, inner, places, inner_notes, offset + len(plain) - 1, level + 1)
    if k == count:
        raise NotCanonical  # a variation left open
    note = notes.setdefault(len(plain) - 1, _Notes())
    note.variations += (Variation(tuple(_line_of(inner, places, inner_notes)), lead, to(at(words, start), at(words, k))),)
    return k


# ---- the grammar's callbacks ---------------------------------------------------------------------

class _RawVariation(NamedTuple):
    items: list[Any]
    comments: tuple[Comment, ...]
    span: Span
    depth: int


def variation(children: list[Any]) -> _RawVariation:
    """The grammar's rule ``variation``: its items, made a line when the card it follows is known."""
    items = children[1:-1]
    lead: list[Comment] = []
    while items and tokens.is_token(items[0]) and items[0].type == "COMMENT":
        lead.append(tokens.comment(items.pop(0)))
    depth = 1 + max((v.depth for v in items if isinstance(v, _RawVariation)), default=0)
    return _RawVariation(items, tuple(lead), tokens.from_to(children), depth)


def play(children: list[Any]) -> Any:
    """The grammar's rule ``play``."""
    items = children[1:]
    lead: list[Comment] = []
    while items and tokens.is_token(items[0]) and items[0].type == "COMMENT":
        lead.append(tokens.comment(items.pop(0)))
    problems: list[Problem] = []
    cards = _build_line(items, 0, problems)
    return tokens.flag(Play(cards, tuple(lead), tokens.from_to(children)), problems)


def _one_of(spellings: Iterable[str]) -> str:
    """A pattern for any of ``spellings``: the longer ones as alternatives, single characters as a class."""
    words = sorted(spellings, key=len, reverse=True)
    longer = [re.escape(w) for w in words if len(w) > 1]
    chars = "".join(re.escape(w) for w in words if len(w) == 1)
    return "(?:" + "|".join(longer + [f"[{chars}]"]) + ")"


# The items of a CARD_RUN: line breaks (to count lines), bars and cards, which may touch ("7бQc"); the
# ranks and suits are those of the tables.
_RUN_ITEM: Final = re.compile("\n|\\||" + _one_of(RANK_SPELLINGS) + _one_of(SUIT_SPELLINGS))


def _build_line(items: list[Any], offset: int, problems: list[Problem]) -> tuple[PlayedCard, ...]:
    """Played cards from flat items; ``offset`` is how many cards of the play precede them."""
    line = _LineBuilder(offset, problems)
    for item in items:
        if isinstance(item, _RawVariation):
            line.variation(item)
        elif item.type == "CARD_RUN":
            line.run(item)
        elif item.type == "CARD":
            line.card(item.value, tokens.span(item))
        elif item.type == "GLYPH":
            line.glyph(item)
        elif item.type == "COMMENT":
            line.comment(item)
        else:
            line.bar(tokens.span(item))
    return line.finish()


class _LineBuilder:
    """Assembles one line of play (the main line or a variation) card by card."""

    __slots__ = ("offset", "problems", "out", "card_text", "card_span", "glyph_", "comments", "variations", "last")

    def __init__(self, offset: int, problems: list[Problem]) -> None:
        self.offset = offset
        self.problems = problems
        self.out: list[PlayedCard] = []
        self.card_text: str | None = None
        self.card_span: Span | None = None
        self.glyph_: Glyph | None = None
        self.comments: list[Comment] = []
        self.variations: list[Variation] = []
        self.last = ""  # the kind of the previous item: card, bar, glyph, comment, variation

    def flush(self) -> None:
        if self.card_text is not None:
            self.out.append(PlayedCard(CARD_SPELLINGS[self.card_text], self.glyph_, tuple(self.comments),
                                       tuple(self.variations), self.card_span))

    def card(self, text: str, where: Span) -> None:
        self.flush()
        self.card_text, self.card_span = text, where
        self.glyph_, self.comments, self.variations = None, [], []
        self.last = "card"

    def run(self, tok: Token) -> None:
        """The cards and bars of a CARD_RUN token, each with its own span."""
        line: int = tok.line  # type: ignore[assignment]
        shift: int = tok.column  # type: ignore[assignment]  # column of index 0 of the current line
        for m in _RUN_ITEM.finditer(tok.value):
            text = m.group()
            if text == "\n":
                line += 1
                shift = -m.start()
                continue
            column = m.start() + shift
            where = Span(line, column, line, column + len(text))
            if text == "|":
                self.bar(where)
            else:
                self.card(text, where)

    def glyph(self, tok: Token) -> None:
        if self.last != "card":
            self.problems.append((tokens.span(tok), _("glyph {value!r} must follow a card directly").format(value=tok.value)))
        else:
            self.glyph_ = GLYPHS[tok.value]
        self.last = "glyph"

    def comment(self, tok: Token) -> None:
        if self.card_text is None:
            self.problems.append((tokens.span(tok), _("a comment here must follow a card")))
        else:
            self.comments.append(tokens.comment(tok))
        self.last = "comment"

    def variation(self, raw: _RawVariation) -> None:
        if self.card_text is None:
            self.problems.append((raw.span, _("a variation must follow the card it replaces")))
        elif raw.depth > MAX_NESTING:
            self.problems.append((raw.span, _("variations are nested more than {max_nesting} deep").format(
                max_nesting=MAX_NESTING)))
        else:
            inner = _build_line(raw.items, self.offset + len(self.out), self.problems)
            self.variations.append(Variation(inner, raw.comments, raw.span))
        self.last = "variation"

    def bar(self, where: Span) -> None:
        count = self.offset + len(self.out) + (self.card_text is not None)
        in_trick = count % 3
        if self.last == "bar" or self.card_text is None or in_trick:
            self.problems.append((where,
                                  ngettext("'|' after {n} card of a trick: '|' separates tricks of 3 cards",
                                           "'|' after {n} cards of a trick: '|' separates tricks of 3 cards", in_trick)
                                  .format(n=in_trick)))
        self.last = "bar"

    def finish(self) -> tuple[PlayedCard, ...]:
        self.flush()
        return tuple(self.out)


# ---- write ---------------------------------------------------------------------------------------

def write(spell: Spelling, written: Play) -> str:
    """``play``, its comments and its main line."""
    head = "play" + layout.comments(written.comments)
    body = write_line(spell, written.cards, 0)
    return f"{head} {body}" if body else head


def write_line(spell: Spelling, cards: Iterable[PlayedCard], offset: int) -> str:
    """A line of play (its cards after ``offset`` others), ``|`` after each trick's third card, each card
    with its glyph, comments and variations."""
    cards = tuple(cards)
    words = []
    for i, pc in enumerate(cards):
        text = spell.card(pc.card) + layout.glyph(pc.glyph) + layout.comments(pc.comments)
        for v in pc.variations:
            inner = write_line(spell, v.cards, offset + i)
            text += f" ({layout.comments(v.comments).lstrip()}{' ' if v.comments and inner else ''}{inner})"
        words.append(text)
        if (offset + i + 1) % 3 == 0 and i + 1 < len(cards):
            words.append("|")
    return " ".join(words)
