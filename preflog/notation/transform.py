"""Build typed records straight from the parser's reductions (a Lark Transformer, no tree).

The builder knows the game it is in (players, the previous dealer, the next deal number), so it
resolves what the notation implies (dealer rotation, owners of unprefixed hands, deal numbers) and
reports the errors that need no game rules, each with its exact span.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import attrs
from lark import Token, Transformer

from ..model.annotations import Comment, Glyph
from ..model.auction import Bids, Call, CallKind, Contract
from ..model.bids import BID_SPELLINGS, Bid
from ..model.cards import CARD_SPELLINGS, Card
from ..model.deal import (
    Deal, Discard, HandEntry, Hands, Penalty, PenaltyKind, PlayerTricks, Result, ResultKind,
    Checkpoint, CheckpointEntry, Talon, CheckpointWhist,
)
from ..model.defence import Decision, DecisionKind, Defence, WhistMode
from ..model.game import Tag, tag_rank
from ..model.hand import Hand
from ..model.play import Claim, ClaimShare, Play, PlayedCard, Variation
from ..model.seating import bidding_order, next_dealer
from ..model.span import Span
from .vocabulary import is_valid_player_id

#: Variations nested deeper than this are refused (they would only be a way to exhaust the stack).
MAX_VARIATION_DEPTH = 64

_GLYPHS = {g.value: g for g in Glyph}
_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_.]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_UNESCAPE = re.compile(r"\\(.)")


@attrs.define(slots=True)
class GameContext:
    """What the builder knows of the game while it reads a deal."""

    players: tuple[str, ...] = ()
    previous_dealer: str | None = None
    next_number: int | None = None  # None before the first deal: any number may start


@attrs.define(slots=True)
class _RawHands:
    items: list[Token]
    span: Span


@attrs.define(slots=True)
class _RawVariation:
    items: list[Any]
    comments: tuple[Comment, ...]
    span: Span
    depth: int


class Builder(Transformer[Token, Any]):
    """Callbacks for the grammar's rules; one instance serves one parse at a time."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.context = GameContext()
        self.line_offset = 0
        self.errors: list[tuple[Span, str]] = []

    # ---- helpers -------------------------------------------------------------------------------

    def span(self, tok: Token) -> Span:
        o = self.line_offset
        # Tokens from the parser always have positions; lark types them as optional.
        return Span(tok.line + o, tok.column, tok.end_line + o, tok.end_column)  # type: ignore[operator, arg-type]

    def error(self, span: Span, message: str) -> None:
        self.errors.append((span, message))

    def comment(self, tok: Token) -> Comment:
        return Comment(tok.value[1:-1], self.span(tok))

    def player(self, tok: Token, name: str | None = None) -> str:
        """The player a NAME or PREFIX token names; an error if the game has no such player."""
        name = name if name is not None else tok.value.rstrip(":")
        players = self.context.players
        if players and name not in players:
            self.error(self.span(tok), f"{name!r} is not a player of this game ({', '.join(players)})")
        return name

    def number(self, tok: Token, what: str, *, signed: bool = False, whole: bool = True) -> Decimal:
        text = tok.value
        if (whole and "." in text) or (not signed and text[0] in "+-"):
            kind = "a whole number" if whole else "a number"
            self.error(self.span(tok), f"{what} must be {kind}{'' if signed else ' without a sign'}, not {text!r}")
        return Decimal(text)

    def _last_span(self, children: list[Any]) -> Span | None:
        last = children[-1]
        return self.span(last) if isinstance(last, Token) else getattr(last, "span", None)

    def _from_to(self, children: list[Any]) -> Span:
        return self.span(children[0]).to(self._last_span(children))

    def _glyph(self, tok: Token) -> Glyph:
        return _GLYPHS[tok.value]

    def _trailing_comments(self, children: list[Any]) -> tuple[Comment, ...]:
        return tuple(self.comment(c) for c in children if isinstance(c, Token) and c.type == "COMMENT")

    # ---- tag block -----------------------------------------------------------------------------

    def tags(self, children: list[Token]) -> tuple[tuple[Tag, ...], tuple[Comment, ...], Span]:
        tags: dict[str, Tag] = {}
        comments: list[Comment] = []
        for tok in children:
            if tok.type == "COMMENT":
                comments.append(self.comment(tok))
                continue
            m = _TAG.fullmatch(tok.value)
            assert m is not None  # the terminal only matches well-formed tags
            name, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
            span = self.span(tok)
            if name in tags:
                self.error(span, f"tag {name} is given twice")
                continue
            tags[name] = Tag(name, value, span)
            self._check_tag(tags[name])
        ordered = tuple(sorted(tags.values(), key=lambda t: tag_rank(t.name)))
        return ordered, tuple(comments), self._from_to(children)

    def _check_tag(self, tag: Tag) -> None:
        assert tag.span is not None
        if tag.name == "Players":
            ids = tag.value.split()
            if len(ids) not in (3, 4):
                self.error(tag.span, f"Players names {len(ids)} player(s): {tag.value!r}; a game has 3 or 4")
            bad = [p for p in ids if not is_valid_player_id(p)]
            for p in bad:
                self.error(tag.span, f"{p!r} is not a valid player id: a letter, then letters, digits or _, "
                                     "not spelled like a card, a call or a keyword")
            twice = sorted({p for p in ids if ids.count(p) > 1})
            if twice:
                self.error(tag.span, f"Players names {', '.join(twice)} more than once")
        elif tag.name == "Pool":
            if not re.fullmatch(r"[1-9][0-9]*", tag.value.strip()):
                self.error(tag.span, f"Pool must be a positive whole number, not {tag.value!r}")
        elif tag.name == "WhistPrice":
            if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", tag.value.strip()):
                self.error(tag.span, f"WhistPrice must be a decimal number, not {tag.value!r}")

    # ---- the deal ------------------------------------------------------------------------------

    def deal(self, children: list[Any]) -> Deal:
        ctx = self.context
        head = self.span(children[0])
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
            comments.append(self.comment(children[i]))
            i += 1

        number = self._deal_number(number_tok)
        dealer = self._dealer(dealer_tok)
        fields: dict[str, Any] = {}
        penalties: list[Penalty] = []
        for record in children[i:]:
            if isinstance(record, _RawHands):
                fields["hands"] = self._hands(record, dealer)
            elif isinstance(record, Penalty):
                penalties.append(record)
            else:
                fields[_FIELD_OF[type(record)]] = record
        ctx.previous_dealer = dealer
        ctx.next_number = number + 1
        return Deal(number, dealer, tuple(comments), penalties=tuple(penalties),
                    span=head.to(self._last_span(children)), **fields)

    def _deal_number(self, tok: Token | None) -> int:
        expected = self.context.next_number
        if tok is None:
            return expected or 1
        value = self.number(tok, "a deal number")
        number = int(value) if value == value.to_integral_value() else 0
        if number < 1:
            self.error(self.span(tok), f"deal number {tok.value!r} must be 1 or more")
            return expected or 1
        if expected is not None and number != expected:
            self.error(self.span(tok), f"deal {number} follows deal {expected - 1}: deal numbers go in sequence "
                                       f"(expected {expected})")
        return number

    def _dealer(self, tok: Token | None) -> str:
        players, previous = self.context.players, self.context.previous_dealer
        if tok is not None:
            return self.player(tok)
        if not players:
            return previous or "?"
        return next_dealer(players, previous)

    def _hands(self, raw: _RawHands, dealer: str) -> Hands:
        """Assemble hand entries from the flat items and give each its player (NOTATION.md §1, §3)."""
        # entries: [prefix token or None, hand kind ('dotted', 'groups', '?', None), values, comments, span]
        entries: list[list[Any]] = []
        for tok in raw.items:
            kind = tok.type
            cur = entries[-1] if entries else None
            if kind == "PREFIX":
                entries.append([tok, None, [], [], self.span(tok)])
            elif kind == "COMMENT":
                if cur is None:
                    self.error(self.span(tok), "a comment in hands must follow a hand")
                else:
                    cur[3].append(self.comment(tok))
            elif kind == "SUITS" and cur is not None and not cur[3] and (
                cur[1] is None or (cur[1] == "groups" and _group_continues(cur))
            ):
                cur[1] = "groups"
                cur[2].append(tok)
                cur[4] = cur[4].to(self.span(tok))
            elif cur is not None and cur[1] is None and not cur[3]:
                cur[1] = "groups" if kind == "SUITS" else kind
                cur[2].append(tok)
                cur[4] = cur[4].to(self.span(tok))
            else:
                entries.append([None, "groups" if kind == "SUITS" else kind, [tok], [], self.span(tok)])

        players, ctx_players = bidding_order(self.context.players, dealer), self.context.players
        prefixed = [e for e in entries if e[0] is not None]
        if prefixed and len(prefixed) != len(entries):
            self.error(raw.span, "write a Player: prefix before every hand or before none")
        if len(entries) != 3:
            self.error(raw.span, f"hands lists {len(entries)} hand(s); the three active players need one each")

        built: list[HandEntry] = []
        for index, (prefix, kind, values, comments, span) in enumerate(entries):
            if prefix is not None:
                player = self.player(prefix)
                if kind is None:
                    self.error(self.span(prefix), f"{prefix.value} has no hand after it")
                if ctx_players and player == dealer and len(ctx_players) == 4:
                    self.error(self.span(prefix), f"{player} deals this deal and sits out: no hand")
                if any(e.player == player for e in built):
                    self.error(self.span(prefix), f"{player} is given two hands")
            else:
                player = players[index] if index < len(players) else "?"
            built.append(HandEntry(player, self._hand(values, kind, span, player), tuple(comments), span))
        if prefixed and players:
            order = {p: i for i, p in enumerate(players)}
            built.sort(key=lambda e: order.get(e.player, len(order)))
        return Hands(tuple(built), raw.span)

    def _hand(self, values: list[Token], kind: str | None, span: Span, player: str) -> Hand | None:
        if kind in (None, "UNKNOWN"):
            return None
        hand = Hand.from_dotted(values[0].value) if kind == "DOTTED" else Hand.from_groups(t.value for t in values)
        twice = hand.duplicates()
        if twice:
            self.error(span, f"{player}'s hand holds {' '.join(map(str, twice))} twice")
        if len(hand) != 10:
            self.error(span, f"{player}'s hand has {len(hand)} cards, not 10: {hand.dotted()}")
        return hand

    # ---- statements ----------------------------------------------------------------------------

    def hands(self, children: list[Token]) -> _RawHands:
        return _RawHands(children[1:], self._from_to(children))

    def talon(self, children: list[Token]) -> Talon:
        cards = self._two_cards(children, "talon")
        return Talon(cards, self._trailing_comments(children), self._from_to(children))

    def discard(self, children: list[Token]) -> Discard:
        cards = self._two_cards(children, "discard")
        return Discard(cards, self._trailing_comments(children), self._from_to(children))

    def _two_cards(self, children: list[Token], what: str) -> tuple[Card, ...] | None:
        if children[1].type == "UNKNOWN":
            return None
        toks = [t for t in children if t.type == "CARD"]
        cards = tuple(CARD_SPELLINGS[t.value] for t in toks)
        span = self.span(toks[0]).to(self.span(toks[-1]))
        if len(cards) != 2:
            self.error(span, f"a {what} has exactly 2 cards, not {len(cards)}: {' '.join(t.value for t in toks)}")
        elif cards[0] == cards[1]:
            self.error(span, f"the {what} holds {cards[0]} twice")
        return cards

    def bids(self, children: list[Any]) -> Bids:
        return Bids(tuple(children[1:]), self._from_to(children))

    def call(self, children: list[Token]) -> Call:
        player = None
        dark = hand = False
        glyph = None
        kind = CallKind.PASS
        bid: Bid | None = None
        comments: list[Comment] = []
        for tok in children:
            t = tok.type
            if t == "PREFIX":
                player = self.player(tok)
            elif t == "DARK" or t == "HAND":
                if (dark if t == "DARK" else hand):
                    self.error(self.span(tok), f"{tok.value!r} is written twice")
                dark, hand = dark or t == "DARK", hand or t == "HAND"
            elif t == "PASS":
                kind = CallKind.PASS
            elif t == "HERE":
                kind = CallKind.HERE
            elif t == "GLYPH":
                glyph = self._glyph(tok)
            elif t == "COMMENT":
                comments.append(self.comment(tok))
            else:
                kind, bid = CallKind.BID, BID_SPELLINGS[tok.value]
        return Call(kind, bid, player, dark, hand, glyph, tuple(comments), self._from_to(children))

    def contract(self, children: list[Token]) -> Contract:
        declarer = None
        glyph = None
        bid: Bid | None = None
        for tok in children[1:]:
            if tok.type == "PREFIX":
                declarer = self.player(tok)
            elif tok.type == "GLYPH":
                glyph = self._glyph(tok)
            elif tok.type != "COMMENT":
                bid = BID_SPELLINGS[tok.value]
        assert bid is not None
        return Contract(bid, declarer, glyph, self._trailing_comments(children), self._from_to(children))

    def decision(self, children: list[Token]) -> Decision:
        glyph = next((self._glyph(t) for t in children if t.type == "GLYPH"), None)
        return Decision(DecisionKind(children[0].value), glyph, self._trailing_comments(children),
                        self._from_to(children))

    def defence(self, children: list[Any]) -> Defence:
        decisions = tuple(c for c in children[1:] if isinstance(c, Decision))
        mode = next((WhistMode(c.value) for c in children if isinstance(c, Token) and c.type in ("OPEN", "CLOSED")),
                    None)
        comments = self._trailing_comments([c for c in children[1:] if isinstance(c, Token)])
        return Defence(decisions, mode, comments, self._from_to(children))

    def variation(self, children: list[Any]) -> _RawVariation:
        items = children[1:-1]
        lead: list[Comment] = []
        while items and isinstance(items[0], Token) and items[0].type == "COMMENT":
            lead.append(self.comment(items.pop(0)))
        depth = 1 + max((v.depth for v in items if isinstance(v, _RawVariation)), default=0)
        return _RawVariation(items, tuple(lead), self._from_to(children), depth)

    def play(self, children: list[Any]) -> Play:
        items = children[1:]
        lead: list[Comment] = []
        while items and isinstance(items[0], Token) and items[0].type == "COMMENT":
            lead.append(self.comment(items.pop(0)))
        cards = self._line(items, 0)
        return Play(cards, tuple(lead), self._from_to(children))

    def _line(self, items: list[Any], offset: int) -> tuple[PlayedCard, ...]:
        """Played cards from flat items; ``offset`` is how many cards of the play precede them."""
        line = _LineBuilder(self, offset)
        for item in items:
            if isinstance(item, _RawVariation):
                line.variation(item)
            elif item.type == "CARD_RUN":
                line.run(item)
            elif item.type == "CARD":
                line.card(item.value, self.span(item))
            elif item.type == "GLYPH":
                line.glyph(item)
            elif item.type == "COMMENT":
                line.comment(item)
            else:
                line.bar(self.span(item))
        return line.finish()

    def claim(self, children: list[Token]) -> Claim:
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        shares: list[ClaimShare] = []
        span = self._from_to(children)
        if len(toks) == 1 and toks[0].type == "NAME":
            shares.append(ClaimShare(self.player(toks[0]), span=self.span(toks[0])))
        elif len(toks) % 2 == 0 and all(t.type == ("NAME", "NUMBER")[i % 2] for i, t in enumerate(toks)):
            for name, count in zip(toks[::2], toks[1::2]):
                shares.append(ClaimShare(self.player(name), int(self.number(count, "a claimed trick count")),
                                         self.span(name).to(self.span(count))))
        else:
            self.error(span, "a claim reads 'claim Player' (all the rest) or 'claim Player N Player N …'")
        return Claim(tuple(shares), self._trailing_comments(children), span)

    def result(self, children: list[Token]) -> Result:
        toks = [t for t in children[1:] if t.type != "COMMENT"]
        comments = self._trailing_comments(children)
        span = self._from_to(children)
        if toks[0].type == "EQUALS":
            return Result(ResultKind.RELATIVE, count=0, comments=comments, span=span)
        if toks[0].type == "NUMBER":
            value = toks[0].value
            if value[0] in "+-":
                n = int(self.number(toks[0], "a relative result", signed=True))
                return Result(ResultKind.RELATIVE, count=n, comments=comments, span=span)
            n = self._tricks(toks[0])
            return Result(ResultKind.DECLARER, count=n, comments=comments, span=span)
        pairs = tuple(PlayerTricks(self.player(n), self._tricks(c), self.span(n).to(self.span(c)))
                      for n, c in zip(toks[::2], toks[1::2]))
        named = [p.player for p in pairs]
        for p in sorted({p for p in named if named.count(p) > 1}):
            self.error(span, f"result gives {p} tricks twice")
        return Result(ResultKind.TRICKS, pairs, comments=comments, span=span)

    def _tricks(self, tok: Token) -> int:
        n = int(self.number(tok, "a trick count"))
        if n > 10:
            self.error(self.span(tok), f"{n} tricks: a deal has 10")
        return n

    def penalty(self, children: list[Token]) -> Penalty:
        player = self.player(children[1])
        kind = PenaltyKind(children[2].value)
        target = self.player(children[3]) if kind is PenaltyKind.WHISTS else None
        amount_tok = children[4] if kind is PenaltyKind.WHISTS else children[3]
        amount = self.number(amount_tok, "a penalty", signed=True, whole=False)
        return Penalty(player, kind, amount, target, self._trailing_comments(children), self._from_to(children))

    def sheet_entry(self, children: list[Token]) -> CheckpointEntry:
        player = self.player(children[0])
        values: dict[str, Any] = {}
        i = 1
        while i < len(children):
            t = children[i].type
            if t in ("POOL", "MOUNTAIN"):
                values[t.lower()] = self.number(children[i + 1], f"a {t.lower()}", signed=True, whole=False)
                i += 2
            else:  # WHISTS and its pairs
                pairs = children[i + 1:]
                whists = tuple(
                    CheckpointWhist(self.player(n), self.number(a, "whists", signed=True, whole=False),
                               self.span(n).to(self.span(a)))
                    for n, a in zip(pairs[::2], pairs[1::2])
                )
                values["whists"] = whists
                break
        return CheckpointEntry(player, span=self._from_to(children), **values)

    def sheet(self, children: list[Any]) -> Checkpoint:
        entries = tuple(c for c in children if isinstance(c, CheckpointEntry))
        seen: set[str] = set()
        for e in entries:
            if e.player in seen and e.span is not None:
                self.error(e.span, f"sheet gives {e.player} two lines")
            seen.add(e.player)
        comments = self._trailing_comments([c for c in children[1:] if isinstance(c, Token)])
        return Checkpoint(entries, comments, self._from_to(children))


