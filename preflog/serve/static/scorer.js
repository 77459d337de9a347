// The scorer's page: the buttons type the short form (what is posted), and the line under the box says
// it back in the words the buttons show; the deal is sent to the API with the login's CSRF token and
// the revision the page shows; a refusal is shown with the engine's message, in the page's language.
(function () {
  "use strict";
  var form = document.getElementById("scorer");
  if (!form) { return; }
  var input = document.getElementById("deal");
  var problems = document.getElementById("problems");
  var revision = document.getElementById("revision");
  var live = document.getElementById("live");
  var game = form.getAttribute("data-game");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var readback = document.getElementById("readback");
  var DEFENCE = /^[wph]+[oc]?$/;

  function words() { return input.value.trim() === "" ? [] : input.value.trim().split(/\s+/); }

  // What a key types, shown as the key shows it: "Лёва 7s wp 8" is said back "Лёва 7♠ вист пас 8".
  function shown(attribute, value) {
    var keys = form.querySelectorAll(".key[" + attribute + "]");
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].getAttribute(attribute) === value) { return keys[i].textContent; }
    }
    return null;
  }
  function sayBack() {
    if (!readback) { return; }
    readback.textContent = words().map(function (word, i) {
      var key = shown("data-word", word);
      if (key !== null && (i === 0 || word !== "pass")) { return key; }
      if (DEFENCE.test(word)) {
        return word.split("").map(function (letter) { return shown("data-letter", letter) || letter; }).join(" ");
      }
      return word;
    }).join(" ");
  }
  function put(list) { input.value = list.join(" ") + (list.length ? " " : ""); sayBack(); }
  if (input) { input.addEventListener("input", sayBack); sayBack(); }

  form.addEventListener("click", function (e) {
    var key = e.target.closest ? e.target.closest(".key") : null;
    if (!key || !input) { return; }
    e.preventDefault();
    var list = words();
    var word = key.getAttribute("data-word");
    var letter = key.getAttribute("data-letter");
    if (key.getAttribute("data-key") === "back") {
      list.pop();
    } else if (letter) {
      var last = list.length ? list[list.length - 1] : "";
      if (DEFENCE.test(last) && !/[oc]$/.test(last)) { list[list.length - 1] = last + letter; } else { list.push(letter); }
    } else if (word) {
      list.push(word);
    }
    put(list);
  });

  function show(lines) {
    problems.hidden = lines.length === 0;
    problems.textContent = "";
    if (lines.length) {
      var pre = document.createElement("pre");
      pre.className = "errors";
      pre.textContent = lines.join("\n");
      problems.appendChild(pre);
      if (problems.scrollIntoView) { problems.scrollIntoView({ block: "start" }); }  // above the keys tapped
    }
  }

  function send(method, url, body) {
    var headers = { "X-CSRF-Token": csrf, "If-Match": '"' + revision.value + '"' };
    if (body !== null) { headers["Content-Type"] = "text/plain; charset=utf-8"; }
    return fetch(url, { method: method, headers: headers, body: body, credentials: "same-origin" });
  }

  form.addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "add";
    e.preventDefault();
    var request = action === "undo" ? send("DELETE", "/api/games/" + game + "/deals/last", null)
                                    : send("POST", "/api/games/" + game + "/deals", input ? input.value : "");
    show([form.getAttribute("data-sending")]);
    request.then(function (r) {
      return r.json().then(function (data) { return { status: r.status, data: data }; });
    }).then(function (answer) {
      if (answer.status < 300) { window.location.replace(window.location.pathname); return; }
      var several = input && input.value.trim().indexOf("\n") >= 0;  // a deal typed in the notation
      var lines = (answer.data.errors || []).map(function (err) {
        var head = several && err.line ? form.getAttribute("data-line").replace("{line}", err.line).replace("{message}", err.message)
                                       : err.message;
        var notes = (err.notes || []).map(function (note) {
          return note.indexOf("hint: ") === 0 ? form.getAttribute("data-hint") + note.slice(5) : note;
        });
        return [head].concat(notes).join("\n");
      });
      if (answer.data.said || answer.data.written) {
        lines.push("", form.getAttribute("data-read-as") + " " + (answer.data.said || "\n" + answer.data.written));
      }
      if (answer.status === 409) {  // shown anew, with what was typed kept in the box
        lines.unshift(form.getAttribute("data-changed"));
        var again = window.location.pathname + (input && input.value.trim() ? "?typed=" + encodeURIComponent(input.value) : "");
        setTimeout(function () { window.location.replace(again); }, 1500);
      }
      show(lines);
    }).catch(function (err) { show([String(err)]); });
  });

  if (live && window.EventSource) {
    var source = new EventSource("/api/games/" + game + "/events");
    source.addEventListener("change", function (e) {
      var data = JSON.parse(e.data);
      if (String(data.revision) === revision.value) { return; }
      if (!input || input.value.trim() === "") { window.location.replace(window.location.pathname); return; }
      live.innerHTML = data.html;
      live.setAttribute("data-revision", String(data.revision));
      show([form.getAttribute("data-changed")]);
    });
  }
})();
