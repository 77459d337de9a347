"""Who may write: the scorer's token (``Authorization: Bearer TOKEN``), or a login that sets an
HttpOnly, SameSite cookie, with a CSRF token carried by every form (a second cookie, matched by the
form's field or the ``X-CSRF-Token`` header). Watchers read without logging in.

Only digests are kept: the token's in the archive (or ``PREFLOG_TOKEN`` in the environment), and each
session's. The token and session ids are 32 random bytes, so a plain SHA-256 is enough to keep them.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import os
import secrets

from .archive import Archive

TOKEN_SETTING = "token_sha256"
SESSION_COOKIE = "preflog_session"
CSRF_COOKIE = "preflog_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def scorer_token(archive: Archive, *, renew: bool = False,
                 environ: dict[str, str] | None = None) -> tuple[str, str | None]:
    """The digest of the scorer's token, and the token itself when it was made now (or comes from
    ``PREFLOG_TOKEN``): made at the first start, or with ``renew`` (which also ends every login)."""
    env = os.environ if environ is None else environ
    given = env.get("PREFLOG_TOKEN", "")
    if given:
        return digest(given), given
    kept = archive.setting(TOKEN_SETTING)
    if kept is not None and not renew:
        return kept, None
    token = new_secret()
    archive.set_setting(TOKEN_SETTING, digest(token))
    archive.drop_sessions()
    return digest(token), token


class Access(enum.Enum):
    """What a request may do, and if it may not, why."""

    WRITE = "write"
    NO_TOKEN = "no token"          # 401: no token, no login
    BAD_TOKEN = "bad token"        # 401: a token that is not the scorer's
    NO_CSRF = "no csrf"            # 403: logged in, but the CSRF token is missing or wrong


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


def judge(archive: Archive, token_digest: str, *, authorization: str | None, session: str | None,
          csrf_cookie: str | None, csrf_sent: str | None) -> Access:
    """May this request write? A bearer token is judged alone; a login needs its CSRF token too."""
    if authorization:
        scheme, _sep, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not same(digest(token.strip()), token_digest):
            return Access.BAD_TOKEN
        return Access.WRITE
    if not session or not archive.has_session(digest(session)):
        return Access.NO_TOKEN
    if not same(csrf_cookie, csrf_sent):
        return Access.NO_CSRF
    return Access.WRITE


def logged_in(archive: Archive, session: str | None) -> bool:
    return bool(session) and archive.has_session(digest(str(session)))


__all__ = ["Access", "CSRF_COOKIE", "CSRF_FIELD", "CSRF_HEADER", "SESSION_COOKIE", "digest", "judge", "logged_in",
           "new_secret", "same", "scorer_token"]
