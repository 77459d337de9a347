"""Write games in the canonical form of the notation (NOTATION.md: "canonical export").

ASCII cards (or suit symbols with ``unicode=True``), dotted hands with ``Player:`` prefixes in
bidding order, one statement per line, ``|`` between tricks, tags in a fixed order. Reading what
this module writes and writing it again gives the same text.

The calls, defence words and cards are written in the notation's words (``words="en"``, the
canonical form) or in those said at a Russian table (``words="ru"``: ``пас``, ``вист``, ``полвиста``,
``7бк``, ``мизер``, ``Тп``, ``10б``; :mod:`.words`), which read back as the same game.
"""

from __future__ import annotations

import re

from collections.abc import Callable, Iterable, Iterator

from ..i18n import _
from ..model.annotations import Comment, Glyph
from ..model.auction import DARK_WORD, HAND_WORD, TOTUS_WORD, Bids, Call, CallKind, Contract, write_call
from ..model.bids import Bid, write_bid
from ..model.cards import Card, Suit, write_card
from ..model.deal import (
    Checkpoint, Deal, Discard, Hands, Penalty, Result, Talon, write_checkpoint, write_penalty, write_result,
)
from ..model.limits import shorten
from ..model.defence import DecisionKind, Defence, WhistMode
from ..model.game import Game, Tag
from ..model.hand import Hand
from ..model.play import Claim, Play, PlayedCard
from .words import (
    RU_ALL_PASS, RU_CALLS, RU_DECISIONS, RU_MISERE, RU_MODES, RU_NO_TRUMP, RU_RANKS, RU_SUITS, RU_TOTUS, WORDS,
    Words,
)


# A backslash is escaped only where a reader would take it for an escape (before \ or " or the closing
# quote), so that a value such as C:\games is written as it was typed.
_LONE_CR = re.compile(r"\r(?!\n)")
_TAG_ESCAPE = re.compile(r'\\(?=[\\"]|$)|"')

class _Writer:
    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def card(self, card: Card) -> str:
        return write_card(card, self.unicode)

    def bid(self, bid: Bid) -> str:
        return write_bid(bid, self.unicode)

    def hand(self, hand: Hand) -> str:
        return hand.grouped() if self.unicode else hand.dotted()

    def call_word(self, call: Call) -> str:
        return write_call(call, self.unicode)

    totus_word = TOTUS_WORD
    whist_keyword = "whist"  #: the keyword of the whist statement

    def defence_word(self, kind: DecisionKind | WhistMode) -> str:
        word: str = kind.value
        return word

    # ---- games ---------------------------------------------------------------------------------

    def game(self, game: Game) -> str:
        head = self.head(game)
        blocks = [head] if head is not None else []
        blocks += [self.deal(d) for d in game.deals]
        return "\n\n".join(blocks) + "\n"

    def head(self, game: Game) -> str | None:
        """The game's tag block: its preface, tags and comments (``None`` when it has none of them)."""
        lines = _preface(game.preface) + [self.tag(t) for t in game.tags]
        if game.comments:
            lines.append(_comments(game.comments).lstrip())
        return _lines(lines) if lines else None

    def tag(self, tag: Tag) -> str:
        if "\n" in tag.value or "\r" in tag.value:
            raise ValueError(_("tag {name} holds a line break, which a tag cannot").format(name=tag.name))
        value = _TAG_ESCAPE.sub(r"\\\g<0>", tag.value)
        return f'[{tag.name} "{value}"]{_comments(tag.comments)}'

    def deal(self, deal: Deal) -> str:
        lines = _preface(deal.preface)
        lines.append(f"deal {deal.number} dealer {deal.dealer}{_comments(deal.comments)}")
        if deal.hands is not None:
            lines.append(self.hands(deal.hands))
        if deal.talon is not None:
            lines.append(self.cards("talon", deal.talon))
        if deal.bids is not None:
            lines.append(self.bids(deal.bids))
        if deal.discard is not None:
            lines.append(self.cards("discard", deal.discard))
        if deal.contract is not None:
            lines.append(self.contract(deal.contract))
        if deal.defence is not None:
            lines.append(self.defence(deal.defence))
        if deal.play is not None:
            lines.append(self.play(deal.play))
        if deal.claim is not None:
            lines.append(self.claim(deal.claim))
        if deal.result is not None:
            lines.append(self.result(deal.result))
        lines += [self.penalty(p) for p in deal.penalties]
        if deal.checkpoint is not None:
            lines.append(self.sheet(deal.checkpoint))
        return _lines(lines)

    # ---- statements ----------------------------------------------------------------------------

    def hands(self, hands: Hands) -> str:
        parts = ["hands"]
        for e in hands.entries:
            if e.hand is None:
                text = "?"
            else:
                text = self.hand(e.hand)
            parts.append(f"{e.player}: {text}{_comments(e.comments)}")
        return " ".join(parts)

    def cards(self, keyword: str, statement: Talon | Discard) -> str:
        cards = "?" if statement.cards is None else " ".join(self.card(c) for c in statement.cards)
        return f"{keyword} {cards}{_comments(statement.comments)}"

    def bids(self, bids: Bids) -> str:
        return " ".join(["bids"] + [self.call(c) for c in bids.calls])

    def call(self, call: Call) -> str:
        words = []
        if call.player is not None:
            words.append(f"{call.player}:")
        words.append(self.call_word(call))
        return " ".join(words) + _glyph(call.glyph) + _comments(call.comments)

    def contract(self, contract: Contract) -> str:
        prefix = f"{contract.declarer}: " if contract.declarer is not None else ""
        totus = f"{self.totus_word} " if contract.totus else ""
        helped = "".join(f" {name}" for name in contract.helped)
        return (f"contract {prefix}{totus}{self.bid(contract.bid)}{_glyph(contract.glyph)}{helped}"
                f"{_comments(contract.comments)}")

    def defence(self, defence: Defence) -> str:
        words = [self.whist_keyword] + [self.defence_word(d.kind) + _glyph(d.glyph) + _comments(d.comments)
                             for d in defence.decisions]
        if defence.mode is not None:
            words.append(self.defence_word(defence.mode) + _comments(defence.comments))
        return " ".join(words)

    def play(self, play: Play) -> str:
        head = "play" + _comments(play.comments)
        body = self.line(play.cards, 0)
        return f"{head} {body}" if body else head

    def line(self, cards: Iterable[PlayedCard], offset: int) -> str:
        cards = tuple(cards)
        words = []
        for i, pc in enumerate(cards):
            text = self.card(pc.card) + _glyph(pc.glyph) + _comments(pc.comments)
            for v in pc.variations:
                inner = self.line(v.cards, offset + i)
                text += f" ({_comments(v.comments).lstrip()}{' ' if v.comments and inner else ''}{inner})"
            words.append(text)
            if (offset + i + 1) % 3 == 0 and i + 1 < len(cards):
                words.append("|")
        return " ".join(words)

    def claim(self, claim: Claim) -> str:
        words = ["claim"]
        for share in claim.shares:
            words.append(share.player)
            if share.tricks is not None:
                words.append(str(share.tricks))
        return " ".join(words) + _comments(claim.comments)

    def result(self, result: Result) -> str:
        return f"result {write_result(result)}{_comments(result.comments)}"

    def penalty(self, penalty: Penalty) -> str:
        return f"penalty {write_penalty(penalty)}{_comments(penalty.comments)}"

    def sheet(self, sheet: Checkpoint) -> str:
        return f"sheet {write_checkpoint(sheet)}{_comments(sheet.comments)}"


