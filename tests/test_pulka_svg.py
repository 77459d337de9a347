"""The pulka drawn as on paper (``preflog score --format svg``): a sector per player with whists, pool and
mountain as running records (Code 4.2.5), each number carrying its deal and rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

import preflog
from preflog.present.pulka_svg import BANDS, FONT, MARGIN, PHONE_FONT, SIZE, TOTALS_FONT, sheet_svg
from preflog.scoring.ledger import Column

from .conftest import ROOT
from .test_cli import run

SVG = "{http://www.w3.org/2000/svg}"


def drawing(name: str) -> ET.Element:
    with open(ROOT / "samples" / name, encoding="utf-8") as f:
        return ET.fromstring(sheet_svg(preflog.score(preflog.load(f))))


def shown(element: ET.Element) -> str:
    """The text an element shows: its words and its children's, the tooltips left out."""
    out = element.text or ""
    for child in element:
        out += ("" if child.tag == SVG + "title" else shown(child)) + (child.tail or "")
    return out


def records(root: ET.Element) -> dict[str, str]:
    """Each record's title ("Anna: whists on Boris") and its text as shown."""
    out = {}
    for text in root.iter(SVG + "text"):
        title = text.find(SVG + "title")
        if title is not None and ": " in (title.text or ""):
            out[title.text or ""] = shown(text)
    return out


def test_the_classic_sample_s_records_as_the_text_sheet_writes_them() -> None:
    """samples/classic.pref, worked by hand in its comments: Anna's whists on Boris 8 then 368 (the totus's
    help), Boris's mountain 8, 16, 0, Vera's pool 14 then 16 (her unresponsible six)."""
    shown = records(drawing("classic.pref"))
    assert shown["Anna: whists on Boris"] == "Boris: 8.368"
    assert shown["Boris: mountain"] == "8.16.0"
    assert shown["Vera: pool"] == "14.16"
    assert shown["Gleb: whists on Anna"] == "Anna: "  # nothing written: blank, as on paper
    assert len(shown) == 4 * (2 + 3)  # four sectors: pool, mountain, whists on three


def test_every_number_carries_its_deal_and_rule() -> None:
    root = drawing("classic.pref")
    tips = [t.find(SVG + "title").text for t in root.iter(SVG + "tspan") if t.find(SVG + "title") is not None]
    assert "deal 5: Boris takes 16 off the mountain: totus made: the whole mountain written off by Anna's totus " \
           "(seed 000 §7.2)" in tips
    assert all(tip.startswith("deal ") for tip in tips)


@pytest.mark.parametrize(("name", "sectors"), [("gusarik.pref", 2), ("sochi-pulka.pref", 3), ("four-players.pref", 4)])
def test_two_three_and_four_players(name: str, sectors: int) -> None:
    root = drawing(name)
    assert len(root.findall(SVG + "g")) == sectors
    centre = [t for t in root.iter(SVG + "text") if t.find(SVG + "title") is not None
              and t.find(SVG + "title").text == "the pool each plays to (the Pool tag)"]  # type: ignore[union-attr]
    assert len(centre) == 1


def test_no_text_of_a_game_can_inject_markup() -> None:
    """Names and titles are text in the drawing, never markup: a game built in code with hostile names."""
    game = preflog.loads('[Players "Anna Boris Vera"]\n\ndeal 1\ncontract Boris: 6s\nwhist whist pass\nresult 6\n')
    sheet = preflog.score(game)
    evil = '<script>alert(1)</script>&"\''
    renamed = attrs.evolve(sheet, players=("Anna", evil, "Vera"),
                           entries=tuple(attrs.evolve(e, player=evil) if e.player == "Boris" else e for e in sheet.entries))
    text = sheet_svg(renamed, title=evil)
    root = ET.fromstring(text)
    assert "<script" not in text and root.find(f".//{SVG}script") is None
    assert any(t.text == evil for t in root.iter(SVG + "text"))


