"""Rule violations: a stable code, the rule broken, its section of the Preferans Code, and where."""

from __future__ import annotations

import attrs

from ..i18n import N_, _, pgettext
from ..model.cards import Card
from ..model.span import Span

#: Every violation the engine reports: code → (the rule in a few words, Code section or source).
CATALOGUE: dict[str, tuple[str, str]] = {
    "R101": (N_("unknown convention"), "RULES.md"),
    "R102": (N_("unknown rule option"), "RULES.md"),
    "R103": (N_("invalid rule option value"), "RULES.md"),
    "R104": (N_("gusarik is played by two"), "Code 3.7.6.4, seed 001"),
    "D101": (N_("a card dealt twice"), "1.3.1, 3.2.8"),
    "D102": (N_("the deal passes clockwise"), "3.2.2"),
    "D103": (N_("the dealer stays after an all-pass"), "3.7.7"),
    "D104": (N_("a sitting-out dealer gets no cards"), "3.2.10"),
    "A201": (N_("calls go clockwise from the eldest hand"), "3.3.2"),
    "A202": (N_("each bid must be higher than the last"), "3.3.7"),
    "A203": (N_("a player who passed is out of the auction"), "3.3.10"),
    "A204": (N_("misère only as a player's first call"), "3.3.9"),
    "A205": (N_("a misère bidder makes no other bid"), "3.3.9, 3.6.3"),
    "A206": (N_("only the eldest hand may say here, matching the last bid"), "3.3.8"),
    "A207": (N_("a call after the auction is over"), "3.3.1, 3.3.12"),
    "A208": (N_("the auction is not finished"), "3.3.1"),
    "A209": (N_("the lowest bid after an all-pass or a dark pass"), "3.7.8, 3.3.19 a, seed 004"),
    "A211": (N_("dark calls: a dark pass before any bid, a dark bid before any seeing one"), "3.3.19, seed 004"),
    "A212": (N_("a hand bid is a nine, a ten or misère"), "seed 004, seed 000 §5"),
    "A213": (N_("no auction in the razboynik"), "seed 000 §8, seed 004"),
    "A210": (N_("dark and hand bids only where the convention has them"), "3.3.19"),
    "T301": (N_("the discard comes from the declarer's twelve cards"), "3.4.1"),
    "T302": (N_("a discard only by a declarer who took the talon"), "3.4.1"),
    "T303": (N_("the contract is not lower than the last bid"), "3.4.3"),
    "T304": (N_("misère only after a misère bid"), "3.3.9"),
    "T305": (N_("a misère bidder's contract is misère"), "3.6.3"),
    "T306": (N_("the contract is declared by the winner of the auction"), "3.4.1"),
    "T307": (N_("an all-pass has no discard, contract or whist"), "3.7.1"),
    "T308": (N_("each compulsory game once"), "seed 000 §8, seed 004"),
    "T309": (N_("a totus is a ten with the talon, where the convention has it"), "seed 000 §6.3"),
    "W401": (N_("whist decisions go from the declarer's left"), "3.8.1"),
    "W402": (N_("half-whist only where the convention has it"), "3.8.7"),
    "W403": (N_("half-whist by the second defender after a pass, on a six or a seven"), "3.8.7"),
    "W404": (N_("returning the whist"), "3.8.8, 3.8.8.1, 3.8.8.2"),
    "W405": (N_("open or closed is chosen by a single whister"), "3.8.4, 3.8.5"),
    "W406": (N_("misère is not whisted"), "3.6.6"),
    "W407": (N_("Stalingrad: six spades is whisted by both"), "seed 000 §6.2"),
    "W408": (N_("a contract nobody whists is not played"), "3.8.1, 3.8.7"),
    "W409": (N_("a game won dark is whisted by both"), "3.3.19 b, seed 004"),
    "W410": (N_("two players: the whister plays open with the dummy, without half-whist"), "seed 001, 3.8.7"),
    "W411": (N_("the defence of a compulsory game is agreed"), "seed 004"),
    "W412": (N_("a totus is not whisted"), "seed 000 §6.3"),
    "P501": (N_("a card the player does not hold"), "3.9.2, 3.2.16"),
    "P502": (N_("follow suit"), "2.1.3, 3.9.3"),
    "P503": (N_("trump when void in the suit led"), "3.9.3"),
    "P504": (N_("a card played twice"), "3.9.2"),
    "P505": (N_("more than ten tricks"), "2.1.1, 3.9.5"),
    "P506": (N_("revoke: a suit played after the player showed void in it"), "3.9.16"),
    "P507": (N_("play before the defence is settled"), "3.8.1, 3.9.1"),
    "C601": (N_("a claim gives away exactly the tricks not played"), "3.9.22"),
    "C602": (N_("the result agrees with the play"), "2.1.2, 3.9.4"),
    "C603": (N_("the result fits the contract"), "3.8.7, 3.9.22"),
    "C604": (N_("a result needs a declarer"), "3.7.1"),
    "C605": (N_("a game nobody whisted is not played and has no result"), "3.8.1, 3.8.7"),
    "S701": (N_("the sheet as written agrees with the deals"), "4.2.5, 4.2.7"),
    "S702": (N_("the Result tag agrees with the settlement"), "4.2.14"),
    "S703": (N_("a deal whose record is too short to score"), "4.2.1"),
    "S704": (N_("no deal after the end of the pulka"), "4.2.3, 4.2.15"),
    "S705": (N_("the second stage's pool is at most the smallest mountain"), "seed 000 §8, seed 004"),
    "S706": (N_("a totus on a bomb names the partners it helps"), "seed 000 §7.2"),
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
        """The rule broken, in a few words of the current language."""
        return _(CATALOGUE[self.code][0])

    @property
    def section(self) -> str:
        return CATALOGUE[self.code][1]

    @classmethod
    def of(cls, code: str, detail: str, span: Span | None, deal: int | None = None,
           token: Card | str | None = None) -> Violation:
        """A violation whose message is ``detail``, then the rule and its Code section."""
        return cls(code, f"{detail} [{code}: {_(CATALOGUE[code][0])}, {cited(CATALOGUE[code][1])}]", span, deal,
                   token=token)


#: Sources that are not the Code's sections or the seeds: said in the current language as a whole.
_SOURCES = ("Sheet tag", "penalty", "RULES.md AllPassTalon")  # not the Code: said by _source
_CITED_WORDS = (N_("Code"), N_("seed"), N_("fn"))  # the words of a citation, each said as _(word)


def cited(section: str) -> str:
    """A source as a message cites it, in the current language: ``Code 3.9.3`` for the Code's sections
    (Кодекс 3.9.3), ``seed 000 §8`` for the original documents of ``RULES.md`` (источник 000 §8)."""
    if section in _SOURCES:
        return _source(section)
    text = "Code " + section if section[:1].isdigit() else section
    for word in ("Code", "seed", "fn"):  # fn: a footnote of the Code
        text = text.replace(word + " ", _(word) + " ")
    return text


def _source(section: str) -> str:
    """A source that is not the Code, as a citation names it (a penalty is the file's own statement,
    not the word штраф again)."""
    return {"Sheet tag": pgettext("source", "Sheet tag"), "penalty": pgettext("source", "penalty"),
            "RULES.md AllPassTalon": pgettext("source", "RULES.md AllPassTalon")}[section]

#: The module's public names (what other layers and the server may import).
__all__ = [
    "CATALOGUE", "Violation", "cited",
]
