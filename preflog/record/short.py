"""The short form a scorer types at the table, read into the notation's statements (docs/recorder.md).

    Boris 7s wp 8          a seven of spades, whist and pass, the declarer took 8
    Boris 7s ww 7 2 1      two whisters: every player's tricks, the declarer's first
    Vera 6d pp             nobody whisted: the game counts as made
    mis Vera 0             a misère, the tricks the declarer took
    pass 4 3 3             an all-pass, each player's tricks from the eldest hand
    ... {a comment}        on the deal

:func:`read_short` turns one line into the statements of a deal (without its ``deal`` line); what
the deal means is then the engine's to judge, as for any deal typed in the notation.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence

import attrs

from ..i18n import _, pgettext
from ..model.bids import BID_SPELLINGS, MISERE_NAMES, Bid, Strain
from ..model.limits import shorten
from ..model.defence import DecisionKind, WhistMode
from ..model.seating import DUMMY, clockwise_from
from ..words import bid as bid_words

#: The words that start an all-pass in the short form.
ALL_PASS_WORDS = frozenset({"pass", "allpass", "all-pass", "ap", "распасы", "распас", "пас"})
#: The defence letters: a word for each defender in turn from the declarer's left, then how a lone
#: whister plays.
DEFENCE_LETTERS = {"w": DecisionKind.WHIST, "p": DecisionKind.PASS, "h": DecisionKind.HALF,
                   "в": DecisionKind.WHIST, "п": DecisionKind.PASS}  # вист, пас
MODE_LETTERS = {"o": WhistMode.OPEN, "c": WhistMode.CLOSED, "о": WhistMode.OPEN, "з": WhistMode.CLOSED}
_DEFENCE = re.compile(r"[wphвп]+[ocоз]?", re.I)
#: The defence said in words, one a defender (``Boris 7s вист пас 8``): each stands for its letter.
DEFENCE_WORDS = {"whist": "w", "pass": "p", "half": "h", "open": "o", "closed": "c", "вист": "w", "пас": "p",
                 "пол": "h", "полвиста": "h", "открыто": "o", "закрыто": "c"}
_RELATIVE = re.compile(r"=|[+-][0-9]{1,2}")
_TRICKS = re.compile(r"[0-9]{1,2}")


@attrs.frozen(slots=True)
class Table:
    """What the short form needs to know of the deal to come: the players (``seats`` with the dummy
    of two), who deals, the active seats from the eldest hand, and the aliases the file names."""

    players: tuple[str, ...]
    dealer: str
    order: tuple[str, ...]
    aliases: Mapping[str, str] = attrs.field(factory=dict)


class ShortFormError(ValueError):
    """A line the short form cannot read: ``message``, the 1-based ``column`` and ``end`` of the
    word at fault, and a ``hint``."""

    def __init__(self, message: str, column: int, end: int, hint: str = "") -> None:
        super().__init__(message)
        self.message, self.column, self.end, self.hint = message, column, end, hint


def examples(table: Table) -> dict[str, str]:
    """The short form's examples, with the table's own players and in the language spoken (Russian
    types ``7п вп``, which the short form reads as ``7s wp``): the deal to come's eldest hand ``a``
    declares, ``b`` on his left and ``c`` after. ``game`` (a whist and a pass), ``two`` (two whisters),
    ``nobody`` (nobody whists), ``misere``, ``all_pass``, ``named`` (an all-pass by name), ``edit``
    (a deal typed again), ``contract`` (the contract of ``game`` in words), ``order``."""
    a = next((s for s in table.order if s != DUMMY), table.order[0])
    b, c = clockwise_from(table.order, a)[:2]
    other = b if b != DUMMY else c  # a player who may declare (not the dummy of two)
    names = {"a": a, "b": b, "c": c}
    return {
        "game": pgettext("short form", "{a} 7s wp 8").format(**names),
        "two": pgettext("short form", "{a} 7s ww 7 2 1").format(**names),
        "nobody": pgettext("short form", "{b} 6d pp").format(b=other),
        "misere": pgettext("short form", "mis {b} 0").format(b=other),
        "all_pass": pgettext("short form", "pass 4 3 3"),
        "named": pgettext("short form", "pass {a} 4 {b} 3 {c} 3").format(a=a, b=b, c=c),
        "edit": pgettext("short form", "{a} 6s pp").format(**names),
        "contract": bid_words(Bid(7, Strain.SPADES)),
        "order": ", ".join(table.order), **names,
    }


def either(names: Sequence[str]) -> str:
    """Names one of which is meant: ``Bob or Boris``, ``Аня, Аркадий или Алла``."""
    if len(names) < 2:
        return "".join(names)
    return pgettext("names", "{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


@attrs.frozen(slots=True)
class _Word:
    text: str
    column: int  # 1-based

    @property
    def end(self) -> int:
        return self.column + len(self.text)


def read_short(line: str, table: Table) -> str:
    """The statements (one per line) of the deal ``line`` writes in the short form, with its comment
    first, as ``{…}`` (written after the ``deal`` line); :class:`ShortFormError` if it cannot be read."""
    body, comment = _comment(line)
    words = [_Word(m.group(), m.start() + 1) for m in re.finditer(r"\S+", body)]
    if not words:
        raise ShortFormError(_("nothing to record"), 1, 2,
                             _("type a deal, e.g. `{example}`, or `help`").format(example=examples(table)["game"]))
    if words[0].text.lower() in ALL_PASS_WORDS:
        statements = _all_pass(words[1:], table, words[0])
    else:
        statements = _game(words, table)
    return "\n".join(([f"{{{comment}}}"] if comment is not None else []) + statements)


def _comment(line: str) -> tuple[str, str | None]:
    """The line before its comment, and the comment (``{…}`` at the end), if any."""
    start = line.find("{")
    if start < 0:
        if "}" in line:
            at = line.index("}") + 1
            raise ShortFormError(_("a `}` without its `{`"), at, at + 1)
        return line, None
    end = line.find("}", start)
    if end < 0:
        raise ShortFormError(_("the comment is not closed"), start + 1, start + 2, _("end it with `}`"))
    if line[end + 1:].strip() or "{" in line[start + 1:end]:
        after = line[end + 1:]
        at = end + 2 + len(after) - len(after.lstrip()) if after.strip() else line.index("{", start + 1) + 1
        raise ShortFormError(_("a comment ends the line, and holds no braces"), at, at + 1)
    return line[:start], line[start + 1:end].strip()


def resolve(word: str, table: Table) -> str | None:
    """The player ``word`` names: a name, an alias, or (in any case) the start of just one name."""
    found = _candidates(word, table)
    return found[0] if len(found) == 1 else None


def _candidates(word: str, table: Table) -> list[str]:
    """The players ``word`` may name: the one it spells (exactly, as an alias, or in another case), or
    else every player a name or alias of whom it starts."""
    if word in table.players:
        return [word]
    if word in table.aliases:
        return [table.aliases[word]]
    names = [*table.players, *table.aliases]
    low = word.lower()
    same = {table.aliases.get(n, n) for n in names if n.lower() == low}
    return sorted(same or {table.aliases.get(n, n) for n in names if n.lower().startswith(low)})


def _player(word: _Word, table: Table, role: str) -> str:
    """The player ``word`` names, or the error that says who it could be."""
    found = _candidates(word.text, table)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise ShortFormError(_("{text!r} could be {found}").format(text=shorten(word.text), found=either(found)),
                             word.column, word.end,
                             _("type more of the name"))
    close = difflib.get_close_matches(word.text, [*table.players, *table.aliases], n=1)
    hint = _("did you mean {get}?").format(get=table.aliases.get(close[0], close[0])) if close else \
        _("the players are {players}").format(players=', '.join(table.players))
    raise ShortFormError(_("{text!r} is not a player ({role} expected)").format(text=shorten(word.text), role=role),
                                                                                word.column, word.end, hint)


def _tricks(word: _Word) -> int:
    if _TRICKS.fullmatch(word.text) is None or int(word.text) > 10:
        raise ShortFormError(_("{text!r} is not a number of tricks (0 to 10)").format(text=shorten(word.text)),
                                                                                      word.column, word.end)
    return int(word.text)


def _shares(words: Sequence[_Word], seats: Sequence[str], table: Table, what: str) -> list[tuple[str, int]]:
    """Each seat's tricks, as numbers in the order of ``seats`` or as names with their numbers."""
    if words and all(_TRICKS.fullmatch(w.text) for w in words):
        if len(words) != len(seats):
            last = words[-1]
            raise ShortFormError(_("{what} needs {seats} numbers of tricks, one for each of {seats2} in that order; "
                                   "this has {words}").format(what=what, seats=len(seats), seats2=', '.join(seats),
                                                              words=len(words)), words[0].column, last.end)
        return [(s, _tricks(w)) for s, w in zip(seats, words)]
    if len(words) % 2:
        last = words[-1]
        numbers = _split(7)[:len(seats)] if len(seats) == 3 else (6, 4)[:len(seats)]
        raise ShortFormError(_("write the tricks as numbers in the order {order} ({numbers}), or each after its "
                               "name ({named})").format(order=", ".join(seats),
                                                        numbers=" ".join(map(str, numbers)),
                                                        named=" ".join(f"{s} {n}" for s, n in zip(seats, numbers))),
                             last.column, last.end)
    out = []
    for name, count in zip(words[::2], words[1::2]):
        who = DUMMY if name.text.lower() == DUMMY.lower() and DUMMY in seats else _player(name, table, _("a player"))
        if who not in seats:
            raise ShortFormError(_("{who} takes no tricks in this deal").format(who=who), name.column, name.end)
        out.append((who, _tricks(count)))
    return out


