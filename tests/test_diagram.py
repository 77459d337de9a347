"""Issue 66, item 1: deal diagrams (``preflog.diagram``, ``preflog diagram``) in SVG, TeX and HTML.

The hands drawn are worked by hand from the records below, never from preflog's output: a diagram
after K tricks holds each dealt hand less the cards the play line gives that player in the first K
tricks, the declarer's with the talon in and the discard out.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import preflog
from preflog.cli import cli
from preflog.present.diagram import Point, Refusal, Why, position_of, Stop

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
ANNOTATED = preflog.load_all(open(SAMPLES / "annotated.pref", encoding="utf-8"))[0]
SVG = "{http://www.w3.org/2000/svg}"

#: Sochi all-pass: the talon turned up leads the first two tricks (Code 3.7.6); the hands are Petr's
#: ♠AJ97 ♣Q8 ♦JT ♥Q9, Sonya's ♠QT8 ♦KQ987 ♥KJ and Ivan's ♠K ♣AKJT97 ♦A ♥T8.
ALL_PASS = """[Players "Ivan Petr Sonya"]
[Rules "sochi"]

deal 1 dealer Ivan
hands Petr: AJ97.Q8.JT.Q9 Sonya: QT8.-.KQ987.KJ Ivan: K.AKJT97.A.T8
talon 7h Ah
bids pass pass pass
play 9h Jh 8h | Qh Kh Th
"""


def cards(text: str) -> tuple[preflog.Card, ...]:
    return tuple(preflog.card(c) for c in text.split())


def held(position: object, player: str) -> set[preflog.Card]:
    hand = next(h for h in position.hands if h.player == player)  # type: ignore[attr-defined]
    return set(hand.cards)


def test_after_three_tricks_each_hand_is_its_dealt_hand_less_its_cards_played() -> None:
    """Deal 1 of the annotated sample: Boris dealt ♠QJT ♣J ♦AJT ♥KQJ, takes As 9h, discards Ts Td;
    tricks 1-3 are Qs Ks 7s | 9s 8s Js | Jc Kc 7c (Boris, Vera, Anna leading in turn as they win)."""
    p = position_of(ANNOTATED, 1, stop=Stop(Point.AFTER_TRICK, trick=3))
    assert held(p, "Boris") == set(cards("As Ad Jd Kh Qh Jh 9h"))
    assert held(p, "Vera") == set(cards("Ac Qc 9c Qd 9d 7d Th"))
    assert held(p, "Anna") == set(cards("Tc 8c Kd 8d Ah 8h 7h"))
    assert [t.winner for t in p.tricks] == ["Vera", "Boris", "Vera"]
    assert p.to_play == "Vera" and p.contract == preflog.Bid(7, preflog.Strain.HEARTS) and p.declarer == "Boris"
    assert dict(p.taken) == {"Boris": 1, "Vera": 2, "Anna": 0}
    assert p.talon == cards("As 9h") and p.discard == cards("Ts Td")


def test_as_dealt_the_hands_are_the_ten_cards_dealt() -> None:
    p = position_of(ANNOTATED, 1)
    assert held(p, "Boris") == set(cards("Qs Js Ts Jc Ad Jd Td Kh Qh Jh"))
    assert p.tricks == () and p.table == () and p.to_play is None
    assert [who for who, _call in p.calls] == ["Boris", "Vera", "Anna", "Boris", "Vera", "Boris", "Vera"]


def test_before_a_card_the_trick_so_far_lies_on_the_table() -> None:
    """Before Ah in trick 5 (Qh Th Ah): Boris has led Qh and Vera played Th."""
    p = position_of(ANNOTATED, 1, stop=Stop(Point.BEFORE_CARD, card=preflog.card("Ah")))
    assert p.table == (("Boris", preflog.card("Qh")), ("Vera", preflog.card("Th")))
    assert p.to_play == "Anna" and len(p.tricks) == 4
    assert preflog.card("Ah") in held(p, "Anna")


def test_the_talon_leading_an_all_pass_lies_on_the_table_not_in_the_talon() -> None:
    game = preflog.loads(ALL_PASS)
    p = position_of(game, 1, stop=Stop(Point.BEFORE_CARD, card=preflog.card("Kh")))
    assert p.table == ((None, preflog.card("Ah")), ("Petr", preflog.card("Qh")))
    assert p.talon is None or preflog.card("Ah") not in p.talon
    assert p.tricks[0].cards[0] == (None, preflog.card("7h")) and p.tricks[0].winner == "Sonya"
    said = preflog.diagram(game, 1, before_card="Kh", lang="ru").svg()
    assert said.count("Прикуп: Т♥") == 1 and "7♥ Т♥" not in said  # both talon cards are turned up by then


def test_four_players_leave_the_dealer_out_and_hide_names_nobody_else() -> None:
    game = preflog.load_all(open(SAMPLES / "four-players.pref", encoding="utf-8"))[0]
    p = position_of(game, 1)
    assert p.four and p.dealer == "Anna" and p.players == ("Boris", "Vera", "Gleb")
    with pytest.raises(Refusal) as refused:
        position_of(game, 1, hide=["Zoya"])
    assert refused.value.why is Why.NO_SEAT


def test_a_deal_that_breaks_a_rule_is_refused_with_its_violation() -> None:
    text = (SAMPLES / "annotated.pref").read_text(encoding="utf-8").replace("play {Boris leads from the top of his "
                                                                           "spades.} Qs Ks 7s", "play Qs Ks 7h")
    game = preflog.loads_all(text)[0]
    with pytest.raises(Refusal) as refused:
        preflog.diagram(game, 1, after_trick=0)  # before the revoke: the deal is refused all the same
    assert refused.value.why is Why.BROKEN
    assert refused.value.violations[0].code == "P502"  # Anna holds 8s 7s and plays 7h (Code 3.9.3)


@pytest.mark.parametrize(("kwargs", "why"), [
    ({"deal": 2}, Why.NO_DEAL), ({"deal": 1, "after_trick": 11}, Why.NO_TRICK),
    ({"deal": 1, "before_card": "7c"}, Why.NOT_PLAYED),
])
def test_a_point_the_deal_never_reaches_is_refused(kwargs: dict[str, object], why: Why) -> None:
    game = preflog.loads(ALL_PASS)
    with pytest.raises(Refusal) as refused:
        preflog.diagram(game, **kwargs)  # type: ignore[arg-type]
    assert refused.value.why is why


def test_a_deal_recorded_without_cards_has_nothing_to_draw() -> None:
    game = preflog.loads('[Players "Anna Boris Vera"]\n\ndeal 1\ncontract Boris: 6s\nwhist pass pass\n')
    with pytest.raises(Refusal) as refused:
        preflog.diagram(game, 1)
    assert refused.value.why is Why.NO_CARDS


def _svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def test_the_svg_is_one_self_contained_accessible_image() -> None:
    drawn = preflog.diagram(ANNOTATED, 1, after_trick=3, lang="ru", caption="Вистующим нужна ещё взятка")
    root = _svg(drawn.svg())
    assert root.get("role") == "img" and root.get("viewBox", "").startswith("0 0 320 ")
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and title.text == "Сдача 1, сдаёт Anna, после 3 взяток. Вистующим нужна ещё взятка"
    assert desc is not None and "Boris: 7♥ — ♠ Т; ♣ —; ♦ Т В; ♥ К Д В 9" in (desc.text or "")
    text = drawn.svg()
    assert "href" not in text and "<style" not in text and "<script" not in text and "url(" not in text
    for element in root.iter(f"{SVG}text"):
        assert float(element.get("font-size", "0")) >= 12  # CSS px when it is drawn 320 px wide
    assert drawn._repr_svg_() == text


def test_russian_ranks_are_the_russian_letters_and_ten_is_10() -> None:
    root = _svg(preflog.diagram(ANNOTATED, 1, lang="ru").svg())
    ranks = {t for element in root.iter(f"{SVG}text") for t in "".join(element.itertext()).split()}
    assert {"Т", "К", "Д", "В", "10"} <= ranks and not ({"A", "K", "Q", "J", "T"} & ranks)
    english = _svg(preflog.diagram(ANNOTATED, 1, lang="en").svg())
    assert any("".join(e.itertext()) == "K Q J" for e in english.iter(f"{SVG}text"))


def test_the_red_suits_are_red_and_the_black_black() -> None:
    text = preflog.diagram(ANNOTATED, 1, lang="ru").svg()
    assert re.search(r'fill="#c0102a">♥', text) and re.search(r'fill="#c0102a">♦', text)
    assert not re.search(r'fill="#c0102a">[♠♣]', text)


def test_a_hidden_hand_shows_how_many_cards_it_holds_and_nothing_of_them() -> None:
    drawn = preflog.diagram(ANNOTATED, 1, after_trick=3, hide=["Anna", "talon"], lang="ru")
    text = drawn.svg()
    assert "Anna: вист — 7 карт" in text and "Прикуп: 2 карты" in text and "Снос" not in text
    assert "К 8" not in text  # Anna's diamonds


def test_a_hand_partly_known_shows_its_known_cards_and_how_many_are_not() -> None:
    """The magazine problem: the declarer's talon and discard are not written; after trick 2 Vera holds
    eight cards, her own ten less Kc and Ah save what she may have discarded."""
    game = preflog.load_all(open(SAMPLES / "annotated.pref", encoding="utf-8"))[1]
    p = position_of(game, 14, stop=Stop(Point.AFTER_TRICK, trick=2))
    vera = next(h for h in p.hands if h.player == "Vera")
    assert vera.count == 8 and vera.cards is not None and len(vera.cards) + vera.unknown == 8
    assert "?" in preflog.diagram(game, 14, after_trick=2, lang="ru").svg()


def test_tex_is_a_tikzpicture_with_the_suits_as_tex_symbols() -> None:
    tex = preflog.diagram(ANNOTATED, 1, after_trick=3, lang="ru").tex()
    assert r"\begin{tikzpicture}" in tex and tex.rstrip().endswith(r"\end{tikzpicture}")
    assert r"\textcolor{red}{$\heartsuit$} К Д В 9" in tex and "♥" not in tex
    assert tex.count("{") == tex.count("}")


@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="pdfLaTeX and pdftotext are installed by .ci/run")
def test_the_tex_typesets_in_a_russian_latex_article(tmp_path: Path) -> None:
    """An author's article: the diagram \\input into a pdfLaTeX document with the packages its first
    lines name; the PDF's text holds the title, the hands and the auction."""
    (tmp_path / "deal.tex").write_text(preflog.diagram(ANNOTATED, 1, after_trick=3, lang="ru",
                                                       caption="Задача: как сыграть_вистующим?").tex(), encoding="utf-8")
    (tmp_path / "article.tex").write_text(
        "\\documentclass{article}\n\\usepackage{cmap}\\usepackage[T2A]{fontenc}\\usepackage[utf8]{inputenc}\n"
        "\\usepackage[russian]{babel}\\usepackage{tikz}\n\\begin{document}\nСтатья.\n\n\\input{deal.tex}\n"
        "\\end{document}\n", encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "article.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(["pdftotext", "-layout", "article.pdf", "-"], cwd=tmp_path, capture_output=True,
                          text=True, check=True).stdout
    assert "Сдача 1, сдаёт Anna, после 3 взяток" in text and "сыграть_вистующим" in text
    assert "Торговля: Boris 6♠" in text and "Прикуп: Т♠ 9♡" in text