def test_the_command_draws_a_game_or_several_one_under_another() -> None:
    code, out, err = run("score", str(ROOT / "samples" / "gusarik.pref"), "--format", "svg")
    assert (code, err) == (0, "") and ET.fromstring(out).tag == SVG + "svg"
    code, out, err = run("score", str(ROOT / "samples" / "gusarik.pref"), str(ROOT / "samples" / "leningrad.pref"),
                         "--format", "svg")
    assert [child.get("y") for child in ET.fromstring(out).findall(SVG + "svg")] == ["0", "620"]


def long_sheet(players: str = "Anna Boris Vera", deals: int = 40) -> preflog.ScoreSheet:
    """A pulka in which Anna plays ``deals`` sixes nobody whists: a pool record of 2.4.6…"""
    text = f'[Players "{players}"]\n[Pool "100"]\n\n' + "".join(
        f"deal {n}\ncontract Anna: 6s\nwhist pass pass\n\n" for n in range(1, deals + 1))
    return preflog.score(preflog.loads(text))


def lines_of(root: ET.Element, title: str) -> list[ET.Element]:
    """The lines (tspans placed with a y) of the record titled ``title``."""
    text = next(t for t in root.iter(SVG + "text") if (t.findtext(SVG + "title") or "") == title)
    return [t for t in text if t.tag == SVG + "tspan" and t.get("y") is not None]


@pytest.mark.parametrize("font", [FONT, PHONE_FONT])
def test_a_long_record_runs_on_over_its_band_never_squeezed(font: float) -> None:
    """A pool record of forty numbers: over the lines of the pool's band, no glyph squeezed (no
    textLength); where the band cannot hold it all, its latest numbers after «…», whose tooltip is the
    whole record."""
    sheet = long_sheet()
    whole = sheet.record("Anna", Column.POOL)
    svg = sheet_svg(sheet, font=font)
    root = ET.fromstring(svg)
    assert "textLength" not in svg and root.get("font-size") == str(font)
    said = records(root)["Anna: pool"]
    lines = lines_of(root, "Anna: pool")
    bottom = MARGIN + SIZE
    assert 1 < len(lines) <= (BANDS[2] - BANDS[1]) // (1.15 * font)
    assert all(bottom - BANDS[2] < float(t.get("y", "")) < bottom - BANDS[1] for t in lines)  # inside the band
    if said != whole:
        assert said.startswith("…") and whole.endswith(said[1:]) and said.endswith("78.80")
        ellipsis = next(t for t in root.iter(SVG + "tspan") if shown(t) == "…")
        assert ellipsis.findtext(SVG + "title") == whole
    assert font != PHONE_FONT or said != whole  # 118 characters do not fit the band in the phone's type


def test_a_short_record_takes_one_line_and_a_long_name_is_shortened() -> None:
    """In the phone's type, of four at the table: a short record on one line, and the whists' owner with a
    long name shortened with «…» where the zone is narrow, never the numbers."""
    sheet = long_sheet("Anna Konstantinopolsky Vera Gleb", deals=2)
    root = ET.fromstring(sheet_svg(sheet, font=PHONE_FONT))
    assert len(lines_of(root, "Anna: pool")) == 1 and records(root)["Anna: pool"] == sheet.record("Anna", Column.POOL)
    on = records(root)["Vera: whists on Konstantinopolsky"]
    assert on.endswith("…: ") and "Konstantinopolsky".startswith(on[:-3])
    assert records(root)["Anna: whists on Vera"] == "Vera: "  # a short name whole


def test_the_totals_drawing_writes_each_band_s_last_total() -> None:
    """The drawing of totals: each band's last total alone (0 where nothing is written), in its type."""
    root = ET.fromstring(sheet_svg(long_sheet(), totals=True))
    assert root.get("font-size") == str(TOTALS_FONT)
    assert records(root)["Anna: pool"] == "80" and records(root)["Boris: mountain"] == "0"
