"""Russian, end to end: the catalog is complete and compiled, the language is chosen as documented,
plural forms follow Russian rules, and every verb says nothing in English prose with ``--lang ru``."""

from __future__ import annotations

import ast
import os
import shutil
import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

import preflog
from preflog.cli import cli as main
from preflog.i18n import LOCALE_DIR, count, from_environment, ngettext, using_language
from preflog.notation.vocabulary import STATEMENT_ORDER

from .conftest import ROOT, SAMPLES

PO = LOCALE_DIR / "ru" / "LC_MESSAGES" / "preflog.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "count": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*|)(?:![rsa])?(?::[^{}]*)?\}")


def _catalog():  # type: ignore[no-untyped-def]
    with PO.open("rb") as fp:
        return read_po(fp, locale="ru")


def _extracted() -> set[tuple[str | None, str]]:
    """Every message marked in the source, as ``pybabel extract`` finds it (docs/translating.md)."""
    found = set()
    for folder in (ROOT / "preflog", ROOT / "cli"):
        for _file, _line, message, _comments, context in extract_from_dir(
                folder, method_map=[("**.py", "python"), ("**.js", "javascript"), ("**/templates/**.html", "jinja2")], keywords=KEYWORDS):
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


def test_every_marked_message_is_in_the_catalog_translated_and_not_fuzzy() -> None:
    catalog = _catalog()
    held = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    missing = sorted(str(k) for k in _extracted() - set(held))
    assert not missing, f"not in the catalog (pybabel extract, update): {missing[:10]}"
    for key, m in held.items():
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strings), f"no Russian for {key}"
        assert "fuzzy" not in m.flags, f"fuzzy: {key}"
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set(PLACEHOLDER.findall(ids[0])) | set(PLACEHOLDER.findall(ids[-1]))
        said = set()
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) <= wanted, f"{key}: a placeholder the source lacks in {s!r}"
            said |= set(PLACEHOLDER.findall(s))
        # a plural's forms carry the plural's placeholders (test_every_plural_form_holds_every_placeholder);
        # the singular's may be the same value under another name (click's {possibility}, {possibilities})
        needed = set(PLACEHOLDER.findall(ids[-1])) if len(ids) > 1 else wanted
        assert needed <= said, f"{key}: the translation {strings!r} lacks {needed - said}"


def test_every_literal_said_through_gettext_is_in_the_catalog() -> None:
    """Read off the source itself, not through Babel's extraction: a literal in ``_()`` that the
    extraction cannot see (inside an f-string's braces, say) would be said in English for ever."""
    held = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog() if m.id}
    lost = []
    for path in [*(ROOT / "preflog").rglob("*.py"), *(ROOT / "cli").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"_", "N_", "ngettext", "count"} \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                if node.args[0].value not in held:
                    lost.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[0].value!r}")
    assert not lost, "\n".join(lost)


def test_the_compiled_catalog_is_the_po_compiled() -> None:
    """``pybabel compile`` was run after the last edit of the .po: the shipped .mo says the same."""
    buffer = io.BytesIO()
    write_mo(buffer, _catalog())
    fresh = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    with MO.open("rb") as fp:
        shipped = gettext.GNUTranslations(fp)
    # the header names the Babel that compiled it, which a newer Babel on CI must not fail
    messages = [{k: v for k, v in t._catalog.items() if k != ""} for t in (fresh, shipped)]  # type: ignore[attr-defined]
    assert messages[0] == messages[1]


#: Strings of the source that no person reads as prose: markup, the notation preflog writes, the
#: parser's build stamp, errors of a program misusing the library (Python's own words are English).
NOT_PROSE = re.compile(r"^\s*<|=\"|^\"|^\s*(deal|contract|result|penalty|sheet) \{|lark \{|sha256|default-src|img-src|"
                       r"^pass pass pass$|^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|WHERE|ORDER BY)\b|\bIN \(SELECT\b|"  # SQL
                       r"\\(?:begin|node|usepackage)\b|\[yshift=|^\] \(\w+\) at |"  # TeX (a diagram's TikZ)
                       r"^[a-z]+/[\w.+-]+; charset=|"
                       r"^\s*[a-z][\w.:#, ()-]*\{[a-z-]+:")  # a style sheet
