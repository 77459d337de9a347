"""The peak memory of one preflog command, run in a process of its own (for the tests that memory stays
flat in the input's size: they compare two peaks of one machine, never a peak with a number)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .conftest import ROOT

#: run the command whose words are argv[1] (JSON) in this process, then print its peak resident size in KiB
MEASURED = """
import json, resource, sys
from preflog.cli import cli
try:
    cli.main(json.loads(sys.argv[1]))
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def peak_kib(*words: str) -> tuple[int, str]:
    """The peak resident size in KiB of ``preflog WORDS…`` run from the checkout, in English, and what it
    said on standard error."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFLOG_", "LANG", "LC_"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", MEASURED, json.dumps(list(words))], capture_output=True, text=True,
                          env=env, timeout=300)
    lines = done.stderr.strip().splitlines()
    return int(lines[-1]), "\n".join(lines[:-1])
