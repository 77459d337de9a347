"""Remizes as the Code counts them, in the events' tie-break and in ``preflog stats``; and the whists
each player won on each deal in an event's protocols, as text and JSON.

The Code's footnote [3] to «ремиз»: «недобор взятки, подсад на игре или висте, невыполнение
обязательства взять то или иное количество взяток на игре (или обязательства не брать взяток – на
мизере)». So a remiz is a game set (4.2.1), a misère caught (3.6) or a whister's remiz («ремиз
вистующего», 3.8.1.3; footnote [55]: «при недоборе до обязательного количества взяток»). The
whisters' obligation is 4 tricks on a 6, 2 on a 7, 1 on an 8, 9 or 10, none on a misère (3.8.2); two
whisters answer each for half of it, and only when together they fall short (3.8.6: «каждый, кто
набрал меньше половины»), on 8, 9 and 10 the second to whist for the one trick; one whister carries
it alone (3.8.5); a pass and a half-whist carry none (3.8.7). In Sochi the whister's shortfall is
written in full to the mountain (3.8.11), in Leningrad in half (3.8.12): a remiz either way.

Every count below is worked by hand from the deals as written, not from preflog's output.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import preflog
from preflog.event.director import event_boards, new_event
from preflog.event.duplicate import duplicate_scores
from preflog.event.plan import Kind, Plan, TieBreak, dumps_plan
from preflog.event.protocol import protocol_rows
from preflog.event.report import report_json
from preflog.event.results import collect
from preflog.event.standings import standings
from preflog.i18n import using_language
from preflog.statistics.page import stats_page
from preflog.statistics.shape import csv_text, stats_json
from preflog.statistics.tally import player_data, player_of
from preflog.statistics.text import stats_text

from .test_cli import run

# ---- one pulka in Sochi: every kind of remiz, and what is not one ----

#: Anna, Boris, Vera sit in that order (the defenders answer from the declarer's left: Boris's left is
#: Vera, Vera's is Anna, Anna's is Boris).
SOCHI = """[Event "Remizes"]
[Date "2026-11-20"]
[Players "Anna Boris Vera"]
[Rules "sochi"]
[Pool "10"]

deal 1 dealer Anna
contract Boris: 6s
whist whist whist
result Boris 8 Vera 1 Anna 1

deal 2 dealer Boris
contract Vera: 7h
whist whist pass closed
result Vera 9

deal 3 dealer Vera
contract Anna: mis
result 2

deal 4 dealer Anna
contract Boris: 7s
whist whist pass closed
result Boris 6

deal 5 dealer Boris
contract Vera: 8d
whist whist whist
result Vera 10

deal 6 dealer Vera
contract Anna: 6c
whist pass half

deal 7 dealer Anna
contract Boris: 6d
whist whist whist
result Boris 6 Vera 4 Anna 0
"""
# 1. Boris 6♠ made, both whist: Vera and Anna answer for 2 tricks each (3.8.6), take 1 each, the two
#    together 2 of 4: each is short by one — two whister's remizes, Vera's and Anna's.
# 2. Vera 7♥ made with 9, Anna whists alone (Boris passes): the defence's one trick of the two she
#    carries alone (3.8.5): Anna short by one — a whister's remiz.
# 3. Anna's misère, two tricks taken: a misère caught (with 2).
# 4. Boris 7♠, 6 tricks: a game set by one. Vera whisting alone has the defence's 4 of 2: no remiz.
# 5. Vera 8♦ with all ten, both whist: on an 8 the second to whist (Boris: Vera's left is Anna, who
#    whists first) answers for the one trick (3.8.6) — Boris's whister's remiz.
# 6. Anna 6♣, Boris passes, Vera goes half-whist: the game counts as made (3.8.7); nobody's remiz.
# 7. Boris 6♦ made, both whist, Vera 4 and Anna 0: together the 4 of the obligation, so nobody answers
#    (3.8.6: only when the whisters together fall short): no remiz, though Anna took none.
#: The remizes of the pulka by hand: (games set, misères caught, whister's remizes).
SOCHI_REMIZES = {"Anna": (0, 1, 2), "Boris": (1, 0, 1), "Vera": (0, 0, 1)}

LENINGRAD = """[Event "Remizes"]
[Players "Anna Boris Vera"]
[Rules "leningrad"]
[Pool "10"]

