"""Option types the commands share."""

from __future__ import annotations

import click

class PresetChoice(click.Choice):  # type: ignore[type-arg]
    """``--rules``: a preset of :data:`preflog.game.conventions.PRESETS`, whose names are looked up when
    an option is checked or its help printed (the rules are not loaded to list the commands)."""

    def __init__(self) -> None:
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        from ..game.conventions import PRESETS

        return tuple(sorted(PRESETS))

    @choices.setter
    def choices(self, value: object) -> None:
        pass  # click sets the choices it was given (none): they come from PRESETS
