"""The scorer's keys and the short form they type, in the language of the page: what each key shows,
what it writes in the box (Russian writes ``7п``, ``вист``, ``пас``, ``мизер``, ``распасы``; English the
notation's ``7s``, ``w``, ``p``, ``mis``, ``pass``), always a spelling the server's short form reads
(:mod:`preflog.record.short`), with the notation's as the fallback where a translation is not one; the
deal to come and those after it (for a page that keeps deals while it has no connection); what the
page's reader needs to say a deal back with names; and a deal recorded, in that short form, for its
correction to start from."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from ..i18n import _, pgettext
from ..model.bids import BID_SPELLINGS, LADDER, MISERE, MISERE_NAMES, STRAIN_NAMES, Bid, Strain, write_bid
from ..model.defence import DecisionKind, WhistMode
from ..record.recorder import Turn
from ..record.said import Outline
from ..record.short import ALL_PASS_WORDS, DEFENCE_LETTERS, DEFENCE_WORDS, MODE_LETTERS, Table, examples
from ..words import contract, decision, mode, player

#: The deals a page can move on to while it has no connection (the deal to come and those after it).
AHEAD = 30

#: each defender's word and lone whister's play by the notation's letter for it (the Latin of the short form's)
_DECISION_LETTERS = {kind: letter for letter, kind in DEFENCE_LETTERS.items() if letter.isascii()}
_MODE_LETTERS = {m: letter for letter, m in MODE_LETTERS.items() if letter.isascii()}
_NOTATION_STRAIN = {strain: names[0] for strain, names in STRAIN_NAMES.items()}


def _strain_typed(strain: Strain) -> str:
    """How the box writes a strain: the language's short-form letter, if the short form reads it."""
    # the letters the short form of the language types a contract with (Russian п т б ч бк)
    words = {Strain.SPADES: pgettext("short form suit", "s"), Strain.CLUBS: pgettext("short form suit", "c"),
             Strain.DIAMONDS: pgettext("short form suit", "d"), Strain.HEARTS: pgettext("short form suit", "h"),
             Strain.NO_TRUMP: pgettext("short form suit", "nt")}
    typed = words[strain]
    return typed if f"7{typed}" in BID_SPELLINGS else _NOTATION_STRAIN[strain]


def bid_typed(bid: Bid) -> str:
    """How the box writes ``bid``: ``7п``, ``мизер`` (ru); ``7s``, ``mis`` (en)."""
    if bid.strain is None:
        typed = pgettext("short form", "mis")
        return typed if typed in MISERE_NAMES else MISERE_NAMES[0]
    return f"{bid.level}{_strain_typed(bid.strain)}"


def all_pass_typed() -> str:
    """How the box starts an all-pass: ``распасы`` (ru), ``pass`` (en)."""
    typed = pgettext("short form", "pass")
    return typed if typed.lower() in ALL_PASS_WORDS else "pass"


def defence_typed(letter: str) -> str:
    """How the box writes a defender's word or a lone whister's play, ``letter`` being the notation's
    (w p h o c): a word (``вист``, ``полвиста``, ``открыто``) or a letter of the short form (``w``)."""
    words = {"w": pgettext("short form defence", "w"), "p": pgettext("short form defence", "p"),
             "h": pgettext("short form defence", "h"), "o": pgettext("short form defence", "o"),
             "c": pgettext("short form defence", "c")}
    typed = words[letter]
    meant = DEFENCE_LETTERS.get(letter) or MODE_LETTERS.get(letter)
    read = DEFENCE_LETTERS.get(typed.lower()) or MODE_LETTERS.get(typed.lower())
    return typed if DEFENCE_WORDS.get(typed.lower()) == letter or (read is not None and read == meant) else letter


@attrs.frozen(slots=True)
class Key:
    """A key of the scorer's page: what it types, what it shows, what it stands for in the notation
    (``7s``, ``w``: for the page's reader and the tests), whether it is red (a red suit)."""

    typed: str
    shown: str
    means: str
    red: bool = False


def contract_keys() -> list[Key]:
    """The ladder's games in order, then the misère."""
    return [Key(bid_typed(b), contract(b), write_bid(b), b.strain in (Strain.DIAMONDS, Strain.HEARTS))
            for b in LADDER if b != MISERE] + [Key(bid_typed(MISERE), contract(MISERE), "mis")]


def defence_keys() -> list[Key]:
    """The defenders' words (whist, pass, half-whist), then a lone whister's play (open, closed)."""
    return [Key(defence_typed(letter), decision(kind), letter) for kind, letter in _DECISION_LETTERS.items()] + \
        [Key(defence_typed(letter), mode(m), letter) for m, letter in _MODE_LETTERS.items()]


def keys_example(table: Table) -> str:
    """The short form's example (the eldest hand's 7♠, a whist and a pass, 8 tricks) as the keys type it:
    ``Аня 7п вист пас 8`` (ru), ``Anna 7s w p 8`` (en), with ``table``'s own players."""
    return " ".join([examples(table)["a"], bid_typed(Bid(7, Strain.SPADES)), defence_typed("w"), defence_typed("p"),
                     "8"])


