"""The replay of a deal recorded from the scorer's keypad (issue 65, item 2): a deal of the short form
has no hands, no auction and no play, only its contract, the defenders' words and the tricks taken. Its
page (``/games/{id}/deals/{n}``) tells what is known, as the game's page tells it (the same words, from
the same judgment), and what it wrote on the sheet; it never shows a count of tricks nobody recorded or a
heading over nothing. The page has the site's header with the way back to its game, and its step buttons
say what they do, in Russian and in English.

The deals are posted as the scorer's page posts them (scorer.js: the short form as the keys type it, as
text, with the login's CSRF token, the revision seen and an idempotency key), for a Leningrad pulka of
four (a whist and a pass, a half-whist, an all-pass, a misère, a six of no-trumps nobody whists, a seven
failed) and a gusarik (a whist on the dummy's side, a two-handed all-pass, a misère made).
"""

from __future__ import annotations

import html
import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .serving import AUTH, TOKEN, Served, served

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")

TEXT = {"Content-Type": "text/plain; charset=utf-8"}
#: Each game: its tags, and its deals as the keypad types them (scorer.js posts what the keys type).
LENINGRAD = ('[Event "Пятница"]\n[Players "Аня Лёва Оля Миша"]\n[Rules "leningrad"]\n[Pool "20"]\n',
             ("Лёва 7s wp 8", "Оля 6d ph", "pass 4 3 3", "mis Аня 1", "Миша 8h ww 6 2 2", "Аня 6nt pp", "Лёва 7s wp 6"))
GUSARIK = ('[Event "Поезд"]\n[Players "Аня Боря"]\n[Rules "gusarik"]\n[Pool "10"]\n',
           ("Боря 7h w 8", "pass 4 3 3", "mis Аня 0"))
#: What each deal's page says of it, in each language: the deal told, and how it went.
TOLD = {
    "ru": {("len", 7): ("Лёва: 7♠ · Миша: вист, Аня: пас · взятки: Лёва 6", "ремиз, без одной"),
           ("len", 2): ("Оля: 6♦ · Миша: пас, Аня: полвиста", "сыграно без розыгрыша: полвиста"),
           ("len", 3): ("распасы · взятки: Миша 4, Аня 3, Лёва 3", ""),
           ("len", 4): ("Аня: мизер · взятки: Аня 1", "мизер пойман: 1 взятка"),
           ("len", 6): ("Аня: 6 БК · Оля: пас, Миша: пас", "сыграно без розыгрыша: никто не вистовал"),
           ("gus", 1): ("Боря: 7♥ · Аня: вист в светлую · взятки: Боря 8", "сыграно"),
           ("gus", 2): ("распасы · взятки: болван 4, Аня 3, Боря 3", ""),
           ("gus", 3): ("Аня: мизер · взятки: Аня 0", "мизер сыгран")},
    "en": {("len", 7): ("Лёва: 7s · Миша: whist, Аня: pass · tricks: Лёва 6", "failed, -1"),
           ("len", 2): ("Оля: 6d · Миша: pass, Аня: half-whist", "made without play: a half-whist"),
           ("len", 3): ("all-pass · tricks: Миша 4, Аня 3, Лёва 3", ""),
           ("len", 4): ("Аня: mis · tricks: Аня 1", "misère caught: 1 trick"),
           ("gus", 2): ("all-pass · tricks: Dummy 4, Аня 3, Боря 3", ""),
           ("gus", 3): ("Аня: mis · tricks: Аня 0", "misère made")},
}
#: The page's own words in each language: its header's way back, its step buttons, what is not recorded.
WORDS = {"ru": {"back": "к игре", "steps": ("назад", "вперёд"), "head": "Сдача {n}, как записана",
                "calls": "торговля не записана", "play": "розыгрыш не записан", "unplayed": "сдача не разыгрывалась",
                "dummy": "болван", "zero": "0 взяток"},
         "en": {"back": "back to the game", "steps": ("back", "forward"), "head": "Deal {n} as recorded",
                "calls": "auction not recorded", "play": "play not recorded", "unplayed": "the deal is not played",
                "dummy": "Dummy", "zero": "0 tricks"}}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, dict[str, int]]]:
    """A club's archive holding the two games, every deal recorded from the keypad."""
    server = Served(tmp_path_factory.mktemp("keypad") / "club.sqlite")
    with server.client() as scorer:
        csrf = _login(scorer)
        games = {key: _recorded(scorer, csrf, *game) for key, game in (("len", LENINGRAD), ("gus", GUSARIK))}
    yield server, games
    server.stop()