def _all_pass(words: Sequence[_Word], table: Table, head: _Word) -> list[str]:
    """``pass 4 3 3``: every player passed; the tricks of each, from the eldest hand."""
    if not words:
        raise ShortFormError(_("an all-pass needs each player's tricks"), head.column, head.end,
                             _("from the eldest hand, {order}: e.g. `{example}`").format(
                                 order=', '.join(table.order), example=examples(table)["all_pass"]))
    shares = _shares(words, table.order, table, _("an all-pass"))
    bidders = [s for s in table.order if s != DUMMY]
    return [f"bids {' '.join('pass' for _ in bidders)}",
            "result " + " ".join(f"{who} {n}" for who, n in shares)]


def _game(words: Sequence[_Word], table: Table) -> list[str]:
    """``Boris 7s wp 8`` (or ``7s Boris …``), ``mis Vera 0``."""
    if len(words) < 2:
        w = words[0]
        shown = examples(table)
        raise ShortFormError(_("a deal names its declarer and contract"), w.column, w.end,
                             _("e.g. `{game}`, `{misere}`, `{all_pass}`, or `help`").format(**shown))
    first, second = words[0], words[1]
    if _bid(first) is not None:
        bid_word, who_word = first, second
    elif _bid(second) is not None:
        bid_word, who_word = second, first
    else:
        raise ShortFormError(_("neither {text!r} nor {text2!r} is a contract").format(text=shorten(first.text),
                                                                                      text2=shorten(second.text)),
                             first.column, second.end,
                             _("a contract as in the notation: 6s … 10nt, mis"))
    declarer = _player(who_word, table, _("the declarer"))
    if declarer == DUMMY or declarer not in table.order:
        raise ShortFormError(_("{declarer} does not play this deal (deals: {dealer})").format(declarer=declarer,
                                                                                              dealer=table.dealer), who_word.column, who_word.end)
    bid = _bid(bid_word)
    rest = list(words[2:])
    contract = f"contract {declarer}: {bid_word.text}"
    if bid == "mis":
        said = _defence_words(rest)
        if said and _DEFENCE.fullmatch(said[0].text):  # «Оля мизер вист пас 0»: nobody whists on a misère
            last = rest[len(rest) - len(said)]  # the last of the words that said it
            raise ShortFormError(_("there is no whist or pass on a misère: both opponents catch it; write the "
                                   "declarer's tricks alone"), rest[0].column, last.end,
                                 _("e.g. `{example}`").format(
                                     example=pgettext("short form", "mis {b} 0").format(b=declarer)))
        if len(rest) != 1:
            at = rest[1] if len(rest) > 1 else bid_word
            raise ShortFormError(_("a misère is written with the tricks its declarer took"), at.column, at.end,
                                 _("e.g. `{example}`").format(
                                     example=pgettext("short form", "mis {b} 0").format(b=declarer)))
        return [contract, f"result {_tricks(rest[0])}"]
    rest = _defence_words(rest)
    if not rest or _DEFENCE.fullmatch(rest[0].text) is None:
        at = rest[0] if rest else bid_word
        raise ShortFormError(_("how did the defenders answer?"), at.column, at.end,
                             _("a letter for each in turn from the declarer's left, w whist, p pass, h half-whist "
                               "(then o open or c closed): e.g. `{declarer} {text} wp 8`").format(declarer=declarer,
                                                                                                  text=bid_word.text))
    defence, rest = rest[0], rest[1:]
    letters = defence.text.lower()
    decisions = [DEFENCE_LETTERS[c].value for c in letters if c in DEFENCE_LETTERS]
    mode = [MODE_LETTERS[c].value for c in letters if c in MODE_LETTERS]
    out = [contract, "whist " + " ".join(decisions + mode)]
    if DecisionKind.WHIST.value not in decisions:
        if rest:
            raise ShortFormError(_("nobody whisted: the game counts as made, there are no tricks to write"),
                                 rest[0].column, rest[-1].end)
        return out
    if not rest:
        raise ShortFormError(_("how many tricks did the declarer take?"), defence.column, defence.end,
                             _("e.g. `{example}`").format(
                                 example=f"{declarer} {bid_word.text} {defence.text} {_level(bid_word.text)}"))
    seats = [declarer] + [s for s in clockwise_from(table.order, declarer)[:-1]]
    if len(rest) == 1 and decisions.count(DecisionKind.WHIST.value) == 2 and _TRICKS.fullmatch(rest[0].text):
        taken = _tricks(rest[0])  # both whisted: each writes for his own tricks (Code 3.8.1.1)
        raise ShortFormError(_("both whisted, so each writes for his own tricks: give the tricks of all three, in "
                               "the order {order}").format(order=", ".join(seats)), rest[0].column, rest[0].end,
                             _("e.g. `{example}`").format(example=" ".join(map(str, _split(taken)))))
    if len(rest) == 1 and (_RELATIVE.fullmatch(rest[0].text) or _TRICKS.fullmatch(rest[0].text)):
        return out + [f"result {rest[0].text if _RELATIVE.fullmatch(rest[0].text) else _tricks(rest[0])}"]
    shares = _shares(rest, seats, table, _("a played deal"))
    return out + ["result " + " ".join(f"{who} {n}" for who, n in shares)]


