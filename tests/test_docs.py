"""The docs run as written: docs/architecture.md's visitor over the samples."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT, SAMPLES


def test_the_architecture_docs_visitor_counts_the_samples_miseres(tmp_path: Path) -> None:
    """The misères of the samples, read off the files by hand: sochi-pulka deal 4 (dealer Anna: Boris
    6s, Vera mis, both pass; Vera takes no trick), leningrad deal 5 (dealer Lena: the eldest, Oleg,
    bids mis; result 1), cyrillic deal 2 (dealer Маша: Саша pass, Лёва мизер; Лёва takes none), classic
    deal 3 (dealer Boris: Vera mis, outbid by Gleb's nine hand, answers misère hand; result 0)."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", doc, re.S) if "class Miseres" in block]
    script = tmp_path / "miseres.py"
    script.write_text(code, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script), *map(str, SAMPLES)], capture_output=True, text=True,
                         cwd=ROOT)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == ("Anna: 0 of 1 misères made\nBoris: 1 of 1 misères made\nVera: 0 of 1 misères made\n"
                          "Vera: 1 of 1 misères made\nЛёва: 1 of 1 misères made\nAnna: 1 of 1 misères made\nOleg: 0 of 1 misères made\n"
                          "Vera: 1 of 1 misères made\n")


def _guide_blocks(language: str) -> list[str]:
    import re

    from .conftest import ROOT

    text = (ROOT / "docs" / "scorers-guide.md").read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def test_the_scorer_s_guide_game_checks_clean_and_scores(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The guide's file (its tag block and its four deals, section 2 and 3) checks clean, and its
    sheet checkpoint after deal 4 agrees with the deals."""
    import preflog

    head, deals = _guide_blocks("pref-notation")[:2]
    game = preflog.loads(head + "\n" + deals)
    assert len(game.deals) == 4 and preflog.check(game) == []
    assert game.tag("WhistPrice") == "1"


def test_every_mistake_of_the_scorer_s_guide_prints_what_it_says(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from preflog.cli import cli

    mistakes, shown = _guide_blocks("pref-notation")[2:], _guide_blocks("text")
    assert len(mistakes) == len(shown) == 8
    monkeypatch.chdir(tmp_path)
    for text, message in zip(mistakes, shown):
        (tmp_path / "mistake.pref").write_text('[Players "Anna Boris Vera"]\n[Pool "10"]\n' + text, encoding="utf-8")
        result = CliRunner().invoke(cli, ["check", "mistake.pref"])
        assert result.exit_code == 1 and result.stderr.splitlines()[0] == message.rstrip("\n"), text


def test_the_replays_page_runs_as_written(tmp_path: Path) -> None:
    """docs/replays.md: its commands write their pages (exit 0: the samples are clean), its Python runs,
    and its table of keys names every key the page's script answers."""
    from click.testing import CliRunner

    from preflog.cli import cli

    doc = (ROOT / "docs" / "replays.md").read_text(encoding="utf-8")
    (shell,) = re.findall(r"```\n(preflog render .*?)```", doc, re.S)
    for line in shell.splitlines():
        args = [str(ROOT / w) if w.startswith("samples/") else str(tmp_path / w) if w.endswith(".html") else w
                for w in line.split()[1:]]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, (line, result.output)
        assert (tmp_path / line.split()[-1]).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert (run.returncode, run.stderr) == (0, "")
    script = (ROOT / "preflog" / "present" / "page" / "page.js").read_text(encoding="utf-8")
    keys = re.search(r"const keys = \{(.*?)\};", script, re.S)
    assert keys is not None
    names = {"ArrowRight": "→", "ArrowLeft": "←", "ArrowDown": "↓", "ArrowUp": "↑", "Home": "Home", "End": "End",
             "n": "n", "b": "b"}
    answered = re.findall(r"(\w+): \(\)", keys.group(1))
    assert sorted(answered) == sorted(names)
    table = doc[doc.index("## Keys and buttons"):doc.index("## In a notebook")]
    for key in answered:
        assert f"| {names[key]} " in table or f"| {names[key]} /" in table or f"/ {names[key]} |" in table, key


def test_the_recorder_page_runs_as_written(tmp_path: Path) -> None:
    """docs/recorder.md: its Python drives a Recorder as shown, and its scripted session records."""
    doc = (ROOT / "docs" / "recorder.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith("deal 1: Anna deals, Boris is the eldest hand\n")
    (script,) = [b for b in re.findall(r"```\n(.*?)```", doc, re.S) if b.startswith("printf")]
    done = subprocess.run(["bash", "-c", script.replace("preflog ", f"{Path(sys.executable).parent}/preflog ")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "friday.pref").read_text(encoding="utf-8").endswith(
        "deal 3 dealer Vera\nbids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n")


def test_the_analysis_docs_run_as_written(tmp_path: Path) -> None:
    """docs/analysis.md: its Python prints what its comments say, and its three commands run (exit 0)."""
    doc = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    script = tmp_path / "analysis.py"
    script.write_text(code, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == "3\nBoris 3 ['Tc', 'Qd', 'Jd', '8d', '7d', 'Kh']\n1\n"
    blocks = re.findall(r"```\n(.*?)```", doc, re.S)
    (commands,) = [b for b in blocks if "preflog analyse" in b and not b.startswith("$")]
    # the decisions' example (issue 36) and the avoidable mistakes' (issue 67): the lines shown are
    # lines the command prints, in a row
    examples = [b for b in blocks if b.startswith("$ preflog analyse")]
    assert len(examples) == 2
    for example in examples:
        command, *shown = example.strip().splitlines()
        done = subprocess.run([sys.executable, "-m", "preflog.cli", *command.split()[2:], "--jobs", "1"],
                              capture_output=True, text=True, cwd=ROOT)
        printed = done.stdout.splitlines()
        start = printed.index(shown[0])
        assert printed[start:start + len(shown)] == shown
    for line in commands.strip().splitlines():
        args = line.split()[1:]
        args = [str(tmp_path / a) if a.endswith("analysed.pref") else a for a in args]
        done = subprocess.run([sys.executable, "-m", "preflog.cli", *args], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, (line, done.stderr)


def _said(code: str) -> list[str]:
    """What a block's comments say it prints: a ``# …`` line after a print, or a print's own ``# …``."""
    out = []
    lines = code.splitlines()
    for i, line in enumerate(lines):
        if "print(" not in line:
            continue
        if "  # " in line:
            out.append(line.split("  # ", 1)[1])
        elif i + 1 < len(lines) and lines[i + 1].startswith("# "):
            out.append(lines[i + 1][2:])
    return out


def test_the_api_page_prints_what_its_comments_say() -> None:
    """docs/api.md and api.ru.md: a violation and a sheet's entry are values (equal when found in
    Russian), said in each language by preflog.message and preflog.entry_text as the comments show:
    the sentences of the Code's rule 3.3.7 (6♠ is the lowest suit: not higher than 6♣) and of a 7♠
    made with 8 tricks, 4 to the pool (Code 4.2.1; sochi's price of a seven)."""
    for page in ("api.md", "api.ru.md"):
        doc = (ROOT / "docs" / page).read_text(encoding="utf-8")
        (code,) = re.findall(r"```python\n(.*?)```", doc, re.S)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
        assert (run.returncode, run.stderr) == (0, ""), page
        assert run.stdout.splitlines() == _said(code), page