def _login(client: httpx.Client) -> str:
    """The scorer logged in through the form, as on the phone: the CSRF token the pages carry then."""
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
    assert found is not None
    r = client.post("/login", data={"csrf": found.group(1), "token": TOKEN, "next": "/"})
    assert r.status_code == 303
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text)
    assert found is not None
    return found.group(1)


def _recorded(scorer: httpx.Client, csrf: str, tags: str, deals: tuple[str, ...]) -> int:
    """A new game and its deals posted as scorer.js posts each: the typed text, the revision it saw."""
    r = scorer.post("/api/games?force=1", content=tags.encode(), headers={**AUTH, **TEXT})
    assert r.status_code == 201, r.text
    game: int = r.json()["ids"][0]
    revision = scorer.get(f"/api/games/{game}").json()["revision"]
    for typed in deals:
        r = scorer.post(f"/api/games/{game}/deals", content=typed.encode(),
                        headers={**TEXT, "X-CSRF-Token": csrf, "If-Match": f'"{revision}"',
                                 "Idempotency-Key": str(uuid.uuid4())})
        assert r.status_code == 201, (typed, r.text)
        revision = r.json()["revision"]
    return game


def _replay(client: httpx.Client, game: int, number: int, lang: str) -> tuple[str, dict[str, Any]]:
    """The deal's page in ``lang`` and the one deal its data holds."""
    r = client.get(f"/games/{game}/deals/{number}", params={"lang": lang})
    assert r.status_code == 200
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', r.text, re.S)
    assert found is not None
    (deal,) = json.loads(found.group(1))["games"][0]["deals"]
    return r.text, deal


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_keypad_deal_is_told_as_recorded_with_what_it_wrote_on_the_sheet(
        club: tuple[Served, dict[str, int]], lang: str) -> None:
    """Deal 7 (Лёва took 6 on 7♠) and every other kind the keypad records: the deal told in the game
    page's own words (the same text on both pages), how it went, every line it wrote on the sheet,
    and a word for the auction and the play that are not recorded; never a count of tricks nobody
    recorded."""
    server, games = club
    words = WORDS[lang]
    with server.client() as c:
        for (key, number), (said, outcome) in TOLD[lang].items():
            page, deal = _replay(c, games[key], number, lang)
            told = deal["told"]
            assert told["head"] == words["head"].format(n=number)
            assert told["said"] == said and told["outcome"] == outcome, (key, number)
            game_page = html.unescape(c.get(f"/games/{games[key]}", params={"lang": lang}).text)
            assert said in game_page  # the game's page says the deal in the same words
            gaps = deal["gaps"]
            assert deal["entries"] or gaps["entries"], (key, number)  # the sheet's lines, or that there are none
            for line in deal["entries"]:
                assert line in game_page  # what the deal wrote on the sheet, as the game's page writes it
            assert gaps["play"] == (words["unplayed"] if "без розыгрыша" in outcome or "without play" in outcome
                                    else words["play"])
            assert bool(deal["calls"]) or gaps["calls"] == words["calls"]
            _no_tricks_made_up(deal, said)


