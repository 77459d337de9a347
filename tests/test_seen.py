"""The played cards valued single dummy (issue 67): what a player could see (Code 3.4.1, 3.6.6, 3.7.6,
3.8.4-3.8.5, 3.9.3), the layouts of what he could not, and ``preflog analyse --seen``."""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

import preflog
from preflog.analysis import seen_values
from preflog.analysis.annotate import analyse_steps, deals_of
from preflog.analysis.seen import DISCARD, PLACES, Sight, count_layouts, layouts, sight, with_shown
from preflog.analysis.single_dummy import DealSeen, seen_deal
from preflog.cli import cli as main
from preflog.game.events import CardPlayed
from preflog.model.cards import DECK, Card, Suit, card
from preflog.game.state import DealState
from preflog.model.seating import Seat
from preflog.steps import Step

from .conftest import ROOT

#: A 6NT whisted closed by both (Code 3.8.4). After seven tricks to Boris and the eighth to Anna, Anna
#: leads 7s to the ninth: Boris, second, holds As Qs; the Ks and two small hearts are with Anna (one
#: card left) and Vera (two), he cannot see which (she showed out of diamonds only). Three layouts:
#: Anna holds Ks (Qs takes both last tricks, As one) or a heart (Qs none, As both): Qs averages
#: 7 + 2/3, As 7 + 5/3. The finesse Boris played is the double-dummy best, a lucky guess; the drop is
#: a trick better as he saw it.
FINESSE = (ROOT / "docs" / "games" / "finesse.pref").read_text(encoding="utf-8")
DROP = FINESSE.replace("7s Qs 7h | As 8h Ks", "7s As 7h | Qs 8h Ks").replace("Boris 9 Vera 0 Anna 1",
                                                                              "Boris 8 Vera 0 Anna 2")
NINTH = 25  # Boris's card to the ninth trick, in the play line from 0
QS, AS = card("Qs"), card("As")


def _deal_steps(text: str) -> Sequence[Step]:
    return next(deals_of(preflog.replay(preflog.loads(text)).steps))


def _before(steps: Sequence[Step], index: int) -> Step:
    """The step before the ``index``-th card played (from 0)."""
    plays = [i for i, s in enumerate(steps) if type(s.event) is CardPlayed and i > 0]
    return steps[plays[index] - 1]


def test_the_lucky_finesse_is_an_avoidable_mistake_and_the_drop_is_best() -> None:
    """Worked by hand (:data:`FINESSE`): all three layouts valued once (exactly, no error), Qs 23/3,
    As 26/3; the finesse is a mistake of a trick, though double dummy it is the best card."""
    steps = _deal_steps(FINESSE)
    found = {c.index: c for c in seen_deal(steps, samples=3).cards}[NINTH]
    assert (found.card, found.player, found.layouts, found.exact, found.stderr) == (QS, "Boris", 3, True, 0.0)
    assert found.averages == pytest.approx({AS: 26 / 3, QS: 23 / 3})
    assert found.best == (AS,) and found.loss == pytest.approx(1) and found.mistake
    assert found.whist_loss is not None and found.whist_loss > 0
    double = {c.index: c for c in analyse_steps(steps)[0].cards}[NINTH]
    assert double.best == (QS,) and double.cost == 0
    dropped = {c.index: c for c in seen_deal(_deal_steps(DROP), samples=3).cards}[NINTH]
    assert dropped.card == AS and dropped.best == (AS,) and not dropped.mistake and dropped.loss == 0
    assert {c.index: c for c in analyse_steps(_deal_steps(DROP))[0].cards}[NINTH].cost == 1


def test_the_public_function_gives_each_mistake_with_its_position() -> None:
    mistakes = seen_values(preflog.replay(preflog.loads(FINESSE)).steps, samples=3, seed=3, game=2)
    ninth = next(m for m in mistakes if m.index == NINTH)
    assert (ninth.game, ninth.deal, ninth.player, ninth.card) == (2, 1, "Boris", QS)
    assert ninth.position.to_play == Seat.FIRST and QS in (ninth.position.hands[0] or ())
    assert json.loads(json.dumps(ninth.to_json()))["best"] == ["As"]


