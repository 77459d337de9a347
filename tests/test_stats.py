"""``preflog stats`` and ``preflog.stats``: figures worked out by hand from the Code for a small archive
(tests/stats/), the formats, the filters, games left out, --jobs, --db, Dask and the merge.

The archive, worked by hand (Sochi: prices 6→2, 7→4, misère 10, Code 2.2.2; pool 10):

Game A (2026-11-06, Anna Boris Vera, a whist worth 1):
  1. Boris 6♠, Vera whists, Anna passes (closed), Boris takes 6: Boris 2 to the pool (4.2.1); Vera
     4 tricks × 2 = 8 whists on Boris, the passer's tricks hers (3.8.13).
  2. Vera misère, takes 1: 10 × 1 to her mountain (4.2.1).
  3. All-pass 4/3/3: after the amnesty of 3 (3.7.3) Anna writes 1 to her mountain.
  Settlement (4.2.14): mountains with the pools' shortfall Anna 1+10, Boris 0+8, Vera 10+10,
  average 13: Anna (13−11)×10 = +20, Boris (13−8)×10 − 8 = +42, Vera (13−20)×10 + 8 = −62.
Game B (2026-12-01, Anna Boris Gleb, no price):
  1. Boris 7♥, both whist, Boris 6 Gleb 2 Anna 2: Boris 4 × 1 to the mountain; each whister
     2 × 4 = 8 whists and the consolation 4 × 1 (3.8.1.2): 12 each on Boris.
  2. Gleb 6♦, both pass: counts as made (3.8.1): Gleb 2 to the pool.
  Settlement: Anna 0+10, Boris 4+10, Gleb 0+8, average 32/3: Anna 20/3 + 12 = 56/3,
  Boris −100/3 − 24 = −172/3, Gleb 80/3 + 12 = 116/3.
Game C: deal 2 dealt by Anna again (3.2.2): left out, counted with its 2 deals.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import preflog
from preflog.generator import generate
from preflog.statistics import Role, Stats

from .conftest import SAMPLES
from .test_cli import run

HERE = Path(__file__).parent / "stats"
A, B, C = HERE / "hand-a.pref", HERE / "hand-b.pref", HERE / "broken-c.pref"
SAMPLE_DIR = SAMPLES[0].parent


def _stats(*paths: Path, **kw: object) -> Stats:
    games = [g for p in paths for g in preflog.load_all(p.read_text(encoding="utf-8"))] if paths else []
    return preflog.stats(games, **kw)  # type: ignore[arg-type]


def test_settlement_and_money_worked_by_hand_code_4_2_14() -> None:
    """Whists summed over the two clean games, exactly; money only from the priced game; both sum to zero."""
    s = _stats(A, B)
    p = s.total.players
    assert (s.total.games, s.total.deals) == (2, 5)
    assert p["Anna"].settlement == 20 + Fraction(56, 3)
    assert p["Boris"].settlement == 42 - Fraction(172, 3)
    assert p["Vera"].settlement == -62
    assert p["Gleb"].settlement == Fraction(116, 3)
    assert sum(x.settlement for x in p.values()) == 0
    assert (p["Anna"].money, p["Boris"].money, p["Vera"].money, p["Gleb"].money) == (20, 42, -62, None)
    assert [name for name, _ in s.total.ranked()] == ["Anna", "Gleb", "Boris", "Vera"]  # 116/3 each: by name


def test_contracts_declared_made_and_set_code_4_2_1() -> None:
    """A made contract counts once; a contract set counts by its tricks short; a caught misère counts
    as declared and not made; a six nobody whists counts as made (3.8.1)."""
    p = _stats(A, B).total.players
    assert p["Boris"].declared_by_level() == {"6": 1, "7": 1, "8": 0, "9": 0, "10": 0, "mis": 0}
    assert p["Boris"].made_by_level() == {"6": 1, "7": 0, "8": 0, "9": 0, "10": 0, "mis": 0}
    assert (dict(p["Boris"].set_by), p["Boris"].set) == ({1: 1}, 1)
    assert (p["Vera"].declared["mis"], p["Vera"].made["mis"], p["Vera"].caught, dict(p["Vera"].caught_with)) \
        == (1, 0, 1, {1: 1})
    assert (dict(p["Gleb"].declared), dict(p["Gleb"].made)) == ({"6d": 1}, {"6d": 1})
    assert sum(p["Anna"].declared.values()) == 0


def test_defence_and_all_pass_code_3_8_and_3_7() -> None:
    """Vera's whist (A1) won her 8 − 20/3 = 4/3; Anna's and Gleb's (B1) won 76/3 each: all paid. Anna
    passed A1 and B2, Boris B2. All-pass A3: 4, 3 and 3 tricks."""
    p = _stats(A, B).total.players
    assert (p["Vera"].whists, p["Vera"].whists_paid, p["Vera"].whists_cost) == (1, 1, 0)
    assert (p["Anna"].whists, p["Anna"].whists_paid, p["Anna"].passes, p["Anna"].halves) == (1, 1, 2, 0)
    assert (p["Gleb"].whists, p["Boris"].passes, p["Boris"].whists) == (1, 1, 0)
    assert (p["Anna"].allpass_deals, p["Anna"].allpass_tricks, p["Boris"].allpass_tricks,
            p["Vera"].allpass_tricks, p["Vera"].allpass_clean) == (1, 4, 3, 3, 0)
    assert p["Gleb"].allpass_deals == 0


def test_the_settlement_split_by_role_adds_up() -> None:
    """Each deal's change of the settlement, by the player's role: Anna passed A1 (−20/3) and B2 (−20/3),
    defended Vera's misère (+100/3), lost the all-pass (−20/3), whisted B1 (+76/3)."""
    anna = _stats(A, B).total.players["Anna"]
    assert anna.value == {Role.PASS: Fraction(-40, 3), Role.DEFENCE: Fraction(100, 3),
                          Role.ALL_PASS: Fraction(-20, 3), Role.WHIST: Fraction(76, 3)}
    for player in _stats(*SAMPLES).total.players.values():
        assert sum(player.value.values()) == player.settlement


