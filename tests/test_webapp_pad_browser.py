"""The pocket pad's page (preflog/webapp/static/pad.js, pad.css) in Chromium at a phone's 360x640, its
calls answered by preflog's own Python running in a real Pyodide (the page's window.pocket made here as
boot.js makes it): a Russian evening tapped in with the keys, a refusal said with its rule, the games
kept through a reload, undo after a question and redo, the download, and the phone's sizes.

Needs an unpacked Pyodide (``PREFLOG_PYODIDE``, by default /tmp/pyo/package); skipped without one."""

from __future__ import annotations

import functools
import http.server
import os
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import SIZES, TARGETS, browser  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = Path(os.environ.get("PREFLOG_PYODIDE", "/tmp/pyo/package"))
if not (PYODIDE / "pyodide.js").exists():
    pytest.skip(f"no Pyodide at {PYODIDE} (set PREFLOG_PYODIDE to an unpacked pyodide)", allow_module_level=True)

#: The libraries preflog's pure source needs, taken from this interpreter's own.
LIBRARIES = ("attr", "attrs", "cattrs", "lark", "click", "typing_extensions")

#: The page as the shell makes it: window.pocket runs preflog.webapp.api.call in Pyodide.
PAGE = """<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="pad.css">
<script src="pyodide/pyodide.js"></script><script>
window.pocket = (function () {
  var api = null;
  var ready = loadPyodide({ indexURL: "pyodide/" }).then(function (py) {
    return fetch("pad.zip").then(function (r) { return r.arrayBuffer(); }).then(function (buffer) {
      py.unpackArchive(buffer, "zip", { extractDir: py.runPython("import site; site.getsitepackages()[0]") });
      api = py.pyimport("preflog.webapp.api");
    });
  });
  return { lang: "ru", ready: ready, call: function (name, payload) {
    return ready.then(function () { return JSON.parse(api.call(name, payload)); }); } };
}());
</script><script src="pad.js" defer></script></head>
<body><main id="app"><p>…</p></main></body></html>"""


