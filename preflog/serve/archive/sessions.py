"""The scorer's logins the archive keeps: the digest of each session, the token it was opened with, and
when (a login older than its days is forgotten)."""

from __future__ import annotations

from .storage import Storage, now


class Sessions:
    """The logins kept in ``store``."""

    def __init__(self, store: Storage) -> None:
        self.store = store

    def add_session(self, digest: str, token: str, max_age: int) -> None:
        """Keep the login whose session's digest is ``digest``, opened with the token of digest ``token``;
        the logins older than ``max_age`` seconds are forgotten."""
        with self.store.transaction() as db:
            db.execute("DELETE FROM sessions WHERE created < ?", (now(-max_age),))
            db.execute("INSERT OR REPLACE INTO sessions (digest, created, token) VALUES (?, ?, ?)",
                       (digest, now(), token))

    def has_session(self, digest: str, token: str, max_age: int) -> bool:
        """Whether ``digest`` is a login opened with the token of digest ``token`` at most ``max_age``
        seconds ago."""
        return self.store.reader.execute("SELECT 1 FROM sessions WHERE digest = ? AND token = ? AND created >= ?",
                                         (digest, token, now(-max_age))).fetchone() is not None

    def drop_session(self, digest: str) -> None:
        with self.store.transaction() as db:
            db.execute("DELETE FROM sessions WHERE digest = ?", (digest,))

    def drop_sessions(self) -> int:
        """End every login; how many there were."""
        with self.store.transaction() as db:
            return int(db.execute("DELETE FROM sessions").rowcount)


__all__ = ["Sessions"]