_PROGRAMMER_ERRORS = {"TypeError", "AttributeError", "AssertionError", "RuntimeError", "NotImplementedError", "IndexError"}


def _unmarked(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # docstrings, attribute docstrings
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, (ast.Constant, ast.JoinedStr)):
                    skip.update(id(n) for n in ast.walk(statement.value))
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in {"_", "N_", "ngettext", "count", "pgettext", "compile", "fullmatch", "match", "search", "sub"}:
                skip.update(id(n) for a in node.args for n in ast.walk(a))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                getattr(node.exc.func, "id", None) in _PROGRAMMER_ERRORS:
            skip.update(id(n) for n in ast.walk(node.exc))
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, (ast.Constant, ast.JoinedStr)):
            continue
        text = node.value if isinstance(node, ast.Constant) else "".join(
            v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        if not isinstance(text, str) or NOT_PROSE.search(text):
            continue
        if len(re.findall(r"\b[a-z]{2,}\b", text)) >= 3 and " " in text:  # three English words: a sentence
            out.append((node.lineno, text))
    return out


def test_no_sentence_in_the_source_is_left_unmarked() -> None:
    """Every sentence a person reads goes through gettext: a string of three or more words outside
    ``_()``, ``N_()``, ``ngettext()`` and ``count()`` is one that was forgotten."""
    files = [p for p in sorted((ROOT / "preflog").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))
             if p.name != "write.py"]  # notation/write.py writes the notation, which is not translated
    found = [f"{p.relative_to(ROOT)}:{line}: {text!r}" for p in files for line, text in _unmarked(p)]
    assert not found, "\n".join(found)


# ---- choosing the language ------------------------------------------------------------------------

@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "C"}, "en"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, "ru"),
    ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LANGUAGE": "de:ru", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LANGUAGE": "", "LANG": "ru_RU"}, "ru"),
    ({"PREFLOG_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"PREFLOG_LANG": "ru", "LANGUAGE": "en"}, "ru"),
    ({"PREFLOG_LANG": "fr", "LANG": "ru_RU.UTF-8"}, "ru"),
])
def test_the_language_comes_from_preflog_lang_then_gettexts_order(environ: dict[str, str], expected: str) -> None:
    assert from_environment(environ) == expected


def test_lang_beats_the_environment_and_the_machine_parts_stay(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pref"
    bad.write_text('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s 6s\n', encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "PREFLOG_LANG": "en"}
    run = subprocess.run([sys.executable, "-m", "preflog.cli", "--lang", "ru", "check", str(bad)], cwd=ROOT,
                         capture_output=True, text=True, env=env)
    assert run.returncode == 1
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"{bad}:4:9: ошибка: ") and "[A202: " in first and "Кодекс 3.3.7]" in first
    english = subprocess.run([sys.executable, "-m", "preflog.cli", "check", str(bad)], cwd=ROOT,
                             capture_output=True, text=True, env=env)
    assert english.stderr.splitlines()[0].startswith(f"{bad}:4:9: error: ")
    json_ru = subprocess.run([sys.executable, "-m", "preflog.cli", "check", "--json", str(bad)], cwd=ROOT,
                             capture_output=True, text=True, env={**env, "PREFLOG_LANG": "ru"})
    assert '"code": "A202"' in json_ru.stdout and '"line": 4' in json_ru.stdout


def test_the_library_takes_lang_and_a_process_wide_default() -> None:
    game = preflog.loads('[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s 6s\n')
    v = preflog.check(game)[0]
    assert preflog.check(game, lang="ru")[0] == v  # a value: the words are said where it is read
    english = preflog.message(v)
    with preflog.using_language("ru"):
        russian = preflog.message(v)
    assert english.startswith("6s is not higher than 6s [A202: each bid must be higher than the last, Code 3.3.7]")
    assert russian == "6♠ не выше 6♠ [A202: каждая заявка должна быть выше предыдущей, Кодекс 3.3.7]"
    preflog.set_language("ru")
    assert preflog.rule(v) == "каждая заявка должна быть выше предыдущей"
    with preflog.using_language("en"):
        assert preflog.rule(v) == "each bid must be higher than the last"


@pytest.mark.parametrize(("n", "word"), [(0, "взяток"), (1, "взятка"), (2, "взятки"), (4, "взятки"), (5, "взяток"),
                                         (11, "взяток"), (12, "взяток"), (21, "взятка"), (22, "взятки"),
                                         (25, "взяток"), (101, "взятка"), (111, "взяток")])
