"""``preflog webapp OUT``: the folder it writes, the Python bundle inside it (no compiled module, no test,
the same bytes every build, every module importable where only the bundle and the standard library are,
and in the real Pyodide), and the refusals: a folder not empty, a Pyodide folder missing."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from preflog.cli import cli

from .webapp_site import PYODIDE, needs_pyodide

FILES = {"index.html", "boot.js", "sw.js", "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png",
         "py/preflog.zip", "pyodide/pyodide.js", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
         "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"}


def fake_pyodide(folder: Path) -> Path:
    """A folder with the names of Pyodide's files (for the tests that never run it)."""
    from preflog.webapp.site import RUNTIME_FILES

    folder.mkdir()
    for name in RUNTIME_FILES:
        (folder / name).write_bytes(name.encode())
    return folder


def test_the_folder_holds_the_page_its_worker_and_the_runtime(tmp_path: Path) -> None:
    runtime = fake_pyodide(tmp_path / "pyodide")
    run = CliRunner().invoke(cli, ["webapp", str(tmp_path / "site"), "--pyodide", str(runtime)])
    assert run.exit_code == 0, run.output
    out = tmp_path / "site"
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert written == FILES | {"pad.js", "pad.css"}, written
    page = (out / "index.html").read_text(encoding="utf-8")
    for part in ('name="viewport"', 'rel="manifest"', 'href="pad.css"', '<main id="app">', 'src="boot.js"',
                 'src="pad.js" defer', "'wasm-unsafe-eval'", "Загрузка…", "Loading…"):
        assert part in page, part
    policy = page.split('http-equiv="Content-Security-Policy" content="')[1].split('"')[0]
    # nothing is loaded from outside the folder; only a game sent to a club's server leaves it (connect-src)
    assert "http" not in page.replace('http-equiv', '').replace(policy, ""), "no address outside the folder"
    assert [d for d in policy.split("; ") if "http" in d] == ["connect-src 'self' https: http://localhost:* "
                                                              "http://127.0.0.1:*"]
    worker = (out / "sw.js").read_text(encoding="utf-8")
    kept = json.loads(worker.split("const FILES = ")[1].split(";\n")[0])
    assert set(kept) == (written - {"sw.js"}) | {"./"}
    assert "@VERSION@" not in worker
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert {i["src"] for i in manifest["icons"]} == {"icon.svg", "icon-192.png", "icon-512.png"}
    for size in (192, 512):
        head = (out / f"icon-{size}.png").read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(head[16:20]) == size
    assert f"{len(written)} files written" in run.output


def test_a_changed_file_changes_the_worker_s_version(tmp_path: Path) -> None:
    from preflog.webapp.site import worker

    files = {"index.html": b"a", "py/preflog.zip": b"b"}
    assert worker(files) != worker({**files, "py/preflog.zip": b"c"})
    assert worker(files) == worker(dict(files))


def test_the_bundle_holds_sources_only_and_is_the_same_bytes_each_time() -> None:
    from preflog.webapp.bundle import bundle

    data = bundle()
    assert data == bundle()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names == sorted(names)
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc", ".pyi")) or "test" in n.lower()]
    assert not [n for n in names if n.startswith(("preflog/cli/", "preflog/serve/templates", "click/"))]
    for needed in ("preflog/__init__.py", "preflog/grammar/preflog.lark", "preflog/locale/ru/LC_MESSAGES/preflog.mo",
                   "preflog/serve/view.py", "preflog/serve/keyboard.py", "lark/__init__.py", "attr/__init__.py",
                   "attrs/__init__.py", "cattrs/__init__.py", "typing_extensions.py"):
        assert needed in names, needed
    assert "preflog/serve/app.py" not in names  # Starlette's: never on a phone
    assert {i.date_time for i in zipfile.ZipFile(io.BytesIO(data)).infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_every_bundled_module_imports_with_the_standard_library_alone(tmp_path: Path) -> None:
    from preflog.webapp.bundle import RUNTIME, bundle

    zipfile.ZipFile(io.BytesIO(bundle())).extractall(tmp_path / "site")
    code = """import importlib, json, pathlib, sys
site = pathlib.Path(sys.argv[1]); sys.path.insert(0, str(site))
names = sorted(p.relative_to(site).with_suffix('').as_posix().replace('/', '.').removesuffix('.__init__')
               for p in (site / 'preflog').rglob('*.py'))
for name in names:
    importlib.import_module(name)
import preflog
assert preflog.loads_all(open(sys.argv[2], encoding='utf-8').read())
print(json.dumps(sorted({n.split('.')[0] for n in sys.modules} - set(sys.stdlib_module_names))))
"""
    sample = Path(__file__).resolve().parents[1] / "samples" / "sochi-pulka.pref"
    run = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path / "site"), str(sample)],
                         capture_output=True, text=True, env=dict(os.environ, PREFLOG_PURE_PYTHON="1"), timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert set(json.loads(run.stdout)) - {"__main__"} == {"preflog", *RUNTIME}


