"""``preflog analyse`` and ``preflog.analyse``/``annotate``/``strip_analysis`` (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import preflog
from preflog.analysis.annotate import MARK

from .conftest import ROOT
from .test_solve import MISERE_HOLE

FULL_PLAY = ["sochi-pulka", "rostov-allpass", "four-players", "gusarik", "leningrad", "cyrillic", "annotated"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preflog.cli", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=300)


CAUGHT = MISERE_HOLE + "play Tc 7c Qc\n"


def test_a_card_that_lets_the_misere_off_gets_a_question_mark_and_the_best_cards() -> None:
    """Seed 000's hole (tests/test_solve.py): leading the 8 or the 9 of spades catches Dima for one
    trick; Xenia's 10 of clubs gives Yura the lead for good, and Dima takes none: one trick lost."""
    (game,) = [preflog.loads(CAUGHT)]
    (analysis,) = preflog.analyse(game)
    assert analysis.par == 1 and analysis.declarer == "Dima"
    first = analysis.cards[0]
    assert (first.player, first.counted, first.before, first.after, first.cost) == ("Xenia", "Dima", 1, 0, 1)
    assert first.best == (preflog.card("9s"), preflog.card("8s"))
    text = preflog.dumps(preflog.annotate(game, [analysis]))
    assert "deal 1 dealer Yura {dd: par Dima 1}" in text
    assert "play Tc? {dd: ? Dima 1 → 0; best 9s 8s (1)} 7c Qc" in text


def test_the_author_s_glyph_and_comments_are_kept_and_the_analysis_comes_off_again() -> None:
    text = MISERE_HOLE + "play Tc! {bold} 7c Qc\n"
    game = preflog.loads(text)
    annotated = preflog.annotate(game, preflog.analyse(game))
    written = preflog.dumps(annotated)
    assert "play Tc! {bold} {dd: Dima 1 → 0; best 9s 8s (1)} 7c Qc" in written
    assert preflog.dumps(preflog.strip_analysis(preflog.loads(written))) == preflog.dumps(game)


@pytest.mark.parametrize("sample", FULL_PLAY)
def test_every_full_play_sample_is_annotated_checks_clean_and_strips_back(sample: str, tmp_path) -> None:
    path = ROOT / "samples" / f"{sample}.pref"
    out = tmp_path / "analysed.pref"
    done = run("analyse", str(path), "-o", str(out))
    assert done.returncode == 0, done.stderr
    analysed = out.read_text(encoding="utf-8")
    assert "{dd: par " in analysed
    assert run("check", str(out)).returncode == 0
    canonical = run("fmt", str(path)).stdout
    stripped = run("analyse", "--strip-analysis", str(out))
    assert stripped.returncode == 0 and stripped.stdout == canonical
    again = run("analyse", str(out))  # an analysed file analysed again: the same text
    assert again.stdout == analysed


def test_json_has_one_object_per_deal_with_its_par_and_every_card_s_values() -> None:
    done = run("analyse", "--format", "json", "samples/sochi-pulka.pref")
    assert done.returncode == 0
    deals = json.loads(done.stdout)
    assert [d["deal"] for d in deals] == list(range(1, 11))
    all_pass = deals[1]
    assert all_pass["goal"] == "all-pass" and set(all_pass["par"]) == {"Anna", "Boris", "Vera"}
    first = deals[0]
    assert first["goal"] == "game" and first["declarer"] == "Boris" and len(first["cards"]) == 30
    card = first["cards"][0]
    assert set(card) >= {"card", "player", "before", "after", "values", "best"}
    assert card["values"][card["card"]] == card["after"]
    assert deals[4] == {"deal": 5, "skipped": "Vera's hand is not known"}
    assert "deal 5 is not analysed: Vera's hand is not known" in done.stderr


def test_misuse_and_bad_input() -> None:
    assert run("analyse", "no-such-file.pref").returncode == 2
    bad = run("analyse", "-", stdin="[Players \"A B C\"]\n\ndeal 1\nhands A: zz\n")
    assert bad.returncode == 1 and "error" in bad.stderr and "Traceback" not in bad.stderr
    broken = run("analyse", "-", stdin=MISERE_HOLE + "play Tc 9s Qc\n")  # Dima has no 9 of spades
    assert broken.returncode == 1 and "the analysis stops at card 2 (9s), which breaks a rule" in broken.stderr
    assert "<stdin>:10:9: error: Dima does not hold 9s [P501" in broken.stderr  # at the card, as check says it
    assert MARK == "dd:"


def test_a_rule_broken_before_the_play_is_reported_where_it_is_and_the_play_still_valued() -> None:
    """Code 3.3.7: each bid must be higher than the last. A 6 of spades after a misère breaks it: analyse
    says so at the bid (line 7, column 15) and exits 1, as check would; the play itself is legal, so its
    values are still written (the hole costs Dima's catchers their trick, as above)."""
    text = MISERE_HOLE.replace("bids pass mis pass", "bids pass mis 6s") + "play Tc 7c Qc\n"
    done = run("analyse", "-", stdin=text)
    assert done.returncode == 1
    assert "<stdin>:7:15: error: 6s is not higher than mis [A202" in done.stderr
    assert "play Tc? {dd: ? Dima 1 → 0; best 9s 8s (1)} 7c Qc" in done.stdout


def test_the_page_data_carries_the_values_at_each_card() -> None:
    """``render --analyse``'s data for seed 000's hole: the step before Xenia's lead holds who plays, whose
    tricks are counted, every legal card's value and the best; the lead's own step its cost (worked by
    hand in tests/test_solve.py: 9s and 8s catch Dima for 1, the 10 of clubs lets him off)."""
    from preflog.present.replay_html import games_data

    (data,) = games_data([preflog.loads(CAUGHT)], analyse=True)
    (deal,) = data["deals"]
    assert deal["dd"] == {"par": "Dima 1"}
    steps = deal["line"]["steps"]
    lead = next(i for i, s in enumerate(steps) if s["t"].startswith("Xenia leads"))
    mover, counted, values, best = steps[lead - 1]["dd"]
    assert (data["seats"][mover], data["seats"][counted], best) == ("Xenia", "Dima", ["9s", "8s"])
    assert (values["9s"], values["8s"], values["Tc"]) == (1, 1, 0)
    assert steps[lead]["dp"] == [data["seats"].index("Dima"), 1, 0, 1]
    assert "dd" not in games_data([preflog.loads(CAUGHT)])[0]["deals"][0]  # only when asked


def test_render_analyse_notes_the_deals_it_cannot_value(tmp_path) -> None:
    out = tmp_path / "page.html"
    done = run("render", "samples/leningrad.pref", "--analyse", "-o", str(out))
    assert done.returncode == 0
    assert "preflog: samples/leningrad.pref: deal 3 is not analysed: Dima's hand is not known" in done.stderr
    html = out.read_text(encoding="utf-8")
    assert '"dd":{"par":"Lena ' in html and '"dd":{"skip":"Dima\'s hand is not known"}' in html
