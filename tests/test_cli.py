"""The command line: parse, fmt, convert, --version, --help; exit codes 0 / 1 / 2."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

import preflog
import preflog.notation.write
from preflog.cli import cli as main

from .conftest import HEAD, SAMPLES

SOCHI = next(p for p in SAMPLES if p.name == "sochi-pulka.pref")
BAD = HEAD + "deal\ntalon 7s 8s 9s\n\ndeal\nplay Kx\n"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_parse_prints_one_line_per_file(tmp_path: Path) -> None:
    code, out, err = run("parse", str(SOCHI))
    assert (code, out, err) == (0, f"{SOCHI}: 1 game, 10 deals\n", "")


def test_parse_reports_every_error_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pref"
    bad.write_text(BAD, encoding="utf-8")
    code, out, err = run("parse", str(bad), str(SOCHI))
    assert code == 1
    assert out == f"{bad}: 1 game, 1 deal, 2 errors\n{SOCHI}: 1 game, 10 deals\n"
    assert err == (
        f"{bad}:4:7: error: a talon has exactly 2 cards, not 3: 7s 8s 9s\n"
        "    talon 7s 8s 9s\n"
        "          ^~~~~~~~\n"
        f"{bad}:7:6: error: unexpected 'Kx': expected '|', a card, a glyph, '(', a comment or a later statement\n"
        "    play Kx\n"
        "         ^~\n")


def test_parse_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pref"
    bad.write_text(BAD, encoding="utf-8")
    code, out, _ = run("parse", "--json", str(bad))
    assert code == 1
    (report,) = json.loads(out)
    assert (report["file"], report["games"], report["deals"]) == (str(bad), 1, 1)
    assert [(e["line"], e["column"], e["end_column"]) for e in report["errors"]] == [(4, 7, 15), (7, 6, 8)]


def test_parse_standard_input() -> None:
    code, out, _ = run("parse", "-", input=HEAD + "deal\nresult 5\n")
    assert (code, out) == (0, "<stdin>: 1 game, 1 deal\n")


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("parse", str(tmp_path / "missing.pref"))
    assert code == 2 and err == f"preflog: error: cannot read {tmp_path / 'missing.pref'}: No such file or directory\n"


def test_fmt_prints_the_canonical_text() -> None:
    code, out, _ = run("fmt", str(SOCHI))
    assert code == 0 and out == preflog.dumps(preflog.loads(SOCHI.read_text(encoding="utf-8")))


def test_fmt_check(tmp_path: Path) -> None:
    canonical = tmp_path / "c.pref"
    canonical.write_text(preflog.dumps(preflog.loads(HEAD + "deal\nresult 5\n")), encoding="utf-8")
    messy = tmp_path / "m.pref"
    messy.write_text(HEAD + "deal   bids 6♠ pass   pass\n", encoding="utf-8")
    assert run("fmt", "--check", str(canonical)) == (0, "", "")
    assert run("fmt", "--check", str(canonical), str(messy)) == (1, "", f"would reformat {messy}\n")


def test_fmt_in_place_and_unicode(tmp_path: Path) -> None:
    path = tmp_path / "g.pref"
    path.write_text(HEAD + "% my note\ndeal   bids 6♠ pass   pass\n", encoding="utf-8")
    code, out, err = run("fmt", "--in-place", "--unicode", str(path))
    assert (code, out, err) == (0, "", "reformatted " + str(path) + "\n")
    assert path.read_text(encoding="utf-8") == ('[Players "Anna Boris Vera"]\n% my note\n\n'
                                                'deal 1 dealer Anna\nbids 6♠ pass pass\n')
    assert run("fmt", "--check", "--unicode", str(path)) == (0, "", "")


def test_fmt_refuses_a_file_with_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.pref"
    path.write_text(BAD, encoding="utf-8")
    code, out, err = run("fmt", "--in-place", str(path))
    assert code == 1 and out == "" and err.count(": error: ") == 2
    assert path.read_text(encoding="utf-8") == BAD  # nothing the user typed is lost


def _long_messy_file(tmp_path: Path) -> tuple[Path, str]:
    """A file of 500 games as typed (the Sochi sample, suit symbols and all) with a % note in the last
    one, over 1 MB of canonical text; and that text, made by the library from the whole file at once."""
    one = SOCHI.read_text(encoding="utf-8")
    text = "\n".join([one] * 499 + [one.replace("\ndeal", "\n% note\ndeal", 1)])
    path = tmp_path / "long.pref"
    path.write_text(text, encoding="utf-8")
    canonical = "".join(preflog.notation.write.iter_dumps(preflog.loads_all(text)))
    assert len(canonical) > 1 << 20  # past what fmt keeps in memory before it spools to disk
    return path, canonical


def test_fmt_streams_a_long_file(tmp_path: Path) -> None:
    """fmt reads a file a game at a time and spools its output: the same text as the whole-file
    library route, its % note kept, and memory that holds neither the file's text nor the output."""
    path, canonical = _long_messy_file(tmp_path)
    written = tmp_path / "out.pref"
    with written.open("w", encoding="utf-8", newline="") as out, contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(io.StringIO()) as err:
        tracemalloc.start()
        try:
            with pytest.raises(SystemExit) as exited:
                main.main(["fmt", str(path)])
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert exited.value.code == 0 and written.read_text(encoding="utf-8") == canonical
    assert canonical.count("% note") == 1 and err.getvalue() == ""
    assert peak < len(canonical)  # the file's text and the output, held whole, would be twice that


