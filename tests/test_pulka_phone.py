"""The pulka read at the table on a phone (Debian's Chromium at 360x640 upright and 640x360 sideways),
on the game's page and on its own full screen, for three players and for four (the dealer sitting
out), with long records (a pool write-up of fourteen numbers, a mountain of three digits, whists in
the hundreds), in Russian and in English: every number of the drawing 12px and more and never squeezed
narrower than its type, none across a line of the drawing (each stays inside its zone), the latest
totals shown, nothing scrolling sideways, pinch zoom allowed, and the back button (44x44 and more)
over none of the numbers. Skipped, with the reason, where no browser is installed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .serving import AUTH, Server

pytest.importorskip("starlette", reason="the server's extra is not installed (pip install -e '.[serve]')")
from .browsing import browser  # noqa: E402, F401 - the fixture, and the skip where there is no browser
from .browsing import SIZES  # noqa: E402 - after the skip, as the fixture

SCREENS = {"upright": {"width": 360, "height": 640}, "sideways": {"width": 640, "height": 360}}
PLAYERS = {"three": "Александра Константин Вероника", "four": "Александра Константин Вероника Станислав"}
#: Three tens without trumps failed by five (a mountain of 50.100.150, whists of 100.200.300 on the
#: declarer), then fourteen sixes passed (a pool of 2.4.6…28): each by the player named unless he deals
#: and sits out (four at the table), then by the next one.
DEALS = [(2, "10nt whist pass 5")] * 3 + [(0, "6s pass pass")] * 14
#: Records' last numbers the drawings must show: of four, Станислав fails the third ten (Вероника deals)
#: and Константин plays the sixes Александра deals.
LATEST = {"three": ["150", "300", "28"], "four": ["100", "200", "20"]}

#: Every digit of the drawings shown: its character's box on the screen, its type's size and its
#: advance in CSS px, and whether it crosses a line of its drawing (a rule, a band, the circle); the
#: texts the drawings show; the back button's box; the viewport's words.
MEASURE = """() => {
  const shown = n => n.nodeType === 3 ? n.textContent
    : n.nodeName === 'title' ? '' : [...n.childNodes].map(shown).join('');
  const box = (el, r) => {
    const m = el.getScreenCTM();
    const xs = [], ys = [];
    for (const [x, y] of [[r.x, r.y], [r.x + r.width, r.y], [r.x, r.y + r.height], [r.x + r.width, r.y + r.height]]) {
      xs.push(m.a * x + m.c * y + m.e); ys.push(m.b * x + m.d * y + m.f);
    }
    return {left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
  };
  const point = (el, x, y) => { const m = el.getScreenCTM(); return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; };
  const cross = (p, q, r, s) => {
    const o = (a, b, c) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
    return o(p, q, r) * o(p, q, s) < 0 && o(r, s, p) * o(r, s, q) < 0;
  };
  const hits = (b, p, q) => {
    const inside = ([x, y]) => x > b.left && x < b.right && y > b.top && y < b.bottom;
    const c = [[b.left, b.top], [b.right, b.top], [b.right, b.bottom], [b.left, b.bottom]];
    return inside(p) || inside(q) || c.some((k, i) => cross(p, q, k, c[(i + 1) % 4]));
  };
  const out = {digits: [], texts: [], back: null, viewport: document.querySelector('meta[name=viewport]').content};
  const back = document.querySelector('a.back');
  if (back) { const r = back.getBoundingClientRect(); out.back = {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }
  for (const svg of document.querySelectorAll('svg[role=img]')) {
    const r = svg.getBoundingClientRect();
    if (!r.width || !svg.checkVisibility()) { continue; }
    const segments = [];
    for (const l of svg.querySelectorAll('line')) {
      segments.push([point(l, l.x1.baseVal.value, l.y1.baseVal.value), point(l, l.x2.baseVal.value, l.y2.baseVal.value)]);
    }
    for (const b of svg.querySelectorAll('rect')) {
      const [x, y, w, h] = [b.x.baseVal.value, b.y.baseVal.value, b.width.baseVal.value, b.height.baseVal.value];
      const k = [point(b, x, y), point(b, x + w, y), point(b, x + w, y + h), point(b, x, y + h)];
      k.forEach((p, i) => segments.push([p, k[(i + 1) % 4]]));
    }
    const circles = [...svg.querySelectorAll('circle')].map(c => {
      const m = c.getScreenCTM();
      return [point(c, c.cx.baseVal.value, c.cy.baseVal.value), c.r.baseVal.value * Math.hypot(m.a, m.b)];
    });
    for (const text of svg.querySelectorAll('text')) {
      const said = shown(text);
      out.texts.push(said);
      const m = text.getScreenCTM();
      const scale = Math.hypot(m.a, m.b);
      const count = text.getNumberOfChars();
      for (let i = 0; i < count && i < said.length; i++) {
        if (!/[0-9]/.test(said[i])) { continue; }
        const e = text.getExtentOfChar(i);
        const own = parseFloat(getComputedStyle(text).fontSize);
        const glyph = {x: e.x + e.width * 0.05, y: e.y + e.height * 0.2, width: e.width * 0.9, height: e.height * 0.6};
        const b = box(text, glyph);
        const corners = [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]];
        const covered = circles.some(([c, radius]) => corners.every(([x, y]) => Math.hypot(x - c[0], y - c[1]) < radius));
        const across = !covered && segments.some(([p, q]) => hits(b, p, q)) || circles.some(([c, radius]) => {
          const near = Math.hypot(Math.max(b.left - c[0], 0, c[0] - b.right), Math.max(b.top - c[1], 0, c[1] - b.bottom));
          const far = Math.max(...corners.map(([x, y]) => Math.hypot(x - c[0], y - c[1])));
          return near < radius && far > radius;
        });
        out.digits.push({text: said, digit: said[i], size: own * scale, advance: e.width * scale,
                         box: box(text, e), across: across});
      }
    }
  }
  return out;
}"""


def record(server: Server, players: str) -> int:
    """A game of ``players`` (pool 60) with :data:`DEALS` recorded through the API."""
    r = httpx.post(server.url + "/api/games", content=f'[Players "{players}"]\n[Pool "60"]\n'.encode(), headers=AUTH)
    assert r.status_code == 201, r.text
    game: int = r.json()["ids"][0]
    names = players.split()
    for number, (who, rest) in enumerate(DEALS):
        if len(names) == 4 and who == number % 4:  # the dealer sits out
            who = (who + 1) % 4
        r = httpx.post(f"{server.url}/api/games/{game}/deals", content=f"{names[who]} {rest}".encode(), headers=AUTH)
        assert r.status_code == 201, r.text
    return game


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, int]]]:
    server = Server(tmp_path_factory.mktemp("pulka") / "club.sqlite")
    try:
        yield server, {size: record(server, players) for size, players in PLAYERS.items()}
    finally:
        server.stop()


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(PLAYERS))
def test_every_number_of_the_pulka_reads_on_a_phone(games: tuple[Server, dict[str, int]], browser: Any, size: str,
                                                     lang: str, screen: str) -> None:
    server, ids = games
    viewport = SCREENS[screen]
    context = browser.new_context(viewport=viewport, locale={"en": "en-GB", "ru": "ru-RU"}[lang], has_touch=True,
                                  is_mobile=True)
    found: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        for path in (f"/games/{ids[size]}", f"/games/{ids[size]}/pulka"):
            page.goto(server.url + path)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.lang") == lang
            seen = page.evaluate(MEASURE)
            digits = seen["digits"]
            problems = [f"text {text!r} {px}px" for text, px in page.evaluate(SIZES) if px < 12]
            problems += [f"{d['digit']} of {d['text']!r} {d['size']:.1f}px" for d in digits if d["size"] < 12]
            problems += [f"{d['digit']} of {d['text']!r} squeezed to {d['advance']:.1f}px" for d in digits
                         if d["advance"] < 0.45 * 12]
            problems += sorted({f"{d['text']!r} across a line of the drawing" for d in digits if d["across"]})
            problems += [f"{n} not shown" for n in LATEST[size]
                         if not any(re.search(rf"(^|[^0-9]){n}$", t.strip()) for t in seen["texts"])]
            if page.evaluate("document.documentElement.scrollWidth") > page.evaluate("innerWidth"):
                problems.append("scrolls sideways")
            if "user-scalable=no" in seen["viewport"] or "maximum-scale" in seen["viewport"]:
                problems.append(f"no pinch zoom: {seen['viewport']}")
            back = seen["back"]
            if path.endswith("/pulka"):
                assert back is not None
                if back["right"] - back["left"] < 44 or back["bottom"] - back["top"] < 44:
                    problems.append(f"the back button is {back}")
                problems += sorted({f"the back button covers {d['text']!r}" for d in digits if overlaps(back, d["box"])})
            if not digits:
                problems.append("no number drawn")
            if problems:
                found[path] = problems
    finally:
        context.close()
    assert not found, found