deal 1 dealer Anna
contract Boris: 6s
whist whist pass closed
result Boris 7
"""
# Boris 6♠ made with 7; Vera whists alone, Anna passes: the defence's 3 of 4, Vera short by one. In
# Leningrad she writes half the price to the mountain for it (3.8.12, «ремизом в половинном объёме»):
# still a whister's remiz.


def _stats(*texts: str) -> preflog.Stats:
    return preflog.stats([g for t in texts for g in preflog.load_all(t)])


def test_stats_count_each_kind_of_remiz_of_footnote_3() -> None:
    """A figure each: games set, misères caught, whister's remizes, and the remizes in all."""
    s = _stats(SOCHI)
    assert s.rejected_games == 0
    players = s.total.players
    for name, (games_set, caught, whist) in SOCHI_REMIZES.items():
        p = players[name]
        assert (p.games_set, p.caught, p.whist_remizes) == (games_set, caught, whist), name
        assert p.remizes == games_set + caught + whist, name
    assert dict(players["Anna"].whist_short_by) == {1: 2}
    assert dict(players["Boris"].whist_short_by) == {1: 1}
    assert dict(players["Boris"].set_by) == {1: 1} and dict(players["Anna"].caught_with) == {2: 1}
    # the figure that was there keeps its meaning: contracts declared and not made, a caught misère too
    assert (players["Anna"].set, players["Boris"].set, players["Vera"].set) == (1, 1, 0)


def test_a_whister_short_in_leningrad_is_set_too() -> None:
    """Half liability (3.8.12) is still a remiz: Vera's one; nobody else's."""
    players = _stats(LENINGRAD).total.players
    assert [(n, players[n].whist_remizes, players[n].remizes) for n in ("Anna", "Boris", "Vera")] == [
        ("Anna", 0, 0), ("Boris", 0, 0), ("Vera", 1, 1)]


def test_remizes_in_every_format() -> None:
    """The JSON, the CSV, the DataFrame, the text (English and Russian) and the page each carry the three
    figures and the total."""
    s = _stats(SOCHI)
    players = stats_json(s)["players"]
    anna, boris = players["Anna"], players["Boris"]
    assert (anna["games_set"], anna["misere_caught"], anna["whist_remizes"], anna["remizes"]) == (0, 1, 2, 3)
    assert (anna["whist_remizes_by"], anna["set"]) == ({"1": 2}, 1)
    assert (boris["games_set"], boris["whist_remizes"], boris["remizes"]) == (1, 1, 2)
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(csv_text(s)[1:])) if r["split"] == "all"}
    assert [(r["games_set"], r["misere_caught"], r["whist_remizes"], r["remizes"]) for r in
            (rows["Anna"], rows["Boris"], rows["Vera"])] == [("0", "1", "2", "3"), ("1", "0", "1", "2"),
                                                             ("0", "0", "1", "1")]
    frame = s.to_dataframe()
    whole = frame[frame["split"] == "all"].set_index("player")
    assert whole.loc["Anna", "remizes"] == 3 and whole.loc["Vera", "whist_remizes"] == 1
    with using_language("en"):
        out = stats_text(s)
        page = stats_page(s)
    section = out.split("Remizes\n-------\n")[1].split("\n\n")[0].splitlines()
    assert section[0].split() == ["player", "games", "set", "misères", "caught", "whisting", "in", "all"]
    assert {line.split()[0]: line.split()[1:] for line in section[1:]} == {
        "Anna": ["0", "1", "2", "3"], "Boris": ["1", "0", "1", "2"], "Vera": ["0", "0", "1", "1"]}
    assert "<h2>Remizes</h2>" in page and "<td>Anna</td><td>0</td><td>1</td><td>2</td><td>3</td>" in page
    with using_language("ru"):
        out = stats_text(s)
    section = out.split("Ремизы\n------\n")[1].split("\n\n")[0].splitlines()
    assert section[0].split() == ["игрок", "на", "игре", "на", "мизере", "на", "висте", "всего"]


