"""The reader's two paths agree: the fast path (canonical text, no Lark) and the grammar build the same
records, spans and errors for every piece the fast path takes (issue "Five times faster", item 1)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import preflog
from preflog.generator import generate
from preflog.model.play import PlayLine
from preflog.notation import fast, read
from preflog.notation.decode import Lines
from preflog.notation.lalr import parse_piece
from preflog.notation.split import Piece, split

from .annotating import annotate, retype, with_sheets
from .conftest import SAMPLES
from .fuzzing import mutate, near_valid


def deep(value: Any) -> Any:
    """A record as nested tuples, its spans included (records leave spans out of equality)."""
    if attrs.has(type(value)):
        return (type(value).__name__,) + tuple((f.name, deep(getattr(value, f.name))) for f in attrs.fields(type(value)))
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return (type(value).__name__,) + tuple((f, deep(getattr(value, f))) for f in value._fields)
    if isinstance(value, (tuple, list, PlayLine)):
        return tuple(deep(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, deep(v)) for k, v in value.items()))
    return value


def pieces(text: str) -> list[Piece]:
    return [p for p in split(Lines(text, None)) if isinstance(p, Piece)]


def agree(text: str) -> int:
    """Assert that every piece the fast path reads, the grammar reads the same; how many it read."""
    taken = 0
    for piece in pieces(text):
        quick = fast.deal(piece) if piece.deal else fast.tags(piece)
        if quick is None:
            continue
        taken += 1
        assert deep(quick) == deep(parse_piece(piece, "deal" if piece.deal else "tags")), piece.text
    return taken


def read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """Whole games and their errors read with the fast path and with the grammar alone."""
    quick = [(deep(p.game), [str(e) for e in p.errors]) for p in read.read_games(text)]
    with monkeypatch.context() as m:
        m.setattr(read, "fast_deal", lambda piece: None)
        m.setattr(read, "fast_tags", lambda piece: None)
        slow = [(deep(p.game), [str(e) for e in p.errors]) for p in read.read_games(text)]
    return quick, slow


@pytest.mark.parametrize("rules,players", [("sochi", 3), ("leningrad", 4), ("rostov", 3), ("classic", 4)])
def test_generated_games_are_read_alike_and_all_by_the_fast_path(rules: str, players: int) -> None:
    text = preflog.dumps(generate(60, seed=5, players=players, rules=rules, per_game=20))
    assert agree(text) == len(pieces(text))  # every tag block and deal the writer writes is canonical


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_are_read_alike(path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    agree(text)
    quick, slow = read_both(text, monkeypatch)
    assert quick == slow


def test_mutated_files_are_read_alike_with_the_same_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(20261122)
    taken = 0
    for _ in range(120):
        text = near_valid(rng)
        taken += agree(text)
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow, text
    assert taken > 300  # the fast path did much of the reading (samples have comments: the grammar reads those)


HEAD = '[Event "Club night"]\n[Players "Anna Boris Vera"]\n\n'

#: Shapes a person types that are still canonical, or nearly: each is read alike by both paths.
SHAPES = [
    "deal\nhands A.B.C.D",  # an error for the validator, not a shape the fast path takes
    "deal 1\nhands AKQ.J9.-.T987 ? QJT.87.AKQ.J9\ntalon ?\nbids Anna: 6s Boris: pass Vera: pass\n",
    "deal 1 dealer Vera\nhands Anna: AKQ.J9.-.T987 Boris: ? Vera: ?\nbids dark 6s hand pass pass\ncontract Anna: 6s\n",
    "deal 1\r\nbids 6s pass pass\r\ncontract 6s\r\nwhist whist pass closed\r\nplay As Ks Qs\r\nresult =\r\n",
    "deal 1   \nbids 6s pass pass  \ncontract 6s\nwhist pass pass\nresult +1\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist pass whist\nclaim Anna\nresult Anna 6 Boris 2 Vera 2\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist whist\nplay Тп Кп Дп | Вп\nclaim Anna 5 Boris 4\nresult 7\n",
    "deal 1\nbids 10nt pass pass\ncontract 10nt\nwhist whist pass\nplay 10s 9s 8s |\nresult -2\n",
    "deal 1\nbids мизер pass pass\ncontract misere\nresult 0\n",
    "deal 1\nbids pass pass pass\nplay 7s 8s\nresult Anna 11 Boris 0 Vera 0\n",
    "deal 1\nbids pass pass pass\nplay 7s 8s | 9s\n",
    "deal 1\ntalon As As\n",
    "deal 1\ntalon As Ks Qs\n",
    "deal 1\nbids 6s\nbids 6s\n",
    "deal 1\ncontract 6s\nbids 6s\n",
    "deal 1\nbids 6s pass pass\n7s 8s 9s\n",
    "deal 1\nbids hand hand 6s pass pass\n",
    "deal 1\nbids Anna: pass: 6s\n",
    "deal 1\nbids Anna:\n",
    "deal 1\nresult pass 3\n",
    "deal 1\nresult Anna 3 Anna 4 Boris 3\n",
    "deal 1\nclaim 3\n",
    "deal 01 dealer Boris\nhands Boris: -.-.-.-\n",
    "deal 1 dealer\n",
    "deal 1 dealer Anna Boris\n",
    "deal -1\n",
    "deal 1.5\n",
    "deal 1\nwhist open\n",
    "deal 1\nwhist half\nplay\n",
    "deal 1 {note}\n",
    "deal 1\n  bids pass pass pass\n",
    "deal 1\nbids\tpass pass pass\n",
    "deal 1\nhands Anna: A..KQ.J Boris: AK.-.-.- Vera:\n",
    "deal 1\nhands Anna: Anna: AKQ.-.-.-\n",
]


def test_tag_blocks_are_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    for head in ['[Event "C:\\games \\"A\\""]\n  [Players "Anna Boris Vera"]  \r\n\n',
                 '[Players "Anna Boris Vera"] [Pool "10"]\n', '[Players "Anna Boris Vera"]\n[Pool "x"]\n',
                 '[Players "Anna Boris Vera"]\n[Players "Anna Boris Vera"]\n', '[Players "A B"]\n']:
        text = head + "deal 1\nbids pass pass pass\n"
        agree(text)
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow


# ---- annotated games (issue 46, item 1) -----------------------------------------------------------


def _annotated(seed: int, players: int = 3, rules: str = "sochi", chance: float = 0.3, deals: int = 40) -> str:
    games = generate(deals, seed=seed, players=players, rules=rules, per_game=20)
    return preflog.dumps([annotate(g, seed + n, chance) for n, g in enumerate(games)])


@pytest.mark.parametrize("rules,players", [("sochi", 3), ("leningrad", 4), ("rostov", 3), ("classic", 4)])
def test_annotated_games_are_read_alike_and_all_by_the_fast_path(rules: str, players: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    text = _annotated(7, players, rules)
    assert text.count("{") > 200 and text.count("(") > 20 and text.count("%") > 20  # the games are annotated
    assert agree(text) == len(pieces(text))  # comments, glyphs, variations and notes as the writer lays them out
    quick, slow = read_both(text, monkeypatch)
    assert quick == slow


def test_annotated_games_retyped_are_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(46)
    taken = total = 0
    for seed in range(6):
        text = retype(_annotated(seed, chance=0.2), rng)
        taken += agree(text)
        total += len(pieces(text))
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow, text
    assert taken > 0.8 * total  # statements over several lines, runs of spaces, notes: still the fast path's


def test_annotated_games_with_slips_are_read_alike_with_the_same_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(4601)
    texts = [_annotated(seed, chance=0.4, deals=4) for seed in range(6)]
    taken = 0
    for _ in range(150):
        text = mutate(rng.choice(texts), rng)
        taken += agree(text)
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow, text
    assert taken > 400  # the pieces a slip left alone are still the fast path's


ANNOTATED_SHAPES = [
    "deal 1 {a}\n{b}\nbids 6s? {c} pass!! pass\n",
    "deal 1\nbids {a} 6s pass pass\n",
    "deal 1\nbids 6s?? ? pass pass\n",
    "deal 1\nbids 6s !? pass pass\n",
    "deal 1\nbids 6s!?! pass pass\n",
    "deal 1\nbids Anna: {x} 6s pass pass\n",
    "deal 1\nbids dark {x} 6s pass pass\n",
    "deal 1\nhands {x} AKQ.J9.-.T987 ? ?\n",
    "deal 1\nhands Anna: {x} AKQ.J9.-.T987\n",
    "deal 1\nhands Anna: AKQ.J9.-.T987 {x} {y} Boris: ? {z}\n",
    "deal 1\ntalon {x} 7s 8s\n", "deal 1\ntalon 7s 8s {x}\n", "deal 1\ntalon ? {x}\n",
    "deal 1\ncontract 6s! {x}\n", "deal 1\ncontract Anna: 6s !\n", "deal 1\ncontract ! 6s\n",
    "deal 1\ncontract 6s {x} !\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist! {x} pass? closed {y}\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist {x} whist pass\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist pass closed !\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist pass closed whist\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist ! ! pass\n",
    "deal 1\nplay {lead} As! {x} (Ks {why} Qs (7s) |) Ks Qs | ? Js\n",
    "deal 1\nplay As Ks Qs | (7s)\n",
    "deal 1\nplay As (Ks Qs\n",
    "deal 1\nplay As Ks) Qs\n",
    "deal 1\nplay As () Ks\n",
    "deal 1\nplay ! As\n", "deal 1\nplay As | Ks\n", "deal 1\nplay As Ks Qs | {x} | Js\n",
    "deal 1\nplay As\n Ks % note\n Qs\nresult = {x}\n{y}\n",
    "deal 1\nplay As Ks Qs {unclosed\n Js}\n",
    "deal 1\nplay As Ks Qs } Js\n",
    "deal 1\nplay As" + " (Ks" * 70 + ")" * 70 + "\n",
    "deal 1\nplay As" + " (Ks" * 64 + ")" * 64 + "\n",
    "deal 1\nplay As" + " (" * 5000 + "\n",
    "deal 1\nclaim Anna {x}\nresult Anna 6 Boris 2 Vera 2 {y}\n",
    "deal 1\nclaim {x} Anna\n",
    "deal 1 % note {not a comment\nbids pass pass pass % {\n",
    "deal 1\nbids pass pass pass {50% chance}\n",
    "deal 1\nbids pass pass pass {a, b; «c»}\n",
    "deal 1\nbids pass\n\n  pass\tpass\n",
]


def test_annotated_shapes_mostly_take_the_fast_path() -> None:
    taken = sum(agree(HEAD + body) - 1 for body in ANNOTATED_SHAPES)  # less the tag block
    assert taken >= 15


def test_annotated_tag_blocks_are_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    heads = ['[Event "50% off"] % a note\n[Players "Anna Boris Vera"] {who} {and}\n%\n\n',
             '% before\n[Players "Anna Boris Vera"]\n{a}\n',
             '[Players "Anna Boris Vera"] {a} [Pool "10"]\n',
             '[Players "Anna Boris Vera"] {a\nb}\n',
             '[Players "Anna Boris Vera"] }\n',
             '{first} [Players "Anna Boris Vera"]\n',
             # comments over several lines, as a preface is written (CRLF kept inside the comment)
             '[Players "Anna Boris Vera"]\r\n{a\r\nb} {c}\r\n{d\n\ne} [Pool "10"]\n',
             '[Players "Anna Boris Vera"]\n{a % not a note\n} % a note {\n {b\n  c}  {d}\n',
             '{a\nb}\n[Players "Anna Boris Vera"]\n', '[Players "Anna Boris Vera"] {a\nb} [Pool "10"]\n',
             '[Players "Anna Boris Vera"] % {a\n{b\n', '[Players "Anna Boris Vera"]\n{a\n\n']
    taken = 0
    for head in heads:
        text = head + "deal 1\nbids pass pass pass\n"
        taken += agree(text)
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow
    assert taken >= 12


#: Games typed in Russian: call words, suit symbols, suit-grouped hands (docs/notation.md).
RUSSIAN_SHAPES = [
    "deal 1\nbids пас пасс здесь\n", "deal 1\nbids распасы {все пасуют}\n", "deal 1\nbids распас\n",
    "deal 1\nbids распасы пас\n", "deal 1\nbids пас распасы\n", "deal 1\nbids 6♠ 6♣? мизер 7бк пас пас\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nвист вист пас открыто {в светлую}\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nвист пол\n вист закрытая\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist вист полвиста\nвист\n",
    "deal 1\nhands Anna: ♠ДT ♣КД10 ♦Q9 ♥ТВ10 Boris: ♠КJ98 ♣Т97 ♦KВ ♥9 Vera: ♠Т7 ♣J8 ♦108 ♥KД87\n",
    "deal 1\nhands ♠ДT ♣КД10 ♦Q9 ♥ТВ10 ♠КJ98 ♣Т97 ♦KВ ♥9 ♠Т7 ♣J8 ♦108 ♥KД87\n",
    "deal 1\nhands ♠AKQJT987 ♣AK ♦A ♥A\n", "deal 1\nhands ♠AK ♠Q ♣J\n", "deal 1\nhands Anna: ♠AA ♠A ♣J9 Boris: ♠K-\n",
    "deal 1\nhands Anna: ♠- ♣- {пусто} ♦AKQJT987 ♥AK\n", "deal 1\nhands Anna: AKQ.J9.-.T987 ♠AK\n",
    "deal 1\nhands ♠AK♣Q\n", "deal 1\ntalon 7♢ Тб\ndiscard 7♦ 9б\n",
    "deal 1\nplay К♣ A♣ Jт | J♦ 10♢ Q♢ | Д♤ К♤ Тп\n",
]


def test_russian_shapes_mostly_take_the_fast_path() -> None:
    assert sum(agree(HEAD + body) - 1 for body in RUSSIAN_SHAPES) >= 14


def test_the_sample_typed_in_russian_is_all_read_by_the_fast_path() -> None:
    text = (SAMPLES[0].parent / "cyrillic.pref").read_text(encoding="utf-8")
    assert agree(text) == len(pieces(text))


#: The score sheet's statements as a scorer types them: penalties (any number) and the ``sheet``
#: checkpoint, its lines on one line or several, ``;`` with a space around it or none (NOTATION.md §4).
SHEET_SHAPES = [
    "deal 1\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\nsheet Anna mountain 4; Boris mountain 3; Vera mountain 3\n",
    "deal 1\nresult 3\npenalty Anna whists Boris 1.5 {x}\npenalty Boris pool -2\n"
    "sheet Anna pool 12 mountain 4 whists Boris 36 Vera 10; Boris pool 2;\n  Vera mountain 1 ; {ok} {two}\n",
    "deal 1\nsheet Anna;Boris pool 1;\n", "deal 1\nsheet Anna\n", "deal 1\nsheet Anna pool +0.5\n",
    "deal 1\nsheet\n Anna pool 10 whists Boris 4;\n Boris mountain 2\n", "deal 1\nsheet Anna pool 1 ;\n",
    "deal 1\nsheet Anna pool 1\nBoris pool 2\n", "deal 1\nsheet Anna pool 1 % a note\n",
    "deal 1\npenalty Anna mountain 2 {looked at the talon}\npenalty Anna mountain 1\n",
    "deal 1\ncontract Anna: 6s\npenalty Boris whists Vera 10\n", "deal 1\nresult =\npenalty Vera pool 2\nsheet Vera pool 2\n",
    # what the grammar must read (and says what is wrong)
    "deal 1\nsheet ;Anna\n", "deal 1\nsheet Anna pool 1 Boris\n", "deal 1\nsheet Anna whists Boris 4\n Boris pool 2\n", "deal 1\nsheet Anna whists Boris\n",
    "deal 1\nsheet Anna whists\n", "deal 1\nsheet Anna pool 1\npenalty Anna pool 1\n", "deal 1\nsheet Anna pool 1;;\n",
    "deal 1\npenalty Anna whists 3\n", "deal 1\npenalty Anna pool 1.5.3\n", "deal 1\nsheet Anna pool 1; Anna pool 2\n",
    "deal 1\nsheet Anna mountain 1 pool 2\n", "deal 1\nsheet Anna pool 1 {a} ; Boris pool 2\n",
    "deal 1\npenalty Anna pool 12345678901234567890123\n", "deal 1\npenalty Anna pool\n", "deal 1\npenalty Gleb pool 1\n",
    "deal 1\nsheet Gleb pool 1\n", "deal 1\nsheet pool 1\n", "deal 1\nsheet Anna: pool 1\n", "deal 1\nsheet Anna pool 1,5\n",
    "deal 1\nbids 6s pass pass\ncontract Anna: totus 10nt Boris\nresult 10\n", "deal 1\ncontract totus 10nt\n",
    "deal 1\ncontract тотус 10бк! Boris Vera {?}\n", "deal 1\ncontract Anna: totus 10s?\n", "deal 1\ncontract 10nt Boris\n",
    "deal 1\ncontract totus\n", "deal 1\ncontract Anna: totus Boris\n", "deal 1\ncontract Anna:\n", "deal 1\ncontract totus 6s\n",
    "deal 1\npenalty Anna whists Anna 2\n", "deal 1\npenalty Anna pool 1 Boris\n", "deal 1\nsheet Anna pool 1\nsheet Anna pool 2\n",
]


def _with_sheets(seed: int, rules: str = "sochi", players: int = 3, deals: int = 40) -> str:
    games = generate(deals, seed=seed, players=players, rules=rules, per_game=20)
    return preflog.dumps([with_sheets(g, seed + n, penalties=0.3) for n, g in enumerate(games)])


@pytest.mark.parametrize("rules,players", [("sochi", 3), ("leningrad", 4), ("classic", 4), ("rostov", 3)])
def test_games_with_sheets_are_read_alike_and_all_by_the_fast_path(rules: str, players: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    text = _with_sheets(5, rules, players)
    assert text.count("\nsheet ") > 30 and text.count("\npenalty ") > 5  # a scorer's checkpoints, and penalties
    assert agree(text) == len(pieces(text))
    quick, slow = read_both(text, monkeypatch)
    assert quick == slow
    assert not [v for g in preflog.loads_all(text) for v in preflog.check(g)]  # each sheet agrees with its deals


def test_games_with_sheets_retyped_or_slipped_are_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(4602)
    texts = [_with_sheets(seed, deals=6) for seed in range(4)]
    taken = total = 0
    for n in range(60):
        text = retype(texts[n % 4], rng) if n % 2 else mutate(texts[n % 4], rng)
        taken += agree(text)
        total += len(pieces(text))
        quick, slow = read_both(text, monkeypatch)
        assert quick == slow, text
    assert taken > 0.6 * total


#: Comments carried over several lines, as an author writes a long one, and tabs between words (the
#: fast path reads them).
MULTILINE_SHAPES = [
    "deal 1 {a long\ncomment} dealer Anna\nbids pass pass pass\n",
    "deal 1 dealer Anna {a long\r\ncomment}\r\nbids pass pass pass\r\n",
    "deal 1\nbids 6s {why\n not} pass pass\ncontract 6s\nwhist whist {hm\n\n ok} pass {x\ny}\n",
    "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist pass\nplay As Ks Qs {first\n trick} | Js\n{a note\nover lines}\n Ts 9s\n",
    "deal 1\nbids 6s pass pass % x {\ncontract 6s {a\nb} % c {\n", "deal 1\nbids pass pass pass {a\n", "deal 1 {a\nb}\n",
    "deal 1\nhands Anna: AKQ.J9.-.T987 {a\nb} Boris: ? Vera: ?\n",
    "deal 1\nresult 3 {a\nb}\npenalty Anna pool 1 {x\ny}\nsheet Anna pool 1 {z\n}\n",
    "deal 1\nbids 6s! {a\nb} 7s pass pass\ncontract 7s {c\nd}\n", "deal 1\nplay As {a\nb} (Ks {c\n d}) Qs\n",
    "deal 1\nplay As {a\nb} {c\nd} Ks {e} Qs {f\n}\n", "deal 1\nplay As {a\nb}\n\n | Ks\n", "deal 1\nplay As {a\nb}}\n",
    # tabs, as an editor aligns the words
    "deal 1\nbids\tpass pass pass\n", "deal 1\thands\tAnna: AKQ.J9.-.T987\tBoris: ?\tVera: ?\t\n",
    "deal 1\nhands\tAnna: AKQ.J9.-.T987\tBoris: ?\tVera: ?\t\nbids 6s\tpass pass\t\t\ncontract 6s\nwhist\twhist pass\n"
    "play As\tKs Qs\n\t| Js\n", "deal 1\nbids pass\t{a\tb}\tpass pass\t% x\t\n", "deal 1\n\tbids pass pass pass\n",
    "deal 1\nbids pass pass pass\n\t\n", "deal 1\nbids 6s pass pass\ncontract 6s\nwhist whist pass\nplay As {a\n\tb}\tKs Qs\n",
    "deal 1\nresult\tAnna 4\tBoris 3 Vera 3\nsheet Anna mountain 4;\tBoris mountain 3\n", "deal\t1\tdealer\tAnna\n",
]


def test_multiline_and_tab_shapes_mostly_take_the_fast_path() -> None:
    assert sum(agree(HEAD + body) - 1 for body in MULTILINE_SHAPES) >= 18


def test_sheet_shapes_mostly_take_the_fast_path() -> None:
    assert sum(agree(HEAD + body) - 1 for body in SHEET_SHAPES) >= 12


def test_samples_with_sheets_penalties_and_totus_are_read_by_the_fast_path() -> None:
    """A scorer's checkpoints and penalties, and Classic's totus, cost no grammar: such a file never
    loads the parser."""
    for name in ("sochi-pulka.pref", "leningrad.pref", "four-players.pref", "rostov-allpass.pref", "classic.pref"):
        text = (SAMPLES[0].parent / name).read_text(encoding="utf-8")
        assert agree(text) == len(pieces(text)), name


@pytest.mark.parametrize("body", SHAPES + ANNOTATED_SHAPES + RUSSIAN_SHAPES + SHEET_SHAPES + MULTILINE_SHAPES)
def test_typed_shapes_are_read_alike(body: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = HEAD + body
    agree(text)
    quick, slow = read_both(text, monkeypatch)
    assert quick == slow