def test_splits_by_month_players_and_convention() -> None:
    s = _stats(A, B)
    assert sorted(s.by_month) == ["2026-11", "2026-12"]
    assert s.by_month["2026-12"].players["Anna"].settlement == Fraction(56, 3)
    assert sorted(s.by_partners) == ["Anna, Boris, Gleb", "Anna, Boris, Vera"]
    assert list(s.by_rules) == ["sochi"] and s.by_rules["sochi"].games == 2


def test_a_game_that_breaks_a_rule_is_left_out_counted_and_reported() -> None:
    """Code 3.2.2: C is counted in ``rejected`` with its two deals, its error printed where it is."""
    code, out, err = run("stats", str(HERE), "--format", "json")
    assert code == 1
    shape = json.loads(out)
    assert shape["rejected"] == {"games": 1, "deals": 2}
    assert (shape["games"], shape["deals"]) == (2, 5)
    assert f"{C}:11:15: error: after Anna the deal goes to Boris, not Anna" in err
    assert _stats(C).rejected_games == 1 and not _stats(C).total.players


def test_json_core_schema() -> None:
    code, out, _ = run("stats", str(A), str(B), "--format", "json")
    shape = json.loads(out)
    assert code == 0 and shape["schema"] == 1
    anna = shape["players"]["Anna"]
    assert list(anna)[:9] == ["games", "deals", "settlement", "money", "declared", "made", "allpass_tricks",
                              "par_loss", "settlement_whists"]
    assert (anna["settlement"], anna["money"], anna["par_loss"]) == ("116/3", 20, None)
    assert shape["players"]["Gleb"]["money"] is None
    assert shape["players"]["Vera"]["made"]["mis"] == 0 and shape["players"]["Vera"]["declared"]["mis"] == 1
    assert sum(Fraction(str(p["settlement"])) for p in shape["players"].values()) == 0
    assert set(shape["by_month"]) == {"2026-11", "2026-12"}


def test_csv_opens_in_a_spreadsheet() -> None:
    code, out, _ = run("stats", str(A), str(B), "--format", "csv")
    assert code == 0 and out.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(out[1:])))
    whole = {r["player"]: r for r in rows if r["split"] == "all"}
    assert (whole["Anna"]["settlement"], whole["Anna"]["money"], whole["Gleb"]["money"]) == ("38.67", "20", "")
    assert sum(Fraction(r["settlement"]) for r in whole.values()) == 0
    months = {(r["period"], r["player"]) for r in rows if r["split"] == "month"}
    assert ("2026-12", "Gleb") in months and ("2026-11", "Gleb") not in months