def test_the_whisters_remizes_go_through_the_kept_data() -> None:
    """player_data writes the whister's remizes by the tricks short, and player_of reads them back."""
    anna = _stats(SOCHI).total.players["Anna"]
    data = json.loads(json.dumps(player_data(anna)))
    assert data["whist_short_by"] == {"1": 2}
    again = player_of(data)
    assert again == anna and again.remizes == 3


# ---- an event: the tie-break "fewest remizes" (4.1.3) ----

#: One table, four deals to a pool of 10, Sochi (prices 6→2, 7→4, misère 10).
TIE = """deal 1 dealer Anna
contract Vera: mis
result 1

deal 2 dealer Boris
contract Boris: 6s
whist whist whist
result Boris 7 Anna 2 Vera 1

deal 3 dealer Vera
contract Anna: 6s
whist whist pass closed
result Anna 3

deal 4 dealer Anna
bids pass pass pass
result Anna 5 Boris 3 Vera 2
"""
# Worked by hand (RULES.md, Sochi):
# 1. Vera's misère caught with one trick: 10 to her mountain (4.2.1).
# 2. Boris 6♠ made: 2 to his pool. Vera (first whister: Boris's left) and Anna answer for 2 each; Vera
#    takes 1 — short by one: 2 to her mountain (3.8.6, 3.8.11) — and writes 1 × 2 = 2 on Boris; Anna
#    takes 2 and writes 4 on Boris.
# 3. Anna 6♠ with 3: set by three, 3 × 2 = 6 to her mountain; Boris whists alone and writes the
#    defence's 7 tricks × 2 = 14 on her (3.8.13) and the consolation 3 × 2 = 6; Vera the consolation, 6.
# 4. All-pass 5/3/2, the first in a row (price 1): after the amnesty of 2 (3.7.3), Anna 3 and Boris 1
#    to the mountain.
# Settlement (4.2.14), the open pool's shortfall to the mountain (4.2.3): mountains Anna 6 + 3 + 10 =
# 19, Boris 1 + 8 = 9, Vera 10 + 2 + 10 = 22, average 50/3. Whists: Anna 4 − 20 − 6 = −22, Boris
# 20 − 4 − 2 = +14, Vera 2 + 6 = +8. Anna (50/3 − 19) × 10 − 22 = −136/3; Boris (50/3 − 9) × 10 + 14 =
# +272/3; Vera (50/3 − 22) × 10 + 8 = −136/3.
# Remizes: Anna 1 (a game set); Vera 2 (a misère caught and a whister's remiz); Boris none. Anna and
# Vera are equal on whists: the fewest remizes puts Anna second, Vera third.
#: Each deal's whists, the change it made to each one's settlement as if the pulka ended after it
#: (4.2.14): after deal 1, mountains with the shortfall 10, 10, 20 → 100/3, 100/3, −200/3; after 2,
#: 10, 8, 22 and whists +4, −6, +2 → 112/3, 142/3, −254/3; after 3, 16, 8, 22 and −22, +14, +8 →
#: −86/3, 262/3, −176/3; after 4, the settlement above.
TIE_DEALS = {1: (F(100, 3), F(100, 3), F(-200, 3)), 2: (F(4), F(14), F(-18)), 3: (F(-66), F(40), F(26)),
             4: (F(-50, 3), F(10, 3), F(40, 3))}
TRIO = ("Anna", "Boris", "Vera")