def test_the_bundle_runs_in_pyodide(tmp_path: Path) -> None:
    """Under node, the real Pyodide imports every preflog module of the bundle and reads a pulka."""
    needs_pyodide()
    from preflog.webapp.bundle import bundle

    (tmp_path / "preflog.zip").write_bytes(bundle())
    sample = Path(__file__).resolve().parents[1] / "samples" / "sochi-pulka.pref"
    script = tmp_path / "run.mjs"
    script.write_text("""import fs from "fs";
const [runtime, zip, sample] = process.argv.slice(2);
const { loadPyodide } = await import(runtime + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: runtime + "/" });
const site = py.runPython("import site; site.getsitepackages()[0]");
py.unpackArchive(new Uint8Array(fs.readFileSync(zip)), "zip", { extractDir: site });
py.globals.set("sample", fs.readFileSync(sample, "utf8"));
console.log(py.runPython(`
import importlib, json, pathlib, sys
root = pathlib.Path(site := __import__('site').getsitepackages()[0])
bad = {}
for p in sorted((root / 'preflog').rglob('*.py')):
    name = p.relative_to(root).with_suffix('').as_posix().replace('/', '.').removesuffix('.__init__')
    try:
        importlib.import_module(name)
    except Exception as exc:
        bad[name] = repr(exc)
import preflog
game = preflog.loads_all(sample)[0]
json.dumps({"bad": bad, "deals": len(game.deals), "python": sys.version_info[:2]})
`));
""", encoding="utf-8")
    run = subprocess.run(["node", str(script), str(PYODIDE), str(tmp_path / "preflog.zip"), str(sample)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    assert answer["bad"] == {} and answer["deals"] > 0 and answer["python"] == [3, 14], answer


def test_a_folder_not_empty_is_refused_unless_forced(tmp_path: Path) -> None:
    runtime = fake_pyodide(tmp_path / "pyodide")
    out = tmp_path / "site"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    run = CliRunner().invoke(cli, ["webapp", str(out), "--pyodide", str(runtime)])
    assert run.exit_code == 2 and "not empty" in run.output and "--force" in run.output
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    run = CliRunner().invoke(cli, ["webapp", str(out), "--pyodide", str(runtime), "--force"])
    assert run.exit_code == 0, run.output
    assert (out / "notes.txt").read_text() == "mine" and (out / "sw.js").is_file()
    (tmp_path / "file").write_text("")
    run = CliRunner().invoke(cli, ["webapp", str(tmp_path / "file"), "--pyodide", str(runtime)])
    assert run.exit_code == 2


@pytest.mark.parametrize("lang, words", [("en", "npm install pyodide@314.0.7"), ("ru", "нет папки Pyodide")])
def test_a_missing_pyodide_folder_says_how_to_get_it(tmp_path: Path, lang: str, words: str) -> None:
    run = CliRunner().invoke(cli, ["--lang", lang, "webapp", str(tmp_path / "site"),
                                   "--pyodide", str(tmp_path / "nowhere")])
    assert run.exit_code == 2 and words in run.output and "Traceback" not in run.output, run.output
    assert not (tmp_path / "site").exists()
    half = tmp_path / "half"
    half.mkdir()
    (half / "pyodide.js").write_text("")
    run = CliRunner().invoke(cli, ["webapp", str(tmp_path / "site"), "--pyodide", str(half)])
    assert run.exit_code == 2 and "pyodide.asm.wasm" in run.output