def test_text_report_in_both_languages() -> None:
    code, out, _ = run("stats", str(A), str(B))
    assert code == 0 and out.startswith("Statistics\n")
    assert "2 games, 5 deals" in out
    line = next(x for x in out.splitlines() if x.startswith("Boris "))
    # −46/3, −15.34 to two places: the whists shown sum to zero, by the largest remainder (docs/scoring.md)
    assert line.split() == ["Boris", "2", "5", "-15.34", "+42.00"]
    code, out, _ = run("--lang", "ru", "stats", str(A), str(B))
    assert out.startswith("Статистика\n") and "2 пульки, 5 сдач" in out and "Распасы" in out


def test_html_page_has_its_charts_and_escapes() -> None:
    code, out, _ = run("stats", str(A), str(B), "--format", "html")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and out.count('<svg viewBox') == 2  # two charts (and their legends' swatches)
    assert '<meta name="viewport"' in out and "<script" not in out
    page = preflog.statistics.page.stats_page(_stats(A), filters={"player": ("<b>",)})
    assert "&lt;b&gt;" in page and "<b>" not in page


def test_filters() -> None:
    code, out, _ = run("stats", str(HERE), "--player", "Gleb", "--format", "json")
    shape = json.loads(out)
    assert (shape["games"], list(shape["players"]), shape["skipped"]["games"]) == (1, ["Gleb"], 2)
    code, out, _ = run("stats", str(HERE), "--since", "2026-12", "--format", "json")
    assert (json.loads(out)["games"], code) == (1, 0)  # C, before it, is not even checked
    code, out, _ = run("stats", str(HERE), "--until", "2026-11-10", "--format", "json")
    assert json.loads(out)["games"] == 1 and json.loads(out)["players"]["Vera"]["settlement"] == -62
    assert run("stats", str(HERE), "--since", "November")[0] == 2
    shape = json.loads(run("stats", str(HERE), "--rules", "leningrad", "--format", "json")[1])
    assert (shape["games"], shape["skipped"]["games"], shape["filters"]) == (0, 3, {"rules": "leningrad"})


def test_unreadable_inputs_and_misuse_exit_2(tmp_path: Path) -> None:
    assert run("stats")[0] == 2
    assert run("stats", str(tmp_path / "none.pref"))[0] == 2
    assert run("stats", str(tmp_path))[0] == 2  # a folder without a .pref file
    code, _, err = run("stats", "--db", str(tmp_path / "none.sqlite"))
    assert code == 2 and "no such file" in err and not (tmp_path / "none.sqlite").exists()
    (tmp_path / "other.sqlite").write_bytes(b"not a database at all" * 100)
    assert run("stats", "--db", str(tmp_path / "other.sqlite"))[0] == 2


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preflog.cli", *args], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent)


def test_jobs_give_what_one_process_gives() -> None:
    for fmt in ("json", "text", "csv"):
        one = _cli("stats", str(SAMPLE_DIR), str(HERE), "--format", fmt)
        two = _cli("stats", str(SAMPLE_DIR), str(HERE), "--format", fmt, "--jobs", "2")
        assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
        assert one.returncode == 1


def test_the_archive_of_serve_gives_what_its_files_give(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    for path in (A, B, C):
        assert _cli("serve", "--db", str(db), "--import", str(path)).returncode == 0
    files = json.loads(_cli("stats", str(A), str(B), str(C), "--format", "json").stdout)
    for jobs in ("1", "2"):
        done = _cli("stats", "--db", str(db), "--format", "json", "--jobs", jobs)
        assert done.returncode == 1 and json.loads(done.stdout) == files
        assert f"{db}#3:11:15: error:" in done.stderr


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 6))
def test_two_archives_merged_are_the_two_together(seed: int, cut: int) -> None:
    games = [*generate(60, seed=seed, per_game=10), *preflog.load_all(A.read_text(encoding="utf-8"))]
    both = preflog.stats(games)
    merged = preflog.stats(games[:cut]).merge(preflog.stats(games[cut:]))
    assert merged == both
    assert preflog.stats(games[cut:]).merge(preflog.stats(games[:cut])).total == both.total
    assert sum(p.settlement for p in both.total.players.values()) == 0


