/* The double-dummy search of preflog/analysis/search.py's Solver, in C.
 *
 * search.py is the reference: this file is the same algorithm, method for method and line for line
 * (its names, its order of trying cards, its bounds, its transposition table), so that it gives the
 * same answers after the same work: the tests compare the two on random positions, answer for
 * answer and tricks' start for tricks' start (tests/test_native_search.py). What differs is only
 * what C allows: the transposition table is an open-addressing table of 64-bit keys instead of a
 * Python dict, and the hands are machine integers throughout.
 *
 * The lookup tables (the equivalent cards, the base-3 digits of a suit, the suits a misère declarer
 * is safe in) are search.py's own, handed over once by set_tables().
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;

static unsigned char POP[256];
static i64 TOP[256];
static i64 POW3[33];
static unsigned char REPS[65536];
static uint16_t TERNARY[65536];  /* a suit's digits: at most 3280 */
static unsigned char SAFE[65536];
static int tables_set = 0;

#define NOBODY (-1)
/* search.HISTORY_FROM */
#define HISTORY_FROM 5

/* With the processor's POPCNT (setup.py asks for it on x86-64, PyInit__search makes sure the machine has
 * it) one instruction; else search.py's table, a byte at a time. */
static inline i64 count(i64 m) {
#ifdef __POPCNT__
    return __builtin_popcountll((u64)m);
#else
    return POP[m & 0xFF] + POP[(m >> 8) & 0xFF] + POP[(m >> 16) & 0xFF] + POP[(m >> 24) & 0xFF];
#endif
}

static inline i64 lowest(i64 m) {
    if (m >> 24) return TOP[m >> 24] << 24;
    if (m >> 16) return TOP[m >> 16] << 16;
    if (m >> 8) return TOP[m >> 8] << 8;
    return TOP[m];
}

static inline i64 suit_mask(i64 card) {
    if (card >= 0x1000000) return 0xFF000000LL;
    if (card >= 0x10000) return 0xFF0000;
    if (card >= 0x100) return 0xFF00;
    return 0xFF;
}

static inline i64 shift_of(i64 card) {
    if (card >= 0x1000000) return 24;
    if (card >= 0x10000) return 16;
    if (card >= 0x100) return 8;
    return 0;
}

/* search.top_tricks, a suit at a time without branching on who holds it. */
static i64 top_tricks(i64 mine, i64 a, i64 b, i64 tm) {
    i64 q = 0, others = a | b;
    int a_ruffs = (a & tm) != 0, b_ruffs = (b & tm) != 0;
    for (int sh = 0; sh < 32; sh += 8) {
        i64 ms = (mine >> sh) & 0xFF, os_ = (others >> sh) & 0xFF;
        i64 top = count(ms & ((os_ & -os_) - 1) & 0xFF);  /* his cards above all of theirs (all: they have none) */
        if (top && tm && !((tm >> sh) & 0xFF)) {          /* a side suit: as many as neither ruffer runs out of */
            if (a_ruffs) { i64 n = count((a >> sh) & 0xFF); if (n < top) top = n; }
            if (b_ruffs) { i64 n = count((b >> sh) & 0xFF); if (n < top) top = n; }
        }
        q += top;
    }
    return q;
}

/* The seat that takes a trick of three cards the talon's card leads (search.trick_winner with a
 * talon card), the eldest hand leading. */
static int talon_winner(const i64 *table, i64 talon_card, int four, int void_eldest) {
    i64 suit = suit_mask(talon_card);
    i64 best = four ? talon_card : 0;
    int seat = NOBODY;
    for (int i = 0; i < 3; i++) {
        i64 c = table[i];
        if ((c & suit) && (!best || c < best)) { best = c; seat = i; }
    }
    if (seat == NOBODY && !best && void_eldest) return 0;
    return seat;
}

/* A new table's slots: 32,768 (512 KB), about what one trump's search over a layout's discards fills,
 * so that it is seldom grown (each growth moves every entry). */
#define TT_BITS 15

typedef struct {
    u64 key;  /* 0: empty (a key at a trick's start is never 0: the suits' lengths are in it) */
    i64 entry;
} Slot;

typedef struct {
    PyObject_HEAD
    i64 target;
    int wants_more;
    i64 tm;
    i64 more;
    i64 take_good;
    i64 h[3];
    Slot *tt;
    size_t cap;   /* a power of two: 1 << (64 - shift) */
    int shift;
    size_t used;
    i64 killer;
    i64 history[3][32];  /* search.py's history: [seat][bit] */
    i64 questions;
    i64 nodes;
} Solver;

