"""Issue 66, item 2: ```` ```pref ```` blocks in Markdown drawn as deal diagrams (``preflog.markdown``), and
the build stopped, at the page's line, by a block that cannot be drawn: a deal that breaks a rule, a
point it never reaches, a file outside the docs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

markdown = pytest.importorskip("markdown", reason="Python-Markdown is not installed (pip install -e '.[markdown]')")

from preflog.markdown import PrefBlockError  # noqa: E402 - after the skip

BIN = Path(sys.executable).parent
DEAL = """[Players "Anna Boris Vera"]
deal 1 dealer Anna
hands Boris: QJT.J.AJT.KQJ Vera: K9.AKQ9.Q97.T Anna: 87.T87.K8.A87
talon As 9h
bids 6s 6c pass 6d 6h 7s pass
discard Ts Td
contract 7h
whist whist whist
play Qs Ks 7s | 9s 8s Js | Jc Kc 7c | 9d 8d Jd
"""


def html(text: str, **config: object) -> str:
    return str(markdown.markdown(text, extensions=["preflog.markdown", "fenced_code"],
                                 extension_configs={"preflog.markdown": config}))


def block(options: str = "", body: str = DEAL) -> str:
    return f"```pref {options}\n{body}```\n"


def test_a_block_becomes_a_figure_with_the_diagram_inline() -> None:
    out = html("# A deal\n\n" + block('after=3 hide=Anna lang=ru caption="Вистующим нужна ещё взятка"'))
    assert out.count('<figure class="preflog-diagram"') == 1 and "<svg" in out
    assert "Сдача 1, сдаёт Anna, после 3 взяток. Вистующим нужна ещё взятка" in out
    assert "Anna: вист — 7 карт" in out and "```" not in out and "hands Boris" not in out


def test_other_fences_and_what_they_hold_are_left_alone() -> None:
    text = "````markdown\n" + block("after=3") + "````\n\n```text\nplay Qs\n```\n"
    out = html(text)
    assert "<svg" not in out and "```pref after=3" in out and "play Qs" in out


def test_two_blocks_two_figures_in_their_places() -> None:
    out = html("one\n\n" + block("lang=en") + "\ntwo\n\n" + block("after=1 lang=en") + "\nthree\n")
    assert out.count("<svg") == 2 and out.index("one") < out.index("<svg") < out.index("two")
    assert "after 1 trick" in out


def test_players_in_the_fence_stand_for_the_tag() -> None:
    body = DEAL.replace('[Players "Anna Boris Vera"]\n', "")
    assert "<svg" in html(block("players=Anna,Boris,Vera", body))


def test_an_illegal_deal_stops_at_its_line_of_the_page() -> None:
    text = "# Title\n\nSome words.\n\n" + block("after=1", DEAL.replace("play Qs Ks 7s", "play Qs Ks 7h"))
    with pytest.raises(PrefBlockError) as error:
        html(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("play Qs Ks 7h"))
    assert str(error.value).startswith(f"<markdown>:{line}:12: error: Anna must follow with 8s 7s, not 7h")


@pytest.mark.parametrize(("options", "said"), [
    ("deal=2", "there is no deal 2"), ("after=7", "there is no trick 7"), ("before=Ah", "A♥ is not played"),
    ("hide=Gleb", "nobody called Gleb"), ("colour=red", "'colour=red' is not an option"),
    ("after=three", "after= takes a number"), ('caption="open', "the options cannot be read"),
    ("before=Zz", "not a card"), ("rules=nonsense", "error:"),
])
def test_a_block_that_cannot_be_drawn_says_why_at_its_fence(options: str, said: str) -> None:
    with pytest.raises(PrefBlockError) as error:
        html("Text.\n\n" + block(options + " lang=en"))
    assert str(error.value).startswith("<markdown>:3: error:") and said in str(error.value)


def test_file_reads_a_game_from_the_folder_and_no_further(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "games").mkdir(parents=True)
    (docs / "games" / "friday.pref").write_text(DEAL, encoding="utf-8")
    (tmp_path / "secret.pref").write_text(DEAL, encoding="utf-8")
    out = html(block("file=games/friday.pref deal=1 after=2 lang=ru", ""), base=str(docs))
    assert "после 2 взяток" in out
    for outside in ("../secret.pref", str(tmp_path / "secret.pref"), "games/../../secret.pref"):
        with pytest.raises(PrefBlockError, match="outside"):
            html(block(f"file={outside}", ""), base=str(docs))
    with pytest.raises(PrefBlockError, match="cannot read games/none.pref"):
        html(block("file=games/none.pref", ""), base=str(docs))


def test_an_illegal_deal_in_a_file_is_said_at_the_file_s_line(tmp_path: Path) -> None:
    (tmp_path / "bad.pref").write_text(DEAL.replace("play Qs Ks 7s", "play Qs Ks 7h"), encoding="utf-8")
    with pytest.raises(PrefBlockError) as error:
        html("\n" + block("file=bad.pref lang=en", ""), base=str(tmp_path))
    said = str(error.value)
    assert said.startswith("bad.pref:9:12: error: Anna must follow") and "(in the pref block at <markdown>:2)" in said


def _site(tmp_path: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    docs = tmp_path / "docs"
    docs.mkdir(parents=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: article\nmarkdown_extensions:\n  - preflog.markdown\n"
                                         "  - pymdownx.superfences\n", encoding="utf-8")
    return subprocess.run([str(BIN / "mkdocs"), "build", "--strict", "-q"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.skipif(not (BIN / "mkdocs").exists(), reason="MkDocs is installed with the docs extra")
def test_mkdocs_builds_the_diagrams_in_the_page_s_language_and_stops_on_an_illegal_one(tmp_path: Path) -> None:
    good = _site(tmp_path / "good", {"index.md": "# Deal\n\n" + block("after=3"),
                                     "article.ru.md": "# Сдача\n\n" + block("after=3")})
    assert good.returncode == 0, good.stderr
    site = tmp_path / "good" / "site"
    assert "after 3 tricks" in (site / "index.html").read_text(encoding="utf-8")
    assert "после 3 взяток" in (site / "article.ru" / "index.html").read_text(encoding="utf-8")
    bad = _site(tmp_path / "bad", {"index.md": "# Deal\n\n" + block("after=3", DEAL.replace("7s | 9s", "7h | 9s"))})
    assert bad.returncode != 0
    assert "index.md:12:12: error: Anna must follow" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.skipif(not (BIN / "mkdocs").exists(), reason="MkDocs is installed with the docs extra")
@pytest.mark.parametrize("page", ["authors.md", "authors.ru.md"])
def test_the_error_the_authors_page_shows_is_the_one_mkdocs_prints(tmp_path: Path, page: str) -> None:
    """docs/authors.md quotes the build's error for a revoke in its game file: the quote is what a build of
    the page with that revoke prints."""
    root = Path(__file__).resolve().parents[1] / "docs"
    text = (root / page).read_text(encoding="utf-8")
    quoted = text[text.index("```text\nERROR") + 8:]
    quoted = quoted[:quoted.index("```")]
    game = (root / "games" / "friday.pref").read_text(encoding="utf-8").replace("play Qs Ks 7s", "play Qs Ks 7h")
    site = tmp_path / "site"
    (site / "docs" / "games").mkdir(parents=True)
    (site / "docs" / "games" / "friday.pref").write_text(game, encoding="utf-8")
    (site / "docs" / page).write_text(text, encoding="utf-8")
    (site / "mkdocs.yml").write_text("site_name: article\nmarkdown_extensions:\n  - preflog.markdown\n"
                                     "  - pymdownx.superfences\n", encoding="utf-8")
    run = subprocess.run([str(BIN / "mkdocs"), "build", "--strict", "-q"], cwd=site, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 1
    assert quoted.strip() in run.stderr + run.stdout, run.stderr


def test_a_fence_indented_as_code_is_code() -> None:
    """Four spaces make a line code (CommonMark): a fence written inside an indented code block, as a
    docstring's example is, is shown, not drawn."""
    text = "An example:\n\n" + "".join("    " + line + "\n" for line in block("after=3").splitlines())
    out = html(text)
    assert "<svg" not in out and "```pref after=3" in out