def _no_tricks_made_up(deal: dict[str, Any], said: str) -> None:
    """Each step's tricks by seat are the result's or none (``null``), never a 0 the result does not
    write; the deal's last step shows the result's."""
    counts = [step["w"] for step in deal["line"]["steps"] if "w" in step]
    for tricks in counts:
        for n in tricks:
            assert n is None or f" {n}" in said, (tricks, said)
    if "tricks:" in said or "взятки:" in said:
        assert any(n is not None for n in counts[-1])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_replay_page_has_the_site_s_header_and_labelled_step_buttons(
        club: tuple[Served, dict[str, int]], lang: str) -> None:
    """The page's header: the site's name, the way back to its game (``/games/{id}``), the languages;
    each step button with its word (◀ back, forward ▶) in the page's language; the gusarik's dummy in
    the page's word; the language chosen in the header kept for the next page, as every page keeps it."""
    server, games = club
    words = WORDS[lang]
    with server.client() as c:
        r = c.get(f"/games/{games['len']}/deals/7", params={"lang": lang})
        assert f"preflog_lang={lang}" in r.headers["set-cookie"]
        page = r.text
        assert f'<a class="back" href="/games/{games["len"]}">' in page
        assert re.search(r'<a class="back"[^>]*>.*?' + re.escape(words["back"]) + "</a>", page)
        assert '<a class="home" href="/">preflog</a>' in page and 'href="?lang=ru"' in page
        for button, word in zip(("back", "fwd"), words["steps"]):
            assert re.search(f'<button id="{button}"[^>]*>[^\\n]*<span>{word}</span>[^\\n]*</button>', page), word
        for number in (1, 2, 3):  # the gusarik's: the dummy by its word, in Russian never «Dummy»
            page, deal = _replay(c, games["gus"], number, lang)
            assert lang == "en" or "Dummy" not in page[page.index('id="data"'):]
            assert number != 2 or f"{words['dummy']} 4" in deal["told"]["said"]
            assert words["dummy"] in [step["t"] for step in deal["line"]["steps"]][-1] or number != 2


def test_a_deal_played_card_by_card_keeps_its_full_replay(club: tuple[Served, dict[str, int]]) -> None:
    """A deal with its hands and play is replayed step by step as before: no deal told beside it, the
    tricks counted as played."""
    server, _games = club
    played = ('[Event "Суббота"]\n[Players "Оля Миша Аня"]\n[Rules "sochi"]\n[Pool "10"]\n\n'
              "deal 1 dealer Оля\nhands Миша: QJT.J.AJT.KQJ Аня: K9.AKQ9.Q97.T Оля: 87.T87.K8.A87\ntalon As 9h\n"
              "bids 6s 6c pass 6d 6h 7s pass\ndiscard Ts Td\ncontract 7h\nwhist whist whist\n"
              "play Qs Ks 7s | 9s 8s Js | Jc Kc 7c | 9d 8d Jd | Qh Th Ah | Kd Ad Qd | Jh 9c 7h | Kh Ac 8h | "
              "As 7d 8c | 9h Qc Tc\nresult Миша 7 Аня 2 Оля 1\n")
    with server.client() as c:
        r = c.post("/api/games?force=1", content=played.encode(), headers={**AUTH, **TEXT})
        assert r.status_code == 201, r.text
        _, deal = _replay(c, r.json()["ids"][0], 1, "ru")
    assert "told" not in deal and "play" not in deal.get("gaps", {})
    assert sum(1 for step in deal["line"]["steps"] if "tr" in step) == 10
    assert [s["w"] for s in deal["line"]["steps"] if "w" in s][-1] == [1, 7, 2]


def test_what_users_typed_stays_text(tmp_path: Path) -> None:
    """An event's name typed with markup is text on the deal's page: in its title, header and data."""
    evil = '</script><img src=x onerror=alert(1)>'
    with served(tmp_path / "club.sqlite") as server, server.client() as c:
        csrf = _login(c)
        game = _recorded(c, csrf, f'[Event "{evil}"]\n[Players "Anna Boris Vera"]\n[Pool "10"]\n', ("Boris 7s wp 6",))
        page, deal = _replay(c, game, 1, "en")
    assert "<img" not in page and page.count("</script>") == 2
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page
    assert deal["told"]["said"] == "Boris: 7s · Vera: whist, Anna: pass · tricks: Boris 6"