def test_fmt_check_and_in_place_on_a_long_file(tmp_path: Path) -> None:
    path, canonical = _long_messy_file(tmp_path)
    assert run("fmt", "--check", str(path)) == (1, "", f"would reformat {path}\n")
    code, out, _ = run("fmt", "--in-place", str(path))
    assert (code, out) == (0, "") and path.read_text(encoding="utf-8") == canonical
    assert run("fmt", "--check", str(path)) == (0, "", "")
    path.write_text(canonical + "\n", encoding="utf-8")  # one character more than canonical, at the end
    assert run("fmt", "--check", str(path)) == (1, "", f"would reformat {path}\n")
    path.write_text(canonical[:-1], encoding="utf-8")  # one character less
    assert run("fmt", "--check", str(path)) == (1, "", f"would reformat {path}\n")


def test_fmt_options_that_exclude_each_other() -> None:
    code, _, err = run("fmt", "--check", "--in-place", str(SOCHI))
    assert code == 2 and "--check and --in-place exclude each other" in err


def test_convert_pref_json_pref_gives_the_canonical_text_exactly(tmp_path: Path) -> None:
    for sample in SAMPLES:
        target = tmp_path / (sample.stem + ".json")
        assert run("convert", str(sample), "--to", "json", "-o", str(target))[0] == 0
        code, out, _ = run("convert", str(target), "--to", "pref")
        assert code == 0
        assert out == preflog.dumps(preflog.loads_all(sample.read_text(encoding="utf-8")))


def test_convert_json_document_shape() -> None:
    code, out, _ = run("convert", "-", "--to", "json", input=HEAD + "deal\nbids 6s pass pass\nresult =\n")
    assert code == 0
    assert json.loads(out) == {"format": "preflog", "version": 1, "games": [{
        "tags": {"Players": "Anna Boris Vera"},
        "deals": [{"number": 1, "dealer": "Anna",
                   "bids": {"calls": [{"kind": "bid", "bid": "6s"}, {"kind": "pass"}, {"kind": "pass"}]},
                   "result": {"kind": "relative", "count": 0}}]}]}


def test_convert_bad_json_exits_1_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"format": "preflog",\n "games": [}', encoding="utf-8")
    code, _, err = run("convert", str(path), "--to", "pref")
    assert code == 1 and err.startswith(f"{path}:2:12: error: not JSON: Expecting value")


def test_help_shows_an_example_for_every_command() -> None:
    for command in ("parse", "fmt", "convert"):
        code, out, _ = run(command, "--help")
        assert code == 0 and "Example" in out and f"preflog {command} " in out


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith(f"preflog, version {preflog.__version__}\n")  # whether compiled: test_compiled


def test_the_installed_command_works_from_any_directory(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("preflog")
    if not exe.exists():
        pytest.skip("no preflog script beside this Python")
    game = tmp_path / "game.pref"
    game.write_text(HEAD + "deal\nbids 6♠ pass pass\n", encoding="utf-8")
    done = subprocess.run([str(exe), "fmt", "game.pref"], cwd=tmp_path, capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, '[Players "Anna Boris Vera"]\n\ndeal 1 dealer Anna\nbids 6s pass pass\n')
    bad = subprocess.run([str(exe), "parse", "nothing.pref"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_an_output_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir.json"
    code, _, err = run("convert", str(SOCHI), "--to", "json", "-o", str(target))
    assert code == 2 and err == f"preflog: error: cannot write {target}: No such file or directory\n"


def test_a_byte_order_mark_reads_the_same_in_every_verb(tmp_path: Path) -> None:
    """One decoder for every verb: the mark is not a character, so columns and excerpts ignore it."""
    path = tmp_path / "bom.pref"
    path.write_bytes('\ufeff[Players "Anna Boris Vera"] [Rules "x"]\n\ndeal 1\nbids 6s pass pass\n'.encode())
    code, _, err = run("check", str(path))
    assert code == 1
    assert err.startswith(f"{path}:1:29: error: unknown convention 'x'")
    assert "\ufeff" not in err and '    [Players "Anna Boris Vera"] [Rules "x"]\n' in err
    bad = tmp_path / "bad.pref"
    bad.write_bytes('\ufeff[Players "Anna Boris Vera"] [Pool "x"]\n'.encode())
    for verb in ("parse", "check", "fmt", "replay", "score"):
        code, out, err = run(verb, str(bad))
        assert code == 1, verb
        assert f"{bad}:1:29: error: Pool must be a positive whole number" in err, (verb, err)
        assert "\ufeff" not in err, verb


@pytest.mark.parametrize("verb", [("fmt",), ("score",), ("check", "--json"), ("convert", "--to", "json"), ("render",),
                                  ("analyse",), ("replay", "--no-interactive")])
def test_an_output_that_cannot_be_written_is_said_not_a_traceback(verb: tuple[str, ...]) -> None:
    """Standard output on a full disk (/dev/full): one line saying why, exit 2."""
    import os

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "preflog.cli", *verb, str(SOCHI)], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == "preflog: error: cannot write the output: No space left on device"
