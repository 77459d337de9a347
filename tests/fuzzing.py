"""Near-valid game texts and the properties every text must keep, for the fuzz tests and the campaign.

The texts are made as a person (or an attacker) would make them: a legal game from
:func:`preflog.generate` or a sample, then a few slips at the level of the notation's tokens and lines —
a word dropped, doubled, swapped or replaced by another word of the notation or by something hostile
(a number of 5,000 digits, ``-0``, an unclosed ``{`` or ``"``, a backslash, a lone CR, a byte-order
mark, a control character). :func:`examine` then holds the reader, the checker, the scorer, the
writer and JSON to their promises (docs/limits.md).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import preflog
from preflog import NotationError
from preflog.generator import generate
from preflog.notation.read import read_games
from preflog.scoring.settlement import apportion

from .annotating import annotate
from .conftest import SAMPLES

SAMPLE_TEXTS = [p.read_text(encoding="utf-8") for p in SAMPLES]

#: Words of the notation, and hostile ones, that a slip may put anywhere.
WORDS = [
    # statements and call words
    "deal", "dealer", "hands", "talon", "bids", "discard", "contract", "whist", "play", "claim", "result",
    "penalty", "sheet", "pass", "here", "half", "open", "closed", "dark", "hand", "mis", "misere", "мизер",
    "pool", "mountain", "whists",
    # cards, bids, hands, names
    "7s", "Ah", "Td", "10c", "Тп", "Kб", "A♥", "7♠", "6s", "10nt", "8бк", "AKQ.J9.-.T87", "♠AKQ ♥T87", "?",
    "Anna", "Boris", "Vera", "Gleb", "Anna:", "Boris:", "Nobody:",
    # numbers, signs and punctuation
    "0", "1", "5", "10", "11", "-0", "+3", "2.5", "-1.25", "²", "٣", "1" * 40, "9" * 5000,
    "|", "(", ")", "((", "))", "=", ";", "!", "?!", "!!", "{", "}", "{note}", "{", "%", '"', "\\", "\\q",
    '[Players "Anna Boris Vera"]', '[Pool "10"]', '[Pool "' + "9" * 400 + '"]', '[WhistPrice "0.5"]',
    '[Event "C:\\games"]', '[Rules "leningrad"]', '[Rule.HalfWhist "no"]', "[", "]",
    # characters a file should not hold
    "\ufeff", "\r", "\x00", "\x1b[2J", "\u202e", "\t",
]


def base_text(rng: random.Random) -> str:
    """A clean text to spoil: a sample, or a generated legal game of a few deals, annotated or not."""
    if rng.random() < 0.4:
        return rng.choice(SAMPLE_TEXTS)
    rules = rng.choice(["sochi", "leningrad", "rostov", "classic"])
    games = generate(rng.randint(1, 4), rng.randrange(1 << 30), players=rng.choice([3, 3, 4]), rules=rules)
    if rng.random() < 0.3:
        games = [annotate(g, rng.randrange(1 << 30)) for g in games]
    return preflog.dumps(games)


_TOKEN = re.compile(r"\s+|[^\s]+")


def _reorder(items: list[str], i: int, op: str, step: int) -> None:
    """The slips words and lines share: one dropped, doubled, or swapped with the one ``step`` on."""
    if op == "drop":
        del items[i]
    elif op == "double":
        items.insert(i, items[i])
    elif op == "swap" and i + step < len(items):
        items[i], items[i + step] = items[i + step], items[i]


def mutate(text: str, rng: random.Random, slips: int | None = None) -> str:
    """``text`` with a few slips of the kinds a person makes, and a few no person would."""
    for _ in range(slips if slips is not None else rng.randint(1, 4)):
        kind = rng.random()
        if kind < 0.6:  # a word (the tokens alternate with the space between them)
            tokens = _TOKEN.findall(text) or [""]
            i = rng.randrange(len(tokens))
            op = rng.choice(["drop", "double", "swap", "replace", "replace", "insert"])
            if op == "replace":
                tokens[i] = rng.choice(WORDS)
            elif op == "insert":
                tokens.insert(i, rng.choice(WORDS) + " ")
            else:
                _reorder(tokens, i, op, 2)
            text = "".join(tokens)
        elif kind < 0.85:  # a line
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            op = rng.choice(["drop", "double", "swap", "crlf", "cr"])
            if op == "crlf":
                lines[i] += "\r"
            elif op == "cr":  # the lines up to this one end in a lone CR (an old Mac file)
                lines[: i + 1] = ["\r".join(lines[: i + 1])]
            else:
                _reorder(lines, i, op, 1)
            text = "\n".join(lines)
        else:  # a character
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice("{}\"\\()|%;=?!\r\t\ufeff\x00-+.0123456789") + text[i:]
    return text


def near_valid(rng: random.Random) -> str:
    return mutate(base_text(rng), rng)


def _codes(violations: list[preflog.Violation]) -> list[tuple[str, str]]:
    return [(v.code, preflog.message(v)) for v in violations]


def examine(text: str) -> None:
    """Every promise preflog makes about a text, asserted; an AssertionError names the one broken.

    - reading never raises, and every error is at a place inside the text;
    - a game read clean is checked and scored without an exception;
    - its canonical text reads back as the same game and is a fixed point of the writer;
    - JSON gives the same game back, exactly;
    - checking and scoring give the same on the text and on its canonical form;
    - the printed settlement (largest remainder) sums to zero, and so does the money;
    - the statistics count the game or leave it out, and when they count it, its settlement is the sheet's.
    """
    lines = len(re.split(r"\r\n|\r|\n", text)) + 1
    for parsed in read_games(text, "fuzz.pref"):
        for error in parsed.errors:
            assert 1 <= error.line <= lines and error.column >= 1, error.format()
            assert len(error.excerpt) <= 102, error.format()
            error.format()
        if parsed.errors:
            continue
        game = parsed.game
        violations = preflog.check(game)
        sheet = preflog.score(game)
        canonical = preflog.dumps(game)
        again = preflog.loads(canonical)
        assert again == game, "the canonical text reads back as another game"
        assert preflog.dumps(again) == canonical, "fmt is not a fixed point"
        assert preflog.from_json(preflog.to_json([game])) == [game], "JSON does not give the game back"
        assert _codes(preflog.check(again)) == _codes(violations), "check differs on the canonical text"
        again_sheet = preflog.score(again)
        assert again_sheet.settlement() == sheet.settlement(), "score differs on the canonical text"
        settlement = sheet.settlement()
        for exact in (settlement.totals, settlement.money or {}):
            assert sum(exact.values(), Fraction(0)) == 0, "the settlement is not zero-sum"
            shown = apportion(exact)
            assert sum(shown.values(), Fraction(0)) == 0, "the printed settlement does not sum to zero"
            assert all(abs(shown[p] - exact[p]) < Fraction(1, 100) for p in exact)
        found = preflog.stats(game)
        assert found.total.games + found.rejected_games == 1, "the statistics lost the game"
        if found.total.games:
            assert not violations, "the statistics counted a game that breaks a rule"
            assert {p: f.settlement for p, f in found.total.players.items()} == settlement.totals, \
                "the statistics' settlement is not the sheet's"


def read_clean(text: str) -> bool:
    """Whether ``text`` reads without a notation error."""
    try:
        preflog.loads_all(text)
    except NotationError:
        return False
    return True
