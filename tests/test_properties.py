"""Property tests: random games survive writing and reading; no input raises anything but NotationError."""

from __future__ import annotations

import re

import io
import json
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import preflog
from preflog import (
    DECK, LADDER, Bids, Call, CallKind, Claim, ClaimShare, Comment, Contract, Deal, Decision, DecisionKind,
    Defence, Discard, Game, Glyph, Hand, HandEntry, Hands, NotationError, Penalty, PenaltyKind, Play,
    PlayedCard, PlayerTricks, Result, ResultKind, Checkpoint, CheckpointEntry, Tag, Talon, Variation, CheckpointWhist,
    WhistMode,
)
from preflog.model.game import TAG_ORDER, tag_rank

from .conftest import SAMPLES

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Лёва", "Маша", "oleg_2", "Z9"]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A lone CR is a line break to the reader (as to an editor), so a comment cannot keep one as text.
texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="}"), max_size=15).filter(
    lambda t: not re.search("\r(?!\n)", t))
comments = st.lists(texts.map(Comment), max_size=2).map(tuple)
glyphs = st.none() | st.sampled_from(Glyph)
amounts = st.integers(-400, 400).map(lambda n: Decimal(n) / 2)
two_cards = st.none() | st.lists(st.sampled_from(DECK), min_size=2, max_size=2, unique=True).map(tuple)


def active(players: list[str], dealer: str) -> list[str]:
    d = players.index(dealer)
    order = [players[(d + k) % len(players)] for k in range(1, len(players) + 1)]
    return order[:3] if len(players) == 4 else order


@st.composite
def played_cards(draw: st.DrawFn, depth: int) -> tuple[PlayedCard, ...]:
    out = []
    for _ in range(draw(st.integers(0, 7 if depth == 0 else 4))):
        variations = ()
        if depth < 2 and draw(st.integers(0, 5)) == 0:
            variations = tuple(Variation(draw(played_cards(depth + 1)), draw(comments))
                               for _ in range(draw(st.integers(1, 2))))
        out.append(PlayedCard(draw(st.sampled_from(DECK)), draw(glyphs), draw(comments), variations))
    return tuple(out)


@st.composite
def deals(draw: st.DrawFn, players: list[str], number: int) -> Deal:
    dealer = draw(st.sampled_from(players))
    someone = st.sampled_from(players)
    fields: dict[str, object] = {}
    if draw(st.booleans()):
        fields["hands"] = Hands(tuple(
            HandEntry(p, draw(st.none() | st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True)
                              .map(Hand)), draw(comments))
            for p in active(players, dealer)))
    if draw(st.booleans()):
        fields["talon"] = Talon(draw(two_cards), draw(comments))
    if draw(st.booleans()):
        calls = []
        for _ in range(draw(st.integers(1, 5))):
            kind = draw(st.sampled_from(CallKind))
            calls.append(Call(kind, draw(st.sampled_from(LADDER)) if kind is CallKind.BID else None,
                              draw(st.none() | someone), draw(st.booleans()), draw(st.booleans()),
                              draw(glyphs), draw(comments)))
        fields["bids"] = Bids(tuple(calls))
    if draw(st.booleans()):
        fields["discard"] = Discard(draw(two_cards), draw(comments))
    if draw(st.booleans()):
        fields["contract"] = Contract(draw(st.sampled_from(LADDER)), draw(st.none() | someone), draw(glyphs),
                                      draw(comments))
    if draw(st.booleans()):
        decisions = tuple(Decision(draw(st.sampled_from(DecisionKind)), draw(glyphs), draw(comments))
                          for _ in range(draw(st.integers(1, 4))))
        mode = draw(st.none() | st.sampled_from(WhistMode))
        fields["defence"] = Defence(decisions, mode, draw(comments) if mode else ())
    if draw(st.booleans()):
        fields["play"] = Play(draw(played_cards(0)), draw(comments))
    if draw(st.booleans()):
        if draw(st.booleans()):
            shares: tuple[ClaimShare, ...] = (ClaimShare(draw(someone)),)
        else:
            shares = tuple(ClaimShare(draw(someone), draw(st.integers(0, 10))) for _ in range(draw(st.integers(1, 3))))
        fields["claim"] = Claim(shares, draw(comments))
    if draw(st.booleans()):
        kind = draw(st.sampled_from(ResultKind))
        if kind is ResultKind.TRICKS:
            who = draw(st.lists(someone, min_size=1, max_size=3, unique=True))
            fields["result"] = Result(kind, tuple(PlayerTricks(p, draw(st.integers(0, 10))) for p in who),
                                      comments=draw(comments))
        else:
            count = draw(st.integers(0, 10) if kind is ResultKind.DECLARER else st.integers(-10, 10))
            fields["result"] = Result(kind, count=count, comments=draw(comments))
    penalties = []
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(PenaltyKind))
        penalties.append(Penalty(draw(someone), kind, draw(amounts),
                                 draw(someone) if kind is PenaltyKind.WHISTS else None, draw(comments)))
    if draw(st.booleans()):
        entries = []
        for p in draw(st.lists(someone, min_size=1, max_size=3, unique=True)):
            whists = draw(st.none() | st.lists(st.tuples(someone, amounts), min_size=1, max_size=2))
            entries.append(CheckpointEntry(p, draw(st.none() | amounts), draw(st.none() | amounts),
                                      None if whists is None else tuple(CheckpointWhist(q, a) for q, a in whists)))
        fields["checkpoint"] = Checkpoint(tuple(entries), draw(comments))
    return Deal(number, dealer, draw(comments), penalties=tuple(penalties), **fields)  # type: ignore[arg-type]


