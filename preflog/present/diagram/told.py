"""A diagram's words, in the language spoken: its title, each hand's label, the centre's, the auction,
the contract and the defenders' words, the tricks, and why a diagram cannot be drawn. The drawings
(:mod:`.svg`, :mod:`.tex`, :mod:`.html`) lay these out and say nothing of their own.

Cards are said as on a card (``10♦``, ``Т♠`` for the ace in Russian), calls and contracts in words
(``пас``, ``7 БК``, ``мизер``); every name stands alone, before a colon or in a list.
"""

from __future__ import annotations

from collections.abc import Iterable

from ... import words
from ...i18n import _, ngettext, pgettext
from ...model.cards import Card, Suit
from ...record.said import SEPARATOR, Outline, deal_words
from ...verdicts import message
from .position import TALON, Held, Point, Position, Refusal, Trick, Why

#: A void suit in a hand.
VOID = "—"
#: The suits a line each, in the ladder's order (Code 2.2.2).
SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)


def card(c: Card) -> str:
    """A card as printed: ``10♦`` (ru), ``T♦`` (en)."""
    return words.card(c, unicode=True)


def ranks(held: Held, suit: Suit) -> str:
    """The ranks ``held`` has in ``suit``, high first, a space between (``Т К 10 7``), or :data:`VOID`."""
    assert held.cards is not None
    found = [words.rank(c.rank) for c in held.cards if c.suit is suit]
    return " ".join(found) or VOID


def title(p: Position) -> str:
    """«Сдача 7, сдаёт Аня», and the point drawn: «после 3 взяток», «перед ходом 10♦»."""
    head = _("Deal {number}, dealt by {dealer}").format(number=p.number, dealer=words.player(p.dealer))
    if p.point is Point.PLAYED:
        done = len(p.tricks)
        head += ", " + (ngettext("after {n} trick", "after {n} tricks", done).format(n=done) if done
                        else _("before the first lead"))
    elif p.point is Point.AFTER_TRICK and p.trick:
        head += ", " + ngettext("after {n} trick", "after {n} tricks", p.trick).format(n=p.trick)
    elif p.point is Point.AFTER_TRICK:
        head += ", " + _("before the first lead")
    elif p.point is Point.BEFORE_CARD and p.card is not None:
        head += ", " + _("before {card} is played").format(card=card(p.card))
    return head


def label(p: Position, held: Held) -> str:
    """A hand's label: the name and the player's part, «Борис: 7♥», «Вера: вист», with «ход» for who
    plays next."""
    if held.player == p.declarer and p.contract is not None:
        part = words.contract(p.contract, unicode=True)
    else:
        part = next((words.decision(k) for name, k in p.defence if name == held.player), "")
    name = _capital(words.player(held.player))
    said = f"{name}: {part}" if part else name
    if held.player == p.to_play:
        said += SEPARATOR + pgettext("diagram", "to play")
    return said


def hidden(held: Held) -> str:
    """A hidden hand: how many cards it holds."""
    return ngettext("{n} card", "{n} cards", held.count).format(n=held.count)


def unknown(held: Held) -> str | None:
    """How many cards of a hand partly known are not known, if any: «ещё 2 карты неизвестны»."""
    if not held.unknown or held.cards is None:
        return None
    return ngettext("{n} more card unknown", "{n} more cards unknown", held.unknown).format(n=held.unknown)


def talon(p: Position) -> str | None:
    """«Прикуп: 9♥ Т♠» (``?`` for a talon not recorded, «2 карты» for a hidden one); ``None`` once an
    all-pass has turned it all up."""
    if p.talon is None and p.all_pass and p.tricks:
        return None
    if p.talon_hidden:
        shown = ngettext("{n} card", "{n} cards", 2).format(n=2)
    elif p.talon is None:
        shown = "?"
    else:
        shown = " ".join(card(c) for c in p.talon)
    return _("Talon: {cards}").format(cards=shown)


def discard(p: Position) -> str | None:
    """«Снос: 10♠ 10♦», when the discard is recorded and the talon is not hidden (it would tell it)."""
    if p.discard is None or p.talon_hidden:
        return None
    return _("Discard: {cards}").format(cards=" ".join(card(c) for c in p.discard))


def on_table(p: Position) -> list[str]:
    """The cards of the trick in play, each with its player: «Вера: 10♠»; the talon's lead as «прикуп»."""
    return [_capital(f"{_who(who)}: {card(c)}") for who, c in p.table]


def _capital(line: str) -> str:
    """A line standing alone begins with a capital («Распасы», «Прикуп: 7♥», «Болван»)."""
    return line[:1].upper() + line[1:]


def _who(player: str | None) -> str:
    """Who played a card: a player, or the talon (its lead on an all-pass, Code 3.7.6)."""
    return pgettext("diagram", "talon") if player is None else words.player(player)


