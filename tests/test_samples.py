"""The samples: they read clean, survive every round trip, and together use the whole notation."""

from __future__ import annotations

import re
from pathlib import Path

import preflog
from preflog import DECK, DecisionKind, Game, Glyph, ResultKind

from .conftest import SAMPLES


def games(path: Path) -> list[Game]:
    return preflog.loads_all(path.read_text(encoding="utf-8"), str(path))


def test_there_are_at_least_six_samples() -> None:
    assert len(SAMPLES) >= 6


def test_sample_reads_clean(sample: Path) -> None:
    assert games(sample)


def test_sample_hands_are_real_32_card_deals(sample: Path) -> None:
    """Code 2.2.2, 3.2: 10 cards to each active player and 2 to the talon, all 32 distinct."""
    for game in games(sample):
        for deal in game.deals:
            if deal.hands is None or deal.talon is None or deal.talon.cards is None:
                continue
            hands = [e.hand for e in deal.hands.entries]
            if any(h is None for h in hands):
                continue
            cards = [c for h in hands for c in h] + list(deal.talon.cards)
            assert sorted(cards, key=DECK.index) == list(DECK), f"deal {deal.number}"


def test_sample_round_trips_through_the_canonical_text(sample: Path) -> None:
    original = games(sample)
    text = preflog.dumps(original)
    assert preflog.loads_all(text) == original
    assert preflog.dumps(preflog.loads_all(text)) == text  # a fixed point


def test_sample_round_trips_through_unicode_text(sample: Path) -> None:
    original = games(sample)
    assert preflog.loads_all(preflog.dumps(original, unicode=True)) == original


def test_sample_round_trips_through_json(sample: Path) -> None:
    original = games(sample)
    back = preflog.from_json(preflog.to_json(original))
    assert back == original
    assert preflog.dumps(back) == preflog.dumps(original)


# ---- one game in three spellings ---------------------------------------------------------------

_CYR_RANK = str.maketrans({"J": "В", "Q": "Д", "K": "К", "A": "Т"})
_CYR_SUIT = {"s": "п", "c": "т", "d": "б", "h": "ч"}
_SYMBOL = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


def cyrillic(text: str) -> str:
    """Respell the cards, hands and calls of a canonical text the way a Russian scorer types them."""
    def hand(m: re.Match[str]) -> str:
        return m.group().replace("T", "10").translate(_CYR_RANK)

    def card(m: re.Match[str]) -> str:
        rank = "10" if m.group(1) == "T" else m.group(1).translate(_CYR_RANK)
        return rank + _CYR_SUIT[m.group(2)]

    def bid(m: re.Match[str]) -> str:
        return m.group(1) + ("бк" if m.group(2) == "nt" else _CYR_SUIT[m.group(2)])

    text = re.sub(r"(?<=: )[-789TJQKA]*\.[-789TJQKA]*\.[-789TJQKA]*\.[-789TJQKA]*", hand, text)
    text = re.sub(r"(?<=\s)(6|7|8|9|10)(nt|s|c|d|h)(?=[\s!?{]|$)", bid, text, flags=re.M)
    text = re.sub(r"(?<=\s)([789TJQKA])([scdh])(?=[\s!?{]|$)", card, text, flags=re.M)
    return re.sub(r"(?<=\s)mis(?=\s|$)", "мизер", text, flags=re.M)


def unicode_grouped(text: str) -> str:
    """Respell hands as suit groups and cards with symbols, hands in reverse order."""
    def hands(m: re.Match[str]) -> str:
        entries = re.findall(r"(\S+): (\S+)((?: \{[^}]*\})*)", m.group(1))
        out = []
        for player, dotted, comments in reversed(entries):
            groups = [s + r for s, r in zip("♤♣♢♥", dotted.split(".")) if r != "-"] if dotted != "?" else ["?"]
            out.append(f"{player}: {' '.join(groups)}{comments}")
        return "hands " + "  ".join(out)

    text = re.sub(r"^hands (.*)$", hands, text, flags=re.M)
    return re.sub(r"(?<=\s)([789TJQKA]|10)([scdh])(?=[\s!?{]|$)", lambda m: m.group(1) + _SYMBOL[m.group(2)],
                  text, flags=re.M)


def test_ascii_unicode_and_cyrillic_spellings_format_to_identical_canonical_text() -> None:
    for path in SAMPLES:
        canonical = preflog.dumps(games(path))
        as_cyrillic = cyrillic(canonical)
        as_unicode = unicode_grouped(canonical)
        if "nt" in canonical or "mis" in canonical:
            assert as_cyrillic != canonical
        assert preflog.dumps(preflog.loads_all(as_cyrillic)) == canonical, path.name
        assert preflog.dumps(preflog.loads_all(as_unicode)) == canonical, path.name


# ---- the samples use every feature of the notation -------------------------------------------

def _walk_cards(cards):  # type: ignore[no-untyped-def]
    for pc in cards:
        yield pc
        for v in pc.variations:
            yield from _walk_cards(v.cards)


