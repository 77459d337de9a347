"""One codec per statement (issue 64, item 7): each statement's fast reading, grammar callbacks and
writing side by side in its module, in the table the three drivers dispatch through
(``preflog.notation.statements.CODECS``); a file holding every statement reads the same through both
readers and writes back to itself, statement by statement."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import preflog
from preflog.model.deal import Deal
from preflog.notation import fast, read
from preflog.notation.lalr import make_parser, parse_piece
from preflog.notation.statements import CODECS, STATEMENTS
from preflog.notation.statements.spelling import Spelling
from preflog.notation.transform import Transform
from preflog.notation.vocabulary import STATEMENT_ORDER

from .test_fast_reader import deep, pieces

#: Every statement of the notation, in its canonical form, written by hand: a tag block with a
#: comment, each statement of a deal with the glyphs, comments, prefixes, modifiers, variations and
#: short forms it may hold, a penalty twice.
EVERY_STATEMENT = """\
[Event "Codecs"]
[Players "Anna Boris Vera"]
{every statement of the notation}

deal 1 dealer Anna {the head's comment}
hands Boris: AKQJ.A.-.KQJ98 Vera: 987.KQJ.AKQ.7 {Vera's} Anna: T.T97.J987.AT
talon Td 8c {turned}
bids 6s pass 6c! Boris: 6d? {greedy} hand pass
discard 8c Td
contract 7h! {bold}
whist whist pass {late} closed {at last}
play {the lead} Kh 7h Ah | Ac! {sure} (7c {or this} 9c) 9c 7c
claim Boris
result Boris 8 Vera 1 Anna 1 {as claimed}
penalty Vera mountain 2 {misdeal}
penalty Anna whists Boris 10
sheet Anna pool 2; Boris pool 4 mountain 2 whists Anna 10 Vera 4; Vera mountain 2 {after deal 1}

deal 2 dealer Boris
hands Vera: ? Anna: -.AKQJT987.AK.- Boris: ?
talon ?
discard ?
contract Vera: mis
whist pass half
claim Vera 6 Anna 4
result =

deal 3 dealer Vera
bids pass dark pass here
contract Anna: totus 10nt Boris {helped}
result -1
"""


def test_every_statement_has_its_three_codecs() -> None:
    """Each entry: a fast reading, at least one grammar callback, a writing; the deal's statements in
    the notation's order, each filling a field of the deal; and the table's callbacks are exactly the
    grammar's rules, each the parser's callback for its rule."""
    assert [c.name for c in CODECS] == ["tags", "deal", *STATEMENT_ORDER]
    assert CODECS[2:] == STATEMENTS
    fields = {f.name for f in attrs.fields(Deal)}
    for codec in CODECS:
        assert callable(codec.read) and callable(codec.write), codec.name
        assert codec.rules and all(callable(cb) for cb in codec.rules.values()), codec.name
        assert codec.name in codec.keywords
    for codec in STATEMENTS:
        assert codec.field in fields, codec.name
    rules = [rule for codec in CODECS for rule in codec.rules]
    assert len(rules) == len(set(rules))  # each rule read by one statement
    grammar = {r.origin.name for r in make_parser(cache=False).rules}
    assert {str(name) for name in grammar if not str(name).startswith("_")} == set(rules)
    transform = Transform()
    for codec in CODECS:
        for rule, callback in codec.rules.items():
            assert getattr(transform, rule) is callback, rule


def test_the_file_holds_every_statement() -> None:
    """Each statement of the table stands in the file (so the tests below read and write each)."""
    game = preflog.loads(EVERY_STATEMENT)
    for codec in STATEMENTS:
        assert any(getattr(d, codec.field or "") not in (None, ()) for d in game.deals), codec.name


def test_every_statement_reads_the_same_through_both_readers() -> None:
    """Every piece is taken by the fast path, and the grammar builds the very same records, spans
    included."""
    found = pieces(EVERY_STATEMENT)
    assert len(found) == 4
    for piece in found:
        quick = fast.deal(piece) if piece.deal else fast.tags(piece)
        assert quick is not None, piece.text
        assert deep(quick) == deep(parse_piece(piece, "deal" if piece.deal else "tags")), piece.text


@pytest.mark.parametrize("words", ["en", "ru"])
def test_every_statement_reads_the_same_whole_games_both_ways(words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = EVERY_STATEMENT if words == "en" else preflog.dumps(preflog.loads(EVERY_STATEMENT), words="ru")
    quick = [(deep(p.game), p.errors) for p in read.read_games(text)]
    with monkeypatch.context() as m:
        m.setattr(read, "fast_deal", lambda piece: None)
        m.setattr(read, "fast_tags", lambda piece: None)
        slow = [(deep(p.game), p.errors) for p in read.read_games(text)]
    assert quick == slow
    assert quick[0][1] == ()  # read without an error


def test_every_statement_writes_back_to_itself() -> None:
    assert preflog.dumps(preflog.loads(EVERY_STATEMENT)) == EVERY_STATEMENT


def test_each_codec_writes_its_own_line() -> None:
    """Each statement's writing gives the line it was read from (the tag block its lines, the deal's
    head its first line)."""
    game = preflog.loads(EVERY_STATEMENT)
    spell = Spelling(unicode=False)
    blocks = EVERY_STATEMENT.rstrip("\n").split("\n\n")
    tags, heads = CODECS[0], CODECS[1]
    assert tags.write(spell, game) == blocks[0]
    written: set[str] = set()
    for deal, block in zip(game.deals, blocks[1:], strict=True):
        lines = block.split("\n")
        assert heads.write(spell, deal) == lines[0]
        for codec in STATEMENTS:
            value: Any = getattr(deal, codec.field or "")
            for record in (value if codec.repeats else () if value is None else (value,)):
                assert codec.write(spell, record) in lines, codec.name
                written.add(codec.name)
    assert written == set(STATEMENT_ORDER)


def test_the_russian_words_read_back_as_the_same_game() -> None:
    """Written in the words said at a Russian table (``распасы``, ``вист``, ``мизер``, ``тотус``…), the
    file reads back as the game it was, and writes back to the canonical text."""
    game = preflog.loads(EVERY_STATEMENT)
    russian = preflog.dumps(game, words="ru")
    assert "bids распасы" not in russian  # deal 3's passes are not bare: "dark pass"
    assert "тотус 10БК" in russian and "вист пас" in russian and "мизер" in russian
    assert preflog.dumps(preflog.loads(russian)) == EVERY_STATEMENT
