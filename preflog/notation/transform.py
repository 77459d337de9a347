"""Syntax → records: the callbacks of the LALR parser (a Lark Transformer, no tree), stateless.

Every callback is a pure function of its children. Tokens carry their place in the file (the reader
starts the lexer's line counter where the piece starts), so spans need no offset. A problem found at
this level (two cards in a talon of three, a glyph after a bar…) travels up with the record it was
found in, as :class:`Flagged`; what needs the game — its players, the deal numbers, who deals — is
checked afterwards by :mod:`.validate`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, NamedTuple

from lark import Token, Transformer

from ..i18n import _, ngettext
from ..model.annotations import Comment, Glyph
from ..model.auction import Bids, Call, CallKind, Contract
from ..model.bids import BID_SPELLINGS, Bid
from ..model.cards import CARD_SPELLINGS, RANK_SPELLINGS, SUIT_SPELLINGS, Card
from ..model.deal import (
    Checkpoint, CheckpointEntry, CheckpointWhist, Discard, Penalty, PenaltyKind, PlayerTricks, Result, ResultKind,
    Talon,
)
from ..model.defence import Decision, DecisionKind, Defence, WhistMode
from ..model.game import Tag
from ..model.hand import Hand
from ..model.limits import MAX_DIGITS, MAX_NESTING, number_too_long, shorten
from ..model.play import Claim, ClaimShare, Play, PlayedCard, Variation
from ..model.span import Span, make_span
from .raw import FIELD_OF, TAG, Flagged, Problem, RawDeal, RawHand, RawHands, RawTags, unescape_tag
from .vocabulary import ALL_PASS, RUSSIAN_WORDS

_GLYPHS = {g.value: g for g in Glyph}
_MODES = frozenset(m.value for m in WhistMode)


def span(tok: Token) -> Span:
    """The place of a token in the file."""
    return make_span(tok.line, tok.column, tok.end_line, tok.end_column)  # type: ignore[arg-type]


def _unwrap(item: Any, problems: list[Problem], names: list[tuple[str, Span]]) -> Any:
    if type(item) is Flagged:
        problems.extend(item.problems)
        names.extend(item.names)
        return item.record
    return item


def _flag(record: Any, problems: list[Problem], names: tuple[tuple[str, Span], ...] = ()) -> Any:
    return Flagged(record, tuple(problems), names) if problems or names else record


def _comment(tok: Token) -> Comment:
    return Comment(tok.value[1:-1], span(tok))


def _comments(children: list[Any]) -> tuple[Comment, ...]:
    return tuple(_comment(c) for c in children if isinstance(c, Token) and c.type == "COMMENT")


def _last_span(children: list[Any]) -> Span | None:
    last = children[-1]
    if isinstance(last, Token):
        return span(last)
    if type(last) is Flagged:
        last = last.record
    return getattr(last, "span", None)


def _from_to(children: list[Any]) -> Span:
    return span(children[0]).to(_last_span(children))


def number(tok: Token, what: str, problems: list[Problem], *, signed: bool = False, whole: bool = True) -> Decimal:
    """The value of a NUMBER token, with a problem if it has a sign or a fraction it may not have."""
    text = tok.value
    if number_too_long(text):
        problems.append((span(tok), ngettext("{what} has more than {n} digit: {text!r}", "{what} has more than {n} digits: {text!r}",
                                               MAX_DIGITS).format(what=what, n=MAX_DIGITS, text=shorten(text, 20))))
        return Decimal(0)
    if (whole and "." in text) or (not signed and text[0] in "+-"):
        kind = _("a whole number") if whole else _("a number")
        said = (_("{what} must be {kind}, not {text!r}") if signed else
                _("{what} must be {kind} without a sign, not {text!r}"))
        problems.append((span(tok), said.format(what=what, kind=kind, text=text)))
    return Decimal(text)


def _tricks(tok: Token, problems: list[Problem]) -> int:
    n = int(number(tok, _("a trick count"), problems))
    if n > 10:
        problems.append((span(tok), ngettext("{n} trick: a deal has 10", "{n} tricks: a deal has 10", n).format(n=n)))
    return n




class Transform(Transformer[Token, Any]):
    """The grammar's rules as pure functions of their children."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    # ---- tag block and deal ------------------------------------------------------------------------

    def tags(self, children: list[Token]) -> RawTags:
        tags: list[Tag] = []
        comments: list[Comment] = []
        for tok in children:
            if tok.type == "COMMENT":
                comments.append(_comment(tok))
                continue
            m = TAG.fullmatch(tok.value)
            assert m is not None  # the terminal only matches well-formed tags
            tags.append(Tag(m.group(1), unescape_tag(m.group(2)), span(tok)))
        return RawTags(tuple(tags), tuple(comments), _from_to(children))

    def deal(self, children: list[Any]) -> RawDeal:
        i = 1
        number_tok = dealer_tok = None
        if i < len(children) and isinstance(children[i], Token) and children[i].type == "NUMBER":
            number_tok = children[i]
            i += 1
        if i < len(children) and isinstance(children[i], Token) and children[i].type == "DEALER":
            dealer_tok = children[i + 1]
            i += 2
        comments: list[Comment] = []
        while i < len(children) and isinstance(children[i], Token):
            comments.append(_comment(children[i]))
            i += 1
        problems: list[Problem] = []
        names: list[tuple[str, Span]] = []
        statements: dict[str, Any] = {}
        hands: RawHands | None = None
        penalties: list[Penalty] = []
        for item in children[i:]:
            record = _unwrap(item, problems, names)
            if type(record) is RawHands:
                hands = record
            elif type(record) is Penalty:
                penalties.append(record)
            else:
                statements[FIELD_OF[type(record)]] = record
        head = span(children[0])
        return RawDeal(
            head,
            None if number_tok is None else (number(number_tok, _("a deal number"), problems), number_tok.value,
                                             span(number_tok)),
            None if dealer_tok is None else (dealer_tok.value, span(dealer_tok)),
            tuple(comments), hands, statements, tuple(penalties), head.to(_last_span(children)),
            tuple(problems), tuple(names))

    # ---- hands -------------------------------------------------------------------------------------

    def hands(self, children: list[Token]) -> Any:
        """Hand entries from the flat items: a prefix starts an entry; a dotted hand, ``?`` or a run of
        suit groups (until ten cards or a suit comes again) is its hand; comments follow it."""
        problems: list[Problem] = []
        # entries: [prefix token or None, kind ('DOTTED', 'groups', 'UNKNOWN', None), values, comments, span]
        entries: list[list[Any]] = []
        for tok in children[1:]:
            kind = tok.type
            cur = entries[-1] if entries else None
            if kind == "PREFIX":
                entries.append([tok, None, [], [], span(tok)])
            elif kind == "COMMENT":
                if cur is None:
                    problems.append((span(tok), _("a comment in hands must follow a hand")))
                else:
                    cur[3].append(_comment(tok))
            elif kind == "SUITS" and cur is not None and not cur[3] and (
                cur[1] is None or (cur[1] == "groups" and _group_continues(cur))
            ):
                cur[1] = "groups"
                cur[2].append(tok)
                cur[4] = cur[4].to(span(tok))
            elif cur is not None and cur[1] is None and not cur[3]:
                cur[1] = "groups" if kind == "SUITS" else kind
                cur[2].append(tok)
                cur[4] = cur[4].to(span(tok))
            else:
                entries.append([None, "groups" if kind == "SUITS" else kind, [tok], [], span(tok)])
        raw = []
        for prefix, kind, values, comments, where in entries:
            hand = None
            if kind == "DOTTED":
                hand = Hand.from_dotted(values[0].value)
            elif kind == "groups":
                hand = Hand.from_groups(t.value for t in values)
            raw.append(RawHand(None if prefix is None else (prefix.value[:-1], span(prefix)), hand, tuple(comments),
                               where, missing=kind is None))
        return _flag(RawHands(tuple(raw), _from_to(children)), problems)

    # ---- statements --------------------------------------------------------------------------------

    def talon(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        cards = _two_cards(children, "talon", problems)
        return _flag(Talon(cards, _comments(children), _from_to(children)), problems)

    def discard(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        cards = _two_cards(children, "discard", problems)
        return _flag(Discard(cards, _comments(children), _from_to(children)), problems)

    def bids(self, children: list[Any]) -> Any:
        problems: list[Problem] = []
        names: list[tuple[str, Span]] = []
        first = children[1]
        if isinstance(first, Token) and RUSSIAN_WORDS.get(first.value) == ALL_PASS:  # распасы: everybody passed
            where = span(first)
            last = Call(CallKind.PASS, comments=_comments(children), span=where)
            return Bids((Call(CallKind.PASS, span=where), Call(CallKind.PASS, span=where), last), _from_to(children))
        calls = tuple(_unwrap(c, problems, names) for c in children[1:])
        return _flag(Bids(calls, _from_to(children)), problems, tuple(names))

    def call(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        player = None
        dark = hand = False
        glyph = None
        kind = CallKind.PASS
        bid: Bid | None = None
        comments: list[Comment] = []
        for tok in children:
            t = tok.type
            if t.startswith("RU_"):
                t = RUSSIAN_WORDS[tok.value].upper()
            if t == "PREFIX":
                player = tok.value[:-1]
            elif t == "DARK" or t == "HAND":
                if (dark if t == "DARK" else hand):
                    problems.append((span(tok), _("{value!r} is written twice").format(value=tok.value)))
                dark, hand = dark or t == "DARK", hand or t == "HAND"
            elif t == "PASS":
                kind = CallKind.PASS
            elif t == "HERE":
                kind = CallKind.HERE
            elif t == "GLYPH":
                glyph = _GLYPHS[tok.value]
            elif t == "COMMENT":
                comments.append(_comment(tok))
            else:
                kind, bid = CallKind.BID, BID_SPELLINGS[tok.value]
        return _flag(Call(kind, bid, player, dark, hand, glyph, tuple(comments), _from_to(children)), problems)

    def contract(self, children: list[Token]) -> Any:
        glyph = None
        bid: Bid | None = None
        bid_span: Span | None = None
        totus = False
        names: list[tuple[str, Span]] = []  # the declarer, then the partners a totus helps
        for tok in children[1:]:
            if tok.type == "PREFIX":
                names.append((tok.value[:-1], span(tok)))
            elif tok.type == "GLYPH":
                glyph = _GLYPHS[tok.value]
            elif tok.type in ("TOTUS", "RU_TOTUS"):
                totus = True
            elif tok.type == "NAME":
                names.append((tok.value, span(tok)))
            elif tok.type != "COMMENT":
                bid, bid_span = BID_SPELLINGS[tok.value], span(tok)
        assert bid is not None
        declarer = names[0][0] if names and children[1].type == "PREFIX" else None
        helped = tuple(name for name, _ in names[declarer is not None:])
        record = Contract(bid, declarer, glyph, _comments(children), _from_to(children), bid_span, totus, helped)
        return _flag(record, [], tuple(names))

    def decision(self, children: list[Token]) -> Decision:
        glyph = next((_GLYPHS[t.value] for t in children if t.type == "GLYPH"), None)
        word = children[0].value
        return Decision(DecisionKind(RUSSIAN_WORDS.get(word, word)), glyph, _comments(children), _from_to(children))

    def defence(self, children: list[Any]) -> Defence:
        decisions = tuple(c for c in children[1:] if isinstance(c, Decision))
        word = next((c for c in children[1:] if isinstance(c, Token) and RUSSIAN_WORDS.get(c.value, c.value) in _MODES),
                    None)
        comments = _comments([c for c in children[1:] if isinstance(c, Token)])
        mode = None if word is None else WhistMode(RUSSIAN_WORDS.get(word.value, word.value))
        return Defence(decisions, mode, comments, _from_to(children),
                       None if word is None else span(word))

    def variation(self, children: list[Any]) -> _RawVariation:
        items = children[1:-1]
        lead: list[Comment] = []
        while items and isinstance(items[0], Token) and items[0].type == "COMMENT":
            lead.append(_comment(items.pop(0)))
        depth = 1 + max((v.depth for v in items if isinstance(v, _RawVariation)), default=0)
        return _RawVariation(items, tuple(lead), _from_to(children), depth)

    def play(self, children: list[Any]) -> Any:
        items = children[1:]
        lead: list[Comment] = []
        while items and isinstance(items[0], Token) and items[0].type == "COMMENT":
            lead.append(_comment(items.pop(0)))
        problems: list[Problem] = []
        cards = _line(items, 0, problems)
        return _flag(Play(cards, tuple(lead), _from_to(children)), problems)

    def claim(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        shares: list[ClaimShare] = []
        where = _from_to(children)
        if len(toks) == 1 and toks[0].type == "NAME":
            shares.append(ClaimShare(toks[0].value, span=span(toks[0])))
        elif len(toks) % 2 == 0 and all(t.type == ("NAME", "NUMBER")[i % 2] for i, t in enumerate(toks)):
            for name, count in zip(toks[::2], toks[1::2]):
                shares.append(ClaimShare(name.value, int(number(count, _("a claimed trick count"), problems)),
                                         span(name).to(span(count))))
        else:
            problems.append((where, _("a claim reads 'claim Player' (all the rest) or 'claim Player N Player N …'")))
        return _flag(Claim(tuple(shares), _comments(children), where), problems)

    def result(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        comments = _comments(children)
        where = _from_to(children)
        first = span(toks[0])
        if toks[0].type == "EQUALS":
            return Result(ResultKind.RELATIVE, count=0, comments=comments, span=where, count_span=first)
        if toks[0].type == "NUMBER":
            if toks[0].value[0] in "+-":
                n = int(number(toks[0], _("a relative result"), problems, signed=True))
                return _flag(Result(ResultKind.RELATIVE, count=n, comments=comments, span=where, count_span=first),
                             problems)
            n = _tricks(toks[0], problems)
            return _flag(Result(ResultKind.DECLARER, count=n, comments=comments, span=where, count_span=first),
                         problems)
        pairs = tuple(PlayerTricks(n.value, _tricks(c, problems), span(n).to(span(c)), span(c))
                      for n, c in zip(toks[::2], toks[1::2]))
        seen: set[str] = set()
        for p in pairs:
            if p.player in seen:
                problems.append((where, _("result gives {player} tricks twice").format(player=p.player)))
            seen.add(p.player)
        return _flag(Result(ResultKind.TRICKS, pairs, comments=comments, span=where), problems)

    def penalty(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        kind = PenaltyKind(children[2].value)
        names = [(children[1].value, span(children[1]))]
        if kind is PenaltyKind.WHISTS:
            names.append((children[3].value, span(children[3])))
        amount_tok = children[4] if kind is PenaltyKind.WHISTS else children[3]
        amount = number(amount_tok, _("a penalty"), problems, signed=True, whole=False)
        record = Penalty(children[1].value, kind, amount, names[1][0] if len(names) > 1 else None,
                         _comments(children), _from_to(children))
        return _flag(record, problems, tuple(names))

    def sheet_entry(self, children: list[Token]) -> Any:
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        i = 1
        while i < len(children):
            t = children[i].type
            if t in ("POOL", "MOUNTAIN"):
                values[t.lower()] = number(children[i + 1], _("a pool") if t == "POOL" else _("a mountain"), problems,
                                            signed=True, whole=False)
                i += 2
            else:  # WHISTS and its pairs
                pairs = children[i + 1:]
                values["whists"] = tuple(
                    CheckpointWhist(n.value, number(a, _("whists"), problems, signed=True, whole=False),
                                    span(n).to(span(a)))
                    for n, a in zip(pairs[::2], pairs[1::2]))
                break
        return _flag(CheckpointEntry(children[0].value, span=_from_to(children), **values), problems)

    def sheet(self, children: list[Any]) -> Any:
        problems: list[Problem] = []
        names: list[tuple[str, Span]] = []
        entries = tuple(_unwrap(c, problems, names) for c in children if not isinstance(c, Token))
        seen: set[str] = set()
        for e in entries:
            if e.player in seen and e.span is not None:
                problems.append((e.span, _("sheet gives {player} two lines").format(player=e.player)))
            seen.add(e.player)
        comments = _comments([c for c in children[1:] if isinstance(c, Token)])
        return _flag(Checkpoint(entries, comments, _from_to(children)), problems, tuple(names))


def _two_cards(children: list[Token], what: str, problems: list[Problem]) -> tuple[Card, ...] | None:
    if children[1].type == "UNKNOWN":
        return None
    toks = [t for t in children if t.type == "CARD"]
    cards = tuple(CARD_SPELLINGS[t.value] for t in toks)
    where = span(toks[0]).to(span(toks[-1]))
    if len(cards) != 2:
        said = (_("a talon has exactly 2 cards, not {n}: {cards}") if what == "talon" else
                _("a discard has exactly 2 cards, not {n}: {cards}"))
        problems.append((where, said.format(n=len(cards), cards=" ".join(t.value for t in toks))))
    elif cards[0] == cards[1]:
        said = _("the talon holds {card} twice") if what == "talon" else _("the discard holds {card} twice")
        problems.append((where, said.format(card=cards[0])))
    return cards


def _group_continues(entry: list[Any]) -> bool:
    """An unprefixed suit-grouped hand ends when it has 10 cards or a suit comes again."""
    if entry[0] is not None:
        return True
    suits = [t.value[0] for t in entry[2]]
    return len(set(suits)) == len(suits) and len(Hand.from_groups(t.value for t in entry[2])) < 10


# ---- a line of play ------------------------------------------------------------------------------

class _RawVariation(NamedTuple):
    items: list[Any]
    comments: tuple[Comment, ...]
    span: Span
    depth: int




def _one_of(spellings: Iterable[str]) -> str:
    """A pattern for any of ``spellings``: the longer ones as alternatives, single characters as a class."""
    words = sorted(spellings, key=len, reverse=True)
    longer = [re.escape(w) for w in words if len(w) > 1]
    chars = "".join(re.escape(w) for w in words if len(w) == 1)
    return "(?:" + "|".join(longer + [f"[{chars}]"]) + ")"


# The items of a CARD_RUN: line breaks (to count lines), bars and cards, which may touch ("7бQc"); the
# ranks and suits are those of the tables.
_RUN_ITEM = re.compile("\n|\\||" + _one_of(RANK_SPELLINGS) + _one_of(SUIT_SPELLINGS))


def _line(items: list[Any], offset: int, problems: list[Problem]) -> tuple[PlayedCard, ...]:
    """Played cards from flat items; ``offset`` is how many cards of the play precede them."""
    line = _LineBuilder(offset, problems)
    for item in items:
        if isinstance(item, _RawVariation):
            line.variation(item)
        elif item.type == "CARD_RUN":
            line.run(item)
        elif item.type == "CARD":
            line.card(item.value, span(item))
        elif item.type == "GLYPH":
            line.glyph(item)
        elif item.type == "COMMENT":
            line.comment(item)
        else:
            line.bar(span(item))
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
            self.problems.append((span(tok), _("glyph {value!r} must follow a card directly").format(value=tok.value)))
        else:
            self.glyph_ = _GLYPHS[tok.value]
        self.last = "glyph"

    def comment(self, tok: Token) -> None:
        if self.card_text is None:
            self.problems.append((span(tok), _("a comment here must follow a card")))
        else:
            self.comments.append(_comment(tok))
        self.last = "comment"

    def variation(self, raw: _RawVariation) -> None:
        if self.card_text is None:
            self.problems.append((raw.span, _("a variation must follow the card it replaces")))
        elif raw.depth > MAX_NESTING:
            self.problems.append((raw.span, _("variations are nested more than {max_nesting} deep").format(
                max_nesting=MAX_NESTING)))
        else:
            inner = _line(raw.items, self.offset + len(self.out), self.problems)
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
