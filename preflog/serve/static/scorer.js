// The scorer's page: the buttons type the short form (what is posted), and the line under the box says
// it back in the words the buttons show. A new deal is sent to the API with the login's CSRF token and
// the revision the page shows; a refusal is shown by the button, in the page's language. A deal typed
// while the phone has no connection is kept on the phone (localStorage) and sent when it comes back, in
// order, each with the revision it follows (If-Match): never lost, never recorded twice. The other
// actions (take back, put back, correct, note) are the form's own posts.
(function () {
  "use strict";
  var form = document.getElementById("scorer");
  if (!form) { return; }
  var input = document.getElementById("deal");
  var problems = document.getElementById("problems");
  var message = document.getElementById("message");
  var pending = document.getElementById("pending");
  var revision = document.getElementById("revision");
  var live = document.getElementById("live");
  var game = form.getAttribute("data-game");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var readback = document.getElementById("readback");
  var DEFENCE = /^[wph]+[oc]?$/;
  var QUEUE = "preflog-queue-" + game;
  var busy = false;  // a change of this page's own under way: the live stream's news of it is not news

  function words() { return !input || input.value.trim() === "" ? [] : input.value.trim().split(/\s+/); }

  // What a key types, shown as the key shows it: "Лёва 7s wp 8" is said back "Лёва 7♠ вист пас 8".
  function shown(attribute, value) {
    var keys = form.querySelectorAll(".key[" + attribute + "]");
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].getAttribute(attribute) === value) { return keys[i].textContent; }
    }
    return null;
  }
  function said(text) {
    var list = text.trim() === "" ? [] : text.trim().split(/\s+/);
    return list.map(function (word, i) {
      var key = shown("data-word", word);
      if (key !== null && (i === 0 || word !== "pass")) { return key; }
      if (DEFENCE.test(word)) {
        return word.split("").map(function (letter) { return shown("data-letter", letter) || letter; }).join(" ");
      }
      return word;
    }).join(" ");
  }
  function sayBack() { if (readback && input) { readback.textContent = said(input.value); } }
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

  // The message by the button: shown, announced (aria-live), and the focus moved to it.
  function show(lines) {
    var before = document.getElementById("done");  // the message of the change before is not this one's
    if (before) { before.remove(); }
    problems.hidden = lines.length === 0;
    problems.textContent = "";
    if (lines.length) {
      var pre = document.createElement("pre");
      pre.className = "errors";
      pre.textContent = lines.join("\n");
      problems.appendChild(pre);
      message.focus({ preventScroll: true });
      var send = document.getElementById("send");  // the message and the button under it, both in view
      if (send && send.scrollIntoView) { send.scrollIntoView({ block: "end" }); }
      if (message.getBoundingClientRect().top < 0 && message.scrollIntoView) { message.scrollIntoView({ block: "start" }); }
    }
  }

  // -- the deals kept on the phone ------------------------------------------------------------------
  function queue() {
    try { return JSON.parse(window.localStorage.getItem(QUEUE) || "[]"); } catch (err) { return []; }
  }
  function keep(list) {
    try {
      if (list.length) { window.localStorage.setItem(QUEUE, JSON.stringify(list)); } else { window.localStorage.removeItem(QUEUE); }
    } catch (err) { /* storage full or refused: the deal stays in the box */ }
  }
  function showPending() {
    var list = queue();
    pending.hidden = list.length === 0;
    pending.textContent = list.length ? form.getAttribute("data-waiting") + " " +
      list.map(function (d) { return d.said || d.typed; }).join(" · ") : "";
    if (list.length && stalled) {  // the game changed meanwhile: sent after what is there now, if the scorer says
      var again = document.createElement("button");
      again.type = "button";
      again.className = "big";
      again.textContent = form.getAttribute("data-resend");
      again.addEventListener("click", function () {
        fetch("/api/games/" + game, { credentials: "same-origin" }).then(function (r) { return r.json(); })
          .then(function (now) {
            var deals = now.settlement ? now.settlement.deals : 0;
            keep(queue().map(function (d, i) { d.revision = now.revision + i; d.number = deals + 1 + i; return d; }));
            stalled = false;
            flush();
          }).catch(function () { show([form.getAttribute("data-back")]); });
      });
      pending.appendChild(document.createElement("br"));
      pending.appendChild(again);
    }
  }

  function post(text, expect) {
    return fetch("/api/games/" + game + "/deals", {
      method: "POST", credentials: "same-origin", body: text,
      headers: { "X-CSRF-Token": csrf, "If-Match": '"' + expect + '"', "Content-Type": "text/plain; charset=utf-8" }
    }).then(function (r) {
      return r.json().then(function (data) { return { status: r.status, data: data }; },
                           function () { return { status: r.status, data: {} }; });
    });
  }

  function refusal(answer, text) {
    var several = text.trim().indexOf("\n") >= 0;  // a deal typed in the notation
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
    return lines;
  }

  var sending = false, stalled = false;
  // To the page again, saying what the change did (the live stream's news of it is then not news).
  function go(done) {
    busy = true;
    window.location.replace(window.location.pathname + "?" + new URLSearchParams(done).toString() + "#done");
  }
  // Send the deals kept on the phone, the oldest first; stop at the first that cannot go yet.
  function flush() {
    var list = queue();
    if (sending || stalled || !list.length) { showPending(); return; }
    sending = true;
    var first = list[0];
    post(first.typed, first.revision).then(function (answer) {
      sending = false;
      if (answer.status < 300) {
        keep(queue().slice(1));
        if (queue().length) { flush(); return; }
        var done = { done: "add", number: String(answer.data.number) };
        go(done);
        return;
      }
      if (answer.status === 409) {  // did it arrive before the connection broke? the deal's number says
        return fetch("/api/games/" + game, { credentials: "same-origin" }).then(function (r) { return r.json(); })
          .then(function (now) {
            var deals = now.settlement ? now.settlement.deals : 0;
            if (deals >= first.number && now.revision === first.revision + 1) {  // it arrived: not again
              keep(queue().slice(1));
              show([form.getAttribute("data-already").replace("{number}", first.number), first.said || first.typed]);
              flush();
            } else {  // changed by someone else: kept, and sent only when the scorer says so
              stalled = true;
              show([form.getAttribute("data-changed")]);
              showPending();
            }
          });
      }
      // refused by the engine: back in the box, with why; the deals after it stay kept, and wait for the
      // scorer's word (they follow a deal that is not there yet)
      keep(queue().slice(1));
      if (queue().length) { stalled = true; }
      if (input) { input.value = first.typed; sayBack(); }
      show(refusal(answer, first.typed));
      showPending();
    }).catch(function () { sending = false; showPending(); });
  }

  form.addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "add";
    if (action !== "add") {  // the form's own post; without a connection it could not go
      if (navigator.onLine === false) { e.preventDefault(); show([form.getAttribute("data-back")]); return; }
      busy = true;
      return;
    }
    e.preventDefault();
    var text = input ? input.value : "";
    if (text.trim() === "") { if (input) { input.focus(); } return; }
    var list = queue();
    var number = Number(form.getAttribute("data-number")) + list.length;
    var item = { typed: text, said: said(text), number: number, revision: Number(revision.value) + list.length };
    if (stalled && list.length) {  // the refused deal, mended, goes first; the deals kept follow it, in order
      var first = Number(revision.value), deal = Number(form.getAttribute("data-number"));
      keep([item].concat(list).map(function (d, i) { d.revision = first + i; d.number = deal + i; return d; }));
      stalled = false;
      input.value = ""; sayBack();
      showPending();
      show([form.getAttribute("data-sending")]);
      flush();
      return;
    }
    if (list.length || navigator.onLine === false) {  // behind deals still waiting: after them, in order
      keep(list.concat([item]));
      input.value = ""; sayBack();
      showPending();
      show([form.getAttribute("data-offline")]);
      return;
    }
    show([form.getAttribute("data-sending")]);
    busy = true;
    post(text, revision.value).then(function (answer) {
      if (answer.status >= 300) { busy = false; }
      if (answer.status < 300) {
        var done = { done: "add", number: String(answer.data.number) };
        go(done);
        return;
      }
      var lines = refusal(answer, text);
      if (answer.status === 409) {  // shown anew, with what was typed kept in the box
        lines.unshift(form.getAttribute("data-changed"));
        var again = window.location.pathname + "?typed=" + encodeURIComponent(text);
        setTimeout(function () { window.location.replace(again); }, 1500);
      }
      show(lines);
    }).catch(function () {  // no answer: kept on the phone, sent when the connection is back
      busy = false;
      keep(queue().concat([item]));
      input.value = ""; sayBack();
      showPending();
      show([form.getAttribute("data-offline")]);
    });
  });

  var yes = document.querySelector("#confirm button[value=undo-confirmed]");
  if (yes) {  // the question is answered by a tap meant for it, not by the second of a double tap
    yes.disabled = true;
    setTimeout(function () { yes.disabled = false; }, 700);
  }

  window.addEventListener("online", flush);
  setInterval(function () { if (queue().length) { flush(); } }, 5000);
  if (queue().length) { showPending(); flush(); }
  var doneLine = document.getElementById("done");  // what the last change did, above the next deal's keys
  if (doneLine && window.location.hash === "#done") { doneLine.focus({ preventScroll: false }); }
  var question = document.getElementById("confirm");
  if (question && question.scrollIntoView) { question.scrollIntoView({ block: "center" }); }

  if (live && window.preflogFollow) {
    window.preflogFollow(game, function (data) {
      if (busy || sending || String(data.revision) === revision.value || queue().length) { return; }
      if (!input || input.value.trim() === "") { window.location.replace(window.location.pathname); return; }
      live.innerHTML = data.html;
      live.setAttribute("data-revision", String(data.revision));
      show([form.getAttribute("data-changed")]);
    }, function () {});
  }
})();
