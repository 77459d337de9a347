"""The violations in words: the one place where a :class:`~preflog.game.violations.Violation`, a value
of facts, becomes the sentence a person reads, in the current language.

:func:`message` gives the whole sentence with its rule and source (``6s is not higher than 6c [A202:
each bid must be higher than the last, Code 3.3.7]``), :func:`detail` the sentence alone, :func:`rule`
the rule in a few words, :func:`hint_text` the hint at a slip's correction, :func:`params_json` the
facts for JSON. Each code's sentences are a table from (code, reason) to the sentence, which words
each fact as :mod:`preflog.words` does (a card, a bid, a call, a defender's word).

>>> with using_language("ru"): message(violation)
'6♠ не выше 6♣ [A202: каждая заявка должна быть выше предыдущей, Кодекс 3.3.7]'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from . import words
from .game.conventions import OPTIONS, PRESETS
from .game.violations import SECTIONS, Param, Phrase, Violation
from .i18n import N_, _, ngettext
from .model.auction import Call
from .model.bids import Bid
from .model.cards import Card, Suit, suit_name_after_no
from .model.defence import DecisionKind
from .model.game import result_of
from .model.seating import Seat
from .sheet_words import entry_text, number_text, signed
from .scoring.ledger import COLUMN_WORDS, Column, Entry, number_json
from .scoring.tariff import BOMB_NAMES
from .words import cited

#: Every violation's code → the rule broken, in a few words (a msgid: said in the current language).
RULES: dict[str, str] = {
    "R101": N_("unknown convention"),
    "R102": N_("unknown rule option"),
    "R103": N_("invalid rule option value"),
    "R104": N_("gusarik is played by two"),
    "D101": N_("a card dealt twice"),
    "D102": N_("the deal passes clockwise"),
    "D103": N_("the dealer stays after an all-pass"),
    "D104": N_("a sitting-out dealer gets no cards"),
    "A201": N_("calls go clockwise from the eldest hand"),
    "A202": N_("each bid must be higher than the last"),
    "A203": N_("a player who passed is out of the auction"),
    "A204": N_("misère only as a player's first call"),
    "A205": N_("a misère bidder makes no other bid"),
    "A206": N_("only the eldest hand may say here, matching the last bid"),
    "A207": N_("a call after the auction is over"),
    "A208": N_("the auction is not finished"),
    "A209": N_("the lowest bid after an all-pass or a dark pass"),
    "A211": N_("dark calls: a dark pass before any bid, a dark bid before any seeing one"),
    "A212": N_("a hand bid is a nine, a ten or misère"),
    "A213": N_("no auction in the razboynik"),
    "A210": N_("dark and hand bids only where the convention has them"),
    "T301": N_("the discard comes from the declarer's twelve cards"),
    "T302": N_("a discard only by a declarer who took the talon"),
    "T303": N_("the contract is not lower than the last bid"),
    "T304": N_("misère only after a misère bid"),
    "T305": N_("a misère bidder's contract is misère"),
    "T306": N_("the contract is declared by the winner of the auction"),
    "T307": N_("an all-pass has no discard, contract or whist"),
    "T308": N_("each compulsory game once"),
    "T309": N_("a totus is a ten with the talon, where the convention has it"),
    "W401": N_("whist decisions go from the declarer's left"),
    "W402": N_("half-whist only where the convention has it"),
    "W403": N_("half-whist by the second defender after a pass, on a six or a seven"),
    "W404": N_("returning the whist"),
    "W405": N_("open or closed is chosen by a single whister"),
    "W406": N_("misère is not whisted"),
    "W407": N_("Stalingrad: six spades is whisted by both"),
    "W408": N_("a contract nobody whists is not played"),
    "W409": N_("a game won dark is whisted by both"),
    "W410": N_("two players: the whister plays open with the dummy, without half-whist"),
    "W411": N_("the defence of a compulsory game is agreed"),
    "W412": N_("a totus is not whisted"),
    "P501": N_("a card the player does not hold"),
    "P502": N_("follow suit"),
    "P503": N_("trump when void in the suit led"),
    "P504": N_("a card played twice"),
    "P505": N_("more than ten tricks"),
    "P506": N_("revoke: a suit played after the player showed void in it"),
    "P507": N_("play before the defence is settled"),
    "C601": N_("a claim gives away exactly the tricks not played"),
    "C602": N_("the result agrees with the play"),
    "C603": N_("the result fits the contract"),
    "C604": N_("a result needs a declarer"),
    "C605": N_("a game nobody whisted is not played and has no result"),
    "S701": N_("the sheet as written agrees with the deals"),
    "S702": N_("the Result tag agrees with the settlement"),
    "S703": N_("a deal whose record is too short to score"),
    "S704": N_("no deal after the end of the pulka"),
    "S705": N_("the second stage's pool is at most the smallest mountain"),
    "S706": N_("a totus on a bomb names the partners it helps"),
}
#: Every code → (the rule in a few words, as a msgid; its source), as preflog has always listed them.
CATALOGUE: dict[str, tuple[str, str]] = {code: (RULES[code], SECTIONS[code]) for code in SECTIONS}

#: The problems of the rules tags, said without their rule (the sentence names the tag and its values).
_TAGS = frozenset({"R101", "R102", "R103", "R104"})

Params = Mapping[str, Param]
#: A sentence: the params of a violation or phrase, in words of the current language.
Sentence = Callable[[Params], str]


def message(v: Violation) -> str:
    """The violation's sentence, then its rule and source: ``6s is not higher than 6c [A202: each bid
    must be higher than the last, Code 3.3.7]``; a rules tag that cannot be applied (R101–R104), the
    sentence alone, as the tag's own error."""
    if v.code in _TAGS:
        return detail(v)
    return f"{detail(v)} [{v.code}: {rule(v)}, {cited(v.section)}]"