def _tie_event() -> tuple[preflog.Game, Plan]:
    plan = new_event("Ties", TRIO, tours=1, deals=4, pool=10, seed="s",
                     tiebreaks=[TieBreak.REMIZES, TieBreak.MISERE_TRICKS])
    table = plan.drawn[0].tables[0]
    text = (f'[Event "Ties"]\n[Round "1"]\n[Table "{table.number}"]\n[Players "Anna Boris Vera"]\n[Pool "10"]\n\n'
            + TIE)
    return preflog.loads(text), plan


def test_the_fewest_remizes_counts_every_remiz() -> None:
    """Code 4.1.3's "fewest remizes" with footnote [3]'s remizes: Anna's game set is one, Vera's caught
    misère and her whister's remiz two; equal on whists, Anna stands above Vera."""
    game, plan = _tie_event()
    results = collect(plan, [("ties.pref", game)])
    assert results.problems == []
    lines = standings(results).lines
    assert [(x.player, x.place, x.shared, x.whists, x.tiebreaks) for x in lines] == [
        ("Boris", 1, False, F(272, 3), (0, 0)), ("Anna", 2, False, F(-136, 3), (1, 0)),
        ("Vera", 3, False, F(-136, 3), (2, 1))]


def test_the_protocol_json_carries_each_player_s_whists_on_each_deal() -> None:
    """Each deal of the protocol gives each player's whists won on it, as its text does: to two decimals,
    the difference of his whists after the deal and before it, each step rounded as the game's whists are
    (the largest remainder in the seats' order, so that the three add up to 0 as the exact ones do), so
    that his deals add up to his game's whists, and to his whists after each deal on the way."""
    game, plan = _tie_event()
    results = collect(plan, [("ties.pref", game)])
    doc = report_json(plan, results, standings=standings(results))
    (entry,) = doc["games"]
    assert entry["whists"] == {"Anna": -45.33, "Boris": 90.67, "Vera": -45.34}
    # after each deal (TIE_DEALS added up), exactly: Anna 100/3, 112/3, −86/3, −136/3; Boris 100/3, 142/3,
    # 262/3, 272/3; Vera −200/3, −254/3, −176/3, −136/3. In hundredths each is rounded down and the units
    # the floors lack of the exact sum (0) go to the largest remainders, all equal here (⅓ or ⅔), so to
    # the first seats: after deal 1 floors 3333, 3333, −6667 lack one, Anna's: 33.34, 33.33, −66.67;
    # after 2: 37.34, 47.33, −84.67; after 3: −28.66, 87.33, −58.67; after 4 floors −4534, 9066, −4534
    # lack two, Anna's and Boris's: −45.33, 90.67, −45.34
    assert [(d["deal"], d["dealer"], d["whists"]) for d in entry["protocol"]] == [
        (1, "Anna", {"Anna": 33.34, "Boris": 33.33, "Vera": -66.67}),
        (2, "Boris", {"Anna": 4, "Boris": 14, "Vera": -18}),
        (3, "Vera", {"Anna": -66, "Boris": 40, "Vera": 26}),
        (4, "Anna", {"Anna": -16.67, "Boris": 3.34, "Vera": 13.33})]
    assert all(abs(F(str(d["whists"][p])) - exact) < F(1, 100)
               for d in entry["protocol"] for p, exact in zip(TRIO, TIE_DEALS[d["deal"]]))
    for player in TRIO:
        added = sum(Decimal(str(d["whists"][player])) for d in entry["protocol"])
        assert added == Decimal(str(entry["whists"][player])), player
    assert [row[4:] for row in protocol_rows(results.played[0])] == [
        ["+33.34", "+33.33", "-66.67"], ["+4", "+14", "-18"], ["-66", "+40", "+26"], ["-16.67", "+3.34", "+13.33"]]
    assert [(d["game"], d["result"]) for d in entry["protocol"]] == [
        (row[2], row[3]) for row in protocol_rows(results.played[0])]