class _RussianWriter(_Writer):
    """The writer in the words said at a Russian table (``words="ru"``): calls, defence words and
    the totus in Russian, ranks ``7 8 9 10 В Д К Т``, suits ``п т б ч`` (or symbols with ``unicode``),
    no-trump ``бк``, misère ``мизер``; ``распасы`` for an auction of three bare passes."""

    def card(self, card: Card) -> str:
        return RU_RANKS[card.rank] + self.suit(card.suit)

    def suit(self, suit: Suit) -> str:
        return suit.symbol if self.unicode else RU_SUITS[suit]

    def bid(self, bid: Bid) -> str:
        if bid.strain is None:
            return RU_MISERE
        suit = bid.strain.suit
        return f"{bid.level}{RU_NO_TRUMP if suit is None else self.suit(suit)}"

    def hand(self, hand: Hand) -> str:
        ranks = ["".join(RU_RANKS[c.rank] for c in hand.suit(s)) for s in Suit]
        if not self.unicode:
            return ".".join(r or "-" for r in ranks)
        groups = [s.symbol + r for s, r in zip(Suit, ranks) if r]
        return " ".join(groups) if groups else "-.-.-.-"

    def call_word(self, call: Call) -> str:
        word = self.bid(call.bid) if call.kind is CallKind.BID and call.bid is not None else RU_CALLS[call.kind]
        return " ".join([DARK_WORD] * call.dark + [HAND_WORD] * call.hand + [word])

    totus_word = RU_TOTUS
    whist_keyword = RU_DECISIONS[DecisionKind.WHIST]  # the reader takes «вист» for the statement's keyword too

    def defence_word(self, kind: DecisionKind | WhistMode) -> str:
        return RU_DECISIONS[kind] if isinstance(kind, DecisionKind) else RU_MODES[kind]

    def bids(self, bids: Bids) -> str:
        calls = bids.calls
        if len(calls) == 3 and all(_bare_pass(c) for c in calls) and not calls[0].comments and not calls[1].comments:
            return f"bids {RU_ALL_PASS}{_comments(calls[2].comments)}"  # read back as these three passes
        return super().bids(bids)