/* Fibonacci hashing: the top bits of the key times 2 ** 64 / the golden ratio, which every bit of the
 * key moves (a key's high bits are the holders of the highest cards). */
static inline size_t slot_of(const Solver *s, u64 key) {
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> s->shift);
}

static i64 tt_get(const Solver *s, u64 key) {
    size_t i = slot_of(s, key);
    for (;;) {
        const Slot *slot = &s->tt[i];
        if (slot->key == key) return slot->entry;
        if (slot->key == 0) return -1;
        i = (i + 1) & (s->cap - 1);
    }
}

static int tt_grow(Solver *s) {
    size_t old_cap = s->cap;
    Slot *old = s->tt;
    Slot *fresh = (Slot *)PyMem_Calloc(old_cap * 2, sizeof(Slot));
    if (fresh == NULL) return -1;
    s->tt = fresh;
    s->cap = old_cap * 2;
    s->shift--;
    for (size_t j = 0; j < old_cap; j++) {
        if (old[j].key) {
            size_t i = slot_of(s, old[j].key);
            while (fresh[i].key) i = (i + 1) & (s->cap - 1);
            fresh[i] = old[j];
        }
    }
    PyMem_Free(old);
    return 0;
}

/* Kept as a dict's item is: never dropped. A failure to grow (no memory) keeps the table as it is,
 * nearly full: the answers stay right, only a new position is not remembered. */
static void tt_put(Solver *s, u64 key, i64 entry) {
    if ((s->used + 1) * 2 > s->cap) tt_grow(s);
    size_t i = slot_of(s, key);
    for (;;) {
        Slot *slot = &s->tt[i];
        if (slot->key == key) { slot->entry = entry; return; }
        if (slot->key == 0) {
            if (s->used + 1 >= s->cap) return;
            slot->key = key;
            slot->entry = entry;
            s->used++;
            return;
        }
        i = (i + 1) & (s->cap - 1);
    }
}

static inline i64 representatives(i64 legal, i64 rest) {
    i64 out = 0;
    if (legal & 0xFF) out = REPS[(rest & 0xFF) << 8 | (legal & 0xFF)];
    if (legal & 0xFF00) out |= (i64)REPS[(rest & 0xFF00) | ((legal >> 8) & 0xFF)] << 8;
    if (legal & 0xFF0000) out |= (i64)REPS[((rest >> 8) & 0xFF00) | ((legal >> 16) & 0xFF)] << 16;
    if (legal & 0xFF000000LL) out |= (i64)REPS[((rest >> 16) & 0xFF00) | ((legal >> 24) & 0xFF)] << 24;
    return out;
}

static int boundary(Solver *s, i64 leader, i64 k);
static int second(Solver *s, i64 seat, i64 leader, i64 ls, i64 best, i64 winner, i64 table, i64 k);
static int third(Solver *s, i64 seat, i64 leader, i64 ls, i64 best, i64 winner, i64 table, i64 k);

static u64 key_of(const Solver *s, i64 leader) {
    i64 h0 = s->h[0], h1 = s->h[1];
    i64 r = h0 | h1 | s->h[2];
    u64 key = 0, lengths = 0;  /* thirty cards at most (win: ten a hand): 3 ** 30 * 6561 * 3 < 2 ** 63 */
    i64 place = 0;
    for (int su = 0; su < 4; su++) {
        int shift = 8 * su;
        i64 rb = ((r >> shift) & 0xFF) << 8;
        if (rb) {
            u64 mine = (u64)TERNARY[rb | ((h0 >> shift) & 0xFF)];
            u64 sec = (u64)TERNARY[rb | ((h1 >> shift) & 0xFF)];
            key += (mine + 2 * sec) * (u64)POW3[place];
            u64 n = POP[rb >> 8];
            place += (i64)n;
            lengths = lengths * 9 + n;
        } else {
            lengths *= 9;
        }
    }
    return (key * 6561 + lengths) * 3 + (u64)leader;
}

/* search.Solver.led: ``seat`` leads ``c`` from ``hand``; the trick's second card is asked for. */
static inline int led(Solver *s, i64 seat, i64 hand, i64 c, i64 k) {
    s->h[seat] = hand ^ c;
    int r = second(s, (seat + 1) % 3, seat, shift_of(c), c, seat, c, k);
    s->h[seat] = hand;
    return r;
}

