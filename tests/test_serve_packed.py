"""A body kept for many readers (a page of a revision, a deal's replay, a game's JSON) is sent gzipped to
whoever takes gzip, as it is to whoever does not, the same body either way (serve/packed.py)."""

from __future__ import annotations

import gzip

import pytest

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from starlette.requests import Request  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from preflog.serve.archive import Archive  # noqa: E402
from preflog.serve.packed import SMALL, Packed, takes_gzip  # noqa: E402

from .test_serve_judgment import imported, served  # noqa: E402, F401 - the app called in process, a game in it


@pytest.fixture
def game(served: tuple[TestClient, Archive]) -> tuple[TestClient, int]:
    client, _archive = served
    return client, imported(client, 40, 3)


def asking(encoding: str) -> Request:
    return Request({"type": "http", "headers": [(b"accept-encoding", encoding.encode())]})


@pytest.mark.parametrize(("encoding", "takes"), [
    ("gzip", True), ("gzip, deflate, br", True), ("br;q=1.0, GZIP;q=0.5", True), ("*", True),
    ("", False), ("identity", False), ("deflate, br", False), ("gzip;q=0", False), ("gzip;q=0.0", False),
    ("gzip;q=nonsense", False)])
def test_who_takes_gzip(encoding: str, takes: bool) -> None:
    assert takes_gzip(asking(encoding)) is takes


def test_a_packed_body_is_its_gzip_the_same_for_the_same_body() -> None:
    body = ("<li>deal</li>" * 500).encode()
    packed = Packed.of(body)
    assert packed.gzipped is not None and gzip.decompress(packed.gzipped) == body
    assert Packed.of(body).gzipped == packed.gzipped and len(packed.gzipped) < len(body) // 10
    assert Packed.of(b"x" * (SMALL - 1)).gzipped is None  # small: sent as it is


@pytest.mark.parametrize("path", ["/games/{id}", "/games/{id}/pulka", "/games/{id}/deals/7", "/api/games/{id}"])
def test_the_kept_pages_are_sent_gzipped_to_whoever_takes_it(game: tuple[TestClient, int], path: str) -> None:
    client, ident = game
    url = path.format(id=ident)
    made = client.get(url, headers={"Accept-Encoding": "gzip"})  # made and kept: answered as it is kept
    assert made.headers["vary"] == "Accept-Encoding" and made.headers["content-encoding"] == "gzip"
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers and packed.headers["content-encoding"] == "gzip"
    assert plain.headers["vary"] == packed.headers["vary"] == "Accept-Encoding"
    assert packed.content == plain.content  # the client unpacks it: the same body
    assert int(packed.headers["content-length"]) < len(plain.content) // 3
    assert plain.headers.get("content-security-policy") == packed.headers.get("content-security-policy")