def test_par_loss_is_what_the_analysis_values() -> None:
    """The tricks each player lost are the costs of his cards as ``preflog.analyse`` values them (a
    second replay), over the contracts played to the last card; all-passes are not counted."""
    games = preflog.load_all(SAMPLES[[p.name for p in SAMPLES].index("leningrad.pref")].read_text(encoding="utf-8"))
    s = preflog.stats(games, par=True)
    lost: dict[str, int] = {}
    deals = 0
    for game in games:
        for analysis in preflog.analyse(game):
            if analysis.skipped or analysis.stopped or not analysis.cards or analysis.goal.value == "all-pass":
                continue
            deals += 1
            for card in analysis.cards:
                lost[card.player] = lost.get(card.player, 0) + card.cost
    assert s.total.par_deals == deals > 0
    assert {n: p.par_loss for n, p in s.total.players.items()} == lost
    assert preflog.stats(games).total.par_deals == 0


def test_to_dataframe() -> None:
    frame = _stats(A, B).to_dataframe()
    whole = frame[frame["split"] == "all"].set_index("player")
    assert whole.loc["Vera", "settlement"] == -62 and whole.loc["Boris", "declared_7"] == 1
    assert str(frame["games"].dtype) == "int64" and frame["money"].isna().sum() > 0


def test_dask_on_a_local_cluster_gives_the_serial_figures() -> None:
    distributed = pytest.importorskip("dask.distributed")
    from preflog.statistics.dask import stats as on_dask

    serial = Stats()
    for path in preflog.statistics.run.pref_files([str(SAMPLE_DIR), str(HERE)]):
        with open(path, "rb") as fp:
            preflog.statistics.read_stats(fp, path, into=serial)
    errors: list[str] = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        found = on_dask([str(SAMPLE_DIR), str(HERE)], client=client, report=errors.append)
    assert found == serial and found.rejected_games == 1
    assert len(errors) == 1 and errors[0].startswith(f"{C}:11:15: error:")


def test_without_pandas_to_dataframe_says_what_to_install(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['pandas'] = None\nimport preflog\n"
            "try:\n    preflog.stats([]).to_dataframe()\nexcept ImportError as e:\n    print(e)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'preflog[data]'" in done.stdout


@pytest.mark.parametrize("page", ["stats.md", "stats.ru.md"])
def test_the_stats_docs_python_runs_as_written(page: str) -> None:
    """The Python block of docs/stats.md prints what its comments say."""
    import re

    root = Path(__file__).parent.parent
    text = (root / "docs" / page).read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    done = subprocess.run([sys.executable, "-c", code.group(1)], capture_output=True, text=True, check=True, cwd=root)
    said = [line.split("# ")[1] for line in code.group(1).splitlines() if "print(" in line and "# " in line]
    lines = done.stdout.splitlines()
    assert [lines[0], lines[2]] == said


def test_the_stats_docs_json_is_the_shape_printed() -> None:
    """The JSON of docs/stats.md (abridged) has the keys and Anna's figures the command prints."""
    import re

    text = (Path(__file__).parent.parent / "docs" / "stats.md").read_text(encoding="utf-8")
    shown = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))  # type: ignore[union-attr]
    printed = json.loads(run("stats", str(HERE), "--format", "json")[1])
    assert list(shown) == [k for k in printed if k != "filters"]
    assert shown["players"]["Anna"] == printed["players"]["Anna"]
    assert (shown["games"], shown["deals"], shown["rejected"]) == (printed["games"], printed["deals"],
                                                                   printed["rejected"])


def test_the_command_on_a_local_dask_cluster_prints_what_one_process_prints(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    one = _cli("stats", str(SAMPLE_DIR), str(HERE), "--format", "json")
    dask = _cli("stats", str(SAMPLE_DIR), str(HERE), "--format", "json", "--dask", "local")
    assert (dask.returncode, dask.stdout) == (one.returncode, one.stdout) == (1, one.stdout)
    assert f"{C}:11:15: error:" in dask.stderr
    missing = _cli("stats", str(tmp_path / "gone.pref"), "--dask", "local")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