static int lead(Solver *s, i64 seat, i64 k) {
    i64 hand = s->h[seat];
    i64 moves = representatives(hand, s->h[0] | s->h[1] | s->h[2]);
    int is_more = (int)(s->more >> seat & 1);
    i64 killer = s->killer;
    i64 m = moves;
    if (killer & moves) {
        m ^= killer;
        if (led(s, seat, hand, killer, k) == is_more) {
            s->killer = killer;
            return is_more;
        }
    }
    int high_first = is_more == (seat == s->target);
    i64 n = count(hand);
    /* from HISTORY_FROM cards, the leads that settled positions lately first: an insertion sort,
     * stable as search.py's sort */
    i64 *history = s->history[seat];
    i64 cards[10], score[10];
    int nc = 0;
    while (m) {
        i64 c = high_first ? (m & -m) : lowest(m);
        m ^= c;
        if (n < HISTORY_FROM) {
            if (led(s, seat, hand, c, k) == is_more) {
                s->killer = c;
                return is_more;
            }
            continue;
        }
        i64 v = history[__builtin_ctzll((u64)c)];
        int j = nc++;
        for (; j > 0 && score[j - 1] < v; j--) {
            cards[j] = cards[j - 1];
            score[j] = score[j - 1];
        }
        cards[j] = c;
        score[j] = v;
    }
    for (int i = 0; i < nc; i++) {
        if (led(s, seat, hand, cards[i], k) == is_more) {
            s->killer = cards[i];
            history[__builtin_ctzll((u64)cards[i])] += (i64)1 << n;
            return is_more;
        }
    }
    s->killer = killer;
    return !is_more;
}

static int boundary(Solver *s, i64 leader, i64 k) {
    s->nodes++;
    if (k <= 0) return 1;
    i64 h0 = s->h[0], h1 = s->h[1], h2 = s->h[2];
    i64 n = count(h0);
    if (k > n) return 0;
    i64 target = s->target, tm = s->tm;
    if (s->wants_more) {
        if (leader == target) {
            if (top_tricks(s->h[target], s->h[(target + 1) % 3], s->h[(target + 2) % 3], tm) >= k) return 1;
        } else if (n - top_tricks(s->h[leader], s->h[target], s->h[3 - leader - target], tm) < k) {
            return 0;
        }
        if (tm) {  /* search.py: a trump above all of the other side's takes a trick */
            i64 dt = s->h[target] & tm;
            i64 above = dt ? ((dt & -dt) - 1) & tm : tm;
            i64 x = count(s->h[(target + 1) % 3] & above), y = count(s->h[(target + 2) % 3] & above);
            if (n - (x > y ? x : y) < k) return 0;
            i64 theirs = (s->h[(target + 1) % 3] | s->h[(target + 2) % 3]) & tm;
            if ((theirs ? count(dt & ((theirs & -theirs) - 1)) : count(dt)) >= k) return 1;
        }
    } else if (!tm) {
        i64 t = s->h[target];
        i64 o = (h0 | h1 | h2) ^ t;
        i64 a = SAFE[(t & 0xFF) << 8 | (o & 0xFF)];
        if (a) {
            i64 b = SAFE[(t & 0xFF00) | ((o >> 8) & 0xFF)];
            if (b) {
                i64 c = SAFE[((t >> 8) & 0xFF00) | ((o >> 16) & 0xFF)];
                if (c) {
                    i64 d = SAFE[((t >> 16) & 0xFF00) | ((o >> 24) & 0xFF)];
                    if (d && (leader != target || ((a | b | c | d) & 1))) return 0;
                }
            }
        }
    }
    if (n == 1) {
        i64 first = s->h[leader], sec = s->h[(leader + 1) % 3], thr = s->h[(leader + 2) % 3];
        i64 best = first, seat = leader, wm = suit_mask(first);
        if ((sec & wm) ? (sec < best) : (sec & tm) != 0) {
            best = sec;
            seat = (leader + 1) % 3;
            wm = suit_mask(sec);
        }
        if ((thr & wm) ? (thr < best) : (thr & tm) != 0) seat = (leader + 2) % 3;
        return seat == target;
    }
    u64 key = key_of(s, leader);
    i64 lo = 0, hi = n;
    i64 entry = tt_get(s, key);
    if (entry >= 0) {
        lo = entry & 15;
        hi = entry >> 4 & 15;
        if (lo >= k) return 1;
        if (hi < k) return 0;
        s->killer = entry >> 8;
    } else {
        s->killer = 0;
    }
    if (lead(s, leader, k)) {
        tt_put(s, key, k | hi << 4 | s->killer << 8);
        return 1;
    }
    tt_put(s, key, lo | (k - 1) << 4 | s->killer << 8);
    return 0;
}

