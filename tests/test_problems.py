"""One audit, one definition of a game's problems (issue 43, item 2): ``check``, ``audit``, the
``check`` and ``score`` commands, ``stats``, the server's index and the recorder all read a game
through :class:`preflog.Audit`, and agree on what its problems are."""

from __future__ import annotations

import errno
import io
import random
from pathlib import Path
from typing import Any

import pytest

import preflog
from preflog.generator import generate

from .conftest import SAMPLES
from .test_cli import run


def _slip(text: str, rng: random.Random) -> str:
    """``text`` with one slip that still reads: two cards of a play line swapped (a revoke, a card not
    held), a dealer's name out of turn, or a deal's defence left out (a deal that cannot be scored)."""
    lines = text.split("\n")
    kind = rng.randrange(3)
    if kind == 0:
        plays = [i for i, line in enumerate(lines) if line.startswith("play ")]
        if plays:
            i = rng.choice(plays)
            words = lines[i].split(" ")
            cards = [k for k, w in enumerate(words) if k and w != "|"]
            a, b = rng.sample(cards, 2)
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
            return "\n".join(lines)
    if kind == 1:
        heads = [i for i, line in enumerate(lines) if line.startswith("deal ") and " dealer " in line][1:]
        players = preflog.loads(text).players
        if heads:
            i = rng.choice(heads)
            number, _dealer, name = lines[i].split(" ")[1:4]
            lines[i] = f"deal {number} dealer {rng.choice([p for p in players if p != name])}"
            return "\n".join(lines)
    whists = [i for i, line in enumerate(lines) if line.startswith("whist ")]
    if whists:
        del lines[rng.choice(whists)]
    return "\n".join(lines)


def _texts() -> list[str]:
    """Clean games, and the same with slips of the kinds a person makes that still read."""
    rng = random.Random(43)
    texts = [path.read_text(encoding="utf-8") for path in SAMPLES if len(preflog.loads_all(path.read_text(
        encoding="utf-8"))) == 1]
    for seed in range(12):
        clean = preflog.dumps(generate(6, seed=seed, players=rng.choice([3, 3, 4]),
                                       rules=rng.choice(["sochi", "leningrad", "rostov", "classic"]))[0])
        texts.append(clean)
        for _ in range(3):
            slipped = _slip(clean, rng)
            parsed = list(preflog.read_games(slipped))
            if len(parsed) == 1 and not parsed[0].errors:
                texts.append(slipped)
    return texts


TEXTS = _texts()


def test_the_slips_give_problems_and_gaps_to_compare() -> None:
    """The inputs below are not all clean: the agreement is about something."""
    found = [preflog.audit(preflog.loads(t)) for t in TEXTS]
    assert sum(bool(problems) for _sheet, problems in found) >= 10
    assert sum(any(v.code == "S703" for v in problems) for _sheet, problems in found) >= 1


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_every_front_door_counts_the_same_problems(index: int, tmp_path: Path) -> None:
    from preflog.serve.games import index_of

    text = TEXTS[index]
    game = preflog.loads(text)
    problems = preflog.check(game)
    points = list(preflog.Audit().game(game))
    assert [v for p in points for v in p.problems] == [v for v in problems] or any(p.later for p in points)
    gaps = [p.unscored for p in points if p.unscored is not None]
    sheet, audited = preflog.audit(game)
    assert len(audited) == len(problems) + len(gaps)
    assert sheet.settlement().totals == preflog.score(game).settlement().totals
    path = tmp_path / "game.pref"
    path.write_text(text, encoding="utf-8")
    code, _out, err = run("check", str(path))
    assert (code, err.count(": error: ")) == (1 if problems else 0, len(problems))
    code, _out, err = run("score", str(path))
    assert (code, err.count(": error: ")) == (1 if problems or gaps else 0, len(problems) + len(gaps))
    assert index_of(text).violations == len(problems)
    stats = preflog.stats(game)
    assert stats.rejected_games == (1 if problems or gaps else 0)


def test_each_point_holds_the_problems_of_its_deal() -> None:
    """A deal's point holds the problems at that deal; the tag block's and the end's, the game's own."""
    for text in TEXTS:
        for point in preflog.Audit().game(preflog.loads(text)):
            for v in point.problems:
                assert v.deal == point.number or (point.deal is None and v.deal is None), (point, v)


def test_the_recorder_refuses_a_game_with_problems_and_takes_a_clean_one(tmp_path: Path) -> None:
    from preflog.record.recorder import Recorder, Refused

    for text in TEXTS[:20]:
        game = preflog.loads(text)
        if preflog.check(game):
            with pytest.raises(Refused):
                Recorder(text, path=str(tmp_path / "r.pref"))


# ---- reading ahead (issue 46) ----------------------------------------------------------------------


def _points(text: str, ahead: int) -> list[tuple[object, ...]]:
    """What an audit of ``text`` read a deal at a time says at each point, read ``ahead`` deals at once."""
    out = []
    for reading in preflog.stream_games(text):
        for point in preflog.Audit().reading(reading, ahead=ahead):
            out.append((point.number, point.replayed, point.ended, [(v.code, v.span) for v in point.problems],
                        [str(e) for e in point.errors], point.outcome))
    return out


def test_reading_ahead_says_at_each_point_what_a_deal_at_a_time_says() -> None:
    """Deals read a few dozen at a time before they are replayed, games with slips, notation errors
    (which stop the replay) and all: the same points, in the same order."""
    rng = random.Random(4646)
    broken = [t.replace("\nbids ", "\nbids 6z ", 1) for t in TEXTS[::5]]  # a deal that cannot be read
    for text in TEXTS + broken + [generate_text(rng)]:
        one = _points(text, 1)
        assert one == _points(text, 2) == _points(text, 32), text[:200]


def generate_text(rng: random.Random) -> str:
    return preflog.dumps(generate(70, seed=rng.randrange(1000), per_game=70))  # more deals than a batch


class _FailingAfter(io.RawIOBase):
    """A binary input that gives ``data`` and then cannot be read (a vanished disk, a dropped share)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.data:
            raise OSError(errno.EIO, "Input/output error")
        n = min(len(buffer), len(self.data), 512)
        buffer[:n] = self.data[:n]
        self.data = self.data[n:]
        return n


def test_the_deals_read_before_the_input_fails_are_replayed_before_it_is_said() -> None:
    """Reading ahead loses nothing: the deals read before the input became unreadable come first, as
    many as when each deal is replayed as soon as it is read."""
    text = preflog.dumps(generate(40, seed=5, per_game=40))
    data = text[:text.index("\ndeal 31 ")].encode()

    def replayed(ahead: int) -> list[int | None]:
        reading = next(preflog.stream_games(io.BufferedReader(_FailingAfter(data))))
        numbers = []
        with pytest.raises(OSError):
            for point in preflog.Audit().reading(reading, ahead=ahead):
                numbers.append(point.number)
        return numbers

    numbers = replayed(32)
    assert numbers == replayed(1) and numbers[1:26] == list(range(1, 26))  # the tag block, then the deals
