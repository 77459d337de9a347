"""``preflog render`` keeps its memory flat in the input's size: the page is written a deal at a time, so
four times the games cost no more memory than one time (issue 44, point 7: a 3.5 MB file took 1.42 GB,
50 MB ended in a MemoryError), nor does a game four times as long (issue 63: one game of 10,000 deals
took 1.19 GB, the page then written a game at a time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .measuring import peak_kib as measured

def peak_kib(source: Path, out: Path, *options: str) -> int:
    """The peak of ``render SOURCE -o OUT OPTIONS…``, in KiB."""
    peak, said = measured("render", str(source), "-o", str(out), *options)
    assert out.stat().st_size > source.stat().st_size, said
    return peak


def test_render_memory_does_not_grow_with_the_file(tmp_path: Path) -> None:
    import preflog
    from preflog.generator import generate

    one = tmp_path / "one.pref"
    one.write_text("\n".join(preflog.dumps(g) for g in generate(300, seed=4, per_game=30)), encoding="utf-8")
    four = tmp_path / "four.pref"
    four.write_text("\n".join([one.read_text(encoding="utf-8")] * 4), encoding="utf-8")
    small, large = peak_kib(one, tmp_path / "one.html"), peak_kib(four, tmp_path / "four.html")
    assert (tmp_path / "four.html").stat().st_size > 3.5 * (tmp_path / "one.html").stat().st_size
    assert large - small < 12 * 1024, (small, large)  # the page grew fourfold; the memory, not with it


@pytest.mark.parametrize(("deals", "options"), [(250, ()), (40, ("--analyse",))], ids=["replayed", "analysed"])
def test_render_memory_does_not_grow_with_the_game(tmp_path: Path, deals: int, options: tuple[str, ...]) -> None:
    """One game of 4N deals peaks within a few megabytes of one of N: each deal's data (and, with
    --analyse, each deal's steps) is written and dropped before the next deal is replayed; what the
    game keeps is its sheet. Written a game at a time (ce6fec6), the 1,000-deal game took 87 MB more than
    the 250-deal one, and the analysed 160-deal game 31 MB more than the 40-deal one."""
    import preflog
    from preflog.generator import generate

    short, long = tmp_path / "short.pref", tmp_path / "long.pref"
    (game,) = generate(deals, seed=63, per_game=deals)
    short.write_text(preflog.dumps(game), encoding="utf-8")
    (game,) = generate(4 * deals, seed=63, per_game=4 * deals)
    long.write_text(preflog.dumps(game), encoding="utf-8")
    small = peak_kib(short, tmp_path / "short.html", *options)
    large = peak_kib(long, tmp_path / "long.html", *options)
    assert (tmp_path / "long.html").stat().st_size > 3.5 * (tmp_path / "short.html").stat().st_size
    assert large - small < 8 * 1024, (small, large)  # the page grew fourfold; the memory, not with it


def test_convert_writes_a_long_game_s_json_a_deal_at_a_time(tmp_path: Path) -> None:
    """Issue 63, point 6, for ``convert --to json``: one game's JSON was made whole (the game unstructured,
    then dumped: 468 MB for a game of 10,000 deals at ce6fec6, about 45 KB a deal); now its deals are
    written one at a time, and what grows with the game is its records alone (about 14 KB a deal; 162 MB
    for 10,000). The text is the same as the game dumped whole (tests/test_grammar, test_cli)."""
    import json

    import preflog
    from preflog.generator import generate
    from preflog.notation.jsonio import to_json

    sizes = []
    for deals in (500, 2000):
        (game,) = generate(deals, seed=63, per_game=deals)
        source, out = tmp_path / f"{deals}.pref", tmp_path / f"{deals}.json"
        source.write_text(preflog.dumps(game), encoding="utf-8")
        sizes.append(measured("convert", str(source), "--to", "json", "-o", str(out))[0])
        assert out.read_text(encoding="utf-8") == to_json([game])
        assert len(json.loads(out.read_text(encoding="utf-8"))["games"][0]["deals"]) == deals
    assert sizes[1] - sizes[0] < 1500 * 25, sizes  # under 25 KB a deal more; the whole game's data took 45
