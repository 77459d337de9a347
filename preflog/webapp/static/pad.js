// The pocket pad: a pulka scored on the phone, with no server. preflog's own Python (window.pocket, made
// by boot.js) judges every deal; this page keeps the games in IndexedDB as {id, text, title, updated},
// each change written there before the screen moves on, and shows what Python answers. Every word on
// the page comes from Python's "words" call; everything a user typed is put in with textContent (the
// pulka's SVG is preflog's own markup, which escapes what users typed).
(function () {
  "use strict";
  var app = document.getElementById("app");
  var W = {};            // the page's words, in the language spoken
  var lang = "ru";
  var taken = {};        // per game: the deal last taken back, for "put it back"
  var db = null;

  // -- the DOM -----------------------------------------------------------------------------------------
  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === "text") { node.textContent = props[k]; } else if (k === "on") {
        Object.keys(props.on).forEach(function (e) { node.addEventListener(e, props.on[e]); });
      } else if (k === "cls") { node.className = props[k]; } else if (props[k] !== null && props[k] !== undefined && props[k] !== false) {
        node.setAttribute(k, props[k] === true ? "" : props[k]);
      }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); } });
    return node;
  }
  function say(id, values) {
    var text = W[id] || id;
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(values[k])); });
    return text;
  }
  function button(id, action, cls, values) { return el("button", { type: "button", cls: cls || "", text: say(id, values), on: { click: action } }); }
  function screen(children) {
    app.textContent = "";
    children.forEach(function (c) { if (c) { app.appendChild(c); } });
    window.scrollTo(0, 0);
  }
  function ask(name, payload) {
    payload = payload || {};
    payload.lang = lang;
    return window.pocket.call(name, payload);  // boot.js sends it as JSON
  }

  // -- IndexedDB ---------------------------------------------------------------------------------------
  function openDb() {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
      var req = indexedDB.open("preflog-pad", 1);
      req.onupgradeneeded = function () { req.result.createObjectStore("games", { keyPath: "id" }); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function store(mode, work) {
    return new Promise(function (resolve, reject) {
      var tx = db.transaction("games", mode), out = null;
      var req = work(tx.objectStore("games"));
      if (req) { req.onsuccess = function () { out = req.result; }; }
      tx.oncomplete = function () { resolve(out); };
      tx.onerror = tx.onabort = function () { reject(tx.error); };
    });
  }
  function allGames() { return store("readonly", function (s) { return s.getAll(); }); }
  function getGame(id) { return store("readonly", function (s) { return s.get(id); }); }
  function putGame(game) { game.updated = new Date().toISOString(); return store("readwrite", function (s) { return s.put(game); }); }
  function dropGame(id) { return store("readwrite", function (s) { return s.delete(id); }); }
  function newId() { return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8); }
  function playersOf(text) { var m = /\[Players "([^"]*)"\]/.exec(text); return m ? m[1] : ""; }

  // -- the games list ----------------------------------------------------------------------------------
  function showList(message) {
    var list = el("ul", { cls: "games" });
    var search = el("input", { type: "search", id: "search", "aria-label": say("search"), placeholder: say("search"), autocomplete: "off" });
    var file = el("input", { type: "file", id: "import", accept: ".pref,text/plain", cls: "file" });
    file.addEventListener("change", function () { if (file.files && file.files[0]) { importFile(file.files[0]); } });
    var found = el("p", { cls: "hint", role: "status" });
    screen([
      el("header", { cls: "bar" }, [el("h1", { text: say("app") }), button("other_language", switchLanguage, "lang")]),
      message ? el("p", { cls: "notice", role: "status", text: message }) : null,
      el("div", { cls: "actions" }, [button("new", function () { location.hash = "#new"; }, "big primary"),
        el("label", { "for": "import", cls: "button big" }, [say("import")]), file]),
      el("h2", { text: say("games") }), search, found, list]);
    allGames().then(function (games) {
      games.sort(function (a, b) { return a.updated < b.updated ? 1 : -1; });
      function fill() {
        var q = search.value.trim().toLowerCase();
        list.textContent = "";
        var shown = games.filter(function (g) { return !q || (g.title + " " + playersOf(g.text)).toLowerCase().indexOf(q) >= 0; });
        shown.forEach(function (g) {
          list.appendChild(el("li", {}, [el("a", { href: "#g/" + encodeURIComponent(g.id), cls: "game" }, [
            el("strong", { text: g.title }), el("span", { cls: "meta", text: playersOf(g.text) + " · " + say("updated", { when: g.updated.slice(0, 10) }) })])]));
        });
        found.textContent = !games.length ? say("none") : (!shown.length ? say("nothing_found") : "");
      }
      search.addEventListener("input", fill);
      fill();
    });
  }
  function importFile(file) {
    file.text().then(function (text) { return ask("import", { text: text, name: file.name }); }).then(function (answer) {
      if (answer.error) {
        screen([el("div", { cls: "problem", role: "alert" }, [el("p", { text: say("import_refused") }),
          el("pre", { cls: "errors", text: [answer.error].concat(answer.problems || []).join("\n") })]),
          button("back", function () { showList(); }, "big")]);
        return null;
      }
      var game = answer.games[0], id = newId();
      return putGame({ id: id, text: game.text, title: game.title }).then(function () {
        if (game.problems.length) {
          screen([el("div", { cls: "problem", role: "alert" }, [el("p", { text: say("import_problems") }),
            el("pre", { cls: "errors", text: game.problems.join("\n") })]),
            el("a", { cls: "button big primary", href: "#g/" + id, text: game.title })]);
        } else { location.hash = "#g/" + id; }
      });
    }).catch(function () { showList(say("unkept")); });
  }

  // -- a new pulka -------------------------------------------------------------------------------------
  function showNew() {
    var problem = el("div", { cls: "problem", role: "alert", hidden: true, tabindex: "-1" });
    var fields = [];
    for (var i = 1; i <= 4; i++) {
      fields.push(el("label", { "for": "player" + i, text: i === 4 ? say("player_4") : say("player_n", { n: i }) }),
        el("input", { id: "player" + i, autocomplete: "off", required: i < 4 }));
    }
    var rules = el("select", { id: "rules" });
    ask("conventions").then(function (answer) {
      answer.conventions.forEach(function (c) { rules.appendChild(el("option", { value: c.name, selected: c.name === answer["default"], text: c.said })); });
    });
    var form = el("form", { cls: "stack", novalidate: true }, [el("p", { cls: "hint", text: say("players_hint") })].concat(fields, [
      el("label", { "for": "rules", text: say("convention") }), rules,
      el("label", { "for": "pool", text: say("pool") }), el("input", { id: "pool", inputmode: "numeric", value: "10" }),
      el("label", { "for": "price", text: say("price") }), el("input", { id: "price", inputmode: "decimal", placeholder: "0,5" }),
      el("label", { "for": "title", text: say("title") }), el("input", { id: "title", autocomplete: "off" }),
      el("label", { "for": "date", text: say("date") }), el("input", { id: "date", type: "date", value: new Date().toISOString().slice(0, 10) }),
      problem, el("button", { type: "submit", cls: "big primary", text: say("start") }),
      el("a", { href: "#", cls: "button big", text: say("cancel") })]));
    function value(id) { return document.getElementById(id).value; }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      ask("new", { players: [1, 2, 3, 4].map(function (n) { return value("player" + n); }), rules: rules.value,
        pool: value("pool"), price: value("price"), title: value("title"), date: value("date") }).then(function (answer) {
        if (answer.error) { problem.textContent = answer.error; problem.hidden = false; problem.focus(); return null; }
        var id = newId();
        return putGame({ id: id, text: answer.text, title: answer.title }).then(function () { location.hash = "#g/" + id; });
      }).catch(function () { problem.textContent = say("unkept"); problem.hidden = false; });
    });
    screen([el("header", { cls: "bar" }, [el("a", { href: "#", cls: "button back", text: say("back") }), el("h1", { text: say("new") })]), form]);
  }

  // -- the deal said back (as the server's scorer page says it: preflog/serve/static/scorer.js) ----------
  var DEFENCE = /^[wphвп]+[ocоз]?$/i;
  function low(w) { return w.toLowerCase(); }
  function own(o, k) { return Object.prototype.hasOwnProperty.call(o || {}, k); }
  function sayDeal(text, R, keys) {
    var shownOf = {};
    keys.contracts.concat(keys.defences).forEach(function (k) { shownOf[k.typed] = k.shown; });
    function wordByWord(t) { return t.trim().split(/\s+/).map(function (w) { return own(shownOf, w) ? shownOf[w] : w; }).join(" "); }
    function candidates(word) {
      var seats = R.seats || [], aliases = R.aliases || {};
      if (seats.indexOf(word) >= 0) { return [word]; }
      if (own(aliases, word)) { return [aliases[word]]; }
      var same = {}, start = {};
      seats.concat(Object.keys(aliases)).forEach(function (n) {
        var who = own(aliases, n) ? aliases[n] : n;
        if (low(n) === low(word)) { same[who] = true; }
        if (low(n).indexOf(low(word)) === 0) { start[who] = true; }
      });
      return Object.keys(Object.keys(same).length ? same : start).sort();
    }
    function playerOf(w) { var f = candidates(w); return f.length === 1 ? f[0] : null; }
    function nameOf(p) { return p === R.dummy ? R.dummy_said : p; }  // gusarik's dummy said as a person says it
    function bidOf(w) { return (R.misere || []).indexOf(w) >= 0 ? "mis" : (own(R.bids, w) ? R.bids[w] : null); }
    function tricksSaid(list, seats) {
      if (!list.length) { return ""; }
      var pairs = [];
      if (list.every(function (w) { return /^[0-9]{1,2}$/.test(w); })) {
        list.forEach(function (w, i) { pairs.push((i < seats.length ? nameOf(seats[i]) : "?") + " " + w); });
      } else {
        for (var i = 0; i < list.length; i += 2) { var who = playerOf(list[i]); pairs.push((who ? nameOf(who) : list[i]) + " " + (i + 1 < list.length ? list[i + 1] : "…")); }
      }
      return R.said.tricks.replace("{tricks}", pairs.join(", "));
    }
    var brace = text.indexOf("{"), comment = brace >= 0 ? text.slice(brace).trim() : "";
    var list = (brace >= 0 ? text.slice(0, brace) : text).trim().split(/\s+/).filter(Boolean);
    if (!list.length) { return comment; }
    var parts = [], rest = [], order = R.order;
    if ((R.all_pass || []).indexOf(low(list[0])) >= 0) {
      parts.push(R.said.all_pass); rest = [tricksSaid(list.slice(1), order)];
    } else {
      var at = bidOf(list[0]) !== null ? 0 : (list.length > 1 && bidOf(list[1]) !== null ? 1 : -1);
      if (at < 0) { return list.length === 1 && playerOf(list[0]) ? nameOf(playerOf(list[0])) : wordByWord(text); }
      var bid = bidOf(list[at]), who = list.length > 1 ? list[1 - at] : "", declarer = who ? playerOf(who) : null;
      parts.push((declarer ? nameOf(declarer) : who || "?") + ": " + (R.said[bid] || list[at]));
      var after = list.slice(2), i0 = declarer ? order.indexOf(declarer) : -1;
      var seats = i0 >= 0 ? order.slice(i0 + 1).concat(order.slice(0, i0 + 1)) : [];
      if (bid === "mis") { rest = [tricksSaid(after, declarer ? [declarer] : [])]; } else {
        var letters = [], used = 0, mode = null, said = [];
        // the defenders who speak, from the declarer's left: gusarik's dummy always passes unsaid
        var speakers = seats.slice(0, -1).filter(function (p) { return p !== R.dummy; });
        while (used < after.length && own(R.words, low(after[used]))) { letters.push(R.words[low(after[used])]); used++; }
        if (!used && after.length && DEFENCE.test(after[0])) { letters = low(after[0]).split("").map(function (l) { return R.letters[l]; }); used = 1; }
        letters.forEach(function (l) {
          if (l === "o" || l === "c") { mode = l; return; }
          said.push([speakers.length ? speakers[said.length % speakers.length] : null, l]);
        });
        var whisters = said.filter(function (d) { return d[1] === "w"; }).length;
        if (said.length || mode) {  // a lone whister's play said with his whist
          parts.push(said.map(function (d) {
            return (d[0] ? nameOf(d[0]) + ": " : "") + R.said[d[1]] + (d[1] === "w" && mode && whisters === 1 ? " " + R.said[mode] : "");
          }).join(", ") + (mode && whisters !== 1 ? " " + R.said[mode] : ""));
        }
        var tricks = after.slice(used);
        if (tricks.length === 1 && /^(=|[+-][0-9]{1,2})$/.test(tricks[0]) && declarer) {
          rest = [R.said.tricks.replace("{tricks}", nameOf(declarer) + " " + (parseInt(bid, 10) + (tricks[0] === "=" ? 0 : parseInt(tricks[0], 10))))];
        } else { rest = [tricksSaid(tricks, declarer ? [declarer].concat(seats.slice(0, -1)) : [])]; }
      }
    }
    return parts.concat(rest.filter(Boolean)).join(" · ") + (comment ? " " + comment : "");
  }

  // -- a game ------------------------------------------------------------------------------------------
  function showGame(id, mode, done) {
    getGame(id).then(function (game) {
      if (!game) { location.hash = "#"; return null; }
      var number = mode ? mode.number : null;
      return Promise.all([ask("view", { text: game.text }), mode && mode.kind === "note" ? Promise.resolve(null)
        : ask("turn", number ? { text: game.text, number: number } : { text: game.text })]).then(function (got) {
        if (got[0].error) {  // a text preflog cannot show: said, and still downloadable or deleted
          screen([el("header", { cls: "bar" }, [el("a", { href: "#", cls: "button back", text: say("back") }), el("h1", { text: game.title })]),
            el("div", { cls: "problem", role: "alert" }, [el("pre", { cls: "errors", text: got[0].error })])].concat(exportOf(game, { title: game.title })));
          return;
        }
        drawGame(game, got[0], got[1], mode, done);
      });
    });
  }
  // A change asked of Python; its new text written to IndexedDB before the screen shows it.
  function change(game, name, payload, after) {
    payload.text = game.text;
    return ask(name, payload).then(function (answer) {
      if (answer.error || answer.refused) { return answer; }
      var was = game.text;
      game.text = answer.text;
      return putGame(game).then(function () { after(answer); return answer; }, function () {
        game.text = was;
        return { error: say("unkept") };
      });
    });
  }
  function drawGame(game, view, turn, mode, done) {
    var editing = mode && mode.kind === "edit", noting = mode && mode.kind === "note";
    var problems = el("div", { cls: "problem", role: "alert", id: "problems", hidden: true });
    var notice = el("p", { cls: "notice", id: "notice", role: "status", hidden: !done, text: done || "" });
    var parts = [el("header", { cls: "bar" }, [el("a", { href: "#", cls: "button back", text: say("back") }), el("h1", { text: view.title })]),
      el("p", { cls: "meta", text: view.players.join(", ") + (view.date ? " · " + view.date : "") + " · " + view.rules_said })];
    var open = !view.refusal && !view.finished;
    var heading = editing ? say("correcting", { number: mode.number }) : noting ? say("noting", { number: mode.number })
      : (turn && open ? turn.turn.said : (view.refusal || say("over")));
    parts.push(el("p", { cls: "turn", id: "turn", text: heading }), notice);
    if (open || mode) { parts.push(padOf(game, view, turn, mode, problems, notice)); } else { parts.push(problems); }
    if (!mode && view.count && !view.refusal) {
      var last = view.deals[0];
      var confirm = el("div", { cls: "confirm", role: "alertdialog", hidden: true, "aria-labelledby": "confirm-q" }, [
        el("p", { id: "confirm-q" }, [el("strong", { text: say("undo_ask", { number: last.number }) }), " " + last.said]),
        button("keep", function () { confirm.hidden = true; }, "big"),
        button("undo_yes", function () {
          change(game, "undo", {}, function (a) { taken[game.id] = a.taken; showGame(game.id, null, a.done); }).then(report);
        }, "big danger")]);
      parts.push(el("div", { cls: "later" }, [button("undo", function () { confirm.hidden = false; confirm.querySelector(".danger").focus(); }, "undo")]), confirm);
    }
    if (!mode && taken[game.id] && turn && open) {
      parts.push(button("redo", function () {
        change(game, "redo", { taken: taken[game.id] }, function (a) { delete taken[game.id]; showGame(game.id, null, a.done); }).then(report);
      }, "big", { number: turn.turn.number }));
    }
    function report(answer) {
      if (answer && (answer.error || answer.refused)) { showProblem(problems, answer); }
    }
    parts = parts.concat(sheetOf(view), dealsOf(game, view), exportOf(game, view));
    screen(parts);
    var box = document.getElementById("deal");
    if (box && mode) { box.focus(); }
  }
  function showProblem(problems, answer) {
    problems.textContent = "";
    if (answer.error) { problems.appendChild(el("pre", { cls: "errors", text: answer.error })); } else {
      var r = answer.refused;
      problems.appendChild(el("pre", { cls: "errors", text: r.lines.join("\n") }));
      if (r.rules.length) {
        problems.appendChild(el("details", { cls: "why" }, [el("summary", { text: say("why") }),
          el("ul", {}, r.rules.map(function (rule) { return el("li", { text: say("rule", { rule: rule }) }); }))]));
      }
      if (r.read) { problems.appendChild(el("p", { text: say("read_as") + " " + r.read })); }
      problems.appendChild(el("p", { text: say("nothing_written") }));
    }
    problems.hidden = false;
    problems.scrollIntoView({ block: "center" });
  }
  function padOf(game, view, turn, mode, problems, notice) {
    var noting = mode && mode.kind === "note";
    var input = el("input", { id: "deal", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      enterkeyhint: noting ? "done" : "send", maxlength: noting ? "500" : "2000", value: turn && turn.typed ? turn.typed : "",
      "aria-describedby": "readback" });
    var readback = el("p", { cls: "readback", id: "readback", "aria-live": "polite" });
    var form = el("form", { id: "scorer" });
    function sayBack() { if (!noting) { readback.textContent = sayDeal(input.value, Object.assign({ order: turn.turn.order }, turn.reader), turn.keys); } }
    function edited() { problems.hidden = true; sayBack(); }  // a refusal said is of the deal as it was sent
    input.addEventListener("input", edited);
    if (noting) {
      form.appendChild(el("label", { "for": "deal", text: say("note_box") }));
      form.appendChild(el("div", { cls: "typed" }, [input]));
    } else {
      form.appendChild(el("label", { "for": "deal", text: say("box") }));
      form.appendChild(el("p", { cls: "hint", text: say("example", { example: turn.keys.example }) }));
      // the box and its read-back stay in sight while the thumb is on the keys below them
      form.appendChild(el("div", { cls: "held" }, [
        el("div", { cls: "typed" }, [input, el("button", { type: "button", cls: "key", "data-key": "back", "aria-label": say("erase"), text: "⌫" })]),
        readback]));
    }
    form.appendChild(el("div", { id: "message", cls: "message" }, [problems]));
    if (!noting) {
      var k = turn.keys;
      form.appendChild(el("div", { cls: "keys names", role: "group", "aria-label": say("players") },
        k.players.map(function (p) { return el("button", { type: "button", cls: "key" + (p[1] ? " out" : ""), "data-word": p[0], text: p[0] === turn.reader.dummy ? turn.reader.dummy_said : p[0] }); })
          .concat([el("button", { type: "button", cls: "key", "data-word": k.all_pass, text: say("all_pass") })])));
      form.appendChild(el("div", { cls: "keys contracts", role: "group", "aria-label": say("contracts") }, k.contracts.map(function (c) {
        return el("button", { type: "button", cls: "key" + (c.red ? " red" : "") + (c.means === "mis" ? " wide" : ""), "data-word": c.typed, text: c.shown });
      })));
      form.appendChild(el("div", { cls: "keys defence", role: "group", "aria-label": say("defence") }, k.defences.map(function (c) {
        return el("button", { type: "button", cls: "key", "data-defence": c.typed, "data-means": c.means, text: c.shown });
      })));
      var tricks = [];
      for (var n = 0; n <= 10; n++) { tricks.push(el("button", { type: "button", cls: "key", "data-word": String(n), text: String(n) })); }
      form.appendChild(el("div", { cls: "keys tricks", role: "group", "aria-label": say("tricks") }, tricks));
    }
    var send = el("button", { type: "submit", cls: "big primary", id: "send", text: say(noting ? "write_note" : mode ? "record_correction" : "record") });
    form.appendChild(send);
    if (mode) { form.appendChild(el("a", { href: "#g/" + encodeURIComponent(game.id), cls: "button big", text: say("cancel") })); }
    form.addEventListener("click", function (e) {
      var key = e.target.closest ? e.target.closest(".key") : null;
      if (!key) { return; }
      e.preventDefault();
      var list = input.value.trim() === "" ? [] : input.value.trim().split(/\s+/);
      var word = key.getAttribute("data-word"), defence = key.getAttribute("data-defence"), last = list.length ? list[list.length - 1] : "";
      if (key.getAttribute("data-key") === "back") { list.pop(); } else if (defence && defence.length === 1) {
        if (list.length > 2 && DEFENCE.test(last) && !/[ocоз]$/i.test(last)) { list[list.length - 1] = last + defence; } else { list.push(defence); }
      } else if (defence) {
        if (list.length > 2 && DEFENCE.test(last) && !own(turn.reader.words, low(last))) {
          list.pop();
          low(last).split("").forEach(function (l) {
            var means = turn.reader.letters[l] || l;
            turn.keys.defences.forEach(function (d) { if (d.means === means) { list.push(d.typed); } });
          });
        }
        list.push(defence);
      } else if (word) { list.push(word); }
      input.value = list.join(" ") + (list.length ? " " : "");
      edited();
    });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (send.disabled) { return; }
      send.disabled = true;  // a double tap records the deal once
      var name = noting ? "note" : mode ? "edit" : "record";
      var payload = noting ? { number: mode.number, note: input.value } : mode ? { number: mode.number, typed: input.value } : { typed: input.value };
      change(game, name, payload, function (a) { if (name === "record") { delete taken[game.id]; } showGame(game.id, null, a.done); })
        .then(function (answer) { send.disabled = false; if (answer.error || answer.refused) { notice.hidden = true; showProblem(problems, answer); } },
          function () { send.disabled = false; });
    });
    sayBack();
    return form;
  }
  function sheetOf(view) {
    var out = [];
    if (view.violations.length) {
      out.push(el("div", { cls: "problem" }, [el("p", { text: say("violations") }), el("pre", { cls: "errors", text: view.violations.join("\n") })]));
    }
    var pulka = el("div", { cls: "pulka", role: "img", "aria-label": say("pulka") });
    pulka.innerHTML = view.svg;  // preflog's own drawing: what users typed is escaped in it
    out.push(el("h2", { text: say("pulka") }), pulka, el("h2", { text: say("settlement") }));
    out.push(el("div", { cls: "scroll" }, [el("table", { cls: "settlement" }, [
      el("thead", {}, [el("tr", {}, view.columns.map(function (c) { return el("th", { scope: "col", text: c }); }))]),
      el("tbody", {}, view.rows.map(function (r) { return el("tr", {}, r.map(function (c, i) { return el(i ? "td" : "th", { scope: i ? null : "row", text: c }); })); }))])]));
    out.push(el("h2", { text: say(view.money ? "payments_money" : "payments") }),
      view.payments.length ? el("ul", { cls: "payments" }, view.payments.map(function (p) { return el("li", { text: p }); })) : el("p", { text: say("nobody_pays") }));
    return out;
  }
  function dealsOf(game, view) {
    var out = [el("h2", { text: say("deals") })];
    if (!view.count) { out.push(el("p", { text: say("no_deals") })); return out; }
    out.push(el("ol", { cls: "deals", reversed: true }, view.deals.map(function (d) {
      var more = el("div", { cls: "more", hidden: true });
      var item = el("li", { value: String(d.number) }, [
        el("p", {}, [el("strong", { text: say("deal_n", { number: d.number }) + ": " }), d.said || d.text]),
        d.outcome ? el("p", { cls: "meta", text: d.outcome }) : null,
        d.notes.length ? el("p", { cls: "meta", text: d.notes.join("; ") }) : null,
        el("ul", { cls: "entries" }, d.entries.map(function (e) { return el("li", { text: e }); })),
        el("details", {}, [el("summary", { text: say("the_text") }), el("pre", { text: d.text })]),
        el("div", { cls: "row" }, view.refusal ? [] : [
          button("correct", function () { showGame(game.id, { kind: "edit", number: d.number }); }, "small"),
          button("note", function () { showGame(game.id, { kind: "note", number: d.number }); }, "small"),
          button("replay", function () {
            ask("replay", { text: game.text, number: d.number }).then(function (r) {
              more.textContent = "";
              if (r.error) { more.appendChild(el("p", { text: r.error })); } else {
                more.appendChild(el("ol", { cls: "steps" }, r.steps.map(function (s) { return el("li", { text: s }); })));
              }
              more.hidden = false;
            });
          }, "small")]),
        more]);
      return item;
    })));
    return out;
  }
  function exportOf(game, view) {
    var name = (game.title || "pulka").replace(/[^\p{L}\p{N}_-]+/gu, "-").slice(0, 60) + ".pref";
    function blob() { return new Blob([game.text], { type: "text/plain;charset=utf-8" }); }
    var row = [button("export", function () {
      var url = URL.createObjectURL(blob());
      var a = el("a", { href: url, download: name });
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    }, "big")];
    var file = typeof File === "function" ? new File([game.text], name, { type: "text/plain" }) : null;
    if (navigator.share && navigator.canShare && file && navigator.canShare({ files: [file] })) {
      row.push(button("share", function () { navigator.share({ files: [file], title: view.title }).catch(function () {}); }, "big"));
    }
    row.push(button("print", function () { window.print(); }, "big"));
    var sending = sendOf(game);
    var confirm = el("div", { cls: "confirm", role: "alertdialog", hidden: true }, [
      el("p", { text: say("delete_ask", { title: game.title }) }),
      button("keep", function () { confirm.hidden = true; }, "big"),
      button("delete_yes", function () { dropGame(game.id).then(function () {
        history.pushState(null, "", "#");  // no hashchange: the list is drawn once, with what was done
        showList(say("deleted", { title: game.title }));
      }); }, "big danger")]);
    return [el("div", { cls: "actions export" }, row.concat([button("delete", function () { confirm.hidden = false; }, "big")])), confirm,
      sending];
  }
  // A game sent to a club's preflog serve (POST /api/games with the scorer's token): the club keeps a game
  // it has already once, so a retry after a dropped connection sends nothing twice. The address is kept on
  // the phone; the token is not.
  function sendOf(game) {
    var said = el("p", { cls: "notice", role: "status", hidden: true });
    var address = el("input", { id: "club", type: "url", inputmode: "url", autocomplete: "url", placeholder: "https://" });
    var token = el("input", { id: "token", type: "password", autocomplete: "current-password" });
    try { address.value = localStorage.getItem("preflog-pad-club") || ""; } catch (e) { address.value = ""; }
    function show(text, alert) {
      said.textContent = text; said.hidden = false;
      said.setAttribute("role", alert ? "alert" : "status"); said.className = alert ? "problem" : "notice";
    }
    var go = button("send_go", function () {
      var base = address.value.trim().replace(/\/+$/, "");
      var url;
      try { url = new URL(base + "/api/games"); } catch (e) { show(say("send_address_bad"), true); return; }
      var local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
      if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) { show(say("send_address_bad"), true); return; }
      try { localStorage.setItem("preflog-pad-club", base); } catch (e) { /* typed again next time */ }
      go.disabled = true;
      fetch(url.href, { method: "POST", body: game.text, credentials: "omit",
                        headers: { "Authorization": "Bearer " + token.value, "Content-Type": "text/plain; charset=utf-8" } })
        .then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (body) {
            if (response.status === 201 && body.ids && body.ids.length) {
              show(say("send_done", { url: base + "/games/" + body.ids[0] }), false);
            } else if (response.status === 200 && body.skipped && body.skipped.length) {
              show(say("send_there"), false);
            } else if (response.status === 401 || response.status === 403) {
              show(say("send_token_refused"), true);
            } else {
              var reason = (body.errors || []).map(function (e) { return e.message || ""; }).join("; ") || body.error || "";
              show(say("send_refused", { status: response.status, reason: reason }), true);
            }
          });
        }, function () { show(say("send_unreachable", { address: base }), true); })
        .then(function () { go.disabled = false; });
    }, "big");
    return el("details", { cls: "send" }, [el("summary", { text: say("send") }),
      el("label", { "for": "club", text: say("send_address") }), address,
      el("label", { "for": "token", text: say("send_token") }), token, go, said]);
  }

  // -- the screens by the address ----------------------------------------------------------------------
  function route() {
    var hash = location.hash;
    if (hash === "#new") { showNew(); } else if (hash.indexOf("#g/") === 0) { showGame(decodeURIComponent(hash.slice(3))); } else { showList(); }
  }
  function switchLanguage() {
    lang = lang === "ru" ? "en" : "ru";
    try { localStorage.setItem("preflog-pad-lang", lang); } catch (e) { /* kept for this visit only */ }
    start();
  }
  function start() {
    document.documentElement.lang = lang;
    return ask("words").then(function (answer) { W = answer.words; document.title = say("app"); route(); });
  }
  window.pocket.ready.then(function () {
    var chosen = null;
    try { chosen = localStorage.getItem("preflog-pad-lang"); } catch (e) { chosen = null; }
    lang = chosen === "en" || chosen === "ru" ? chosen : (window.pocket.lang === "en" ? "en" : "ru");
    return openDb().then(function (opened) { db = opened; }, function () { db = null; });
  }).then(function () {
    if (!db) { return ask("words").then(function (a) { W = a.words; app.textContent = say("no_storage"); }); }
    window.addEventListener("hashchange", route);
    return start();
  });
}());