def test_what_boris_saw_at_the_ninth_trick() -> None:
    """His hand and discard; the cards played; not the defenders' (a closed defence, 3.8.4); Vera's
    diamond void, shown when she threw 8s on the 7d (3.9.3)."""
    steps = _deal_steps(FINESSE)
    voids: tuple[frozenset[Suit], ...] = (frozenset(), frozenset(), frozenset())
    for i in range(NINTH):
        step = _before(steps, i)
        voids = with_shown(voids, step.state.deal, _card_of(steps, i))  # type: ignore[arg-type]
    assert voids == (frozenset(), frozenset({Suit.DIAMONDS}), frozenset())
    view = sight(_before(steps, NINTH).state.deal, voids)  # type: ignore[arg-type]
    assert view.chooser == Seat.FIRST and view.known[0] == {QS, AS} and view.known[DISCARD] == {card("7c"), card("8c")}
    assert view.unseen == {card("Ks"), card("7h"), card("8h")} and view.sizes[:3] == (2, 2, 1)
    assert count_layouts(view) == 3


def _card_of(steps: Sequence[Step], index: int) -> Card:
    event = [s for i, s in enumerate(steps) if type(s.event) is CardPlayed and i > 0][index].event
    assert isinstance(event, CardPlayed)
    return event.card


def test_a_trump_game_shows_no_trumps_when_a_player_neither_follows_nor_trumps() -> None:
    """Friday's 7h: Vera throws 7d on Boris's As: no spades and no hearts left (Code 3.9.3)."""
    steps = _deal_steps((ROOT / "docs" / "games" / "friday.pref").read_text(encoding="utf-8"))
    index = 25  # the ninth trick: As 7d 8c
    d = _before(steps, index).state.deal
    assert d is not None and _card_of(steps, index) == card("7d")
    assert with_shown((frozenset(), frozenset(), frozenset()), d, card("7d"))[d.to_play] == {Suit.SPADES,  # type: ignore[index]
                                                                                              Suit.HEARTS}


def test_a_defender_places_the_talon_in_the_declarers_hand_or_discard() -> None:
    """The talon is shown to all (Code 3.4.1), the discard to nobody: Anna, leading to the ninth trick,
    knows 7c 8c are Boris's or discarded, and no layout gives them to Vera."""
    steps = _deal_steps(FINESSE)
    view = sight(_before(steps, NINTH - 1).state.deal)  # type: ignore[arg-type]
    assert view.chooser == Seat.THIRD and view.known[DISCARD] == frozenset()
    assert view.shown == {card("7c"), card("8c")} and view.sizes[DISCARD] == 2
    drawn = layouts(view, 50, random.Random(1))
    assert drawn.deals and all(not deal[1] & view.shown for deal in drawn.deals)
    assert all(deal[0] | deal[DISCARD] >= view.shown for deal in drawn.deals)


#: Hands of 3, 2 and 1 cards, a discard of 2, a talon card not turned, and 9 unseen cards: seat 1 void
#: in spades, seat 2 in clubs and hearts; 7c 8c shown in the talon, so the declarer's (seat 0) or
#: discarded.
VOIDS = Sight(Seat.THIRD, Seat.THIRD, (frozenset(), frozenset(), frozenset(), frozenset(), frozenset()),
              (3, 2, 1, 2, 1), frozenset(map(card, "7s 8s 9s 7c 8c 9c 7h 8h 9d".split())),
              frozenset({card("7c"), card("8c")}),
              (frozenset(), frozenset({Suit.SPADES}), frozenset({Suit.CLUBS, Suit.HEARTS})), Seat.FIRST)


def _every_way(view: Sight) -> set[tuple[frozenset[Card], ...]]:
    """Every layout of ``view``, by brute force: each unseen card to each place it may be in, kept when
    the sizes fit."""
    cards = sorted(view.unseen, key=DECK.index)
    found = set()
    for places in itertools.product(*(view.places(c) for c in cards)):
        deal = [set(known) for known in view.known]
        for c, p in zip(cards, places):
            deal[p].add(c)
        if all(len(deal[p]) == view.sizes[p] for p in range(PLACES)):
            found.add(tuple(frozenset(h) for h in deal))
    return found


def test_every_sampled_layout_respects_the_voids_and_the_sizes() -> None:
    drawn = layouts(VOIDS, 40, random.Random(7))
    assert not drawn.exact and len(drawn.deals) == 40 and drawn.ways == len(_every_way(VOIDS))
    every = _every_way(VOIDS)
    for deal in drawn.deals:
        assert deal in every
        assert not any(c.suit in VOIDS.voids[p] for p in range(3) for c in deal[p])
        assert [len(h) for h in deal] == list(VOIDS.sizes) and frozenset().union(*deal) == VOIDS.unseen
        assert VOIDS.shown <= deal[0] | deal[DISCARD]


