"""The README's two commands stay true: CI runs its test command, and the start command's pieces exist."""

from __future__ import annotations

import re

from .conftest import ROOT


def commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", readme, re.S)


def test_ci_runs_exactly_the_readme_test_command() -> None:
    start, tests = commands()[:2]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()
    assert "pytest" in tests and "preflog" in start


def test_the_start_command_names_files_that_exist() -> None:
    start = commands()[0]
    for name in re.findall(r"samples/[\w.*-]+", start):
        assert list(ROOT.glob(name)), name


def test_the_rules_doc_lists_every_violation_code_and_option() -> None:
    from preflog.game.conventions import OPTIONS
    from preflog.verdicts import CATALOGUE

    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for code, (rule, section) in CATALOGUE.items():
        assert f"| `{code}` | {rule} | {section} |" in doc, code
    for option in OPTIONS:
        assert f"| `{option}` |" in doc, option


def test_the_options_table_gives_every_preset_its_value() -> None:
    """docs/rules.md's table of options, row by row, as the presets hold them."""
    from preflog.game.conventions import OPTIONS, PRESETS, option_text
    from preflog.verdicts import accepted_text

    def text(option: str, value: object) -> str:
        return "–" if value is None and option != "Consolation" else option_text(option, value)

    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "| option | values | " + " | ".join(PRESETS) + " |" in doc
    for option, (field, _, accepted) in OPTIONS.items():
        row = " | ".join(text(option, getattr(PRESETS[name], field)) for name in PRESETS)
        assert f"| `{option}` | {accepted_text(accepted)} | {row} |" in doc, option


def test_the_start_command_runs_clean() -> None:
    from click.testing import CliRunner

    from preflog.cli import cli

    start = commands()[0]
    for command in re.findall(r"\.venv/bin/preflog ([^&]+)", start):
        args: list[str] = []
        for word in command.split():
            if word.startswith("samples/"):
                args.extend(str(p) for p in sorted(ROOT.glob(word)))
            else:
                args.append(word)
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, (command, result.output)


def test_the_readme_visitor_runs_as_written() -> None:
    """The tricks of sochi-pulka's six played deals, summed by hand from their result lines (deals 1,
    2, 3, 4, 6, 9): Anna 2+2+8+4+6+7 = 29, Boris 6+6+0+6+3+0 = 21, Vera 2+2+2+0+1+3 = 10."""
    import subprocess
    import sys

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "class Tricks" in b]
    run = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, cwd=ROOT)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == "[] {'Anna': 29, 'Boris': 21, 'Vera': 10}\n"


def _blocks(language: str) -> list[str]:
    """The README's code blocks fenced with ``language`` ("" for plain ones), in order."""
    blocks, current, fence = [], [], None
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("```"):
            if fence is None:
                fence, current = line[3:].strip(), []
            else:
                if fence == language:
                    blocks.append("".join(current))
                fence = None
        elif fence is not None:
            current.append(line)
    return blocks


def test_every_python_block_of_the_readme_runs_as_written() -> None:
    import subprocess
    import sys

    for block in _blocks("python"):
        done = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert (done.returncode, done.stderr) == (0, ""), block


def _example() -> str:
    return next(b for b in _blocks("text") if b.startswith('[Event "Club night"]'))


