"""The recorder's file on disk, safe against a kill at any moment: a deal is appended in one write and
synced before it is acknowledged; a change to deals already written (undo, edit, note) writes the
whole text to a temporary file beside it, syncs it, renames it over the file and syncs the folder, so
that the file is always either the old text or the new. A lock held while the file is open stops a
second recorder (the system drops it when its process dies, however it dies)."""

from __future__ import annotations

from ..i18n import _
import fcntl
import os
import stat
from pathlib import Path
from types import TracebackType


class Locked(OSError):
    """The file is being recorded by another process."""


class GameFile:
    """A game file a recorder writes: ``lock()`` it, ``create``, ``append`` or ``replace`` its text,
    ``close()`` it. Text is written as UTF-8 with the line endings given."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(os.path.realpath(path))  # the file a link names: the link stays, the file is written
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._lock: int | None = None

    def lock(self) -> None:
        """Hold the file's lock (``FILE.lock``, beside it); :class:`Locked` if another process holds it."""
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode("ascii", "replace").strip()
            os.close(fd)
            raise Locked(_("{path} is being recorded by another preflog (process {value}, which holds {lock_path}); "
                           "one recorder to a file").format(path=self.path, value=holder or '?',
                                                            lock_path=self.lock_path)) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock = fd
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # a replace cut short by a kill
            stale.unlink(missing_ok=True)

    def close(self) -> None:
        """Let the lock go (and its file, which only says who holds it)."""
        if self._lock is not None:
            try:
                self.lock_path.unlink()
            except OSError:
                pass
            os.close(self._lock)
            self._lock = None

    def __enter__(self) -> GameFile:
        self.lock()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def read(self) -> str:
        """The file's text (UTF-8; a ``ValueError`` saying so if it is not)."""
        data = self.path.read_bytes()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(_("{path} is not UTF-8 text (byte {start}); the recorder writes UTF-8 and will not mix "
                               "the two: convert it first, e.g. `iconv -f cp1251 -t utf-8`").format(path=self.path,
                                                                                                    start=e.start)) from None

    def create(self, text: str) -> None:
        """Write a new file holding ``text`` (all of it, or nothing if the process dies meanwhile)."""
        self.replace(text)

    def append(self, text: str) -> None:
        """Add ``text`` at the end, in one write, synced to the disk before returning."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            _write_all(fd, text)
        finally:
            os.close(fd)

    def replace(self, text: str) -> None:
        """Make ``text`` the whole file: a temporary file beside it, synced, renamed over it, and the
        folder synced, so that the file is the old text or the new whenever the process dies."""
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            if self.path.exists():
                os.fchmod(fd, stat.S_IMODE(self.path.stat().st_mode))
            _write_all(fd, text)
        finally:
            os.close(fd)
        os.replace(temporary, self.path)
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def _write_all(fd: int, text: str) -> None:
    """Write ``text`` as UTF-8 (in one write, unless the system takes less) and sync it to the disk."""
    data = text.encode("utf-8")
    done = 0
    while done < len(data):
        done += os.write(fd, data[done:])
    os.fsync(fd)