def test_few_layouts_are_given_each_once_exactly() -> None:
    every = _every_way(VOIDS)
    drawn = layouts(VOIDS, len(every), random.Random(7))
    assert drawn.exact and set(drawn.deals) == every and len(drawn.deals) == len(every) == count_layouts(VOIDS)


def test_the_same_seed_gives_the_same_layouts_and_values() -> None:
    assert layouts(VOIDS, 20, random.Random(3)) == layouts(VOIDS, 20, random.Random(3))
    assert layouts(VOIDS, 20, random.Random(3)) != layouts(VOIDS, 20, random.Random(4))
    steps = _deal_steps(FINESSE)
    first, again = seen_deal(steps, samples=3, seed=5), seen_deal(steps, samples=3, seed=5)
    assert first == again and first.cards and any(not c.exact for c in first.cards)


MISERE = """[Players "Anna Boris Vera"]
[Rules "sochi"]

deal 1 dealer {dealer}
hands Boris: AQJ.AK.AK7.AK Vera: 98.T9.T9.T987 Anna: KT7.QJ.QJ8.QJ
talon 7c 8c
bids {bids}
discard 7c 8c
contract mis
play {play}
"""


def test_the_misere_catchers_lie_down_after_the_declarers_first_card() -> None:
    """Boris leads his misère: his first card is led blind, then both catchers' cards are on the table
    (Code 3.6.6): he sees them all, and each catcher sees the other's."""
    steps = _deal_steps(MISERE.format(dealer="Anna", bids="mis pass pass", play="Ac 9c Jc | Ad 9d Jd"))
    first = sight(_before(steps, 0).state.deal)  # type: ignore[arg-type]
    assert first.chooser == Seat.FIRST and first.known[1] == first.known[2] == frozenset() and len(first.unseen) == 20
    vera = sight(_before(steps, 1).state.deal)  # type: ignore[arg-type]
    assert vera.chooser == Seat.SECOND and vera.known[2] == {card(c) for c in "Ks Ts 7s Qc Jc Qd Jd 8d Qh Jh".split()}
    assert vera.unseen == {card(c) for c in "As Qs Js Kc Ad Kd 7d Ah Kh 7c 8c".split()}
    later = sight(_before(steps, 3).state.deal)  # type: ignore[arg-type]
    assert later.chooser == Seat.FIRST and later.unseen == frozenset()


def test_the_misere_catchers_lie_down_before_the_first_lead_when_theirs() -> None:
    """Vera leads against Boris's misère: the catchers open before the first lead (Code 3.6.6, 3.8.5)."""
    steps = _deal_steps(MISERE.format(dealer="Boris", bids="pass pass mis", play="9c Jc Ac"))
    d = _before(steps, 0).state.deal
    assert d is not None and d.player(d.to_play) == "Vera" and d.declarer == d.seat("Boris")
    view = sight(d)
    partner = d.seat("Anna")
    assert partner is not None and view.known[partner] == d.hands[partner] and len(view.unseen) == 12


def test_an_open_defence_is_on_the_table_and_the_whister_plays_both_hands() -> None:
    """One whister playing open ("в светлую", Code 3.8.5): both defenders' cards on the table before the
    first lead; the declarer sees every card, and the whister chooses his partner's."""
    text = FINESSE.replace("whist whist whist", "whist whist pass open")
    steps = _deal_steps(text)
    boris = sight(_before(steps, 0).state.deal)  # type: ignore[arg-type]
    assert boris.unseen == frozenset()
    anna = sight(_before(steps, 2).state.deal)  # type: ignore[arg-type]
    assert anna.seat == Seat.THIRD and anna.chooser == Seat.SECOND  # Vera whisted, Anna passed
    assert anna.unseen == {c for c in DECK if c in (_before(steps, 2).state.deal.hands[0] or ())} | {  # type: ignore[union-attr]
        card("7c"), card("8c")}
    found = {c.index: c for c in seen_deal(steps, samples=4).cards}
    assert found[2].player == "Vera"


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_the_command_marks_the_avoidable_mistakes_and_strips_them(tmp_path: Path) -> None:
    source = tmp_path / "finesse.pref"
    source.write_text(FINESSE, encoding="utf-8")
    code, out, err = _cli("analyse", str(source), "--seen", "--samples", "4")
    assert (code, err) == (0, "")
    assert "7s Qs?? {dd: ?? as seen: Boris 7.67 on average; best As (8.67 ± 0.00)," in out
    assert "As 7h" not in out and "Ts?? {dd: Boris 8 → 9; best Ks (8)} {dd: ?? as seen:" in out
    marked = tmp_path / "marked.pref"
    marked.write_text(out, encoding="utf-8")
    code, stripped, _err = _cli("analyse", "--strip-analysis", str(marked))
    assert code == 0 and "dd:" not in stripped and "?" not in stripped.split("play ")[1]


