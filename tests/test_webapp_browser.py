"""The phone app in Chromium at 360x640, served from a folder as a static host would: Python starts,
answers a call, a call it does not know is refused with its name, and with the network cut the page
starts again from the service worker's files; no request leaves 127.0.0.1."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .browsing import browser  # noqa: F401 - the fixture
from .webapp_site import API, PYODIDE, needs_pyodide, serving

READY = "() => window.pocket.ready.then(() => true)"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    needs_pyodide()
    from preflog.webapp.site import write_site

    out = tmp_path_factory.mktemp("webapp") / "site"
    write_site(out, PYODIDE, extra={"preflog/webapp/api.py": API})
    return out


@pytest.mark.parametrize("locale, loading", [("ru-RU", "Загрузка…"), ("en-GB", "Loading…")])
def test_the_app_starts_answers_and_starts_again_offline(browser: Any, site: Path, locale: str,  # noqa: F811
                                                         loading: str) -> None:
    lang = locale[:2]
    with serving(site) as url:
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale, is_mobile=True,
                                      has_touch=True, service_workers="allow")
        asked: list[str] = []
        context.on("request", lambda request: asked.append(request.url))
        violations: list[str] = []
        page = context.new_page()
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text else None)
        start = time.monotonic()
        page.goto(url)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.inner_text("#loading") == loading
        page.wait_for_function(READY, timeout=120_000)
        first = time.monotonic() - start
        assert page.evaluate("() => pocket.lang") == lang
        answer = page.evaluate("() => pocket.call('echo', {deal: 7, cards: ['10♦']})")
        assert answer == {"payload": {"deal": 7, "cards": ["10♦"]}, "lang": lang}
        refused = page.evaluate("() => pocket.call('nonesuch', {}).then(() => null, e => e.message)")
        assert "nonesuch" in refused and "LookupError" in refused, refused
        manifest = json.loads(page.evaluate(
            "() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.text())"))
        assert manifest["start_url"] == "./" and {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
        page.wait_for_function("() => navigator.serviceWorker.controller !== null || "
                               "navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')",
                               timeout=120_000)
        page.evaluate("() => navigator.serviceWorker.ready")
        context.set_offline(True)
        start = time.monotonic()
        page.reload()
        page.wait_for_function(READY, timeout=120_000)
        cached = time.monotonic() - start
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        assert page.evaluate("() => pocket.call('echo', 1)") == {"payload": 1, "lang": lang}
        context.close()
    assert violations == []
    assert [a for a in asked if not a.startswith("http://127.0.0.1:")] == []
    print(f"\nwebapp {lang}: first start {first:.1f} s, from the cache offline {cached:.1f} s")