def auction(p: Position) -> str | None:
    """«Торговля: Борис 6♠, Вера 6♣, Аня пас»; ``None`` when it is not recorded."""
    if not p.calls:
        return None
    said = ", ".join(f"{words.player(who)} {words.call(c, unicode=True)}" for who, c in p.calls)
    return _("Auction: {calls}").format(calls=said)


def contract(p: Position) -> str | None:
    """The game and the defenders' words, as the scorer says them back: «Борис: 7♥ · Вера: вист, Аня:
    вист»; «распасы» for an all-pass."""
    if not p.all_pass and p.contract is None:
        return None
    outline = Outline(p.dealer, p.all_pass, p.contract, p.declarer, p.defence, p.mode, (), False, False)
    return _capital(deal_words(outline, unicode=True)) or None


def taken(p: Position) -> str | None:
    """Each player's tricks so far, once a trick is played."""
    if not p.tricks:
        return None
    return _("Tricks: {tricks}").format(tricks=", ".join(f"{words.player(name)} {n}" for name, n in p.taken))


def trick(t: Trick) -> str:
    """One trick played: «1. Борис Д♠, Вера К♠, Аня 7♠ — Вера»."""
    cards = ", ".join(f"{_who(who)} {card(c)}" for who, c in t.cards)
    winner = f" — {words.player(t.winner)}" if t.winner is not None else ""
    return f"{t.number}. {cards}{winner}"



def hand_words(p: Position, held: Held) -> str:
    """A hand told in words for the drawing's description: «Борис: 7♥ — пики Д В; трефы В; …»."""
    if held.hidden:
        return f"{label(p, held)} — {hidden(held)}"
    if held.cards is None:
        return f"{label(p, held)} — ?"
    suits = "; ".join(f"{words.suit(s, unicode=True)} {ranks(held, s)}" for s in SUITS)
    more = unknown(held)
    return f"{label(p, held)} — {suits}" + (f"; {more}" if more else "")


def groups(line: str) -> list[str]:
    """``line``'s words in the groups a line may not break inside: a word is kept with the one before it
    when it begins with a digit, a dash or a card («после 3 взяток», «Boris 7♥», «— Vera»), or when the
    one before ends with a colon or is a number («Boris: пас»)."""
    out: list[str] = []
    for word in line.split(" "):
        if out and word and (word[0].isdigit() or word[0] == "—" or any(s in word for s in "♠♣♦♥")
                             or out[-1].endswith(":") or out[-1].split(" ")[-1].isdigit()):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def lines(p: Position) -> list[str]:
    """The text under the hands: the auction, the contract, the tricks played and each side's count."""
    out = [line for line in (auction(p), contract(p)) if line]
    out.extend(trick(t) for t in p.tricks)
    count = taken(p)
    if count:
        out.append(count)
    return out


def refusal(r: Refusal) -> str:
    """Why a diagram cannot be drawn, in words (a deal that breaks a rule: its first violation's message)."""
    if r.why is Why.BROKEN and r.violations:
        return message(r.violations[0])
    if r.why is Why.NO_GAME:
        return ngettext("there is no game {asked}: the file holds {n} game",
                        "there is no game {asked}: the file holds {n} games",
                        r.count("games")).format(asked=r.param("asked"), n=r.param("games"))
    if r.why is Why.NO_DEAL:
        first, last = r.param("first"), r.param("last")
        span = _("none") if first is None else str(first) if first == last else f"{first}–{last}"
        return _("there is no deal {deal} in the game (its deals: {span})").format(deal=r.param("asked"), span=span)
    if r.why is Why.NO_CARDS:
        return _("deal {deal} is recorded without its hands: there is nothing to draw").format(deal=r.param("deal"))
    if r.why is Why.NO_TRICK and not r.param("played"):
        return _("there is no trick {asked}: no trick is played in the deal").format(asked=r.param("asked"))
    if r.why is Why.NO_TRICK:
        return ngettext("there is no trick {asked}: {n} trick is played in the deal",
                        "there is no trick {asked}: {n} tricks are played in the deal",
                        r.count("played")).format(asked=r.param("asked"), n=r.param("played"))
    if r.why is Why.NOT_PLAYED:
        played = r.param("card")
        return _("{card} is not played in the deal").format(card=card(played) if isinstance(played, Card) else played)
    names = r.param("names")
    listed = ", ".join(names) if isinstance(names, Iterable) else ""  # as --hide takes them (Dummy, not болван)
    return _("nobody called {name} plays this deal: {names}, or {talon}").format(
        name=r.param("name"), names=listed, talon=TALON)


__all__ = ["SUITS", "VOID", "auction", "groups", "card", "contract", "discard", "hand_words", "hidden", "label", "lines",
           "on_table", "ranks", "refusal", "taken", "talon", "title", "trick", "unknown"]