static inline i64 follows(const Solver *s, i64 seat, i64 ls, i64 table) {
    i64 hand = s->h[seat];
    i64 rest = s->h[0] | s->h[1] | s->h[2] | table;
    i64 f = hand >> ls & 0xFF;
    if (f) return (i64)REPS[((rest >> ls) & 0xFF) << 8 | f] << ls;
    return representatives((hand & s->tm) ? (hand & s->tm) : hand, rest);
}

/* search.Solver.order: the group of cards tried first, whether highest first, and the other group. */
static inline void order(const Solver *s, i64 seat, i64 winner, i64 wins, i64 loses,
                         i64 *group, int *high, i64 *later, int *later_high) {
    int is_more = (int)(s->more >> seat & 1);
    int goes_well = (winner == s->target) == is_more;
    if (s->take_good >> seat & 1) {
        if (goes_well) { *group = loses; *high = 0; *later = wins; *later_high = 0; }
        else { *group = wins; *high = 0; *later = loses; *later_high = 0; }
        return;
    }
    if (goes_well) { *group = loses; *high = 1; *later = wins; *later_high = 1; return; }
    *group = loses; *high = 1; *later = wins; *later_high = 0;
}

/* The trick's second card; third() the last. Their loops are written out in each, as in search.py, each
 * ending in its own next step. */
static int second(Solver *s, i64 seat, i64 leader, i64 ls, i64 best, i64 winner, i64 table, i64 k) {
    i64 hand = s->h[seat];
    i64 moves = follows(s, seat, ls, table);
    int is_more = (int)(s->more >> seat & 1);
    i64 nxt = (seat + 1) % 3, tm = s->tm, wm = suit_mask(best);
    int r;
    if (!(moves & (moves - 1))) {
        s->h[seat] = hand ^ moves;
        if ((moves & wm) ? (moves < best) : (moves & tm) != 0)
            r = third(s, nxt, leader, ls, moves, seat, table | moves, k);
        else
            r = third(s, nxt, leader, ls, best, winner, table | moves, k);
        s->h[seat] = hand;
        return r;
    }
    i64 wins = (moves & wm & (best - 1)) | (moves & tm & ~wm);
    i64 loses = moves ^ wins;
    i64 group, later;
    int high, later_high;
    order(s, seat, winner, wins, loses, &group, &high, &later, &later_high);
    for (int round = 0; round < 2; round++) {
        while (group) {
            i64 c = high ? (group & -group) : lowest(group);
            group ^= c;
            s->h[seat] = hand ^ c;
            if ((c & wm) ? (c < best) : (c & tm) != 0)
                r = third(s, nxt, leader, ls, c, seat, table | c, k);
            else
                r = third(s, nxt, leader, ls, best, winner, table | c, k);
            s->h[seat] = hand;
            if (r == is_more) return r;
        }
        group = later;
        high = later_high;
    }
    return !is_more;
}

static int third(Solver *s, i64 seat, i64 leader, i64 ls, i64 best, i64 winner, i64 table, i64 k) {
    i64 hand = s->h[seat];
    i64 moves = follows(s, seat, ls, table);
    int is_more = (int)(s->more >> seat & 1);
    i64 tm = s->tm, target = s->target, wm = suit_mask(best);
    int last = k >= count(hand);
    int r;
    (void)leader;
    if (!(moves & (moves - 1))) {
        s->h[seat] = hand ^ moves;
        i64 nw = ((moves & wm) ? (moves < best) : (moves & tm) != 0) ? seat : winner;
        r = nw == target ? boundary(s, nw, k - 1) : (!last && boundary(s, nw, k));
        s->h[seat] = hand;
        return r;
    }
    i64 wins = (moves & wm & (best - 1)) | (moves & tm & ~wm);
    i64 loses = moves ^ wins;
    i64 group, later;
    int high, later_high;
    order(s, seat, winner, wins, loses, &group, &high, &later, &later_high);
    for (int round = 0; round < 2; round++) {
        while (group) {
            i64 c = high ? (group & -group) : lowest(group);
            group ^= c;
            s->h[seat] = hand ^ c;
            i64 nw = ((c & wm) ? (c < best) : (c & tm) != 0) ? seat : winner;
            r = nw == target ? boundary(s, nw, k - 1) : (!last && boundary(s, nw, k));
            s->h[seat] = hand;
            if (r == is_more) return r;
        }
        group = later;
        high = later_high;
    }
    return !is_more;
}

