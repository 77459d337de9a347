"""What `preflog stats` and `preflog check` keep between runs (preflog.cache, issue 46 item 4): a second
run over the same files gives the same report, errors and exit code from the cache; a file changed is
worked out alone; what is kept depends on the bytes, the options, the language and preflog's own code; a
spoilt entry or a folder that cannot be written costs only the work.

And a cache that trusts nothing (issue 63, cases 2, 4, 5, 6 and 7): no link in it is followed and trim
deletes only what preflog wrote; an entry keyed by the bytes its work read, never by what the file held
before; an entry that is not exactly what preflog writes for the key asked for (a pickle, a wrong type,
another file's entry) is a miss that runs nothing; a folder of another user's or writable by others is
not used, with one line saying why; one bound for every verb, reached by ``stats`` too; a code stamp that
changes with any file of ``cli/`` and ``grammar/``.

The tests that plant or count entries see the folder only as files under it, whatever their layout,
so that they can be run against the code before issue 63 (where each of those cases fails)."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

import preflog.cache
from preflog.cli import cli

from .conftest import SAMPLES

BAD = '[Players "Anna Boris Vera"]\n\ndeal 1\ncontract Anna: 6s\nwhist pass pass\nplay Kx\n'


def run(*args: str, lang: str = "en") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--lang", lang, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def entries(folder: Path) -> set[Path]:
    """The regular files under ``folder``, no link followed (whatever the layout of the cache)."""
    found = set()
    for top, _folders, names in os.walk(folder):
        found |= {Path(top, n) for n in names if stat.S_ISREG(os.lstat(Path(top, n)).st_mode)}
    return found


def held(folder: Path) -> int:
    """The bytes of the regular files under ``folder``."""
    return sum(p.stat().st_size for p in entries(folder))


@pytest.fixture()
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    games = tmp_path / "games"
    games.mkdir()
    for sample in SAMPLES:
        shutil.copy(sample, games / sample.name)
    (games / "bad.pref").write_text(BAD, encoding="utf-8")
    cache = tmp_path / "cache"
    monkeypatch.setenv("PREFLOG_CACHE", str(cache))
    return games, cache


def files_of(games: Path) -> list[str]:
    return [str(p) for p in sorted(games.glob("*.pref"))]


def inputs(verb: str, games: Path) -> list[str]:
    """What a verb is given: a folder for ``stats``, its files for ``check``."""
    return [str(games)] if verb == "stats" else files_of(games)


def test_a_second_run_is_the_first_from_the_cache_and_a_changed_file_alone_is_worked_out(club: tuple[Path, Path]) -> None:
    games, cache = club
    cold = run("stats", str(games), "--format", "json")
    assert cold[0] == 1 and "bad.pref:6:6: error:" in cold[2]  # the broken game: left out, its error said
    kept = entries(cache)
    assert len(kept) == len(SAMPLES) + 1  # a unit a file
    assert run("stats", str(games), "--format", "json") == cold  # report, errors and exit code alike
    assert entries(cache) == kept
    sochi = games / "sochi-pulka.pref"
    sochi.write_text(sochi.read_text(encoding="utf-8") + "% read again\n", encoding="utf-8")
    assert run("stats", str(games), "--format", "json") == cold  # a comment changes no figure
    assert len(entries(cache) - kept) == 1  # that file alone was worked out
    assert run("stats", str(games), "--format", "json", "--player", "Lena")[1] != cold[1]  # options: other entries
    ru = CliRunner().invoke(cli, ["--lang", "ru", "stats", str(games)])
    assert "ошибка" in ru.stderr  # the errors in the language asked for, not as kept in English


def test_no_cache_keeps_nothing_and_a_spoilt_entry_is_worked_out_again(club: tuple[Path, Path]) -> None:
    games, cache = club
    cold = run("stats", str(games), "--no-cache")
    assert not entries(cache)
    assert run("stats", str(games)) == cold
    for entry in entries(cache):
        entry.write_bytes(b"not a pickle")
    assert run("stats", str(games)) == cold


def test_a_cache_that_cannot_be_written_costs_only_the_work(club: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    games, _cache = club
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("PREFLOG_CACHE", str(blocked / "below"))  # a folder under a file: never made
    first = run("stats", str(games))
    assert first[0] == 1 and run("stats", str(games)) == first
    assert "the cache is not used" not in first[2]  # nothing to say: there is no folder to distrust


def test_the_key_is_the_bytes_what_is_done_and_preflog_s_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from preflog.cache import Kept

    kept: Kept[int] = Kept("stats", int, int, tmp_path)
    game = tmp_path / "g.pref"
    game.write_text(BAD, encoding="utf-8")
    digest = kept.digest(str(game))
    assert digest is not None
    key = kept.key(digest, ("--player", "Anna"), [str(game), 0, None, 1], "en")
    assert key == Kept("stats", int, int, tmp_path).key(digest, ("--player", "Anna"), [str(game), 0, None, 1], "en")
    others = [kept.key(digest, ("--player", "Boris"), [str(game), 0, None, 1], "en"),
              kept.key(digest, ("--player", "Anna"), [str(game), 1, None, 1], "en"),
              kept.key(digest, ("--player", "Anna"), [str(game), 0, None, 1], "ru"),
              Kept("check", int, int, tmp_path).key(digest, ("--player", "Anna"), [str(game), 0, None, 1], "en"),
              kept.key("0" * 64, ("--player", "Anna"), [str(game), 0, None, 1], "en")]
    assert key not in others and len({k.name for k in others if k is not None}) == len(others)
    assert kept.digest("-") is None and kept.digest(str(tmp_path)) is None
    monkeypatch.setattr(preflog.cache, "code_stamp", lambda: "another preflog")
    assert Kept("stats", int, int, tmp_path).key(digest, ("--player", "Anna"), [str(game), 0, None, 1], "en") != key


@pytest.mark.parametrize("options", [(), ("--json",), ("--jobs", "2"), ("--json", "--jobs", "2"), ("--all",)])
def test_check_again_says_what_it_said_the_first_time(club: tuple[Path, Path], options: tuple[str, ...]) -> None:
    games, cache = club
    files = files_of(games)
    cold = run("check", *files, *options)
    assert cold[0] == 1 and ("bad.pref" in cold[1] + cold[2])
    kept = entries(cache)
    assert kept
    assert run("check", *files, *options) == cold == run("check", *files, *options, "--no-cache")
    assert entries(cache) == kept
    (games / "bad.pref").write_text(BAD + "% again\n", encoding="utf-8")
    assert run("check", *files, *options) == cold
    assert len(entries(cache) - kept) >= 1 and len(entries(cache)) - len(kept) <= 2


# Case 2: links are never followed, and trim deletes only what preflog wrote.

@pytest.mark.parametrize("verb", ["check", "stats"])
def test_trim_follows_no_link_and_deletes_only_preflog_s_entries(club: tuple[Path, Path], tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch, verb: str) -> None:
    games, cache = club
    run(verb, *inputs(verb, games))  # the cache's folders made
    outside = tmp_path / "outside"  # a folder of the user's, linked into the cache: old files, named as entries are
    outside.mkdir()
    theirs = {outside / f"{n:02x}{'ab' * 19}": b"preflog cache 2\n{}" for n in range(6)}
    theirs[outside / "photo.jpg"] = b"\xff\xd8 a photo"
    planted: dict[Path, bytes] = {}
    for folder in [cache, *(Path(top, f) for top, folders, _n in os.walk(cache) for f in folders)]:
        (folder / "ab").symlink_to(outside, target_is_directory=True) if not (folder / "ab").exists() else None
        (folder / "zz").symlink_to(outside, target_is_directory=True)
        (folder / ("cd" * 20)).symlink_to(outside / "photo.jpg")  # a link named as an entry
        planted[folder / "notes.txt"] = b"the user's own notes"  # files preflog did not write
        planted[folder / ("ef" * 20)] = b"not an entry of preflog's"
    for path, content in [*theirs.items(), *planted.items()]:
        path.write_bytes(content)
        os.utime(path, (946684800, 946684800))  # 2000: older than any entry
    monkeypatch.setattr(preflog.cache, "MOST_BYTES", 0)  # over the bound: every entry of preflog's goes
    (games / "bad.pref").write_text(BAD + "% changed: worked out and kept, so the cache is trimmed\n", encoding="utf-8")
    run(verb, *inputs(verb, games))
    assert all(path.read_bytes() == content for path, content in [*theirs.items(), *planted.items()])
    assert (cache / "zz").is_symlink() and os.readlink(cache / "zz") == str(outside)
    assert entries(cache) == set(planted)  # the trim did run: preflog's entries all gone, nothing else


def test_trim_takes_a_part_file_preflog_left_only_once_it_is_old(tmp_path: Path) -> None:
    from preflog.cache import FORMAT, FORMAT_LINE, Kept

    kept: Kept[int] = Kept("check", int, int, tmp_path / "cache")
    key = kept.key("0" * 64, (), ["g.pref", 0, None, 1], "en")
    assert key is not None and kept.put(key, 7) and kept.get(key) == 7
    shard = tmp_path / "cache" / f"v{FORMAT}" / key.name[:2]
    parts = {"old": (f"{key.name}.00000000000000aa.part", FORMAT_LINE + b"{"),  # named and begun as preflog does
             "new": (f"{key.name}.00000000000000bb.part", FORMAT_LINE + b"{"),
             "empty": (f"{key.name}.00000000000000cc.part", b""),
             "another's": (f"{key.name}.00000000000000dd.part", b"mine"),
             "other name": (f"{key.name}.part", FORMAT_LINE)}
    for name, (file, content) in parts.items():
        (shard / file).write_bytes(content)
        if name != "new":
            os.utime(shard / file, (946684800, 946684800))
    kept.trim()
    kept.close()
    assert {n for n, (file, _c) in parts.items() if (shard / file).exists()} == {"new", "another's", "other name"}
    assert Kept("check", int, int, tmp_path / "cache").get(key) == 7  # under the bound: the entry stays


# Case 5: an entry is plain data checked against its whole key; anything else is a miss that runs nothing.

class _Planted:
    """A pickle that creates ``marker`` when it is loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return exec, (f"open({str(self.marker)!r}, 'w').close()",)