def bundle(out: Path) -> None:
    """preflog's pure source (its grammar and catalogs too) and the libraries it needs, as one zip."""
    import importlib

    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((ROOT / "preflog").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".so", ".c", ".po", ".pot"):
                z.write(path, path.relative_to(ROOT).as_posix())
        for path in sorted((ROOT / "grammar").glob("preflog.lark*")):
            z.write(path, f"preflog/grammar/{path.name}")
        for name in LIBRARIES:
            module = importlib.import_module(name)
            file = Path(module.__file__ or "")
            if file.name == "__init__.py":
                for path in sorted(file.parent.rglob("*")):
                    if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".so":
                        z.write(path, path.relative_to(file.parent.parent).as_posix())
            else:
                z.write(file, file.name)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page, pad.js and pad.css, the bundle and Pyodide, served from a folder of their own."""
    where = tmp_path_factory.mktemp("pad")
    (where / "index.html").write_text(PAGE, encoding="utf-8")
    for name in ("pad.js", "pad.css"):
        (where / name).write_bytes((ROOT / "preflog" / "webapp" / "static" / name).read_bytes())
    (where / "pyodide").symlink_to(PYODIDE)
    bundle(where / "pad.zip")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(where)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def tap(page: Any, *keys: str) -> None:
    for key in keys:
        page.click(f"#scorer .key >> text='{key}'")  # the key that says just this


def test_an_evening_on_the_phone(browser: Any, site: str, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    context = browser.new_context(viewport={"width": 360, "height": 640}, accept_downloads=True)
    page = context.new_page()
    faults: list[str] = []
    page.on("pageerror", lambda e: faults.append(str(e)))
    page.goto(site)
    page.wait_for_selector("text=Новая пулька", timeout=120_000)  # Pyodide loaded, the words said in Russian
    assert page.text_content("h1") == "Пулька в кармане"
    page.click("text=Новая пулька")
    page.fill("#player1", "Аня")
    page.fill("#player2", "Боря")
    page.fill("#player3", "Вера")
    page.fill("#price", "0,5")
    page.fill("#title", "Кухня")
    page.wait_for_selector("#rules option[value=sochi]", state="attached")
    page.click("form button[type=submit]")
    page.wait_for_selector("#deal")
    assert page.text_content("#turn") == "сдача 1: сдаёт Аня, первая рука — Боря"

    tap(page, "Боря", "7♠", "вист", "пас", "8")
    assert page.input_value("#deal") == "Боря 7п вист пас 8 "
    assert page.text_content("#readback") == "Боря: 7♠ · Вера: вист, Аня: пас · взятки: Боря 8"
    page.click("#send")
    page.wait_for_selector("#notice:has-text('сдача 1 записана')")
    assert page.text_content("#turn") == "сдача 2: сдаёт Боря, первая рука — Вера"

    page.fill("#deal", "Вера 6т вист вист 4 4 4")  # 12 tricks: refused, the rule one tap away
    page.click("#send")
    alert = page.locator("[role=alert]#problems")
    alert.wait_for()
    assert "взяток в сумме 12, а не 10" in alert.inner_text()
    alert.locator("summary").click()
    assert "C603" in alert.inner_text() and "Кодекс" in alert.inner_text()
    assert page.input_value("#deal") == "Вера 6т вист вист 4 4 4"  # the slip stays in the box to mend

    page.fill("#deal", "Вера 6т пас пас")
    page.click("#send")
    page.wait_for_selector("#notice:has-text('сдача 2 записана')")
    sizes = page.evaluate(SIZES)
    assert [s for s in sizes if s[1] < 12] == []
    assert page.evaluate(TARGETS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(tmp_path / "pad.png"), full_page=True)

    page.reload()  # the games are kept on the phone
    page.wait_for_selector("#deal", timeout=120_000)
    assert page.locator(".deals > li").count() == 2
    assert "Аня" in page.inner_text("table.settlement") and page.locator(".payments li").count() >= 1

    page.click(".later button")  # undo asks first
    dialog = page.locator("[role=alertdialog]").first
    assert "Отменить сдачу 2?" in dialog.inner_text()
    dialog.locator("button.danger").click()
    page.wait_for_selector("#notice:has-text('сдача 2 отменена')")
    assert page.locator(".deals > li").count() == 1
    page.click("text=Вернуть сдачу 2")
    page.wait_for_selector("#notice:has-text('сдача 2 записана снова')")
    assert page.locator(".deals > li").count() == 2

    with page.expect_download() as download:
        page.locator(".export button", has_text=".pref").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[Event "Кухня"]' in saved and "deal 2 dealer Боря\ncontract Вера: 6т\nwhist pass pass\n" in saved

    page.locator(".deals > li", has_text="сдача 1:").locator("button", has_text="Исправить").click()
    page.wait_for_selector("#turn:has-text('сдачи 1')")
    assert page.input_value("#deal") == "Боря 7п вист пас 8"  # the correction starts from the deal
    page.fill("#deal", "Боря 7п вист пас 7")
    page.click("#send")
    page.wait_for_selector("#notice:has-text('сдача 1 исправлена')")
    assert "сдача 1: Боря: 7♠ · Вера: вист, Аня: пас · взятки: Боря 7" in page.inner_text(".deals")
    page.locator(".deals > li", has_text="сдача 2:").locator("button", has_text="Заметка").click()
    page.wait_for_selector("#turn:has-text('Заметка к сдаче 2')")
    page.fill("#deal", "Вера рискнула")
    page.click("#send")
    page.wait_for_selector("#notice:has-text('заметка к сдаче 2 записана')")
    deal = page.locator(".deals > li", has_text="сдача 2:")
    deal.locator("summary").click()  # the deal's text, one tap away
    assert "whist pass pass {Вера рискнула}" in deal.locator("pre").inner_text()

    page.click("a.back")
    page.wait_for_selector(".games a.game")
    broken = saved.replace("whist pass pass\n", "whist pass pass\nresult 4\n")  # 6♣ not played, and tricks
    page.set_input_files("#import", files=[{"name": "broken.pref", "mimeType": "text/plain",
                                            "buffer": broken.encode("utf-8")}])
    said = page.locator("[role=alert]")
    said.wait_for()
    assert "broken.pref:" in said.inner_text() and "нарушены правила" in said.inner_text()
    page.click("a.button.primary")  # the game imported, kept, its violations shown, no keys
    page.wait_for_selector("table.settlement")
    assert page.locator("#deal").count() == 0 and "нарушены" in page.inner_text("main")
    page.click("a.back")
    page.wait_for_selector(".games a.game")
    assert page.locator(".games a.game").count() == 2
    page.fill("#search", "вера")  # by a player: both games have her
    assert page.locator(".games a.game").count() == 2
    page.fill("#search", "Гоша")
    assert page.locator(".games a.game").count() == 0
    page.click("button.lang")  # the other language: every word from preflog's English
    page.wait_for_selector("text=New pulka")
    assert page.text_content("h1") == "Pulka in a pocket" and page.text_content("button.lang") == "Русский"
    assert faults == []
    context.close()
