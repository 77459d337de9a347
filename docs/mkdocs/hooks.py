"""The site's one hook: ``<!-- preflog help LANG -->`` becomes the ``--help`` of the command and of
every verb, as ``preflog --lang LANG`` prints it (the Russian command reference)."""

from __future__ import annotations

import re
from typing import Any

_MARK = re.compile(r"<!-- preflog help (\w+) -->")


def _help(lang: str) -> str:
    from click.testing import CliRunner

    from preflog.cli import VERBS, cli

    parts = []
    for verb in ("", *VERBS):
        result = CliRunner().invoke(cli, ["--lang", lang, *([verb] if verb else []), "--help"], prog_name="preflog")
        parts.append(f"## preflog {verb}\n\n```text\n{result.output.rstrip()}\n```\n")
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    import os

    import preflog

    kept = os.environ.get("LANGUAGE")
    try:
        return _MARK.sub(lambda m: _help(m.group(1)), markdown)
    finally:  # --lang set the process's language: the rest of the site is built as before
        preflog.set_language(None)
        if kept is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = kept
