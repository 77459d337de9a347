"""The recorder's commands, each a word on a line of its own (``edit`` and ``note`` take the rest of the
line), in English and as a Russian table says them: one spelling for every front door that reads them
(``preflog record``, the club server's scorer's page)."""

from __future__ import annotations

COMMANDS = ("undo", "redo", "edit", "note", "sheet", "help", "quit")
#: The same commands said in Russian.
RUSSIAN_COMMANDS = {"отмена": "undo", "вернуть": "redo", "правка": "edit", "заметка": "note", "пулька": "sheet",
                    "помощь": "help", "выход": "quit"}


def words_for(command: str) -> frozenset[str]:
    """Every word that says ``command`` (``help``: help, помощь)."""
    return frozenset({command, *(word for word, meant in RUSSIAN_COMMANDS.items() if meant == command)})


__all__ = ["COMMANDS", "RUSSIAN_COMMANDS", "words_for"]
