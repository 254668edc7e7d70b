/* Maths Warriors screen: pick dice, build attacks, keyboard, replay. Plain JS, no framework.
   The server owns the game: this file only builds the message the move form sends over the
   socket (htmx ws-send) and re-reads the board after every swap. Clocks, focus across swaps
   and the connection are live.js's (loaded first: `window.arenaLive`). */
(function () {
  "use strict";

  var root = document.getElementById("match");
  var live = window.arenaLive;
  if (!root || !live) { return; }

  var pieces = [];        // [{die: id, text: "7"} | {op: "+"}]
  var target = null;      // opponent die id
  var digitBuffer = "";
  var digitTimer = null;
  var digitAlt = false;
  var DIGIT_WAIT_MS = 200;

  var $ = live.$, $$ = live.$$, board = live.board, finished = live.finished, ply = live.ply;
  var open = live.openDialog, close = live.closeDialog;
  function isPlayer() { return root.dataset.role === "player"; }
  function myTurn() { var b = board(); return b && b.dataset.myTurn === "1"; }
  function dice(side) { return $$('.die[data-side="' + side + '"]'); }
  function dieById(id) { return $('.die[data-die="' + id + '"]'); }
  function usedIds() { return pieces.filter(function (p) { return p.die; }).map(function (p) { return p.die; }); }

  function expressionText() {
    return pieces.map(function (p) { return p.die ? p.text : p.op; }).join(" ");
  }

  /* --- rendering the local selection ---------------------------------------------------- */
  function paint() {
    var used = usedIds();
    $$(".die").forEach(function (el) {
      var picked = el.dataset.side === "mine" ? used.indexOf(el.dataset.die) >= 0 : el.dataset.die === target;
      el.setAttribute("aria-pressed", picked ? "true" : "false");
      el.classList.toggle("is-picked", picked);
    });
    var out = $("[data-expression]");
    if (out) {
      var t = target ? dieById(target) : null;
      out.textContent = expressionText() + (t ? "  →  D" + t.dataset.sides + " (" + t.dataset.value + ")" : "");
    }
    var attack = $('[data-action="attack"]');
    if (attack) { attack.disabled = !ready(); }
    $$('[data-action="skip"], .keypad .key').forEach(function (b) { b.disabled = !myTurn() || !live.online; });
    var resign = $('[data-action="resign"]');
    if (resign) { resign.disabled = !live.online; }
  }

  /* An attack can be sent once the expression is whole: it ends with a die or ")" and its
     brackets match. */
  function complete() {
    var last = pieces[pieces.length - 1];
    if (!last || !(last.die || last.op === ")")) { return false; }
    var depth = 0;
    pieces.forEach(function (p) { if (p.op === "(") { depth++; } else if (p.op === ")") { depth--; } });
    return depth === 0;
  }

  function ready() {
    return live.online && myTurn() && target !== null && usedIds().length >= 1 && complete();
  }

  var previewTimer = null;
  function changed() {
    say("");                 // a message was about the attack as it was
    paint();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(sendPreview, 120);
  }

  function reset() {
    pieces = []; target = null; digitBuffer = "";
    clearTimeout(previewTimer);
    say("");
    paint();
    var p = document.getElementById("preview");
    if (p) { p.innerHTML = ""; }
  }

  /* After a button has done its job, focus the board: nothing there that Space or a later
     click would press by surprise (Enter is the attack wherever focus is). */
  function settle() { var b = board(); if (b) { b.focus({ preventScroll: true }); } }

  /* --- talking to the server (through the htmx ws-send forms) ---------------------------- */
  function submitForm(form, values) {
    Object.keys(values).forEach(function (name) {
      var input = form.elements[name];
      if (input) { input.value = values[name]; }
    });
    if (form.requestSubmit) { form.requestSubmit(); } else { htmx.trigger(form, "submit"); }
  }

  function sendPreview() {
    var form = document.getElementById("preview-form");
    if (!form || !myTurn() || !live.online) { return; }
    var ids = usedIds();
    if (ids.length < 2) { var p = document.getElementById("preview"); if (p) { p.innerHTML = ""; } return; }
    submitForm(form, { expression: expressionText(), dice: ids.join(",") });
  }

  function send(kind, values) {
    var form = document.getElementById("move-form");
    if (!form) { return; }
    if (!live.online) { say(msg("notSent")); return; }   // never queued: it would arrive late
    var all = { kind: kind, ply: ply(), attacker: "", target: "", expression: "", dice: "" };
    Object.keys(values || {}).forEach(function (k) { all[k] = values[k]; });
    submitForm(form, all);
  }

  function attack() {
    if (!ready()) {
      if (!canPlay()) { return; }
      if (!usedIds().length) { say(msg("pickDice")); } else if (!complete()) { say(msg("finish")); } else { say(msg("pickTarget")); }
      return;
    }
    var ids = usedIds();
    var ops = pieces.some(function (p) { return p.op; });
    if (ids.length === 1 && !ops) {
      send("strength", { attacker: ids[0], target: target });
    } else {
      send("mind", { expression: expressionText(), target: target, dice: ids.join(",") });
    }
  }

  /* --- messages for the player ----------------------------------------------------------- */
  var texts = {
    pickTarget: root.dataset.msgTarget || "Pick one of their dice to attack.",
    pickDice: root.dataset.msgDice || "Pick one of your dice first.",
    noDie: root.dataset.msgNoDie || "No die shows that number.",
    notTurn: root.dataset.msgNotTurn || "Wait for your turn.",
    finish: root.dataset.msgFinish || "Finish your sum first: end it with a die.",
    notSent: root.dataset.msgNotSent || "Not connected: nothing was sent."
  };
  function msg(key) { return texts[key]; }
  /* The sender-only message line (empty text: clear it). */
  function say(text) {
    var box = document.getElementById("errors");
    if (!box) { return; }
    box.innerHTML = "";
    if (text) { var p = document.createElement("p"); p.className = "error-text"; p.textContent = text; box.appendChild(p); }
  }

  /* Picking, building and skipping wait for the player's turn and a live connection. */
  function canPlay() {
    if (!live.online) { say(msg("notSent")); return false; }
    if (!myTurn()) { say(msg("notTurn")); return false; }
    return true;
  }

  /* --- picking dice ---------------------------------------------------------------------- */
  function pickMine(el) {
    if (!canPlay()) { return; }
    var id = el.dataset.die;
    var at = usedIds().indexOf(id);
    if (at >= 0) {             // tapping a picked die takes it (and what follows) back out
      var count = 0;
      for (var i = 0; i < pieces.length; i++) {
        if (pieces[i].die) { if (count === at) { pieces = pieces.slice(0, i); break; } count++; }
      }
    } else {
      var last = pieces[pieces.length - 1];
      if (last && (last.die || last.op === ")")) { pieces.push({ op: "+" }); }
      pieces.push({ die: id, text: el.dataset.value });
    }
    changed();
  }

  function pickTheirs(el, fromPointer) {
    if (!canPlay()) { return; }
    target = target === el.dataset.die && fromPointer ? null : el.dataset.die;
    changed();
    if (fromPointer && target && ready()) { attack(); }
  }

  root.addEventListener("click", function (evt) {
    var die = evt.target.closest(".die");
    if (die && !die.disabled) {
      if (die.dataset.side === "mine") { pickMine(die); } else { pickTheirs(die, true); }
      return;
    }
    var op = evt.target.closest("[data-op]");
    if (op) { addOp(op.dataset.op); return; }
    var action = evt.target.closest("[data-action]");
    if (!action) { return; }   // help, leave, close and the replay's steps: live.js
    switch (action.dataset.action) {
      case "attack": attack(); settle(); break;
      case "back": back(); break;
      case "clear": reset(); settle(); break;
      case "skip": askSkip(); break;
      case "confirm-skip": close(action); skip(); break;
      case "confirm-resign": close(action); send("resign"); break;
    }
  });

  /* Skipping asks first (the button and S alike): four skips in a row end the game. */
  function askSkip() {
    if (!canPlay()) { return; }
    open("skip-dialog");
  }
  function skip() { send("skip"); reset(); }

  function addOp(op) {
    if (!canPlay()) { return; }
    var last = pieces[pieces.length - 1];
    if (last && last.op && last.op !== "(" && last.op !== ")" && op !== "(" && op !== ")") {
      last.op = op;            // a second operator replaces the first
    } else {
      pieces.push({ op: op });
    }
    changed();
  }

  function back() {
    if (pieces.length) { pieces.pop(); } else { target = null; }
    changed();
  }

  $$("dialog", root).forEach(function (d) { d.addEventListener("close", settle); });

  /* --- keyboard (the rules' table) ------------------------------------------------------- */
  function valuesOf(side, excludeUsed) {
    var used = usedIds();
    return dice(side).filter(function (el) {
      return !(excludeUsed && used.indexOf(el.dataset.die) >= 0);
    });
  }

  function resolveDigits(final) {
    var side = digitAlt ? "theirs" : "mine";
    var candidates = valuesOf(side, false).map(function (el) { return el.dataset.value; });
    var buf = digitBuffer;
    var exact = candidates.indexOf(buf) >= 0;
    var longer = candidates.some(function (v) { return v.length > buf.length && v.indexOf(buf) === 0; });
    if (!exact && !longer) { digitBuffer = ""; say(msg("noDie")); return; }
    if (longer && !final) {                 // wait for a possible second digit
      clearTimeout(digitTimer);
      digitTimer = setTimeout(function () { resolveDigits(true); }, DIGIT_WAIT_MS);
      return;
    }
    digitBuffer = "";
    clearTimeout(digitTimer);
    if (!exact) { say(msg("noDie")); return; }
    pickByValue(side, buf);
  }

  function bySidesDesc(a, b) { return parseInt(b.dataset.sides, 10) - parseInt(a.dataset.sides, 10); }

  function pickByValue(side, value) {
    var matching = dice(side).filter(function (el) { return el.dataset.value === value; }).sort(bySidesDesc);
    if (side === "mine") {
      var used = usedIds();
      var free = matching.filter(function (el) { return used.indexOf(el.dataset.die) < 0; });
      if (!free.length) { say(msg("noDie")); return; }
      pickMine(free[0]);
    } else {
      var at = matching.map(function (el) { return el.dataset.die; }).indexOf(target);
      pickTheirs(matching[(at + 1) % matching.length], false);   // pressing again cycles
    }
  }

  /* A bracket typed with Shift+number is a bracket only where a number could not go. */
  function bracketMeant(key) {
    var last = pieces[pieces.length - 1];
    var afterOperand = !!last && (!!last.die || last.op === ")");
    var depth = 0;
    pieces.forEach(function (p) { if (p.op === "(") { depth++; } else if (p.op === ")") { depth--; } });
    return (key === "(" && !afterOperand) || (key === ")" && depth > 0);
  }

  function isSkipKey(evt) { return (evt.key === "s" || evt.key === "S") && !evt.altKey; }

  document.addEventListener("keydown", function (evt) {
    if (evt.ctrlKey || evt.metaKey) { return; }
    var tag = (evt.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    var dialog = $("dialog[open]");
    if (dialog) {                          // dialogs keep their own keys (Enter, Esc), and S
      if (dialog.id === "skip-dialog" && isSkipKey(evt)) {
        evt.preventDefault(); dialog.close(); skip();
      }
      return;
    }
    // Outside the match (the site's header links), keys do what they always do.
    if (!root.contains(evt.target) && evt.target !== document.body && evt.target.id !== "main") { return; }
    // Their die: Alt+number (the rules' key; ⌥ on a Mac types other characters, so read the
    // key's code) or Shift+number (ChromeOS keeps Alt+1…8 for its shelf). Shift+number types
    // "(" or ")" on most layouts: that stays a bracket where only a bracket makes sense (an
    // opening one before a number, a closing one while one is open).
    var code = /^(?:Digit|Numpad)([0-9])$/.exec(evt.code || "");
    var theirs = evt.altKey || (evt.shiftKey && !!code && !bracketMeant(evt.key));
    var d = /^[0-9]$/.test(evt.key) ? evt.key : (theirs && code ? code[1] : null);
    if (d !== null && isPlayer() && !finished()) {
      if (digitBuffer === "" && d === "0") { return; }
      if (digitBuffer !== "" && digitAlt !== theirs) { resolveDigits(true); }
      digitAlt = theirs;
      digitBuffer += d;
      evt.preventDefault();
      resolveDigits(digitBuffer.length >= 2);
      return;
    }
    if (digitBuffer !== "" && evt.key !== "Alt" && evt.key !== "Shift") { resolveDigits(true); }
    var key = evt.key;
    if (key === "?") { evt.preventDefault(); open("help-dialog"); return; }
    if (!isPlayer() || finished()) { return; }
    // Enter is the attack whatever has focus: never the focused button (a Skip or Clear
    // pressed by surprise). With no attack ready, attack() says what is missing.
    if (key === "Enter") { evt.preventDefault(); attack(); return; }
    if (key === "Escape") { reset(); return; }
    var ops = { "+": "+", "-": "−", "*": "×", "/": "÷", ":": "÷", "(": "(", ")": ")", "x": "×" };
    if (ops[key] && !evt.altKey) { evt.preventDefault(); addOp(ops[key]); return; }
    if (isSkipKey(evt)) { evt.preventDefault(); askSkip(); return; }
    if (key === "Backspace") { evt.preventDefault(); back(); }
  });

  /* --- after every swap: the board changed, so the local selection starts again ----------- */
  live.focusFallback = function () { return $('.die[data-side="mine"]'); };
  live.onChange(function () { paint(); });
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    // A preview answered after Clear belongs to an attack that is gone.
    if (evt.target && evt.target.id === "preview" && usedIds().length < 2) { evt.detail.shouldSwap = false; }
  });

  var lastPly = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    var id = evt.target && evt.target.id;
    if (id === "board") {
      if (ply() !== lastPly) {
        lastPly = ply(); pieces = []; target = null; animateRolls();
        var pv = document.getElementById("preview"); if (pv) { pv.innerHTML = ""; }
        var asking = document.getElementById("skip-dialog");
        if (asking && asking.open) { asking.close(); }   // that turn is gone
      }
      paint();
      if (live.returning && pieces.length) { sendPreview(); }
    }
    if (id === "gameover") { live.stepReplay(0); }
  });

  function animateRolls() {
    $$(".die.is-last").forEach(function (el) {
      el.classList.remove("rolling");
      void el.offsetWidth;               // restart the CSS animation
      el.classList.add("rolling");
    });
  }

  paint();
})();
