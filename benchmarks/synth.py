"""Synthetic full-play deals in the notation, for benchmarks and fixtures.

Random but rule-abiding at the level a benchmark needs: a real 32-card deal, a short legal
auction, the declarer's discard, and play that follows suit, trumps when void and gives each
trick to its winner (Code 3.9; all-pass tricks with the talon leads of Code 3.7.6).
"""

from __future__ import annotations

import random

from preflog.model.cards import DECK, Card, Suit
from preflog.model.bids import Bid, Strain

PLAYERS = ("Anna", "Boris", "Vera")


def _winner(trick: list[tuple[str, Card]], trump: Suit | None) -> str:
    led = trick[0][1].suit

    def power(card: Card) -> int:
        if trump is not None and card.suit == trump:
            return 100 + card.rank
        return card.rank if card.suit == led else 0

    return max(trick, key=lambda pc: power(pc[1]))[0]


def _legal(hand: list[Card], led: Suit | None, trump: Suit | None) -> list[Card]:
    if led is None:
        return hand
    follow = [c for c in hand if c.suit == led]
    if follow:
        return follow
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    return trumps or hand


def play_out(hands: dict[str, list[Card]], order: list[str], leader: str, trump: Suit | None,
             rng: random.Random, talon_leads: list[Card] = ()) -> tuple[list[Card], dict[str, int]]:
    """Play all ten tricks; returns the cards in order and the tricks each player took."""
    cards: list[Card] = []
    taken = {p: 0 for p in order}
    for number in range(10):
        start = order.index(leader)
        seat = [order[(start + k) % 3] for k in range(3)]
        trick: list[tuple[str, Card]] = []
        led = talon_leads[number].suit if number < len(talon_leads) else None
        for p in seat:
            card = rng.choice(_legal(hands[p], led, trump))
            led = led if led is not None else card.suit  # Suit.SPADES is 0: never test a suit for truth
            hands[p].remove(card)
            trick.append((p, card))
            cards.append(card)
        if number < len(talon_leads):
            # Code 3.7.6.3: the highest card of the talon's suit takes the trick; nobody following
            # gives it to no player (the default of AllPassVoidTalonTrick), and the eldest leads on.
            suit = talon_leads[number].suit
            followers = [(p, c) for p, c in trick if c.suit == suit]
            if followers:
                winner = max(followers, key=lambda pc: pc[1].rank)[0]
                taken[winner] += 1
            leader = order[0]
        else:
            winner = _winner(trick, trump)
            taken[winner] += 1
            leader = winner
    return cards, taken


def deal_text(number: int, rng: random.Random, players: tuple[str, ...] = PLAYERS) -> str:
    """One fully played deal of a three-player game, dealt by ``players[(number - 1) % 3]``."""
    dealer = players[(number - 1) % 3]
    d = players.index(dealer)
    order = [players[(d + k) % 3] for k in (1, 2, 3)]  # eldest hand first
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {p: sorted(deck[10 * i: 10 * i + 10], key=lambda c: c.sort_key) for i, p in enumerate(order)}
    talon = deck[30:]
    hands_line = "hands " + " ".join(f"{p}: {_dotted(hands[p])}" for p in order)
    lines = [f"deal {number}", hands_line, f"talon {talon[0]} {talon[1]}"]
    if rng.random() < 0.2:
        lines.append("bids pass pass pass")
        cards, taken = play_out({p: list(h) for p, h in hands.items()}, order, order[0], None, rng, talon)
        lines.append("play " + _tricks(cards))
        lines.append("result " + " ".join(f"{p} {taken[p]}" for p in order))
        return "\n".join(lines)
    declarer = rng.choice(order)
    strain = Strain(rng.randrange(5))
    bid = Bid(rng.choice((6, 6, 6, 7, 7, 8)), strain)
    calls = []
    for p in order:
        calls.append(str(bid) if p == declarer else "pass")
    lines.append("bids " + " ".join(calls))
    full = hands[declarer] + talon
    trump = strain.suit
    discard = sorted(full, key=lambda c: (c.suit == trump, c.rank))[:2]
    for c in discard:
        full.remove(c)
    hands[declarer] = full
    lines.append(f"discard {discard[0]} {discard[1]}")
    lines.append(f"contract {bid}")
    lines.append("whist whist pass closed" if rng.random() < 0.5 else "whist whist whist")
    cards, taken = play_out({p: list(h) for p, h in hands.items()}, order, order[0], trump, rng)
    lines.append("play " + _tricks(cards))
    lines.append("result " + " ".join(f"{p} {taken[p]}" for p in order))
    return "\n".join(lines)


def _dotted(cards: list[Card]) -> str:
    return ".".join("".join(c.rank.letter for c in cards if c.suit == s) or "-" for s in Suit)


def _tricks(cards: list[Card]) -> str:
    return " | ".join(" ".join(str(c) for c in cards[i:i + 3]) for i in range(0, len(cards), 3))


def archive(deals: int, *, per_game: int = 30, seed: int = 1) -> str:
    """An archive of games of ``per_game`` deals each, ``deals`` deals in all."""
    rng = random.Random(seed)
    parts = []
    game = 0
    while deals > 0:
        game += 1
        n = min(per_game, deals)
        head = f'[Event "Synthetic {game}"]\n[Players "{" ".join(PLAYERS)}"]\n[Rules "sochi"]\n'
        parts.append(head + "\n" + "\n\n".join(deal_text(i, rng) for i in range(1, n + 1)) + "\n")
        deals -= n
    return "\n".join(parts)
