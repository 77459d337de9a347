"""What a process loads (issue "Five times faster", item 4): ``import preflog`` loads no layer,
``preflog --help`` no library, ``preflog parse`` neither the engine nor Lark on canonical text,
``preflog check`` no Lark on any sample (issue 46); the lazy names of the package are the names it
declares."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import preflog

from .conftest import ROOT, SAMPLES

_RUN = """
import sys
from preflog.cli import main
sys.argv = ["preflog", *{args!r}]
try:
    main()
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


def loaded(*args: str) -> set[str]:
    """The modules a fresh process holds after running ``preflog ARGS``."""
    done = subprocess.run([sys.executable, "-c", _RUN.format(args=args)], capture_output=True, text=True,
                          check=True)
    return set(done.stderr.split("\n")[-2].split())


def test_help_loads_no_layer_of_the_library() -> None:
    modules = loaded("--help")
    assert not {m for m in modules if m.startswith(("preflog.notation.read", "preflog.game", "preflog.scoring"))}
    assert not {"attrs", "lark", "cattrs", "preflog.model.deal"} & modules


def test_parse_loads_neither_the_engine_nor_lark_on_canonical_text(tmp_path: Path) -> None:
    path = tmp_path / "canonical.pref"
    path.write_text(preflog.dumps(preflog.generate(40, seed=3)), encoding="utf-8")
    modules = loaded("parse", str(path))
    assert "preflog.notation.read" in modules
    assert not {m for m in modules if m.startswith(("preflog.game", "preflog.scoring", "lark", "cattrs"))}


def test_check_loads_no_lark_for_any_sample() -> None:
    """Annotations, comments over several lines, penalties, sheets, a totus: every sample is written
    as people write, and the fast path reads it all."""
    assert "lark" not in loaded("check", "--no-cache", *map(str, SAMPLES))


def test_parse_loads_lark_for_text_that_is_not_canonical(tmp_path: Path) -> None:
    path = tmp_path / "odd.pref"
    path.write_text('[Players "Anna Boris Vera"]\n\ndeal 1\nbids pass, pass, pass\n', encoding="utf-8")  # commas
    assert "lark" in loaded("parse", str(path))


def test_the_lazy_names_are_the_declared_ones() -> None:
    """Every name of ``__all__`` is in the table of lazy names and in the imports the type checker
    reads, from the same module; and each resolves."""
    tree = ast.parse((ROOT / "preflog" / "__init__.py").read_text(encoding="utf-8"))
    declared: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                declared[alias.name] = node.module
    lazy = dict(preflog._EXPORTS)
    assert set(preflog.__all__) == set(lazy)
    assert lazy == declared
    for name in preflog.__all__:
        assert getattr(preflog, name) is not None


def test_stats_is_a_function_beside_its_package() -> None:
    """``preflog.stats(games)`` is the statistics' function (a plain function: the package it comes from
    is ``preflog.statistics``, its Dask module ``preflog.statistics.dask``)."""
    code = ("import preflog\nfrom preflog import stats\nimport preflog.statistics.dask\n"
            "print(type(preflog.stats(preflog.loads_all('')).total).__name__, preflog.statistics.dask.__name__, "
            "preflog.stats is stats, type(stats).__name__)")
    assert _printed(code) == "Table preflog.statistics.dask True function"


def test_a_function_keeps_its_name_when_every_module_is_imported() -> None:
    """``preflog.check`` is the function, whatever modules are imported: no module of the package is
    named as a function it exports (issue 43, item 5: the package swaps no module class for it)."""
    code = ("import preflog.checker, preflog.driver, preflog.steps, preflog.generator, preflog.problems, preflog\n"
            "print(all(callable(f) and not isinstance(f, type(preflog)) for f in "
            "(preflog.check, preflog.walk, preflog.replay, preflog.generate)))")
    assert _printed(code) == "True"


def _printed(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter (whose imports are its own)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_no_module_of_the_package_shares_a_name_with_an_exported_function() -> None:
    import pkgutil

    import preflog

    modules = {m.name for m in pkgutil.iter_modules(preflog.__path__)}
    assert not modules & set(preflog._EXPORTS), modules & set(preflog._EXPORTS)