tag_values = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=12)
tag_names = st.from_regex(r"\A[A-Za-z][A-Za-z0-9_.]{0,8}\Z").filter(lambda n: n not in TAG_ORDER)


@st.composite
def games(draw: st.DrawFn, min_deals: int = 0) -> Game:
    players = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=4, unique=True))
    names = draw(st.lists(st.sampled_from([n for n in TAG_ORDER if n not in ("Players", "Rule.*")]) | tag_names,
                          unique=True, max_size=4))
    special = {"Pool": st.integers(1, 500).map(str), "WhistPrice": st.sampled_from(["1", "0.5", "2.25"]),
               "Sheet": st.tuples(st.integers(0, 50), st.integers(-5, 90)).map(
                   lambda t: f"{players[0]} pool {t[0]} mountain {t[1]} whists {players[1]} {t[0] * 3}")}
    tags = [Tag("Players", " ".join(players))] + [Tag(n, draw(special.get(n, tag_values))) for n in names]
    tags.sort(key=lambda t: tag_rank(t.name))
    first = draw(st.integers(1, 40))
    deal_list = [draw(deals(players, first + i)) for i in range(draw(st.integers(min_deals, 3)))]
    return Game(tuple(tags), tuple(deal_list), draw(comments))


@FAST
@given(st.lists(games(min_deals=1), max_size=2), games())
def test_random_games_survive_dumps_then_loads(first: list[Game], last: Game) -> None:
    original = first + [last]
    text = preflog.dumps(original)
    assert preflog.loads_all(text) == original
    assert preflog.dumps(preflog.loads_all(text)) == text


@FAST
@given(games())
def test_random_games_survive_the_unicode_form_and_json(original: Game) -> None:
    assert preflog.loads(preflog.dumps(original, unicode=True)) == original
    assert preflog.from_json(preflog.to_json([original])) == [original]


# ---- fuzzing: garbage and mutated samples -----------------------------------------------------

NOTATION_CHARS = "{}()[]|:;\"%?!.-=+ \n\t\\0123456789TJQKAscdhntВДКТптбч♠♣♦♥♤ deal hands talon bids play result"


def _only_notation_errors(text: str) -> None:
    try:
        games_read = preflog.loads_all(text, path="fuzz.pref")
    except NotationError as exc:
        lines = text.count("\n") + 2
        for error in exc.errors:
            assert 1 <= error.line <= lines and error.column >= 1, error.format()
            assert error.format().startswith(f"fuzz.pref:{error.line}:{error.column}: error: ")
        return
    # whatever is accepted must survive the round trip too
    again = preflog.dumps(games_read)
    assert preflog.loads_all(again) == games_read


@FAST
@given(st.text(max_size=300))
def test_garbage_text_raises_only_notation_errors(text: str) -> None:
    _only_notation_errors(text)


@FAST
@given(st.text(alphabet=NOTATION_CHARS, max_size=300))
def test_notation_like_garbage_raises_only_notation_errors(text: str) -> None:
    _only_notation_errors('[Players "Anna Boris Vera"]\n' + text)


SAMPLE_TEXTS = [p.read_text(encoding="utf-8") for p in SAMPLES]


@st.composite
def mutated_samples(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SAMPLE_TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = min(len(text), i + draw(st.integers(0, 12)))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        piece = draw(st.text(alphabet=NOTATION_CHARS, min_size=1, max_size=6))
        if op == "delete":
            text = text[:i] + text[j:]
        elif op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "replace":
            text = text[:i] + piece + text[j:]
        else:
            text = text[:j] + text[i:j] + text[j:]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_samples())
def test_mutated_samples_raise_only_notation_errors(text: str) -> None:
    _only_notation_errors(text)


@FAST
@given(st.binary(max_size=200))
def test_arbitrary_bytes_raise_only_notation_errors(data: bytes) -> None:
    try:
        preflog.load_all(io.BytesIO(data))
    except NotationError:
        pass


@FAST
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=12))
def test_arbitrary_json_raises_only_notation_errors(value: object) -> None:
    documents = [value, {"format": "preflog", "version": 1, "games": value},
                 {"format": "preflog", "version": 1, "games": [{"tags": value}]},
                 {"format": "preflog", "version": 1, "games": [{"tags": {"Players": "A B C"}, "deals": value}]}]
    for document in documents:
        try:
            preflog.from_json(json.dumps(document))
        except NotationError:
            pass


def test_a_game_without_deals_cannot_be_followed_by_another() -> None:
    game = Game((Tag("Players", "Anna Boris Vera"),))
    try:
        preflog.dumps([game, game])
    except ValueError as exc:
        assert "cannot be followed by another game" in str(exc)
    else:
        raise AssertionError("two deal-less games were written as one")


def test_json_that_breaks_the_notation_is_caught() -> None:
    data = json.loads(preflog.to_json(preflog.loads_all(Path(SAMPLES[0]).read_text(encoding="utf-8"))))
    data["games"][0]["deals"].append({"number": 999, "dealer": "Nobody"})
    try:
        preflog.from_json(json.dumps(data))
    except NotationError as exc:
        assert "is not a player of this game" in str(exc) or "deal numbers go in sequence" in str(exc)
    else:
        raise AssertionError("a dealer who is not a player was accepted")
