"""Properties of the score sheet over generated games of every preset and over random pools."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preflog
from preflog import Game, ResultKind, Tag
from preflog.driver import Walker
from preflog.game.conventions import PRESETS as PRESETS_BY_NAME
from preflog.generator import generate
from preflog.scoring.scorer import Scorer
from preflog.scoring.settlement import standing_over

PRESETS = ["sochi", "leningrad", "rostov", "classic"]


def with_pool(game: Game, pool: int) -> Game:
    return attrs.evolve(game, tags=game.tags + (Tag("Pool", str(pool)),))


def games_of(preset: str) -> list[Game]:
    games = generate(240, seed=21, players=3, rules=preset, per_game=40)
    games += generate(120, seed=22, players=4, rules=preset, per_game=40)
    games += generate(80, seed=23, players=2, rules=preset, per_game=40)
    return [with_pool(g, 10 + 5 * (i % 3)) for i, g in enumerate(games)]


def result_only(game: Game, declarer_count: bool = False) -> Game:
    """Each deal with its play, hands, talon and discard left out: the result is the record. With
    ``declarer_count``, a deal with one whister (or a misère) gives only the declarer's tricks."""
    deals = []
    for deal in game.deals:
        stripped = attrs.evolve(deal, hands=None, talon=None, discard=None, play=None, claim=None)
        result = deal.result
        one_whister = deal.defence is not None and sum(d.kind.value == "whist" for d in deal.defence.decisions) == 1
        misere = deal.contract is not None and deal.contract.bid.is_misere
        if declarer_count and result is not None and result.kind is ResultKind.TRICKS and (one_whister or misere):
            declarer_name = _declarer(game, deal.number)
            count = next(t.tricks for t in result.tricks if t.player == declarer_name)
            stripped = attrs.evolve(stripped, result=preflog.Result(ResultKind.DECLARER, count=count))
        deals.append(stripped)
    return attrs.evolve(game, deals=tuple(deals))


def _declarer(game: Game, number: int) -> str:
    for step in preflog.replay(game):
        d = step.state.deal
        if d is not None and d.number == number and d.declarer is not None:
            return d.player(d.declarer)
    raise AssertionError(number)


def totals(sheet: preflog.ScoreSheet) -> dict[tuple[str, str, str | None], Fraction]:
    return {(e.player, e.column.value, e.on): sheet.totals[(e.player, e.column, e.on)] for e in sheet.entries}


def pairwise_settlement(sheet: preflog.ScoreSheet) -> dict[str, Fraction]:
    """Code 4.2.14 worked pair by pair from the ledger alone, as players settle at the table: each pair
    of players settles the difference of their mountains (an open pool's shortfall, and in Leningrad
    the points over the target, moved onto the mountain × the scale, 4.2.3, 4.2.3.3) × 10 split over
    the n players, and the whists they wrote on each other."""
    players, n = sheet.players, len(sheet.players)
    pool = {p: Fraction(0) for p in players}
    mountain = {p: Fraction(0) for p in players}
    whists = {(p, q): Fraction(0) for p in players for q in players}
    # Classic's razboynik: the Pool tag counts what the second stage writes (seed 000 §8, docs/scoring.md)
    first_stage = 8 * n if sheet.rules.razboynik else 0
    for e in sheet.entries:
        if e.column is preflog.Column.POOL:
            pool[e.player] += e.amount if e.deal > first_stage else 0
        elif e.column is preflog.Column.MOUNTAIN:
            mountain[e.player] += e.amount
        elif e.column is preflog.Column.WHISTS:
            whists[e.player, e.on] += e.amount  # bombs (Classic) are marks, worth nothing at the settlement
    if sheet.pool_target is not None:
        for p in players:
            mountain[p] += (sheet.pool_target - pool[p]) * sheet.rules.scale
    share = n - 1 if sheet.rules.indivisible_mountain else n  # Code 4.1.1 c: not shared with its owner
    return {p: sum(((mountain[q] - mountain[p]) * 10 / share + whists[p, q] - whists[q, p]
                    for q in players if q != p), Fraction(0)) for p in players}