def test_russian_plurals_have_three_forms(n: int, word: str) -> None:
    with using_language("ru"):
        assert count("{n} trick", "{n} tricks", n) == f"{n} {word}"
        assert ngettext("{n} deal", "{n} deals", n).format(n=n).startswith(f"{n} сдач")


# ---- every verb, in Russian -----------------------------------------------------------------------

#: English words that never occur in a Russian message (names, notation and file text excepted).
ENGLISH = re.compile(r"\b(the|and|of|to|is|are|not|with|for|from|after|before|must|has|have|cannot|this|that|"
                     r"deal|deals|trick|tricks|player|players|whist|whists|pool|mountain|error|hint|expected|"
                     r"game|games|talon|contract|auction|usage|options|show|print|write|read|file|files)\b",
                     re.IGNORECASE)


def _english_prose(output: str, inputs: str) -> list[str]:
    """The lines of ``output`` holding English words that are not in ``inputs`` (a quoted line of the
    file, a name, a comment the file holds are the user's own text)."""
    allowed = {w.lower() for w in re.findall(r"[A-Za-z]+", inputs)} | set(STATEMENT_ORDER) | {"deal", "dealer"}
    tags = r"\b(Pool|Rules|Players|Result|Sheet|WhistPrice|Event|Date|Aliases|Rule\.\w+)\b"
    out = []
    for line in output.splitlines():
        line = re.sub(r"^(deal \d+|\S+):\d+:\d+:", "", line)  # the place: the machine's part
        text = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\[\w+ [^\]]*\]|--?[\w-]+|\b[A-Z_]{2,}\b|" + tags, "", line)
        words = [w for w in ENGLISH.findall(text) if w.lower() not in allowed]
        if words:
            out.append(line)
    return out


BAD_INPUTS = {
    "misplayed.pref": '[Players "Anna Boris Vera"]\n[Rules "sochi"]\n\ndeal 1 dealer Anna\n'
                      "hands Boris: QJT.J.AJT.KQJ Vera: K9.AKQ9.Q97.T Anna: 87.T87.K8.A87\ntalon As 9h\n"
                      "bids 6s pass pass\ndiscard Ts Td\ncontract 6s\nwhist pass whist\n"
                      "play Qs Ks 7c | 9s 8s Js\nresult Boris 8\n\ndeal 2 dealer Anna\nbids pass pass pass\n"
                      "result Anna 4 Boris 3 Vera 4\n",
    "typo.pref": '[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s pаss 6D\ncontract 7h\n',
    "syntax.pref": '[Players "Anna Boris Vera"\n\ndeal one\ntalon 7s 8s 9s\nplay Kx |\n',
    "sheet.pref": '[Players "Anna Boris Vera"]\n[Pool "10"]\n\ndeal 1 dealer Anna\nbids 6s pass pass\n'
                  "contract 6s\nwhist pass pass\nsheet Anna pool 4\n",
}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("ru")
    for name, text in BAD_INPUTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [*SAMPLES, *sorted(folder.glob("*.pref"))]


