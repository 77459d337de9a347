"""Double-dummy analysis: the search (:mod:`.search`, compiled by mypyc where the build could), the
solver on the engine's states (:mod:`.solve`) and the annotation of played deals (:mod:`.annotate`).

With ``PREFLOG_PURE_PYTHON=1`` in the environment a process runs the search's Python source even where
the compiled module is installed (:mod:`preflog.compiled`): the two give the same answers, and the
tests run both; :func:`pure_search` loads the source beside the compiled module, to compare them.
"""

from __future__ import annotations

import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType


def pure_search(name: str = __name__ + ".pure_search") -> ModuleType:
    """The search module run from its Python source, whatever is installed beside it."""
    spec = spec_from_file_location(name, Path(__file__).with_name("search.py"))
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

