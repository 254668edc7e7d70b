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
  var online = false;     // the socket is open and has sent the current view
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
    $$('[data-action="skip"], .keypad .key').forEach(function (b) { b.disabled = !myTurn() || !online; });
    var resign = $('[data-action="resign"]');
    if (resign) { resign.disabled = !online; }
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
    return online && myTurn() && target !== null && usedIds().length >= 1 && complete();
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
    if (!form || !myTurn() || !online) { return; }
    var ids = usedIds();
    if (ids.length < 2) { var p = document.getElementById("preview"); if (p) { p.innerHTML = ""; } return; }
    submitForm(form, { expression: expressionText(), dice: ids.join(",") });
  }

  function send(kind, values) {
    var form = document.getElementById("move-form");
    if (!form) { return; }
    if (!online) { say(msg("notSent")); return; }   // never queued: it would arrive late
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
    finish: root.dataset.msgFinish || "Finish your sum first: end it with a die.",
    connecting: root.dataset.msgConnecting || "Connecting…",
    reconnecting: root.dataset.msgReconnecting || "Reconnecting…",
    disconnected: root.dataset.msgDisconnected || "Disconnected. Reload the page to carry on.",
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
    if (!online) { say(msg("notSent")); return false; }
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
    if (!action) {
      var step = evt.target.closest("[data-step]");
      if (step) { stepReplay(parseInt(step.dataset.step, 10)); }
      return;
    }
    switch (action.dataset.action) {
      case "attack": attack(); settle(); break;
      case "back": back(); break;
      case "clear": reset(); settle(); break;
      case "skip": askSkip(); break;
      case "confirm-skip": close(action); skip(); break;
      case "resign": open("resign-dialog"); break;
      case "confirm-resign": close(action); send("resign"); break;
      case "close-dialog": close(action); break;
      case "help": open("help-dialog"); break;
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

  function open(id) { var d = document.getElementById(id); if (d && !d.open) { d.showModal(); } }
  function close(el) { var d = el.closest("dialog"); if (d) { d.close(); } }
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
    // Enter is the attack whatever has focus: never the focused button (a Skip or Clear
    // pressed by surprise). With no attack ready, attack() says what is missing.
    if (key === "Enter") { evt.preventDefault(); attack(); return; }
    if (key === "Escape") { reset(); return; }
    var ops = { "+": "+", "-": "−", "*": "×", "/": "÷", "(": "(", ")": ")", "x": "×" };
    if (ops[key] && !evt.altKey) { evt.preventDefault(); addOp(ops[key]); return; }
    if (isSkipKey(evt)) { evt.preventDefault(); askSkip(); return; }
    if (key === "Backspace") { evt.preventDefault(); back(); }
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
  var focusedDie = null;   // the die id, "" for the board itself, null: focus was elsewhere
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    // A preview answered after Clear belongs to an attack that is gone.
    if (evt.target && evt.target.id === "preview" && usedIds().length < 2) { evt.detail.shouldSwap = false; }
    var active = document.activeElement;
    if (evt.target && evt.target.id === "board" && active && evt.target.contains(active)) {
      focusedDie = active.dataset.die || "";
    }
  });

  var lastPly = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.target && evt.target.id === "board" && focusedDie !== null) {
      var again = focusedDie ? dieById(focusedDie) || $('.die[data-side="mine"]') : null;
      (again || board()).focus({ preventScroll: true });
      focusedDie = null;
    }
    var id = evt.target && evt.target.id;
    if (id === "board") {
      var returning = !online;
      if (returning) { connection(true, ""); }     // the server's full view: the board is current
      if (ply() !== lastPly) {
        lastPly = ply(); pieces = []; target = null; animateRolls();
        var pv = document.getElementById("preview"); if (pv) { pv.innerHTML = ""; }
        var asking = document.getElementById("skip-dialog");
        if (asking && asking.open) { asking.close(); }   // that turn is gone
      }
      paint();
      if (returning && pieces.length) { sendPreview(); }
    }
    if (id === "clock") { readClocks(); }
    if (id === "gameover") {
      replayAt = 0; stepReplay(0);
      // The game is over: focus the result (not a die that can no longer be played).
      var active = document.activeElement;
      if (finished() && (!active || active === document.body || root.contains(active))) {
        document.getElementById("gameover").focus({ preventScroll: true });
      }
    }
  });

  function animateRolls() {
    $$(".die.is-last").forEach(function (el) {
      el.classList.remove("rolling");
      void el.offsetWidth;               // restart the CSS animation
      el.classList.add("rolling");
    });
  }

  /* --- the connection: say at once when it is lost, and play on only when it is back ------ */
  function connection(isOnline, text) {
    online = isOnline;
    root.classList.toggle("is-offline", !online);
    var notice = document.getElementById("connection");
    if (notice && notice.textContent !== text) { notice.textContent = text; }
    paint();
  }
  // The extension retries abnormal closes with a growing delay (up to a minute): cap it, so a
  // class is back within seconds of a server restart.
  htmx.config.wsReconnectDelay = function (retries) {
    return Math.min(5000, 500 * Math.pow(2, retries)) * (0.5 + Math.random() / 2);
  };
  var RETRIED = [1006, 1011, 1012, 1013];   // the extension reconnects after these by itself
  document.body.addEventListener("htmx:wsClose", function (evt) {
    var code = evt.detail && evt.detail.event && evt.detail.event.code;
    // A clean close (e.g. a server restart: 1001) is not retried by the extension: retry it.
    if (code === 1000 || code === 1001) {
      setTimeout(function () { evt.detail.socketWrapper.reconnect(); }, 1000 + Math.random() * 2000);
    }
    var retrying = code === 1000 || code === 1001 || RETRIED.indexOf(code) >= 0;
    connection(false, msg(retrying ? "reconnecting" : "disconnected"));
  });
  document.body.addEventListener("htmx:wsError", function () {
    if (!online) { return; }                 // a failed retry: the close says what happens
    connection(false, msg("reconnecting"));
  });
  document.body.addEventListener("htmx:wsOpen", function (evt) {
    // Anything queued while the socket was down was aimed at an old board: drop it (the server
    // would refuse a stale ply anyway). The full view follows and brings the board back.
    evt.detail.socketWrapper.queue.length = 0;
  });
  // The first connection normally takes milliseconds: say so only if it does not.
  setTimeout(function () { if (!online && !$("#connection").textContent) { connection(false, msg("connecting")); } }, 1500);

  readClocks();
  stepReplay(0);
  connection(false, "");
})();
