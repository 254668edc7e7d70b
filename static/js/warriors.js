/* Maths Warriors screen: pick dice, build attacks, keyboard, clocks, replay. Plain JS, no framework.
   The server owns the game: this file only builds the message the move form sends over the
   socket (htmx ws-send) and re-reads the board after every swap. */
(function () {
  "use strict";

  /* Lobby: when the server says a match is ready, go there. */
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    var go = evt.target && evt.target.querySelector && evt.target.querySelector("[data-goto]");
    if (go) { window.location.assign(go.dataset.goto); }
  });

  var root = document.getElementById("match");
  if (!root) { return; }

  var pieces = [];        // [{die: id, text: "7"} | {op: "+"}]
  var target = null;      // opponent die id
  var digitBuffer = "";
  var digitTimer = null;
  var digitAlt = false;
  var DIGIT_WAIT_MS = 200;

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function board() { return document.getElementById("board"); }
  function isPlayer() { return root.dataset.role === "player"; }
  function myTurn() { var b = board(); return b && b.dataset.myTurn === "1"; }
  function finished() { var b = board(); return b && b.dataset.finished === "1"; }
  function ply() { var b = board(); return b ? b.dataset.ply : ""; }
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
    $$('[data-action="skip"], .keypad .key').forEach(function (b) { b.disabled = !myTurn(); });
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
    return myTurn() && target !== null && usedIds().length >= 1 && complete();
  }

  var previewTimer = null;
  function changed() {
    paint();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(sendPreview, 120);
  }

  function reset() {
    pieces = []; target = null; digitBuffer = "";
    paint();
    var p = document.getElementById("preview");
    if (p) { p.innerHTML = ""; }
  }

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
    if (!form || !myTurn()) { return; }
    var ids = usedIds();
    if (ids.length < 2) { var p = document.getElementById("preview"); if (p) { p.innerHTML = ""; } return; }
    submitForm(form, { expression: expressionText(), dice: ids.join(",") });
  }

  function send(kind, values) {
    var form = document.getElementById("move-form");
    if (!form) { return; }
    var all = { kind: kind, ply: ply(), attacker: "", target: "", expression: "", dice: "" };
    Object.keys(values || {}).forEach(function (k) { all[k] = values[k]; });
    submitForm(form, all);
  }

  function attack() {
    if (!ready()) {
      if (!myTurn()) { say(msg("notTurn")); } else if (!usedIds().length) { say(msg("pickDice")); } else if (!complete()) { say(msg("finish")); } else { say(msg("pickTarget")); }
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

  /* Keep the form honest: whatever a form sends carries the ply the player is looking at. */
  document.body.addEventListener("htmx:wsConfigSend", function (evt) {
    if (evt.detail.parameters.kind !== "preview") { evt.detail.parameters.ply = ply(); }
  });

  /* --- messages for the player ----------------------------------------------------------- */
  var texts = {
    pickTarget: root.dataset.msgTarget || "Pick one of their dice to attack.",
    pickDice: root.dataset.msgDice || "Pick one of your dice first.",
    noDie: root.dataset.msgNoDie || "No die shows that number.",
    notTurn: root.dataset.msgNotTurn || "Wait for your turn.",
    finish: root.dataset.msgFinish || "Finish your sum first: end it with a die."
  };
  function msg(key) { return texts[key]; }
  function say(text) {
    var box = document.getElementById("errors");
    if (box) { box.innerHTML = ""; var p = document.createElement("p"); p.className = "error-text"; p.textContent = text; box.appendChild(p); }
  }

  /* --- picking dice ---------------------------------------------------------------------- */
  function pickMine(el) {
    if (!myTurn()) { say(msg("notTurn")); return; }
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
    if (!myTurn()) { say(msg("notTurn")); return; }
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
    if (!action) {
      var step = evt.target.closest("[data-step]");
      if (step) { stepReplay(parseInt(step.dataset.step, 10)); }
      return;
    }
    switch (action.dataset.action) {
      case "attack": attack(); break;
      case "back": back(); break;
      case "clear": reset(); break;
      case "skip": send("skip"); reset(); break;
      case "resign": open("resign-dialog"); break;
      case "confirm-resign": close(action); send("resign"); break;
      case "close-dialog": close(action); break;
      case "help": open("help-dialog"); break;
    }
  });

  function addOp(op) {
    if (!myTurn()) { say(msg("notTurn")); return; }
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

  function open(id) { var d = document.getElementById(id); if (d && !d.open) { d.showModal(); } }
  function close(el) { var d = el.closest("dialog"); if (d) { d.close(); } }

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

  document.addEventListener("keydown", function (evt) {
    if (evt.ctrlKey || evt.metaKey) { return; }
    var tag = (evt.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    if ($("dialog[open]")) { return; }     // dialogs keep their own keys (Esc closes them)
    // Alt+digit types other characters on some layouts (⌥ on a Mac), so read the key's code
    // then; otherwise the character itself (so "*" on Shift+8 stays an operator).
    var code = /^(?:Digit|Numpad)([0-9])$/.exec(evt.code || "");
    var d = /^[0-9]$/.test(evt.key) ? evt.key : (evt.altKey && code ? code[1] : null);
    if (d !== null && isPlayer() && !finished()) {
      if (digitBuffer === "" && d === "0") { return; }
      if (digitBuffer !== "" && digitAlt !== evt.altKey) { resolveDigits(true); }
      digitAlt = evt.altKey;
      digitBuffer += d;
      evt.preventDefault();
      resolveDigits(digitBuffer.length >= 2);
      return;
    }
    if (digitBuffer !== "" && evt.key !== "Alt" && evt.key !== "Shift") { resolveDigits(true); }
    var key = evt.key;
    if (key === "?") { evt.preventDefault(); open("help-dialog"); return; }
    if (!isPlayer() || finished()) { return; }
    var ops = { "+": "+", "-": "−", "*": "×", "/": "÷", "(": "(", ")": ")", "x": "×" };
    if (ops[key] && !evt.altKey) { evt.preventDefault(); addOp(ops[key]); return; }
    // Enter attacks; on a focused button it presses that button, except on a die when the
    // attack is ready (the player picked it with the keyboard and now attacks).
    if (key === "Enter" && (!evt.target.closest("button, a") || (evt.target.closest(".die") && ready()))) {
      evt.preventDefault(); attack(); return;
    }
    if (key === "Backspace") { evt.preventDefault(); back(); return; }
    if (key === "Escape") { reset(); }
  });

  /* --- clocks count down from the server's remaining time -------------------------------- */
  var clockBase = [];
  function readClocks() {
    var now = performance.now();
    clockBase = $$(".clock[data-remaining-ms]").map(function (el) {
      return { el: el, ends: now + parseInt(el.dataset.remainingMs, 10) };
    });
    tick();
  }
  function fmt(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }
  function tick() {
    var now = performance.now();
    clockBase.forEach(function (c) {
      var left = c.ends - now;
      var t = $(".clock-time", c.el);
      if (t) { t.textContent = fmt(left); }
      c.el.classList.toggle("is-low", left < 30000);
    });
  }
  setInterval(tick, 250);

  /* --- replay on the game-over screen ---------------------------------------------------- */
  var replayAt = 0;
  function stepReplay(delta) {
    var steps = $$("[data-replay-step]");
    if (!steps.length) { return; }
    replayAt = Math.max(0, Math.min(steps.length - 1, replayAt + delta));
    steps.forEach(function (el, i) { el.hidden = i !== replayAt; });
    var pos = $("[data-replay-pos]");
    if (pos) { pos.textContent = (replayAt + 1) + " / " + steps.length; }
  }

  /* --- after every swap: the board changed, so the local selection starts again ----------- */
  /* Keep keyboard focus across swaps: a focused die is replaced by its new self. */
  var focusedDie = null;
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var active = document.activeElement;
    if (evt.target && evt.target.id === "board" && active && evt.target.contains(active)) {
      focusedDie = active.dataset.die || "";
    }
  });

  var lastPly = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.target && evt.target.id === "board" && focusedDie !== null) {
      var again = focusedDie ? dieById(focusedDie) : null;
      (again || $('.die[data-side="mine"]') || board()).focus();
      focusedDie = null;
    }
    var id = evt.target && evt.target.id;
    if (id === "board") {
      if (ply() !== lastPly) {
        lastPly = ply(); pieces = []; target = null; animateRolls();
        var pv = document.getElementById("preview"); if (pv) { pv.innerHTML = ""; }
      }
      paint();
    }
    if (id === "clock") { readClocks(); }
    if (id === "gameover") { replayAt = 0; stepReplay(0); }
  });

  function animateRolls() {
    $$(".die.is-last").forEach(function (el) {
      el.classList.remove("rolling");
      void el.offsetWidth;               // restart the CSS animation
      el.classList.add("rolling");
    });
  }

  /* A clean close (e.g. a server restart: 1001) is not retried by the extension: retry it. */
  document.body.addEventListener("htmx:wsClose", function (evt) {
    var code = evt.detail && evt.detail.event && evt.detail.event.code;
    if (code === 1000 || code === 1001) {
      setTimeout(function () { evt.detail.socketWrapper.reconnect(); }, 1000 + Math.random() * 2000);
    }
  });

  readClocks();
  stepReplay(0);
  paint();
})();
