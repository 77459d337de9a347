"""The presenter of the game's words lives in :mod:`preflog.words`, below every layer that speaks
(the engine's messages use it too); the presentation layer takes it from there."""

from __future__ import annotations

from ..words import *  # noqa: F403
from ..words import __all__ as __all__
