"""The double-dummy search: hands as bitmasks, every card seen, best play on all sides.

One player is the *target*: the declarer of a game or a misère, or in an all-pass the player whose
tricks are counted. The target's side wants his tricks high (a game) or low (a misère, an all-pass);
the other two seats play together for the opposite. The search answers one question at a time,
"can the side that wants the target's tricks high get at least ``k`` more of them?", over tricks
from a trick's start, as bridge's double-dummy solvers do:

* **bitmask hands** (:mod:`preflog.game.bits`: a suit is one byte, the ace its lowest bit, so the
  higher of two cards of a suit is the smaller number);
* **equivalent cards**: of a run of cards in one hand with no other card between them (in a hand or
  on the table) only one is tried;
* a **transposition table** of bounds on the target's tricks from each trick's start, keyed by the
  hands' relative ranks (each card's holder, as a digit in base 3) and keeping the lead that last
  settled the position, tried first the next time;
* **move ordering**: a card that settles the trick the way its player wants, cheaply, first; of
  leads, the one that settled the position last (the killer), then those that settled others lately
  (the history heuristic);
* **quick-trick bounds**: tricks the side to lead can cash at once with top cards, and the tricks of
  trumps above all of the other side's.

The search is one class of plain integer methods, :class:`Solver`, typed with ``i64``. This source is
the reference: ``_search.c`` is the same class written in C, method for method, built with the package
(``setup.py``) and used wherever this module runs compiled by mypyc; it gives the same answers after
the same work (the same questions, the same tricks' starts: ``tests/test_native_search.py`` compares
them), about three times sooner. Where nothing could be compiled, or with ``PREFLOG_PURE_PYTHON=1``,
this module runs as it is, :class:`Solver` included.

Cards on a trick the talon leads (an all-pass, Code 3.7.6) are searched the same way, with the
talon's card leading. Everything here is plain ints, tuples and dicts: :mod:`.solve` turns the
engine's states into them and the answers back into cards.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final, Protocol, final

try:  # mypyc's native 64-bit integers, plain ints where mypy_extensions is not installed
    from mypy_extensions import i64
except ImportError:
    i64 = int  # type: ignore[misc]

SUIT_MASKS: tuple[int, int, int, int] = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
#: The mask of a card's suit, by the card's bit.
SUIT_OF: dict[int, int] = {1 << i: 0xFF << (i & ~7) for i in range(32)}
NOBODY = -1

#: The number of cards in a byte, and the highest bit of a byte (the lowest card of a suit's byte).
POP: Final = bytes([bin(b).count("1") for b in range(256)])
TOP: Final = bytes([0 if b == 0 else 1 << (b.bit_length() - 1) for b in range(256)])
#: The bit of a byte's one card, by the byte.
_BIT_IN_BYTE: Final = bytes(b.bit_length() - 1 if b and not b & (b - 1) else 0 for b in range(256))
#: Powers of three: a transposition table's key writes each card's holder as a digit in base 3.
POW3: Final = [3 ** i for i in range(33)]
#: The cards a hand holds from which its leads are tried in the order of the history (:meth:`Solver.lead`):
#: below it, sorting them costs more than the order saves.
HISTORY_FROM: Final = 5

_REPS: bytes | None = None
_TERNARY: list[int] | None = None
_SAFE: bytes | None = None


def _representatives() -> bytes:
    """For ``rest << 8 | mine`` (one suit's byte: the cards still in play, and those of them one hand
    may play) the highest card of each run of ``mine`` with no card of ``rest`` outside ``mine``
    between its cards: of equivalent cards, the one to try."""
    global _REPS
    if _REPS is None:
        table = bytearray(65536)
        for rest in range(256):
            mine = rest
            while True:
                reps, run = 0, False
                for b in range(8):
                    bit = 1 << b
                    if rest & bit:
                        if mine & bit:
                            if not run:
                                reps |= bit
                            run = True
                        else:
                            run = False
                table[rest << 8 | mine] = reps
                if not mine:
                    break
                mine = (mine - 1) & rest
        _REPS = bytes(table)
    return _REPS


def _ternaries() -> list[int]:
    """For ``rest << 8 | mine`` (one suit's byte, ``mine`` within ``rest``) the sum of ``3 ** i`` over the
    cards of ``mine``, ``i`` a card's rank among the cards still in play (the highest 0): a hand's part
    of a suit with the cards out of play squeezed out, as a number in base 3."""
    global _TERNARY
    if _TERNARY is None:
        table = [0] * 65536
        for rest in range(256):
            places = [b for b in range(8) if rest >> b & 1]
            mine = rest
            while True:
                table[rest << 8 | mine] = sum(3 ** i for i, b in enumerate(places) if mine >> b & 1)
                if not mine:
                    break
                mine = (mine - 1) & rest
        _TERNARY = table
    return _TERNARY


def _safe_suits() -> bytes:
    """For ``mine << 8 | others`` (one suit's byte of a hand without trumps and of the other two
    hands): whether the hand can lose every trick of the suit it follows. 1 when every card of it is
    below all of theirs (it can also lead the suit and lose); 2 when only one side holds the suit;
    4 when, its cards and theirs each ranked from the lowest, its j-th card is below their j-th (a
    clean suit: on each lead it plays its highest card under the trick and the order holds; a card the
    others throw away or play over it only raises theirs, and it can always throw its highest card);
    0 otherwise."""
    global _SAFE
    if _SAFE is None:
        table = bytearray(65536)
        for mine in range(256):
            ranks = [b for b in range(7, -1, -1) if mine >> b & 1]  # the ace is bit 0: lowest rank first
            for others in range(256):
                if not mine or not others or mine & others:
                    table[mine << 8 | others] = 2
                elif (mine & -mine) > others:
                    table[mine << 8 | others] = 1
                else:
                    theirs = [b for b in range(7, -1, -1) if others >> b & 1]
                    clean = all(m > o for m, o in zip(ranks, theirs))  # a higher bit is a lower card
                    table[mine << 8 | others] = 4 if clean else 0
        _SAFE = bytes(table)
    return _SAFE


def count(m: i64) -> i64:
    """The number of cards in the mask ``m``."""
    return POP[m & 0xFF] + POP[(m >> 8) & 0xFF] + POP[(m >> 16) & 0xFF] + POP[(m >> 24) & 0xFF]


def lowest(m: i64) -> i64:
    """The lowest card of the mask ``m`` (not empty): its highest bit."""
    top: i64
    if m >> 24:
        top = TOP[m >> 24]
        return top << 24
    if m >> 16:
        top = TOP[m >> 16]
        return top << 16
    if m >> 8:
        top = TOP[m >> 8]
        return top << 8
    top = TOP[m]
    return top


def bit_of(card: i64) -> i64:
    """The bit of the one card ``card`` (0 for the ace of the first suit)."""
    shift = shift_of(card)
    return shift + _BIT_IN_BYTE[card >> shift]


def suit_mask(card: i64) -> i64:
    """The mask of ``card``'s suit. (Written out: mypyc compiles ``0xFF << shift`` as a shift of a C
    ``int``, which overflows for hearts and gave a negative mask.)"""
    if card >= 0x1000000:
        return 0xFF000000
    if card >= 0x10000:
        return 0xFF0000
    if card >= 0x100:
        return 0xFF00
    return 0xFF


def shift_of(card: i64) -> i64:
    """The shift of ``card``'s suit byte."""
    if card >= 0x1000000:
        return 24
    if card >= 0x10000:
        return 16
    if card >= 0x100:
        return 8
    return 0