#define MAX_TALON 2

static int talon_card(Solver *s, int i, i64 *table, const i64 *talon, int n_talon, int four, int void_eldest,
                      i64 k);

static int talon_trick(Solver *s, const i64 *talon, int n_talon, i64 *start, int n_start, int four,
                       int void_eldest, i64 k) {
    if (k <= 0) return 1;
    if (k > count(s->h[0]) + (n_start ? 1 : 0)) return 0;
    i64 table[3] = {0, 0, 0};
    for (int j = 0; j < n_start; j++) table[j] = start[j];
    return talon_card(s, n_start, table, talon, n_talon, four, void_eldest, k);
}

static int talon_card(Solver *s, int i, i64 *table, const i64 *talon, int n_talon, int four, int void_eldest,
                      i64 k) {
    if (i == 3) {
        int w = talon_winner(table, talon[0], four, void_eldest);
        i64 kk = k - (w == s->target ? 1 : 0);
        if (n_talon > 1) return talon_trick(s, talon + 1, n_talon - 1, NULL, 0, four, void_eldest, kk);
        return boundary(s, 0, kk);
    }
    i64 seat = i;
    i64 hand = s->h[seat];
    i64 rest = s->h[0] | s->h[1] | s->h[2];
    for (int j = 0; j < n_talon; j++) rest |= talon[j];
    for (int j = 0; j < i; j++) rest |= table[j];
    i64 led = suit_mask(talon[0]);
    i64 m = representatives((hand & led) ? (hand & led) : hand, rest);
    int is_more = (int)(s->more >> seat & 1);
    while (m) {
        i64 card = m & -m;
        m ^= card;
        s->h[seat] = hand ^ card;
        table[i] = card;
        int r = talon_card(s, i + 1, table, talon, n_talon, four, void_eldest, k);
        table[i] = 0;
        s->h[seat] = hand;
        if (r == is_more) return r;
    }
    return !is_more;
}

/* ---- the Python type ---- */

static int read_cards(PyObject *seq, i64 *out, Py_ssize_t most, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd cards, at most %zd", what, len, most);
        return -1;
    }
    for (Py_ssize_t j = 0; j < len; j++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, j));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v > 0xFFFFFFFFLL) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: not a set of cards: %lld", what, v);
            return -1;
        }
        out[j] = v;
    }
    *n = len;
    Py_DECREF(fast);
    return 0;
}

/* The names of a position's attributes, made once (PyObject_GetAttrString would make each anew). */
static PyObject *HANDS, *TABLE, *TALON, *LEADER, *FOUR, *VOID_ELDEST;

static int attr_cards(PyObject *position, PyObject *name, i64 *out, Py_ssize_t most, Py_ssize_t *n) {
    PyObject *value = PyObject_GetAttr(position, name);
    if (value == NULL) return -1;
    int r = read_cards(value, out, most, n, PyUnicode_AsUTF8(name));
    Py_DECREF(value);
    return r;
}

static int attr_int(PyObject *position, PyObject *name, long long *out) {
    PyObject *value = PyObject_GetAttr(position, name);
    if (value == NULL) return -1;
    *out = PyLong_AsLongLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int attr_bool(PyObject *position, PyObject *name, int *out) {
    PyObject *value = PyObject_GetAttr(position, name);
    if (value == NULL) return -1;
    *out = PyObject_IsTrue(value);
    Py_DECREF(value);
    return *out < 0 ? -1 : 0;
}

static int Solver_init(Solver *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"target", "wants_more", "trump", NULL};
    long long target, trump;
    int wants_more;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "LpL", names, &target, &wants_more, &trump)) return -1;
    if (target < 0 || target > 2 || trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "a target seat is 0, 1 or 2 and a trump -1 to 3");
        return -1;
    }
    if (!tables_set) {
        PyErr_SetString(PyExc_RuntimeError, "set_tables() first");
        return -1;
    }
    self->target = target;
    self->wants_more = wants_more;
    self->tm = trump < 0 ? 0 : (0xFFLL << (8 * trump));
    self->more = self->take_good = 0;
    for (int seat = 0; seat < 3; seat++) {
        int is_more = (seat == target) == (wants_more != 0);
        if (is_more) self->more |= 1LL << seat;
        if (is_more == (seat == target)) self->take_good |= 1LL << seat;
    }
    self->h[0] = self->h[1] = self->h[2] = 0;
    PyMem_Free(self->tt);
    self->cap = 1 << TT_BITS;
    self->shift = 64 - TT_BITS;
    self->used = 0;
    self->tt = (Slot *)PyMem_Calloc(self->cap, sizeof(Slot));
    if (self->tt == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->killer = 0;
    memset(self->history, 0, sizeof self->history);
    self->questions = self->nodes = 0;
    return 0;
}