# The items of a CARD_RUN: line breaks (to count lines), bars and cards, which may touch ("7бQc").
_RUN_ITEM = re.compile(r"\n|\||(?:10|[789TJQKAВДКТ])[scdh♠♣♦♥♤♧♢♡птбч]")


class _LineBuilder:
    """Assembles one line of play (the main line or a variation) card by card."""

    __slots__ = ("b", "offset", "out", "card_text", "card_span", "glyph_", "comments", "variations", "last")

    def __init__(self, builder: Builder, offset: int) -> None:
        self.b = builder
        self.offset = offset
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

    def card(self, text: str, span: Span) -> None:
        self.flush()
        self.card_text, self.card_span = text, span
        self.glyph_, self.comments, self.variations = None, [], []
        self.last = "card"

    def run(self, tok: Token) -> None:
        """The cards and bars of a CARD_RUN token, each with its own span."""
        line: int = tok.line + self.b.line_offset  # type: ignore[operator]
        shift: int = tok.column  # type: ignore[assignment]  # column of index 0 of the current line, counted from the token's start
        for m in _RUN_ITEM.finditer(tok.value):
            text = m.group()
            if text == "\n":
                line += 1
                shift = -m.start()
                continue
            column = m.start() + shift
            span = Span(line, column, line, column + len(text))
            if text == "|":
                self.bar(span)
            else:
                self.card(text, span)

    def glyph(self, tok: Token) -> None:
        if self.last != "card":
            self.b.error(self.b.span(tok), f"glyph {tok.value!r} must follow a card directly")
        else:
            self.glyph_ = _GLYPHS[tok.value]
        self.last = "glyph"

    def comment(self, tok: Token) -> None:
        if self.card_text is None:
            self.b.error(self.b.span(tok), "a comment here must follow a card")
        else:
            self.comments.append(self.b.comment(tok))
        self.last = "comment"

    def variation(self, raw: _RawVariation) -> None:
        if self.card_text is None:
            self.b.error(raw.span, "a variation must follow the card it replaces")
        elif raw.depth > MAX_VARIATION_DEPTH:
            self.b.error(raw.span, f"variations are nested more than {MAX_VARIATION_DEPTH} deep")
        else:
            inner = self.b._line(raw.items, self.offset + len(self.out))
            self.variations.append(Variation(inner, raw.comments, raw.span))
        self.last = "variation"

    def bar(self, span: Span) -> None:
        count = self.offset + len(self.out) + (self.card_text is not None)
        in_trick = count % 3
        if self.last == "bar" or self.card_text is None or in_trick:
            self.b.error(span, f"'|' after {in_trick} card(s) of a trick: '|' separates tricks of 3 cards")
        self.last = "bar"

    def finish(self) -> tuple[PlayedCard, ...]:
        self.flush()
        return tuple(self.out)


_FIELD_OF: dict[type, str] = {
    Talon: "talon", Bids: "bids", Discard: "discard", Contract: "contract", Defence: "defence",
    Play: "play", Claim: "claim", Result: "result", Checkpoint: "checkpoint",
}


def _group_continues(entry: list[Any]) -> bool:
    """An unprefixed suit-grouped hand ends when it has 10 cards or a suit comes again."""
    if entry[0] is not None:
        return True
    suits = [t.value[0] for t in entry[2]]
    return len(set(suits)) == len(suits) and len(Hand.from_groups(t.value for t in entry[2])) < 10
