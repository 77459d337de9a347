"""Write games in the canonical form of the notation (NOTATION.md: "canonical export").

ASCII cards (or suit symbols with ``unicode=True``), dotted hands with ``Player:`` prefixes in
bidding order, one statement per line, ``|`` between tricks, tags in a fixed order. Reading what
this module writes and writing it again gives the same text.

The calls, defence words and cards are written in the notation's words (``words="en"``, the
canonical form) or in those said at a Russian table (``words="ru"``: ``пас``, ``вист``, ``полвиста``,
``7бк``, ``мизер``, ``Тп``, ``10б``; :mod:`.words`), which read back as the same game.

Each statement is written by its codec (:data:`~.statements.STATEMENTS`: the ``write`` of its module,
beside its fast reading and its grammar callback) in the spelling of the vocabulary chosen
(:mod:`.statements.spelling`); this module lays out the games and their deals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..i18n import _
from ..model.deal import Deal
from ..model.game import Game
from .statements import STATEMENTS, deal as deal_head, tags as tag_block
from .statements.layout import lines, preface
from .statements.spelling import RussianSpelling, Spelling
from .words import WORDS, Words


def _write_game(spell: Spelling, game: Game) -> str:
    head = tag_block.write(spell, game)
    blocks = [head] if head is not None else []
    blocks += [_write_deal(spell, d) for d in game.deals]
    return "\n\n".join(blocks) + "\n"


def _write_deal(spell: Spelling, deal: Deal) -> str:
    """A deal: its preface, its head, then each statement it has, with its codec, in order."""
    written = preface(deal.preface)
    written.append(deal_head.write(spell, deal))
    for codec in STATEMENTS:
        value = getattr(deal, codec.field)  # type: ignore[arg-type]  # every statement fills a field
        if codec.repeats:
            written += [codec.write(spell, v) for v in value]
        elif value is not None:
            written.append(codec.write(spell, value))
    return lines(written)


def _writer(unicode: bool, words: Words) -> Spelling:
    if words not in WORDS:
        raise ValueError(_("words must be one of {words}, not {given!r}").format(words=", ".join(WORDS), given=words))
    return RussianSpelling(unicode) if words == "ru" else Spelling(unicode)


def _same_for_all(words: Words) -> Callable[[Game], Words]:
    _writer(False, words)  # a vocabulary there is, or ValueError before anything is written
    return lambda _game: words


def dumps(games: Game | Iterable[Game], *, unicode: bool = False, words: Words = "en") -> str:
    """The canonical text of a game or of several games (separated by a blank line), its calls,
    defence words and cards in the notation's words (``words="en"``) or in Russian (``"ru"``)."""
    if isinstance(games, Game):
        return _write_game(_writer(unicode, words), games)
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
        yield _write_game(writers[choose(game)], game)
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
        head = tag_block.write(writer, game)
        if head is not None:
            yield head
        dealt = False
        for deal in deals:
            yield ("\n\n" if head is not None or dealt else "") + _write_deal(writer, deal)
            dealt = True
        yield "\n"

#: The module's public names (what other layers and the server may import).
__all__ = [
    "dumps", "iter_dumps", "iter_dumps_dealt",
]
