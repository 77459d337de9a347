"""What the archive derives from its games' texts, kept up to date in the background: the index of a
game indexed by another derivation (after an upgrade), and each game's statistics for its present
revision (a deal recorded keeps the index at once, the statistics here), and each finished game's
lessons for «Задачи» (:func:`~preflog.serve.drills.teach`: seconds of the solver's work a game, done
after the rest, a game at a time). One thread, woken by each change the archive publishes and at the
start; reads never derive what they would keep, and never write."""

from __future__ import annotations

import threading
from collections.abc import Callable

from .archive import Archive, ArchiveError, News, NotFound
from .drills import SAMPLES, teach
from .logbook import FAULTS


class Deriver:
    """The background worker of an archive (:meth:`start`, :meth:`stop`), a subscriber of its news."""

    def __init__(self, archive: Archive, samples: int = SAMPLES) -> None:
        self.archive = archive
        #: the layouts each card of a lesson is valued over (0: no lessons are made, as for the tests of
        #: other parts; the command takes 2 at least)
        self.samples = samples
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def start(self) -> None:
        if self.archive.read_only is not None or self._thread is not None:
            return
        self._unsubscribe = self.archive.subscribe(self.heard)
        self._thread = threading.Thread(target=self._run, name="preflog-deriver", daemon=True)
        self._thread.start()

    def heard(self, news: News) -> None:
        """A game changed, or an event's file: look again."""
        self._wake.set()

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        warm = True
        while not self._stop.is_set():
            self._wake.clear()
            try:
                self.catch_up()
                if warm:  # once, at the start: the newest games judged before anyone asks
                    warm = False
                    self.judge_newest()
                while not self._stop.is_set() and self.teach_one():  # the index first after each game taught
                    self.catch_up()
            except ArchiveError as e:  # a full disk: tried again at the next write, or in a minute
                FAULTS.said("deriver", str(e))
                self._wake.wait(60)
                continue
            self._wake.wait(30)

    def judge_newest(self) -> int:
        """Judge the newest games, as many as the archive keeps the judgments of (a long game's first
        view then reads its judgment, as after its import); how many were judged."""
        judgments, held, done = self.archive.judgments, 0, 0
        for row in self.archive.games():
            if self._stop.is_set() or held + row.deals > judgments.deals:
                break
            held += row.deals
            try:
                revision = self.archive.revision(row.id)
                if judgments.get(row.id, revision) is None:
                    self.archive.judged(row.id, revision)
                    done += 1
            except NotFound:  # deleted meanwhile
                continue
        return done

    def teach_one(self) -> bool:
        """Make the lessons of the oldest game whose lessons are not kept for its revision (or drop those of
        a game no longer finished), and keep them unless it changed meanwhile (or the worker stops); whether
        there was one."""
        if not self.samples:
            return False
        for game, revision in self.archive.untaught(1):
            try:
                text, now = self.archive.text(game)
            except NotFound:  # deleted meanwhile
                return True
            if now != revision:  # changed meanwhile: looked at again
                return True
            finished = any(row.finished for row in self.archive.games(ids=[game]))
            lessons = teach(text, game, self.samples, stop=self._stop.is_set) if finished else []
            if not self._stop.is_set():
                self.archive.keep_lessons(game, revision, lessons)
            return True
        return False

    def catch_up(self) -> int:
        """Derive anew every game that needs it; how many were."""
        done = 0
        while not self._stop.is_set():
            games = self.archive.stale()
            if not games:
                break
            progressed = False
            for game in games:
                if self._stop.is_set():
                    break
                try:
                    if self.archive.derive(game):
                        progressed, done = True, done + 1
                except NotFound:  # deleted meanwhile
                    continue
            if not progressed:  # each changed meanwhile: look again at the next write
                break
        return done


__all__ = ["Deriver"]
