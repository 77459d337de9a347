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
  hands' relative ranks (looked up first by the exact hands, which is cheaper);
* **move ordering**: a card that settles the trick the way its player wants, cheaply, first;
* **quick-trick bounds**: tricks the side to lead can cash at once with top cards.

Cards on a trick the talon leads (an all-pass, Code 3.7.6) are searched the same way, with the
talon's card leading. Everything here is plain ints, tuples and dicts: :mod:`.solve` turns the
engine's states into them and the answers back into cards.
"""

from __future__ import annotations

from collections.abc import Callable

SUIT_MASKS: tuple[int, int, int, int] = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
#: The mask of a card's suit, by the card's bit.
SUIT_OF: dict[int, int] = {1 << i: 0xFF << (i & ~7) for i in range(32)}
#: The shift of a card's suit byte, by the card's bit.
SHIFT_OF: dict[int, int] = {1 << i: i & ~7 for i in range(32)}
NOBODY = -1

_REPS: bytearray | None = None
_SQUEEZE: bytearray | None = None
_SAFE: bytearray | None = None


def _representatives() -> bytearray:
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
        _REPS = table
    return _REPS


def _squeezes() -> bytearray:
    """For ``rest << 8 | mine`` (one suit's byte, ``mine`` within ``rest``) ``mine`` with the cards out
    of play squeezed out: the ranks relative to the cards still in play, the order kept."""
    global _SQUEEZE
    if _SQUEEZE is None:
        table = bytearray(65536)
        for rest in range(256):
            places = [b for b in range(8) if rest >> b & 1]
            mine = rest
            while True:
                table[rest << 8 | mine] = sum(1 << i for i, b in enumerate(places) if mine >> b & 1)
                if not mine:
                    break
                mine = (mine - 1) & rest
        _SQUEEZE = table
    return _SQUEEZE


def representatives(legal: int, rest: int) -> int:
    """Of the cards ``legal`` (all still in ``rest``), one of each run of equivalent cards (a suit at a
    time, unrolled: the search asks this at every card)."""
    reps = _REPS if _REPS is not None else _representatives()
    out = 0
    if legal & 0xFF:
        out = reps[(rest & 0xFF) << 8 | (legal & 0xFF)]
    if legal & 0xFF00:
        out |= reps[(rest & 0xFF00) | ((legal >> 8) & 0xFF)] << 8
    if legal & 0xFF0000:
        out |= reps[((rest >> 8) & 0xFF00) | ((legal >> 16) & 0xFF)] << 16
    if legal & 0xFF000000:
        out |= reps[((rest >> 16) & 0xFF00) | (legal >> 24)] << 24
    return out


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

    __slots__ = ("hands", "leader", "table", "talon", "four", "void_eldest")

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


class Search:
    """Best play for one target seat and one goal; a transposition table kept between questions."""

    def __init__(self, target: int, wants_more: bool, trump: int | None = None) -> None:
        self.target = target
        self.wants_more = wants_more
        self.trump = trump
        self.table: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self._win = _make_search(target, wants_more, trump, self.table)

    def at_least(self, position: Position, k: int) -> bool:
        """Whether the side that wants the target's tricks high gets at least ``k`` of those still to
        be played from ``position`` (the trick in play included)."""
        return self._win(position, k)

    def value(self, position: Position, guess: int | None = None) -> int:
        """The target's tricks from ``position`` on (the trick in play included) with best play;
        ``guess``, a likely value, saves questions when it is close. Without one, a goal of few tricks
        steps up from none: showing the target can be held below ``k`` costs more the further ``k`` is
        above his value, and the questions below it are cheap."""
        if guess is None and not self.wants_more:
            guess = 0
        lo, hi = 0, position.tricks_left()
        k = (lo + hi + 1) // 2 if guess is None else min(max(guess, 1), hi)
        while lo < hi:
            if self._win(position, k):
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
        reps = representatives(legal, rest)
        m = reps
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


def top_tricks(mine: int, a: int, b: int, tm: int) -> int:
    """Tricks ``mine`` takes for sure by leading its cards higher than any card of ``a`` and ``b`` in
    their suit, one after another, before anything else (the leader keeps the lead): a side suit's
    only as long as each of ``a`` and ``b`` that holds a trump still has the suit (3.9.3: a player
    who has not the suit must trump). ``tm``: the trump suit's mask, or 0."""
    q = 0
    others = a | b
    for sm in SUIT_MASKS:
        ms = mine & sm
        if not ms:
            continue
        os_ = others & sm
        top = (ms & ((os_ & -os_) - 1)).bit_count() if os_ else ms.bit_count()
        if top and tm and sm != tm:
            if a & tm:
                top = min(top, (a & sm).bit_count())
            if b & tm:
                top = min(top, (b & sm).bit_count())
        q += top
    return q


def _safe_suits() -> bytearray:
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
        _SAFE = table
    return _SAFE


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


def _make_search(target: int, wants_more: bool, trump: int | None,
                 tt: dict[tuple[int, int, int, int], tuple[int, int]]) -> Callable[[Position, int], bool]:
    """The boolean search as closures over the target, the goal, the trump and the table."""
    tm = 0 if trump is None else SUIT_MASKS[trump]
    reps = _representatives()
    legal_reps = representatives
    shift_of = SHIFT_OF
    sq = _squeezes()
    safe = _safe_suits()
    suit_of = SUIT_OF
    seen: dict[tuple[int, int, int, int], tuple[int, int]] = {}  # bounds by the exact hands: a first look
    orders: dict[int, tuple[int, ...]] = {}  # a follower's cards in the order to try them
    killers: dict[tuple[int, int, int, int], int] = {}  # the lead that last settled a position
    more = tuple((seat == target) == wants_more for seat in range(3))
    take_good = tuple(int(more[seat] == (seat == target)) for seat in range(3))  # taking a trick helps his side
    other1, other2 = (target + 1) % 3, (target + 2) % 3
    h = [0, 0, 0]

    def boundary(leader: int, k: int) -> bool:
        """At a trick's start: can the side wanting more get ``k`` of the tricks left?"""
        if k <= 0:
            return True
        h0, h1, h2 = h
        n = h0.bit_count()
        if k > n:
            return False
        raw = (h0, h1, h2, leader)
        bounds = seen.get(raw)
        if bounds is not None:
            if bounds[0] >= k:
                return True
            if bounds[1] < k:
                return False
        if wants_more:  # quick tricks: the target's when he leads, the other side's when it does
            if leader == target:
                if top_tricks(h[target], h[other1], h[other2], tm) >= k:
                    return True
            elif n - top_tricks(h[leader], h[target], h[3 - leader - target], tm) < k:
                return False
        elif not tm:  # the target can never take another trick: each suit is clean for him (he can
            # lose every trick of it he follows), and if he leads he has a suit whose cards are all below
            # theirs; he loses every trick, so never leads again
            t = h[target]
            o = h[other1] | h[other2]
            a = safe[(t & 0xFF) << 8 | (o & 0xFF)]
            if a:
                b = safe[(t & 0xFF00) | ((o >> 8) & 0xFF)]
                if b:
                    c = safe[((t >> 8) & 0xFF00) | ((o >> 16) & 0xFF)]
                    if c:
                        d = safe[((t >> 16) & 0xFF00) | (o >> 24)]
                        if d and (leader != target or (a | b | c | d) & 1):
                            seen[raw] = (0, 0)
                            return False
        if n == 1:  # the last trick: no choice left
            return trick_winner(leader, (h[leader], h[(leader + 1) % 3], h[(leader + 2) % 3]), 0, trump,
                                False, False) == target
        # the key: the hands with the cards out of play squeezed out of each suit (ranks relative)
        r = h0 | h1 | h2
        r0, r1, r2, r3 = (r & 0xFF) << 8, r & 0xFF00, (r >> 8) & 0xFF00, (r >> 16) & 0xFF00
        key = (sq[r0 | (h0 & 0xFF)] | sq[r1 | ((h0 >> 8) & 0xFF)] << 8 | sq[r2 | ((h0 >> 16) & 0xFF)] << 16
               | sq[r3 | (h0 >> 24)] << 24,
               sq[r0 | (h1 & 0xFF)] | sq[r1 | ((h1 >> 8) & 0xFF)] << 8 | sq[r2 | ((h1 >> 16) & 0xFF)] << 16
               | sq[r3 | (h1 >> 24)] << 24,
               sq[r0 | (h2 & 0xFF)] | sq[r1 | ((h2 >> 8) & 0xFF)] << 8 | sq[r2 | ((h2 >> 16) & 0xFF)] << 16
               | sq[r3 | (h2 >> 24)] << 24,
               leader)
        bounds = tt.get(key)
        if bounds is None:
            lo, hi = 0, n
        else:
            seen[raw] = bounds
            lo, hi = bounds
            if lo >= k:
                return True
            if hi < k:
                return False
        result = lead(leader, key, k)
        if result:
            tt[key] = seen[raw] = (k, hi)
        else:
            tt[key] = seen[raw] = (lo, k - 1)
        return result

    def lead(seat: int, key: tuple[int, int, int, int], k: int) -> bool:
        """The lead by ``seat`` at the position ``key``: the card that last settled it first, then a
        player wanting tricks for his side leads high, one wanting none for it low."""
        hand = h[seat]
        h0, h1, h2 = h
        moves = legal_reps(hand, h0 | h1 | h2)
        is_more = more[seat]
        nxt = (seat + 1) % 3
        killer = killers.get(key)
        m = moves
        if killer is not None and killer & moves:
            m ^= killer
            h[seat] = hand ^ killer
            r = second(nxt, seat, shift_of[killer], killer, seat, killer, k)
            h[seat] = hand
            if r == is_more:
                return r
        high_first = is_more == (seat == target)
        while m:
            c = m & -m if high_first else 1 << (m.bit_length() - 1)
            m ^= c
            h[seat] = hand ^ c
            r = second(nxt, seat, shift_of[c], c, seat, c, k)
            h[seat] = hand
            if r == is_more:
                killers[key] = c
                return r
        return not is_more

    def second(seat: int, leader: int, ls: int, best: int, winner: int, table: int, k: int) -> bool:
        """The trick's second card, by ``seat``; ``ls``: the shift of the suit led; ``best``/``winner``:
        the card winning so far and its seat; ``table``: the cards on it."""
        hand = h[seat]
        h0, h1, h2 = h
        # following suit, the common case: representatives() for that one suit, a single table look
        # (this and the card order's key are written out in second and third alike: a shared helper
        # would cost a call at every card of the search)
        f = hand >> ls & 0xFF
        if f:
            moves = reps[((h0 | h1 | h2 | table) >> ls & 0xFF) << 8 | f] << ls
        else:
            moves = legal_reps(hand & tm or hand, h0 | h1 | h2 | table)
        is_more = more[seat]
        nxt = (seat + 1) % 3
        wm = suit_of[best]
        if not moves & (moves - 1):  # one card to try: the loop's body without the order (8% of the search)
            h[seat] = hand ^ moves
            if (moves < best) if moves & wm else (moves & tm):
                r = third(nxt, leader, ls, moves, seat, table | moves, k)
            else:
                r = third(nxt, leader, ls, best, winner, table | moves, k)
            h[seat] = hand
            return r
        wins = (moves & wm & (best - 1)) | (moves & tm & ~wm)
        key = (wins << 32 | moves) << 2 | (2 if (winner == target) == is_more else 0) | take_good[seat]
        for c in orders.get(key) or order_of(moves, wins, key):
            h[seat] = hand ^ c
            if (c < best) if c & wm else (c & tm):
                r = third(nxt, leader, ls, c, seat, table | c, k)
            else:
                r = third(nxt, leader, ls, best, winner, table | c, k)
            h[seat] = hand
            if r == is_more:
                return r
        return not is_more

    def third(seat: int, leader: int, ls: int, best: int, winner: int, table: int, k: int) -> bool:
        """The trick's last card, as :func:`second`; then the next trick from its winner."""
        hand = h[seat]
        h0, h1, h2 = h
        f = hand >> ls & 0xFF  # as in second
        if f:
            moves = reps[((h0 | h1 | h2 | table) >> ls & 0xFF) << 8 | f] << ls
        else:
            moves = legal_reps(hand & tm or hand, h0 | h1 | h2 | table)
        is_more = more[seat]
        wm = suit_of[best]
        last = k >= hand.bit_count()  # the target must take every trick left: losing this one ends it
        if not moves & (moves - 1):  # one card to try, as in second()
            h[seat] = hand ^ moves
            nw = seat if ((moves < best) if moves & wm else (moves & tm)) else winner
            r = boundary(nw, k - 1) if nw == target else not last and boundary(nw, k)
            h[seat] = hand
            return r
        wins = (moves & wm & (best - 1)) | (moves & tm & ~wm)
        key = (wins << 32 | moves) << 2 | (2 if (winner == target) == is_more else 0) | take_good[seat]
        for c in orders.get(key) or order_of(moves, wins, key):
            h[seat] = hand ^ c
            nw = seat if ((c < best) if c & wm else (c & tm)) else winner
            r = boundary(nw, k - 1) if nw == target else not last and boundary(nw, k)
            h[seat] = hand
            if r == is_more:
                return r
        return not is_more

    def order_of(moves: int, wins: int, key: int) -> tuple[int, ...]:
        """The order to try the cards ``moves`` of a follower, of which ``wins`` would take the trick,
        kept under ``key`` (its last two bits: whether the trick goes his side's way already, whether
        taking it is good for his side, as for the target wanting tricks or another seat wanting the
        target to have none). When the trick goes the right way already, keep it there; else the
        cheapest card that turns it, or (when taking it is bad) the highest card that still loses."""
        way = key & 3
        # cards are bits, the ace the lowest: ascending is highest first
        loses = moves ^ wins
        winners: list[int] = []
        losers: list[int] = []
        while wins:
            c = wins & -wins
            wins ^= c
            winners.append(c)
        while loses:
            c = loses & -loses
            loses ^= c
            losers.append(c)
        if way == 3:  # it goes the right way already: keep it there, as cheaply as can be
            order = losers[::-1] + winners[::-1]
        elif way == 2:
            order = losers + winners
        elif way == 1:  # the cheapest card that turns it, else the lowest
            order = winners[::-1] + losers[::-1]
        else:  # the highest card that still loses
            order = losers + winners[::-1]
        found = orders[key] = tuple(order)
        return found

    def win(position: Position, k: int) -> bool:
        h[0], h[1], h[2] = position.hands
        if position.talon:
            return talon_ply(position, k)
        table = position.table
        if not table:
            return boundary(position.leader, k)
        leader = position.leader
        best, winner, t = table[0], leader, table[0]
        for i in range(1, len(table)):
            c = table[i]
            t |= c
            if (c < best) if c & suit_of[best] else (c & tm):
                best, winner = c, (leader + i) % 3
        if len(table) == 1:
            return second((leader + 1) % 3, leader, shift_of[table[0]], best, winner, t, k)
        return third((leader + 2) % 3, leader, shift_of[table[0]], best, winner, t, k)

    def talon_ply(position: Position, k: int) -> bool:
        """A trick the talon leads: the players play from the eldest hand, following its suit."""
        talon = position.talon
        tcard = talon[0]
        led = suit_of[tcard]
        rest_talon = 0
        for c in talon:
            rest_talon |= c
        start = position.table
        four, void_eldest = position.four, position.void_eldest

        def go(i: int, table: tuple[int, ...], k: int) -> bool:
            if i == 3:
                w = trick_winner(0, table, tcard, None, four, void_eldest)
                kk = k - (w == target)
                if len(talon) > 1:
                    return talon_ply(Position((h[0], h[1], h[2]), 0, (), talon[1:], four, void_eldest), kk)
                return boundary(0, kk)
            seat = i
            hand = h[seat]
            legal = hand & led or hand
            h0, h1, h2 = h
            t = rest_talon
            for c in table:
                t |= c
            moves = legal_reps(legal, h0 | h1 | h2 | t)
            is_more = more[seat]
            m = moves
            order = []
            while m:
                c = m & -m
                m ^= c
                order.append(c)
            for c in order:
                h[seat] = hand ^ c
                r = go(i + 1, table + (c,), k)
                h[seat] = hand
                if r == is_more:
                    return r
            return not is_more

        if k <= 0:
            return True
        if k > h[0].bit_count() + (1 if start else 0):
            return False
        return go(len(start), start, k)

    return win
