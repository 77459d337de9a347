"""Who may write: the scorer's token (``Authorization: Bearer TOKEN``), or a login that sets an
HttpOnly, SameSite cookie, with a CSRF token carried by every form (matched by the form's field or the
``X-CSRF-Token`` header). Watchers read without logging in.

Only digests are kept: the token's in the archive (or ``PREFLOG_TOKEN`` in the environment), and each
session's, with the digest of the token it was opened with: a new token ends every login. A login ends
on the server after :data:`SESSION_DAYS`. Before a login, the CSRF token is a cookie of its own; once
logged in, it is derived from the session, so each login has a new one. Wrong tokens are held to a
budget every client shares (:class:`Guesses`), not to a delay each guesser can run in parallel.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import os
import secrets
import threading
import time
from collections.abc import Callable

import attrs

from ..i18n import ngettext
from .archive import Archive

TOKEN_SETTING = "token_sha256"
IN_USE_SETTING = "token_in_use_sha256"
SESSION_COOKIE = "preflog_session"
CSRF_COOKIE = "preflog_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
MIN_TOKEN = 16


class TokenError(Exception):
    """The scorer's token given cannot be used: the message says why and what to do."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def session_csrf(session: str) -> str:
    """The CSRF token of a login, derived from its session: tied to it, and new with each login."""
    return hmac.new(session.encode("utf-8"), b"preflog csrf", hashlib.sha256).hexdigest()


@attrs.frozen(slots=True)
class Token:
    """The scorer's token as the server starts: its digest; the token itself when it was made now
    (to be printed once); whether it comes from ``PREFLOG_TOKEN``; whether every login was ended."""

    digest: str
    made: str | None = None
    from_environment: bool = False
    logins_ended: bool = False


def scorer_token(archive: Archive, *, renew: bool = False, environ: dict[str, str] | None = None) -> Token:
    """The scorer's token: ``PREFLOG_TOKEN`` (at least :data:`MIN_TOKEN` characters, else
    :class:`TokenError`), or the one kept in the archive, made at the first start or with ``renew``.
    A token other than the one the server last started with ends every login, and so does ``renew``;
    with ``PREFLOG_TOKEN`` set, ``renew`` makes no token (the environment's is the token)."""
    env = os.environ if environ is None else environ
    given = env.get("PREFLOG_TOKEN", "").strip()
    if given:
        if len(given) < MIN_TOKEN:
            raise TokenError(ngettext(
                "PREFLOG_TOKEN is too short ({n} character, at least {min}): anyone could guess it; make one "
                "with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'",
                "PREFLOG_TOKEN is too short ({n} characters, at least {min}): anyone could guess it; make one "
                "with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'", len(given))
                .format(n=len(given), min=MIN_TOKEN))
        token = Token(digest(given), from_environment=True)
    elif archive.read_only is not None:  # nothing can be written: the token kept, or none that anyone knows
        kept = archive.setting(TOKEN_SETTING)
        return Token(kept if kept is not None else digest(new_secret()))
    else:
        kept = archive.setting(TOKEN_SETTING)
        if kept is not None and not renew:
            token = Token(kept)
        else:
            made = new_secret()
            archive.set_setting(TOKEN_SETTING, digest(made))
            token = Token(digest(made), made=made)
    in_use = archive.setting(IN_USE_SETTING)
    if archive.read_only is None and (renew or in_use != token.digest):
        ended = archive.drop_sessions()
        archive.set_setting(IN_USE_SETTING, token.digest)
        token = attrs.evolve(token, logins_ended=renew or ended > 0)
    return token


class Guesses:
    """The wrong tokens the server still takes, shared by every client: ``burst`` at once, then one
    every ``every`` seconds. While none is left, no token is even compared (a right one waits too):
    parallel guessers get no more tries than one."""

    def __init__(self, burst: int = 10, every: float = 6.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self._left = float(burst)
        self._since = clock()
        self._lock = threading.Lock()

    def _refill(self) -> None:
        now = self.clock()
        self._left = min(float(self.burst), self._left + (now - self._since) / self.every)
        self._since = now

    def wait(self) -> float:
        """Seconds before a token may be tried (0: now)."""
        with self._lock:
            self._refill()
            return 0.0 if self._left >= 1 else (1 - self._left) * self.every

    def wrong(self) -> None:
        """A wrong token was tried: one fewer left."""
        with self._lock:
            self._refill()
            self._left = max(self._left - 1, -float(self.burst))


class Access(enum.Enum):
    """What a request may do, and if it may not, why."""

    WRITE = "write"
    NO_TOKEN = "no token"          # 401: no token, no login
    BAD_TOKEN = "bad token"        # 401: a token that is not the scorer's
    NO_CSRF = "no csrf"            # 403: logged in, but the CSRF token is missing or wrong
    GUESSING = "guessing"          # 429: too many wrong tokens lately; none is tried now


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


def try_token(guesses: Guesses, token: str, token_digest: str) -> Access:
    """A token typed or sent: WRITE if it is the scorer's; tried only while the budget lasts."""
    if guesses.wait() > 0:
        return Access.GUESSING
    if same(digest(token.strip()), token_digest):
        return Access.WRITE
    guesses.wrong()
    return Access.BAD_TOKEN


def judge(archive: Archive, token_digest: str, guesses: Guesses, *, authorization: str | None,
          session: str | None, csrf_sent: str | None) -> Access:
    """May this request write? A bearer token is judged alone; a login needs its CSRF token too."""
    if authorization:
        scheme, _sep, token = authorization.partition(" ")
        if scheme.lower() != "bearer":
            return Access.BAD_TOKEN
        return try_token(guesses, token, token_digest)
    if not logged_in(archive, token_digest, session):
        return Access.NO_TOKEN
    assert session is not None
    if not same(session_csrf(session), csrf_sent):
        return Access.NO_CSRF
    return Access.WRITE


def logged_in(archive: Archive, token_digest: str, session: str | None) -> bool:
    """Whether ``session`` is a login opened with the present token within :data:`SESSION_DAYS`."""
    return bool(session) and archive.has_session(digest(str(session)), token_digest, SESSION_DAYS * 86400)


__all__ = ["Access", "CSRF_COOKIE", "CSRF_FIELD", "CSRF_HEADER", "Guesses", "MIN_TOKEN", "SESSION_COOKIE",
           "SESSION_DAYS", "Token", "TokenError", "digest", "judge", "logged_in", "new_secret", "same",
           "scorer_token", "session_csrf", "try_token"]
