"""The build's one step beyond pyproject.toml: the hot modules compiled by mypyc, and the search's
solver and a record's constructor in C.

The modules of ``preflog/compiled.py`` (the double-dummy search, the fast reader, the engine's steps)
are plain typed Python; mypyc (part of mypy, a build requirement in pyproject.toml) turns them into C
extensions that run the same code faster: the reader and the engine by about a tenth
(benchmarks/versus.py). The search's solver is also written in C (``preflog/analysis/_search.c``, the
same algorithm as ``search.py``'s ``Solver``, its reference), about three times as fast again as the
solver compiled by mypyc (benchmarks/odds.py); so is a record's constructor
(``preflog/model/_build.c``, behind ``preflog/model/build.py``), five times as fast as the ``__init__``
attrs generates. Where they cannot be compiled (no C compiler, or ``PREFLOG_PURE_PYTHON=1`` in the
environment) the package installs as pure Python and gives the same answers, only slower.
"""

from __future__ import annotations

import os
import platform
import runpy
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

_LIST = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "preflog", "compiled.py"))
COMPILED = [_LIST["source_path"](name) for name in _LIST["MODULES"]]


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, and on failure says so and leaves the pure-Python ones."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure leaves the pure-Python path
            _warn(error)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            if ext.name.endswith("__mypyc"):  # the group's library, built first: without it no module loads
                raise
            _warn(error)  # one module's shim: that module stays Python


def _warn(error: BaseException) -> None:
    print(f"preflog: the fast modules are not compiled ({error}); they run as pure Python", file=sys.stderr)


def ext_modules() -> list[Any]:
    if _LIST["wants_source"]():
        return []
    from setuptools import Extension

    # the search's solver in C (search.py is its reference) and a record's constructor, beside the mypyc
    # group; on x86-64 with the POPCNT instruction (every such processor since 2008: _search.c's import
    # refuses a machine without it, and the search then uses its own solver)
    flags = ["-O3", *(["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else [])]
    native = [Extension(name, [path], extra_compile_args=flags) for name, path in _LIST["NATIVE"].items()]
    try:
        from mypyc.build import mypycify

        # mypy reads the modules they import (the records, attrs…: build requirements too) for their
        # types, silently: only the compiled modules are checked and compiled
        return [*mypycify(["--follow-imports=silent", *COMPILED], opt_level="3", group_name=_LIST["GROUP"]), *native]
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypy missing or failing: the pure-Python path
        _warn(error)
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
