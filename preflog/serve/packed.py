"""A body kept to be sent many times (a page every watcher of a revision reads, a deal's replay, a game's
JSON): made once with its gzip, and sent compressed to whoever takes gzip, as every browser does. A long
game's pages are large (the replay of a deal of a 1,500-deal game 812 KB, its JSON 1.3 MB; about a tenth
of it compressed): over a club's Wi-Fi to a phone, and for the server that sends them, the bytes are the cost."""

from __future__ import annotations

import gzip
from collections.abc import Mapping

import attrs
from starlette.requests import Request
from starlette.responses import Response

#: Bodies shorter than this are sent as they are (gzip would save little of them).
SMALL = 1024


@attrs.frozen(slots=True)
class Packed:
    """A body as it is (``raw``) and gzipped (``gzipped``; None for a small one)."""

    raw: bytes
    gzipped: bytes | None

    @classmethod
    def of(cls, raw: bytes) -> Packed:
        """``raw``, and its gzip (the same bytes for the same body: no time in its header)."""
        return cls(raw, gzip.compress(raw, compresslevel=6, mtime=0) if len(raw) >= SMALL else None)


def takes_gzip(request: Request) -> bool:
    """Whether the asker takes gzip (``Accept-Encoding``: ``gzip`` or ``*``, not with ``q=0``)."""
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _sep, parameters = part.partition(";")
        if name.strip().lower() in ("gzip", "*"):
            weight = parameters.strip().lower().removeprefix("q=").strip() if parameters else "1"
            try:
                return float(weight) > 0
            except ValueError:
                return False
    return False


def send(request: Request, body: Packed, media_type: str = "text/html; charset=utf-8",
         headers: Mapping[str, str] | None = None) -> Response:
    """``body`` answered to ``request``, compressed if the asker takes it."""
    out = dict(headers or {})
    if body.gzipped is None:
        return Response(body.raw, media_type=media_type, headers=out)
    out["Vary"] = "Accept-Encoding"
    if takes_gzip(request):
        out["Content-Encoding"] = "gzip"
        return Response(body.gzipped, media_type=media_type, headers=out)
    return Response(body.raw, media_type=media_type, headers=out)


__all__ = ["Packed", "SMALL", "send", "takes_gzip"]