def test_the_command_on_friday_and_its_json() -> None:
    friday = str(ROOT / "docs" / "games" / "friday.pref")
    code, out, _err = _cli("analyse", friday, "--seen", "--samples", "2", "--seed", "2", "--format", "json")
    deals = json.loads(out)
    assert code == 0 and len(deals) == 1 and deals[0]["seen"]
    one = deals[0]["seen"][0]
    assert {"game", "deal", "index", "card", "player", "average", "best", "best_average", "loss", "stderr",
            "mistake", "whist_loss"} <= set(one)


def test_dask_without_dask_is_the_clean_error_stats_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    friday = str(ROOT / "docs" / "games" / "friday.pref")
    seen = _cli("analyse", friday, "--seen", "--dask", "local")
    stats = _cli("stats", friday, "--dask", "local")
    assert seen[0] == stats[0] == 2 and seen[2] == stats[2] == \
        "preflog: error: --dask needs Dask: pip install 'preflog[dask]'\n"
    assert _cli("analyse", friday, "--dask", "local")[0] == 2  # --dask without --seen: a usage error


def test_a_deal_with_a_hand_not_known_is_skipped() -> None:
    text = (ROOT / "samples" / "annotated.pref").read_text(encoding="utf-8")
    steps = preflog.replay(preflog.loads_all(text)[1]).steps
    found = [seen_deal(part) for part in deals_of(steps)]
    assert found and all(isinstance(f, DealSeen) and f.skipped and not f.cards for f in found)


def _truth(d: DealState) -> tuple[frozenset[Card], ...]:
    """Where every card not played really is at ``d``, by place (:data:`PLACES`)."""
    talon: frozenset[Card] = frozenset()
    if d.talon and d.is_all_pass and d.talon_leads:
        talon = frozenset(d.talon[d.completed + 1:2])
    elif d.talon and not d.talon_taken:
        talon = frozenset(d.talon)
    discard = frozenset(d.discard or ()) if d.talon_taken and not d.is_all_pass else frozenset()
    return (*(h or frozenset() for h in d.hands[:3]), discard, talon)


def test_the_real_deal_is_always_one_of_the_layouts() -> None:
    """At every card of the samples and the docs' games whose hands are known, the deal as it was
    agrees with all the player could see: each unseen card where it may be, each place as big as it is,
    what he knows where it is; so no certain fact is wrong (games, misères, all-passes with the talon
    turned and without, four at the table)."""
    kinds = set()
    for path in [*sorted((ROOT / "samples").glob("*.pref")), *sorted((ROOT / "docs" / "games").glob("*.pref"))]:
        for game in preflog.loads_all(path.read_text(encoding="utf-8")):
            for part in deals_of(preflog.replay(game).steps):
                voids: tuple[frozenset[Suit], ...] = (frozenset(), frozenset(), frozenset())
                plays = [i for i, s in enumerate(part) if type(s.event) is CardPlayed and i > 0]
                for i in plays:
                    d = part[i - 1].state.deal
                    if d is None or part[i].violations or any(h is None for h in d.hands[:3]) or d.dummy is not None \
                            or (d.talon_taken and not d.is_all_pass and d.discard is None):
                        break
                    view, truth = sight(d, voids), _truth(d)
                    assert all(view.known[p] <= truth[p] for p in range(PLACES))
                    assert [len(t) for t in truth] == list(view.sizes), (path.name, d.number)
                    for c in view.unseen:
                        assert next(p for p in range(PLACES) if c in truth[p]) in view.places(c), (path.name, d.number, c)
                    event = part[i].event
                    assert isinstance(event, CardPlayed)
                    voids = with_shown(voids, d, event.card)
                    kinds.add("all-pass, talon turned" if d.is_all_pass and d.talon_leads else "all-pass" if d.is_all_pass
                              else "misère" if d.game_contract is not None and d.game_contract.is_misere else "game")
                    kinds |= {"four"} if d.four else set()
    assert kinds == {"game", "misère", "all-pass, talon turned", "all-pass", "four"}
