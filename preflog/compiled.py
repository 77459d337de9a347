"""The modules mypyc compiles when the package is built, and the switch that runs their source instead.

``setup.py`` compiles :data:`MODULES` into C extensions (one group, its shared library
``preflog/core__mypyc``); each extension sits beside its ``.py`` and is imported in its place. Where
the build could not compile them, the package is pure Python and gives the same answers, slower.
It also builds :data:`NATIVE`, the modules written in C: the search's solver, which the search uses
wherever it runs compiled (``preflog/analysis/search.py``), and the records' constructor of
``preflog/model/build.py``.

With ``PREFLOG_PURE_PYTHON=1`` in the environment of a run, ``import preflog`` puts :class:`SourceFirst`
in front of the import system: the modules of :data:`MODULES` are then imported from their Python
source even where the compiled ones are installed, and the search from its source uses its own solver,
not the one in C. The tests run both ways (``.ci/run``).

This module imports nothing of the package (``setup.py`` reads it before the package can be imported)
and little else: ``import preflog`` imports it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

#: The modules compiled, the hot path of each long wait: the double-dummy search (``odds``,
#: ``analyse``), and the fast reader (with the statements it reads, each in the module of its codecs:
#: ``notation.statements``) and the engine's steps with the driver's loop over them (``game.feed``;
#: ``check``, ``stats``, ``score``). A module here holds no ``attrs`` field definitions (mypyc cannot
#: compile them) and no class that a module run as Python subclasses.
MODULES: Final = (
    "preflog.analysis.race",
    "preflog.analysis.search",
    "preflog.game.bits",
    "preflog.game.engine",
    "preflog.game.feed",
    "preflog.game.laws",
    "preflog.game.legal",
    "preflog.game.members",
    "preflog.notation.decode",
    "preflog.notation.fast",
    "preflog.notation.split",
    "preflog.notation.statements.bids",
    "preflog.notation.statements.claim",
    "preflog.notation.statements.contract",
    "preflog.notation.statements.deal",
    "preflog.notation.statements.hands",
    "preflog.notation.statements.layout",
    "preflog.notation.statements.penalty",
    "preflog.notation.statements.play",
    "preflog.notation.statements.result",
    "preflog.notation.statements.scan",
    "preflog.notation.statements.sheet",
    "preflog.notation.statements.tags",
    "preflog.notation.statements.talon",
    "preflog.notation.statements.tokens",
    "preflog.notation.statements.whist",
    "preflog.notation.validate",
)
#: Modules written in C, by name, with their source: the search's solver (``search.py``'s ``Solver`` is
#: its reference, and what runs wherever ``search.py`` runs from its source), and a record's constructor
#: (``model/build.py``: where it is not built, the record's class). Built beside the group.
NATIVE: Final = {"preflog.analysis._search": "preflog/analysis/_search.c",
                  "preflog.model._build": "preflog/model/_build.c"}
#: The name of the compiled group: its shared library is ``preflog/core__mypyc``.
GROUP: Final = "preflog.core"
#: Set (to anything but empty) in the environment: build pure Python, or run the modules' source.
PURE_PYTHON: Final = "PREFLOG_PURE_PYTHON"


def source_path(name: str) -> str:
    """The source file of module ``name`` relative to the project's root, as ``setup.py`` names it."""
    return name.replace(".", "/") + ".py"


def extensions(root: str, name: str) -> list[str]:
    """The compiled files of module ``name`` in the checkout or site folder ``root``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    base = os.path.join(root, *name.split("."))
    return [base + suffix for suffix in EXTENSION_SUFFIXES if os.path.isfile(base + suffix)]


def stale(root: str, names: Sequence[str] = MODULES) -> list[str]:
    """The modules of ``names`` in ``root`` (an editable install's checkout) not compiled, or edited
    since, then those of :data:`NATIVE` likewise. A module of ``names`` has its code in the group's shared
    library, rebuilt whenever a module changes, while the module's own extension (a shim that loads it)
    is left as it was; so the newest of them all is what a source must not be newer than."""
    import glob

    built = {name: extensions(root, name) for name in names}
    libraries = glob.glob(os.path.join(root, "preflog", "**", "*__mypyc.*"), recursive=True)
    newest = max((os.path.getmtime(f) for f in [*libraries, *(f for fs in built.values() for f in fs)]), default=0.0)
    old = [name for name in names
           if not built[name] or os.path.getmtime(os.path.join(root, source_path(name))) > newest]
    for name, source in NATIVE.items():
        path = os.path.join(root, source)
        if not os.path.isfile(path):  # a tree from before the module was written
            continue
        native = extensions(root, name)
        if not native or os.path.getmtime(path) > max(map(os.path.getmtime, native)):
            old.append(name)
    return old


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was imported from a compiled extension rather than from its source."""
    return not str(module.__file__).endswith(".py")


class SourceFirst:
    """A finder of ``sys.meta_path``: the modules of :data:`MODULES` found in their ``.py`` files,
    before any finder that would take the compiled extension beside them."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in MODULES or not path:
            return None
        from importlib.util import spec_from_file_location

        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return spec_from_file_location(fullname, source)
        return None


def running_compiled() -> list[str]:
    """The modules of :data:`MODULES` this process runs compiled (each imported to tell)."""
    return [name for name in MODULES if is_compiled(importlib.import_module(name))]


def run_source() -> None:
    """Import the modules of :data:`MODULES` from their source from now on (once is enough)."""
    if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def wants_source() -> bool:
    """Whether this run's environment asks for the pure-Python modules."""
    return bool(os.environ.get(PURE_PYTHON))


def run_source_if_asked() -> None:
    """:func:`run_source` when the environment asks for it (``import preflog`` calls this)."""
    if wants_source():
        run_source()
