/* Card war screen: the answer form (order, sign, square, root, the typed result and its live
   check), the target picker, keys, announcements and the round-by-round replay. Plain JS, no
   framework. The server owns the game and checks everything again. Clocks, focus across swaps
   and the connection are live.js's (loaded first: `window.arenaLive`). */
(function () {
  "use strict";

  var root = document.getElementById("match");
  var live = window.arenaLive;
  if (!root || !live) { return; }

  var $ = live.$, $$ = live.$$, openDialog = live.openDialog, closeDialog = live.closeDialog;
  function answerForm() { return $("form.cw-answer"); }
  function targetForm() { return $("form.cw-target"); }
  /* Messages in the player's language, from the page (#cw-texts). */
  function text(key, fallback) {
    var box = document.getElementById("cw-texts");
    return (box && box.dataset[key]) || fallback;
  }
  function picked(form, name) {
    var el = $('input[name="' + name + '"]:checked', form);
    return el ? el.value : "";
  }

  /* --- the answer form: the expression the choices make ---------------------------------- */
  function expression(form) {
    var a = form.dataset.a, b = form.dataset.b;
    var first = { v: a, p: picked(form, "power_a") }, second = { v: b, p: picked(form, "power_b") };
    if (picked(form, "order") === "ba") { var t = first; first = second; second = t; }
    var op = form.dataset.fixedOp || form.dataset.orderOp || picked(form, "op");
    function term(x) { return x.p === "√" ? "√" + x.v : x.v + (x.p === "²" ? "²" : ""); }
    return { text: term(first) + " " + (op || "?") + " " + term(second), complete: !!op };
  }

  function paintExpression(form) {
    var out = $("[data-expression]", form);
    if (out) { out.textContent = expression(form).text; }
  }

  /* The forms the server reads, from the rules themselves (games.rules.cardwar.parse_answer,
     rendered on #cw-texts); this only spares a round trip and says early what is wrong.
     Nothing typed here costs the player anything. */
  var forms = (function () {
    var box = document.getElementById("cw-texts"), d = box ? box.dataset : {};
    function whole(name) { return new RegExp("^(?:" + d[name] + ")$"); }
    return {
      integer: whole("answerInteger"), fraction: whole("answerFraction"), mixed: whole("answerMixed"),
      decimal: whole("answerDecimal"), loose: new RegExp(d.answerLoose, "g"),
      places: parseInt(d.answerPlaces, 10)
    };
  })();
  function checkAnswer(raw) {
    var clean = raw.replace(/\u2212/g, "-").trim().split(/\s+/).join(" ").replace(forms.loose, "");
    if (!clean) { return { ok: false, msg: text("msgEmpty", "Type your answer.") }; }
    var m;
    if (forms.integer.test(clean)) { return { ok: true }; }
    if ((m = forms.fraction.exec(clean))) {        // sign, numerator, denominator
      return +m[3] === 0 ? { ok: false, msg: text("msgZero", "A fraction can't have 0 under the line.") } : { ok: true };
    }
    if ((m = forms.mixed.exec(clean))) {           // sign, whole, numerator, denominator
      if (+m[4] === 0) { return { ok: false, msg: text("msgZero", "A fraction can't have 0 under the line.") }; }
      if (+m[3] === 0 || +m[3] >= +m[4]) { return { ok: false, msg: text("msgMixed", "In a mixed number the fraction part must be less than 1.") }; }
      return { ok: true };
    }
    if (forms.decimal.test(clean)) {
      var places = clean.split(/[.,]/)[1].length;
      return places < forms.places ? { ok: false, msg: text("msgPlaces", "Give at least two decimal places.") } : { ok: true };
    }
    return { ok: false, msg: text("msgNumber", "Write your answer as a number, like 4, 13/3 or 4.33.") };
  }

  function showCheck(form, result, quiet) {
    var box = $("[data-answer-check]", form), input = $("[data-answer-input]", form);
    if (!box || !input) { return; }
    // A number with no sign chosen yet is not ready: say what is missing, never "press Enter".
    var ready = result.ok && expression(form).complete;
    box.classList.toggle("is-bad", !result.ok && !quiet);
    box.classList.toggle("is-ok", ready);
    box.textContent = ready ? text("msgReady", "That is a number: press Enter to answer.")
      : result.ok ? text("msgSign", "Choose a sign first: + − × or ÷.") : (quiet ? "" : result.msg);
    input.setAttribute("aria-invalid", result.ok || quiet ? "false" : "true");
  }

  /* A minus typed in the answer box is shown as a real minus (−); the server reads both. */
  function realMinus(input) {
    if (input.value.indexOf("-") < 0) { return; }
    var at = input.selectionStart;
    input.value = input.value.replace(/-/g, "\u2212");
    if (at !== null) { input.setSelectionRange(at, at); }
  }

  var checkTimer = null;
  root.addEventListener("input", function (evt) {
    var form = evt.target.closest("form.cw-answer");
    if (!form) { return; }
    if (evt.target.matches("[data-answer-input]")) {
      clearTimeout(checkTimer);
      realMinus(evt.target);
      var value = evt.target.value;
      // While typing "4 1/" the form is not finished yet: judge it after a pause.
      showCheck(form, checkAnswer(value), true);
      if (value.trim()) { checkTimer = setTimeout(function () { showCheck(form, checkAnswer(value), false); }, 700); }
    }
  });

  root.addEventListener("change", function (evt) {
    var form = evt.target.closest("form.cw-answer");
    if (!form) { return; }
    // At most one card squared: squaring one takes the square off the other.
    if (evt.target.value === "²") {
      var other = evt.target.name === "power_a" ? "power_b" : "power_a";
      var sq = $('input[name="' + other + '"][value="²"]:checked', form);
      if (sq) { $('input[name="' + other + '"][value=""]', form).checked = true; }
    }
    paintExpression(form);
    var input = $("[data-answer-input]", form);
    if (input && input.value.trim()) { showCheck(form, checkAnswer(input.value), false); }
  });

  /* Before anything is sent: the form must be whole; only the fields the kind reads go (the
     choices' radios are how the expression is made, not part of the message). */
  var SENT = { answer: ["kind", "ply", "expression", "answer"], target: ["kind", "ply", "value"],
    resign: ["kind", "ply"] };
  document.body.addEventListener("htmx:wsConfigSend", function (evt) {
    var form = evt.target && evt.target.closest && evt.target.closest("form.cw-answer, form.cw-target, #resign-form");
    if (!form) { return; }
    var params = evt.detail.parameters;   // live.js has stamped the ply
    // A double click or a second Enter: the first is on its way (a server refusal frees it).
    if (form.dataset.sent === "1") { evt.preventDefault(); return; }
    if (form.id === "resign-form") {
      // nothing to check
    } else if (form.classList.contains("cw-answer")) {
      var e = expression(form);
      var check = checkAnswer(params.answer || "");
      if (!e.complete) {
        evt.preventDefault();
        clearTimeout(checkTimer);
        say(form, text("msgSign", "Choose a sign first: + − × or ÷."));
        var first = $('[data-choice="op"] input', form); if (first) { first.focus(); }
        return;
      }
      if (!check.ok) {
        evt.preventDefault();
        showCheck(form, check, false);
        $("[data-answer-input]", form).focus();
        return;
      }
      params.expression = e.text;
    } else {
      var v = clampTarget(form);
      if (v === null) { evt.preventDefault(); say(form, text("msgTarget", "Choose a whole number from −15 to 15.")); return; }
      if (v.changed) {
        // 20 is not a target: say so and show the nearest one; Enter again sends it.
        evt.preventDefault();
        say(form, fill(text("msgTargetRange", "%(typed)s is outside −15 to 15: the nearest target is %(value)s. Press Enter to set it."),
          { typed: v.typed, value: String(v.value).replace("-", "\u2212") }));
        return;
      }
      params.value = String(v.value);
    }
    if (!live.online) {
      // Never queued in the socket (it would be aimed at an old board): this form waits for
      // the connection and is sent from the board it brings, if it is still on the page.
      evt.preventDefault();
      waiting = form;
      say(form, text("msgWaiting", "Connecting… it is sent as soon as the board is ready."), true);
      return;
    }
    if (form.id !== "resign-form") { form.dataset.sent = "1"; }
    var keep = SENT[params.kind] || [];
    Object.keys(params).forEach(function (k) { if (keep.indexOf(k) < 0) { delete params[k]; } });
  });

  /* A form that waited for the connection goes once the board is back (a new board brings
     new forms: then nothing old is sent). A server refusal frees the forms to be sent again. */
  var waiting = null;
  live.onChange(function (online) {
    var form = waiting;
    if (!online || !form) { return; }
    waiting = null;
    if (document.contains(form)) {
      say(form, "", true);
      if (form.requestSubmit) { form.requestSubmit(); }
    }
  });
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.target && evt.target.id === "errors" && evt.target.textContent.trim()) {
      errorAt = performance.now();
      $$("form[data-sent]").forEach(function (f) { delete f.dataset.sent; });
    }
  });
  /* The forms go over the socket only: never as a page load, even when a check stops them. */
  root.addEventListener("submit", function (evt) {
    if (evt.target.closest(".cw") || /^(resign|moved-on)-form$/.test(evt.target.id)) { evt.preventDefault(); }
  });

  function say(form, message, neutral) {
    var box = $("[data-answer-check], [data-target-check]", form) || document.getElementById("errors");
    if (!box) { return; }
    box.textContent = message;
    box.classList.toggle("is-bad", !neutral && !!message);
    box.classList.remove("is-ok");
  }

  /* --- the target picker: its range is the input's (min and max from the rules) ------------ */
  function clamp(input, n) { return Math.max(parseInt(input.min, 10), Math.min(parseInt(input.max, 10), n)); }
  function clampTarget(form) {
    var input = $("[data-target-input]", form);
    if (!/^\s*[-\u2212]?\d+\s*$/.test(input.value)) { return null; }
    var typed = parseInt(input.value.replace("\u2212", "-"), 10);
    var v = clamp(input, typed);
    input.value = String(v);
    return { value: v, changed: v !== typed, typed: String(typed).replace("-", "\u2212") };
  }

  root.addEventListener("click", function (evt) {
    var stepBtn = evt.target.closest("[data-target-step]");
    if (stepBtn) {
      var form = stepBtn.closest("form"), input = $("[data-target-input]", form);
      var now = parseInt(input.value, 10) || 0;
      input.value = String(clamp(input, now + parseInt(stepBtn.dataset.targetStep, 10)));
      return;
    }
    var action = evt.target.closest("[data-action]");
    if (!action) { return; }   // help, leave, close and the replay's steps: live.js
    switch (action.dataset.action) {
      case "confirm-resign": closeDialog(action); sendResign(); break;
      case "onward": endMoment(); break;
    }
  });

  function sendResign() {
    var form = document.getElementById("resign-form");
    if (!form) { return; }
    if (form.requestSubmit) { form.requestSubmit(); } else { htmx.trigger(form, "submit"); }
  }

  /* --- keys (the help lists them) ----------------------------------------------------------- */
  /* Q and R step through the squares (or roots) the level allows; a card not being squared
     (rooted) keeps whatever else it had, so 9² − √4 can be keyed. */
  function cycle(form, symbol, options) {
    var names = ["power_a", "power_b"];
    var now = names.map(function (n) { return picked(form, n) === symbol ? symbol : ""; });
    var keys = options.map(function (o) { return o.join("|"); });
    var at = keys.indexOf(now.join("|"));
    var next = at < 0 ? options[1] : options[(at + 1) % options.length];
    names.forEach(function (n, i) {
      var current = picked(form, n);
      var value = next[i] === symbol ? symbol : (current === symbol ? "" : current);
      var el = $('input[name="' + n + '"][value="' + value + '"]', form);
      if (el) { el.checked = true; }
    });
    paintExpression(form);
  }

  function has(form, name, value) { return !!$('input[name="' + name + '"][value="' + value + '"]', form); }

  document.addEventListener("keydown", function (evt) {
    if (evt.ctrlKey || evt.metaKey || evt.altKey || $("dialog[open]")) { return; }
    if (root.dataset.moment && !/^(Tab|Shift|Escape|\?)$/.test(evt.key)) {
      // The round's result is showing: Enter moves on; any other key moves on and does its job.
      if (evt.key === "Enter" || evt.key === " ") {
        if (!evt.target.closest || !evt.target.closest("button")) { evt.preventDefault(); endMoment(); }
        return;
      }
      endMoment();
    }
    var tag = (evt.target.tagName || "").toLowerCase();
    var typing = tag === "textarea" || (tag === "input" && /^(text|number|search)$/.test(evt.target.type));
    if (evt.key === "?" && !typing) { evt.preventDefault(); openDialog("help-dialog"); return; }
    var form = answerForm();
    if (typing || !form) { return; }
    var ops = { "+": "+", "-": "−", "*": "×", "x": "×", "/": "÷", ":": "÷" };
    var key = evt.key;
    var signChosen = !!picked(form, "op");
    if (ops[key] && $('[data-choice="op"]', form) && !(key === "-" && signChosen)) {
      evt.preventDefault();
      $('input[name="op"][value="' + ops[key] + '"]', form).checked = true;
      paintExpression(form);
      return;
    }
    if ((key === "o" || key === "O") && $('[data-choice="order"]', form)) {
      evt.preventDefault();
      var swap = $('input[name="order"]:not(:checked)', form);
      swap.checked = true;
      paintExpression(form);
      return;
    }
    if ((key === "q" || key === "Q") && $('[data-choice="powers"]', form)) {
      evt.preventDefault();
      cycle(form, "²", [["", ""], ["²", ""], ["", "²"]]);
      return;
    }
    if ((key === "r" || key === "R") && (has(form, "power_a", "√") || has(form, "power_b", "√"))) {
      evt.preventDefault();
      var roots = [["", ""]];
      if (has(form, "power_a", "√")) { roots.push(["√", ""]); }
      if (has(form, "power_b", "√")) { roots.push(["", "√"]); }
      if (roots.length === 3) { roots.push(["√", "√"]); }
      cycle(form, "√", roots);
      return;
    }
    // Typing a number anywhere goes into the answer box (the key lands there).
    // A minus for the result: at once where there is no sign to choose, or once it is chosen.
    var sign = (key === "-" || key === "\u2212") && (!$('[data-choice="op"]', form) || signChosen);
    if (/^[0-9]$/.test(key) || sign || key === "a" || key === "A") {
      var input = $("[data-answer-input]", form);
      if (input) { input.focus(); if (key === "a" || key === "A") { evt.preventDefault(); } }
      return;
    }
    if (key === "Enter" && tag !== "button") {
      evt.preventDefault();
      if (form.requestSubmit) { form.requestSubmit(); }
    }
  });

  /* --- the moment after a reveal: the round's result holds the main area (its time is in
     data-reveal-ms; the server starts the next step as much later), and against computers
     only it stays until the player moves on (Next round, Enter, or any key for the step): the
     page then says so (#moved-on-form) and the server starts the next step's timer. The server
     waits data-hold-ms at the most, and so does the screen. --- */
  var momentKey, momentTimer = null;
  function holdMoment() {
    var cw = $(".cw"), box = $(".cw-moment");
    var key = box ? box.dataset.moment : "";
    if (momentKey === undefined) { momentKey = key; }  // the page opened: old news
    if (key && key !== momentKey) {
      momentKey = key;
      var ms = parseInt(cw.dataset.revealMs || "0", 10);
      clearTimeout(momentTimer);
      if (cw.dataset.holdReveal) { ms = parseInt(cw.dataset.holdMs || "0", 10); }
      if (ms > 0) {
        root.dataset.moment = key;
        momentTimer = setTimeout(endMoment, ms);
      }
    }
    if (!key) { delete root.dataset.moment; }
    if (box) { box.hidden = root.dataset.moment !== key; }
  }
  function endMoment() {
    clearTimeout(momentTimer);
    if (!root.dataset.moment) { return; }
    var box = $(".cw-moment");
    var had = box && box.contains(document.activeElement);
    delete root.dataset.moment;
    if (box) { box.hidden = true; }
    if (had) { document.getElementById("board").focus({ preventScroll: true }); }
    lastStep = null;
    focusStep();
    movedOn();
  }
  /* The server's pause ends when the player moves on: once per moment, and again when the
     connection comes back (or the page opens) with the result no longer held here while the
     step still waits (its clock shows more time than the step has: see live.js). */
  function movedOn() {
    var cw = $(".cw"), form = document.getElementById("moved-on-form");
    if (!cw || !cw.dataset.holdReveal || !form || !live.online) { return; }
    if (form.requestSubmit) { form.requestSubmit(); } else { htmx.trigger(form, "submit"); }
  }
  function stepWaits() {
    var clock = $(".move-clock[data-full-ms]");
    return !!clock && parseInt(clock.dataset.remainingMs, 10) > parseInt(clock.dataset.fullMs, 10);
  }
  live.onChange(function (online) {
    // After the whole view is in: a result that came with it is held first (holdMoment).
    if (online) { setTimeout(function () { if (!root.dataset.moment && stepWaits()) { movedOn(); } }, 0); }
  });

  /* --- after a swap: a new step gets the keyboard ------------------------------------------ */
  var lastStep = null, errorStep = null, errorAt = 0;
  function focusStep() {
    var cw = $(".cw");
    if (!cw) { return; }
    var key = cw.dataset.step + ":" + cw.dataset.round + ":" + cw.dataset.depth;
    var errors = document.getElementById("errors");
    // A refusal belongs to the step it was for: a new step starts without it, unless it came
    // with the change (e.g. "Time ran out before your move arrived" says why it changed).
    if (errorStep !== null && key !== errorStep && errors && performance.now() - errorAt > 1500) {
      errors.textContent = "";
    }
    errorStep = key;
    if (root.dataset.moment) {
      var active = document.activeElement;
      var onward = $(".cw-moment .cw-onward");
      if (onward && (!active || active === document.body || active.id === "board" || !document.contains(active))) {
        onward.focus({ preventScroll: true });
      }
      return;
    }
    var step = key;
    if (step === lastStep) { return; }
    lastStep = step;
    var active = document.activeElement;
    var free = !active || active === document.body || active.id === "board" || !document.contains(active);
    var form = answerForm() || targetForm();
    if (form) {
      paintExpression(form);
      // With choices to make (order, sign, powers), the board takes the keys that make them and
      // a digit moves on to the answer box; with none, the answer box is ready at once.
      var choices = $("[data-choice]", form);
      var input = choices ? null : $("[data-answer-input], [data-target-input]", form);
      var board = document.getElementById("board");
      if (free) { (input || board).focus({ preventScroll: true }); }
    }
    if (cw.dataset.step === "over") {
      live.stepReplay(0);
      var end = $(".cw-gameover");
      if (end && free) { end.focus({ preventScroll: true }); }
    }
  }
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.target && evt.target.id === "board") { holdMoment(); focusStep(); announce(); }
  });

  /* --- what changed, for screen readers: the reveal and the round's result, a classmate's
     answer arriving (never what it was), the target, and the player's own new cards ---------- */
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, k) { return values[k] === undefined ? "" : values[k]; });
  }
  var seen = null;
  function snapshot() {
    var cw = $(".cw");
    if (!cw) { return null; }
    var reveal = $("[data-reveal]", cw);
    var answered = {};
    $$(".cw-seat[data-seat]", cw).forEach(function (el) { answered[el.dataset.seat] = el.dataset.answered === "1"; });
    return {
      step: cw.dataset.step, key: cw.dataset.step + ":" + cw.dataset.round + ":" + cw.dataset.depth,
      target: cw.dataset.target, reveal: reveal ? reveal.dataset.reveal : "",
      announce: reveal ? reveal.dataset.announce : "", answered: answered
    };
  }
  function announce() {
    var now = snapshot();
    if (!now) { return; }
    var said = [];
    if (seen) {
      if (now.reveal && now.reveal !== seen.reveal) {
        said.push(now.announce);
      } else {
        $$(".cw-seat[data-seat]").forEach(function (el) {
          if (now.answered[el.dataset.seat] && !seen.answered[el.dataset.seat]) {
            said.push(fill(text("msgAnswered", "%(name)s has answered."), { name: el.dataset.name }));
          }
        });
      }
      if (now.key !== seen.key) {
        if (now.step === "over") {
          var end = $(".cw-gameover");
          if (end) { said.push(end.dataset.announce || ""); }
        } else if (now.step === "target") {
          said.push(text("msgNameTarget", "You name the target for this round."));
        } else if (now.step === "answer") {
          if (now.target) { said.push(fill(text("msgTargetSet", "The target is %(target)s."), { target: now.target })); }
          var cards = $$(".cw-hand .card").map(function (c) { return c.getAttribute("aria-label"); });
          said.push(fill(text("msgYourCards", "Your cards: %(cards)s."), { cards: cards.join(", ") }));
        }
      }
    }
    seen = now;
    var live = document.getElementById("cw-live");
    if (live && said.length) { live.textContent = said.join(" "); }
  }


  holdMoment();
  focusStep();
  announce();
})();
