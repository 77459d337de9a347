// The scorer's page: the buttons type the short form (what is posted), and the line under the box says
// it back in the words the buttons show. A new deal is sent to the API with the login's CSRF token, the
// revision the page shows and an id made on the phone; a refusal is shown by the button, in the page's
// language. A deal typed while the phone has no connection is kept on the phone (localStorage) and sent
// when it comes back, in order, each with the revision it follows (If-Match) and its id: never lost (it
// leaves the phone only when the server says it is in the game), never recorded twice (the server
// records an id once). The other actions (take back, put back, correct, note) are the form's own posts.
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
  // Every deal sent carries an id made here (its idempotency key), kept with it: the server records a
  // deal once under its id, and answers a repeat with what it answered the first time. A deal kept on
  // the phone leaves it only on that answer, the proof that it is in the game. Any other answer keeps
  // it: refused by the rules, it comes back to the box with why; after a deal recorded from another
  // phone, the scorer sees both and says whether it follows them or goes; the rest (a login ended, the
  // server failing) keeps it to be sent again.
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);  // not randomUUID: a club's server is plain http, where it is missing
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function queue() {
    try {
      var list = JSON.parse(window.localStorage.getItem(QUEUE) || "[]");
      return Array.isArray(list) ? list.filter(function (d) { return d && typeof d.typed === "string"; }) : [];
    } catch (err) { return []; }
  }
  // Whether ``list`` is kept (the phone's storage full or refused: not, and the deal stays in the box).
  function keep(list) {
    try {
      if (list.length) { window.localStorage.setItem(QUEUE, JSON.stringify(list)); } else { window.localStorage.removeItem(QUEUE); }
      return true;
    } catch (err) { return false; }
  }
  function unkept() { show([form.getAttribute("data-unkept")]); }
  function withKey(d) { if (!d.key) { d.key = newKey(); } return d; }  // kept by an older page: an id now
  function drop(key) { keep(queue().filter(function (d) { return d.key !== key; })); }
  // The deals kept, renumbered to follow revision ``first`` and deal ``number`` (the game as it is now).
  function renumbered(list, first, number) {
    return list.map(function (d, i) {
      d.revision = first + i;
      if (number) { d.number = number + i; }
      return d;
    });
  }

  // the first deal kept, held back until the scorer's word: {key, kind: "refused" | "changed", game}
  var held = null, sending = false;

  function button(label, className, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }
  function line(text) { var p = document.createElement("p"); p.textContent = text; return p; }

  function showPending() {
    var list = queue();
    pending.hidden = list.length === 0;
    pending.textContent = "";
    if (!list.length) { held = null; return; }
    pending.appendChild(line(form.getAttribute("data-waiting")));
    var items = document.createElement("ul");
    items.className = "kept";
    list.forEach(function (d) {
      var li = document.createElement("li");
      li.textContent = form.getAttribute("data-deal").replace("{number}", d.number || "?") + " " + (d.said || d.typed);
      items.appendChild(li);
    });
    pending.appendChild(items);
    if (!held || held.key !== list[0].key) { return; }
    if (held.kind === "changed") {  // both shown: what the game holds now, and what waits here
      var now = held.game && held.game.last ? held.game.last.slice().reverse() : [];
      if (now.length) {
        pending.appendChild(line(form.getAttribute("data-in-game")));
        var there = document.createElement("ul");
        there.className = "kept";
        now.forEach(function (d) {
          var li = document.createElement("li");
          li.textContent = form.getAttribute("data-deal").replace("{number}", d.number) + " " + (d.said || d.text);
          there.appendChild(li);
        });
        pending.appendChild(there);
      }
      pending.appendChild(button(form.getAttribute("data-resend"), "big primary", resend));
    }
    var first = list[0];
    var discard = button(form.getAttribute("data-discard"), "big", function () { confirmDiscard(first); });
    discard.id = "discard";
    pending.appendChild(discard);
  }

  // The scorer's word on a deal held back: sent after the deals recorded meanwhile...
  function resend() {
    var game = held && held.game;
    if (!game || typeof game.revision !== "number") { show([form.getAttribute("data-back")]); return; }
    keep(renumbered(queue(), game.revision, game.next || 0));
    held = null;
    show([form.getAttribute("data-sending")]);
    flush();
  }
  // ...or let go, after a second, deliberate tap (nothing else ever takes a deal off the phone).
  function confirmDiscard(d) {
    pending.textContent = "";
    var box = document.createElement("div");
    box.className = "confirm";
    box.setAttribute("role", "alertdialog");
    var question = line(form.getAttribute("data-discard-ask").replace("{said}", d.said || d.typed));
    question.id = "discard-question";
    box.setAttribute("aria-labelledby", "discard-question");
    box.appendChild(question);
    box.appendChild(button(form.getAttribute("data-keep"), "big", function () { showPending(); }));
    var yes = button(form.getAttribute("data-discard-yes"), "big danger", function () {
      drop(d.key);
      held = null;
      if (input && input.value.trim() === d.typed.trim()) { input.value = ""; sayBack(); }
      show([form.getAttribute("data-discarded").replace("{said}", d.said || d.typed)]);
      showPending();
      flush();
    });
    yes.id = "discard-yes";
    yes.disabled = true;  // answered by a tap meant for it, not by the second of a double tap
    setTimeout(function () { yes.disabled = false; }, 700);
    box.appendChild(yes);
    pending.hidden = false;
    pending.appendChild(box);
    yes.focus({ preventScroll: false });
  }

  function post(text, expect, key) {
    return fetch("/api/games/" + game + "/deals", {
      method: "POST", credentials: "same-origin", body: text,
      headers: { "X-CSRF-Token": csrf, "If-Match": '"' + expect + '"', "Idempotency-Key": key,
                 "Content-Type": "text/plain; charset=utf-8" }
    }).then(function (r) {
      var answer = function (data, json) { return { status: r.status, data: data, json: json, redirected: r.redirected }; };
      return r.json().then(function (data) { return answer(data && typeof data === "object" ? data : {}, true); },
                           function () { return answer({}, false); });
    });
  }
  // Whether ``answer`` is the server's word that the deal is in the game: its own JSON, the deal's number
  // and the game's revision, not a page put in its place (a Wi-Fi's login page, a proxy's).
  function proof(answer) {
    return (answer.status === 200 || answer.status === 201) && !answer.redirected && answer.json &&
      typeof answer.data.number === "number" && typeof answer.data.revision === "number";
  }
  // The server's own refusal, of the rules (422) or of the revision (409): its JSON, with its reasons.
  function refused(answer, status) {
    return answer.status === status && !answer.redirected && answer.json && Array.isArray(answer.data.errors);
  }
  // A deal the game changed under: held, both shown, until the scorer says what becomes of it.
  function holdChanged(item, answer) {
    held = { key: item.key, kind: "changed", game: answer.data.game || { revision: answer.data.revision } };
    show([form.getAttribute("data-changed-kept")]);
    showPending();
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

  // To the page again, saying what the change did (the live stream's news of it is then not news).
  function go(done) {
    busy = true;
    window.location.replace(window.location.pathname + "?" + new URLSearchParams(done).toString() + "#done");
  }
  // Send the deals kept on the phone, the oldest first; stop at the first that cannot go yet.
  function flush() {
    var list = queue();
    if (sending || !list.length || (held && held.key === list[0].key)) { showPending(); return; }
    held = null;
    sending = true;
    var first = withKey(list[0]);
    keep([first].concat(list.slice(1)));
    post(first.typed, first.revision, first.key).then(function (answer) {
      sending = false;
      if (proof(answer)) {  // in the game, now or when it was first sent: the proof, and only then gone
        drop(first.key);
        if (queue().length) { flush(); return; }
        go({ done: "add", number: String(answer.data.number) });
        return;
      }
      if (refused(answer, 409)) {  // the game changed: this deal is not in it; the scorer says
        holdChanged(first, answer);
        return;
      }
      if (refused(answer, 422)) {  // refused by the rules: back in the box with why, still kept until mended
        held = { key: first.key, kind: "refused", game: null };
        if (input) { input.value = first.typed; sayBack(); }
        show(refusal(answer, first.typed));
        showPending();
        return;
      }
      // a login ended, too many tries, the server failing, a page not the server's: kept, sent again later
      show(refusal(answer, first.typed).concat([form.getAttribute("data-kept")]));
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
    var item = { typed: text, said: said(text), number: number, revision: Number(revision.value) + list.length,
                 key: newKey() };
    if (held && held.kind === "refused" && list.length && list[0].key === held.key) {
      // the refused deal, mended, takes its place (a deal of its own: an id of its own); the deals kept follow
      var was = list[0];
      item.number = was.number;
      if (!keep(renumbered([item].concat(list.slice(1)), was.revision, was.number))) { unkept(); return; }
      held = null;
      input.value = ""; sayBack();
      show([form.getAttribute("data-sending")]);
      flush();
      return;
    }
    if (list.length || navigator.onLine === false) {  // behind deals still waiting: after them, in order
      if (!keep(list.concat([item]))) { unkept(); return; }
      input.value = ""; sayBack();
      showPending();
      show([form.getAttribute(navigator.onLine === false ? "data-offline" : "data-queued")]);
      flush();
      return;
    }
    show([form.getAttribute("data-sending")]);
    busy = true;
    post(text, revision.value, item.key).then(function (answer) {
      if (proof(answer)) {
        go({ done: "add", number: String(answer.data.number) });
        return;
      }
      busy = false;
      if (refused(answer, 422)) {  // refused by the rules: the deal stays in the box, with why
        show(refusal(answer, text));
        return;
      }
      // anything else keeps the deal on the phone with its id (it may be in the game: the id says so when
      // it is sent again); the game changed under it: held, and the scorer asked
      if (!keep(queue().concat([item]))) { unkept(); return; }
      input.value = ""; sayBack();
      if (refused(answer, 409)) { holdChanged(item, answer); return; }
      showPending();
      show(refusal(answer, text).concat([form.getAttribute("data-kept")]));
    }).catch(function () {  // no answer: kept on the phone with its id (it may have arrived), sent again
      busy = false;
      if (!keep(queue().concat([item]))) { unkept(); return; }
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
