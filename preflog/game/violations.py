"""Rule violations: a stable code, the rule broken, its section of the Preferans Code, and where."""

from __future__ import annotations

import attrs

from ..model.cards import Card
from ..model.span import Span

#: Every violation the engine reports: code → (the rule in a few words, Code section or source).
CATALOGUE: dict[str, tuple[str, str]] = {
    "R101": ("unknown convention", "RULES.md"),
    "R102": ("unknown rule option", "RULES.md"),
    "R103": ("invalid rule option value", "RULES.md"),
    "R104": ("gusarik is played by two", "Code 3.7.6.4, seed 001"),
    "D101": ("a card dealt twice", "1.3.1, 3.2.8"),
    "D102": ("the deal passes clockwise", "3.2.2"),
    "D103": ("the dealer stays after an all-pass", "3.7.7"),
    "D104": ("a sitting-out dealer gets no cards", "3.2.10"),
    "A201": ("calls go clockwise from the eldest hand", "3.3.2"),
    "A202": ("each bid must be higher than the last", "3.3.7"),
    "A203": ("a player who passed is out of the auction", "3.3.10"),
    "A204": ("misère only as a player's first call", "3.3.9"),
    "A205": ("a misère bidder makes no other bid", "3.3.9, 3.6.3"),
    "A206": ("only the eldest hand may say here, matching the last bid", "3.3.8"),
    "A207": ("a call after the auction is over", "3.3.1, 3.3.12"),
    "A208": ("the auction is not finished", "3.3.1"),
    "A209": ("the lowest bid after an all-pass or a dark pass", "3.7.8, 3.3.19 a, seed 004"),
    "A211": ("dark calls: a dark pass before any bid, a dark bid before any seeing one", "3.3.19, seed 004"),
    "A212": ("a hand bid is a nine, a ten or misère", "seed 004, seed 000 §5"),
    "A213": ("no auction in the razboynik", "seed 000 §8, seed 004"),
    "A210": ("dark and hand bids only where the convention has them", "3.3.19"),
    "T301": ("the discard comes from the declarer's twelve cards", "3.4.1"),
    "T302": ("a discard only by a declarer who took the talon", "3.4.1"),
    "T303": ("the contract is not lower than the last bid", "3.4.3"),
    "T304": ("misère only after a misère bid", "3.3.9"),
    "T305": ("a misère bidder's contract is misère", "3.6.3"),
    "T306": ("the contract is declared by the winner of the auction", "3.4.1"),
    "T307": ("an all-pass has no discard, contract or whist", "3.7.1"),
    "T308": ("each compulsory game once", "seed 000 §8, seed 004"),
    "T309": ("a totus is a ten with the talon, where the convention has it", "seed 000 §6.3"),
    "W401": ("whist decisions go from the declarer's left", "3.8.1"),
    "W402": ("half-whist only where the convention has it", "3.8.7"),
    "W403": ("half-whist by the second defender after a pass, on a six or a seven", "3.8.7"),
    "W404": ("returning the whist", "3.8.8, 3.8.8.1, 3.8.8.2"),
    "W405": ("open or closed is chosen by a single whister", "3.8.4, 3.8.5"),
    "W406": ("misère is not whisted", "3.6.6"),
    "W407": ("Stalingrad: six spades is whisted by both", "seed 000 §6.2"),
    "W408": ("a contract nobody whists is not played", "3.8.1, 3.8.7"),
    "W409": ("a game won dark is whisted by both", "3.3.19 b, seed 004"),
    "W410": ("two players: the whister plays open with the dummy, without half-whist", "seed 001, 3.8.7"),
    "W411": ("the defence of a compulsory game is agreed", "seed 004"),
    "W412": ("a totus is not whisted", "seed 000 §6.3"),
    "P501": ("a card the player does not hold", "3.9.2, 3.2.16"),
    "P502": ("follow suit", "2.1.3, 3.9.3"),
    "P503": ("trump when void in the suit led", "3.9.3"),
    "P504": ("a card played twice", "3.9.2"),
    "P505": ("more than ten tricks", "2.1.1, 3.9.5"),
    "P506": ("revoke: a suit played after the player showed void in it", "3.9.16"),
    "P507": ("play before the defence is settled", "3.8.1, 3.9.1"),
    "C601": ("a claim gives away exactly the tricks not played", "3.9.22"),
    "C602": ("the result agrees with the play", "2.1.2, 3.9.4"),
    "C603": ("the result fits the contract", "3.8.7, 3.9.22"),
    "C604": ("a result needs a declarer", "3.7.1"),
    "C605": ("a game nobody whisted is not played and has no result", "3.8.1, 3.8.7"),
    "S701": ("the sheet as written agrees with the deals", "4.2.5, 4.2.7"),
    "S702": ("the Result tag agrees with the settlement", "4.2.14"),
    "S703": ("a deal whose record is too short to score", "4.2.1"),
    "S704": ("no deal after the end of the pulka", "4.2.3, 4.2.15"),
    "S705": ("the second stage's pool is at most the smallest mountain", "seed 000 §8, seed 004"),
    "S706": ("a totus on a bomb names the partners it helps", "seed 000 §7.2"),
}


@attrs.frozen(slots=True)
class Violation:
    """One broken rule at one place: ``code`` (e.g. ``P502``), a message naming the rule and section.

    A violation that names a slip which the rest of its deal follows from (a wrong dealer, hands in the
    wrong order, a misread card) carries a ``hint`` at the likely correction and, in ``follows``, the
    violations it explains (``preflog.check`` folds them; ``fold=False`` lists them all).
    """

    code: str
    message: str
    span: Span | None = None
    deal: int | None = None
    hint: str | None = None
    follows: tuple[Violation, ...] = attrs.field(default=(), eq=False, repr=False)
    #: what inside ``span`` the violation is about (a card of a hand, talon or discard; the declarer's
    #: name), for a view that holds the text to show it at that token
    token: Card | str | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def rule(self) -> str:
        return CATALOGUE[self.code][0]

    @property
    def section(self) -> str:
        return CATALOGUE[self.code][1]

    @classmethod
    def of(cls, code: str, detail: str, span: Span | None, deal: int | None = None,
           token: Card | str | None = None) -> Violation:
        """A violation whose message is ``detail``, then the rule and its Code section."""
        rule, section = CATALOGUE[code]
        where = "Code " + section if section[0].isdigit() else section
        return cls(code, f"{detail} [{code}: {rule}, {where}]", span, deal, token=token)
