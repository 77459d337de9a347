"use strict";
// preflog's replay page: draws one step at a time from the data preflog wrote; it works nothing out.
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const $ = (id) => document.getElementById(id);
  // the page's words in the reader's language: preflog writes the translations into the data
  const TR = data.tr || {};
  const _ = (text) => TR[text] || text;
  const plural = (n) => data.lang === "ru" ?
    (n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2) :
    (n === 1 ? 0 : 1);
  const ngettext = (one, many, n) => (TR[one] ? TR[one][plural(n)] : n === 1 ? one : many).replace("{n}", String(n));
  const SUITS = { s: ["♠", _("of spades"), "black"], c: ["♣", _("of clubs"), "black"], d: ["♦", _("of diamonds"), "red"], h: ["♥", _("of hearts"), "red"] };
  const ORDER = ["s", "c", "d", "h"];
  const POS3 = ["bottom", "left", "right"], POS4 = ["bottom", "left", "top", "right"];
  const deals = [];  // [game index, deal index]
  data.games.forEach((g, gi) => g.deals.forEach((d, di) => deals.push([gi, di])));
  const puzzles = deals.length > 0 && deals.every(([gi, di]) => data.games[gi].deals[di].pz);  // a page of études
  let at = 0;         // which of deals
  let path = [];      // [{line, i}] from the deal's main line into variations
  let allHands = !data.seat;
  let solving = null; // a puzzle's deal shown (its data's pz): {chosen: the reader's card or number, null before}

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const RANKS = Object.assign({ T: "10" }, data.ranks || {});  // the ranks in the page's language (data.ranks)
  const rank = (c) => RANKS[c[0]] || c[0];
  const spoken = (c) => ((data.spoken || {})[c[0]] || rank(c)) + " " + SUITS[c[1]][1];  // «дама пик», as the live region says it
  function cardEl(code, win) {
    const s = SUITS[code[1]];
    const e = el("span", "card" + (s[2] === "red" ? " r" : "") + (win ? " win" : ""), rank(code) + s[0]);
    e.setAttribute("aria-label", spoken(code));
    return e;
  }
  const game = () => data.games[deals[at][0]];
  const deal = () => game().deals[deals[at][1]];
  const top = () => path[path.length - 1];
  function step() {  // the step, with what it carries on from the steps before it in its line
    const t = top(), steps = t.line.steps, s = Object.assign({}, steps[t.i]);
    data.carried.forEach((key) => {
      for (let i = t.i; !(key in s) && i >= 0; i--) if (key in steps[i]) s[key] = steps[i][key];
    });
    return s;
  }

  function start(index, last) {
    at = Math.max(0, Math.min(index, deals.length - 1));
    const line = deal().line;
    // a puzzle opens at its question (its record ends there): nothing answered, nothing tried, no line shown
    solving = deal().pz ? { chosen: null, tried: [], shown: false, picked: [] } : null;
    path = [{ line: line, i: last || solving ? line.steps.length - 1 : 0 }];
    $("deals").value = String(at);
    if (puzzles) {  // the puzzle's number in the address (a reload or a link shared opens it) and its title the tab's
      try { if (location.hash !== "#" + (at + 1)) history.replaceState(null, "", "#" + (at + 1)); } catch (e) { /* a frame's srcdoc has no address */ }
      document.title = game().title || _("puzzle {n}").replace("{n}", String(at + 1));
    }
    draw();
  }

  function forward() {
    const t = top();
    if (t.i + 1 < t.line.steps.length) { t.i += 1; draw(); return true; }
    if (path.length === 1 && at + 1 < deals.length) { start(at + 1, false); return true; }
    return false;
  }
  function back() {
    const t = top();
    if (t.i > 0) { t.i -= 1; draw(); return true; }
    if (path.length > 1) { path.pop(); draw(); return true; }  // before a variation's first card: its branching step
    if (at > 0) { start(at - 1, true); return true; }
    return false;
  }
  function trick(dir) {
    const t = top(), steps = t.line.steps;
    let i = t.i + dir;
    while (i > 0 && i < steps.length - 1 && !steps[i].tr) i += dir;  // to the next (or last) completed trick
    t.i = Math.max(0, Math.min(i, steps.length - 1));
    draw();
  }
  function branches() { const t = top(); return (t.line.br || {})[String(t.i)] || []; }
  function enter(k) {  // the k-th variation of the current step (it replaces this step's card)
    const b = branches()[k];
    if (b) { path.push({ line: b, i: 0, from: k }); draw(); }
  }
  function leave() { if (path.length > 1) { path.pop(); draw(); } }

  const tricks = (n) => ngettext("{n} trick", "{n} tricks", n);
  const named = (c) => rank(c) + SUITS[c[1]][0];

  // solve mode: the reader answers a puzzle's question, and the answer is held against what preflog worked
  // out when it made the page (each legal card's value and line); then the line after it, trick by trick.
  // A wrong card plays out its refutation (what it costs, not the answer); a wrong number or «not caught»
  // says only more or fewer, or caught, and the question stays to be answered again, or the solution shown
  function answer(choice) {  // a card's code, a number of tricks, or "none" (the misère is not caught)
    const p = deal().pz, tried = solving.tried;
    const hides = p.q === "tricks" ? choice !== p.value : choice === "none" && p.right.length > 0;
    if (hides) {  // said wrong without the answer: the question stays, the choice crossed out
      solving = { chosen: choice, tried: tried.concat([choice]), shown: false, picked: [] };
      draw();
      $("reveal").focus({ preventScroll: true });
      return;
    }
    show(choice);
  }
  function show(choice) {  // the line after the answer (or the solution's, "reveal"), from its first card
    const p = deal().pz, code = typeof choice === "string" && choice !== "none" && choice !== "reveal" ? choice : p.main;
    solving = { chosen: choice, tried: solving.tried, shown: true, picked: solving.picked };
    path = [{ line: { steps: deal().line.steps.concat(code ? p.lines[code] : []) }, i: deal().line.steps.length - (code ? 0 : 1) }];
    draw();
    $("lineFwd").focus({ preventScroll: true });
  }
  function again() {  // back to the question: a slip undone
    start(at, false);
    const first = document.querySelector("#choose button:not([disabled]):not(.confirm)");
    if (first) first.focus({ preventScroll: true });
  }
  function walk(dir, whole) {  // along the line answered, a card (or a trick) at a time, never before its first card
    if (!solving || !solving.shown) return;
    const t = top(), steps = t.line.steps, first = deal().line.steps.length;
    let i = t.i + dir;
    while (whole && i > first && i < steps.length - 1 && !steps[i].tr) i += dir;
    t.i = Math.max(Math.min(first, steps.length - 1), Math.min(i, steps.length - 1));
    draw();
    const table = $("table").getBoundingClientRect(), foot = window.innerHeight - $("bar").offsetHeight;
    if (table.bottom > foot) window.scrollBy(0, Math.min(table.bottom - foot, table.top - 8));  // the table above the bar
  }
  function mover(s) {  // the seat to move at the step shown in solve mode, or null (a full trick, the play over)
    if ("m" in s) return s.m;
    const p = deal().pz;  // at the question's step: the player to move, none for a discard (made before the play)
    return top().i === deal().line.steps.length - 1 && p.q !== "discard" ? p.to : null;
  }
  // a discard puzzle: the reader picks two of the declarer's twelve cards (a tap picks, a second tap puts
  // it back) and confirms them with one button; the pair is held against every discard's value
  const discardNamed = (pair) => pair.split(" ").map(named).join(" ");  // a pair of the data, "Tc Ad": 10♣ Т♦
  function pick(c) {
    const picked = solving.picked, k = picked.indexOf(c);
    solving.picked = k >= 0 ? picked.filter((x) => x !== c) : picked.length < 2 ? picked.concat([c]) : picked;
    draw();
    const again = document.querySelector("#choose button[data-card='" + c + "']");
    if (again) again.focus({ preventScroll: true });
  }
  function confirmDiscard() {
    const p = deal().pz, [a, b] = solving.picked;
    if (solving.picked.length !== 2) return;
    answer(p.pairs[a + " " + b] ? a + " " + b : b + " " + a);
  }
  function discardVerdict(p, chosen, who) {  // the discard made and the best, the tricks each gives
    const cls = p.pairs[chosen], v = p.v[cls], right = p.right.indexOf(cls) >= 0;
    const equals = Object.keys(p.pairs).filter((q) => p.pairs[q] === cls && q !== chosen).map(discardNamed);
    const fill = (text) => text.replace("{cards}", discardNamed(chosen)).replace("{player}", who);
    if (right) {
      const others = p.right.filter((r) => r !== cls).map(discardNamed);
      return [true, fill(ngettext("Right: after the discard {cards} {player} takes {n} trick.",
        "Right: after the discard {cards} {player} takes {n} tricks.", v)) +
        (equals.length ? " " + _("Equal discards, one answer: {discards}.").replace("{discards}", equals.join(", ")) : "") +
        (others.length ? " " + _("Also right: {discards}.").replace("{discards}", others.join(", ")) : "")];
    }
    return [false, fill(ngettext("No: after the discard {cards} {player} takes {n} trick.",
      "No: after the discard {cards} {player} takes {n} tricks.", v)) + " " +
      ngettext("The best discard, {discards}: {n} trick.", "The best discard, {discards}: {n} tricks.", p.best)
        .replace("{discards}", p.right.map(discardNamed).join(_(" or ")))];
  }
  function verdict(p, chosen, g) {  // [right (true), wrong (false) or the solution shown (null), in words]
    const who = g.seats[p.who];
    if (p.q === "discard") return discardVerdict(p, chosen, who);
    if (chosen === "reveal" && p.q === "tricks") {
      return [null, ngettext("The answer: with best play {player} takes {n} trick.", "The answer: with best play {player} takes {n} tricks.", p.value).replace("{player}", who)];
    }
    if (chosen === "reveal") {
      return [null, ngettext("The answer: the misère is caught, with {cards}; {player} takes {n} trick.",
        "The answer: the misère is caught, with {cards}; {player} takes {n} tricks.", p.value)
        .replace("{cards}", p.answer.map(named).join(" ")).replace("{player}", who)];
    }
    if (p.q === "tricks") {
      return chosen === p.value ? [true, ngettext("Right: with best play {player} takes {n} trick.", "Right: with best play {player} takes {n} tricks.", p.value).replace("{player}", who)] :
        [false, (chosen < p.value ?
          ngettext("No: with best play {player} takes more than {n} trick.", "No: with best play {player} takes more than {n} tricks.", chosen) :
          ngettext("No: with best play {player} takes fewer than {n} trick.", "No: with best play {player} takes fewer than {n} tricks.", chosen)).replace("{player}", who)];
    }
    if (chosen === "none") {
      return p.right.length ? [false, _("No: the misère is caught.")] : [true, _("Right: the misère is not caught.")];
    }
    const v = p.v[chosen], equal = p.answer.length > 1 ? " " + _("Equal cards, one answer: {cards}.").replace("{cards}", p.answer.map(named).join(" ")) : "";
    if (p.right.indexOf(chosen) < 0) {
      return p.q === "catch" ? [false, _("Does not catch the misère: {player} takes no trick.").replace("{player}", who)] :
        [false, (Math.abs(v - p.best) === 1 ? _("Loses a trick: {player} takes {value}, not {best}.") :
          ngettext("Loses {n} trick: {player} takes {value}, not {best}.", "Loses {n} tricks: {player} takes {value}, not {best}.", Math.abs(v - p.best)))
          .replace("{player}", who).replace("{value}", String(v)).replace("{best}", String(p.best))];
    }
    return [true, (p.q === "catch" ? ngettext("Right: the misère is caught, {player} takes {n} trick.", "Right: the misère is caught, {player} takes {n} tricks.", v) :
      ngettext("Right: with best play {player} takes {n} trick.", "Right: with best play {player} takes {n} tricks.", v)).replace("{player}", who) + equal];
  }
  function drawSolve(s, g) {  // the question, the reader's choice, then the verdict and the line
    const p = deal().pz, box = $("choose"), chosen = solving.chosen, asking = !solving.shown, moving = mover(s);
    $("source").textContent = p.src ? _("Source: {source}").replace("{source}", p.src) : "";
    $("ask").textContent = p.ask;
    $("by").textContent = p.by ? _("The author: {words}").replace("{words}", p.by) : "";
    $("turn").textContent = asking && p.q === "discard" ? _("Tap the two cards {player} discards, then the button.").replace("{player}", g.seats[p.to]) :
      moving === null ? "" : _("To play: {player}.").replace("{player}", g.seats[moving]) + (!asking ? "" : " " +
      (p.q === "tricks" ? _("Tap the number of tricks {player} takes.").replace("{player}", g.seats[p.who]) : _("Tap the card to play.")));
    box.textContent = "";
    box.hidden = !asking;
    box.className = p.q === "tricks" ? "numbers" : p.q === "discard" ? "twelve" : "";
    const crossed = (b, choice) => {  // a wrong answer tried: not to be tapped again
      if (solving.tried.indexOf(choice) >= 0) { b.disabled = true; b.classList.add("tried"); }
    };
    if (asking && p.q === "tricks") {
      for (let n = 0; n <= 10; n++) {
        const b = el("button", "", String(n));
        b.setAttribute("aria-label", tricks(n));
        crossed(b, n);
        b.addEventListener("click", () => answer(n));
        box.appendChild(b);
      }
    } else if (asking && p.q === "discard") {  // his ten and the talon, each a toggle; then the one button
      const picked = solving.picked;
      box.setAttribute("aria-label", _("{player}'s hand").replace("{player}", g.seats[p.to]));
      (s.h[p.to] || []).forEach((c) => {
        const b = el("button", SUITS[c[1]][2] === "red" ? "r" : "", named(c));
        b.setAttribute("aria-label", spoken(c));
        b.setAttribute("aria-pressed", String(picked.indexOf(c) >= 0));
        b.dataset.card = c;
        b.disabled = picked.length === 2 && picked.indexOf(c) < 0;  // two picked: one is put back first
        b.addEventListener("click", () => pick(c));
        box.appendChild(b);
      });
      const go = el("button", "confirm", picked.length === 2 ?
        _("Discard {cards}").replace("{cards}", picked.map(named).join(" ")) :
        ngettext("Pick {n} more card", "Pick {n} more cards", 2 - picked.length));
      go.disabled = picked.length !== 2;
      go.addEventListener("click", confirmDiscard);
      box.appendChild(go);
    } else if (asking) {
      box.setAttribute("aria-label", _("{player}'s hand").replace("{player}", g.seats[p.to]));
      (s.h[p.to] || []).forEach((c) => {
        const b = el("button", SUITS[c[1]][2] === "red" ? "r" : "", named(c));
        b.setAttribute("aria-label", spoken(c));
        b.disabled = !(c in p.v);  // not a legal card here
        b.addEventListener("click", () => answer(c));
        box.appendChild(b);
      });
      if (p.q === "catch") {
        const b = el("button", "none", _("not caught"));
        crossed(b, "none");
        b.addEventListener("click", () => answer("none"));
        box.appendChild(b);
      }
    }
    const said = chosen === null ? null : verdict(p, chosen, g), out = $("verdict");
    out.textContent = said ? (said[0] === true ? "✓ " : said[0] === false ? "✗ " : "") + said[1] : "";
    out.className = said ? (said[0] === true ? "right" : said[0] === false ? "wrong" : "shown") : "";
    $("reveal").hidden = !(said && said[0] === false && asking);  // said wrong, the answer not given: it may be asked for
    $("onward").hidden = !(said && said[0] !== false && at + 1 < deals.length);  // answered: the next puzzle at hand
    $("walk").hidden = asking;
    const t = top(), first = deal().line.steps.length;
    $("lineBack").disabled = t.i <= first;
    $("lineFwd").disabled = t.i >= t.line.steps.length - 1;
    $("lineStep").textContent = asking ? "" : s.t;
  }
  void [_("declarer"), _("dummy"), _("whist"), _("pass"), _("half-whist")];  // the roles the data names, said by _(role)
  function drawHands(s, moving) {  // moving: the seat to move, marked (solve mode), or null
    const g = game(), d = deal(), pos = g.seats.length === 4 ? POS4 : POS3, table = $("table");
    table.textContent = "";
    table.classList.toggle("bare", !!d.told);  // no cards to lay out: the names, their parts and tricks
    const mid = el("div", "mid");
    g.seats.forEach((name, i) => {
      const box = el("div", "seat " + pos[i]);
      const hand = s.h[i], role = (s.r || [])[i];
      if (name === d.dealer && g.seats.length === 4) box.classList.add("out");
      if (role) box.classList.add(role);
      const head = el("div", "who");
      head.appendChild(el("b", "name", name));
      if (name === d.dealer) head.appendChild(el("span", "role", _("deals")));
      if (role && role !== "dummy") head.appendChild(el("span", "role", _(role)));  // the dummy's name says it
      if (i === moving) { box.classList.add("moving"); head.appendChild(el("span", "role turn", _("to play"))); }
      if (typeof s.w[i] === "number") head.appendChild(el("span", "won", tricks(s.w[i])));  // null: not recorded
      box.appendChild(head);
      const hidden = !allHands && data.seat && name !== data.seat;
      if (hand === null) box.appendChild(el("span", "note", d.dealt ? _("not dealt yet") : _("cards not recorded")));
      else if (hidden) box.appendChild(el("span", "note", ngettext("{n} card", "{n} cards", hand.length)));
      else ORDER.forEach((su) => {
        const cards = hand.filter((c) => c[1] === su);
        if (!cards.length && !hand.length) return;
        const valued = s.dd && s.dd[0] === i ? s.dd[2] : null;  // the player to move: each card's value
        const line = el("span", "suit " + SUITS[su][2], SUITS[su][0] + " " + (valued ? "" : cards.map(rank).join(" ") || "—"));
        if (valued && !cards.length) line.appendChild(document.createTextNode("—"));
        if (valued) cards.forEach((c, j) => {
          if (j) line.appendChild(document.createTextNode(" "));
          const one = el("span", c in valued ? "v" + (s.dd[3].indexOf(c) >= 0 ? " best" : "") : "", rank(c));
          if (c in valued) one.appendChild(el("sup", "", String(valued[c])));
          line.appendChild(one);
        });
        line.setAttribute("aria-label", SUITS[su][1] + ": " + (cards.map((c) =>
          rank(c) + (valued && c in valued ? " (" + tricks(valued[c]) + ")" : "")).join(" ") || _("none")));
        box.appendChild(line);
      });
      if (hand && hand.indexOf("?") >= 0) box.appendChild(el("span", "note", _("and cards not recorded")));
      if (s.dc && role === "declarer" && !hidden) {
        const put = el("div", "discard", _("discard") + " ");
        s.dc.forEach((c) => put.appendChild(cardEl(c, false)));
        box.appendChild(put);
      }
      table.appendChild(box);
    });
    (s.k || []).forEach(([who, code], j) => {  // in the order played: the first card led the trick
      const spot = el("div", "played pos-" + (who >= 0 ? pos[who] : who === -1 ? "talon" : "unknown" + j));
      spot.appendChild(cardEl(code, s.win === who));
      const by = who >= 0 ? g.seats[who] : who === -1 ? _("talon") : "";
      spot.appendChild(el("span", "by", j === 0 ? _("{player} led").replace("{player}", by) : by));
      if (j === 0) spot.classList.add("lead");
      mid.appendChild(spot);
    });
    if (s.x) {
      const talon = el("div", "talon", _("talon") + " ");
      s.x.forEach((c) => talon.appendChild(cardEl(c, false)));
      mid.appendChild(talon);
    }
    table.appendChild(mid);
  }

  function drawTricks() {  // the completed tricks of the line shown, variations' branching lines included
    const list = $("tricks"), g = game();
    list.textContent = "";
    path.forEach((p, depth) => {
      const last = depth === path.length - 1 ? p.i : p.i - 1;  // a branch replaces its step's card
      for (let i = 0; i <= last; i++) {
        const st = p.line.steps[i];
        if (!st.tr) continue;
        const item = el("li", depth ? "var" : "");
        item.value = st.tr;
        (st.k || []).forEach(([who, code], j) => {
          const by = who >= 0 ? g.seats[who] : who === -1 ? _("talon") : "?";
          item.appendChild(document.createTextNode((j ? ", " : "") + by + " "));
          item.appendChild(cardEl(code, st.win === who));
        });
        item.appendChild(document.createTextNode(" → " + (st.win !== undefined ? g.seats[st.win] : _("nobody"))));
        list.appendChild(item);
      }
    });
    const gaps = deal().gaps || {};
    if (!list.children.length && gaps.play) list.appendChild(el("li", "gap", gaps.play));
  }

  function drawTold(d) {  // a deal whose play is not recorded, told whole at every step as the game's page tells it
    const box = $("recorded");
    box.hidden = !d.told;
    // no cards, no tricks to step through nor hands to show
    $("prevTrick").hidden = $("nextTrick").hidden = $("allHands").hidden = Boolean(d.told);
    if (box.dataset.deal === String(at)) return;
    box.dataset.deal = String(at);
    box.textContent = "";
    if (!d.told) return;
    box.appendChild(el("h2", "", d.told.head));
    box.appendChild(el("p", "said", d.told.said));
    if (d.told.outcome) box.appendChild(el("p", "outcome", d.told.outcome));
  }

  function drawPulka() {
    const g = game(), box = $("pulka");
    if (box.dataset.game !== String(deals[at][0])) {
      box.innerHTML = g.pulka;  // preflog's own drawing: every text in it is escaped
      box.dataset.game = String(deals[at][0]);
    }
    const n = deal().n, done = top().i === deal().line.steps.length - 1 && path.length === 1;
    box.querySelectorAll("tspan[data-deal]").forEach((t) => {
      const k = Number(t.getAttribute("data-deal"));
      t.classList.toggle("later", k > n || (k === n && !done));
      t.classList.toggle("now", k === n && done);
    });
    const text = $("pulka-text");  // the same numbers written out, for a phone (the style shows one of the two)
    text.textContent = "";
    (g.records || []).forEach(([player, columns]) => {
      const block = el("div", "player");
      block.appendChild(el("b", "", player));
      const list = el("dl", "");
      columns.forEach(([what, steps]) => {
        const shown = steps.filter(([, k]) => k < n || (k === n && done));
        const value = el("dd", "");
        shown.forEach(([number, k], i) => value.appendChild(el("span", k === n ? "now" : "", (i ? "." : "") + number)));
        if (!shown.length) value.textContent = "0";
        list.appendChild(el("dt", "", what));
        list.appendChild(value);
      });
      block.appendChild(list);
      text.appendChild(block);
    });
  }

  function drawGame() {  // the tags and the comments of the game shown, when it changes
    const g = game(), tags = $("tags"), notes = $("gamenotes");
    if (tags.dataset.game === String(deals[at][0])) return;
    tags.dataset.game = String(deals[at][0]);
    tags.textContent = ""; notes.textContent = "";
    const src = deal().pz ? deal().pz.src : null;  // a puzzle's source is said under its title, not twice
    g.tags.filter(([, value]) => value !== src).forEach(([name, value]) => { tags.appendChild(el("dt", "", name)); tags.appendChild(el("dd", "", value)); });
    const options = $("optionlist");
    options.textContent = "";
    (g.options || []).forEach(([name, value]) => { options.appendChild(el("dt", "", name)); options.appendChild(el("dd", "", value)); });
    $("options").hidden = !(g.options || []).length;
    g.notes.forEach((text) => notes.appendChild(el("p", "", text)));
  }

  function analysis(s, d, g) {  // the double-dummy values preflog render --analyse wrote, in words
    const dd = d.dd, out = [];
    if (!dd) return "";
    if (dd.skip) return _("Not analysed: {reason}.").replace("{reason}", dd.skip);
    out.push(_("Par: {par}.").replace("{par}", dd.par));
    if (s.dp) {
      const [who, before, after, cost] = s.dp;
      out.push(_("This card: {player} {before} → {after}").replace("{player}", g.seats[who]).replace("{before}", before)
        .replace("{after}", after) + (cost > 0 ? ngettext(", it costs its side {n} trick.", ", it costs its side {n} tricks.", cost) : _(", a best card.")));
    }
    if (s.dd) {
      const [mover, counted, values, best] = s.dd;
      out.push(_("{mover} to play: with best play {counted} ends with {tricks}; best {cards}.").replace("{mover}", g.seats[mover])
        .replace("{counted}", g.seats[counted]).replace("{tricks}", tricks(values[best[0]]))
        .replace("{cards}", best.map((c) => rank(c) + SUITS[c[1]][0]).join(" ")));
    }
    if (dd.stop && !s.dd && !s.dp) out.push(_("The analysis stops at {place}.").replace("{place}", dd.stop));
    return out.join(" ");
  }

  function draw() {
    const s = step(), d = deal(), g = game();
    drawGame();
    drawHands(s, solving ? mover(s) : null);
    drawTricks();
    $("status").textContent = (g.title ? g.title + " · " : "") + s.s;
    $("step").textContent = s.t;
    $("notes").textContent = s.n || (top().i === 0 && top().line.note ? _("variation: {note}").replace("{note}", top().line.note) : "");
    $("dd").textContent = path.length === 1 && !solving ? analysis(s, d, g) : "";  // a puzzle's par is its answer
    const v = $("violations"); v.textContent = "";
    (g.v || []).concat(s.v || []).forEach((text) => v.appendChild(el("li", "", text)));
    const a = $("auction"); a.textContent = "";
    d.calls.slice(0, path.length === 1 ? s.a : d.calls.length).forEach(([who, text, notes]) =>
      a.appendChild(el("li", "", g.seats[who] + ": " + text + (notes ? " " + notes : ""))));
    const gaps = d.gaps || {};
    if (!d.calls.length && gaps.calls) a.appendChild(el("li", "gap", gaps.calls));
    const e = $("entries"); e.textContent = "";
    const ended = !solving && path.length === 1 && top().i === d.line.steps.length - 1;
    (ended || d.told ? d.entries : []).forEach((text) => e.appendChild(el("li", "", text)));  // a told deal's at once
    if (d.told && !d.entries.length && gaps.entries) e.appendChild(el("li", "gap", gaps.entries));
    drawTold(d);
    [["auctionpart", a], ["trickspart", $("tricks")], ["entriespart", e]].forEach(([part, list]) => {
      $(part).hidden = !list.children.length;  // a heading over nothing is not shown
    });
    const b = $("branches"); b.textContent = "";
    const alts = branches();
    if (path.length > 1) {
      const out = el("button", "", _("↑ leave the variation"));
      out.addEventListener("click", leave);
      b.appendChild(out);
    }
    alts.forEach((line, k) => {
      const go = el("button", "", _("↓ variation {k}: instead, {step}").replace("{k}", String(k + 1)).replace("{step}", line.steps[0].t) + (line.note ? " — " + line.note : ""));
      go.addEventListener("click", () => enter(k));
      b.appendChild(go);
    });
    $("solve").hidden = !solving;
    $("pulka").hidden = $("pulka-text").hidden = !!solving;  // a puzzle's sheet is not its point
    ["back", "fwd", "home", "end"].forEach((id) => { $(id).hidden = !!solving; });  // a puzzle's line is walked in its part
    if (solving) $("prevTrick").hidden = $("nextTrick").hidden = $("allHands").hidden = true;
    if (solving && puzzles) $("title").textContent = g.title || _("Puzzle");
    $("source").hidden = !solving;
    if (solving) drawSolve(s, g);
    else drawPulka();
    $("prevDeal").disabled = at === 0;  // nothing before the first, nor after the last
    $("nextDeal").disabled = at + 1 >= deals.length;
    $("bar").hidden = !(solving && solving.shown) && !(puzzles && deals.length > 1);
    const where = path.length > 1 ? _(" (in a variation)") : "";
    $("say").textContent = (s.say || s.t) + where + (s.v ? _(". Error: ") + s.v.join("; ") : "") +
      (alts.length ? ". " + ngettext("{n} variation here: down arrow to enter", "{n} variations here: down arrow to enter", alts.length) : "");
    document.body.dataset.deal = String(d.n);
    document.body.dataset.step = String(top().i);
    document.body.dataset.depth = String(path.length - 1);
  }

  deals.forEach(([gi, di], k) => {
    const g = data.games[gi], d = g.deals[di];
    const label = d.pz ? (g.title || _("puzzle {n}").replace("{n}", String(k + 1))) :
      (data.games.length > 1 ? (g.title || _("game {n}").replace("{n}", String(gi + 1))) + " · " : "") +
      _("deal {n}, {dealer} deals").replace("{n}", String(d.n)).replace("{dealer}", d.dealer) +
      (d.errors ? " — " + ngettext("{n} rule violation", "{n} rule violations", d.errors) : "");
    const o = el("option", "", label); o.value = String(k);
    $("deals").appendChild(o);
  });
  $("prevDeal").hidden = $("nextDeal").hidden = deals.length < 2;  // a page of one deal has none other
  if (puzzles) {  // a page of études: each deal a puzzle, gone through one after another
    document.querySelector("label[for=deals]").textContent = _("Puzzle");
    [["prevDeal", "◀ ", _("previous"), "", _("previous puzzle"), _("previous puzzle (b)")],
      ["nextDeal", "", _("next"), " ▶", _("next puzzle"), _("next puzzle (n)")]].forEach(([id, before, word, after, name, title]) => {
      const b = $(id);  // short, on one line, in the bar at the thumb
      b.textContent = "";
      b.append(el("span", "", before), el("span", "", word), el("span", "", after));
      b.firstChild.setAttribute("aria-hidden", "true"); b.lastChild.setAttribute("aria-hidden", "true");
      b.setAttribute("aria-label", name); b.title = title;
      $("deals-bar").appendChild(b);
    });
    $("deals").hidden = document.querySelector("label[for=deals]").hidden = deals.length < 2;
    window.addEventListener("hashchange", () => {  // a puzzle's number typed in the address
      const n = /^#(\d+)$/.exec(location.hash);
      if (n && Number(n[1]) - 1 !== at) start(Number(n[1]) - 1, false);
    });
  }
  $("reveal").addEventListener("click", () => show("reveal"));
  $("onward").addEventListener("click", () => start(at + 1, false));
  $("lineBack").addEventListener("click", () => walk(-1, true));
  $("lineFwd").addEventListener("click", () => walk(1, true));
  $("again").addEventListener("click", again);
  $("deals").addEventListener("change", (ev) => start(Number(ev.target.value), false));
  $("fwd").addEventListener("click", forward);
  $("back").addEventListener("click", back);
  $("nextTrick").addEventListener("click", () => trick(1));
  $("prevTrick").addEventListener("click", () => trick(-1));
  $("home").addEventListener("click", () => { top().i = 0; draw(); });
  $("end").addEventListener("click", () => { top().i = top().line.steps.length - 1; draw(); });
  $("nextDeal").addEventListener("click", () => start(at + 1, false));
  $("prevDeal").addEventListener("click", () => start(at - 1, false));
  $("allHands").setAttribute("aria-pressed", String(allHands));
  $("allHands").addEventListener("click", () => { allHands = !allHands; $("allHands").setAttribute("aria-pressed", String(allHands)); draw(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target && ev.target.tagName === "SELECT") return;
    const keys = {
      ArrowRight: () => (solving ? walk(1, ev.shiftKey) : ev.shiftKey ? trick(1) : forward()),
      ArrowLeft: () => (solving ? walk(-1, ev.shiftKey) : ev.shiftKey ? trick(-1) : back()),
      Home: () => (solving ? walk(-99, false) : (top().i = 0, draw())),
      End: () => (solving ? walk(99, false) : (top().i = top().line.steps.length - 1, draw())),
      ArrowDown: () => { const k = branches().length; if (k) enter(0); },
      ArrowUp: () => leave(), n: () => start(at + 1, false), b: () => start(at - 1, false),
    };
    const act = keys[ev.key];
    if (act) { ev.preventDefault(); act(); }
  });
  const asked = puzzles ? /^#(\d+)$/.exec(location.hash) : null;  // #3: the third puzzle
  if (deals.length) start(asked ? Number(asked[1]) - 1 : 0, false);
  else $("step").textContent = _("This file has no deals.");
})();
