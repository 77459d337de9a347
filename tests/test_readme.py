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
    from preflog.game.violations import CATALOGUE

    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for code, (rule, section) in CATALOGUE.items():
        assert f"| `{code}` | {rule} | {section} |" in doc, code
    for option in OPTIONS:
        assert f"| `{option}` |" in doc, option


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
