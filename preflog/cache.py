"""What a verb worked out of a file, kept between runs, so that a second run over the same files costs
only the reading of their bytes: ``preflog stats`` and ``preflog check`` keep each unit of work's
result here.

An entry is keyed by the file's bytes (their BLAKE2b hash), by what was done with them (the verb, its
options, the unit of the file, the language of its messages) and by this preflog's own code (the size
and time of each of its modules and catalogs: a preflog changed in any way, an upgrade or a fix, keys
anew, so that nothing it derived before is ever read back). The folder is the user's cache
(``$PREFLOG_CACHE``, else ``$XDG_CACHE_HOME/preflog``, else ``~/.cache/preflog``), held to
:data:`MOST_BYTES`, the oldest entries going first. Nothing in it is needed: an entry that cannot be
read or written is worked out again, and ``--no-cache`` leaves the folder alone.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

#: The most the folder holds; past it, the entries least recently written go.
MOST_BYTES = 512 * 1024 * 1024
#: The format of an entry: raised when what is kept changes shape.
FORMAT = 1


def folder() -> Path:
    """The user's cache folder for preflog."""
    chosen = os.environ.get("PREFLOG_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "preflog"


@cache
def code_stamp() -> str:
    """This preflog's code and catalogs, as a short hash of each file's name, size and time."""
    root = Path(__file__).resolve().parent
    stamp = hashlib.blake2b(str(FORMAT).encode(), digest_size=16)
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.mo"), *root.rglob("*.so")]):
        try:
            info = path.stat()
        except OSError:
            continue
        stamp.update(f"{path.relative_to(root)}:{info.st_size}:{info.st_mtime_ns}\n".encode())
    return stamp.hexdigest()


class Kept:
    """The entries of one verb in the cache folder (``where``: the folder, for the tests)."""

    def __init__(self, verb: str, where: Path | None = None) -> None:
        self.place = (where or folder()) / verb
        self._digests: dict[str, str | None] = {}

    def digest(self, path: str) -> str | None:
        """The hash of a regular file's bytes (once a run); ``None`` for what is not one or cannot be read."""
        if path not in self._digests:
            self._digests[path] = _digest(path)
        return self._digests[path]

    def key(self, path: str, *what: object) -> str | None:
        """The entry's name for ``path`` and what is done with it; ``None`` when the file cannot be kept."""
        found = self.digest(path)
        if found is None:
            return None
        return hashlib.blake2b(repr((found, code_stamp(), what)).encode(), digest_size=20).hexdigest()

    def get(self, key: str) -> Any:
        """The value kept under ``key``, or ``None``."""
        try:
            with open(self.place / key[:2] / key, "rb") as fp:
                return pickle.load(fp)  # noqa: S301 - the user's own folder, written by preflog
        except Exception:  # noqa: BLE001 - an entry not there, half written or of another Python: worked out again
            return None

    def put(self, key: str, value: Any) -> None:
        """Keep ``value`` under ``key`` (written whole or not at all); a folder that cannot be written is
        left as it is."""
        target = self.place / key[:2]
        try:
            target.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=target, delete=False, suffix=".part") as fp:
                pickle.dump(value, fp, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(fp.name, target / key)
        except (OSError, pickle.PicklingError):
            return

    def trim(self) -> None:
        """The oldest entries out while the verb's folder holds more than :data:`MOST_BYTES`."""
        try:
            entries = [(p.stat(), p) for p in self.place.glob("*/*") if p.is_file()]
        except OSError:
            return
        total = sum(info.st_size for info, _p in entries)
        for info, path in sorted(entries, key=lambda e: e[0].st_mtime_ns):
            if total <= MOST_BYTES:
                break
            try:
                path.unlink()
            except OSError:
                continue
            total -= info.st_size


def _digest(path: str) -> str | None:
    if path == "-":
        return None
    try:
        if not os.path.isfile(path):
            return None
        found = hashlib.blake2b(digest_size=32)
        with open(path, "rb") as fp:
            while chunk := fp.read(1 << 20):
                found.update(chunk)
        return found.hexdigest()
    except OSError:
        return None


#: The module's public names (what other layers and the server may import).
__all__ = [
    "FORMAT", "Kept", "MOST_BYTES", "code_stamp", "folder",
]
