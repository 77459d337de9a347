"""A sheet's entries are values; their words are made at the edge (issue 64, "results as values, words at
the edge"): an entry's reason is facts in no language (``preflog.scoring.ledger.Reason``), and
``preflog.sheet_words`` is the one place it becomes a sentence, in the reader's language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import preflog
from preflog.i18n import using_language

from .conftest import ROOT, SAMPLES

SCORING = ROOT / "preflog" / "scoring"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_sheet_written_in_any_language_is_the_same_sheet(path: Path) -> None:
    """The same game scored in English and in Russian writes equal entries (each game of each sample:
    help from a full pool, Classic's halves, bombs, the razboynik, four players, the all-pass), and the
    sentences, made from them where they are read, are each language's own."""
    games = preflog.loads_all(path.read_text(encoding="utf-8"))
    for game in games:
        with using_language("en"):
            english = preflog.score(game)
        with using_language("ru"):
            russian = preflog.score(game)
        assert english.entries == russian.entries
        assert [hash(e) for e in english.entries] == [hash(e) for e in russian.entries]
        assert english == russian
        with using_language("en"):
            said_en = [preflog.entry_text(e) for e in russian.entries]
        with using_language("ru"):
            said_ru = [preflog.entry_text(e) for e in english.entries]
        assert said_en == [preflog.entry_text(e) for e in english.entries]  # the conftest speaks English
        assert not english.entries or said_en != said_ru  # each language's words, from the same values


def _imported_names(path: Path, module: str) -> set[str]:
    """The names ``path`` imports from the preflog module ``module`` (``from ..i18n import _``), at any
    depth of the file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            target = node.module if not node.level else f"preflog.{node.module}"  # scoring: level 2 is preflog
            if target == module:
                names.update(a.name for a in node.names)
        elif isinstance(node, ast.Import) and any(a.name == module for a in node.names):
            names.add("*")
    return names


def test_the_scoring_makes_no_words_during_the_replay() -> None:
    """No module under ``preflog/scoring`` says anything in a language while it writes the sheet: of
    ``preflog.i18n`` it may mark a column's name (``N_``) and no more, and of ``preflog.words`` it reads
    only ``number_text``, for ``ScoreSheet.record``'s running record, read off the sheet once written."""
    files = sorted(SCORING.glob("*.py"))
    assert {p.name for p in files} >= {"tariff.py", "totus.py", "pulka.py", "ledger.py", "scorer.py"}
    for path in files:
        assert _imported_names(path, "preflog.i18n") <= {"N_"}, path.name
        assert _imported_names(path, "preflog.words") <= {"number_text"}, path.name
        assert not _imported_names(path, "preflog"), path.name  # "from .. import words"


def _keys_made(path: Path) -> set[str]:
    """The reasons' keys a module makes: the first argument of each ``Reason.of(...)`` or ``_of(...)``
    call that is a string, or a string of a conditional expression there."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        if (isinstance(f, ast.Attribute) and f.attr == "of" and isinstance(f.value, ast.Name)
                and f.value.id == "Reason") or (isinstance(f, ast.Name) and f.id == "_of"):
            first = node.args[0]
            options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            assert all(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in options), ast.dump(first)
            keys.update(o.value for o in options)  # type: ignore[attr-defined]
    return keys


def test_every_reason_the_scoring_makes_has_its_words() -> None:
    """Each key the scoring writes an entry's reason by is one the presenter says (a misspelt key would
    be an error only when its entry is read), and the presenter says no key nobody makes."""
    from preflog.sheet_words import _SAID

    made = set().union(*(_keys_made(p) for p in sorted(SCORING.glob("*.py"))))
    assert made == set(_SAID)


def test_a_reason_is_equal_by_its_facts_whatever_order_they_are_given() -> None:
    """A reason is its key and facts, sorted by name: given in any order, the same value; a nested one
    (help from a full pool, of the game that made it) is said inside its own words, in each language."""
    from fractions import Fraction

    from preflog.scoring.ledger import Reason
    from preflog.sheet_words import reason_text

    helped = Reason.of("help-from", player="Anna", reason=Reason.of("made", contract=preflog.Bid.parse("7s"),
                                                                      taken=7, factor=1))
    again = Reason.of("help-from", reason=Reason.of("made", factor=1, taken=7, contract=preflog.Bid.parse("7s")),
                      player="Anna")
    assert helped == again and hash(helped) == hash(again)
    assert reason_text(helped) == "help from Anna (7s made with 7)"
    halves = Reason.of("tricks", tricks=Fraction(3, 2), price=4, scale=2)
    assert reason_text(halves) == "1.50 tricks × 4 × 2"
    with using_language("ru"):
        assert reason_text(helped) == "помогает Anna (7♠: сыграно, взято 7)"
        assert reason_text(halves) == "1,50 взятки × 4 × 2"


def test_equal_reasons_are_one_object_and_the_ones_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long game's ledger holds each different reason once (its entries share it), and no more than
    ``KNOWN_REASONS`` are kept however many players' names an archive has: past them a reason is made
    anew, equal still."""
    from preflog.scoring import ledger  # noqa: PLC0415 - the module of the change

    first = ledger.Reason.of("made", tricks=6, player="Anna")
    assert ledger.Reason.of("made", player="Anna", tricks=6) is first
    monkeypatch.setattr(ledger, "_KNOWN", {})
    monkeypatch.setattr(ledger, "KNOWN_REASONS", 2)
    made = [ledger.Reason.of("made", player=f"player {n}") for n in range(5)]
    assert len(ledger._KNOWN) == 2
    again = ledger.Reason.of("made", player="player 4")
    assert again == made[4] and again is not made[4]
    assert ledger.Reason.of("made", player="player 1") is made[1]
