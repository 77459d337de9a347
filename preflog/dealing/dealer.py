"""The dealer: boards shuffled from a seed until ``count`` satisfy a condition (``preflog.deal``).

One stream of shuffles is drawn from the seed (Python's Mersenne Twister, seeded with a hash of the
seed's text), deal after deal: the first ten cards to the first hand, the next ten to the second and
to the third, the last two to the talon. A deal the condition wants becomes the next board, its hands
given to the seats in bidding order from its dealer's (the dealer of board *k* rotates as in
:func:`~preflog.event.boards.deal_boards`). The same seed, condition and table give the same boards,
and more tries only add boards after those found with fewer.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import Final

import attrs

from ..event.boards import SEAT_IDS, Board, boards_game, dealer_of
from ..game.bits import cards_of
from ..i18n import _, ngettext
from ..model.game import Tag
from ..model.hand import Hand
from .condition import Condition, compile_condition
from .view import DealView

#: The tries a deal is given unless told: a shape condition runs through them in seconds.
TRIES: Final = 100_000
#: The most boards one call deals (a hand record's deals are numbered in a game, MAX_DEALS at most).
MOST_BOARDS: Final = 1000
#: The longest seed, in characters (the Seed tag keeps it).
LONGEST_SEED: Final = 100
#: The tag that keeps the condition a hand record was dealt to.
WHERE_TAG: Final = "Where"
_BITS: Final = tuple(1 << i for i in range(32))

Where = Callable[[DealView], bool]


@attrs.frozen
class Deals:
    """What :func:`deal` dealt: the ``boards`` found (fewer than ``count`` when the ``tries`` ran out), the
    tries it took, and how (``seed``, ``where``: the condition's text, ``None`` for a function)."""

    boards: tuple[Board, ...]
    count: int
    tries: int
    seed: str
    players: int
    where: str | None

    @property
    def complete(self) -> bool:
        """Whether all ``count`` boards were found."""
        return len(self.boards) == self.count

    def record(self) -> str:
        """The hand record (:func:`~preflog.event.boards.dump_boards`'s), with the ``Seed`` tag and, for
        a condition written as text, the ``Where`` tag, so that the deal can be made again."""
        from ..model.game import Game
        from ..notation.write import dumps

        game = boards_game(self.boards, seed=self.seed)
        tags: tuple[Tag, ...] = (Tag("Players", " ".join(SEAT_IDS[:self.players])), Tag("Seed", self.seed))
        if self.where is not None:
            tags += (Tag(WHERE_TAG, self.where),)
        return dumps(Game(tags, game.deals))


def deal(count: int, *, where: Where | str | None = None, seed: str | int = 1, players: int = 3,
         tries: int = TRIES) -> Deals:
    """``count`` boards for a table of ``players`` (3 or 4) on which ``where`` is true, shuffled from
    ``seed``, in at most ``tries`` shuffles. ``where`` is a function of a :class:`~.view.DealView`
    (``where=lambda d: len(d.first.spades) >= 5 and d.tricks(d.first, "s") >= 8``), or the same as a
    condition's text (``"len(first.spades) >= 5 and tricks(first, 's') >= 8"``, checked first:
    :class:`~.condition.BadCondition` where it is refused), or ``None`` for any deal."""
    if players not in (3, 4):
        raise ValueError(_("a table is of 3 or 4 players, not {n}").format(n=players))
    if not 0 <= count <= MOST_BOARDS or tries < 0:
        raise ValueError(_("the boards asked for are 0 to {most}, not {n}; the tries at least 0, not {tries}").format(
            most=MOST_BOARDS, n=count, tries=tries))
    seed = str(seed)
    if len(seed) > LONGEST_SEED or any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in seed):
        raise ValueError(ngettext("a seed is one line of at most {most} character",
                                  "a seed is one line of at most {most} characters", LONGEST_SEED).format(
            most=LONGEST_SEED))
    test: Where | None = compile_condition(where, players) if isinstance(where, str) else where
    text = test.text if isinstance(test, Condition) else None  # on one line, as the Where tag keeps it
    rng = random.Random(f"preflog-deal:{seed}")  # a str seed passes through SHA-512
    pack = list(_BITS)
    boards: list[Board] = []
    used = 0
    while len(boards) < count and used < tries:
        used += 1
        rng.shuffle(pack)
        hands = (sum(pack[0:10]), sum(pack[10:20]), sum(pack[20:30]))
        talon = pack[30] | pack[31]
        if test is not None and not test(DealView(hands, talon, players)):
            continue
        boards.append(_board(len(boards) + 1, players, hands, talon))
    return Deals(tuple(boards), count, used, seed, players, text)


def _board(number: int, players: int, hands: tuple[int, int, int], talon: int) -> Board:
    """Board ``number``: ``hands`` in bidding order given to its seats from its dealer's."""
    dealer = dealer_of(number, players)
    seats = Board(number, players, dealer, {}, ()).active()
    return Board(number, players, dealer, {seat: Hand(cards_of(bits)) for seat, bits in zip(seats, hands)},
                 cards_of(talon))


__all__ = ["Deals", "MOST_BOARDS", "TRIES", "WHERE_TAG", "Where", "deal"]
