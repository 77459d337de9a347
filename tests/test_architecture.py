"""The layers: no module imports from a layer above its own, and the imports have no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT

#: Each layer and its rank, from the bottom (docs/architecture.md). A module may import its own
#: layer and those below it.
LAYERS = {
    "preflog.model": 0,
    "preflog.notation": 1,
    "preflog.jobs": 1,     # files cut into units of work for processes, a game as the reader counts them
    "preflog.cache": 1,    # what a verb worked out of a file, kept between runs by the file's hash
    "preflog.game": 2,
    "preflog.driver": 3,
    "preflog.scoring": 4, "preflog.diagnose": 4,
    "preflog.verdicts": 5,  # the violations in words: it quotes the scoring's entries
    "preflog.sheet_words": 5,  # the score sheet's entries in words
    "preflog.checker": 5, "preflog.steps": 5, "preflog.generator": 5, "preflog.problems": 5,
    "preflog.present": 6, "preflog.record": 6, "preflog.analysis": 6,
    "preflog": 7,          # the package's own __init__: the public API
    "preflog.statistics": 7,    # statistics of an archive: one replay per game, above the analysis it counts
    "preflog.dealing": 7,  # deals on demand: the solver's answers as a condition reads them, written as a hand record
    "preflog.event": 7,    # events: the draw, the boards, the standings; above the statistics whose facts it ranks
    "preflog.serve": 7,    # the club server (the extra preflog[serve]): only the command imports it
    "preflog.grammar": 0,  # data only
    "preflog.i18n": 0,     # the language spoken: gettext, and nothing of preflog's
    "preflog.words": 0,    # the game in words (cards, contracts, calls, conventions): model and i18n only
    "preflog.compiled": 0,  # which modules run compiled (setup.py reads it): nothing of preflog's
    "preflog.cli": 8,
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT)
    parts = list(rel.with_suffix("").parts)
    if parts[0] in ("cli", "grammar"):
        parts.insert(0, "preflog")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    files = [*ROOT.joinpath("preflog").rglob("*.py"), *ROOT.joinpath("cli").glob("*.py"),
             *ROOT.joinpath("grammar").glob("*.py")]
    return {module_name(p): p for p in files}


#: The notebook's display hooks (``_repr_svg_``, ``_repr_html_``): by IPython's protocol they sit on the
#: record, and draw it with the presentation layer, which they import when they are called (as
#: python-chess's ``Board._repr_svg_`` imports ``chess.svg``). Nothing else may import upwards.
DISPLAY_HOOKS = frozenset({"_repr_svg_", "_repr_html_"})


def imports(name: str, path: Path) -> set[str]:
    """The preflog modules ``name`` imports (at any depth in the file, lazy imports included, but for a
    display hook's)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hooked = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name in DISPLAY_HOOKS
              for inner in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in hooked:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("preflog"):
                submodules = {f"{target}.{a.name}" for a in node.names}  # "from . import jsonio"
                if node.module or not submodules <= set(modules()):  # "from .. import words": the module only
                    found.add(target)
                found.update(submodules)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("preflog"))
    return found


def layer(name: str) -> int:
    best = max((key for key in LAYERS if name == key or name.startswith(key + ".")), key=len)
    return LAYERS[best]


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: {t for t in imports(name, path) if t in mods and t != name} for name, path in mods.items()}


def test_every_module_has_a_layer() -> None:
    for name in modules():
        layer(name)


def test_no_module_imports_from_a_layer_above_it() -> None:
    upward = [(name, target) for name, targets in graph().items() for target in targets
              if layer(target) > layer(name)]
    assert upward == []


def test_the_imports_have_no_cycle() -> None:
    g = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(g[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(g):
        if node not in state:
            visit(node, [node])
    # a package's __init__ importing its own modules is not a cycle of modules
    cycles = [c for c in cycles if not all(m == c[0] or m.startswith(c[0] + ".") for m in c)]
    assert cycles == []


def test_display_hooks_import_only_the_presentation_layer() -> None:
    """A display hook's lazy import reaches the drawing in ``preflog.present`` and nothing else."""
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for hook in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in DISPLAY_HOOKS):
            for node in ast.walk(hook):
                if isinstance(node, ast.ImportFrom):
                    assert (node.module or "").startswith(("present.", "preflog.present.")), (name, node.module)


def test_the_engine_and_the_driver_know_no_visitor() -> None:
    g = graph()
    for name in ("preflog.game.engine", "preflog.driver"):
        assert not {t for t in g[name] if t.startswith(("preflog.checker", "preflog.scoring", "preflog.steps",
                                                         "preflog.present"))}, name


def test_the_game_speaks_no_language() -> None:
    """Issue 64, point 1: the rules, the engine and their violations are values; nothing under
    ``preflog.game`` imports the language (``i18n``) or the game's words (``words``), lazily or not.
    The sentences are made at the edge, by :mod:`preflog.verdicts`."""
    spoken = {"preflog.i18n", "preflog.words"}
    found = {name: sorted(imports(name, path) & spoken) for name, path in modules().items()
             if name == "preflog.game" or name.startswith("preflog.game.")}
    assert len(found) >= 10  # every module of the layer was read
    assert {name: said for name, said in found.items() if said} == {}


def test_the_scorer_reads_typed_tags_and_imports_no_notation() -> None:
    """Issue 43, item 3: the scoring layer reads the game's typed values (``Game.opening`` for the
    Sheet tag, ``Game.result`` for the Result tag), never the text: it imports the model, the game,
    the driver and the language, no notation."""
    allowed = ("preflog.model", "preflog.game", "preflog.driver", "preflog.i18n", "preflog.words", "preflog.scoring")
    for name, path in modules().items():
        if name.startswith("preflog.scoring"):
            stray = {m for m in imports(name, path) if not m.startswith(allowed)}
            assert not stray, (name, stray)


def test_the_server_imports_only_the_librarys_public_names() -> None:
    """Issue 43, item 4: every name the server imports from the rest of preflog is in the ``__all__`` of
    the module it comes from (the module's public API), none private (``_`` is gettext's, in i18n's)."""
    import importlib

    private = []
    for name, path in modules().items():
        if not name.startswith("preflog.serve"):
            continue
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]  # as imports() resolves them
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            if node.level:  # "from ..logbook" in preflog/serve/archive/ is preflog.serve.logbook, the server's own
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module])
            else:
                target = node.module
            if not target.startswith("preflog.") or target == "preflog.serve" or target.startswith("preflog.serve."):
                continue
            source = importlib.import_module(target)
            public = set(getattr(source, "__all__", ()))
            private += [(name, target, a.name) for a in node.names
                        if a.name not in public or (a.name.startswith("_") and a.name != "_")]
    assert private == []