def run_of(card: int, mine: int, rest: int) -> int:
    """The cards of ``mine`` equivalent to ``card`` (itself included): its run, cards out of play
    (not in ``rest``) between them not counting."""
    suit = SUIT_OF[card]
    run = card
    bit = card >> 1
    while bit & suit:
        if bit & rest:
            if not bit & mine:
                break
            run |= bit
        bit >>= 1
    bit = card << 1
    while bit & suit:
        if bit & rest:
            if not bit & mine:
                break
            run |= bit
        bit <<= 1
    return run


class Position:
    """A point of the play as the search sees it.

    ``hands``: the three seats' cards; ``leader``: the seat that led the trick in play (the eldest
    hand on a trick the talon leads); ``table``: the cards played to it so far, in order;
    ``talon``: the talon's cards still to lead a trick (an all-pass, Code 3.7.6), the one of the
    trick in play first; ``four``: a fourth player sits out (an unbeaten talon card takes its
    trick for him, 3.7.6.3); ``void_eldest``: a talon trick nobody follows goes to the eldest hand.
    """

    hands: tuple[int, int, int]
    leader: int
    table: tuple[int, ...]
    talon: tuple[int, ...]
    four: bool
    void_eldest: bool

    def __init__(self, hands: tuple[int, int, int], leader: int, table: tuple[int, ...] = (),
                 talon: tuple[int, ...] = (), four: bool = False, void_eldest: bool = False) -> None:
        self.hands, self.leader, self.table = hands, leader, table
        self.talon, self.four, self.void_eldest = talon, four, void_eldest

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.table)) % 3

    def legal(self, trump: int | None = None) -> int:
        """The cards the seat to play may play (Code 3.9.3; 3.7.6 on a talon trick, no trumps)."""
        hand = self.hands[self.to_play]
        if self.talon:
            return hand & SUIT_OF[self.talon[0]] or hand
        if not self.table:
            return hand
        return hand & SUIT_OF[self.table[0]] or (hand & SUIT_MASKS[trump] if trump is not None else 0) or hand

    def tricks_left(self) -> int:
        return self.hands[self.leader].bit_count() + (1 if self.table else 0)