def test_html_is_a_figure_with_the_svg_inline() -> None:
    html = preflog.diagram(ANNOTATED, 1, lang="ru").html()
    assert html.startswith('<figure class="preflog-diagram"') and "<svg" in html and html.rstrip().endswith("</figure>")


def test_names_and_captions_are_escaped() -> None:
    drawn = preflog.diagram(ANNOTATED, 1, caption='<script>alert("x")</script> & «ход»', lang="ru")
    assert "<script>" not in drawn.svg() and "&lt;script&gt;" in drawn.svg()
    assert r"\&" in drawn.tex()


# ---- the command -----------------------------------------------------------------------------------

def run(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_command_draws_svg_tex_and_html(tmp_path: Path) -> None:
    sample = str(SAMPLES / "annotated.pref")
    out = tmp_path / "d.svg"
    result = run("diagram", sample, "--deal", "1", "--after-trick", "3", "--lang", "ru", "-o", str(out))
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert _svg(out.read_text(encoding="utf-8")).get("role") == "img"
    tex = run("diagram", sample, "--deal", "1", "--format", "tex", "--lang", "ru")
    assert r"\begin{tikzpicture}" in tex.output  # type: ignore[attr-defined]
    html = run("diagram", sample, "--deal", "1", "--before-card", "Д♥", "--format", "html", "--lang", "ru")
    assert "перед картой Д♥" in html.output  # type: ignore[attr-defined]
    second = run("diagram", sample, "--game", "2", "--deal", "14", "--lang", "ru")
    assert second.exit_code == 0 and "Сдача 14" in second.output  # type: ignore[attr-defined]


def test_the_command_refuses_an_illegal_deal_at_its_line(tmp_path: Path) -> None:
    text = (SAMPLES / "annotated.pref").read_text(encoding="utf-8").replace(
        "play {Boris leads from the top of his spades.} Qs Ks 7s", "play Qs Ks 7h")
    broken = tmp_path / "broken.pref"
    broken.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["diagram", str(broken), "--deal", "1", "--lang", "ru"])
    assert result.exit_code == 1
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("play Qs Ks 7h"))
    assert f"broken.pref:{line}:12: ошибка: Anna: фальшренонс" in result.output
    assert "<svg" not in result.output


@pytest.mark.parametrize("args", [
    ["--deal", "9"], ["--game", "2", "--deal", "14", "--after-trick", "6"], ["--deal", "1", "--before-card", "Zz"],
    ["--deal", "1", "--hide", "Zoya"], ["--deal", "1", "--game", "3"],
    ["--deal", "1", "--after-trick", "1", "--before-card", "Qh"],
])
def test_asking_for_what_is_not_there_is_a_misuse(args: list[str]) -> None:
    result = CliRunner().invoke(cli, ["diagram", str(SAMPLES / "annotated.pref"), *args])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Error:" in result.output
