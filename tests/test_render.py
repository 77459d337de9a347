"""``preflog render``: one self-contained page per file. What the page holds is checked here; how it
behaves in a real browser in tests/test_render_browser.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

import preflog
from preflog.present.replay_html import games_data, page

from .conftest import ROOT
from .test_cli import run

SAMPLES = sorted((ROOT / "samples").glob("*.pref"))


def html_of(path: Path, **options: object) -> str:
    with open(path, encoding="utf-8") as f:
        return page(preflog.load_all(f), **options)  # type: ignore[arg-type]


def data_of(html: str) -> dict:  # type: ignore[type-arg]
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_the_page_loads_nothing_from_outside_and_names_the_hash_of_its_own_code(path: Path) -> None:
    html = html_of(path)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert csp is not None and csp.group(1).startswith("default-src 'none';")
    style = re.search(r"<style>(.*?)</style>", html, re.S)
    script = re.search(r"<script>(.*?)</script>", html, re.S)
    assert style and script and sha(style.group(1)) in csp.group(1) and sha(script.group(1)) in csp.group(1)
    assert not re.search(r"(src|href)=\"(https?:)?//", html)  # nothing fetched
    code = len(html) - len(re.search(r'id="data">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
    assert code < 100_000


def test_every_step_of_the_replay_is_a_step_of_the_page() -> None:
    """The page's steps, deal by deal, are the replay's steps (preflog.replay), in order and in words."""
    with open(ROOT / "samples" / "annotated.pref", encoding="utf-8") as f:
        games = preflog.load_all(f)
    data = games_data(games)
    for game, shown in zip(games, data):
        steps = [s for d in shown["deals"] for s in d["line"]["steps"]]
        replayed = list(preflog.replay(game))
        assert len(steps) == len(replayed)
        for step, r in zip(steps, replayed):
            if isinstance(r.event, preflog.CardPlayed):
                assert r.event.card.rank.name.lower() in step["say"] and r.event.card.suit.name.lower() in step["say"]


def test_variations_are_branches_of_the_card_they_replace() -> None:
    """samples/annotated.pref deal 1 has two variations: each a branch at the card it replaces."""
    data = games_data(preflog.load_all(open(ROOT / "samples" / "annotated.pref", encoding="utf-8")))
    line = data[0]["deals"][0]["line"]
    assert sorted(line["br"]) == ["19", "31"]
    for index, branches in line["br"].items():
        main, alternative = line["steps"][int(index)], branches[0]["steps"][0]
        status = next(s["s"] for s in reversed(line["steps"][:int(index) + 1]) if "s" in s)  # carried on
        assert main["t"] != alternative["t"] and status.split(" · ")[:2] == alternative["s"].split(" · ")[:2]


HOSTILE = ('[Event "</script><script>alert(1)</script><img src=x onerror=alert(2)>"]\n'
           '[Players "Anna Boris Vera"]\n\n'
           'deal 1 {</script><script>alert(3)</script>}\nbids 6s {<b onclick="x()">} pass pass\n'
           'contract 6s\nwhist whist pass\nresult 6\n')


def test_no_text_of_a_file_becomes_markup() -> None:
    html = page(preflog.loads_all(HOSTILE))
    data_text = re.search(r'id="data">(.*?)</script>', html, re.S).group(1)  # type: ignore[union-attr]
    assert "<" not in data_text and ">" not in data_text
    assert html.count("<script") == 2  # the data and the page's own code, nothing else
    assert "<img" not in html.replace("\\u003cimg", "")
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in html  # the title, as text
    assert data_of(html)["games"][0]["title"].startswith("</script>")  # kept, as data


def test_the_command_writes_the_page_and_says_what_is_wrong(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    code, _, err = run("render", str(ROOT / "samples" / "four-players.pref"), "-o", str(out), "--deal", "2",
                       "--seat", "Vera")
    assert (code, err) == (0, "")
    data = data_of(out.read_text(encoding="utf-8"))
    assert [d["n"] for d in data["games"][0]["deals"]] == [2] and data["seat"] == "Vera"
    bad = tmp_path / "bad.pref"
    bad.write_text('[Players "Anna Boris Vera"]\n\ndeal 1\nbids 6s 6s pass\n', encoding="utf-8")
    code, _, err = run("render", str(bad), "-o", str(tmp_path / "bad.html"))
    assert code == 1 and "the page shows 2 rule violations" in err  # as preflog check: A202, A208 and (tmp_path / "bad.html").exists()
    code, _, err = run("render", str(ROOT / "samples" / "four-players.pref"), "--deal", "99", "-o", str(out))
    assert code == 2 and "there is no deal 99" in err
    code, _, err = run("render", str(ROOT / "samples" / "four-players.pref"), "--seat", "Nobody", "-o", str(out))
    assert code == 2 and "'Nobody' is not a player" in err


def test_in_a_notebook_a_game_shows_its_page_and_a_sheet_its_drawing() -> None:
    with open(ROOT / "samples" / "sochi-pulka.pref", encoding="utf-8") as f:
        game = preflog.load(f)
    frame = game._repr_html_()
    assert frame.startswith('<iframe srcdoc="&lt;!DOCTYPE html&gt;')
    assert "<script" not in frame  # the page is inside the attribute, escaped
    assert preflog.score(game)._repr_svg_().startswith("<svg ")


def test_calls_and_contracts_are_announced_in_words() -> None:
    steps = [s for d in games_data([preflog.loads(HOSTILE.replace("{<b onclick=\"x()\">} ", ""))])[0]["deals"]
             for s in d["line"]["steps"]]
    said = [s["say"] for s in steps if "say" in s]
    assert said[:4] == ["Boris bids six spades", "Vera passes", "Anna passes", "Boris declares six spades"]


def _main_steps(deal: dict) -> list[dict]:  # type: ignore[type-arg]
    """A deal's main line with what each step carries on filled in (as the page does)."""
    out, shown = [], {}  # type: ignore[var-annotated]
    for step in deal["line"]["steps"]:
        shown = {k: v for k, v in shown.items() if k in ("h", "w", "s", "a", "r", "dc")} | step
        out.append(shown)
    return out


