"""``py/preflog.zip``: preflog's Python as a phone runs it in Pyodide, and the pure-Python packages it
imports, taken from the running interpreter's installed packages. The same sources give the same bytes:
names sorted, every time stamp the zip format's first day, deflated."""

from __future__ import annotations

import ast
import io
import os
import sys
import zipfile
from collections.abc import Iterator, Mapping
from importlib import resources
from importlib.util import find_spec
from pathlib import Path

#: The packages beside preflog that the bundled modules import, found by importing every one of them in
#: a Python that has only these and the standard library (tests/test_webapp_build.py does it again).
RUNTIME = ("attr", "attrs", "cattrs", "lark", "typing_extensions")

#: preflog's folders a phone never imports: the command line (click) and the files of the server's pages.
LEFT_OUT = ("cli", "serve/templates", "serve/static", "webapp/static", "locale")

#: preflog's data files the phone reads, as globs below the package (the grammar is ``preflog.grammar``).
DATA = ("present/page/*.html", "present/page/*.css", "present/page/*.js", "locale/*/LC_MESSAGES/*.mo")
GRAMMAR = ("*.lark", "*.lark.tables", "*.lark.stamp")

#: The zip format's earliest time: every entry carries it, so a rebuild gives the same bytes.
EPOCH = (1980, 1, 1, 0, 0, 0)


def package_folder(name: str) -> Path:
    """Where the installed package (or the single module's file) ``name`` is."""
    spec = find_spec(name)
    if spec is None or spec.origin is None and not spec.submodule_search_locations:
        raise LookupError(name)
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(str(spec.origin))


def _files(folder: Path, skip: tuple[str, ...] = ()) -> Iterator[Path]:
    """Every regular file below ``folder`` in name order, symbolic links never followed nor taken,
    ``skip``'s folders (relative, with ``/``) and byte-code left out."""
    found: list[Path] = []
    for top, folders, names in os.walk(folder, followlinks=False):
        here = Path(top)
        relative = here.relative_to(folder).as_posix()
        folders[:] = [f for f in folders if f != "__pycache__" and not (here / f).is_symlink()
                      and (f if relative == "." else f"{relative}/{f}") not in skip]
        found.extend(here / n for n in names if (here / n).is_file() and not (here / n).is_symlink())
    return iter(sorted(found))


def top_imports(source: str, package: str) -> set[str]:
    """The modules ``source`` (a module of ``package``) imports when it is imported: at its top level
    and in class bodies, not in functions, not under ``if TYPE_CHECKING``, not in a ``try`` that catches
    ImportError; relative names made absolute."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                caught = " ".join(ast.unparse(h.type) for h in node.handlers if h.type is not None)
                if "ImportError" not in caught and "ModuleNotFoundError" not in caught:
                    visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.ClassDef | ast.With):
                visit(node.body)

    visit(ast.parse(source).body)
    return found


def _module_name(relative: str) -> tuple[str, str]:
    """The module a source file below the site's root defines, and the package its relative imports
    start from."""
    name = relative.removesuffix(".py").replace("/", ".")
    if name.endswith(".__init__"):
        name = name.removesuffix(".__init__")
        return name, name
    return name, name.rpartition(".")[0]


def phone_modules(sources: Mapping[str, str]) -> set[str]:
    """Of preflog's ``sources`` (file name below the site's root: text), those whose imports the phone
    has: the standard library, :data:`RUNTIME` and preflog's own phone modules, repeated until none
    more is dropped."""
    imports = {relative: top_imports(text, _module_name(relative)[1]) for relative, text in sources.items()}
    names = {_module_name(relative)[0]: relative for relative in sources}
    kept = set(sources)
    while True:
        here = {_module_name(relative)[0] for relative in kept}
        dropped = {relative for relative in kept if any(not _available(name, here, names) for name in imports[relative])}
        if not dropped:
            return kept
        kept -= dropped


def _available(name: str, kept: set[str], preflog: Mapping[str, str]) -> bool:
    """Whether the phone can import ``name`` (or ``name`` is an attribute of a module it can)."""
    top = name.partition(".")[0]
    if top != "preflog":
        return top in sys.stdlib_module_names or top in RUNTIME or top == "__future__"
    if name in preflog:
        return name in kept
    return name.rpartition(".")[0] in kept or name.rpartition(".")[0] not in preflog


def entries(extra: Mapping[str, bytes] | None = None) -> dict[str, bytes]:
    """Every file of the bundle, by its name in the zip (below site-packages): preflog's phone modules
    and data, its grammar as ``preflog/grammar``, :data:`RUNTIME`'s sources and data (their compiled
    modules, stubs and byte-code never), and ``extra`` (a test's own module)."""
    found: dict[str, bytes] = {}
    root = package_folder("preflog")
    sources = {f"preflog/{p.relative_to(root).as_posix()}": p.read_text(encoding="utf-8")
               for p in _files(root, LEFT_OUT) if p.suffix == ".py"}
    for relative in phone_modules(sources):
        found[relative] = sources[relative].encode("utf-8")
    for pattern in DATA:
        for path in sorted(root.glob(pattern)):
            if path.is_file() and not path.is_symlink():
                found[f"preflog/{path.relative_to(root).as_posix()}"] = path.read_bytes()
    grammar = Path(str(resources.files("preflog.grammar")))
    for pattern in ("__init__.py", *GRAMMAR):
        for path in sorted(grammar.glob(pattern)):
            found[f"preflog/grammar/{path.name}"] = path.read_bytes()
    for name in RUNTIME:
        where = package_folder(name)
        if where.is_file():
            found[where.name] = where.read_bytes()
            continue
        for path in _files(where):
            if path.suffix in (".py", ".lark") or path.name.startswith("LICENSE"):
                found[f"{name}/{path.relative_to(where).as_posix()}"] = path.read_bytes()
    found.update(extra or {})
    return found


def zipped(files: Mapping[str, bytes]) -> bytes:
    """``files`` as a zip that is the same bytes for the same files: sorted, stamped :data:`EPOCH`,
    read-only for all, deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, files[name], compresslevel=9)
    return out.getvalue()


def bundle(extra: Mapping[str, bytes] | None = None) -> bytes:
    """``py/preflog.zip``'s bytes (``extra``: files added, for a test)."""
    return zipped(entries(extra))