def detail(v: Violation) -> str:
    """What is wrong, in a sentence, without the rule: ``6s is not higher than 6c``."""
    return _SENTENCES[v.code, v.reason](dict(v.params))


def rule(v: Violation | str) -> str:
    """The rule a violation (or code) breaks, in a few words of the current language."""
    return _(RULES[v if isinstance(v, str) else v.code])


def hint_text(v: Violation) -> str | None:
    """The violation's hint at the likely correction of a slip, in words, or ``None``."""
    return None if v.hint is None else phrase(v.hint)


def phrase(p: Phrase) -> str:
    """A phrase (a hint, why a deal cannot be scored, what is wrong with a totus's partners) in words."""
    return _PHRASES[p.reason](dict(p.params))


def accepted_text(accepted: str | tuple[str, ...]) -> str:
    """The values a ``Rule.<Option>`` accepts (its :data:`~preflog.game.conventions.OPTIONS` entry),
    in words of the current language: its spellings, or its description."""
    if isinstance(accepted, str):
        return _(_ACCEPTED[accepted])
    return _("{values} or {last}").format(values=", ".join(accepted[:-1]), last=accepted[-1])


def params_json(v: Violation | Phrase) -> dict[str, Any]:
    """The facts of a violation or phrase as JSON, by name: a card, bid or call as the notation writes
    it (``Ah``, ``7s``, ``dark 6s``), a suit, seat or word by its name (``hearts``, ``first``, ``whist``),
    numbers as numbers, a phrase as ``{"reason": …, "params": …}``; a sheet's entry in words."""
    return {name: _json(value) for name, value in v.params}


