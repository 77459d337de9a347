"""The scoring rules as pure functions: the entries one deal writes (RULES.md, "Scoring entries").
Each entry's reason is a :class:`~.ledger.Reason`, facts in no language (their words:
:mod:`preflog.sheet_words`).

Each function takes a deal's ``Outcome`` and the ``Rules`` and returns the entries in the order a
scorer writes them. Pool entries are written as earned; helping another player once the own pool is
full (Code 4.2.3) is the sheet's business (:mod:`.pulka`), since it depends on the pools so far.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from ..i18n import N_
from ..model.bids import Bid
from ..model.build import builder
from ..model.cards import Card, Rank
from ..model.deal import Checkpoint, Penalty, PenaltyKind
from ..game.laws import obligation
from .ledger import Amount, Column, Entry, Reason, exact
from .outcome import Outcome
from ..game.classic import bomb_degree
from ..game.conventions import AllPassScoring, AllPassTalon, Liability, Progression, Rules, WhistSplit, ZeroTrick

POOL, MOUNTAIN, WHISTS, BOMB = Column.POOL, Column.MOUNTAIN, Column.WHISTS, Column.BOMB
#: The bombs by degree, as the sheet names them (seed 000 §7.1: "простая бомба, … двойная, … елка").
BOMB_NAMES = {1: N_("simple bomb"), 2: N_("double bomb"), 3: N_("tree")}

_Entry = builder(Entry)  # the sheet's entries, built in C (model.build)
_of = Reason.of


def all_pass_price(rules: Rules, in_a_row: int) -> int:
    """The price of a trick on the ``in_a_row``-th all-pass in a row, 1 for the first (Code 3.7.4).

    Arithmetic 1, 2, 3 …; geometric 1, 2, 4 …; both stop after the limit of steps (3.7.4.3).
    """
    steps = in_a_row if rules.all_pass_progression_limit is None else min(in_a_row,
                                                                          rules.all_pass_progression_limit)
    if rules.all_pass_progression is Progression.ARITHMETIC:
        return steps
    if rules.all_pass_progression is Progression.GEOMETRIC:
        return int(2 ** (steps - 1))
    return 1


def needs_closed(rules: Rules) -> bool:
    """Whether :func:`deal_entries` reads which pools are full (only half-then-full liability does)."""
    return rules.whist_liability is Liability.HALF_THEN_FULL


def deal_entries(o: Outcome, rules: Rules, *, in_a_row: int = 1,
                 closed: Collection[str] = (), bomb: int = 0) -> list[Entry]:
    """The entries of one deal. ``in_a_row`` counts this all-pass among the all-passes in a row;
    ``closed`` holds the players whose pool was full before the deal (for half-then-full liability);
    ``bomb`` is the degree of the declarer's bomb the game is played on (0: none)."""
    if o.missing is not None:
        return []
    if o.all_pass:
        return all_pass_entries(o, rules, all_pass_price(rules, in_a_row) * (2 if o.dark_passers else 1))
    assert o.contract is not None and o.declarer is not None
    factor = game_factor(o, bomb)
    if o.totus:  # what a totus writes depends on the sheet before it: the scorer writes it (scoring/totus.py)
        out: list[Entry] = []
    elif o.contract.is_misere:
        out = misere_entries(o, rules, factor)
    else:
        out = contract_entries(o, rules, closed, factor)
    if rules.talon_bonus:
        out += talon_bonus_entries(o, rules, factor)
    return out


def made(o: Outcome) -> bool:
    """The declarer's game is made: misère without a trick, a game with its tricks or nobody whisting."""
    if o.contract is None or o.declarer is None or o.all_pass:
        return False
    if o.contract.is_misere:
        return o.declarer_tricks == 0
    if o.totus:
        return o.declarer_tricks == 10
    return not o.whisters or (o.declarer_tricks is not None and contract_made(o.contract, o.declarer_tricks))


def contract_made(contract: Bid, tricks: int) -> bool:
    """A contract played out is made with ``tricks``: a misère with none, a game with its level (Code 3.6.6,
    3.9)."""
    return tricks == 0 if contract.is_misere else tricks >= contract.level


def game_factor(o: Outcome, bomb: int) -> int:
    """What a game's value is multiplied by: 2, 4 or 8 on a simple, double or tree bomb, and 2 again
    when won dark; the factors multiply (Code 3.3.19 b, footnotes 29–31, 4.1.2; seed 000 §7.2)."""
    return int(2 ** bomb) * (2 if o.dark else 1)


