"""Russian without a stumble (issue 65): what a club player reads in Russian is in the words he says at
the table and the Code's terms, never the notation's Latin, bridge words or an English placeholder.

Each test guards one kind of fault the club player found: notation where words are read (``6s``,
``7nt``), a spelling of no-trump other than БК, words no preferans player says (Dummy, решатель, МП,
к полю, ходить в масть, ёлка, ростов), click's English metavars (INTEGER RANGE, TEXT), the reader's
expected words in English, the dummy's English name in a replay, a rule's value in English, both
defenders said to have gone half-whist, and the analysis's Cyrillic ace beside a Latin ten.
"""

from __future__ import annotations

import re

import click
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

import preflog
from preflog import words
from preflog.cli import cli as main
from preflog.driver import walk
from preflog.i18n import LOCALE_DIR, using_language
from preflog.present.replay_text import Renderer, TextReplay

from .conftest import ROOT

PO = LOCALE_DIR / "ru" / "LC_MESSAGES" / "preflog.po"


def _russian() -> list[tuple[str, str]]:
    """Every message of the catalog as (its English, each Russian form joined)."""
    with PO.open("rb") as fp:
        catalog = read_po(fp, locale="ru")
    said = []
    for m in catalog:
        if m.id:
            english = m.id if isinstance(m.id, str) else m.id[0]
            said.append((english, " | ".join([m.string] if isinstance(m.string, str) else m.string)))
    return said


#: The two messages that name the notation's English words on purpose, to tell them from the table's
#: (``fmt --words``: «en — как в нотации (pass, whist, half, 7nt, mis, As Td)»).
NAMING_THE_NOTATION = ("Write calls, whist words and cards in these words", "Print FILES (- for standard input) in canonical")

LATIN_CONTRACT = re.compile(r"(?<![\w.])(?:[6-9]|10)(?:s|c|d|h|nt|NT)(?![\w])")


def test_no_russian_message_writes_a_contract_in_the_notation_s_latin() -> None:
    """A contract read in Russian is 6♠, 7 БК or 6п, 7БК as typed: never ``6s``, ``7nt``, nor the
    notation's all-pass ``pass pass pass``."""
    found = [f"{en[:60]!r} → {ru[:120]!r}" for en, ru in _russian()
             if not en.startswith(NAMING_THE_NOTATION) and (LATIN_CONTRACT.search(ru) or "pass pass pass" in ru)]
    assert not found, "\n".join(found)


def test_no_trump_is_always_written_bk_in_capitals() -> None:
    """One spelling of no-trump, the Code's: «7 БК» in prose, «7БК» typed; never «бк»."""
    found = [f"{en[:60]!r} → {ru[:120]!r}" for en, ru in _russian() if re.search(r"(?<![а-яё])бк(?![а-яё])", ru)]
    assert not found, "\n".join(found)


#: Words a preferans player does not say, each with what he says (docs/glossary.md).
NOT_SAID = {
    r"\bDummy\b": "болван",
    r"решател|(?<![а-яё])реш(ить|ается|аются)(?![а-яё])": "просчитать, расчёт",
    r"(?<![А-ЯЁа-яё])МП(?![А-ЯЁа-яё])": "очки сравнения",
    r"(?<![а-яё])к полю": "сверх среднего",
    r"ходить в масть": "давать в масть (the Code 3.6.7)",
    r"(?<![а-яё])ёлка": "ёлочка (the Code 3.3.19)",
    r"(?<![а-яё])ростов(?![а-яё])": "ростовская (the Code 3.7.2.2)",
    r"(?<![а-яё])Событие": "Турнир",
    r"выведены в поток ошибок": "where the reader looks (a web page has no standard error)",
    r"латинская T": "the ten is 10 beside Т the ace",
    r"вернёт последнюю": "«вернуть» is redo: отмена снимет",
    r"старшие первыми": "самые ранние первыми",
}


@pytest.mark.parametrize("pattern", sorted(NOT_SAID))
def test_no_russian_message_says_what_a_player_does_not(pattern: str) -> None:
    found = [f"{en[:60]!r} → {ru[:140]!r}" for en, ru in _russian() if re.search(pattern, ru)]
    assert not found, f"say {NOT_SAID[pattern]}:\n" + "\n".join(found)


# ---- the command line's help ------------------------------------------------------------------

def _commands() -> list[tuple[list[str], click.Command]]:
    ctx = click.Context(main)
    found: list[tuple[list[str], click.Command]] = []

    def walk(command: click.Command, path: list[str]) -> None:
        found.append((path, command))
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name])

    walk(main, [])
    return found