def test_samples_together_use_every_feature_of_the_notation() -> None:
    texts = {p.name: p.read_text(encoding="utf-8") for p in SAMPLES}
    every = "\n".join(texts.values())
    all_games = [g for p in SAMPLES for g in games(p)]
    deals = [d for g in all_games for d in g.deals]
    found: set[str] = set()
    for game in all_games:
        found.add(f"players{len(game.players)}")
        found.update("tag:" + t.name for t in game.tags)
        if game.comments:
            found.add("comment:game")
    if any(len(games(p)) > 1 for p in SAMPLES):
        found.add("several games")
    for d in deals:
        if d.comments:
            found.add("comment:deal")
        if d.hands:
            found.update("hand:unknown" for e in d.hands.entries if e.hand is None)
            found.update("comment:hand" for e in d.hands.entries if e.comments)
        if d.talon:
            found.add("talon:unknown" if d.talon.cards is None else "talon")
            found.update("comment:talon" for _ in d.talon.comments)
        if d.discard:
            found.add("discard:unknown" if d.discard.cards is None else "discard")
        if d.bids:
            for c in d.bids.calls:
                found.add("call:" + c.kind.value)
                found.update(["call:misere"] if c.bid is preflog.MISERE else [])
                found.update(["call:dark"] * c.dark + ["call:hand"] * c.hand)
                found.update(["glyph:" + c.glyph.value] if c.glyph else [])
                found.update(["comment:call"] if c.comments else [])
                found.update(["prefix:call"] if c.player else [])
        if d.contract:
            found.add("contract")
            found.update(["prefix:contract"] if d.contract.declarer else [])
            found.update(["comment:contract"] if d.contract.comments else [])
        if d.defence:
            kinds = [x.kind for x in d.defence.decisions]
            found.update("decision:" + k.value for k in kinds)
            found.update("glyph:" + x.glyph.value for x in d.defence.decisions if x.glyph)
            if DecisionKind.HALF in kinds and kinds[-1] is DecisionKind.WHIST:
                found.add("decision:returned")
            if d.defence.mode:
                found.add("mode:" + d.defence.mode.value)
        if d.play:
            found.add("play")
            found.update(["comment:play"] if d.play.comments else [])
            for pc in _walk_cards(d.play.cards):
                found.update(["glyph:" + pc.glyph.value] if pc.glyph else [])
                found.update(["comment:card"] if pc.comments else [])
                for v in pc.variations:
                    found.add("variation")
                    if any(x.variations for x in v.cards):
                        found.add("variation:nested")
        if d.claim:
            found.add("claim:all" if d.claim.shares[0].tricks is None else "claim:counts")
        if d.result:
            r = d.result
            found.add("result:" + (r.kind.value if r.kind is not ResultKind.RELATIVE else
                                   ("=" if r.count == 0 else "+" if r.count > 0 else "-")))
        found.update("penalty:" + p.kind.value for p in d.penalties)
        if d.checkpoint:
            found.add("sheet")
        if d.hands is None and d.play is None and d.result is not None:
            found.add("result-only deal")
    spellings = {
        "spelling:cyrillic card": r"(?<!\w)(?:10|[789ВДКТ])[птбч](?!\w)",
        "spelling:unicode card": r"(?:10|[789TJQKA])[♠♣♦♥]",
        "spelling:hollow suit": r"[♤♧♢♡]",
        "spelling:10": r"(?<!\w)10[^0-9]",
        "spelling:grouped hand": r"[♠♣♦♥♤♧♢♡][789TJQKAВДКТ10]+ [♠♣♦♥♤♧♢♡]",
        "spelling:мизер": r"мизер",
        "spelling:бк": r"[0-9]бк",
        "spelling:% comment": r"(?m)^%",
    }
    found.update(name for name, pattern in spellings.items() if re.search(pattern, every))
    wanted = {
        "players3", "players4", "several games", "tag:Event", "tag:Site", "tag:Date", "tag:Round",
        "tag:Players", "tag:Rules", "tag:Pool", "tag:WhistPrice", "tag:Source", "tag:Annotator", "tag:Scorer",
        "tag:Opening", "tag:Rule.DarkBids", "comment:game", "comment:deal", "comment:hand", "comment:talon",
        "comment:call", "comment:contract", "comment:play", "comment:card", "hand:unknown", "talon",
        "talon:unknown", "discard", "discard:unknown", "call:pass", "call:bid", "call:here", "call:misere",
        "call:dark", "call:hand", "prefix:contract", "contract", "decision:whist", "decision:pass",
        "decision:half", "decision:returned", "mode:open", "mode:closed", "play", "variation",
        "variation:nested", "claim:all", "claim:counts", "result:tricks", "result:declarer", "result:=",
        "result:+", "result:-", "penalty:pool", "penalty:mountain", "penalty:whists", "sheet",
        "result-only deal", *("glyph:" + g.value for g in Glyph), *spellings,
    }
    assert wanted - found == set()