def turns(turn: Turn, players: Sequence[str], ahead: int = AHEAD) -> list[dict[str, Any]]:
    """The deal to come and the ``ahead - 1`` after it, the deal passing clockwise (Code 3.2.2): each
    one's number, dealer, active seats from the eldest hand, its line («сдача 8: сдаёт Оля…») and the
    short form's example with its seats."""
    out, now = [], turn
    for _i in range(ahead):
        out.append({"number": now.number, "dealer": now.dealer, "order": list(now.order), "said": str(now),
                    "example": keys_example(Table(tuple(players), now.dealer, now.order, {}))})
        at = players.index(now.dealer) if now.dealer in players else -1  # the dummy of two never deals
        now = Turn.of(now.number + 1, players[(at + 1) % len(players)], players)
    return out


def reader(players: Sequence[str], turn: Turn, aliases: dict[str, str] | None = None) -> dict[str, Any]:
    """What the page's reader needs to say a deal typed back with names, in the page's words: the
    seats (with the dummy of two, a seat of ``turn`` that is no player), the spellings the short form
    reads (contracts, misère, all-pass, defence letters and words) and the words each is said with."""
    dummy = next((s for s in turn.order if s not in players), "")
    return {
        "seats": [*players, *([dummy] if dummy else [])],
        "aliases": dict(aliases or {}),
        "dummy": dummy, "dummy_said": player(dummy) if dummy else "",
        "bids": {spelling: write_bid(b) for spelling, b in BID_SPELLINGS.items() if b != MISERE},
        "misere": list(MISERE_NAMES),
        "all_pass": sorted(ALL_PASS_WORDS),
        "letters": {letter: _DECISION_LETTERS[kind] for letter, kind in DEFENCE_LETTERS.items()}
        | {letter: _MODE_LETTERS[m] for letter, m in MODE_LETTERS.items()},
        "words": dict(DEFENCE_WORDS),
        "said": {
            **{write_bid(b): contract(b) for b in LADDER},
            "w": decision(DecisionKind.WHIST), "p": decision(DecisionKind.PASS), "h": decision(DecisionKind.HALF),
            "o": mode(WhistMode.OPEN), "c": mode(WhistMode.CLOSED), "all_pass": _("all-pass"),
            "tricks": _("tricks: {tricks}"),
        },
    }


#: The statements a deal in the short form writes (and a comment): a deal of these alone is written
#: again in the short form whole; one with more (hands, play, a dark bid, a penalty) is not.
_PLAIN = re.compile(r"(deal\b.*|contract \S+: \S+|whist( (whist|pass|half))+( (open|closed))?|result( \S+)+|"
                    r"bids( pass)+)")


def short_form(outline: Outline | None, text: str, notes: Sequence[str] = (), order: Sequence[str] = ()) -> str:
    """Deal ``outline`` (its notation ``text``, its comments ``notes``, its seats from the eldest hand
    ``order``) in the short form the keys type, for a correction to start from: the tricks as numbers
    when they are in the seats' order, as the keys type them, else by name; empty if the short form
    cannot say all it holds."""
    if outline is None:
        return ""
    for line in text.splitlines():
        bare = re.sub(r"\{[^}]*\}", "", line).split("%")[0].strip()
        if bare and _PLAIN.fullmatch(bare) is None:
            return ""
    tricks = list(outline.tricks)
    if outline.all_pass:
        words = [all_pass_typed(), *_tricks_typed(tricks, list(order))]
    elif outline.game is not None and outline.declarer is not None:
        declarer = outline.declarer
        if outline.game.is_misere:
            words = [bid_typed(outline.game), declarer, *(str(n) for _p, n in tricks[:1])]
            if len(tricks) != 1 or tricks[0][0] != declarer:
                return ""
        else:
            words = [declarer, bid_typed(outline.game), *_defence(outline)]
            if len(tricks) == 1 and tricks[0][0] == declarer:
                words.append(str(tricks[0][1]))
            elif tricks:
                at = list(order).index(declarer) if declarer in order else 0
                seats = [*order[at:], *order[:at]]  # the declarer, then the defenders from his left
                words.extend(_tricks_typed(tricks, seats))
    else:
        return ""
    comment = "; ".join(n for n in notes if "{" not in n and "}" not in n)
    return " ".join(words) + (f" {{{comment}}}" if comment else "")


def _tricks_typed(tricks: Sequence[tuple[str, int]], seats: Sequence[str]) -> list[str]:
    """Each seat's tricks as the keys type them: numbers in the order of ``seats``, or names with numbers."""
    if [p for p, _n in tricks] == list(seats):
        return [str(n) for _p, n in tricks]
    return [f"{p} {n}" for p, n in tricks]


def _defence(outline: Outline) -> list[str]:
    """The defenders' words, each in turn from the declarer's left, in the keys' language; letters (as
    the English keys type them) run together into one word, as the short form reads them."""
    typed = [defence_typed(_DECISION_LETTERS[kind]) for _name, kind in outline.decisions]
    if outline.mode is not None:
        typed.append(defence_typed(_MODE_LETTERS[outline.mode]))
    if typed and all(len(t) == 1 for t in typed):
        return ["".join(typed)]
    return typed


__all__ = ["AHEAD", "Key", "all_pass_typed", "bid_typed", "contract_keys", "defence_keys", "defence_typed",
           "keys_example", "reader",
           "short_form", "turns"]