def _bare_pass(call: Call) -> bool:
    return (call.kind is CallKind.PASS and call.player is None and not call.dark and not call.hand
            and call.glyph is None)


def _writer(unicode: bool, words: Words) -> _Writer:
    if words not in WORDS:
        raise ValueError(_("words must be one of {words}, not {given!r}").format(words=", ".join(WORDS), given=words))
    return _RussianWriter(unicode) if words == "ru" else _Writer(unicode)


def _same_for_all(words: Words) -> Callable[[Game], Words]:
    _writer(False, words)  # a vocabulary there is, or ValueError before anything is written
    return lambda _game: words


_NOTE_END = "\n "  # what ends a % note: what follows it goes on the next line, indented by the space before it


def _comments(comments: Iterable[Comment]) -> str:
    """The comments of an element as written after it: those in braces, then the ``%`` notes, each
    ending its line (:func:`_lines` starts what follows on the next)."""
    out = notes = ""
    for c in comments:
        if c.line_note:
            if "\n" in c.text or "\r" in c.text:
                raise ValueError(_("a % note cannot hold a line break: {text!r}").format(text=shorten(c.text)))
            notes += " %" + c.text.rstrip() + _NOTE_END
            continue
        if "}" in c.text:
            raise ValueError(_("a comment cannot hold '}}': {text!r}").format(text=shorten(c.text)))
        if _LONE_CR.search(c.text):
            raise ValueError(_("a comment cannot hold a carriage return without a line feed (a reader takes it for a "
                               "line break): {text!r}").format(text=shorten(c.text)))
        out += " {" + c.text + "}"
    return out + notes


def _preface(comments: Iterable[Comment]) -> list[str]:
    """The lines of comments written before a tag block or a deal, one comment a line."""
    return [_comments((c,)).lstrip() for c in comments]


def _lines(lines: list[str]) -> str:
    """Statements one a line (a statement ending with a ``%`` note loses the break written after it)."""
    return "\n".join(line[:-2] if line.endswith(_NOTE_END) else line for line in lines)


def _glyph(glyph: Glyph | None) -> str:
    return glyph.value if glyph is not None else ""


def dumps(games: Game | Iterable[Game], *, unicode: bool = False, words: Words = "en") -> str:
    """The canonical text of a game or of several games (separated by a blank line), its calls,
    defence words and cards in the notation's words (``words="en"``) or in Russian (``"ru"``)."""
    if isinstance(games, Game):
        return _writer(unicode, words).game(games)
    return "".join(iter_dumps(games, unicode=unicode, words=words))


def iter_dumps(games: Iterable[Game], *, unicode: bool = False,
               words: Words | Callable[[Game], Words] = "en") -> Iterator[str]:
    """The text of :func:`dumps` a game at a time, so that a long file is written in the memory of
    one game. ``words`` may be a function that chooses the vocabulary of each game (``preflog fmt``
    keeps each game's own, :func:`~preflog.notation.words.words_of`)."""
    choose = words if callable(words) else _same_for_all(words)
    writers = {w: _writer(unicode, w) for w in WORDS}
    previous: Game | None = None
    for game in games:
        if previous is not None:
            if not previous.deals:
                # NOTATION.md §2: only a tag block after a deal starts a new game.
                raise ValueError(_("a game without deals cannot be followed by another game: "
                                 "their tag blocks would read as one"))
            yield "\n"
        yield writers[choose(game)].game(game)
        previous = game


def iter_dumps_dealt(games: Iterable[tuple[Game, Iterable[Deal]]], *, unicode: bool = False,
                     words: Words | Callable[[Game], Words] = "en") -> Iterator[str]:
    """The text of :func:`iter_dumps` a deal at a time, so that a long game is written in the memory
    of one deal: each game given as its tag block (a Game whose deals are not read; ``words`` chooses
    from it) and its deals as they come (:func:`~preflog.notation.read.stream_games`)."""
    choose = words if callable(words) else _same_for_all(words)
    writers = {w: _writer(unicode, w) for w in WORDS}
    dealt: bool | None = None  # whether the game before had a deal (None before the first game)
    for game, deals in games:
        if dealt is not None:
            if not dealt:
                # NOTATION.md §2: only a tag block after a deal starts a new game.
                raise ValueError(_("a game without deals cannot be followed by another game: "
                                 "their tag blocks would read as one"))
            yield "\n"
        writer = writers[choose(game)]
        head = writer.head(game)
        if head is not None:
            yield head
        dealt = False
        for deal in deals:
            yield ("\n\n" if head is not None or dealt else "") + writer.deal(deal)
            dealt = True
        yield "\n"

#: The module's public names (what other layers and the server may import).
__all__ = [
    "dumps", "iter_dumps", "iter_dumps_dealt",
]