def test_the_talon_leads_the_first_two_tricks_of_a_sochi_all_pass() -> None:
    """samples/sochi-pulka.pref deal 2 (Code 3.7.6): talon 7h Ah; Vera, Anna, Boris play 9h Jh 8h to the
    turned 7h (Anna's jack wins), then Qh Kh Th to the turned Ah (Anna's king wins: the talon's card
    only names the suit); the eldest hand leads the third trick, with no talon card. Players in seat
    order Anna 0, Boris 1, Vera 2."""
    data = games_data([preflog.load(open(ROOT / "samples" / "sochi-pulka.pref", encoding="utf-8"))])
    steps = _main_steps(data[0]["deals"][1])
    cards = [s for s in steps if "k" in s]
    assert cards[0]["k"] == [[-1, "7h"], [2, "9h"]] and cards[0]["x"] == ["Ah"]
    assert cards[0]["say"] == "the talon shows the seven of hearts; Vera plays the nine of hearts"
    assert cards[2]["say"] == "Boris plays the eight of hearts; Anna wins the trick"
    assert cards[3]["k"] == [[-1, "7h"], [2, "9h"], [0, "Jh"], [1, "8h"]] and cards[3]["win"] == 0
    assert cards[3]["say"] == "Anna wins trick 1; tricks: Anna 1, Boris 0, Vera 0"
    assert cards[4]["k"] == [[-1, "Ah"], [2, "Qh"]] and "x" not in cards[4]
    assert cards[4]["say"] == "the talon shows the ace of hearts; Vera plays the queen of hearts"
    assert cards[7]["win"] == 0 and cards[8]["k"] == [[2, "Qc"]]  # the eldest, Vera, leads the third (3.7.6.1)


def test_each_seat_s_part_and_the_discard_are_on_the_page() -> None:
    """samples/sochi-pulka.pref deal 1: Boris (seat 1) declares 6s after discarding 7h 7c; Vera
    whists, Anna passes, closed."""
    data = games_data([preflog.load(open(ROOT / "samples" / "sochi-pulka.pref", encoding="utf-8"))])
    steps = _main_steps(data[0]["deals"][0])
    said = [s.get("say") for s in steps]
    assert "Vera whists" in said and "Anna passes" in said
    assert steps[-1]["r"] == ["pass", "declarer", "whist"]
    discard = next(i for i, s in enumerate(steps) if s["t"].startswith("Boris discards"))
    assert "dc" not in steps[discard - 1] and steps[discard]["dc"] == ["7h", "7c"] and steps[-1]["dc"] == ["7h", "7c"]