def test_every_block_of_the_readme_is_a_command_or_says_what_it_is() -> None:
    """Issue 43, item 9: a block a reader would type is fenced ``sh`` (and runs as written: the
    docs-site test runs it); what is only shown is fenced ``text``, ``json`` or ``python``; no
    command names a bare ``preflog``, which only an activated virtual environment has."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(re.findall(r"```(\w*)\n.*?```", readme, re.S))  # every block says what it is
    for block in _blocks("sh") + _blocks("bash"):
        for line in block.splitlines():
            assert not re.search(r"(^|[|;&(]\s*)preflog\b", line), line


def test_the_notation_example_is_a_legal_game() -> None:
    """The example of "The notation in five minutes" reads clean and breaks no rule."""
    import preflog

    games = preflog.loads_all(_example())
    assert [len(g.deals) for g in games] == [2]
    assert preflog.check(games[0]) == []


def test_the_error_example_is_what_check_prints(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The revoke the README describes (Anna throwing 7c on the first trick) gives the printed error,
    caret under the card the message names."""
    from click.testing import CliRunner

    from preflog.cli import cli

    shown = next(b for b in _blocks("text") if b.startswith("game.pref:")).splitlines()
    (tmp_path / "game.pref").write_text(_example().replace("play Qs Ks 7s", "play Qs Ks 7c"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "game.pref"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:3] == shown
    assert shown[2].index("^") == shown[1].index("7c")


def test_the_score_table_example_is_what_score_prints() -> None:
    from click.testing import CliRunner

    from preflog.cli import cli

    shown = next(b for b in _blocks("text") if b.startswith("Friday club, table 2 · sochi"))
    result = CliRunner().invoke(cli, ["score", str(ROOT / "samples" / "sochi-pulka.pref")])
    assert result.exit_code == 0 and result.stdout == shown


def test_the_completion_line_of_the_readme_completes_verbs_and_conventions() -> None:
    """The README's bash block, run in bash, defines the completion; click answers it."""
    import os
    import shutil
    import subprocess
    import sys

    (block,) = _blocks("bash")
    bin_folder = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bin_folder + os.pathsep + os.environ.get("PATH", "")}
    assert shutil.which("preflog", path=env["PATH"])
    done = subprocess.run(["bash", "-c", block + "\ncomplete -p preflog"], capture_output=True, text=True, env=env,
                          cwd=ROOT)
    assert (done.returncode, done.stderr) == (0, "") and "_preflog_completion" in done.stdout

    def complete(words: str) -> list[str]:
        answer = subprocess.run(["preflog"], capture_output=True, text=True, env={
            **env, "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (not words.endswith(" "))),
            "_PREFLOG_COMPLETE": "bash_complete"})
        return answer.stdout.split()

    assert complete("preflog sc") == ["plain,score"]
    assert complete("preflog score --rules ") == ["plain,classic", "plain,gusarik", "plain,leningrad", "plain,rostov", "plain,sochi"]


def test_the_command_listing_names_only_verbs_and_options_that_exist() -> None:
    """Each line of the README's command listing: its verb exists and every option it names is in
    that verb's --help."""
    from click.testing import CliRunner

    from preflog.cli import VERBS, cli

    listing = next(b for b in _blocks("text") if b.startswith("preflog parse FILES"))
    verb = None
    for line in listing.splitlines():
        if line.startswith("preflog "):
            verb = line.split()[1]
            assert verb in VERBS, line
        assert verb is not None
        shown = CliRunner().invoke(cli, [verb, "--help"]).output
        for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", line):
            assert option in shown, (verb, option)


def test_the_json_shape_of_the_readme_is_what_score_prints() -> None:
    """Every key and value of the README's JSON example (all but the elided sheet entries)."""
    import json

    from click.testing import CliRunner

    from preflog.cli import cli

    shape = json.loads(next(iter(_blocks("json"))))
    result = CliRunner().invoke(cli, ["score", str(ROOT / "samples" / "sochi-pulka.pref"), "--format", "json"])
    printed = json.loads(result.stdout)
    assert set(printed) == set(shape)
    for key, value in shape.items():
        if key == "sheet":
            assert printed["sheet"]["Anna"] == value["Anna"]
        else:
            assert printed[key] == value, key


def test_the_russian_rules_page_lists_every_code_and_option_as_preflog_says_them() -> None:
    """docs/rules.ru.md: each violation with its rule and source in Russian, each option with the
    values it takes in Russian and each preset's value as the tag writes it."""
    from preflog.game.conventions import OPTIONS, PRESETS, option_text
    from preflog.verdicts import CATALOGUE, accepted_text, cited
    from preflog.i18n import _, using_language

    doc = (ROOT / "docs" / "rules.ru.md").read_text(encoding="utf-8")
    with using_language("ru"):
        for code, (rule, section) in CATALOGUE.items():
            assert f"| `{code}` | {_(rule)} | {cited(section)} |" in doc, code
        for option, (field, _parse, accepted) in OPTIONS.items():
            value = [getattr(PRESETS[name], field) for name in PRESETS]
            row = " | ".join("–" if v is None and option != "Consolation" else option_text(option, v) for v in value)
            assert f"| `{option}` | {accepted_text(accepted)} | {row} |" in doc, option
