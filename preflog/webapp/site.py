"""The phone app's folder, as ``preflog webapp OUT`` writes it for any static host: the page and its
start (``static/``), the icons, Pyodide's runtime copied from the npm package, ``py/preflog.zip``, and a
service worker that keeps every one of those files under a version made of their hashes."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from ..i18n import N_, _, using_language
from . import bundle, icon

#: The files of Pyodide's npm package a page needs to start it (the classic script, its module, the
#: WebAssembly, the standard library and the list of packages it reads at start).
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The version of Pyodide the app is built and tested with (Python 3.14 inside).
PYODIDE_VERSION = "314.0.7"
#: The static files the build fills in, rather than copies.
FILLED = ("index.html", "manifest.webmanifest", "sw.js")

#: The words the page shows before Python runs, in each language (boot.js picks by the phone's).
WORDS = {
    "loading": N_("Loading…"),
    "failed": N_("preflog could not start: {reason}"),
    "missing": N_("{file} could not be loaded"),
    "refused": N_("the call {name} failed: {reason}"),
}
DESCRIPTION = N_("The score pad of Preferans, on the phone, offline.")


class Refused(Exception):
    """The folder cannot be written as asked; the message says why and what to do."""


def runtime_files(pyodide: Path) -> dict[str, Path]:
    """Pyodide's files in the npm package folder ``pyodide``, or :class:`Refused` naming what is missing."""
    if not pyodide.is_dir():
        raise Refused(_("no Pyodide folder at {path}: run npm install pyodide@{version} and give "
                        "--pyodide node_modules/pyodide").format(path=pyodide, version=PYODIDE_VERSION))
    missing = [name for name in RUNTIME_FILES if not (pyodide / name).is_file()]
    if missing:
        raise Refused(_("{path} is not Pyodide's npm package: {files} missing (npm install pyodide@{version})")
                      .format(path=pyodide, files=", ".join(missing), version=PYODIDE_VERSION))
    return {f"pyodide/{name}": pyodide / name for name in RUNTIME_FILES}


def words(lang: str) -> dict[str, str]:
    """:data:`WORDS` in ``lang``."""
    with using_language(lang):
        return {key: _(message) for key, message in WORDS.items()}


def _pulka_style() -> str:
    """The one inline style the page lets in: the pulka drawing's style sheet, by its hash (the policy
    names no 'unsafe-inline')."""
    from ..present.pulka_svg import STYLE
    from ..present.replay_html import csp_hash

    return csp_hash(STYLE)


def static_files() -> dict[str, bytes]:
    """The page's own files as built (``static/`` but the worker, and the icons drawn), by name in OUT."""
    folder = resources.files(__package__).joinpath("static")
    files = {entry.name: entry.read_bytes() for entry in folder.iterdir()
             if entry.is_file() and entry.name != "sw.js"}
    text = json.dumps({lang: words(lang) for lang in ("en", "ru")}, ensure_ascii=False, sort_keys=True)
    files["index.html"] = files["index.html"].decode("utf-8").replace("@WORDS@", text.replace("</", "<\\/")) \
        .replace("@LOADING@", words("en")["loading"]).replace("@PULKA_STYLE@", _pulka_style()).encode("utf-8")
    with using_language("en"):
        description = json.dumps(_(DESCRIPTION), ensure_ascii=False)[1:-1]
    files["manifest.webmanifest"] = files["manifest.webmanifest"].decode("utf-8") \
        .replace("@DESCRIPTION@", description).encode("utf-8")
    for size in icon.SIZES:
        files[f"icon-{size}.png"] = icon.png(size)
    return files


def worker(files: Mapping[str, bytes]) -> bytes:
    """``sw.js`` keeping ``files`` (and the page's address ``./``) under a version made of their hashes."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name} {hashlib.sha256(files[name]).hexdigest()}\n".encode())
    names = json.dumps(["./", *sorted(files)])
    text = resources.files(__package__).joinpath("static", "sw.js").read_text(encoding="utf-8")
    return text.replace("@VERSION@", digest.hexdigest()[:16]).replace("@FILES@", names).encode("utf-8")


def check_out(out: Path, force: bool) -> None:
    """:class:`Refused` unless ``out`` is missing, an empty folder, or (``force``) any folder."""
    if out.exists() and not out.is_dir():
        raise Refused(_("{path} is not a folder").format(path=out))
    if out.is_dir() and not force and any(out.iterdir()):
        raise Refused(_("{path} is not empty: give another folder, or --force to write over it").format(path=out))


def write_site(out: Path, pyodide: Path, force: bool = False, extra: Mapping[str, bytes] | None = None) -> list[str]:
    """Write the app into ``out`` from Pyodide's npm package folder ``pyodide`` (``force``: into a folder
    not empty, its files of the same names replaced); ``extra``: files added to the bundle (a test's
    module). Returns the names written, the worker's last."""
    check_out(out, force)
    runtime = runtime_files(pyodide)
    files = static_files()
    files["py/preflog.zip"] = bundle.bundle(extra)
    for name, path in runtime.items():
        files[name] = path.read_bytes()
    files["sw.js"] = worker(files)
    written = []
    for name in [*sorted(n for n in files if n != "sw.js"), "sw.js"]:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink():
            target.unlink()
        target.write_bytes(files[name])
        written.append(name)
    return written