static void Solver_dealloc(Solver *self) {
    PyMem_Free(self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* search.Solver.ask: one question more, the history halved. */
static void ask(Solver *self) {
    self->questions++;
    for (int seat = 0; seat < 3; seat++)
        for (int bit = 0; bit < 32; bit++) self->history[seat][bit] >>= 1;
}

static PyObject *Solver_win(Solver *self, PyObject *args) {
    PyObject *position;
    long long k;
    if (!PyArg_ParseTuple(args, "OL", &position, &k)) return NULL;
    if (self->tt == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a solver not initialised");
        return NULL;
    }
    i64 hands[3], table[3], talon[MAX_TALON];
    Py_ssize_t n_hands, n_table, n_talon;
    long long leader;
    int four, void_eldest;
    if (attr_cards(position, HANDS, hands, 3, &n_hands) < 0 || attr_cards(position, TABLE, table, 2, &n_table) < 0
        || attr_cards(position, TALON, talon, MAX_TALON, &n_talon) < 0 || attr_int(position, LEADER, &leader) < 0
        || attr_bool(position, FOUR, &four) < 0 || attr_bool(position, VOID_ELDEST, &void_eldest) < 0)
        return NULL;
    if (n_hands != 3 || leader < 0 || leader > 2) {
        PyErr_SetString(PyExc_ValueError, "a position has three hands and a leader 0, 1 or 2");
        return NULL;
    }
    if (count(hands[0]) > 10 || count(hands[1]) > 10 || count(hands[2]) > 10) {
        PyErr_SetString(PyExc_ValueError, "a hand holds ten cards at most");
        return NULL;
    }
    ask(self);
    self->h[0] = hands[0];
    self->h[1] = hands[1];
    self->h[2] = hands[2];
    int r;
    if (n_talon) {
        r = talon_trick(self, talon, (int)n_talon, table, (int)n_table, four, void_eldest, k);
    } else if (!n_table) {
        r = boundary(self, leader, k);
    } else {
        i64 best = table[0], winner = leader, t = best;
        for (Py_ssize_t i = 1; i < n_table; i++) {
            i64 c = table[i];
            t |= c;
            if ((c & suit_mask(best)) ? (c < best) : (c & self->tm) != 0) {
                best = c;
                winner = (leader + i) % 3;
            }
        }
        i64 ls = shift_of(table[0]);
        if (n_table == 1)
            r = second(self, (leader + 1) % 3, leader, ls, best, winner, t, k);
        else
            r = third(self, (leader + 2) % 3, leader, ls, best, winner, t, k);
    }
    return PyBool_FromLong(r);
}

static PyObject *Solver_representatives(Solver *self, PyObject *args) {
    long long legal, rest;
    (void)self;
    if (!PyArg_ParseTuple(args, "LL", &legal, &rest)) return NULL;
    if (legal < 0 || rest < 0 || legal > 0xFFFFFFFFLL || rest > 0xFFFFFFFFLL) {
        PyErr_SetString(PyExc_ValueError, "not a set of cards");
        return NULL;
    }
    return PyLong_FromLongLong(representatives(legal, rest));
}

static PyObject *Solver_get_questions(Solver *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->questions);
}

static PyObject *Solver_get_nodes(Solver *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Solver_get_positions(Solver *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(self->used);
}

/* Solver.start(h0, h1, h2, leader, k): win() at a trick's start, the hands given as numbers. */
static PyObject *Solver_start(Solver *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "start(h0, h1, h2, leader, k): five numbers");
        return NULL;
    }
    if (self->tt == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a solver not initialised");
        return NULL;
    }
    long long v[5];
    for (int i = 0; i < 5; i++) {
        v[i] = PyLong_AsLongLong(args[i]);
        if (v[i] == -1 && PyErr_Occurred()) return NULL;
    }
    for (int i = 0; i < 3; i++) {
        if (v[i] < 0 || v[i] > 0xFFFFFFFFLL) {
            PyErr_Format(PyExc_ValueError, "h%d: not a set of cards: %lld", i, v[i]);
            return NULL;
        }
        if (count(v[i]) > 10) {
            PyErr_SetString(PyExc_ValueError, "a hand holds ten cards at most");
            return NULL;
        }
    }
    if (v[3] < 0 || v[3] > 2) {
        PyErr_SetString(PyExc_ValueError, "a leader is 0, 1 or 2");
        return NULL;
    }
    ask(self);
    self->h[0] = v[0];
    self->h[1] = v[1];
    self->h[2] = v[2];
    return PyBool_FromLong(boundary(self, v[3], v[4]));
}