def test_a_tag_spelled_like_a_slot_of_the_page_stays_text() -> None:
    """The page is put together in one pass: an Event tag "{js}" is a title, not the page's script."""
    html = page(preflog.loads_all('[Event "{js} {data} {css}"]\n[Players "Anna Boris Vera"]\n\ndeal 1\n'
                                  'bids pass pass pass\nresult Anna 4 Boris 3 Vera 3\n'))
    assert "<title>{js} {data} {css}</title>" in html and html.count('"use strict"') == 1


def test_a_deal_with_violations_says_so_in_the_deal_list() -> None:
    """Vera's 6s after Boris's 6s does not outbid it (A202, Code 3.3.7), and Anna plays 8d, which she
    does not hold (P501, 3.9.2): the deal is listed with as many violations as its steps show."""
    text = ('[Players "Anna Boris Vera"]\n\ndeal 1\nhands Boris: KJ98.T.QJ8.K7 Vera: QT.QJ.AKT.AT9 '
            'Anna: A7.AK98.9.QJ8\ntalon 7c 7d\nbids 6s 6s pass pass\ndiscard 7h 7c\ncontract 6s\n'
            'whist whist pass closed\nplay 7d Td 8d\n')
    data = games_data(preflog.loads_all(text))
    deal = data[0]["deals"][0]
    shown = [v.split(":")[0] for s in deal["line"]["steps"] for v in s.get("v", ())]
    assert deal["errors"] == len(shown) and {"A202", "P501"} <= set(shown)


def test_the_analysed_page_in_russian_values_the_dummy_s_cards_too() -> None:
    """samples/gusarik.pref, two players and the dummy (seed 001, Code 3.7.6.4): the whister plays the
    dummy's cards too, and the page in Russian, which names the dummy «болван», carries at each card the
    same values, by the same seats, as the page in English (it stopped with a ValueError at the dummy's
    first card: the values named their players as the replay does, 'Dummy', and were looked up among
    the names in words)."""
    from preflog.i18n import using_language

    with open(ROOT / "samples" / "gusarik.pref", encoding="utf-8") as f:
        game = preflog.load(f)
    english = games_data([game], analyse=True)
    with using_language("ru"):
        russian = games_data([game], analyse=True)

    def values(data: list[dict]) -> list[list[tuple[object, object]]]:  # type: ignore[type-arg]
        return [[(s.get("dd"), s.get("dp")) for s in d["line"]["steps"]] for d in data[0]["deals"]]

    assert (english[0]["seats"], russian[0]["seats"]) == (["Anna", "Boris", "Dummy"], ["Anna", "Boris", "болван"])
    assert values(russian) == values(english)
    assert any(s["dd"][0] == 2 for d in russian[0]["deals"] for s in d["line"]["steps"] if "dd" in s)  # the dummy's


def test_the_page_is_written_through_a_link_and_into_a_pipe_never_over_them(tmp_path: Path) -> None:
    """``-o`` names a link: the file it names gets the page and the link stays; ``-o`` names a pipe (or a
    device): the page goes into it. Written to a temporary file and renamed over the output, the page had
    replaced the link, or the pipe, or, for root, a device such as /dev/full, with a file of its own."""
    import os
    import threading

    source = ROOT / "samples" / "annotated.pref"
    page_file = tmp_path / "pages" / "annotated.html"
    page_file.parent.mkdir()
    page_file.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.html"
    link.symlink_to(page_file)
    code, _out, err = run("render", str(source), "-o", str(link))
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(page_file)
    assert page_file.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    code, _out, err = run("render", str(source), "-o", str(pipe))
    reader.join(60)
    assert code == 0, err
    assert pipe.is_fifo() and got and got[0].startswith(b"<!DOCTYPE html>")
