// The scorer's page: the keys type the short form in the page's language (Russian 7п вист пас, English
// 7s wp: what the server's short form reads, and what is posted), and the line under the box says the deal
// back with the names of its seats, as it is typed. A new deal is sent to the API with the login's CSRF
// token, the revision the page shows and an id made on the phone; a refusal is shown under the box, its
// sentence plain and its rule one tap away. A deal typed while the phone has no connection is kept on the
// phone (localStorage), the page moves on to the next deal, and the kept deals are sent when it comes
// back, in order, each with the revision it follows (If-Match) and its id: never lost (it leaves the phone
// only when the server says it is in the game), never recorded twice (the server records an id once).
// The other actions (take back, put back, correct, note) are the form's own posts.
(function () {
  "use strict";
  var form = document.getElementById("scorer");
  if (!form) { return; }
  var input = document.getElementById("deal");
  var problems = document.getElementById("problems");
  var notice = document.getElementById("notice");
  var message = document.getElementById("message");
  var pending = document.getElementById("pending");
  var revision = document.getElementById("revision");
  var live = document.getElementById("live");
  var game = form.getAttribute("data-game");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var readback = document.getElementById("readback");
  var turnLine = document.getElementById("turn");
  var names = form.querySelector(".keys.names");
  var editing = form.querySelector("input[name=number]") !== null;  // a deal corrected or noted: its own seats
  var TURNS = JSON.parse(form.getAttribute("data-turns") || "[]");  // the deal to come and those after it
  var R = JSON.parse(form.getAttribute("data-reader") || "{}");      // the short form's spellings and words
  var DEFENCE = /^[wphвп]+[ocоз]?$/i;
  var QUEUE = "preflog-queue-" + game;
  var busy = false;  // a change of this page's own under way: the live stream's news of it is not news

  function words() { return !input || input.value.trim() === "" ? [] : input.value.trim().split(/\s+/); }
  function attr(name) { return form.getAttribute(name) || ""; }

  // -- the deal said back -----------------------------------------------------------------------------
  // As the scorer types or taps, the line under the box says the deal with the names of this deal's seats:
  // «Лёва 7п вист пас 6 3 1» is said «Лёва: 7♠ · Оля: вист, Аня: пас · взятки: Лёва 6, Оля 3, Аня 1», so that
  // tricks typed in a wrong order are seen before they are sent. It reads what the server's short form
  // reads (preflog/record/short.py); anything else (the notation) is said word by word, as the keys show it.
  function low(word) { return word.toLowerCase(); }
  function own(object, key) { return Object.prototype.hasOwnProperty.call(object || {}, key); }
  function shown(attribute, value) {
    var keys = form.querySelectorAll(".key[" + attribute + "]");
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].getAttribute(attribute) === value) { return keys[i].textContent; }
    }
    return null;
  }
  function wordByWord(text) {
    var list = text.trim() === "" ? [] : text.trim().split(/\s+/);
    return list.map(function (word) {
      var key = shown("data-word", word) || shown("data-defence", word);
      return key !== null ? key : word;
    }).join(" ");
  }
  function candidates(word) {  // the players a word may name: the one it spells, or those it starts
    var seats = R.seats || [], aliases = R.aliases || {};
    if (seats.indexOf(word) >= 0) { return [word]; }
    if (own(aliases, word)) { return [aliases[word]]; }
    var all = seats.concat(Object.keys(aliases)), same = {}, start = {};
    all.forEach(function (n) {
      var who = own(aliases, n) ? aliases[n] : n;
      if (low(n) === low(word)) { same[who] = true; }
      if (low(n).indexOf(low(word)) === 0) { start[who] = true; }
    });
    return Object.keys(Object.keys(same).length ? same : start).sort();
  }
  function playerOf(word) { var found = candidates(word); return found.length === 1 ? found[0] : null; }
  function nameOf(player) { return player === R.dummy ? R.dummy_said : player; }
  function bidOf(word) {
    if ((R.misere || []).indexOf(word) >= 0) { return "mis"; }
    return own(R.bids, word) ? R.bids[word] : null;
  }
  function clockwise(order, player) {  // the others clockwise from the player's left, the player last
    var at = order.indexOf(player);
    return order.slice(at + 1).concat(order.slice(0, at + 1));
  }
  function tricksSaid(list, seats) {  // numbers in the order of seats, or names with their numbers
    if (!list.length) { return ""; }
    var pairs = [];
    if (list.every(function (w) { return /^[0-9]{1,2}$/.test(w); })) {
      list.forEach(function (w, i) { pairs.push((i < seats.length ? nameOf(seats[i]) : "?") + " " + w); });
    } else {
      for (var i = 0; i < list.length; i += 2) {
        var who = playerOf(list[i]);
        pairs.push((who ? nameOf(who) : list[i]) + " " + (i + 1 < list.length ? list[i + 1] : "…"));
      }
    }
    return R.said.tricks.replace("{tricks}", pairs.join(", "));
  }
  function defenceOf(list) {  // the defence said in words (вист пас) or letters (wp, вп): its letters, and the words it took
    var letters = [], used = 0;
    while (used < list.length && own(R.words, low(list[used]))) { letters.push(R.words[low(list[used])]); used++; }
    if (!used && list.length && DEFENCE.test(list[0])) {
      letters = low(list[0]).split("").map(function (l) { return R.letters[l]; });
      used = 1;
    }
    return { letters: letters, used: used };
  }
  // The deal ``text`` said back with the names of ``turn``'s seats ("" for nothing typed).
  function sayDeal(text, turn) {
    var brace = text.indexOf("{");
    var comment = brace >= 0 ? text.slice(brace).trim() : "";
    var list = (brace >= 0 ? text.slice(0, brace) : text).trim().split(/\s+/).filter(Boolean);
    if (!list.length) { return comment; }
    if (!R.said || !turn || text.trim().indexOf("\n") >= 0) { return wordByWord(text); }
    var parts = [], rest = [], order = turn.order;
    if ((R.all_pass || []).indexOf(low(list[0])) >= 0) {
      parts.push(R.said.all_pass);
      rest = [tricksSaid(list.slice(1), order)];
    } else {
      var at = bidOf(list[0]) !== null ? 0 : (list.length > 1 && bidOf(list[1]) !== null ? 1 : -1);
      if (at < 0) {
        if (list.length === 1 && playerOf(list[0])) { return nameOf(playerOf(list[0])); }
        return wordByWord(text);
      }
      var bid = bidOf(list[at]), who = list.length > 1 ? list[1 - at] : "";
      var declarer = who ? playerOf(who) : null;
      parts.push((declarer ? nameOf(declarer) : who || "?") + ": " + (R.said[bid] || list[at]));
      var after = list.slice(2);
      var seats = declarer && order.indexOf(declarer) >= 0 ? clockwise(order, declarer) : [];
      if (bid === "mis") {
        rest = [tricksSaid(after, declarer ? [declarer] : [])];
      } else {
        var defence = defenceOf(after), mode = null, said = [];
        // the defenders who speak, from the declarer's left: gusarik's dummy always passes unsaid
        var speakers = seats.slice(0, -1).filter(function (p) { return p !== R.dummy; });
        defence.letters.forEach(function (l) {
          if (l === "o" || l === "c") { mode = l; return; }
          said.push([speakers.length ? speakers[said.length % speakers.length] : null, l]);
        });
        var whisters = said.filter(function (d) { return d[1] === "w"; }).length;
        if (said.length || mode) {
          parts.push(said.map(function (d) {
            var word = R.said[d[1]] + (d[1] === "w" && mode && whisters === 1 ? " " + R.said[mode] : "");
            return (d[0] ? nameOf(d[0]) + ": " : "") + word;
          }).join(", ") + (mode && whisters !== 1 ? " " + R.said[mode] : ""));
        }
        var tricks = after.slice(defence.used);
        var relative = tricks.length === 1 && /^(=|[+-][0-9]{1,2})$/.test(tricks[0]);
        if (relative && declarer) {
          var level = parseInt(bid, 10) + (tricks[0] === "=" ? 0 : parseInt(tricks[0], 10));
          rest = [R.said.tricks.replace("{tricks}", nameOf(declarer) + " " + level)];
        } else {
          rest = [tricksSaid(tricks, declarer ? [declarer].concat(seats.slice(0, -1)) : [])];
        }
      }
    }
    return parts.concat(rest.filter(Boolean)).join(" · ") + (comment ? " " + comment : "");
  }

  // -- the deal the box is for ------------------------------------------------------------------------
  // The deal to come, or with deals kept on the phone the one after them: the page moves on to it (its
  // number, its dealer, its seats' keys from the eldest hand) without waiting for the connection.
  function turnOf(number) {
    for (var i = 0; i < TURNS.length; i++) { if (TURNS[i].number === number) { return TURNS[i]; } }
    return null;
  }
  function boxNumber() {
    if (editing || !TURNS.length) { return TURNS.length ? TURNS[0].number : null; }
    var list = queue();
    if (held && held.kind === "refused" && list.length && list[0].key === held.key) { return list[0].number; }
    var kept = list.length ? list[list.length - 1].number : null;  // the deal after the last kept, as the phone numbered it
    return typeof kept === "number" && kept >= TURNS[0].number ? kept + 1 : TURNS[0].number + list.length;
  }
  function showTurn() {
    var number = boxNumber();
    if (number === null || editing) { return; }
    var turn = turnOf(number);
    if (turnLine) { turnLine.textContent = turn ? turn.said : attr("data-deal").replace("{number}", number); }
    var example = document.getElementById("example");
    if (example && turn && turn.example) { example.textContent = attr("data-example").replace("{example}", turn.example); }
    if (!turn || !names) { return; }
    var keys = Array.prototype.slice.call(names.querySelectorAll(".key[data-word]:not([data-means])"));
    var byName = {};
    keys.forEach(function (k) { byName[k.getAttribute("data-word")] = k; });
    var first = names.querySelector(".key[data-means]");
    turn.order.concat(keys.map(function (k) { return k.getAttribute("data-word"); })).forEach(function (n, i) {
      var key = byName[n];
      if (!key) { return; }
      delete byName[n];
      key.classList.toggle("out", i >= turn.order.length);
      names.insertBefore(key, first);
    });
  }
  function sayBack() { if (readback && input) { readback.textContent = sayDeal(input.value, turnOf(boxNumber())); } }
  function put(list) { input.value = list.join(" ") + (list.length ? " " : ""); sayBack(); }

  form.addEventListener("click", function (e) {
    var key = e.target.closest ? e.target.closest(".key") : null;
    if (!key || !input) { return; }
    e.preventDefault();
    var list = words();
    var word = key.getAttribute("data-word");
    var defence = key.getAttribute("data-defence");
    var last = list.length ? list[list.length - 1] : "";
    if (key.getAttribute("data-key") === "back") {
      list.pop();
    } else if (defence && defence.length === 1) {  // a letter: the defenders' letters run together (wp)
      if (list.length > 2 && DEFENCE.test(last) && !/[ocоз]$/i.test(last)) { list[list.length - 1] = last + defence; } else { list.push(defence); }
    } else if (defence) {  // a word (вист, пас): letters typed before it are said in words too
      if (list.length > 2 && DEFENCE.test(last) && !own(R.words, low(last))) {
        list.pop();
        low(last).split("").forEach(function (l) {
          list.push(form.querySelector(".key[data-means='" + (R.letters[l] || l) + "']").getAttribute("data-defence"));
        });
      }
      list.push(defence);
    } else if (word) {
      list.push(word);
    }
    put(list);
  });

  // -- what the page says -----------------------------------------------------------------------------
  // A notice (sending, kept on the phone, discarded) in a calm line that is announced politely; an error
  // (refused, cannot be kept) as an alert, its sentence plain and the rule it cites one tap away («why?»).
  // Both under the box, where the eye is.
  function clearDone() {
    var before = document.getElementById("done");  // the message of the change before is not this one's
    if (before) { before.remove(); }
  }
  // The deal's line, the box and the message under it brought into view (the thumb was at the keys).
  function toBox(what) {
    var box = what.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) { return; }
    var top = turnLine || input || what;
    if (top.scrollIntoView) { top.scrollIntoView({ block: "start" }); }
    if (what.getBoundingClientRect().top > window.innerHeight * 0.6 && what.scrollIntoView) { what.scrollIntoView({ block: "start" }); }
  }
  function notify(text, besideError) {
    clearDone();
    if (!besideError) { problems.hidden = true; problems.textContent = ""; }
    notice.textContent = text;
    notice.hidden = !text;
    if (text) { toBox(notice); }
  }
  function alarm(lines, rules) {
    clearDone();
    notice.hidden = true;
    notice.textContent = "";
    problems.textContent = "";
    problems.hidden = lines.length === 0;
    if (!lines.length) { return; }
    var pre = document.createElement("pre");
    pre.className = "errors";
    pre.textContent = lines.join("\n");
    problems.appendChild(pre);
    if (rules && rules.length) {
      var why = document.createElement("details");
      why.className = "why";
      var summary = document.createElement("summary");
      summary.textContent = attr("data-why");
      why.appendChild(summary);
      var items = document.createElement("ul");
      rules.forEach(function (r) {
        var li = document.createElement("li");
        li.textContent = attr("data-rule").replace("{rule}", r);
        items.appendChild(li);
      });
      why.appendChild(items);
      problems.appendChild(why);
    }
    message.focus({ preventScroll: true });
    toBox(problems);
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
  function unkept() { alarm([attr("data-unkept")]); }
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
      li.textContent = (d.number ? attr("data-waiting-deal").replace("{number}", d.number) + ": " : "") +
        (d.said || d.typed);
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
    if (!game || typeof game.revision !== "number") { alarm([attr("data-back")]); return; }
    keep(renumbered(queue(), game.revision, game.next || 0));
    held = null;
    notify(attr("data-sending"));
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
      notify(attr("data-discarded").replace("{said}", d.said || d.typed));
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
    notify(attr("data-changed-kept"));
    showPending();
  }

  function refusal(answer, text) {
    var several = text.trim().indexOf("\n") >= 0;  // a deal typed in the notation
    var lines = (answer.data.errors || []).map(function (err) {
      var sentence = err.sentence || err.message;  // plain: the rule it cites is one tap away
      var head = several && err.line ? attr("data-line").replace("{line}", err.line).replace("{message}", sentence)
                                     : sentence;
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
  // The rules the server says the deal breaks, each once («C603: …, Кодекс 3.8.7»), for «why?».
  function rulesOf(answer) {
    var found = [];
    (answer.data.errors || []).forEach(function (err) {
      if (typeof err.rule === "string" && found.indexOf(err.rule) < 0) { found.push(err.rule); }
    });
    return found;
  }

  // To the page again, saying what the change did (the live stream's news of it is then not news).
  function go(done) {
    busy = true;
    window.location.replace(window.location.pathname + "?" + new URLSearchParams(done).toString() + "#done");
  }
  // Send the deals kept on the phone, the oldest first; stop at the first that cannot go yet.
  function flush() {
    var list = queue();
    if (sending || !list.length || (held && held.key === list[0].key)) {
      if (!pending.querySelector("#discard-question")) { showPending(); }  // a question asked stays until answered
      return;
    }
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
        alarm(refusal(answer, first.typed), rulesOf(answer));
        showTurn(); sayBack();
        showPending();
        return;
      }
      // a login ended, too many tries, the server failing, a page not the server's: kept, sent again later
      alarm(refusal(answer, first.typed), rulesOf(answer));
      notify(attr("data-kept"), true);
      showPending();
    }).catch(function () { sending = false; showPending(); });
  }

  form.addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "add";
    if (action !== "add") {  // the form's own post; without a connection it could not go
      if (navigator.onLine === false) { e.preventDefault(); alarm([attr("data-back")]); return; }
      busy = true;
      return;
    }
    e.preventDefault();
    var text = input ? input.value : "";
    if (text.trim() === "") { if (input) { input.focus(); } return; }
    var list = queue();
    var number = boxNumber() || Number(attr("data-number")) + list.length;
    var item = { typed: text, said: sayDeal(text, turnOf(number)), number: number,
                 revision: Number(revision.value) + list.length, key: newKey() };
    if (held && held.kind === "refused" && list.length && list[0].key === held.key) {
      // the refused deal, mended, takes its place (a deal of its own: an id of its own); the deals kept follow
      var was = list[0];
      item.number = was.number;
      if (!keep(renumbered([item].concat(list.slice(1)), was.revision, was.number))) { unkept(); return; }
      held = null;
      input.value = ""; showTurn(); sayBack();
      notify(attr("data-sending"));
      flush();
      return;
    }
    if (list.length || navigator.onLine === false) {  // behind deals still waiting: after them, in order
      if (!keep(list.concat([item]))) { unkept(); return; }
      input.value = ""; showTurn(); sayBack();
      showPending();
      notify(attr(navigator.onLine === false ? "data-offline" : "data-queued"));
      flush();
      return;
    }
    notify(attr("data-sending"));
    busy = true;
    post(text, revision.value, item.key).then(function (answer) {
      if (proof(answer)) {
        go({ done: "add", number: String(answer.data.number) });
        return;
      }
      busy = false;
      if (refused(answer, 422)) {  // refused by the rules: the deal stays in the box, with why
        alarm(refusal(answer, text), rulesOf(answer));
        return;
      }
      // anything else keeps the deal on the phone with its id (it may be in the game: the id says so when
      // it is sent again); the game changed under it: held, and the scorer asked
      if (!keep(queue().concat([item]))) { unkept(); return; }
      input.value = ""; showTurn(); sayBack();
      if (refused(answer, 409)) { holdChanged(item, answer); return; }
      showPending();
      alarm(refusal(answer, text), rulesOf(answer));
      notify(attr("data-kept"), true);
    }).catch(function () {  // no answer: kept on the phone with its id (it may have arrived), sent again
      busy = false;
      if (!keep(queue().concat([item]))) { unkept(); return; }
      input.value = ""; showTurn(); sayBack();
      showPending();
      notify(attr("data-offline"));
    });
  });

  var yes = document.querySelector("#confirm button[value=undo-confirmed]");
  if (yes) {  // the question is answered by a tap meant for it, not by the second of a double tap
    yes.disabled = true;
    setTimeout(function () { yes.disabled = false; }, 700);
  }

  if (input) { input.addEventListener("input", sayBack); }
  showTurn();
  sayBack();
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
      notify(attr("data-changed"));
    }, function () {});
  }
})();