def test_a_board_s_protocol_shows_the_board_s_whists() -> None:
    """In duplicate a board is scored as its deal alone, the pool open (docs/events.md): the protocol's
    whists on that deal are the board's. A 6 made unwhisted by seat 1: mountains with the shortfall 98,
    100, 100, average 298/3: +40/3, −20/3, −20/3; to two decimals as the game's page shows them (floors
    1333, −667, −667 lack one unit of the exact sum 0, which the first seat's equal remainder takes):
    +13.34, −6.67, −6.67."""
    plan = new_event("Duo", TRIO, tours=1, kind=Kind.DUPLICATE, boards=2, seed="duo",
                     tiebreaks=[TieBreak.REMIZES])
    boards = {b.number: b for b in event_boards(plan)}
    t = plan.drawn[0].tables[0]
    a, b, c = t.players
    dealer = t.players[boards[1].dealer - 1]
    text = (f'[Event "Duo"]\n[Round "1"]\n[Table "{t.number}"]\n[Board "1"]\n[Players "{a} {b} {c}"]\n\n'
            f"deal 1 dealer {dealer}\ncontract {a}: 6s\nwhist pass pass\n")
    results = collect(plan, [("b1", preflog.loads(text))], boards)
    assert results.problems == []
    assert protocol_rows(results.played[0])[0][4:] == ["+13.34", "-6.67", "-6.67"]
    (entry,) = report_json(plan, results, scores=duplicate_scores(results))["games"]
    assert entry["protocol"][0]["whists"] == {a: 13.34, b: -6.67, c: -6.67} == entry["whists"]


def test_duplicate_tiebreaks_count_every_remiz() -> None:
    """One table, two boards: seat 1's misère caught (board 1), seat 2 whisting alone a 7 of which the
    defence takes one trick of two (board 2): one remiz each, none for seat 3. With one table nobody is
    over or under the field and no result is beaten: the remizes decide."""
    plan = new_event("Duo", TRIO, tours=1, kind=Kind.DUPLICATE, boards=2, seed="duo",
                     tiebreaks=[TieBreak.REMIZES])
    boards = {b.number: b for b in event_boards(plan)}
    t = plan.drawn[0].tables[0]
    a, b, c = t.players
    deals = {1: f"contract {a}: mis\nresult 1\n", 2: f"contract {a}: 7s\nwhist whist pass closed\nresult {a} 9\n"}
    games = []
    for n, deal in deals.items():
        dealer = t.players[boards[n].dealer - 1]
        games.append((f"b{n}", preflog.loads(f'[Event "Duo"]\n[Round "1"]\n[Table "{t.number}"]\n[Board "{n}"]\n'
                                             f'[Players "{a} {b} {c}"]\n\ndeal 1 dealer {dealer}\n{deal}')))
    results = collect(plan, games, boards)
    assert results.problems == []
    lines = duplicate_scores(results).lines
    assert [(x.player, x.place, x.shared, x.tiebreaks) for x in lines] == [
        (c, 1, False, (0,)), *sorted([(a, 2, True, (1,)), (b, 2, True, (1,))])]


def test_the_tiebreak_counts_from_the_command_line(tmp_path: Path) -> None:
    """``event standings --format json`` gives the same order and the remizes by name."""
    game, plan = _tie_event()
    event = tmp_path / "ties.json"
    event.write_text(dumps_plan(plan), encoding="utf-8")
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "ties.pref").write_text(preflog.dumps(game), encoding="utf-8")
    code, out, err = run("event", "standings", str(event), str(folder), "--format", "json", "--protocols")
    assert code == 0, err
    doc = json.loads(out)
    assert [(x["player"], x["place"], x["tiebreaks"]) for x in doc["standings"]] == [
        ("Boris", 1, {"remizes": 0, "misere-tricks": 0}), ("Anna", 2, {"remizes": 1, "misere-tricks": 0}),
        ("Vera", 3, {"remizes": 2, "misere-tricks": 1})]
