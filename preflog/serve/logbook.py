"""The server's log of what went wrong: one line a minute for each kind of fault or refusal, with how
many more of its kind there were, never a traceback per event (a full disk or a flood of connections
must not also fill the log)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from ..i18n import ngettext

LOG = logging.getLogger("preflog.serve")


class Logbook:
    """Lines said at most once every ``every`` seconds for each kind."""

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 log: logging.Logger = LOG) -> None:
        self.every, self.clock, self.log = every, clock, log
        self._last: dict[str, float] = {}
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def said(self, kind: str, line: str) -> bool:
        """Say ``line`` unless a line of ``kind`` was said less than ``every`` seconds ago (then it is
        counted, and the next line of its kind says how many were held back); whether it was said."""
        with self._lock:
            now = self.clock()
            last = self._last.get(kind)
            if last is not None and now - last < self.every:
                self._held[kind] = self._held.get(kind, 0) + 1
                return False
            self._last[kind] = now
            held = self._held.pop(kind, 0)
        more = ngettext("{n} more like it since the last line", "{n} more like it since the last line", held)
        self.log.warning("preflog: %s%s", line, f" ({more.format(n=held)})" if held else "")
        return True


FAULTS = Logbook()

__all__ = ["FAULTS", "LOG", "Logbook"]
