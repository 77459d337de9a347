"""The checks that need the game: its players, the deal numbers, who deals, whose hand is whose.

:class:`Validator` follows one game through its tag block and its deals, in order. It gives each raw
deal what the notation implies (its number, its dealer, the owners of unprefixed hands, NOTATION.md §3)
and reports every name that is not a player, every deal out of sequence and every hand that cannot be.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final

from .. import words
from ..i18n import _, ngettext
from ..model.auction import Bids
from ..model.build import builder
from ..model.cards import DECK, Card
from ..model.limits import number_too_long, shorten
from ..model.deal import Checkpoint, Deal, HandEntry, Hands
from ..model.game import Tag, pool_of, tag_rank, whist_price_of
from ..model.seating import DUMMY, bidding_order, next_dealer, seats_of
from ..model.span import Span, lead_span
from .opening import OPENING, read_opening
from .raw import Problem, RawDeal, RawHand, RawHands, RawTags
from .vocabulary import is_valid_player_id

# the records made here, built in C (model.build)
_Deal: Final = builder(Deal)
_HandEntry: Final = builder(HandEntry)
_Hands: Final = builder(Hands)


_NUMBER_TAGS: Final = {"Pool": pool_of, "WhistPrice": whist_price_of}


def _name_span(start: Span, name: str, colon: bool = False) -> Span:
    """The span of a name that opens a record (a prefix takes its colon too)."""
    return lead_span(start, len(name) + colon)


class Validator:
    """What the reader knows of a game while it reads it, and the problems it finds."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.players: tuple[str, ...] = ()
        self.previous_dealer: str | None = None
        self.next_number: int | None = None  # None before the first deal: any number may start
        self.opening: Checkpoint | None = None  # the Sheet tag as read

    def error(self, where: Span, message: str) -> None:
        self.problems.append((where, message))

    def player(self, name: str, where: Span, *, holds_cards: bool = False) -> str:
        """``name``, reported unless it is a player of the game (or, where ``holds_cards``, the dummy
        of a two-player game: it has a hand and tricks, but no call, game, penalty or sheet)."""
        players = self.players
        if players and name not in players and not (holds_cards and name in seats_of(players)):
            if name == DUMMY and len(players) == 2:
                self.error(where, _("the dummy has a hand and tricks only: it passes without a word and "
                                  "writes nothing (docs/notation.md, two players)"))
            else:
                self.error(where, _("{name!r} is not a player of this game ({players})").format(name=shorten(name),
                                                                                                players=', '.join(players)))
        return name

    # ---- the tag block -----------------------------------------------------------------------------

    def tags(self, raw: RawTags) -> tuple[Tag, ...]:
        """The tags in canonical order; each checked, a tag given twice reported."""
        tags: dict[str, Tag] = {}
        for tag in raw.tags:
            assert tag.span is not None
            if tag.name in tags:
                self.error(tag.span, _("tag {name} is given twice").format(name=tag.name))
                continue
            tags[tag.name] = tag
            self._check_tag(tag, tag.span)
        opening = tags.get(OPENING)
        self.opening = None
        if opening is not None:
            players = tags["Players"].value.split() if "Players" in tags else ()
            self.opening, problems = read_opening(opening, tuple(players))
            self.problems.extend(problems)
        return tuple(sorted(tags.values(), key=lambda t: tag_rank(t.name)))

    def _check_tag(self, tag: Tag, where: Span) -> None:
        if tag.name == "Players":
            ids = tag.value.split()
            if len(ids) not in (2, 3, 4):
                self.error(where, ngettext("Players names {n} player: {shorten!r}; a game has 2 (gusarik, with a dummy), 3 or 4",
                                           "Players names {n} players: {shorten!r}; a game has 2 (gusarik, with a dummy), 3 or 4",
                                           len(ids)).format(n=len(ids), shorten=shorten(tag.value)))
            elif len(ids) == 2 and DUMMY in ids:
                self.error(where, _("with two players {dummy} is the dummy's name (docs/notation.md); call the "
                                    "player something else").format(dummy=DUMMY))
            for p in ids[:5]:  # a sixth bad id would only repeat the message
                if not is_valid_player_id(p):
                    self.error(where, _("{p!r} is not a valid player id: a letter, then letters, digits or _, not "
                                        "spelled like a card, a call or a keyword").format(p=shorten(p)))
            seen: set[str] = set()
            twice = sorted({p for p in ids if p in seen or seen.add(p)})  # type: ignore[func-returns-value]
            if twice:
                self.error(where, _("Players names {twice} more than once").format(twice=', '.join(twice)))
        elif tag.name in _NUMBER_TAGS:
            try:
                _NUMBER_TAGS[tag.name](tag.value)
            except ValueError as exc:
                self.error(where, str(exc))
        if "\r" in tag.value:
            self.error(where, _("tag {name} holds a carriage return: a tag value is one line").format(name=tag.name))

    # ---- a deal ------------------------------------------------------------------------------------

    def deal(self, raw: RawDeal) -> Deal:
        """The deal record: numbered, dealt, its hands owned, every name checked."""
        self.problems.extend(raw.problems)
        number = self._number(raw.number)
        dealer = self._dealer(raw.dealer)
        fields: dict[str, Any] = raw.statements  # made for this deal by the transformer: ours to fill
        if raw.hands is not None:
            talon = fields.get("talon")
            fields["hands"] = self._hands(raw.hands, dealer, None if talon is None else talon.cards)
        self._names(raw, fields)
        self.previous_dealer = self._sat_out(raw, fields, dealer)
        self.next_number = number + 1
        return _Deal(number, dealer, raw.comments, penalties=raw.penalties, span=raw.span,
                     dealer_span=None if raw.dealer is None else raw.dealer[1], **fields)

    def _sat_out(self, raw: RawDeal, fields: dict[str, Any], dealer: str) -> str:
        """Whom the next deal's dealer follows: ``dealer``, or, with four players, the one the hands
        show sitting out when the dealer named holds a hand (reported once, at that hand: the deals
        after it then pass clockwise from the dealer who did sit out, not from the slip)."""
        hands: Hands | None = fields.get("hands")
        if len(self.players) != 4 or hands is None or raw.hands is None \
                or any(e.prefix is None for e in raw.hands.entries):
            return dealer
        owners = {e.player for e in hands.entries}
        absent = [p for p in self.players if p not in owners]
        return absent[0] if dealer in owners and len(absent) == 1 else dealer

    def skip(self, text: str) -> None:
        """Keep the numbering and the dealer rotation going past a deal that could not be read."""
        m = _DEAL_HEAD.match(text)
        written = m.group(1) if m else None
        number = int(written) if written and not number_too_long(written) else (self.next_number or 1)
        dealer = m.group(2) if m and m.group(2) in self.players else None
        if dealer is None and self.players:
            dealer = next_dealer(self.players, self.previous_dealer)
        self.previous_dealer = dealer
        self.next_number = number + 1

    def _number(self, written: tuple[Decimal, str, Span] | None) -> int:
        expected = self.next_number
        if written is None:
            return expected or 1
        value, text, where = written
        if number_too_long(text):
            return expected or 1  # reported where the number was read
        number = int(value) if value == value.to_integral_value() else 0
        if number < 1:
            self.error(where, _("deal number {text!r} must be 1 or more").format(text=text))
            return expected or 1
        if expected is not None and number != expected:
            self.error(where,
                       _("deal {number} follows deal {value}: deal numbers go in sequence (expected {expected})").format(
                number=number, value=expected - 1, expected=expected))
        return number

    def _dealer(self, written: tuple[str, Span] | None) -> str:
        if written is not None:
            return self.player(*written)
        if not self.players:
            return self.previous_dealer or "?"
        return next_dealer(self.players, self.previous_dealer)

    def _hands(self, raw: RawHands, dealer: str, talon: tuple[Card, ...] | None = None) -> Hands:
        """Each hand to its player: prefixes as written, otherwise in bidding order (NOTATION.md §3)."""
        players = self.players
        order = bidding_order(players, dealer)
        entries = raw.entries
        prefixed = [e for e in entries if e.prefix is not None]
        if prefixed and len(prefixed) != len(entries):
            self.error(raw.span, _("write a Player: prefix before every hand or before none"))
        if len(entries) != 3:
            self.error(raw.span, ngettext("hands lists {n} hand; the three active players need one each",
                                          "hands lists {n} hands; the three active players need one each", len(entries))
                       .format(n=len(entries)))
        built: list[HandEntry] = []
        given: set[str] = set()
        for index, entry in enumerate(entries):
            if entry.prefix is not None:
                name, where = entry.prefix
                player = self.player(name, where, holds_cards=True)
                if entry.missing:
                    self.error(where, _("{name}: has no hand after it").format(name=name))
                if players and player == dealer and len(players) == 4:
                    self.error(where, _("{player} deals this deal and sits out: no hand").format(player=player))
                if player in given:
                    self.error(where, _("{player} is given two hands").format(player=player))
            else:
                player = order[index] if index < len(order) else "?"
            given.add(player)
            hand = entry.hand
            if hand is not None:
                cards = hand.cards  # no card twice, found here without a call into the interpreter
                twice = hand.duplicates() if len(frozenset(cards)) != len(cards) else ()
                if twice:
                    self.error(entry.span, _("{player}'s hand holds {map} twice").format(player=player,
                                                                                         map=words.cards(twice)))
                if len(hand.cards) != 10:
                    self.error(entry.span, ngettext("{player}'s hand has {n} card, not 10: {dotted}", "{player}'s hand has {n} cards, not 10: {dotted}",
                                                    len(hand)).format(player=player, n=len(hand), dotted=words.quoted(hand))
                               + _unplaced(entries, talon))
            built.append(_HandEntry(player, hand, entry.comments, entry.span))
        if prefixed and order and [e.player for e in built] != list(order[:len(built)]):
            rank = {p: i for i, p in enumerate(order)}
            built.sort(key=lambda e: rank.get(e.player, len(rank)))
        return _Hands(tuple(built), raw.span)

    def _names(self, raw: RawDeal, fields: dict[str, Any]) -> None:
        """Every player named in the deal's statements is a player of the game (the span of a name is
        made only for a name that is wrong)."""
        players = self.players
        if not players:
            return
        for name, where in raw.names:  # a contract's declarer, a penalty's players
            self.player(name, where)
        bids: Bids | None = fields.get("bids")
        if bids is not None:
            for call in bids.calls:
                if call.player is not None and call.player not in players and call.span is not None:
                    self.player(call.player, _name_span(call.span, call.player, colon=True))
        named: list[tuple[Any, bool]] = []
        for key in ("claim", "result"):
            record = fields.get(key)
            if record is not None:
                named.extend((item, True) for item in (record.shares if key == "claim" else record.tricks))
        checkpoint = fields.get("checkpoint")
        if checkpoint is not None:
            named.extend((item, False) for item in checkpoint.named())
        for item, holds_cards in named:  # claim shares, result pairs, checkpoint lines and whists: each opens on its name
            if item.player not in players and item.span is not None:
                self.player(item.player, _name_span(item.span, item.player), holds_cards=holds_cards)


_DEAL_HEAD: Final = re.compile(r"deal(?:\s+([0-9]+))?(?:\s+dealer\s+(\S+))?")


def _unplaced(entries: Sequence[RawHand], talon: tuple[Card, ...] | None) -> str:
    """For a hand of the wrong length: the cards of the deck in no hand (and not in the talon), when
    every hand is known and they are few enough to be the slip."""
    hands = [e.hand for e in entries]
    if len(hands) != 3 or any(h is None for h in hands):
        return ""
    placed = {c for h in hands if h is not None for c in h} | set(talon or ())
    missing = [c for c in DECK if c not in placed]
    if not missing or len(missing) > 4:
        return ""
    where = _("in no hand nor the talon") if talon else _("in no hand")
    return ngettext("; {cards} is {where}", "; {cards} are {where}", len(missing)).format(
        cards=words.cards(missing), where=where)
