"""What a verb worked out of a file, kept between runs, so that a second run over the same files costs
only the reading of their bytes: ``preflog stats`` and ``preflog check`` keep each unit of work's
result here.

An entry is keyed by the bytes its work read (their BLAKE2b hash), by what was done with them (the
verb, its options, the unit of the file, the language of its messages) and by this preflog's own code
(the content of every module, compiled module, catalog and grammar file of its packages, wherever they
are installed: a preflog changed in any way keys anew). It is a file of JSON, never code: a line
naming the format, then ``{"key": …, "value": …}`` holding its whole key. An entry is taken only if it
reads back to exactly what preflog would write for the key asked for: anything else (another key, a
wrong shape or type, a file cut short or too big, a link) is a miss, worked out again.

The folder is the user's cache (``$PREFLOG_CACHE``, else ``$XDG_CACHE_HOME/preflog``, else
``~/.cache/preflog``), made private (0700) when missing, and used only if it is a folder (not a link)
of the user's that no one else can write to; else the run keeps nothing and :attr:`Kept.refused` says
why. Nothing under it is reached through a link. All the verbs' entries share one bound,
:data:`MOST_BYTES`, the oldest going first; :meth:`Kept.trim` deletes only the entries preflog wrote.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import IO, Any, Generic, NamedTuple, TypeVar

from .i18n import _

#: The most the folder's entries hold, all verbs together; past it, the entries least recently written go.
MOST_BYTES = 512 * 1024 * 1024
#: The most one entry may hold: a bigger result is not kept, a bigger file is not read.
MOST_ENTRY = 32 * 1024 * 1024
#: The format of an entry: raised when what is kept changes shape (its entries live in ``v<FORMAT>``).
FORMAT = 2
#: The first line of every entry preflog writes.
FORMAT_LINE = f"preflog cache {FORMAT}\n".encode()
#: The packages whose files make :func:`code_stamp`, and the files of them that count.
PACKAGES = ("preflog", "preflog.cli", "preflog.grammar")
CODE_FILES = re.compile(r".*\.(py|so|pyd|mo|lark|lark\.tables|lark\.stamp)")
#: A ``.part`` file (an entry being written) older than this was left by a run that stopped: trim takes it.
STALE_PART = 3600

_ENTRY = re.compile(r"[0-9a-f]{40}")
_PART = re.compile(r"[0-9a-f]{40}\.[0-9a-f]{16}\.part")
_SHARD = re.compile(r"[0-9a-f]{2}")
_NOFOLLOW, _CLOEXEC = getattr(os, "O_NOFOLLOW", 0), getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
_FILE = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | _CLOEXEC  # a FIFO planted there does not block
#: Whether this system opens files below a folder without following links (else no cache is kept).
SAFE = bool(_NOFOLLOW) and hasattr(os, "O_DIRECTORY") and os.open in os.supports_dir_fd and \
    os.scandir in os.supports_fd

T = TypeVar("T")


def folder() -> Path:
    """The user's cache folder for preflog."""
    chosen = os.environ.get("PREFLOG_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "preflog"


def code_locations() -> list[tuple[str, str]]:
    """Each package of :data:`PACKAGES` with the folder it is loaded from (an editable install keeps
    ``preflog.cli`` and ``preflog.grammar`` outside ``preflog/``); one that cannot be imported, as
    the checkout's folder beside ``preflog/`` (where :func:`preflog.notation.lalr.grammar_folder`
    then finds the grammar)."""
    out = []
    for name in PACKAGES:
        try:
            spec = importlib.util.find_spec(name)
        except ImportError:
            spec = None
        places = list(spec.submodule_search_locations or []) if spec is not None else []
        beside = Path(__file__).resolve().parents[1] / name.rpartition(".")[2]
        if not places and name != PACKAGES[0] and beside.is_dir():
            places = [str(beside)]
        out += [(name, where) for where in places]
    return out


def stamp_of(locations: Sequence[tuple[str, str]]) -> str:
    """A short hash of the name and content of every code, catalog and grammar file under ``locations``
    (:data:`CODE_FILES`, caches of compiled Python left out)."""
    stamp = hashlib.blake2b(FORMAT_LINE, digest_size=16)
    for name, where in locations:
        files = []
        for top, folders, names in os.walk(where):
            folders[:] = sorted(f for f in folders if f != "__pycache__")
            files += [os.path.join(top, n) for n in names if CODE_FILES.fullmatch(n)]
        for path in sorted(files):
            content = _digest(path)
            stamp.update(f"{name}:{os.path.relpath(path, where)}:{content}\n".encode("utf-8", "surrogateescape"))
    return stamp.hexdigest()


@cache
def code_stamp() -> str:
    """This preflog's code, catalogs and grammar (:func:`stamp_of` its :func:`code_locations`), once a process."""
    return stamp_of(code_locations())


class Key(NamedTuple):
    """An entry's key: ``text``, the whole of what it is keyed by (as JSON), and ``name``, its file's name."""

    text: str
    name: str


class Kept(Generic[T]):
    """The cache's entries of one verb, whose values are kept as the data ``to_data`` makes and
    ``of_data`` reads back (``of_data`` raises for anything else). The folder (``where``, for the
    tests) is opened at the first :meth:`usable`; :meth:`close` lets it go."""

    def __init__(self, verb: str, to_data: Callable[[T], Any], of_data: Callable[[Any], T],
                 where: Path | None = None) -> None:
        self.verb, self.to_data, self.of_data = verb, to_data, of_data
        self.root = where or folder()
        #: why the folder is not used (a link, another's, writable by others), once :meth:`usable` said no
        self.refused: str | None = None
        self._entries: int | None = None  # the descriptor of the entries' folder; -1: not usable
        self._digests: dict[str, str | None] = {}

    def digest(self, path: str) -> str | None:
        """The hash of a regular file's bytes (once a run), to look it up; ``None`` for what is not one
        or cannot be read."""
        if path not in self._digests:
            self._digests[path] = _digest(path) if path != "-" else None
        return self._digests[path]

    def key(self, digest: str, options: object, unit: object, language: str) -> Key | None:
        """The key of the result of working with ``options`` on ``unit`` of the bytes whose hash is
        ``digest``, in ``language``; ``None`` for options that cannot be said in JSON."""
        try:
            text = json.dumps({"format": FORMAT, "bytes": digest, "code": code_stamp(), "verb": self.verb,
                               "options": options, "unit": unit, "language": language})
        except (TypeError, ValueError):
            return None
        return Key(text, hashlib.blake2b(text.encode(), digest_size=20).hexdigest())

    def usable(self) -> bool:
        """Whether the folder can be used this run: opened (made, private, where missing) on the first call."""
        if self._entries is None:
            self._entries = -1
            opened = _trusted(self.root) if SAFE else None
            if isinstance(opened, str):
                self.refused = opened
                return False
            if opened is None:
                return False
            try:
                entries = _subfolder(opened, f"v{FORMAT}", make=True, shown=self.root / f"v{FORMAT}")
            finally:
                os.close(opened)
            if isinstance(entries, str):
                self.refused = entries
            elif entries is not None:
                self._entries = entries
        return self._entries >= 0

    def close(self) -> None:
        """Let the folder go (it is opened again if used again)."""
        if self._entries is not None and self._entries >= 0:
            os.close(self._entries)
        self._entries = None

    def get(self, key: Key) -> T | None:
        """The value kept under ``key``, or ``None``: nothing there, or anything but what :meth:`put`
        writes for this key."""
        if not self.usable():
            return None
        with _shard(self._folder, key.name, make=False) as shard:
            raw = None if shard is None else _read(shard, key.name)
        if raw is None or not raw.startswith(FORMAT_LINE):
            return None
        try:
            entry = json.loads(raw[len(FORMAT_LINE):])
            if not isinstance(entry, dict) or list(entry) != ["key", "value"] or \
                    json.dumps(entry["key"]) != key.text:
                return None
            value = self.of_data(entry["value"])
            if self._entry(key, value) != raw:  # only what preflog writes for this key and value
                return None
        except Exception:  # noqa: BLE001 - whatever the file holds (deep nesting, a huge number, a wrong type): a miss
            return None
        return value

    def put(self, key: Key, value: T) -> bool:
        """Keep ``value`` under ``key`` (written whole or not at all); whether it was. A folder that
        cannot be written, or a value bigger than :data:`MOST_ENTRY`, is left as it is."""
        if not self.usable():
            return False
        try:
            entry = self._entry(key, value)
        except (TypeError, ValueError):
            return False
        if len(entry) > MOST_ENTRY:
            return False
        with _shard(self._folder, key.name, make=True) as shard:
            return shard is not None and _write(shard, key.name, entry)

    def trim(self) -> None:
        """The oldest entries out while the entries of all verbs hold more than :data:`MOST_BYTES`; a
        ``.part`` file left by a run that stopped goes too. Only preflog's own files are counted and
        deleted: named as it names them, in its own folders, regular files of the user's that begin
        with :data:`FORMAT_LINE`; nothing is reached through a link."""
        if not self.usable():
            return
        found: list[tuple[int, int, str, str]] = []  # time, size, shard, name
        now = time.time()
        for shard_name in _names(self._folder, _SHARD):
            with _shard(self._folder, shard_name, make=False) as shard:
                if shard is None:
                    continue
                for name, info in _files(shard):
                    if _ENTRY.fullmatch(name) and name.startswith(shard_name):
                        found.append((info.st_mtime_ns, info.st_size, shard_name, name))
                    elif _PART.fullmatch(name) and name.startswith(shard_name) and now - info.st_mtime > STALE_PART:
                        _delete(shard, name, part=True)
        total = sum(size for _t, size, _s, _n in found)
        if total <= MOST_BYTES:
            return
        for _time, size, shard_name, name in sorted(found):
            if total <= MOST_BYTES:
                break
            with _shard(self._folder, shard_name, make=False) as shard:
                if shard is not None:
                    _delete(shard, name)
            total -= size  # deleted, or not preflog's entry and not counted

    @property
    def _folder(self) -> int:
        assert self._entries is not None and self._entries >= 0
        return self._entries

    def _entry(self, key: Key, value: T) -> bytes:
        """The bytes of the entry of ``value`` under ``key``."""
        return FORMAT_LINE + f'{{"key": {key.text}, "value": {json.dumps(self.to_data(value))}}}'.encode()


class Reading:
    """The bytes of a file hashed as a work reads them (:meth:`through`), then to its end
    (:meth:`finish`): the key of what the work made of them, whatever the file holds by then."""

    def __init__(self) -> None:
        self._hash = hashlib.blake2b(digest_size=32)
        self._raw: _Hashing | None = None
        self._spoilt = self._done = False

    def through(self, fp: IO[bytes]) -> IO[bytes]:
        """``fp`` read through the hash (a second file read by the same work spoils the digest)."""
        if self._raw is not None:
            self._spoilt = True
            return fp
        self._raw = _Hashing(fp, self._hash)
        return io.BufferedReader(self._raw)

    def finish(self) -> None:
        """The rest of the file read into the hash (a unit that stops early has read only its part)."""
        if self._raw is None or self._done:
            return
        try:
            while self._raw.read(1 << 20):
                pass
        except (OSError, ValueError):
            self._spoilt = True
        self._done = True

    def digest(self) -> str | None:
        """The hash of every byte read, or ``None`` where the file was not read once through."""
        return self._hash.hexdigest() if self._done and not self._spoilt else None


class _Hashing(io.RawIOBase):
    """A file whose bytes go into ``found`` as they are read."""

    def __init__(self, fp: IO[bytes], found: Any) -> None:
        super().__init__()
        self._fp, self._found = fp, found

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        data = self._fp.read(len(view))
        view[:len(data)] = data
        self._found.update(data)
        return len(data)

    def fileno(self) -> int:
        return self._fp.fileno()

    def tell(self) -> int:
        return self._fp.tell()


def _digest(path: str) -> str | None:
    """The hash of a regular file's bytes; ``None`` for what is not one or cannot be read."""
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


def _trusted(root: Path) -> int | str | None:
    """The descriptor of the cache folder ``root`` (made private where missing), or why it is not
    trusted, or ``None`` where it cannot be made or opened (no reason to give: a run keeps nothing)."""
    try:
        os.makedirs(root.parent, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return _subfolder(None, str(root), make=True, shown=root)


def _subfolder(parent: int | None, name: str, make: bool, shown: Path | None = None) -> int | str | None:
    """The descriptor of the folder ``name`` in the folder ``parent`` (a path, without one), made
    private if ``make`` and missing, never through a link; else, where ``shown`` (its path, as said)
    is given, why it is not trusted: a link, not a folder, another's or writable by others; else
    ``None``."""
    if make:
        try:
            os.mkdir(name, 0o700, dir_fd=parent)
        except FileExistsError:
            pass
        except OSError:
            return None
    try:
        fd = os.open(name, _DIRECTORY, dir_fd=parent)
    except OSError:
        if shown is None:
            return None
        try:
            mode = os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
        except OSError:
            return None
        if stat.S_ISLNK(mode):
            return _("{folder} is a symbolic link, not a folder").format(folder=shown)
        return None if stat.S_ISDIR(mode) else _("{folder} is not a folder").format(folder=shown)
    why = _untrusted(fd, str(shown or name))
    if why is not None:
        os.close(fd)
        return why
    return fd


def _untrusted(fd: int, name: str) -> str | None:
    """Why the open folder ``fd`` is not to be trusted (another's, or writable by others), or ``None``."""
    info = os.fstat(fd)
    if info.st_uid != os.getuid():
        return _("{folder} belongs to another user").format(folder=name)
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return _("{folder} can be written by other users (chmod go-w {folder})").format(folder=name)
    return None


@contextmanager
def _shard(entries: int, name: str, make: bool) -> Iterator[int | None]:
    """The folder of the entries whose names begin as ``name`` does (its first two letters), opened
    for the block; ``None`` where it is not there, not trusted, or a link."""
    fd = _subfolder(entries, name[:2], make)
    if not isinstance(fd, int):
        yield None
        return
    try:
        yield fd
    finally:
        os.close(fd)


def _read(shard: int, name: str) -> bytes | None:
    """The bytes of the entry ``name``, if it is a regular file of the user's of at most :data:`MOST_ENTRY`."""
    try:
        fd = os.open(name, _FILE, dir_fd=shard)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_size > MOST_ENTRY:
            return None
        parts, size = [], 0
        while chunk := os.read(fd, min(1 << 20, MOST_ENTRY + 1 - size)):
            parts.append(chunk)
            size += len(chunk)
            if size > MOST_ENTRY:  # grown since: not read on
                return None
        return b"".join(parts)
    except OSError:
        return None
    finally:
        os.close(fd)


def _write(shard: int, name: str, entry: bytes) -> bool:
    """``entry`` written as ``name`` whole or not at all: into a ``.part`` file of its own, then renamed."""
    part = f"{name}.{secrets.token_hex(8)}.part"
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600, dir_fd=shard)
    except OSError:
        return False
    try:
        with open(fd, "wb", closefd=True) as out:
            out.write(entry)
        os.replace(part, name, src_dir_fd=shard, dst_dir_fd=shard)
        return True
    except OSError:
        try:
            os.unlink(part, dir_fd=shard)
        except OSError:
            pass
        return False


def _names(folder: int, pattern: re.Pattern[str]) -> list[str]:
    """The names in ``folder`` that match ``pattern``."""
    try:
        with os.scandir(folder) as found:
            return sorted(e.name for e in found if pattern.fullmatch(e.name))
    except OSError:
        return []


def _files(folder: int) -> list[tuple[str, os.stat_result]]:
    """The regular files in ``folder`` (links not followed), with their status."""
    out = []
    try:
        with os.scandir(folder) as found:
            for e in found:
                try:
                    info = e.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):
                    out.append((e.name, info))
    except OSError:
        pass
    return out


def _delete(shard: int, name: str, part: bool = False) -> None:
    """Delete ``name`` from ``shard`` if preflog wrote it: a regular file of the user's (not a link)
    beginning with :data:`FORMAT_LINE` (a ``.part`` file may also be empty: cut off before a byte)."""
    try:
        fd = os.open(name, _FILE, dir_fd=shard)
    except OSError:
        return
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
            return
        head = os.read(fd, len(FORMAT_LINE))
        if head != FORMAT_LINE and not (part and FORMAT_LINE.startswith(head)):
            return
        os.unlink(name, dir_fd=shard)
    except OSError:
        return
    finally:
        os.close(fd)


#: The module's public names (what other layers and the server may import).
__all__ = [
    "CODE_FILES", "FORMAT", "FORMAT_LINE", "Key", "Kept", "MOST_BYTES", "MOST_ENTRY", "PACKAGES", "Reading", "SAFE",
    "STALE_PART", "code_locations", "code_stamp", "folder", "stamp_of",
]