def _split(taken: int) -> tuple[int, int, int]:
    """The declarer's ``taken`` tricks and the rest of the ten shared by two whisters, the first the more:
    ``7`` → ``(7, 2, 1)``, an example of three counts."""
    left = 10 - taken
    return taken, left - left // 2, left // 2


def _defence_words(words: list[_Word]) -> list[_Word]:
    """The defence said in words (``вист пас``) as the one word of letters it stands for (``wp``)."""
    said = 0
    while said < len(words) and words[said].text.lower() in DEFENCE_WORDS:
        said += 1
    if not said:
        return words
    letters = "".join(DEFENCE_WORDS[w.text.lower()] for w in words[:said])
    return [_Word(letters, words[0].column), *words[said:]]


def _bid(word: _Word) -> str | None:
    """``mis`` for a misère, the bid's spelling for a bid, ``None`` for anything else."""
    if word.text in MISERE_NAMES:
        return "mis"
    return word.text if word.text in BID_SPELLINGS else None


def _level(bid: str) -> int:
    return 10 if bid.startswith("10") else int(bid[0])

#: The module's public names (what other layers and the server may import).
__all__ = [
    "ALL_PASS_WORDS", "DEFENCE_LETTERS", "DEFENCE_WORDS", "MODE_LETTERS", "ShortFormError", "Table", "either",
    "examples", "read_short", "resolve",
]