def _json(value: Param) -> Any:
    if isinstance(value, Phrase):
        return {"reason": value.reason, "params": params_json(value)}
    if isinstance(value, (Card, Bid, Call)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, Fraction):
        return number_json(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if value is None or isinstance(value, (str, int)):
        return value
    assert isinstance(value, Entry), value  # the one other value a violation names: a sheet's entry
    return entry_text(value)


# ---- the words of the facts ----------------------------------------------------------------------

def _word(value: Param) -> Any:
    """A fact as a sentence names it: a card, bid, call or defender's word in words, a suit as after
    "no" (нет пик), an amount as the sheet writes it; a name or count as it is."""
    if isinstance(value, Card):
        return words.card(value)
    if isinstance(value, Bid):
        return words.bid(value)
    if isinstance(value, Call):
        return words.call(value)
    if isinstance(value, DecisionKind):
        return words.decision(value)
    if isinstance(value, Suit):
        return suit_name_after_no(value)
    if isinstance(value, Fraction):
        return number_text(value)
    if isinstance(value, Decimal):
        return _decimal(value)
    if isinstance(value, Phrase):
        return phrase(value)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
        return words.cards(value)  # type: ignore[arg-type]
    return value


def _worded(p: Params, **said: Any) -> dict[str, Any]:
    """Every fact in words, and the words ``said`` that a sentence makes of them itself."""
    return {**{name: _word(value) for name, value in p.items()}, **said}


def _plain(msgid: str) -> Sentence:
    """A sentence whose facts are each said as :func:`_word` says them."""
    return lambda p: _(msgid).format(**_worded(p))


def _decimal(value: Decimal, sign: bool = False) -> str:
    """A number as written in a tag or sheet statement (``120``, ``33.5``), with its sign where asked."""
    text = format(value.normalize(), "f") if value == value.to_integral_value() else format(value, "f")
    return ("+" + text) if sign and value > 0 else text


def _defender(p: Params) -> str:
    return str(p["defender"]) or _("a defender")


def _how(p: Params) -> str:
    """Why nobody whists: a pass and a half-whist, or two passes."""
    return _("a pass and a half-whist") if p["how"] == "half" else _("two passes")


def _game_name(key: Param) -> str:
    """A compulsory game as a person reads it: its level (``7``), or misère (key 0)."""
    return _("misère") if key == 0 else str(key)


_SOLOIST = {Seat.FIRST: N_("the eldest hand"), Seat.SECOND: N_("the second hand"), Seat.THIRD: N_("the third hand")}


def _soloist(p: Params) -> str:
    seat = p["soloist"]
    assert isinstance(seat, Seat)
    return _(_SOLOIST[seat])


def _names(p: Params, name: str) -> tuple[str, ...]:
    value = p[name]
    assert isinstance(value, tuple)
    return tuple(str(v) for v in value)


def _number(p: Params, name: str) -> int:
    value = p[name]
    assert isinstance(value, int)
    return value


def _convention(p: Params) -> str:
    return words.rules(str(p["convention"]))


# ---- the sentences of the violations -------------------------------------------------------------

_SENTENCES: dict[tuple[str, str], Sentence] = {
    # the rules tags
    ("R101", ""): lambda p: _("unknown convention {name!r} in the Rules tag; known: {presets}").format(
        name=p["name"], presets=", ".join(PRESETS)),
    ("R102", ""): lambda p: _("unknown rule option {option!r}; the options are {options}").format(
        option=p["option"], options=", ".join(OPTIONS)),
    ("R103", ""): lambda p: _("Rule.{option} cannot be {shorten!r}; it takes {accepted}").format(
        option=p["option"], shorten=p["value"], accepted=accepted_text(OPTIONS[str(p["option"])][2])),
    ("R104", ""): _plain(N_("gusarik is played by two and a dummy, not by {players} (Players names two for it)")),
    # the deal
    ("D101", "hands"): _plain(N_("{card} is dealt to both {seen} and {player}")),
    ("D101", "talon"): _plain(N_("{card} is both in the talon and in {seen}'s hand")),
    ("D102", ""): _plain(N_("after {previous} the deal goes to {expected}, not {dealer}")),
    ("D103", ""): _plain(N_("{expected} deals again after the all-pass, not {dealer} (write 'dealer {expected}')")),
    ("D104", ""): _plain(N_("{player} deals and sits out, so holds no cards")),
    # the auction
    ("A201", ""): _plain(N_("it is {player}'s turn to call, not {player2}'s")),
    ("A202", ""): _plain(N_("{call} is not higher than {high_call}")),
    ("A202", "over-dark"): lambda p: (_("{call} is not higher than {high_call}").format(**_worded(p))
                                      + _(" (over a dark bid a seeing one needs more tricks and an equal or higher "
                                          "suit, seed 004)")),
    ("A203", ""): _plain(N_("{player} has passed and is out of the auction; it is {player2}'s turn")),
    ("A204", ""): _plain(N_("{player} has already called and cannot bid misère now")),
    ("A205", ""): _plain(N_("{player} bid misère and may only pass, not bid {bid}")),
    ("A206", "not-eldest"): _plain(N_("{player} is not the eldest hand and cannot say here")),
    ("A206", "no-bid"): _plain(N_("here matches another player's bid, and there is none to match")),
    ("A206", "misère"): _plain(N_("here cannot match a misère")),
    ("A207", ""): _plain(N_("{word} comes after the auction is over")),
    ("A208", ""): _plain(N_("the auction stops before it is over: {waiting} has still to call")),
    ("A209", "dark-pass"): lambda p: _("after {why} the lowest bid is {lowest}, not {bid}").format(
        **_worded(p, why=_("a dark pass"))),
    ("A209", "all-pass"): lambda p: _("after {why} the lowest bid is {lowest}, not {bid}").format(
        **_worded(p, why=_("an all-pass"))),
    ("A209", "misère"): _plain(N_("after a dark pass the lowest bid is {lowest}, not misère")),
    ("A209", "contract"): _plain(N_("after an all-pass the lowest game is {min_level}, not {bid}")),
    ("A210", "dark"): lambda p: _('dark calls are not part of {name} (set [Rule.DarkBids "yes"])').format(
        name=_convention(p)),
    ("A210", "hand"): lambda p: _('calls without the talon are not part of {name} (set [Rule.HandBids "yes"])')
        .format(name=_convention(p)),
    ("A211", "pass"): _plain(N_("a dark pass only before anyone has bid (seed 000 §6.4: \"Объявлять ПАС в Темную, "
                                "если до этого был РАЗ - нельзя\")")),
    ("A211", "here"): _plain(N_("here matches a bid as it was made; it is not said dark")),
    ("A211", "seeing"): _plain(N_("no dark bid after a seeing one (seed 004)")),
    ("A212", ""): _plain(N_("a hand bid is a nine, a ten or misère, not {word} (seed 004)")),
    ("A213", "compulsory"): _plain(N_("no auction in the razboynik: {player} plays one of the compulsory games "
                                      "(write: contract {player}: GAME), seed 000 §8")),
    ("A213", "half-time"): _plain(N_("the razboynik ends with two laps of all-passes: everyone passes, not {word} "
                                     "(seed 000 §8, seed 004)")),
    ("A213", "contract"): _plain(N_("a contract ({bid}) in the razboynik's half-time, where everyone passes "
                                    "(seed 000 §8)")),
    # the talon and the contract
    ("T301", ""): _plain(N_("{card} is not among {player}'s twelve cards")),
    ("T302", ""): _plain(N_("{player} plays without the talon and discards nothing")),
    ("T303", ""): _plain(N_("{bid} is lower than the bid of {high}")),
    ("T304", ""): lambda p: _("misère is declared without a misère bid (the bid was {value})").format(
        value=_word(p["high"]) if p["high"] is not None else _("none")),
    ("T305", ""): _plain(N_("{player} bid misère, so plays misère, not {bid}")),
    ("T306", ""): _plain(N_("{player} won the auction, not {declarer}")),
    ("T306", "sits-out"): _plain(N_("{declarer} deals and sits out")),
    ("T306", "soloist"): lambda p: _("{name} plays this compulsory game ({soloist}, seed 004), not {declarer}")
        .format(name=p["name"], soloist=_soloist(p), declarer=p["declarer"]),
    ("T307", "contract"): _plain(N_("a contract ({bid}) on an all-pass")),
    ("T307", "whist"): _plain(N_("whist decisions on an all-pass")),
    ("T307", "discard"): _plain(N_("a discard on an all-pass")),
    ("T308", ""): lambda p: _("{name} has played the {game_name} in the razboynik already; left to play: {left} "
                              "(seed 000 §8: each game once)").format(
        name=p["name"], game_name=_game_name(p["game"]),
        left=", ".join(_game_name(k) for k in _keys(p["left"])) or _("none")),
    ("T309", "convention"): lambda p: _('a totus is not part of {name} (set [Rule.Totus "yes"])').format(
        name=_convention(p)),
    ("T309", "level"): lambda p: _("a totus is a ten played on the cards left after the partners' discard (seed "
                                   "000 §6.3): totus 10{value}, not totus {bid}").format(
        value=_strain_letter(p["bid"]), bid=p["bid"]),
    ("T309", "compulsory"): _plain(N_("the razboynik's compulsory ten is not a totus: the soloist plays the game it "
                                      "deals him (seed 000 §8)")),
    ("T309", "hand"): _plain(N_('a totus is played with the talon, and {player} bid without it (seed 000 §6.3: "на '
                                'своих картах с прикупом")')),
    # the defence
    ("W401", "settled"): _plain(N_("{value!r} after the defence is settled")),
    ("W401", "turn"): _plain(N_("{value!r} is not {name}'s to say here")),
    ("W402", ""): lambda p: _("{name} has no half-whist (two passes stand for pass, half-whist, pass)").format(
        name=_convention(p)),
    ("W403", "turn"): _plain(N_("{name} cannot go half here: half-whist is the second defender's, after the first "
                                "passed")),
    ("W403", "level"): _plain(N_("half-whist only on a six or a seven, not on {contract}")),
    ("W404", "returned"): _plain(N_("after the whist is returned, {name} can only pass")),
    ("W404", "level"): _plain(N_("the whist can be returned only on a six or a seven")),
    ("W405", ""): _plain(N_("'open' is a single whister's choice, and {whisters} whist")),
    ("W406", ""): _plain(N_("misère is not whisted: the defenders play it open")),
    ("W407", ""): lambda p: _("{value} must whist six spades under Stalingrad").format(value=_defender(p)),
    ("W408", ""): lambda p: _("{how}: {contract} counts as made without play").format(
        **_worded(p, how=_how(p))),
    ("W409", ""): lambda p: _("{value} must whist {contract}: a game won with dark {high} is whisted by both up to "
                              "the same suit one trick higher (seed 004, seed 000 §6.4)").format(
        **_worded(p, value=_defender(p))),
    ("W410", "half"): _plain(N_("no half-whist with two players: the dummy is no defender to play the game "
                                "(preflog's reading; the sources are silent)")),
    ("W410", "closed"): _plain(N_("with two players the whister plays open, his hand and the dummy's (seed 001)")),
    ("W411", "first"): _plain(N_("in the razboynik the first defender says {value} on {contract}, not {value2} "
                                 "(seed 004; [Rule.RazboynikWhist] sets the agreement)")),
    ("W411", "second"): _plain(N_("in the razboynik the second defender says {value} on {contract}, not {value2} "
                                  "(seed 004; [Rule.RazboynikWhist] sets the agreement)")),
    ("W412", ""): _plain(N_("a totus is not whisted: the partners play it against the cards it shows (seed 000 "
                            "§6.3)")),
    # the play
    ("P501", ""): _plain(N_("{player} does not hold {card}")),
    ("P501", "owner"): _plain(N_("{card} is in {owner}'s hand, not {player}'s")),
    ("P501", "discarded"): _plain(N_("{card} was discarded")),
    ("P501", "talon"): _plain(N_("{card} is in the talon")),
    ("P502", ""): _plain(N_("{player} must follow with {cards}, not {card}")),
    ("P503", ""): _plain(N_("{player} is void in {suit} and must trump with {cards}, not {card}")),
    ("P504", ""): _plain(N_("{card} has already been played")),
    ("P505", ""): _plain(N_("{card} is played after all ten tricks")),
    ("P506", ""): _plain(N_("{player} showed no {suit} earlier and now plays {card}")),
    ("P507", ""): _plain(N_("the defence is not settled: {waiting} has still to say whist or pass")),
    # the claim and the result
    ("C601", ""): lambda p: ngettext("the claim gives {n} trick, and {remaining} are left to play",
                                     "the claim gives {n} tricks, and {remaining} are left to play",
                                     _number(p, "n")).format(**_worded(p)),
    ("C602", ""): lambda p: ngettext("{player} took {n} trick in the play, not {tricks}",
                                     "{player} took {n} tricks in the play, not {tricks}",
                                     _number(p, "n")).format(**_worded(p)),
    ("C603", "sum"): _plain(N_("the tricks add up to {sum}, not 10")),
    ("C603", "relative"): _plain(N_("result {result_text} is relative to a contract the deal does not name")),
    ("C603", "count"): _plain(N_("result {result_text} means the declarer's tricks: {declarer_count}")),
    ("C604", "all-pass"): _plain(N_("result {result_text} counts the declarer's tricks, and an all-pass has no "
                                    "declarer")),
    ("C604", "no-declarer"): _plain(N_("result {result_text} counts the declarer's tricks, and this deal names no "
                                       "declarer")),
    ("C605", ""): lambda p: _("{how}, so {game_contract} counts as made without play: result "
                              "{result_text} records a game that was not played (leave it out)").format(
        **_worded(p, how=_how(p))),
    # the sheet
    ("S701", ""): lambda p: _("the sheet after deal {number} gives {p} {what} {decimal}; the deals so far give "
                              "{actual}{why}").format(**_worded(p, what=_column(p), why=_last(p))),
    ("S702", "unread"): lambda p: _("the Result tag cannot be read: {written}").format(
        written=result_of(str(p["tag"]), _names(p, "players"))),
    ("S702", ""): lambda p: _("the Result tag gives {player} whists: {decimal}; the settlement gives {signed}")
        .format(player=p["player"], decimal=_decimal(_given(p["value"], Decimal), sign=True),
                signed=signed(_given(p["exact"], Fraction))),
    ("S703", "missing"): _plain(N_("deal {number} cannot be scored: {missing}")),
    ("S703", "totus"): _plain(N_("deal {number} cannot be scored: a totus closes the pool, and no Pool tag gives "
                                 "its size")),
    ("S703", "sheet"): _plain(N_("this sheet cannot be checked: deal {deal} is not scored")),
    ("S703", "result"): _plain(N_("the Result tag cannot be checked: deal {deal} is not scored")),
    ("S704", "help"): _plain(N_("the pulka ended with deal {end}, when every pool reached {target}; deal {number} "
                                "comes after it")),
    ("S704", "together"): _plain(N_("the pulka ended with deal {end}, when the pools together reached {target} "
                                    "each; deal {number} comes after it")),
    ("S705", ""): _plain(N_('the second stage is played to a pool of {pool} (the Pool tag), more than the smallest '
                            'mountain after the razboynik, {smallest} (seed 000 §8: "не более числа наименьшей '
                            'горы")')),
    ("S706", ""): lambda p: f"{_word(p['helped'])} ({cited('seed 000 §7.2')})",
}


def _keys(value: Param) -> tuple[Any, ...]:
    assert isinstance(value, tuple)
    return value


def _given(value: Param, kind: type[Any]) -> Any:
    assert isinstance(value, kind)
    return value


def _strain_letter(bid: Param) -> str:
    assert isinstance(bid, Bid)
    return bid.strain.letter if bid.strain is not None else "nt"


def _column(p: Params) -> str:
    """The column of a sheet statement that differs: pool, mountain, or whists on a player."""
    column = p["column"]
    if column is Column.WHISTS:
        return _("whists on {player}").format(player=p["on"])
    assert isinstance(column, Column)
    return _(COLUMN_WORDS[column])


def _last(p: Params) -> str:
    """The last entry written in that column, or that there is none."""
    last = p["last"]  # a sheet's entry (preflog.scoring.ledger.Entry)
    if last is None:
        return _(" (nothing is written there)")
    assert isinstance(last, Entry), last
    return _(" (last written: {text})").format(text=entry_text(last))


#: The descriptions of the values an option accepts (:data:`~preflog.game.conventions.OPTIONS`), by key.
_ACCEPTED = {
    "whole": N_("a whole number"),
    "consolation": N_("price, none or a whole number of whists (0: none)"),
    "yes-no": N_("yes or no"),
    "steps": N_("a whole number of steps or none"),
    "level": N_("a level from 6 to 10"),
    "whists": N_("a whole number of whists per trick"),
    "stays": N_("no, yes (three deals in a row) or the most deals in a row"),
}


# ---- the phrases: hints, why a deal cannot be scored, what is wrong with a totus's partners -------

def _on_a_bomb(p: Params) -> str:
    bomb = _number(p, "bomb")
    return (_("on a {bomb}").format(bomb=_(BOMB_NAMES[bomb])) if bomb else
            _("without a bomb ({declarer} holds none)").format(declarer=p["declarer"]))


def _partners(n: int) -> str:
    return ngettext("one partner", "{n} partners", n).format(n=n)


_PHRASES: dict[str, Sentence] = {
    # the hints at a slip's correction (preflog.diagnose)
    "dealer": _plain(N_("the deal reads as if {expected} dealt: did you mean `dealer {expected}`?")),
    "owners": lambda p: _("the hands fit the play as {whose}, in the order listed; without prefixes, hands go in "
                          "bidding order from the eldest hand: {listed}").format(
        whose=", ".join(_names(p, "whose")), listed=", ".join(_names(p, "listed"))),
    "misread": _plain(N_("{meant} is dealt to nobody: {player}'s {card} is probably {meant}")),
    "card": _plain(N_("did you mean {card}?")),
    # why a deal cannot be scored (preflog.scoring.outcome)
    "all-pass-tricks": lambda p: _("the tricks of the all-pass are not recorded (write them: result {players})")
        .format(players=" ".join(name + " N" for name in _names(p, "players"))),
    "no-declarer": lambda p: _("the deal records {what}").format(
        what=_("no game: neither the auction nor the contract names the declarer (an all-pass is written "
               "'bids pass pass pass')")),
    "no-contract": lambda p: _("the deal records {what}").format(what=_("no contract")),
    "misère-result": _plain(N_("the misère's result is not recorded (write: result N)")),
    "totus-result": _plain(N_("the totus's result is not recorded (write: result N)")),
    "no-defence": _plain(N_("the defence is not recorded (write: whist …)")),
    "defence-unfinished": _plain(N_("the defence is not finished: the second defender's word is missing")),
    "result": _plain(N_("the result of {contract} is not recorded (write: result N)")),
    "whisters": lambda p: _("two whisters write for their own tricks: the result must give each one's (write: "
                            "result {name} {declarer_tricks} {whisters} N {whisters2} N)").format(
        name=p["name"], declarer_tricks=p["declarer_tricks"], whisters=_names(p, "whisters")[0],
        whisters2=_names(p, "whisters")[1]),
    # a totus's partners as written (preflog.scoring.totus)
    "declarer-helped": _plain(N_("{declarer} is the declarer; a totus helps partners")),
    "named-twice": lambda p: _("a partner is named twice ({named})").format(named=" ".join(_names(p, "named"))),
    "helps-nobody": lambda p: ngettext("a totus {on} helps nobody, and {named} is named",
                                       "a totus {on} helps nobody, and {named} are named",
                                       len(_names(p, "named"))).format(on=_on_a_bomb(p),
                                                                       named=" ".join(_names(p, "named"))),
    "too-many": lambda p: ngettext("a totus {on} helps {partners}, and {named} is named",
                                   "a totus {on} helps {partners}, and {named} are named",
                                   len(_names(p, "named"))).format(
        on=_on_a_bomb(p), partners=_partners(_number(p, "need")), named=" ".join(_names(p, "named"))),
    "choose": lambda p: ngettext("a totus {on} helps {partners} of {declarer}'s choice: name him after the ten "
                                 "(contract totus {contract} {names})",
                                 "a totus {on} helps {partners} of {declarer}'s choice: name them after the ten "
                                 "(contract totus {contract} {names})", _number(p, "need")).format(
        on=_on_a_bomb(p), partners=_partners(_number(p, "need")), declarer=p["declarer"], contract=p["contract"],
        names=" ".join(_names(p, "names"))),
}

#: The module's public names (what other layers and the server may import).
__all__ = [
    "CATALOGUE", "RULES", "accepted_text", "cited", "detail", "hint_text", "message", "params_json", "phrase",
    "rule",
]