def misere_entries(o: Outcome, rules: Rules, factor: int = 1) -> list[Entry]:
    """Misère: 10 to the pool with no trick, else 10 per trick to the mountain; no whists (3.6)."""
    assert o.declarer is not None and o.declarer_tricks is not None
    taken, s, price = o.declarer_tricks, rules.scale, 10 * factor
    if taken == 0:
        return [_Entry(o.number, o.declarer, POOL, price, "4.2.1", _of("misere-made", factor=factor), game=True)]
    return [_Entry(o.number, o.declarer, MOUNTAIN, price * taken * s, "4.2.1",
                   _of("misere-failed", tricks=taken, price=price, scale=s, factor=factor))]


def contract_entries(o: Outcome, rules: Rules, closed: Collection[str] = (), factor: int = 1) -> list[Entry]:
    """A game for tricks: the declarer's pool or mountain, whists, consolation, whisters' failures.
    ``factor`` multiplies the game's value (bombs, dark games)."""
    contract, declarer = o.contract, o.declarer
    assert contract is not None and declarer is not None
    n, s, price, level = o.number, rules.scale, contract.price * factor, contract.level
    if not o.whisters:
        out = [_Entry(n, declarer, POOL, price, "3.8.1, 4.2.3.2",
                      _of("nobody-whisted", contract=contract, factor=factor) if o.half is None else
                      _of("half-whisted", contract=contract, half=o.half, factor=factor), game=True)]
        if o.half is not None:
            half_tricks = obligation(contract) // 2
            out.append(_Entry(n, o.half, WHISTS, price * half_tricks * s, "3.8.7",
                              _of("half-whist", tricks=half_tricks, price=price, scale=s), declarer))
        return out
    assert o.declarer_tricks is not None
    taken = o.declarer_tricks
    under = max(0, level - taken)
    out = []
    if under == 0:
        out.append(_Entry(n, declarer, POOL, price, "4.2.1", _of("made", contract=contract, taken=taken, factor=factor),
                          game=True))
    else:
        out.append(_Entry(n, declarer, MOUNTAIN, price * under * s, "4.2.1",
                          _of("failed", contract=contract, tricks=under, price=price, scale=s, factor=factor)))
    out.extend(_whists(o, rules, price, taken, under))
    if under:
        out.extend(_consolation(o, rules, price, under, factor))
    out.extend(_whisters_short(o, rules, price, closed))
    return out


def _whists(o: Outcome, rules: Rules, price: int, taken: int, under: int) -> list[Entry]:
    """Each whister writes the price per trick on the declarer (3.8.1.1); one whister counts the
    passer's tricks too (greedy, 3.8.13) or, when the declarer failed, shares them (gentleman, 3.8.14)."""
    n, s, declarer = o.number, rules.scale, o.declarer
    assert declarer is not None
    if len(o.whisters) == 2:
        out = []
        for whister in o.whisters:
            own = o.taken(whister) or 0  # known unless the declarer took all ten (outcome_of)
            if own:
                out.append(_Entry(n, whister, WHISTS, price * own * s, "3.8.1.1",
                                  _of("tricks", tricks=own, price=price, scale=s), declarer))
        return out
    defence = 10 - taken
    if not defence:
        return []
    whister = o.whisters[0]
    if under and rules.whist_split is WhistSplit.GENTLEMAN:
        sharers = (whister,) + tuple(p for p in o.passers if p != o.returned)
        share = exact(Fraction(price * defence * s, len(sharers)))
        how = _of("gentleman", tricks=defence, price=price, scale=s, sharers=len(sharers),
                  returned=o.returned if len(sharers) == 1 else None)
        return [_Entry(n, p, WHISTS, share, "3.8.14", how, declarer) for p in sharers]
    why = "3.8.13" if o.passers else "3.8.1.1"
    note = _of("passer-tricks" if o.passers else "tricks", tricks=defence, price=price, scale=s)
    return [_Entry(n, whister, WHISTS, price * defence * s, why, note, declarer)]


