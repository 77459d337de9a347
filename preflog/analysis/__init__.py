"""Double-dummy analysis: the search (:mod:`.search`, compiled by mypyc where the build could), the
solver on the engine's states (:mod:`.solve`) and the annotation of played deals (:mod:`.annotate`);
the played cards valued over what their player could see (:mod:`.seen`, :mod:`.single_dummy`):
``preflog.analysis.seen_values(steps, samples, seed)`` gives a replay's avoidable mistakes.

With ``PREFLOG_PURE_PYTHON=1`` in the environment a process runs the search's Python source even where
the compiled module is installed (:mod:`preflog.compiled`): the two give the same answers, and the
tests run both; :func:`pure_search` loads the source beside the compiled module, to compare them.
"""

from __future__ import annotations

import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import Any

#: The names imported when first used (the search and the solver are not loaded with the package; the
#: modules import this package, so it names them only here, as text).
_LAZY = {"seen_values": "single_dummy", "SeenCard": "single_dummy", "DealSeen": "single_dummy"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f".{module}", __name__), name)


def pure_search(name: str = __name__ + ".pure_search") -> ModuleType:
    """The search module run from its Python source, whatever is installed beside it."""
    spec = spec_from_file_location(name, Path(__file__).with_name("search.py"))
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