VERBS = [("parse",), ("check",), ("check", "--all"), ("score", "--ledger"), ("score", "--format", "svg"),
         ("replay", "--no-interactive"), ("fmt", "--check"), ("analyse",), ("convert", "--to", "json")]


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_every_verb_speaks_russian_on_samples_and_bad_inputs(verb: tuple[str, ...], inputs: list[Path]) -> None:
    found = []
    for path in inputs:
        if verb[0] == "analyse" and path.stat().st_size > 20_000:
            continue  # the solver's time, not its words
        result = CliRunner().invoke(main, ["--lang", "ru", *verb, str(path)])
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.output
        text = result.stderr if verb[0] in ("analyse", "convert", "fmt") else result.stdout + result.stderr
        if verb[0] == "score" and "svg" in verb:
            text = " ".join(re.findall(r"<title>([^<]*)</title>|aria-label=\"([^\"]*)\"", text).__str__())
        found += [f"{path.name}: {line}" for line in _english_prose(text, path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("verb", ["", "parse", "check", "fmt", "convert", "replay", "render", "analyse",
                                  "generate", "score", "record"])
def test_every_help_speaks_russian(verb: str) -> None:
    result = CliRunner().invoke(main, ["--lang", "ru", *([verb] if verb else []), "--help"])
    assert result.exit_code == 0
    assert "Использование:" in result.stdout and "Параметры:" in result.stdout
    body = "\n".join(line for line in result.stdout.splitlines() if not line.lstrip().startswith("preflog "))
    assert not _english_prose(body, "Anna Boris Vera friday saturday game samples pref json svg html"), body


def test_clicks_own_words_speak_russian() -> None:
    result = CliRunner().invoke(main, ["--lang", "ru", "check", "--bogus", "x"])
    assert result.exit_code == 2
    assert "Нет такого параметра '--bogus'" in result.stderr


def test_the_page_speaks_russian(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["--lang", "ru", "render", str(SAMPLES[0]), "-o", str(out)])
    assert result.exit_code in (0, 1)
    html = out.read_text(encoding="utf-8")
    assert '<html lang="ru">' in html and ">Торговля<" in html and 'title="следующая сдача (n)"' in html
    assert '"lang":"ru"' in html and '"{n} trick":["{n} взятка","{n} взятки","{n} взяток"]' in html
    english = preflog.present.replay_html.page(preflog.loads_all(SAMPLES[0].read_text(encoding="utf-8")), lang="en")
    assert '<html lang="en">' in english and ">Auction<" in english and '"tr":{}' in english


def test_shell_completion_describes_verbs_in_russian() -> None:
    env = {"PATH": "/usr/bin:/bin", "_PREFLOG_COMPLETE": "zsh_complete", "COMP_WORDS": "preflog ", "COMP_CWORD": "1",
           "PREFLOG_LANG": "ru"}
    run = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()"], cwd=ROOT,
                         capture_output=True, text=True, env=env)
    assert "check" in run.stdout and "Проверить ФАЙЛЫ" in run.stdout, run.stdout + run.stderr
    english = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()"], cwd=ROOT,
                             capture_output=True, text=True, env={**env, "PREFLOG_LANG": "en"})
    assert "Check FILES" in english.stdout
    values = subprocess.run([sys.executable, "-c", "from preflog.cli import main; main()"], cwd=ROOT,
                            capture_output=True, text=True,
                            env={**env, "COMP_WORDS": "preflog --lang ", "COMP_CWORD": "2"})
    assert "en" in values.stdout.split() and "ru" in values.stdout.split()


def test_the_recorder_speaks_russian(tmp_path: Path) -> None:
    file = tmp_path / "friday.pref"
    typed = "Boris 7п вп 8\nпас 4 3 3\nотмена\nпомощь\nVera 6z pp\n"
    result = CliRunner().invoke(main, ["--lang", "ru", "record", str(file), "--players", "Anna Boris Vera",
                                       "--pool", "10"], input=typed)
    err = result.stderr
    assert "запись в" in err and "сдача 2 отменена" in err and "Наберите сдачу в краткой форме" in err
    assert not _english_prose(err, typed + " Anna Boris Vera friday pref Date"), err


#: Every row of the glossary (docs/glossary.md) by its English term: the stem every Russian message
#: saying the term holds (the stems take in the cases: взятка, взятки, взяток), or ``None`` for a
#: word English also uses in another sense (``pass`` the verb, ``play`` the verb), which the test
#: cannot tell apart. A row added to the glossary fails the test until it is decided here.
GLOSSARY_STEMS: dict[str, str | None] = {
    "deal": None, "dealer": "сдающ|сда[её]т", "eldest hand": "перв", "auction": "торгов", "bid": None, "hand bid": None,
    "pass": None, "here": None, "dark": None, "talon": "прикуп", "discard": None, "contract": None,
    "declarer": "играющ", "defender": "вистующ", "whist": "вист", "half-whist": "полвист",
    "full liability": "ответствен", "half liability": "полуответствен", "greedy whist": "жлобск",
    "gentleman whist": "джентльменск", "open": None, "closed": None, "misère": "мизер", "all-pass": "распас",
    "amnesty": "амнист", "trick": "взят", "trump": "козыр", "suit": None, "follow suit": "в масть", "void": None,
    "revoke": "фальшренонс", "claim": "показ", "play": None, "layout": "расклад", "solve": "просчит|расч[её]т",
    "double dummy": "открыт",
    "game": None, "pulka": "пульк", "pool": "пул", "mountain": "гор", "whists": None, "to the pool": "в пулю",
    "to the mountain": "в гору", "help": None, "failed": None, "undertrick": None, "consolation": "консоляц",
    "settlement": "расчёт", "scorer": "записывающ", "scorer's token": "пароль", "penalty": "штраф",
    "convention": "разновидност", "sochi": None, "leningrad": None, "rostov": None, "classic": None,
    "gusarik": "гусарик", "dummy": "болван", "bomb": "бомб", "razboynik": "разбойник",
    "compulsory game": "обязательн", "unresponsible game": "неответствен", "totus": "тотус",
    "tour": "тур", "lot": "жреби", "Swiss": "швейцар", "duplicate": "дубликат", "board": "раздач",
    "hand record": r"запис\w* раздач", "movement": r"схем\w* движени", "traveller": "протокол", "protocol": "протокол",
    "standings": "таблиц", "over the field": "сверх средн", "matchpoints": r"очк\w* сравнени", "bye": "пропуск",
}


