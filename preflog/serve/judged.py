"""The judgments of the archive's games (:mod:`preflog.record.judgment`), kept by game and revision: a
change is judged from the judgment of the revision it changes, and that judgment is what the index, the
statistics, the pages, their JSON and the watchers' live part of every language read. Made once: by
the change (or the import) that made the revision, else by the first who needs it, the deriver in the
background at the start. What is kept is bounded by the deals it holds (:data:`KEPT_DEALS`), the least
recently used first out; a revision's judgment is dropped when the game has a newer one."""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..record.judgment import Judgment, judge
from .games import Tally

#: The deals of the judgments kept, at most (a 10,000-deal game is kept alone, as the pages' work is).
KEPT_DEALS = 12_000


def path_of(game: int) -> str:
    """What a game's judgments call its text (in the errors they give)."""
    return f"game {game}"


class Judgments:
    """The judgments kept, by (game, revision); safe to use from any thread."""

    def __init__(self, deals: int = KEPT_DEALS) -> None:
        self.deals = deals
        #: a game's newest revision only: its judgment, and its statistics' tally once counted
        self._kept: OrderedDict[int, tuple[int, Judgment, Tally | None]] = OrderedDict()
        self._lock = threading.Lock()
        #: how many judgments were made whole here (:meth:`of`), for those who count the work
        self.made = 0

    def get(self, game: int, revision: int) -> Judgment | None:
        """Game ``game``'s judgment at ``revision``, if it is kept."""
        with self._lock:
            found = self._kept.get(game)
            if found is None or found[0] != revision:
                return None
            self._kept.move_to_end(game)
            return found[1]

    def tally(self, game: int, revision: int) -> Tally | None:
        """The tally of the statistics of game ``game`` at ``revision``, if it is kept."""
        with self._lock:
            found = self._kept.get(game)
            return None if found is None or found[0] != revision else found[2]

    def put(self, game: int, revision: int, judged: Judgment, tally: Tally | None = None) -> None:
        """Keep ``judged``, game ``game``'s judgment at ``revision`` (unless a newer one is kept), with
        the tally of its statistics if it is counted."""
        with self._lock:
            found = self._kept.get(game)
            if found is not None and found[0] > revision:
                return
            if found is not None and found[0] == revision and found[1] is judged and tally is None:
                tally = found[2]
            self._kept[game] = (revision, judged, tally)
            self._kept.move_to_end(game)
            held = 0
            for other in reversed(list(self._kept)):  # the most recent first: they stay
                held += len(self._kept[other][1].deals)
                if held > self.deals and other != game:
                    del self._kept[other]

    def of(self, game: int, text: str, revision: int) -> Judgment:
        """Game ``game``'s judgment at ``revision``, whose text is ``text``: kept, or made and kept."""
        found = self.get(game, revision)
        if found is not None and found.text == text:
            return found
        judged = judge(text, path_of(game))
        self.made += 1
        self.put(game, revision, judged)
        return judged


__all__ = ["Judgments", "KEPT_DEALS", "path_of"]