def test_the_lesson_file_of_the_authors_page_is_what_its_command_makes(tmp_path: Path) -> None:
    """docs/authors.md shows a misère lesson's boards from games/misere-lesson.pref and the command that
    made it: the command, run as the page writes it, makes that file byte for byte, and every board
    satisfies the condition counted again here from the hands (no suit of the first hand over four)."""
    import re
    import shlex

    root = Path(__file__).resolve().parents[1] / "docs"
    page = (root / "authors.md").read_text(encoding="utf-8")
    command = next(line for line in page.splitlines() if line.startswith(".venv/bin/preflog deal "))
    args = shlex.split(command)[1:]
    args[args.index("-o") + 1] = str(tmp_path / "lesson.pref")
    from click.testing import CliRunner

    from preflog.cli import cli

    assert CliRunner().invoke(cli, args).exit_code == 0
    shipped = (root / "games" / "misere-lesson.pref").read_text(encoding="utf-8")
    assert (tmp_path / "lesson.pref").read_text(encoding="utf-8") == shipped
    boards = re.findall(r"^deal \d+ dealer (Seat\d)\nhands (.*)$", shipped, re.M)
    assert len(boards) == 20
    for dealer, hands in boards:
        first = f"Seat{int(dealer[-1]) % 3 + 1}"
        held = dict(re.findall(r"(Seat\d): (\S+)", hands))[first]
        assert max(len(suit.replace("-", "")) for suit in held.split(".")) <= 4