def _glossary() -> list[tuple[str, str, str]]:
    """The glossary's rows: (English, Russian, note)."""
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| [^|]*\| ([^|]*)\|$",
                      (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8"), re.M)
    return [(en, ru, note) for en, ru, note in rows if en not in ("English", "---")]


def _prose(text: str) -> str:
    """A message without what is not prose: notation and options quoted, placeholders, lists of
    notation keywords."""
    return re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\{[^{}]*\}|\[[^\]]*\]|--[\w-]+|\([^()]*,[^()]*,[^()]*\)|"
                  r"\((?:write|contract|e\.g\.)[^)]*\)", "", text)


def test_every_glossary_term_is_decided_and_its_stem_is_the_glossarys() -> None:
    rows = _glossary()
    assert len(rows) > 40
    assert {en for en, _ru, _note in rows} == set(GLOSSARY_STEMS)
    for en, ru, _note in rows:
        stem = GLOSSARY_STEMS[en]
        assert stem is None or re.match(stem, ru.lower()) or stem in ru.lower(), f"{en}: {stem!r} is not {ru!r}"


def test_the_catalog_says_each_term_as_the_glossary_does() -> None:
    """English to Russian: a message whose English says a term of the glossary says its Russian."""
    wrong = []
    checked = {en: stem for en, stem in GLOSSARY_STEMS.items() if stem is not None}
    for m in _catalog():
        if not m.id or m.context:
            continue
        source = re.sub(r"double-dummy", "double dummy", _prose(m.id if isinstance(m.id, str) else m.id[0]))
        said = " ".join([m.string] if isinstance(m.string, str) else m.string).lower()
        for term, stem in checked.items():
            own = source  # without the longer terms that hold this one ("double dummy" holds "dummy")
            for longer in GLOSSARY_STEMS:
                if term in longer and term != longer:
                    own = re.sub(re.escape(longer), " ", own, flags=re.I)
            if re.search(rf"(?<![\w'-]){re.escape(term)}(?![\w-])", own, re.I) and not re.search(stem, said):
                wrong.append(f"{term} → {stem}: {source[:70]!r} → {said[:70]!r}")
    assert not wrong, "\n".join(wrong)


def test_the_catalog_never_says_what_the_glossary_rejects() -> None:
    """Russian to the glossary: no Russian message says a word the glossary's notes reject («never
    «защита»», «never «жетон»»…), in any case (the stem without its ending)."""
    rejected = {word for _en, _ru, note in _glossary() for word in re.findall(r"never «([^»]+)»", note)}
    assert {"защита", "жетон", "конвенция", "двойной болван", "заявка об окончании", "партия"} <= rejected
    stems = {word: re.compile(r"(?<![\w-])" + r"\s+".join(w[:-1] if len(w) > 4 else w for w in word.split()) +
                              (r"\w*" if len(word) > 4 else r"(?![\w-])"), re.I) for word in rejected}
    found = []
    for m in _catalog():
        if m.id:
            said = _prose(" ".join([m.string] if isinstance(m.string, str) else m.string))
            found += [f"{word}: {m.string!r}" for word, stem in stems.items() if stem.search(said)]
    assert not found, "\n".join(found[:30])


