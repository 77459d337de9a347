"""The build's one step beyond pyproject.toml: the double-dummy search compiled by mypyc.

``preflog/analysis/search.py`` is plain typed Python; mypyc (part of mypy, a build requirement in
pyproject.toml) turns it into a C extension that runs the same code about twenty times faster
(benchmarks/solve.py). Where it cannot be compiled (no C compiler, or ``PREFLOG_PURE_PYTHON=1`` in the
environment) the package installs as pure Python and gives the same answers, only slower.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["preflog/analysis/search.py"]


class OptionalBuildExt(build_ext):
    """Builds the compiled search, and on failure says so and leaves the pure-Python module."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure leaves the pure-Python path
            _warn(error)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            _warn(error)


def _warn(error: BaseException) -> None:
    print(f"preflog: the solver is not compiled ({error}); it runs as pure Python", file=sys.stderr)


def ext_modules() -> list[Any]:
    if os.environ.get("PREFLOG_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        # the search imports nothing of the package: mypy need not follow the package's other modules,
        # whose dependencies the build's environment does not have
        return list(mypycify(["--follow-imports=skip", *COMPILED], opt_level="3"))
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypy missing or failing: the pure-Python path
        _warn(error)
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