def _consolation(o: Outcome, rules: Rules, price: int, under: int, factor: int) -> list[Entry]:
    """On a failed contract every other player, the sitting-out dealer too, writes the consolation
    per undertrick on the declarer (3.8.1.2; footnotes 36 and 54)."""
    s = rules.scale
    per = price if rules.consolation is None else rules.consolation * factor
    if not per:
        return []  # [Rule.Consolation "0"]: no consolation, as many tables play
    others = [p for p in o.active if p != o.declarer] + ([o.dealer] if o.four else [])
    note = _of("consolation", tricks=under, price=per, scale=s)
    return [_Entry(o.number, p, WHISTS, per * under * s, "3.8.1.2", note, o.declarer)
            for p in others]


def whisters_short(o: Outcome) -> list[tuple[str, int]]:
    """The whisters short of the obligation in a game played out, each with the tricks he is short by
    («ремиз вистующего», 3.8.1.3; footnote 55: «при недоборе до обязательного количества взяток»): none
    when the defence took the obligation (3.8.2, 3.8.4); one whister answers for it alone (3.8.5); two
    answer for half of it each, on 8, 9 and 10 the second to whist for the one trick (3.8.6). A pass and
    a half-whist answer for nothing; a misère and a totus are not whisted. What the scorer writes to the
    whister's mountain (:func:`contract_entries`), and what the statistics count as his remiz."""
    contract, taken = o.contract, o.declarer_tricks
    if not o.whisters or contract is None or contract.is_misere or o.totus or taken is None:
        return []
    need = obligation(contract)
    if 10 - taken >= need:
        return []
    if len(o.whisters) == 2:
        halves = (need // 2, need - need // 2) if need > 1 else (0, 1)
        shorts = [(w, half - (o.taken(w) or 0)) for w, half in zip(o.whisters, halves)]
    else:
        shorts = [(o.whisters[0], need - (10 - taken))]
    return [(w, short) for w, short in shorts if short > 0]


def _whisters_short(o: Outcome, rules: Rules, price: int, closed: Collection[str]) -> list[Entry]:
    """Whisters short of the obligation write each missing trick to the mountain (3.8.1.3): at the
    price (full liability, 3.8.11) or half of it (half liability, 3.8.12); who is short by how much is
    :func:`whisters_short`'s."""
    section = "3.8.6" if len(o.whisters) == 2 else "3.8.1.3"
    out = []
    for whister, short in whisters_short(o):
        full = rules.whist_liability is Liability.FULL or (
            rules.whist_liability is Liability.HALF_THEN_FULL and whister in closed)
        per: Amount = price if full else exact(Fraction(price, 2))
        out.append(_Entry(o.number, whister, MOUNTAIN, exact(Fraction(per * short * rules.scale)), section,
                          _of("short", short=short, price=per, scale=rules.scale, full=full)))
    return out


def all_pass_entries(o: Outcome, rules: Rules, price: int) -> list[Entry]:
    """An all-pass: tricks to the mountain with amnesty (3.7.2.1, 3.7.3) or, in Rostov, whists from
    the player with the fewest tricks (3.7.2.2); a player with no trick writes to the pool."""
    assert o.tricks is not None
    n, s = o.number, rules.scale
    out: list[Entry] = []
    for p in o.active:
        if o.tricks[p] == 0:  # the price of a trick times the scale: footnote 45, two in Leningrad
            out.append(_no_trick(n, p, price * s, rules, _of("no-trick", tricks=1, price=price, scale=s)))
    dealer_plays = o.four and rules.all_pass_talon is AllPassTalon.LEAD
    if o.four and not dealer_plays:
        out.append(_no_trick(n, o.dealer, price * s, rules, _of("dealer-no-talon", price=price),
                             "RULES.md AllPassTalon"))
    players = list(o.active) + ([o.dealer] if dealer_plays else [])
    if rules.all_pass_scoring is AllPassScoring.WHISTS:
        return out + _all_pass_whists(o, rules, price, players)
    cut = min(o.tricks[p] for p in players) if rules.all_pass_amnesty else 0
    for p in players:
        tricks_ = o.tricks[p] - cut
        if tricks_ > 0:
            note = _of("all-pass-tricks", tricks=tricks_, price=price, scale=s, cut=cut, talon=o.four and p == o.dealer)
            out.append(_Entry(n, p, MOUNTAIN, tricks_ * price * s, "3.7.3" if cut else "3.7.2.1", note))
    return out


def _no_trick(n: int, player: str, amount: int, rules: Rules, reason: Reason, section: str | None = None) -> Entry:
    """A player without a trick on the all-pass: the price of one trick to the pool (Code 3.7.2.1,
    3.7.2.2) or, where the convention says so, off the own mountain as far as it goes (seed 000 §7.2)."""
    if rules.all_pass_zero is ZeroTrick.MOUNTAIN:
        return _Entry(n, player, MOUNTAIN, -amount, "seed 000 §7.2", _of("off-own-mountain", reason=reason),
                      capped=True)
    if section is None:
        section = "3.7.2.1" if rules.all_pass_scoring is AllPassScoring.MOUNTAIN else "3.7.2.2"
    return _Entry(n, player, POOL, amount, section, reason)


def _all_pass_whists(o: Outcome, rules: Rules, price: int, players: list[str]) -> list[Entry]:
    """Rostov: the player with the fewest tricks writes the agreed whists per trick (five the most
    common) on each of the others; two with the fewest write half each (3.7.2.2)."""
    assert o.tricks is not None
    fewest = min(o.tricks[p] for p in o.active)
    lows = [p for p in o.active if o.tricks[p] == fewest]
    per = rules.all_pass_whists * price * rules.scale
    out = []
    for other in players:
        if other in lows or not o.tricks[other]:
            continue
        tricks_ = o.tricks[other]
        for low in lows:
            amount = exact(Fraction(per * tricks_, len(lows)))
            note = _of("all-pass-whists", tricks=tricks_, whists=rules.all_pass_whists, price=price, scale=rules.scale,
                       lows=len(lows))
            out.append(_Entry(o.number, low, WHISTS, amount, "3.7.2.2", note, other))
    return out


def talon_bonus(talon: Sequence[Card], misere: bool) -> tuple[int, Reason] | None:
    """What the talon gives the sitting-out dealer (Code 3.4.11; seed 000 §4; seed 004): tricks for a
    game (an ace or a marriage one, an ace and king of a suit two, two aces three), or whists for a
    misère (seed 001: 10 for each seven, 20 for a seven and eight of one suit); ``None`` for nothing."""
    suits = {c.suit for c in talon}
    if misere:
        if len(suits) == 1 and {c.rank for c in talon} == {Rank.SEVEN, Rank.EIGHT}:
            return 20, _of("talon-seven-eight")
        sevens = sum(c.rank is Rank.SEVEN for c in talon)
        return (10 * sevens, _of("talon-sevens", n=sevens)) if sevens else None
    aces = [c for c in talon if c.rank is Rank.ACE]
    ranks = {c.rank for c in talon}
    if len(aces) == 2:
        return 3, _of("talon-two-aces")
    if aces and len(suits) == 1 and Rank.KING in ranks:
        return 2, _of("talon-ace-king")
    if aces:
        return 1, _of("talon-ace")
    if len(suits) == 1 and ranks == {Rank.KING, Rank.QUEEN}:
        return 1, _of("talon-marriage")
    return None


def talon_bonus_entries(o: Outcome, rules: Rules, factor: int = 1) -> list[Entry]:
    """With four players the dealer writes on the declarer for the quick tricks the talon brought him,
    as for tricks of the game declared (Code 3.4.11, seed 000 §4, seed 004); on a misère, whists for
    the low cards it brought (seed 001)."""
    if not o.four or o.talon is None or o.contract is None or o.declarer is None:
        return []
    found = talon_bonus(o.talon, o.contract.is_misere)
    if found is None:
        return []
    tricks_, why = found
    if o.contract.is_misere:
        amount, how = tricks_ * factor * rules.scale, _of("talon-misere", why=why, tricks=tricks_, factor=factor)
        return [_Entry(o.number, o.dealer, WHISTS, amount, "seed 001", how, o.declarer)]
    price = o.contract.price * factor
    return [_Entry(o.number, o.dealer, WHISTS, tricks_ * price * rules.scale, "3.4.11",
                   _of("talon-game", why=why, tricks=tricks_, price=price, scale=rules.scale), o.declarer)]


def barred_from_help(o: Outcome, written: Sequence[Entry]) -> frozenset[str]:
    """Who may not be helped from the declarer's full pool in this deal: the sitting-out dealer, and a
    whister who fell short of his obligation (seed 000 §7.2: "Запрещается помогать сдающему и
    вистующему, если тот на этой игре сел"; seed 004)."""
    short = {e.player for e in written if e.column is MOUNTAIN and e.player in o.whisters}
    return frozenset(short | ({o.dealer} if o.four else set()))


def unresponsible_entries(o: Outcome, rules: Rules, made_so_far: int, answered: int,
                          written: Sequence[Entry]) -> list[Entry]:
    """A game made beyond what the declarer answers for (all-passes and razboynik games, ``answered``;
    ``made_so_far`` counts this one) is unresponsible: half its points go on his hill, so that he keeps
    only half of what he earned (seed 004: "writes a half of the game point on his/her hill"; seed 000
    §7.2: "теряет половину заработанных очков"). A failed game pays in full; a totus is not halved."""
    if not rules.unresponsible or made_so_far <= answered or o.totus or o.declarer is None:
        return []
    points = sum(e.amount for e in written if e.game)
    if not points:
        return []
    half = exact(Fraction(points * rules.scale, 2))
    return [_Entry(o.number, o.declarer, MOUNTAIN, half, "seed 000 §7.2, seed 004",
                   _of("unresponsible", made=made_so_far, declarer=o.declarer, answered=answered,
                       points=exact(Fraction(points))))]


def opening_entries(opening: Checkpoint) -> list[Entry]:
    """The totals of a pulka begun on paper (the ``Sheet`` tag), written before the first deal as
    deal 0, each as it is given."""
    out: list[Entry] = []
    for line in opening.entries:
        p = line.player
        for column, value in ((POOL, line.pool), (MOUNTAIN, line.mountain)):
            if value is not None and value:
                out.append(_Entry(0, p, column, exact(Fraction(value)), "Sheet tag", _of("paper")))
        for w in line.whists or ():
            if w.amount:
                out.append(_Entry(0, p, WHISTS, exact(Fraction(w.amount)), "Sheet tag", _of("paper"),
                                  w.player))
    return out


def bomb_entries(o: Outcome, rules: Rules, bomb: int = 0) -> list[Entry]:
    """The bombs a deal uses or earns. A game made on the declarer's ``bomb`` uses it up; a game failed
    keeps it (footnotes 29, 30; seed 000 §6.4). A dark all-pass earns (Code 3.3.19 a, 3.7.10; seed 000
    §6.4; seed 004) each who passed dark a bomb of the degree of this dark all-pass in a row (simple,
    double, tree), each who passed seeing one degree less; with four players the dealer gets the dark
    one if everyone passed dark, else the seeing one."""
    if bomb and o.declarer is not None and made(o):
        return [_Entry(o.number, o.declarer, BOMB, -bomb, "fn 29", _of("bomb-used", bomb=bomb))]
    if not (rules.bombs and o.all_pass and o.dark_passers):
        return []
    everyone_dark = len(o.dark_passers) == len(o.active)
    players = list(o.active) + ([o.dealer] if o.four else [])
    out = []
    for p in players:
        dark = p in o.dark_passers or (p == o.dealer and o.four and everyone_dark)
        degree = bomb_degree(o.dark_before, dark)
        if degree > 0:
            how = "dark" if p in o.dark_passers else "dealt" if p == o.dealer and o.four else "seeing"
            out.append(_Entry(o.number, p, BOMB, degree, "3.3.19 a",
                              _of("bomb-earned", bomb=degree, how=how, n=o.dark_before + 1)))
    return out


def penalty_entries(number: int, penalty: Penalty) -> list[Entry]:
    """A manual entry, written as given: ``penalty P whists Q N`` means P writes N whists on Q."""
    amount = exact(Fraction(penalty.amount))
    note = _of("penalty", comment=" ".join(c.text.strip() for c in penalty.comments))
    if penalty.kind is PenaltyKind.WHISTS:
        return [_Entry(number, penalty.player, WHISTS, amount, "penalty", note, penalty.target)]
    column = POOL if penalty.kind is PenaltyKind.POOL else MOUNTAIN
    return [_Entry(number, penalty.player, column, amount, "penalty", note)]


__all__ = ["all_pass_entries", "all_pass_price", "contract_entries", "deal_entries", "game_factor", "misere_entries",
           "talon_bonus", "talon_bonus_entries", "bomb_entries", "made", "unresponsible_entries", "barred_from_help",
           "needs_closed", "opening_entries", "penalty_entries", "whisters_short"]