@pytest.mark.parametrize("verb", ["check", "stats"])
@pytest.mark.parametrize("planted", ["code", "a number", "a tuple"])
def test_a_planted_pickle_runs_nothing_and_is_a_miss(club: tuple[Path, Path], tmp_path: Path, verb: str,
                                                      planted: str) -> None:
    games, cache = club
    cold = run(verb, *inputs(verb, games))
    marker = tmp_path / "ran"
    payload = {"code": _Planted(marker), "a number": 42, "a tuple": ("x", [1])}[planted]
    for entry in entries(cache):
        entry.write_bytes(pickle.dumps(payload))
    assert run(verb, *inputs(verb, games)) == cold  # no traceback, the right report
    assert not marker.exists()
    assert run(verb, *inputs(verb, games)) == cold  # worked out again and kept anew


def _mutated(value: Any, how: str) -> Any:
    """``value`` (an entry's data) spoilt in one way, all through."""
    if isinstance(value, dict):
        out = {k: _mutated(v, how) for k, v in value.items()}
        if how == "a contract that is not one" and {"declared", "made"} <= set(out):
            out["declared"] = {k + "x": v for k, v in out["declared"].items()} or {"11x": 1}
        return out
    if isinstance(value, list):
        return [_mutated(v, how) for v in value]
    if type(value) is int:
        return {"ints as texts": str(value), "ints as floats": float(value), "ints as truths": bool(value % 2)}.get(
            how, value)
    if isinstance(value, str) and how == "a huge exact sum" and value.lstrip("-").replace("/", "").isdigit():
        return "1e999999999"
    return value


