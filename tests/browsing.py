"""Debian's Chromium driven by playwright, for the tests of pages: imported by a test module, it skips
that module, with the reason, where playwright or the browser is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no browser: {CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True)

#: As this machine's Chromium runs headless: no sandbox as root, and no calls to the closed network.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module's tests."""
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


#: Every text's size as the screen shows it (a drawing's scaled by its transform), with its first words:
#: ``[[text, px], …]``, for the tests that no number is under 12px on a phone.
SIZES = """() => [...document.querySelectorAll('body *')].flatMap(el => {
  if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) { return []; }
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height) { return []; }
  let size = parseFloat(getComputedStyle(el).fontSize);
  const m = el.closest('svg') && el.getScreenCTM ? el.getScreenCTM() : null;
  if (m) { size *= Math.hypot(m.a, m.b); }
  return [[el.textContent.trim().slice(0, 40), Math.round(size * 10) / 10]];
})"""


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page, each as ``id: help`` (the tests that call it
    skip, with the reason, where axe-playwright-python is not installed)."""
    from axe_playwright_python.sync_playwright import Axe

    return [f"{v['id']}: {v['help']}" for v in Axe().run(page).response["violations"]
            if v.get("impact") in ("serious", "critical")]


def wait_answered(page: Any) -> None:
    """Wait until the scorer's page shows the server's answer to a deal sent, not «sending…» (which
    stands in the same place while the request is out: waiting for the place alone races it)."""
    page.wait_for_function("() => { const p = document.querySelector('#problems pre');"
                           " const f = document.querySelector('[data-sending]');"
                           " return p && (!f || p.innerText.trim() !== f.dataset.sending); }")


#: Every control the thumb taps that is smaller than 44x44 CSS px, as ``[[what, width, height], …]`` with
#: ``what`` its tag, its first words (or label) and its class, for the tests that a phone's controls are
#: big enough: links, buttons, inputs, selects, summaries, and a checkbox or radio by its label when a
#: label wraps it (the label is what is tapped). A link inside a sentence (its parent's own text, beside
#: the link, has a letter or a digit: «…open: <a>address</a>») is exempt, as WCAG's target size exempts
#: it; a list of links split by «·» or «,» is not a sentence. Controls not shown are not measured.
TARGETS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, label')].flatMap(el => {
  const tag = el.tagName.toLowerCase();
  const boxed = el.querySelector && el.querySelector('input[type=checkbox], input[type=radio]');
  if (tag === 'label' && !boxed) { return []; }
  if (tag === 'input' && ['checkbox', 'radio'].includes(el.type) && el.closest('label')) { return []; }
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  if (!box.width || !box.height || style.visibility === 'hidden') { return []; }
  if (box.width >= 43.95 && box.height >= 43.95) { return []; }
  if (tag === 'a' && el.parentNode && [...el.parentNode.childNodes].some(
      n => n.nodeType === 3 && /[\\p{L}\\p{N}]/u.test(n.textContent))) { return []; }
  const words = (el.innerText || el.value || el.getAttribute('aria-label') || el.name || '').trim().slice(0, 30);
  const cls = el.getAttribute('class') ? '.' + el.getAttribute('class').trim().replace(/\\s+/g, '.') : '';
  return [[`${tag}${cls} ${JSON.stringify(words)}`, Math.round(box.width), Math.round(box.height)]];
})"""


def scorer_phone(browser: Any, url: str, path: str, token: str, **options: Any) -> tuple[Any, Any]:
    """A phone's context at 360x640, in Russian, its scorer logged in with ``token`` on the server at
    ``url`` and sent on to ``path``: the context and its page (``options`` for the context)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ru-RU", has_touch=True,
                                  is_mobile=True, **options)
    page = context.new_page()
    page.goto(f"{url}/login?next={path}")
    page.fill("#token", token)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"**{path}")
    return context, page