def test_the_servers_templates_say_every_word_through_gettext() -> None:
    """preflog serve's pages: outside ``{{ _(…) }}`` a template holds markup and the name preflog only,
    in its text and in the attributes a person reads (title, aria-label, placeholder, alt)."""
    left = {}
    for path in sorted((ROOT / "preflog" / "serve" / "templates").glob("*.html")):
        text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", path.read_text(encoding="utf-8"), flags=re.S)
        read = re.findall(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', text)
        read += re.findall(r">([^<]*)<", text)
        words = [w for w in re.findall(r"\b[A-Za-z]{2,}\b", " ".join(read)) if w != "preflog"]
        if words:
            left[path.name] = words
    assert left == {}


# ---- counts: every number next to a noun goes through ngettext (issue 41) -------------------------

#: Countable nouns of preflog's English messages, singular or plural.
_NOUNS = ("tricks?|whists?|deals?|cards?|games?|players?|values?|points?|times?|steps?|undertricks?|layouts?|"
          "samples?|errors?|files?|lines?|bombs?|discards?|contracts?|bids?|calls?|seconds?|minutes?|hours?|days?|"
          "violations?|warnings?|entries|entry|columns?|rows?|characters?|bytes?|digits?|elements?|levels?|"
          "process(?:es)?|workers?|jobs?|cores?|hands?|suits?|rounds?|pulkas?|pools?|misères?|passes|defenders?|"
          "mistakes?|slips?|fix(?:es)?|results?|partners?|games?|months?|weeks?|years?|positions?|nodes?")
#: A placeholder followed by such a noun: ``{count} deals``, ``{tricks:.2f} tricks``.
_COUNTED = re.compile(r"\{([A-Za-z_]\w*)(?:[!:][^{}]*)?\}\s+(" + _NOUNS + r")\b")
#: Placeholders that hold a person or a word, never a number (``{player} deals`` is a verb).
_NOT_NUMBERS = {"player", "dealer", "declarer", "expected", "name", "who", "whisters", "word", "soloist_word",
                "game_name", "rank", "what", "seats2", "bomb", "previous", "p", "winner", "partner", "helped", "result_text",
                "shares"}  # shares: "Anna 3, Boris 4", each player's tricks
#: click's own messages, which click says through plain gettext: their Russian says the number last.
_CLICKS = ROOT / "cli" / "click_words.py"
#: Russian nouns that must not follow a number outside a plural entry.
_RUSSIAN_NOUNS = re.compile(r"\{[A-Za-z_]\w*(?:[!:][^{}]*)?\}(?:-?[а-я]{1,2})?\s+(взят|вист|сдач|карт|игрок|пул[ьяеи]|"
                            r"гор[аыу]|очк|раз[а]?\b|цифр|символ|байт|расклад|ход|секунд|минут|ошиб|рук[иа]?\b|бомб|"
                            r"контракт|партнёр|значени|строк|файл|процесс|мизер)", re.I)


def test_no_count_is_formatted_next_to_a_noun_outside_ngettext() -> None:
    """``_("{n} tricks")`` says «5 взятки» in Russian: a number beside a noun needs ngettext's three
    forms, or words that put no noun after it («висты: 4»)."""
    found = []
    for path in [*sorted((ROOT / "preflog").rglob("*.py")), *sorted((ROOT / "cli").rglob("*.py"))]:
        if path == _CLICKS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            name = getattr(name, "id", None) or getattr(name, "attr", None)
            if not isinstance(node, ast.Call) or name not in {"_", "N_", "pgettext"}:
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            for m in _COUNTED.finditer(texts[-1] if texts else ""):
                if m.group(1) not in _NOT_NUMBERS:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {m.group(0)!r}")
    assert not found, "\n".join(found)


def test_no_russian_message_puts_a_noun_after_a_number_outside_a_plural_entry() -> None:
    """The same test on the Russian side, which also holds the messages of click and the catalog's
    words said in other ways: outside a plural entry no noun follows a placeholder that holds a number."""
    found = []
    for m in _catalog():
        if m.id and isinstance(m.id, str) and isinstance(m.string, str):
            for hit in _RUSSIAN_NOUNS.finditer(m.string):
                name = re.match(r"\{([A-Za-z_]\w*)", hit.group(0))
                if name and name.group(1) not in _NOT_NUMBERS:
                    found.append(f"{m.id!r}: {hit.group(0)!r}")
    assert not found, "\n".join(found)


def test_every_plural_form_holds_every_placeholder() -> None:
    """Russian's first form serves 1, 21, 31…: it cannot write «одна взятка» for a number it does not
    show; every form carries the number and every other placeholder of the English."""
    for m in _catalog():
        if m.id and not isinstance(m.id, str):
            wanted = set(PLACEHOLDER.findall(m.id[1]))
            for form in m.string:
                assert set(PLACEHOLDER.findall(form)) >= wanted - {""}, f"{m.id[0]!r}: {form!r} lacks {wanted}"


def test_msgfmt_checks_the_catalog() -> None:
    """GNU gettext's own check of the catalog (formats of python-brace-format entries, plural forms,
    the header): CI installs gettext from Debian, a developer's machine may lack it."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        if os.environ.get("CI"):
            pytest.fail("msgfmt is not installed: .ci/run installs Debian's gettext")
        pytest.skip("GNU gettext's msgfmt is not installed (apt-get install gettext)")
    run = subprocess.run([msgfmt, "--check", "-o", os.devnull, str(PO)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "warning" not in run.stderr, run.stderr


# ---- names stand in the nominative, with nothing agreeing with them (issue 41) --------------------

#: Names of both genders, one a column: Аня and Оля are women, Лёва and Миша men.
CYRILLIC = ("Аня", "Лёва", "Оля", "Миша")
_NAME = "(?:" + "|".join(CYRILLIC) + ")"
#: A name that would need a case: after a preposition, or after a noun it belongs to.
#: (Lower case only: К, В, Д, Т before a name are the ranks of a hand's last card.)
_CASED = re.compile(rf"(?<![\w-])(?:на|от|для|у|с|со|к|ко|о|об|по|без|после|до|при|за|над|под|из|перед|"
                    rf"рука|руке|руки|руку|карты|карт|ход|очередь|висты|вистов|место|вместо)[ \t]+{_NAME}(?![\w-])")
#: A name with a word agreeing with its gender: a past-tense verb (сказал, взяла), должен, обязан, сам.
_AGREEING = re.compile(rf"(?<![\w-]){_NAME}[ \t]+(?:не[ \t]+)?(?:[а-яё]+(?:л|ла|ло|лся|лась)|должен|должна|обязан|"
                       rf"обязана|сам|сама|один|одна|прав|права)(?![\w-])", re.I)


def _with_cyrillic_names(text: str) -> str:
    """``text`` with its players renamed Аня, Лёва, Оля, Миша in seating order (every whole word)."""
    players = re.search(r'\[Players "([^"]*)"\]', text)
    if players is None:
        return text
    for old, new in zip(players.group(1).split(), CYRILLIC):
        text = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", new, text)
    return text


CYRILLIC_VERBS = [("check", "--all"), ("score", "--ledger"), ("replay", "--no-interactive"), ("stats",),
                  ("render", "-o", "-")]


@pytest.mark.parametrize("verb", CYRILLIC_VERBS, ids=" ".join)
def test_names_of_both_genders_need_no_case_and_nothing_agrees_with_them(verb: tuple[str, ...], inputs: list[Path],
                                                                          tmp_path: Path) -> None:
    """Every verb over the samples and the bad inputs, the players renamed Аня, Лёва, Оля and Миша: no
    «на Аня», «от Лёва», «рука Оля», no «Аня сказал», «Миша должна»."""
    found = []
    for path in inputs:
        renamed = tmp_path / path.name
        renamed.write_text(_with_cyrillic_names(path.read_text(encoding="utf-8")), encoding="utf-8")
        result = CliRunner().invoke(main, ["--lang", "ru", *verb, str(renamed)])
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.output
        said = re.sub(r"<[^>]*>", "\n", result.stdout + result.stderr)  # a page's text, not its markup
        said = re.sub(r"\{[^{}]*\}", " ", said)  # the file's own comments, quoted back
        found += [f"{path.name}: …{m.string[max(0, m.start() - 40):m.end() + 20]}…".replace("\n", " ")
                  for pattern in (_CASED, _AGREEING) for m in pattern.finditer(said)]
    assert not found, "\n".join(found[:20])
