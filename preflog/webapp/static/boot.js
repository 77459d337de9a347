/* preflog's phone app starts here: Pyodide from pyodide/ beside this page, preflog's Python unpacked
   from py/preflog.zip, the phone's language chosen, and window.pocket the pad's one way into Python:
   pocket.ready (a Promise), pocket.call(name, payload) (a Promise of the answer's object), pocket.lang.
   A service worker (sw.js) keeps every file at the first start, so the next needs no network. */
(function () {
  "use strict";
  const words = JSON.parse(document.getElementById("words").textContent);
  const lang = (navigator.language || "").toLowerCase().startsWith("ru") ? "ru" : "en";
  const say = words[lang];
  document.documentElement.lang = lang;
  const line = document.getElementById("loading");
  if (line) { line.textContent = say.loading; }

  /** The last line of a Python traceback ("KeyError: 'x'"), or the error's own message. */
  function reason(error) {
    const lines = String((error && error.message) || error).trim().split("\n");
    return lines[lines.length - 1];
  }

  function script(src) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(say.missing.replace("{file}", src)));
      document.head.appendChild(tag);
    });
  }

  async function bundle() {
    const answer = await fetch("py/preflog.zip");
    if (!answer.ok) { throw new Error(say.missing.replace("{file}", "py/preflog.zip")); }
    return new Uint8Array(await answer.arrayBuffer());
  }

  /** The service worker (sw.js) installed and answering, so that every file comes down once: at the
      first start it keeps them all, then the page reads them from it. Where there can be no worker
      (no HTTPS, or it fails), the page loads from the network as it is. */
  async function kept() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    try {
      const registration = await navigator.serviceWorker.register("sw.js");
      const worker = registration.installing || registration.waiting || registration.active;
      if (navigator.serviceWorker.controller || !worker) { return; }
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        worker.addEventListener("statechange", () => { if (worker.state === "redundant") { resolve(); } });
        if (navigator.serviceWorker.controller) { resolve(); }
      });
    } catch (error) {
      console.warn("sw.js:", error);
    }
  }

  async function start() {
    await kept();
    const [, zip] = await Promise.all([script("pyodide/pyodide.js"), bundle()]);
    const py = await window.loadPyodide({ indexURL: new URL("pyodide/", document.baseURI).href });
    const site = py.runPython("import site; site.getsitepackages()[0]");
    py.unpackArchive(zip, "zip", { extractDir: site });
    py.runPython(`import preflog.i18n\npreflog.i18n.set_language(${JSON.stringify(lang)})`);
    return py.pyimport("preflog.webapp.api");
  }

  const started = start();
  started.catch((error) => {
    if (line) { line.textContent = say.failed.replace("{reason}", reason(error)); }
  });

  window.pocket = Object.freeze({
    lang,
    ready: started.then(() => undefined),
    /** Python's preflog.webapp.api.call(name, payload as JSON), its JSON answer parsed. */
    async call(name, payload) {
      const api = await started;
      let answer;
      try {
        answer = api.call(String(name), JSON.stringify(payload === undefined ? null : payload));
      } catch (error) {
        throw new Error(say.refused.replace("{name}", String(name)).replace("{reason}", reason(error)));
      }
      return JSON.parse(answer);
    },
  });
}());