static PyMethodDef Solver_methods[] = {
    {"win", (PyCFunction)Solver_win, METH_VARARGS,
     "Whether the side wanting the target's tricks high gets k more from position."},
    {"start", (PyCFunction)(void (*)(void))Solver_start, METH_FASTCALL,
     "win() at a trick's start: start(h0, h1, h2, leader, k)."},
    {"representatives", (PyCFunction)Solver_representatives, METH_VARARGS,
     "Of equivalent cards of legal (the cards in play: rest), the one to try."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"questions", (getter)Solver_get_questions, NULL, "The questions asked (win).", NULL},
    {"nodes", (getter)Solver_get_nodes, NULL, "The tricks' starts reached answering them.", NULL},
    {"positions", (getter)Solver_get_positions, NULL, "The positions in the transposition table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "preflog.analysis._search.Solver",
    .tp_doc = "The boolean search of one target seat, goal and trump (search.Solver's, in C).",
    .tp_basicsize = sizeof(Solver),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static int copy_bytes(PyObject *source, unsigned char *out, Py_ssize_t size, const char *what) {
    if (!PyBytes_Check(source) || PyBytes_GET_SIZE(source) != size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes expected", what, size);
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(source), (size_t)size);
    return 0;
}

static PyObject *set_tables(PyObject *module, PyObject *args) {
    PyObject *reps, *ternary, *safe;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOO", &reps, &ternary, &safe)) return NULL;
    if (copy_bytes(reps, REPS, 65536, "reps") < 0 || copy_bytes(safe, SAFE, 65536, "safe") < 0) return NULL;
    PyObject *fast = PySequence_Fast(ternary, "ternary");
    if (fast == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 65536) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "ternary: 65536 numbers expected");
        return NULL;
    }
    for (Py_ssize_t j = 0; j < 65536; j++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, j));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
        if (v < 0 || v > 32767) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "ternary: a number out of range");
            return NULL;
        }
        TERNARY[j] = (uint16_t)v;
    }
    Py_DECREF(fast);
    for (int b = 0; b < 256; b++) {
        int n = 0, top = 0;
        for (int i = 0; i < 8; i++) {
            if (b >> i & 1) {
                n++;
                top = 1 << i;
            }
        }
        POP[b] = (unsigned char)n;
        TOP[b] = top;
    }
    POW3[0] = 1;
    for (int i = 1; i < 33; i++) POW3[i] = POW3[i - 1] * 3;
    tables_set = 1;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"set_tables", set_tables, METH_VARARGS, "search.py's lookup tables: reps (bytes), ternary (list), safe (bytes)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_search",
    "The double-dummy search of preflog.analysis.search, in C: the same answers after the same work.",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
#ifdef __POPCNT__
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {  /* built for another machine: search.py's solver instead */
        PyErr_SetString(PyExc_ImportError, "the solver in C was built for a processor with POPCNT");
        return NULL;
    }
#endif
    if (PyType_Ready(&SolverType) < 0) return NULL;
    if ((HANDS = PyUnicode_InternFromString("hands")) == NULL || (TABLE = PyUnicode_InternFromString("table")) == NULL
        || (TALON = PyUnicode_InternFromString("talon")) == NULL
        || (LEADER = PyUnicode_InternFromString("leader")) == NULL
        || (FOUR = PyUnicode_InternFromString("four")) == NULL
        || (VOID_ELDEST = PyUnicode_InternFromString("void_eldest")) == NULL)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(module, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
