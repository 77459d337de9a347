"""The documentation site: it builds with ``mkdocs build --strict`` in both languages, and every code
block of the README and of the docs runs as written from the repository's root."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

DOCS = sorted((ROOT / "docs").glob("*.md"))
BIN = Path(sys.executable).parent
#: A block preceded by this comment runs on a file an earlier block of its page only shows (the test
#: that types that file names itself in the comment).
SHOWN_ONLY = "<!-- runs on the file typed above"


def _blocks(path: Path, language: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [m.group(2) for m in re.finditer(rf"(<!--[^\n]*-->\n)?```{language}\n(.*?)```", text, re.S)
            if not (m.group(1) or "").startswith(SHOWN_ONLY)]


@pytest.fixture()
def checkout(tmp_path: Path) -> Path:
    """A copy of the repository's root to run the examples in, so that the files they write (and the
    catalogs the translators' commands rewrite) are not the checkout's."""
    copy = tmp_path / "preflog"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "site", "__pycache__", "*.egg-info",
                                                              ".*_cache", "build", "dist", "node_modules"))
    if (ROOT / ".venv").is_dir():  # the README's commands name .venv/bin/…: the one the tests run in
        (copy / ".venv").symlink_to(ROOT / ".venv")
    return copy


#: A command of a block that serves until it is stopped: it is started, asked for its first page, stopped.
SERVING = re.compile(r"^\.venv/bin/preflog serve --db (\S+)$")


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_every_shell_and_python_block_runs_as_written(page: Path, checkout: Path) -> None:
    """Each block as a newcomer types it after the README's set-up, in a shell of its own where
    ``preflog`` is not on the PATH (the commands name ``.venv/bin/preflog``)."""
    path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if Path(p).resolve() != BIN.resolve())
    env = dict(os.environ, PATH=path, NO_COLOR="1")
    env.pop("VIRTUAL_ENV", None)
    for block in _blocks(page, "(?:sh|bash)"):
        if "python3 -m venv" in block:  # the README's set-up: the tests already run in what it makes
            continue
        lines = [line for line in block.splitlines() if not re.search(r"\bpip install\b", line)]  # installed
        serving = [line for line in lines if SERVING.match(line)]
        block = "\n".join(line for line in lines if line not in serving)
        run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=checkout, env=env,
                             capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        assert run.returncode == 0, f"{page.name}:\n{block}\n{run.stdout[-2000:]}{run.stderr[-2000:]}"
        for line in serving:
            _serves(line, checkout, env)
    for block in _blocks(page, "python"):
        run = subprocess.run([sys.executable, "-c", block], cwd=checkout, env=env, capture_output=True, text=True,
                             timeout=300)
        assert run.returncode == 0, f"{page.name}:\n{block}\n{run.stderr[-2000:]}"


def _serves(line: str, checkout: Path, env: dict[str, str]) -> None:
    """``line`` serves: on a free port, its game list answers, and it stops when asked."""
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(["bash", "-c", f"exec {line} --port {port}"], cwd=checkout, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, line
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_every_page_has_its_russian_side_and_the_russian_site_falls_back_to_nothing() -> None:
    """Every docs/X.md has its docs/X.ru.md, the i18n plugin builds no English page into the Russian
    site, and the Russian home page no longer says that some pages are in English."""
    names = {p.name for p in DOCS}
    english = sorted(n for n in names if not n.endswith(".ru.md"))
    assert [n for n in english if n.removesuffix(".md") + ".ru.md" not in names] == []
    assert sorted(n for n in names if n.endswith(".ru.md") and n.removesuffix(".ru.md") + ".md" not in names) == []
    config = (ROOT / "docs" / "mkdocs" / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*fallback_to_default: false\s*$", config, re.M)
    home = (ROOT / "docs" / "index.ru.md").read_text(encoding="utf-8")
    assert not re.search(r"по-английски\.?$|пока по-английски|на английской странице", home, re.M)
    for page in sorted(p for p in DOCS if p.name.endswith(".ru.md")):
        text = page.read_text(encoding="utf-8")
        assert "на английской странице" not in text and "английская страница" not in text.replace(
            "английская страница даёт их в обратную сторону", ""), page.name


def test_the_site_builds_strictly_in_both_languages(tmp_path: Path) -> None:
    site = tmp_path / "site"
    run = subprocess.run([str(BIN / "mkdocs"), "build", "--strict", "-f", str(ROOT / "docs" / "mkdocs" / "mkdocs.yml"),
                          "-d", str(site)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    home_ru = (site / "ru" / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in home_ru and "Учебник" in home_ru
    cli_ru = (site / "ru" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "Проверить ФАЙЛЫ" in cli_ru and "Использование:" in cli_ru
    cli_en = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert "Check FILES" in cli_en
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert "loads_all" in api and "using_language" in api


def test_the_russian_scorers_guide_game_checks_clean_and_its_mistakes_print_what_it_says(tmp_path: Path) -> None:
    from click.testing import CliRunner

    import preflog
    from preflog.cli import cli

    guide = ROOT / "docs" / "scorers-guide.ru.md"
    pref = re.findall(r"```pref-notation\n(.*?)```", guide.read_text(encoding="utf-8"), re.S)
    shown = re.findall(r"```text\n(.*?)```", guide.read_text(encoding="utf-8"), re.S)
    game = preflog.loads(pref[0] + "\n" + pref[1])
    assert len(game.deals) == 4 and preflog.check(game) == []
    assert len(pref[2:]) == len(shown) == 8
    os.chdir(tmp_path)
    try:
        for text, message in zip(pref[2:], shown):
            (tmp_path / "mistake.pref").write_text('[Players "Anna Boris Vera"]\n[Pool "10"]\n' + text,
                                                   encoding="utf-8")
            result = CliRunner().invoke(cli, ["--lang", "ru", "check", "mistake.pref"])
            assert result.stderr.splitlines()[0] == message.strip()
    finally:
        os.chdir(ROOT)