def test_every_option_and_argument_has_a_placeholder_the_catalog_translates() -> None:
    """No click type's own metavar (INTEGER RANGE, TEXT, PATH) in help: every option taking a value
    that is not a choice, and every argument, names its placeholder, and the catalog says it in Russian."""
    translated = dict(_russian())
    missing = []
    for path, command in _commands():
        for param in command.params:
            if isinstance(param, click.Option) and (param.is_flag or param.count or isinstance(param.type, click.Choice)):
                continue
            if param.metavar is None or not translated.get(param.metavar):
                missing.append(f"preflog {' '.join(path)} {param.name}: {param.metavar!r}")
    assert not missing, "\n".join(missing)


ENGLISH_PLACEHOLDERS = re.compile(r"\b(?:INTEGER|TEXT|RANGE|FLOAT|PATH|FILENAME|FILES?|EVENT|HAND|NAMES?|DATE|ADDRESS|"
                                  r"CARDS|SEED|SCALE|ALIAS|PLAYER|OPTIONS|COMMAND|ARGS|Usage|Options|Show this)\b")


@pytest.mark.parametrize("path", [p for p, _c in _commands()], ids=lambda p: " ".join(p) or "preflog")
def test_every_verb_s_russian_help_is_russian(path: list[str]) -> None:
    """``preflog VERB --help`` with ``--lang ru``: click's words (Usage, Options, Show this message)
    and every placeholder in Russian; the odds' hands, the fmt's words and the examples in the forms
    the reader takes in Russian (ТКВ9.КД8.Т7.Д), no contract in Latin notation outside the two that
    name the notation's words."""
    result = CliRunner().invoke(main, ["--lang", "ru", *path, "--help"])
    assert result.exit_code == 0, result.output
    text = result.output
    assert text.startswith("Использование:") and "Параметры:" in text and "Показать эту справку и выйти." in text
    assert not ENGLISH_PLACEHOLDERS.findall(text), ENGLISH_PLACEHOLDERS.findall(text)
    assert "AKJ9" not in text and "латинская" not in text
    if path != ["fmt"]:
        assert not LATIN_CONTRACT.search(text), LATIN_CONTRACT.search(text)


# ---- the reader's messages --------------------------------------------------------------------

def test_the_reader_s_expected_words_are_those_a_russian_player_types() -> None:
    """«ожидается заявка, 'пас', 'здесь', 'мизер', 'dark' (заявка втёмную)…»: the words the reader
    takes in Russian, and the notation's own keywords said with what they mean; never 'pass', 'mis'."""
    text = '[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids Boris Ks pass\n'
    with using_language("ru"):
        message = _first_error(text)
    assert "'пас'" in message and "'мизер'" in message and "'здесь'" in message, message
    assert "'dark' (заявка втёмную)" in message and "'Игрок:' (имя с двоеточием)" in message, message
    assert not re.search(r"'(?:pass|mis|here|Player:)'", message), message


def _first_error(text: str) -> str:
    from preflog.notation.errors import NotationError

    try:
        preflog.loads(text)
    except NotationError as exc:
        return str(exc)
    raise AssertionError("the text read without an error")


def test_a_bid_hint_and_an_all_pass_hint_are_in_the_russian_forms() -> None:
    with using_language("ru"):
        card = _first_error('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids Ks pass pass\n')
        all_pass = _first_error('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s распасы\n')
    assert "'6п', '7БК'" in card and "'6s'" not in card, card
    assert "'bids распасы'" in all_pass and "pass pass pass" not in all_pass, all_pass


# ---- replays and the analysis -----------------------------------------------------------------

def _replay(text: str, lang: str = "ru") -> str:
    lines: list[str] = []
    with using_language(lang):
        walk(preflog.loads(text), TextReplay(Renderer(unicode=True), lines.append))
    return "\n".join(lines)


def test_the_gusarik_replay_names_the_dummy_by_its_word() -> None:
    """«болван ходит 7♠», «болван 0»: never «Dummy» in a Russian replay (and «Dummy» in English)."""
    text = (ROOT / "samples" / "gusarik.pref").read_text(encoding="utf-8")
    russian = _replay(text)
    assert "Dummy" not in russian and "болван ходит 7♠" in russian and "болван 0" in russian
    assert "Dummy leads 7♠" in _replay(text, "en")


def test_a_half_whist_after_a_pass_is_not_said_of_both_defenders() -> None:
    """One defender passed, the other said half-whist: «Оля: полвиста после паса», not «оба вистующих:
    полвиста»."""
    text = ('[Players "Аня Лёва Оля"]\n[Rules "sochi"]\n\ndeal 1 dealer Аня\nbids 6s pass pass\n'
            'contract 6s\nwhist pass half pass\n')
    russian, english = _replay(text), _replay(text, "en")
    assert "оба вистующих" not in russian and "Аня: полвиста после паса; 6♠ засчитывается без розыгрыша" in russian, russian
    assert "both defenders" not in english and "Аня went half-whist after a pass" in english, english