@pytest.mark.parametrize("preset", PRESETS)
def test_code_4_2_14_the_settlement_is_what_the_pairs_settle_after_every_deal(preset: str) -> None:
    for game in games_of(preset):
        sheet, problems = preflog.audit(game)
        assert [v for v in problems if v.code != "S704"] == []
        for upto in range(1, len(game.deals) + 1, 7):
            partial = preflog.score(game, upto=upto)
            assert partial.settlement().totals == pairwise_settlement(partial)
        assert sheet.settlement().totals == pairwise_settlement(sheet)
        assert sum(pairwise_settlement(sheet).values()) == 0


@pytest.mark.parametrize("rules", [*PRESETS, "indivisible"])
def test_code_4_2_14_the_standing_the_statistics_read_after_each_deal_is_the_settlement(rules: str) -> None:
    """The statistics take each deal's value from the running pulka (``settlement.standing_over``, numerators
    over the game's one denominator) without a copy of the sheet: after every deal it is what the pairs
    settle on the sheet so far, the mountain indivisible (4.1.1 c) or not."""
    convention = attrs.evolve(PRESETS_BY_NAME["sochi"], indivisible_mountain=True) if rules == "indivisible" \
        else rules
    games = generate(60, seed=31, players=3, rules=convention, per_game=30)
    games += generate(30, seed=32, players=4, rules=convention, per_game=30)
    for i, game in enumerate(games):
        game = with_pool(game, 10 + 5 * (i % 2))
        scorer = Scorer(None, ledger=False)
        walker = Walker(scorer)
        walker.begin_game(game)
        for deal in game.deals:
            walker.deal(deal)
            expected = pairwise_settlement(preflog.score(game, upto=deal.number))
            over, denominator = standing_over(scorer.pulka)
            assert {p: Fraction(v, denominator) for p, v in over.items()} == expected, (rules, i, deal.number)
            assert scorer.pulka.standing() == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_a_deal_written_by_its_result_scores_exactly_as_played(preset: str) -> None:
    for game in games_of(preset)[:6]:
        played = preflog.score(game)
        by_result = preflog.score(result_only(game))
        assert by_result.entries == played.entries
        assert totals(by_result) == totals(played)


def test_a_declarer_only_result_scores_as_the_full_play_where_it_says_enough() -> None:
    for preset in PRESETS:
        game = games_of(preset)[0]
        short = result_only(game, declarer_count=True)
        assert preflog.dumps(short).count("\nresult ") == len(game.deals) - sum(
            d.result is None for d in game.deals)
        assert preflog.score(short).entries == preflog.score(game).entries, preset


@settings(max_examples=60, deadline=None)
@given(pools=st.tuples(*[st.integers(0, 12)] * 3), level=st.integers(6, 10),
       preset=st.sampled_from(["sochi", "rostov", "leningrad"]))
def test_code_4_1_1_a_made_game_is_worth_the_same_whatever_the_pools(pools: tuple[int, int, int], level: int,
                                                                     preset: str) -> None:
    """Code 4.1.1: each game has one value in whists for the whole pulka, whether its points go to
    the own pool, help another player (4.2.3) or come off the own mountain. A made game of price p
    gains its player 10 × p × scale × (n − 1) / n whists at the settlement."""
    a, b, v = pools
    text = (f'[Players "Anna Boris Vera"]\n[Rules "{preset}"]\n[Pool "10"]\n\n'
            f"deal 1\ncontract Boris: 6c\nwhist pass pass\npenalty Anna pool {a}\npenalty Boris pool {b}\n"
            f"penalty Vera pool {v}\n"
            f"deal 2\ncontract Anna: {level}c\nwhist pass pass\n")
    game = preflog.loads(text)
    before = preflog.score(game, upto=1).settlement().totals
    after = preflog.score(game).settlement().totals
    scale = 2 if preset == "leningrad" else 1
    price = (level - 5) * 2
    assert after["Anna"] - before["Anna"] == Fraction(10 * price * scale * 2, 3)
    assert sum(after.values()) == 0