MUTATIONS = ["ints as texts", "ints as floats", "ints as truths", "a huge exact sum", "a contract that is not one",
             "a number", "a text", "null", "deep", "a key more", "cut short", "too big", "a folder", "a fifo",
             "another format"]


@pytest.mark.parametrize("verb", ["check", "stats"])
@pytest.mark.parametrize("how", MUTATIONS)
def test_an_entry_that_is_not_what_preflog_writes_is_a_miss(club: tuple[Path, Path], verb: str, how: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from preflog.cache import FORMAT_LINE, MOST_ENTRY

    games, cache = club
    args = [*inputs(verb, games), *(["--rating", "pulka"] if verb == "stats" else ["--json"])]
    cold = run(*[verb, *args])
    assert cold[0] == 1
    kept = entries(cache)
    for entry in kept:
        raw = entry.read_bytes()
        assert raw.startswith(FORMAT_LINE)
        data = json.loads(raw[len(FORMAT_LINE):])
        assert list(data) == ["key", "value"]
        if how == "cut short":
            entry.write_bytes(raw[: len(raw) // 2])
            continue
        if how == "too big":  # a planted file of more than the most an entry holds: not read
            with entry.open("r+b") as fp:
                fp.truncate(MOST_ENTRY + 1)
            continue
        if how in ("a folder", "a fifo"):
            entry.unlink()
            entry.mkdir() if how == "a folder" else os.mkfifo(entry)
            continue
        if how == "another format":
            entry.write_bytes(FORMAT_LINE.replace(b"2", b"3") + raw[len(FORMAT_LINE):])
            continue
        if how == "deep":
            entry.write_bytes(FORMAT_LINE + b'{"key": ' + json.dumps(data["key"]).encode() + b', "value": '
                              + b"[" * 100_000 + b"]" * 100_000 + b"}")
            continue
        wrong = {"a number": 42, "a text": "stats", "null": None}
        data["value"] = wrong[how] if how in wrong else _mutated(data["value"], how)
        if how == "a key more":
            data["more"] = 1
        entry.write_bytes(FORMAT_LINE + json.dumps(data).encode())
    assert run(*[verb, *args]) == cold
    assert run(*[verb, *args]) == cold  # read back: the entries were written anew


@pytest.mark.parametrize("verb", ["check", "stats"])
@pytest.mark.parametrize("how", ["copied", "linked"])
def test_one_file_s_entry_under_another_s_name_is_a_miss(club: tuple[Path, Path], verb: str, how: str) -> None:
    games, cache = club
    sochi, bad = str(games / "sochi-pulka.pref"), str(games / "bad.pref")
    run(verb, sochi)
    of_sochi = entries(cache)
    cold = run(verb, bad)
    (of_bad,) = entries(cache) - of_sochi
    (of_sochi_entry,) = of_sochi
    of_bad.unlink()
    if how == "copied":
        shutil.copy(of_sochi_entry, of_bad)
    else:
        of_bad.symlink_to(of_sochi_entry)
    assert cold[0] == 1 and run(verb, bad) == cold


# Case 5: the folder must be the user's, a folder, and written by no one else.

@pytest.mark.parametrize("verb", ["check", "stats"])
@pytest.mark.parametrize("how", ["writable by all", "writable by the group", "another user's", "a link", "a file",
                                 "its entries' folder writable by all"])
def test_a_folder_others_can_write_is_not_used_and_one_line_says_why(club: tuple[Path, Path], tmp_path: Path,
                                                                      verb: str, how: str) -> None:
    games, cache = club
    fresh = run(verb, *inputs(verb, games), "--no-cache")
    cache.mkdir(mode=0o700)
    folder = cache
    if how == "writable by all":
        cache.chmod(0o777)
    elif how == "writable by the group":
        cache.chmod(0o770)
    elif how == "another user's":
        if os.getuid() != 0:
            pytest.skip("giving a folder to another user takes root")
        os.chown(cache, 65534, 65534)
    elif how == "a file":
        cache.rmdir()
        cache.write_bytes(b"")
        folder = tmp_path / "no-folder"
    elif how == "its entries' folder writable by all":
        (cache / f"v{preflog.cache.FORMAT}").mkdir(mode=0o777)
        (cache / f"v{preflog.cache.FORMAT}").chmod(0o777)
    else:
        folder = tmp_path / "private"
        cache.rename(folder)
        cache.symlink_to(folder, target_is_directory=True)
    for _again in range(2):  # nothing kept, nothing read: the same each time
        code, out, err = run(verb, *inputs(verb, games))
        said = [line for line in err.splitlines() if "the cache" in line]
        assert len(said) == 1 and said[0].startswith("preflog: the cache is not used: ") and str(cache) in said[0]
        assert (code, out) == fresh[:2] and err.replace(said[0] + "\n", "", 1) == fresh[2]
        assert not entries(folder)
    ru = run(verb, *inputs(verb, games), lang="ru")[2]
    assert "preflog: кэш не используется: " in ru and str(cache) in ru


def test_the_cache_folder_is_made_private() -> None:
    from preflog.cache import Kept

    where = Path(os.environ["PREFLOG_CACHE"]) / "made-here" / "cache"
    kept: Kept[int] = Kept("check", int, int, where)
    assert kept.usable() and kept.refused is None
    kept.close()
    assert stat.S_IMODE(where.stat().st_mode) == 0o700


def test_an_entry_bigger_than_the_most_one_holds_is_not_written(club: tuple[Path, Path],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    games, cache = club
    cold = run("stats", str(games))
    sizes = sorted(p.stat().st_size for p in entries(cache))
    shutil.rmtree(cache)
    most = sizes[len(sizes) // 2]
    monkeypatch.setattr(preflog.cache, "MOST_ENTRY", most)
    assert run("stats", str(games)) == cold
    assert sorted(p.stat().st_size for p in entries(cache)) == [n for n in sizes if n <= most] != sizes


# Case 4: a unit's key is the hash of the bytes its work read.

@pytest.mark.parametrize("verb,options", [("check", ()), ("check", ("--jobs", "2")), ("stats", ()),
                                          ("stats", ("--jobs", "2"))])
def test_a_file_changed_after_it_was_looked_up_is_kept_under_the_bytes_read(
        club: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, verb: str, options: tuple[str, ...]) -> None:
    games, _cache = club
    target = games / "sochi-pulka.pref"
    before, after = target.read_bytes(), (games / "bad.pref").read_bytes()
    of_before = run(verb, str(target), *options, "--no-cache")
    target.write_bytes(after)
    of_after = run(verb, str(target), *options, "--no-cache")
    assert of_before != of_after
    target.write_bytes(before)
    looked_up = preflog.cache._digest

    def changed_once_looked_up(path: str) -> str | None:
        found = looked_up(path)
        if path == str(target):
            target.write_bytes(after)  # another program writes the file while preflog runs
        return found

    monkeypatch.setattr(preflog.cache, "_digest", changed_once_looked_up)
    assert run(verb, str(target), *options) == of_after  # what was read is what is said
    monkeypatch.setattr(preflog.cache, "_digest", looked_up)
    target.write_bytes(before)
    assert run(verb, str(target), *options) == of_before  # not the other content's report, kept under these bytes
    target.write_bytes(after)
    assert run(verb, str(target), *options) == of_after


def test_the_key_is_the_hash_of_the_bytes_the_work_read_even_if_the_file_changes_as_it_is_read(tmp_path: Path) -> None:
    import hashlib

    from preflog.cli.jobs import Keyed, Unit, open_unit

    path = tmp_path / "g.pref"
    path.write_bytes(b"a" * 200_000)
    seen: list[bytes] = []

    def work(unit: Unit) -> int:
        with open_unit(unit.path) as fp:
            seen.append(fp.read(100_000))
            with open(unit.path, "r+b") as other:  # in place, as the work reads
                other.seek(150_000)
                other.write(b"b" * 50_000 + b"c" * 10_000)
            seen.append(fp.read(20_000))  # the work stops early: the rest is read into the hash
        return len(seen)

    digest, value = Keyed(work)(Unit(str(path)))
    assert value == 2 and seen == [b"a" * 100_000, b"a" * 20_000]
    assert digest == hashlib.blake2b(b"a" * 150_000 + b"b" * 50_000 + b"c" * 10_000, digest_size=32).hexdigest()


# Case 6: one bound for all verbs, reached by every verb.

def test_stats_trims_the_cache_to_its_bound(club: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    games, cache = club
    run("stats", str(games))
    whole = held(cache)
    shutil.rmtree(cache)
    monkeypatch.setattr(preflog.cache, "MOST_BYTES", whole // 3)
    cold = run("stats", str(games))
    assert 0 < held(cache) <= whole // 3
    assert run("stats", str(games)) == cold


def test_one_bound_holds_the_entries_of_check_and_stats_together(club: tuple[Path, Path],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    games, cache = club
    sizes = []
    for verb in ("check", "stats"):
        run(verb, *inputs(verb, games))
        sizes.append(held(cache))
        shutil.rmtree(cache)
    bound = max(sizes) + 1
    assert sum(sizes) > bound
    monkeypatch.setattr(preflog.cache, "MOST_BYTES", bound)
    for verb in ("check", "stats"):
        run(verb, *inputs(verb, games))
    assert 0 < held(cache) <= bound


# Case 7: the code stamp covers every module, catalog and grammar file, wherever they live.

STAMP = """
import importlib.util, sys
tree = sys.argv[1]

class Mapped:  # an editable install's finder: cli/ and grammar/ beside preflog/, not in it
    @staticmethod
    def find_spec(name, path=None, target=None):
        where = {"preflog.cli": tree + "/cli", "preflog.grammar": tree + "/grammar"}.get(name)
        if where is None:
            return None
        return importlib.util.spec_from_file_location(name, where + "/__init__.py", submodule_search_locations=[where])

sys.meta_path.insert(0, Mapped)
sys.path.insert(0, tree)
import preflog.cache
assert preflog.cache.__file__.startswith(tree), preflog.cache.__file__
print(preflog.cache.code_stamp())
"""


def test_the_code_stamp_changes_with_any_file_of_cli_grammar_or_preflog(tmp_path: Path) -> None:
    import preflog.cli
    import preflog.grammar

    tree = tmp_path / "tree"
    for name, package in (("preflog", preflog), ("cli", preflog.cli), ("grammar", preflog.grammar)):
        shutil.copytree(Path(package.__file__).parent, tree / name, ignore=shutil.ignore_patterns("__pycache__"))

    def stamp() -> str:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        done = subprocess.run([sys.executable, "-c", STAMP, str(tree)], capture_output=True, text=True, env=env,
                              check=True)
        return done.stdout.strip()

    stamps = [stamp()]
    assert stamp() == stamps[0]
    with (tree / "cli" / "check.py").open("a", encoding="utf-8") as fp:
        fp.write("# a change under cli/\n")
    stamps.append(stamp())
    lark = tree / "grammar" / "preflog.lark"
    lark.write_text(lark.read_text(encoding="utf-8") + "// a change to the grammar\n", encoding="utf-8")
    stamps.append(stamp())
    i18n = tree / "preflog" / "i18n.py"  # the same size and time, another content
    info, text = i18n.stat(), i18n.read_bytes()
    i18n.write_bytes(text.replace(b"English", b"Englisz", 1))
    os.utime(i18n, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert i18n.stat().st_size == info.st_size
    stamps.append(stamp())
    assert len(set(stamps)) == len(stamps), stamps


def test_the_code_stamp_covers_the_running_packages() -> None:
    import preflog.cli
    import preflog.grammar

    places = dict((where, name) for name, where in preflog.cache.code_locations())
    assert places[str(Path(preflog.cli.__file__).parent)] == "preflog.cli"
    assert places[str(Path(preflog.grammar.__file__).parent)] == "preflog.grammar"
    assert places[str(Path(preflog.cache.__file__).parent)] == "preflog"


# The codecs: what is kept reads back as it was, and nothing else reads back.

texts = st.text(max_size=30)
counts = st.integers(min_value=0, max_value=10**6)
exact = st.fractions(max_denominator=1000).filter(lambda f: abs(f) < 10**9)


@settings(max_examples=60, deadline=None)
@given(message=texts, path=st.none() | texts, where=st.tuples(*[st.integers(1, 10**6)] * 4), excerpt=texts,
       notes=st.lists(texts, max_size=3))
def test_an_error_reads_back_as_it_was_written(message: str, path: str | None, where: tuple[int, int, int, int],
                                               excerpt: str, notes: list[str]) -> None:
    from preflog.notation.errors import NotationError

    error = NotationError(message, path=path, line=where[0], column=where[1], end_line=where[2],
                          end_column=where[3], excerpt=excerpt * 5, notes=notes)
    again = NotationError.of_dict(json.loads(json.dumps(error.to_dict())))
    assert again.to_dict() == error.to_dict() and again.format() == error.format()


@pytest.mark.parametrize("data", [
    {"path": None}, [], {"path": 1, "line": 1, "column": 1, "end_line": 1, "end_column": 2, "message": "m",
                         "excerpt": "", "excerpt_column": 1},
    {"path": None, "line": True, "column": 1, "end_line": 1, "end_column": 2, "message": "m", "excerpt": "",
     "excerpt_column": 1},
    {"path": None, "line": 1, "column": 1, "end_line": 1, "end_column": 2, "message": "m", "excerpt": "",
     "excerpt_column": 1, "notes": ["a", 2]},
])
def test_an_error_of_another_shape_does_not_read_back(data: Any) -> None:
    from preflog.notation.errors import NotationError

    with pytest.raises(ValueError):
        NotationError.of_dict(data)


@settings(max_examples=60, deadline=None)
@given(sums=st.lists(counts, min_size=20, max_size=20), settlement=exact, money=st.none() | exact,
       declared=st.dictionaries(st.sampled_from(["6s", "7nt", "mis", "10h"]), counts, max_size=3),
       short=st.dictionaries(st.integers(0, 10), counts, max_size=3),
       value=st.dictionaries(st.sampled_from(["declarer", "whist", "pass"]), exact, max_size=3))
def test_a_player_s_figures_read_back_as_they_were(sums: list[int], settlement: Fraction, money: Fraction | None,
                                                    declared: dict[str, int], short: dict[int, int],
                                                    value: dict[str, Fraction]) -> None:
    from preflog.statistics.facts import Role
    from preflog.statistics.tally import PlayerStats, player_data, player_of

    p = PlayerStats()
    ints = [name for name in player_data(p) if type(getattr(p, name)) is int]
    for name, n in zip(ints, sums):
        setattr(p, name, n)
    p.settlement, p.money = settlement, money
    p.declared.update(declared)
    p.set_by.update(short)
    p.value.update({Role(k): v for k, v in value.items() if k in {r.value for r in Role}})
    again = player_of(json.loads(json.dumps(player_data(p))))
    assert again == p and player_data(again) == player_data(p)


@pytest.mark.parametrize("field,wrong", [("games", True), ("games", 1.0), ("games", "1"), ("settlement", 3),
                                         ("settlement", "1e999999999"), ("settlement", "1/0"), ("money", 2.5),
                                         ("declared", {"6x": 1}), ("set_by", {"-1": 1}), ("set_by", []),
                                         ("value", {"nobody": "1"})])
def test_a_player_s_figures_of_another_type_do_not_read_back(field: str, wrong: Any) -> None:
    from preflog.statistics.tally import PlayerStats, player_data, player_of

    data = player_data(PlayerStats())
    data[field] = wrong
    with pytest.raises((ValueError, KeyError, TypeError, AttributeError)):
        player_of(data)


@pytest.mark.parametrize("rating", [None, "pulka"])
def test_the_statistics_of_the_samples_read_back_as_they_were(rating: str | None) -> None:
    import preflog
    from preflog.statistics.tally import Stats

    if rating is not None:
        pytest.importorskip("openskill")
    games = [g for sample in SAMPLES for g in preflog.iter_games(sample.read_text(encoding="utf-8"))]
    found = preflog.stats(games, rating=rating)
    assert found.total.games and (found.played or rating is None)
    again = Stats.of_data(json.loads(json.dumps(found.to_data())))
    assert again == found and again.to_data() == found.to_data()
    data = found.to_data()
    for field, wrong in (("rating", "elo"), ("rejected_games", "1"), ("played", {}), ("by_month", [])):
        spoilt = dict(data, **{field: wrong})
        with pytest.raises((ValueError, KeyError, TypeError, AttributeError)):
            Stats.of_data(spoilt)