def test_every_rule_value_is_said_in_words() -> None:
    """«Прогрессия на распасах: геометрическая (1, 2, 4…)», never «geometric»: each value an option
    takes is said in Russian (numbers as written)."""
    from preflog.game.conventions import OPTIONS

    with using_language("ru"):
        for option, (_field, _parse, accepted) in OPTIONS.items():
            for value in accepted if isinstance(accepted, tuple) else ("yes", "no"):
                said = words.tag_value(f"Rule.{option}", value)
                assert said != value and re.search(r"[а-яё]", said), (option, value, said)
        assert words.tag_value("Rule.AllPassProgression", "geometric").startswith("геометрическая")
    with using_language("en"):
        assert words.tag_value("Rule.AllPassProgression", "geometric") == "geometric"


def test_the_conventions_and_the_event_tag_are_the_code_s_words() -> None:
    with using_language("ru"):
        assert words.convention("rostov") == "ростовская" and words.tag("Event") == "Турнир"
        assert words.tag("Site") == "Место игры"


def test_the_analysis_never_writes_a_cyrillic_ace_beside_a_latin_ten() -> None:
    """The comments analyse writes into the game spell its cards as its lines do (``Ac Th``): a Russian
    «Т♣» (the ace) on a line whose ``Tc`` is the ten would read as the ten."""
    from preflog.analysis.annotate import analyse, annotate

    text = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8").split('\n\n[Event "A problem')[0] + "\n"
    game = preflog.loads(text)
    with using_language("ru"):
        written = preflog.dumps(annotate(game, analyse(game)))
    lines = [line for line in written.splitlines() if "dd:" in line and "лучше" in line]
    assert lines
    for line in lines:
        assert not re.search(r"[ТКДВ][♠♣♦♥]", line), line


# ---- the Russian docs -------------------------------------------------------------------------

def _prose(path: object) -> str:
    """A Russian doc's prose: without its code blocks and `code` (the notation quoted as typed)."""
    text = re.sub(r"```.*?```", "", (ROOT / "docs" / str(path)).read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


RUSSIAN_DOCS = sorted(p.name for p in (ROOT / "docs").glob("*.ru.md"))


@pytest.mark.parametrize("name", RUSSIAN_DOCS)
def test_the_russian_docs_say_what_a_player_says(name: str) -> None:
    """The docs in Russian say the Code's terms, as the catalog does: no «решатель», «МП», «к полю»,
    «ёлка», «ростов», «Dummy» in prose, no-trump as БК, no contract in the notation's Latin outside code."""
    prose = _prose(name)
    found = [f"{NOT_SAID[p]}: …{prose[max(0, m.start() - 40):m.end() + 20]!r}…"
             for p in NOT_SAID for m in re.finditer(p, prose)]
    found += [m.group() for m in re.finditer(r"(?<![а-яё])бк(?![а-яё])|" + LATIN_CONTRACT.pattern, prose)]
    assert not found, "\n".join(found)


def test_serve_ru_names_the_pages_and_the_short_form_the_interface_has() -> None:
    """docs/serve.ru.md calls the page at /join by the title the interface gives it, and shows the
    scorer's short form as the Russian page's keys type it (Лёва 7п вист пас 8), not the notation's."""
    text = (ROOT / "docs" / "serve.ru.md").read_text(encoding="utf-8")
    with using_language("ru"):
        join = preflog.i18n._("Join from a phone")
    assert f"**{join}** (`/join`" in text
    assert not re.search(r"`\w+ (?:[6-9]|10)[scdh] [wphoc]{1,4} \d+`", text)
    assert "`Лёва 7п вист пас 8`" in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_stats_page_says_where_its_left_out_errors_are_found(lang: str, tmp_path: object) -> None:
    """A web page has no standard error: the stats page's summary says the games left out, not where
    their errors went (the text report, printed beside its errors, still says standard error)."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "bad.pref").write_text('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Boris\nresult Anna 11\n',
                                     encoding="utf-8")
    result = CliRunner().invoke(main, ["--lang", lang, "stats", str(folder), "--format", "html"])
    assert result.exit_code == 1
    page = result.stdout
    left_out = "не учтены из-за ошибок: 1 пулька" if lang == "ru" else "left out: 1 game"
    assert left_out in page and not re.search(r"stderr|standard error|поток ошибок", page), page[:2000]


def test_click_s_number_messages_name_the_number_in_russian() -> None:
    """«'x' — не целое число из допустимого диапазона», not click's «integer range» left in English."""
    result = CliRunner().invoke(main, ["--lang", "ru", "generate", "--deals", "x"])
    assert result.exit_code == 2 and "'x' — не целое число из допустимого диапазона." in result.output, result.output
    assert not re.search(r"integer|range|float", result.output), result.output
    english = CliRunner().invoke(main, ["--lang", "en", "generate", "--deals", "x"])
    assert "'x' is not a valid integer range." in english.output