class Solving(Protocol):
    """What :class:`Search` asks of a solver: :class:`Solver`, or the same in C (``_search.Solver``)."""

    @property
    def questions(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    def win(self, position: Position, k: int) -> bool: ...
    def start(self, h0: int, h1: int, h2: int, leader: int, k: int) -> bool: ...
    def representatives(self, legal: int, rest: int) -> int: ...


#: The solver in C (``_search.Solver``) when this module runs compiled and it was built; else ``None``,
#: and :class:`Solver`. Looked up at the first search (:func:`native_solver`).
_native: Callable[[int, bool, int], Solving] | None = None
_looked_up = False


def native_solver() -> Callable[[int, bool, int], Solving] | None:
    """The solver written in C (``_search.c``), which the searches use where this module runs compiled
    and the build made it; else ``None``: they use :class:`Solver`."""
    global _native, _looked_up
    if not _looked_up:
        _looked_up = True
        from ..compiled import is_compiled

        if is_compiled(sys.modules[__name__]):
            try:
                from . import _search
            except ImportError:  # the build could not compile it: this module's own, compiled by mypyc
                pass
            else:
                _search.set_tables(_representatives(), _ternaries(), _safe_suits())
                _native = _search.Solver
    return _native


def set_native(solver: Callable[[int, bool, int], Solving] | None) -> None:
    """Searches made from now on use ``solver`` in place of :func:`native_solver`'s (``None``:
    :class:`Solver`): the benchmarks time the two side by side."""
    global _native, _looked_up
    _native, _looked_up = solver, True


def new_solver(target: int, wants_more: bool, trump: int) -> Solving:
    """A solver for one target seat, goal and trump (-1: no-trump): :func:`native_solver`'s, else
    :class:`Solver`."""
    native = native_solver()
    return Solver(target, wants_more, trump) if native is None else native(target, wants_more, trump)


class Search:
    """Best play for one target seat and one goal; a transposition table kept between questions."""

    def __init__(self, target: int, wants_more: bool, trump: int | None = None) -> None:
        self.target = target
        self.wants_more = wants_more
        self.trump = trump
        self.solver = new_solver(target, wants_more, -1 if trump is None else trump)

    def at_least(self, position: Position, k: int) -> bool:
        """Whether the side that wants the target's tricks high gets at least ``k`` of those still to
        be played from ``position`` (the trick in play included)."""
        return self.solver.win(position, k)

    def at_least_from(self, h0: int, h1: int, h2: int, k: int) -> bool:
        """:meth:`at_least` from the start of play, the first hand (``h0``) leading."""
        return self.solver.start(h0, h1, h2, 0, k)

    def value(self, position: Position, guess: int | None = None, known: tuple[int, int] | None = None) -> int:
        """The target's tricks from ``position`` on (the trick in play included) with best play;
        ``guess``, a likely value, saves questions when it is close. Without one, a goal of few tricks
        steps up from none: showing the target can be held below ``k`` costs more the further ``k`` is
        above his value, and the questions below it are cheap. ``known``: the fewest and the most he
        can take, shown already (no question is asked again)."""
        if guess is None and not self.wants_more:
            guess = 0
        lo, hi = 0, position.tricks_left()
        if known is not None:
            lo, hi = max(lo, known[0]), min(hi, known[1])
        k = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
        while lo < hi:
            if self.solver.win(position, k):
                lo = k
                k += 1
            else:
                hi = k - 1
                k -= 1
            if guess is None:
                k = (lo + hi + 1) // 2
        return lo

    def card_values(self, position: Position, guess: int | None = None) -> dict[int, int]:
        """The value (as :meth:`value`) after each legal card of the seat to play, from ``position``;
        ``guess``: the position's likely value."""
        legal = position.legal(self.trump)
        rest = position.hands[0] | position.hands[1] | position.hands[2]
        for c in position.table:
            rest |= c
        for c in position.talon:
            rest |= c
        out: dict[int, int] = {}
        m = self.solver.representatives(legal, rest)
        while m:
            c = m & -m
            m ^= c
            nxt, taken = after(position, c, self.trump, self.target)
            v = taken + self.value(nxt, None if guess is None else guess - taken)
            run = run_of(c, legal, rest)
            while run:
                e = run & -run
                run ^= e
                out[e] = v
        return out


def after(p: Position, card: int, trump: int | None, target: int) -> tuple[Position, int]:
    """``p`` with ``card`` played by the seat to play, and the tricks that card's finishing the trick
    gave the target (0 or 1)."""
    seat = p.to_play
    hands = list(p.hands)
    hands[seat] ^= card
    table = p.table + (card,)
    hands3 = (hands[0], hands[1], hands[2])
    if len(table) < 3:
        return Position(hands3, p.leader, table, p.talon, p.four, p.void_eldest), 0
    winner = trick_winner(p.leader, table, p.talon[0] if p.talon else 0, trump, p.four, p.void_eldest)
    leader = 0 if p.talon or winner < 0 else winner  # the eldest hand leads after a talon trick (3.7.6.1)
    return Position(hands3, leader, (), p.talon[1:], p.four, p.void_eldest), int(winner == target)


def top_tricks(mine: i64, a: i64, b: i64, tm: i64) -> i64:
    """Tricks ``mine`` takes for sure by leading its cards higher than any card of ``a`` and ``b`` in
    their suit, one after another, before anything else (the leader keeps the lead): a side suit's
    only as long as each of ``a`` and ``b`` that holds a trump still has the suit (3.9.3: a player
    who has not the suit must trump). ``tm``: the trump suit's mask, or 0."""
    q: i64 = 0
    others = a | b
    sm: i64 = 0xFF
    for _ in range(4):
        ms = mine & sm
        if ms:
            os_ = others & sm
            top = count(ms & ((os_ & -os_) - 1)) if os_ else count(ms)
            if top and tm and sm != tm:
                if a & tm:
                    top = min(top, count(a & sm))
                if b & tm:
                    top = min(top, count(b & sm))
            q += top
        sm <<= 8
    return q


def trick_winner(leader: int, table: tuple[int, ...], talon_card: int, trump: int | None,
                 four: bool, void_eldest: bool) -> int:
    """The seat that takes a trick of three cards led by ``leader`` (``talon_card``: the talon's card
    leading it, or 0): Code 3.9.4, and 3.7.6 for a trick the talon leads. ``NOBODY`` (-1) when
    it goes to no player of the three."""
    if talon_card:
        suit = SUIT_OF[talon_card]
        best, seat = (talon_card, NOBODY) if four else (0, NOBODY)
        for i, c in enumerate(table):
            if c & suit and (not best or c < best):
                best, seat = c, (leader + i) % 3
        if seat == NOBODY and not best and void_eldest:
            return 0
        return seat
    tm = 0 if trump is None else SUIT_MASKS[trump]
    best, seat = table[0], leader
    for i in (1, 2):
        c = table[i]
        if c & SUIT_OF[best]:
            if c < best:
                best, seat = c, (leader + i) % 3
        elif c & tm:
            best, seat = c, (leader + i) % 3
    return seat


@final
class Solver:
    """The boolean search of one target seat, goal and trump: "does the side that wants the target's
    tricks high get ``k`` of the tricks left?", with its tables kept between questions.

    The three hands in play are ``h0``, ``h1``, ``h2``; a card is tried by taking it out of its
    holder's hand and put back after. ``tt`` holds bounds on the target's tricks from a trick's start
    and the lead that last settled the position (``lo | hi << 4 | card << 8``), keyed by the holders
    of the cards in play, rank by rank (:meth:`key`)."""

    target: i64
    wants_more: bool
    tm: i64
    more: i64       # bit ``seat``: that seat wants the target's tricks high
    take_good: i64  # bit ``seat``: taking a trick helps that seat's side
    h0: i64
    h1: i64
    h2: i64
    tt: dict[int, int]
    killer: i64  # the lead that settled the position last searched
    history: list[int]  # at ``32 * seat + bit``: how well that seat's lead of that card has done
    questions: i64  # the questions asked (:meth:`win`) and the tricks' starts reached answering them:
    nodes: i64      # the search's work, the same compiled or not (benchmarks/odds.py counts it)
    reps: bytes
    ternary: list[int]
    safe: bytes

    def __init__(self, target: i64, wants_more: bool, trump: i64) -> None:
        self.target = target
        self.wants_more = wants_more
        one: i64 = 1
        self.tm = 0 if trump < 0 else SUIT_MASKS[trump]  # not 0xFF << 8 * trump: see suit_mask
        more: i64 = 0
        take_good: i64 = 0
        for seat in range(3):
            is_more = (seat == target) == wants_more
            if is_more:
                more |= one << seat
            if is_more == (seat == target):
                take_good |= one << seat
        self.more, self.take_good = more, take_good
        self.h0 = self.h1 = self.h2 = 0
        self.tt = {}
        self.killer = 0
        self.history = [0] * 96
        self.questions = self.nodes = 0
        self.reps = _representatives()
        self.ternary = _ternaries()
        self.safe = _safe_suits()

    def representatives(self, legal: i64, rest: i64) -> i64:
        """:func:`representatives` with the solver's own table."""
        reps = self.reps
        out: i64 = 0
        part: i64
        if legal & 0xFF:
            out = reps[(rest & 0xFF) << 8 | (legal & 0xFF)]
        if legal & 0xFF00:
            part = reps[(rest & 0xFF00) | ((legal >> 8) & 0xFF)]
            out |= part << 8
        if legal & 0xFF0000:
            part = reps[((rest >> 8) & 0xFF00) | ((legal >> 16) & 0xFF)]
            out |= part << 16
        if legal & 0xFF000000:
            part = reps[((rest >> 16) & 0xFF00) | (legal >> 24)]
            out |= part << 24
        return out

    def hand(self, seat: i64) -> i64:
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        return self.h2

    def put(self, seat: i64, cards: i64) -> None:
        if seat == 0:
            self.h0 = cards
        elif seat == 1:
            self.h1 = cards
        else:
            self.h2 = cards

    def start(self, h0: i64, h1: i64, h2: i64, leader: i64, k: i64) -> bool:
        """:meth:`win` at a trick's start, the hands given one by one (no position made)."""
        self.ask()
        self.h0, self.h1, self.h2 = h0, h1, h2
        return self.boundary(leader, k)

    def ask(self) -> None:
        """One question more: counted, and the history (:meth:`lead`) halved."""
        self.questions += 1
        history = self.history
        for i in range(96):  # the leads that did well lately count most
            history[i] >>= 1

    def win(self, position: Position, k: i64) -> bool:
        """Whether the side wanting the target's tricks high gets ``k`` more from ``position``."""
        self.ask()
        self.h0, self.h1, self.h2 = position.hands
        if position.talon:
            return self.talon_trick(position.talon, position.table, position.four, position.void_eldest, k)
        table = position.table
        if not table:
            return self.boundary(position.leader, k)
        leader: i64 = position.leader
        tm = self.tm
        best: i64 = table[0]
        winner = leader
        t = best
        for i in range(1, len(table)):
            c: i64 = table[i]
            t |= c
            if (c < best) if c & suit_mask(best) else (c & tm):
                best, winner = c, (leader + i) % 3
        ls = shift_of(table[0])
        if len(table) == 1:
            return self.second((leader + 1) % 3, leader, ls, best, winner, t, k)
        return self.third((leader + 2) % 3, leader, ls, best, winner, t, k)

    def key(self, leader: i64) -> i64:
        """The position at a trick's start with the cards out of play squeezed out of each suit: for
        each card in play, highest first, its holder (0 for ``h2``, 1 for ``h0``, 2 for ``h1``) as a
        digit in base 3; then the suits' lengths and the leader."""
        h0, h1 = self.h0, self.h1
        r = h0 | h1 | self.h2
        tern = self.ternary
        key: i64 = 0
        lengths: i64 = 0
        place: i64 = 0
        for s in range(4):
            shift = 8 * s
            rb = ((r >> shift) & 0xFF) << 8
            if rb:
                mine: i64 = tern[rb | ((h0 >> shift) & 0xFF)]
                second: i64 = tern[rb | ((h1 >> shift) & 0xFF)]
                power: i64 = POW3[place]
                key += (mine + 2 * second) * power
                n: i64 = POP[rb >> 8]
                place += n
                lengths = lengths * 9 + n
            else:
                lengths *= 9
        return (key * 6561 + lengths) * 3 + leader

    def boundary(self, leader: i64, k: i64) -> bool:
        """At a trick's start: can the side wanting more get ``k`` of the tricks left?"""
        self.nodes += 1
        if k <= 0:
            return True
        h0, h1, h2 = self.h0, self.h1, self.h2
        n = count(h0)
        if k > n:
            return False
        target = self.target
        tm = self.tm
        if self.wants_more:  # quick tricks: the target's when he leads, the other side's when it does
            if leader == target:
                if top_tricks(self.hand(target), self.hand((target + 1) % 3), self.hand((target + 2) % 3), tm) >= k:
                    return True
            elif n - top_tricks(self.hand(leader), self.hand(target), self.hand(3 - leader - target), tm) < k:
                return False
            if tm:  # a trump above all of the other side's takes a trick whenever it is played (only a
                # higher trump beats it): each of the target's, and each of a defender's for one defender or
                # the other (as many as the one who has more)
                dt = self.hand(target) & tm
                above = ((dt & -dt) - 1) & tm if dt else tm
                if n - max(count(self.hand((target + 1) % 3) & above), count(self.hand((target + 2) % 3) & above)) < k:
                    return False
                theirs = (self.hand((target + 1) % 3) | self.hand((target + 2) % 3)) & tm
                if (count(dt & ((theirs & -theirs) - 1)) if theirs else count(dt)) >= k:
                    return True
        elif not tm:  # the target can never take another trick: each suit is clean for him (he can
            # lose every trick of it he follows), and if he leads he has a suit whose cards are all below
            # theirs; he loses every trick, so never leads again
            t = self.hand(target)
            o = (h0 | h1 | h2) ^ t
            safe = self.safe
            a = safe[(t & 0xFF) << 8 | (o & 0xFF)]
            if a:
                b = safe[(t & 0xFF00) | ((o >> 8) & 0xFF)]
                if b:
                    c = safe[((t >> 8) & 0xFF00) | ((o >> 16) & 0xFF)]
                    if c:
                        d = safe[((t >> 16) & 0xFF00) | (o >> 24)]
                        if d and (leader != target or (a | b | c | d) & 1):
                            return False
        if n == 1:  # the last trick: no choice left
            first = self.hand(leader)
            second = self.hand((leader + 1) % 3)
            third = self.hand((leader + 2) % 3)
            best, seat = first, leader
            wm = suit_mask(first)
            if (second < best) if second & wm else (second & tm):
                best, seat = second, (leader + 1) % 3
                wm = suit_mask(second)
            if (third < best) if third & wm else (third & tm):
                seat = (leader + 2) % 3
            return seat == target
        key = self.key(leader)
        lo: i64 = 0
        hi: i64 = n
        entry: i64 = self.tt.get(key, -1)
        if entry >= 0:
            lo, hi = entry & 15, entry >> 4 & 15
            if lo >= k:
                return True
            if hi < k:
                return False
            self.killer = entry >> 8
        else:
            self.killer = 0
        if self.lead(leader, k):
            self.tt[key] = k | hi << 4 | self.killer << 8
            return True
        self.tt[key] = lo | (k - 1) << 4 | self.killer << 8
        return False

    def lead(self, seat: i64, k: i64) -> bool:
        """The lead by ``seat``: the card that last settled the position (``killer``) first, then a
        player wanting tricks for his side leads high, one wanting none for it low, and from
        :data:`HISTORY_FROM` cards up the leads that settled positions lately before the others (the
        history heuristic: each such lead counts ``2 ** cards``, halved at each question); ``killer`` is
        left with the card that settles it now, if one does."""
        hand = self.hand(seat)
        moves = self.representatives(hand, self.h0 | self.h1 | self.h2)
        is_more = bool(self.more >> seat & 1)
        killer = self.killer
        m = moves
        if killer & moves:
            m ^= killer
            if self.led(seat, hand, killer, k) == is_more:
                self.killer = killer
                return is_more
        high_first = is_more == (seat == self.target)
        n = count(hand)
        history = self.history
        base = 32 * seat
        cards: list[i64] = []  # from HISTORY_FROM cards, by the history: an insertion sort, stable (C's)
        scores: list[i64] = []
        while m:
            c = m & -m if high_first else lowest(m)
            m ^= c
            if n < HISTORY_FROM:
                if self.led(seat, hand, c, k) == is_more:
                    self.killer = c
                    return is_more
                continue
            v: i64 = history[base + bit_of(c)]
            j = len(cards)
            cards.append(c)
            scores.append(v)
            while j > 0 and scores[j - 1] < v:
                cards[j] = cards[j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            cards[j] = c
            scores[j] = v
        for c in cards:
            if self.led(seat, hand, c, k) == is_more:
                self.killer = c
                history[base + bit_of(c)] += 1 << n
                return is_more
        self.killer = killer
        return not is_more

    def led(self, seat: i64, hand: i64, c: i64, k: i64) -> bool:
        """``seat`` leads ``c`` from ``hand``: the answer after the trick's second card (:meth:`second`)."""
        self.put(seat, hand ^ c)
        r = self.second((seat + 1) % 3, seat, shift_of(c), c, seat, c, k)
        self.put(seat, hand)
        return r

    def follows(self, seat: i64, ls: i64, table: i64) -> i64:
        """The cards worth trying of ``seat``'s, on a trick whose suit led has the shift ``ls``."""
        hand = self.hand(seat)
        rest = self.h0 | self.h1 | self.h2 | table
        f = hand >> ls & 0xFF
        if f:  # following suit, the common case: a single table look
            reps: i64 = self.reps[((rest >> ls) & 0xFF) << 8 | f]
            return reps << ls
        return self.representatives(hand & self.tm or hand, rest)

    def order(self, seat: i64, winner: i64, wins: i64, loses: i64) -> tuple[i64, bool, i64, bool]:
        """The order in which ``seat`` tries the cards of his that would take the trick (``wins``) and
        those that would not (``loses``): a group, whether highest first, and the other group likewise.
        When the trick goes his side's way already, keep it there, as cheaply as can be; else the
        cheapest card that turns it, or (when taking it is bad) the highest card that still loses."""
        is_more = bool(self.more >> seat & 1)
        goes_well = (winner == self.target) == is_more
        if self.take_good >> seat & 1:
            if goes_well:
                return loses, False, wins, False
            return wins, False, loses, False
        if goes_well:
            return loses, True, wins, True
        return loses, True, wins, False

    def second(self, seat: i64, leader: i64, ls: i64, best: i64, winner: i64, table: i64, k: i64) -> bool:
        """The trick's second card, by ``seat``; ``ls``: the shift of the suit led; ``best``/``winner``:
        the card winning so far and its seat; ``table``: the cards on it. Cards are tried in the
        :meth:`order`. (The loop over them is written out here and in :meth:`third` alike, each ending
        in its own next step: a shared method would cost a call at every card of the search.)"""
        hand = self.hand(seat)
        moves = self.follows(seat, ls, table)
        is_more = bool(self.more >> seat & 1)
        nxt = (seat + 1) % 3
        tm = self.tm
        wm = suit_mask(best)
        if not moves & (moves - 1):  # one card to try
            self.put(seat, hand ^ moves)
            if (moves < best) if moves & wm else (moves & tm):
                r = self.third(nxt, leader, ls, moves, seat, table | moves, k)
            else:
                r = self.third(nxt, leader, ls, best, winner, table | moves, k)
            self.put(seat, hand)
            return r
        wins = (moves & wm & (best - 1)) | (moves & tm & ~wm)
        loses = moves ^ wins
        group, high, later, later_high = self.order(seat, winner, wins, loses)
        for _ in range(2):
            while group:
                c = group & -group if high else lowest(group)
                group ^= c
                self.put(seat, hand ^ c)
                if (c < best) if c & wm else (c & tm):
                    r = self.third(nxt, leader, ls, c, seat, table | c, k)
                else:
                    r = self.third(nxt, leader, ls, best, winner, table | c, k)
                self.put(seat, hand)
                if r == is_more:
                    return r
            group, high = later, later_high
        return not is_more

    def third(self, seat: i64, leader: i64, ls: i64, best: i64, winner: i64, table: i64, k: i64) -> bool:
        """The trick's last card, as :meth:`second`; then the next trick from its winner."""
        hand = self.hand(seat)
        moves = self.follows(seat, ls, table)
        is_more = bool(self.more >> seat & 1)
        tm = self.tm
        target = self.target
        wm = suit_mask(best)
        last = k >= count(hand)  # the target must take every trick left: losing this one ends it
        if not moves & (moves - 1):  # one card to try
            self.put(seat, hand ^ moves)
            nw = seat if ((moves < best) if moves & wm else (moves & tm)) else winner
            r = self.boundary(nw, k - 1) if nw == target else not last and self.boundary(nw, k)
            self.put(seat, hand)
            return r
        wins = (moves & wm & (best - 1)) | (moves & tm & ~wm)
        loses = moves ^ wins
        group, high, later, later_high = self.order(seat, winner, wins, loses)
        for _ in range(2):
            while group:
                c = group & -group if high else lowest(group)
                group ^= c
                self.put(seat, hand ^ c)
                nw = seat if ((c < best) if c & wm else (c & tm)) else winner
                r = self.boundary(nw, k - 1) if nw == target else not last and self.boundary(nw, k)
                self.put(seat, hand)
                if r == is_more:
                    return r
            group, high = later, later_high
        return not is_more

    def talon_trick(self, talon: tuple[int, ...], start: tuple[int, ...], four: bool, void_eldest: bool,
                    k: i64) -> bool:
        """A trick the talon leads (Code 3.7.6): the players play from the eldest hand, following its
        suit; ``start``: the cards played to it already."""
        if k <= 0:
            return True
        if k > count(self.h0) + (1 if start else 0):
            return False
        return self.talon_card(len(start), start, talon, four, void_eldest, k)

    def talon_card(self, i: i64, table: tuple[int, ...], talon: tuple[int, ...], four: bool, void_eldest: bool,
                   k: i64) -> bool:
        """The ``i``-th player's card to a trick the talon leads, ``table`` the cards before it."""
        if i == 3:
            w = trick_winner(0, table, talon[0], None, four, void_eldest)
            kk = k - (1 if w == self.target else 0)
            if len(talon) > 1:
                return self.talon_trick(talon[1:], (), four, void_eldest, kk)
            return self.boundary(0, kk)
        seat = i
        hand = self.hand(seat)
        rest = self.h0 | self.h1 | self.h2
        for c in talon:
            rest |= c
        for c in table:
            rest |= c
        led = suit_mask(talon[0])
        m = self.representatives(hand & led or hand, rest)
        is_more = bool(self.more >> seat & 1)
        while m:
            card = m & -m
            m ^= card
            self.put(seat, hand ^ card)
            r = self.talon_card(i + 1, table + (card,), talon, four, void_eldest, k)
            self.put(seat, hand)
            if r == is_more:
                return r
        return not is_more

