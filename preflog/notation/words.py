"""The two vocabularies the notation is written in, and which of them a text was written in.

The reader takes the words said at a Russian table as the notation's own (docs/notation.md, "The words
said at the table"). The writer can give a game back in either: ``"en"``, the notation's words and
letters (``pass``, ``whist``, ``half``, ``6nt``, ``mis``, ``As``, ``Td``), the canonical form; or
``"ru"``, the table's (``пас``, ``вист``, ``полвиста``, ``6бк``, ``мизер``, ``Тп``, ``10б``). The
statement keywords, the tags, ``dark``/``hand`` and the words of ``penalty`` and ``sheet`` have one
spelling and are the same in both. Every Russian spelling here is one the reader reads as the English
one (a test holds them to it).

:func:`words_of` tells which vocabulary a text was written in, so that ``preflog fmt`` keeps it: the
one most of its calls and defence words are in; on a tie (none of them, or as many of each), the
one most of its card letters are in; on a tie again, English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, get_args

from ..model.auction import TOTUS_WORD, CallKind
from ..model.bids import MISERE_NAMES, STRAIN_NAMES, Strain
from ..model.cards import RANK_NAMES, SUIT_NAMES, Rank, Suit
from ..model.defence import DecisionKind, WhistMode
from .vocabulary import ALL_PASS, RUSSIAN_WORDS, STATEMENT_ORDER

#: A vocabulary: the notation's words (``en``) or the words said at a Russian table (``ru``).
Words = Literal["en", "ru"]
#: The vocabularies, the canonical one first.
WORDS: tuple[Words, ...] = get_args(Words)

# ---- the Russian spellings the writer writes (the first the reader reads of each) -------------

RU_CALLS: dict[CallKind, str] = {CallKind.PASS: "пас", CallKind.HERE: "здесь"}
RU_DECISIONS: dict[DecisionKind, str] = {
    DecisionKind.WHIST: "вист", DecisionKind.PASS: "пас", DecisionKind.HALF: "полвиста",
}
RU_MODES: dict[WhistMode, str] = {WhistMode.OPEN: "открыто", WhistMode.CLOSED: "закрыто"}
RU_TOTUS = "тотус"
RU_ALL_PASS = "распасы"  #: a whole auction in which everybody passed: ``bids распасы``
RU_MISERE = MISERE_NAMES[2]  # мизер
RU_NO_TRUMP = STRAIN_NAMES[Strain.NO_TRUMP][4]  # БК, as in 7БК: the Code's capitals, as every message writes no-trump
#: The ranks as a Russian player writes them: В Д К Т for jack, queen, king and ace, 10 for the ten.
RU_RANKS: dict[Rank, str] = {rank: RANK_NAMES[rank][-1] for rank in Rank}  # the table's last spelling
#: The suits' Cyrillic letters (пики, трефы, бубны, червы), written when suit symbols are not.
RU_SUITS: dict[Suit, str] = {suit: SUIT_NAMES[suit][-1] for suit in Suit}  # the table's last spelling

assert RUSSIAN_WORDS[RU_ALL_PASS] == ALL_PASS and RUSSIAN_WORDS[RU_TOTUS] == TOTUS_WORD
assert all(RUSSIAN_WORDS[ru] == kind.value for table in (RU_CALLS, RU_DECISIONS, RU_MODES)
           for kind, ru in table.items())

# ---- which vocabulary a text is written in --------------------------------------------------

# What the reader skips (a comment, a % note, a tag) or reads as one word, from left to right as its
# lexer goes: a brace inside a % note or a % inside a comment is no comment or note of its own.
_SCAN = re.compile(r'\{[^}]*\}?|%[^\n]*|\[[ \t]*[A-Za-z][A-Za-z0-9_.]*[ \t]+"(?:[^"\\\n]|\\.)*"[ \t]*\]'
                   r"|[^\s{}%()|\[\]]+")
_GLYPHS = "!?"
_STATEMENTS = frozenset({"deal", *STATEMENT_ORDER} - {"whist"})
_WHIST_KEYWORDS = frozenset({"whist", "вист"})
_EN_WORDS = frozenset({
    *(k.value for k in CallKind if k is not CallKind.BID), *(k.value for k in DecisionKind),
    *(m.value for m in WhistMode), TOTUS_WORD, *MISERE_NAMES[:2],
})
_RU_WORDS = frozenset({*RUSSIAN_WORDS, RU_MISERE})
_LEVEL = r"(?:[6-9]|10)"
_NT_BID = re.compile(rf"{_LEVEL}(?:nt|NT)")
_RU_NT_BID = re.compile(rf"{_LEVEL}(?:бк|БК)")
_SUIT_BID = re.compile(rf"{_LEVEL}[scdhптбч]")
_GLYPH_BID = re.compile(rf"{_LEVEL}[♠♣♦♥♤♧♢♡]")  # the same in both vocabularies: a bid, not the card 10♠
_RANK = "(?:10|[789TJQKAВДКТ])"
_SUIT_CHARS = "scdhптбч♠♣♦♥♤♧♢♡"
_CARDS = re.compile(rf"(?:{_RANK}[{_SUIT_CHARS}])+")  # a card, or cards written without a space
_DOTTED_PART = rf"(?:-|{_RANK}*)"
_DOTTED = re.compile(rf"{_DOTTED_PART}(?:\.{_DOTTED_PART}){{3}}")
_GROUPS = re.compile(rf"(?:[♠♣♦♥♤♧♢♡](?:-|{_RANK}+))+")  # a hand's suit groups
_EN_LETTERS = frozenset("TJQKAscdh")
_RU_LETTERS = frozenset("ВДКТптбч")


class Count:
    """How many words and card letters of a text are in each vocabulary."""

    __slots__ = ("en_words", "ru_words", "en_letters", "ru_letters")

    def __init__(self) -> None:
        self.en_words = self.ru_words = self.en_letters = self.ru_letters = 0

    def add(self, text: str) -> Count:
        """Count the words of ``text`` (more of a game's text may follow: its pieces one by one)."""
        statement = ""
        for m in _SCAN.finditer(text):
            token = m.group()
            if token[0] in "{%[":
                continue
            token = token.rstrip(_GLYPHS)
            if token.endswith(":"):  # a player's prefix
                continue
            if token in _STATEMENTS:
                statement = token
            elif token in _WHIST_KEYWORDS and statement != "whist":
                statement = "whist"  # the keyword of the statement: one spelling in both (a decision may follow)
            elif token in _EN_WORDS or _NT_BID.fullmatch(token):
                self.en_words += 1
            elif token in _RU_WORDS or _RU_NT_BID.fullmatch(token):
                self.ru_words += 1
            elif _SUIT_BID.fullmatch(token):
                self._letters(token[-1])
            elif statement in ("bids", "contract") and _GLYPH_BID.fullmatch(token):
                continue
            elif _CARDS.fullmatch(token) or _DOTTED.fullmatch(token) or _GROUPS.fullmatch(token):
                self._letters(token)
        return self

    def _letters(self, token: str) -> None:
        self.en_letters += sum(c in _EN_LETTERS for c in token)
        self.ru_letters += sum(c in _RU_LETTERS for c in token) + token.count("10")

    @property
    def words(self) -> Words:
        """The vocabulary the text was written in (see the module's text)."""
        if self.en_words != self.ru_words:
            return "ru" if self.ru_words > self.en_words else "en"
        return "ru" if self.ru_letters > self.en_letters else "en"


def words_of(text: str | Iterable[str]) -> Words:
    """The vocabulary ``text`` (or the pieces of one text, in order) was written in: ``"ru"`` when
    most of its calls and defence words are the table's Russian ones (``пас``, ``вист``, ``полвиста``,
    ``здесь``, ``мизер``, ``7бк``, ``закрыто``, ``тотус``, ``распасы``), ``"en"`` when most are the
    notation's; as many of each (or none), the cards decide (``Тп 10б`` or ``As Td``); English when they
    do not either. Comments, ``%`` notes and tags are not looked at."""
    count = Count()
    for piece in (text,) if isinstance(text, str) else text:
        count.add(piece)
    return count.words
