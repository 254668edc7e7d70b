/* What every live screen shares: go to a match when the lobby says it is ready, count the
   clocks down, keep keyboard focus across the board's swaps, and show and mend the connection.
   Also what every game's page shares: `$`, the dialogs, the replay's steps and the ply stamped
   on whatever is sent. Plain JS, no framework. A game's own file reads `window.arenaLive`. */
(function () {
  "use strict";

  /* When the server says a match is ready, go there: at once (the lobby), or after the few
     seconds' notice a tournament round gives (data-goto-delay), counting down. */
  var leaving = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    var go = evt.target && evt.target.querySelector && evt.target.querySelector("[data-goto]");
    if (!go) { return; }
    var left = parseInt(go.dataset.gotoDelay || "0", 10);
    if (!(left > 0)) { window.location.assign(go.dataset.goto); return; }
    var count = evt.target.querySelector("[data-goto-count]");
    if (leaving) { clearInterval(leaving); }
    leaving = setInterval(function () {
      left -= 1;
      if (count) { count.textContent = String(Math.max(0, left)); }
      if (left <= 0) { clearInterval(leaving); window.location.assign(go.dataset.goto); }
    }, 1000);
  });

  /* Invitations (the lobby's, and a rematch offer on a game-over screen: a region marked
     data-invites): one that arrives takes keyboard focus to its Accept button (unless the child
     is choosing something in a form), and focus inside the invitations survives the region's
     swaps. */
  var invites = null, keep = null;
  function inviteKeys(region) {
    var keys = {};
    region.querySelectorAll("[data-invite]").forEach(function (el) { keys[el.dataset.invite] = true; });
    return keys;
  }
  function invitesRegion(el) { return el && el.hasAttribute && el.hasAttribute("data-invites"); }
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    if (!invitesRegion(evt.target)) { return; }
    invites = inviteKeys(evt.target);
    var active = document.activeElement, box = active && active.closest && active.closest("[data-invite]");
    keep = box && evt.target.contains(active) ? [box.dataset.invite, active.hasAttribute("data-accept")] : null;
  });
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (!invitesRegion(evt.target) || invites === null) { return; }
    var target = null;
    if (keep) {
      var box = evt.target.querySelector('[data-invite="' + keep[0] + '"]');
      target = box && box.querySelector(keep[1] ? "[data-accept]" : "button.secondary");
    } else {
      var active = document.activeElement;
      var busy = active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
      var fresh = Array.prototype.filter.call(evt.target.querySelectorAll("[data-invite]"), function (el) {
        return !invites[el.dataset.invite];
      });
      if (fresh.length && !busy) { target = fresh[0].querySelector("[data-accept]"); }
    }
    if (target) { target.focus({ preventScroll: true }); }
    invites = keep = null;
  });

  var root = document.getElementById("match");
  if (!root) { return; }

  var live = {
    online: false,          // the socket is open and has sent the current view
    returning: false,       // this board swap brought the connection back
    focusFallback: null,    // function: where focus goes when the focused element is gone
    listeners: [],
    onChange: function (fn) { live.listeners.push(fn); }
  };
  window.arenaLive = live;

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function board() { return document.getElementById("board"); }
  function finished() { var b = board(); return b && b.dataset.finished === "1"; }
  function ply() { var b = board(); return b ? b.dataset.ply || "" : ""; }
  live.$ = $;
  live.$$ = $$;
  live.board = board;
  live.finished = finished;
  live.ply = ply;
  var texts = {
    connecting: root.dataset.msgConnecting || "Connecting…",
    reconnecting: root.dataset.msgReconnecting || "Reconnecting…",
    disconnected: root.dataset.msgDisconnected || "Disconnected. Reload the page to carry on."
  };

  /* --- clocks count down from the server's remaining time -------------------------------- */
  var clockBase = [];
  function readClocks() {
    var now = performance.now();
    clockBase = $$(".clock[data-remaining-ms]").map(function (el) {
      // A step timer (a move, an answer, 20–60 s) turns red in its last 10 s, not from the start.
      var low = parseInt(el.dataset.lowMs || "30000", 10);
      // A step still in its pause (the last result being read) shows its whole time, still.
      var full = el.dataset.fullMs ? parseInt(el.dataset.fullMs, 10) : Infinity;
      return { el: el, ends: now + parseInt(el.dataset.remainingMs, 10), low: low, full: full };
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
      var left = Math.min(c.ends - now, c.full);
      var t = $(".clock-time", c.el);
      if (t) { t.textContent = fmt(left); }
      c.el.classList.toggle("is-low", left < c.low);
    });
  }
  setInterval(tick, 250);

  /* --- keep keyboard focus across swaps: a focused piece is replaced by its new self ------- */
  var focused = null;   // a selector for the focused element, "" for the board, null: elsewhere
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var active = document.activeElement;
    if (evt.target && evt.target.id === "board" && active && evt.target.contains(active)) {
      focused = active.dataset.die ? '[data-die="' + active.dataset.die + '"]' : (active.id && active !== evt.target ? "#" + active.id : "");
    }
  });
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    var id = evt.target && evt.target.id;
    if (id === "board") {
      if (focused !== null) {
        var again = focused ? $(focused) || (live.focusFallback && live.focusFallback()) : null;
        (again || board()).focus({ preventScroll: true });
        focused = null;
      }
      live.returning = !live.online;
      if (live.returning) { connection(true, ""); }   // the server's full view: the board is current
    }
    if (id === "clock") { readClocks(); }
    if (id === "gameover") {
      // The game is over: focus the result (not a piece that can no longer be played), unless
      // the keyboard is on a rematch offer.
      var active = document.activeElement;
      var onOffer = active && active.closest && active.closest("[data-invites]");
      if (finished() && (!active || active === document.body || (root.contains(active) && !onOffer))) {
        document.getElementById("gameover").focus({ preventScroll: true });
      }
    }
  });

  /* --- the connection: say at once when it is lost, and play on only when it is back ------ */
  function connection(isOnline, text) {
    live.online = isOnline;
    root.classList.toggle("is-offline", !isOnline);
    var notice = document.getElementById("connection");
    if (notice && notice.textContent !== text) { notice.textContent = text; }
    live.listeners.forEach(function (fn) { fn(isOnline); });
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
    connection(false, retrying ? texts.reconnecting : texts.disconnected);
  });
  document.body.addEventListener("htmx:wsError", function () {
    if (!live.online) { return; }                 // a failed retry: the close says what happens
    connection(false, texts.reconnecting);
  });
  document.body.addEventListener("htmx:wsOpen", function (evt) {
    // Anything queued while the socket was down was aimed at an old board: drop it (the server
    // would refuse a stale ply anyway). The full view follows and brings the board back.
    evt.detail.socketWrapper.queue.length = 0;
  });
  // The first connection normally takes milliseconds: say so only if it does not.
  setTimeout(function () { if (!live.online && !$("#connection").textContent) { connection(false, texts.connecting); } }, 1500);


  /* --- nothing lost: a playing screen that hears nothing for a while asks "still this ply?" ---
     The server mends the gaps it can see (a message after one it never sent here brings the
     full view); a lost last message leaves nothing after it, so the screen asks, with the ply
     it shows, after SILENT_MS of silence, and the server sends the full view if it is stale. */
  var SILENT_MS = 30000;
  var socket = null;
  var heard = performance.now();
  document.body.addEventListener("htmx:wsOpen", function (evt) { socket = evt.detail.socketWrapper; });
  document.body.addEventListener("htmx:wsAfterMessage", function () { heard = performance.now(); });
  setInterval(function () {
    var b = board();
    if (!socket || !live.online || !b || finished() || performance.now() - heard < SILENT_MS) { return; }
    heard = performance.now();
    socket.send(JSON.stringify({ kind: "sync", ply: b.dataset.ply || "0", HEADERS: {} }), null);
  }, 5000);

  /* --- what every game's page has: the help and leave dialogs, and the replay's steps ------ */
  function openDialog(id) { var d = document.getElementById(id); if (d && !d.open) { d.showModal(); } }
  function closeDialog(el) { var d = el.closest("dialog"); if (d) { d.close(); } }
  live.openDialog = openDialog;
  live.closeDialog = closeDialog;

  var replayAt = 0;
  /* One step back (-1) or on (1) through the end screen's replay; 0 goes to its start. */
  function stepReplay(delta) {
    var steps = $$("[data-replay-step]");
    if (!steps.length) { return; }
    replayAt = delta === 0 ? 0 : Math.max(0, Math.min(steps.length - 1, replayAt + delta));
    steps.forEach(function (el, i) { el.hidden = i !== replayAt; });
    var pos = $("[data-replay-pos]");
    if (pos) { pos.textContent = (replayAt + 1) + " / " + steps.length; }
  }
  live.stepReplay = stepReplay;

  root.addEventListener("click", function (evt) {
    var go = evt.target.closest("[data-replay-go]");
    if (go) { stepReplay(parseInt(go.dataset.replayGo, 10)); return; }
    var action = evt.target.closest("[data-action]");
    if (!action) { return; }
    switch (action.dataset.action) {
      case "help": openDialog("help-dialog"); break;
      case "resign": openDialog("resign-dialog"); break;
      case "close-dialog": closeDialog(action); break;
    }
  });

  /* Whatever a game's form sends carries the ply the player is looking at (a preview asks
     about no ply: it changes nothing). */
  document.body.addEventListener("htmx:wsConfigSend", function (evt) {
    var params = evt.detail.parameters;
    if (params.kind !== "preview") { params.ply = ply(); }
  });

  readClocks();
  connection(false, "");
  stepReplay(0);
  // A rematch offer already there when the game-over screen opens: its Accept has the keyboard.
  var offered = $("#rematch [data-accept]");
  if (offered) { offered.focus({ preventScroll: true }); }
})();
